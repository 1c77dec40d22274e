"""Bridge words for quiz text, from ``bridgelab.text.terms`` (the one place terms live), with the
English names when a language has no terms file (a teacher may add a .po catalogue first)."""

from __future__ import annotations

from collections.abc import Callable

from ..model.cards import Seat, Side, Strain
from ..model.contract import Call, Contract
from ..model.errors import BridgeError
from . import terms as _lang
from .i18n import translate

__all__ = ["seat_name", "strain_name", "call_name", "contract_name", "side_name", "yes_no", "symbol_call"]


def _term(fn: Callable[[], str], fallback: Callable[[], str]) -> str:
    """The language's own term, or ``fallback()`` when it has none."""
    try:
        return fn()
    except BridgeError:
        return fallback()


def seat_name(seat, lang: str = "en") -> str:
    """'North' / 'põhi'... capitalised as the start of an answer."""
    s = Seat.parse(seat)
    name = _term(lambda: _lang.seat_name(s, lang), lambda: translate(s.full_name, lang))
    return name[:1].upper() + name[1:]


def strain_name(strain, lang: str = "en") -> str:
    s = Strain.parse(strain)
    return _term(lambda: _lang.strain_name(s, lang), lambda: s.full_name)


def symbol_call(call) -> str:
    """'4♠', '3NT', 'Pass', 'X', 'XX': the call in symbols (language-free)."""
    return str(Call.parse(call))


def call_name(call, lang: str = "en") -> str:
    """A call as shown to the learner: symbols for suit bids ('4♠'); the language's own word for
    no trump ('T' in Estonian, 'BA' in Serbian, 'SA' in Malay), pass, double and redouble."""
    c = Call.parse(call)
    if lang == "en" or (c.is_bid and c.strain is not Strain.NT):
        return str(c) if c.is_bid else translate(str(c), lang)
    return _term(lambda: _lang.call_name(c, lang), lambda: str(c) if c.is_bid else translate(str(c), lang))


def contract_name(contract, lang: str = "en", declarer: bool = True) -> str:
    """'4♠X by South' in the learner's language."""
    c = Contract.parse(contract)
    text = call_name(c.call, lang)
    if c.doubled:
        text += " " + _doubling_word(c.doubled, lang) if lang != "en" else "X" * c.doubled
    if declarer and c.declarer is not None:
        return translate("{contract} by {seat}", lang, contract=text, seat=seat_name(c.declarer, lang))
    return text


def _doubling_word(doubled: int, lang: str) -> str:
    """'kontraga', 'kontriran', 'digandakan semula'...; 'X'/'XX' when the language has no word."""
    key = "doubled" if doubled == 1 else "redoubled"
    words = _term(lambda: _lang.terms(lang).get("words", {}).get(key), lambda: None)
    return words[0] if words else "X" * doubled


def side_name(side, lang: str = "en") -> str:
    s = Side.parse(side)
    a, b = s.seats
    return f"{seat_name(a, lang)}–{seat_name(b, lang)}"


def yes_no(value: bool, lang: str = "en") -> str:
    return translate("Yes" if value else "No", lang)
