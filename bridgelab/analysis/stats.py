"""Deal statistics: exact figures by counting, and seeded studies with the exact figure beside.

Exact figures count hands, never sample them. Every evaluator in ``evaluate.EVALUATORS`` is a
table over suit holdings, so the number of hands with a given shape and a given point count is a
product of four per-suit polynomials (one per suit length), summed over the 560 shapes. The
counts are exact integers (``hands`` columns; divide by ``math.comb(52, 13)``) and the single
figures are ``fractions.Fraction``; DataFrames show them with a float ``probability`` beside.

    >>> from bridgelab import stats
    >>> round(float(stats.hand_probability(hcp="15-17", pattern="balanced")), 4)  # a 1NT opening
    0.0487

A study deals ``n`` deals in fixed-size chunks, each chunk seeded by
``numpy.random.SeedSequence(seed).spawn(k)``, and counts the values of its measures. Counts add up
in any order, so the answer depends only on the seed and the chunk size: the same on one core,
on both (``workers=2``) and on a Dask cluster (``client=``).
"""

from __future__ import annotations

import math
import pickle
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache, reduce
from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd

from ..dealing.dealer import check_workers, deal_batch, seed_sequence
from ..model.cards import SEATS, STRAINS, SUITS, Card, Seat, Side, Strain, suit_index
from ..model.errors import BridgeError, ConstraintError, ParseError
from ..model.evaluate import (
    EVALUATORS,
    LENGTH,
    evaluator,
    holding_counts,
    pattern_of,
)
from ..model.hand import Hand
from ..text import notation

__all__ = [
    "TOTAL_HANDS",
    "dd_study",
    "mean_tricks",
    "pattern_table",
    "shape_table",
    "hand_distribution",
    "hcp_table",
    "side_distribution",
    "hand_probability",
    "suit_split",
    "partner_holds",
    "partner_length",
    "partner_distribution",
    "Measure",
    "measure",
    "Study",
    "study",
    "wilson_interval",
    "chunk_seeds",
]

TOTAL_HANDS = math.comb(52, 13)
"""Number of different bridge hands: 635,013,559,600."""

_SUIT_NAMES = tuple(s.full_name for s in SUITS)


# ---- evaluator tables as exact integers -------------------------------------------------------

# The caches below are keyed by the evaluator's name AND its registry version
# (``EVALUATORS.version_of(name)``): registering a name again gives new figures, never stale ones.


def _version(name: str) -> int:
    evaluator(name)  # a BridgeError for an unknown name
    return EVALUATORS.version_of(name)


def _integer_table(name: str) -> tuple[np.ndarray, int, int]:
    """The evaluator's table as integers ``(table - low) * scale``; returns (ints, scale, low).

    Honour tricks (halves) get scale 2; point counts scale 1. Values are recovered exactly as
    ``Fraction(i, scale) + low``.
    """
    return _integer_table_of(name, _version(name))


@lru_cache(maxsize=64)
def _integer_table_of(name: str, version: int) -> tuple[np.ndarray, int, int]:
    table = evaluator(name).table
    if table.dtype.kind == "b":
        table = table.astype(np.int64)
    fractions = [Fraction(float(v)).limit_denominator(10_000) for v in np.unique(table)]
    scale = reduce(math.lcm, (f.denominator for f in fractions), 1)
    scaled = np.rint(table.astype(np.float64) * scale).astype(np.int64)
    if not np.allclose(scaled, table.astype(np.float64) * scale):
        raise ConstraintError(
            f"evaluator {name!r} has values that are not simple fractions; exact figures need "
            "integer or fractional (halves, quarters ...) values"
        )
    low = int(scaled.min())
    return scaled - low, scale, low


def _value_of(index: int, scale: int, low_total: int) -> int | float:
    v = Fraction(index + low_total, scale)
    return int(v) if v.denominator == 1 else float(v)


@lru_cache(maxsize=256)
def _per_length(name: str, version: int, excluded: int) -> np.ndarray:
    """Counts of holdings by (length, value) among the holdings that avoid ``excluded`` cards."""
    ints, _, _ = _integer_table_of(name, version)
    return holding_counts(ints, (np.arange(ints.size) & excluded) == 0)


def _shape_counts(
    name: str, excluded: tuple[int, int, int, int] = (0, 0, 0, 0), cards: int = 13
) -> tuple[np.ndarray, np.ndarray]:
    """Every shape a ``cards``-card holding can have among the cards not ``excluded``, and for each
    the number of such holdings by evaluator value: (shapes (m, 4), counts (m, values))."""
    return _shape_counts_of(name, _version(name), tuple(int(x) for x in excluded), cards)


@lru_cache(maxsize=128)
def _shape_counts_of(
    name: str, version: int, excluded: tuple[int, int, int, int], cards: int
) -> tuple[np.ndarray, np.ndarray]:
    tables = [_per_length(name, version, int(x)) for x in excluded]
    room = [13 - int(LENGTH[int(x)]) for x in excluded]
    shapes, rows = [], []
    for s in range(min(room[0], cards) + 1):
        for h in range(min(room[1], cards - s) + 1):
            for d in range(min(room[2], cards - s - h) + 1):
                c = cards - s - h - d
                if c > room[3]:
                    continue
                counts = reduce(np.convolve, (tables[0][s], tables[1][h], tables[2][d], tables[3][c]))
                shapes.append((s, h, d, c))
                rows.append(counts)
    width = max(len(r) for r in rows)
    matrix = np.zeros((len(rows), width), dtype=np.int64)
    for i, r in enumerate(rows):
        matrix[i, : len(r)] = r
    shapes_arr = np.array(shapes, dtype=np.int64)
    total = int(matrix.sum())
    unseen = 52 - sum(int(LENGTH[int(x)]) for x in excluded)
    assert total == math.comb(unseen, cards), (total, unseen, cards)
    shapes_arr.setflags(write=False)
    matrix.setflags(write=False)
    return shapes_arr, matrix


# ---- reading patterns and ranges ---------------------------------------------------------------


def _shape_filter(pattern) -> Callable[[np.ndarray], np.ndarray]:
    """A mask over an (m, 4) array of shapes (S, H, D, C) for a pattern description.

    Accepts None (any), every shape of the notation (``bridgelab.text.notation``: 'balanced',
    '4-4-3-2' in any suits, '4432' or '4=4=3=2' in these suits, '(4-4)xx', '5+M' ...), a
    callable on an (m, 4) array of lengths, or a list of these (any of them).
    """
    if pattern is None or (isinstance(pattern, str) and pattern.strip().lower() in ("", "any")):
        return lambda shapes: np.ones(len(shapes), dtype=bool)
    if callable(pattern):
        return lambda shapes: np.asarray(pattern(shapes), dtype=bool)
    if isinstance(pattern, str):
        try:
            found = notation.parse_shape(pattern)
        except ParseError as e:
            raise ConstraintError(f"{e}; or give a function of the lengths, or a list of these") from None
        return found.mask
    if isinstance(pattern, Iterable):
        filters = [_shape_filter(p) for p in pattern]
        if not filters:
            raise ConstraintError("an empty list of patterns matches no hand: give at least one")
        return lambda shapes: np.logical_or.reduce([f(shapes) for f in filters])
    raise ConstraintError(f"{pattern!r} is not a pattern description")


def _read_range(name: str, spec) -> notation.Range:
    """A range of the notation: 15, (15, 17), range(15, 18), '15-17', '15+', '>=15', '<10'."""
    try:
        return notation.parse_range(spec, name)
    except ParseError as e:
        raise ConstraintError(str(e)) from None


# ---- exact figures for one hand -----------------------------------------------------------------


def pattern_table() -> pd.DataFrame:
    """The 39 hand patterns (suit lengths longest first, whatever the suits), most frequent first.

    Columns: pattern, shapes (the suit orders it can come in), hands (exact count), probability.
    """
    shapes, counts = _shape_counts("length")
    per_shape = counts.sum(axis=1)
    acc: dict[str, list[int]] = {}
    for shape, n in zip(shapes, per_shape):
        entry = acc.setdefault(pattern_of(shape), [0, 0])
        entry[0] += 1
        entry[1] += int(n)
    rows = [(p, s, n, n / TOTAL_HANDS) for p, (s, n) in acc.items()]
    df = pd.DataFrame(rows, columns=["pattern", "shapes", "hands", "probability"])
    df = df.sort_values(["hands", "pattern"], ascending=[False, True], ignore_index=True)
    df.attrs["total"] = TOTAL_HANDS
    return df


def shape_table() -> pd.DataFrame:
    """All 560 specific shapes (lengths in spades, hearts, diamonds, clubs), most frequent first."""
    shapes, counts = _shape_counts("length")
    df = pd.DataFrame(shapes, columns=list(_SUIT_NAMES))
    df["pattern"] = [pattern_of(s) for s in shapes]
    df["hands"] = counts.sum(axis=1)
    df["probability"] = df["hands"] / TOTAL_HANDS
    df = df.sort_values(["hands", "spades", "hearts", "diamonds"], ascending=False, ignore_index=True)
    df.attrs["total"] = TOTAL_HANDS
    return df


def _distribution_frame(
    name: str, counts: np.ndarray, scale: int, low_total: int, total: int
) -> pd.DataFrame:
    values = [_value_of(i, scale, low_total) for i in range(len(counts))]
    df = pd.DataFrame({name: values, "hands": counts.astype(np.int64)})
    nonzero = np.flatnonzero(counts)
    if len(nonzero):
        df = df.iloc[nonzero[0] : nonzero[-1] + 1]
    if scale > 1:
        df = df[df["hands"] > 0]
    df = df.reset_index(drop=True)
    df["probability"] = df["hands"] / total
    df["at_least"] = df["probability"][::-1].cumsum()[::-1]
    df["at_most"] = df["probability"].cumsum()
    df.attrs["total"] = total
    return df


def hand_distribution(name: str = "hcp", *, pattern=None) -> pd.DataFrame:
    """How often one hand has each value of evaluator ``name`` (exact), optionally only among
    hands of a ``pattern`` ('balanced', '4-3-3-3', ...): then ``probability`` is the chance of
    that value *and* that pattern. Columns: value, hands, probability, at_least, at_most."""
    shapes, counts = _shape_counts(name)
    keep = _shape_filter(pattern)(shapes)
    _, scale, low = _integer_table(name)
    return _distribution_frame(name, counts[keep].sum(axis=0), scale, 4 * low, TOTAL_HANDS)


def hcp_table() -> pd.DataFrame:
    """The high-card points of one hand, 0 to 37, exact: the famous curve with its mean of 10."""
    return hand_distribution("hcp")


def side_distribution(name: str = "hcp") -> pd.DataFrame:
    """How often a partnership's two hands together have each value of ``name`` (26 cards)."""
    shapes, counts = _shape_counts(name, cards=26)
    _, scale, low = _integer_table(name)
    return _distribution_frame(name, counts.sum(axis=0), scale, 4 * low, math.comb(52, 26))


def hand_probability(pattern=None, **ranges) -> Fraction:
    """The exact chance that one hand has the ``pattern`` and the evaluator ranges given.

    ``hand_probability(hcp=(15, 17), pattern="balanced")`` is a 1NT opening: 4.87%.
    One evaluator range at most (two at once need a study).
    """
    if len(ranges) > 1:
        raise ConstraintError(
            f"exact figures combine one evaluator range with a pattern, not {len(ranges)} "
            f"({', '.join(ranges)}): run a study for more"
        )
    name = next(iter(ranges), "length")
    shapes, counts = _shape_counts(name)
    keep = _shape_filter(pattern)(shapes)
    per_value = counts[keep].sum(axis=0)
    if ranges:
        rng = _read_range(name, ranges[name])
        _, scale, low = _integer_table(name)
        values = np.round((np.arange(len(per_value)) + 4 * low) / scale, 9)
        per_value = per_value[rng.mask(values)]
    return Fraction(int(per_value.sum()), TOTAL_HANDS)


# ---- suit splits and partner's hand -----------------------------------------------------------


def suit_split(outstanding: int, unseen: int = 26) -> pd.DataFrame:
    """How ``outstanding`` cards of a suit split between the two hands you cannot see.

    The two hands hold ``unseen`` cards between them, half each (26 at the start: declarer sees
    dummy). Columns: split ('3-2' = three in one hand, two in the other, either way round),
    probability, one_way (that the given hand, say West, holds the larger part; equals the
    probability for an even split), each_layout (one particular set of cards, e.g. QJx with
    West), layouts (how many such sets).
    """
    if not isinstance(outstanding, (int, np.integer)) or not 0 <= outstanding <= 13:
        raise ConstraintError(f"outstanding cards in a suit are 0 to 13, not {outstanding!r}")
    if not isinstance(unseen, (int, np.integer)) or unseen % 2 or not outstanding <= unseen <= 26:
        raise ConstraintError(
            f"the unseen cards are an even number, at least the {outstanding} outstanding and at "
            f"most 26, not {unseen!r}"
        )
    half = unseen // 2
    total = math.comb(unseen, half)
    rows = []
    for big in range(outstanding, (outstanding - 1) // 2, -1):
        small = outstanding - big
        if big > half:
            continue
        one = Fraction(math.comb(outstanding, big) * math.comb(unseen - outstanding, half - big), total)
        both = one if big == small else 2 * one
        layouts = math.comb(outstanding, big) * (1 if big == small else 2)
        rows.append((f"{big}-{small}", float(both), float(one), float(both / layouts), layouts))
    df = pd.DataFrame(rows, columns=["split", "probability", "one_way", "each_layout", "layouts"])
    df = df.sort_values("probability", ascending=False, ignore_index=True)
    return df


def _hand_of(hand) -> Hand:
    return hand if isinstance(hand, Hand) else Hand.from_pbn(hand)


def partner_holds(hand, cards, how: str = "all") -> Fraction:
    """The chance that partner holds the ``cards`` (all of them, or ``how='any'``) given your hand.

    Partner's 13 cards are a random 13 of the 39 you cannot see: any one card you do not hold is
    with partner one time in three.
    """
    me = _hand_of(hand)
    if isinstance(cards, str):
        cards = cards.split()
    wanted = [Card.parse(c) for c in ([cards] if isinstance(cards, Card) else cards)]
    if not wanted:
        raise ConstraintError("name at least one card, as 'HA' or 'HA HQ'")
    if how not in ("all", "any"):
        raise ConstraintError(f"how is 'all' or 'any', not {how!r}")
    outside = [c for c in set(wanted) if c not in me]
    k = len(outside)
    if how == "all":
        if k < len(set(wanted)):
            return Fraction(0)
        return Fraction(math.comb(39 - k, 13 - k), math.comb(39, 13)) if k <= 13 else Fraction(0)
    if k == 0:
        return Fraction(0)
    return 1 - Fraction(math.comb(39 - k, 13), math.comb(39, 13))


def partner_length(hand, suit) -> pd.DataFrame:
    """Partner's length in ``suit`` given your hand, and the fit it makes. Columns: length, fit,
    probability, at_least."""
    me = _hand_of(hand)
    mine = me.length(suit)
    out = 13 - mine
    total = math.comb(39, 13)
    rows = []
    for k in range(out + 1):
        n = math.comb(out, k) * math.comb(39 - out, 13 - k)
        rows.append((k, mine + k, Fraction(n, total)))
    df = pd.DataFrame(rows, columns=["length", "fit", "exact"])
    df["probability"] = df["exact"].astype(float)
    df = df.drop(columns="exact")
    df["at_least"] = df["probability"][::-1].cumsum()[::-1]
    return df


def partner_distribution(hand, name: str = "hcp", *, pattern=None) -> pd.DataFrame:
    """Partner's ``name`` (high-card points by default) given your hand, exact. The other two
    hands are alike, so this is also either opponent's."""
    me = _hand_of(hand)
    shapes, counts = _shape_counts(name, tuple(me.holdings))
    keep = _shape_filter(pattern)(shapes)
    _, scale, low = _integer_table(name)
    return _distribution_frame(name, counts[keep].sum(axis=0), scale, 4 * low, math.comb(39, 13))


# ---- measures ---------------------------------------------------------------------------------


class Measure:
    """Something to count on every deal of a study: a name and a function of the batch.

    ``fn`` receives the chunk's ``DealBatch`` (``.holdings`` is (n, 4, 4): seats N E S W, suits
    S H D C; ``.evaluate("hcp")`` is (n, 4)) and returns n values, one a deal. Built-in
    measures also know their exact distribution on unconstrained deals.
    """

    name: str = "measure"

    def __init__(self, name: str | None = None, fn: Callable[[Any], Any] | None = None):
        if name is not None:
            self.name = name
        self.fn = fn

    def values(self, chunk: "_Chunk") -> np.ndarray:
        if self.fn is None:
            raise ConstraintError(f"measure {self.name!r} has no function to compute it")
        return np.asarray(self.fn(chunk.batch))

    def exact(self) -> dict | None:
        """The exact probability of each value on an unconstrained deal, or None."""
        return None

    def __repr__(self) -> str:
        return f"Measure({self.name!r})"


class _SeatEvaluation(Measure):
    def __init__(self, seat: Seat, name: str):
        evaluator(name)
        self.seat, self.evaluator = seat, name
        self.name = f"{seat.name} {name}"

    def values(self, chunk):
        return evaluator(self.evaluator)(chunk.holdings[:, self.seat])

    def exact(self):
        df = hand_distribution(self.evaluator)
        return dict(zip(df[self.evaluator], df["probability"]))


class _SideEvaluation(Measure):
    def __init__(self, side: Side, name: str):
        evaluator(name)
        self.side, self.evaluator = side, name
        self.name = f"{side.value} {name}"

    def values(self, chunk):
        a, b = self.side.seats
        ev = evaluator(self.evaluator)
        return ev(chunk.holdings[:, a]) + ev(chunk.holdings[:, b])

    def exact(self):
        df = side_distribution(self.evaluator)
        return dict(zip(df[self.evaluator], df["probability"]))


class _Length(Measure):
    """Length in one suit of a seat, or of a side together (the fit)."""

    def __init__(self, who: Seat | Side, suit: Strain):
        self.seats = who.seats if isinstance(who, Side) else (who,)
        self.suit = suit_index(suit)
        word = "fit" if isinstance(who, Side) else "length"
        self.name = f"{who.value if isinstance(who, Side) else who.name} {word} {Strain.parse(suit).name}"

    def values(self, chunk):
        return sum(LENGTH[chunk.holdings[:, s, self.suit]].astype(np.int64) for s in self.seats)

    def exact(self):
        cards = 13 * len(self.seats)
        total = math.comb(52, cards)
        return {
            k: math.comb(13, k) * math.comb(39, cards - k) / total
            for k in range(14)
            if cards - k <= 39 and k <= cards
        }


class _Shape(Measure):
    """The pattern of a seat's hand, or whether it is balanced / semi-balanced."""

    def __init__(self, seat: Seat, kind: str):
        self.seat, self.kind = seat, kind
        self.name = f"{seat.name} {kind}"

    def values(self, chunk):
        if self.kind == "pattern":
            return chunk.batch.patterns()[:, self.seat].astype(str)
        return getattr(chunk.batch, self.kind)[:, self.seat]

    def exact(self):
        if self.kind == "pattern":
            df = pattern_table()
            return dict(zip(df["pattern"], df["probability"]))
        p = float(hand_probability(pattern=self.kind))
        return {True: p, False: 1 - p}


class _Tricks(Measure):
    """Double-dummy tricks for a declarer in a strain (needs bridgelab[dd])."""

    def __init__(self, seat: Seat, strain: Strain):
        self.seat, self.strain = seat, strain
        self.name = f"{seat.name} tricks {strain.name}"

    def values(self, chunk):
        return chunk.tricks()[:, self.seat, int(self.strain)]


def measure(spec: "str | Measure") -> Measure:
    """Read a measure: 'N hcp', 'NS hcp' (both hands together), 'N length S', 'NS fit H',
    'N pattern', 'N balanced', 'N tricks NT' (double dummy, needs bridgelab[dd])."""
    if isinstance(spec, Measure):
        return spec
    if not isinstance(spec, str) or not spec.split():
        raise ConstraintError(f"{spec!r} is not a measure: write e.g. 'N hcp' or 'NS fit S'")
    words = spec.split()
    who_text, rest = words[0], words[1:]
    try:
        who: Seat | Side = Seat.parse(who_text)
    except ParseError:
        try:
            who = Side.parse(who_text)
        except ParseError:
            raise ConstraintError(
                f"{spec!r} does not start with a seat (N E S W) or a side (NS EW)"
            ) from None
    if len(rest) == 1 and rest[0] in EVALUATORS:
        name = rest[0]
        return _SeatEvaluation(who, name) if isinstance(who, Seat) else _SideEvaluation(who, name)
    if len(rest) == 2 and (rest[0] == "length" or rest[0] == "fit" and isinstance(who, Side)):
        return _Length(who, Strain.parse(rest[1]))
    if len(rest) == 1 and rest[0] in ("pattern", "balanced", "semi_balanced") and isinstance(who, Seat):
        return _Shape(who, rest[0])
    if len(rest) == 2 and rest[0] == "tricks" and isinstance(who, Seat):
        return _Tricks(who, Strain.parse(rest[1]))
    raise ConstraintError(
        f"{spec!r} is not a measure: write a seat or side and then an evaluator "
        f"({', '.join(sorted(EVALUATORS))}), 'length S' / 'fit S', 'pattern', 'balanced', "
        "'semi_balanced' or 'tricks NT' (fit for a side; pattern, balanced and tricks for a seat)"
    )


# ---- confidence intervals -------------------------------------------------------------------


def wilson_interval(count, n, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a proportion ``count / n``: good even near 0 and 1."""
    count = np.asarray(count, dtype=np.float64)
    if n <= 0:
        raise ConstraintError("a confidence interval needs at least one deal")
    if not 0 < confidence < 1:
        raise ConstraintError(f"confidence is between 0 and 1 (e.g. 0.95), not {confidence!r}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = count / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


# ---- studies ----------------------------------------------------------------------------------


class _Chunk:
    """One chunk's deals, with double-dummy tricks worked out once if a measure asks."""

    def __init__(self, batch, strains=None):
        self.batch = batch
        self.holdings = np.asarray(batch.holdings)
        self.strains = strains
        self._tricks = None

    def tricks(self) -> np.ndarray:
        if self._tricks is None:
            from .dd import solve_batch

            self._tricks = solve_batch(self.holdings, self.strains)
        return self._tricks


def _as_seed_sequence(seed) -> np.random.SeedSequence:
    """A fresh copy of the seed (``seed_sequence``), so that spawning chunks leaves it as it was."""
    ss = seed_sequence(seed)
    return np.random.SeedSequence(ss.entropy, spawn_key=ss.spawn_key, pool_size=ss.pool_size)


def chunk_seeds(seed, chunks: int) -> list[np.random.SeedSequence]:
    """The seeds of a study's chunks: ``SeedSequence(seed).spawn(chunks)``."""
    return _as_seed_sequence(seed).spawn(chunks)


def _dumps(obj) -> bytes:
    """Pickle for sending to worker processes; lambdas and notebook functions go by cloudpickle."""
    try:
        return pickle.dumps(obj)
    except (pickle.PicklingError, AttributeError, TypeError):
        try:
            import cloudpickle
        except ImportError:
            raise ConstraintError(
                "this study's constraint or measures cannot be sent to other processes: define "
                "functions with def at module level, use a string constraint, or install "
                "cloudpickle (it comes with bridgelab[cluster])"
            ) from None
        return cloudpickle.dumps(obj)


@dataclass
class _Job:
    measures: list
    where: Any
    predeal: Any
    with_threads: int | None = None


def _run_chunk(job: "_Job | bytes", size: int, seed: np.random.SeedSequence) -> list[dict]:
    """Deal one chunk and count each measure's values (runs in a worker)."""
    if isinstance(job, bytes):
        job = pickle.loads(job)
    if job.with_threads is not None:
        from .dd import set_threads

        set_threads(job.with_threads)

    batch = deal_batch(size, seed=seed, where=job.where, predeal=job.predeal)
    strains = {m.strain for m in job.measures if isinstance(m, _Tricks)}
    chunk = _Chunk(batch, strains or None)
    out = []
    for m in job.measures:
        values = np.asarray(m.values(chunk))
        if values.shape != (size,):
            raise ConstraintError(
                f"measure {m.name!r} gave {values.shape} values for {size} deals: one value a deal"
            )
        uniq, counts = np.unique(values, return_counts=True)
        out.append({u.item(): int(c) for u, c in zip(uniq, counts)})
    return out


def _merge(total: list[Counter], part: list[dict]) -> None:
    for acc, d in zip(total, part):
        acc.update(d)


def _sort_key(value):
    if isinstance(value, (bool, np.bool_)):
        return (0, int(value), "")
    if isinstance(value, (int, float)):
        return (1, value, "")
    return (2, 0, str(value))


@dataclass
class Study:
    """A constraint, a number of deals, a seed and the measures to count on them.

    ``Study(["N hcp", "NS fit S"], n=100_000, seed=1, where="N: 15-17 balanced").run(workers=2)``
    returns the tidy table; ``run(client=dask_client)`` runs the same chunks on a Dask cluster.
    """

    measures: Sequence
    n: int = 10_000
    seed: Any = None
    where: Any = None
    predeal: Any = None
    chunk_size: int = 10_000
    confidence: float = 0.95
    _measures: list = field(init=False, repr=False)

    def __post_init__(self):
        specs = [self.measures] if isinstance(self.measures, (str, Measure)) else list(self.measures)
        if not specs:
            raise ConstraintError("a study needs at least one measure, e.g. 'N hcp'")
        self._measures = [measure(m) for m in specs]
        names = [m.name for m in self._measures]
        if len(set(names)) != len(names):
            raise ConstraintError(f"two measures share a name in {names}: give each its own")
        if not isinstance(self.n, (int, np.integer)) or self.n < 1:
            raise ConstraintError(
                f"a study deals at least one deal: n is a whole number 1 or more, "
                f"not {self.n!r} (write 10**10, not 1e10)"
            )
        if not isinstance(self.chunk_size, (int, np.integer)) or self.chunk_size < 1:
            raise ConstraintError(f"chunk_size is a positive number of deals, not {self.chunk_size!r}")
        self.seed = _as_seed_sequence(self.seed)

    @property
    def chunks(self) -> list[tuple[int, np.random.SeedSequence]]:
        """(size, seed) of each chunk, in order."""
        return list(self.iter_chunks())

    @property
    def n_chunks(self) -> int:
        return -(-int(self.n) // int(self.chunk_size))

    def iter_chunks(self) -> Iterator[tuple[int, np.random.SeedSequence]]:
        """(size, seed) of each chunk, made as they are dealt: chunk ``i``'s seed is the i-th
        child of the seed (what ``SeedSequence.spawn`` gives), so a study of 10**10 deals starts
        at once instead of making a million seeds first."""
        k, size, n = self.n_chunks, int(self.chunk_size), int(self.n)
        ss = self.seed
        for i in range(k):
            child = np.random.SeedSequence(
                ss.entropy, spawn_key=tuple(ss.spawn_key) + (i,), pool_size=ss.pool_size
            )
            yield (size if i < k - 1 else n - size * (k - 1)), child

    def counts(self, workers: int | None = 1, client=None, progress: bool = False) -> list[Counter]:
        """The count of each value of each measure over all the deals."""
        workers = check_workers(workers)
        chunks = self.iter_chunks()
        n_chunks = self.n_chunks
        totals = [Counter() for _ in self._measures]
        uses_dd = any(isinstance(m, _Tricks) for m in self._measures)
        if client is not None:
            job = _Job(self._measures, self.where, self.predeal, 1 if uses_dd else None)
            payload = client.scatter(_dumps(job), broadcast=True)
            futures = [client.submit(_run_chunk, payload, size, seed, pure=False) for size, seed in chunks]
            from distributed import as_completed

            for fut in _progress(as_completed(futures), len(futures), progress):
                _merge(totals, fut.result())
            return totals
        if workers == 1 or n_chunks == 1:
            job = _Job(self._measures, self.where, self.predeal, None)
            for size, seed in _progress(chunks, n_chunks, progress):
                _merge(totals, _run_chunk(job, size, seed))
            return totals
        import concurrent.futures as cf
        import multiprocessing as mp

        payload = _dumps(_Job(self._measures, self.where, self.predeal, 1 if uses_dd else None))
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
        with cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            bar = _progress(None, n_chunks, progress, manual=True)
            pending: set = set()
            for size, seed in chunks:  # a few chunks ahead of the workers, not all at once
                pending.add(pool.submit(_run_chunk, payload, size, seed))
                if len(pending) >= 2 * workers:
                    done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                    _merge_done(totals, done, bar)
            _merge_done(totals, cf.wait(pending).done, bar)
            if bar is not None:
                bar.close()
        return totals

    def run(self, workers: int | None = 1, client=None, progress: bool = False) -> pd.DataFrame:
        """Deal the study and return the tidy table: measure, value, count, proportion, low,
        high (the Wilson interval at ``confidence``) and exact (where the deals are
        unconstrained and an exact figure exists)."""
        totals = self.counts(workers=workers, client=client, progress=progress)
        unconstrained = self.where is None and self.predeal is None
        frames = []
        for m, counter in zip(self._measures, totals):
            exact = m.exact() if unconstrained else None
            values = set(counter) | (set(exact) if exact else set())
            ordered = sorted(values, key=_sort_key)
            count = np.array([counter.get(v, 0) for v in ordered], dtype=np.int64)
            low, high = wilson_interval(count, self.n, self.confidence)
            frames.append(
                pd.DataFrame(
                    {
                        "measure": m.name,
                        "value": pd.Series(ordered, dtype=object),
                        "count": count,
                        "proportion": count / self.n,
                        "low": low,
                        "high": high,
                        "exact": [exact.get(v, 0.0) if exact else np.nan for v in ordered],
                    }
                )
            )
        df = pd.concat(frames, ignore_index=True)
        df.attrs.update(
            n=int(self.n),
            chunk_size=int(self.chunk_size),
            entropy=self.seed.entropy,
            where=repr(self.where),
            confidence=self.confidence,
        )
        return df


def _progress(iterable, total: int, show: bool, manual: bool = False):
    if not show:
        return None if manual else iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, total=total, unit="chunk")


def _merge_done(totals: list[Counter], done, bar) -> None:
    """Merge finished chunks (in any order: counts add up the same)."""
    for fut in done:
        _merge(totals, fut.result())
        if bar is not None:
            bar.update(1)


def study(
    measures,
    n: int = 10_000,
    seed=None,
    where=None,
    predeal=None,
    *,
    chunk_size: int = 10_000,
    confidence: float = 0.95,
    workers: int | None = 1,
    client=None,
    progress: bool = False,
) -> pd.DataFrame:
    """Deal ``n`` deals meeting ``where`` and count the ``measures`` ('N hcp', 'NS fit S', ...).

    The deals come in chunks of ``chunk_size``, seeded from ``seed``; ``workers=2`` runs the
    chunks on both cores, ``client=`` on a Dask cluster; the answer is the same. Returns a tidy
    DataFrame (see ``Study.run``).
    """
    return Study(
        measures, n=n, seed=seed, where=where, predeal=predeal, chunk_size=chunk_size, confidence=confidence
    ).run(workers=workers, client=client, progress=progress)


# ---- double-dummy studies (the solver itself is bridgelab.analysis.dd)


def dd_study(
    n: int = 1_000,
    seed=None,
    where=None,
    predeal=None,
    *,
    declarers="NESW",
    strains=("C", "D", "H", "S", "NT"),
    chunk_size: int = 200,
    workers: int | None = 2,
    client=None,
    progress: bool = False,
) -> pd.DataFrame:
    """How often each declarer takes each number of tricks in each strain, over ``n`` seeded deals
    meeting ``where``: a study (see ``bridgelab.analysis.stats.study``) with one measure per declarer and
    strain, run on ``workers`` processes or a Dask ``client``."""
    seats = [Seat.parse(s) for s in declarers]
    measures = [f"{s.name} tricks {Strain.parse(t).name}" for s in seats for t in strains]
    return study(
        measures,
        n=n,
        seed=seed,
        where=where,
        predeal=predeal,
        chunk_size=chunk_size,
        workers=workers,
        client=client,
        progress=progress,
    )


def mean_tricks(result: pd.DataFrame) -> pd.DataFrame:
    """Average tricks per declarer (rows) and strain (columns) from a ``dd_study`` table."""
    df = result[result["measure"].str.contains(" tricks ")].copy()
    if df.empty:
        raise BridgeError("this table has no double-dummy measures ('N tricks NT' ...)")
    parts = df["measure"].str.split(" tricks ", expand=True)
    df["declarer"], df["strain"] = parts[0], parts[1]
    df["weighted"] = df["value"].astype(float) * df["proportion"]
    table = df.pivot_table(index="declarer", columns="strain", values="weighted", aggfunc="sum")
    order_r = [s.name for s in SEATS if s.name in table.index]
    order_c = [s.name for s in STRAINS if s.name in table.columns]
    return table.loc[order_r, order_c]
