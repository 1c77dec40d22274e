"""The teacher's notation, read in one place: ranges, shapes, seats, suits and ranks.

Constraints ("N: 15-17 balanced"), exact statistics (``hand_probability(hcp=">=15",
pattern="4333")``), the bidding system's tables, predeal, the command line and the quiz all read
these forms here, so a form means the same thing wherever a teacher types it.

Ranges (of points, lengths or any evaluator; a bound may be a decimal, as 1.5 quick tricks)::

    15-17   15+   >=15 (=> ≥)   <=10 (=< ≤)   >15   <10   =15 (==)   15

Shapes, suits in the order spades, hearts, diamonds, clubs::

    4333  5xx4      exact lengths by suit (x is any length), as in Dealer's shape()
    4=3=3=3        the same, written with '='
    4-3-3-3        a pattern: those lengths in any suits (so is "any 4333", "any 55xx")
    (4-4)xx        the suits in brackets in any order among themselves (4-4 in the majors)
    5+M  4+m  5-6H  5+♠  4 pik    a length of a major (M), a minor (m) or a named suit
    balanced  semi-balanced  unbalanced

>>> parse_range("15-17")
Range('15-17')
>>> 16 in parse_range(">=15"), 10 in parse_range("<10")
(True, False)
>>> parse_shape("4=3=3=3") == parse_shape("4333")
True
>>> sorted(parse_shape("balanced").patterns)
['4-3-3-3', '4-4-3-2', '5-3-3-2']
>>> parse_seat("Süd"), parse_suit("pada"), parse_rank("kuningas", "et")
(Seat.S, Strain.S, <Rank.KING: 13>)
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np

from ..model.cards import Rank, Seat, Strain
from ..model.errors import ParseError
from . import terms as _terms

__all__ = [
    "SHAPES",
    "PATTERNS",
    "Range",
    "Shapes",
    "parse_range",
    "match_range",
    "parse_shape",
    "match_shape",
    "parse_pattern",
    "parse_seat",
    "seat_word",
    "parse_suit",
    "suit_word",
    "suits_named",
    "parse_rank",
    "number_text",
]

SHAPES: tuple[tuple[int, int, int, int], ...] = tuple(
    s for s in itertools.product(range(14), repeat=4) if sum(s) == 13
)
"""The 560 shapes a hand can have: lengths of spades, hearts, diamonds, clubs."""


def _pattern(shape) -> str:
    return "-".join(map(str, sorted(shape, reverse=True)))


PATTERNS: tuple[str, ...] = tuple(
    sorted({_pattern(s) for s in SHAPES}, key=lambda p: [int(x) for x in p.split("-")])
)
"""The 39 patterns: suit lengths longest first, whatever the suits ('4-3-3-3')."""

_NCODES = 14**4
_SHAPES_ARRAY = np.array(SHAPES, dtype=np.int64)


# ---- ranges ---------------------------------------------------------------------------------

_NUM = r"\d+(?:\.\d+)?"
_RANGE = re.compile(
    rf"""(?:
        (?P<op>>=|=>|≥|<=|=<|≤|==|=|>|<)\s*(?P<n>{_NUM})
      | (?P<lo>{_NUM})\s*[-–]\s*(?P<hi>{_NUM})
      | (?P<plus>{_NUM})\s*\+
      | (?P<exact>{_NUM})
    )(?![\d.])""",
    re.VERBOSE,
)
_RANGE_HELP = "write 15-17, 15+, >=15, <=10, >15, <10 or 15"


def _number(text: str) -> int | float:
    v = float(text)
    return int(v) if v.is_integer() else v


@dataclass(frozen=True)
class Range:
    """Values from ``lo`` to ``hi`` (inclusive unless ``lo_open`` / ``hi_open``); ±inf: no bound."""

    lo: float = -math.inf
    hi: float = math.inf
    lo_open: bool = False
    hi_open: bool = False
    text: str = field(default="", compare=False)

    def __contains__(self, value) -> bool:
        return bool(self.mask(value))

    def mask(self, values):
        """A bool (array) for each value: is it in the range?"""
        v = np.asarray(values, dtype=float)
        lo = v > self.lo if self.lo_open else v >= self.lo
        hi = v < self.hi if self.hi_open else v <= self.hi
        return lo & hi

    def bounds(self) -> tuple[float, float]:
        """Inclusive bounds, to say a range in words: an open end steps to the next whole
        number ('<10' is (-inf, 9), right for HCP and lengths); a closed end stays as written."""
        lo, hi = self.lo, self.hi
        if self.lo_open:
            lo = math.floor(lo) + 1
        if self.hi_open:
            hi = math.ceil(hi) - 1
        return lo, hi

    def __str__(self) -> str:
        if self.text:
            return self.text
        f = _fmt
        if self.lo == -math.inf and self.hi == math.inf:
            return "any"
        if self.hi == math.inf:
            return f">{f(self.lo)}" if self.lo_open else f"{f(self.lo)}+"
        if self.lo == -math.inf:
            return f"<{f(self.hi)}" if self.hi_open else f"<={f(self.hi)}"
        if self.lo == self.hi:
            return f(self.lo)
        return f"{f(self.lo)}-{f(self.hi)}"

    def __repr__(self) -> str:
        return f"Range({str(self)!r})"


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def number_text(x: float) -> str:
    """A bound as it is written: '15', '1.5'."""
    return _fmt(x)


def match_range(text: str, pos: int = 0) -> tuple[Range, int] | None:
    """Read a range at ``text[pos:]`` (spaces first are skipped): (the range, where it ends), or
    None when no range starts there. Raises ParseError for an empty range such as 17-15."""
    while pos < len(text) and text[pos].isspace():
        pos += 1
    m = _RANGE.match(text, pos)
    if not m:
        return None
    src = m.group(0)
    inf = math.inf
    if m["op"]:
        n, op = _number(m["n"]), m["op"]
        r = {
            ">=": Range(n),
            "=>": Range(n),
            "≥": Range(n),
            ">": Range(n, lo_open=True),
            "<=": Range(hi=n),
            "=<": Range(hi=n),
            "≤": Range(hi=n),
            "<": Range(hi=n, hi_open=True),
            "=": Range(n, n),
            "==": Range(n, n),
        }[op]
    elif m["lo"]:
        lo, hi = _number(m["lo"]), _number(m["hi"])
        if lo > hi:
            raise ParseError(f"the range {src!r} is empty: write the low end first, as {_fmt(hi)}-{_fmt(lo)}")
        r = Range(lo, hi)
    elif m["plus"]:
        r = Range(_number(m["plus"]), inf)
    else:
        n = _number(m["exact"])
        r = Range(n, n)
    return Range(r.lo, r.hi, r.lo_open, r.hi_open, src), m.end()


def parse_range(spec, what: str = "a value") -> Range:
    """A Range from '15-17', '15+', '>=15', '<10', '15', a number, a pair (15, 17) or range(15, 18).

    ``what`` names the measure in the error message ("hcp", "spades").
    """
    if isinstance(spec, Range):
        return spec
    if isinstance(spec, (int, float, np.integer, np.floating)) and not isinstance(spec, bool):
        return Range(float(spec), float(spec))
    if isinstance(spec, range) and spec.step == 1 and len(spec):
        return Range(spec.start, spec.stop - 1)
    numbers = (int, float, np.integer, np.floating)
    if (
        isinstance(spec, (tuple, list))
        and len(spec) == 2
        and all(isinstance(x, numbers) and not isinstance(x, bool) for x in spec)
    ):
        lo, hi = float(spec[0]), float(spec[1])
        if lo > hi:
            raise ParseError(f"the range {tuple(spec)!r} for {what} is empty: write the low end first")
        return Range(lo, hi)
    if isinstance(spec, str):
        found = match_range(spec)
        if found and not spec[found[1] :].strip():
            return found[0]
    raise ParseError(f"{spec!r} is not a range for {what}: {_RANGE_HELP}, or give two numbers (15, 17)")


# ---- shapes ---------------------------------------------------------------------------------


class Shapes:
    """A set of the 560 shapes (spades, hearts, diamonds, clubs), as a notation form names them."""

    def __init__(self, shapes, text: str = ""):
        self.shapes: frozenset[tuple[int, int, int, int]] = frozenset(
            tuple(int(x) for x in s) for s in shapes
        )
        self.text = text

    @cached_property
    def table(self) -> np.ndarray:
        """A bool table over shape codes (spades*2744 + hearts*196 + diamonds*14 + clubs)."""
        table = np.zeros(_NCODES, dtype=bool)
        table[[((s * 14 + h) * 14 + d) * 14 + c for s, h, d, c in self.shapes]] = True
        table.setflags(write=False)
        return table

    def mask(self, lengths) -> np.ndarray:
        """For an array of lengths (last axis spades ... clubs): does each shape belong?"""
        a = np.asarray(lengths).astype(np.int64)
        return self.table[((a[..., 0] * 14 + a[..., 1]) * 14 + a[..., 2]) * 14 + a[..., 3]]

    def __contains__(self, shape) -> bool:
        return tuple(int(x) for x in shape) in self.shapes

    @property
    def patterns(self) -> frozenset[str]:
        """The patterns ('4-3-3-3') of the shapes in the set."""
        return frozenset(_pattern(s) for s in self.shapes)

    def __or__(self, other: "Shapes") -> "Shapes":
        return Shapes(self.shapes | other.shapes, f"{self.text} + {other.text}")

    def __invert__(self) -> "Shapes":
        return Shapes(set(SHAPES) - self.shapes, f"not {self.text}")

    def __eq__(self, other) -> bool:
        return isinstance(other, Shapes) and self.shapes == other.shapes

    def __hash__(self) -> int:
        return hash(self.shapes)

    def __len__(self) -> int:
        return len(self.shapes)

    def __repr__(self) -> str:
        return f"Shapes({self.text!r}: {len(self.shapes)} shapes)"


def _where(pred, text: str) -> Shapes:
    return Shapes([s for s in SHAPES if pred(s)], text)


_BAL = {"4-3-3-3", "4-4-3-2", "5-3-3-2"}
_SEMI = _BAL | {"5-4-2-2", "6-3-2-2"}
_WORDS = {
    "balanced": lambda s: _pattern(s) in _BAL,
    "bal": lambda s: _pattern(s) in _BAL,
    "semi-balanced": lambda s: _pattern(s) in _SEMI,
    "semibalanced": lambda s: _pattern(s) in _SEMI,
    "semi balanced": lambda s: _pattern(s) in _SEMI,
    "semi_balanced": lambda s: _pattern(s) in _SEMI,
    "unbalanced": lambda s: _pattern(s) not in _BAL,
}
_WORD_RE = re.compile(r"(semi[-_ ]?balanced|unbalanced|balanced|bal)(?![\w-])", re.I)
# four positions: a digit, or with separators 10-13; x any; brackets: in any order among themselves
_ITEM = r"(?:1[0-3]|\d|[xX])"
_GROUP = rf"\({_ITEM}(?:[-=]{_ITEM})*\)"
_SEPARATED = re.compile(
    rf"(?P<any>any\s+)?(?P<body>(?:{_ITEM}|{_GROUP})(?:[-=](?:{_ITEM}|{_GROUP}))*)(?![\w.(])", re.I
)
_PLAIN = re.compile(r"(?P<any>any\s+)?(?P<body>(?:[\dxX]|\([\dxX](?:[-=]?[\dxX])*\))+)(?![\w.(])", re.I)
_SUITS_RE = re.compile(r"\s*(M|m|♠|♥|♦|♣|♤|♡|♢|♧|[^\W\d_][\w]*)")
_SHAPE_HELP = (
    "write 4333 or 4=3=3=3 (spades, hearts, diamonds, clubs), 5xx4 (x any), a pattern "
    "4-3-3-3 or 'any 4333' (any suits), (4-4)xx (bracketed suits in any order), 5+M, "
    "4+m, 5-6H, balanced, semi-balanced or unbalanced"
)


@lru_cache(maxsize=1024)
def _read_body(body: str, any_order: bool, src: str) -> Shapes:
    """The shapes of four positions such as '4333', '4-3-3-3', '4=3=3=3', '(4-4)xx'."""
    groups: list[list[str]] = []
    seps = set()
    i = 0
    while i < len(body):
        ch = body[i]
        if ch in "-=":
            seps.add(ch)
            i += 1
        elif ch == "(":
            end = body.index(")", i)
            inner = body[i + 1 : end]  # inside brackets either separator means the same
            groups.append(re.findall(_ITEM, inner) if re.search(r"[-=]", inner) else list(inner))
            i = end + 1
        else:
            # 10-13 need separators between the suits: '10(3-9)' is 1, 0, then 3 and 9
            separated = re.search(r"[-=]", re.sub(r"\([^)]*\)", "", body))
            m = re.match(_ITEM if separated else r"\d|[xX]", body[i:])
            groups.append([m.group(0)])
            i += len(m.group(0))
    bracketed = any(len(g) > 1 for g in groups)
    positions = [p.lower() for g in groups for p in g]
    if len(positions) != 4:
        raise ParseError(f"the shape {src!r} has {len(positions)} suit lengths, not four: {_SHAPE_HELP}")
    if seps == {"-", "="}:
        raise ParseError(f"the shape {src!r} mixes '-' (any suits) and '=' (these suits): use one")
    fixed = [int(p) for p in positions if p != "x"]
    if sum(fixed) > 13 or ("x" not in positions and sum(fixed) != 13):
        raise ParseError(
            f"the shape {src!r} adds up to {sum(fixed)} cards"
            f"{' or more' if 'x' in positions else ''}, "
            f"not 13: a shape gives the lengths of spades, hearts, diamonds and clubs (x for any)"
        )
    if any_order or (seps == {"-"} and not bracketed):
        orders = list(itertools.permutations(range(4)))
    else:
        # each bracketed group may be permuted among its own positions
        slots, start = [], 0
        for g in groups:
            slots.append(list(range(start, start + len(g))))
            start += len(g)
        orders = [
            sum((list(p) for p in combo), [])
            for combo in itertools.product(*(itertools.permutations(s) for s in slots))
        ]
    want = [(k, int(p)) for k, p in enumerate(positions) if p != "x"]
    match = np.zeros(len(SHAPES), dtype=bool)
    for order in orders:
        match |= np.all([_SHAPES_ARRAY[:, order[k]] == w for k, w in want] or [True], axis=0)
    return Shapes([SHAPES[i] for i in np.flatnonzero(match)], src)


def suits_named(word: str, lang: str | None = None) -> tuple[int, ...] | None:
    """Positions (spades 0 ... clubs 3) named by 'M' (a major), 'm' (a minor), 'S', '♠',
    'spades', 'pada' ...; None for any other word."""
    if word == "M" or word.lower() in ("major", "majors"):
        return (0, 1)
    if word == "m" or word.lower() in ("minor", "minors"):
        return (2, 3)
    strain = suit_word(word, lang)
    return None if strain is None else (3 - int(strain),)


def match_shape(
    text: str, pos: int = 0, lang: str | None = None, lengths: bool = True
) -> tuple[Shapes, int] | None:
    """Read a shape at ``text[pos:]``: (the shapes, where the form ends), or None when none
    starts there. Raises ParseError for a shape that cannot be (five lengths, 14 cards).

    ``lengths=False`` leaves a suit's length (5+M, 5-6H) to the caller, as the compact form
    does, where "N 12+ S 8+" names South, not spades."""
    while pos < len(text) and text[pos].isspace():
        pos += 1
    m = _WORD_RE.match(text, pos)
    if m:
        key = m.group(1).lower()
        return _where(_WORDS[key], key), m.end()
    for regex in (_SEPARATED, _PLAIN):
        m = regex.match(text, pos)
        if m:
            n = len(re.findall(_ITEM if regex is _SEPARATED else r"[\dxX]", m["body"]))
            if n == 4 or (regex is _SEPARATED and n > 2) or (m["any"] and n > 1):
                return _read_body(m["body"], bool(m["any"]), m.group(0)), m.end()
    # a length of some suit: 5+M, 4+m, 5-6H, 4S, 5+♠, 4 pik
    found = match_range(text, pos) if lengths else None
    if found:
        rng, end = found
        w = _SUITS_RE.match(text, end)
        if w:
            suits = suits_named(w.group(1), lang)
            if suits is not None:
                src = text[pos : w.end()]
                match = np.logical_or.reduce([rng.mask(_SHAPES_ARRAY[:, i]) for i in suits])
                return Shapes([SHAPES[i] for i in np.flatnonzero(match)], src), w.end()
    return None


def parse_shape(spec, lang: str | None = None) -> Shapes:
    """The shapes a form names: '4333', '4=3=3=3', '4-3-3-3', 'any 4432', '(4-4)xx', '5+M',
    'balanced' (see the module doc); a Shapes, or a list of forms (any of them), also works."""
    if isinstance(spec, Shapes):
        return spec
    if isinstance(spec, str):
        found = match_shape(spec, 0, lang)
        if found and not spec[found[1] :].strip():
            return found[0]
        raise ParseError(f"{spec!r} is not a shape: {_SHAPE_HELP}")
    if isinstance(spec, (list, tuple, set, frozenset)):
        parts = [parse_shape(p, lang) for p in spec]
        if not parts:
            raise ParseError("an empty list of shapes matches no hand: give at least one")
        out = parts[0]
        for p in parts[1:]:
            out = out | p
        return out
    raise ParseError(f"{spec!r} is not a shape: {_SHAPE_HELP}")


def parse_pattern(text) -> str | None:
    """The one pattern ('5-4-3-1') a form names, as a learner answers 'what is the pattern?';
    None when the text names no shape or shapes of several patterns ('balanced')."""
    try:
        shapes = parse_shape(str(text).strip())
    except ParseError:
        return None
    pats = shapes.patterns
    return next(iter(pats)) if len(pats) == 1 else None


# ---- seats, suits and ranks ------------------------------------------------------------------


def seat_word(text: str, lang: str | None = None) -> Seat | None:
    """A seat named in running text: English letters and names, and the whole names of every
    language ('Nord', 'sever', 'Utara'); single letters of ``lang`` only when it is given
    (Czech 'J' is jih, South). None for any other word."""
    raw = str(text).strip()
    try:
        return Seat.parse(raw)
    except ParseError:
        pass
    if len(raw) < 2 and lang is None:
        return None
    try:
        return _terms.parse_seat(raw, lang)
    except ParseError:
        return None


def parse_seat(text, lang: str | None = None) -> Seat:
    """A seat from a letter or a name in English or any language (see ``seat_word``)."""
    if isinstance(text, Seat):
        return text
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 4:
        return Seat(text)
    seat = seat_word(str(text), lang)
    if seat is None:
        raise ParseError(
            f"{text!r} is not a seat: write N, E, S or W, or a seat's name (North, Nord, sever, Utara ...)"
        )
    return seat


def suit_word(text: str, lang: str | None = None) -> Strain | None:
    """A suit from a letter (English: S H D C), a symbol, or a word of any language ('pada',
    'piky', 'hati'); single-letter words of other languages only with their ``lang``."""
    raw = str(text).strip()
    try:
        strain = Strain.parse(raw)
    except ParseError:
        strain = None
        if len(raw) > 1 or lang is not None:
            try:
                strain = _terms.parse_strain(raw, lang)
            except ParseError:
                strain = None
    return strain if strain is not None and strain is not Strain.NT else None


def parse_suit(text, lang: str | None = None) -> Strain:
    """A suit (not no trump) from a letter, a symbol or a word in any language."""
    if isinstance(text, Strain) and text is not Strain.NT:
        return text
    strain = suit_word(str(text), lang)
    if strain is None:
        raise ParseError(
            f"{text!r} is not a suit: write S, H, D or C, ♠ ♥ ♦ ♣, or a suit's name "
            "(spades, pada, pik, piky, sekop ...)"
        )
    return strain


def parse_rank(text, lang: str | None = None) -> Rank:
    """A rank from A K Q J T (or 10) 9 ... 2, an English word (king), the rank words of a
    language's terms file ("ranks": Estonian 'kuningas', Malay 'raja'), and with ``lang`` given
    the honour letters it shows (its "notation": Estonian Ä K E S for A K Q J)."""
    try:
        return Rank.parse(text)
    except ParseError:
        pass
    if lang is not None:
        letters = {v.casefold(): k for k, v in _terms.rank_letters(lang).items()}
        if str(text).strip().casefold() in letters:
            return Rank.parse(letters[str(text).strip().casefold()])
    letter = _terms.rank_word(str(text), lang)
    if letter is not None:
        return Rank.parse(letter)
    raise ParseError(
        f"{text!r} is not a rank: write A K Q J T (or 10) 9 8 7 6 5 4 3 2, or a rank's name (ace, king ...)"
    )
