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


# ---- the scoresheet, the teacher widget and the lessons' outputs ----------------------------------

SHEET_WORDS = {"we", "they", "win", "lead", "level", "progress", "deals", "by", "total"}


def _visible(html_text: str) -> list[str]:
    """What a reader sees of an HTML fragment: its text and its tooltips (not its styles)."""
    html_text = re.sub(r"<style>.*?</style>", "", html_text, flags=re.S)
    return re.findall(r">([^<]+)<", html_text) + re.findall(r'title="([^"]*)"', html_text)


def _sheets(lang: str):
    import bridgelab as bl

    rubber = bl.RubberScoresheet(lang=lang)
    for contract, tricks in (("2H by N", 9), ("2S by E", 8), ("3NT by S", 9), ("4S by N", 10)):
        rubber.record(contract, tricks=tricks)
    going = bl.RubberScoresheet(lang=lang)
    going.record("2C by W", tricks=8)
    chicago = bl.ChicagoScoresheet(first_dealer="N", lang=lang)
    for contract, tricks in (("4S by N", 10), ("3NT by E", 9), ("2H by S", 8), ("5D by W", 11)):
        chicago.record(contract, tricks=tricks)
    return rubber, going, chicago


@pytest.mark.parametrize("lang", ["et", "sr", "cs", "ms"])
def test_scoresheets_speak_the_language(lang):
    native = _native(lang)
    for sheet in _sheets(lang):
        texts = [str(sheet), repr(sheet), *_visible(sheet._repr_html_())]
        english = {w for t in texts for w in _words(t) if w in ENGLISH | SHEET_WORDS and w not in native}
        assert not english, (lang, english, texts[0])


def test_an_english_scoresheet_is_unchanged():
    rubber, going, chicago = _sheets("en")
    assert str(rubber).splitlines()[-1] == "We win by 950"
    assert repr(going) == "<RubberScoresheet: 1 deal, We 0, They 40; In progress; They lead by 40>"
    assert str(chicago).splitlines()[-2:] == ["   Total 480 |   1200", "They win by 720"]
    assert rubber.winner == "We"  # the labels stay the sheet's keys in every language


def test_a_scoresheet_in_estonian_uses_the_source_texts_columns():
    rubber, going, _ = _sheets("et")
    assert str(rubber).splitlines()[0].split() == ["MEIE", "|", "NEMAD"]  # as text 000 draws the sheet
    assert str(rubber).splitlines()[-1] == "Meie võidame 950 punktiga"
    assert repr(going).endswith("Mäng käib; nemad on 40 punktiga ees>")
    assert "Lepingupunktid: 2 kõrgust mastis ♥, igaüks 30 = 60" in rubber._repr_html_()


TEACHER_WORDS = {
    "boards",
    "board",
    "seed",
    "save",
    "saved",
    "constraint",
    "title",
    "technique",
    "file",
    "handout",
    "lesson",
    "dealt",
    "tables",
    "as",
    "dealer",
    "vul",
    "contract",
}


@pytest.mark.parametrize("lang", ["et", "sr", "cs", "ms"])
def test_the_teacher_widget_speaks_the_language(lang, tmp_path):
    pytest.importorskip("ipywidgets")
    from bridgelab.widgets.teacher import TeacherWidget

    w = TeacherWidget(where="N: 15-17 balanced", boards=2, seed=7, folder=str(tmp_path), lang=lang)
    w.deal_button.click()
    w.html_button.click()
    labels = [
        w.where.description,
        w.boards.description,
        w.seed.description,
        w.rotate.description,
        w.title.description,
        w.title.placeholder,
        w.dd.description,
        w.technique.description,
        w.technique.tooltip,
        w.pbn_path.description,
        w.html_path.description,
        w.deal_button.description,
        w.pbn_button.description,
        w.html_button.description,
        *[label for label, _ in w.rotate.options],
        w.technique.options[0][0],
        *_visible(w.status.value.replace(w.saved[0], "")),
        *_visible(w.preview.value),
    ]
    native = _native(lang)
    english = {w for t in labels for w in _words(t) if w in ENGLISH | TEACHER_WORDS and w not in native}
    assert not english, (lang, english)
    assert len(w.saved) == 1 and (tmp_path / "lesson.html").is_file()


NOTEBOOKS = ROOT / "notebooks"
# English seen in a stored lesson output: a contract or bid in English notation ("3NT by S",
# "3NT" where the language writes 3T/3BA/3BT/3SA), the scoresheet's English words, or an
# English tooltip
_ENGLISH_OUTPUT = re.compile(
    r"\b\d(?:NT|[♠♥♦♣SHDC])X{0,2} by [NESW]\b|\b[1-7]NT\b|\b(?:We|They) (?:win|lead)\b|<th[^>]*>(?:We|They)<"
    r'|title="dealer"'  # the auction table's tooltip on the dealer's seat
)
# what is still English in a stored output, and why ((notebook, cell); cell None: the notebook)
KNOWN_OUTPUT = {
    ("90_teacher.ipynb", 10): "a PBN file: its notation is English by the PBN standard",
}


@pytest.mark.parametrize("lang", ["et", "sr", "cs", "ms"])
def test_stored_lesson_outputs_show_no_english_contracts_or_scoresheets(lang):
    import nbformat

    folder = NOTEBOOKS / lang
    if not folder.is_dir():
        pytest.skip("no built notebooks")
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        if (path.name, None) in KNOWN_OUTPUT:
            continue
        for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
            if (path.name, i) in KNOWN_OUTPUT:
                continue
            for out in cell.get("outputs", []):
                data = out.get("data", {})
                seen = data.get("text/html") or data.get("text/plain") or out.get("text", "")
                seen = "".join(seen) if isinstance(seen, list) else seen
                found += [(path.name, i, m) for m in _ENGLISH_OUTPUT.findall(seen)]
    assert not found, found
