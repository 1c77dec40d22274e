"""Translations: five complete catalogues, English fallback, and a language added without code."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bridgelab.model.errors import BridgeError
from bridgelab.rules.scoring import MESSAGES
from bridgelab.text import i18n
from bridgelab.text.i18n import LANGUAGES, add_locale_dir, available_languages, check_language, translate

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "bridgelab" / "text" / "locale"


def _po(lang, domain="bridgelab"):
    with open(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


def _fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _msgids_in_code():
    """Every literal msgid the quiz engine passes to translate (or _t), and its message tables."""
    ids = set()
    files = [p for p in (ROOT / "bridgelab" / "quiz").rglob("*.py") if p.name != "widgets.py"]
    files += [ROOT / "bridgelab" / "commands" / "quiz.py"]
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                fn = node.func
                name = getattr(fn, "id", None) or getattr(fn, "attr", None)
                if name in ("_t", "translate", "N_") and node.args and isinstance(node.args[0], ast.Constant):
                    if isinstance(node.args[0].value, str):
                        ids.add(node.args[0].value)
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                if getattr(target, "id", None) in (
                    "_HINTS",
                    "_PART_NAMES",
                    "_ROLE_PROMPTS",
                    "_ROLE_MSGIDS",
                    "_BUILTIN_TOPICS",
                ) and isinstance(node.value, ast.Dict):
                    ids |= {v.value for v in node.value.values if isinstance(v, ast.Constant)}
    ids |= set(MESSAGES.values())  # the scoring explanation, line by line
    ids |= {"Yes", "No", "yes", "no", "North", "East", "South", "West"}
    return ids


def test_the_five_languages():
    assert LANGUAGES == ("en", "et", "sr", "cs", "ms")
    for lang in LANGUAGES:
        assert (LOCALE / lang / "LC_MESSAGES" / "bridgelab.po").is_file()
        assert lang in available_languages()


def test_the_english_template_has_every_message_the_engine_uses():
    template = _po("en")
    ids = {i for m in template for i in ((m,) if isinstance(m, str) else m)}  # a counted one: both
    missing = _msgids_in_code() - ids
    assert not missing, sorted(missing)


@pytest.mark.parametrize("lang", ["et", "sr", "cs", "ms"])
def test_every_catalogue_is_complete_with_the_same_placeholders(lang):
    template, cat = _po("en"), _po(lang)
    assert set(cat) == set(template)
    for msgid, msg in cat.items():
        if isinstance(msgid, tuple):
            continue  # a counted message: its forms are checked in test_plural_forms.py
        assert msg.string and not msg.fuzzy, (lang, msgid)
        english = template[msgid].string or msgid  # a code-keyed message: the English catalogue's text
        assert _fields(msg.string) == _fields(english), (lang, msgid, msg.string)
    same = [m for m in cat if cat[m].string == m and any(c.isalpha() for c in m)]
    assert len(same) <= 0.05 * len(cat), same  # translated, not copied


def test_translate_and_fallbacks():
    assert translate("Right!", "et") == "Õige!"
    assert translate("Right!", "cs") == "Správně!"
    assert translate("Right!", "sr") == "Tačno!"
    assert translate("Right!", "en") == "Right!"
    assert translate("Right!", "xx") == "Right!"  # no catalogue
    assert translate("A sentence nobody translated", "et") == "A sentence nobody translated"
    assert translate("{n} apples", "ms", n=2) == "2 apples"


def test_check_language():
    assert (
        check_language("ET") == "et" and check_language("sr_Latn") == "sr" and check_language("cs-CZ") == "cs"
    )
    assert check_language(None) == "en"
    with pytest.raises(BridgeError, match="not a language bridgelab knows"):
        check_language("tlh")


def test_a_teacher_adds_a_language_without_code(tmp_path, monkeypatch):
    folder = tmp_path / "locale" / "fi" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "bridgelab.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: fi\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "How many tricks must declarer take in a contract of {contract}?"\n'
        'msgstr "Montako tikkiä pelinviejän on otettava sopimuksessa {contract}?"\n\n'
        'msgid "Right!"\nmsgstr "Oikein!"\n\n'
        '#, fuzzy\nmsgid "Yes"\nmsgstr "Ehkä"\n\n'
        'msgid "No"\nmsgstr "Ei {oops}"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("BRIDGELAB_LOCALE_PATH", str(tmp_path / "locale"))
    i18n.reload()
    try:
        assert "fi" in available_languages() and check_language("fi") == "fi"
        assert translate("Right!", "fi") == "Oikein!"
        assert translate("Yes", "fi") == "Yes"  # fuzzy: English
        assert translate("No", "fi") == "No"  # a placeholder that is not in the English: English
        from bridgelab.quiz import QuizSession

        s = QuizSession(topics=["tricks"], level=1, lang="fi", seed=2, length=5)
        while s.current is not None and not s.current.id.startswith("tricks.needed"):
            s.next()
        assert s.current.prompt.startswith("Montako tikkiä")
        assert s.answer(str(s.current.answer)).correct
    finally:
        monkeypatch.delenv("BRIDGELAB_LOCALE_PATH")
        i18n.reload()


def test_add_locale_dir(tmp_path):
    folder = tmp_path / "et" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "bridgelab.po").write_text('msgid "Right!"\nmsgstr "Väga hea!"\n', encoding="utf-8")
    try:
        add_locale_dir(tmp_path)
        assert translate("Right!", "et") == "Väga hea!"  # a later folder overrides
        assert translate("Not quite: the answer is {answer}.", "et", answer=5).startswith("Päris")
    finally:
        i18n._extra_dirs.clear()
        i18n.reload()
