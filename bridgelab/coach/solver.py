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
    played = [0, 0, 0, 0]
    for trick in play.tricks:
        for card in trick.cards:
            played[card.suit_index] |= card.mask
    rows = tuple(tuple(int(h) & ~played[i] for i, h in enumerate(play.deal.holdings[s])) for s in range(4))
    current = play.current_trick
    cards = tuple((c.suit_index, int(c.rank)) for c in current.cards) if current else ()
    return (rows, int(play.leader), cards, int(play.contract.strain))


class PositionSolver:
    """Card values by double dummy, cached by position (``maxsize`` positions, least recently
    used forgotten first). ``calls`` and ``hits`` count solver calls and cache hits; ``seconds``
    is the time spent in the solver."""

    def __init__(self, maxsize: int = 20_000):
        self.maxsize = maxsize
        self._cache: OrderedDict[tuple, dict[tuple[int, int], int]] = OrderedDict()
        self.calls = 0
        self.hits = 0
        self.seconds = 0.0
        self._memo: tuple | None = None  # (signature, last trick held alive, key, values)
        self._winners: dict[int, tuple] = {}
        self._rows: tuple | None = None  # (identity of the completed tricks, last trick, holdings)

    def _signature(self, play: Play) -> tuple:
        """Cheap identity of the position of ``play`` as last seen: the same Play object, the
        same last completed Trick object (kept alive in the memo, so its id is not reused) and
        the same cards in the current trick."""
        tricks = play.tricks
        last = tricks[-1] if tricks else None
        current = play.current_trick
        return (id(play), len(tricks), id(last), current.cards if current else ()), last

    def values(self, play: Play) -> dict[Card, int]:
        """{card: tricks the side to play takes from the current trick on} for each legal card."""
        return {Card(SUITS[s], Rank(r)): t for (s, r), t in self.raw(play).items()}

    def raw(self, play: Play) -> dict[tuple[int, int], int]:
        """Like ``values``, keyed by (suit index, rank 2-14): what the coach reads per card."""
        if play.is_over:
            return {}
        sig, last = self._signature(play)
        if self._memo is not None and self._memo[0] == sig:
            self.hits += 1
            return self._memo[3]
        key = self._key(play, last)
        found = self._cache.get(key)
        if found is not None:
            self.hits += 1
            self._cache.move_to_end(key)
            self._memo = (sig, last, key, found)
            return found
        holdings, leader, cards, strain = key
        t = time.perf_counter()
        raw = solve_position(holdings, Strain(strain), Seat(leader), cards)
        self.seconds += time.perf_counter() - t
        self.calls += 1
        out = {(s, r): tricks for s, r, tricks in raw}
        self._cache[key] = out
        if len(self._cache) > self.maxsize:
            self._cache.popitem(last=False)
        self._memo = (sig, last, key, out)
        return out

    def _key(self, play: Play, last) -> tuple:
        """``position_key(play)``, the holdings worked out once per trick (they change only when
        a trick is completed)."""
        rows_id = (id(play), len(play.tricks), id(last))
        if self._rows is not None and self._rows[0] == rows_id:
            rows = self._rows[2]
        else:
            rows = position_key(play)[0]
            self._rows = (rows_id, last, rows)
        current = play.current_trick
        cards = tuple((c.suit_index, int(c.rank)) for c in current.cards) if current else ()
        return (rows, int(play.leader), cards, int(play.contract.strain))

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
        self._memo = None
        self._rows = None
