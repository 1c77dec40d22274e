"""Playing a deal under a contract, trick by trick, by the laws (Laws 44, 57-61 of 2017).

>>> from bridgelab import Deal
>>> d = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
>>> p = Play(d, "3NT by N")
>>> p.next_seat                    # the opening lead comes from declarer's left
Seat.E
>>> _ = p.play("HA"); _ = p.play("H2"); _ = p.play("H5")
>>> p.check("SA")                  # North holds hearts
Traceback (most recent call last):
...
bridgelab.model.errors.IllegalCard: you hold a heart: you must follow suit (play ♥K, ♥J or ♥4)

The rules: the defender on declarer's left leads to the first trick; play goes clockwise; each
player must follow suit if able, and may play any card if not (trumping is never compulsory);
the highest trump wins the trick, or if there is none the highest card of the suit led; the
winner leads to the next trick. Declarer plays dummy's cards as well as his own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ..model.cards import SEATS, SUITS, Card, Rank, Seat, Side, Strain, suit_index
from ..model.contract import Contract
from ..model.errors import BridgeError, IllegalCard, ParseError
from ..render import play as _render
from ..text.terms import read_contract
from .auction import Auction
from .rulings import word
from .scoring import Rules, ScoreBreakdown, score_breakdown

if TYPE_CHECKING:
    from ..model.deal import Deal


class _HasHoldings(Protocol):
    """A Deal, or anything with ``holdings`` as four hands of four suit holdings."""

    @property
    def holdings(self) -> np.ndarray: ...


__all__ = ["Play", "Trick", "Claim", "trick_winner", "honours_held", "ILLEGAL_CARD_CODES"]

ILLEGAL_CARD_CODES = (
    "revoke",  # not following suit while holding the suit led
    "not_held",  # a card another player holds
    "already_played",  # a card played to an earlier trick
    "out_of_turn",  # play(card, seat=...) for the wrong seat
    "play_over",  # any card after the thirteenth trick
    "nothing_to_take_back",  # pop() before any card
    "claimed",  # any card while a claim stands (Law 68D: play ceases)
)


def trick_winner(cards: "Iterable[Card | str]", trump: "Strain | str | None" = None) -> int:
    """Position (0 = the lead) of the card that wins: the highest trump, else the highest of the suit led.

    ``trump`` is a suit, or None (or NT) for a no-trump contract.
    """
    cs = [Card.parse(c) for c in cards]
    if not cs:
        raise IllegalCard("a trick needs at least one card to have a winner")
    t = None if trump is None else Strain.parse(trump)
    if t is Strain.NT:
        t = None
    best = 0
    for i, c in enumerate(cs[1:], 1):
        b = cs[best]
        if c.suit == b.suit:
            if c.rank > b.rank:
                best = i
        elif c.suit == t:  # the first trump beats any card of another suit
            best = i
    return best


def honours_held(deal: _HasHoldings, strain: "Strain | str") -> "tuple[str, Seat] | None":
    """The honours of a deal for rubber and Chicago scoring: ("five" | "four" | "aces", the seat).

    In a suit contract a hand holding all five trump honours (A K Q J 10) scores 150, four of
    them 100; at no trump a hand holding all four aces scores 150 (rubber bridge laws). At
    most one hand can hold them; None when no hand does. ``deal`` is a Deal (or anything with
    ``holdings``, as four hands of four suit holdings).
    """
    s = Strain.parse(strain)
    for seat in SEATS:
        hs = deal.holdings[seat]
        if s is Strain.NT:
            if all(int(h) >> 12 & 1 for h in hs):
                return "aces", seat
            continue
        count = bin(int(hs[suit_index(s)]) >> 8 & 0b11111).count("1")  # A K Q J T: bits 12 to 8
        if count >= 4:
            return ("five" if count == 5 else "four"), seat
    return None


@dataclass(frozen=True)
class Claim:
    """A claim (Law 68A) or concession (Law 68B) of the tricks still to play.

    ``seat`` claims that its side will win ``tricks`` of the ``remaining`` tricks (0 concedes
    them all), with the ``statement`` of how (Law 68C: a claim should be accompanied by a clear
    statement of the line of play). ``certain`` is True when the rules alone show the claim
    cannot fail (the claimer is on lead and every card of his hand is a master, with the
    opponents' trumps drawn first: see ``Play.claim``), None when only the cards' play (or a
    double-dummy solver, or the players' agreement) can tell: the caller decides, with
    ``Play.accept_claim`` or ``Play.play_on``.
    """

    seat: Seat
    tricks: int
    remaining: int
    statement: str = ""
    certain: bool | None = None

    @property
    def side(self) -> Side:
        return self.seat.side

    def __str__(self) -> str:
        how = f": {self.statement}" if self.statement else ""
        left = f"{self.tricks} of the {self.remaining} tricks left"
        return f"{self.seat.full_name} claims {left}{how}"


@dataclass(frozen=True)
class Trick:
    """Up to four cards played in turn from ``leader``; ``trump`` None for no trump.

    Like the model's constructors it takes what the parsers read: ``Trick("W", ["DT", "D3"], "S")``.
    """

    leader: Seat
    cards: tuple[Card, ...]
    trump: Strain | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "leader", Seat.parse(self.leader))
        if isinstance(self.cards, str):
            raise ParseError(f"a trick's cards are a list of cards, not the text {self.cards!r}")
        cards = tuple(Card.parse(c) for c in self.cards)
        if len(cards) > 4 or len(set(cards)) < len(cards):
            raise ParseError(f"a trick is up to four different cards, not {[str(c) for c in cards]}")
        object.__setattr__(self, "cards", cards)
        trump = None if self.trump is None else Strain.parse(self.trump)
        object.__setattr__(self, "trump", None if trump is Strain.NT else trump)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who played each card, in order."""
        return self.leader.clockwise()[: len(self.cards)]

    def __iter__(self) -> Iterator[tuple[Seat, Card]]:
        return iter(zip(self.seats, self.cards))

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def lead(self) -> Card | None:
        return self.cards[0] if self.cards else None

    @property
    def suit_led(self) -> Strain | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def winner(self) -> Seat | None:
        """The seat winning the trick (so far, if it is not complete)."""
        if not self.cards:
            return None
        return self.seats[trick_winner(self.cards, self.trump)]

    @property
    def winning_card(self) -> Card | None:
        return self.cards[trick_winner(self.cards, self.trump)] if self.cards else None

    def card_of(self, seat: "Seat | str") -> Card | None:
        s = Seat.parse(seat)
        return dict(zip(self.seats, self.cards)).get(s)

    def __str__(self) -> str:
        return _render.trick_text(self)


class Play:
    """The play of one deal: ``play(card)`` checks a card and plays it; ``check`` explains refusals.

    ``deal`` is a Deal (or its PBN text); ``contract`` is a Contract with its declarer (or text such as '4S by S', or an Auction that
    has ended); ``declarer`` may be given separately. Declarer plays dummy's cards: ``next_seat``
    is the hand the next card comes from, ``next_player`` the person who chooses it.
    """

    def __init__(
        self, deal: "Deal | str", contract: "Contract | Auction | str", declarer: "Seat | str | None" = None
    ):
        if isinstance(contract, Auction):
            if not contract.contract:
                why = "was passed out" if contract.passed_out else "is not over yet"
                raise BridgeError(f"the auction {why}: there is no contract to play")
            final = contract.contract
            assert isinstance(final, Contract)  # the auction is over and not passed out
            contract = final
        c = read_contract(contract)
        if declarer is not None:
            c = Contract(c.level, c.strain, c.doubled, Seat.parse(declarer))
        if c.declarer is None:
            raise ParseError(
                f"a contract to play needs a declarer: write it as '{c.to_ascii()} by S' or give declarer='S'"
            )
        if isinstance(deal, str):
            from ..model.deal import Deal

            deal = Deal.from_pbn(deal)
        self.deal = deal
        self.contract = c
        self._holdings = [[int(h) for h in deal.holdings[s]] for s in SEATS]
        self._tricks: list[Trick] = []
        self._current: list[Card] = []
        self._leader: Seat = c.declarer.lho
        self._claim: Claim | None = None
        self._claim_accepted = False

    # ---- who and what ---------------------------------------------------------------------
    @property
    def declarer(self) -> Seat:
        d = self.contract.declarer
        assert d is not None  # __init__ refuses a contract without one
        return d

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    @property
    def trump(self) -> Strain | None:
        """The trump suit, or None in no trump."""
        return None if self.contract.strain is Strain.NT else self.contract.strain

    @property
    def is_over(self) -> bool:
        """All 13 tricks are played, or a claim was accepted (Law 69)."""
        return len(self._tricks) == 13 or self._claim_accepted

    @property
    def next_seat(self) -> Seat | None:
        """The hand the next card is played from (None when all 13 tricks are played)."""
        if self.is_over:
            return None
        return Seat((self._leader + len(self._current)) % 4)

    @property
    def next_player(self) -> Seat | None:
        """Who chooses the next card: declarer when it comes from dummy."""
        s = self.next_seat
        return self.declarer if s is self.dummy else s

    @property
    def leader(self) -> Seat | None:
        """Who leads (led) to the current trick."""
        return None if self.is_over else self._leader

    def hand(self, seat: "Seat | str") -> list[Card]:
        """The cards ``seat`` still holds, spades first, high cards first."""
        hs = self._holdings[Seat.parse(seat)]
        return [Card(SUITS[i], Rank(b + 2)) for i in range(4) for b in range(12, -1, -1) if hs[i] >> b & 1]

    def _holds(self, seat: Seat, card: Card) -> bool:
        return bool(self._holdings[seat][card.suit_index] & card.mask)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (None between tricks)."""
        if not self._current:
            return None
        return Trick(self._leader, tuple(self._current), self.trump)

    @property
    def position(self) -> tuple[tuple[tuple[int, ...], ...], Seat, tuple[Card, ...]]:
        """The position as a double-dummy solver reads it, built cheaply (no Trick objects): the
        holdings still held [seat N E S W][suit S H D C] (the current trick's cards out of
        them), the seat that led to the current trick and the cards played to it so far."""
        return tuple(map(tuple, self._holdings)), self._leader, tuple(self._current)

    @property
    def cards_played(self) -> list[tuple[Seat, Card]]:
        out = [pair for t in self._tricks for pair in t]
        if self._current:
            trick = self.current_trick
            assert trick is not None  # cards are on the table
            out += list(trick)
        return out

    # ---- the rules ------------------------------------------------------------------------
    def legal_cards(self) -> list[Card]:
        """The cards the next hand may play: its cards of the suit led if it has any, else all."""
        seat = self.next_seat
        if seat is None:
            return []
        cards = self.hand(seat)
        if self._current:
            led = self._current[0].suit
            follow = [c for c in cards if c.suit == led]
            if follow:
                return follow
        return cards

    def check(self, card: "Card | str", seat: "Seat | str | None" = None) -> Card:
        """Raise IllegalCard if ``card`` may not be played now (from ``seat``, if given).

        The message says why and what may be played (worded in the catalogue by its code)."""
        c = Card.parse(card)
        if self.is_over:
            raise self._illegal("play_over", c)
        if self._claim is not None:
            raise self._illegal(
                "claimed",
                c,
                claimer=self._claim.seat,
                tricks=self._claim.tricks,
                remaining=self._claim.remaining,
            )
        me = self.next_seat
        assert me is not None  # the play is not over
        if seat is not None:
            who = Seat.parse(seat)
            if who is not me:
                if me is self.dummy:
                    raise self._illegal("out_of_turn", c, ".dummy", turn=me, seat=who, declarer=self.declarer)
                raise self._illegal("out_of_turn", c, turn=me, seat=who)
        if not self._holds(me, c):
            holder = next((s for s in SEATS if self._holds(s, c)), None)
            if holder is None:
                n = next(
                    i for i, t in enumerate(self._tricks + [self.current_trick], 1) if t and c in t.cards
                )
                raise self._illegal("already_played", c, turn=me, trick=n)
            raise self._illegal("not_held", c, turn=me, holder=holder)
        if self._current:
            led = self._current[0].suit
            if c.suit != led and self._holdings[me][suit_index(led)]:
                follow = [x for x in self.hand(me) if x.suit == led]
                raise self._illegal("revoke", c, ".dummy" if me is self.dummy else "", suit=led, cards=follow)
        return c

    def _illegal(self, code: str, card: Card, variant: str = "", **facts: Any) -> IllegalCard:
        """An IllegalCard worded from the catalogue (``illegal_card.<code><variant>``) with ``code``
        (one of ILLEGAL_CARD_CODES), ``card``, ``seat`` (whose turn), ``legal`` (the cards that may
        be played) and ``facts``, for quizzes that word the reason in another language."""
        facts = {"msgid": f"illegal_card.{code}{variant}", "card": card, **facts}
        return IllegalCard(
            word(facts["msgid"], None, facts),
            code=code,
            card=card,
            seat=self.next_seat,
            legal=self.legal_cards(),
            facts=facts,
        )

    def is_legal(self, card: "Card | str") -> bool:
        try:
            self.check(card)
        except IllegalCard:
            return False
        return True

    # ---- playing --------------------------------------------------------------------------
    def play(self, card: "Card | str", seat: "Seat | str | None" = None) -> Trick | None:
        """Check ``card`` and play it; returns the trick when this card completes one."""
        c = self.check(card, seat)
        me = self.next_seat
        assert me is not None  # check() refuses a card once the play is over
        self._holdings[me][c.suit_index] &= ~c.mask
        self._current.append(c)
        if len(self._current) < 4:
            return None
        trick = Trick(self._leader, tuple(self._current), self.trump)
        self._tricks.append(trick)
        self._current = []
        winner = trick.winner
        assert winner is not None  # four cards
        self._leader = winner
        return trick

    push = play

    def play_all(self, cards: "Iterable[Card | str] | str") -> "Play":
        """Play several cards in turn ('HA H2 H5 HK ...'); stops with IllegalCard at a wrong one."""
        items = cards.split() if isinstance(cards, str) else list(cards)
        for i, card in enumerate(items, 1):
            try:
                self.play(card)
            except IllegalCard as e:
                facts = {"n": i, "card": card, "reason": e.facts}
                raise e.with_message(word("illegal_card.at", None, facts)) from None
        return self

    def pop(self) -> Card:
        """Take back the last card played (and any claim made after it)."""
        self._claim, self._claim_accepted = None, False
        if not self._current:
            if not self._tricks:
                facts = {"msgid": "illegal_card.nothing_to_take_back"}
                raise IllegalCard(word(facts["msgid"], None, facts), code="nothing_to_take_back", facts=facts)
            last = self._tricks.pop()
            self._leader, self._current = last.leader, list(last.cards)
        c = self._current.pop()
        me = self.next_seat
        assert me is not None  # a trick is being played again
        self._holdings[me][c.suit_index] |= c.mask
        return c

    def copy(self) -> "Play":
        other = Play.__new__(Play)
        other.deal, other.contract = self.deal, self.contract
        other._holdings = [list(h) for h in self._holdings]
        other._tricks, other._current, other._leader = list(self._tricks), list(self._current), self._leader
        other._claim, other._claim_accepted = self._claim, self._claim_accepted
        return other

    # ---- counting -------------------------------------------------------------------------
    @property
    def tricks_won(self) -> dict[Side, int]:
        """Tricks won by each side: the completed tricks, and those of an accepted claim."""
        won = {Side.NS: 0, Side.EW: 0}
        for t in self._tricks:
            winner = t.winner
            assert winner is not None  # a completed trick
            won[winner.side] += 1
        c = self._claim
        if self._claim_accepted and c is not None:
            won[c.side] += c.tricks
            won[c.side.other] += c.remaining - c.tricks
        return won

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side so far: the number scoring uses once the play is over."""
        return self.tricks_won[self.declarer.side]

    @property
    def defender_tricks(self) -> int:
        return self.tricks_won[self.declarer.side.other]

    # ---- claims (Laws 68-70) ---------------------------------------------------------------
    @property
    def claim_made(self) -> Claim | None:
        """The claim standing (or accepted), if any."""
        return self._claim

    def claim(
        self, tricks: int | None = None, seat: "Seat | str | None" = None, statement: str = ""
    ) -> Claim:
        """``seat`` (default declarer) claims ``tricks`` (default all) of the tricks left.

        Play stops (Law 68D) until the claim is accepted (``accept_claim``: the tricks count as
        claimed, Law 69) or the players agree to play on (``play_on``). The rules layer has no
        double-dummy solver, so it does not judge a claim (Law 70 leaves that to the director);
        it marks ``certain`` the claims that cannot fail whatever is played: the claimer on
        lead, every card he holds higher than every card of its suit in the other three hands,
        and in a suit contract at least as many trumps as either opponent (drawn first; a
        defender's partner holding no trump to ruff with); and concessions (0 tricks). Claims
        are made at the start of a trick.
        """
        if self.is_over:
            raise BridgeError("the play is over: there are no tricks left to claim")
        if self._current:
            raise BridgeError(
                f"finish trick {len(self._tricks) + 1} first: a claim here covers "
                f"whole tricks, and {len(self._current)} card(s) of this one are "
                "played"
            )
        if self._claim is not None:
            raise BridgeError(f"a claim stands already ({self._claim}): accept it or play on first")
        who = self.declarer if seat is None else Seat.parse(seat)
        remaining = 13 - len(self._tricks)
        n = remaining if tricks is None else tricks
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= remaining:
            raise ParseError(
                f"a claim is a number of the {remaining} tricks left (0 concedes them all), not {tricks!r}"
            )
        certain = True if n == 0 else (self._certain(who) and n == remaining) or None
        self._claim = Claim(who, n, remaining, str(statement), certain)
        return self._claim

    def _certain(self, who: Seat) -> bool:
        """The claimer is on lead and cannot lose a trick (see ``claim``)."""
        if who is not self._leader:
            return False
        mine = self._holdings[who]
        others = [self._holdings[s] for s in SEATS if s is not who]
        for i in range(4):
            if mine[i]:
                low = mine[i] & -mine[i]  # the lowest card held in this suit
                if any(o[i] >= low for o in others):  # another hand has a higher card in it
                    return False
        t = self.trump
        if t is not None:
            ti = suit_index(t)
            their = max(bin(self._holdings[s][ti]).count("1") for s in SEATS if s.side is not who.side)
            if their > bin(mine[ti]).count("1"):
                return False
            # a defender's partner could ruff a master and take the lead (declarer chooses dummy's
            # cards himself): only if that partner has no trump, or the claimer holds only trumps
            if (
                who is not self.declarer
                and self._holdings[who.partner][ti]
                and any(mine[i] for i in range(4) if i != ti)
            ):
                return False
        return True

    def accept_claim(self) -> "Play":
        """The claim is agreed (Law 69): play ends, the claimed tricks count as won."""
        if self._claim is None:
            raise BridgeError("there is no claim to accept: make one with claim()")
        self._claim_accepted = True
        return self

    def play_on(self) -> "Play":
        """The claim is withdrawn and play continues (all four players agree, Law 68D2)."""
        if self._claim is None or self._claim_accepted:
            raise BridgeError("there is no claim standing to play on from")
        self._claim = None
        return self

    @property
    def result(self) -> int | None:
        """Tricks over (+) or under (-) the contract once the play is over; 0 = just made."""
        return self.declarer_tricks - self.contract.tricks_needed if self.is_over else None

    @property
    def honours(self) -> "tuple[str, Seat] | None":
        """The honours held in the deal for this contract's strain (``honours_held``)."""
        return honours_held(self.deal, self.contract.strain)

    def score(self, vulnerable: bool, *, rules: "Rules | str" = "current") -> int:
        """The duplicate score of the finished play for the declaring side (Law 77)."""
        return self.score_breakdown(vulnerable, rules=rules).total

    def score_breakdown(self, vulnerable: bool, *, rules: "Rules | str" = "current") -> ScoreBreakdown:
        """The duplicate score of the finished play, part by part."""
        if not self.is_over:
            raise BridgeError(
                f"the play is not over ({len(self._tricks)} tricks played): finish "
                "it or accept a claim before scoring"
            )
        return score_breakdown(self.contract, self.declarer_tricks, vulnerable, rules=rules)

    def summary(self) -> str:
        """One line: the contract, the tricks so far and who plays next, or the result."""
        return _render.play_summary(self)

    # ---- display --------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<Play {self.contract.to_ascii()} by {self.declarer.name}: {len(self._tricks)} tricks>"

    def __str__(self) -> str:
        return _render.play_text(self)

    def _repr_html_(self) -> str:
        return _render.play_html(self)
