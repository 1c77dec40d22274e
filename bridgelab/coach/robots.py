"""The robots that play the hands the learner does not: a beginner and an expert.

The **beginner** plays by named simple rules, the ones taught in a first course: lead the top
of a sequence or the fourth best card of your longest suit, return partner's suit, second hand
low, third hand high, cover an honour with an honour, win as cheaply as you can, ruff when you
cannot follow, discard from your weakest suit, draw trumps, cash your winners, set up your long
suit. ``natural_card`` says which rule chose the card (``RULES`` holds their msgids).

The **expert** plays double-dummy best (``PositionSolver``) and chooses among equally good
cards by the same rules, so that its play looks natural.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.cards import Card, Rank, Seat, Strain
from ..model.errors import BridgeError
from ..rules.play import Play
from .solver import PositionSolver

__all__ = ["Robot", "natural_card", "RULES", "ROBOT_LEVELS"]

ROBOT_LEVELS = ("beginner", "expert")

RULES = {
    "draw_trumps": "draw trumps",
    "cash_winner": "cash a winner",
    "long_suit": "set up your long suit",
    "sequence_lead": "lead the top of a sequence",
    "fourth_best": "lead the fourth best card of your longest suit",
    "short_lead": "lead the top card of a short suit",
    "return_partner": "return partner's suit",
    "second_low": "second hand low",
    "cover_honour": "cover an honour with an honour",
    "third_high": "third hand high",
    "partner_wins": "partner's card wins: play low",
    "cannot_win": "you cannot win this trick: play low",
    "win_cheaply": "win as cheaply as you can",
    "ruff": "ruff when you cannot follow suit",
    "discard": "discard from your weakest suit",
    "only_card": "the only card you may play",
}
"""Rule code -> msgid (domain "coach") of each simple rule the robots and the hint name."""


def _low(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: c.rank)


def _high(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: c.rank)


def _gone(play: Play) -> set[Card]:
    return {c for _, c in play.cards_played}


def _ours(play: Play, seat: Seat) -> set[Card]:
    """The cards ``seat`` sees on its side: its own, and its partner's when one of them is dummy
    (and the opening lead has been made)."""
    mine = set(play.hand(seat))
    partner = seat.partner
    if (partner is play.dummy or seat is play.dummy) and play.cards_played:
        mine |= set(play.hand(partner))
    return mine


def _is_master(card: Card, gone: set[Card], ours: set[Card]) -> bool:
    """Every higher card of the suit is played or on our side."""
    return all(
        Card(card.suit, Rank(r)) in gone or Card(card.suit, Rank(r)) in ours
        for r in range(int(card.rank) + 1, 15)
    )


def _lowest_equal(card: Card, cands: list[Card], gone: set[Card]) -> Card:
    """The cheapest card of ``cands`` equal to ``card`` (touching it, played cards between)."""
    best = card
    for r in range(int(card.rank) - 1, 1, -1):
        c = Card(card.suit, Rank(r))
        if c in gone:
            continue
        if c in cands:
            best = c
            continue
        break
    return best


def _beats(card: Card, winner: Card, trump: Strain | None) -> bool:
    if card.suit == winner.suit:
        return card.rank > winner.rank
    return trump is not None and card.suit == trump


def natural_card(play: Play, allowed: "Iterable[Card] | None" = None) -> tuple[Card, str]:
    """The card the simple rules play next, and the code of the rule (a key of ``RULES``).

    Only cards in ``allowed`` are considered (all legal cards if None, or if none is legal)."""
    legal = play.legal_cards()
    if allowed is not None:
        allowed = set(allowed)
        cands = [c for c in legal if c in allowed] or legal
    else:
        cands = legal
    if len(legal) == 1:
        return legal[0], "only_card"
    seat = play.next_seat
    trick = play.current_trick
    if trick is None:
        return _lead(play, seat, cands)
    return _follow(play, seat, trick, cands)


def _by_suit(cards: list[Card]) -> dict[Strain, list[Card]]:
    out: dict[Strain, list[Card]] = {}
    for c in cards:
        out.setdefault(c.suit, []).append(c)
    return out


def _lead(play: Play, seat: Seat, cands: list[Card]) -> tuple[Card, str]:
    trump = play.trump
    gone = _gone(play)
    ours = _ours(play, seat)
    suits = _by_suit(cands)
    declaring = seat.side is play.declarer.side
    if declaring:
        if trump is not None and trump in suits:
            theirs = [Card(trump, r) for r in Rank if Card(trump, r) not in gone | ours]
            if theirs:
                top = [c for c in suits[trump] if _is_master(c, gone, ours)]
                return (_high(top) if top else _low(suits[trump])), "draw_trumps"
        masters = [c for c in cands if _is_master(c, gone, ours)]
        if masters:
            length = {s: sum(1 for c in ours if c.suit == s) for s in suits}
            suit = max({c.suit for c in masters}, key=lambda s: (length[s], int(s)))
            return _high([c for c in masters if c.suit == suit]), "cash_winner"
        length = {s: sum(1 for c in ours if c.suit == s) for s in suits}
        suit = max(suits, key=lambda s: (length[s], int(s)))
        return _low(suits[suit]), "long_suit"
    # a defender on lead
    if not play.tricks:
        plain = {s: cs for s, cs in suits.items() if s != trump} or suits
        full = _by_suit(play.hand(seat))
        for s, cs in sorted(plain.items(), key=lambda kv: -max(c.rank for c in kv[1])):
            held = sorted(full[s], key=lambda c: -c.rank)
            if (
                len(held) >= 2
                and held[0].rank >= Rank.TEN
                and held[1].rank == held[0].rank - 1
                and held[0] in cs
            ):
                return held[0], "sequence_lead"
        s = max(plain, key=lambda s: (len(full[s]), sum(max(0, c.rank - 10) for c in full[s])))
        held = sorted(full[s], key=lambda c: -c.rank)
        if len(held) >= 4 and held[3] in cands:
            return held[3], "fourth_best"
        # no four-card suit: the top of the weakest short suit (leading away from an honour
        # gives declarer a trick)
        s = min(plain, key=lambda s: (sum(max(0, c.rank - 10) for c in full[s]), -len(full[s])))
        return _high(plain[s]), "short_lead"
    partner_led = [t.lead.suit for t in play.tricks if t.leader is seat.partner]
    for s in partner_led:
        if s in suits:
            cs = suits[s]
            return (_high(cs) if len(cs) <= 2 else _low(cs)), "return_partner"
    masters = [c for c in cands if _is_master(c, gone, ours)]
    if masters:
        return _high(masters), "cash_winner"
    plain = {s: cs for s, cs in suits.items() if s != trump} or suits
    s = max(plain, key=lambda s: (len(plain[s]), int(s)))
    return _low(plain[s]), "long_suit"


def _follow(play: Play, seat: Seat, trick, cands: list[Card]) -> tuple[Card, str]:
    trump = play.trump
    gone = _gone(play)
    ours = _ours(play, seat)
    led = trick.suit_led
    pos = len(trick.cards)
    winner_card = trick.winning_card
    partner_winning = trick.winner is seat.partner
    follow = [c for c in cands if c.suit == led]
    if follow:
        beaters = [c for c in follow if _beats(c, winner_card, trump)]
        if pos == 1:
            if trick.lead.rank >= Rank.JACK and beaters:
                return _low(beaters), "cover_honour"
            return _low(follow), "second_low"
        if partner_winning and (pos == 3 or _is_master(winner_card, gone, ours)):
            return _low(follow), "partner_wins"
        if not beaters:
            return _low(follow), "cannot_win"
        if pos == 2:
            return _lowest_equal(_high(beaters), follow, gone), "third_high"
        return _low(beaters), "win_cheaply"
    # cannot follow suit
    if trump is not None and not partner_winning:
        ruffs = [c for c in cands if c.suit == trump and _beats(c, winner_card, trump)]
        if ruffs:
            return _low(ruffs), "ruff"
    plain = [c for c in cands if c.suit != trump] or cands
    suits = _by_suit(plain)

    def weakness(s: Strain) -> tuple:
        cs = suits[s]
        return (sum(max(0, c.rank - 10) for c in cs), -len(cs))

    s = min(suits, key=weakness)
    return _low(suits[s]), "discard"


class Robot:
    """A player of the other hands: ``level`` "beginner" (the simple rules) or "expert"
    (double-dummy best, the simple rules choosing among equal cards)."""

    def __init__(self, level: str = "expert", solver: PositionSolver | None = None):
        if level not in ROBOT_LEVELS:
            raise BridgeError(f"{level!r} is not a robot level: choose {' or '.join(ROBOT_LEVELS)}")
        self.level = level
        self.solver = solver if solver is not None else PositionSolver()

    def choose(self, play: Play) -> tuple[Card, str]:
        """The robot's next card for the hand to play, and the rule that chose it."""
        if self.level == "beginner":
            return natural_card(play)
        values = self.solver.values(play)
        best = max(values.values())
        return natural_card(play, [c for c, v in values.items() if v == best])

    def __repr__(self) -> str:
        return f"Robot({self.level!r})"
