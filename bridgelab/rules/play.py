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

from dataclasses import dataclass
from typing import Iterable, Iterator

from .auction import Auction, _or_list
from ..model.cards import SEATS, SUITS, Card, Rank, Seat, Side, Strain, suit_index
from ..model.contract import Contract
from ..text.terms import read_contract
from ..render import play as _render
from ..model.errors import BridgeError, IllegalCard, ParseError

__all__ = ["Play", "Trick", "trick_winner", "ILLEGAL_CARD_CODES"]

ILLEGAL_CARD_CODES = (
    "revoke",          # not following suit while holding the suit led
    "not_held",        # a card another player holds
    "already_played",  # a card played to an earlier trick
    "out_of_turn",     # play(card, seat=...) for the wrong seat
    "play_over",       # any card after the thirteenth trick
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


@dataclass(frozen=True)
class Trick:
    """Up to four cards played in turn from ``leader``; ``trump`` None for no trump."""

    leader: Seat
    cards: tuple[Card, ...]
    trump: Strain | None = None

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

    def __init__(self, deal, contract, declarer: "Seat | str | None" = None):
        if isinstance(contract, Auction):
            if contract.contract is None:
                why = "was passed out" if contract.passed_out else "is not over yet"
                raise BridgeError(f"the auction {why}: there is no contract to play")
            contract = contract.contract
        c = read_contract(contract)
        if declarer is not None:
            c = Contract(c.level, c.strain, c.doubled, Seat.parse(declarer))
        if c.declarer is None:
            raise ParseError(
                f"a contract to play needs a declarer: write it as '{c.to_ascii()} by S' "
                "or give declarer='S'"
            )
        if isinstance(deal, str):
            from ..model.deal import Deal

            deal = Deal.from_pbn(deal)
        self.deal = deal
        self.contract = c
        self._holdings = [[int(h) for h in deal.holdings[s]] for s in SEATS]
        self._tricks: list[Trick] = []
        self._current: list[Card] = []
        self._leader = c.declarer.lho

    # ---- who and what ---------------------------------------------------------------------
    @property
    def declarer(self) -> Seat:
        return self.contract.declarer

    @property
    def dummy(self) -> Seat:
        return self.contract.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.contract.declarer.lho

    @property
    def trump(self) -> Strain | None:
        """The trump suit, or None in no trump."""
        return None if self.contract.strain is Strain.NT else self.contract.strain

    @property
    def is_over(self) -> bool:
        return len(self._tricks) == 13

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
    def cards_played(self) -> list[tuple[Seat, Card]]:
        out = [pair for t in self._tricks for pair in t]
        if self._current:
            out += list(self.current_trick)
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
        """Raise IllegalCard if ``card`` may not be played now (from ``seat``, if given)."""
        c = Card.parse(card)
        if self.is_over:
            raise self._illegal("play_over", c, f"all 13 tricks have been played: the play is over ({c} is too late)")
        me = self.next_seat
        if seat is not None:
            who = Seat.parse(seat)
            if who is not me:
                extra = f" (declarer {self.declarer.full_name} plays dummy's cards)" if me is self.dummy else ""
                raise self._illegal("out_of_turn", c, f"it is {me.full_name}'s turn, not {who.full_name}'s{extra}")
        if not self._holds(me, c):
            holder = next((s for s in SEATS if self._holds(s, c)), None)
            if holder is None:
                n = next(i for i, t in enumerate(self._tricks + [self.current_trick], 1) if t and c in t.cards)
                why = f"it was played to trick {n}"
            else:
                why = f"{holder.full_name} holds it, and it is {me.full_name}'s turn"
            raise self._illegal("not_held" if holder is not None else "already_played", c,
                                f"{c} is not in {me.full_name}'s hand: {why}")
        if self._current:
            led = self._current[0].suit
            if c.suit != led and self._holdings[me][suit_index(led)]:
                follow = [str(x) for x in self.hand(me) if x.suit == led]
                who = "dummy holds" if me is self.dummy else "you hold"
                raise self._illegal("revoke", c, f"{who} a {led.full_name.removesuffix('s')}: you must follow suit "
                                                 f"(play {_or_list(follow)})")
        return c

    def _illegal(self, code: str, card: Card, message: str) -> IllegalCard:
        """An IllegalCard with ``code`` (one of ILLEGAL_CARD_CODES), ``card``, ``seat`` (whose turn)
        and ``legal`` (the cards that may be played), for quizzes that word the reason themselves."""
        err = IllegalCard(message)
        err.code, err.card, err.seat, err.legal = code, card, self.next_seat, self.legal_cards()
        return err

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
        self._holdings[me][c.suit_index] &= ~c.mask
        self._current.append(c)
        if len(self._current) < 4:
            return None
        trick = Trick(self._leader, tuple(self._current), self.trump)
        self._tricks.append(trick)
        self._current = []
        self._leader = trick.winner
        return trick

    push = play

    def play_all(self, cards: "Iterable[Card | str] | str") -> "Play":
        """Play several cards in turn ('HA H2 H5 HK ...'); stops with IllegalCard at a wrong one."""
        items = cards.split() if isinstance(cards, str) else list(cards)
        for i, card in enumerate(items, 1):
            try:
                self.play(card)
            except IllegalCard as e:
                err = IllegalCard(f"card {i} ({card}): {e}")
                err.__dict__.update(e.__dict__)
                raise err from None
        return self

    def pop(self) -> Card:
        """Take back the last card played."""
        if not self._current:
            if not self._tricks:
                raise IllegalCard("there is no card to take back: no card has been played")
            last = self._tricks.pop()
            self._leader, self._current = last.leader, list(last.cards)
        c = self._current.pop()
        self._holdings[self.next_seat][c.suit_index] |= c.mask
        return c

    def copy(self) -> "Play":
        other = Play.__new__(Play)
        other.deal, other.contract = self.deal, self.contract
        other._holdings = [list(h) for h in self._holdings]
        other._tricks, other._current, other._leader = list(self._tricks), list(self._current), self._leader
        return other

    # ---- counting -------------------------------------------------------------------------
    @property
    def tricks_won(self) -> dict[Side, int]:
        """Completed tricks won by each side."""
        won = {Side.NS: 0, Side.EW: 0}
        for t in self._tricks:
            won[t.winner.side] += 1
        return won

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side so far: the number scoring uses once the play is over."""
        return self.tricks_won[self.declarer.side]

    @property
    def defender_tricks(self) -> int:
        return self.tricks_won[self.declarer.side.other]

    @property
    def result(self) -> int | None:
        """Tricks over (+) or under (-) the contract once all 13 are played; 0 = just made."""
        return self.declarer_tricks - self.contract.tricks_needed if self.is_over else None

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

