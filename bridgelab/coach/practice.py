"""Deals to practise on: a seeded stream of deals, each with a contract North-South can make.

``practice_deal(seed)`` deals at random, turns the deal so that South holds North-South's
stronger hand, and gives North-South the contract double dummy says they make: the strain
where they take the most tricks (no trump first among equals, then the majors), at the level
those tricks reach (at least one, at most game: no slams for practice), declared by whichever
of North and South takes more.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..analysis.dd import solve_batch
from ..dealing.dealer import deal as _deal
from ..model.cards import Seat, Strain
from ..model.contract import Contract
from ..model.deal import Deal

__all__ = ["PracticeDeal", "practice_deal", "minibridge_deal", "Minibridge"]


@dataclass(frozen=True)
class PracticeDeal:
    """A deal to play, its contract (with declarer), the cards already played (usually none),
    and a note saying where it came from."""

    deal: Deal
    contract: Contract
    cards: tuple = ()
    note: str = ""


_PREFERENCE = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_GAME = {Strain.NT: 3, Strain.S: 4, Strain.H: 4, Strain.D: 5, Strain.C: 5}


def practice_deal(seed: int) -> PracticeDeal:
    """A random deal from ``seed`` with a contract North-South make double dummy."""
    d = _deal(seed=seed)
    hcp = d.hcp
    if hcp[Seat.E] + hcp[Seat.W] > hcp[Seat.N] + hcp[Seat.S]:
        d = d.rotated(1)
        hcp = d.hcp
    if hcp[Seat.N] > hcp[Seat.S]:
        d = d.rotated(2)
    table = solve_batch(np.asarray(d.holdings)[None])[0]
    best = None
    for strain in _PREFERENCE:
        for seat in (Seat.S, Seat.N):
            tricks = int(table[seat, int(strain)])
            if best is None or tricks > best[0]:
                best = (tricks, strain, seat)
    tricks, strain, seat = best
    level = min(_GAME[strain], max(1, tricks - 6))
    return PracticeDeal(
        d,
        Contract(level, strain, 0, seat),
        (),
        f"random deal, seed {seed}; {level}{strain.symbol} makes double dummy",
    )


@dataclass(frozen=True)
class Minibridge:
    """How minibridge chooses who plays what: the points of each hand and side, the declarer
    (the stronger hand of the stronger side), the fit, and the contract with the reason."""

    hcp: dict
    side_hcp: dict
    declarer: Seat
    fit: Strain | None
    fit_length: int
    contract: Contract


def minibridge(deal: Deal) -> Minibridge:
    """The minibridge contract of ``deal``: the side with more high-card points plays (North-South
    on a 20-20 tie), its stronger hand (South on a tie) declares; with 8 or more cards together
    in a suit (the longest, majors first) that suit is trumps, else no trump; with 25 or more
    points together a game (3NT, 4♥/4♠, 5♣/5♦), else the lowest contract (one of the strain)."""
    hcp = deal.hcp
    side = {"NS": hcp[Seat.N] + hcp[Seat.S], "EW": hcp[Seat.E] + hcp[Seat.W]}
    seats = (Seat.S, Seat.N) if side["NS"] >= side["EW"] else (Seat.W, Seat.E)
    declarer = seats[0] if hcp[seats[0]] >= hcp[seats[1]] else seats[1]
    best_len, fit = 0, None
    for suit in (Strain.S, Strain.H, Strain.D, Strain.C):
        n = sum(deal[s].shape[3 - int(suit)] for s in seats)
        if n > best_len:
            best_len, fit = n, suit
    strain = fit if best_len >= 8 else Strain.NT
    points = max(side.values())
    level = _GAME[strain] if points >= 25 else 1
    return Minibridge(
        hcp, side, declarer, fit if best_len >= 8 else None, best_len, Contract(level, strain, 0, declarer)
    )


def minibridge_deal(seed: int) -> PracticeDeal:
    """A random deal from ``seed``, turned so that North-South play it, with its minibridge
    contract (see ``minibridge``)."""
    d = _deal(seed=seed)
    hcp = d.hcp
    if hcp[Seat.E] + hcp[Seat.W] > hcp[Seat.N] + hcp[Seat.S]:
        d = d.rotated(1)
    m = minibridge(d)
    return PracticeDeal(d, m.contract, (), f"minibridge, seed {seed}")
