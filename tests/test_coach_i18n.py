"""Every message of the coach and the play widget has a translation in each language, with the
same placeholders; the rank words of each language read as cards."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from bridgelab.text.i18n import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "bridgelab" / "coach").glob("*.py")) + [ROOT / "bridgelab" / "widgets" / "play.py"]


def coach_msgids() -> list[str]:
    """The msgids the code uses: first arguments of ``t(...)`` and the REASONS/IDEAS/RULES tables."""
    ids = []
    for f in SOURCES:
        for node in ast.walk(ast.parse(f.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "t"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                ids.append(node.args[0].value)
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and getattr(node.targets[0], "id", "") in ("REASONS", "IDEAS", "RULES")
            ):
                ids += [v.value for v in node.value.values]
    from bridgelab.coach.techniques import ALL_LEADS, INTRO, TECHNIQUES

    for tech in TECHNIQUES.values():
        ids += [tech.title, tech.how]
    ids += [*INTRO.values(), ALL_LEADS]
    return list(dict.fromkeys(ids))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_code_uses_messages():
    assert len(coach_msgids()) > 60


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_coach_message_is_translated(lang):
    cat = catalog(lang, "coach")
    missing = [m for m in coach_msgids() if m not in cat]
    assert not missing, missing
    for m in coach_msgids():
        assert _fields(cat[m]) == _fields(m), (lang, m, cat[m])
        assert cat[m] != m or len(m) < 8, (lang, m)


def test_english_catalogue_lists_every_message():
    text = (ROOT / "bridgelab/text/locale/en/LC_MESSAGES/coach.po").read_text()
    for m in coach_msgids():
        assert m.replace('"', '\\"') in text, m
