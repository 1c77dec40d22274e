"""Bidding quizzes for ``bridgelab.quiz``: what do you open, what do you respond, is there a fit.

Every stated answer is the system's own advice (``advise``) on the hand shown, so a quiz can
never disagree with the system, and a hand is only asked about where the system covers it. The
near misses come from the system's own rules: a hand that a rule tried before the deciding one
missed by one HCP or one card (11 HCP against 12-21, four spades against five), and the
explanation names the rule that decided and the rule that nearly did.

Importing ``bridgelab.quiz.generators`` registers these generators (topics "opening",
"response", "rebid", "fit").
Every text is in the question's language: the templates are msgids of the "bridgelab" catalogues,
the rule names and promises come from the "system" catalogues (keyed by the English of
the system files), and the bridge words (suits, seats, calls) from ``bridgelab.text.terms``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from ...dealing.dealer import deal_batch
from ...model.cards import SUITS, Seat, Strain
from ...model.contract import PASS, Call
from ...model.deal import Deal
from ...model.errors import BridgeError
from ...model.hand import Hand
from ...rules.auction import Auction
from ...system.advice import advise
from ...system.auctions import batch_calls
from ...system.engine import Check, HandFacts, Rule, SuitTerm, auction_view, get_system
from ...system.lessons import FIT_LESSONS, _any, _pick, deal_for
from ...text.i18n import ntranslate as _nt
from ...text.i18n import translate as _t
from ...text.words import call_name, seat_name
from ..core import Question, register_generator

__all__ = [
    "opening_question",
    "response_question",
    "rebid_question",
    "fit_count_question",
    "fit_yesno_question",
    "SideView",
    "RESPONSE_AUCTIONS",
    "REBID_AUCTIONS",
    "near_miss",
    "NearMiss",
]


class SideView:
    """The two hands of one side, shown side by side: you and partner."""

    def __init__(
        self,
        you: Hand,
        partner: Hand,
        you_label: str | None = None,
        partner_label: str | None = None,
        lang: str = "en",
    ):
        self.you, self.partner = you, partner
        if you_label is None:
            you_label = _t("You ({seat})", lang, seat=seat_name(Seat.S, lang))
        if partner_label is None:
            partner_label = _t("Partner ({seat})", lang, seat=seat_name(Seat.N, lang))
        self.labels = (you_label, partner_label)

    def __repr__(self) -> str:
        return f"SideView(you={self.you!r}, partner={self.partner!r})"

    def __str__(self) -> str:
        a, b = str(self.partner).splitlines(), str(self.you).splitlines()
        w = max(len(x) for x in a + [self.labels[1]]) + 4
        rows = [self.labels[1].ljust(w) + self.labels[0]]
        rows += [x.ljust(w) + y for x, y in zip(a, b)]
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        cells = "".join(
            f'<td style="padding:0 2em 0 0;vertical-align:top"><b>{html.escape(label)}</b>'
            f"{hand._repr_html_()}</td>"
            for label, hand in ((self.labels[1], self.partner), (self.labels[0], self.you))
        )
        return f'<table class="bridgelab-side"><tr>{cells}</tr></table>'


def _opening_prompt(lang: str) -> str:
    return _t(
        "You are the dealer. What do you open? ({pass_call} if the hand is too weak.)",
        lang,
        pass_call=call_name(PASS, lang).capitalize(),
    )


# ---- near misses from the system's own rules ------------------------------------------------------
#
# A question is a hand at a place in an auction. Hands are drawn in a batch, judged at once by the
# system (``batch_calls``), and the question prefers a hand that one of the rules tried before the
# deciding one missed by a single HCP or a single card: the boundary the lesson is about. The
# explanation names the rule that decided and the rule that nearly did, both from the system file.

RESPONSE_AUCTIONS = ("1C P", "1D P", "1H P", "1S P", "1NT P", "2C P", "2NT P", "2H P")
REBID_AUCTIONS = (
    "1C P 1D P",
    "1C P 1H P",
    "1D P 1S P",
    "1H P 1S P",
    "1H P 1NT P",
    "1S P 2S P",
    "1H P 2NT P",
    "1NT P 2C P",
    "1NT P 2D P",
    "2C P 2D P",
    "1H P 2C P",
)


@dataclass(frozen=True)
class NearMiss:
    """A rule tried before the deciding one that failed on one condition by one HCP or one card."""

    rule: Rule
    call: Call
    check: Check


def near_miss(hand: Hand, auction: Auction, system, decided: Rule | None) -> NearMiss | None:
    """The first rule before ``decided`` that this hand missed by exactly one (None if none)."""
    facts = HandFacts(hand)
    for rule, bound in system.rules_after(auction_view(auction, auction.next_seat)):
        if rule is decided:
            return None
        for bind in rule.bindings(bound):
            call = rule.call(bind)
            if not auction.is_legal(call):
                continue
            failed = [c for c in rule.check(facts, bind) if not c.ok]
            if len(failed) == 1 and failed[0].miss == 1:
                return NearMiss(rule, call, failed[0])
    return None


def _pick_hand(rng: np.random.Generator, auction: Auction, system, batch: int = 600):
    """(hand, advice, near miss): a hand the system covers, with a near miss when one is found."""
    seat = auction.next_seat
    hands = deal_batch(batch // 4 or 1, seed=int(rng.integers(2**63))).holdings.reshape(-1, 4)
    codes = batch_calls(system, hands, auction, covered_only=True)
    order = rng.permutation(len(hands))
    plain = None
    for i in order[:120]:
        if codes[i] < 0:
            continue  # never a question the system does not cover
        hand = Hand(tuple(int(x) for x in hands[i]))
        advice = advise(hand, auction, system, seat)
        miss = near_miss(hand, auction, system, advice.rule)
        if miss is not None and miss.call != advice.call:
            return hand, advice, miss
        if plain is None:
            plain = (hand, advice, None)
    if plain is None:
        raise BridgeError(f"the system covers no hand after {auction}: no question can be asked")
    return plain


def _explain(advice, miss: NearMiss | None, lang: str) -> str:
    lines = [str(advice.in_language(lang) if lang != advice.lang else advice)]
    if advice.rule is not None:
        lines.append(
            _t(
                "The rule that decided: {rule} ({call}).",
                lang,
                rule=advice.rule.name_msg().render(lang),
                call=call_name(advice.call, lang),
            )
        )
    if miss is not None:
        lines.append(
            _t(
                "The rule that nearly applied: {rule} ({call}): it needs {need}; this hand has {have}.",
                lang,
                rule=miss.rule.name_msg().render(lang),
                call=call_name(miss.call, lang),
                need=miss.check.need_text(lang),
                have=miss.check.have_text(lang),
            )
        )
    return "\n".join(lines)


def _question(topic: str, level: int, prompt: str, auction: Auction, rng, lang: str, system) -> Question:
    hand, advice, miss = _pick_hand(rng, auction, system)
    return Question(
        id="",
        topic=topic,
        level=level,
        kind="call",
        prompt=prompt,
        answer=advice.call.to_ascii(),
        show=hand,
        auction=auction,
        grey_illegal=True,
        explanation=_explain(advice, miss, lang),
        data={
            "hand": hand.to_pbn(),
            "auction": " ".join(c.to_ascii() for c in auction.calls),
            "rule": advice.rule.name if advice.rule else None,
            "nearly": miss.rule.name if miss else None,
            "nearly_call": miss.call.to_ascii() if miss else None,
            "system": system.name,
        },
    )


@register_generator(
    "opening",
    level=1,
    name="opening.what_to_open",
    description="what do you open? (beginner Standard American)",
)
def opening_question(rng: np.random.Generator, lang: str, system=None) -> Question:
    """What do you open with this hand (you are the dealer)? A hand near a line of the system."""
    system = get_system(system)
    return _question("opening", 1, _opening_prompt(lang), Auction(Seat.S), rng, lang, system)


@register_generator(
    "response",
    level=2,
    name="response.what_to_respond",
    description="what do you respond to partner's opening? (beginner Standard American)",
)
def response_question(rng: np.random.Generator, lang: str, system=None) -> Question:
    """Partner opened; what do you respond? A hand near a line of the system."""
    system = get_system(system)
    text = RESPONSE_AUCTIONS[int(rng.integers(len(RESPONSE_AUCTIONS)))]
    auction = Auction.parse(text, dealer="N")
    opened = auction.calls[0]
    q = _question(
        "response",
        2,
        _t(
            "Partner ({north}) opened {call} and {east} passed. What do you respond?",
            lang,
            north=seat_name(Seat.N, lang),
            call=call_name(opened, lang),
            east=seat_name(Seat.E, lang),
        ),
        auction,
        rng,
        lang,
        system,
    )
    q.data["opening"] = opened.to_ascii()
    return q


@register_generator(
    "rebid",
    level=3,
    name="rebid.what_to_rebid",
    description="what do you bid next? opener's and responder's rebids",
)
def rebid_question(rng: np.random.Generator, lang: str, system=None) -> Question:
    """The auction so far (you and partner, the opponents passing); what do you bid now?"""
    system = get_system(system)
    text = REBID_AUCTIONS[int(rng.integers(len(REBID_AUCTIONS)))]
    auction = Auction.parse(text, dealer="N")
    calls = ", ".join(call_name(c, lang) for c in auction.calls)
    return _question(
        "rebid",
        3,
        _t(
            "The auction so far, North dealing: {calls}. You are {seat}. What do you bid now?",
            lang,
            calls=calls,
            seat=seat_name(auction.next_seat, lang),
        ),
        auction,
        rng,
        lang,
        system,
    )


def _fit_deal(rng) -> tuple[Deal, Strain, str]:
    lesson = _pick(rng, FIT_LESSONS)
    suit_i = int(rng.integers(4))
    if lesson.name == "seven or eight":

        def test(f):
            together = f.shape[:, 0, suit_i].astype(int) + f.shape[:, 2, suit_i]
            return np.isin(together, (7, 8))
    else:
        test = _any
    deal = deal_for(rng, test)
    return deal, SUITS[suit_i], lesson.name


def _fit_lines(deal: Deal, suit: Strain, lang: str) -> tuple[int, list[str]]:
    you, partner = deal[Seat.S].length(suit), deal[Seat.N].length(suit)
    total = you + partner
    verdict = (
        _nt(
            "{total} card: an eight-card fit or better, a good trump suit.",
            "{total} cards: an eight-card fit or better, a good trump suit.",
            total,
            lang,
            total=total,
        )
        if total >= 8
        else _nt(
            "{total} card: fewer than eight, not a fit.",
            "{total} cards: fewer than eight, not a fit.",
            total,
            lang,
            total=total,
        )
    )
    lines = [
        _t("A suit is a good trump suit when the partnership holds eight or more cards in it.", lang),
        _t(
            "You hold {you}, partner holds {partner}: {a} + {b} = {total}.",
            lang,
            you=SuitTerm(suit, you).render(lang),
            partner=SuitTerm(suit, partner).render(lang),
            a=you,
            b=partner,
            total=total,
        ),
        verdict,
        _nt(
            "The opponents hold the other {rest}.",
            "The opponents hold the other {rest}.",
            13 - total,
            lang,
            rest=13 - total,
        ),
    ]
    return total, lines


@register_generator(
    "fit", level=1, name="fit.count", description="how many trumps does your side hold, is there a fit (8+)?"
)
def fit_count_question(rng: np.random.Generator, lang: str) -> Question:
    """How many cards of a suit do you and partner hold together?"""
    deal, suit, lesson = _fit_deal(rng)
    total, lines = _fit_lines(deal, suit, lang)
    return Question(
        id="",
        topic="fit",
        level=1,
        kind="number",
        prompt=_t(
            "How many {suit} do you and partner hold together?", lang, suit=SuitTerm(suit).render(lang)
        ),
        answer=total,
        show=SideView(deal[Seat.S], deal[Seat.N], lang=lang),
        explanation="\n".join(lines),
        data={"deal": deal.to_pbn(), "suit": suit.name, "together": total, "lesson": lesson},
    )


@register_generator("fit", level=1, name="fit.yesno")
def fit_yesno_question(rng: np.random.Generator, lang: str) -> Question:
    """Do you and partner have an eight-card fit in this suit?"""
    deal, suit, lesson = _fit_deal(rng)
    total, lines = _fit_lines(deal, suit, lang)
    return Question(
        id="",
        topic="fit",
        level=1,
        kind="yesno",
        prompt=_t(
            "Do you and partner have a fit (eight or more cards together) in {suit}?",
            lang,
            suit=SuitTerm(suit).render(lang),
        ),
        answer="yes" if total >= 8 else "no",
        show=SideView(deal[Seat.S], deal[Seat.N], lang=lang),
        explanation="\n".join(lines),
        data={"deal": deal.to_pbn(), "suit": suit.name, "together": total, "lesson": lesson},
    )
