"""Deal sets that read the auction: "N opens 1NT", "S responds 2C to 1NT", "E overcalls".

The oracle for each deal is ``advise`` bidding the seats one at a time from the dealer (a
different code path from the vectorised constraint, which judges whole batches at once).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bridgelab as bl
from bridgelab.model.cards import Seat
from bridgelab.model.contract import PASS, Call
from bridgelab.model.errors import ConstraintError
from bridgelab.rules.auction import Auction
from bridgelab.system.advice import advise
from bridgelab.system.auctions import AuctionConstraint, auction_constraint, is_auction_phrase


def _bid(deal, dealer, n, system="sayc"):
    """The first ``n`` calls, each from ``advise`` for the seat to call."""
    a = Auction(dealer)
    while len(a) < n and not a.is_over:
        a.add(advise(deal[a.next_seat], a, system=system).call)
    return a


def _first_bid(a):
    return next(((s, c) for s, c in a.history if c.is_bid), (None, None))


def test_north_opens_1nt():
    for d in bl.deals(8, seed=1, where="N opens 1NT"):
        assert advise(d["N"]).call == Call.parse("1NT")


def test_responds_and_overcalls():
    for d in bl.deals(4, seed=2, where="S responds 2C to 1NT"):
        a = _bid(d, "N", 3)
        assert [c.to_ascii() for c in a.calls] == ["1NT", "Pass", "2C"]
    for d in bl.deals(4, seed=3, where="E overcalls"):
        a = _bid(d, "N", 8)
        seat, _ = _first_bid(a)
        first_e = next(c for s, c in a.history[a.history.index(_first_bid(a)) :] if s is Seat.E)
        assert seat in (Seat.N, Seat.S) and first_e.is_bid, str(a)
    for d in bl.deals(3, seed=4, where="E doubles"):
        a = _bid(d, "N", 8)
        seat, _ = _first_bid(a)
        first_e = next(c for s, c in a.history[a.history.index(_first_bid(a)) :] if s is Seat.E)
        assert seat in (Seat.N, Seat.S) and first_e.kind == "double", str(a)


def test_nobody_opens_before_north_and_the_dealer():
    for d in bl.deals(6, seed=5, where="dealer E; nobody opens before N; N opens 1S"):
        a = _bid(d, "E", 4)
        assert [c.to_ascii() for c in a.calls] == ["Pass", "Pass", "Pass", "1S"]


def test_auction_phrases_mix_with_the_compact_form():
    for d in bl.deals(4, seed=6, where="N opens 1NT; S: 8+"):
        assert advise(d["N"]).call == Call.parse("1NT") and d["S"].hcp >= 8


def test_acol_by_name():
    for d in bl.deals(4, seed=7, where="N opens 1NT", system="acol"):
        assert 12 <= d["N"].hcp <= 14


def test_the_constraint_object_is_a_function_of_a_batch():
    c = auction_constraint("N opens 1S")
    batch = bl.deal_batch(200, seed=8)
    mask = c(batch)
    assert mask.dtype == bool and mask.shape == (200,)
    assert list(mask) == [advise(batch[i]["N"]).call == Call.parse("1S") for i in range(200)]
    east = c.with_dealer("E")
    m2 = east(batch)
    for i in range(200):
        want = (
            advise(batch[i]["E"]).call == PASS
            and advise(batch[i]["S"], "P").call == PASS
            and advise(batch[i]["W"], "P P").call == PASS
            and advise(batch[i]["N"], "P P P").call == Call.parse("1S")
        )
        assert m2[i] == want


def test_phrases_are_checked():
    assert is_auction_phrase("N opens 1NT") and not is_auction_phrase("N: 15-17 balanced")
    with pytest.raises(ConstraintError, match="not a call"):
        AuctionConstraint("N opens 1Q")
    with pytest.raises(ConstraintError, match="nothing about the auction"):
        AuctionConstraint("dealer E")


def test_a_rotated_lesson_opens_from_north_on_every_board():
    lesson = bl.make_lesson("N opens 1NT", 16, seed=3, rotate="N")
    assert len(lesson) == 16 and lesson.title == "Lesson: N opens 1NT"
    dealers = set()
    for rec in lesson.boards:
        dealers.add(rec.dealer)
        a = _bid(rec.deal, rec.dealer, 4)
        seat, call = _first_bid(a)
        assert (seat, call) == (Seat.N, Call.parse("1NT")), (rec.board, str(a))
    assert dealers == set(Seat)  # the board numbers rotate the dealer
    assert "N opens 1NT" in lesson.to_pbn()


def test_the_teacher_widget_takes_phrases():
    pytest.importorskip("ipywidgets")
    from bridgelab.widgets.teacher import TeacherWidget

    w = TeacherWidget(where="N opens 1NT", boards=4, seed=2, rotate="N")
    w.deal_button.click()
    assert w.lesson is not None and len(w.lesson) == 4, w.status.value
    for rec in w.lesson.boards:
        assert _first_bid(_bid(rec.deal, rec.dealer, 4))[0] is Seat.N


def test_dealing_and_io_do_not_import_the_system():
    root = Path(bl.__file__).parent
    for layer in ("dealing", "io"):
        for path in (root / layer).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    assert "system" not in (node.module or ""), (path.name, node.module)


def test_the_command_line_takes_auction_phrases(capsys):
    from bridgelab.commands.main import main

    assert main(["deal", "-n", "3", "--seed", "4", "--where", "N opens 1NT"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    for line in lines:
        assert advise(bl.Deal.from_pbn(line)["N"]).call == Call.parse("1NT")
