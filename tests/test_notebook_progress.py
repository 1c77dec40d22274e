"""Notebook quizzes keep progress like the app (issue 16, item 5): the lessons' quiz cells save
every answer in the learner's progress file, the app's progress view and a later kernel read
it back, and a store that cannot be written says so in the learner's language while the quiz
goes on. Driven as the widget tests are: set a value, click a button.

The oracle is the list of answers given here: which questions, and which were meant right."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from bridgelab.quiz import ProgressStore, QuizSession  # noqa: E402
from bridgelab.quiz.progress import default_path  # noqa: E402
from bridgelab.text.i18n import translate  # noqa: E402
from bridgelab.widgets import quiz as quiz_module  # noqa: E402
from bridgelab.widgets.progress import ProgressView, progress  # noqa: E402
from bridgelab.widgets.quiz import SAVE_PROBLEMS, QuizWidget  # noqa: E402
from bridgelab.widgets.student import StudentApp, topic_name  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

# the quiz cells of lessons 02 and 04, as lessons/*.ipynb write them
LESSON_02 = dict(topics=["hcp", "pattern", "balanced", "quick-tricks", "honour-tricks", "losers"], seed=1)
LESSON_04 = dict(topics=["declarer", "tricks"], seed=3)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A learner's data folder, and a fresh kernel: no store opened yet."""
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(quiz_module, "_STORES", {})
    return tmp_path / "data"


def _wrong_text(q) -> str:
    if q.kind == "number":
        return str(q.answer + 1)
    return "6-3-2-2" if q.answer != "6-3-2-2" else "4-4-4-1"  # a shape pattern


def give(w: QuizWidget, right: bool):
    """Answer the current question as a learner would (a button, or type and Check), meaning it
    to be right or wrong; returns (topic, question id)."""
    q = w.session.current
    if q.kind in ("yesno", "seat", "choice"):
        buttons = {b.description: b for b in w.choice_buttons}
        name = q.answer_text if right else next(c for c in buttons if c != q.answer_text)
        buttons[name].click()
    elif q.kind in ("number", "text"):
        w.number.value = q.answer_text if right else _wrong_text(q)
        w.check_button.click()
    else:
        raise AssertionError(f"no driver for {q.kind} questions")
    assert w.last_feedback is not None and w.last_feedback.correct is right, (q, w.feedback.value)
    w.next_button.click()
    return q.topic, q.id


def _table(html_text: str) -> dict[str, tuple[int, int]]:
    """The progress table's rows: topic as shown -> (answered, right)."""
    rows = re.findall(
        r'<tr><td>([^<]*)</td><td style="text-align:right">(\d+)</td><td style="text-align:right">(\d+)</td>',
        html_text,
    )
    return {name: (int(a), int(r)) for name, a, r in rows}


def _expected(given: list[tuple[str, str, bool]], lang: str) -> dict[str, tuple[int, int]]:
    out: dict[str, list[int]] = {}
    for topic, _, right in given:
        row = out.setdefault(topic_name(topic, lang), [0, 0])
        row[0] += 1
        row[1] += int(right)
    return {k: (a, r) for k, (a, r) in out.items()}


PLAN_02 = [True, False, True, True, False, True, False]
PLAN_04 = [False, True, True, False, True]


def test_lesson_quizzes_write_what_the_app_progress_view_reads(data_dir):
    given = []
    lesson2 = QuizWidget(lang="et", **LESSON_02)
    for right in PLAN_02:
        given.append((*give(lesson2, right), right))
    lesson4 = QuizWidget(lang="et", **LESSON_04)
    for right in PLAN_04:
        given.append((*give(lesson4, right), right))
    assert not lesson2.status.value and not lesson4.status.value  # saved: nothing to warn about

    # the records: one per answer, in order, in the default file, for the default learner
    path = data_dir / "progress.sqlite3"
    assert path.exists() and default_path() == path
    rows = ProgressStore(path, readonly=True).answers("default")
    assert [(r["topic"], r["question_id"], bool(r["correct"])) for r in rows] == given
    assert {r["lang"] for r in rows} == {"et"}

    # the student app (app/quiz.ipynb: StudentApp over ProgressStore(), user "default")
    app = StudentApp(lang="et", topics="hcp", seed=0, store=ProgressStore(), banks=[])
    assert _table(app.progress.value) == _expected(given, "et")
    assert sum(a for a, _ in _table(app.progress.value).values()) == len(PLAN_02) + len(PLAN_04)
    # the app's "review my mistakes" asks the questions missed in the notebooks
    app = StudentApp(lang="et", seed=0, store=ProgressStore(), banks=[])
    app.quiz.review_button.click()
    review = app.quiz.session
    asked = []
    while review.current is not None:
        asked.append(review.current.id)
        review.next()
    assert sorted(asked) == sorted(qid for _, qid, right in given if not right)
    # and the notebook's own view shows the same table, in the learner's language
    view = progress(lang="et")
    assert _table(view.table.value) == _expected(given, "et")
    assert translate("Your progress", "et", domain="app") in view.table.value


def test_the_progress_view_follows_each_answer_of_the_kernel(data_dir):
    view = progress(lang="cs")
    assert (
        translate("No answers yet: your progress by topic shows here.", "cs", domain="app")
        in view.table.value
    )
    w = QuizWidget(lang="cs", **LESSON_04)
    topic, _ = give(w, True)
    assert _table(view.table.value) == {topic_name(topic, "cs"): (1, 1)}
    topic2, _ = give(w, False)
    want = _expected([(topic, "", True), (topic2, "", False)], "cs")
    assert _table(view.table.value) == want
    other = ProgressView(lang="cs", user="someone-else")  # another learner sees none of it
    give(w, True)
    assert _table(other.table.value) == {}


def test_a_new_kernel_sees_the_earlier_progress_and_reviews_its_mistakes(data_dir):
    first = QuizWidget(lang="sr", **LESSON_02)
    given = [(*give(first, right), right) for right in PLAN_02]
    missed = [qid for _, qid, right in given if not right]

    quiz_module._STORES.clear()  # a new kernel: new objects, the same file
    later = QuizWidget(lang="sr", **LESSON_02)
    assert later.session is not first.session and later.session.store is not first.session.store
    assert _table(progress(lang="sr").table.value) == _expected(given, "sr")
    later.review_button.click()  # "review my mistakes": the questions missed in the first kernel
    assert later.session.length == len(missed)
    asked = []
    for _ in missed:
        asked.append(later.session.current.id)
        give(later, True)
    assert asked == missed

    # answered right now: nothing left to review, in any lesson (the progress view's button)
    view = progress(lang="sr")
    view.review_button.click()
    assert view.review is None
    assert translate("No mistakes to review: well done!", "sr", domain="widgets") in view.message.value


def test_the_progress_views_review_asks_the_mistakes_of_every_lesson(data_dir):
    given = []
    w2 = QuizWidget(lang="ms", **LESSON_02)
    given += [(*give(w2, right), right) for right in PLAN_02]
    w4 = QuizWidget(lang="ms", **LESSON_04)
    given += [(*give(w4, right), right) for right in PLAN_04]
    view = progress(lang="ms")
    view.review_button.click()
    review = view.review
    assert review is not None and review.lang == "ms"
    ids = []
    while review.session.current is not None:
        ids.append(review.session.current.id)
        give(review, False)
    assert sorted(ids) == sorted(qid for _, qid, right in given if not right)


CRASH = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, sys.argv[1])
    from bridgelab.widgets.quiz import QuizWidget
    w = QuizWidget(topics=["declarer", "tricks"], seed=3, lang="en")
    for right in (True, False, True):
        q = w.session.current
        if q.kind == "seat":
            name = q.answer_text if right else next(c for c in q.choices if c != q.answer_text)
            next(b for b in w.choice_buttons if b.description == name).click()
        else:
            w.number.value = q.answer_text if right else str(q.answer + 1)
            w.check_button.click()
        assert w.last_feedback.correct is right
        w.next_button.click()
    print(w.session.asked, w.session.right, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # the kernel dies: nothing is closed or flushed
""")


@pytest.mark.slow  # a subprocess
def test_progress_survives_a_kernel_killed_after_answering(data_dir):
    env = {**os.environ, "BRIDGELAB_DATA_DIR": str(data_dir)}
    out = subprocess.run(
        [sys.executable, "-c", CRASH, str(ROOT)], env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == -signal.SIGKILL, out.stderr
    assert out.stdout.split() == ["3", "2"]
    view = progress()  # the next kernel
    assert sum(a for a, _ in _table(view.table.value).values()) == 3
    assert sum(r for _, r in _table(view.table.value).values()) == 2


# -- a store that cannot be written ---------------------------------------------------------------


def test_a_read_only_store_is_said_in_the_learners_language_and_the_quiz_goes_on(tmp_path):
    path = tmp_path / "p.sqlite3"
    ProgressStore(path).close()
    w = QuizWidget(lang="cs", store=ProgressStore(path, readonly=True), **LESSON_04)
    assert w.status.value == ""
    given = [give(w, right) for right in PLAN_04]  # no exception, every answer counts
    assert (w.session.asked, w.session.right) == (len(PLAN_04), sum(PLAN_04))
    assert "jen pro čtení" in w.status.value and str(path) in w.status.value  # Czech, and which file
    assert "read-only" not in w.status.value and "Traceback" not in w.status.value
    assert translate(SAVE_PROBLEMS["readonly"], "cs", domain="widgets", path=str(path)) in w.status.value
    assert len(w.session.unsaved) == len(PLAN_04) and ProgressStore(path).count("default") == 0
    w.review_button.click()  # the mistakes of this session, since none could be kept
    assert w.session.current.id == given[PLAN_04.index(False)][1]


def test_a_store_that_cannot_be_opened_is_said_and_nothing_else_breaks(tmp_path):
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"these are not the answers you are looking for" * 100)
    w = QuizWidget(lang="et", store=path, **LESSON_02)
    assert w.session.store is None and w.save_error.code == "not-a-database"
    assert translate(SAVE_PROBLEMS["other"], "et", domain="widgets", path=str(path)) in w.status.value
    assert "Sinu vastuseid ei salvestata" in w.status.value
    give(w, True)
    give(w, False)
    assert w.session.asked == 2 and "Sinu vastuseid ei salvestata" in w.status.value
    w.language.value = "sr"  # the warning follows the language
    assert "Tvoji odgovori se ne čuvaju" in w.status.value
    view = progress(lang="et", store=path)
    assert "Sinu vastuseid ei salvestata" in view.table.value and view.review_button.disabled
    assert path.read_bytes().startswith(b"these are not")  # left as it was


def test_a_busy_store_keeps_the_answers_and_saves_them_when_it_is_free(tmp_path):
    path = tmp_path / "p.sqlite3"
    store = ProgressStore(path, timeout=0.05)
    w = QuizWidget(lang="ms", store=store, **LESSON_04)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program is writing
    try:
        first = give(w, True)
        second = give(w, False)
        assert translate(SAVE_PROBLEMS["busy"], "ms", domain="widgets", path=str(path)) in w.status.value
        assert len(w.session.unsaved) == 2 and w.session.asked == 2
    finally:
        other.execute("ROLLBACK")
        other.close()
    third = give(w, True)  # free again: the kept answers go first, then this one
    assert w.status.value == "" and w.session.unsaved == [] and w.save_error is None
    assert w.status.layout.display == "none"  # no empty line where the warning was
    rows = store.answers("default")
    assert [(r["question_id"], bool(r["correct"])) for r in rows] == [
        (first[1], True),
        (second[1], False),
        (third[1], True),
    ]


AS_NOBODY = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    from bridgelab.widgets.quiz import QuizWidget
    w = QuizWidget(topics=["tricks"], seed=3, lang="sr", store=sys.argv[2])
    q = w.session.current
    w.number.value = q.answer_text
    w.check_button.click()
    print(w.last_feedback.correct, w.session.asked, w.save_error.code)
    print(w.status.value)
""")


@pytest.mark.slow  # a subprocess
def test_a_file_the_learner_may_not_write_as_an_unprivileged_user():
    """Root writes any file, so the read-only file is tried as nobody (as the store's own test)."""
    base = Path(tempfile.mkdtemp(prefix="bridgelab-ro-"))
    try:
        os.chmod(base, 0o755)
        path = base / "p.sqlite3"
        ProgressStore(path).close()
        for p in base.glob("*-*"):
            p.unlink()
        os.chmod(path, 0o444)
        if os.geteuid() != 0:
            cmd = [sys.executable, "-c", AS_NOBODY, str(ROOT), str(path)]
        elif shutil.which("setpriv"):
            cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            cmd += [sys.executable, "-c", AS_NOBODY, str(ROOT), str(path)]
        else:
            pytest.skip("needs setpriv to test as an unprivileged user")
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if out.returncode != 0 and "Permission denied" in out.stderr:
            pytest.skip(f"the unprivileged user cannot read the checkout: {out.stderr[-200:]}")
        assert out.returncode == 0, out.stderr
        first, status = out.stdout.split("\n", 1)
        assert first == "True 1 readonly"
        assert translate(SAVE_PROBLEMS["readonly"], "sr", domain="widgets", path=str(path)) in status
    finally:
        shutil.rmtree(base)


def test_other_stores_and_none(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    kept = QuizWidget(store=":memory:", **LESSON_04)
    give(kept, True)
    assert kept.session.store.count("default") == 1 and list(tmp_path.iterdir()) == []
    nothing = QuizWidget(store=None, **LESSON_04)
    give(nothing, False)
    assert nothing.session.store is None and nothing.status.value == ""
    mine = tmp_path / "anna.sqlite3"
    w = QuizWidget(store=mine, user="anna", **LESSON_04)
    give(w, True)
    assert ProgressStore(mine).count("anna") == 1 and ProgressStore(mine).count("default") == 0
    assert _table(progress(store=mine, user="anna").table.value) == {
        topic_name(w.session.history[0][0].topic, "en"): (1, 1)
    }


# -- the test runs themselves ---------------------------------------------------------------------


def test_tests_and_notebooks_never_write_the_real_progress_file():
    """The root conftest gives every pytest run (nbval's kernels included) a temporary folder."""
    from platformdirs import user_data_dir

    here = Path(os.environ["BRIDGELAB_DATA_DIR"])
    assert here.name.startswith("bridgelab-test-data-") and here.parent == Path(tempfile.gettempdir())
    assert not str(default_path()).startswith(user_data_dir("bridgelab", appauthor=False))


def test_a_session_that_raises_still_raises_a_package_error(tmp_path):
    """QuizSession's default (the CLI's) is unchanged: a refused save is a ProgressError."""
    from bridgelab.model.errors import ProgressError

    path = tmp_path / "p.sqlite3"
    ProgressStore(path).close()
    s = QuizSession(topics=["tricks"], seed=3, store=ProgressStore(path, readonly=True))
    with pytest.raises(ProgressError, match="readonly=True") as e:
        s.answer(str(s.current.answer))
    assert e.value.code == "readonly" and s.asked == 0
