"""A board as files keep it (``DealRecord``), shared by the PBN and LIN readers and writers.

A record holds what is known of one board: the deal (or, for a partial deal or an end position,
the cards that are known), board number, dealer, vulnerability, auction, contract, play and
result. A record read from a file also remembers the exact text it came from, so that writing
it back unchanged gives the same file (see ``bridgelab.io.pbn.dumps``).
"""

from __future__ import annotations

import os
import re
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..model.cards import SEATS, Card, Rank, Seat, Strain
from ..model.contract import PASSED_OUT, Call, Contract, PassedOut
from ..model.deal import Board, Deal, Vulnerability
from ..model.errors import ParseError, PBNError, PBNWarning
from ..model.hand import holding_from_text, holdings_to_pbn, parse_holdings
from ..rules.play import trick_winner

__all__ = ["DealRecord", "PBNWarning"]

_NUMBER_RE = re.compile(r"[0-9]{1,9}", re.ASCII)


@dataclass(eq=True)
class DealRecord:
    """One board of a file: the deal, board number, dealer, vulnerability and what is known of
    the auction and play. ``dd`` is a double-dummy table: ``dd[seat][strain]`` tricks for
    declarer, rows N E S W, columns C D H S NT (``int(Seat)``, ``int(Strain)``).

    ``deal`` is None when the file gives no deal or only part of one; ``known`` then holds the
    cards that are given, one row of four holdings per seat (None for a hand not given), as for
    an end position or a results-only file. The play is kept as PBN keeps it, in
    ``sections["Play"]`` (the opening leader, then a trick a line in seat order from the
    leader); ``play`` gives the cards in the order they were played. ``problems`` lists what a
    lenient read could not take from the file (also given as warnings)."""

    deal: Deal | None
    board: int | None = None
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    auction: tuple[Call, ...] = ()
    alerts: dict[int, str] = field(default_factory=dict)
    contract: Contract | None = None
    passed_out: bool = False
    result: int | None = None
    notes: tuple[str, ...] = ()
    dd: tuple[tuple[int, ...], ...] | None = None
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    known: tuple[tuple[int, int, int, int] | None, ...] | None = None
    line: int | None = field(default=None, compare=False)
    problems: tuple[str, ...] = field(default=(), compare=False)
    source: object = field(default=None, compare=False, repr=False)

    @classmethod
    def from_board(cls, deal: Deal, number: int, **kw) -> "DealRecord":
        """A record whose dealer and vulnerability are board ``number``'s on the 16-board cycle."""
        b = Board.from_number(number)
        return cls(deal, number, b.dealer, b.vulnerable, **kw)

    @property
    def declarer(self) -> Seat | None:
        return None if self.contract is None else self.contract.declarer

    @property
    def event(self) -> str:
        return self.tags.get("Event", "")

    @property
    def board_info(self) -> Board | None:
        """Board number, dealer and vulnerability as a ``Board`` (for diagrams), if all known."""
        if self.board is None or self.board < 1 or self.dealer is None or self.vulnerable is None:
            return None
        return Board(self.board, self.dealer, self.vulnerable)

    @property
    def play(self) -> tuple[Card, ...]:
        """The cards played, in order, as far as the Play section and the contract tell."""
        return tuple(_cards_of_play(self))

    @property
    def known_hands(self) -> dict[Seat, str]:
        """The hands the file gives, as PBN hand strings (all four when the deal is complete)."""
        if self.deal is not None:
            return {s: self.deal[s].to_pbn() for s in SEATS}
        if self.known is None:
            return {}
        return {s: holdings_to_pbn(self.known[s]) for s in SEATS if self.known[s] is not None}

    def dd_table(self):
        """The double-dummy table as a DataFrame (declarers by strains), or None."""
        if self.dd is None:
            return None
        import pandas as pd

        return pd.DataFrame(
            [[self.dd[s][t] for t in reversed(range(5))] for s in SEATS],
            index=[s.name for s in SEATS],
            columns=[Strain(t).name for t in reversed(range(5))],
        )

    def to_pbn(self) -> str:
        """This record as one PBN game (export format, LF line ends)."""
        from .pbnwrite import _game_lines

        return "\n".join(_game_lines(self))

    def __repr__(self) -> str:
        cards = (
            self.deal.to_pbn()
            if self.deal is not None
            else " ".join(self.known_hands.get(s, "-") for s in SEATS)
            if self.known
            else None
        )
        return f"DealRecord(board={self.board}, dealer={self.dealer}, deal={cards!r})"

    def _repr_html_(self) -> str:
        from ..render.display import deal_html

        if self.deal is None:
            return f"<pre>{self!r}</pre>"
        return deal_html(self.deal, self.board_info)


# ============================================================================= helpers ===


class _Error:
    """Builds PBNErrors that name the source and the line, with ``.line`` set."""

    def __init__(self, source: str):
        self.source = source

    def __call__(self, line: int, reason: str) -> PBNError:
        err = PBNError(f"{self.source}, line {line}: {reason}")
        err.line = line  # type: ignore[attr-defined]
        return err


class _Retry(Exception):
    """A quick read met something to report: read the game again, with its line numbers."""


class _Problems:
    """Where a reader reports what it cannot read: raised at once when strict, else kept for
    the game's record and given as a PBNWarning naming the file, line and game."""

    def __init__(self, source: str, strict: bool):
        self.err = _Error(source)
        self.strict = strict
        self.source = source
        self.game = 0  # ordinal of the game being read (1, 2, ...)
        self.board: str | None = None
        self.found: list[str] = []
        self.quiet = False  # a first, quick read: a problem means "read it again slowly"

    def __call__(self, line: int, reason: str, dropped: str = "") -> None:
        if self.quiet:
            raise _Retry
        if self.strict:
            raise self.err(line, reason)
        where = f"game {self.game}" + (f" (board {self.board})" if self.board else "")
        text = f"{self.source}, line {line}, {where}: {reason}" + (f"; {dropped}" if dropped else "")
        self.found.append(text)
        warnings.warn(PBNWarning(text), stacklevel=4)

    def take(self) -> tuple[str, ...]:
        out, self.found = tuple(self.found), []
        return out


def _decode(data: "str | bytes") -> tuple[str, str, str, bool]:
    """Text with LF line ends; the encoding, the line end and whether a byte-order mark came
    first (so that a file can be written back as it was)."""
    bom = False
    encoding = "utf-8"
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if data.startswith(b"\xef\xbb\xbf"):
            data, bom = data[3:], True
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text, encoding = data.decode("latin-1"), "latin-1"  # the PBN standard's own set
    elif isinstance(data, str):
        text = data
    else:
        raise PBNError(f"a file's text is str or bytes, not {type(data).__name__}")
    if text.startswith("\ufeff"):
        text, bom = text[1:], True
    crlf = text.count("\r\n")
    newline = "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n"
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, encoding, newline, bom


def _fill_fourth(rows: list, seat: Seat) -> None:
    """Give ``seat`` the cards the other three hands do not hold."""
    others = [rows[s] for s in SEATS if s != seat]
    rows[seat] = tuple(0x1FFF & ~(others[0][k] | others[1][k] | others[2][k]) for k in range(4))


_BITS = np.array([bin(i).count("1") for i in range(8192)], dtype=np.int8)


def _cards_in(holdings: Sequence[int]) -> int:
    a, b, c, d = holdings
    return (a | b << 13 | c << 26 | d << 39).bit_count()


def _make_deal(rows: list) -> tuple[Deal | None, tuple | None, str | None]:
    """A Deal from four rows of holdings (None for a hand not given): the deal when it is
    complete (three hands of 13 give the fourth), else the known cards; and what is wrong:
    a card in two hands or a hand of more than 13 cards (then no cards are kept), or hands of
    different sizes, which no deal or end position has (the cards are kept)."""
    given = [s for s in SEATS if rows[s] is not None]
    if not given:
        return None, None, None  # no hand given: no cards known
    for k in range(4):
        seen = 0
        for s in given:
            both = rows[s][k] & seen
            if both:
                bit = both.bit_length() - 1
                card = Card(Strain(3 - k), Rank(bit + 2))
                owners = [t.full_name for t in given if rows[t][k] >> bit & 1]
                return None, None, f"{card} is in {' and '.join(owners)}"
            seen |= rows[s][k]
    counts = {s: _cards_in(rows[s]) for s in given}
    for s, n in counts.items():
        if n > 13:
            return None, None, f"{s.full_name} has {n} cards (a hand has 13)"
    if len(given) == 3 and all(n == 13 for n in counts.values()):
        _fill_fourth(rows, next(s for s in SEATS if rows[s] is None))
        given, counts = list(SEATS), {s: 13 for s in SEATS}
    if len(given) == 4 and all(n == 13 for n in counts.values()):
        return _checked_deal(rows), None, None
    sizes = set(counts.values())
    if len(sizes) > 1:
        odd = ", ".join(
            f"{s.full_name} has {n} cards"
            for s, n in counts.items()
            if n != max(counts.values(), key=list(counts.values()).count)
        )
        return (
            None,
            tuple(rows),
            (f"{odd}: the hands of a deal have 13 cards each, and those of an end position the same number"),
        )
    return None, tuple(rows), None


def _checked_deal(rows: "Sequence[Sequence[int]] | np.ndarray") -> Deal:
    """A Deal from four rows of holdings (seats N E S W; or a read-only uint16 array of
    them) that the reader has found to be 52 different cards, 13 to a hand: no second check,
    and the Hands made only when asked for (as ``Deal`` does itself), so that a file of
    20,000 deals costs little more than its arrays."""
    if isinstance(rows, np.ndarray) and rows.dtype == np.uint16 and not rows.flags.writeable:
        arr = rows
    else:
        arr = np.array(rows, dtype=np.uint16)
        arr.setflags(write=False)
    deal = Deal.__new__(Deal)
    deal._holdings = arr
    deal._hands = None
    return deal


def _incomplete(rows: Sequence, counts_only: bool = False) -> str:
    """Why known cards are not a whole deal, for strict reads (which want all four hands)."""
    missing = [s.full_name for s in SEATS if rows[s] is None]
    if len(missing) > 1:
        return (
            f"Deal gives no cards for {' and '.join(missing)}: a whole deal needs all four "
            "hands (or three, and the fourth is worked out)"
        )
    short = [
        f"{s.full_name} has {_cards_in(rows[s])} cards"
        for s in SEATS
        if rows[s] is not None and _cards_in(rows[s]) != 13
    ]
    return "a deal is 52 different cards, 13 to each hand: " + "; ".join(short or missing)


def _small_int(text: str, limit: int = 10**9) -> int | None:
    """A whole number written in ASCII digits (at most nine), else None: ``int()`` takes
    '²' and other digits, and refuses numbers over 4,300 digits with a raw ValueError."""
    t = text.strip()
    if not _NUMBER_RE.fullmatch(t):
        return None
    n = int(t)
    return n if n < limit else None


def _state(rec: DealRecord) -> tuple:
    """The record's content, to tell whether it changed since it was read (copies of its
    dicts: their values are strings and tuples, and dicts compare regardless of order)."""
    return (
        rec.deal,
        rec.board,
        rec.dealer,
        rec.vulnerable,
        tuple(rec.auction),
        dict(rec.alerts),
        rec.contract,
        rec.passed_out,
        rec.result,
        tuple(rec.notes),
        rec.dd,
        dict(rec.tags),
        dict(rec.sections),
        rec.known,
    )


_BIG = 1_000_000  # characters from which a read shows a progress bar (interactive use only)
_STEP = 65_536  # characters read between two moves of the bar (each move costs)


def _progress(total: int, source: str, progress: bool | None):
    """A tqdm bar for a big read: shown when asked, or by default for a file of a megabyte
    or more read at an interactive terminal (never in scripts, pipes or tests)."""
    show = (
        progress
        if progress is not None
        else (total >= _BIG and hasattr(sys.stderr, "isatty") and sys.stderr.isatty())
    )
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="B", unit_scale=True, desc=os.path.basename(source), leave=False)


def _cards_of_play(rec: DealRecord) -> list[Card]:
    """The cards played, in order, from a PBN Play section (one trick a line, in seat order
    from the opening leader; the winner of each trick leads to the next)."""
    sec = rec.sections.get("Play")
    if not sec or rec.contract is None:
        return []
    try:
        leader = Seat.parse(sec[0].strip())
    except ParseError:
        return []
    trump = None if rec.contract.strain is Strain.NT else rec.contract.strain
    cards: list[Card] = []
    who = leader
    for row in sec[1]:
        words = [w for w in row.split() if not w.startswith(("=", "$", "^", "{")) and w not in "!?"]
        if not words or words[0] == "*" or len(words) < 4:
            break
        try:
            by_seat = {
                Seat((leader + i) % 4): (None if set(w) == {"-"} else Card.parse(w))
                for i, w in enumerate(words[:4])
            }
        except ParseError:
            break
        order = [Seat((who + i) % 4) for i in range(4)]
        trick = [by_seat[s] for s in order]
        if any(c is None for c in trick):
            for c in trick:
                if c is None:
                    break
                cards.append(c)
            break
        cards.extend(trick)  # type: ignore[arg-type]
        who = order[trick_winner(trick, trump)]
    return cards


def _play_section(contract: Contract, cards: Sequence[Card]) -> tuple[str, tuple[str, ...]]:
    """A PBN Play section (leader, then a trick a line in seat order from the leader; '-' for
    a card not played, '*' when the play stopped before the end) from cards in played order."""
    leader = Seat((contract.declarer + 1) % 4)
    trump = None if contract.strain is Strain.NT else contract.strain
    lines, who = [], leader
    for k in range(0, len(cards), 4):
        trick = list(cards[k : k + 4])
        row = ["-"] * 4
        seats = [Seat((who + i) % 4) for i in range(len(trick))]
        for seat, card in zip(seats, trick):
            row[(seat - leader) % 4] = f"{card.suit.name}{card.rank.char}"
        lines.append(" ".join(row))
        if len(trick) == 4:
            who = seats[trick_winner(trick, trump)]
    if len(cards) < 52:
        lines.append("*")
    return leader.name, tuple(lines)


# ============================================================ fast paths for big files ===
# A 10 MB file has some 20,000 boards: the readers check the calls and cards of each in one
# pass here, and ask the rules (rules.auction.Auction, rules.play.Play) only when something is
# not accepted, for their reasons in words. tests/test_real_files.py checks these against the
# rules on random auctions and plays.


class _Slow(Exception):
    """A call the fast check does not accept: the caller asks rules.auction.Auction."""


class _FastAuction:
    """An auction checked in one pass (bids ladder, double and redouble by the right side,
    three passes end it, four at the start pass it out); raises _Slow for anything else. The
    same answers as rules.auction.Auction for every auction it accepts."""

    __slots__ = ("dealer", "calls", "over", "rank", "bidder", "doubled", "doubler", "passes", "first")

    def __init__(self, dealer: Seat):
        self.dealer = dealer
        self.calls: list[Call] = []
        self.over = False
        self.rank = -1
        self.bidder = -1
        self.doubled = 0
        self.doubler = -1
        self.passes = 0
        self.first: dict[tuple[int, int], int] = {}

    def __len__(self) -> int:
        return len(self.calls)

    @property
    def is_over(self) -> bool:
        return self.over

    def add(self, call: Call) -> None:
        if self.over:
            raise _Slow
        seat = (self.dealer + len(self.calls)) % 4
        kind = call.kind
        if kind == "pass":
            self.passes += 1
        elif kind == "bid":
            rank = (call.level - 1) * 5 + int(call.strain)
            if rank <= self.rank:
                raise _Slow
            self.rank, self.bidder, self.doubled, self.passes = rank, seat, 0, 0
            self.first.setdefault((seat % 2, int(call.strain)), seat)
        elif kind == "double":
            if self.bidder < 0 or self.doubled or (self.bidder - seat) % 2 == 0:
                raise _Slow
            self.doubled, self.doubler, self.passes = 1, seat, 0
        else:  # redouble
            if self.doubled != 1 or (self.doubler - seat) % 2 == 0:
                raise _Slow
            self.doubled, self.passes = 2, 0
        self.calls.append(call)
        self.over = self.passes == (4 if self.bidder < 0 else 3)

    @property
    def contract(self) -> "Contract | PassedOut | None":
        """As ``Auction.contract``: None while the auction lasts, PASSED_OUT after four passes."""
        if not self.over:
            return None
        if self.bidder < 0:
            return PASSED_OUT
        level, strain = divmod(self.rank, 5)
        key = (self.rank, self.doubled, self.first[(self.bidder % 2, strain)])
        c = _REACHED.get(key)
        if c is None:  # (contracts are frozen: one object for each of the 420 serves every board)
            c = _REACHED[key] = Contract(level + 1, Strain(strain), self.doubled, Seat(key[2]))
        return c


_REACHED: dict[tuple[int, int, int], Contract] = {}


_CARDS = {f"{s.name}{r.char}": Card(s, r) for s in (Strain.S, Strain.H, Strain.D, Strain.C) for r in Rank}


def _card(text: str) -> Card:
    """A card from 'SA', 'sa', 'S10' (a table for the common forms, else Card.parse)."""
    c = _CARDS.get(text.upper())
    return c if c is not None else Card.parse(text)


# "SA" -> (suit index in a row of holdings, the card's bit, suit, rank): the cards as numbers
_CODES = {
    f"{s.name}{r.char}": (3 - int(s), 1 << (int(r) - 2), int(s), int(r))
    for s in (Strain.S, Strain.H, Strain.D, Strain.C)
    for r in Rank
}


def _replay(rows: Sequence, contract: Contract, cards: Sequence):
    """Play ``cards`` (Cards, or texts as 'SA') in order from the deal's rows: (tricks declarer
    won, if all thirteen were played; the PBN Play section; the index of a card the player
    does not hold, or None; the indexes of revokes). The player of each card is the one whose
    turn it is."""
    codes = _CODES
    texts = [c if isinstance(c, str) else f"{c.suit.name}{c.rank.char}" for c in cards]
    hold = [list(r) for r in rows]
    declarer = int(contract.declarer)
    leader = (declarer + 1) % 4
    trump = -1 if contract.strain is Strain.NT else int(contract.strain)
    who, won, trick, lines, row = leader, 0, [], [], ["-"] * 4
    bad, revokes = None, []
    for i, text in enumerate(texts):
        seat = (who + len(trick)) % 4
        si, mask, suit, rank = codes[text]
        h = hold[seat]
        if not h[si] & mask:
            bad = i
            break
        if trick and suit != trick[0][0] and h[3 - trick[0][0]]:
            revokes.append(i)
        h[si] &= ~mask
        trick.append((suit, rank))
        row[(seat - leader) % 4] = text
        if len(trick) == 4:
            best = 0
            bs, br = trick[0]
            for k in (1, 2, 3):
                cs, cr = trick[k]
                if (cs == bs and cr > br) or (cs == trump and bs != trump):
                    best, bs, br = k, cs, cr
            who = (who + best) % 4
            won += (who - declarer) % 2 == 0
            lines.append(" ".join(row))
            trick, row = [], ["-"] * 4
    played = len(texts) if bad is None else bad
    if trick:
        lines.append(" ".join(row))
    if played < 52:
        lines.append("*")
    return (won if played == 52 else None), (Seat(leader).name, tuple(lines)), bad, revokes


_SUITS: dict[str, int] = {}


def _fast_holdings(text: str) -> tuple[int, int, int, int]:
    """parse_holdings with a table of the suit texts seen before (a big file repeats them)."""
    parts = text.split(".")
    if len(parts) == 4:
        out = []
        for p in parts:
            h = _SUITS.get(p)
            if h is None:
                try:
                    h = holding_from_text(p, where="suit")
                except PBNError:
                    return parse_holdings(text)  # raises, saying which suit of which hand
                if len(_SUITS) < 65536:
                    _SUITS[p] = h
            out.append(h)
        return tuple(out)  # type: ignore[return-value]
    return parse_holdings(text)
