"""Reading what a learner types: numbers, yes/no, seats, calls, patterns, choices.

Lenient on purpose: "1 234", "1,234" and "1234" are one number; "2½", "2,5" and "2.5" another;
"4s", "4♠", "4 pada", "4 pik" are one call (through ``bridgelab.text.terms.parse_call``); "jah", "da",
"ano", "ya" all mean yes. Each reader returns None when it cannot read the text, so the session
can say "I did not understand" instead of marking a typo as a wrong bridge answer. Text
longer than ``MAX_ANSWER`` characters is refused at once with a ParseError (a pasted page would
otherwise keep the reader busy).
"""

from __future__ import annotations

import math
import re
import unicodedata

from ..model.cards import Seat
from ..model.errors import BridgeError, ParseError
from ..text import notation
from ..text import terms as _lang
from ..text.i18n import translate

__all__ = [
    "parse_number",
    "parse_yesno",
    "parse_seat",
    "parse_call",
    "parse_pattern",
    "parse_choice",
    "normalise_text",
    "format_number",
    "MAX_ANSWER",
    "check_length",
]

_SPACES = "\u00a0\u202f\u2009\u2007 '’_"
_FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75}
_THOUSANDS = re.compile(r"^[1-9]\d{0,2}([,.]\d{3})+$")

MAX_ANSWER = 500
"""The longest answer read, in characters: far above any real answer, and short enough that
every reader answers at once (a pasted page is refused, not parsed for seconds)."""


def check_length(text, what: str = "an answer") -> str:
    """``text`` as a string, or a ParseError if it is longer than ``MAX_ANSWER`` characters."""
    s = "" if text is None else str(text)
    if len(s) > MAX_ANSWER:
        raise ParseError(
            f"{what} of {len(s):,} characters is too long to read: "
            f"an answer is at most {MAX_ANSWER} characters"
        )
    return s


def parse_number(text) -> "int | float | None":
    """A number as people write it: '1 234', '1,234', '1.234' (thousands), '2,5', '2.5', '2½',
    '2 1/2', '-500', '−500'. None if it is not a number.

    A comma or dot followed by groups of exactly three digits separates thousands; otherwise
    it is the decimal mark. Text longer than ``MAX_ANSWER`` raises ParseError; so does a
    number too large to be an answer (NaN, infinity, 1e400 are not numbers here).
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if isinstance(text, float) and not math.isfinite(text):
            return None
        return text
    s = check_length(text).strip()
    frac = 0.0
    for sym, val in _FRACTIONS.items():
        if s.endswith(sym):
            frac += val
            s = s[: -len(sym)].strip() or "0"
    s = unicodedata.normalize("NFKC", s).replace("⁄", "/").replace("−", "-").replace("–", "-")
    # the whole part needs a space before the fraction ('2 1/2'): '21/2' is 21 halves
    m = re.fullmatch(r"(?:([+-]?\d+)\s+)?(\d+)\s*/\s*(\d+)", s) if "/" in s else None
    if m:
        if not int(m.group(3)):
            return None
        whole = int(m.group(1) or 0)
        part = int(m.group(2)) / int(m.group(3))
        return _tidy(whole - part if str(m.group(1) or "").startswith("-") else whole + part)
    for ch in _SPACES:
        s = s.replace(ch, "")
    sign = 1
    if s.startswith(("-", "+")):
        sign = -1 if s[0] == "-" else 1
        s = s[1:]
    if not s or not re.fullmatch(r"[\d.,]+", s):
        return None
    if _THOUSANDS.match(s) and len(set(ch for ch in s if ch in ",.")) == 1:
        s = s.replace(",", "").replace(".", "")
    elif s.count(",") + s.count(".") > 1:
        # '1.234,5' or '1,234.5': the last mark is the decimal one
        last = max(s.rfind(","), s.rfind("."))
        whole, mark = s[:last], s[last]
        if mark in whole or not re.fullmatch(r"[1-9]\d{0,2}([,.]\d{3})+", whole):
            return None
        s = whole.replace(",", "").replace(".", "") + "." + s[last + 1 :]
    else:
        s = s.replace(",", ".")
    try:
        value = float(s)
    except ValueError:
        return None
    if not math.isfinite(value):  # '1e400' cannot be written here, but 400 digits can
        return None
    if frac and value != int(value):
        return None
    return _tidy(sign * (value + frac))  # '-2½' is minus two and a half


def _tidy(x: float) -> "int | float":
    return int(x) if float(x).is_integer() else x


def format_number(x, lang: str = "en") -> str:
    """A number for display: thousands unseparated ('1100'), halves as '2½'."""
    if isinstance(x, float) and not x.is_integer():
        whole, part = divmod(x, 1)
        if abs(part - 0.5) < 1e-9:
            return f"{int(whole)}½" if whole else "½"
        return str(x) if lang == "en" else str(x).replace(".", ",")
    return str(int(x))


# Yes and no in the shipped languages; a teacher's catalogue adds its own through the
# translations of "yes" and "no".
_YES = {"yes", "y", "true", "jah", "ja", "da", "ano", "ya", "ye", "benar", "betul"}
_NO = {"no", "n", "false", "ei", "ne", "tidak", "tak", "bukan"}


def parse_yesno(text, lang: str = "en") -> "str | None":
    """'yes' or 'no' from yes/no words in any shipped language (and in ``lang``'s catalogue)."""
    key = normalise_text(check_length(text))
    yes = set(_YES) | {normalise_text(translate("yes", lang)), normalise_text(translate("Yes", lang))}
    no = set(_NO) | {normalise_text(translate("no", lang)), normalise_text(translate("No", lang))}
    if key in yes and key not in no:
        return "yes"
    if key in no and key not in yes:
        return "no"
    return None


def parse_seat(text, lang: str = "en") -> "Seat | None":
    """A seat by the one rule of ``bridgelab.text.terms.parse_seat`` (``lang``'s names and letters
    first: Czech 'S' is sever, North; then English), then the catalogue's names of the seats."""
    raw = check_length(text).strip()
    try:
        seat = _lang.parse_seat(raw, lang)
    except BridgeError:  # a language with a catalogue but no terms file
        seat = _lang.parse_seat(raw, None) if len(raw) > 1 else None
        if seat is None:
            try:
                seat = Seat.parse(raw)
            except ParseError:
                seat = None
    if seat is not None:
        return seat
    key = raw.casefold()
    for s in Seat:  # the translated names of the catalogue
        if key == translate(s.full_name, lang).casefold():
            return s
    return None


def parse_call(text, lang: str = "en"):
    """A Call from English or ``lang``'s words ('4s', '4♠', '4 pada', 'dalje'); None if unreadable."""
    raw = check_length(text).strip()
    for attempt in (lang, None):
        try:
            return _lang.read_call(raw, attempt)
        except (BridgeError, TypeError):
            continue
    return None


def parse_pattern(text) -> "str | None":
    """The pattern a learner answers ('5-4-3-1'), read by the notation (``text.notation``):
    '5-4-3-1', '1-3-4-5', '5431', '5=4=3=1', and, as learners type, '5 4 3 1'. None unless
    the text names shapes of one pattern (13 cards)."""
    s = check_length(text).strip()
    if re.fullmatch(r"\d+(\s+\d+){3}", s):
        s = "-".join(s.split())  # four lengths with spaces: a pattern in any suits
    return notation.parse_pattern(s)


def normalise_text(text) -> str:
    """Lower case, accents and punctuation kept apart from letters and digits removed."""
    s = unicodedata.normalize("NFKC", str(text)).casefold().strip()
    return " ".join(re.sub(r"[^\w♠♥♦♣]+", " ", s).split())


def _strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def parse_choice(text, choices: list[str]) -> "str | None":
    """One of ``choices``: its text (case, accents and spacing aside) or its number 1, 2, ...

    A number is taken as the choice's position only when no choice reads as that number.
    """
    key = normalise_text(check_length(text))
    if not key:
        return None
    for c in choices:
        if normalise_text(c) == key:
            return c
    for c in choices:
        if _strip_accents(normalise_text(c)) == _strip_accents(key):
            return c
    num = parse_number(key)
    if isinstance(num, int):
        for c in choices:
            if parse_number(c) == num:
                return c
        if 1 <= num <= len(choices):
            return choices[num - 1]
    if len(key) == 1 and "a" <= key <= "z" and ord(key) - 97 < len(choices):
        return choices[ord(key) - 97]
    return None
