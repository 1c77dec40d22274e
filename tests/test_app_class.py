"""The class app without a browser: students, signed cookies, the teacher's figures, and the
student page's widgets (menus, explanations, language switch, Enter, store errors)."""

from __future__ import annotations

import os
import sqlite3
import string

import pytest

pytest.importorskip("ipywidgets")

from bridgelab.app.classroom import Classroom, JoinRefused, read_roster  # noqa: E402
from bridgelab.model.errors import BridgeError  # noqa: E402
from bridgelab.quiz import ProgressStore, QuizSession  # noqa: E402
from bridgelab.text.i18n import LANGUAGES, catalog, translate  # noqa: E402
from bridgelab.widgets.quiz import QuizWidget  # noqa: E402
from bridgelab.widgets.student import MESSAGES, StudentApp, read_topics  # noqa: E402


def _a(msgid, lang="en", **kw):
    return translate(msgid, lang, domain="app", **kw)


def _w(msgid, lang="en", **kw):
    return translate(msgid, lang, domain="widgets", **kw)


@pytest.fixture
def room(tmp_path):
    return Classroom("4b", folder=tmp_path / "4b", teacher_token="secret-token")


# -- students and cookies ---------------------------------------------------------------------


def test_a_student_joins_and_the_cookie_names_them(room):
    anna = room.join("  Anna   Tamm ", lang="et")
    assert (anna.name, anna.lang) == ("Anna Tamm", "et")
    assert room.student_from_cookie(room.cookie_for(anna)) == anna
    assert room.join(anna.code.lower()) == anna  # the code (any case) continues elsewhere


def test_a_taken_name_is_refused_and_an_empty_one_explained(room):
    room.join("Anna")
    with pytest.raises(JoinRefused) as e:
        room.join("anna")
    assert "{name}" in e.value.msgid and e.value.args_ == {"name": "anna"}
    with pytest.raises(JoinRefused, match="Type your name first"):
        room.join("   ")
    assert len(room.students()) == 1


def test_an_edited_or_foreign_cookie_names_nobody(room, tmp_path):
    anna, ben = room.join("Anna"), room.join("Ben")
    cookie = room.cookie_for(anna)
    sid, _, sig = cookie.rpartition(".")
    assert room.student_from_cookie(f"{ben.id}.{sig}") is None  # another id, Anna's signature
    assert room.student_from_cookie(f"{sid}.{'0' * len(sig)}") is None
    assert room.student_from_cookie(ben.id) is None  # an id alone
    assert room.student_from_cookie("") is None and room.student_from_cookie(None) is None
    other = Classroom("4c", folder=tmp_path / "4c")
    assert other.student_from_cookie(cookie) is None  # a cookie of another class
    again = Classroom("4b", folder=room.folder)  # the server restarted
    assert again.student_from_cookie(cookie) == anna


def test_a_roster_admits_its_codes_only(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("code,name\nk7p2,Anna Tamm\nQ9X4, Ben Lee\n\n", encoding="utf-8")
    assert read_roster(roster) == {"K7P2": "Anna Tamm", "Q9X4": "Ben Lee"}
    room = Classroom("5a", folder=tmp_path / "5a", roster=roster)
    anna = room.join("k7p2", lang="cs")
    assert (anna.name, anna.code) == ("Anna Tamm", "K7P2")
    assert room.join("K7P2") == anna
    with pytest.raises(JoinRefused) as e:
        room.join("Anna Tamm")
    assert e.value.args_ == {"code": "Anna Tamm"}
    bad = tmp_path / "bad.csv"
    bad.write_text("Anna\n", encoding="utf-8")
    with pytest.raises(BridgeError, match="line 1"):
        read_roster(bad)


def test_the_teachers_token(room):
    assert room.is_teacher(token="secret-token")
    assert not room.is_teacher(token="secret-tokeN") and not room.is_teacher(token="")
    assert room.is_teacher(cookie=room.teacher_cookie())
    assert not room.is_teacher(cookie=room.cookie_for(room.join("Anna")))


# -- the teacher's figures, against answers counted by hand ------------------------------------


def _answer(room, student, topic, seed, right: bool):
    s = QuizSession(topics=[topic], seed=seed, store=room.progress, user=student.id)
    q = s.current
    if q.kind == "number":
        s.answer(str(q.answer if right else q.answer + 1))
    else:
        s.answer(q.answer_text if right else next(c for c in q.choices if c != q.answer_text))
    return q


def test_by_student_by_topic_and_most_missed(room):
    anna, ben = room.join("Anna"), room.join("Ben")
    for seed, right in [(1, True), (2, False), (3, True)]:
        _answer(room, anna, "losers", seed, right)
    missed = _answer(room, anna, "balanced", 5, False)
    _answer(room, ben, "balanced", 5, False)
    _answer(room, ben, "losers", 1, True)

    students = room.by_student().set_index("student")
    assert students.loc["Anna", "answers"] == 4 and students.loc["Anna", "right"] == 2
    assert students.loc["Anna", "accuracy"] == 50.0
    assert students.loc["Ben", "answers"] == 2 and students.loc["Ben", "accuracy"] == 50.0
    topics = room.by_topic().set_index("topic")
    assert topics.loc["losers"].tolist() == [4, 3, 75.0, 2]
    assert topics.loc["balanced"].tolist() == [2, 0, 0.0, 2]
    top = room.most_missed().iloc[0]
    assert (top.question_id, top.missed, top.answers) == (missed.id, 2, 2)
    lines = room.csv().splitlines()
    assert lines[0].startswith("student,code,topic,level,question_id") and len(lines) == 7


def test_the_lesson_of_the_day(room):
    assert room.day() == (None, None)
    room.set_day(["hcp", "scoring"], 2)
    assert Classroom("4b", folder=room.folder).day() == (["hcp", "scoring"], 2)


# -- the student page's widgets ---------------------------------------------------------------


def test_known_topics_groups_and_bidding_topics_are_read():
    assert read_topics("opening,response,fit,scoring,hcp") == (
        ["opening", "response", "fit", "scoring", "hcp"],
        [],
    )
    assert read_topics("hcp, nonsense") == (["hcp"], ["nonsense"])
    assert read_topics(None) == (None, [])


@pytest.mark.parametrize("topic", ["opening", "response", "fit", "scoring"])
def test_the_advertised_topics_give_their_questions(topic):
    from bridgelab.quiz.core import expand_topics

    app = StudentApp(topics=topic, seed=3, store=None, banks=[])
    assert app.message.value == "" and app.quiz is not None
    assert app.quiz.session.current.topic in expand_topics([topic])


def test_an_unknown_topic_is_explained_in_the_learners_language():
    app = StudentApp(lang="cs", topics="nonsense", seed=1, store=None, banks=[])
    text = _a(
        "There is no topic called {topics}; choose one from the menu. Showing {shown} instead.",
        "cs",
        topics="“nonsense”",
        shown=_a("All topics", "cs"),
    )
    assert text in app.message.value.replace("&quot;", '"')
    assert app.quiz is not None and app.quiz.session.topics is None  # all topics, as it said


def test_a_topic_with_no_question_at_a_level_is_explained():
    app = StudentApp(lang="et", topics="losers", seed=1, store=None, banks=[])
    app.level_menu.value = 1  # losing trick count starts at level 2
    assert app.quiz is None and app.quiz_box.children == ()
    assert "tasemel 1" in app.message.value and "Traceback" not in app.message.value
    app.level_menu.value = 2
    assert app.quiz is not None and app.message.value == ""


def test_the_language_switch_keeps_the_answer_its_mark_and_its_words():
    for seed in range(100):
        s = QuizSession(topics=["balanced"], seed=seed)
        if s.current.kind == "yesno" and s.current.answer == "yes":
            break
    app = StudentApp(lang="en", topics="balanced", seed=seed, store=None, banks=[])
    app.quiz.choice_buttons[0].click()  # "Yes", the right answer
    app.language.value = "et"
    quiz = app.quiz
    assert quiz.session.feedback.given == "Jah"
    assert [b.description for b in quiz.choice_buttons] == ["Jah", "Ei"]
    assert quiz.choice_buttons[0].button_style == "success"  # still marked
    assert _w("Right!", "et") in quiz.feedback.value and "Yes" not in quiz.feedback.value
    assert app.topic_menu.options[0][0] == _a("All topics", "et") == "Kõik teemad"


def test_a_wrong_answer_keeps_its_words_after_a_language_switch():
    for seed in range(100):
        s = QuizSession(topics=["balanced"], seed=seed)
        if s.current.kind == "yesno" and s.current.answer == "yes":
            break
    w = QuizWidget(QuizSession(topics=["balanced"], seed=seed))
    w.choice_buttons[1].click()  # "No": wrong
    w.language.value = "et"
    assert "Sinu vastus oli Ei" in w.feedback.value and "Yes" not in w.feedback.value
    assert w.choice_buttons[1].button_style == "danger" and w.choice_buttons[0].button_style == "success"


def test_enter_in_the_answer_box_checks_the_answer():
    w = QuizWidget(QuizSession(topics=["losers"], seed=1))
    w.number.value = str(w.session.current.answer)
    w.number._handle_string_msg(None, {"event": "submit"}, None)  # what the browser sends on Enter
    assert w.last_feedback is not None and w.last_feedback.correct


def test_progress_by_topic_is_kept_across_visits(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    app = StudentApp(topics="losers", seed=1, store=store, user="s1", banks=[], code="ABC234")
    assert _a("No answers yet: your progress by topic shows here.") in app.progress.value
    q = app.quiz.session.current
    app.quiz.answer(str(q.answer))
    later = StudentApp(topics="hcp", seed=2, store=ProgressStore(tmp_path / "p.sqlite3"), user="s1", banks=[])
    assert "losing trick count" in later.progress.value and "100%" in later.progress.value
    other = StudentApp(topics="hcp", seed=2, store=store, user="s2", banks=[])
    assert "losing trick count" not in other.progress.value


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only files")
def test_a_read_only_progress_file_is_a_clear_message(tmp_path):
    path = tmp_path / "p.sqlite3"
    ProgressStore(path).close()
    os.chmod(path, 0o444)
    w = QuizWidget(topics=["losers"], seed=1, store=path, lang="ms")  # refused at open
    assert w.answer(str(w.session.current.answer)).correct  # the quiz goes on
    assert "Jawapan anda tidak disimpan" in w.status.value and str(path) in w.status.value


def test_a_failing_store_is_a_package_error(tmp_path):
    class Broken(ProgressStore):
        def record(self, **kw):
            raise sqlite3.OperationalError("attempt to write a readonly database")

    s = QuizSession(topics=["losers"], seed=1, store=Broken(tmp_path / "p.sqlite3"), lang="sr")
    with pytest.raises(BridgeError, match="readonly database"):
        s.answer(str(s.current.answer))
    w = QuizWidget(QuizSession(topics=["losers"], seed=1, store=Broken(tmp_path / "q.sqlite3")))
    assert w.answer(str(w.session.current.answer)).correct  # it counts, and is kept to save later
    assert w.session.right == 1 and len(w.session.unsaved) == 1
    assert "Your answers are not being saved" in w.status.value


def _fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_app_string_is_translated(lang):
    from bridgelab.app.pages import MESSAGES as PAGES
    from bridgelab.widgets.classpages import MESSAGES as TABS

    PAGES = (*PAGES, *TABS)
    cat = catalog(lang, "app")
    for m in set(MESSAGES) | set(PAGES):
        assert m in cat, (lang, m)
        assert _fields(cat[m]) == _fields(m), (lang, m)
    assert sum(cat[m] == m for m in set(MESSAGES) | set(PAGES)) <= 3


# -- memory after a class leaves -------------------------------------------------------------


def test_closing_tabs_together_makes_one_release(monkeypatch):
    from bridgelab.app import server

    released = []
    monkeypatch.setattr(server, "RELEASE_DELAY", 0.05)
    monkeypatch.setattr(server, "release_memory", lambda: released.append(1))
    for _ in range(5):  # five sessions close one after the other
        server.release_soon()
    server._release_timer.join(timeout=10)
    assert released == [1]


def test_idle_page_threads_end_after_a_class_leaves(monkeypatch):
    """Each page ran in a thread of anyio's pool; once a class has left, the release hands out
    one job after they have been idle long enough, so all but one of those threads end."""
    import asyncio
    import threading

    import anyio.to_thread
    from anyio._backends._asyncio import WorkerThread

    from bridgelab.app import server

    monkeypatch.setattr(WorkerThread, "MAX_IDLE_TIME", 0.2)

    def workers() -> set:
        return {t for t in threading.enumerate() if isinstance(t, WorkerThread) and t.is_alive()}

    async def class_then_release() -> tuple[int, int]:
        before = workers()  # other tests' pools: not counted
        gate = threading.Barrier(6)  # six pages at once: six threads of the pool
        await asyncio.gather(*(anyio.to_thread.run_sync(gate.wait) for _ in range(6)))
        ours = workers() - before
        await server._end_idle_threads()
        for _ in range(100):  # the stopped threads finish their last loop
            if len(ours & workers()) <= 1:
                break
            await asyncio.sleep(0.05)
        return len(ours), len(ours & workers())

    got: list = []  # a thread of its own: another test may have left an event loop running here
    runner = threading.Thread(target=lambda: got.append(asyncio.run(class_then_release())))
    runner.start()
    runner.join(timeout=60)
    during, after = got[0]
    assert during == 6
    assert after <= 1


def test_switch_interval_is_short_for_quick_clicks():
    import sys

    from bridgelab.app import server

    old = sys.getswitchinterval()
    try:
        server.quick_turns()
        assert sys.getswitchinterval() == pytest.approx(server.SWITCH_INTERVAL)
        assert server.SWITCH_INTERVAL < old
    finally:
        sys.setswitchinterval(old)


def test_solara_writes_widget_messages_from_the_pages_thread(monkeypatch):
    """The class server runs uvicorn with the websocket protocol Solara's synchronous writes
    work with (with uvicorn's default one, Solara falls back to handing every message to the
    event loop, which a class opening the app at once keeps busy)."""
    import socket
    import threading
    import time

    import uvicorn
    from solara.server.sync_ws_write import SyncFrameWriter
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from websockets.sync.client import connect

    from bridgelab.app import server

    for name in [k for k in os.environ if k.startswith("SOLARA_")] + ["SOLARA_SERVER_SYNC_WS_WRITE"]:
        monkeypatch.delenv(name, raising=False)  # what _solara_settings sets goes after the test
    monkeypatch.setenv("SOLARA_APP", "")
    server._solara_settings()
    assert os.environ["SOLARA_SERVER_SYNC_WS_WRITE"] == "True"

    async def endpoint(ws):
        await ws.accept()
        await ws.send_text("sync" if SyncFrameWriter.try_create(ws) is not None else "loop")
        await ws.close()

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    config = uvicorn.Config(app, host="127.0.0.1", port=port, ws=server._ws_protocol(), log_level="error")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    try:
        for _ in range(200):
            if uv.started:
                break
            time.sleep(0.05)
        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
            assert ws.recv(timeout=10) == "sync"
    finally:
        uv.should_exit = True
        thread.join(timeout=10)
