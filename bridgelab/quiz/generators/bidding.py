"""Bidding quizzes for ``bridgelab.quiz``: what do you open, what do you respond, is there a fit.

Every stated answer is the system's own advice (``advise``) on the hand shown, so a quiz can
never disagree with the system; the explanation is the advice's reasons. Practice hands come
from the lessons of ``lessons.py``, so near misses (11 HCP, 14 and 18 HCP balanced, a balanced
hand with a five-card major) turn up often.

Importing ``bridgelab.system`` registers these generators (topics "opening", "response", "fit").
Every text is in the question's language: the templates are msgids of the "bridgelab" catalogues,
the rule names and promises come from the "system" catalogues (keyed by the English of
``sayc.toml``), and the bridge words (suits, seats, calls) from ``bridgelab.text.terms``.
"""

from __future__ import annotations

import html

import numpy as np

from ...rules.auction import Auction
from ...model.cards import SUITS, Seat, Strain
from ...model.contract import PASS, Call
from ...model.deal import Deal
from ...model.hand import Hand
from ...text.i18n import translate as _t
from ..core import Question, register_generator
from ...text.words import call_name, seat_name
from ...system.advice import advise
from ...system.engine import SuitTerm, default_system
from ...system.lessons import FIT_LESSONS, OPENING_LESSONS, RESPONSE_LESSONS, _any, _pick, deal_for

__all__ = ["opening_question", "response_question", "fit_count_question", "fit_yesno_question",
           "SideView", "RESPONSE_OPENINGS"]

RESPONSE_OPENINGS = ("1C", "1D", "1H", "1S", "1NT")
"""The openings the response quiz asks about."""


class SideView:
    """The two hands of one side, shown side by side: you and partner."""

    def __init__(self, you: Hand, partner: Hand, you_label: str | None = None,
                 partner_label: str | None = None, lang: str = "en"):
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
    return _t("You are the dealer. What do you open? ({pass_call} if the hand is too weak.)", lang,
              pass_call=call_name(PASS, lang).capitalize())


@register_generator("opening", level=1, name="opening.what_to_open",
                    description="what do you open? (beginner Standard American)")
def opening_question(rng: np.random.Generator, lang: str) -> Question:
    """What do you open with this hand (you are the dealer)?"""
    lesson = _pick(rng, OPENING_LESSONS)
    deal = deal_for(rng, lambda f: lesson.where(f, int(Seat.S)))
    hand = deal[Seat.S]
    advice = advise(hand, seat=Seat.S, lang=lang)
    return Question(
        id="", topic="opening", level=1, kind="call",
        prompt=_opening_prompt(lang),
        answer=advice.call.to_ascii(), show=hand, auction=Auction(Seat.S), grey_illegal=True,
        explanation=str(advice),
        data={"hand": hand.to_pbn(), "lesson": lesson.name, "rule": advice.rule.name if advice.rule else None,
              "system": default_system().name},
    )


def _response_accept(lesson_name: str, wanted: str):
    def accept(d: Deal) -> bool:
        opening = advise(d[Seat.N], seat=Seat.N).call
        if opening.to_ascii() != wanted:
            return False
        if lesson_name == "support for a major" and opening.strain.is_major:
            return 3 <= d[Seat.S].length(opening.strain) <= 4
        return True
    return accept


@register_generator("response", level=2, name="response.what_to_respond",
                    description="what do you respond to partner's opening? (beginner Standard American)")
def response_question(rng: np.random.Generator, lang: str) -> Question:
    """Partner opened; what do you respond?"""
    lesson = _pick(rng, RESPONSE_LESSONS)
    wanted = RESPONSE_OPENINGS[int(rng.integers(len(RESPONSE_OPENINGS)))]
    if lesson.name == "support for a major" and wanted in ("1C", "1D", "1NT"):
        wanted = ("1H", "1S")[int(rng.integers(2))]
    lo = 15 if wanted == "1NT" else 12

    def test(f):
        return lesson.where(f, int(Seat.S)) & (f.hcp[:, 0] >= lo) & (f.hcp[:, 0] <= 21)

    deal = deal_for(rng, test, _response_accept(lesson.name, wanted))
    auction = Auction(Seat.N, [Call.parse(wanted), PASS])
    hand = deal[Seat.S]
    advice = advise(hand, auction, seat=Seat.S, lang=lang)
    opened = Call.parse(wanted)
    return Question(
        id="", topic="response", level=2, kind="call",
        prompt=_t("Partner ({north}) opened {call} and {east} passed. What do you respond?", lang,
                  north=seat_name(Seat.N, lang), call=call_name(opened, lang),
                  east=seat_name(Seat.E, lang)),
        answer=advice.call.to_ascii(), show=hand, auction=auction, grey_illegal=True,
        explanation=str(advice),
        data={"hand": hand.to_pbn(), "deal": deal.to_pbn(), "opening": wanted, "lesson": lesson.name,
              "rule": advice.rule.name if advice.rule else None},
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
    verdict = (_t("{total} cards: an eight-card fit or better, a good trump suit.", lang, total=total)
               if total >= 8 else
               _t("{total} cards: fewer than eight, not a fit.", lang, total=total))
    lines = [
        _t("A suit is a good trump suit when the partnership holds eight or more cards in it.", lang),
        _t("You hold {you}, partner holds {partner}: {a} + {b} = {total}.", lang,
           you=SuitTerm(suit, you).render(lang), partner=SuitTerm(suit, partner).render(lang), a=you,
           b=partner, total=total),
        verdict,
        _t("The opponents hold the other {rest}.", lang, rest=13 - total),
    ]
    return total, lines


@register_generator("fit", level=1, name="fit.count",
                    description="how many trumps does your side hold, is there a fit (8+)?")
def fit_count_question(rng: np.random.Generator, lang: str) -> Question:
    """How many cards of a suit do you and partner hold together?"""
    deal, suit, lesson = _fit_deal(rng)
    total, lines = _fit_lines(deal, suit, lang)
    return Question(
        id="", topic="fit", level=1, kind="number",
        prompt=_t("How many {suit} do you and partner hold together?", lang,
                  suit=SuitTerm(suit).render(lang)),
        answer=total, show=SideView(deal[Seat.S], deal[Seat.N], lang=lang), explanation="\n".join(lines),
        data={"deal": deal.to_pbn(), "suit": suit.name, "together": total, "lesson": lesson},
    )


@register_generator("fit", level=1, name="fit.yesno")
def fit_yesno_question(rng: np.random.Generator, lang: str) -> Question:
    """Do you and partner have an eight-card fit in this suit?"""
    deal, suit, lesson = _fit_deal(rng)
    total, lines = _fit_lines(deal, suit, lang)
    return Question(
        id="", topic="fit", level=1, kind="yesno",
        prompt=_t("Do you and partner have a fit (eight or more cards together) in {suit}?", lang,
                  suit=SuitTerm(suit).render(lang)),
        answer="yes" if total >= 8 else "no", show=SideView(deal[Seat.S], deal[Seat.N], lang=lang),
        explanation="\n".join(lines),
        data={"deal": deal.to_pbn(), "suit": suit.name, "together": total, "lesson": lesson},
    )
