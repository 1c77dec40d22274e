"""Hand evaluation as suit-holding tables.

Every evaluator here is a property of one suit holding (a 13-bit integer, bit 12 = ace), so it
is a numpy table of 8,192 entries built once. Evaluating a hand is four look-ups and a sum;
evaluating a batch of deals of shape (n, 4, 4) is the same look-up on the whole array. Hand,
Deal and DealBatch all evaluate through ``EVALUATORS``, so a point count registered with
``register_point_count`` works wherever the built-ins do.

Hand-level shape features (pattern, balanced, semi-balanced) are functions of the four suit
lengths and are vectorised over the last axis in the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

from .cards import Rank
from .errors import BridgeError

__all__ = [
    "NHOLDINGS",
    "Evaluator",
    "EVALUATORS",
    "register_point_count",
    "register_evaluator",
    "evaluator",
    "evaluate",
    "LENGTH",
    "shape_of",
    "pattern_of",
    "is_balanced",
    "is_semi_balanced",
    "BALANCED_PATTERNS",
    "SEMI_BALANCED_PATTERNS",
]

NHOLDINGS = 1 << 13
_ALL = np.arange(NHOLDINGS, dtype=np.int64)

A, K, Q, J, T = (1 << 12), (1 << 11), (1 << 10), (1 << 9), (1 << 8)


def _popcount(x: np.ndarray) -> np.ndarray:
    return np.array([bin(int(v)).count("1") for v in x], dtype=np.int8)


LENGTH = _popcount(_ALL)
LENGTH.setflags(write=False)


@dataclass(frozen=True)
class Evaluator:
    """A named per-suit evaluator: its 8,192-entry table and what it means."""

    name: str
    table: np.ndarray
    description: str

    def __call__(self, holdings) -> np.ndarray | int | float:
        """Sum of the table over the last axis (the four suits) of ``holdings``."""
        arr = np.asarray(holdings)
        total = self.table[arr].sum(axis=-1, dtype=self.table.dtype)
        return total.item() if total.ndim == 0 else total

    def per_suit(self, holdings) -> np.ndarray:
        """The value of each holding, without summing."""
        return self.table[np.asarray(holdings)]


EVALUATORS: dict[str, Evaluator] = {}


def register_evaluator(name: str, table, description: str = "") -> Evaluator:
    """Register a per-suit table of 8,192 values under ``name`` for use everywhere."""
    table = np.asarray(table)
    if table.shape != (NHOLDINGS,):
        raise BridgeError(
            f"an evaluator table must have {NHOLDINGS} entries (one per suit holding), "
            f"not shape {table.shape}"
        )
    if not name.isidentifier():
        raise BridgeError(f"{name!r} is not a usable evaluator name: use letters, digits and _")
    table = table.copy()
    table.setflags(write=False)
    ev = Evaluator(name, table, description)
    EVALUATORS[name] = ev
    return ev


def evaluator(name: str) -> Evaluator:
    try:
        return EVALUATORS[name]
    except KeyError:
        raise BridgeError(
            f"no evaluator called {name!r}: known are {', '.join(sorted(EVALUATORS))}"
        ) from None


def evaluate(name: str, holdings):
    """Evaluate ``holdings`` (last axis = the four suits) with the evaluator ``name``."""
    return evaluator(name)(holdings)


def _rank_values(values: Mapping) -> np.ndarray:
    """Per-rank values (a mapping like {'A': 4, 'K': 3}) as an array indexed by bit."""
    out = np.zeros(13, dtype=np.float64)
    for rank, value in values.items():
        out[Rank.parse(rank).bit] = value
    return out


def _point_count_table(values: Mapping) -> np.ndarray:
    per_bit = _rank_values(values)
    bits = (_ALL[:, None] >> np.arange(13)) & 1
    table = bits @ per_bit
    if np.all(per_bit == np.round(per_bit)):
        return table.astype(np.int16)
    return table


def register_point_count(name: str, values: Mapping, description: str = "") -> Evaluator:
    """Register a point count given as a value per rank, e.g. ``{'A': 4.5, 'K': 3, 'Q': 1.5}``.

    Integer values give an int16 table, fractional ones a float64 table.
    """
    return register_evaluator(
        name, _point_count_table(values), description or f"point count {dict(values)}"
    )


def _table(fn: Callable[[int], float], dtype) -> np.ndarray:
    return np.array([fn(h) for h in range(NHOLDINGS)], dtype=dtype)


def _has(h: int, *cards: int) -> bool:
    return all(h & c for c in cards)


def _honour_tricks(h: int) -> float:
    """Culbertson's honour tricks for one suit (the basic table, no plus values).

    AK 2; AQ 1½; A, KQ, KJ10 1; Kx, QJx ½; anything else 0. The best matching
    combination counts, so AKQ is 2 and AKJ is 2; a singleton king counts nothing.
    """
    n = LENGTH[h]
    if _has(h, A, K):
        return 2.0
    if _has(h, A, Q):
        return 1.5
    if h & A or _has(h, K, Q) or _has(h, K, J, T):
        return 1.0
    if (h & K and n >= 2) or (_has(h, Q, J) and n >= 3):
        return 0.5
    return 0.0


def _quick_tricks(h: int) -> float:
    """Quick (defensive) tricks for one suit: AK 2, AQ 1½, A 1, KQ 1, Kx ½."""
    if _has(h, A, K):
        return 2.0
    if _has(h, A, Q):
        return 1.5
    if h & A or _has(h, K, Q):
        return 1.0
    if h & K and LENGTH[h] >= 2:
        return 0.5
    return 0.0


def _losers(h: int) -> int:
    """Losing trick count: the ace, king and queen missing among the top min(length, 3) places.

    A void has no loser; a singleton loses unless it is the ace; a doubleton counts the
    missing ace and king; three or more cards count the missing ace, king and queen.
    """
    n = min(int(LENGTH[h]), 3)
    return sum(1 for honour in (A, K, Q)[:n] if not h & honour)


def _length_points(h: int) -> int:
    """One point for each card beyond four in the suit."""
    return max(0, int(LENGTH[h]) - 4)


def _shortness_points(h: int) -> int:
    """Void 3, singleton 2, doubleton 1."""
    return max(0, 3 - int(LENGTH[h]))


register_point_count("hcp", {"A": 4, "K": 3, "Q": 2, "J": 1},
                     "high-card points (Milton Work): A 4, K 3, Q 2, J 1")
register_point_count("controls", {"A": 2, "K": 1}, "controls: A 2, K 1")
register_evaluator("length", LENGTH, "number of cards")
register_evaluator("honour_tricks", _table(_honour_tricks, np.float64),
                   "Culbertson honour tricks, basic table without plus values")
register_evaluator("quick_tricks", _table(_quick_tricks, np.float64),
                   "quick tricks: AK 2, AQ 1½, A 1, KQ 1, Kx ½")
register_evaluator("losers", _table(_losers, np.int8),
                   "losing trick count (at most 3 a suit, on the top three cards)")
register_evaluator("length_points", _table(_length_points, np.int8),
                   "one point for each card beyond four in a suit")
register_evaluator("shortness_points", _table(_shortness_points, np.int8),
                   "void 3, singleton 2, doubleton 1")

# ---- shape, over the last axis of an array of lengths -------------------------------------

BALANCED_PATTERNS = frozenset({"4-3-3-3", "4-4-3-2", "5-3-3-2"})
SEMI_BALANCED_PATTERNS = BALANCED_PATTERNS | {"5-4-2-2", "6-3-2-2"}
"""Semi-balanced includes the balanced patterns: no void or singleton, and not 7-2-2-2."""


def shape_of(holdings) -> np.ndarray:
    """Suit lengths (spades, hearts, diamonds, clubs) of holdings with the suits on the last axis."""
    return LENGTH[np.asarray(holdings)]


def pattern_of(lengths) -> str:
    """'5-4-3-1' for the lengths of one hand, longest first."""
    return "-".join(str(int(x)) for x in sorted(lengths, reverse=True))


def _sorted_desc(lengths) -> np.ndarray:
    return -np.sort(-np.asarray(lengths, dtype=np.int8), axis=-1)


def is_balanced(lengths) -> np.ndarray | bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2: no suit shorter than two, at most one doubleton, none longer than five."""
    s = _sorted_desc(lengths)
    out = (s[..., 0] <= 5) & (s[..., 2] >= 3) & (s[..., 3] >= 2)
    return out.item() if np.ndim(out) == 0 else out


def is_semi_balanced(lengths) -> np.ndarray | bool:
    """Balanced, 5-4-2-2 or 6-3-2-2."""
    s = _sorted_desc(lengths)
    out = (s[..., 3] >= 2) & (s[..., 0] <= 6)
    return out.item() if np.ndim(out) == 0 else out
