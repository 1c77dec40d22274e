"""Compiled inner loops of the dealer (numba, cached on disk; a plain-Python fallback).

Randomness comes in as an array of 64-bit words (``PCG64.random_raw``). A uniform index in
``[0, b)`` is the high half of the product ``x * b`` of a 32-bit random ``x`` and ``b``
(Lemire's method); several indices come from one 32-bit half-word by multiplying the low
half again (the mixed-radix form of one draw over the product of the bounds), and the draw
is exact because the half-word is rejected when that final low half falls below
``2**32 mod product`` (Brackett-Rozinsky and Lemire, "Batched ranged random integer
generation", 2024). The shuffle's bounds are grouped so that each product stays below
2**23: ten half-words a deal, and one deal in about 700 is started again. Draws with large
bounds (the stacked hand) use a whole word and the 128-bit product the same way.

Cards inside the kernels are bit numbers of a 52-bit mask: suit ``s`` (spades 0 ... clubs 3)
and rank bit ``b`` (two 0 ... ace 12) are bit ``13 * (3 - s) + b``, so the holding of suit
``s`` is ``(mask >> 13 * (3 - s)) & 0x1FFF``.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

CACHE = "numba"
"""Where the compiled code is cached: "numba" (numba's own place: the package's __pycache__,
else the user's cache folder), a temporary folder's path, or "none" (compiled in every process)."""


def _cache_fallback() -> bool:
    """Called when numba finds no writable place for its cache (a read-only package folder and
    HOME: a service account, a read-only image). Point numba at a private temporary folder if
    one can be made; otherwise compile without a cache. Says the cost once, as a warning (for
    the temporary folder, when it is made; without a cache, in every process, which pays it)."""
    global CACHE
    import tempfile
    import warnings

    folder = None
    try:
        user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
        folder = os.path.join(tempfile.gettempdir(), f"bridgelab-numba-{user}")
        first = not os.path.isdir(folder)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.stat(folder)
        if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
            raise PermissionError("another user's folder: compiled code is not loaded from it")
        probe = tempfile.NamedTemporaryFile(dir=folder)
        probe.close()
    except OSError:
        folder = None
    if folder is not None:
        _nb.config.CACHE_DIR = folder
        CACHE = folder
        if not first:  # said when the folder was made; the cache there works
            return True
        cost = (
            f"it is kept in {folder} instead, which the system may clear (then the next "
            "process compiles again, some seconds)"
        )
    else:
        CACHE = "none"
        cost = (
            "no temporary folder is writable either, so every new process compiles the "
            "dealer again (some seconds before the first deal); set NUMBA_CACHE_DIR to a "
            "writable folder to avoid it"
        )
    warnings.warn(
        f"bridgelab: numba cannot cache its compiled code beside the package or in "
        f"the home folder (neither is writable); {cost}",
        RuntimeWarning,
        stacklevel=3,
    )
    return folder is not None


def _njit(fn: Any, **kw: Any) -> Any:
    """numba.njit with the on-disk cache where one can be written (see ``_cache_fallback``)."""
    global CACHE
    if CACHE != "none":
        try:
            return _nb.njit(cache=True, nogil=True, **kw)(fn)
        except RuntimeError as e:
            if "cannot cache" not in str(e):
                raise
        if CACHE == "numba" and _cache_fallback():
            try:
                return _nb.njit(cache=True, nogil=True, **kw)(fn)
            except RuntimeError as e:
                if "cannot cache" not in str(e):
                    raise
        CACHE = "none"
    return _nb.njit(cache=False, nogil=True, **kw)(fn)


try:  # numba is optional: without it the same functions run as (slow) Python.
    import numba as _nb

    HAVE_NUMBA = True

    def _jit(fn: Any) -> Any:
        return _njit(fn)

    def _jit_inline(fn: Any) -> Any:
        return _njit(fn, inline="always")

except ImportError:  # pragma: no cover - exercised only where numba is missing
    HAVE_NUMBA = False

    import functools

    def _jit(fn: Any) -> Any:
        @functools.wraps(fn)
        def run(*args: Any) -> Any:
            with np.errstate(over="ignore"):  # uint64 arithmetic wraps, as in the compiled code
                return fn(*args)

        return run

    _jit_inline = _jit


_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_SUITMASK = np.uint64(0x1FFF)


@_jit
def _mulhi(a, b):
    """High 64 bits of the 128-bit product of two uint64."""
    a_lo = a & _M32
    a_hi = a >> _S32
    b_lo = b & _M32
    b_hi = b >> _S32
    p0 = a_lo * b_lo
    p1 = a_lo * b_hi
    p2 = a_hi * b_lo
    p3 = a_hi * b_hi
    mid = (p0 >> _S32) + (p1 & _M32) + (p2 & _M32)
    return p3 + (p1 >> _S32) + (p2 >> _S32) + (mid >> _S32)


@_jit_inline
def _shuffle_deal(words, wpos, deck, seg_end, bounds, gstart, gthresh):
    """Partial Fisher-Yates of ``deck`` (changed in place).

    Draws ``seg_end[k-1] .. seg_end[k]-1`` make segment k (one seat's cards; ``seg_end`` ends
    with a sentinel past the last draw). Group g of draws takes its indices from one 32-bit
    half of a word (low half first). Returns (status, wpos, the 52-bit masks of segments
    0, 1, 2); status is 0 when done, 1 when the words ran out and 2 when a half-word was
    rejected (the caller starts the deal again, from a fresh copy of the deck, with the next
    words: exact, because whether a half-word is accepted does not depend on the indices it
    gives).
    """
    m = deck.shape[0]
    nw = words.shape[0]
    a0 = _ZERO
    a1 = _ZERO
    acc = _ZERO
    seg = 0
    nextb = seg_end[0]
    cur = _ZERO
    for g in range(gthresh.shape[0]):
        if g % 2 == 0:
            if wpos >= nw:
                return 1, wpos, a0, a1, acc
            cur = words[wpos]
            wpos += 1
            x = cur & _M32
        else:
            x = cur >> _S32
        for t in range(gstart[g], gstart[g + 1]):
            if t == nextb:  # the next seat's cards start here
                if seg == 0:
                    a0 = acc
                else:
                    a1 = acc
                acc = _ZERO
                seg += 1
                nextb = seg_end[seg]
            x = x * bounds[t]
            j = x >> _S32
            x = x & _M32
            i = m - 1 - t
            c = deck[j]
            deck[j] = deck[i]
            acc |= _ONE << np.uint64(c)
        if x < gthresh[g]:
            return 2, wpos, a0, a1, acc
    if seg == 0:
        return 0, wpos, acc, _ZERO, _ZERO
    if seg == 1:
        return 0, wpos, a0, acc, _ZERO
    return 0, wpos, a0, a1, acc


@_jit
def _uniform(words, wpos, bound):
    """One exact draw in [0, bound) for any uint64 bound; returns (value, wpos), wpos -1 if out."""
    nw = words.shape[0]
    thresh = (_ZERO - bound) % bound
    while True:
        if wpos >= nw:
            return _ZERO, -1
        r = words[wpos]
        wpos += 1
        lo = r * bound
        if lo >= thresh:
            return _mulhi(r, bound), wpos


@_jit
def _write_deal(out, d, masks):
    for seat in range(4):
        m = masks[seat]
        for s in range(4):
            out[d, seat, s] = np.uint16((m >> np.uint64(13 * (3 - s))) & _SUITMASK)


@_jit
def deal_random(
    words, wpos, base, seg_end, seg_seat, fixed, rest_seat, rest_mask, bounds, gstart, gthresh, out, d0, d1
):
    """Deal out[d0:d1]: each deal is a partial shuffle of a fresh copy of ``base``.

    ``base`` holds the cards not predealt (as bit numbers); the draws of segment k (see
    ``_shuffle_deal``) go to seat ``seg_seat[k]`` and the cards left over to ``rest_seat``;
    ``fixed`` holds each seat's predealt cards as 52-bit masks and ``rest_mask`` the mask of
    the cards in ``base``. Returns (deals done up to, wpos): when the words run out in the
    middle of a deal, that deal starts again from the same word with the next block, so the
    deals do not depend on the block size.
    """
    m = base.shape[0]
    nseg = seg_seat.shape[0]
    deck = base.copy()
    masks = np.zeros(4, np.uint64)
    segs = np.zeros(3, np.uint64)
    d = d0
    while d < d1:
        for k in range(m):
            deck[k] = base[k]
        st, w, segs[0], segs[1], segs[2] = _shuffle_deal(words, wpos, deck, seg_end, bounds, gstart, gthresh)
        if st == 1:
            return d, wpos
        wpos = w
        if st == 2:  # a rejected half-word: deal again with the words after it
            continue
        for s in range(4):
            masks[s] = fixed[s]
        dealt = _ZERO
        for k in range(nseg):
            masks[seg_seat[k]] |= segs[k]
            dealt |= segs[k]
        masks[rest_seat] |= rest_mask & ~dealt
        _write_deal(out, d, masks)
        d += 1
    return d1, wpos


def draw_groups(bounds: "list[int] | range") -> "tuple[np.ndarray, np.ndarray, np.ndarray]":
    """Split the draw bounds into groups whose product stays below 2**23 (one half-word each):
    (bounds, each group's first draw and a sentinel, each group's rejection threshold)."""
    gstart, thresh = [0], []
    prod = 1
    for t, b in enumerate(bounds):
        if prod * b > 1 << 23:
            thresh.append((1 << 32) % prod)
            gstart.append(t)
            prod = 1
        prod *= b
    if len(bounds):
        thresh.append((1 << 32) % prod)
        gstart.append(len(bounds))
    return (
        np.array(bounds, dtype=np.uint64),
        np.array(gstart, dtype=np.int64),
        np.array(thresh, dtype=np.uint64),
    )


# Nothing predealt (most deals): East, South and West draw 13 cards each from the 52 and North
# keeps the rest. These groups are constants, so that the compiler lays out the 39 draws
# without a loop or a table.
_, _gstart, _gthresh = draw_groups(range(52, 13, -1))
_FULL_GSTART = tuple(int(g) for g in _gstart)
_FULL_GTHRESH = tuple(int(t) for t in _gthresh)
_FULL = np.uint64((1 << 52) - 1)


@_jit_inline
def _full_group(x: Any, y: Any, g: int, da: np.ndarray, db: np.ndarray, a: Any, b: Any) -> Any:
    """Group g of the draws of two deals side by side: deal a draws from the half-word x into
    its deck ``da``, deal b from y into ``db``. ``a`` and ``b`` are each deal's cards to East,
    South and West (52-bit masks) and its rejections (bit g set when half-word g is rejected).
    The two deals' draws are independent, so the processor overlaps them: each draw waits on
    what its own deck's last draw stored."""
    a0, a1, a2, ra = a
    b0, b1, b2, rb = b
    for t in range(_FULL_GSTART[g], _FULL_GSTART[g + 1]):
        x = x * np.uint64(52 - t)
        y = y * np.uint64(52 - t)
        j = x >> _S32
        k = y >> _S32
        x &= _M32
        y &= _M32
        c = da[j]
        da[j] = da[51 - t]
        e = db[k]
        db[k] = db[51 - t]
        bc = _ONE << np.uint64(c)
        be = _ONE << np.uint64(e)
        if t < 13:
            a0 |= bc
            b0 |= be
        elif t < 26:
            a1 |= bc
            b1 |= be
        else:
            a2 |= bc
            b2 |= be
    ra |= np.int64(x < np.uint64(_FULL_GTHRESH[g])) << g
    rb |= np.int64(y < np.uint64(_FULL_GTHRESH[g])) << g
    return (a0, a1, a2, ra), (b0, b1, b2, rb)


@_jit
def _pack(m: Any) -> Any:
    """The four suits of a 52-bit mask as one word of four uint16 holdings (little-endian:
    spades first)."""
    return (
        ((m >> np.uint64(39)) & _SUITMASK)
        | (((m >> np.uint64(26)) & _SUITMASK) << np.uint64(16))
        | (((m >> np.uint64(13)) & _SUITMASK) << np.uint64(32))
        | ((m & _SUITMASK) << np.uint64(48))
    )


@_jit
def _put_full(out64: np.ndarray, d: int, a0: Any, a1: Any, a2: Any) -> None:
    """Deal d: East, South and West hold a0, a1, a2 and North the rest."""
    o = out64[d]
    o[0] = _pack(_FULL & ~(a0 | a1 | a2))
    o[1] = _pack(a0)
    o[2] = _pack(a1)
    o[3] = _pack(a2)


@_jit
def _first_word(rejected: Any) -> int:
    """The words a deal used up to and including its first rejected half-word."""
    g = 0
    while not (rejected >> g) & 1:
        g += 1
    return g // 2 + 1


@_jit
def deal_full_pairs(words: np.ndarray, wpos: int, out64: np.ndarray, d0: int, d1: int) -> Any:
    """Deal out[d0:d1] with nothing predealt, two deals at a time: the same deals as
    ``deal_random`` with the full deck (its draws, rejections and words), a third faster.

    ``out64`` is the deals' holdings seen as one uint64 word per seat (little-endian). Returns
    (deals done up to, wpos) when fewer than two deals or ten words are left: the caller deals
    the rest with ``deal_random``. The ten groups are written out so that each is compiled with
    its own constants (its draws' bounds, its seats), without a loop.
    """
    nw = words.shape[0]
    da = np.empty(52, np.uint8)
    db = np.empty(52, np.uint8)
    d = d0
    while d + 1 < d1 and wpos + 10 <= nw:
        for k in range(52):
            da[k] = k
            db[k] = k
        a = (_ZERO, _ZERO, _ZERO, 0)
        b = (_ZERO, _ZERO, _ZERO, 0)
        u, v = words[wpos], words[wpos + 5]
        a, b = _full_group(u & _M32, v & _M32, 0, da, db, a, b)
        a, b = _full_group(u >> _S32, v >> _S32, 1, da, db, a, b)
        u, v = words[wpos + 1], words[wpos + 6]
        a, b = _full_group(u & _M32, v & _M32, 2, da, db, a, b)
        a, b = _full_group(u >> _S32, v >> _S32, 3, da, db, a, b)
        u, v = words[wpos + 2], words[wpos + 7]
        a, b = _full_group(u & _M32, v & _M32, 4, da, db, a, b)
        a, b = _full_group(u >> _S32, v >> _S32, 5, da, db, a, b)
        u, v = words[wpos + 3], words[wpos + 8]
        a, b = _full_group(u & _M32, v & _M32, 6, da, db, a, b)
        a, b = _full_group(u >> _S32, v >> _S32, 7, da, db, a, b)
        u, v = words[wpos + 4], words[wpos + 9]
        a, b = _full_group(u & _M32, v & _M32, 8, da, db, a, b)
        a, b = _full_group(u >> _S32, v >> _S32, 9, da, db, a, b)
        if a[3]:  # deal a again from the word after the rejected one; deal b is not used
            wpos += _first_word(a[3])
            continue
        _put_full(out64, d, a[0], a[1], a[2])
        d += 1
        wpos += 5
        if b[3]:
            wpos += _first_word(b[3])
            continue
        _put_full(out64, d, b[0], b[1], b[2])
        d += 1
        wpos += 5
    return d, wpos


@_jit_inline
def _draw_suit_hcp(words, wpos, own, rest, h):
    """The hcp p of one suit, given ``h`` for it and the suits after it: p is drawn with weight
    own[p] * rest[h - p] (holdings of this suit with p points times the ways the later suits
    make the remainder). Returns (p, wpos); wpos < 0 when the words ran out."""
    top = min(h, 10)
    wtot = 0
    for p in range(top + 1):
        if h - p < rest.shape[0]:
            wtot += own[p] * rest[h - p]
    u, wpos = _uniform(words, wpos, np.uint64(wtot))
    if wpos < 0:
        return 0, wpos
    acc = 0
    for p in range(top + 1):
        if h - p < rest.shape[0]:
            acc += own[p] * rest[h - p]
        if np.uint64(acc) > u:
            return p, wpos
    return 0, wpos


@_jit
def deal_stacked(
    words,
    wpos,
    cell_cum,
    cell_shape,
    cell_hcp,
    shapes,
    ctab,
    s23,
    s123,
    hold_off,
    hold_list,
    seat,
    fixed,
    seg_end,
    seg_seat,
    rest_seat,
    deck,
    free_all,
    bounds,
    gstart,
    gthresh,
    out,
    d0,
    d1,
):
    """Smart stacking: draw ``seat``'s hand with the exact weights, then deal the rest.

    A (shape, hcp) cell is drawn with probability proportional to its number of hands
    (``cell_cum`` is the running total), then the hcp of each suit given the cell (weights
    from the per-suit counts ``ctab[suit, length, hcp]`` and the suffix convolutions ``s23``,
    ``s123``), then each suit holding uniformly among those with that length and hcp
    (``hold_list[hold_off[suit, length, hcp] ...]``). Every hand that passes is therefore
    equally likely. The other cards (``free_all`` minus the hand) are dealt as in
    ``deal_random``; ``deck`` (copied, not changed) has room for them. A rejected word
    starts the deal again.
    """
    ncell = cell_cum.shape[0]
    total = np.uint64(cell_cum[ncell - 1])
    m = deck.shape[0]
    room = np.zeros(53, deck.dtype)  # a private deck (several threads may share the plan),
    deck = room[:m]  # with room past its end for the branch-free fill below
    masks = np.zeros(4, np.uint64)
    segs = np.zeros(3, np.uint64)
    hs = np.zeros(4, np.int64)
    ps = np.zeros(4, np.int64)
    d = d0
    while d < d1:
        w0 = wpos
        u, wpos = _uniform(words, wpos, total)
        if wpos < 0:
            return d, w0
        # the cell: first index with cum > u
        lo = 0
        hi = ncell - 1
        while lo < hi:  # conditional moves, not branches: the path is random
            mid = (lo + hi) // 2
            above = np.uint64(cell_cum[mid]) > u
            hi = mid if above else hi
            lo = lo if above else mid + 1
        k = cell_shape[lo]
        h = cell_hcp[lo]
        l0 = shapes[k, 0]
        l1 = shapes[k, 1]
        l2 = shapes[k, 2]
        l3 = shapes[k, 3]
        # the hcp of spades, hearts, diamonds in turn; clubs take the rest
        p0, wpos = _draw_suit_hcp(words, wpos, ctab[0, l0], s123[l1, l2, l3], h)
        if wpos < 0:
            return d, w0
        h -= p0
        p1, wpos = _draw_suit_hcp(words, wpos, ctab[1, l1], s23[l2, l3], h)
        if wpos < 0:
            return d, w0
        h -= p1
        p2, wpos = _draw_suit_hcp(words, wpos, ctab[2, l2], ctab[3, l3], h)
        if wpos < 0:
            return d, w0
        ps[0] = p0
        ps[1] = p1
        ps[2] = p2
        ps[3] = h - p2
        hs[0] = l0
        hs[1] = l1
        hs[2] = l2
        hs[3] = l3
        hand = _ZERO
        for s in range(4):
            start = hold_off[s, hs[s], ps[s]]
            cnt = ctab[s, hs[s], ps[s]]
            u, wpos = _uniform(words, wpos, np.uint64(cnt))
            if wpos < 0:
                return d, w0
            holding = np.uint64(hold_list[start + np.int64(u)])
            hand |= holding << np.uint64(13 * (3 - s))
        # the other cards, in a fixed order, then the partial shuffle
        free = free_all & ~hand
        i = 0
        for b in range(52):  # the free cards in order, without a branch to mispredict
            room[i] = b
            i += int((free >> np.uint64(b)) & _ONE)
        st, w, segs[0], segs[1], segs[2] = _shuffle_deal(words, wpos, deck, seg_end, bounds, gstart, gthresh)
        if st == 1:
            return d, w0
        wpos = w
        if st == 2:
            continue
        for s4 in range(4):
            masks[s4] = fixed[s4]
        dealt = _ZERO
        for k in range(seg_seat.shape[0]):
            masks[seg_seat[k]] |= segs[k]
            dealt |= segs[k]
        masks[rest_seat] |= free & ~dealt
        masks[seat] = hand
        _write_deal(out, d, masks)
        d += 1
    return d1, wpos


@_jit
def seat_sum(holdings, seat, table, out):
    """out[d] = the sum of ``table`` over the four suits of ``seat`` in deal d."""
    for d in range(holdings.shape[0]):
        out[d] = (
            table[holdings[d, seat, 0]]
            + table[holdings[d, seat, 1]]
            + table[holdings[d, seat, 2]]
            + table[holdings[d, seat, 3]]
        )


@_jit
def seat_shape_code(holdings, seat, length, out):
    """out[d] = spades*2744 + hearts*196 + diamonds*14 + clubs for ``seat`` in deal d."""
    for d in range(holdings.shape[0]):
        out[d] = (
            (np.int32(length[holdings[d, seat, 0]]) * 14 + np.int32(length[holdings[d, seat, 1]])) * 14
            + np.int32(length[holdings[d, seat, 2]])
        ) * 14 + np.int32(length[holdings[d, seat, 3]])


@_jit
def holding_counts(holdings: np.ndarray, out: np.ndarray) -> None:
    """out[seat, suit, h] += how many deals give ``seat`` the holding h in ``suit`` (one pass
    over the deals for all sixteen tables)."""
    for d in range(holdings.shape[0]):
        for seat in range(4):
            for suit in range(4):
                out[seat, suit, holdings[d, seat, suit]] += 1


@_jit_inline
def _put8(out: np.ndarray, pos: int, w: Any) -> None:
    """Write the eight bytes of ``w`` (little-endian) at byte ``pos`` of ``out`` (uint64 words),
    keeping the bytes before ``pos``; the bytes after ``pos + 8`` in the same word may change."""
    q = pos >> 3
    r = np.uint64((pos & 7) * 8)
    if r == 0:
        out[q] = w
    else:
        out[q] = (out[q] & ((_ONE << r) - _ONE)) | (w << r)
        out[q + 1] = w >> (np.uint64(64) - r)


@_jit
def print_pages(
    holdings: np.ndarray,
    seat: int,
    first: int,
    padded: np.ndarray,
    padded_len: np.ndarray,
    spaced: np.ndarray,
    spaced_len: np.ndarray,
    out: np.ndarray,
) -> int:
    """Dealer's ``print(seat)`` page text of the deals ``holdings`` (numbered from first + 1),
    written into ``out`` (uint64 words, read as bytes); returns the number of bytes written.

    Four deals across: a line of numbers (C's ``%4d.`` and 15 spaces each), then a line per
    suit, each holding from ``padded`` (the last of the four from ``spaced``), then a blank
    line. ``padded``/``spaced`` hold each of the 8,192 holdings' text in four uint64 words
    (32 bytes, NUL after the text), with its length. ``out`` must hold
    ``print_pages_bound(len(holdings))`` words. Text goes in eight bytes at a time, each write
    starting where the text so far ends.
    """
    n = holdings.shape[0]
    pos = 0
    nl = np.uint64(10)
    # the number's text ("%4d." and spaces, 48 bytes), counted up by one from deal to deal
    line = np.full(6, np.uint64(0x2020202020202020))
    text = line.view(np.uint8)
    v = first + 1
    width = 0
    while True:
        width += 1
        v //= 10
        if v == 0:
            break
    width = max(width, 4)
    v = first + 1
    for i in range(width - 1, -1, -1):
        if v:
            text[i] = 48 + v % 10
        v //= 10
    text[width] = 46
    for g in range(0, n, 4):
        last = min(g + 4, n) - 1
        for d in range(g, last + 1):
            if d > 0:  # the next number: add one, carrying
                i = width - 1
                while i >= 0 and text[i] == 57:
                    text[i] = 48
                    i -= 1
                if i < 0:  # 9999 -> 10000: one digit wider
                    text[width + 1] = 46
                    text[width] = 48
                    text[0] = 49
                    width += 1
                elif text[i] == 32:
                    text[i] = 49
                else:
                    text[i] += 1
            for i in range((width + 8) >> 3):
                _put8(out, pos + 8 * i, line[i])
            pos += width + 1
            for i in range(2):
                _put8(out, pos + 8 * i, np.uint64(0x2020202020202020))
            pos += 15
        _put8(out, pos, nl)
        pos += 1
        for s in range(4):
            for d in range(g, last):
                h = holdings[d, seat, s]
                k = padded_len[h]
                for i in range((k + 7) >> 3):
                    _put8(out, pos + 8 * i, padded[h, i])
                pos += k
            h = holdings[last, seat, s]
            k = spaced_len[h]
            for i in range((k + 7) >> 3):
                _put8(out, pos + 8 * i, spaced[h, i])
            pos += k
            _put8(out, pos, nl)
            pos += 1
        _put8(out, pos, nl)
        pos += 1
    return pos


def print_pages_bound(n: int) -> int:
    """Words enough for ``print_pages`` of n deals (numbers of up to 20 digits, holdings of up
    to 26 bytes)."""
    groups = (n + 3) // 4
    return (groups * (4 * (20 + 16) + 1 + 4 * (4 * 26 + 1) + 1) + 48) // 8


@_jit
def seat_sum_counts(holdings: np.ndarray, seat: int, table: np.ndarray, out: np.ndarray) -> None:
    """out[v] += how many deals give ``seat`` the sum v of ``table`` over its four suits (a
    frequency of hcp(north) and the like, without the values themselves)."""
    for d in range(holdings.shape[0]):
        out[
            table[holdings[d, seat, 0]]
            + table[holdings[d, seat, 1]]
            + table[holdings[d, seat, 2]]
            + table[holdings[d, seat, 3]]
        ] += 1
