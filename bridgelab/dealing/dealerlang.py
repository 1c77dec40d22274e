"""Dealer's language (Hans van Staveren's ``dealer``): conditions, and (soon) whole scripts.

Moved out of ``constraints`` so that the compact form and Dealer's language can change apart;
both read into the expression tree of ``tree``.
"""

from __future__ import annotations

import itertools
import re

import numpy as np

from ..model.cards import Card, Seat, Strain, suit_index
from ..model.errors import ConstraintError, ParseError
from .tree import NCODES, SHAPES, _SHAPE_CODES, And, BinOp, HasCard, Node, Not, Num, Or, Shape, Value

from ..model import evaluate as _ev

__all__ = ["parse_dealer_condition", "looks_like_dealer"]

_DETECT = re.compile(r"[A-Za-z_]\w*\s*\(\s*(north|east|south|west)\b|&&|\|\|", re.I)


def looks_like_dealer(text: str) -> bool:
    """Whether a condition is written in Dealer's language rather than the compact form."""
    return _DETECT.search(text) is not None


def parse_dealer_condition(text: str) -> Node:
    """The expression tree of one condition in Dealer's language."""
    return _DealerParser(text).parse()


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



# ---- tokens -----------------------------------------------------------------------------------

def _seat_of(text: str) -> int | None:
    """North 0 ... West 3 for a seat letter or name, None for any other word."""
    try:
        return int(Seat.parse(text))
    except ParseError:
        return None


def _suit_of(text: str) -> int | None:
    """Spades 0 ... clubs 3 for a suit letter, word or symbol, None for anything else."""
    try:
        strain = Strain.parse(text)
    except ParseError:
        return None
    return None if strain is Strain.NT else suit_index(strain)


_EVAL_ALIASES = {"HCP": "hcp", "POINTS": "hcp", "PTS": "hcp", "PT": "hcp", "HCPS": "hcp",
                 "LOSER": "losers", "CONTROL": "controls"}

_TOKEN = re.compile(
    r"""\s*(?:
      (?P<pattern>[0-9xX]{4}(?![0-9]))
    | (?P<dashed>\d{1,2}-\d{1,2}-\d{1,2}-\d{1,2})
    | (?P<num>\d+)
    | (?P<op>>=|<=|==|!=|=|<|>|&&|\|\||!|\+|-|\*|/|%|\(|\)|,|;|:)
    | (?P<sym>[♠♥♦♣♤♡♢♧])
    | (?P<word>[A-Za-z_][A-Za-z_0-9\-]*)
    )""",
    re.VERBOSE,
)


class _Tok:
    __slots__ = ("kind", "text", "pos")

    def __init__(self, kind, text, pos):
        self.kind, self.text, self.pos = kind, text, pos

    def __repr__(self):
        return f"{self.kind}:{self.text}"


def _tokenize(text: str) -> list[_Tok]:
    toks = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            start = pos + (len(text[pos:]) - len(text[pos:].lstrip()))
            raise ConstraintError(
                f"cannot read {text[start:start + 10]!r} at character {start + 1} of {text!r}: "
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



_CMP = (">=", "<=", "=", "==", "<", ">", "!=")


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


# ---- Dealer's language ------------------------------------------------------------------------

class _DealerParser(_Parser):
    WHAT = (
        "Allowed (Dealer's language): hcp(north) >= 15, spades(south), hearts(...), "
        "hcp(east, spades), controls(...), losers(...), shape(north, any 4333 + 5xx4), "
        "hascard(west, AS), numbers, + - * / %, comparisons, && || ! and parentheses."
    )
    _SUIT_FUNCS = {"SPADES": 0, "HEARTS": 1, "DIAMONDS": 2, "CLUBS": 3}

    def parse(self) -> Node:
        node = self.or_()
        if self.tok.kind != "end":
            self.fail("an operator (&&, ||, a comparison) or the end")
        return node

    def or_(self):
        parts = [self.and_()]
        while self.is_("||", "OR"):
            self.take()
            parts.append(self.and_())
        return parts[0] if len(parts) == 1 else Or(parts)

    def and_(self):
        parts = [self.not_()]
        while self.is_("&&", "AND"):
            self.take()
            parts.append(self.not_())
        return parts[0] if len(parts) == 1 else And(parts)

    def not_(self):
        if self.is_("!", "NOT"):
            self.take()
            return Not(self.not_())
        return self.cmp()

    def cmp(self):
        a = self.sum_()
        if self.tok.kind == "op" and self.tok.text in _CMP:
            op = self.take().text
            return BinOp(op, a, self.sum_())
        return a

    def sum_(self):
        a = self.term()
        while self.is_("+", "-", kind="op"):
            op = self.take().text
            a = BinOp(op, a, self.term())
        return a

    def term(self):
        a = self.unary()
        while self.is_("*", "/", "%", kind="op"):
            op = self.take().text
            a = BinOp(op, a, self.unary())
        return a

    def unary(self):
        if self.is_("-", kind="op"):
            self.take()
            return BinOp("-", Num(0), self.unary())
        if self.is_("!", "NOT"):
            self.take()
            return Not(self.unary())
        return self.primary()

    def primary(self):
        t = self.tok
        if t.kind == "num":
            self.take()
            return Num(int(t.text))
        if self.is_("("):
            self.take()
            node = self.or_()
            self.expect(")")
            return node
        if t.kind == "word" and self.peek().text == "(":
            name = t.text.upper()
            self.take()
            self.take()
            seat = self.seat()
            if name == "SHAPE":
                self.expect(",")
                table = _one_shape(self)
                while self.is_("+", "-", kind="op"):
                    op = self.take().text
                    other = _one_shape(self)
                    table = table | other if op == "+" else table & ~other
                self.expect(")")
                return Shape(seat, table)
            if name == "HASCARD":
                self.expect(",")
                start = self.tok
                text = ""
                while not self.is_(")") and self.tok.kind != "end":
                    text += self.take().text
                try:
                    card = Card.parse(text)
                except ParseError:
                    self.fail("a card such as AS, KH or ♠A", start)
                self.expect(")")
                return HasCard(seat, card)
            if name in self._SUIT_FUNCS:
                self.expect(")")
                return Value("length", seat, self._SUIT_FUNCS[name])
            ev = _EVAL_ALIASES.get(name, name.lower())
            if ev in _ev.EVALUATORS:
                suit = None
                if self.is_(","):
                    self.take()
                    st = self.take()
                    suit = _suit_of(st.text)
                    if suit is None:
                        self.fail("a suit: spades, hearts, diamonds or clubs", st)
                self.expect(")")
                return Value(ev, seat, suit)
            self.fail(
                "a function: hcp, spades, hearts, diamonds, clubs, shape, hascard, "
                + ", ".join(sorted(n for n in _ev.EVALUATORS if n not in ("hcp", "length"))),
                t,
            )
        self.fail("a number, a function such as hcp(north), or '('")

    def seat(self) -> int:
        t = self.tok
        if t.kind == "word" and _seat_of(t.text) is not None:
            self.take()
            return _seat_of(t.text)
        self.fail("a seat: north, east, south or west")

    def expect(self, text):
        if not self.is_(text):
            self.fail(repr(text))
        self.take()
