"""The expression tree every constraint reads into, and where it is evaluated.

A constraint (the compact form of ``constraints`` or Dealer's language of ``dealerlang``) is a
tree of nodes that evaluates on a whole ``DealBatch`` at once (an array of shape (n,)). A part of
the tree that speaks of one seat's HCP and suit lengths only can also be evaluated on the table
of every (shape, HCP) a hand can have (``GridEnv``); the dealer uses that to refuse impossible
constraints at once and to draw rare hands directly ("smart stacking").
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from ..model import evaluate as _ev
from ..model.cards import Card

__all__ = ["Constraint", "Node", "SHAPES", "shape_code"]


# ---- shapes ---------------------------------------------------------------------------------

SHAPES = np.array([s for s in itertools.product(range(14), repeat=4) if sum(s) == 13], dtype=np.int64)
"""The 560 shapes a hand can have: lengths of spades, hearts, diamonds, clubs."""
NCODES = 14**4


def shape_code(lengths) -> np.ndarray:
    """One integer per shape (spades*2744 + hearts*196 + diamonds*14 + clubs), last axis = suits."""
    a = np.asarray(lengths).astype(np.int32)
    return ((a[..., 0] * 14 + a[..., 1]) * 14 + a[..., 2]) * 14 + a[..., 3]


_SHAPE_CODES = shape_code(SHAPES)


# ---- evaluation environments ------------------------------------------------------------------

GRID_HCP = 41


class NotOnGrid(Exception):
    """This part of a constraint needs more than one seat's HCP and suit lengths."""


def _kernels() -> Any:
    """The compiled kernels, imported when first needed (numba is slow to import)."""
    return importlib.import_module("bridgelab.dealing.kernels")


def seat_total(holdings: np.ndarray, seat: int, table: np.ndarray) -> np.ndarray:
    """The sum of a holding table over the four suits of ``seat``: shape (n,), the table's dtype."""
    out = np.empty(holdings.shape[0], dtype=table.dtype)
    _kernels().seat_sum(np.ascontiguousarray(holdings), seat, table, out)
    return out


class _Cache(dict):
    """A BatchEnv's values; a subset's cache takes its parent's values, indexed, when it can."""

    def __init__(self, parent: "_Cache | None" = None, idx=None, parent_n: int = 0):
        super().__init__()
        self.parent, self.idx, self.parent_n = parent, idx, parent_n

    def __contains__(self, key) -> bool:
        if dict.__contains__(self, key):
            return True
        if self.parent is not None and key in self.parent:
            v = self.parent[key]
            if isinstance(v, np.ndarray) and v.ndim >= 1 and v.shape[0] == self.parent_n:
                self[key] = v[self.idx]
                return True
        return False


class BatchEnv:
    """Values of a DealBatch, computed once per constraint evaluation."""

    def __init__(self, holdings: np.ndarray, cache: _Cache | None = None):
        self.h = holdings
        self.n = holdings.shape[0]
        self._cache: dict = cache if cache is not None else _Cache()

    def subset(self, mask: np.ndarray) -> "BatchEnv":
        """The deals where ``mask`` is true, sharing the values computed so far."""
        idx = np.flatnonzero(mask)
        return BatchEnv(np.ascontiguousarray(self.h[idx]), _Cache(self._cache, idx, self.n))

    def value(self, name: str, seat: int, suit: int | None):
        key = ("v", name, seat, suit)
        if key not in self._cache:
            table = _ev.evaluator(name).table
            if suit is None:
                v = seat_total(self.h, seat, table)
            else:
                v = table[self.h[:, seat, suit]]
            self._cache[key] = v
        return self._cache[key]

    def shape_code(self, seat: int):
        key = ("shape", seat)
        if key not in self._cache:
            code = np.empty(self.n, dtype=np.int32)
            _kernels().seat_shape_code(np.ascontiguousarray(self.h), seat, _ev.LENGTH, code)
            self._cache[key] = code
        return self._cache[key]

    def column(self, seat: int, suit: int) -> np.ndarray:
        """The holdings of one seat in one suit, contiguous (kept for the next look-up)."""
        key = ("col", seat, suit)
        if key not in self._cache:
            self._cache[key] = np.ascontiguousarray(self.h[:, seat, suit])
        return self._cache[key]

    def has(self, seat: int, suit: int, mask: int):
        return (self.column(seat, suit) & mask) != 0


class GridEnv:
    """Every (shape, HCP) a hand of ``seat`` can have: 560 shapes x 41 point totals (0-40,
    room for a point count registered as 'hcp' that gives a suit up to 10)."""

    HCP = np.tile(np.arange(GRID_HCP, dtype=np.int64), len(SHAPES))
    LENGTHS = np.repeat(SHAPES, GRID_HCP, axis=0)
    CODES = np.repeat(_SHAPE_CODES, GRID_HCP)

    def __init__(self, seat: int, hcp_table: np.ndarray | None = None):
        self.seat = seat
        self.n = len(self.HCP)
        self.hcp_table = hcp_table  # the point count of the grid's HCP (None: 'hcp' registered)

    def _check(self, seat):
        if seat != self.seat:
            raise NotOnGrid

    def value(self, name, seat, suit):
        self._check(seat)
        if name == "length" and suit is not None:
            return self.LENGTHS[:, suit]
        if name == "hcp" and suit is None:
            return self.HCP
        raise NotOnGrid

    def shape_code(self, seat):
        self._check(seat)
        return self.CODES

    def has(self, seat, suit, mask):
        raise NotOnGrid


# ---- the expression tree ----------------------------------------------------------------------


class Node:
    def seats(self) -> set[int]:
        return set().union(*(c.seats() for c in self.children())) if self.children() else set()

    def children(self):
        return ()


class Num(Node):
    def __init__(self, v):
        self.v = v

    def ev(self, env):
        return np.full(env.n, self.v)


class Value(Node):
    def __init__(self, name, seat, suit=None):
        self.name, self.seat, self.suit = name, seat, suit

    def seats(self):
        return {self.seat}

    def ev(self, env):
        return env.value(self.name, self.seat, self.suit)


class Shape(Node):
    def __init__(self, seat, table):
        self.seat, self.table = seat, table

    def seats(self):
        return {self.seat}

    def ev(self, env):
        return self.table[env.shape_code(self.seat)]


class HasCard(Node):
    def __init__(self, seat, card: Card):
        self.seat, self.card = seat, card

    def seats(self):
        return {self.seat}

    def ev(self, env):
        return env.has(self.seat, self.card.suit_index, self.card.mask)


_OPS: dict[str, Callable] = {
    ">=": np.greater_equal,
    "<=": np.less_equal,
    ">": np.greater,
    "<": np.less,
    "==": np.equal,
    "=": np.equal,
    "!=": np.not_equal,
    "+": np.add,
    "-": np.subtract,
    "*": np.multiply,
    "/": np.floor_divide,
    "%": np.mod,
}


class BinOp(Node):
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b

    def children(self):
        return (self.a, self.b)

    def ev(self, env):
        a, b = self.a.ev(env), self.b.ev(env)
        if self.op in ("/", "%"):
            b = np.where(b == 0, 1, b)  # Dealer's convention would crash; we read x/0 as x/1
        return _OPS[self.op](a, b)


def _truth(x):
    return x if x.dtype == bool else x != 0


class And(Node):
    def __init__(self, parts):
        self.parts = list(parts)

    def children(self):
        return self.parts

    def ev(self, env):
        return _lazy(self.parts, env, True)


class Or(And):
    def ev(self, env):
        return _lazy(self.parts, env, False)


def fragile(node: Node) -> bool:
    """Whether evaluating ``node`` where C would not can fail or cost much (x / 0, tricks())."""
    f = getattr(node, "_fragile", None)
    if f is None:
        f = bool(getattr(node, "FRAGILE", False)) or any(fragile(c) for c in node.children())
        node._fragile = f
    return f


def _lazy(parts, env, is_and: bool) -> np.ndarray:
    """&& (is_and) or || of ``parts``, each part evaluated only on the deals still undecided,
    as C does: on a subset of the batch when few are left (a sixteenth: copying more costs
    more than a compiled look-up over the whole batch) or the part is fragile."""
    out = np.broadcast_to(_truth(np.asarray(parts[0].ev(env))), (env.n,))
    for p in parts[1:]:
        live = out if is_and else ~out
        if not live.any():
            break
        if live.all():
            v = np.broadcast_to(_truth(np.asarray(p.ev(env))), (env.n,))
            out = v if is_and else out | v
            continue
        if hasattr(env, "subset") and (fragile(p) or np.count_nonzero(live) < env.n // 16):
            sub = env.subset(live)
            v = np.broadcast_to(_truth(np.asarray(p.ev(sub))), (sub.n,))
            out = out.copy()
            out[live] = v if is_and else v | out[live]
        else:
            v = np.broadcast_to(_truth(np.asarray(p.ev(env))), (env.n,))
            out = out & v if is_and else out | v
    return out


class Not(Node):
    def __init__(self, a):
        self.a = a

    def children(self):
        return (self.a,)

    def ev(self, env):
        return ~_truth(self.a.ev(env))


def _range(node: Node, lo, hi) -> Node:
    parts = []
    if lo is not None:
        parts.append(BinOp(">=", node, Num(lo)))
    if hi is not None:
        parts.append(BinOp("<=", node, Num(hi)))
    return parts[0] if len(parts) == 1 else And(parts)


# ---- Constraint -----------------------------------------------------------------------------


class Constraint:
    """A parsed constraint: call it on a DealBatch for a bool mask of shape (n,)."""

    def __init__(self, text: str, node: Node):
        self.text = text
        self.node = node

    def __call__(self, batch) -> np.ndarray:
        holdings = batch.holdings if hasattr(batch, "holdings") else np.asarray(batch)
        env = BatchEnv(holdings)
        out = _truth(np.asarray(self.node.ev(env)))
        return np.broadcast_to(out, (env.n,))

    def conjuncts(self) -> list[Node]:
        """The parts joined by 'and' at the top, seen through variables (a script's
        ``opener = ... && ...``) and nested 'and's, so each one-seat part can be stacked."""
        out, stack = [], [self.node]
        while stack:
            node = stack.pop()
            inner = getattr(node, "transparent", None)
            if inner is not None:
                stack.append(inner)
            elif type(node) is And:
                stack.extend(reversed(node.parts))
            else:
                out.append(node)
        return out

    def seat_grids(self, hcp_table: np.ndarray | None = None) -> dict[int, np.ndarray]:
        """For each seat, the (shape, HCP) cells its one-seat conditions allow (560*41 bools);
        the HCP of the grid are counted with ``hcp_table`` (None: the registered 'hcp')."""
        grids: dict[int, np.ndarray] = {}
        for part in self.conjuncts():
            seats = part.seats()
            if len(seats) != 1:
                continue
            (seat,) = seats
            try:
                mask = np.broadcast_to(
                    _truth(np.asarray(part.ev(GridEnv(seat, hcp_table)))), (GridEnv.HCP.size,)
                )
            except NotOnGrid:
                continue
            grids[seat] = mask if seat not in grids else grids[seat] & mask
        return grids

    def __repr__(self) -> str:
        return f"Constraint({self.text!r})"
