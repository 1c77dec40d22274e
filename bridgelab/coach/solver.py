"""Double-dummy values of the cards in a position of a play, solved once per position.

A position is the cards each hand still holds, who led to the current trick, the cards already
played to it and the trump suit. ``PositionSolver.values(play)`` asks DDS (through
``bridgelab.analysis.dd.card_values``) the first time and remembers the answer, so the coach,
the expert robot, hints, claims and undo never solve the same position twice. The per-card path
is kept lean, because the coach must cost almost nothing beside the solver itself: the key is
read from ``Play.position`` (plain ints and tuples, no Trick objects) and the position goes to
DDS as its binary struct, filled in place.
"""

from __future__ import annotations

import time

from ..analysis.dd import card_values
from ..model.cards import SUITS, Card, Rank, Side
from ..rules.play import Play

__all__ = ["PositionSolver", "position_key"]


def position_key(play: Play) -> tuple:
    """(holdings still held, leader, cards of the current trick as (suit index, rank), strain as
    an int): everything the double-dummy value of the next card depends on."""
    rows, leader, current = play.position
    return (rows, int(leader), tuple([(3 - c.suit, c.rank) for c in current]), int(play.contract.strain))


class PositionSolver:
    """Card values by double dummy, cached by position (``maxsize`` positions, the oldest
    forgotten first). ``calls`` and ``hits`` count solver calls and cache hits; ``seconds``
    is the time spent in the solver."""

    def __init__(self, maxsize: int = 20_000):
        self.maxsize = maxsize
        self._cache: dict[tuple, dict[tuple[int, int], int]] = {}
        self.calls = 0
        self.hits = 0
        self.seconds = 0.0
        self._winners: dict[int, tuple] = {}

    def values(self, play: Play) -> dict[Card, int]:
        """{card: tricks the side to play takes from the current trick on} for each legal card."""
        return {Card(SUITS[s], Rank(r)): t for (s, r), t in self.raw(play).items()}

    def raw(self, play: Play) -> dict[tuple[int, int], int]:
        """Like ``values``, keyed by (suit index, rank 2-14): what the coach reads per card."""
        if play.is_over:
            return {}
        key = position_key(play)
        found = self._cache.get(key)
        if found is not None:
            self.hits += 1
            return found
        rows, leader, cards, strain = key
        t = time.perf_counter()
        out = card_values(rows, strain, leader, cards)
        self.seconds += time.perf_counter() - t
        self.calls += 1
        cache = self._cache
        cache[key] = out
        if len(cache) > self.maxsize:  # dicts keep insertion order: forget the oldest
            del cache[next(iter(cache))]
        return out

    def won(self, play: Play, side: Side) -> int:
        """Completed tricks ``side`` has won in ``play`` (each trick's winner worked out once)."""
        n = 0
        for trick in play.tricks:
            found = self._winners.get(id(trick))
            if found is None or found[0] is not trick:
                if len(self._winners) > 4096:
                    self._winners.clear()
                found = self._winners[id(trick)] = (trick, trick.winner.side)
            n += found[1] is side
        return n

    def best(self, play: Play) -> int:
        """The most tricks the side to play can take from the current trick on."""
        return max(self.raw(play).values())

    def side_total(self, play: Play, side: Side) -> int:
        """Tricks ``side`` ends with (those won so far and the rest by double dummy)."""
        won = self.won(play, side)
        if play.is_over:
            return won
        left = 13 - len(play.tricks)
        best = max(self.raw(play).values())
        return won + (best if play.next_seat.side is side else left - best)

    def clear(self) -> None:
        self._cache.clear()
