"""Dealing constraints: the compact form a teacher types, and Dealer's condition language.

Both read into one small expression tree that evaluates on a whole ``DealBatch`` at once (a
boolean mask of shape (n,)). A part of the tree that speaks of one seat's HCP and suit lengths
only can also be evaluated on the table of every (shape, HCP) a hand can have; the dealer
uses that to refuse impossible constraints at once and to draw rare hands directly
("smart stacking").

The compact form (case does not matter except M/m; the seat is North until one is named). Its
ranges and shapes are those of ``bridgelab.text.notation``, read alike by the statistics, the
bidding system and the quiz::

    N: 15-17 balanced              North 15 to 17 HCP and a 4-3-3-3, 4-4-3-2 or 5-3-3-2
    N 15-17 hcp, S 5+S             a seat name switches seat; "," and "and" join
    S>=5   5+S   5-6H   4S         spade length (letters S H D C, or ♠ ♥ ♦ ♣, or words)
    5+M    4+m                     a major (M) or a minor (m) of that length
    4333   5xx4                    lengths spades-hearts-diamonds-clubs; x is any length
    any 4432   any 55xx   4-4-3-2  any suits (a pattern written with dashes is "any")
    balanced  semi-balanced  unbalanced
    hcp>=15   12+   12 hcp   controls>=4   5-7 losers   (any evaluator in EVALUATORS)
    >=15   <10   >12   <=7                 a range alone is HCP
    4=3=3=3   (4-4)xx   5-(4-3-1)          '=' these suits; brackets: those suits in any order
    Nord 15-17, 5+ pada; jug 6+ srdce      seat and suit names of every language's terms
    not 4333;  ... or ...;  ( ... )          not > and/"," > or
    N 20-21 balanced; S 0-7                  ";" joins the conditions of several seats

A lone S is South when a condition follows it ("S 5+H", "N 12+ S 8+"), and spades when a
comparison follows it or it ends a condition ("S>=5", "5+S", "5 S"). M and m are the only
letters whose case matters. A shape written with dashes (4-3-3-3) is a pattern in any suits.

Dealer's language (detected by ``name(`` or ``&&``/``||``)::

    hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
    spades(south) >= 5 || hascard(west, KS)   controls(east, hearts) > 1   !(hcp(north) > 10)
"""

from __future__ import annotations

import itertools
import math
import re

import numpy as np

from ..model import evaluate as _ev
from ..model.cards import Seat, Strain, suit_index
from ..model.errors import ConstraintError, ParseError
from ..text import notation
from .dealerlang import MAX_CONDITION, looks_like_dealer, parse_dealer_condition
from .tree import (  # noqa: F401
    _SHAPE_CODES,
    GRID_HCP,
    NCODES,
    SHAPES,
    And,
    BatchEnv,
    BinOp,
    Constraint,
    GridEnv,
    HasCard,
    Node,
    Not,
    NotOnGrid,
    Num,
    Or,
    Shape,
    Value,
    _kernels,
    _range,
    _truth,
    seat_total,
    shape_code,
)

__all__ = ["Constraint", "parse_constraint", "SHAPES", "shape_code", "shape_table"]

# ---- shapes ---------------------------------------------------------------------------------


def shape_table(pattern: str, any_order: bool) -> np.ndarray:
    """A bool table over shape codes: shapes that match ``pattern`` ('5xx4', '4333', '55xx')."""
    want = [(i, int(ch)) for i, ch in enumerate(pattern) if ch != "x"]
    orders = itertools.permutations(range(4)) if any_order else [(0, 1, 2, 3)]
    match = np.zeros(len(SHAPES), dtype=bool)
    for order in orders:
        match |= np.all([SHAPES[:, order[i]] == w for i, w in want] or [True], axis=0)
    table = np.zeros(NCODES, dtype=bool)
    table[_SHAPE_CODES[match]] = True
    return table


def _table_from(fn) -> np.ndarray:
    table = np.zeros(NCODES, dtype=bool)
    table[_SHAPE_CODES] = fn(SHAPES)
    return table


_BALANCED = _table_from(_ev.is_balanced)
_SEMI = _table_from(_ev.is_semi_balanced)


_LONE_NUMBER = re.compile(r"\s*[-+]?\d{1,3}\s*\Z")
_LONG_NUMBER = re.compile(r"\d{7,}")


def parse_constraint(text) -> Constraint:
    """Read a constraint in the compact form or in Dealer's language (see the module doc)."""
    if isinstance(text, Constraint):
        return text
    if not isinstance(text, str):
        raise ConstraintError(
            f"a constraint is a string like 'N: 15-17 balanced' or a function of a DealBatch, "
            f"not {type(text).__name__}"
        )
    if len(text) > MAX_CONDITION:
        raise ConstraintError(
            f"the constraint is {len(text):,} characters long; at most {MAX_CONDITION:,} are read"
        )
    if not text.strip():
        raise ConstraintError("the constraint is empty: write e.g. 'N: 15-17 balanced'")
    if _LONE_NUMBER.match(text):
        raise ConstraintError(
            f"{text.strip()!r} alone is ambiguous: in Dealer's language a number is a truth "
            f"value (1 is always true), in the compact form it is North's HCP: write "
            f"'N {text.strip()} hcp' for points, or no condition (None) for every deal"
        )
    if looks_like_dealer(text):
        node = parse_dealer_condition(text)
    else:
        long_number = _LONG_NUMBER.search(text)
        if long_number:
            raise ConstraintError(
                f"the number {long_number.group()[:12]}... is far beyond any count of points, "
                "cards or tricks: write a number up to 999999"
            )
        node = _TeacherParser(text).parse()
    return Constraint(text, node)


# ---- tokens -----------------------------------------------------------------------------------


def _seat_of(text: str) -> int | None:
    """North 0 ... West 3 for a seat letter or name, None for any other word."""
    try:
        return int(Seat.parse(text))
    except ParseError:
        return None


def _seat_word(text: str) -> int | None:
    """The compact form's seats: N E S W, and seat names in any language (Nord, sever, jug)."""
    seat = notation.seat_word(text)
    return None if seat is None else int(seat)


def _suit_of(text: str) -> int | None:
    """Spades 0 ... clubs 3 for a suit letter, word or symbol, None for anything else."""
    try:
        strain = Strain.parse(text)
    except ParseError:
        return None
    return None if strain is Strain.NT else suit_index(strain)


_EVAL_ALIASES = {
    "HCP": "hcp",
    "POINTS": "hcp",
    "PTS": "hcp",
    "PT": "hcp",
    "HCPS": "hcp",
    "LOSER": "losers",
    "CONTROL": "controls",
}

_TOKEN = re.compile(
    r"""\s*(?:
      (?P<pattern>[0-9xX]{4}(?![0-9]))
    | (?P<dashed>\d{1,2}-\d{1,2}-\d{1,2}-\d{1,2})
    | (?P<num>\d+(?:\.\d+)?)
    | (?P<op>>=|<=|==|!=|=|<|>|≥|≤|–|&&|\|\||!|\+|-|\*|/|%|\(|\)|,|;|:)
    | (?P<sym>[♠♥♦♣♤♡♢♧])
    | (?P<word>(?i:semi-balanced)(?![\w\-])|[^\W\d]\w*)
    )""",
    re.VERBOSE,
)


class _Tok:
    __slots__ = ("kind", "text", "pos")

    def __init__(self, kind, text, pos):
        self.kind, self.text, self.pos = kind, text, pos

    def __repr__(self):
        return f"{self.kind}:{self.text}"


_BLANK_TO_END = re.compile(r"\s*\Z")
_SPACES = re.compile(r"\s*")
_MAX_NEST = 40  # parentheses and 'not' inside each other


def _tokenize(text: str) -> list[_Tok]:
    toks = []
    pos = 0
    while pos < len(text):
        if _BLANK_TO_END.match(text, pos):  # linear: no copy of the rest per token
            break
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            start = _SPACES.match(text, pos).end()
            raise ConstraintError(
                f"cannot read {text[start : start + 10]!r} at character {start + 1} of {text!r}: "
                "use seat names (N E S W), numbers, suits (S H D C or ♠ ♥ ♦ ♣), shapes like 4333, "
                "words like hcp, balanced, any, and, or, not"
            )
        kind = m.lastgroup
        tok = m.group(kind)
        if kind == "word" and tok.lower() not in ("semi-balanced",) and "-" in tok:
            # 'balanced-ish' words with dashes other than semi-balanced: split at the dash
            tok = tok.split("-")[0]
            toks.append(_Tok(kind, tok, m.start(kind)))
            pos = m.start(kind) + len(tok)
            continue
        toks.append(_Tok(kind, tok, m.start(kind)))
        pos = m.end()
    toks.append(_Tok("end", "", len(text)))
    return toks


class _Parser:
    WHAT = ""

    def __init__(self, text: str):
        self.text = text
        self.toks = _tokenize(text)
        self.i = 0

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def peek(self, k=1) -> _Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def take(self) -> _Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def is_(self, *texts, kind=None) -> bool:
        t = self.tok
        if kind and t.kind != kind:
            return False
        return not texts or t.text.upper() in texts or t.text in texts

    def fail(self, expected: str, tok: _Tok | None = None):
        t = tok or self.tok
        where = "at the end" if t.kind == "end" else f"at {t.text!r} (character {t.pos + 1})"
        raise ConstraintError(f"cannot read {self.text!r} {where}: expected {expected}. {self.WHAT}")


# ---- the compact form -------------------------------------------------------------------------


class _TeacherParser(_Parser):
    WHAT = (
        "Allowed: a seat (N E S W) then conditions such as 15-17, 12+ hcp, hcp>=15, 5+S, S>=5, "
        "5+M, 4333, any 4432, 5xx4, balanced, semi-balanced, joined by ',', 'and', 'or', 'not', "
        "with ';' between seats."
    )

    def parse(self) -> Node:
        self.seat = 0
        parts = [self.or_()]
        while self.is_(";"):
            self.take()
            if self.tok.kind == "end":
                break
            parts.append(self.or_())
        if self.tok.kind != "end":
            self.fail("',', 'and', 'or' or ';' between conditions")
        return parts[0] if len(parts) == 1 else And(parts)

    def or_(self) -> Node:
        parts = [self.and_()]
        while self.is_("OR", "||"):
            self.take()
            parts.append(self.and_())
        return parts[0] if len(parts) == 1 else Or(parts)

    def and_(self) -> Node:
        parts = [self.not_()]
        while True:
            if self.is_(",", "AND", "&&"):
                self.take()
            elif self.tok.kind == "end" or self.is_(";", ")", "OR", "||"):
                break
            parts.append(self.not_())
        return parts[0] if len(parts) == 1 else And(parts)

    def not_(self) -> Node:
        self.seat_prefix()
        if self.is_("NOT", "!"):
            nots = 0
            while self.is_("NOT", "!"):
                self.take()
                nots += 1
                self.seat_prefix()
                if nots > _MAX_NEST:
                    self.fail(f"a condition after at most {_MAX_NEST} 'not's in a row")
            node = self.not_()
            for _ in range(nots):
                node = Not(node)
            return node
        if self.is_("(") and self.shape_here() is None:
            self.take()
            self.nest = getattr(self, "nest", 0) + 1
            if self.nest > _MAX_NEST:
                raise ConstraintError(
                    f"cannot read {self.text[:40]!r}...: parentheses are nested more than {_MAX_NEST} deep"
                )
            node = self.or_()
            self.nest -= 1
            if not self.is_(")"):
                self.fail("')'")
            self.take()
            return node
        return self.atom()

    def seat_prefix(self) -> None:
        """A seat name (N, North, ...) starts the conditions of that seat."""
        t = self.tok
        if t.kind != "word" or _seat_word(t.text) is None:
            return
        nxt = self.peek()
        if t.text.upper() == "S" and nxt.kind == "op" and nxt.text in _CMP + _RANGE_START:
            return  # S>=5: spades
        self.take()
        self.seat = _seat_word(t.text)
        if self.is_(":"):
            self.take()

    def suit_after(self) -> tuple[int, ...] | None:
        """Suits named by the next token (S, ♠, spades; M = a major, m = a minor).

        A lone 'S' after a space that is followed by another condition is South, not spades:
        "N 12+ S 5+H" is two seats.
        """
        t = self.tok
        if t.kind == "word" and t.text.upper() == "S" and self.i > 0:
            prev = self.toks[self.i - 1]
            nxt = self.peek()
            spaced = prev.pos + len(prev.text) < t.pos
            ends = (
                nxt.kind == "end"
                or nxt.text.upper() in (",", ";", ")", "AND", "OR", "&&", "||")
                or nxt.text in _CMP + _RANGE_START
            )
            if spaced and not ends:
                return None
        if t.kind in ("sym", "word"):
            return notation.suits_named(t.text)
        return None

    def evaluator_after(self) -> str | None:
        t = self.tok
        if t.kind != "word":
            return None
        name = _EVAL_ALIASES.get(t.text.upper(), t.text.lower())
        return name if name in _ev.EVALUATORS and name != "length" else None

    def skip_to(self, end: int) -> None:
        """Step over the tokens of a form the notation read, up to character ``end``."""
        while self.tok.kind != "end" and self.tok.pos < end:
            self.take()

    def notation_error(self, e: ParseError):
        raise ConstraintError(
            f"cannot read {self.text!r} at character {self.tok.pos + 1}: {e}. {self.WHAT}"
        ) from None

    def shape_here(self, pos: int | None = None):
        """A shape of the notation (4333, 4=3=3=3, 4-3-3-3, any 4432, (4-4)xx, balanced) that
        starts at the current token: (its shapes, where it ends), or None."""
        if self.tok.kind == "end":
            return None
        try:
            start = self.tok.pos if pos is None else pos
            return notation.match_shape(self.text, start, lengths=False)
        except ParseError as e:
            self.notation_error(e)

    def range_(self) -> "notation.Range":
        """A range of the notation (15-17, 15+, >=15, <10, 15) at the current token."""
        try:
            found = notation.match_range(self.text, self.tok.pos)
        except ParseError as e:
            self.notation_error(e)
        if found is None:
            if self.tok.kind == "op" and self.tok.text in _RANGE_START:
                self.take()  # 'hcp >' : the number is what is missing
            self.fail("a number or a range such as 15-17, 15+, >=15 or <10")
        self.skip_to(found[1])
        return found[0]

    def length_node(self, suits, rng) -> Node:
        nodes = [_in_range(Value("length", self.seat, s), rng) for s in suits]
        return nodes[0] if len(nodes) == 1 else Or(nodes)

    def atom(self) -> Node:
        t = self.tok
        if self.shape_here() is not None:
            return self.shapes()
        if t.kind == "num" or (t.kind == "op" and t.text in _RANGE_START):
            rng = self.range_()
            suits = self.suit_after()
            if suits is not None:
                self.take()
                return self.length_node(suits, rng)
            name = self.evaluator_after()
            if name is not None:
                self.take()
            return _in_range(Value(name or "hcp", self.seat), rng)
        if t.kind in ("word", "sym"):
            suits = self.suit_after()
            name = None if suits is not None else self.evaluator_after()
            if suits is not None or name is not None:
                self.take()
                if self.is_("!="):
                    self.take()
                    if self.tok.kind != "num":
                        self.fail("a number")
                    value = notation.parse_range(self.take().text).lo
                    what = "length" if suits else name
                    nodes = [BinOp("!=", Value(what, self.seat, s), Num(value)) for s in (suits or (None,))]
                    return nodes[0] if len(nodes) == 1 else Or(nodes)
                if (self.tok.kind == "op" and self.tok.text in _RANGE_START) or (
                    name is not None and self.tok.kind == "num"
                ):
                    rng = self.range_()
                    if suits is not None:
                        return self.length_node(suits, rng)
                    return _in_range(Value(name, self.seat), rng)
                self.fail(f"a comparison after {t.text!r}, as {t.text}>=5")
        self.fail("a condition")

    def shapes(self) -> Node:
        table = self.one_shape()
        while self.is_("+") and self.shape_here(self.peek().pos) is not None:
            self.take()
            table = table | self.one_shape()
        return Shape(self.seat, table)

    def one_shape(self) -> np.ndarray:
        shapes, end = self.shape_here()
        self.skip_to(end)
        return shapes.table


def _in_range(node: Node, rng: "notation.Range") -> Node:
    """``node`` within a range of the notation (open ends as strict comparisons)."""
    parts = []
    if rng.lo > -math.inf:
        parts.append(BinOp(">" if rng.lo_open else ">=", node, Num(rng.lo)))
    if rng.hi < math.inf:
        parts.append(BinOp("<" if rng.hi_open else "<=", node, Num(rng.hi)))
    return parts[0] if len(parts) == 1 else And(parts)


_CMP = (">=", "<=", "=", "==", "<", ">", "!=")
_RANGE_START = (">=", "<=", "=", "==", "<", ">", "≥", "≤")  # the notation's ranges may start so


def _one_shape(p: _Parser) -> np.ndarray:
    any_order = False
    if p.is_("ANY"):
        p.take()
        any_order = True
    t = p.tok
    if t.kind == "dashed":
        text = t.text.replace("-", "")
        any_order = True
        if len(text) != 4:
            p.fail("a pattern of four lengths such as 4-3-3-3")
    elif t.kind == "pattern":
        text = t.text.lower()
    else:
        p.fail("a shape of four lengths, spades-hearts-diamonds-clubs, such as 4333 or 5xx4")
    p.take()
    fixed = [int(c) for c in text if c != "x"]
    if sum(fixed) > 13 or ("x" not in text and sum(fixed) != 13):
        raise ConstraintError(
            f"the shape {t.text!r} adds up to {sum(fixed)} cards{' or more' if 'x' in text else ''}, "
            "not 13: a shape gives the lengths of spades, hearts, diamonds and clubs (x for any)"
        )
    return shape_table(text, any_order)
