"""Bridge terms per language: strain, call, number and seat words, read and written.

Each language is one JSON file in ``bridgelab/text/languages/<code>.json`` (format: README.md in
this folder); dropping a file there (or in a folder named by the ``BRIDGELAB_TERMS_PATH``
environment variable) adds a language without code. Reading is forgiving: case, accents and
hyphens do not matter, so "Tri-pik", "2 bez trumfu" and "KOLM PADA" are all read.

>>> parse_call("kolm pada")
Call('3S')
>>> call_name(parse_call("2 bez aduta"), "cs")
'2BT'
"""

from __future__ import annotations

import copy
import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..model.cards import Seat, Strain
from ..model.contract import DOUBLE, PASS, REDOUBLE, Call, Contract, _parse_english
from ..model.errors import ParseError

__all__ = [
    "languages",
    "terms",
    "parse_call",
    "parse_contract",
    "parse_seat",
    "read_seat",
    "parse_strain",
    "strain_name",
    "call_name",
    "seat_name",
    "word",
    "normalize",
    "is_all_pass",
    "rank_word",
    "reload",
]

TERMS_DIR = Path(__file__).with_name("languages")
_ENV_PATH = "BRIDGELAB_TERMS_PATH"
_CALL_KINDS = {"pass": PASS, "double": DOUBLE, "redouble": REDOUBLE}
_TRANSLITERATE = str.maketrans({"đ": "dj", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i"})


_LOOSE_DASH = re.compile(r"(?:^|\s)[-\u2010-\u2015\u2212_.]|[-\u2010-\u2015\u2212_.](?:\s|$)")
"""A dash or dot at the edge of a word: a separate call (a pass), never part of a word's spelling
(hyphens join words only between letters, as in 'jedan-pik' or 'Tri-pik')."""


def normalize(text: str) -> str:
    """The form words are compared in: lower case, no accents, hyphens as spaces, one space.

    >>> normalize("  Bez-Trumfů ")
    'bez trumfu'
    """
    s = unicodedata.normalize("NFKD", str(text).casefold().translate(_TRANSLITERATE))
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = re.sub(r"[-\u2010-\u2015_.]+", " ", s)
    return " ".join(s.split())


@dataclass
class _Table:
    """The look-up tables of one language, built once from its JSON."""

    code: str
    data: dict
    strains: dict[str, Strain] = field(default_factory=dict)
    numbers: dict[str, int] = field(default_factory=dict)
    calls: dict[str, Call] = field(default_factory=dict)
    seats: dict[str, Seat] = field(default_factory=dict)
    doubling: dict[str, int] = field(default_factory=dict)
    all_pass: set[str] = field(default_factory=set)
    ranks: dict[str, str] = field(default_factory=dict)


def _fail(where: str, what: str) -> ParseError:
    return ParseError(f"{where}: {what} (the format is described in bridgelab/text/README.md)")


def _forms(where: str, value) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail(where, "a term is a non-empty list of words, the first being the name shown")
    return value


def _build(code: str, data: dict, where: str) -> _Table:
    if not isinstance(data, dict):
        raise _fail(where, "the file must hold one JSON object")
    t = _Table(code, data)
    strains = data.get("strains")
    if not isinstance(strains, dict) or set(strains) != {"C", "D", "H", "S", "NT"}:
        raise _fail(where, '"strains" must give words for each of C, D, H, S and NT')
    for key, forms in strains.items():
        for f in _forms(f"{where} strains.{key}", forms):
            t.strains[normalize(f)] = Strain[key]
    calls = data.get("calls")
    if not isinstance(calls, dict) or set(calls) != set(_CALL_KINDS):
        raise _fail(where, '"calls" must give words for each of pass, double and redouble')
    for kind, forms in calls.items():
        for f in _forms(f"{where} calls.{kind}", forms):
            t.calls[normalize(f)] = _CALL_KINDS[kind]
    for key, forms in (data.get("numbers") or {}).items():
        if key not in {"1", "2", "3", "4", "5", "6", "7"}:
            raise _fail(where, f'"numbers" are keyed "1" to "7", not {key!r}')
        for f in _forms(f"{where} numbers.{key}", forms):
            t.numbers[normalize(f)] = int(key)
    for key, forms in (data.get("seats") or {}).items():
        if key not in {"N", "E", "S", "W"}:
            raise _fail(where, f'"seats" are keyed N, E, S and W, not {key!r}')
        for f in _forms(f"{where} seats.{key}", forms):
            t.seats[normalize(f)] = Seat[key]
    for key, forms in (data.get("ranks") or {}).items():
        if key not in {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}:
            raise _fail(where, f'"ranks" are keyed A K Q J T 9 ... 2, not {key!r}')
        for f in _forms(f"{where} ranks.{key}", forms):
            t.ranks[normalize(f)] = key
    words = data.get("words") or {}
    if not isinstance(words, dict):
        raise _fail(where, '"words" must be an object of term lists')
    for key, forms in words.items():
        _forms(f"{where} words.{key}", forms)
    for f in words.get("doubled", []) + calls["double"]:
        t.doubling[normalize(f)] = 1
    for f in words.get("redoubled", []) + calls["redouble"]:
        t.doubling[normalize(f)] = 2
    t.all_pass = {normalize(f) for f in data.get("all_pass", [])}
    for key, levels in (data.get("strain_by_level") or {}).items():
        if key not in strains or not isinstance(levels, dict):
            raise _fail(where, '"strain_by_level" maps a strain to {"1": word, "2-4": word, ...}')
        _level_word(levels, 1, where)  # validates the keys
    notation = data.get("notation") or {}
    if not isinstance(notation, dict) or not set(notation) <= {"NT", "ranks"}:
        raise _fail(where, '"notation" may give "NT" (the letters after a level: "T", "BA") and "ranks"')
    ranks = notation.get("ranks") or {}
    if (
        not isinstance(ranks, dict)
        or not set(ranks) <= set("AKQJT")
        or not all(isinstance(v, str) and v for v in ranks.values())
    ):
        raise _fail(where, '"notation.ranks" maps A, K, Q, J or T to the letter shown for it')
    fmt = data.get("call_format", "{level} {strain}")
    try:
        fmt.format(level=1, level_word="one", strain="x")
    except (KeyError, IndexError, AttributeError, ValueError):
        raise _fail(where, '"call_format" may use only {level}, {level_word} and {strain}') from None
    return t


def _level_word(levels: dict, level: int, where: str = "strain_by_level") -> str | None:
    """The word for ``level`` in a {"1": ..., "2-4": ..., "5-7": ...} map."""
    found = None
    for key, value in levels.items():
        m = re.fullmatch(r"([1-7])(?:-([1-7]))?", key)
        if not m or not isinstance(value, str):
            raise _fail(where, f"level keys are '1' to '7' or ranges like '2-4', not {key!r}")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if lo <= level <= hi:
            found = value
    return found


def _files() -> dict[str, Path]:
    """Language code -> JSON file; files on BRIDGELAB_TERMS_PATH override the built-in ones."""
    dirs = [TERMS_DIR] + [Path(p) for p in os.environ.get(_ENV_PATH, "").split(os.pathsep) if p]
    found: dict[str, Path] = {}
    for d in dirs:
        if d.is_dir():
            for p in sorted(d.glob("*.json")):
                found[p.stem.lower()] = p
    return found


@cache
def _load(code: str) -> _Table:
    files = _files()
    if code not in files:
        raise ParseError(f"no terms for language {code!r}: known languages are {', '.join(languages())}")
    path = files[code]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ParseError(f"{path}: cannot read the terms file: {e}") from None
    return _build(code, data, str(path))


def languages() -> tuple[str, ...]:
    """The codes of the known languages, English first: ('en', 'cs', 'et', 'ms', 'sr')."""
    codes = sorted(_files())
    return tuple(["en"] + [c for c in codes if c != "en"]) if "en" in codes else tuple(codes)


def _code(lang: str) -> str:
    """'et', 'ET', 'et_EE', 'et-EE' -> 'et'."""
    if not isinstance(lang, str) or not lang.strip():
        raise ParseError(f"{lang!r} is not a language code: use one of {', '.join(languages())}")
    return re.split(r"[-_.]", lang.strip().lower())[0]


def _tables(lang: str | None) -> list[_Table]:
    if lang is None:
        return [_load(c) for c in languages()]
    return [_load(_code(lang))]


def terms(lang: str) -> dict:
    """The terms of one language as a JSON-like dict (a copy: changing it changes nothing)."""
    return copy.deepcopy(_load(_code(lang)).data)


def reload() -> None:
    """Forget the loaded files (after a teacher edits or adds one in a running notebook)."""
    _load.cache_clear()


# ---- reading ---------------------------------------------------------------------------------


def parse_strain(raw: str, lang: str | None = None) -> Strain | None:
    """'pada', 'piky', 'bez aduta', 'SA', '♠', 'spades' -> a Strain, or None."""
    try:
        return Strain.parse(raw)
    except ParseError:
        pass
    key = normalize(raw)
    for t in _tables(lang):
        if key in t.strains:
            return t.strains[key]
    return None


def _bid_in(key: str, t: _Table) -> Call | None:
    m = re.fullmatch(r"([1-7]) ?(.+)", key)
    if m:
        level, rest = int(m.group(1)), m.group(2)
    else:
        first, _, rest = key.partition(" ")
        if first not in t.numbers or not rest:
            return None
        level = t.numbers[first]
    strain = t.strains.get(rest)
    if strain is None:
        try:
            strain = Strain.parse(rest)
        except ParseError:
            return None
    return Call.bid(level, strain)


def parse_call(raw: str, lang: str | None = None) -> Call | None:
    """Read one call in a language's words ("kolm pada", "3 pik", "dalje", "1 SA"), or None.

    With ``lang`` None every known language is tried, English first. English letters and
    symbols ("1NT", "4♠", "X") are always understood.
    """
    if isinstance(raw, Call):
        return raw
    call = _parse_english(str(raw))
    if call is not None:
        return call
    if _LOOSE_DASH.search(str(raw)):  # '1H -': a dash is a call of its own (a pass), not a hyphen
        return None
    key = normalize(raw)
    if not key:
        return None
    for t in _tables(lang):
        if key in t.calls:
            return t.calls[key]
        call = _bid_in(key, t)
        if call is not None:
            return call
    return None


def parse_contract(raw: str, lang: str | None = None) -> Contract | None:
    """Read a contract with the doubling in words: "4 pada kontraga", "tri-pik rekontra"."""
    key = normalize(raw)
    for t in _tables(lang):
        for dbl_word, dbl in sorted(t.doubling.items(), key=lambda kv: -len(kv[0])):
            if key.endswith(" " + dbl_word):
                call = parse_call(key[: -len(dbl_word)].strip(), t.code)
                if call is not None and call.is_bid:
                    return Contract(call.level, call.strain, dbl)
        call = parse_call(key, t.code)
        if call is not None and call.is_bid:
            return Contract(call.level, call.strain, 0)
    return None


def rank_word(raw: str, lang: str | None = None) -> str | None:
    """The rank letter ('K') of a rank's name in a language ('kuningas', 'raja'), or None."""
    key = normalize(raw)
    for t in _tables(lang):
        if key in t.ranks:
            return t.ranks[key]
    return None


def read_call(raw: "str | Call", lang: str | None = None) -> Call:
    """Read one call in English notation or a language's words; ParseError if it is none.

    >>> read_call("kolm pada"), read_call("3 pik", "sr"), read_call("1NT")
    (Call('3S'), Call('3S'), Call('1NT'))
    """
    call = parse_call(raw, lang)
    if call is None:
        Call.parse(str(raw))  # raises the notation's own message
    return call


def read_contract(raw: "str | Contract", lang: str | None = None) -> Contract:
    """Read a contract in English notation ('4SX by N') or in words ('4 pada kontraga')."""
    if isinstance(raw, Contract):
        return raw
    try:
        return Contract.parse(raw)
    except ParseError:
        contract = parse_contract(str(raw), lang)
        if contract is None:
            raise
        return contract


def is_all_pass(raw: str, lang: str | None = None) -> bool:
    """Is ``raw`` a way of writing "all pass" (the auction ends with passes)?"""
    key = normalize(raw)
    return any(key in t.all_pass for t in _tables(lang))


def parse_seat(raw: "str | Seat", lang: str | None = None) -> Seat | None:
    """Read a seat name ('Nord', 'sever', 'Timur', 'J'), or None.

    The one rule for seat letters and names, used by every reader that knows a language: with
    ``lang`` given, that language's words and letters (its terms file's "seats") come first, so
    in Czech 'S' is sever (North) and 'J' jih (South); English letters and names the language
    does not use for another seat are still read ('N', 'W', 'East'). With ``lang`` None English
    comes first ('S' is South), then every language's words.
    """
    if isinstance(raw, Seat):
        return raw
    if not isinstance(raw, (str, int)) or isinstance(raw, bool):
        return None
    key = normalize(str(raw))
    try:
        tables = _tables(lang)
    except ParseError:  # a language without a terms file writes the seats in English
        tables, lang = [], None
    if lang is not None:
        for t in tables:
            if key in t.seats:
                return t.seats[key]
    try:
        return Seat.parse(raw)
    except ParseError:
        pass
    for t in _tables(None):  # every language's words; with a language, not the others' letters
        if key in t.seats and (lang is None or len(key) > 1):
            return t.seats[key]
    return None


def read_seat(raw: "str | Seat", lang: str | None = None) -> Seat:
    """``parse_seat``, or a ParseError that names the seats as ``lang`` writes them."""
    seat = parse_seat(raw, lang)
    if seat is not None:
        return seat
    hint = ""
    if lang is not None and _code(lang) != "en":
        seats = _load(_code(lang)).data.get("seats") or {}
        names = [", ".join(seats[k]) for k in ("N", "E", "S", "W") if k in seats]
        if names:
            language = _load(_code(lang)).data.get("language", lang)
            hint = f" (in {language}: " + "; ".join(names) + ")"
    raise ParseError(f"{raw!r} is not a seat: write N, E, S or W (or North, East, South, West){hint}")


# ---- writing ---------------------------------------------------------------------------------


def _first(t: _Table, section: str, key: str) -> str | None:
    forms = (t.data.get(section) or {}).get(key)
    return forms[0] if forms else None


def strain_name(strain: "Strain | str", lang: str = "en") -> str:
    """The name of a strain: strain_name('S', 'et') == 'pada'."""
    s = Strain.parse(strain)
    return _first(_load(_code(lang)), "strains", s.name) or s.full_name


def seat_letter(seat: "Seat | str", lang: str = "en") -> str:
    """The letter a language writes for a seat in diagrams: the first one-letter form of its
    terms file ('S' for sever in Czech, 'U' for utara in Malay), else the English letter."""
    s = Seat.parse(seat)
    forms = (_load(_code(lang)).data.get("seats") or {}).get(s.name) or []
    return next((f.upper() for f in forms if len(f) == 1), s.name)


def seat_name(seat: "Seat | str", lang: str = "en") -> str:
    """The name of a seat: seat_name('E', 'sr') == 'istok'."""
    s = Seat.parse(seat)
    return _first(_load(_code(lang)), "seats", s.name) or s.full_name


def word(key: str, lang: str = "en") -> str:
    """A bridge word ('declarer', 'dummy', 'vulnerable', ...), English when the language lacks it."""
    name = _first(_load(_code(lang)), "words", key)
    if name is None:
        name = _first(_load("en"), "words", key)
    if name is None:
        raise ParseError(f'{key!r} is not a known bridge word: see the "words" of en.json')
    return name


def bid_text(call: "Call | str", lang: str = "en") -> str:
    """A call as the language writes it in auction tables and bidding boxes: a level with a
    suit symbol or the language's no-trump letters ('3T' in Estonian, '3BA' in Serbian, '3BT'
    in Czech, '3SA' in Malay), and pass, double, redouble in its words.

    >>> bid_text("3NT", "et"), bid_text("1S", "cs"), bid_text("X", "sr")
    ('3T', '1♠', 'kontra')
    """
    c = Call.parse(call)
    if not c.is_bid:
        return call_name(c, lang)
    if c.strain is Strain.NT:
        nt = (_load(_code(lang)).data.get("notation") or {}).get("NT", "NT")
        return f"{c.level}{nt}"
    return str(c)


def rank_letters(lang: str = "en") -> dict[str, str]:
    """The letters a language shows for the honours, where it has its own: Estonian
    Ä K E S for A K Q J. A K Q J are always read when typed."""
    letters = {r: r for r in "AKQJT"}
    letters.update((_load(_code(lang)).data.get("notation") or {}).get("ranks") or {})
    return letters


def call_name(call: "Call | str", lang: str = "en") -> str:
    """A call in words: call_name('3S', 'sr') == '3 pik', call_name('X', 'ms') == 'gandakan'."""
    c = Call.parse(call)
    t = _load(_code(lang))
    if not c.is_bid:
        return _first(t, "calls", c.kind) or str(c)
    if c.strain is Strain.NT and (t.data.get("notation") or {}).get("NT") and t.code != "en":
        return bid_text(c, t.code)  # after a digit no trump is letters: 3T, 3BA, 3BT, 3SA
    levels = (t.data.get("strain_by_level") or {}).get(c.strain.name)
    strain = (_level_word(levels, c.level) if levels else None) or strain_name(c.strain, t.code)
    level_word = _first(t, "numbers", str(c.level)) or str(c.level)
    fmt = t.data.get("call_format", "{level} {strain}")
    return fmt.format(level=c.level, level_word=level_word, strain=strain)
