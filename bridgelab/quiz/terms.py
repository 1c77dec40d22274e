"""Bridge words for quiz text, from ``bridgelab.lang`` (the one place terms live), with the
English names when a language has no terms file yet."""

from __future__ import annotations

from ..cards import Seat, Side, Strain
from ..contract import Call, Contract
from ..errors import BridgeError
from ..lang.i18n import translate

__all__ = ["seat_name", "strain_name", "call_name", "contract_name", "side_name", "yes_no", "symbol_call"]


def _lang_fn(name: str):
    try:
        from .. import lang as _lang
    except ImportError:  # pragma: no cover
        return None
    return getattr(_lang, name, None)


def seat_name(seat, lang: str = "en") -> str:
    """'North' / 'põhi'... capitalised as the start of an answer."""
    s = Seat.parse(seat)
    fn = _lang_fn("seat_name")
    if fn is not None:
        try:
            name = fn(s, lang)
            return name[:1].upper() + name[1:]
        except BridgeError:
            pass
    return translate(s.full_name, lang)


def strain_name(strain, lang: str = "en") -> str:
    s = Strain.parse(strain)
    fn = _lang_fn("strain_name")
    if fn is not None:
        try:
            return fn(s, lang)
        except BridgeError:
            pass
    return s.full_name


def symbol_call(call) -> str:
    """'4♠', '3NT', 'Pass', 'X', 'XX': the call in symbols (language-free)."""
    return str(Call.parse(call))


def call_name(call, lang: str = "en") -> str:
    """A call as shown to the learner: symbols for bids ('4♠'), the language's word otherwise."""
    c = Call.parse(call)
    if c.is_bid:
        text = str(c)
        if lang == "en":
            return text
        if c.strain is Strain.NT:  # 'T' in Estonian, 'BA' in Serbian, 'SA' in Malay
            fn = _lang_fn("call_name")
            if fn is not None:
                try:
                    return fn(c, lang)
                except BridgeError:
                    pass
        return text
    fn = _lang_fn("call_name")
    if fn is not None:
        try:
            return fn(c, lang)
        except BridgeError:
            pass
    return translate(str(c), lang)


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
    fn = _lang_fn("terms")
    if fn is not None:
        try:
            words = fn(lang).get("words", {}).get("doubled" if doubled == 1 else "redoubled")
            if words:
                return words[0]
        except BridgeError:
            pass
    return "X" * doubled


def side_name(side, lang: str = "en") -> str:
    s = Side.parse(side)
    a, b = s.seats
    return f"{seat_name(a, lang)}–{seat_name(b, lang)}"


def yes_no(value: bool, lang: str = "en") -> str:
    return translate("Yes" if value else "No", lang)
