"""BBO's LIN files in and out: hand records, played boards and vugraph matches.

A LIN file is a run of ``key|value|`` records. ``md|`` gives the cards (dealer first: 1 South,
2 West, 3 North, 4 East; hands from South clockwise), ``sv|`` the vulnerability, ``mb|`` the
calls (``!`` alerted, ``an|`` the alert's text), ``pc|`` the cards played, ``mc|`` a claim (the
total tricks declarer takes), ``pn|`` the players (South, West, North, East; eight names for
the two rooms of a match), ``qx|`` the room and board (``o12`` open room, ``c12`` closed),
``ah|`` the board's title, ``nt|`` commentary, ``vg|`` a match's title and ``rs|`` its results
(two a board, open then closed).

Records that come before ``md|`` belong to the board they precede, as the file itself orders
them: a key found before the first board's ``md|`` is read as opening each board, the others as
belonging to the board they follow. Play and claims give the contract's result; a board with
neither takes its result from the match's ``rs|`` list. Reading is lenient (``PBNWarning`` for
what cannot be read; ``strict=True`` raises PBNError). A board read and not changed is written
back as it was; others in the form BBO's handviewer reads: ``pn|S,W,N,E|st||md|...|rh||ah|Board
N|sv|o|mb|...|pg||pc|...|pg||mc|N|``, one board a line.
"""

from __future__ import annotations

import gc
import io
import os
import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO

from ..model.cards import SEATS, Card, Seat, Strain
from ..model.contract import DOUBLE, PASS, REDOUBLE, Call, Contract
from ..model.deal import Board, Vulnerability
from ..model.errors import BridgeError, ParseError, PBNError
from ..model.hand import holding_to_text
from ..rules.auction import Auction
from ..rules.play import Play
from .record import (
    _CODES,
    _STEP,
    DealRecord,
    _decode,
    _FastAuction,
    _make_deal,
    _Problems,
    _progress,
    _replay,
    _Slow,
    _small_int,
    _state,
)

__all__ = ["loads_lin", "load_lin", "dumps_lin", "dump_lin"]

_LIN_SEAT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_SEAT_LIN = {v: k for k, v in _LIN_SEAT.items()}
_LIN_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_VUL_LIN = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
_PN_ORDER = ("South", "West", "North", "East")
_LIN_CALLS = {"P": PASS, "D": DOUBLE, "R": REDOUBLE, "p": PASS, "d": DOUBLE, "r": REDOUBLE}
_HEADER_KEYS = {"pn", "qx", "ah", "rh", "st", "sv", "bn"}
_RS_RE = re.compile(r"^\s*([1-7])([CDHSN])([NESW])(X{0,2})\s*(=|[+-][0-9]{1,2})?\s*$", re.I)
_SUIT_TEXT = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_CODE_SET = frozenset(_CODES)


@dataclass
class _LinSource:
    """What a LIN record remembers of its file, to write it back as it was."""

    prefix: str
    text: str
    tail: str
    first: bool
    last: bool
    newline: str
    encoding: str
    state: tuple


def _unescape(text: str) -> str:
    """LIN writes suits in text as !s !h !d !c."""
    if "!" not in text:
        return text
    return re.sub(r"!([shdc])", lambda m: _SUIT_TEXT[m.group(1).lower()], text, flags=re.I)


def _escape(text: str) -> str:
    for k, v in _SUIT_TEXT.items():
        text = text.replace(v, "!" + k)
    return text.replace("|", "/").replace("\n", " ")


_LIN_HAND_RE = re.compile(r"S([2-9TJQKA]*)H([2-9TJQKA]*)D([2-9TJQKA]*)C([2-9TJQKA]*)")
_RANK_BIT = {ch: 1 << k for k, ch in enumerate("23456789TJQKA")}
_LIN_SUITS: dict[str, int] = {}  # suit texts seen before (ranks in any order, each once)


def _hand(text: str, seat: Seat, line: int, problem: _Problems):
    """Four holdings from a LIN hand ('SAKQ2HKJ4DA93CT52', any order of ranks), or None for
    a hand not given."""
    m = _LIN_HAND_RE.fullmatch(text)  # as BBO writes it: the suits in order, ranks in capitals
    if m is not None:
        rows = []
        for part in m.groups():
            h = _LIN_SUITS.get(part)
            if h is None:
                h = sum(map(_RANK_BIT.__getitem__, part))
                if h.bit_count() != len(part):
                    break  # a rank twice: the reading below says so
                if len(_LIN_SUITS) < 65536:
                    _LIN_SUITS[part] = h
            rows.append(h)
        else:
            return tuple(rows)
    where = seat.full_name + "'s"
    raw = text.strip().upper()
    if not raw:
        return None
    parts = {"S": "", "H": "", "D": "", "C": ""}
    suit = None
    for ch in raw:
        if ch in parts:
            suit = ch
        elif suit is None:
            problem(
                line,
                f"{where} hand {text!r} must start with a suit letter S, H, D or C",
                "the hand is left out",
            )
            return None
        else:
            parts[suit] += ch
    rows = []
    for s in "SHDC":
        h = 0
        for ch in parts[s].replace("10", "T"):
            k = "23456789TJQKA".find(ch)
            if k < 0 or h >> k & 1:
                problem(
                    line,
                    f"{where} hand {text!r}: {ch!r} is not a rank, or is given twice",
                    "the hand is left out",
                )
                return None
            h |= 1 << k
        rows.append(h)
    return tuple(rows)


def _call(word: str) -> Call:
    c = _LIN_CALLS.get(word)
    if c is None:
        w = word.strip().upper()
        c = _LIN_CALLS.get(w) or Call.parse(w)
        if len(_LIN_CALLS) < 512:
            _LIN_CALLS[word] = c
    return c


class _Pairs:
    """The key|value| pairs of a LIN text: the keys as written and the values; where a pair
    starts and its line are worked out when asked for (a board's start, a problem)."""

    def __init__(self, text: str):
        self.text = text
        self.fields = text.split("|")
        n = len(self.fields) - 1
        self.keys = self.fields[0:n:2]
        self.values = self.fields[1 : n + 1 : 2]
        self._at = (0, 0)  # a field's index and its offset, where the last question left off
        self._breaks: list[int] | None = None

    def offset(self, i: int) -> int:
        """Where pair ``i``'s key starts (after any white space before it)."""
        j = 2 * i
        k, off = self._at  # (the questions come in order, or nearly: a step from the last)
        if j >= k:
            off += sum(map(len, self.fields[k:j])) + (j - k)
        else:
            off -= sum(map(len, self.fields[j:k])) + (k - j)
        self._at = (j, off)
        key = self.fields[j]
        bare = key.strip()
        return off + key.find(bare[:1]) if bare else off

    def line(self, i: int) -> int:
        """The line of pair ``i``'s key."""
        if self._breaks is None:
            self._breaks = [m.start() for m in re.finditer("\n", self.text)]
        return bisect_right(self._breaks, self.offset(i)) + 1


_KEYS: dict[str, str] = {}


def _key(raw: str) -> str:
    """A key as the reader compares it: without white space, in lower case."""
    key = _KEYS.get(raw)
    if key is None:
        key = raw.strip().lower()
        if len(_KEYS) < 4096:
            _KEYS[raw] = key
    return key


class _Board:
    """A board being read: what the file has said of it so far."""

    def __init__(self, start: int, line: int):
        self.start = start
        self.line = line
        self.rows: list | None = None
        self.dealer: Seat | None = None
        self.vul: Vulnerability | None = None
        self.board: int | None = None
        self.room: str | None = None
        self.players: dict[str, str] = {}
        self.calls: list[Call] = []
        self.alerts: dict[int, str] = {}
        self.cards: list[int] = []  # the pc| pairs (indexes in _Pairs)
        self.claim: int | None = None
        self.notes: list[str] = []
        self.title: str | None = None


def loads_lin(
    data: "str | bytes", source: str = "<lin>", *, strict: bool = False, progress: bool | None = None
) -> list[DealRecord]:
    """Read BBO's LIN format: deals, board numbers, dealer, vulnerability, players, rooms,
    auction and alerts, play and claims (giving the result), commentary, and a match's results.
    Lenient by default (PBNWarning for what cannot be read); ``strict=True`` raises PBNError."""
    collecting = gc.isenabled()
    gc.disable()  # many small objects, none of them garbage: the collector would only slow us
    try:
        return _loads_lin(data, source, strict, progress)
    finally:
        if collecting:
            gc.enable()


def _loads_lin(data, source: str, strict: bool, progress: bool | None) -> list[DealRecord]:
    text, encoding, newline, _bom = _decode(data)
    problem = _Problems(source, strict)
    bar = _progress(len(text), source, progress)

    pairs = _Pairs(text)
    keys, values = pairs.keys, pairs.values
    first_md = None
    for i, raw in enumerate(keys):
        if _key(raw) == "md":
            first_md = i
            break
    if first_md is None:
        if strict or not text.strip():
            raise problem.err(1, "no board found: a LIN board gives its cards with md|...|")
        problem(1, "no board found: a LIN board gives its cards with md|...|")
        return []
    # which keys open a board (come before its md|) in this file
    start_of_first = first_md
    while start_of_first > 0 and _key(keys[start_of_first - 1]) in _HEADER_KEYS:
        start_of_first -= 1
    forward = {_key(k) for k in keys[start_of_first:first_md]}
    match_players: list[str] = []
    match: list[str] = []
    results: list[str] = []
    boards: list[_Board] = []
    pending: list[tuple[str, str, int]] = []  # key, value, its pair's index
    pending_start: int | None = None
    cur: _Board | None = None
    cards: list[int] = []  # the current board's pc| pairs

    def apply(b: _Board, key: str, value: str, idx: int) -> None:
        nonlocal match_players
        if key == "pn":
            names = [x.strip() for x in value.split(",")]
            if len(names) >= 8:
                match_players = names[:8]
            else:
                b.players = dict(zip(_PN_ORDER, names[:4]))
        elif key == "qx":
            m = re.match(r"\s*([oc])?\s*([0-9]{1,9})(?![0-9])", value, re.I | re.ASCII)
            if m:
                b.room = {"o": "Open", "c": "Closed"}.get((m.group(1) or "").lower())
                b.board = int(m.group(2))
            elif value.strip():
                problem(
                    pairs.line(idx),
                    f"qx|{value[:40]}| is not a room and board, as o12 or c12",
                    "it is left out",
                )
        elif key == "ah":
            b.title = value
            m = re.search(r"(?<![0-9])[0-9]{1,9}(?![0-9])", value, re.ASCII)
            if m:
                b.board = int(m.group())
        elif key == "sv":
            v = value.strip().lower()
            if v not in _LIN_VUL:
                problem(
                    pairs.line(idx),
                    f"sv|{value[:20]}| is not a vulnerability: o (none), n, e or b (both)",
                    "the vulnerability is left out",
                )
            else:
                b.vul = Vulnerability.parse(_LIN_VUL[v])

    for idx, raw in enumerate(keys):
        if raw == "pc":  # most of a played board's records
            if cur is not None:
                cards.append(idx)
            continue
        if raw == "pg":
            continue
        key = _key(raw)
        value = values[idx]
        if key == "md":
            off = pairs.offset(idx)
            kline = pairs.line(idx)
            start = pending_start if pending_start is not None else off
            cur = _Board(start, kline if pending_start is None else pairs.line(pending[0][2]))
            cards = cur.cards
            problem.game = len(boards) + 1
            boards.append(cur)
            for k2, v2, i2 in pending:
                apply(cur, k2, v2, i2)
            pending, pending_start = [], None
            v = value.strip()
            if v[:1] in _LIN_SEAT:
                cur.dealer = _LIN_SEAT[v[0]]
                v = v[1:]
            elif v[:1].isdigit():
                problem(
                    kline,
                    f"md|{value[:20]}| must start with the dealer: 1 South, 2 West, 3 North, 4 East",
                    "the dealer is left out",
                )
                v = v[1:]
            hands = v.split(",")
            rows: list = [None] * 4
            for seat, h in zip((Seat.S, Seat.W, Seat.N, Seat.E), hands):
                rows[seat] = _hand(h, seat, kline, problem)
            if all(r is None for r in rows):
                problem(kline, "md| gives no cards", "the deal is left out")
                cur.rows = None
            else:
                given = sum(r is not None for r in rows)
                if given < 3 and strict:
                    raise problem.err(kline, "md| gives fewer than three hands")
                cur.rows = rows
            continue
        if key == "pc":  # written otherwise ('PC', ' pc')
            if cur is not None:
                cards.append(idx)
            continue
        if key == "pg":
            continue
        if key == "vg":
            match = [x.strip() for x in value.split(",")]
            continue
        if key == "rs":
            results = [x.strip() for x in value.split(",")]
            continue
        if key == "pn" and value.count(",") >= 7:  # the players of both rooms of a match
            match_players = [x.strip() for x in value.split(",")][:8]
            continue
        if key in _HEADER_KEYS and (key == "qx" or pending or key in forward):
            if pending_start is None:
                pending_start = pairs.offset(idx)
            pending.append((key, value, idx))
            continue
        if cur is None:
            continue  # headers of a match before its first board
        if key in _HEADER_KEYS:
            apply(cur, key, value, idx)
        elif key == "mb":
            for word in value.split("-") if len(value) > 2 and "-" in value else [value]:
                alert = word.endswith("!")
                try:
                    call = _call(word.rstrip("!"))
                except ParseError:
                    problem(
                        pairs.line(idx), f"mb|{value[:20]}|: {word[:20]!r} is not a call", "it is left out"
                    )
                    continue
                cur.calls.append(call)
                if alert:
                    cur.alerts.setdefault(len(cur.calls) - 1, "")
        elif key == "an":
            if cur.calls:
                cur.alerts[len(cur.calls) - 1] = _unescape(value).strip()
        elif key == "mc":
            n = _small_int(value)
            if n is None or n > 13:
                problem(
                    pairs.line(idx),
                    f"mc|{value[:20]}| is not a claim of 0 to 13 tricks",
                    "the claim is left out",
                )
            else:
                cur.claim = n
        elif key == "nt":
            if value.strip():
                cur.notes.append(_unescape(value.strip()))

    # ---- records ---------------------------------------------------------------------------
    records: list[DealRecord] = []
    first_board = _small_int(match[3]) if len(match) > 3 else None
    for k, b in enumerate(boards):
        problem.game = k + 1
        problem.board = None if b.board is None else str(b.board)
        if bar is not None and b.start - bar.n > _STEP:  # (most of the time goes into the records)
            bar.update(b.start - bar.n)
        rec = _record(b, problem, strict, pairs)
        if rec is None:
            continue
        players = b.players
        if not players and match_players:
            names = match_players[4:8] if b.room == "Closed" else match_players[:4]
            players = dict(zip(_PN_ORDER, names))
        rec.tags.update({k2: v2 for k2, v2 in players.items() if v2})
        if b.room:
            rec.tags["Room"] = b.room
        if match:
            if match[0]:
                rec.tags["Event"] = match[0]
            if len(match) > 1 and match[1]:
                rec.tags["Stage"] = match[1]
            if len(match) > 7:
                rec.tags["HomeTeam"], rec.tags["VisitTeam"] = match[5], match[7]
        if results:
            if first_board is not None and b.board is not None:
                i = (b.board - first_board) * 2 + (b.room == "Closed")
            else:
                i = k
            if 0 <= i < len(results) and results[i]:
                rec.tags["LinResult"] = results[i]
                _from_rs(rec, results[i])
        rec.problems = problem.take()
        records.append((rec, b.start))  # type: ignore[arg-type]
    if bar is not None:
        bar.close()
    out: list[DealRecord] = []
    for k, (rec, start) in enumerate(records):  # type: ignore[misc]
        end = records[k + 1][1] if k + 1 < len(records) else len(text)  # type: ignore[index]
        body = text[start:end]
        tail = ""
        if k + 1 == len(records):
            stripped = body.rstrip("\n")
            body, tail = stripped, body[len(stripped) :]
        prev = 0 if k == 0 else records[k - 1][1]  # type: ignore[index]
        rec.source = _LinSource(
            prefix=text[:start] if k == 0 else "",
            text=body,
            tail=tail,
            first=k == 0,
            last=k + 1 == len(records),
            newline=newline,
            encoding=encoding,
            state=_state(rec),
        )
        del prev
        out.append(rec)
    return out


def _record(b: _Board, problem: _Problems, strict: bool, pairs: "_Pairs") -> DealRecord | None:
    """The record of a board read from LIN: its deal, auction, contract, play and result."""
    deal, known = None, None
    if b.rows is not None:
        deal, known, reason = _make_deal(list(b.rows))
        if reason:
            problem(b.line, f"md|: {reason}", "the cards are left out")
    rec = DealRecord(
        deal=deal,
        board=b.board,
        dealer=b.dealer,
        vulnerable=b.vul,
        known=known,
        line=b.line,
        notes=tuple(b.notes),
    )
    if b.board is not None and b.board >= 1:
        cycle = Board.from_number(b.board)
        if rec.vulnerable is None:
            rec.vulnerable = cycle.vulnerable
        if rec.dealer is None:
            rec.dealer = cycle.dealer
    if b.calls:
        if rec.dealer is None:
            problem(
                b.line,
                "the auction has no dealer (md| starts with 1-4 for the dealer)",
                "the auction is left out",
            )
        else:
            auction = _FastAuction(rec.dealer)
            try:
                for call in b.calls:
                    auction.add(call)
            except _Slow:  # a call the quick check does not take: the laws say why
                auction = Auction(rec.dealer)
                for i, call in enumerate(b.calls):
                    try:
                        auction.add(call)
                    except BridgeError as e:
                        problem(
                            b.line,
                            f"the auction is not legal: call {i + 1} ({call}): {e}",
                            "the auction is kept up to the call before it",
                        )
                        break
            rec.auction = tuple(auction.calls)
            rec.alerts = {i: t for i, t in b.alerts.items() if i < len(auction.calls)}
            if auction.is_over:
                rec.contract = auction.contract
                rec.passed_out = not auction.contract  # PASSED_OUT
    if b.cards:
        _play(rec, b, problem, pairs)
    if b.claim is not None and rec.contract is not None:
        rec.result = b.claim
    return rec


def _play(rec: DealRecord, b: _Board, problem: _Problems, pairs: "_Pairs") -> None:
    """The cards played: the Play section, and the result when all thirteen tricks are there.
    A card the player does not hold ends what is kept; a revoke is kept (it happened) and
    reported."""
    if rec.deal is None or not rec.contract:  # (a passed-out board's contract is PASSED_OUT)
        problem(
            pairs.line(b.cards[0]),
            "cards are played (pc|) but the deal or the contract is not known",
            "the play is left out",
        )
        return
    texts = [pairs.values[i] for i in b.cards]
    cards: list[str] = texts
    if not _CODE_SET.issuperset(texts):  # not all written as 'SA': read each
        cards = []
        for i, text in zip(b.cards, texts):
            code = text.strip().upper()
            if code not in _CODES:
                try:
                    c = Card.parse(code)
                    code = f"{c.suit.name}{c.rank.char}"
                except ParseError:
                    problem(
                        pairs.line(i),
                        f"pc|{text[:10]}| is not a card",
                        "the play is kept up to the card before it",
                    )
                    break
            cards.append(code)
    rows = [rec.deal[s].holdings for s in SEATS]
    won, section, bad, revokes = _replay(rows, rec.contract, cards)
    if bad is not None:
        try:  # the laws' own words for why the card cannot be played
            Play(rec.deal, rec.contract).play_all([Card.parse(c) for c in cards[: bad + 1]])
            reason = f"{cards[bad]} is not in the hand of the player whose turn it is"
        except BridgeError as e:
            reason = str(e)
        problem(
            pairs.line(b.cards[bad]),
            f"pc|{texts[bad][:10]}| (card {bad + 1}): {reason}",
            "the play is kept up to the card before it",
        )
    for i in revokes:
        problem(
            pairs.line(b.cards[i]),
            f"pc|{texts[i][:10]}| (card {i + 1}) is a revoke: the player held a card of the suit led",
            "the play is kept as played",
        )
    rec.sections["Play"] = section
    if won is not None:
        rec.result = won


def _from_rs(rec: DealRecord, entry: str) -> None:
    """Contract and result from a match's result list ('4HE=', '3NW+1', '4SWx-4', 'P'), when
    the board itself does not give them."""
    if entry.strip().upper() in ("P", "PASS", "AP"):
        if rec.contract is None and not rec.auction:
            rec.passed_out = True
        return
    m = _RS_RE.match(entry)
    if not m:
        return
    level, strain, seat = int(m.group(1)), Strain.parse(m.group(2)), Seat.parse(m.group(3))
    contract = Contract(level, strain, len(m.group(4)), seat)
    if rec.contract is None and not rec.auction:
        rec.contract = contract
    diff = m.group(5) or "="
    tricks = level + 6 + (0 if diff == "=" else int(diff))
    if rec.result is None and rec.contract == contract and 0 <= tricks <= 13:
        rec.result = tricks


def load_lin(
    file: "str | os.PathLike | IO", *, strict: bool = False, progress: bool | None = None
) -> list[DealRecord]:
    """Read a LIN file from a path or an open file (see ``loads_lin``)."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as fh:
            return loads_lin(fh.read(), source=os.fspath(file), strict=strict, progress=progress)
    return loads_lin(file.read(), source=getattr(file, "name", "<lin>"), strict=strict, progress=progress)


# ================================================================================ writing ===


def _lin_hand(holdings) -> str:
    return "".join(s + holding_to_text(h) for s, h in zip("SHDC", holdings))


def _board_lin(rec: DealRecord) -> str:
    """One board in the form BBO's handviewer reads."""
    if rec.deal is not None:
        rows = [rec.deal[s].holdings for s in SEATS]
    elif rec.known is not None and any(r is not None for r in rec.known):
        rows = list(rec.known)
    else:
        raise PBNError(
            f"board {rec.board}: LIN is written from a record with a deal (md| gives "
            "the cards), and this one has none"
        )
    dealer = rec.dealer
    if dealer is None:  # (Seat.N is 0: never "or" a seat)
        dealer = Board.from_number(rec.board).dealer if rec.board and rec.board > 0 else Seat.N
    hands = ",".join("" if rows[s] is None else _lin_hand(rows[s]) for s in (Seat.S, Seat.W, Seat.N, Seat.E))
    names = [_escape(rec.tags.get(n, "")).replace(",", " ") for n in _PN_ORDER]
    out = [f"pn|{','.join(names)}|st||md|{_SEAT_LIN[dealer]}{hands}|rh||"]
    title = f"Board {rec.board}" if rec.board is not None else ""
    out.append(f"ah|{title}|")
    if rec.vulnerable is not None:
        out.append(f"sv|{_VUL_LIN[rec.vulnerable.value]}|")
    for k, call in enumerate(rec.auction):
        word = {"pass": "p", "double": "d", "redouble": "r"}.get(call.kind) or (
            f"{call.level}{'N' if call.strain is Strain.NT else call.strain.name}"
        )
        if k in rec.alerts:
            out.append(f"mb|{word}!|")
            if rec.alerts[k]:
                out.append(f"an|{_escape(rec.alerts[k])}|")
        else:
            out.append(f"mb|{word}|")
    cards = list(rec.play)
    if cards:
        out.append("pg||")
        for k, card in enumerate(cards):
            out.append(f"pc|{card.suit.name}{card.rank.char}|")
            if k % 4 == 3:
                out.append("pg||")
    if rec.result is not None and rec.auction and rec.contract is not None and len(cards) < 52:
        out.append(f"mc|{rec.result}|")  # a claim: the tricks declarer takes in all
    return "".join(out)


def dumps_lin(records: Iterable[DealRecord], *, newline: str | None = None) -> str:
    """LIN text of these records: a board read from LIN and not changed as the file had it,
    any other record with a deal in the form BBO's handviewer reads, one board a line."""
    records = list(records)
    parts: list[str] = []
    nl = newline
    for k, rec in enumerate(records):
        src = rec.source if isinstance(rec.source, _LinSource) else None
        if nl is None and src is not None:
            nl = src.newline
        if src is not None and _state(rec) == src.state:
            piece = (src.prefix if k == 0 and src.first else "") + src.text
        else:
            piece = _board_lin(rec)
        if parts and not parts[-1].endswith("\n") and not piece.startswith("\n"):
            parts.append("\n")
        parts.append(piece)
    last = records[-1].source if records else None
    parts.append(last.tail if isinstance(last, _LinSource) and last.last else "\n")
    text = "".join(parts) if records else ""
    nl = nl or "\n"
    return text.replace("\n", nl) if nl != "\n" else text


def dump_lin(records: Iterable[DealRecord], file: "str | os.PathLike | IO") -> None:
    """Write records as LIN to a path or an open file."""
    records = list(records)
    text = dumps_lin(records)
    src = records[0].source if records and isinstance(records[0].source, _LinSource) else None
    encoding = src.encoding if src is not None else "utf-8"
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb") as fh:
            fh.write(data)
    elif isinstance(file, (io.RawIOBase, io.BufferedIOBase)) or "b" in getattr(file, "mode", ""):
        file.write(data)
    else:
        file.write(text)
