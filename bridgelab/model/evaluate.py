"""Hand evaluation as suit-holding tables.

Every evaluator here is a property of one suit holding (a 13-bit integer, bit 12 = ace), so it
is a numpy table of 8,192 entries built once. Evaluating a hand is four look-ups and a sum;
evaluating a batch of deals of shape (n, 4, 4) is the same look-up on the whole array. Hand,
Deal and DealBatch all evaluate through ``EVALUATORS``, so a point count registered with
``register_point_count`` works wherever the built-ins do.

Hand-level shape features (pattern, balanced, semi-balanced) are functions of the four suit
lengths and are vectorised over the last axis in the same way.

``EVALUATORS`` is a registry (``bridgelab.model.registry.Registry``): registering a name again or
removing it (``unregister_evaluator``) changes ``EVALUATORS.version_of(name)``, which the caches
of exact figures (``bridgelab.analysis.stats``) and of dealing plans put in their keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .cards import Rank
from .errors import BridgeError
from .registry import Registry

__all__ = [
    "NHOLDINGS",
    "holding_counts",
    "Evaluator",
    "EVALUATORS",
    "register_point_count",
    "register_evaluator",
    "unregister_evaluator",
    "BUILTIN_EVALUATORS",
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


_BITS = (_ALL[:, None] >> np.arange(13)) & 1
"""(8192, 13): bit b of every holding."""

LENGTH = _BITS.sum(axis=1).astype(np.int8)
LENGTH.setflags(write=False)


@dataclass(frozen=True)
class Evaluator:
    """A named per-suit evaluator: its 8,192-entry table and what it means."""

    name: str
    table: np.ndarray
    description: str

    def __call__(self, holdings: npt.ArrayLike) -> np.ndarray | int | float:
        """Sum of the table over the last axis (the four suits) of ``holdings``."""
        arr = np.asarray(holdings)
        total: np.ndarray = self.table[arr].sum(axis=-1, dtype=self.table.dtype)
        if total.ndim == 0:
            value: int | float = total.item()
            return value
        return total

    def per_suit(self, holdings: npt.ArrayLike) -> np.ndarray:
        """The value of each holding, without summing."""
        values: np.ndarray = self.table[np.asarray(holdings)]
        return values


EVALUATORS: Registry = Registry("EVALUATORS")
"""name -> Evaluator; every change is counted (``EVALUATORS.version``, ``version_of(name)``)."""


def register_evaluator(name: str, table: npt.ArrayLike, description: str = "") -> Evaluator:
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


def unregister_evaluator(name: str) -> None:
    """Remove an evaluator registered by ``register_evaluator`` or ``register_point_count``.

    The built-in ones (``BUILTIN_EVALUATORS``) stay: the kit itself counts with them.
    """
    if name in BUILTIN_EVALUATORS:
        yours = ", ".join(sorted(set(EVALUATORS) - BUILTIN_EVALUATORS)) or "none"
        raise BridgeError(
            f"{name!r} is built in and cannot be removed (register another name instead); yours are {yours}"
        )
    if name not in EVALUATORS:
        raise BridgeError(
            f"no evaluator called {name!r} to remove: known are {', '.join(sorted(EVALUATORS))}"
        )
    del EVALUATORS[name]


def evaluator(name: str) -> Evaluator:
    try:
        ev: Evaluator = EVALUATORS[name]
        return ev
    except KeyError:
        raise BridgeError(
            f"no evaluator called {name!r}: known are {', '.join(sorted(EVALUATORS))}"
        ) from None


def evaluate(name: str, holdings: npt.ArrayLike) -> np.ndarray | int | float:
    """Evaluate ``holdings`` (last axis = the four suits) with the evaluator ``name``."""
    return evaluator(name)(holdings)


def _rank_values(values: Mapping[Any, float]) -> np.ndarray:
    """Per-rank values (a mapping like {'A': 4, 'K': 3}) as an array indexed by bit."""
    out = np.zeros(13, dtype=np.float64)
    for rank, value in values.items():
        out[Rank.parse(rank).bit] = value
    return out


def _point_count_table(values: Mapping[Any, float]) -> np.ndarray:
    per_bit = _rank_values(values)
    table: np.ndarray = _BITS @ per_bit
    if np.all(per_bit == np.round(per_bit)):
        return table.astype(np.int16)
    return table


def register_point_count(name: str, values: Mapping[Any, float], description: str = "") -> Evaluator:
    """Register a point count given as a value per rank, e.g. ``{'A': 4.5, 'K': 3, 'Q': 1.5}``.

    Integer values give an int16 table, fractional ones a float64 table.
    """
    return register_evaluator(name, _point_count_table(values), description or f"point count {dict(values)}")


def _has(*cards: int) -> np.ndarray:
    """Over all holdings: which hold every one of ``cards``."""
    mask = sum(cards)
    held: np.ndarray = (_ALL & mask) == mask
    return held


def _honour_tricks() -> np.ndarray:
    """Culbertson's honour tricks for one suit (the basic table, no plus values).

    AK 2; AQ 1½; A, KQ, KJ10 1; Kx, QJx ½; anything else 0. The best matching
    combination counts, so AKQ is 2 and AKJ is 2; a singleton king counts nothing.
    """
    return np.select(
        [
            _has(A, K),
            _has(A, Q),
            _has(A) | _has(K, Q) | _has(K, J, T),
            (_has(K) & (LENGTH >= 2)) | (_has(Q, J) & (LENGTH >= 3)),
        ],
        [2.0, 1.5, 1.0, 0.5],
        0.0,
    )


def _quick_tricks() -> np.ndarray:
    """Quick (defensive) tricks for one suit: AK 2, AQ 1½, A 1, KQ 1, Kx ½."""
    return np.select(
        [_has(A, K), _has(A, Q), _has(A) | _has(K, Q), _has(K) & (LENGTH >= 2)], [2.0, 1.5, 1.0, 0.5], 0.0
    )


def _losers() -> np.ndarray:
    """Losing trick count: the ace, king and queen missing among the top min(length, 3) places.

    A void has no loser; a singleton loses unless it is the ace; a doubleton counts the
    missing ace and king; three or more cards count the missing ace, king and queen.
    """
    top = np.minimum(LENGTH, 3)
    losers: np.ndarray = sum((top > k) & ~_has(honour) for k, honour in enumerate((A, K, Q))).astype(np.int8)
    return losers


register_point_count(
    "hcp", {"A": 4, "K": 3, "Q": 2, "J": 1}, "high-card points (Milton Work): A 4, K 3, Q 2, J 1"
)
register_point_count("controls", {"A": 2, "K": 1}, "controls: A 2, K 1")
register_evaluator("length", LENGTH, "number of cards")
register_evaluator(
    "honour_tricks", _honour_tricks(), "Culbertson honour tricks, basic table without plus values"
)
register_evaluator("quick_tricks", _quick_tricks(), "quick tricks: AK 2, AQ 1½, A 1, KQ 1, Kx ½")
register_evaluator("losers", _losers(), "losing trick count (at most 3 a suit, on the top three cards)")
register_evaluator(
    "length_points", np.maximum(LENGTH - 4, 0), "one point for each card beyond four in a suit"
)
register_evaluator("shortness_points", np.maximum(3 - LENGTH, 0), "void 3, singleton 2, doubleton 1")

BUILTIN_EVALUATORS = frozenset(EVALUATORS)
"""The evaluators the kit registers itself."""


def holding_counts(
    values: npt.ArrayLike, ok: np.ndarray | None = None, width: int | None = None
) -> np.ndarray:
    """Suit holdings counted by length and value: ``out[length, v]`` is the number of holdings
    (among those ``ok`` allows, a bool table over the 8,192; all by default) with that length
    and ``values[holding] == v`` (a table of non-negative integers such as HCP).

    Smart stacking draws hands from these counts; ``bridgelab.analysis.stats`` convolves them into
    exact figures. ``width`` defaults to the largest value + 1.
    """
    values = np.asarray(values, dtype=np.int64)
    width = int(values.max()) + 1 if width is None else int(width)
    lengths = LENGTH.astype(np.int64)
    if ok is not None:
        values, lengths = values[ok], lengths[ok]
    return np.bincount(lengths * width + values, minlength=14 * width).reshape(14, width)


# ---- shape, over the last axis of an array of lengths -------------------------------------

BALANCED_PATTERNS = frozenset({"4-3-3-3", "4-4-3-2", "5-3-3-2"})
SEMI_BALANCED_PATTERNS = BALANCED_PATTERNS | {"5-4-2-2", "6-3-2-2"}
"""Semi-balanced includes the balanced patterns: no void or singleton, and not 7-2-2-2."""


def shape_of(holdings: npt.ArrayLike) -> np.ndarray:
    """Suit lengths (spades, hearts, diamonds, clubs) of holdings with the suits on the last axis."""
    lengths: np.ndarray = LENGTH[np.asarray(holdings)]
    return lengths


def pattern_of(lengths: Iterable[Any]) -> str:
    """'5-4-3-1' for the lengths of one hand, longest first."""
    return "-".join(str(int(x)) for x in sorted(lengths, reverse=True))


def _sorted_desc(lengths: npt.ArrayLike) -> np.ndarray:
    return -np.sort(-np.asarray(lengths, dtype=np.int8), axis=-1)


def is_balanced(lengths: npt.ArrayLike) -> np.ndarray | bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2: no suit shorter than two, at most one doubleton, none longer than five."""
    s = _sorted_desc(lengths)
    out = (s[..., 0] <= 5) & (s[..., 2] >= 3) & (s[..., 3] >= 2)
    return out.item() if np.ndim(out) == 0 else out


def is_semi_balanced(lengths: npt.ArrayLike) -> np.ndarray | bool:
    """Balanced, 5-4-2-2 or 6-3-2-2."""
    s = _sorted_desc(lengths)
    out = (s[..., 3] >= 2) & (s[..., 0] <= 6)
    return out.item() if np.ndim(out) == 0 else out
