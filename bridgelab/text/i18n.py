"""Learner-visible strings in five languages, from gettext ``.po`` catalogues.

Catalogues live in ``bridgelab/text/locale/<lang>/LC_MESSAGES/<domain>.po`` (domain "bridgelab"
for the engine and quizzes, "widgets" for the notebook widgets). They are read directly with
Babel, so nothing needs compiling: a teacher adds a language by copying ``en``'s catalogue to a
new folder and translating the ``msgstr`` lines (see ``README-i18n.md`` next to this file).
Extra folders laid out the same way can be added with ``add_locale_dir`` or the environment
variable ``BRIDGELAB_LOCALE_PATH`` (folders separated by ``os.pathsep``).

The English text (the ``msgid``) is the fallback for a missing language, a missing entry, an
empty or fuzzy translation, and a translation whose ``{placeholders}`` do not match.

Some messages are keyed by a code instead of their English ("illegal_call.insufficient": the
rulings of the laws, worded once). For these English is one catalogue like the others: its
``msgstr`` is the English wording, the fallback of every other language, and the placeholders a
translation must keep.
"""

from __future__ import annotations

import os
import string
import threading
from pathlib import Path
from typing import Any

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "translate",
    "english",
    "ntranslate",
    "N_",
    "NP_",
    "_",
    "catalog",
    "available_languages",
    "add_locale_dir",
    "locale_dirs",
    "check_language",
    "reload",
]

LANGUAGES = ("en", "et", "sr", "cs", "ms")
"""The languages bridgelab ships: English, Estonian, Serbian (Latin script), Czech, Malay."""

DEFAULT_LANGUAGE = "en"

_HERE = Path(__file__).resolve().parent / "locale"
_extra_dirs: list[Path] = []
_cache: dict[tuple[str, str], dict[str, str]] = {}
_lock = threading.Lock()


def locale_dirs() -> list[Path]:
    """The folders searched for catalogues, later ones overriding earlier ones."""
    dirs = [_HERE]
    env = os.environ.get("BRIDGELAB_LOCALE_PATH", "")
    dirs += [Path(p) for p in env.split(os.pathsep) if p]
    dirs += _extra_dirs
    return dirs


def add_locale_dir(path: "str | os.PathLike") -> None:
    """Search ``path`` (laid out as ``<lang>/LC_MESSAGES/<domain>.po``) for catalogues too."""
    p = Path(path)
    if p not in _extra_dirs:
        _extra_dirs.append(p)
    reload()


def reload() -> None:
    """Forget the catalogues read so far (after a teacher edits a ``.po`` file)."""
    with _lock:
        _cache.clear()


def available_languages(domain: str = "bridgelab") -> tuple[str, ...]:
    """The shipped languages plus every language that has a catalogue for ``domain``."""
    found = []
    for d in locale_dirs():
        if d.is_dir():
            for sub in sorted(d.iterdir()):
                if (sub / "LC_MESSAGES" / f"{domain}.po").is_file():
                    found.append(sub.name)
    return tuple(dict.fromkeys([*LANGUAGES, *found]))


def check_language(lang: "str | None") -> str:
    """``lang`` normalised ('ET' -> 'et', 'sr_Latn' -> 'sr'); a BridgeError if it is unknown."""
    from ..model.errors import BridgeError

    if lang is None:
        return DEFAULT_LANGUAGE
    key = str(lang).strip().replace("-", "_")
    low = key.lower()
    known = available_languages()
    if low in known:
        return low
    if key in known:
        return key
    base = low.split("_")[0]
    if base in known:
        return base
    raise BridgeError(
        f"{lang!r} is not a language bridgelab knows: use one of {', '.join(known)} "
        "(or add a catalogue, see bridgelab/text/README-i18n.md)"
    )


def _read_po(path: Path) -> dict[str, str]:
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        cat = read_po(f)
    out: dict[str, str] = {}
    for msg in cat:
        if not msg.id or msg.fuzzy:
            continue
        msgid = msg.id if isinstance(msg.id, str) else msg.id[0]
        text = msg.string if isinstance(msg.string, str) else (msg.string[0] if msg.string else "")
        if text:
            out[msgid] = text
    return out


def catalog(lang: str, domain: str = "bridgelab") -> dict[str, str]:
    """msgid -> translation for ``lang`` and ``domain`` (for English: the code-keyed messages)."""
    key = (lang, domain)
    with _lock:
        if key in _cache:
            return _cache[key]
    merged: dict[str, str] = {}
    for d in locale_dirs():
        path = d / lang / "LC_MESSAGES" / f"{domain}.po"
        if path.is_file():
            merged.update(_read_po(path))
    with _lock:
        _cache[key] = merged
    return merged


def _plurals(lang: str, domain: str):
    """(plural rule, {singular msgid: [forms]}) of ``lang``'s catalogues for ``domain``."""
    import gettext

    from babel.messages.pofile import read_po

    key = (lang, domain, "plural")
    with _lock:
        if key in _cache:
            return _cache[key]
    rule, forms = None, {}
    for d in locale_dirs():
        path = d / lang / "LC_MESSAGES" / f"{domain}.po"
        if not path.is_file():
            continue
        with open(path, "rb") as f:
            cat = read_po(f)
        rule = gettext.c2py(cat.plural_expr)
        for msg in cat:
            if isinstance(msg.id, tuple) and not msg.fuzzy and all(msg.string):
                forms[msg.id[0]] = list(msg.string)
    with _lock:
        _cache[key] = (rule, forms)  # type: ignore[assignment]
    return rule, forms


def ntranslate(
    singular: str,
    plural: str,
    n: int,
    /,
    lang: "str | None" = None,
    domain: str = "bridgelab",
    **format_args: Any,
) -> str:
    """The form of a counted message that ``n`` takes in ``lang`` (gettext's plural rules).

    ``n`` is passed to the format too: ``ntranslate("{n} trick", "{n} tricks", 3, "cs")``
    (a ``n=`` keyword shows it otherwise, e.g. "10,000", the count still choosing the form).
    The catalogue holds the message as ``msgid``/``msgid_plural`` with one ``msgstr[i]`` per form
    of the language (Czech and Serbian three, Estonian and English two, Malay one). A message
    keyed by a code keeps its English forms in the English catalogue, like ``translate``.
    """
    lang = lang or DEFAULT_LANGUAGE
    _, english_forms = _plurals(DEFAULT_LANGUAGE, domain)
    base: list[str] = english_forms.get(singular) or [singular, plural]
    text = base[0] if n == 1 else base[-1]
    allowed = _fields(base[0]) | _fields(base[-1]) | {"n"}
    if lang != DEFAULT_LANGUAGE:
        rule, forms = _plurals(lang, domain)
        found = forms.get(singular)
        if rule is not None and found:
            index = rule(n)
            if 0 <= index < len(found) and _fields(found[index]) <= allowed:
                text = found[index]
    args = {"n": n, **format_args}
    try:
        return str(text.format(**args))
    except (KeyError, IndexError, ValueError):
        return str((base[0] if n == 1 else base[-1]).format(**args))


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message (singular, plural) for the catalogues; ``ntranslate`` shows it."""
    return singular, plural


def _fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"\0bad"}


def english(msgid: str, domain: str = "bridgelab") -> str:
    """The English of ``msgid``: the English catalogue's text for a code-keyed message, else the
    msgid itself (the English text is the key)."""
    return catalog(DEFAULT_LANGUAGE, domain).get(msgid) or msgid


def translate(msgid: str, lang: "str | None" = None, domain: str = "bridgelab", **format_args) -> str:
    """``msgid`` in ``lang``, formatted with ``format_args`` ({name} placeholders).

    English when there is no usable translation: the English catalogue's text for a message
    keyed by a code, else the msgid itself.
    """
    lang = lang or DEFAULT_LANGUAGE
    base = english(msgid, domain)
    text = base
    if lang != DEFAULT_LANGUAGE:
        found = catalog(lang, domain).get(msgid)
        if found and _fields(found) <= _fields(base):
            text = found
    if format_args:
        try:
            return text.format(**format_args)
        except (KeyError, IndexError, ValueError):
            return base.format(**format_args)
    return text


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogues where it is written; it is translated where it is shown."""
    return msgid


def _(msgid: str, lang: "str | None" = None, **format_args) -> str:
    """Short form of ``translate`` for the "bridgelab" domain."""
    return translate(msgid, lang, "bridgelab", **format_args)
