"""Dealer's language (Hans van Staveren's ``dealer``, as Debian ships it): conditions and scripts.

A script is read into a ``Program`` (settings, variables, the condition and the actions); the
condition and every expression are trees of ``tree.Node`` that evaluate on a whole batch of
deals at once, so ``bridgelab.dealing.script`` runs a script on the compiled, vectorised dealer.

Meaning, exactly as in Dealer (and in C): integers of 32 bits (arithmetic wraps as Dealer's
does), ``/`` and ``%`` truncate toward zero, a comparison or a logical operator gives 1 or 0,
any number other than 0 is true, so the condition ``1`` is always true. Precedence, loosest
first: ``?:`` (right to left), ``||``/``or``, ``&&``/``and``, ``==`` ``!=``, ``<`` ``<=`` ``>``
``>=``, ``+`` ``-``, ``*`` ``/`` ``%``, then the unary ``!``/``not`` and ``-``: so
``!hcp(north) > 10`` is ``(!hcp(north)) > 10``. ``&&``, ``||`` and ``?:`` evaluate their right
side only where it is needed, as C does (a division by zero that C would not reach is not an
error). Dealer itself reads a unary minus only before a number; bridgelab reads it before any
operand, with C's meaning.

Everything in Dealer's manual is read: ``generate``, ``produce``, ``dealer``, ``vulnerable``,
``predeal`` (``north SAQ542, HKJ87, D32, CAK``), ``pointcount``, ``altcount``, ``condition``
(the word may be left out), ``name = expression``, the functions ``hcp``, ``spades`` ...
``clubs`` (singular too), ``pt0``-``pt9`` and their names ``tens``, ``jacks``, ``queens``,
``kings``, ``aces``, ``top2``-``top5``, ``c13``, ``control``, ``loser``, ``shape`` (``+``,
``-`` and ``,`` between shapes, ``any``), ``hascard``, ``cccc``, ``quality``, ``tricks``,
``score``, ``imps``, and the actions ``printall``, ``printew``, ``printpbn``,
``printcompact``, ``printoneline`` (each with an optional expression in parentheses),
``print(...)``, ``printes(...)``, ``average`` and ``frequency`` with one or two expressions.
bridgelab also reads its own registered evaluators as functions (``quick_tricks(east)``); a
value with fractions may be compared but not used in arithmetic. What is not read (the
predeal form ``spades(north)==1``, Dealer's ``rnd``, the unlisted ``evalcontract``) is refused
with the line it is on.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import numpy as np

from ..model import evaluate as _ev
from ..model.cards import Card, Seat
from ..model.errors import ConstraintError, ParseError
from .tree import (
    _SHAPE_CODES,
    NCODES,
    SHAPES,
    And,
    HasCard,
    Node,
    Not,
    NotOnGrid,
    Num,
    Or,
    Shape,
    _truth,
    seat_total,
)
from .tree import Value as _TreeValue

__all__ = [
    "parse_dealer_condition",
    "looks_like_dealer",
    "parse_script",
    "Program",
    "Action",
    "MAX_DEPTH",
    "MAX_NEST",
    "MAX_CONDITION",
    "MAX_SCRIPT",
]

MAX_DEPTH = 100
"""The deepest expression tree read (operators, ?: and variables inside each other)."""
MAX_NEST = 40
"""The deepest nesting of parentheses and ?: read."""
MAX_CONDITION = 20_000
"""The longest condition read, in characters."""
MAX_SCRIPT = 1_000_000
"""The longest script read, in characters."""
_INT_MAX = 2**31 - 1

# the detector: linear (a word is tried once, from its start), see issue 19 item 9
_DETECT = re.compile(r"(?<![\w])[A-Za-z_]\w*[ \t]*\([ \t]*(?:north|east|south|west)\b|&&|\|\|", re.I)


def looks_like_dealer(text: str) -> bool:
    """Whether a condition is written in Dealer's language rather than the compact form."""
    return _DETECT.search(text) is not None


# ---- tokens -----------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""(?P<space>[ \t\r\f\v]+)
      | (?P<newline>\n)
      | (?P<comment>\#[^\n]*|//[^\n]*)
      | (?P<block>/\*)
      | (?P<string>"[^"]*")
      | (?P<nl>\\n)
      | (?P<word>[A-Za-z0-9_]+)
      | (?P<op>==|!=|>=|<=|&&|\|\||[-+*/%<>!?:(),=])
    """,
    re.VERBOSE,
)


@dataclass(slots=True)
class Tok:
    kind: str  # word, num, op, string, nl, end
    text: str
    line: int


def tokenize(text: str) -> list[Tok]:
    """The tokens of a script or condition, each with its line; comments dropped."""
    toks: list[Tok] = []
    pos, line, n = 0, 1, len(text)
    while pos < n:
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ConstraintError(
                f"line {line}: cannot read {text[pos : pos + 10]!r}: Dealer's language has words, "
                'numbers, "strings", the operators + - * / % == != < <= > >= && || ! ?: = and '
                "( ) , and comments (# to the end of a line, // ..., /* ... */)"
            )
        kind = m.lastgroup
        end = m.end()
        if kind == "newline":
            line += 1
        elif kind == "block":
            close = text.find("*/", end)
            if close < 0:
                raise ConstraintError(f"line {line}: a comment /* is never closed with */")
            line += text.count("\n", pos, close)
            end = close + 2
        elif kind == "string":
            toks.append(Tok("string", m.group()[1:-1], line))
            line += m.group().count("\n")
        elif kind == "word":
            w = m.group()
            toks.append(Tok("num" if w.isdigit() else "word", w, line))
        elif kind in ("op", "nl"):
            toks.append(Tok(kind, m.group(), line))
        pos = end
    toks.append(Tok("end", "", line))
    return toks


# ---- tables -----------------------------------------------------------------------------------

_H = np.arange(_ev.NHOLDINGS, dtype=np.int64)
_BIT = [(_H >> b) & 1 for b in range(13)]  # _BIT[12] = ace ... _BIT[0] = two
_LEN = _ev.LENGTH.astype(np.int64)


def _count_table(values) -> np.ndarray:
    """A holding table from 13 values, ace first (Dealer's pointcount order)."""
    t = np.zeros(_ev.NHOLDINGS, dtype=np.int64)
    for i, v in enumerate(values):
        if v:
            t += int(v) * _BIT[12 - i]
    return t


def _altcount_defaults() -> list[list[int]]:
    z = [0] * 13
    one = lambda *idx: [1 if i in idx else 0 for i in range(13)]  # noqa: E731
    return [
        one(4),
        one(3),
        one(2),
        one(1),
        one(0),
        one(0, 1),
        one(0, 1, 2),
        one(0, 1, 2, 3),
        one(0, 1, 2, 3, 4),
        [6, 4, 2, 1] + z[4:],
    ]


_ALT_NAMES = {
    "tens": 0,
    "ten": 0,
    "jacks": 1,
    "jack": 1,
    "queens": 2,
    "queen": 2,
    "kings": 3,
    "king": 3,
    "aces": 4,
    "ace": 4,
    "top2": 5,
    "top3": 6,
    "top4": 7,
    "top5": 8,
    "c13": 9,
    **{f"pt{i}": i for i in range(10)},
}
HCP_4321 = [4, 3, 2, 1] + [0] * 9


def _loser_table() -> np.ndarray:
    a, k, q = _BIT[12], _BIT[11], _BIT[10]
    ctrl = 2 * a + k
    t = 3 - (a + k + q)
    t = np.where(_LEN == 2, np.array([2, 1, 1, 0])[np.minimum(ctrl, 3)], t)
    t = np.where(_LEN == 1, np.where(a == 1, 0, 1), t)
    return np.where(_LEN == 0, 0, t).astype(np.int64)


def _quality_table() -> np.ndarray:
    """Quality of a suit, The Bridge World, October 1982, x 100 (Dealer's c4.c)."""
    L = _LEN
    a, k, q, j, t, n9, e8 = (_BIT[b] for b in (12, 11, 10, 9, 8, 7, 6))
    f = L * 10
    higher = a + k + q + j
    qual = (4 * a + 3 * k + 2 * q + j) * f
    replace = np.minimum(3 - 2 * q - j, L - 6)
    long_ = qual + replace * f
    ten = np.where(t == 1, np.where((higher > 1) | (j == 1), f, f // 2), 0)
    nine = np.where((n9 == 1) & ((higher == 2) | (t == 1) | (e8 == 1)), f // 2, 0)
    return np.where(L > 6, long_, qual + ten + nine).astype(np.int64)


def _cccc_suit_table(quality) -> np.ndarray:
    """The per-suit part of Dealer's cccc(): honours by length, and the suit's quality."""
    L = _LEN
    a, k, q, j, t, n9 = (_BIT[b] for b in (12, 11, 10, 9, 8, 7))
    ev = 300 * a
    ev = ev + np.where(k == 1, 200 - np.where(L == 1, 150, 0), 0)
    hi = a + k
    ev = ev + np.where(
        q == 1, 100 - np.where(L == 1, 75, 0) - np.where(L == 2, 25, 0) - np.where(hi == 0, 25, 0), 0
    )
    hi_q = hi + q
    ev = ev + np.where(j == 1, np.where(hi_q == 2, 50, np.where(hi_q == 1, 25, 0)), 0)
    hi_j = hi_q + j
    ev = ev + np.where(t == 1, np.where(hi_j == 2, 25, np.where((hi_j == 1) & (n9 == 1), 25, 0)), 0)
    return (ev + quality).astype(np.int64)


def _cccc_shape_table() -> np.ndarray:
    short = np.maximum(3 - SHAPES, 0).sum(axis=1) * 100
    adj = np.where(short == 0, -50, short - 100)
    table = np.zeros(NCODES, dtype=np.int64)
    table[_SHAPE_CODES] = adj
    return table


LOSERS = _loser_table()
CONTROLS = _count_table([2, 1])
QUALITY = _quality_table()
CCCC_SUIT = _cccc_suit_table(QUALITY)
CCCC_SHAPE = _cccc_shape_table()
_IMP_STEPS = np.array(
    [
        10,
        40,
        80,
        120,
        160,
        210,
        260,
        310,
        360,
        410,
        490,
        590,
        740,
        890,
        1090,
        1190,
        1490,
        1740,
        1990,
        2240,
        2490,
        2990,
        3490,
        3990,
    ]
)


def _wrap(x: np.ndarray) -> np.ndarray:
    """C's 32-bit int: the value Dealer's arithmetic gives when it overflows."""
    return ((x + 2**31) & 0xFFFFFFFF) - 2**31


def _int(x, line: int | None = None) -> np.ndarray:
    x = np.asarray(x)
    if x.dtype.kind == "f":
        raise ConstraintError(
            f"line {line}: a value with fractions (such as quick_tricks) is used in arithmetic; "
            "Dealer's arithmetic is on whole numbers: compare such a value directly instead"
        )
    return x.astype(np.int64) if x.dtype != np.int64 else x


def _num(x) -> np.ndarray:
    """A value for a comparison: whole numbers as int64, bridgelab's fractions as they are."""
    x = np.asarray(x)
    return x if x.dtype.kind == "f" else x.astype(np.int64)


class Value(_TreeValue):
    """One of bridgelab's registered evaluators, by name (an extension of Dealer's language)."""

    def __init__(self, name, seat, suit=None, line=None):
        super().__init__(name, seat, suit)
        self.line = line


# ---- nodes ------------------------------------------------------------------------------------


class Arith(Node):
    """A chain of + - * / % at one precedence, left to right (no recursion for long sums)."""

    def __init__(self, first: Node, rest: list, line: int):
        self.first, self.rest, self.line = first, rest, line
        self.FRAGILE = any(op in "/%" for op, _ in rest)

    def children(self):
        return (self.first, *[b for _, b in self.rest])

    def ev(self, env):
        out = _int(self.first.ev(env), self.line)
        for op, node in self.rest:
            b = _int(node.ev(env), self.line)
            if op == "+":
                out = out + b
            elif op == "-":
                out = out - b
            elif op == "*":
                out = out * b
            else:
                zero = b == 0
                if np.any(zero):
                    if not hasattr(env, "h"):
                        raise NotOnGrid
                    raise ConstraintError(
                        f"line {self.line}: division by zero ({op} of a value that is 0 on some "
                        "deals): Dealer stops there too; guard it, as x != 0 && y / x > 2"
                    )
                q = np.abs(out) // np.abs(b) * np.sign(out) * np.sign(b)  # C: toward zero
                out = q if op == "/" else out - q * b
            out = _wrap(out)
        return out


class Compare(Node):
    """A chain of comparisons, left to right as in C: 1 < 2 < 3 is (1 < 2) < 3."""

    _F = {
        "==": np.equal,
        "!=": np.not_equal,
        "<": np.less,
        "<=": np.less_equal,
        ">": np.greater,
        ">=": np.greater_equal,
    }

    def __init__(self, first: Node, rest: list):
        self.first, self.rest = first, rest

    def children(self):
        return (self.first, *[b for _, b in self.rest])

    def ev(self, env):
        out = self.first.ev(env)
        for op, node in self.rest:
            out = self._F[op](_num(out), _num(node.ev(env)))
        return out


class Ternary(Node):
    def __init__(self, cond: Node, a: Node, b: Node):
        self.cond, self.a, self.b = cond, a, b

    def children(self):
        return (self.cond, self.a, self.b)

    def ev(self, env):
        c = _truth(np.broadcast_to(np.asarray(self.cond.ev(env)), (env.n,)))
        out = np.empty(env.n, dtype=np.int64)
        for mask, node in ((c, self.a), (~c, self.b)):
            if mask.all():
                return _int(np.broadcast_to(node.ev(env), (env.n,)))
            if mask.any():
                sub = env.subset(mask) if hasattr(env, "subset") else env
                v = _int(np.broadcast_to(node.ev(sub), (sub.n,)))
                out[mask] = v if sub is not env else v[mask]
        return out


class Var(Node):
    """A variable: its expression, evaluated once per batch wherever it is used."""

    def __init__(self, name: str, node: Node):
        self.name, self.node = name, node

    @property
    def transparent(self) -> Node:
        """What the variable stands for (the dealer looks through it for one-seat parts)."""
        return self.node

    def children(self):
        return (self.node,)

    def ev(self, env):
        cache = getattr(env, "_cache", None)
        if cache is None:
            return self.node.ev(env)
        key = ("var", id(self))
        if key not in cache:
            cache[key] = self.node.ev(env)
        return cache[key]


class Count(Node):
    """A holding table summed over a seat's suits (or one suit): hcp, ptN, loser, control..."""

    def __init__(self, table: np.ndarray, seat: int, suit: int | None, grid: str | None = None):
        self.table, self.seat, self.suit, self.grid = table, seat, suit, grid

    def seats(self):
        return {self.seat}

    def ev(self, env):
        if not hasattr(env, "h"):  # the (shape, HCP) grid of smart stacking
            if self.grid is None:
                raise NotOnGrid
            if self.grid == "hcp":
                grid_table = getattr(env, "hcp_table", None)
                if grid_table is None:
                    reg = _ev.EVALUATORS.get("hcp")
                    grid_table = reg.table if reg is not None else None
                if grid_table is None or not np.array_equal(self.table, grid_table):
                    raise NotOnGrid
            return env.value(self.grid, self.seat, self.suit)
        key = ("count", id(self.table), self.seat, self.suit)
        if key not in env._cache:
            if self.suit is None:
                env._cache[key] = seat_total(env.h, self.seat, self.table)
            else:
                col = (
                    env.column(self.seat, self.suit)
                    if hasattr(env, "column")
                    else env.h[:, self.seat, self.suit]
                )
                env._cache[key] = self.table[col]
        return env._cache[key]


class Cccc(Node):
    def __init__(self, seat: int):
        self.seat = seat

    def seats(self):
        return {self.seat}

    def ev(self, env):
        if not hasattr(env, "h"):
            raise NotOnGrid
        return seat_total(env.h, self.seat, CCCC_SUIT) + CCCC_SHAPE[env.shape_code(self.seat)]


class Tricks(Node):
    """Double-dummy tricks of a declarer in a strain (C D H S NT = 0-4), through a solver."""

    FRAGILE = True

    def __init__(self, seat: int, strain: int, solver_box: dict, line: int):
        self.seat, self.strain, self.box, self.line = seat, strain, solver_box, line

    def seats(self):
        return {0, 1, 2, 3}

    def ev(self, env):
        if not hasattr(env, "h"):
            raise NotOnGrid
        solver = self.box.get("solver")
        if solver is None:
            raise ConstraintError(
                f"line {self.line}: tricks() needs a double-dummy solver: run the script with "
                "bl.run_dealer_script or `bridgelab dealer` (they use endplay, the extra "
                "bridgelab[dd]), or pass solver= to run_script"
            )
        key = ("tricks",)
        if key not in env._cache:
            strains = sorted(self.box.get("strains", {0, 1, 2, 3, 4}))
            env._cache[key] = np.asarray(solver(env.h, strains), dtype=np.int64)
        return env._cache[key][:, self.seat, self.strain]


class Score(Node):
    """Dealer's score(vul, xLS, tricks): undoubled, positive when it makes."""

    def __init__(self, vul: int, level: int, strain: int, tricks: Node):
        self.vul, self.level, self.strain, self.tricks = vul, level, strain, tricks

    def children(self):
        return (self.tricks,)

    def ev(self, env):
        t = _int(np.broadcast_to(self.tricks.ev(env), (env.n,)))
        v, lv, s = self.vul, self.level, self.strain
        down = -50 * (1 + v) * (6 + lv - t)
        per = 30 if s >= 2 else 20
        made = per * (t - 6) + (10 if s == 4 else 0) + 50
        game = (s == 4 and lv >= 3) or (s in (2, 3) and lv >= 4) or (s in (0, 1) and lv >= 5)
        made = made + (250 + 200 * v if game else 0)
        made = made + (500 + 250 * v if lv == 6 else 0) + (1000 + 500 * v if lv == 7 else 0)
        return np.where(t < 6 + lv, down, made)


class Imps(Node):
    def __init__(self, a: Node):
        self.a = a

    def children(self):
        return (self.a,)

    def ev(self, env):
        x = _int(np.broadcast_to(self.a.ev(env), (env.n,)))
        i = np.searchsorted(_IMP_STEPS, np.abs(x), side="left")
        return np.where(x < 0, -i, i)


def depth_of(node: Node) -> int:
    return getattr(node, "_depth", 1)


# ---- the program --------------------------------------------------------------------------------


@dataclass
class Action:
    """One action of the ``action`` list: its kind and its arguments."""

    kind: str  # printall printew printpbn printcompact printoneline print printes average
    #            frequency frequency2d evalcontract
    line: int
    label: str | None = None
    exprs: list = field(default_factory=list)
    bounds: list = field(default_factory=list)
    seats: list = field(default_factory=list)
    items: list = field(default_factory=list)  # printes: str or Node


@dataclass
class Program:
    """A Dealer script, read: settings, the condition (None: always true) and the actions."""

    text: str
    generate: int | None = None
    produce: int | None = None
    dealer: int | None = None
    vulnerable: str | None = None
    predeal: dict = field(default_factory=dict)  # seat -> list of Card
    condition: Node | None = None
    actions: list = field(default_factory=list)
    variables: dict = field(default_factory=dict)
    solver_box: dict = field(default_factory=dict)
    uses_tricks: bool = False
    hcp_table: np.ndarray | None = None  # hcp() as the script's pointcount gives it

    @property
    def prints(self) -> bool:
        return any(a.kind.startswith("print") for a in self.actions)

    def predeal_text(self) -> str | None:
        """The predeal in bridgelab's text form ('S: SAQ542 HKJ87 D32 CAK; ...')."""
        if not self.predeal:
            return None
        parts = []
        for seat, cards in self.predeal.items():
            by_suit = {}
            for c in cards:
                by_suit.setdefault("SHDC"[c.suit_index], []).append(c.rank.char)
            parts.append(f"{'NESW'[seat]}: " + " ".join(s + "".join(r) for s, r in by_suit.items()))
        return "; ".join(parts)


_SEATS = {"north": 0, "east": 1, "south": 2, "west": 3}
_SUITS = {
    "spades": 0,
    "spade": 0,
    "hearts": 1,
    "heart": 1,
    "diamonds": 2,
    "diamond": 2,
    "clubs": 3,
    "club": 3,
}
_STRAINS = {
    "clubs": 0,
    "club": 0,
    "diamonds": 1,
    "diamond": 1,
    "hearts": 2,
    "heart": 2,
    "spades": 3,
    "spade": 3,
    "notrumps": 4,
    "notrump": 4,
}
_STATEMENTS = {
    "generate",
    "produce",
    "vulnerable",
    "dealer",
    "predeal",
    "pointcount",
    "altcount",
    "condition",
    "action",
}
_ACTIONS = {
    "printall",
    "printew",
    "printpbn",
    "printcompact",
    "printoneline",
    "print",
    "printes",
    "average",
    "frequency",
}
_FUNCS = {
    "hcp",
    "hcps",
    "loser",
    "losers",
    "control",
    "controls",
    "shape",
    "hascard",
    "cccc",
    "quality",
    "tricks",
    "trick",
    "score",
    "imps",
    "imp",
    "rnd",
    *_SUITS,
    *_ALT_NAMES,
}
KEYWORDS = (
    _STATEMENTS
    | _ACTIONS
    | _FUNCS
    | set(_SEATS)
    | {"and", "or", "not", "any", "notrump", "notrumps", "vul", "nv", "none", "ns", "ew", "all"}
)
_CARD = re.compile(r"^([AKQJT98765432])([SHDC])$")
_HOLDING = re.compile(r"^([SHDC])([AKQJT98765432]*)$")
_SHAPE = re.compile(r"^[0-9x]{4}$")
_CONTRACT = re.compile(r"^x([1-7])([CDHSN])$")

_WHAT = (
    "Allowed in Dealer's language: hcp(north) >= 15, spades(south), "
    "shape(north, any 4333 + 5xxx), "
    "hascard(west, AS), loser(east, hearts), control(...), aces(...) ... c13(...), "
    "cccc(north), quality(north, spades), tricks(south, notrump), score(vul, x4S, 10), "
    "imps(...), numbers, variables, + - * / %, comparisons, && || ! ?: and parentheses"
)


class _Reader:
    """Recursive descent over the tokens, C's precedence; binary chains read in loops."""

    def __init__(
        self, text: str, toks: list[Tok], program: Program | None = None, hcp_table: np.ndarray | None = None
    ):
        self.text, self.toks, self.i = text, toks, 0
        self.prog = program if program is not None else Program(text)
        # Dealer's point counts are global: a pointcount or altcount line changes hcp() and
        # ptN() everywhere in the script, before it too; so the nodes share these tables,
        # which such a line changes in place
        self.prog.hcp_table = _count_table(HCP_4321) if hcp_table is None else hcp_table
        self.alt_tables = [_count_table(v) for v in _altcount_defaults()]
        self.nest = 0

    # -- token helpers
    @property
    def tok(self) -> Tok:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def take(self) -> Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def at(self, *texts: str) -> bool:
        t = self.tok
        return t.kind in ("op", "word", "nl") and t.text in texts

    def fail(self, expected: str, tok: Tok | None = None):
        t = tok or self.tok
        where = "at the end" if t.kind == "end" else f"at {t.text!r}"
        line = self.toks[self.i - 1].line if t.kind == "end" and self.i else t.line
        raise ConstraintError(f"line {line}: cannot read {where}: expected {expected}. ({_WHAT})")

    def expect(self, text: str) -> Tok:
        if not self.at(text):
            self.fail(repr(text))
        return self.take()

    def deeper(self, node: Node, line: int) -> Node:
        kids = node.children() if hasattr(node, "children") else ()
        node._depth = 1 + max((depth_of(k) for k in kids), default=0)
        if node._depth > MAX_DEPTH:
            raise ConstraintError(
                f"line {line}: the expression is nested more than {MAX_DEPTH} deep (parentheses, "
                "operators, ?: and variables inside each other): split it into variables"
            )
        return node

    def enter(self, line: int) -> None:
        self.nest += 1
        if self.nest > MAX_NEST:
            raise ConstraintError(
                f"line {line}: parentheses and ?: are nested more than {MAX_NEST} deep: split "
                "the expression into variables"
            )

    # -- expressions
    def expr(self) -> Node:
        line = self.tok.line
        self.enter(line)
        cond = self.or_()
        if self.at("?"):
            self.take()
            a = self.expr()
            self.expect(":")
            b = self.expr()
            cond = self.deeper(Ternary(cond, a, b), line)
        self.nest -= 1
        return cond

    def _chain(self, sub, ops, make):
        line = self.tok.line
        first = sub()
        rest = []
        while self.tok.kind in ("op", "word") and self.tok.text in ops:
            op = self.take().text
            rest.append((op, sub()))
        if not rest:
            return first
        return self.deeper(make(first, rest, line), line)

    def or_(self):
        return self._chain(self.and_, ("||", "or"), lambda f, r, line: Or([f] + [b for _, b in r]))

    def and_(self):
        return self._chain(self.eq, ("&&", "and"), lambda f, r, line: And([f] + [b for _, b in r]))

    def eq(self):
        return self._chain(self.rel, ("==", "!="), lambda f, r, line: Compare(f, r))

    def rel(self):
        return self._chain(self.add, ("<", "<=", ">", ">="), lambda f, r, line: Compare(f, r))

    def add(self):
        return self._chain(self.mul, ("+", "-"), lambda f, r, line: Arith(f, r, line))

    def mul(self):
        return self._chain(self.unary, ("*", "/", "%"), lambda f, r, line: Arith(f, r, line))

    def unary(self):
        ops = []
        while self.at("!", "not", "-"):
            ops.append(self.take())
            if len(ops) > MAX_DEPTH:
                raise ConstraintError(
                    f"line {ops[0].line}: more than {MAX_DEPTH} unary operators (! not -) in a "
                    "row: Dealer's language has no use for so many"
                )
        if ops and ops[-1].text == "-" and self.tok.kind == "num":
            node = Num(-self.number(self.take()))  # Dealer's own negative number
            ops.pop()
        else:
            node = self.primary()
        for op in reversed(ops):
            node = self.deeper(
                Not(node) if op.text != "-" else Arith(Num(0), [("-", node)], op.line), op.line
            )
        return node

    def number(self, t: Tok) -> int:
        if len(t.text) > 10 or int(t.text) > _INT_MAX:
            raise ConstraintError(
                f"line {t.line}: the number {t.text[:20]}{'...' if len(t.text) > 20 else ''} is "
                f"larger than Dealer's integers (at most {_INT_MAX:,})"
            )
        return int(t.text)

    def primary(self) -> Node:
        t = self.tok
        if t.kind == "num":
            self.take()
            return Num(self.number(t))
        if self.at("("):
            self.take()
            node = self.expr()
            self.expect(")")
            return node
        if t.kind != "word":
            self.fail("a number, a variable, a function such as hcp(north), or '('")
        name = t.text
        if name in self.prog.variables:
            self.take()
            return self.prog.variables[name]
        if name in _FUNCS:
            return self.function()
        if name in _ev.EVALUATORS and name != "length" and self.peek().text == "(":
            # bridgelab's own evaluators (quick_tricks, a registered point count) read too
            self.take()
            seat, suit = self.seat_suit()
            return Value(name, seat, suit, t.line)
        if name in KEYWORDS:
            self.fail(f"an expression ({name!r} is one of Dealer's keywords, not a value here)")
        raise ConstraintError(
            f"line {t.line}: {name!r} is not defined: a variable is defined before it is used, "
            f"as {name} = hcp(north) >= 12 (and Dealer's names are lower case: hcp, north, ...)"
        )

    def seat(self) -> int:
        t = self.tok
        if t.kind == "word" and t.text.lower() in _SEATS:
            self.take()
            return _SEATS[t.text.lower()]
        self.fail("a seat: north, east, south or west")

    def suit(self, table=_SUITS, what="a suit: spades, hearts, diamonds or clubs") -> int:
        t = self.tok
        if t.kind == "word" and t.text in table:
            self.take()
            return table[t.text]
        self.fail(what)

    def seat_suit(self):
        """(seat) or (seat, suit)."""
        self.expect("(")
        seat = self.seat()
        suit = None
        if self.at(","):
            self.take()
            suit = self.suit()
        self.expect(")")
        return seat, suit

    def count_table(self, kind: str, index: int | None = None) -> tuple[np.ndarray, str | None]:
        if kind == "hcp":
            return self.prog.hcp_table, "hcp"
        return self.alt_tables[index], None

    def function(self) -> Node:
        t = self.take()
        name = t.text
        if name in _SUITS:
            self.expect("(")
            seat = self.seat()
            self.expect(")")
            return Count(_LEN, seat, _SUITS[name], grid="length")
        if name in ("hcp", "hcps"):
            seat, suit = self.seat_suit()
            table, grid = self.count_table("hcp")
            return Count(table, seat, suit, grid=grid if suit is None else None)
        if name in _ALT_NAMES:
            seat, suit = self.seat_suit()
            table, _ = self.count_table("alt", _ALT_NAMES[name])
            return Count(table, seat, suit)
        if name in ("loser", "losers"):
            seat, suit = self.seat_suit()
            return Count(LOSERS, seat, suit)
        if name in ("control", "controls"):
            seat, suit = self.seat_suit()
            return Count(CONTROLS, seat, suit)
        if name == "quality":
            self.expect("(")
            seat = self.seat()
            self.expect(",")
            suit = self.suit()
            self.expect(")")
            return Count(QUALITY, seat, suit)
        if name == "cccc":
            self.expect("(")
            seat = self.seat()
            self.expect(")")
            return Cccc(seat)
        if name == "shape":
            self.expect("(")
            seat = self.seat()
            self.expect(",")
            table = self.shapes()
            self.expect(")")
            return Shape(seat, table)
        if name == "hascard":
            self.expect("(")
            seat = self.seat()
            self.expect(",")
            c = self.tok
            m = _CARD.match(c.text) if c.kind in ("word", "num") else None
            if m is None:
                self.fail("a card: rank then suit, as AS, TC, 9H (upper case)")
            self.take()
            self.expect(")")
            return HasCard(seat, Card.parse(m.group(2) + m.group(1)))
        if name in ("tricks", "trick"):
            self.expect("(")
            seat = self.seat()
            self.expect(",")
            strain = self.suit(_STRAINS, "a strain: clubs, diamonds, hearts, spades or notrump")
            self.expect(")")
            self.prog.uses_tricks = True
            self.prog.solver_box.setdefault("strains", set()).add(strain)
            return Tricks(seat, strain, self.prog.solver_box, t.line)
        if name == "score":
            self.expect("(")
            v = self.tok
            if v.text not in ("vul", "nv"):
                self.fail("the vulnerability: vul or nv")
            self.take()
            self.expect(",")
            c = self.tok
            m = _CONTRACT.match(c.text) if c.kind == "word" else None
            if m is None:
                self.fail("a contract as Dealer writes it: x3N, x4S, x6C (the x is needed)")
            self.take()
            self.expect(",")
            tricks = self.expr()
            self.expect(")")
            return self.deeper(
                Score(int(v.text == "vul"), int(m.group(1)), "CDHSN".index(m.group(2)), tricks), t.line
            )
        if name in ("imps", "imp"):
            self.expect("(")
            a = self.expr()
            self.expect(")")
            return self.deeper(Imps(a), t.line)
        raise ConstraintError(
            f"line {t.line}: {name}() is not supported by bridgelab (Dealer's rnd() draws from "
            "Dealer's own random stream, which bridgelab does not reproduce)"
        )

    def shapes(self) -> np.ndarray:
        """A shape list: shapes joined by + (or ,) to add and - to take away; 'any' permutes."""
        table = np.zeros(NCODES, dtype=bool)
        op = "+"
        while True:
            one = self.one_shape()
            table = table | one if op == "+" else table & ~one
            if self.at("+", ",", "-"):
                op = self.take().text
                op = "+" if op == "," else op
                continue
            return table

    def one_shape(self) -> np.ndarray:
        any_order = False
        if self.at("any"):
            self.take()
            any_order = True
        t = self.tok
        if t.kind not in ("num", "word") or not _SHAPE.match(t.text):
            self.fail("a shape of four lengths, spades hearts diamonds clubs, such as 4333, 5xxx or any 4432")
        self.take()
        fixed = [int(c) for c in t.text if c != "x"]
        if sum(fixed) > 13 or ("x" not in t.text and sum(fixed) != 13):
            # Dealer accepts such a shape and matches no hand; so does bridgelab
            return np.zeros(NCODES, dtype=bool)
        return _shape_table(t.text, any_order)

    # -- script statements
    def script(self) -> Program:
        prog = self.prog
        while self.tok.kind != "end":
            t = self.tok
            w = t.text if t.kind == "word" else None
            if w == "generate" or w == "produce":
                self.take()
                n = self.tok
                if n.kind != "num":
                    self.fail(f"a number of deals after {w}")
                setattr(prog, w, self.number(self.take()))
            elif w == "dealer":
                self.take()
                prog.dealer = self.seat()
            elif w == "vulnerable":
                self.take()
                v = self.tok
                if v.kind != "word" or v.text.lower() not in ("none", "ns", "ew", "all"):
                    self.fail("none, NS, EW or all")
                prog.vulnerable = {"none": "None", "ns": "NS", "ew": "EW", "all": "All"}[
                    self.take().text.lower()
                ]
            elif w == "predeal":
                self.take()
                self.predeal()
            elif w == "pointcount":
                self.take()
                self.prog.hcp_table[:] = _count_table(self.count_list(t))
            elif w == "altcount":
                self.take()
                n = self.tok
                if n.kind != "num" or int(n.text) > 9:
                    self.fail("the number (0-9) of the alternative count")
                self.take()
                self.alt_tables[int(n.text)][:] = _count_table(self.count_list(t))
            elif w == "condition":
                self.take()
                prog.condition = self.top_expr()
            elif w == "action":
                self.take()
                prog.actions = self.action_list()
            elif t.kind == "word" and self.peek().kind == "op" and self.peek().text == "=":
                if w in KEYWORDS:
                    self.fail(f"a variable name ({w!r} is one of Dealer's keywords)")
                self.take()
                self.take()
                prog.variables[w] = self.deeper(Var(w, self.top_expr()), t.line)
            elif w in _ACTIONS:
                self.fail("'action' before the list of actions", t)
            else:  # the word 'condition' may be left out
                prog.condition = self.top_expr()
        return prog

    def top_expr(self) -> Node:
        self.nest = 0
        return self.expr()

    def count_list(self, start: Tok) -> list[int]:
        values = []
        while self.tok.kind == "num" or (self.at("-") and self.peek().kind == "num"):
            neg = self.at("-")
            if neg:
                self.take()
            v = self.number(self.take())
            values.append(-v if neg else v)
        if len(values) > 13:
            raise ConstraintError(
                f"line {start.line}: {start.text} takes at most 13 values, "
                f"ace first; {len(values)} were given"
            )
        return values + [0] * (13 - len(values))

    def predeal(self) -> None:
        """north SAQ542, HKJ87, D32, CAK   west DQ5   (a seat, then suits with their cards)."""
        got = False
        while self.tok.kind == "word" and self.tok.text.lower() in _SEATS:
            seat = self.seat()
            if self.at(","):
                self.take()
            cards = self.prog.predeal.setdefault(seat, [])
            while True:
                t = self.tok
                m = _HOLDING.match(t.text) if t.kind == "word" else None
                if m is None:
                    break
                self.take()
                for r in m.group(2):
                    cards.append(Card.parse(m.group(1) + r))
                if self.at(","):
                    self.take()
                else:
                    break
            got = True
        if not got:
            t = self.tok
            if t.kind == "word" and t.text in _SUITS:
                raise ConstraintError(
                    f"line {t.line}: the predeal form {t.text}(seat)==n is not supported by "
                    "bridgelab: give the cards (predeal north SAQ2, HK) or put the length in "
                    "the condition"
                )
            self.fail("a seat and its cards, as predeal south SAQ542, HKJ87, D32, CAK")

    def action_list(self) -> list[Action]:
        acts = [self.action()]
        while self.at(","):
            self.take()
            if self.tok.kind != "word" or self.tok.text not in _ACTIONS:
                break  # Dealer allows a comma after the last action
            acts.append(self.action())
        return acts

    def label(self) -> str | None:
        if self.tok.kind == "string":
            return self.take().text
        return None

    def action(self) -> Action:
        t = self.tok
        if t.kind == "word" and t.text == "evalcontract":
            raise ConstraintError(
                f"line {t.line}: evalcontract is not supported by bridgelab (it is not in "
                "Dealer's manual): average the scores instead, as average score(vul, x4S, "
                "tricks(south, spades))"
            )
        if t.kind != "word" or t.text not in _ACTIONS:
            self.fail(
                "an action: printall, printew, printpbn, printcompact, printoneline, "
                "print(...), printes(...), average, frequency or evalcontract"
            )
        self.take()
        kind = t.text
        a = Action(kind, t.line)
        if kind in ("printcompact", "printoneline"):
            if self.at("("):
                self.take()
                a.exprs.append(self.top_expr())
                self.expect(")")
        elif kind == "print":
            self.expect("(")
            a.seats.append(self.seat())
            while self.at(","):
                self.take()
                a.seats.append(self.seat())
            self.expect(")")
        elif kind == "printes":
            self.expect("(")
            while True:
                if self.tok.kind == "string":
                    a.items.append(self.take().text)
                elif self.tok.kind == "nl":
                    self.take()
                    a.items.append("\n")
                else:
                    a.items.append(self.top_expr())
                if not self.at(","):
                    break
                self.take()
            self.expect(")")
        elif kind == "average":
            a.label = self.label()
            a.exprs.append(self.top_expr())
        elif kind == "frequency":
            a.label = self.label()
            self.expect("(")
            a.exprs.append(self.top_expr())
            a.bounds += [self.bound(), self.bound()]
            if self.at(","):
                a.kind = "frequency2d"
                self.take()
                a.exprs.append(self.top_expr())
                a.bounds += [self.bound(), self.bound()]
            self.expect(")")
            for lo, hi in zip(a.bounds[::2], a.bounds[1::2]):
                if hi < lo or hi - lo > 100_000:
                    raise ConstraintError(
                        f"line {t.line}: a frequency's bounds are low, high with low <= high "
                        f"(and at most 100,000 apart), not {lo}, {hi}"
                    )
        return a

    def bound(self) -> int:
        self.expect(",")
        neg = self.at("-")
        if neg:
            self.take()
        t = self.tok
        if t.kind != "num":
            self.fail("a whole number (a frequency's bound)")
        v = self.number(self.take())
        return -v if neg else v


def _shape_table(pattern: str, any_order: bool) -> np.ndarray:
    """A bool table over shape codes: shapes that match ``pattern`` ('5xx4', '4333', '55xx')."""
    want = [(i, int(ch)) for i, ch in enumerate(pattern) if ch != "x"]
    orders = itertools.permutations(range(4)) if any_order else [(0, 1, 2, 3)]
    match = np.zeros(len(SHAPES), dtype=bool)
    for order in orders:
        match |= np.all([SHAPES[:, order[i]] == w for i, w in want] or [True], axis=0)
    table = np.zeros(NCODES, dtype=bool)
    table[_SHAPE_CODES[match]] = True
    return table


def _check_length(text: str, limit: int, what: str) -> None:
    if len(text) > limit:
        raise ConstraintError(f"the {what} is {len(text):,} characters long; at most {limit:,} are read")


def parse_dealer_condition(text: str) -> Node:
    """The expression tree of one condition in Dealer's language (variables not allowed)."""
    _check_length(text, MAX_CONDITION, "condition")
    # a condition alone counts hcp() with the registered 'hcp' (4-3-2-1 unless re-registered),
    # as the compact form does; a script counts with its own pointcount (Dealer's 4-3-2-1)
    reg = _ev.EVALUATORS.get("hcp")
    r = _Reader(text, tokenize(text), hcp_table=None if reg is None else np.asarray(reg.table))
    node = r.top_expr()
    if r.tok.kind != "end":
        r.fail("an operator (&& || ?: a comparison + - * / %) or the end of the condition")
    return node


def parse_script(text: str) -> Program:
    """Read a whole Dealer script into a Program (refusing what it cannot read, with the line)."""
    if not isinstance(text, str):
        raise ConstraintError(f"a Dealer script is text, not {type(text).__name__}")
    _check_length(text, MAX_SCRIPT, "script")
    return _Reader(text, tokenize(text)).script()


def _seat_name(seat: int) -> str:
    return Seat(seat).full_name


__all__ += ["LOSERS", "CONTROLS", "QUALITY", "tokenize", "KEYWORDS", "ParseError"]


parse_dealer_script = parse_script
__all__ += ["parse_dealer_script"]
