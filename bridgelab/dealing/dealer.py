"""Random, constrained and predealt deals: one Deal, a list, or a numpy batch.

The generator
-------------
A seed (an int, a ``numpy.random.SeedSequence``, or None for fresh entropy from the OS)
seeds numpy's ``PCG64`` through ``SeedSequence``; its 64-bit words (``random_raw``: numpy keeps
the bit generators' streams unchanged across platforms and versions, NEP 19) drive a
Fisher-Yates shuffle of the cards not predealt, put back in order (clubs two first, spades
ace last) at the start of every deal. Each index of the shuffle is Lemire's multiply-and-take-the-high-half draw,
several from one 32-bit half-word (low half first), with the exact rejection step (a rejected
half-word starts the deal again with the next word), so every deal is equally likely and the
same seed gives the same deals everywhere. Only 39 cards are drawn: the last hand is what
remains. ``bridgelab.dealing.kernels`` has the details. The inner loops are compiled with numba
(cached on disk, so the compile, some seconds, is paid once per machine); without numba the
same code runs as plain Python, slowly.

``deal_batch(n, seed=s)`` draws from one stream; ``iter_batches`` gives chunk ``i`` the seed
``SeedSequence(entropy, spawn_key=spawn_key + (i,))`` (the i-th child of the seed), so its
deals depend on the seed and the chunk size only, never on the number of worker threads.

Constraints and predeal
-----------------------
``where`` is a function of a DealBatch returning a bool mask, or a string (see
``bridgelab.dealing.constraints``): "N: 15-17 balanced", "S>=5", "any 4432", "5+M",
"hcp(north) >= 15 && shape(north, any 4333 + any 4432)". ``predeal`` gives seats cards:
``{"N": "AKQ2.KJ4.A93.T52"}``, ``"S: AKQ2.KJ4.A93.T52"``, ``"N gets ♠AKQJ"``, ``"N: ♠AKxxx"``.
In a predeal, ``x`` is a spot card (2 to 9) not otherwise named, and a suit written with x's
is the whole suit: ``♠AKxxx`` is exactly five spades, the ace, the king and three of 2-9;
a suit without x names cards the seat gets (it may get more of the suit).

Smart stacking: when a seat's own conditions (HCP, suit lengths, shape, x-holdings) are rare,
its hand is drawn directly with the exact weights (counting the holdings of each suit by length
and HCP, then a product over the four suits), then the other hands are dealt at random, and
any remaining conditions are checked by rejection. The result is uniform over the deals that
satisfy everything, as plain rejection would be, only faster.
"""

from __future__ import annotations

import math
import os
import re
import sys
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import cached_property, lru_cache

import numpy as np

from ..model import evaluate as _ev
from ..model.cards import SUITS, Card, Rank, Seat, suit_index
from ..model.deal import Deal
from ..model.errors import ConstraintError, ParseError
from ..model.hand import Hand, holding_to_text
from ..text import notation
from .constraints import GRID_HCP, SHAPES, Constraint, _kernels, parse_constraint, seat_total, shape_code

__all__ = [
    "DealBatch",
    "deal",
    "deals",
    "deal_batch",
    "iter_batches",
    "deal_frame",
    "Predeal",
    "parse_predeal",
    "seed_sequence",
    "check_size",
    "check_workers",
    "MAX_WORKERS",
]

_FULL = (1 << 52) - 1
_SPOTS = 0xFF  # rank bits of the 2 ... 9
_SUIT_NAMES = tuple(s.full_name for s in SUITS)
_STACK_BELOW = 0.3  # stack a seat whose own conditions pass less often than this
_TEXT = [holding_to_text(h) for h in range(_ev.NHOLDINGS)]


def _bit(suit: int, rank_bit: int) -> int:
    return 13 * (3 - suit) + rank_bit


# ---- seeds ----------------------------------------------------------------------------------


def seed_sequence(seed=None) -> np.random.SeedSequence:
    """A SeedSequence from None (fresh entropy), a non-negative int, or a SeedSequence."""
    if seed is None:
        return np.random.SeedSequence()
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0:
        return np.random.SeedSequence(int(seed))
    raise ConstraintError(f"a seed is a non-negative integer, a numpy SeedSequence or None, not {seed!r}")


def _child(ss: np.random.SeedSequence, i: int) -> np.random.SeedSequence:
    """The i-th child of ``ss`` (what ``ss.spawn`` would give), without changing ``ss``."""
    return np.random.SeedSequence(ss.entropy, spawn_key=tuple(ss.spawn_key) + (i,), pool_size=ss.pool_size)


class _Stream:
    """64-bit words of PCG64, handed to the kernels in blocks."""

    def __init__(self, seed):
        if isinstance(seed, np.random.Generator):
            self.bitgen = seed.bit_generator
        else:
            self.bitgen = np.random.PCG64(seed_sequence(seed))
        self.words = np.empty(0, dtype=np.uint64)
        self.wpos = 0

    BLOCK = 1 << 14  # 128 kB of words at a time: they stay in the cache until used

    def refill(self, want: int) -> None:
        rest = self.words[self.wpos :]
        new = self.bitgen.random_raw(min(max(int(want), 256), self.BLOCK))
        self.words = np.concatenate([rest, new]) if rest.size else new
        self.wpos = 0


# ---- predeal --------------------------------------------------------------------------------


class Predeal:
    """Cards given to seats (``fixed``: a 52-bit mask per seat) and x-holdings (``allowed``).

    ``allowed[(seat, suit)]`` is a bool table over the 8,192 holdings: the suits written with
    x's, which the seat must hold exactly.
    """

    def __init__(self):
        self.fixed = [0, 0, 0, 0]
        self.owner: dict[int, int] = {}
        self.allowed: dict[tuple[int, int], np.ndarray] = {}
        self.spots_wanted: dict[tuple[int, int], int] = {}  # x's by (seat, suit)

    def give(self, seat: int, suit: int, rank_bit: int) -> None:
        b = _bit(suit, rank_bit)
        if b in self.owner:
            other = self.owner[b]
            where = (
                f"to {Seat(seat).full_name} twice"
                if other == seat
                else f"to {Seat(other).full_name} and to {Seat(seat).full_name}"
            )
            card = Card(SUITS[suit], Rank(rank_bit + 2))
            raise ConstraintError(f"{card} is predealt {where}: each card can go to one seat once")
        self.owner[b] = seat
        self.fixed[seat] |= 1 << b

    def add_suit(self, seat: int, suit: int, text: str, where: str) -> None:
        raw = text.strip().upper().replace("10", "T")
        if raw in ("-", "—", ""):
            return
        nx = raw.count("X")
        named = 0
        for ch in raw.replace("X", ""):
            try:
                b = notation.parse_rank(ch).bit
            except ParseError:
                raise ConstraintError(
                    f"{ch!r} in {where} is not a rank: use A K Q J T (or 10) 9 ... 2, "
                    "and x for a spot card 2-9"
                ) from None
            if named >> b & 1:
                raise ConstraintError(f"{where} names the {ch} twice")
            named |= 1 << b
            self.give(seat, suit, b)
        if nx:
            hs = np.arange(_ev.NHOLDINGS)
            ok = (
                ((hs & named) == named)
                & ((hs & ~named & ~_SPOTS) == 0)
                & (_ev.LENGTH == bin(named).count("1") + nx)
            )
            key = (seat, suit)
            self.allowed[key] = ok if key not in self.allowed else self.allowed[key] & ok
            self.spots_wanted[(seat, suit)] = self.spots_wanted.get((seat, suit), 0) + nx

    def check(self) -> None:
        for suit in range(4):
            nx = sum(self.spots_wanted.get((seat, suit), 0) for seat in range(4))
            if nx:
                taken = (self.others() >> 13 * (3 - suit)) & _SPOTS
                have = 8 - bin(taken).count("1")
                if nx > have:
                    raise ConstraintError(
                        f"the predeal asks for {nx} spot cards (x) in {_SUIT_NAMES[suit]}, "
                        f"and {have} are left of the eight (2 to 9): no hand can satisfy it"
                    )
        for seat in range(4):
            n = 13 - self.need(seat) + sum(self.spots_wanted.get((seat, s), 0) for s in range(4))
            if n > 13:
                raise ConstraintError(f"{Seat(seat).full_name} is predealt {n} cards: a hand has 13")

    def need(self, seat: int) -> int:
        """Cards still to be dealt to ``seat``: 13 less those predealt to it."""
        return 13 - bin(self.fixed[seat]).count("1")

    def others(self, seat: int | None = None) -> int:
        """The 52-bit mask of the cards predealt to the seats but ``seat`` (None: to all)."""
        out = 0
        for s, f in enumerate(self.fixed):
            if s != seat:
                out |= f
        return out

    @property
    def empty(self) -> bool:
        return not any(self.fixed) and not self.allowed

    def mask(self, holdings: np.ndarray) -> np.ndarray | None:
        """Deals whose x-suits are right (None when there are no x-suits)."""
        if not self.allowed:
            return None
        out = np.ones(holdings.shape[0], dtype=bool)
        for (seat, suit), table in self.allowed.items():
            out &= table[holdings[:, seat, suit]]
        return out


def _parse_hand_text(pre: Predeal, seat: int, text: str) -> None:
    """'AKQ2.KJ4.A93.T52' (dots), or suits by symbol, letter or name: '♠AKxxx ♥KQ', 'SAKQ HJ',
    'pada AKxx ärtu KQ'."""
    who = Seat(seat).full_name
    text = text.strip()
    if len(text) > _MAX_HAND_TEXT:  # a hand is short; a pasted page would be read for minutes
        raise ConstraintError(
            f"{who}'s predeal has {len(text):,} characters: a hand is written in at most "
            f"{_MAX_HAND_TEXT}, as 'AKQ2.KJ4.A93.T52' or '♠AKxxx ♥KQ'"
        )
    if "." in text:
        parts = text.split(".")
        if len(parts) != 4:
            raise ConstraintError(
                f"{who}'s predeal {text!r} has {len(parts)} suits: write four, "
                "spades.hearts.diamonds.clubs, as 'AKQ2.KJ4.A93.T52' (x for a spot card)"
            )
        for i, p in enumerate(parts):
            pre.add_suit(seat, i, p, f"{who}'s {_SUIT_NAMES[i]} {p!r}")
        return
    items = _SUIT_CARDS.findall(text)
    rest = _SUIT_CARDS.sub("", text)
    suits = [notation.suit_word(word or sym) for word, sym, _ in items]
    if not items or rest.replace(",", "").strip() or None in suits:
        raise ConstraintError(
            f"cannot read {who}'s predeal {text!r}: write a PBN hand 'AKQ2.KJ4.A93.T52', "
            "or suits with their cards, as '♠AKxxx ♥KQ', 'SAKQJ HK' or 'pada AKxx' "
            "(x is a spot card 2-9)"
        )
    for strain, (_, _, ranks) in zip(suits, items):
        suit = suit_index(strain)
        pre.add_suit(seat, suit, ranks, f"{who}'s {_SUIT_NAMES[suit]} {ranks!r}")


_MAX_HAND_TEXT = 300

# a suit then its cards: '♠AKxx', 'SAKQ', or a suit's name (any language) and a space: 'pada AKxx'
_SUIT_CARDS = re.compile(r"(?:([^\W\d_]{2,})\s+|([♠♥♦♣♤♡♢♧SHDCshdc])\s*)([0-9AKQJTXakqjtx]+|-)")


def parse_predeal(predeal) -> Predeal:
    """Read a predeal: a mapping seat -> hand text/Hand/cards, or 'N: ...; S gets ...' text."""
    pre = Predeal()
    if predeal is None:
        return pre
    if isinstance(predeal, Predeal):
        return predeal
    if isinstance(predeal, str):
        for part in [p for p in re.split(r"[;\n]", predeal) if p.strip()]:
            m = re.match(r"\s*([^\W\d_]+)\s*(?::|\bgets\b|\s)\s*(.*)$", part, re.I)
            if not m or notation.seat_word(m.group(1)) is None or not m.group(2).strip():
                raise ConstraintError(
                    f"cannot read the predeal {part.strip()!r}: write a seat and its cards, as "
                    "'S: AKQ2.KJ4.A93.T52', 'N gets ♠AKQJ' or 'N: ♠AKxxx'"
                )
            _parse_hand_text(pre, int(notation.parse_seat(m.group(1))), m.group(2))
    elif isinstance(predeal, Mapping):
        for key, value in predeal.items():
            try:
                seat = int(notation.parse_seat(key))
            except ParseError as e:
                raise ConstraintError(f"predeal: {e}") from None
            if isinstance(value, Hand):
                value = value.to_pbn()
            if isinstance(value, str):
                _parse_hand_text(pre, seat, value)
            else:
                for c in value:
                    try:
                        card = Card.parse(c)
                    except ParseError as e:
                        raise ConstraintError(f"predeal for {Seat(seat).full_name}: {e}") from None
                    pre.give(seat, card.suit_index, card.rank.bit)
    else:
        raise ConstraintError(
            "a predeal is a mapping {seat: cards} or text such as 'N gets ♠AKQJ', "
            f"not {type(predeal).__name__}"
        )
    pre.check()
    return pre


# ---- the batch ------------------------------------------------------------------------------


class DealBatch:
    """n deals as a (n, 4, 4) uint16 array (seats N E S W, suits S H D C), evaluated at once.

    ``batch.hcp`` is (n, 4); ``batch[i]`` is a Deal; ``batch[mask]`` a smaller batch.
    """

    def __init__(self, holdings):
        arr = np.asarray(holdings, dtype=np.uint16)
        if arr.ndim != 3 or arr.shape[1:] != (4, 4):
            raise ConstraintError(f"a DealBatch holds an array of shape (n, 4, 4), not {arr.shape}")
        arr = arr.view()
        arr.setflags(write=False)
        self.holdings = arr

    @classmethod
    def from_deals(cls, deals) -> "DealBatch":
        return cls(np.array([d.holdings for d in deals], dtype=np.uint16).reshape(-1, 4, 4))

    @classmethod
    def concat(cls, batches) -> "DealBatch":
        return cls(
            np.concatenate([b.holdings for b in batches]) if batches else np.zeros((0, 4, 4), np.uint16)
        )

    def __len__(self) -> int:
        return self.holdings.shape[0]

    def __getitem__(self, i):
        if isinstance(i, (int, np.integer)):
            return Deal.from_holdings(self.holdings[i])
        return DealBatch(self.holdings[i])

    def __iter__(self) -> Iterator[Deal]:
        return (Deal.from_holdings(h) for h in self.holdings)

    def __repr__(self) -> str:
        return f"<DealBatch of {len(self)} deals>"

    def evaluate(self, name: str) -> np.ndarray:
        """Evaluator ``name`` (built in or registered) for each seat: shape (n, 4)."""
        table = _ev.evaluator(name).table
        h = self.holdings
        # four look-ups added (faster than summing a (n, 4, 4) look-up over its last axis)
        out = table[h[:, :, 0]] + table[h[:, :, 1]]
        out += table[h[:, :, 2]]
        out += table[h[:, :, 3]]
        return out.astype(table.dtype, copy=False)

    def seat_value(self, name: str, seat: "Seat | str") -> np.ndarray:
        """Evaluator ``name`` for one seat: shape (n,) (a quarter of the work of ``evaluate``)."""
        return seat_total(self.holdings, int(Seat.parse(seat)), _ev.evaluator(name).table)

    def evaluate_suits(self, name: str) -> np.ndarray:
        """Evaluator ``name`` per seat and suit: shape (n, 4, 4)."""
        return _ev.evaluator(name).per_suit(self.holdings)

    hcp = cached_property(lambda self: self.evaluate("hcp"))
    controls = cached_property(lambda self: self.evaluate("controls"))
    honour_tricks = cached_property(lambda self: self.evaluate("honour_tricks"))
    quick_tricks = cached_property(lambda self: self.evaluate("quick_tricks"))
    losers = cached_property(lambda self: self.evaluate("losers"))
    length_points = cached_property(lambda self: self.evaluate("length_points"))
    shortness_points = cached_property(lambda self: self.evaluate("shortness_points"))
    for _p in (hcp, controls, honour_tricks, quick_tricks, losers, length_points, shortness_points):
        _p.__doc__ = "(n, 4): one value per seat, N E S W"
    del _p

    @cached_property
    def shape(self) -> np.ndarray:
        """(n, 4, 4) suit lengths: seats by suits S H D C."""
        return _ev.LENGTH[self.holdings]

    @cached_property
    def balanced(self) -> np.ndarray:
        return _ev.is_balanced(self.shape)

    @cached_property
    def semi_balanced(self) -> np.ndarray:
        return _ev.is_semi_balanced(self.shape)

    def patterns(self) -> np.ndarray:
        """(n, 4) pattern strings such as '4-4-3-2', longest suit first (``pattern_of``)."""
        shapes = self.shape.reshape(-1, 4)
        codes = shape_code(np.sort(shapes, axis=-1))  # one code per pattern
        _, first, inv = np.unique(codes, return_index=True, return_inverse=True)
        names = np.array([_ev.pattern_of(shapes[i]) for i in first], dtype=object)
        return names[inv.ravel()].reshape(self.shape.shape[:2])

    def pbn(self, first: "Seat | str" = Seat.N) -> list[str]:
        """The deals as PBN strings, 'N:AKQ2.KJ4.A93.T52 ...'."""
        start = Seat.parse(first)
        order = [int(s) for s in start.clockwise()]
        h = self.holdings[:, order, :].reshape(-1, 16).tolist()
        t = _TEXT
        head = f"{start.name}:"
        return [
            head + f"{t[r[0]]}.{t[r[1]]}.{t[r[2]]}.{t[r[3]]} {t[r[4]]}.{t[r[5]]}.{t[r[6]]}.{t[r[7]]} "
            f"{t[r[8]]}.{t[r[9]]}.{t[r[10]]}.{t[r[11]]} {t[r[12]]}.{t[r[13]]}.{t[r[14]]}.{t[r[15]]}"
            for r in h
        ]

    def to_deals(self) -> list[Deal]:
        return [Deal.from_holdings(h) for h in self.holdings]

    def is_valid(self) -> bool:
        """Every deal is 52 different cards, 13 to a hand (a check for tests and imports)."""
        h = self.holdings.astype(np.int64)
        every = h[:, 0] | h[:, 1] | h[:, 2] | h[:, 3]
        n = _ev.LENGTH[self.holdings].sum(axis=2)
        return bool(np.all(every == 0x1FFF) and np.all(n == 13))


# ---- layouts: what the kernels need -----------------------------------------------------------


def _shuffle_plan(cards: list[int], need: dict[int, int]):
    """Deck, draw owners and bounds to deal ``cards`` to the seats, ``need[seat]`` each.

    The seat that needs most takes what is left after the others' draws.
    """
    m = len(cards)
    rest = max(need, key=lambda s: (need[s], -s))
    seg_seat = [s for s in sorted(need) if s != rest and need[s] > 0]
    seg_end = list(np.cumsum([need[s] for s in seg_seat]))
    ndraw = seg_end[-1] if seg_end else 0
    bounds = [m - t for t in range(ndraw)]
    b, gs, th = _kernels().draw_groups(bounds)
    return dict(
        deck=np.array(cards or [0], dtype=np.uint8)[:m].copy(),
        seg_end=np.array(seg_end + [1 << 40], dtype=np.int64),  # a sentinel past the draws
        seg_seat=np.array(seg_seat, dtype=np.int64),
        rest_seat=rest,
        bounds=b,
        gstart=gs,
        gthresh=th,
    )


class _Plain:
    """Deals uniformly at random around the predealt cards."""

    words_per_deal = 5

    def __init__(self, pre: Predeal):
        fixed_all = pre.others()
        cards = [b for b in range(52) if not fixed_all >> b & 1]
        self.plan = _shuffle_plan(cards, {s: pre.need(s) for s in range(4)})
        self.fixed = np.array(pre.fixed, dtype=np.uint64)
        self.rest_mask = np.uint64(_FULL & ~fixed_all)
        # nothing predealt: the kernel made for the full deck, which writes a seat's four
        # holdings as one little-endian word
        self.full = not fixed_all and sys.byteorder == "little"

    PAIRS_FROM = 4096
    """Deals asked for at once from which the full deck's kernel is used: below it, the time
    to load that kernel (or to compile it, once, on a new machine) is not won back."""

    def fill(self, stream: _Stream, out: np.ndarray) -> None:
        p = self.plan
        d, n = 0, out.shape[0]
        pairs = self.full and n >= self.PAIRS_FROM and out.flags.c_contiguous and out.dtype == np.uint16
        while d < n:
            if stream.words.size - stream.wpos < 64:
                stream.refill((n - d) * self.words_per_deal + 64)
            if pairs:
                d, stream.wpos = _kernels().deal_full_pairs(
                    stream.words, stream.wpos, out.view(np.uint64).reshape(n, 4), d, n
                )
            d, stream.wpos = _kernels().deal_random(
                stream.words,
                stream.wpos,
                p["deck"],
                p["seg_end"],
                p["seg_seat"],
                self.fixed,
                p["rest_seat"],
                self.rest_mask,
                p["bounds"],
                p["gstart"],
                p["gthresh"],
                out,
                d,
                n,
            )
            if d < n:
                stream.refill((n - d) * self.words_per_deal + 64)


class _SeatCounts:
    """Holdings of one seat per suit, counted by (length, HCP), and hands per (shape, HCP)."""

    def __init__(self, pre: Predeal, seat: int, hcp_table: np.ndarray):
        others = pre.others(seat)
        hs = np.arange(_ev.NHOLDINGS)
        self.ctab = np.zeros((4, 14, 11), dtype=np.int64)
        self.hold_off = np.zeros((4, 14, 11), dtype=np.int64)
        lists = []
        off = 0
        for suit in range(4):
            sh = 13 * (3 - suit)
            own = (pre.fixed[seat] >> sh) & 0x1FFF
            banned = (others >> sh) & 0x1FFF
            ok = ((hs & own) == own) & ((hs & banned) == 0)
            if (seat, suit) in pre.allowed:
                ok &= pre.allowed[(seat, suit)]
            sel = hs[ok]
            sel = sel[np.lexsort((hcp_table[sel], _ev.LENGTH[sel]))]  # by length, then HCP
            counts = _ev.holding_counts(hcp_table, ok, width=11)
            self.ctab[suit] = counts
            self.hold_off[suit] = off + np.concatenate([[0], np.cumsum(counts.ravel())[:-1]]).reshape(14, 11)
            off += sel.size
            lists.append(sel)
        self.hold_list = np.concatenate(lists).astype(np.int64)
        c = self.ctab
        s23 = np.zeros((14, 14, 21), dtype=np.int64)
        for p in range(11):
            s23[:, :, p : p + 11] += c[2][:, None, p, None] * c[3][None, :, :]
        s123 = np.zeros((14, 14, 14, 31), dtype=np.int64)
        for p in range(11):
            s123[:, :, :, p : p + 21] += c[1][:, None, None, p, None] * s23[None, :, :, :]
        l0, l1, l2, l3 = SHAPES.T
        w = np.zeros((len(SHAPES), 41), dtype=np.int64)
        for p in range(11):
            w[:, p : p + 31] += c[0][l0, p][:, None] * s123[l1, l2, l3]
        self.s23, self.s123 = s23, s123
        self.weights = w  # (560 shapes, 41 HCP totals)
        self.total = int(self.weights.sum())


class _Stacked:
    """Draws ``seat``'s hand from the allowed (shape, HCP) cells with exact weights."""

    words_per_deal = 12

    def __init__(self, pre: Predeal, seat: int, counts: _SeatCounts, grid: np.ndarray):
        w = counts.weights.ravel() * grid
        cells = np.flatnonzero(w)
        self.cell_cum = np.cumsum(w[cells]).astype(np.int64)
        self.cell_shape = (cells // GRID_HCP).astype(np.int64)
        self.cell_hcp = (cells % GRID_HCP).astype(np.int64)
        self.counts = counts
        self.seat = seat
        self.free_all = np.uint64(_FULL & ~pre.others(seat))
        need = {s: pre.need(s) for s in range(4) if s != seat}
        self.plan = _shuffle_plan(list(range(sum(need.values()))), need)
        self.fixed = np.array(pre.fixed, dtype=np.uint64)

    def fill(self, stream: _Stream, out: np.ndarray) -> None:
        p, c = self.plan, self.counts
        d, n = 0, out.shape[0]
        while d < n:
            if stream.words.size - stream.wpos < 64:
                stream.refill((n - d) * self.words_per_deal + 64)
            d, stream.wpos = _kernels().deal_stacked(
                stream.words,
                stream.wpos,
                self.cell_cum,
                self.cell_shape,
                self.cell_hcp,
                SHAPES,
                c.ctab,
                c.s23,
                c.s123,
                c.hold_off,
                c.hold_list,
                self.seat,
                self.fixed,
                p["seg_end"],
                p["seg_seat"],
                p["rest_seat"],
                p["deck"],
                self.free_all,
                p["bounds"],
                p["gstart"],
                p["gthresh"],
                out,
                d,
                n,
            )
            if d < n:
                stream.refill((n - d) * self.words_per_deal + 64)


def _hcp_table_for_stacking(table: np.ndarray | None = None) -> np.ndarray | None:
    t = _ev.EVALUATORS["hcp"].table if table is None else table
    if not np.issubdtype(t.dtype, np.integer) or t.min() < 0 or t.max() > 10:
        return None
    return t.astype(np.int64)


class _Plan:
    """How to deal for a (where, predeal): the proposal (plain or stacked) and the check."""

    def __init__(self, where, predeal, method: str = "auto", hcp_table=None):
        """``hcp_table``: the point count to stack by (a Dealer script's pointcount); None is
        the registered 'hcp'."""
        if method not in ("auto", "reject", "stack"):
            raise ConstraintError(f"method is 'auto', 'reject' or 'stack', not {method!r}")
        self.pre = parse_predeal(predeal)
        if where is None or callable(where) and not isinstance(where, (str, Constraint)):
            self.where = where
            self.constraint = None
        else:
            self.constraint = parse_constraint(where)
            self.where = self.constraint
        self.proposal = self._choose(method, hcp_table)

    def _choose(self, method: str, custom_hcp=None):
        hcp_table = _hcp_table_for_stacking(custom_hcp)
        grids = (
            self.constraint.seat_grids(custom_hcp)
            if self.constraint is not None and (hcp_table is not None or custom_hcp is None)
            else {}
        )
        seats = set(grids) | {seat for seat, _ in self.pre.allowed}
        best = None
        if hcp_table is not None:
            for seat in sorted(seats):
                counts = _SeatCounts(self.pre, seat, hcp_table)
                grid = grids.get(seat, np.ones(GRID_CELLS, dtype=bool))
                ok = int((counts.weights.ravel() * grid).sum())
                if ok == 0:
                    what = []
                    if seat in grids:
                        what.append(f"the conditions on {Seat(seat).full_name}")
                    if not self.pre.empty:
                        what.append("the predeal")
                    raise ConstraintError(
                        f"no hand can satisfy {' with '.join(what)}"
                        + (f" ({self.constraint.text!r})" if self.constraint is not None else "")
                        + ": check the point ranges (0-37), that the suit lengths can add up to "
                        "13, and that predealt cards agree with the conditions"
                    )
                rate = ok / max(_plain_total(self.pre, seat), 1)
                if best is None or rate < best[0]:
                    best = (rate, seat, counts, grid)
        if method == "stack" and best is None:
            raise ConstraintError(
                "method='stack' needs a condition on one seat's HCP, suit lengths or shape "
                "(or an x-holding in the predeal) to draw that hand directly"
            )
        if best is not None and (method == "stack" or method == "auto" and best[0] < _STACK_BELOW):
            _, seat, counts, grid = best
            self.stacked_seat = seat
            self.rate_hint = best[0]
            return _Stacked(self.pre, seat, counts, grid)
        self.stacked_seat = None
        self.rate_hint = best[0] if best is not None else 1.0
        return _Plain(self.pre)

    def accept(self, holdings: np.ndarray) -> np.ndarray | None:
        mask = None
        if self.pre.allowed:
            mask = self.pre.mask(holdings)
        if self.where is not None:
            m = np.asarray(self.where(DealBatch(holdings)))
            if m.dtype != bool or m.shape != (holdings.shape[0],):
                raise ConstraintError(
                    "a where function must return a bool array with one value per deal, "
                    f"shape ({holdings.shape[0]},); got dtype {m.dtype} shape {m.shape}"
                )
            mask = m if mask is None else mask & m
        return mask


GRID_CELLS = len(SHAPES) * GRID_HCP


@lru_cache(maxsize=64)
def _cached_plan(where, predeal, method, evaluators_version) -> "_Plan":
    return _Plan(where, predeal, method)


def _plan(where, predeal, method: str = "auto") -> "_Plan":
    """The plan for (where, predeal), reused when both are text (parsing and counting cost ~2 ms).

    A plan is not changed by dealing (the kernels copy what they shuffle), so threads share it.
    """
    if (where is None or isinstance(where, str)) and (predeal is None or isinstance(predeal, str)):
        # keyed on the 'hcp' table too: stacking counts with it, and it can be re-registered
        # re-planned whenever an evaluator is registered again or removed
        return _cached_plan(where, predeal, method, _ev.EVALUATORS.version)
    return _Plan(where, predeal, method)


def _plain_total(pre: Predeal, seat: int) -> int:
    """Hands ``seat`` can get given the fixed cards alone."""
    return math.comb(sum(pre.need(s) for s in range(4)), pre.need(seat))


# ---- dealing ----------------------------------------------------------------------------------


def _default_budget(n: int) -> int:
    return 10_000_000 + 1000 * n


DEAL_BYTES = 32
"""Memory of one deal in a batch: 4 x 4 uint16 holdings."""


def _available_memory() -> int:
    """Bytes of memory the system can still give (MemAvailable on Linux; else the physical
    memory; else a generous 64 GB, so that the size check never refuses on a guess)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 64 << 30


def _gb(nbytes: float) -> str:
    return f"{nbytes / 1e9:,.1f} GB" if nbytes >= 1e8 else f"{nbytes / 1e6:,.0f} MB"


def check_size(n: int, per_deal: int = DEAL_BYTES, what: str = "a batch") -> None:
    """Refuse, before allocating, ``n`` deals that would need more than half the free memory,
    saying how many fit and what to use instead (``iter_batches`` or ``stats.study``)."""
    need = n * per_deal
    free = _available_memory()
    if need > free // 2:
        fits = max(free // 2 // per_deal, 0)
        raise ConstraintError(
            f"{n:,} deals as {what} need about {_gb(need)}, and this machine has {_gb(free)} free: "
            f"about {fits:,} fit; for more, deal in chunks with iter_batches(n, chunk=1_000_000) "
            "or count with stats.study, which never hold all the deals at once"
        )


MAX_WORKERS = 64
"""The most worker threads or processes a call may ask for."""


def check_workers(workers) -> int:
    """``workers`` as a whole number 1 to ``MAX_WORKERS`` (None means 1), or a ConstraintError."""
    if workers is None:
        return 1
    if (
        isinstance(workers, bool)
        or not isinstance(workers, (int, np.integer))
        or not (1 <= workers <= MAX_WORKERS)
    ):
        raise ConstraintError(
            f"workers is a whole number from 1 to {MAX_WORKERS}, not {workers!r} "
            f"(this machine has {os.cpu_count() or 1} cores; more workers than cores gain nothing)"
        )
    return int(workers)


def _max_tries(max_tries) -> "int | None":
    if max_tries is None:
        return None
    if isinstance(max_tries, bool) or not isinstance(max_tries, (int, np.integer)) or max_tries < 1:
        raise ConstraintError(f"max_tries is a whole number of deals, 1 or more, not {max_tries!r}")
    return int(max_tries)


def _hopeless(n: int, got: int, tried: int, budget: int) -> "float | None":
    """The deals still needed at an optimistic rate, if even that cannot finish in the budget.

    The optimistic rate is an upper confidence bound on the acceptance rate seen so far (about
    three standard errors above it; with nothing matched, 5 / tried, past the rule of three),
    so a request that could finish is almost never stopped."""
    if got >= n or tried < 100_000:
        return None
    rate_up = (got + 3 * math.sqrt(got) + 5) / tried
    still = (n - got) / rate_up
    return still if tried + still > budget else None


def _generate(n: int, stream: _Stream, plan: _Plan, max_tries: int | None, progress) -> np.ndarray:
    if n < 0:
        raise ConstraintError(f"the number of deals is 0 or more, not {n}")
    budget = _default_budget(n) if max_tries is None else max_tries
    if plan.where is None and not plan.pre.allowed:
        out = np.empty((n, 4, 4), dtype=np.uint16)
        bar = _bar(progress, n, n >= 5_000_000)
        step = 1 << 20 if bar is not None else max(n, 1)
        for a in range(0, n, step):
            plan.proposal.fill(stream, out[a : a + step])
            if bar is not None:
                bar.update(min(step, n - a))
        if bar is not None:
            bar.close()
        return out
    parts, got, tried = [], 0, 0
    rate = max(plan.rate_hint if plan.stacked_seat is None else 0.5, 1e-3)
    bar = None
    start = None  # timed from the end of the first batch, which may include compiling
    while got < n:
        want = int(min(max((n - got) / rate * 1.1 + 16, 256), 1 << 20, max(budget - tried, 1)))
        buf = np.empty((want, 4, 4), dtype=np.uint16)
        plan.proposal.fill(stream, buf)
        tried += want
        mask = plan.accept(buf)
        kept = buf[mask] if mask is not None else buf
        if kept.shape[0]:
            parts.append(kept[: n - got])
            got += min(kept.shape[0], n - got)
        rate = max(got, 1) / tried
        if start is None:
            start = time.perf_counter()
        if (
            bar is None
            and got < n
            and progress is not False
            and (progress or time.perf_counter() - start > 1.0)
        ):
            bar = _bar(True, n, True)
            if bar is not None:
                bar.update(got)
        elif bar is not None:
            bar.update(got - bar.n)
        what = repr(plan.constraint.text) if plan.constraint is not None else "the where function"
        still = _hopeless(n, got, tried, budget)
        if still is not None:
            if bar is not None:
                bar.close()
            raise ConstraintError(
                f"stopped early: {got:,} of {tried:,} deals tried matched {what}, so the "
                f"{n - got:,} deals still to find would need about {still:,.0f} more tries even "
                f"at the best rate this allows, past the limit of {budget:,} tries (max_tries): "
                "ask for fewer deals, loosen the conditions, or raise max_tries"
            )
        if got < n and tried >= budget:
            if bar is not None:
                bar.close()
            raise ConstraintError(
                f"gave up after {tried:,} deals{' (with ' + Seat(plan.stacked_seat).full_name + ' stacked)' if plan.stacked_seat is not None else ''}: "
                f"{got:,} matched {what}, {n:,} were asked for; the conditions are too rare "
                "(or impossible together): loosen them, or raise max_tries"
            )
    if bar is not None:
        bar.close()
    return np.concatenate(parts) if parts else np.zeros((0, 4, 4), np.uint16)


def _bar(progress, total: int, long: bool):
    if progress is False or (progress is None and not long):
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="deal", unit_scale=True, leave=False)


def deal_batch(
    n: int,
    seed=None,
    where=None,
    predeal=None,
    *,
    progress=None,
    max_tries: int | None = None,
    method: str = "auto",
) -> DealBatch:
    """``n`` random deals satisfying ``where`` around ``predeal``, as a DealBatch.

    ``max_tries`` (default 10,000,000 + 1,000 n) bounds the deals tried; past it a
    ConstraintError reports how many were tried and matched. ``method`` is 'auto' (stack a
    rare one-seat condition), 'reject' (plain rejection) or 'stack'.
    """
    n = _count(n)
    max_tries = _max_tries(max_tries)
    check_size(n)
    plan = _plan(where, predeal, method)
    return DealBatch(_generate(n, _Stream(seed), plan, max_tries, progress))


def deal(seed=None, where=None, predeal=None) -> Deal:
    """One random Deal (satisfying ``where`` around ``predeal``)."""
    return deal_batch(1, seed=seed, where=where, predeal=predeal)[0]


def deals(
    n: int, seed=None, where=None, predeal=None, progress=None, max_tries: int | None = None
) -> list[Deal]:
    """A list of ``n`` random Deals satisfying ``where`` around ``predeal``.

    Each Deal is a Python object (some microseconds and a few hundred bytes each): for
    thousands of deals, ``deal_batch`` is the tool (a million deals in well under a second,
    evaluated at once as arrays); ``iter_batches`` or ``stats.study`` for more than fit in memory.
    """
    check_size(_count(n), 600, "Deal objects")
    return deal_batch(
        n, seed=seed, where=where, predeal=predeal, progress=progress, max_tries=max_tries
    ).to_deals()


def iter_batches(
    n: int,
    seed=None,
    where=None,
    predeal=None,
    chunk: int = 1_000_000,
    *,
    workers: int = 1,
    progress=None,
    max_tries: int | None = None,
    method: str = "auto",
) -> Iterator[DealBatch]:
    """``n`` deals as DealBatches of ``chunk`` deals (the last may be smaller).

    Chunk ``i`` is dealt from the i-th child of the seed, so the deals depend on the seed and
    ``chunk`` only; ``workers`` threads deal chunks side by side (the compiled loops release
    the GIL). At most ``workers + 1`` chunks are in memory at a time.
    """
    n = _count(n)
    chunk = _count(chunk)
    if chunk == 0:
        raise ConstraintError("chunk is the number of deals in each batch: 1 or more")
    workers = check_workers(workers)
    max_tries = _max_tries(max_tries)
    check_size(min(n, chunk) * (workers + 1))
    ss = seed_sequence(seed)
    plan = _plan(where, predeal, method)
    sizes = [min(chunk, n - a) for a in range(0, n, chunk)]

    def one(i: int) -> DealBatch:
        return DealBatch(_generate(sizes[i], _Stream(_child(ss, i)), plan, max_tries, False))

    bar = _bar(progress, n, n >= 5_000_000)
    try:
        if workers <= 1:
            for i in range(len(sizes)):
                b = one(i)
                if bar is not None:
                    bar.update(len(b))
                yield b
            return
        with ThreadPoolExecutor(max_workers=workers) as pool:
            pending = []
            nxt = 0
            while nxt < len(sizes) and len(pending) < workers + 1:
                pending.append(pool.submit(one, nxt))
                nxt += 1
            while pending:
                b = pending.pop(0).result()
                if nxt < len(sizes):
                    pending.append(pool.submit(one, nxt))
                    nxt += 1
                if bar is not None:
                    bar.update(len(b))
                yield b
    finally:
        if bar is not None:
            bar.close()


def _count(n) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ConstraintError(f"a number of deals is a whole number 0 or more, not {n!r}")
    return int(n)


# ---- the data frame ---------------------------------------------------------------------------

FRAME_ROW_BYTES = 1000
"""Memory of one row of ``deal_frame`` while it is built (about 500 bytes a row measured with
the built-in evaluators, doubled for the arrays made on the way)."""

_FRAME_EVALUATORS = (
    "hcp",
    "controls",
    "losers",
    "honour_tricks",
    "quick_tricks",
    "length_points",
    "shortness_points",
)


def deal_frame(n: int, seed=None, where=None, predeal=None, **kw):
    """A pandas DataFrame of ``n`` deals, one row a deal.

    Columns: ``pbn`` (str); for each seat X in N E S W: ``hcp_X``, ``controls_X``,
    ``losers_X``, ``length_points_X``, ``shortness_points_X`` (int8), ``honour_tricks_X``,
    ``quick_tricks_X`` (float64), ``spades_X`` ... ``clubs_X`` (int8 lengths), ``pattern_X``
    (str, '4-4-3-2'), ``balanced_X`` and ``semi_balanced_X`` (bool), and one column per
    evaluator registered beyond the built-ins.
    """
    check_size(_count(n), FRAME_ROW_BYTES, "a data frame")
    return batch_frame(deal_batch(n, seed=seed, where=where, predeal=predeal, **kw))


def batch_frame(batch: DealBatch):
    """The DataFrame of ``deal_frame`` for an existing batch."""
    import pandas as pd

    cols: dict[str, np.ndarray | list] = {"pbn": batch.pbn()}
    names = list(_FRAME_EVALUATORS) + [
        k for k in _ev.EVALUATORS if k not in _FRAME_EVALUATORS and k != "length"
    ]
    values = {}
    for name in names:
        v = batch.evaluate(name)
        if np.issubdtype(v.dtype, np.integer):
            v = v.astype(np.int8 if name in _FRAME_EVALUATORS else np.int64)
        values[name] = v
    shape = batch.shape
    patterns = batch.patterns()
    for i, seat in enumerate("NESW"):
        for name in names:
            cols[f"{name}_{seat}"] = values[name][:, i]
        for s, sname in enumerate(_SUIT_NAMES):
            cols[f"{sname}_{seat}"] = shape[:, i, s].astype(np.int8)
        cols[f"pattern_{seat}"] = patterns[:, i]
        cols[f"balanced_{seat}"] = batch.balanced[:, i]
        cols[f"semi_balanced_{seat}"] = batch.semi_balanced[:, i]
    return pd.DataFrame(cols)
