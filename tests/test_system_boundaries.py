"""Every HCP range of the beginner SAYC tried on both sides of each end.

The ranges are the booklet's (ACBL SAYC System Booklet, 2006; the split where it lets two ranges
meet is that of sayc.toml). For each, hands of one shape are made with the HCP one below the
range, at both ends and one above, and the call expected there is written out: the neighbour's
call outside the range is part of the table, not the system's output. ``make_hand`` places
honours (A K Q J) in the suits in the order given, after any tens asked for, so the shape and the
suit quality stay the same while only the HCP move.
"""

from __future__ import annotations

import pytest

from bridgelab.model.contract import Call
from bridgelab.model.hand import Hand
from bridgelab.system import advise
from bridgelab.system.engine import get_system

SUITS = "SHDC"
HONOURS = (("A", 4), ("K", 3), ("Q", 2), ("J", 1))


def make_hand(shape: tuple[int, int, int, int], hcp: int, order: str = "SHDC", tens: str = "") -> Hand:
    """A hand of ``shape`` (spades, hearts, diamonds, clubs) with exactly ``hcp`` HCP."""
    cards = {s: [] for s in SUITS}
    for s in tens:
        cards[s].append("T")
    left = hcp
    for s in order:
        n = shape[SUITS.index(s)]
        for rank, value in HONOURS:
            room = n - len(cards[s])
            if room > 0 and value <= left:
                cards[s].append(rank)
                left -= value
    if left:
        raise ValueError(f"cannot place {hcp} HCP in shape {shape}")
    spots = iter("98765432")
    pool = {s: [r for r in "98765432"] for s in SUITS}
    out = []
    for s, n in zip(SUITS, shape):
        ranks = sorted(cards[s], key="AKQJT".index)
        while len(ranks) < n:
            ranks.append(pool[s].pop(0))
        out.append("".join(ranks))
    del spots
    hand = Hand.from_pbn(".".join(out))
    assert hand.hcp == hcp and tuple(hand.shape) == tuple(shape)
    return hand


# (system, auction, shape, honour order, tens, {HCP: call}, booklet section)
RANGES = [
    ("sayc", "", (4, 3, 3, 3), "SHDC", "", {14: "1C", 15: "1NT", 17: "1NT", 18: "1C"}, "GA: 1NT 15-17"),
    ("sayc", "", (4, 3, 3, 3), "SHDC", "", {19: "1C", 20: "2NT", 21: "2NT", 22: "2C"}, "GA: 2NT 20-21"),
    ("sayc", "", (4, 3, 3, 3), "SHDC", "", {24: "2C", 25: "3NT", 27: "3NT", 28: "2C"}, "GA: 3NT 25-27"),
    (
        "sayc",
        "",
        (5, 4, 3, 1),
        "SHDC",
        "",
        {11: "Pass", 12: "1S", 21: "1S", 22: "2C"},
        "GA: one of a suit 12-21",
    ),
    ("sayc", "", (2, 6, 3, 2), "HSDC", "H", {4: "Pass", 5: "2H", 11: "2H", 12: "1H"}, "W2: 5-11"),
    (
        "sayc",
        "",
        (1, 7, 3, 2),
        "HSDC",
        "H",
        {4: "Pass", 5: "3H", 10: "3H", 11: "Pass", 12: "1H"},
        "PRE: 5-10",
    ),
    ("sayc", "", (1, 8, 2, 2), "HSDC", "H", {4: "Pass", 5: "4H", 10: "4H", 12: "1H"}, "PRE: 5-10"),
    (
        "sayc",
        "1H P",
        (3, 3, 4, 3),
        "SHDC",
        "",
        {5: "Pass", 6: "2H", 9: "2H", 10: "3H", 12: "3H", 13: "2D"},
        "MAJ: raises 6-9 / 10-12",
    ),
    ("sayc", "1H P", (3, 4, 3, 3), "SHDC", "", {12: "3H", 13: "2NT", 18: "2NT"}, "MAJ: Jacoby 2NT 13+"),
    ("sayc", "1H P", (1, 5, 5, 2), "DHSC", "", {9: "4H", 10: "3H"}, "MAJ: preemptive raise under 10"),
    (
        "sayc",
        "1S P",
        (2, 3, 4, 4),
        "SHDC",
        "",
        {5: "Pass", 6: "1NT", 10: "1NT", 11: "2C"},
        "MAJ 4.3: 1NT 6-10, 2♣/2♦ 11 or more",
    ),
    ("sayc", "1S P", (2, 4, 4, 3), "SHDC", "", {14: "2D", 15: "3NT", 17: "3NT", 18: "2D"}, "MAJ: 3NT 15-17"),
    (
        "sayc",
        "1D P",
        (3, 3, 4, 3),
        "SHDC",
        "",
        {5: "Pass", 6: "2D", 9: "2D", 10: "3D", 12: "3D", 13: "2NT", 15: "2NT", 16: "3NT", 17: "3NT"},
        "MIN: raises 6-9 / 10-12, 2NT 13-15, 3NT 16-17",
    ),
    (
        "sayc",
        "1NT P",
        (3, 3, 4, 3),
        "SHDC",
        "",
        {7: "Pass", 8: "2NT", 9: "2NT", 10: "3NT", 15: "3NT", 16: "4NT", 17: "4NT", 18: "6NT"},
        "NT: 2NT 8-9, 3NT 10-15, 4NT 16-17, 6NT 18+",
    ),
    ("sayc", "1NT P", (4, 3, 3, 3), "SHDC", "", {7: "Pass", 8: "2C", 15: "2C", 16: "4NT"}, "NT: Stayman 8+"),
    (
        "sayc",
        "2NT P",
        (3, 3, 4, 3),
        "SHDC",
        "",
        {3: "Pass", 4: "3NT", 10: "3NT", 11: "4NT", 12: "4NT", 13: "6NT"},
        "2NT: 3NT 4-10, 4NT 11-12",
    ),
    ("sayc", "2C P", (3, 3, 4, 3), "SHDC", "", {7: "2D", 8: "2NT"}, "2C: 2NT positive 8+"),
    (
        "sayc",
        "2H P",
        (3, 3, 4, 3),
        "SHDC",
        "",
        {5: "Pass", 6: "3H", 14: "3H", 15: "2NT", 16: "4H"},
        "W2: raise to play, 2NT asks with 15+",
    ),
    (
        "sayc",
        "1C P 1H P",
        (3, 2, 3, 5),
        "SHDC",
        "",
        {12: "1NT", 14: "1NT", 15: "2C", 17: "2C", 18: "2NT", 19: "2NT", 20: "2C"},
        "MIN: 1NT 12-14, 2NT 18-19",
    ),
    (
        "sayc",
        "1S P 2S P",
        (5, 3, 3, 2),
        "SHDC",
        "",
        {15: "Pass", 16: "3S", 18: "3S", 19: "4S"},
        "MAJ: after a single raise",
    ),
    ("sayc", "1S P 3S P", (5, 3, 3, 2), "SHDC", "", {13: "Pass", 14: "4S"}, "MAJ: after the limit raise"),
    (
        "sayc",
        "1NT P 2NT P",
        (4, 3, 3, 3),
        "SHDC",
        "",
        {15: "Pass", 16: "3NT", 17: "3NT"},
        "NT: accept with 16-17",
    ),
    ("sayc", "1D", (5, 3, 1, 4), "SHCD", "S", {7: "Pass", 8: "1S", 16: "1S", 17: "X"}, "OC: 8-16"),
    ("sayc", "1D", (3, 3, 4, 3), "DSHC", "", {14: "Pass", 15: "1NT", 18: "1NT", 19: "X"}, "NTO: 15-18"),
    ("sayc", "1D 1S P", (3, 3, 4, 3), "SHDC", "", {5: "Pass", 6: "2S", 10: "2S", 11: "2D"}, "OC: raise 6-10"),
    ("sayc", "1C 1H", (4, 2, 4, 3), "SDHC", "", {5: "Pass", 6: "X"}, "DBL: negative double 6+"),
    # Acol (EBU Foundation Level System File)
    ("acol", "", (4, 3, 3, 3), "SHDC", "", {11: "Pass", 12: "1NT", 14: "1NT", 15: "1S"}, "1.1: 1NT 12-14"),
    ("acol", "", (4, 3, 3, 3), "SHDC", "", {19: "1S", 20: "2NT", 22: "2NT", 23: "2C"}, "1.3: 2NT 20-22"),
    (
        "acol",
        "",
        (2, 6, 3, 2),
        "HSDC",
        "H",
        {4: "Pass", 5: "2H", 9: "2H", 10: "Pass", 12: "1H"},
        "2.10.4: 5-9",
    ),
    (
        "acol",
        "1NT P",
        (3, 3, 4, 3),
        "SHDC",
        "",
        {10: "Pass", 11: "2NT", 12: "2NT", 13: "3NT", 18: "3NT", 19: "4NT", 20: "4NT", 21: "6NT"},
        "1.1: 0-10, 11-12, 13+",
    ),
    (
        "acol",
        "1H P",
        (3, 4, 3, 3),
        "SHDC",
        "",
        {5: "Pass", 6: "2H", 9: "2H", 10: "3H", 12: "3H", 13: "4H"},
        "2.2: raises with four",
    ),
    (
        "acol",
        "1S P",
        (2, 3, 4, 4),
        "SHDC",
        "",
        {5: "Pass", 6: "1NT", 8: "1NT", 9: "2C"},
        "2.3/2.4: 1NT 6-9, two-level 9+",
    ),
    ("acol", "1D P", (4, 3, 3, 3), "SHDC", "", {5: "Pass", 6: "1S"}, "2.3: one-level 6+"),
    (
        "acol",
        "1D P",
        (3, 3, 3, 4),
        "SHDC",
        "",
        {8: "1NT", 9: "2C", 10: "2C", 13: "2C"},
        "2.3: 2♣ 9+ with four clubs",
    ),
    (
        "acol",
        "1C P 1H P",
        (3, 2, 3, 5),
        "SHDC",
        "",
        {14: "2C", 15: "1NT", 16: "1NT", 17: "2NT", 18: "2NT", 19: "3NT", 20: "2C"},
        "1.2: 15-16 / 17-18 / 19",
    ),
]


def _cases():
    for system, auction, shape, order, tens, calls, section in RANGES:
        for hcp, call in calls.items():
            yield pytest.param(
                system,
                auction,
                shape,
                order,
                tens,
                hcp,
                call,
                section,
                id=f"{system}|{auction or '-'}|{shape}|{hcp}",
            )


@pytest.mark.parametrize("system,auction,shape,order,tens,hcp,call,section", list(_cases()))
def test_range_ends(system, auction, shape, order, tens, hcp, call, section):
    hand = make_hand(shape, hcp, order, tens)
    advice = advise(hand, auction or None, system=get_system(system))
    assert advice.call == Call.parse(call), f"{section}: {hand} ({hcp}) should be {call}\n{advice}"


def test_every_range_is_tried_on_both_sides():
    # each row has a call outside its range on at least one side and inside at both ends
    for row in RANGES:
        calls = list(row[5].values())
        assert len(set(calls)) >= 2, row
