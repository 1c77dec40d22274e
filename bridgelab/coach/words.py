"""The coach's words: messages of the "coach" gettext domain, and card names in each language.

Cards are read as a learner types them: "sq", "SQ", "♠Q", "Q♠", "s10", and in the learner's
language with the suit words of ``bridgelab/text/languages/<lang>.json`` and the rank words of
its ``"ranks"`` entry (read by ``bridgelab.text.notation.parse_rank``, with the language's
honour letters): "pada emand", "emand pada", "pada e", "pik dama", "piky dáma", "sekop ratu".
"""

from __future__ import annotations

from typing import Any

from ..model.cards import Card, Rank, Seat, Strain
from ..model.errors import ParseError
from ..text.i18n import ntranslate, translate
from ..text.notation import parse_rank
from ..text.terms import normalize, parse_strain, seat_name, strain_name

__all__ = ["t", "nt", "card_text", "cards_text", "parse_card", "seat_text", "suit_text"]


def t(msgid: str, lang: str = "en", **args) -> str:
    """``msgid`` of the "coach" catalogue in ``lang``, formatted with ``args``."""
    return translate(msgid, lang, domain="coach", **args)


def nt(singular: str, plural: str, n: int, lang: str = "en", **args: Any) -> str:
    """A counted message of the "coach" catalogue: the plural form ``n`` takes in ``lang``."""
    return ntranslate(singular, plural, n, lang, domain="coach", **args)


def card_text(card: Card) -> str:
    """A card as the diagrams write it: suit symbol then rank, ten as 10 ("♠10")."""
    r = "10" if card.rank == Rank.TEN else card.rank.char
    return f"{card.suit.symbol}{r}"


def cards_text(cards, lang: str = "en") -> str:
    """Cards listed with the language's "or": "♠A or ♠K"."""
    names = [card_text(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return t("{first} or {last}", lang, first=", ".join(names[:-1]), last=names[-1])


def seat_text(seat: Seat, lang: str = "en") -> str:
    return seat_name(seat, lang) if lang != "en" else seat.full_name


def suit_text(suit: Strain, lang: str = "en") -> str:
    """The suit's name in ``lang`` (English: "spades")."""
    return suit.full_name if lang == "en" else strain_name(suit, lang)


def parse_card(text: str, lang: str = "en") -> Card:
    """A card from what a learner typed, in ``lang`` or English; ParseError saying how to write one."""
    raw = str(text).strip()
    try:
        return Card.parse(raw.replace(" ", ""))
    except ParseError:
        pass
    words = normalize(raw).replace(" of ", " ").split()
    if len(words) == 2:
        for a, b in (words, words[::-1]):
            suit = parse_strain(a, lang) or parse_strain(a)
            if suit is None or suit is Strain.NT:
                continue
            for where in (lang, None):
                try:
                    return Card(suit, parse_rank(b, where))
                except ParseError:
                    continue
    raise ParseError(
        t(
            '"{text}" is not a card: write the suit and the rank, as SQ, ♠Q or {example}',
            lang,
            text=raw,
            example=t("spade queen", lang),
        )
    )
