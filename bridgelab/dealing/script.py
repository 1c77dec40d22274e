"""Run a Dealer script on bridgelab's compiled, vectorised dealer; output in Dealer's layout.

``run_script(text)`` reads the script (``dealerlang``), deals in chunks with the dealer's plan
(smart stacking when a seat's own conditions are rare, rejection otherwise), evaluates the
condition on whole chunks, and runs the actions on the deals produced. The text it returns is
laid out as Debian's ``dealer`` lays it out, action by action, so post-processing keeps
working; the same results come as arrays and DataFrames on the ``ScriptResult``.

Which deals come out depends on the seed and not on ``workers``: chunk ``i`` is dealt from the
i-th child of the seed, in chunks of a fixed sequence of sizes. The deals are not Dealer's own
(its random stream is not reproduced): the rates and statistics agree, not the deals.

``tricks()`` needs a double-dummy solver, which lives above this layer: ``solver`` is a function
of a (n, 4, 4) batch and the strains wanted (0-4 = C D H S NT) giving (n, 4, 5) tricks [deal,
declarer N E S W, strain C D H S NT];
``bl.run_dealer_script`` and ``bridgelab dealer`` pass endplay's (``analysis.dd``).

"Generated" counts the deals considered, as Dealer does; when a seat is stacked (drawn directly
from the hands that meet its own conditions), each deal drawn stands for 1/p deals of plain
dealing, p being the exact share of such hands, and "Generated" is that equivalent count
(rounded), an estimate rather than a count. ``method="reject"`` counts exactly.
"""

from __future__ import annotations

import datetime
import math
import mmap
import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from ..model import evaluate as _ev
from ..model.cards import Seat
from ..model.errors import ConstraintError
from ..model.hand import holding_to_text
from .dealer import DealBatch, _child, _Plan, _Stream, seed_sequence
from .dealerlang import Action, Count, Program, parse_script
from .tree import BatchEnv, Constraint, _kernels, _truth

__all__ = ["run_script", "ScriptResult", "DEFAULT_GENERATE", "DEFAULT_PRODUCE_PRINT"]

DEFAULT_GENERATE = 10_000_000
"""Dealer's default number of deals generated (its manual says a million; the program 10M)."""
DEFAULT_PRODUCE_PRINT = 40
"""Dealer's default number produced when the script prints deals."""

_RANKS = "23456789TJQKA"


def _spaced(h: int) -> str:
    cards = [_RANKS[b] + " " for b in range(12, -1, -1) if h >> b & 1]
    return "".join(cards) if cards else "- "


_SPACED = [_spaced(h) for h in range(_ev.NHOLDINGS)]
_PADDED = [s + "  " * max(0, 10 - len(s) // 2) for s in _SPACED]  # Dealer pads to ten cards
_PBN = [holding_to_text(h) for h in range(_ev.NHOLDINGS)]
_VUL = (
    "None",
    "NS",
    "EW",
    "All",
    "NS",
    "EW",
    "All",
    "None",
    "EW",
    "All",
    "None",
    "NS",
    "All",
    "None",
    "NS",
    "EW",
)


def _chunk_sizes() -> "Iterator[int]":
    """The fixed sequence of chunk sizes: small first (a few deals wanted), then large."""
    size = 4096
    while True:
        yield size
        size = min(size * 2, 1 << 15)


_STORE = 1 << 22
"""Deals the store of a run holds at most (128 MB, claimed from the system only as filled)."""


def _anonymous(shape: "tuple[int, ...]", dtype: Any) -> np.ndarray:
    """A large array in memory of its own, in ordinary pages. numpy asks for huge pages above
    4 MB, and when the system's memory is fragmented (after another program's run) the kernel
    stops to compact it: 0.13 s for 90 MB here, against 0.05 s in ordinary pages and 0.01 s in
    huge pages at best."""
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    if nbytes < 1 << 22:
        return np.empty(shape, dtype=dtype)
    m = mmap.mmap(-1, nbytes, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    return np.frombuffer(m, dtype=dtype).reshape(shape)


@dataclass
class ScriptResult:
    """What a script produced: Dealer's text, the deals, and each action's results."""

    program: Program
    text: str
    holdings: np.ndarray
    generated: int
    produced: int
    seed: int
    seconds: float
    stacked: str | None = None
    averages: list = field(default_factory=list)  # (label, value)
    frequencies: list = field(default_factory=list)  # (label, lows, counts...)

    @property
    def deals(self) -> DealBatch:
        """The deals produced, as a DealBatch."""
        return DealBatch(self.holdings)

    @property
    def rate(self) -> float:
        """Deals produced per deal generated."""
        return self.produced / self.generated if self.generated else float("nan")

    def frame(self):
        """A DataFrame of the deals produced (``bl.deal_frame``'s columns) and, for each action
        with an expression, its value (columns ``average_1``, ``printoneline_2`` ...)."""
        from .dealer import batch_frame

        df = batch_frame(self.deals)
        env = BatchEnv(np.ascontiguousarray(self.holdings))
        for k, a in enumerate(self.program.actions, 1):
            for j, node in enumerate(a.exprs):
                name = f"{a.kind}_{k}" + (f"_{j + 1}" if len(a.exprs) > 1 else "")
                df[name] = np.broadcast_to(np.asarray(node.ev(env)), (len(df),)).astype(np.int64)
        return df

    def frequency_frames(self) -> list:
        """Each frequency action as a DataFrame: counts by value (one expression) or a table
        of counts (two), with Dealer's Low and High rows for values outside the bounds."""
        import pandas as pd

        out = []
        for f in self.frequencies:
            if f["kind"] == "frequency":
                out.append(
                    pd.DataFrame({"count": f["counts"]}, index=f["labels"]).rename_axis(f["label"] or "value")
                )
            else:
                out.append(pd.DataFrame(f["counts"], index=f["labels"], columns=f["labels2"]))
        return out

    def __str__(self) -> str:
        return self.text


def _prepare(text_or_program) -> Program:
    if isinstance(text_or_program, Program):
        return text_or_program
    return parse_script(text_or_program)


def _count_option(value, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ConstraintError(f"{what} is a whole number 0 or more, not {value!r}")
    return int(value)


def run_script(
    script,
    *,
    seed=None,
    produce=None,
    generate=None,
    quiet: bool = False,
    verbose: bool = True,
    swapping: int = 0,
    solver=None,
    workers: int = 1,
    method: str = "auto",
    input_name: str = "-",
    progress=None,
    out=None,
) -> ScriptResult:
    """Run a Dealer script (text or a Program read by ``parse_script``) and return its result.

    ``seed``, ``produce`` and ``generate`` are Dealer's -s, -p and -g (they win over the
    script's own ``produce`` and ``generate``, as in Dealer); ``quiet`` is -q (no printpbn
    output), ``verbose`` False is -v (no closing statistics), ``swapping`` 2 or 3 is -2 or -3.
    ``workers`` threads deal side by side (the deals do not depend on it); ``out``, a text
    file, receives the output as it is made (``result.text`` is then empty): for outputs too
    large to hold. ``solver`` gives ``tricks()`` its double-dummy tricks (see the module).
    """
    prog = _prepare(script)
    produce = _count_option(produce, "produce (-p)")
    generate = _count_option(generate, "generate (-g)")
    if swapping not in (0, 2, 3):
        raise ConstraintError(f"swapping is 0, 2 or 3 (Dealer's -0, -2, -3), not {swapping!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= 64:
        raise ConstraintError(f"workers is a whole number from 1 to 64, not {workers!r}")
    if swapping and prog.predeal:
        raise ConstraintError(
            "swapping (-2, -3) moves hands between seats and cannot keep a "
            "predeal: Dealer says so too; leave one of them out"
        )
    actions = prog.actions or [_default_action()]
    will_print = any(a.kind.startswith("print") for a in actions)
    max_gen = generate or prog.generate or DEFAULT_GENERATE
    max_prod = produce or prog.produce or (DEFAULT_PRODUCE_PRINT if will_print else max_gen)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little") & 0x7FFFFFFF
    seed_int = seed if isinstance(seed, (int, np.integer)) else 0
    ss = seed_sequence(seed)
    prog.solver_box["solver"] = solver
    where = Constraint(prog.text, prog.condition) if prog.condition is not None else None
    try:
        plan = _Plan(where, prog.predeal_text(), method, hcp_table=prog.hcp_table)
    except ConstraintError as e:
        if not str(e).startswith("no hand can satisfy"):
            raise
        # proved impossible: Dealer would deal all it may and produce none; the same, at once
        result = ScriptResult(prog, "", np.zeros((0, 4, 4), np.uint16), max_gen, 0, seed_int, 0.0)
        result.text = _output(result, actions, quiet, verbose, input_name, out)
        return result
    stacked = plan.stacked_seat
    scale = 1.0 / plan.rate_hint if stacked is not None else 1.0
    per_shuffle = {0: 1, 2: 2, 3: 6}[swapping]
    cap = max_gen if stacked is None else max(1, math.ceil(max_gen / scale))

    # load the compiled kernels (numba's cache) before the clock starts, as Dealer's own time
    # leaves out its start-up: one throwaway deal from a stream of its own
    plan.proposal.fill(_Stream(0), np.empty((1, 4, 4), dtype=np.uint16))
    start = time.perf_counter()
    got, tried = 0, 0
    # the deals produced go into one array (no joining of chunks at the end); when every deal
    # is produced, a chunk is dealt straight into its place there
    store = _anonymous((min(max_prod, cap * per_shuffle, _STORE), 4, 4), np.uint16)
    overflow: "list[np.ndarray]" = []  # deals produced past the store's end
    every = not swapping and not plan.pre.allowed and plan.where is None
    scratch = threading.local()

    # averages and frequencies: each chunk's sums are worked out beside its dealing (not with
    # tricks(), which would solve deals that a produce limit then leaves out)
    by_chunk = any(a.kind in _REDUCIBLE for a in actions) and not prog.uses_tricks
    totals: "list[Any] | None" = None

    def one(
        i: int, size: int, at: int
    ) -> "tuple[np.ndarray, np.ndarray | None, np.ndarray, list[Any] | None, bool]":
        direct = every and at + size <= len(store)
        if direct:
            buf = store[at : at + size]
        else:  # a buffer of the thread's own, used again for its next chunk
            own: "np.ndarray | None" = getattr(scratch, "buf", None)
            if own is None or len(own) < size:
                own = scratch.buf = np.empty((size, 4, 4), dtype=np.uint16)
            buf = own[:size]
        plan.proposal.fill(_Stream(_child(ss, i)), buf)
        if swapping:
            buf = _swapped(buf, swapping)
        mask = plan.accept(buf)
        idx = None if mask is None else np.flatnonzero(mask)  # None: every deal
        sel = buf if idx is None else buf[idx]
        if not direct and idx is None:
            sel = buf = buf.copy()  # the scratch buffer is the thread's to use again
        return buf, idx, sel, (_reduce(actions, sel) if by_chunk else None), direct

    sizes = _chunk_sizes()
    pool = ThreadPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        pending: "list[Any]" = []
        nxt = 0
        planned = 0
        while got < max_prod and (tried < cap or pending):
            while len(pending) < 2 * workers and planned < cap:
                size = min(next(sizes), math.ceil((cap - planned) / per_shuffle))
                job = (nxt, size, planned)  # when every deal is produced, they start at planned
                planned += size * per_shuffle
                pending.append(pool.submit(one, *job) if pool else job)
                nxt += 1
            if not pending:
                break
            job = pending.pop(0)
            buf, idx, sel, sums, direct = job.result() if pool else one(*job)
            room = cap - tried
            need = max_prod - got
            if idx is None:  # every deal produced: slices, no copies
                take = min(len(buf), room, need)
                tried += take
                kept = buf[:take]
            else:
                if len(buf) > room:  # the generate limit falls inside this chunk
                    buf, idx = buf[:room], idx[idx < room]
                if len(idx) >= need:
                    idx = idx[:need]
                    tried += int(idx[-1]) + 1 if need else 0
                else:
                    tried += len(buf)
                kept = sel[: len(idx)]  # idx was only ever cut at its end
            if len(kept):
                if not direct:  # into the store, and what does not fit past it
                    fit = max(0, min(len(kept), len(store) - got))
                    store[got : got + fit] = kept[:fit]
                    if fit < len(kept):
                        overflow.append(kept[fit:].copy())
                got += len(kept)
                if by_chunk:  # the chunk's sums, unless a limit cut it short
                    add: "list[Any]" = (
                        cast("list[Any]", sums) if len(kept) == len(sel) else _reduce(actions, kept)
                    )
                    if totals is None:
                        totals = add
                    else:  # arrays added in place
                        for k, x in enumerate(add):
                            if x is not None:
                                totals[k] += x
            if progress is not None:
                progress(got, max_prod)
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    produced = store[: min(got, len(store))]
    if overflow:
        produced = np.concatenate([produced, *overflow])
    elif 2 * got < len(store):  # far fewer than room was made for: let the rest go
        produced = produced.copy()
    seconds = time.perf_counter() - start
    generated = tried if stacked is None else min(int(round(tried * scale)), max_gen)
    result = ScriptResult(
        prog,
        "",
        produced,
        generated,
        got,
        seed_int,
        seconds,
        Seat(stacked).full_name if stacked is not None else None,
    )
    result.text = _output(result, actions, quiet, verbose, input_name, out, totals, workers)
    return result


def _default_action() -> Action:
    from .dealerlang import Action

    return Action("printall", 0)


def _swapped(buf: np.ndarray, swapping: int) -> np.ndarray:
    """Dealer's -2 (each deal, then E and W swapped) and -3 (the six arrangements of E S W)."""
    if swapping == 2:
        orders = [(0, 1, 2, 3), (0, 3, 2, 1)]
    else:  # Dealer's sequence: swap 1-3, 2-3, 1-2, 1-3, 2-3 applied in turn
        seq, cur = [(0, 1, 2, 3)], [0, 1, 2, 3]
        for a, b in ((1, 3), (2, 3), (1, 2), (1, 3), (2, 3)):
            cur[a], cur[b] = cur[b], cur[a]
            seq.append(tuple(cur))
        orders = seq
    out = np.empty((len(buf) * len(orders), 4, 4), dtype=buf.dtype)
    for k, order in enumerate(orders):
        out[k :: len(orders)] = buf[:, list(order)]
    return out


# ---- output -------------------------------------------------------------------------------------


def _held(env: BatchEnv, seat: int, suit: int) -> np.ndarray:
    """How many deals give ``seat`` each of the 8,192 holdings of ``suit`` (all sixteen tables
    counted in one pass, kept for reuse)."""
    if "held" not in env._cache:
        counts = np.zeros((4, 4, _ev.NHOLDINGS), dtype=np.int64)
        compiled: Any = _kernels()  # loaded when first needed (numba is slow to import)
        compiled.holding_counts(np.ascontiguousarray(env.h), counts)
        env._cache["held"] = counts
    held: np.ndarray = env._cache["held"][seat, suit]
    return held


_REDUCIBLE = ("average", "frequency", "frequency2d")


def _from_held(a: Action) -> bool:
    """Whether an action's result is read from the holdings' counts (``_held``) alone."""
    node = a.exprs[0] if a.exprs else None
    return isinstance(node, Count) and (
        a.kind == "average" or a.kind == "frequency" and node.suit is not None
    )


def _reduce(actions: "list[Action]", h: np.ndarray) -> "list[Any]":
    """Sums over the deals ``h`` that add up over chunks of deals, worked out beside the
    dealing, chunk by chunk: for each action an average's total or a frequency's counts (None
    for the other actions, and for those read from the holdings' counts), and last the
    holdings' counts (``_held``) when an action is read from them."""
    env = BatchEnv(h)
    n = len(h)
    out: "list[Any]" = []
    for a in actions:
        if a.kind not in _REDUCIBLE or _from_held(a):
            out.append(None)
        elif a.kind == "average":
            out.append(_average_total(a, env, n))
        elif a.kind == "frequency":
            out.append(_freq1_counts(a, env, n))
        else:
            out.append(_freq2_counts(a, _values(a.exprs[0], env, n), _values(a.exprs[1], env, n)))
    if any(a.kind in _REDUCIBLE and _from_held(a) for a in actions):
        _held(env, 0, 0)
        out.append(env._cache["held"])
    else:
        out.append(None)
    return out


def _values(node, env, n, cast: bool = True) -> np.ndarray:
    if not node.seats():  # no hand in it: a constant, evaluated once
        one = np.asarray(node.ev(BatchEnv(np.zeros((1, 4, 4), np.uint16)))).astype(np.int64)
        return np.broadcast_to(one.reshape(-1)[:1], (n,))
    v = np.broadcast_to(np.asarray(node.ev(env)), (n,))
    return v.astype(np.int64) if cast else v


def _table(strings, width: int = 0) -> np.ndarray:
    """Strings as rows of bytes padded with NUL (removed from the output at the end), at least
    ``width`` bytes a row."""
    enc = [x.encode() for x in strings]
    t = np.zeros((len(enc), max(max(len(e) for e in enc), 1, width)), dtype=np.uint8)
    for i, e in enumerate(enc):
        t[i, : len(e)] = np.frombuffer(e, dtype=np.uint8)
    return t


_LEN8 = _ev.LENGTH.astype(np.int64)
_T_PBN = _table(_PBN)
_T_SPACED = _table(_SPACED)
_T_PADDED = _table(_PADDED)
_ROW32_SPACED = _table(_SPACED, 32).view(np.uint64)  # for the compiled print_pages
_ROW32_PADDED = _table(_PADDED, 32).view(np.uint64)
_SPACED_LEN = np.array([len(x) for x in _SPACED], dtype=np.int64)
_PADDED_LEN = np.array([len(x) for x in _PADDED], dtype=np.int64)
_T_SEAT = _table(["N", "E", "S", "W"])
_T_VUL = _table(_VUL)
_BLOCK = 1 << 15  # deals formatted at a time (bounds the memory of the byte columns)


def _const(text: str, n: int) -> np.ndarray:
    b = np.frombuffer(text.encode(), dtype=np.uint8)
    return np.broadcast_to(b, (n, len(b)))


def _ints(v: np.ndarray, width: int = 0) -> np.ndarray:
    """C's %d (or %<width>d) of each value, as rows of bytes (NUL where nothing is printed)."""
    v = np.asarray(v, dtype=np.int64)
    if len(v) and v.min() == v.max():  # a constant: the same bytes on every row
        return _const(f"{int(v[0]):{width}d}", len(v))
    a = np.abs(v)
    most = len(str(int(a.max()))) if len(a) else 1
    w = max(most + 1, width)
    out = np.zeros((len(v), w), dtype=np.uint8)
    ndig = np.ones(len(v), dtype=np.int64)
    for k in range(1, most):
        ndig += a >= 10**k
    for k in range(most):
        col = w - 1 - k
        out[:, col] = np.where(k < ndig, 48 + (a // 10**k) % 10, 0)
    length = ndig + (v < 0)
    rows = np.arange(len(v))
    neg = v < 0
    out[rows[neg], w - 1 - ndig[neg]] = ord("-")
    if width:
        pos = np.arange(w)[None, :]
        out[(pos >= w - width) & (pos < (w - length)[:, None])] = ord(" ")
    return out


def _cards(holdings: np.ndarray, padded: bool) -> np.ndarray:
    """Dealer's spaced cards of each holding ('A K 4 ', '- '), padded to ten cards if asked,
    cut to the widest holding present."""
    longest = int(_LEN8[holdings].max()) if holdings.size else 1
    width = max(2 * max(longest, 1), 20 if padded else 0)
    return (_T_PADDED if padded else _T_SPACED)[holdings, :width]


def _hand(hb: np.ndarray, p: int) -> list:
    n = len(hb)
    return [
        _T_PBN[hb[:, p, 0]],
        _const(".", n),
        _T_PBN[hb[:, p, 1]],
        _const(".", n),
        _T_PBN[hb[:, p, 2]],
        _const(".", n),
        _T_PBN[hb[:, p, 3]],
    ]


def _columns(a, hb: np.ndarray, first: int, vals: dict, prog: Program, seed, input_name) -> list:
    """The byte columns of one printing action for a block of deals (numbered from first)."""
    n = len(hb)
    k = a.kind
    nums = np.arange(first + 1, first + n + 1)
    cols: list = []
    if k == "printall":
        cols += [_ints(nums, 4), _const(".\n", n)]
        for s in range(4):
            cols += [
                _cards(hb[:, 0, s], True),
                _cards(hb[:, 1, s], True),
                _cards(hb[:, 2, s], True),
                _cards(hb[:, 3, s], False),
                _const("\n", n),
            ]
        cols.append(_const("\n", n))
    elif k == "printew":
        for s in range(4):
            cols += [_cards(hb[:, 3, s], True), _cards(hb[:, 1, s], False), _const("\n", n)]
        cols.append(_const("\n", n))
    elif k == "printcompact":
        for p in range(4):
            cols += [_const("nesw"[p] + " ", n), *_hand(hb, p), _const("\n", n)]
        if a.exprs:
            cols += [_ints(vals[id(a.exprs[0])]), _const("\n", n)]
    elif k == "printoneline":
        for p in range(4):
            cols += [_const("nesw"[p] + " ", n), *_hand(hb, p), _const(" ", n)]
        if a.exprs:
            cols.append(_ints(vals[id(a.exprs[0])]))
        cols.append(_const("\n", n))
    elif k == "printpbn":
        date = datetime.date.today().strftime("%Y.%m.%d")
        cols += [
            _const(
                f'[Event "Hand simulated by dealer with file {input_name}, seed {seed}"]'
                f'\n[Site "-"]\n[Date "{date}"]\n[Board "',
                n,
            ),
            _ints(nums),
            _const('"]\n[West "-"]\n[North "-"]\n[East "-"]\n[South "-"]\n[Dealer "', n),
            _const("NESW"[prog.dealer], n) if prog.dealer is not None else _T_SEAT[(nums - 1) % 4],
            _const('"]\n[Vulnerable "', n),
            _const(prog.vulnerable, n) if prog.vulnerable is not None else _T_VUL[(nums - 1) % 16],
            _const('"]\n[Deal "N:', n),
        ]
        for p in range(4):
            cols += [*_hand(hb, p), _const(" " if p < 3 else "", n)]
        cols.append(_const('"]\n[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n\n', n))
    elif k == "printes":
        for item in a.items:
            cols.append(_const(item, n) if isinstance(item, str) else _ints(vals[id(item)]))
    return [c for c in cols if c.shape[1]]


def _bytes(cols: list) -> bytes:
    if all(c.strides[0] == 0 for c in cols):  # the same text on every row (printes of constants)
        row = np.concatenate([c[:1] for c in cols], axis=1).ravel()
        return row[row != 0].tobytes() * len(cols[0])
    arr = np.concatenate(cols, axis=1).ravel()
    return arr[arr != 0].tobytes()


class _Parts(list):
    """Output collected, or written to a file as it is made (``out``)."""

    def __init__(self, out=None):
        super().__init__()
        self.out = out

    def append(self, text: "str | bytes | memoryview") -> None:
        if isinstance(text, str):
            if self.out is None:
                super().append(text)
            else:
                self.out.write(text)
        elif self.out is not None and hasattr(self.out, "buffer"):
            self.out.flush()  # what was written as text goes first
            self.out.buffer.write(text)
        elif self.out is None:
            super().append(str(text, "ascii"))
        else:
            self.out.write(str(text, "ascii"))


def _output(
    result: ScriptResult,
    actions,
    quiet: bool,
    verbose: bool,
    input_name: str,
    out=None,
    reduced=None,
    workers: int = 1,
) -> str:
    """Dealer's output of every action. ``reduced``: the averages' totals, the frequencies'
    counts and the holdings' counts already summed chunk by chunk (see ``_reduce``); ``workers``:
    threads for the print pages."""
    prog = result.program
    h = np.ascontiguousarray(result.holdings)
    n = len(h)
    env = BatchEnv(h)
    if reduced is not None and reduced[-1] is not None:
        env._cache["held"] = reduced[-1]  # the holdings' counts, summed chunk by chunk
    done = reduced if reduced is not None else [None] * len(actions)
    printing = [
        a
        for a in actions
        if a.kind in ("printall", "printew", "printcompact", "printoneline", "printes")
        or a.kind == "printpbn"
        and not quiet
    ]
    vals = {}
    for a in printing:
        for node in list(a.exprs) + [i for i in a.items if not isinstance(i, str)]:
            vals[id(node)] = _values(node, env, n)
    parts = _Parts(out)
    if printing and n:
        for first in range(0, n, _BLOCK):
            hb = h[first : first + _BLOCK]
            block_vals = {key: v[first : first + _BLOCK] for key, v in vals.items()}
            cols = []
            for a in printing:
                cols += _columns(a, hb, first, block_vals, prog, result.seed, input_name)
            parts.append(_bytes(cols))
    pages: dict = {}
    for i, a in enumerate(actions):
        k = a.kind
        if k == "print":  # the same seats print the same pages: made once
            key = tuple(sorted(set(a.seats)))
            if key not in pages:
                pages[key] = _print_pages(h, a.seats, workers)
            for page in pages[key]:
                parts.append(page)
        elif k == "average":
            total = done[i] if done[i] is not None else _average_total(a, env, n)
            avg = total / n if n else float("nan")
            result.averages.append((a.label, avg))
            shown = f"{avg:g}" if n else "-nan"  # C's 0.0 / 0 on x86, as Dealer prints it
            parts.append((f"{a.label}: " if a.label is not None else "") + shown + "\n")
        elif k == "frequency":
            full = done[i] if done[i] is not None else _freq1_counts(a, env, n)
            parts.append(_freq1_text(result, a, full))
        elif k == "frequency2d":
            table = (
                done[i]
                if done[i] is not None
                else _freq2_counts(a, _values(a.exprs[0], env, n), _values(a.exprs[1], env, n))
            )
            parts.append(_freq2_text(result, a, table))
    if verbose:
        parts.append(
            f"Generated {result.generated} hands\nProduced {result.produced} hands\n"
            f"Initial random seed {result.seed}\n"
            f"Time needed {result.seconds:8.3f} sec\n"
        )
    return "".join(parts)


def _print_pages(h: np.ndarray, seats: "list[int] | tuple[int, ...]", workers: int = 1) -> "list[Any]":
    """Dealer's print(seats): each seat's hands on pages, four deals across (made by the
    compiled ``print_pages``, in ``workers`` pieces side by side)."""
    compiled: Any = _kernels()
    n = len(h)
    cuts = [0] + [4 * (n * k // (4 * workers)) for k in range(1, workers)] + [n]
    spans = [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]

    def piece(p: int, a: int, b: int) -> memoryview:
        buf = _anonymous((compiled.print_pages_bound(b - a),), np.uint64)
        used = compiled.print_pages(h[a:b], p, a, _ROW32_PADDED, _PADDED_LEN, _ROW32_SPACED, _SPACED_LEN, buf)
        text: memoryview = buf.view(np.uint8)[:used].data
        return text

    out: "list[Any]" = []
    pool = ThreadPoolExecutor(max_workers=workers) if workers > 1 and len(spans) > 1 else None
    try:
        for p in sorted(set(seats)):
            out.append(f"\n\n{Seat(p).full_name} hands:\n\n\n\n".encode())
            jobs = [(p, a, b) for a, b in spans]
            out += [piece(*j) for j in jobs] if pool is None else list(pool.map(lambda j: piece(*j), jobs))
            out.append(b"\f")
    finally:
        if pool is not None:
            pool.shutdown()
    return out


def _average_total(a: Action, env: BatchEnv, n: int) -> int:
    """The sum of an average's expression over the deals."""
    node = a.exprs[0]
    if isinstance(node, Count) and n:  # a sum of table values: from the holdings' counts
        suits = range(4) if node.suit is None else (node.suit,)
        return sum(int(_held(env, node.seat, s) @ np.asarray(node.table, np.int64)) for s in suits)
    return int(_values(node, env, n, cast=False).sum(dtype=np.int64))


def _freq1_counts(a: Action, env: BatchEnv, n: int) -> np.ndarray:
    """A one-expression frequency's counts: Low, each value from lo to hi, High."""
    lo, hi = a.bounds
    node = a.exprs[0]
    if isinstance(node, Count) and n:
        table = np.asarray(node.table)
        if node.suit is not None:  # one suit's holdings: count the holdings, then read the table
            index = _fold_index(node, lo, hi)
            held = _held(env, node.seat, node.suit)
            return np.bincount(index, weights=held, minlength=hi - lo + 3).astype(np.int64)
        if table.dtype.kind in "iu" and 0 <= table.min() and table.max() < 1024:
            # a table summed over the four suits: the sums counted as they are made
            every = np.zeros(4 * int(table.max()) + 1, dtype=np.int64)
            compiled: Any = _kernels()
            compiled.seat_sum_counts(np.ascontiguousarray(env.h), node.seat, table.astype(np.int64), every)
            return _fold(every, lo, hi)
    v = np.broadcast_to(np.asarray(node.ev(env)), (n,))
    if v.dtype == bool and lo <= 0 and hi >= 1:  # hascard() and the like: one count
        ones = int(np.count_nonzero(v))
        full = np.zeros(hi - lo + 3, dtype=np.int64)
        full[1 - lo], full[2 - lo] = len(v) - ones, ones
        return full
    vmin = int(v.min()) if len(v) else 0
    vmax = int(v.max()) if len(v) else 0
    if vmin >= 0 and vmax < 4096:  # counts of every value, then folded into Low/High
        return _fold(np.bincount(v, minlength=max(hi + 2, 1)), lo, hi)
    return np.bincount(np.clip(v.astype(np.int64), lo - 1, hi + 1) - (lo - 1), minlength=hi - lo + 3)


def _fold(every: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """Counts of each value 0, 1, 2 ... folded into a frequency's Low, lo..hi, High."""
    full = np.zeros(hi - lo + 3, dtype=np.int64)
    full[0] = every[: max(lo, 0)].sum()
    full[1:-1] = [every[x] if 0 <= x < len(every) else 0 for x in range(lo, hi + 1)]
    full[-1] = every[max(hi + 1, 0) :].sum()
    return full


def _fold_index(node: Count, lo: int, hi: int) -> np.ndarray:
    """Each holding's place among a frequency's Low, lo..hi, High (the same for every chunk:
    kept on the node)."""
    cache = node.__dict__.setdefault("_fold", {})
    if (lo, hi) not in cache:
        vals = np.asarray(node.table).astype(np.int64)
        cache[lo, hi] = np.clip(vals, lo - 1, hi + 1) - (lo - 1)
    index: np.ndarray = cache[lo, hi]
    return index


def _freq1_text(result: ScriptResult, a, full: np.ndarray) -> str:
    lo, hi = a.bounds
    low, high, counts = int(full[0]), int(full[-1]), full[1:-1]
    out = [f"Frequency {a.label or ''}:\n"]
    if low:
        out.append(f"Low\t{low:8d}\n")
    out += [f"{lo + i:5d}\t{c:8d}\n" for i, c in enumerate(counts.tolist())]
    if high:
        out.append(f"High\t{high:8d}\n")
    labels = (["Low"] if low else []) + list(range(lo, hi + 1)) + (["High"] if high else [])
    result.frequencies.append(
        {
            "kind": "frequency",
            "label": a.label,
            "labels": labels,
            "counts": ([low] if low else []) + counts.tolist() + ([high] if high else []),
        }
    )
    return "".join(out)


def _freq2_counts(a: Action, v1: np.ndarray, v2: np.ndarray) -> np.ndarray:
    """A two-expression frequency's table of counts, Low and High rows and columns included."""
    lo1, hi1, lo2, hi2 = a.bounds
    r = np.where(v1 > hi1, hi1 - lo1 + 2, np.maximum(v1 - lo1 + 1, 0))
    c = np.where(v2 > hi2, hi2 - lo2 + 2, np.maximum(v2 - lo2 + 1, 0))
    nr, nc = hi1 - lo1 + 3, hi2 - lo2 + 3
    return np.bincount(r * nc + c, minlength=nr * nc).reshape(nr, nc).astype(np.int64)


def _freq2_text(result: ScriptResult, a, table: np.ndarray) -> str:
    lo1, hi1, lo2, hi2 = a.bounds
    nr, nc = hi1 - lo1 + 3, hi2 - lo2 + 3
    out = [f"Frequency {a.label or ''}:\n", "        Low"]
    out += [f" {lo2 + j:6d}" for j in range(nc - 2)]
    out.append("   High    Sum\n")
    for i in range(nr):
        name = "Low " if i == 0 else "High" if i == nr - 1 else f"{lo1 + i - 1:4d}"
        out.append(name + "".join(f" {x:6d}" for x in table[i].tolist()) + f" {int(table[i].sum()):6d}\n")
    out.append(
        "Sum " + "".join(f" {x:6d}" for x in table.sum(axis=0).tolist()) + f" {int(table.sum()):6d}\n\n"
    )
    labels1 = ["Low"] + list(range(lo1, hi1 + 1)) + ["High"]
    labels2 = ["Low"] + list(range(lo2, hi2 + 1)) + ["High"]
    result.frequencies.append(
        {"kind": "frequency2d", "label": a.label, "labels": labels1, "labels2": labels2, "counts": table}
    )
    return "".join(out)


def truth(x) -> np.ndarray:
    """1/0 of Dealer's truth for an array of values."""
    return _truth(np.asarray(x))
