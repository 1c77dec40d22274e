"""Progress in SQLite: summaries, mistakes, review, and nothing lost when the process is killed."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from bridgelab.model.errors import BridgeError
from bridgelab.quiz import ProgressStore, QuizSession, review_mistakes
from bridgelab.quiz.progress import default_path


def _play(session, pattern):
    """Answer questions right (True) or wrong (False) following ``pattern``; return their ids."""
    ids = []
    for right in pattern:
        q = session.current
        ids.append(q.id)
        if right:
            session.answer(q.answer_text)
        else:
            wrong = {
                "number": lambda q: "-1",
                "yesno": lambda q: "no" if q.answer == "yes" else "yes",
                "text": lambda q: "13-0-0-0",
                "seat": lambda q: "N" if q.answer != "N" else "S",
                "call": lambda q: "7NT" if q.answer != "7NT" else "1C",
                "choice": lambda q: next(c for c in q.choices if c != q.answer),
            }[q.kind](q)
            fb = session.answer(wrong)
            assert fb.understood and not fb.correct
        session.next()
    return ids


def test_summary_by_topic_and_level(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    assert store.journal_mode == "wal"
    s = QuizSession(topics=["tricks", "hcp"], seed=4, store=store, user="ann")
    pattern = [True, False, True, True, False, True, False, True]
    _play(s, pattern)
    df = store.summary("ann")
    assert list(df.columns) == ["topic", "level", "asked", "right", "percent"]
    assert df["asked"].sum() == 8 and df["right"].sum() == 5
    for _, row in df.iterrows():
        assert row["percent"] == pytest.approx(round(100 * row["right"] / row["asked"], 1))
    assert set(df["topic"]) <= {"tricks", "hcp"}
    assert store.summary("bob").empty  # users are kept apart


def test_mistakes_are_the_questions_last_answered_wrong(tmp_path):
    path = tmp_path / "p.sqlite3"
    s = QuizSession(topics=["pattern", "balanced"], seed=9, store=path)
    ids = _play(s, [False, True, False, False])
    store = ProgressStore(path)
    wrong = [ids[0], ids[2], ids[3]]
    assert [m.question_id for m in store.mistakes()] == wrong
    # review them: answer the first right, the others wrong again
    r = review_mistakes(path)
    assert r.current.id == ids[0]
    _play(r, [True, False, False])
    assert [m.question_id for m in store.mistakes()] == wrong[1:]
    # the same questions, made again from source and seed, in another language
    r2 = QuizSession.mistakes(path, lang="cs")
    assert r2.current.id == wrong[1] and r2.current.lang == "cs"
    store.clear()
    with pytest.raises(BridgeError, match="no mistakes"):
        review_mistakes(store)


def test_session_review_keeps_store_and_language(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    s = QuizSession(topics=["tricks"], seed=1, store=store, lang="sr", length=3)
    _play(s, [False, True, False])
    r = s.review()
    assert r.store is store and r.lang == "sr" and r.length == 2
    _play(r, [True, True])
    assert store.count() == 5 and not store.mistakes()


def test_default_path_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "progress.sqlite3"
    store = ProgressStore()
    assert store.path == default_path() and default_path().exists()


def test_a_file_that_is_not_a_database(tmp_path):
    p = tmp_path / "junk.sqlite3"
    p.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(BridgeError, match="not a bridgelab progress database"):
        ProgressStore(p)


CHILD = textwrap.dedent("""
    import sys
    from bridgelab.quiz import QuizSession, ProgressStore
    store = ProgressStore(sys.argv[1])
    s = QuizSession(seed=int(sys.argv[2]), store=store, user="kid")
    n = 0
    while True:
        q = s.current
        fb = s.answer(q.answer_text if n % 3 else "0")
        if not fb.understood:  # "0" is no answer to a yes/no question: answer it right
            fb = s.answer(q.answer_text)
        n += 1
        print(n, q.id, flush=True)   # only after answer() returned: committed
        s.next()
""")


@pytest.mark.slow
def test_sigkill_mid_session_loses_nothing_already_answered(tmp_path):
    path = tmp_path / "progress.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(path), "17"], stdout=subprocess.PIPE, text=True)
    reported = []
    try:
        for line in proc.stdout:
            n, qid = line.split()
            reported.append(qid)
            if int(n) >= 40:  # the child keeps answering; kill it in the middle of its work
                os.kill(proc.pid, signal.SIGKILL)
                break
        for line in proc.stdout.read().splitlines():  # lines written before the kill, not yet read
            if len(line.split()) == 2:
                reported.append(line.split()[1])
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = [r[0] for r in con.execute("SELECT question_id FROM answers WHERE user='kid' ORDER BY id")]
    con.close()
    # every answer the child reported is there, in order (and maybe one more it had no time to report)
    assert stored[: len(reported)] == reported and len(stored) - len(reported) in (0, 1)
    # and the store is usable afterwards
    store = ProgressStore(path)
    assert store.count("kid") == len(stored)
    assert store.summary("kid")["asked"].sum() == len(stored)
    wrong = sum(1 for i in range(len(stored)) if i % 3 == 0)
    assert len(store.mistakes("kid")) <= wrong


KILLED_IN_TRANSACTION = textwrap.dedent("""
    import sys, sqlite3
    from bridgelab.quiz import QuizSession, ProgressStore
    s = QuizSession(topics=["tricks"], seed=3, store=sys.argv[1], user="kid")
    for _ in range(3):
        s.answer(s.current.answer_text); s.next()
    con = sqlite3.connect(sys.argv[1], isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    con.execute("INSERT INTO answers (user, session, question_id, source, seed, topic, level, kind, lang,"
                " given, expected, correct, answered_at) VALUES ('kid','x','half','gen:x',1,'t',1,'number','en','1','1',1,0)")
    print("in transaction", flush=True)
    sys.stdin.readline()
""")


@pytest.mark.slow
def test_sigkill_inside_a_transaction_rolls_it_back(tmp_path):
    path = tmp_path / "progress.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_IN_TRANSACTION, str(path)],
        stdout=subprocess.PIPE,
        stdin=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline().strip() == "in transaction"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    store = ProgressStore(path)
    ids = [a["question_id"] for a in store.answers("kid")]
    assert len(ids) == 3 and "half" not in ids
    s = QuizSession(topics=["tricks"], seed=4, store=store, user="kid")  # the lock is gone: writing works
    s.answer(s.current.answer_text)
    assert store.count("kid") == 4
