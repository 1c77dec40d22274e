"""The words of the laws' rulings: each illegal call and card worded once, in the catalogues.

A ruling is a message id keyed by its code ("illegal_call.insufficient") and its facts (the
calls, seats and cards it rests on). The wording lives only in the gettext catalogues
(``bridgelab/text/locale/<lang>/LC_MESSAGES/bridgelab.po``), English being one catalogue like
the others; this module turns the facts into words of a language and fills them in.

>>> from bridgelab.rules.auction import Auction
>>> try:
...     Auction.parse("1H", dealer="N").check("1D")
... except IllegalCall as e:
...     err = e
>>> err.message
'1D is not higher than 1H: bid 1S, 1NT or higher, or 2D'
>>> reword(err, "cs").message
'1 káro není vyšší než 1 srdce: hlaš 1 pik, 1BT nebo výš, nebo 2 kára'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..model.cards import Card, Seat, Strain
from ..model.contract import Call
from ..model.errors import IllegalCall, IllegalCard
from ..text import terms as _terms
from ..text.i18n import ntranslate, translate

__all__ = ["RULING_MSGIDS", "word", "reword", "call_text", "seat_text", "or_list"]

RULING_MSGIDS = (
    "illegal_call.insufficient",
    "illegal_call.insufficient.target",
    "illegal_call.insufficient.no_higher",
    "illegal_call.insufficient.top",
    "illegal_call.no_bid_to_double",
    "illegal_call.double_own_side",
    "illegal_call.double_own_side.partner",
    "illegal_call.double_own_side.doubled",
    "illegal_call.double_own_side.redoubled",
    "illegal_call.double_own_side.partner.doubled",
    "illegal_call.double_own_side.partner.redoubled",
    "illegal_call.already_doubled",
    "illegal_call.already_redoubled",
    "illegal_call.nothing_to_redouble",
    "illegal_call.not_doubled",
    "illegal_call.redouble_own_double",
    "illegal_call.out_of_turn",
    "illegal_call.auction_over",
    "illegal_call.passed_out",
    "illegal_call.nothing_to_take_back",
    "illegal_call.at",
    "illegal_call.at.over",
    "illegal_call.allowed.pass",
    "illegal_call.allowed.double",
    "illegal_call.allowed.redouble",
    "illegal_call.allowed.bid",
    "illegal_call.allowed.bid_or_higher",
    "illegal_card.revoke",
    "illegal_card.revoke.dummy",
    "illegal_card.not_held",
    "illegal_card.already_played",
    "illegal_card.out_of_turn",
    "illegal_card.out_of_turn.dummy",
    "illegal_card.play_over",
    "illegal_card.claimed",
    "illegal_card.nothing_to_take_back",
    "illegal_card.at",
    "list.or",
    "list.or_higher",
)
"""Every message id of a ruling (and of the pieces rulings are made of)."""


def _english(lang: str | None) -> bool:
    return lang is None or _terms._code(lang) == "en"


def call_text(call: Call, lang: str | None, symbols: bool = False) -> str:
    """A call as a ruling writes it: '1D', 'Pass', 'X' in English, the language's words else
    ('1 káro'); with ``symbols`` suit bids as the quizzes show them in every language ('1♦')."""
    if symbols and call.strain is not None and call.strain.is_suit:
        return str(call)
    if lang is None or _english(lang):
        return str(call) if symbols else call.to_ascii()
    return _terms.call_name(call, lang)


def seat_text(seat: Seat, lang: str | None) -> str:
    """'North' in English, the language's name of the seat else ('sever')."""
    return seat.full_name if lang is None or _english(lang) else _terms.seat_name(seat, lang)


def _strain_one(strain: Strain, lang: str | None) -> str:
    """The word for one of a suit: 'club', 'heart' (a bid of one, in the language's terms)."""
    code = "en" if lang is None else _terms._code(lang)
    name = _terms.call_name(Call("bid", 1, strain), code)
    if code == "en" or strain is Strain.NT:
        return name.split(" ", 1)[1]
    return _terms.strain_name(strain, code)


def or_list(items: list[str], lang: str | None) -> str:
    """'a', 'a or b', 'a, b or c' in the language."""
    if len(items) <= 1:
        return "".join(items)
    return translate("list.or", lang, items=", ".join(items[:-1]), last=items[-1])


def _allowed(options: list[tuple[str, Any]], lang: str | None, symbols: bool) -> str:
    """What may be called now in words: 'pass or bid 2D or higher' from the facts
    [("pass", None), ("bid_or_higher", 2D)]."""
    words = [
        translate(
            f"illegal_call.allowed.{kind}", lang, call="" if call is None else call_text(call, lang, symbols)
        )
        for kind, call in options
    ]
    return or_list(words, lang)


def _text(name: str, value: Any, lang: str | None, symbols: bool) -> Any:
    if name == "allowed":
        return _allowed(value, lang, symbols)
    if name == "options":  # (calls, or_higher)
        calls, higher = value
        names = [call_text(c, lang, symbols) for c in calls]
        if higher:
            return translate("list.or_higher", lang, items=", ".join(names))
        return or_list(names, lang)
    if name == "cards":
        return or_list([str(c) for c in value], lang)
    if isinstance(value, Call):
        return call_text(value, lang, symbols)
    if isinstance(value, Seat):
        return seat_text(value, lang)
    if isinstance(value, Strain):
        return _strain_one(value, lang)
    if isinstance(value, Card):
        return str(value)
    return value


COUNTED: dict[str, str] = {"illegal_card.claimed": "remaining"}
"""The rulings that count something: message id -> the fact that is the count (the catalogues
hold their plural forms, the English catalogue's included)."""


def word(msgid: str, lang: str | None, facts: "Mapping[str, Any]", *, symbols: bool = False) -> str:
    """The ruling ``msgid`` in ``lang`` with its ``facts`` (calls, seats, cards) written in it;
    ``symbols`` writes English bids with suit symbols ('1♦', as the quizzes show them)."""
    args = {k: _text(k, v, lang, symbols) for k, v in facts.items() if k != "msgid"}
    if "reason" in facts and isinstance(facts["reason"], Mapping):
        args["reason"] = word(facts["reason"]["msgid"], lang, facts["reason"], symbols=symbols)
    count = facts.get(COUNTED.get(msgid, ""))
    if isinstance(count, int):
        return ntranslate(msgid, msgid, count, lang, **args)
    return translate(msgid, lang, **args)


def reword(
    err: "IllegalCall | IllegalCard", lang: str | None, *, symbols: bool = False
) -> "IllegalCall | IllegalCard":
    """The same ruling (same code, call or card, legal list) worded in ``lang``."""
    if not err.facts.get("msgid"):
        return err
    out = err.with_message(word(err.facts["msgid"], lang, err.facts, symbols=symbols))
    assert isinstance(out, (IllegalCall, IllegalCard))
    return out
