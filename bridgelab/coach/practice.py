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

__all__ = ["PracticeDeal", "practice_deal"]


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
    return PracticeDeal(d, Contract(level, strain, 0, seat), (),
                        f"random deal, seed {seed}; {level}{strain.symbol} makes double dummy")
