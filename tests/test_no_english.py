"""No English in another language: every question, explanation and feedback of every generator
and bank, in every language, is written in that language.

An English word is allowed only where the language's own source text (../shared/seeds, copied
in the terms files) uses it too: Malay writes "dummy" and "trump", Estonian "pass".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgelab.quiz import QuizSession, bundled_banks
from bridgelab.quiz.core import generators_for
from bridgelab.quiz.session import make_question
from bridgelab.text.terms import TERMS_DIR

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
SEED_FILE = {
    "et": "000_49b8ab52b458baa2.txt",
    "sr": "001_dcec2ab8338956a1.txt",
    "cs": "002_e3909c6d83b41b0b.txt",
    "ms": "004_72f048d3544413a9.txt",
}

# Words that show a sentence is English: function words and the bridge words of the quizzes.
ENGLISH = set(
    """the and is are was were be been this that these those with without for from by
what which does how many much who your you they their there here total score scores tricks trick
points quick honour honor losers loser hand hands deal deals declarer dummy lead leads leader
opening opener side sides bid bids call calls legal illegal higher lower made make makes down
doubled redoubled vulnerable undertrick undertricks overtrick overtricks bonus game slam
partscore above below line north south east west spades hearts diamonds clubs trump trumps pass
double redouble contract needs need needed must only each every than yes right wrong answer
question next review mistakes""".split()
)


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{2,}", text or "")}


def _native(lang: str) -> set[str]:
    if not SEEDS.is_dir():
        pytest.skip(f"the source texts are not at {SEEDS} (shared/ beside the repository)")
    words = _words(
        json.dumps(json.loads((TERMS_DIR / f"{lang}.json").read_text(encoding="utf-8")), ensure_ascii=False)
    )
    seed = SEEDS / SEED_FILE[lang]
    if seed.exists():
        words |= _words(seed.read_text(encoding="utf-8"))
    return words


def _english_in(texts, lang: str) -> set[str]:
    native = _native(lang)
    return {w for t in texts for w in _words(t) if w in ENGLISH and w not in native}


def _question_texts(q) -> list[str]:
    return [q.prompt, q.explanation, q.answer_text, *map(str, q.choices or [])]


@pytest.mark.parametrize("lang", ["et", "sr", "cs", "ms"])
def test_every_generator_speaks_the_language(lang):
    leaks = {}
    for gen in generators_for():
        for seed in range(4):
            q = make_question(f"gen:{gen.name}", seed, lang)
            found = _english_in(_question_texts(q), lang)
            if found:
                leaks[gen.name] = found
    assert not leaks


@pytest.mark.parametrize("lang", ["et", "sr", "cs", "ms"])
def test_sessions_with_banks_ask_and_answer_in_the_language(lang):
    session = QuizSession(lang=lang, seed=5, banks=bundled_banks(), length=40)
    leaks = []
    while (q := session.current) is not None:
        feedback = session.answer("1")
        texts = _question_texts(q) + [feedback.explanation or "", str(feedback)]
        found = _english_in(texts, lang)
        if found:
            leaks.append((q.source, found))
        session.next()
    leaks += [("summary", w) for w in _english_in([session.summary()], lang)]
    assert not leaks


def test_a_bank_entry_not_written_in_the_language_is_left_out():
    sessions = {
        lang: QuizSession(topics=["rubber-scoring"], lang=lang, seed=1, banks=bundled_banks(), length=200)
        for lang in ("et", "en", "cs")
    }
    # the Estonian scoring exercise is written in Estonian and English, not in Czech
    asked = {lang: [src for src, _ in (s._draw() for _ in range(200))] for lang, s in sessions.items()}
    assert any("et_scoring_exercise" in src for src in asked["et"])
    assert any("et_scoring_exercise" in src for src in asked["en"])
    assert not any("et_scoring_exercise" in src for src in asked["cs"])


@pytest.mark.parametrize("lang", ["et", "sr", "cs", "ms"])
def test_auction_tables_and_summaries_speak_the_language(lang):
    from bridgelab import Auction

    texts = []
    for calls in ("1NT P 3NT X P P P", "P P P P", "1H 1S X XX P P P", "1C P 1D"):
        a = Auction.parse(calls, dealer="E")
        texts += [a.summary(lang), a.to_text(lang=lang), a.to_html(lang=lang)]
    assert not _english_in(texts, lang)


def test_each_language_writes_no_trump_its_own_way():
    from bridgelab import Auction

    a = Auction.parse("1NT P 3NT P P P", dealer="N")
    written = {lang: a.to_text(lang=lang) for lang in ("et", "sr", "cs", "ms")}
    assert "3T" in written["et"] and "3BA" in written["sr"]
    assert "3BT" in written["cs"] and "3SA" in written["ms"]


def test_estonian_diagrams_may_show_its_own_honour_letters():
    from bridgelab import Deal, Hand

    deal = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
    local = str(deal.diagram("et", local_ranks=True))
    assert "♠ Ä K E 2" in local and "♥ K S 4" in local and "♣ 10 5 2" in local
    assert "♠ A K Q 2" in str(deal.diagram("et"))  # the international letters by default
    assert Hand.from_pbn("AKQ2.KJ4.A93.T52") == deal["N"]  # A K Q J are what is typed
