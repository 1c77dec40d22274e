"""Counted messages take each language's plural forms, in the shipped catalogues and on screen.

The oracles are written out by hand from each language's grammar (not read from the
catalogues): Czech 1 zdvih / 2-4 zdvihy / 5+ zdvihů, Serbian 1 (21, 31 ...) štih / 2-4 štiha /
5-20 štihova, Estonian 1 kaart / 2+ kaarti, Malay one form, English 1 card / 2+ cards.
"""

from __future__ import annotations

import ast
import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bridgelab.rules.rulings import COUNTED
from bridgelab.rules.scoring import MESSAGES, PLURALS, score_breakdown
from bridgelab.text.i18n import LANGUAGES, ntranslate

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "bridgelab" / "text" / "locale"
DOMAINS = ("bridgelab", "widgets", "system", "plots", "handout", "coach", "app", "lessons")


def _cat(lang: str, domain: str):
    with open(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return read_po(f)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# ---- each language's rule, by hand -------------------------------------------------------------


def _czech(n: int) -> int:
    return 0 if n == 1 else 1 if 2 <= n <= 4 else 2


def _serbian(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


ORACLE_RULES = {
    "en": (2, lambda n: 0 if n == 1 else 1),
    "et": (2, lambda n: 0 if n == 1 else 1),
    "sr": (3, _serbian),
    "cs": (3, _czech),
    "ms": (1, lambda n: 0),
}


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_declares_its_languages_plural_rule(lang, domain):
    cat = _cat(lang, domain)
    nplurals, rule = ORACLE_RULES[lang]
    assert cat.num_plurals == nplurals, (lang, domain, cat.plural_forms)
    declared = gettext.c2py(cat.plural_expr)
    assert [declared(n) for n in range(0, 230)] == [rule(n) for n in range(0, 230)], (lang, domain)


def test_the_rule_oracles_themselves():
    # a guard on the hand-written rules: the textbook examples
    assert [_czech(n) for n in (1, 2, 4, 5, 11, 21, 22)] == [0, 1, 1, 2, 2, 2, 2]
    assert [_serbian(n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 111, 101)] == [
        0,
        1,
        1,
        2,
        2,
        2,
        0,
        1,
        2,
        2,
        0,
    ]


# ---- rendered at n = 1, 2, 5 and 21 ------------------------------------------------------------

CARDS = {
    "en": ["1 card", "2 cards", "5 cards", "21 cards"],
    "et": ["1 kaart", "2 kaarti", "5 kaarti", "21 kaarti"],
    "sr": ["1 karta", "2 karte", "5 karata", "21 karta"],
    "cs": ["1 karta", "2 karty", "5 karet", "21 karet"],
    "ms": ["1 kad", "2 kad", "5 kad", "21 kad"],
}
POINTS = {
    "en": ["1 HCP", "2 HCP", "5 HCP", "21 HCP"],
    "et": ["1 punkt", "2 punkti", "5 punkti", "21 punkti"],
    "sr": ["1 poen", "2 poena", "5 poena", "21 poen"],
    "cs": ["1 bod", "2 body", "5 bodů", "21 bodů"],
    "ms": ["1 HCP", "2 HCP", "5 HCP", "21 HCP"],
}
TRICKS = {
    "en": ["took 1 trick.", "took 2 tricks.", "took 5 tricks.", "took 21 tricks."],
    "et": ["võttis 1 tihi.", "võttis 2 tihi.", "võttis 5 tihi.", "võttis 21 tihi."],
    "sr": ["uzela 1 štih.", "uzela 2 štiha.", "uzela 5 štihova.", "uzela 21 štih."],
    "cs": ["vzala 1 zdvih.", "vzala 2 zdvihy.", "vzala 5 zdvihů.", "vzala 21 zdvihů."],
    "ms": ["mengambil 1 helaian.", "mengambil 2 helaian.", "mengambil 5 helaian.", "mengambil 21 helaian."],
}
RIGHT = {  # the quiz's summary: "{right} right out of {asked}"
    "et": ["1 õige vastus", "2 õiget vastust", "5 õiget vastust", "21 õiget vastust"],
    "sr": ["1 tačan od", "2 tačna od", "5 tačnih od", "21 tačan od"],
    "cs": ["1 správná odpověď", "2 správné odpovědi", "5 správných odpovědí", "21 správných odpovědí"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counted_messages_at_1_2_5_and_21(lang):
    for i, n in enumerate((1, 2, 5, 21)):
        assert ntranslate("{n} card", "{n} cards", n, lang, "coach") == CARDS[lang][i]
        assert ntranslate("{n} HCP", "{n} HCP", n, lang) == POINTS[lang][i]
        took = ntranslate(
            "Your side took {tricks} trick.", "Your side took {tricks} tricks.", n, lang, "coach", tricks=n
        )
        assert took.endswith(TRICKS[lang][i]), took
        if lang in RIGHT:
            summary = ntranslate(
                "{right} right out of {asked}", "{right} right out of {asked}", n, lang, right=n, asked=30
            )
            assert summary.startswith(RIGHT[lang][i]), summary


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("cs", ["1 zdvih nad knihu", "2 zdvihy nad knihu", "5 zdvihů nad knihu"]),
        ("sr", ["1 izlicitirani štih", "2 izlicitirana štiha", "5 izlicitiranih štihova"]),
        ("et", ["1 kõrgus", "2 kõrgust", "5 kõrgust"]),
        ("en", ["1 odd trick in", "2 odd tricks in", "5 odd tricks in"]),
    ],
)
def test_the_scoring_explanation_counts_odd_tricks(lang, want):
    # "1 odd tricks", "3 izlicitiranih štihova": the trick score line through the engine
    for (contract, tricks), form in zip([("1S", 7), ("2H", 8), ("5D", 11)], want):
        line = score_breakdown(contract, tricks, False).lines(lang)[1]
        assert form in line, line


def test_english_stays_as_it_was():
    assert score_breakdown("3NT", 9, False).lines()[1] == (
        "Trick score: 40 for the first odd trick at no trump and 30 for each of the other 2 = 100"
    )
    assert score_breakdown("2NT", 8, False).lines()[1] == (
        "Trick score: 40 for the first odd trick at no trump and 30 for the second = 70"
    )
    assert score_breakdown("1NT", 7, False).lines()[0] == "1NT, 7 tricks, not vulnerable: made (=)"


def test_a_ruling_keyed_by_a_code_counts_in_english_too():
    from bridgelab.rules.rulings import word

    facts = {"claimer": "S", "tricks": 1, "remaining": 1}
    assert "1 of the 1 trick left" in word("illegal_card.claimed", "en", facts)
    assert "3 of the 4 tricks left" in word(
        "illegal_card.claimed", "en", {**facts, "tricks": 3, "remaining": 4}
    )
    assert "z 1 zbývajícího zdvihu" in word("illegal_card.claimed", "cs", facts)
    assert "od 3 preostala štiha" in word("illegal_card.claimed", "sr", {**facts, "remaining": 3})


# ---- every counted msgid has its forms ---------------------------------------------------------

COUNT_NAMES = re.compile(
    r"^(n|count|tricks|trick|total|right|asked|hcp|need|left|remaining|more|afford|losers|winners|"
    r"before|after|dd|over|down|length|limit|rest|level|margin|claimed|possible|extra|pages|majors|"
    r"stayman|nt_\w+)$"
)

# Placeholders named like a count that need no plural form, and why.
NOT_COUNTS = {
    # a number with no noun after it, in English and in every translation
    "Sure winners: {winners}. Losers: {losers}.": "the nouns come first: 'Sure winners: 5'",
    "Hints used: {n}.": "the noun comes first",
    "{n} down": "no noun: et '{n} tihi puudu' (tihi is the same in every form), sr 'pao za {n}', cs 'pády: {n}'",
    "goes {down} down": "no noun: et 'kaotatud, {down} tihi puudu', sr 'pao za {down}', cs 'pád o {down}'",
    "makes with {over} over": "et '{over} ületihiga' is the same for every number; sr and cs put the number last",
    "Honour tricks in all: {sum} = {total}": "the noun comes first ('Honour tricks in all: 4')",
    "Quick tricks in all: {sum} = {total}": "the noun comes first",
    "Losers in all: {sum} = {total}": "the noun comes first",
    "{n} or more": "a bare number; the noun it counts is its own counted message",
    "at most {n}": "a bare number",
    "exactly {n}": "a bare number",
    "{count} but {other}": "{count} is a counted suit ('5 spades'), worded by the terms files",
    "{count}, the longest suit": "{count} is a counted suit, worded by the terms files",
    "{n} {suit}": "the suit's counted form comes from the terms file (cs strain_by_level: 1 pik, "
    "2 piky, 5 piků); et writes '{n}-kaardiline', sr '{suit} dužine {n}', ms has no plural",
    "{n} {measure}": "written '{measure}: {n}' in every translation",
    "{hcp} is at least {need}: yes.": "bare numbers",
    "{hcp} is one point short of {need}: no.": "bare numbers after the noun",
    "{hcp} + {cards} = {total}": "{hcp} and {cards} are counted messages themselves",
    "{suit}: {winners}, {losers}": "{winners} and {losers} are counted messages ('5 sure winners')",
    "{level} of a suit": "a bid's level ('one of a suit'), no noun counted",
    "You hold {you}, partner holds {partner}: {a} + {b} = {total}.": "{you} and {partner} are counted suits",
    "needs {need}; this hand has {have}": "{need}/{have} are worded messages ('15 HCP'), not numbers",
    "{call} needs {need}; this hand has {have}": "worded messages",
    "{call} needs {need}: this hand has {have}": "worded messages",
    "{calls} need {need}; this hand has {have}": "worded messages",
    "The rule that nearly applied: {rule} ({call}): it needs {need}; this hand has {have}.": "worded messages",
    "The level {level} counts the tricks over the book of six: {level} + 6 = {tricks}.": "bare numbers",
    "Overtricks: {count} x {each} (the trick value) = {points}": "a multiplication, no noun",
    "Overtricks doubled, not vulnerable: {count} x {each} = {points}": "a multiplication",
    "Overtricks doubled, vulnerable: {count} x {each} = {points}": "a multiplication",
    "Overtricks redoubled, not vulnerable: {count} x {each} = {points}": "a multiplication",
    "Overtricks redoubled, vulnerable: {count} x {each} = {points}": "a multiplication",
    "Undertricks, not vulnerable: {count} x {each} = {points} to the defenders": "a multiplication",
    "Undertricks, vulnerable: {count} x {each} = {points} to the defenders": "a multiplication",
    "call {n}: you bid {yours}, the system bids {systems} ({reason})": "an ordinal: the n-th call",
    "illegal_call.at": "an ordinal: call {n}",
    "illegal_call.at.over": "an ordinal",
    "illegal_card.at": "an ordinal: card {n}",
    "illegal_card.already_played": "an ordinal: trick {trick}",
    "Trick {n}": "an ordinal",
    "Board {n}": "an ordinal: the board's number",
    "Level {level}": "the quiz level's number",
    "There are no questions on {topics} at level {level}: choose a higher level or another topic.": "the "
    "quiz level's number",
    "page {page} of {pages}": "page numbers, no noun after them",
    "simulated, {level} interval": "{level} is a percentage ('95%')",
    "A name is at most {n} letters.": "the fixed limit 40: every language's form for 40 is written",
    # lesson prose: numbers fixed by the lesson's seed, and a hidden check cell asserts them
    "South opens 1NT with {south} points. North has {north}: together {total}, enough for game in no "
    "trump.": "the teacher lesson's seeded board (16 and 7 points), the same in every build",
    "South opens 1NT with {south} points. North has {north}: together {total}, not enough for game, so "
    "North passes.": "the teacher lesson's seeded board",
    # the bidding system's texts: keyed by the words of sayc.toml/acol.toml, filled with ranges
    "{nt_range} HCP, a balanced hand": "a range ('15-17'): the many-form in every language",
    "{nt_quant} HCP: invites 6NT; opener bids it with a maximum": "a range",
    "{nt_slam} or more HCP: enough for a small slam": "'or more' governs the noun (cs 'nebo více bodů')",
    "{stayman} HCP and a four-card major; asks opener for a four-card major": "a range",
    "enough HCP for game opposite {nt_range}: to play": "a range, no noun after it",
    "{nt_invite} HCP: opener bids 3NT with a maximum": "a range",
    "too weak for game opposite {nt_range}": "a range, no noun after it",
    "{nt_rebid} HCP, balanced": "a range",
    "{nt_accept} HCP: the top of the 1NT range": "a range",
    "12 or more HCP and {majors} or more spades": "'or more' governs the noun (cs 'nebo více piků', "
    "sr 'ili više karata', et 'või rohkem pada')",
    "12 or more HCP and {majors} or more hearts": "'or more' governs the noun",
}


def _english_messages():
    for domain in DOMAINS:
        for m in _cat("en", domain):
            if m.id:
                yield domain, m


def _counts(text: str) -> set[str]:
    return {f for f in _fields(text) if COUNT_NAMES.match(f)}


def test_every_counted_msgid_has_plural_forms():
    missing = []
    for domain, m in _english_messages():
        if isinstance(m.id, tuple):
            continue
        text = m.string or m.id  # a code-keyed message: its English wording
        if _counts(text) and m.id not in NOT_COUNTS:
            missing.append((domain, m.id))
    assert not missing, (
        "counted messages without plural forms (or list them in NOT_COUNTS with why):\n"
        + "\n".join(f"{d}: {i}" for d, i in missing)
    )


def test_the_exception_list_names_real_counted_messages():
    texts = {m.id: m.string or m.id for _, m in _english_messages() if isinstance(m.id, str)}
    stale = [k for k in NOT_COUNTS if k not in texts or not _counts(texts[k])]
    assert not stale, stale


def test_a_counted_msgid_without_forms_is_caught(tmp_path):
    # a guard on the check above: a new "{n} tricks" message written with translate() fails it
    assert _counts("Declarer took {n} tricks.") == {"n"}
    assert "Declarer took {n} tricks." not in NOT_COUNTS


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_language_has_every_form_with_its_placeholders(lang, domain):
    english = {m.id: m for m in _cat("en", domain) if isinstance(m.id, tuple)}
    mine = {m.id: m for m in _cat(lang, domain) if isinstance(m.id, tuple)}
    assert set(mine) == set(english), (lang, domain, set(english) ^ set(mine))
    nplurals = ORACLE_RULES[lang][0]
    for msgid, m in mine.items():
        forms = list(m.string)
        assert len(forms) == nplurals and all(forms) and not m.fuzzy, (lang, msgid, forms)
        en_forms = [x for x in english[msgid].string if x] or list(msgid)
        allowed = _fields(en_forms[0]) | _fields(en_forms[-1]) | {"n"}
        for f in forms:
            assert _fields(f) <= allowed, (lang, msgid, f)
        # the form for many says everything the English plural says
        assert _fields(forms[-1]) >= _fields(en_forms[-1]) - {"n"}, (lang, msgid, forms[-1])


def _counted_calls() -> set[tuple[str, str]]:
    """(singular, plural) of every counted call with literal strings in the package."""
    names = {"ntranslate", "_nt", "nt", "NMsg", "NP_"}
    found = set()
    for path in (ROOT / "bridgelab").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            fn = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            a, b = node.args[:2]
            if fn in names and all(isinstance(x, ast.Constant) and isinstance(x.value, str) for x in (a, b)):
                found.add((a.value, b.value))
    found |= {(singular, MESSAGES[key]) for key, (singular, _) in PLURALS.items()}
    found |= {(key, key) for key in COUNTED}
    return found


def test_every_counted_call_of_the_code_is_in_the_catalogues():
    calls = _counted_calls()
    assert ("{n} card", "{n} cards") in calls and len(calls) > 40  # the scan works
    entries = {m.id for _, m in _english_messages() if isinstance(m.id, tuple)}
    missing = sorted(calls - entries)
    assert not missing, missing
