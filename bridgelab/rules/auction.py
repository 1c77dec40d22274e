"""The auction: calls in turn from the dealer, each checked by the laws, and the contract it ends in.

>>> a = Auction.parse("1NT 2H 2S P 4S P P P", dealer="N")
>>> a.contract, a.opening_leader
(Contract('4S by S'), Seat.W)
>>> a = Auction.parse("1H", dealer="N")
>>> a.check("1D")
Traceback (most recent call last):
...
bridgelab.model.errors.IllegalCall: 1D is not higher than 1H: bid 1S, 1NT or higher, or 2D

The rules (Laws 18-22 of the Laws of Duplicate Bridge 2017): each bid must be higher than the
last bid (a higher level, or the same level in a higher strain: clubs, diamonds, hearts, spades,
no trump); a player may double only the last bid, and only if an opponent made it and it is not
doubled yet; a player may redouble only the last double, and only if an opponent made it on his
side's bid. The auction ends when three passes follow a bid, double or redouble, or when all
four players pass at once (the deal is passed out): three opening passes do not end it.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..text import terms as _lang
from ..model.cards import Seat
from ..model.contract import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call, Contract
from ..render import auction as _render
from ..model.errors import IllegalCall, ParseError

__all__ = ["Auction", "ILLEGAL_CALL_CODES"]

ILLEGAL_CALL_CODES = (
    "insufficient",         # a bid not higher than the last bid
    "no_bid_to_double",     # a double before any bid
    "double_own_side",      # a double of one's own side's bid
    "already_doubled",      # a double of a bid already doubled
    "already_redoubled",    # a double or redouble of a bid already redoubled
    "nothing_to_redouble",  # a redouble before any bid
    "not_doubled",          # a redouble of a bid that is not doubled
    "redouble_own_double",  # a redouble of one's own side's double
    "out_of_turn",          # check(call, seat=...) for the wrong seat
    "auction_over",         # any call after three passes ended the auction
    "passed_out",           # any call after four opening passes
)


def _a(call: Call) -> str:
    """A call as the messages write it: '1D', '3NT', 'Pass', 'X', 'XX'."""
    return call.to_ascii()


def _or_list(items: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


class Auction:
    """The calls of one deal, in turn clockwise from the dealer.

    Mutable, like python-chess's Board: ``add`` checks a call and appends it, ``pop`` takes the
    last one back. ``check`` raises :class:`~bridgelab.model.errors.IllegalCall` saying why a call is
    not allowed now and what is.
    """

    __slots__ = ("dealer", "_calls", "lang")

    def __init__(self, dealer: "Seat | str" = Seat.N, calls: Iterable["Call | str"] = (), *, lang: str | None = None):
        self.dealer = _seat(dealer, lang)
        self.lang = lang
        self._calls: list[Call] = []
        for call in calls:
            self.add(call)

    # ---- reading -------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, dealer: "Seat | str" = Seat.N, lang: str | None = None) -> "Auction":
        """Read calls separated by spaces, commas, semicolons or new lines.

        Calls of several words ("kolm pada", "2 bez trumfů", "gandakan semula") are read whole;
        a final "all pass" (or "AP") adds the passes that end the auction.
        """
        if not isinstance(text, str):
            raise ParseError(f"an auction is text like '1NT 2H 2S P 4S P P P', not {type(text).__name__}")
        auction = cls(dealer, lang=lang)
        for chunk in re.split(r"[,;\n\t|/]+", text):
            words = chunk.split()
            i = 0
            while i < len(words):
                for j in range(min(len(words), i + 4), i, -1):
                    piece = " ".join(words[i:j])
                    call = _read_call(piece, lang)
                    if call is not None or _is_all_pass(piece, lang):
                        break
                else:
                    raise ParseError(
                        f"{words[i]!r} (call {len(auction) + 1}) is not a call: write bids as 1C, 2♦, "
                        "3H, 4S, 1NT, and Pass (P), Double (X), Redouble (XX), or 'all pass' at the end"
                    )
                if call is None:  # "all pass"
                    while not auction.is_over:
                        auction.add(PASS)
                else:
                    try:
                        auction.add(call)
                    except IllegalCall as e:
                        seat = auction.next_seat
                        who = f", {seat.full_name}" if seat is not None else ""
                        err = IllegalCall(f"call {len(auction) + 1} ({_a(call)}{who}): {e}")
                        err.__dict__.update(e.__dict__)
                        raise err from None
                i = j
        return auction

    # ---- state ---------------------------------------------------------------------------
    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._calls)

    def __len__(self) -> int:
        return len(self._calls)

    def __iter__(self) -> Iterator[Call]:
        return iter(tuple(self._calls))

    def seat_of(self, index: int) -> Seat:
        """The seat that makes call number ``index`` (0 = the dealer's first call)."""
        return Seat((self.dealer + index) % 4)

    @property
    def history(self) -> list[tuple[Seat, Call]]:
        """(seat, call) pairs in the order they were made."""
        return [(self.seat_of(i), c) for i, c in enumerate(self._calls)]

    @property
    def passed_out(self) -> bool:
        """All four players passed at their first turn: no contract, the deal is thrown in."""
        return len(self._calls) == 4 and all(c == PASS for c in self._calls)

    @property
    def is_over(self) -> bool:
        c = self._calls
        if self.passed_out:
            return True
        return len(c) >= 4 and c[-1] == c[-2] == c[-3] == PASS and any(x != PASS for x in c)

    @property
    def next_seat(self) -> Seat | None:
        """Whose turn it is to call (None once the auction is over)."""
        return None if self.is_over else self.seat_of(len(self._calls))

    def _last_bid_index(self) -> int | None:
        for i in range(len(self._calls) - 1, -1, -1):
            if self._calls[i].is_bid:
                return i
        return None

    @property
    def last_bid(self) -> Call | None:
        i = self._last_bid_index()
        return None if i is None else self._calls[i]

    @property
    def last_bidder(self) -> Seat | None:
        """The seat that made the last bid."""
        i = self._last_bid_index()
        return None if i is None else self.seat_of(i)

    @property
    def doubled_state(self) -> int:
        """How the last bid stands now: 0 undoubled, 1 doubled, 2 redoubled."""
        return self._doubling()[0]

    def _doubling(self) -> tuple[int, Seat | None]:
        """(0, 1 or 2: how the last bid stands now; the seat of the last double or redouble)."""
        i = self._last_bid_index()
        if i is None:
            return 0, None
        state, by = 0, None
        for k in range(i + 1, len(self._calls)):
            if self._calls[k] == DOUBLE:
                state, by = 1, self.seat_of(k)
            elif self._calls[k] == REDOUBLE:
                state, by = 2, self.seat_of(k)
        return state, by

    @property
    def declarer(self) -> Seat | None:
        """The player of the side that won the auction who first named the final strain."""
        i = self._last_bid_index()
        if i is None or not self.is_over:
            return None
        side = self.seat_of(i).side
        strain = self._calls[i].strain
        for k, call in enumerate(self._calls):
            if call.is_bid and call.strain is strain and self.seat_of(k).side is side:
                return self.seat_of(k)
        raise AssertionError("unreachable: the last bid itself names the strain")

    @property
    def contract(self) -> Contract | None:
        """The final contract with its declarer; None while the auction goes on or if passed out."""
        declarer = self.declarer
        if declarer is None:
            return None
        bid = self.last_bid
        return Contract(bid.level, bid.strain, self._doubling()[0], declarer)

    @property
    def dummy(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.partner

    @property
    def opening_leader(self) -> Seat | None:
        """The defender on declarer's left."""
        d = self.declarer
        return None if d is None else d.lho

    @property
    def tricks_needed(self) -> int | None:
        """Tricks declarer must take (level + 6); None without a contract."""
        c = self.contract
        return None if c is None else c.tricks_needed

    # ---- the rules -----------------------------------------------------------------------
    def _lowest_bid_rank(self) -> int:
        bid = self.last_bid
        return 0 if bid is None else bid.rank + 1

    def _can_double(self) -> bool:
        i = self._last_bid_index()
        if i is None or self.is_over:
            return False
        state, _ = self._doubling()
        return state == 0 and self.seat_of(i).side is not self.seat_of(len(self._calls)).side

    def _can_redouble(self) -> bool:
        i = self._last_bid_index()
        if i is None or self.is_over:
            return False
        state, _ = self._doubling()
        return state == 1 and self.seat_of(i).side is self.seat_of(len(self._calls)).side

    def legal_calls(self) -> list[Call]:
        """Every call allowed now: the sufficient bids (lowest first), then Pass, X, XX."""
        if self.is_over:
            return []
        calls = list(ALL_BIDS[self._lowest_bid_rank():])
        calls.append(PASS)
        if self._can_double():
            calls.append(DOUBLE)
        if self._can_redouble():
            calls.append(REDOUBLE)
        return calls

    def is_legal(self, call: "Call | str") -> bool:
        try:
            self.check(call)
        except IllegalCall:
            return False
        return True

    def _allowed_text(self) -> str:
        """What may be called now, in words: 'pass, double, or bid 2D or higher'."""
        options = ["pass"]
        if self._can_double():
            options.append("double")
        if self._can_redouble():
            options.append("redouble")
        low = self._lowest_bid_rank()
        if low == len(ALL_BIDS) - 1:
            options.append("bid 7NT")
        elif low < len(ALL_BIDS):
            options.append(f"bid {_a(ALL_BIDS[low])} or higher")
        return _or_list(options)

    def check(self, call: "Call | str", seat: "Seat | str | None" = None) -> Call:
        """Raise IllegalCall if ``call`` may not be made now (by ``seat``, if given); return the call.

        The message says why in plain words and what may be called instead.
        """
        call = _lang.read_call(call, self.lang)
        if self.is_over:
            if self.passed_out:
                raise self._illegal(
                    "passed_out", call,
                    f"the auction is over: all four players passed, so the deal is passed out "
                    f"and no more calls are made ({_a(call)} is too late)",
                )
            c = self.contract
            raise self._illegal(
                "auction_over", call,
                f"the auction is over: three passes in a row ended it, so the contract is "
                f"{c.to_ascii()} by {c.declarer.full_name} and no more calls are made ({_a(call)} is too late)",
            )
        me = self.next_seat
        if seat is not None:
            who = _seat(seat, self.lang)
            if who is not me:
                raise self._illegal("out_of_turn", call, f"it is {me.full_name}'s turn to call, not {who.full_name}'s")
        i = self._last_bid_index()
        last = None if i is None else self._calls[i]
        if call.is_bid:
            if call.rank < self._lowest_bid_rank():
                raise self._illegal("insufficient", call, self._insufficient(call, last))
            return call
        if call == PASS:
            return call
        state, by = self._doubling()
        if call == DOUBLE:
            if self._can_double():
                return call
            if last is None:
                code = "no_bid_to_double"
                reason = "there is no bid to double yet: you may double only a bid of the opponents"
            elif self.seat_of(i).side is me.side:
                code = "double_own_side"
                bidder = self.seat_of(i)
                whose = "your own" if bidder is me else f"your partner {bidder.full_name}'s"
                reason = f"{_a(last)} is {whose} bid: you may double only a bid of the opponents"
                if state:
                    reason += f" (and {_a(last)} is already {'doubled' if state == 1 else 'redoubled'})"
            elif state == 1:
                code = "already_doubled"
                reason = f"{_a(last)} is already doubled: a bid may be doubled only once"
            else:
                code = "already_redoubled"
                reason = f"{_a(last)} is already redoubled: a redoubled bid cannot be doubled again"
            raise self._illegal(code, call, f"{reason}; now you may {self._allowed_text()}")
        # redouble
        if self._can_redouble():
            return call
        if last is None:
            code = "nothing_to_redouble"
            reason = "there is nothing to redouble: no bid has been made and doubled"
        elif state == 0:
            code = "not_doubled"
            reason = (
                f"{_a(last)} has not been doubled: you may redouble only after an opponent "
                "doubles your side's bid"
            )
        elif state == 2:
            code = "already_redoubled"
            reason = f"{_a(last)} is already redoubled: a bid may be redoubled only once"
        else:
            code = "redouble_own_double"
            reason = (
                f"the double of {_a(last)} was made by your side ({by.full_name}): only the side "
                f"whose bid was doubled may redouble"
            )
        raise self._illegal(code, call, f"{reason}; now you may {self._allowed_text()}")

    def _illegal(self, code: str, call: Call, message: str) -> IllegalCall:
        """An IllegalCall with, besides its message, facts a translated quiz can word itself:
        ``code`` (one of ILLEGAL_CALL_CODES), ``call``, ``last_bid`` and ``legal`` (the legal calls)."""
        err = IllegalCall(message)
        err.code, err.call, err.last_bid, err.legal = code, call, self.last_bid, self.legal_calls()
        return err

    def _insufficient(self, call: Call, last: Call) -> str:
        """'1D is not higher than 1H: bid 1S, 1NT or higher, or 2D' (the lowest 2D names the strain)."""
        head = f"{_a(call)} is not higher than {_a(last)}"
        if last.rank == len(ALL_BIDS) - 1:
            return f"{head}: no bid is higher than 7NT; you may {self._allowed_text()}"
        # the bids left at the last bid's level, or the next level's lowest if none are left
        above = [ALL_BIDS[r] for r in range(last.rank + 1, last.level * 5)] or [ALL_BIDS[last.rank + 1]]
        names = [_a(b) for b in above]
        if above[-1].rank == len(ALL_BIDS) - 1:
            options = _or_list(names)
        else:
            options = ", ".join(names) + " or higher"
        level = last.level if call.strain > last.strain else last.level + 1
        if level > 7:
            return f"{head}: bid {options} (no {call.strain.full_name.removesuffix('s')} bid is higher than {_a(last)})"
        target = Call.bid(level, call.strain)
        if target in above:
            return f"{head}: bid {options}"
        return f"{head}: bid {options}, or {_a(target)}"

    # ---- changing ------------------------------------------------------------------------
    def add(self, call: "Call | str") -> Call:
        """Check ``call`` and append it; raise IllegalCall (and change nothing) if it is not allowed."""
        call = self.check(call)
        self._calls.append(call)
        return call

    push = add

    def pop(self) -> Call:
        """Take back the last call."""
        if not self._calls:
            raise IllegalCall("there is no call to take back: the auction has not started")
        return self._calls.pop()

    def copy(self) -> "Auction":
        other = Auction(self.dealer, lang=self.lang)
        other._calls = list(self._calls)
        return other

    def __copy__(self) -> "Auction":
        return self.copy()

    def __eq__(self, other) -> bool:
        return isinstance(other, Auction) and self.dealer is other.dealer and self._calls == other._calls

    __hash__ = None  # mutable

    # ---- display -------------------------------------------------------------------------
    def __repr__(self) -> str:
        text = " ".join(_a(c) for c in self._calls)
        return f"Auction.parse({text!r}, dealer={self.dealer.name!r})"

    def to_text(self, first: "Seat | str" = Seat.W, *, lang: str | None = None, show_next: bool = True,
                summary: bool = False) -> str:
        """The auction as a table, one column per seat starting with ``first`` (W or N).

        The dealer's first call sits under the dealer; '?' marks whose turn it is.
        """
        return _render.auction_text(self, _seat(first, None), lang=lang or self.lang,
                                    show_next=show_next, summary=summary)

    def __str__(self) -> str:
        return self.to_text()

    def to_html(self, first: "Seat | str" = Seat.W, *, lang: str | None = None, show_next: bool = True,
                summary: bool = True) -> str:
        """The auction as an HTML table (deterministic: no ids, no scripts)."""
        return _render.auction_html(self, _seat(first, None), lang=lang or self.lang,
                                    show_next=show_next, summary=summary)

    def _repr_html_(self) -> str:
        return self.to_html()

    def summary(self, lang: str | None = None) -> str:
        """One line: the contract, declarer, dummy, opening leader and tricks needed.

        In English a sentence; in another language (``lang``, else the auction's) a list of that
        language's bridge words: 'leping: 4♠X; väljamängija: Ost; laud: West; avakäik: Süd'.
        """
        return _render.auction_summary(self, lang or self.lang)


# ---- helpers ------------------------------------------------------------------------------

def _seat(value: "Seat | str", lang: str | None) -> Seat:
    try:
        return Seat.parse(value)
    except ParseError:
        seat = _lang.parse_seat(value, lang)
        if seat is None:
            raise
        return seat


def _read_call(piece: str, lang: str | None) -> Call | None:
    try:
        return _lang.read_call(piece, lang)
    except ParseError:
        return None


def _is_all_pass(piece: str, lang: str | None) -> bool:
    try:
        return _lang.is_all_pass(piece, lang) or _lang.is_all_pass(piece, "en")
    except ParseError:
        return False
