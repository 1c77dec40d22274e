"""Quiz banks: the banks of data/ load and agree with the engine; a malformed bank is refused
with an error naming the file, the question and the field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bridgelab.model.errors import BankError
from bridgelab.quiz import QuizSession, load_bank
from bridgelab.quiz.banks import data_dir
from bridgelab.rules.scoring import score_breakdown

DATA = Path(__file__).resolve().parents[1] / "data"
ET = DATA / "et_scoring_exercise.json"
AUCTIONS = DATA / "auctions_from_texts.json"

# The answers printed in the Estonian course (below the line, above the line / defenders).
ET_ANSWERS = {
    "1": (120, 500),
    "2": (None, 200),
    "3": (100, 30),
    "4": (40, 20),
    "5": (None, 100),
    "6": (240, 500),
    "7": (None, 300),
    "8": (420, 1550),
    "9": (120, 0),
    "10": (100, 40),
}


def test_estonian_exercise_bank_matches_the_text_and_the_engine():
    bank = load_bank(ET)
    assert bank.id == "et-scoring-exercise" and bank.language == "et"
    got = {}
    for e in bank.entries:
        number, part = e.id.rstrip("ab"), e.id[len(e.id.rstrip("ab")) :]
        below, above = ET_ANSWERS[number]
        want = below if part == "a" else above
        assert e.answer == want, e.id
        facts = e.facts
        assert facts["kind"] == "rubber"
        got[e.id] = e.answer
    assert len(got) == 17


def test_bank_questions_explain_with_the_engine_in_every_language():
    bank = load_bank(ET)
    for lang in ("en", "et", "sr", "cs", "ms"):
        q = bank.question("8b", lang)
        assert q.answer == 1550 and q.source.endswith("#8b")
        bd = score_breakdown("7SX", 13, True)
        for p in bd.parts:
            if p.line is not None:
                assert f"= {p.points}" in q.explanation
    assert "joone peale" in bank.question("8b", "et").explanation


def test_a_session_over_the_estonian_bank():
    s = QuizSession(topics=["rubber-scoring"], banks=[ET], lang="et", seed=2, length=40)
    bank_questions = 0
    while s.current is not None:
        q = s.current
        if q.source.startswith("bank:"):
            bank_questions += 1
            assert q.prompt.startswith("Vastake")
        fb = s.answer(q.answer_text)
        assert fb.correct
        s.next()
    assert bank_questions == 17  # each bank question once, mixed with generated ones


def test_auctions_of_the_texts_become_checked_questions():
    bank = load_bank(AUCTIONS)
    raw = json.loads(AUCTIONS.read_text(encoding="utf-8"))
    ids = {e.id for e in bank.entries}
    for a in raw["auctions"]:
        if a["passed_out"]:
            assert bank.entry(f"{a['id']}.passed_out").answer == "yes"
        else:
            assert bank.entry(f"{a['id']}.declarer").answer == a["declarer"]
            assert bank.entry(f"{a['id']}.dummy").answer == a["dummy"]
            assert bank.entry(f"{a['id']}.leader").answer == a["opening_leader"]
            assert bank.entry(f"{a['id']}.tricks").answer == a["tricks_needed"]
    for c in raw["checks"]:
        assert bank.entry(c["id"]).answer == ("yes" if c["legal"] else "no")
        if c.get("lowest_in_strain") and f"{c['id']}.lowest" in ids:
            assert bank.entry(f"{c['id']}.lowest").answer == c["lowest_in_strain"]
    q = bank.question("et-naide-1.declarer", "et")
    assert "Süd" in q.explanation and q.answer == "S" and q.auction is not None
    q = bank.question("et-2h-then-diamonds", "et")
    assert "2 ruutu" in q.prompt and q.answer == "no" and "3♦" in q.explanation
    s = QuizSession(banks=[AUCTIONS], topics=["declarer", "legality", "tricks"], lang="ms", seed=1, length=10)
    while s.current is not None:
        assert s.answer(s.current.answer_text).correct
        s.next()


def test_malay_summary_bank():
    bank = load_bank(DATA / "ms_duplicate_summary.json")
    assert bank.language == "ms"
    assert bank.entry("tricks-4s").answer == 10 and bank.entry("tricks-3nt").answer == 9  # as the text says
    q = bank.question("doubled-three-down-nv", "ms")
    assert "100 + 200 + 200 = 500" in q.explanation and q.prompt.startswith("4♥ digandakan")
    s = QuizSession(banks=[bank.path], topics=["scoring", "tricks"], level=3, lang="ms", seed=3, length=60)
    n = 0
    while s.current is not None:
        n += s.current.source.startswith("bank:")
        assert s.answer(s.current.answer_text).correct
        s.next()
    assert n == len(bank)


# ---- malformed banks ------------------------------------------------------------------------

GOOD = {
    "format": "bridgelab-bank/1",
    "id": "test-bank",
    "title": {"en": "Test"},
    "questions": [
        {
            "id": "q1",
            "topic": "duplicate-scoring",
            "level": 1,
            "kind": "number",
            "prompt": {"en": "4♠ making ten tricks, not vulnerable?"},
            "answer": 420,
            "check": {"scoring": "duplicate", "contract": "4S", "tricks": 10, "vulnerable": False},
        },
        {
            "id": "q2",
            "topic": "declarer",
            "level": 1,
            "kind": "seat",
            "prompt": "Who declares?",
            "answer": "S",
            "check": {"auction": "1NT 2H 2S P 4S P P P", "dealer": "N", "ask": "declarer"},
        },
        {
            "id": "q3",
            "topic": "legality",
            "level": 1,
            "kind": "choice",
            "prompt": {"en": "Pick"},
            "answer": "1♠",
            "choices": ["1♠", "1♦"],
        },
    ],
}


def _write(tmp_path, data, name="bank.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return p


def test_a_good_bank_loads(tmp_path):
    bank = load_bank(_write(tmp_path, GOOD))
    assert [e.id for e in bank.entries] == ["q1", "q2", "q3"]
    s = QuizSession(banks=[bank.path], topics=["duplicate-scoring", "declarer", "legality"], seed=1, length=3)
    assert s.current is not None


def _broken(change):
    data = copy.deepcopy(GOOD)
    change(data)
    return data


CASES = [
    (lambda d: d.pop("format"), "top level", 'field "format" is missing'),
    (lambda d: d.update(format="bridgelab-bank/9"), "top level", 'field "format" must be'),
    (lambda d: d.update(questions=[]), "top level", 'field "questions"'),
    (lambda d: d.update(colour="red"), "top level", 'unknown field "colour"'),
    (lambda d: d["questions"][0].pop("answer"), "question 1 (id 'q1')", 'field "answer" is missing'),
    (lambda d: d["questions"][1].update(level=4), "question 2 (id 'q2')", 'field "level" must be 1, 2 or 3'),
    (lambda d: d["questions"][1].update(kind="essay"), "question 2 (id 'q2')", 'field "kind"'),
    (lambda d: d["questions"][0].update(prompt={"en": ""}), "question 1 (id 'q1')", 'field "prompt"'),
    (lambda d: d["questions"][0].update(promt="typo"), "question 1 (id 'q1')", 'unknown field "promt"'),
    (lambda d: d["questions"][2].update(id="q1"), "question 3 (id 'q1')", "used twice"),
    (lambda d: d["questions"][2].update(answer="1NT"), "question 3 (id 'q3')", 'not one of the "choices"'),
    (lambda d: d["questions"][0].update(answer="many"), "question 1 (id 'q1')", "is not a number"),
    (
        lambda d: d["questions"][0].update(answer=450),
        "question 1 (id 'q1')",
        "does not agree with the engine",
    ),
    (
        lambda d: d["questions"][1].update(answer="N"),
        "question 2 (id 'q2')",
        "does not agree with the engine",
    ),
    (lambda d: d["questions"][1].update(answer="Q"), "question 2 (id 'q2')", "is not a seat"),
    (lambda d: d["questions"][0]["check"].update(trick=10), "question 1 (id 'q1')", "unknown key 'trick'"),
    (lambda d: d["questions"][0]["check"].update(contract="9S"), "question 1 (id 'q1')", 'field "check"'),
    (lambda d: d["questions"][1]["check"].update(auction="1NT 1H"), "question 2 (id 'q2')", "check.auction"),
    (
        lambda d: d["questions"][0].update(prompt={"english!": "x"}),
        "question 1 (id 'q1')",
        "not a language code",
    ),
    (lambda d: d["questions"].append("q4"), "question 4", "a question is a JSON object"),
]


@pytest.mark.parametrize("change, where, what", CASES)
def test_malformed_banks_are_refused_naming_file_entry_and_field(tmp_path, change, where, what):
    path = _write(tmp_path, _broken(change))
    with pytest.raises(BankError) as e:
        load_bank(path)
    msg = str(e.value)
    assert str(path) in msg and where in msg and what in msg, msg
    assert "data/README.md" in msg  # and where the format is described


def test_not_json_and_missing_files(tmp_path):
    with pytest.raises(BankError, match=r"bank.json: not valid JSON at line 1"):
        load_bank(_write(tmp_path, "{ oops"))
    with pytest.raises(BankError, match="cannot read the bank"):
        load_bank(tmp_path / "nowhere.json")


def test_bundled_banks_all_load():
    assert data_dir() == DATA
    for p in DATA.glob("*.json"):
        load_bank(p)  # every file in data/ is a bank or auction data readable as one
