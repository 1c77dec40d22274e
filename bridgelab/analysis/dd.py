"""Double dummy: the tricks each declarer takes in each strain with all four hands seen.

Uses endplay (a core dependency), which wraps Bo Haglund's DDS solver.

    >>> from bridgelab import Deal
    >>> from bridgelab.analysis.dd import dd_table, par
    >>> deal = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
    >>> dd_table(deal)  # doctest: +NORMALIZE_WHITESPACE
    strain    C  D  H  S  NT
    declarer
    N         5  4  7  8   6
    E         7  8  5  5   7
    S         5  4  7  8   6
    W         7  8  5  5   7
    >>> par(deal, vulnerable="None", dealer="N").score   # for North-South: EW go down one doubled
    100

Batches go to DDS 40 deals (200 strain tables) at a time; ``dd_tables(..., workers=2)``
spreads the work over processes, each running DDS on one thread. This module is a thin adapter
over endplay; studies of many deals (``dd_study``, ``mean_tricks``) are in
``bridgelab.analysis.stats``.
"""

from __future__ import annotations

import ctypes
import struct
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..dealing.dealer import check_workers
from ..model.cards import SEATS, STRAINS, Seat, Strain
from ..model.contract import Contract
from ..model.deal import Deal, Vulnerability
from ..model.errors import InvalidDeal
from ..model.hand import holdings_to_pbn
from ..text.i18n import translate
from ..text.words import contract_name, side_name

try:  # a core dependency; a broken install says what to do
    import endplay._dds as _dds
    from endplay.dds import calc_all_tables as _calc_all_tables
    from endplay.dds import par as _endplay_par
    from endplay.types import Deal as _EPDeal
    from endplay.types import Denom as _Denom
    from endplay.types import Player as _Player
    from endplay.types import Vul as _Vul
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "double dummy needs endplay (a dependency of bridgelab, which wraps Bo Haglund's DDS "
        "solver): pip install endplay, or reinstall bridgelab"
    ) from e

__all__ = [
    "dd_table",
    "dd_tables",
    "solve_batch",
    "solve_position",
    "card_values",
    "can_take",
    "par",
    "Par",
    "set_threads",
]

_BATCH = 40  # DDS solves at most 200 strain tables in one call: 40 deals x 5 strains
_LOCK = threading.Lock()  # DDS keeps per-thread state: one call at a time per process
_threads: int | None = None
# endplay lists strains spades, hearts, diamonds, clubs, no trump; bridgelab clubs ... no trump.
_FROM_ENDPLAY = [3, 2, 1, 0, 4]


def set_threads(n: int | None) -> None:
    """How many threads DDS may use in this process (None: DDS's own choice, all cores)."""
    global _threads
    if n == _threads:
        return
    with _LOCK:
        _dds.SetMaxThreads(0 if n is None else int(n))
        _threads = n


def _as_holdings(deal) -> np.ndarray:
    if isinstance(deal, Deal):
        return np.asarray(deal.holdings)
    if isinstance(deal, str):
        return np.asarray(Deal.from_pbn(deal).holdings)
    arr = np.asarray(deal)
    if arr.shape != (4, 4):
        raise InvalidDeal(
            f"a deal is a Deal, a PBN string or a (4, 4) array of holdings, not shape {arr.shape}"
        )
    return np.asarray(Deal.from_holdings(arr).holdings)


def _to_endplay(holdings: np.ndarray) -> "_EPDeal":
    return _EPDeal("N:" + " ".join(holdings_to_pbn(holdings[s]) for s in range(4)))


def solve_batch(holdings, strains: Iterable | None = None) -> np.ndarray:
    """Double-dummy tricks for a batch: (n, 4, 4) holdings -> (n, 4, 5) int8 array of tricks,
    indexed [deal, declarer N E S W, strain C D H S NT]. Only ``strains`` are solved if given
    (the others read -1): no trump alone is five times quicker than the whole table."""
    arr = np.asarray(holdings)
    if arr.ndim != 3 or arr.shape[1:] != (4, 4):
        raise InvalidDeal(f"a batch of deals has shape (n, 4, 4), not {arr.shape}")
    wanted = set(STRAINS) if strains is None else {Strain.parse(s) for s in strains}
    exclude = [_Denom(_FROM_ENDPLAY.index(int(s))) for s in STRAINS if s not in wanted]
    per_call = _BATCH * 5 // max(1, len(wanted))
    out = np.empty((len(arr), 4, 5), dtype=np.int8)
    for start in range(0, len(arr), per_call):
        part = arr[start : start + per_call]
        deals = [_to_endplay(h) for h in part]
        with _LOCK:
            tables = _calc_all_tables(deals, exclude)
        for i, table in enumerate(tables):
            out[start + i] = _tricks_of(table)
    if exclude:
        out[:, :, [int(s) for s in STRAINS if s not in wanted]] = -1
    return out


def _tricks_of(table) -> np.ndarray:
    """An endplay DDTable as a (4, 5) array [declarer N E S W, strain C D H S NT]."""
    ep = np.array(table.to_list(), dtype=np.int8)  # [endplay strain][player]
    return ep[_FROM_ENDPLAY].T


def dd_table(deal) -> pd.DataFrame:
    """The tricks each declarer (rows N E S W) takes in each strain (columns C D H S NT)."""
    tricks = solve_batch(_as_holdings(deal)[None])[0]
    return pd.DataFrame(
        tricks.astype(int), index=[s.name for s in SEATS], columns=[s.name for s in STRAINS]
    ).rename_axis(index="declarer", columns="strain")


def _solve_part(holdings: np.ndarray) -> np.ndarray:
    set_threads(1)
    return solve_batch(holdings)


def dd_tables(deals, workers: int | None = None, chunk_size: int = _BATCH) -> np.ndarray:
    """Tricks for many deals, (n, 4, 5). ``workers`` > 1 splits them over processes in parts
    of ``chunk_size`` deals (one DDS thread each); otherwise DDS runs in this process on its
    own threads."""
    if isinstance(deals, np.ndarray) and deals.ndim == 3:
        arr = deals
    elif hasattr(deals, "holdings") and np.ndim(deals.holdings) == 3:
        arr = np.asarray(deals.holdings)
    else:
        arr = np.array([_as_holdings(d) for d in deals], dtype=np.uint16).reshape(-1, 4, 4)
    if workers is not None:
        workers = check_workers(workers)  # 1 to MAX_WORKERS: never a process per deal
    if not workers or workers == 1 or len(arr) <= chunk_size:
        return solve_batch(arr)
    import concurrent.futures as cf
    import multiprocessing as mp

    parts = [arr[i : i + chunk_size] for i in range(0, len(arr), chunk_size)]
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
    with cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        return np.concatenate(list(pool.map(_solve_part, parts)))


@dataclass(frozen=True)
class Par:
    """The par result: the score for North-South and the contracts that reach it, each with the
    number of tricks over (+) or under (-) the contract."""

    score: int
    contracts: tuple[tuple[Contract, int], ...]

    def __str__(self) -> str:
        if not self.contracts:
            return "par: passed out, 0"
        parts = [f"{c}{'=' if r == 0 else f'{r:+d}'}" for c, r in self.contracts]
        return f"par {self.score:+d} for N-S: " + ", ".join(parts)

    def text(self, lang: str = "en") -> str:
        """The par line in the learner's language: 'par +100 for North–South: 2NTX by East -1'."""
        if not self.contracts:
            return translate("par: passed out, 0", lang)
        made = [f"{contract_name(c, lang)} {'=' if r == 0 else f'{r:+d}'}" for c, r in self.contracts]
        return translate(
            "par {score} for {side}: {contracts}",
            lang,
            score=f"{self.score:+d}",
            side=side_name("NS", lang),
            contracts="; ".join(made),
        )


_VUL = {
    Vulnerability.NONE: "none",
    Vulnerability.NS: "ns",
    Vulnerability.EW: "ew",
    Vulnerability.BOTH: "both",
}
_PENALTY = {1: 0, 2: 1, 4: 2}


def par(deal, vulnerable="None", dealer="N") -> Par:
    """The par contract(s) and score of a deal: the result when both sides bid perfectly knowing
    all the cards (DDS's par, dealer-aware). The score is for North-South."""
    holdings = _as_holdings(deal)
    vul = Vulnerability.parse(vulnerable)
    seat = Seat.parse(dealer)
    with _LOCK:
        table = _calc_all_tables([_to_endplay(holdings)])[0]
        tricks = _tricks_of(table)
        result = _endplay_par(table, getattr(_Vul, _VUL[vul]), _Player(int(seat)))
        contracts = []
        for c in result:
            strain = Strain(_FROM_ENDPLAY[int(c.denom)])
            declarer = Seat(int(c.declarer))
            made = int(tricks[declarer, strain]) - (c.level + 6)
            contracts.append((Contract(int(c.level), strain, _PENALTY[int(c.penalty)], declarer), made))
        score = int(result.score)
    return Par(score, tuple(contracts))


def solve_position(holdings, trump, leader, trick=()) -> list[tuple[int, int, int]]:
    """Double-dummy value of each card the next hand may play, in a position of a deal in play.

    ``holdings`` are the (4, 4) holdings [seat N E S W][suit S H D C] held at the start of the
    current trick (the cards of ``trick`` still in them); ``trump`` a Strain (NT for no trump);
    ``leader`` the seat that led to the current trick; ``trick`` the (suit index, rank 2-14)
    pairs already played to it. Returns (suit index, rank, tricks) for every legal card, where
    tricks counts the tricks the side to play takes from the current one on, both sides playing
    perfectly (DDS's SolveBoard, as endplay's ``solve_board`` calls it)."""
    strain = Strain.parse(trump)
    first = int(Seat.parse(leader))
    trick = tuple((int(su), int(r)) for su, r in trick)
    rows = [[int(h) for h in holdings[seat]] for seat in range(4)]
    for i, (su, r) in enumerate(trick):  # the trick's cards are out of their hands
        rows[(first + i) % 4][su] &= ~(1 << (r - 2))
    values = card_values(rows, int(strain), first, trick)
    return [(su, r, t) for (su, r), t in values.items()]


# One DDS deal and one result, reused for each position (under _LOCK): the position is packed
# straight into DDS's binary struct (trump, first, the current trick's suits and ranks, then the
# 16 holdings shifted to DDS's rank bits) and the answer unpacked from DDS's futureTricks (nodes,
# cards, then suit, rank, equals and score, 13 each), with no PBN text and no endplay objects.
_DL = _dds.deal()
_FUT = _dds.futureTricks()
_FUT_REF = ctypes.byref(_FUT)
_SOLVE = _dds._dll.SolveBoard
_PACK = struct.Struct("24i").pack_into
_UNPACK = struct.Struct("54i").unpack_from
assert ctypes.sizeof(_DL) == 96 and ctypes.sizeof(_FUT) == 216  # the layouts packed here
_DENOM = (3, 2, 1, 0, 4)  # bridgelab strain C D H S NT -> DDS denomination (S H D C NT)
_NO_CARD = ((0, 0), (0, 0), (0, 0))


def _pack(
    holdings: Sequence[Sequence[int]], strain: int, leader: int, trick: Sequence[tuple[int, int]]
) -> None:
    t = tuple(trick) + _NO_CARD[len(trick) :]
    (a0, a1, a2, a3), (b0, b1, b2, b3), (c0, c1, c2, c3), (d0, d1, d2, d3) = holdings
    _PACK(
        _DL, 0, _DENOM[strain], leader, t[0][0], t[1][0], t[2][0], t[0][1], t[1][1], t[2][1],
        a0 << 2, a1 << 2, a2 << 2, a3 << 2, b0 << 2, b1 << 2, b2 << 2, b3 << 2,
        c0 << 2, c1 << 2, c2 << 2, c3 << 2, d0 << 2, d1 << 2, d2 << 2, d3 << 2,
    )  # fmt: skip


def _solve(target: int, solutions: int) -> tuple[int, ...]:
    code = _SOLVE(_DL, target, solutions, 1, _FUT_REF, 0)
    if code != 1:
        raise InvalidDeal(
            f"the double-dummy solver refused the position ({_dds_error(code)}): a position is "
            "four hands of 1 to 13 cards, no card twice, the leader's hand and those after it "
            "one card short for each card of the current trick"
        )
    return _UNPACK(_FUT)


def card_values(
    holdings: Sequence[Sequence[int]], strain: int, leader: int, trick: Sequence[tuple[int, int]] = ()
) -> dict[tuple[int, int], int]:
    """``solve_position`` for callers that solve many positions (the coach), with the position
    as ``Play.position`` gives it: ``holdings`` the cards still held, as ints (the current
    trick's cards already out of them), the strain and the leader as ints (Strain, Seat),
    ``trick`` the (suit index, rank 2-14) pairs played to the current trick. Returns
    {(suit index, rank): tricks}.

    This is the same DDS call endplay's ``solve_board`` makes (SolveBoard, target 0, all cards,
    mode 1), without the PBN text and the endplay objects on the way in and out."""
    with _LOCK:
        _pack(holdings, strain, leader, trick)
        v = _solve(0, 3)
    out = {}
    for i in range(2, 2 + v[1]):
        score = v[i + 39]
        if score == -1:
            continue
        s = v[i]
        out[(s, v[i + 13])] = score
        eq = v[i + 26]  # lower cards of the same suit worth as much, as rank bits
        while eq:
            low = eq & -eq
            out[(s, low.bit_length() - 1)] = score
            eq ^= low
    return out


def can_take(
    holdings: Sequence[Sequence[int]], strain: int, leader: int, trick: Sequence[tuple[int, int]], target: int
) -> bool:
    """Whether the side to play can take ``target`` tricks (from the current trick on) against
    best defence, in the position ``card_values`` reads: DDS's target search, which stops as
    soon as it knows, often a hundred times quicker than the value of every card."""
    if target <= 0:
        return True
    if target > max(sum(bin(h).count("1") for h in hand) for hand in holdings):
        return False  # more tricks than are left
    with _LOCK:
        _pack(holdings, strain, leader, trick)
        v = _solve(int(target), 1)
    return bool(v[41] >= target)  # the score of the one card DDS returns (-1 or 0: not reached)


def _dds_error(code: int) -> str:
    return str(_dds.DDSError.from_code(code))  # type: ignore[no-untyped-call]
