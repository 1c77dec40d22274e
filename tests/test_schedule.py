"""What to practise next: FSRS over kinds of question, replayed from the progress store."""

from __future__ import annotations

from datetime import timedelta

import pytest

pytest.importorskip("fsrs")

from bridgelab.quiz import ProgressStore  # noqa: E402
from bridgelab.quiz.schedule import PracticeScheduler  # noqa: E402

T0 = 1_700_000_000.0
MIN = 60.0


class Clock:
    """The store's clock, moved by hand (answers are stamped with time.time())."""

    def __init__(self, monkeypatch, t=T0):
        self.t = t
        monkeypatch.setattr("bridgelab.quiz.progress.time.time", lambda: self.t)


def _record(store, user, kind, correct):
    store.record(
        user=user,
        session="s",
        question_id=f"{kind}#1",
        source=f"gen:{kind}",
        seed=1,
        topic=kind.split(".")[0],
        level=2,
        kind="number",
        lang="en",
        given="1",
        expected="2",
        correct=correct,
    )


def test_a_missed_kind_comes_back_when_due_and_others_first_while_it_is_not(monkeypatch, tmp_path):
    clock = Clock(monkeypatch)
    store = ProgressStore(tmp_path / "p.sqlite3")
    plan = PracticeScheduler()
    kinds = plan.kinds(["hcp"])
    assert len(kinds) >= 2
    missed, other = kinds[0], kinds[1]
    _record(store, "anna", missed[4:], False)
    # straight after the mistake: a kind never asked comes first
    assert plan.next_kind(store, "anna", ["hcp"], now=clock.t + 1) != missed
    # after a minute (FSRS's first learning step) the missed kind is due, before new ones
    assert plan.next_kind(store, "anna", ["hcp"], now=clock.t + 2 * MIN) == missed
    # another learner's history is theirs
    assert plan.next_kind(store, "ben", ["hcp"], now=clock.t + 2 * MIN) == kinds[0]  # new, in order
    assert plan.cards(store, "ben") == {}
    assert other != missed


def test_right_answers_push_a_kind_back_at_growing_intervals(monkeypatch, tmp_path):
    clock = Clock(monkeypatch)
    store = ProgressStore(tmp_path / "p.sqlite3")
    plan = PracticeScheduler()
    kind = plan.kinds(["losers"])[0]
    _record(store, "anna", kind[4:], False)
    intervals = []
    for _ in range(6):
        card = plan.cards(store, "anna")[kind]
        clock.t = card.due.timestamp() + 1  # answer exactly when it is due, and right
        _record(store, "anna", kind[4:], True)
        card = plan.cards(store, "anna")[kind]
        intervals.append(card.due - card.last_review)
    assert intervals[0] <= timedelta(minutes=10)  # still learning: minutes
    assert intervals[-1] >= timedelta(days=2)  # learnt: days
    assert all(b >= a for a, b in zip(intervals, intervals[1:])), intervals
    assert intervals[-1] > intervals[2] > intervals[0]


def test_the_practice_session_asks_the_due_kind(monkeypatch, tmp_path):
    clock = Clock(monkeypatch)
    store = ProgressStore(tmp_path / "p.sqlite3")
    plan = PracticeScheduler()
    kinds = plan.kinds(["hcp"])
    for k in kinds:
        _record(store, "anna", k[4:], True)
    clock.t += 1
    _record(store, "anna", kinds[-1][4:], False)
    clock.t += 5 * MIN
    session = plan.session(store, "anna", topics=["hcp"], seed=1)
    assert session.current.source == kinds[-1]
    assert plan.next_topic(store, "anna", ["hcp"]) == "hcp"


def test_the_student_page_offers_what_to_practise_next(tmp_path):
    pytest.importorskip("ipywidgets")
    from bridgelab.quiz.schedule import PracticeSession
    from bridgelab.text.i18n import translate
    from bridgelab.widgets.student import NEXT, StudentApp

    store = ProgressStore(tmp_path / "p.sqlite3")
    app = StudentApp(
        lang="sr", topics="losers", seed=1, store=store, user="anna", banks=[], scheduler=PracticeScheduler()
    )
    assert app.topic_menu.options[0] == (translate("What to practise next", "sr", domain="app"), NEXT)
    app.topic_menu.value = NEXT
    assert isinstance(app.quiz.session, PracticeSession)
    q = app.quiz.session.current
    wrong = str(q.answer + 1) if q.kind == "number" else next(c for c in q.choices if c != q.answer_text)
    assert not app.quiz.answer(wrong).correct  # wrong: this kind comes back
    assert translate("Next for you: {topic}", "sr", domain="app").split(":")[0] in app.progress.value
