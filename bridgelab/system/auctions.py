"""Auction-aware deal constraints: "N opens 1NT", "S responds 2C to 1NT", "E overcalls".

The system bids every seat of many deals at once: a batch's hands are judged by the rules'
conditions as numpy masks (``Rule.mask``), seat by seat from the dealer, the deals grouped by
the auction so far. What comes out is a constraint object that the dealer accepts through its
generic hook (a ``where`` that is a function of a DealBatch returning a bool mask); the dealing
layer knows nothing of bidding systems.

    >>> import bridgelab as bl
    >>> c = auction_constraint("N opens 1NT")             # dealer North unless told
    >>> deals = bl.deals(4, seed=1, where=c)              # or where="N opens 1NT" via bl.deals
    >>> [str(advise(d["N"]).call) for d in deals]
    ['1NT', '1NT', '1NT', '1NT']
    >>> c.with_dealer("E")                                # East deals: East must not open first
    AuctionConstraint('N opens 1NT', dealer=E, system='Standard American (beginner)')

Phrases (joined by ";" or " and ", mixed freely with the dealer's own constraints such as
"S: 8+"):
    "dealer E"                       the dealer (default: the first seat a phrase names as opener)
    "N opens" / "N opens 1NT"        nobody opens before North, and North opens (that call)
    "nobody opens before N"          every seat from the dealer up to North passes
    "S responds" / "S responds 2C" / "S responds 2C to 1NT"
                                     North (S's partner) opens (1NT), East passes, South bids (2♣)
    "E overcalls" / "E overcalls 1S" North or South opens, East's next call is a bid (1♠)
    "E doubles"                      North or South opens, East's next call is a double
Calls are read as the auction parser reads them ("1NT", "2C", "2♣").
"""

from __future__ import annotations

import re

import numpy as np

from ..model.cards import Seat
from ..model.contract import DOUBLE, PASS, REDOUBLE, Call  # noqa: F401
from ..model.errors import ConstraintError, ParseError
from ..rules.auction import Auction
from .advice import advise  # noqa: F401  (the docstring's example)
from .engine import BatchFacts, System, auction_view, get_system

__all__ = [
    "AuctionConstraint",
    "auction_constraint",
    "is_auction_phrase",
    "batch_calls",
    "CALLS",
    "NOT_COVERED",
]

CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE) + tuple(
    Call.bid(level, strain) for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")
)
"""Every call, by code: 0 pass, 1 double, 2 redouble, then 1♣ ... 7NT."""
CODE = {c: i for i, c in enumerate(CALLS)}
NOT_COVERED = -1
"""The code ``batch_calls`` gives a hand whose auction the system does not cover."""
_OVER = -2


def batch_calls(
    system: System, holdings: np.ndarray, auction: Auction, covered_only: bool = False
) -> np.ndarray:
    """The system's call for the player to act in ``auction``, for each of the hands ``holdings``
    ((n, 4) suit holdings of that seat): codes into ``CALLS``. Where the system has no rule, the
    code is NOT_COVERED, or PASS (what ``advise`` calls then) unless ``covered_only``.

    It decides as ``advise`` does (rules in order, each suit choice spades first, legal calls
    only), so ``CALLS[batch_calls(...)[i]] == advise(hand_i, auction).call``."""
    n = holdings.shape[0]
    fallback = NOT_COVERED if covered_only else CODE[PASS]
    out = np.full(n, fallback, dtype=np.int16)
    found = system.rules_after(auction_view(auction, auction.next_seat))
    if not found or n == 0:
        return out
    facts = BatchFacts(holdings)
    todo = np.ones(n, dtype=bool)
    for rule, bound in found:
        for bind in rule.bindings(bound):
            call = rule.call(bind)
            if not auction.is_legal(call):
                continue
            hit = todo & rule.mask(facts, bind)
            out[hit] = CODE[call]
            todo &= ~hit
            if not todo.any():
                return out
    return out


def _simulate(system: System, holdings: np.ndarray, dealer: Seat, length: int) -> np.ndarray:
    """The first ``length`` calls of each deal's auction as the system bids all four seats:
    (n, length) codes; -2 after the auction is over."""
    n = holdings.shape[0]
    codes = np.full((n, length), _OVER, dtype=np.int16)
    groups = [(np.arange(n), ())]
    for k in range(length):
        seat = Seat((int(dealer) + k) % 4)
        nxt = []
        for rows, prefix in groups:
            a = Auction(dealer, [CALLS[c] for c in prefix])
            if a.is_over:
                continue
            got = batch_calls(system, holdings[rows, int(seat), :], a)
            codes[rows, k] = got
            for c in np.unique(got):
                nxt.append((rows[got == c], prefix + (int(c),)))
        groups = nxt
    return codes


_SEAT = r"(north|east|south|west|[NESW])"
_CALL = r"(\S+)"
_PHRASES = [
    ("dealer", re.compile(rf"^dealer\s+{_SEAT}$", re.I)),
    ("nobody", re.compile(rf"^nobody\s+opens\s+before\s+{_SEAT}$", re.I)),
    ("opens", re.compile(rf"^{_SEAT}\s+opens(?:\s+{_CALL})?$", re.I)),
    ("responds", re.compile(rf"^{_SEAT}\s+responds(?:\s+{_CALL})?(?:\s+to\s+{_CALL})?$", re.I)),
    ("overcalls", re.compile(rf"^{_SEAT}\s+overcalls(?:\s+{_CALL})?$", re.I)),
    ("doubles", re.compile(rf"^{_SEAT}\s+doubles$", re.I)),
]
_SPLIT = re.compile(r"\s*;\s*|\s+and\s+", re.I)


def _phrase(part: str):
    for kind, rx in _PHRASES:
        m = rx.match(part.strip())
        if m:
            return kind, m
    return None


def is_auction_phrase(where) -> bool:
    """Whether a ``where`` text has a phrase about the auction ("N opens 1NT") in it."""
    return isinstance(where, str) and any(_phrase(p) for p in _SPLIT.split(where.strip()) if p)


def _call(text: str | None, phrase: str) -> Call | None:
    if text is None:
        return None
    try:
        call = Call.parse(text)
    except ParseError:
        raise ConstraintError(f"{text!r} in {phrase!r} is not a call: write 1NT, 2C, 1S ...") from None
    return call


class AuctionConstraint:
    """Deals whose auction, bid by ``system`` from ``dealer``, goes as the phrases say.

    Called with a DealBatch it returns the bool mask the dealer wants; ``with_dealer(seat)`` is
    the same constraint with another dealer (a lesson's boards each have their own)."""

    def __init__(self, text: str, system: "System | str | None" = None, dealer: "Seat | str | None" = None):
        self.text = text
        self.__name__ = text
        self.system = get_system(system)
        self.steps: list[tuple] = []  # (kind, seat, call, to_call)
        self.others: list = []  # the dealer's own constraints
        named_dealer = None
        for part in (p for p in _SPLIT.split(text.strip()) if p):
            found = _phrase(part)
            if found is None:
                from ..dealing.constraints import parse_constraint

                self.others.append(parse_constraint(part))
                continue
            kind, m = found
            seat = Seat.parse(m.group(1))
            if kind == "dealer":
                named_dealer = seat
                continue
            call = _call(m.group(2), part) if kind in ("opens", "responds", "overcalls") else None
            to = _call(m.group(3), part) if kind == "responds" else None
            self.steps.append((kind, seat, call, to))
        if not self.steps:
            raise ConstraintError(
                f"{text!r} says nothing about the auction: write 'N opens 1NT', "
                "'S responds 2C to 1NT', 'E overcalls' or 'nobody opens before N'"
            )
        first = self.steps[0]
        opener = (
            first[1]
            if first[0] in ("opens", "nobody")
            else (first[1].partner if first[0] == "responds" else Seat((int(first[1]) - 1) % 4))
        )
        self.about_seat = first[1]
        """The seat the lesson is about (a lesson turns this hand to the seat asked for)."""
        self.dealer = Seat.parse(dealer) if dealer is not None else (named_dealer or opener)

    def with_dealer(self, dealer: "Seat | str") -> "AuctionConstraint":
        """The same phrases with ``dealer`` dealing."""
        out = object.__new__(AuctionConstraint)
        out.__dict__.update(self.__dict__)
        out.dealer = Seat.parse(dealer)
        return out

    def __repr__(self) -> str:
        return f"AuctionConstraint({self.text!r}, dealer={self.dealer.name}, system={self.system.name!r})"

    def __call__(self, batch) -> np.ndarray:
        holdings = batch.holdings
        n = holdings.shape[0]
        mask = np.ones(n, dtype=bool)
        for c in self.others:
            mask &= np.asarray(c(batch), dtype=bool)
        if not mask.any():
            return mask
        rows = np.flatnonzero(mask)
        codes = np.full((len(rows), 8), _OVER, dtype=np.int16)
        codes[:, : self._length()] = _simulate(self.system, holdings[rows], self.dealer, self._length())
        ok = np.ones(len(rows), dtype=bool)
        for step in self.steps:
            ok &= self._step(codes, *step)
        mask[rows[~ok]] = False
        return mask

    mask = __call__

    def _length(self) -> int:
        """How many calls from the dealer the phrases look at (fewer calls: faster dealing)."""
        need = 1
        for kind, seat, _call, _to in self.steps:
            p = self._pos(seat)
            if kind in ("opens", "nobody"):
                need = max(need, p + 1)
            elif kind == "responds":
                need = max(need, self._pos(seat.partner) + 3)
            else:
                need = 8
        return min(need, 8)

    # ---- the phrases, on the simulated calls (n, 8) --------------------------------------------
    def _pos(self, seat: Seat) -> int:
        return (int(seat) - int(self.dealer)) % 4

    def _first_bid(self, codes: np.ndarray) -> np.ndarray:
        """Position of the opening bid in each auction (8 when there is none in two rounds)."""
        bid = codes >= CODE[Call.bid(1, "C")]
        return np.where(bid.any(axis=1), bid.argmax(axis=1), 8)

    def _step(self, codes, kind, seat, call, to) -> np.ndarray:
        first = self._first_bid(codes)
        p = self._pos(seat)
        if kind == "nobody":
            return first >= p
        if kind == "opens":
            ok = first == p
            return ok & (codes[:, p] == CODE[call]) if call is not None else ok
        if kind == "responds":
            q = self._pos(seat.partner)  # partner opened, the next hand passed, we bid
            r = q + 2
            ok = (
                (first == q) & (codes[:, q + 1] == CODE[PASS]) & (codes[:, r] >= CODE[Call.bid(1, "C")])
                if r < 8
                else np.zeros(len(codes), dtype=bool)
            )
            if to is not None:
                ok &= codes[:, q] == CODE[to]
            if call is not None:
                ok &= codes[:, r] == CODE[call]
            return ok
        # overcalls / doubles: the other side opened; this seat's next call after the opening
        opener_side = np.array([Seat((int(self.dealer) + k) % 4).side is not seat.side for k in range(8)])
        fb = np.minimum(first, 7)
        ok = (first < 8) & opener_side[fb]
        nxt = fb + ((p - fb) % 4)
        nxt = np.where(nxt == fb, nxt + 4, nxt)
        inside = nxt < 8
        got = np.where(inside, codes[np.arange(len(codes)), np.minimum(nxt, 7)], _OVER)
        if kind == "doubles":
            return ok & inside & (got == CODE[DOUBLE])
        ok &= inside & (got >= CODE[Call.bid(1, "C")])
        return ok & (got == CODE[call]) if call is not None else ok


def auction_constraint(
    text: str, system: "System | str | None" = None, dealer: "Seat | str | None" = None
) -> AuctionConstraint:
    """The constraint a phrase like "N opens 1NT" describes (see the module's docstring)."""
    return AuctionConstraint(text, system, dealer)


def auction_where(where, system: "System | str | None" = None):
    """``where`` itself, or its AuctionConstraint when it is a text with an auction phrase."""
    return AuctionConstraint(where, system) if is_auction_phrase(where) else where
