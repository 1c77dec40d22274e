"""Lenient answers in all five languages: numbers, calls, seats, yes/no, patterns, choices."""

from __future__ import annotations

import pytest

from bridgelab.model.cards import Seat
from bridgelab.model.contract import Call
from bridgelab.quiz import Question, QuizSession
from bridgelab.quiz.answers import (
    format_number,
    parse_call,
    parse_choice,
    parse_number,
    parse_pattern,
    parse_seat,
    parse_yesno,
)
from bridgelab.quiz.core import finish_question as _finish
from bridgelab.quiz.session import _read


@pytest.mark.parametrize(
    "text, value",
    [
        ("1234", 1234),
        ("1 234", 1234),
        ("1,234", 1234),
        ("1.234", 1234),
        ("1\u00a0234", 1234),
        ("1\u202f234", 1234),
        ("1'234", 1234),
        ("  420 ", 420),
        ("-500", -500),
        ("−500", -500),
        ("+50", 50),
        ("1,100", 1100),
        ("2,5", 2.5),
        ("2.5", 2.5),
        ("2½", 2.5),
        ("½", 0.5),
        ("2 1/2", 2.5),
        ("3/2", 1.5),
        ("0.125", 0.125),
        ("1.234,5", 1234.5),
        ("1,234.5", 1234.5),
        ("12", 12),
        ("0", 0),
    ],
)
def test_numbers(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["", "abc", "4♠", "1/0", "1,2,3", "--5", "five"])
def test_not_numbers(text):
    assert parse_number(text) is None


def test_format_number():
    assert format_number(2.5) == "2½" and format_number(0.5) == "½" and format_number(1100) == "1100"
    assert format_number(-500) == "-500"


@pytest.mark.parametrize(
    "lang, texts",
    [
        ("en", ["4s", "4S", "4♠", "4 spades", "4 ♠", " 4s "]),
        ("et", ["4 pada", "neli pada", "4♠", "4s"]),
        ("sr", ["4 pik", "4♠", "4s", "četiri pik"]),
        ("cs", ["4 piky", "4 pik", "4♠"]),
        ("ms", ["4 sekop", "4♠", "4s"]),
    ],
)
def test_four_spades_in_every_language(lang, texts):
    for t in texts:
        assert parse_call(t, lang) == Call.bid(4, "S"), (lang, t)


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", {"pass": "P", "x": "X", "xx": "XX", "3nt": "3NT"}),
        ("et", {"pass": "P", "kontra": "X", "rekontra": "XX", "3T": "3NT", "kolm trumbita": "3NT"}),
        ("sr", {"dalje": "P", "kontra": "X", "rekontra": "XX", "3 bez aduta": "3NT", "tri-pik": "3S"}),
        ("cs", {"pas": "P", "kontra": "X", "rekontra": "XX", "3 bez trumfů": "3NT", "2 kára": "2D"}),
        ("ms", {"lulus": "P", "gandakan": "X", "gandakan semula": "XX", "3SA": "3NT", "1 keriting": "1D"}),
    ],
)
def test_calls_in_every_language(lang, words):
    for text, code in words.items():
        want = {"P": Call("pass"), "X": Call("double"), "XX": Call("redouble")}.get(code) or Call.parse(code)
        assert parse_call(text, lang) == want, (lang, text)


def test_unreadable_calls():
    for t in ("8S", "4 zz", "", "four"):
        assert parse_call(t, "en") is None


@pytest.mark.parametrize(
    "lang, names",
    [
        ("en", {"N": Seat.N, "north": Seat.N, "East": Seat.E, "s": Seat.S, "WEST": Seat.W}),
        ("et", {"Nord": Seat.N, "Ost": Seat.E, "Süd": Seat.S, "West": Seat.W, "lõuna": Seat.S}),
        ("sr", {"sever": Seat.N, "istok": Seat.E, "jug": Seat.S, "zapad": Seat.W}),
        ("cs", {"sever": Seat.N, "východ": Seat.E, "jih": Seat.S, "zapad": Seat.W}),
        ("ms", {"Utara": Seat.N, "timur": Seat.E, "Selatan": Seat.S, "barat": Seat.W}),
    ],
)
def test_seats_in_every_language(lang, names):
    for text, seat in names.items():
        assert parse_seat(text, lang) == seat, (lang, text)


@pytest.mark.parametrize(
    "lang, yes, no",
    [
        ("en", ["yes", "Y", "YES"], ["no", "n"]),
        ("et", ["jah", "Jah"], ["ei", "EI"]),
        ("sr", ["da", "Da"], ["ne"]),
        ("cs", ["ano", "Ano"], ["ne", "Ne"]),
        ("ms", ["ya", "Ya"], ["tidak", "Tidak"]),
    ],
)
def test_yes_no_in_every_language(lang, yes, no):
    assert all(parse_yesno(t, lang) == "yes" for t in yes)
    assert all(parse_yesno(t, lang) == "no" for t in no)
    assert parse_yesno("maybe", lang) is None


def test_patterns():
    for t in ("5-4-3-1", "5431", "5 4 3 1", "1-3-4-5", "4-5-1-3"):
        assert parse_pattern(t) == "5-4-3-1"
    assert parse_pattern("5-4-3-2") is None  # 14 cards
    assert parse_pattern("hello") is None


def test_choices():
    choices = ["below the line", "above the line", "above the line, for the defenders"]
    assert parse_choice("Below the line", choices) == choices[0]
    assert parse_choice("2", choices) == choices[1]
    assert parse_choice("c", choices) == choices[2]
    assert parse_choice("somewhere", choices) is None
    # a choice that is itself a number is matched as a number, not as a position
    assert parse_choice("1", ["3", "1", "2"]) == "1"


def _q(kind, answer, lang, **kw):
    return _finish(
        Question(id="t", topic="tricks", level=1, kind=kind, prompt="?", answer=answer, **kw), lang
    )


@pytest.mark.parametrize("lang", ["en", "et", "sr", "cs", "ms"])
def test_reading_answers_through_a_question(lang):
    q = _q("call", "4S", lang)
    for t in ("4s", "4♠", "4S"):
        ok, given, understood = _read(q, t)
        assert ok and understood and given == "4♠"
    assert _read(q, "4h")[:2] == (False, "4♥")
    q = _q("number", 1100, lang)
    for t in ("1100", "1 100", "1,100"):
        assert _read(q, t) == (True, "1100", True)
    q = _q("seat", "E", lang)
    assert _read(q, q.choices[1])[0] and not _read(q, q.choices[0])[0]
    q = _q("yesno", "no", lang)
    assert _read(q, q.choices[1])[0] and not _read(q, q.choices[0])[0]
    assert _read(q, "2")[0]  # the second choice, "No"


def test_session_reads_estonian_and_serbian_calls():
    from bridgelab.quiz import GENERATORS, TOPICS, register_generator

    @register_generator("test-calls", level=1, name="test.four_spades")
    def four_spades(rng, lang):
        return Question(id="", topic="test-calls", level=1, kind="call", prompt="?", answer="4S")

    try:
        for lang, text in (
            ("et", "4 pada"),
            ("sr", "4 pik"),
            ("cs", "4 piky"),
            ("ms", "4 sekop"),
            ("en", "4s"),
        ):
            s = QuizSession(topics=["test-calls"], lang=lang, seed=1, length=1)
            fb = s.answer(text)
            assert fb.correct and fb.given == "4♠", (lang, text)
    finally:
        GENERATORS.pop("test.four_spades", None)
        TOPICS.pop("test-calls", None)
