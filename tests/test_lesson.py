"""Lesson sets, the lesson and handout commands, and the teacher's widget."""

from __future__ import annotations

import pytest

from bridgelab import BridgeError, IllegalCall, Seat, board, pbn
from bridgelab.commands.main import main
from bridgelab.io.lesson import Lesson, lesson_seat, make_lesson
from bridgelab.model.contract import Contract

ONE_NT = "N: 15-17 balanced"


def opens_1nt(hand) -> bool:
    return 15 <= hand.hcp <= 17 and hand.balanced


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return make_lesson(ONE_NT, 16, seed=7, rotate="S", title="Opening 1NT")


def test_boards_are_numbered_with_the_cycle(lesson):
    assert len(lesson) == 16
    assert [r.board for r in lesson] == list(range(1, 17))
    for r in lesson:
        assert (r.dealer, r.vulnerable) == (board(r.board).dealer, board(r.board).vulnerable)
    assert lesson.boards[0].tags["Event"] == "Opening 1NT"


def test_the_lesson_hand_is_turned_to_south(lesson):
    assert all(opens_1nt(r.deal["S"]) for r in lesson)
    # the same seed without turning: North holds what South holds above, partners stay partners
    plain = make_lesson(ONE_NT, 16, seed=7)
    for a, b in zip(plain, lesson):
        assert a.deal["N"] == b.deal["S"] and a.deal["S"] == b.deal["N"]
        assert a.deal["E"] == b.deal["W"] and (a.dealer, a.vulnerable) == (b.dealer, b.vulnerable)
    west = make_lesson(ONE_NT, 4, seed=7, rotate="W")
    assert [r.deal["W"] for r in west] == [r.deal["N"] for r in plain.boards[:4]]
    assert [r.deal["N"] for r in west] == [r.deal["E"] for r in plain.boards[:4]]


def test_seed_repeats_and_varies():
    a = make_lesson(ONE_NT, 4, seed=11)
    assert [r.deal for r in a] == [r.deal for r in make_lesson(ONE_NT, 4, seed=11)]
    assert [r.deal for r in a] != [r.deal for r in make_lesson(ONE_NT, 4, seed=12)]


def test_one_constraint_per_board():
    wheres = ["N: 20-21 balanced", "S: 6+H, 5-10", "E: 0-5", "W: 4441"]
    les = make_lesson(wheres, seed=3, first_board=5)
    assert [r.board for r in les] == [5, 6, 7, 8]
    r5, r6, r7, r8 = les
    assert 20 <= r5.deal["N"].hcp <= 21 and r5.deal["N"].balanced
    assert r6.deal["S"].length("H") >= 6 and 5 <= r6.deal["S"].hcp <= 10
    assert r7.deal["E"].hcp <= 5
    assert r8.deal["W"].pattern == "4-4-4-1"
    turned = make_lesson(wheres, seed=3, rotate="S")
    assert turned.boards[0].deal["S"] == r5.deal["N"]  # North's hand to South
    assert turned.boards[1].deal["S"] == r6.deal["S"]  # already South
    assert turned.boards[3].deal["S"] == r8.deal["W"]  # West's hand to South
    with pytest.raises(BridgeError, match="3 constraints for 2 boards"):
        make_lesson(wheres[:3], 2, seed=1)


def test_the_seat_a_lesson_is_about():
    assert lesson_seat("N: 15-17 balanced") is Seat.N
    assert lesson_seat("15-17 balanced") is Seat.N
    assert lesson_seat("W: 4441") is Seat.W
    assert lesson_seat("S 5+S; N 12-14") is Seat.S
    assert lesson_seat("hcp(east) >= 15 && hcp(west) < 5") is Seat.E
    assert lesson_seat(lambda batch: batch) is Seat.N


def test_notes_auction_and_contract():
    les = make_lesson(ONE_NT, 3, seed=5, rotate="S", notes=["Open 1NT.", None, "Count your points."])
    assert les[1].notes == ("Open 1NT.",) and les[2].notes == () and les[3].notes[0].startswith("Count")
    r = les.annotate(1, auction="P P 1NT P 3NT P P P")  # board 1: North deals
    assert r.contract == Contract.parse("3NT by S") and len(r.auction) == 8
    assert les[1].notes == ("Open 1NT.",)  # kept
    r = les.annotate(2, note="East deals.", auction="P 1NT P P P", contract="1NT by S")
    assert r.contract.declarer is Seat.S and r.notes == ("East deals.",)
    with pytest.raises(BridgeError, match="reaches 1NT by S, not 2NT"):
        les.annotate(2, auction="P 1NT P P P", contract="2NT")
    with pytest.raises(IllegalCall):
        les.annotate(3, auction="1NT 1S")
    r = les.annotate(3, contract="4S by S")
    assert r.contract == Contract.parse("4S by S") and r.auction == ()
    with pytest.raises(BridgeError, match="no board 9"):
        les.annotate(9, note="x")
    with pytest.raises(BridgeError, match="list of 3"):
        make_lesson(ONE_NT, 3, seed=5, notes=["a", "b"])
    # everything survives a PBN file
    assert pbn.loads(les.to_pbn()) == les.boards


def test_bad_counts_are_refused():
    with pytest.raises(BridgeError, match="whole number"):
        make_lesson(ONE_NT, 0, seed=1)
    with pytest.raises(BridgeError, match="board number"):
        make_lesson(ONE_NT, 2, seed=1, first_board=0)


def test_pbn_file_of_a_lesson(lesson, tmp_path):
    path = lesson.save_pbn(tmp_path / "l.pbn")
    raw = open(path, "rb").read()
    assert raw.startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
    assert b"%bridgelab lesson where='N: 15-17 balanced' seed=7 about=N rotate=S" in raw
    assert pbn.load(path) == lesson.boards
    back = Lesson.from_pbn(path)
    assert back.title == "Opening 1NT" and back.boards == lesson.boards


def test_double_dummy_tables():
    pytest.importorskip("bridgelab.analysis.dd")
    from pathlib import Path

    src = Path(__file__).parent / "data" / "bbo_export.pbn"  # tables made by the DDS solver
    known = pbn.load(src)
    les = Lesson.from_pbn(src)
    for r in les:
        r.dd = None
    les.add_dd()
    assert [r.dd for r in les] == [r.dd for r in known]
    assert pbn.loads(les.to_pbn()) == les.boards


# ---- the commands ------------------------------------------------------------------------------


def test_lesson_command(tmp_path, capsys):
    p, h = tmp_path / "lesson.pbn", tmp_path / "lesson.html"
    code = main(
        [
            "lesson",
            "--where",
            ONE_NT,
            "-n",
            "16",
            "--seed",
            "7",
            "--rotate",
            "S",
            "--pbn",
            str(p),
            "--html",
            str(h),
        ]
    )
    assert code == 0
    assert "wrote" in capsys.readouterr().out
    recs = pbn.load(p)
    assert len(recs) == 16 and all(opens_1nt(r.deal["S"]) for r in recs)
    assert [r.deal for r in recs] == [r.deal for r in make_lesson(ONE_NT, 16, seed=7, rotate="S")]
    page = h.read_text(encoding="utf-8")
    assert page.count('class="board"') == 16 and page.count('class="page blh"') == 4


def test_lesson_command_prints_pbn_and_reports_errors(capsys):
    assert main(["lesson", "-w", "N 20-21 balanced", "-n", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert pbn.loads(out)[1].board == 2
    assert main(["lesson", "-w", "N: 15-17 bananas", "-n", "2"]) == 2
    assert "bridgelab lesson:" in capsys.readouterr().err


def test_handout_command(tmp_path, capsys):
    src = tmp_path / "in.pbn"
    make_lesson(ONE_NT, 6, seed=4, title="Six boards").save_pbn(src)
    out = tmp_path / "out.html"
    assert main(["handout", str(src), "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<title>Six boards</title>" in page and page.count('class="board"') == 6
    assert main(["handout", str(tmp_path / "missing.pbn")]) == 2
    assert "missing.pbn: no such file" in capsys.readouterr().err


def test_handout_command_refuses_a_broken_file(tmp_path, capsys):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ"]\n')
    assert main(["handout", str(bad)]) == 2
    assert "line 2" in capsys.readouterr().err


# ---- the teacher's widget ------------------------------------------------------------------------


def test_teacher_widget(tmp_path):
    pytest.importorskip("ipywidgets")
    from bridgelab.widgets.teacher import TeacherWidget

    w = TeacherWidget(folder=str(tmp_path))
    w.where.value = "N: 20-21 balanced"
    w.boards.value = 4
    w.seed.value = 9
    w.rotate.value = "S"
    w.title.value = "Strong hands"
    w.deal_button.click()
    assert w.lesson is not None and len(w.lesson) == 4
    assert all(20 <= r.deal["S"].hcp <= 21 for r in w.lesson)
    assert w.preview.value.count('class="board"') == 4 and "Strong hands" in w.preview.value
    assert "4 boards dealt" in w.status.value
    same = make_lesson("N: 20-21 balanced", 4, seed=9, rotate="S")
    assert [r.deal for r in w.lesson] == [r.deal for r in same]

    w.pbn_button.click()
    w.html_button.click()
    assert w.saved == [str(tmp_path / "lesson.pbn"), str(tmp_path / "lesson.html")]
    assert [r.deal for r in pbn.load(tmp_path / "lesson.pbn")] == [r.deal for r in same]
    assert "Saved 4 boards" in w.status.value

    w.where.value = "N: 15-17 bananas"
    w.deal_button.click()
    assert w.lesson is None and w.preview.value == ""
    assert "bananas" in w.status.value or "not" in w.status.value
    w.html_path.value = str(tmp_path / "no-such-dir" / "x.html")
    w.where.value = ONE_NT
    w.html_button.click()  # deals first, then cannot write
    assert w.lesson is not None and "could not write" in w.status.value
