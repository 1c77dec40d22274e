"""PBN and LIN files: reading what other programs write, writing what they read, refusing
broken files with the line and the reason."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from bridgelab import Deal, PBNError, PBNWarning, Seat, Vulnerability, board, pbn
from bridgelab.io.pbn import DealRecord
from bridgelab.model.contract import Call, Contract

DATA = Path(__file__).parent / "data"
DEALER = "/usr/games/dealer"


def random_deals(n: int, seed: int) -> list[Deal]:
    """Deals made here with numpy alone, so these tests do not lean on bridgelab.dealing.dealer."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        h = np.zeros((4, 4), dtype=np.uint16)
        for i, c in enumerate(rng.permutation(52)):
            suit, pos = divmod(int(c), 13)
            h[i // 13, suit] |= 1 << (12 - pos)
        out.append(Deal.from_holdings(h))
    return out


def oneline_deals(path: Path) -> list[Deal]:
    """Read dealer's ``printoneline`` output ("n AKQ.. e .. s .. w ..") without bridgelab.io.pbn."""
    deals = []
    for line in path.read_text().splitlines():
        words = line.split()
        if len(words) == 8 and words[0] == "n":
            deals.append(Deal(dict(zip("NESW", words[1::2]))))
    return deals


# ---- Debian's dealer --------------------------------------------------------------------------


def test_reads_the_committed_dealer_file():
    records = pbn.load(DATA / "dealer_printpbn.pbn")
    expected = oneline_deals(DATA / "dealer_printoneline.txt")
    assert len(expected) == 8
    assert [r.deal for r in records] == expected
    assert [r.board for r in records] == list(range(1, 9))
    # dealer's input said "dealer north" and "vulnerable ew" for every board, not the cycle
    assert {r.dealer for r in records} == {Seat.N}
    assert {r.vulnerable for r in records} == {Vulnerability.EW}
    assert all(r.contract is None and r.result is None for r in records)
    assert records[0].tags["Site"] == "-"
    # the 1NT opener the dealer input asked for
    assert all(15 <= r.deal["N"].hcp <= 17 and r.deal["N"].balanced for r in records)
    # a void as dealer writes it (nothing between the dots) is read
    assert any(0 in r.deal[s].shape for r in records for s in "NESW")


@pytest.mark.skipif(not os.path.exists(DEALER), reason="Debian's dealer is not installed")
@pytest.mark.parametrize("seed", [3, 2024])
def test_reads_a_file_dealer_writes_now(tmp_path, seed):
    script = (DATA / "dealer_1nt.dl").read_text()
    (tmp_path / "pbn.dl").write_text(script.replace("produce 8", "produce 6"))
    (tmp_path / "one.dl").write_text(
        script.replace("produce 8", "produce 6").replace("printpbn", "printoneline")
    )
    run = lambda name: (
        subprocess.run(
            [DEALER, "-s", str(seed), name],
            cwd=tmp_path,  # noqa: E731
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    (tmp_path / "out.pbn").write_text(run("pbn.dl"))
    (tmp_path / "out.txt").write_text(run("one.dl"))
    records = pbn.load(tmp_path / "out.pbn")
    expected = oneline_deals(tmp_path / "out.txt")
    assert len(expected) == 6
    assert [r.deal for r in records] == expected


def test_dealer_statistics_are_not_taken_for_boards():
    # what dealer prints after the boards on stdout in verbose runs (as with -p 6)
    stats = "Generated 72 hands\nProduced 8 hands\nInitial random seed 42\nTime needed    0.001 sec\n"
    text = (DATA / "dealer_printpbn.pbn").read_text() + stats
    assert pbn.loads(text) == pbn.load(DATA / "dealer_printpbn.pbn")
    with pytest.raises(PBNError, match="outside any tag"):
        pbn.loads(text + "Produced many hands\n", strict=True)
    with pytest.warns(PBNWarning, match="outside any tag"):
        assert pbn.loads(text + "Produced many hands\n") == pbn.load(DATA / "dealer_printpbn.pbn")


# ---- endplay, a real peer ----------------------------------------------------------------------


def lesson_like_records() -> list[DealRecord]:
    recs = [
        DealRecord.from_board(d, k + 1, tags={"Event": "Interop"})
        for k, d in enumerate(random_deals(16, seed=99))
    ]
    # board 5: dealer North; a full auction with an alert
    recs[4].auction = tuple(Call.parse(c) for c in "1NT Pass 2C Pass 2S Pass 4S Pass Pass Pass".split())
    recs[4].alerts = {2: "Stayman"}
    recs[4].contract = Contract.parse("4S by N")
    recs[4].result = 10
    recs[4].notes = ("Stayman finds the 4-4 ♠ fit.",)
    return recs


def test_endplay_reads_what_bridgelab_writes(tmp_path):
    ep = pytest.importorskip("endplay.parsers.pbn")
    from endplay.types import Player, Vul

    recs = lesson_like_records()
    path = tmp_path / "lesson.pbn"
    pbn.dump(recs, path)
    with open(path, encoding="utf-8", newline="") as fh:
        boards = ep.load(fh)
    assert len(boards) == 16
    vul = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both,
    }
    for rec, b in zip(recs, boards):
        assert b.board_num == rec.board
        assert Deal.from_pbn(b.deal.to_pbn()) == rec.deal
        assert b.dealer == Player.find(rec.dealer.name)
        assert b.vul == vul[rec.vulnerable]
        assert (rec.dealer, rec.vulnerable) == (board(rec.board).dealer, board(rec.board).vulnerable)
    b5 = boards[4]
    assert b5.contract.level == 4 and b5.contract.declarer == Player.north
    assert len(b5.auction) == 10 and b5.auction[2].announcement == "Stayman"


def test_export_format_layout():
    text = pbn.dumps(lesson_like_records()[:5])
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert "\n" not in text.replace("\r\n", "")  # CRLF line ends only
    first_game = text.split("\r\n\r\n")[0].split("\r\n")
    names = [m.group(1) for line in first_game if (m := re.match(r"\[(\w+) ", line))]
    assert names[:15] == list(pbn.MANDATORY_TAGS)
    assert all(len(line) < 80 for line in text.split("\r\n"))
    game5 = text.split("\r\n\r\n")[4].split("\r\n")
    k = game5.index('[Auction "N"]')
    assert game5[k + 1 : k + 4] == ["1NT Pass 2C =1= Pass", "2S Pass 4S Pass", "Pass Pass"]
    assert game5[k + 4] == '[Note "1:Stayman"]'
    assert '[Deal "N:' in text and '[Contract "4S"]' in text and '[Declarer "N"]' in text


# ---- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source", ["lesson", "dealer_printpbn.pbn", "import_format.pbn", "bbo_export.pbn", "sample.lin"]
)
def test_round_trip_changes_nothing(source):
    if source == "lesson":
        recs = lesson_like_records()
    else:
        recs = pbn.read_deals(DATA / source)
    text = pbn.dumps(recs)
    again = pbn.loads(text)
    assert again == recs
    assert pbn.dumps(again) == text


def test_bytes_bom_crlf_cr_and_latin1_read_the_same():
    raw = (DATA / "import_format.pbn").read_bytes()
    base = pbn.loads(raw)
    crlf = raw.replace(b"\n", b"\r\n")
    assert pbn.loads(b"\xef\xbb\xbf" + crlf) == base
    assert pbn.loads(raw.replace(b"\n", b"\r")) == base
    assert pbn.loads(("\ufeff" + crlf.decode()).encode("utf-8")) == base
    latin = raw.replace(b"Smith, J.", "Sm\u00f6th, J.".encode("latin-1"))
    assert pbn.loads(latin)[1].tags["West"] == "Sm\u00f6th, J."


# ---- the import format, feature by feature ------------------------------------------------------


def test_import_format_file():
    r1, r2, r3 = pbn.load(DATA / "import_format.pbn")
    design = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
    # board 1: deal given from West, tags on one line, comments, "##" header values
    assert r1.deal == design and r1.board == 1 and r1.dealer is Seat.N
    assert r1.vulnerable is Vulnerability.NONE
    assert r1.tags["Event"] == "Club night" and r1.tags["Site"] == "Tallinn EST"
    assert r1.tags["Room"] == "Open" and r1.tags["Scoring"] == "IMP"
    # auction from a West column with "-", a suffix, a note and a NAG
    assert [c.to_ascii() for c in r1.auction] == ["1NT", "X", "2C", "Pass", "Pass", "Pass"]
    assert r1.alerts == {2: "escape to ♣"}
    assert r1.contract == Contract.parse("2C by S") and r1.result == 6  # "NS 6"
    assert r1.sections["Play"] == ("W", ("D5 DA D2 D7", "*"))
    assert len(r1.notes) == 1 and r1.notes[0].startswith("South runs from 1NT doubled to 2♣.")
    assert "does not end the game" in r1.notes[0]
    # board 2: "#" inherits, "?" is unknown, "Love", lower-case ranks, "-" for a void, AP
    assert r2.tags["Event"] == "Club night" and r2.tags["Date"] == "2026.11.27"
    assert r2.tags["Site"] == "?"
    assert r2.vulnerable is Vulnerability.NONE and r2.dealer is Seat.E
    assert r2.deal["E"].to_pbn() == "QJT9.AKQ.AK5.KQJ" and r2.deal["N"].shape == (3, 0, 7, 3)
    assert r2.deal["W"].shape == (4, 6, 0, 3)
    assert r2.passed_out and r2.contract is None and len(r2.auction) == 4
    # board 3: no Dealer/Vulnerable tags (the board number gives them), East as "-"
    assert r3.dealer is Seat.S and r3.vulnerable is Vulnerability.EW
    assert r3.deal == design  # East's hand worked out from the other three
    assert r3.tags["Event"] == "Club night" and "Date" not in r3.tags  # "##" lasts, "#" not
    assert r3.contract is None and r3.result is None
    assert r3.dd[Seat.N][4] == 9 and r3.dd[Seat.S][3] == 10 and r3.dd[Seat.W][0] == 5


def test_bbo_style_export():
    recs = pbn.load(DATA / "bbo_export.pbn")
    assert [r.board for r in recs] == [1, 2]
    r = recs[0]
    # DoubleDummyTricks: declarers N S E W by strains NT S H D C, in hex
    assert r.dd[Seat.N][4] == 6 and r.dd[Seat.N][3] == 8 and r.dd[Seat.E][1] == 8
    assert r.tags["OptimumScore"] == "EW 1N; +90"
    assert r.dd_table().loc["N", "S"] == 8
    assert recs[1].dealer is Seat.E and recs[1].vulnerable is Vulnerability.NS
    assert recs[1].dd[Seat.N][1] == 10  # "a" in hex
    # the table repeats the tag, and is kept as it was written
    assert recs[1].sections["OptimumResultTable"][0] == "Declarer;Denomination\\2R;Result\\2R"
    assert pbn.dumps(recs).count("Denomination\\2R") == 1


def test_double_dummy_agrees_with_the_solver():
    dd = pytest.importorskip("bridgelab.analysis.dd")
    for rec in pbn.load(DATA / "bbo_export.pbn"):
        assert np.array_equal(dd.dd_table(rec.deal).to_numpy(), np.array(rec.dd))


# ---- broken files are refused: line and reason --------------------------------------------------

GOOD = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"]\n'
)

BROKEN = [
    ('[Event "x]\n' + GOOD, 1, "not closed"),
    ('[Event "x"\n[Board "2"]\n', 2, "not closed with ']'"),
    ('[ "x"]\n', 1, "tag name"),
    ("[Event]\n", 1, "has no value"),
    (GOOD + "hello there\n", 5, "outside any tag"),
    (GOOD + "{a comment that never ends\n\n", 5, "never closed"),
    (GOOD.replace("T52 J98", "T52 A98"), 4, "♠A is in North and East"),
    (GOOD.replace('J86"', 'J8"'), 4, "West has 12 cards"),
    (GOOD.replace("N:AKQ2", "X:AKQ2"), 4, "must start with a seat"),
    (GOOD.replace('J86"', 'J86 AKQ"'), 4, "has 5 hands"),
    (GOOD.replace("A93.T52 J98", "A93.TX2 J98"), 4, "not a rank"),
    ('[Board "1"]\n[Deal "N:AKQ2.KJ4.A93.T52 - - 43.865.T8654.J86"]\n', 2, "East and South"),
    (GOOD.replace('Dealer "N"', 'Dealer "Q"'), 2, "not a seat"),
    (GOOD.replace('"None"', '"Maybe"'), 3, "not a vulnerability"),
    (GOOD.replace('Board "1"', 'Board "x"'), 1, "not a board number"),
    (GOOD.replace('Board "1"', 'Board "0"'), 1, "not a board number"),
    (GOOD + '[Auction "N"]\n1NT Pass 2Z\n', 6, "'2Z' in the auction is not a call"),
    (GOOD + '[Auction "N"]\n1NT 1S\n', 6, "not legal"),
    (GOOD + '[Auction "N"]\nPass Pass Pass Pass\n1S\n', 7, "not legal"),
    (GOOD + '[Auction "N"]\n1NT =1= AP\n', 5, "no [Note"),
    (GOOD + '[Auction "E"]\n1NT AP\n', 5, "the dealer is North"),
    (
        GOOD + '[Contract "4S"]\n[Declarer "N"]\n[Auction "N"]\n1NT AP\n',
        5,
        "not the contract the auction reaches",
    ),
    (GOOD + '[Contract "4Z"]\n', 5, "not a contract"),
    (GOOD + '[Contract "4S"]\n[Declarer "N"]\n[Result "15"]\n', 7, "0 to 13"),
    (GOOD + '[Contract "4S"]\n[Declarer "N"]\n[Result "many"]\n', 7, "not a number of tricks"),
    (GOOD + GOOD, 5, "second Board"),
    (GOOD + '\n[Board "2"]\n[Dealer "#"]\n', 7, "may not inherit"),
    (GOOD + '\n[Board "2"]\n[Dealer "E"]\n', 6, "no Deal tag"),
    (GOOD + '[DoubleDummyTricks "123"]\n', 5, "20 hex digits"),
]


@pytest.mark.parametrize("text,line,reason", BROKEN)
def test_broken_files_are_refused_with_line_and_reason(text, line, reason):
    with pytest.raises(PBNError) as info:
        pbn.loads(text, source="class.pbn", strict=True)
    message = str(info.value)
    assert reason in message
    assert message.startswith(f"class.pbn, line {line}: ")
    assert info.value.line == line


def test_nothing_is_half_read():
    good_two = GOOD + "\n" + GOOD.replace('Board "1"', 'Board "2"')
    assert len(pbn.loads(good_two)) == 2
    with pytest.raises(PBNError, match="line 14: Deal"):
        pbn.loads(good_two + "\n" + GOOD.replace('J86"', 'J8"'), strict=True)


def test_a_note_outside_the_auction_is_kept_as_a_note():
    (rec,) = pbn.loads(GOOD + '[Note "1:Lead the \\S ace"]\n{and a comment}\n')
    assert rec.notes == ("and a comment", "Lead the ♠ ace")


def test_header_of_double_hash_tags_is_not_a_board():
    text = '[Event "##Class"]\n[Site "##Club"]\n\n' + GOOD
    (rec,) = pbn.loads(text)
    assert rec.tags["Event"] == "Class" and rec.tags["Site"] == "Club"


# ---- LIN (BBO) ------------------------------------------------------------------------------------


def test_reads_lin():
    r1, r2 = pbn.load_lin(DATA / "sample.lin")
    assert r1.deal == Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
    assert (r1.board, r1.dealer, r1.vulnerable) == (1, Seat.N, Vulnerability.NONE)
    assert r1.alerts == {0: "15-17 ♥ and ♠ both fine"}
    assert r1.contract == Contract.parse("1NT by N")
    assert r1.tags == {"South": "Ann", "West": "Bob", "North": "Cid", "East": "Dan"}
    assert (r2.board, r2.dealer, r2.vulnerable) == (2, Seat.E, Vulnerability.NS)
    assert r2.deal["N"].shape == (3, 0, 7, 3) and r2.deal["W"].shape == (4, 6, 0, 3)
    assert r2.contract == Contract(7, Contract.parse("7NT").strain, 2, Seat.E)


def test_lin_agrees_with_endplay():
    lin = pytest.importorskip("endplay.parsers.lin")
    from endplay.types import Board as EPBoard
    from endplay.types import Deal as EPDeal
    from endplay.types import Player, Vul

    with open(DATA / "sample.lin") as fh:
        theirs = lin.load(fh)
    # board 1 (endplay misreads the voids of board 2's md, so only board 1 is compared)
    assert Deal.from_pbn(theirs[0].deal.to_pbn()) == pbn.load_lin(DATA / "sample.lin")[0].deal
    # a LIN file endplay writes reads here with the same deals, dealers and vulnerability
    deals = random_deals(4, seed=7)
    boards = [
        EPBoard(
            EPDeal(d.to_pbn()),
            board_num=k + 1,
            dealer=Player.find("NESW"[k]),
            vul=[Vul.none, Vul.ns, Vul.ew, Vul.both][k],
        )
        for k, d in enumerate(deals)
    ]
    mine = pbn.loads_lin(lin.dumps(boards))
    assert [r.deal for r in mine] == deals
    assert [r.dealer for r in mine] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert [r.vulnerable for r in mine] == [board(k).vulnerable for k in (1, 2, 3, 4)]


@pytest.mark.parametrize(
    "text,line,reason",
    [
        ("pn|a,b,c,d|st||\nmd|9SAKQ,,,|\n", 2, "must start with the dealer"),
        ("md|1SAKQ2HKJ4DA93CT52,,,|", 1, "fewer than three hands"),
        ("md|1ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|sv|q|", 1, "not a vulnerability"),
        ("md|1ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|mb|1N|mb|1S|", 1, "not legal"),
        ("pn|a,b,c,d|st||", 1, "no board found"),
    ],
)
def test_broken_lin_is_refused(text, line, reason):
    with pytest.raises(PBNError) as info:
        pbn.loads_lin(text, strict=True)
    assert reason in str(info.value) and info.value.line == line
