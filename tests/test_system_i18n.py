"""The bidding system speaks five languages: catalogues complete, quizzes and advice translated.

The msgids the system code uses are found by reading its source (every Msg/_t/translate/N_ call
with a literal first argument); the rule names and promises by reading sayc.toml as written.
"""

from __future__ import annotations

import ast
import re
import string
import tomllib
from html import escape as html_escape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import bridgelab.system  # noqa: F401  (registers the quiz generators)
from bridgelab.model.cards import Seat, Strain
from bridgelab.model.contract import Call
from bridgelab.model.hand import Hand
from bridgelab.quiz import QuizSession
from bridgelab.system.advice import advise
from bridgelab.system.engine import DEFAULT_PATH, SECTIONS, SuitTerm, System, default_system
from bridgelab.text.i18n import catalog, translate
from bridgelab.text.words import call_name, yes_no

LANGS = ("et", "sr", "cs", "ms")
SYSTEM_DIR = Path(bridgelab.system.__file__).parent
LOCALE = Path(bridgelab.text.i18n.__file__).parent / "locale"
SOURCES = (
    SYSTEM_DIR / "engine.py",
    SYSTEM_DIR / "advice.py",
    SYSTEM_DIR / "practice.py",
    SYSTEM_DIR / "auctions.py",
    SYSTEM_DIR.parent / "quiz" / "generators" / "bidding.py",
)
TEXT_CALLS = {"Msg", "_t", "translate", "N_"}
COUNTED_CALLS = {"NMsg", "_nt", "ntranslate"}  # (singular, plural, n, ...): the singular is the key


def _counted(node) -> tuple[str, str] | None:
    """(singular, plural) of a counted message call with two literal strings, else None."""
    fn = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
    if fn not in COUNTED_CALLS or len(node.args) < 2:
        return None
    a, b = node.args[:2]
    if all(isinstance(x, ast.Constant) and isinstance(x.value, str) for x in (a, b)):
        return a.value, b.value
    return None


def _code_msgids() -> set[str]:
    found: set[str] = set()
    for name in SOURCES:
        tree = ast.parse(name.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            fn = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            first = node.args[0]
            if fn in TEXT_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
            pair = _counted(node)
            if pair:
                found.add(pair[0])
    return found


def _toml_texts() -> set[str]:
    """The names and promises of every shipped system file (SAYC and Acol), every table."""
    out = set()
    for path in (DEFAULT_PATH, DEFAULT_PATH.with_name("acol.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for section in SECTIONS:
            for entry in data.get(section, []):
                out.update(entry[k] for k in ("name", "promises") if entry.get(k))
    return out


CODE_MSGIDS = sorted(_code_msgids())
TOML_TEXTS = sorted(_toml_texts())


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _po_ids(lang: str, domain: str) -> set[str]:
    with open(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as fh:
        return {i for m in read_po(fh) if m.id for i in ((m.id,) if isinstance(m.id, str) else m.id)}


def test_the_scan_finds_the_system_messages():
    # a guard on the scanner itself: these are certainly used
    assert "{call} needs {need}; this hand has {have}" in CODE_MSGIDS
    assert "open {call}" in CODE_MSGIDS and "{range} HCP" in CODE_MSGIDS
    assert "How many {suit} do you and partner hold together?" in CODE_MSGIDS
    assert "Your auction ends in {contract}; the system's ends in {system_contract}." in CODE_MSGIDS
    assert len(CODE_MSGIDS) > 60
    assert "transfer to hearts" in TOML_TEXTS and "{nt_range} HCP, a balanced hand" in TOML_TEXTS


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_msgid_is_translated_with_its_placeholders(lang):
    cat = catalog(lang, "bridgelab")
    missing = [m for m in CODE_MSGIDS if not cat.get(m)]
    assert not missing, f"{lang}: no translation for {missing}"
    bad = [m for m in CODE_MSGIDS if _fields(cat[m]) != _fields(m)]
    assert not bad, f"{lang}: placeholders differ for {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_name_and_promise_is_translated(lang):
    cat = catalog(lang, "system")
    missing = [t for t in TOML_TEXTS if not cat.get(t)]
    assert not missing, f"{lang}: system.po lacks {missing}"
    bad = [t for t in TOML_TEXTS if _fields(cat[t]) != _fields(t)]
    assert not bad, f"{lang}: placeholders differ for {bad}"


def test_english_catalogues_list_every_msgid_and_nothing_stale():
    assert set(CODE_MSGIDS) <= _po_ids("en", "bridgelab")
    for lang in ("en", *LANGS):
        # system.po holds the texts of the system files and only those (a renamed rule is noticed)
        assert _po_ids(lang, "system") == set(TOML_TEXTS), lang


def test_english_advice_is_unchanged_and_lang_defaults_to_english():
    hand = Hand.from_pbn("AK4.Q93.K652.Q97")
    a = advise(hand)
    assert a.reason == "14 HCP, 4-3-3-3 balanced, 4 diamonds: open 1♦"
    assert a.lang == "en" and str(advise(hand, lang="en")) == str(a)
    assert "1NT needs 15-17 HCP; this hand has 14 HCP" in a.why_not
    assert advise(hand, lang="cs").in_language("en").reasons == a.reasons


@pytest.mark.parametrize("lang", LANGS)
def test_advice_in_each_language(lang):
    hand = Hand.from_pbn("AK4.Q93.K652.Q97")
    en, loc = advise(hand), advise(hand, lang=lang)
    assert loc.call == en.call and loc.rule is en.rule  # the same recommendation
    assert loc.reason != en.reason and loc.promises != en.promises
    assert loc.promises == translate(en.rule.promises_source, lang, "system", **default_system().values)
    assert str(advise(hand).in_language(lang)) == str(loc)
    why = translate("{call} needs {need}; this hand has {have}", lang, call="1NT", need="X", have="Y")
    head = why.split("X")[0].replace("1NT", "")  # "... vajab " / "... zahteva "
    nt = call_name("1NT", lang)
    assert any(w.startswith(nt + head) for w in loc.why_not), (nt + head, loc.why_not)
    # no English sentence is left in the text
    for line in str(en).splitlines():
        assert line.strip() not in [x.strip() for x in str(loc).splitlines()], line


def test_option_values_fill_translated_promises():
    hand = Hand.from_pbn("AK4.KQ3.K652.J97")  # 16 HCP balanced
    weak = System.load(nt_range="16-18")
    a = advise(hand, system=weak, lang="et")
    assert a.call == Call.parse("1NT") and a.promises.startswith("16-18 ")
    assert a.promises == translate("{nt_range} HCP, a balanced hand", "et", "system", nt_range="16-18")


def test_a_rule_a_teacher_adds_shows_english_until_translated():
    data = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    nt = next(e for e in data["opening"] if e["call"] == "1NT")
    nt["name"], nt["promises"] = "my notrump", "a brand-new promise of {nt_range}"
    custom = System(data)
    hand = Hand.from_pbn("AK4.KQ3.K652.J97")
    a = advise(hand, system=custom, lang="sr")
    assert a.promises == "a brand-new promise of 15-17"  # English fallback
    assert a.reason.endswith(call_name("1NT", "sr"))  # the rest still Serbian
    assert advise(hand, lang="sr").promises != advise(hand).promises


def test_counts_of_cards_use_the_terms_files():
    assert SuitTerm(Strain.S, 1).render("cs") == "1 pik"
    assert SuitTerm(Strain.S, 3).render("cs") == "3 piky"
    assert SuitTerm(Strain.S, 5).render("cs") == "5 piků"
    assert SuitTerm(Strain.S, 9).render("cs") == "9 piků"
    assert SuitTerm(Strain.S, 0).render("cs") == "0 piků"
    assert SuitTerm(Strain.H, 4).render("ms") == "4 kad hati"
    assert SuitTerm(Strain.C, 2).render("en") == "2 clubs" and SuitTerm(Strain.C, 1).render("en") == "1 club"


def _literal_fragments(msgid: str) -> list[str]:
    """The English words of a template between its placeholders, when they make a phrase."""
    parts = re.split(r"\{[^}]*\}", msgid)
    return [p.strip() for p in parts if len(re.findall(r"[A-Za-z]{2,}", p)) >= 2]


ENGLISH_PHRASES = sorted({frag for m in CODE_MSGIDS for frag in _literal_fragments(m)}, key=len, reverse=True)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", ["opening", "response", "rebid", "fit"])
def test_quiz_questions_are_translated_and_answerable(lang, topic):
    for seed in (1, 2, 3, 4):
        s_en = QuizSession(topics=[topic], lang="en", seed=seed)
        s = QuizSession(topics=[topic], lang=lang, seed=seed)
        q_en, q = s_en.current, s.current
        assert q.answer == q_en.answer  # the same question
        assert q.prompt != q_en.prompt
        text = q.prompt + "\n" + q.explanation + "\n" + str(q.show)
        left = [p for p in ENGLISH_PHRASES if p in text]
        assert not left, f"{lang} {topic} seed {seed}: English left {left}\n{text}"
        en_lines = {x.strip() for x in q_en.explanation.splitlines()}
        assert not en_lines & {x.strip() for x in q.explanation.splitlines()}
        if topic in ("opening", "response"):
            rule = next(r for r in default_system().rules if r.name == q.data["rule"])
            promise = rule.promises_msg().render(lang)
            assert promise in q.explanation and promise == translate(
                rule.promises_source, lang, "system", **default_system().values
            )
            if rule.promises_text != promise:
                assert rule.promises_text not in q.explanation
            localized = call_name(q.answer, lang)
        elif topic == "rebid":
            localized = call_name(q.answer, lang)
        elif q.kind == "yesno":
            localized = yes_no(q.answer == "yes", lang)
        else:
            localized = str(q.answer)
        assert q.answer_text == localized
        fb = s.answer(localized)
        assert fb.correct, (lang, topic, seed, localized)


def test_side_view_labels_are_translated():
    s = QuizSession(topics=["fit"], lang="et", seed=5)
    view = s.current.show
    assert view.labels != ("You (South)", "Partner (North)")
    assert all("(" in label and label.endswith(")") for label in view.labels)
    s_en = QuizSession(topics=["fit"], lang="en", seed=5)
    assert s_en.current.show.labels == ("You (South)", "Partner (North)")


def test_bid_command_speaks_the_learners_language(capsys):
    from bridgelab.commands.main import main

    assert main(["bid", "AKQ2.KJ4.A93.T52", "--lang", "et"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "17 punkti, 4-3-3-3 (ühtlane): ava 1T"
    assert main(["bid", "AKQ2.KJ4.A93.T52", "--lang", "xx"]) == 2
    assert "'xx' is not a language" in capsys.readouterr().err


# ---- the practice table ----------------------------------------------------------------------------

PRACTICE_DEAL = "N:AK32.K32.K32.Q32 QJ9.QJ9.QJ9.KJ98 8654.A54.A54.A54 T7.T876.T876.T76"


def _practice_msgids(plurals: bool = False) -> set[str]:
    """The msgids of practice.py (with ``plurals``, the English plural of each counted one too)."""
    tree = ast.parse((SYSTEM_DIR / "practice.py").read_text(encoding="utf-8"))
    found = {
        n.args[0].value
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and n.args
        and isinstance(n.func, ast.Name)
        and n.func.id in TEXT_CALLS
        and isinstance(n.args[0], ast.Constant)
        and isinstance(n.args[0].value, str)
    }
    for n in ast.walk(tree):
        pair = _counted(n) if isinstance(n, ast.Call) else None
        if pair:
            found |= set(pair) if plurals else {pair[0]}
    return found


PRACTICE_MSGIDS = sorted(_practice_msgids())
PRACTICE_PHRASES = sorted(
    {frag for m in _practice_msgids(plurals=True) for frag in _literal_fragments(m)}, key=len, reverse=True
)


def _practice(lang: str, dd: bool = True):
    from bridgelab.model.deal import Deal
    from bridgelab.system import PracticeTable

    t = PracticeTable(
        Deal.from_pbn(PRACTICE_DEAL), learner=Seat.S, dealer=Seat.N, lang=lang, opponents="pass"
    )  # not letters: Czech S is North
    t.bid("3NT")  # the system bids 2♣ (Stayman): one difference, explained
    return t, t.result(dd=dd)


def test_the_practice_scan_finds_its_messages():
    assert {
        "Your auction:",
        "The system's auction",
        "no contract (passed out)",
        "{label}: {contract} takes {tricks} trick double dummy: {how}",
    } <= set(PRACTICE_MSGIDS)
    assert "Where your calls differed from the system's:" in PRACTICE_PHRASES
    assert set(PRACTICE_MSGIDS) <= set(CODE_MSGIDS)


def test_english_practice_text_is_the_default():
    _, en = _practice("en", dd=False)
    text = str(en)
    assert "Your auction:" in text.splitlines() and "The system's auction:" in text.splitlines()
    assert (
        "  call 3: you bid 3NT, the system bids 2♣ (12 HCP, 4-3-3-3 balanced, 4 spades: respond 2♣)" in text
    )
    assert "Your auction ends in 3NT by N; the system's ends in 4♠ by N." in text
    assert en.in_language("cs").in_language("en").summary_lines() == en.summary_lines()


@pytest.mark.parametrize("lang", LANGS)
def test_practice_result_speaks_the_learners_language(lang):
    from bridgelab.text.words import seat_name

    t, r = _practice(lang)
    _, en = _practice("en", dd=False)
    text, page = str(r), r._repr_html_()
    left = [p for p in PRACTICE_PHRASES if p in text or html_escape(p) in page]
    assert not left, f"{lang}: English left {left}\n{text}"
    lines = text.splitlines()
    assert translate("Your auction:", lang) in lines and translate("The system's auction:", lang) in lines
    assert translate("Your auction:", lang) != "Your auction:"
    assert f"<b>{translate('Your auction', lang)}</b>" in page
    assert f"<b>{translate('The system' + chr(39) + 's auction', lang)}</b>" in page
    assert translate("Where your calls differed from the system's:", lang) in lines
    assert translate("In this beginner version the opponents always pass.", lang) in lines
    # the diagram names the seats in the language, the headers of the auctions too
    assert seat_name("N", lang) in lines[0] and "North" not in text and "South" not in text
    assert "North (" not in page and f">{seat_name('S', lang)} (" in page
    # the reason is the advice's own, in the language; the English lines are all gone
    d = r.differences[0]
    assert d.advice.in_language(lang).reason in text and d.advice.reason not in text
    assert d.text(lang) == d.text(lang) != str(d) and d.text("en") == str(d)
    assert not {x.strip() for x in str(en).splitlines() if x.strip()} & {x.strip() for x in lines[15:]}
    back = r.in_language("en").summary_lines()  # the same result, in English
    assert [x for x in back if r.dd is None or x not in r.dd.lines] == en.summary_lines()
    assert t.result(dd=False, lang="en").summary_lines() == en.summary_lines()
    if r.dd is not None:
        dd_lines = r.dd.lines_in(lang)
        assert dd_lines[0].startswith(translate("Your contract", lang))
        assert dd_lines[1].startswith(translate("The system's contract", lang))
        assert all(line in lines for line in dd_lines) and not set(r.dd.lines) & set(lines)


@pytest.mark.parametrize("lang", LANGS)
def test_practice_errors_speak_the_learners_language(lang):
    from bridgelab.model.deal import Deal
    from bridgelab.model.errors import BridgeError, IllegalCall
    from bridgelab.system import PracticeTable
    from bridgelab.text.words import seat_name

    t = PracticeTable(
        Deal.from_pbn(PRACTICE_DEAL), learner=Seat.S, dealer=Seat.N, lang=lang, opponents="pass"
    )  # not letters: Czech S is North
    with pytest.raises(BridgeError) as info:
        t.result()
    assert str(info.value) == translate(
        "the auction is not over yet: it is {seat}'s turn", lang, seat=seat_name("S", lang)
    )
    assert "South" not in str(info.value)
    with pytest.raises(IllegalCall) as info:
        t.bid("1C")  # insufficient over 1NT
    assert info.value.code == "insufficient" and "not higher" not in str(info.value)
    assert call_name("1NT", lang) in str(info.value)
    assert len(t.auction) == 2
    t.bid("Pass")
    with pytest.raises(IllegalCall) as info:
        t.bid("Pass")
    assert (
        str(info.value)
        == translate("the auction is over: there is nothing more to bid", lang)
        != ("the auction is over: there is nothing more to bid")
    )
    with pytest.raises(IllegalCall, match=re.escape(translate("the auction is over", lang))):
        t.advice()


def test_a_practice_table_checks_its_language():
    from bridgelab.model.deal import Deal
    from bridgelab.model.errors import BridgeError
    from bridgelab.system import PracticeTable

    with pytest.raises(BridgeError, match="not a language"):
        PracticeTable(Deal.from_pbn(PRACTICE_DEAL), lang="xx")
    t = PracticeTable(Deal.from_pbn(PRACTICE_DEAL), lang="ET")
    assert t.lang == "et" and t.advice().lang == "et"
