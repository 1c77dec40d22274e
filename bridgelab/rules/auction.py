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
from collections.abc import Iterable, Iterator
from typing import Any

from ..model.cards import Seat
from ..model.contract import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    PASS_DASHES,
    PASSED_OUT,
    REDOUBLE,
    Call,
    Contract,
    PassedOut,
)
from ..model.errors import IllegalCall, ParseError
from ..render import auction as _render
from ..text import terms as _lang
from .rulings import word

__all__ = ["Auction", "ILLEGAL_CALL_CODES"]

ILLEGAL_CALL_CODES = (
    "insufficient",  # a bid not higher than the last bid
    "no_bid_to_double",  # a double before any bid
    "double_own_side",  # a double of one's own side's bid
    "already_doubled",  # a double of a bid already doubled
    "already_redoubled",  # a double or redouble of a bid already redoubled
    "nothing_to_redouble",  # a redouble before any bid
    "not_doubled",  # a redouble of a bid that is not doubled
    "redouble_own_double",  # a redouble of one's own side's double
    "out_of_turn",  # check(call, seat=...) for the wrong seat
    "auction_over",  # any call after three passes ended the auction
    "passed_out",  # any call after four opening passes
    "nothing_to_take_back",  # pop() before any call
)


_DASHES = re.compile(r"[-\u2010-\u2015\u2212]+")


def _a(call: Call) -> str:
    """A call as the messages write it: '1D', '3NT', 'Pass', 'X', 'XX'."""
    return call.to_ascii()


class Auction:
    """The calls of one deal, in turn clockwise from the dealer.

    Mutable, like python-chess's Board: ``add`` checks a call and appends it, ``pop`` takes the
    last one back. ``check`` raises :class:`~bridgelab.model.errors.IllegalCall` saying why a call is
    not allowed now and what is.
    """

    __slots__ = ("dealer", "_calls", "lang")

    def __init__(
        self, dealer: "Seat | str" = Seat.N, calls: Iterable["Call | str"] = (), *, lang: str | None = None
    ):
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
        a final "all pass" (or "AP") adds the passes that end the auction. A dash (-, – or —), as
        hand records and books write a pass, is a pass in any position; anything that cannot be
        read as a call is refused (ParseError), never skipped.
        """
        if not isinstance(text, str):
            raise ParseError(f"an auction is text like '1NT 2H 2S P 4S P P P', not {type(text).__name__}")
        auction = cls(dealer, lang=lang)
        for chunk in re.split(r"[,;\n\t|/]+", text):
            words = chunk.split()
            # where the next dash is from each word on: calls of several words never span one
            next_dash, at = [len(words)] * (len(words) + 1), len(words)
            for k in range(len(words) - 1, -1, -1):
                if _DASHES.fullmatch(words[k]):
                    at = k
                next_dash[k] = at
            i = 0
            while i < len(words):
                call: Call | None
                if next_dash[i] == i:  # a dash is a pass, alone, in any position
                    if words[i] not in PASS_DASHES:
                        raise ParseError(
                            f"{words[i]!r} (call {len(auction) + 1}) is not a call: a pass may be "
                            f"written as one dash ({' '.join(PASS_DASHES)}), P or Pass"
                        )
                    call, j = PASS, i + 1
                else:
                    for j in range(min(next_dash[i + 1], i + 4), i, -1):
                        piece = " ".join(words[i:j])
                        call = _read_call(piece, lang)
                        if call is not None or _is_all_pass(piece, lang):
                            break
                    else:
                        raise ParseError(
                            f"{words[i]!r} (call {len(auction) + 1}) is not a call: write bids as "
                            "1C, 2♦, 3H, 4S, 1NT, and Pass (P or a dash), Double (X), "
                            "Redouble (XX), or 'all pass' at the end"
                        )
                if call is None:  # "all pass"
                    while not auction.is_over:
                        auction.add(PASS)
                else:
                    try:
                        auction.add(call)
                    except IllegalCall as e:
                        seat = auction.next_seat
                        facts = {"n": len(auction) + 1, "call": call, "seat": seat, "reason": e.facts}
                        msgid = "illegal_call.at" if seat is not None else "illegal_call.at.over"
                        raise e.with_message(word(msgid, lang, facts)) from None
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
    def contract(self) -> "Contract | PassedOut | None":
        """The final contract with its declarer; None while the auction goes on; ``PASSED_OUT``
        (falsy, scored 0) when all four players passed."""
        if self.passed_out:
            return PASSED_OUT
        declarer = self.declarer
        if declarer is None:
            return None
        bid = self.last_bid
        assert bid is not None and bid.level is not None and bid.strain is not None  # declarer bid it
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
        calls = list(ALL_BIDS[self._lowest_bid_rank() :])
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

    def _allowed(self) -> list[tuple[str, Call | None]]:
        """What may be called now, as ruling facts: [("pass", None), ("bid_or_higher", 2D)]."""
        options: list[tuple[str, Call | None]] = [("pass", None)]
        if self._can_double():
            options.append(("double", None))
        if self._can_redouble():
            options.append(("redouble", None))
        low = self._lowest_bid_rank()
        if low == len(ALL_BIDS) - 1:
            options.append(("bid", ALL_BIDS[low]))
        elif low < len(ALL_BIDS):
            options.append(("bid_or_higher", ALL_BIDS[low]))
        return options

    def check(self, call: "Call | str", seat: "Seat | str | None" = None) -> Call:
        """Raise IllegalCall if ``call`` may not be made now (by ``seat``, if given); return the call.

        The message says why in plain words and what may be called instead, in the auction's
        language (its wording is the catalogue's, keyed by the ruling's code; see
        ``bridgelab.rules.rulings``).
        """
        call = _lang.read_call(call, self.lang)
        if self.is_over:
            if self.passed_out:
                raise self._illegal("passed_out", call)
            c = self.contract
            assert isinstance(c, Contract)  # over and not passed out: a contract
            raise self._illegal("auction_over", call, contract=c.to_ascii(), declarer=c.declarer)
        me = self.next_seat
        assert me is not None  # the auction is not over
        if seat is not None:
            who = _seat(seat, self.lang)
            if who is not me:
                raise self._illegal("out_of_turn", call, turn=me, seat=who)
        i = self._last_bid_index()
        last = None if i is None else self._calls[i]
        if call.is_bid:
            if call.rank < self._lowest_bid_rank():
                assert last is not None  # only a bid made before can make one insufficient
                raise self._insufficient(call, last)
            return call
        if call == PASS:
            return call
        state, by = self._doubling()
        allowed = self._allowed()
        if call == DOUBLE:
            if self._can_double():
                return call
            if last is None:
                raise self._illegal("no_bid_to_double", call, allowed=allowed)
            assert i is not None  # the index of ``last``
            if self.seat_of(i).side is me.side:
                bidder = self.seat_of(i)
                variant = ("" if bidder is me else ".partner") + ("", ".doubled", ".redoubled")[state]
                raise self._illegal(
                    "double_own_side", call, variant, last=last, partner=bidder, allowed=allowed
                )
            if state == 1:
                raise self._illegal("already_doubled", call, last=last, allowed=allowed)
            raise self._illegal("already_redoubled", call, last=last, allowed=allowed)
        # redouble
        if self._can_redouble():
            return call
        if last is None:
            raise self._illegal("nothing_to_redouble", call, allowed=allowed)
        if state == 0:
            raise self._illegal("not_doubled", call, last=last, allowed=allowed)
        if state == 2:
            raise self._illegal("already_redoubled", call, last=last, allowed=allowed)
        raise self._illegal("redouble_own_double", call, last=last, by=by, allowed=allowed)

    def _illegal(self, code: str, call: Call, variant: str = "", **facts: Any) -> IllegalCall:
        """An IllegalCall worded from the catalogue (message id ``illegal_call.<code><variant>``)
        with, besides its message, facts a translated quiz can word itself: ``code`` (one of
        ILLEGAL_CALL_CODES), ``call``, ``last_bid``, ``legal`` (the legal calls) and ``facts``."""
        facts = {"msgid": f"illegal_call.{code}{variant}", "call": call, **facts}
        return IllegalCall(
            word(facts["msgid"], self.lang, facts),
            code=code,
            call=call,
            last_bid=self.last_bid,
            legal=self.legal_calls(),
            facts=facts,
        )

    def _insufficient(self, call: Call, last: Call) -> IllegalCall:
        """'1D is not higher than 1H: bid 1S, 1NT or higher, or 2D' (the lowest 2D names the strain)."""
        assert last.level is not None and last.strain is not None and call.strain is not None  # bids
        if last.rank == len(ALL_BIDS) - 1:
            return self._illegal("insufficient", call, ".top", last=last, allowed=self._allowed())
        # the bids left at the last bid's level, or the next level's lowest if none are left
        above = [ALL_BIDS[r] for r in range(last.rank + 1, last.level * 5)] or [ALL_BIDS[last.rank + 1]]
        options = (above, above[-1].rank != len(ALL_BIDS) - 1)
        level = last.level if call.strain > last.strain else last.level + 1
        if level > 7:
            return self._illegal(
                "insufficient", call, ".no_higher", last=last, options=options, strain=call.strain
            )
        target = Call.bid(level, call.strain)
        if target in above:
            return self._illegal("insufficient", call, last=last, options=options)
        return self._illegal("insufficient", call, ".target", last=last, options=options, target=target)

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
            facts = {"msgid": "illegal_call.nothing_to_take_back"}
            raise IllegalCall(
                word(facts["msgid"], self.lang, facts), code="nothing_to_take_back", facts=facts
            )
        return self._calls.pop()

    def copy(self) -> "Auction":
        other = Auction(self.dealer, lang=self.lang)
        other._calls = list(self._calls)
        return other

    def __copy__(self) -> "Auction":
        return self.copy()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Auction) and self.dealer is other.dealer and self._calls == other._calls

    __hash__ = None  # type: ignore[assignment]  # mutable; typeshed types object.__hash__ as a method

    # ---- display -------------------------------------------------------------------------
    def __repr__(self) -> str:
        text = " ".join(_a(c) for c in self._calls)
        return f"Auction.parse({text!r}, dealer={self.dealer.name!r})"

    def to_text(
        self,
        first: "Seat | str" = Seat.W,
        *,
        lang: str | None = None,
        show_next: bool = True,
        summary: bool = False,
    ) -> str:
        """The auction as a table, one column per seat starting with ``first`` (W or N).

        The dealer's first call sits under the dealer; '?' marks whose turn it is.
        """
        lang = lang or self.lang
        return _render.auction_text(self, _seat(first, lang), lang=lang, show_next=show_next, summary=summary)

    def __str__(self) -> str:
        return self.to_text()

    def to_html(
        self,
        first: "Seat | str" = Seat.W,
        *,
        lang: str | None = None,
        show_next: bool = True,
        summary: bool = True,
    ) -> str:
        """The auction as an HTML table (deterministic: no ids, no scripts)."""
        lang = lang or self.lang
        return _render.auction_html(self, _seat(first, lang), lang=lang, show_next=show_next, summary=summary)

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
    """A seat read by the one rule of ``bridgelab.text.terms.parse_seat``: the language's letters
    first (Czech 'S' is North), English otherwise."""
    return _lang.read_seat(value, lang)


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
