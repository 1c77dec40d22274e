"""Progress that is never lost: every answer is one SQLite transaction.

The database lives in the user's data directory (``platformdirs``; ``BRIDGELAB_DATA_DIR``
overrides it) or at a path given. Each answer is committed before ``QuizSession.answer``
returns, in WAL mode where the file system allows it, so a kernel killed afterwards (even by
SIGKILL) loses nothing already answered.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..model.errors import BridgeError

__all__ = ["ProgressStore", "Mistake", "PlayedDeal", "default_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user        TEXT NOT NULL,
    session     TEXT NOT NULL,
    question_id TEXT NOT NULL,
    source      TEXT NOT NULL,
    seed        INTEGER,
    topic       TEXT NOT NULL,
    level       INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    lang        TEXT NOT NULL,
    given       TEXT NOT NULL,
    expected    TEXT NOT NULL,
    correct     INTEGER NOT NULL,
    answered_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS answers_user ON answers (user, question_id);
CREATE TABLE IF NOT EXISTS plays (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user        TEXT NOT NULL,
    deal        TEXT NOT NULL,
    contract    TEXT NOT NULL,
    declarer    TEXT NOT NULL,
    learner     TEXT NOT NULL,
    cards       TEXT NOT NULL,
    tricks      INTEGER NOT NULL,
    dd_tricks   INTEGER NOT NULL,
    hints       INTEGER NOT NULL,
    made        INTEGER NOT NULL,
    claimed     INTEGER NOT NULL,
    source      TEXT NOT NULL,
    played_at   REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS plays_user ON plays (user, id);
"""


def default_path() -> Path:
    """``$BRIDGELAB_DATA_DIR/progress.sqlite3``, else the platform's user data directory."""
    env = os.environ.get("BRIDGELAB_DATA_DIR")
    if env:
        return Path(env) / "progress.sqlite3"
    from platformdirs import user_data_dir

    return Path(user_data_dir("bridgelab", appauthor=False)) / "progress.sqlite3"


@dataclass(frozen=True)
class Mistake:
    """A question whose latest answer was wrong: enough to ask it again."""

    question_id: str
    source: str
    seed: int | None
    topic: str
    level: int
    lang: str
    given: str
    expected: str
    answered_at: float


@dataclass(frozen=True)
class PlayedDeal:
    """One deal played with the coach: the deal (PBN), contract, the learner's seats, every card
    in order ("SA H2 ..."), declarer's tricks, double-dummy tricks from the start, hints used."""

    id: int
    user: str
    deal: str
    contract: str
    declarer: str
    learner: str
    cards: str
    tricks: int
    dd_tricks: int
    hints: int
    made: bool
    claimed: bool
    source: str
    played_at: float

    @property
    def learner_declared(self) -> bool:
        return self.declarer in self.learner

    @property
    def went_down(self) -> bool:
        """The learner declared and the contract failed."""
        return self.learner_declared and not self.made


class ProgressStore:
    """Answers of every session, by user, in one SQLite file.

    >>> store = ProgressStore(":memory:")
    """

    def __init__(self, path: "str | os.PathLike | None" = None):
        self.path = default_path() if path is None else (path if str(path) == ":memory:" else Path(path))
        if self.path != ":memory:":
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise BridgeError(f"cannot create the folder for the progress file {self.path}: {e}") from None
        self._lock = threading.Lock()
        try:
            # isolation_level=None: we open and commit each transaction ourselves.
            self._conn = sqlite3.connect(str(self.path), timeout=30, isolation_level=None,
                                         check_same_thread=False)
            if self.path != ":memory:":
                mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                self.journal_mode = str(mode).lower()  # "wal", or "delete" where WAL is refused
            else:
                self.journal_mode = "memory"
            self._conn.execute("PRAGMA synchronous=FULL")
            self._conn.executescript(_SCHEMA)
        except sqlite3.DatabaseError as e:
            raise BridgeError(f"{self.path} is not a bridgelab progress database: {e}") from None

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    def close(self) -> None:
        self._conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- writing -------------------------------------------------------------------------
    def record(self, *, user: str, session: str, question_id: str, source: str, seed, topic: str,
               level: int, kind: str, lang: str, given: str, expected: str, correct: bool) -> int:
        """Store one answer in its own committed transaction; returns its row id."""
        with self._lock:
            cur = self._conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.execute(
                    "INSERT INTO answers (user, session, question_id, source, seed, topic, level, kind,"
                    " lang, given, expected, correct, answered_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (user, session, question_id, source, None if seed is None else int(seed), topic,
                     int(level), kind, lang, str(given), str(expected), int(bool(correct)), time.time()),
                )
                row = cur.lastrowid
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
        return int(row)

    def record_play(self, *, user: str, deal: str, contract: str, declarer: str, learner: str,
                    cards: str, tricks: int, dd_tricks: int, hints: int, made: bool,
                    claimed: bool = False, source: str = "") -> int:
        """Store one played deal (a coach session's end) in its own transaction; returns its id."""
        with self._lock:
            cur = self._conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.execute(
                    "INSERT INTO plays (user, deal, contract, declarer, learner, cards, tricks,"
                    " dd_tricks, hints, made, claimed, source, played_at)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (user, deal, contract, declarer, learner, cards, int(tricks), int(dd_tricks),
                     int(hints), int(bool(made)), int(bool(claimed)), source, time.time()),
                )
                row = cur.lastrowid
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
        return int(row)

    def clear(self, user: str = "default") -> None:
        """Forget every answer and played deal of ``user``."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute("DELETE FROM answers WHERE user = ?", (user,))
            self._conn.execute("DELETE FROM plays WHERE user = ?", (user,))
            self._conn.execute("COMMIT")

    # ---- reading -------------------------------------------------------------------------
    def answers(self, user: str = "default") -> list[dict]:
        """Every stored answer of ``user``, oldest first, as plain dicts."""
        with self._lock:
            cur = self._conn.execute(
                "SELECT * FROM answers WHERE user = ? ORDER BY id", (user,))
            names = [d[0] for d in cur.description]
            return [dict(zip(names, row)) for row in cur.fetchall()]

    def count(self, user: str = "default") -> int:
        with self._lock:
            return int(self._conn.execute(
                "SELECT COUNT(*) FROM answers WHERE user = ?", (user,)).fetchone()[0])

    def summary(self, user: str = "default"):
        """A pandas DataFrame by topic and level: asked, right, percent (0-100)."""
        import pandas as pd

        with self._lock:
            rows = self._conn.execute(
                "SELECT topic, level, COUNT(*), SUM(correct) FROM answers WHERE user = ?"
                " GROUP BY topic, level ORDER BY topic, level", (user,)).fetchall()
        df = pd.DataFrame(rows, columns=["topic", "level", "asked", "right"])
        df["asked"] = df["asked"].astype("int64")
        df["right"] = df["right"].astype("int64")
        df["percent"] = (100.0 * df["right"] / df["asked"]).round(1) if len(df) else pd.Series(dtype=float)
        return df

    def mistakes(self, user: str = "default") -> list[Mistake]:
        """Questions whose latest answer by ``user`` was wrong, oldest mistake first."""
        with self._lock:
            rows = self._conn.execute(
                """SELECT a.question_id, a.source, a.seed, a.topic, a.level, a.lang, a.given,
                          a.expected, a.answered_at
                   FROM answers a
                   JOIN (SELECT question_id, MAX(id) AS last FROM answers WHERE user = ?
                         GROUP BY question_id) l ON a.id = l.last
                   WHERE a.correct = 0 ORDER BY a.id""", (user,)).fetchall()
        return [Mistake(*r) for r in rows]

    def plays(self, user: str = "default", *, went_down: bool | None = None) -> list[PlayedDeal]:
        """The deals ``user`` played, oldest first; ``went_down=True``: only those the learner
        declared and went down in (to review them)."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, user, deal, contract, declarer, learner, cards, tricks, dd_tricks, hints,"
                " made, claimed, source, played_at FROM plays WHERE user = ? ORDER BY id",
                (user,)).fetchall()
        out = [PlayedDeal(*r[:10], bool(r[10]), bool(r[11]), *r[12:]) for r in rows]
        if went_down is not None:
            out = [p for p in out if p.went_down == went_down]
        return out
