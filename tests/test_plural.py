"""Counted messages take the plural form of each language (gettext's rules in the catalogue)."""

from __future__ import annotations

import pytest

from bridgelab.text import i18n


@pytest.fixture
def catalogue(tmp_path):
    """A 'demo' domain with a counted message in Czech (three forms) and Estonian (two)."""
    forms = {
        "cs": (
            "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
            ["{n} zdvih", "{n} zdvihy", "{n} zdvihů"],
        ),
        "et": ("nplurals=2; plural=(n != 1);", ["{n} tihi", "{n} tihi"]),
    }
    for lang, (rule, texts) in forms.items():
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        strs = "\n".join(f'msgstr[{i}] "{t}"' for i, t in enumerate(texts))
        (folder / "demo.po").write_text(
            f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            f'"Plural-Forms: {rule}\\n"\n\n'
            f'msgid "{{n}} trick"\nmsgid_plural "{{n}} tricks"\n{strs}\n',
            encoding="utf-8",
        )
    i18n.add_locale_dir(tmp_path)
    yield
    i18n._extra_dirs.remove(tmp_path)
    i18n.reload()


@pytest.mark.parametrize(
    ("lang", "n", "want"),
    [
        ("en", 1, "1 trick"),
        ("en", 3, "3 tricks"),
        ("en", 0, "0 tricks"),
        ("cs", 1, "1 zdvih"),
        ("cs", 3, "3 zdvihy"),
        ("cs", 5, "5 zdvihů"),
        ("cs", 22, "22 zdvihů"),
        ("et", 1, "1 tihi"),
        ("et", 7, "7 tihi"),
    ],
)
def test_plural_forms_follow_the_languages_rule(catalogue, lang, n, want):
    assert i18n.ntranslate("{n} trick", "{n} tricks", n, lang, "demo") == want


def test_a_language_without_the_message_falls_back_to_english(catalogue):
    assert i18n.ntranslate("{n} deal", "{n} deals", 2, "cs", "demo") == "2 deals"
