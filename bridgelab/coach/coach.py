"""The double-dummy coach: what each card of the learner cost, why, a plan and a hint.

Every judgement comes from one double-dummy solve of the position before the card (cached by
``PositionSolver``): the best card keeps ``before`` tricks for the learner's side, the card
played keeps ``after``; ``cost = before - after``. The reasons in words are patterns recognised
on top of that number (a blocked suit, a winner cashed too early, a finesse into the wrong hand,
trumps not drawn, a trump ruffed away, second hand high, third hand low); when no pattern fits,
the coach names the cards that would not have cost a trick.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.cards import SUITS, Card, Rank, Seat, Side, Strain
from ..rules.play import Play
from ..text.terms import bid_text
from .robots import RULES, natural_card
from .solver import PositionSolver
from .words import card_text, cards_text, nt, seat_text, suit_text, t

__all__ = ["CardReport", "Hint", "Plan", "SuitCount", "analyse_card", "hint", "plan", "REASONS", "IDEAS"]

REASONS = {
    "blocked": "You blocked the {suit}: play the high card from the short hand first, so that the "
    "long hand can win the last tricks of the suit.",
    "cashed_winner": "You cashed {card}, a winner the defence could not take from you: it would still "
    "be there later. First set up the tricks you still need.",
    "wrong_finesse": "You finessed into the wrong hand: {honour} is with {seat}, so {card} loses to it.",
    "missed_finesse": "You could have finessed: {honour} is with {seat}, who has already played, "
    "so {card} would have won the trick.",
    "trumps_not_drawn": "You did not draw trumps first, and {seat} can ruff this {suit}.",
    "ruffed_trump": "You ruffed with a trump you needed: keep your trumps and discard a loser instead.",
    "second_hand_high": "Second hand low: {card} gives declarer a trick; keep your high card to beat "
    "a high card later.",
    "third_hand_low": "Third hand high: play a high card to win the trick or to force out "
    "declarer's high card.",
}
"""Reason code -> msgid (domain "coach") of each pattern the coach explains in words."""

IDEAS = {
    "draw_trumps": "draw trumps, so that the defenders cannot ruff your winners",
    "finesse": "take the finesse: lead towards the high card you hope will win, and play it only "
    "after the opponent in front of it has played",
    "long_suit": "set up your long suit: its small cards become winners once the defenders' cards are gone",
    "promotion": "promote your honours: drive out the defenders' higher card, and the rest are winners",
    "ruff_dummy": "ruff a loser in dummy, where a trump is an extra trick",
    "hold_up": "hold up: let the defenders win this trick, so that one of them runs out of the suit",
    "cash_winner": "cash a winner",
    "any_card": "every card you may play here does as well as any other",
}
"""Idea code -> msgid (domain "coach") of each hint's idea; the robots' RULES name the others."""


@dataclass(frozen=True)
class CardReport:
    """What the coach says about one card of the learner: ``before`` and ``after`` are the tricks
    the learner's side ends with (won and still to win by double dummy) with the best card and
    with this one; ``better`` the cards that would have kept ``before``; ``reason`` a key of
    ``REASONS`` (or None) with its ``args``."""

    trick: int
    seat: Seat
    card: Card
    before: int
    after: int
    better: tuple[Card, ...]
    reason: str | None = None
    args: dict = field(default_factory=dict, hash=False, compare=False)

    @property
    def cost(self) -> int:
        return self.before - self.after

    def messages(self, lang: str = "en") -> list[str]:
        """The coach's words about this card, in ``lang``."""
        out = [
            nt(
                "Before {card} your side could take {before} trick; after it, {after}.",
                "Before {card} your side could take {before} tricks; after it, {after}.",
                self.before,
                lang,
                card=card_text(self.card),
                before=self.before,
                after=self.after,
            )
        ]
        if self.cost == 0:
            return out
        out.append(
            nt(
                "{card} cost a trick: {better} would have kept {before}.",
                "{card} cost {n} tricks: {better} would have kept {before}.",
                self.cost,
                lang,
                card=card_text(self.card),
                better=cards_text(self.better, lang),
                before=self.before,
            )
        )
        if self.reason:
            out.append(t(REASONS[self.reason], lang, **_localise(self.args, lang)))
        return out


def _localise(args: dict, lang: str) -> dict:
    out = {}
    for k, v in args.items():
        if isinstance(v, Card):
            out[k] = card_text(v)
        elif isinstance(v, Seat):
            out[k] = seat_text(v, lang)
        elif isinstance(v, Strain):
            out[k] = suit_text(v, lang)
        else:
            out[k] = v
    return out


def _unplayed_elsewhere(play: Play, seat: Seat) -> dict[Seat, set[Card]]:
    return {s: set(play.hand(s)) for s in Seat if s.side is not seat.side}


def _reason(play: Play, card: Card, better: list[Card], learner_side: Side) -> tuple[str | None, dict]:
    """The pattern that explains why ``card`` (about to be played in ``play``) costs a trick."""
    seat = play.next_seat
    trick = play.current_trick
    pos = len(trick.cards) if trick else 0
    trump = play.trump
    hand = play.hand(seat)
    partner_hand = play.hand(seat.partner)
    declaring = learner_side is play.declarer.side
    opponents = _unplayed_elsewhere(play, seat)
    same_suit_better = [b for b in better if b.suit == card.suit]
    # a trump spent ruffing when a discard was better
    if (
        trump is not None
        and trick is not None
        and card.suit == trump
        and trick.suit_led != trump
        and any(b.suit != trump for b in better)
    ):
        return "ruffed_trump", {}
    # a side suit led while a defender can ruff it, when drawing trumps was better
    if (
        declaring
        and trump is not None
        and trick is None
        and card.suit != trump
        and any(b.suit == trump for b in better)
    ):
        for s, cards in opponents.items():
            if any(c.suit == trump for c in cards) and not any(c.suit == card.suit for c in cards):
                return "trumps_not_drawn", {"seat": s, "suit": card.suit}
    # blocking: a low card kept a high one in the short hand
    if declaring and any(b.rank > card.rank for b in same_suit_better):
        mine = sum(1 for c in hand if c.suit == card.suit) - 1
        theirs = sum(1 for c in partner_hand if c.suit == card.suit)
        if trick is not None and trick.leader.side is learner_side and mine < theirs:
            return "blocked", {"suit": card.suit}
    # a finesse that loses to the card behind, or a finesse not taken
    if declaring and trick is not None and card.suit == trick.suit_led and pos in (1, 2):
        ours = [c.rank for c in hand + partner_hand if c.suit == card.suit and c.rank > card.rank]
        if ours and any(b.rank > card.rank for b in same_suit_better):
            for s in seat.clockwise()[1 : 4 - pos]:
                between = [
                    c for c in opponents.get(s, ()) if c.suit == card.suit and card.rank < c.rank < max(ours)
                ]
                if between:
                    return "wrong_finesse", {
                        "honour": max(between, key=lambda c: c.rank),
                        "seat": s,
                        "card": card,
                    }
        lower = [b for b in same_suit_better if b.rank < card.rank and b in hand]
        if lower:
            for s in trick.seats:
                if s.side is learner_side:
                    continue
                missing = [
                    x for x in opponents[s] if x.suit == card.suit and lower[0].rank < x.rank < card.rank
                ]
                if missing:
                    return "missed_finesse", {
                        "honour": max(missing, key=lambda x: x.rank),
                        "seat": s,
                        "card": lower[0],
                    }
    # a winner cashed when something else had to come first
    if declaring and trick is None:
        gone = {c for _, c in play.cards_played}
        ours = set(hand) | set(partner_hand)
        if all(Card(card.suit, Rank(r)) in gone | ours for r in range(int(card.rank) + 1, 15)):
            return "cashed_winner", {"card": card}
    if not declaring and trick is not None and card.suit == trick.suit_led:
        if pos == 1 and any(b.rank < card.rank for b in same_suit_better):
            return "second_hand_high", {"card": card}
        if pos == 2 and trick.leader is seat.partner and any(b.rank > card.rank for b in same_suit_better):
            return "third_hand_low", {}
    return None, {}


def analyse_card(
    play: Play, card: Card, solver: PositionSolver, learner_side: Side, trick_number: int | None = None
) -> CardReport:
    """The coach's report on ``card``, to be played next in ``play`` by the learner's side."""
    raw = solver.raw(play)
    best = max(raw.values())
    won = solver.won(play, learner_side)
    mine = raw[(card.suit_index, int(card.rank))]
    seat = play.next_seat
    number = trick_number or len(play.tricks) + 1
    if mine == best:
        return CardReport(number, seat, card, won + best, won + mine, ())
    better = sorted(
        (Card(SUITS[s], Rank(r)) for (s, r), v in raw.items() if v == best), key=lambda c: (-c.suit, -c.rank)
    )
    reason, args = _reason(play, card, better, learner_side)
    return CardReport(number, seat, card, won + best, won + mine, tuple(better), reason, args)


# ---- hints --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """The best card for the learner now, and the idea behind it (a key of ``IDEAS`` or RULES)."""

    card: Card
    idea: str
    tricks: int

    def message(self, lang: str = "en") -> str:
        idea = IDEAS.get(self.idea) or RULES.get(self.idea, self.idea)
        return nt(
            "Play {card}: {idea}. With it your side can take {tricks} trick.",
            "Play {card}: {idea}. With it your side can take {tricks} tricks.",
            self.tricks,
            lang,
            card=card_text(self.card),
            idea=t(idea, lang),
            tricks=self.tricks,
        )


def _idea(play: Play, card: Card, values: dict[Card, int], rule: str) -> str:
    if len(set(values.values())) == 1 and len(values) > 1:
        return "any_card"
    seat = play.next_seat
    trick = play.current_trick
    trump = play.trump
    declaring = seat.side is play.declarer.side
    ours = set(play.hand(seat)) | set(play.hand(seat.partner))
    theirs = [c for s in Seat if s.side is not seat.side for c in play.hand(s)]
    higher_theirs = [c for c in theirs if c.suit == card.suit and c.rank > card.rank]
    if not declaring:
        return rule
    if trick is None:
        if trump is not None and card.suit == trump and any(c.suit == trump for c in theirs):
            return "draw_trumps"
        if not higher_theirs:
            return "cash_winner"
        suit_ours = sorted((c for c in ours if c.suit == card.suit), key=lambda c: -c.rank)
        partner = [c for c in play.hand(seat.partner) if c.suit == card.suit]
        top_theirs = max(higher_theirs, key=lambda c: c.rank)
        if partner and any(c.rank > top_theirs.rank for c in partner) and card.rank < top_theirs.rank:
            return "finesse"
        if suit_ours and suit_ours[0].rank < top_theirs.rank and suit_ours[0].rank >= Rank.TEN:
            return "promotion"
        if len(suit_ours) >= 5:
            return "long_suit"
        return rule
    led = trick.suit_led
    if trump is not None and card.suit == trump and led != trump and seat is play.dummy:
        return "ruff_dummy"
    if card.suit == led:
        higher_ours = [c for c in ours if c.suit == led and c.rank > card.rank]
        winning = trick.winning_card
        could_win = any(c.suit == led and c.rank > winning.rank for c in play.hand(seat))
        if (
            trump is None
            and trick.leader.side is not seat.side
            and could_win
            and trick.winner.side is not seat.side
            and card.rank < winning.rank
        ):
            return "hold_up"
        if higher_ours and higher_theirs:
            return "finesse"
    return rule


def hint(play: Play, solver: PositionSolver) -> Hint:
    """The best card for the hand to play (double dummy, the natural one among equals) and its idea."""
    values = solver.values(play)
    best = max(values.values())
    card, rule = natural_card(play, [c for c, v in values.items() if v == best])
    side = play.next_seat.side
    return Hint(card, _idea(play, card, values, rule), play.tricks_won[side] + best)


# ---- the plan -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SuitCount:
    """Sure winners and losers of the declaring side in one suit."""

    suit: Strain
    winners: int
    losers: int
    declarer: tuple[Card, ...]
    dummy: tuple[Card, ...]


@dataclass(frozen=True)
class Plan:
    """The count a teacher asks for before the first card: winners and losers suit by suit,
    the tricks needed and (in a suit contract) the losers declarer can afford."""

    contract: str
    need: int
    suits: tuple[SuitCount, ...]
    trump: Strain | None

    @property
    def winners(self) -> int:
        return sum(s.winners for s in self.suits)

    @property
    def losers(self) -> int:
        return sum(s.losers for s in self.suits)

    @property
    def afford(self) -> int:
        return 13 - self.need

    def messages(self, lang: str = "en") -> list[str]:
        out = [
            nt(
                "{contract}: you need {need} trick.",
                "{contract}: you need {need} tricks.",
                self.need,
                lang,
                contract=bid_text(self.contract, lang),  # 3NT, 3T, 3BA, 3BT, 3SA
                need=self.need,
            )
        ]
        for s in self.suits:
            out.append(
                t(
                    "{suit}: {winners}, {losers}",
                    lang,
                    suit=suit_text(s.suit, lang),
                    winners=nt("{n} sure winner", "{n} sure winners", s.winners, lang),
                    losers=nt("{n} loser", "{n} losers", s.losers, lang),
                )
            )
        out.append(
            t("Sure winners: {winners}. Losers: {losers}.", lang, winners=self.winners, losers=self.losers)
        )
        if self.trump is None:
            more = self.need - self.winners
            if more > 0:
                out.append(
                    nt(
                        "You need {more} more trick: find the suit where you can set it up "
                        "(a long suit, promotion or a finesse).",
                        "You need {more} more tricks: find the suit where you can set them up "
                        "(a long suit, promotion or a finesse).",
                        more,
                        lang,
                        more=more,
                    )
                )
            else:
                out.append(
                    t("You have enough sure winners: take them before the defence takes theirs.", lang)
                )
        else:
            extra = self.losers - self.afford
            afford = nt("You can afford {n} loser.", "You can afford {n} losers.", self.afford, lang)
            if extra > 0:
                have = nt(
                    "You have {n} loser: get rid of {extra} (ruff it in dummy, discard it on a winner, "
                    "or finesse).",
                    "You have {n} losers: get rid of {extra} (ruff them in dummy, discard them on "
                    "winners, or finesse).",
                    self.losers,
                    lang,
                    extra=extra,
                )
            else:
                have = nt(
                    "You have {n} loser: draw trumps and take your tricks.",
                    "You have {n} losers: draw trumps and take your tricks.",
                    self.losers,
                    lang,
                )
            out.append(f"{afford} {have}")
        return out


def _suit_winners(a: list[Card], b: list[Card]) -> int:
    """Top tricks in a suit: the unbroken run of top cards the two hands hold together, at most
    the longer hand's length."""
    ranks = {c.rank for c in a} | {c.rank for c in b}
    run = 0
    for r in range(14, 1, -1):
        if Rank(r) in ranks:
            run += 1
        else:
            break
    return min(run, max(len(a), len(b)))


def _suit_losers(main: list[Card], other: list[Card]) -> int:
    """Losers in the master hand's suit: of its first three cards, those not covered by the ace,
    king or queen held in either hand (a void or singleton loses nothing beyond its length)."""
    n = min(len(main), 3)
    held = {c.rank for c in main} | {c.rank for c in other}
    covered = sum(1 for r in (Rank.ACE, Rank.KING, Rank.QUEEN)[:n] if r in held)
    return max(0, n - covered)


def plan(play: Play) -> Plan:
    """Winners and losers of declarer's side before the opening lead (or at any time: the cards
    still held)."""
    decl, dummy = play.hand(play.declarer), play.hand(play.dummy)
    trump = play.trump
    if trump is not None:
        n_decl = sum(1 for c in decl if c.suit == trump)
        n_dummy = sum(1 for c in dummy if c.suit == trump)
        master, other = (decl, dummy) if n_decl >= n_dummy else (dummy, decl)
    else:
        master, other = decl, dummy
    suits = []
    for suit in SUITS:
        a = [c for c in decl if c.suit == suit]
        b = [c for c in dummy if c.suit == suit]
        m = [c for c in master if c.suit == suit]
        o = [c for c in other if c.suit == suit]
        suits.append(SuitCount(suit, _suit_winners(a, b), _suit_losers(m, o), tuple(a), tuple(b)))
    c = play.contract
    text = f"{c.level}{c.strain.symbol}"
    return Plan(text, c.tricks_needed, tuple(suits), trump)
