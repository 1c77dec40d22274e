"""Double-dummy values of the cards in a position of a play, solved once per position.

A position is the cards each hand holds at the start of the current trick, who led to it, the
cards already played to it and the trump suit. ``PositionSolver.values(play)`` asks DDS (through
``bridgelab.analysis.dd.solve_position``) the first time and remembers the answer, so the coach,
the expert robot, hints, claims and undo never solve the same position twice.
"""

from __future__ import annotations

import time
from collections import OrderedDict

from ..analysis.dd import solve_position
from ..model.cards import SUITS, Card, Rank, Seat, Side, Strain
from ..rules.play import Play

__all__ = ["PositionSolver", "position_key"]


def position_key(play: Play) -> tuple:
    """(holdings at the start of the current trick, leader, cards of the current trick, trump):
    everything the double-dummy value of the next card depends on."""
    rows = [[int(h) for h in play.deal.holdings[s]] for s in range(4)]
    for trick in play.tricks:
        for seat, card in trick:
            rows[seat][card.suit_index] &= ~card.mask
    current = play.current_trick
    cards = tuple((c.suit_index, int(c.rank)) for c in current.cards) if current else ()
    strain = play.contract.strain
    return (tuple(tuple(r) for r in rows), int(play.leader), cards, int(strain))


class PositionSolver:
    """Card values by double dummy, cached by position (``maxsize`` positions, least recently
    used forgotten first). ``calls`` and ``hits`` count solver calls and cache hits; ``seconds``
    is the time spent in the solver."""

    def __init__(self, maxsize: int = 20_000):
        self.maxsize = maxsize
        self._cache: OrderedDict[tuple, dict[Card, int]] = OrderedDict()
        self.calls = 0
        self.hits = 0
        self.seconds = 0.0

    def values(self, play: Play) -> dict[Card, int]:
        """{card: tricks the side to play takes from the current trick on} for each legal card."""
        if play.is_over:
            return {}
        key = position_key(play)
        found = self._cache.get(key)
        if found is not None:
            self.hits += 1
            self._cache.move_to_end(key)
            return found
        holdings, leader, cards, strain = key
        t = time.perf_counter()
        raw = solve_position(holdings, Strain(strain), Seat(leader), cards)
        self.seconds += time.perf_counter() - t
        self.calls += 1
        out = {Card(SUITS[s], Rank(r)): tricks for s, r, tricks in raw}
        self._cache[key] = out
        if len(self._cache) > self.maxsize:
            self._cache.popitem(last=False)
        return out

    def best(self, play: Play) -> int:
        """The most tricks the side to play can take from the current trick on."""
        return max(self.values(play).values())

    def side_total(self, play: Play, side: Side) -> int:
        """Tricks ``side`` ends with (those won so far and the rest by double dummy)."""
        won = play.tricks_won[side]
        if play.is_over:
            return won
        left = 13 - len(play.tricks)
        best = self.best(play)
        return won + (best if play.next_seat.side is side else left - best)

    def clear(self) -> None:
        self._cache.clear()
