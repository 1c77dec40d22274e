"""Progress that is never lost: every answer is one SQLite transaction.

The database lives in the user's data directory (``platformdirs``; ``BRIDGELAB_DATA_DIR``
overrides it) or at a path given. Each answer is committed before ``QuizSession.answer``
returns, in WAL mode where the file system allows it, so a kernel killed afterwards (even by
SIGKILL) loses nothing already answered.

Faults say what happened and what to do, as a ProgressError: a database another program is
writing (after a short wait, ``timeout``), a full disk, a read-only file or folder (found at
open), a damaged file (``PRAGMA quick_check`` on open: refused, never read half; ``recover``
copies what can still be read to a new file), and a file from a newer bridgelab.

The schema has a version (table ``schema_version``, one row a migration applied) and a list of
migrations (``MIGRATIONS``); opening an older file brings it up to date in one transaction. A
feature that needs a new table or column appends a migration: its number, what it does, and
its SQL statements.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..model.errors import ProgressError
from ..text.i18n import translate

__all__ = [
    "ProgressStore",
    "Mistake",
    "PlayedDeal",
    "default_path",
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "PROGRESS_ERROR_CODES",
    "SAVE_PROBLEMS",
    "save_problem",
]

SAVE_PROBLEMS = {
    "busy": "Your answer is not saved yet: another program (a notebook, a quiz, the app) is "
    "writing to your progress file {path}. The quiz goes on, and your next answer saves this one too.",
    "full": "Your answer is not saved yet: the disk of your progress file {path} is full. Free "
    "some space; your next answer saves this one too.",
    "readonly": "Your answers are not being saved: your progress file {path} or its folder is "
    "read-only. The quiz goes on; to keep your progress, make the file writable or choose another one.",
    "damaged": "Your answers are not being saved: your progress file {path} is damaged. The quiz "
    "goes on; your teacher can copy what can still be read with ProgressStore.recover.",
    "newer": "Your answers are not being saved: your progress file {path} was written by a newer "
    "bridgelab. The quiz goes on; update bridgelab to keep your progress.",
    "other": "Your answers are not being saved: your progress file {path} cannot be opened or "
    "written. The quiz goes on; ask your teacher to check the file.",
}
"""What the learner reads when the progress store refuses an answer, by the ProgressError's
``code`` (codes without their own words are "other")."""


def save_problem(error: BaseException, lang: str) -> str:
    """Why an answer is not saved, for the learner, in ``lang`` (by the ProgressError's code;
    the words are in the "widgets" catalogue: the quiz widget and the CLI quiz both say them)."""
    code = getattr(error, "code", None)
    path = getattr(error, "path", None)
    msgid = SAVE_PROBLEMS[code if code in SAVE_PROBLEMS else "other"]
    return translate(msgid, lang, domain="widgets", path=str(path) if path is not None else "")


PROGRESS_ERROR_CODES = (
    "busy",  # another program is writing to the file
    "full",  # the disk is full
    "readonly",  # the file or its folder is read-only, or the store was opened readonly=True
    "cannot-open",  # the file cannot be opened or created (no folder, no permission)
    "not-a-database",  # not a progress file: not SQLite, another program's tables, a folder
    "missing",  # readonly=True on a file that does not exist
    "damaged",  # the file is damaged (recover() copies what can be read)
    "disk",  # the disk reported an error
    "newer",  # written by a newer bridgelab
    "unknown",  # anything else SQLite said
)
"""The ``code`` of every ProgressError, so that a face can word the fault in its own language."""

MIGRATIONS: list[tuple[int, str, tuple[str, ...]]] = [
    (
        1,
        "the answers table (the first schema, before sessions were kept)",
        (
            """CREATE TABLE IF NOT EXISTS answers (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            user        TEXT NOT NULL,
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
        )""",
            "CREATE INDEX IF NOT EXISTS answers_user ON answers (user, question_id)",
        ),
    ),
    (
        2,
        "answers.session: the quiz session each answer belongs to (older answers: '')",
        ("ALTER TABLE answers ADD COLUMN session TEXT NOT NULL DEFAULT ''",),
    ),
    (
        3,
        "plays: the deals played with the coach",
        (
            """CREATE TABLE IF NOT EXISTS plays (
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
        )""",
            "CREATE INDEX IF NOT EXISTS plays_user ON plays (user, id)",
        ),
    ),
]
"""(version, what it does, SQL statements), oldest first; each runs once, in order."""

SCHEMA_VERSION = MIGRATIONS[-1][0]
"""The schema this bridgelab writes; files of an older version are migrated when opened."""

_VERSION_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    about      TEXT NOT NULL,
    applied_at REAL NOT NULL
)"""


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


def _explain(e: sqlite3.Error, path, doing: str, timeout: float) -> ProgressError:
    """The sqlite3 error ``e`` as a ProgressError saying what went wrong and what to do."""
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e)
    folder = Path(str(path)).parent
    folder_readonly = str(path) != ":memory:" and folder.is_dir() and not os.access(folder, os.W_OK)
    code = "unknown"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        code = "busy"
        why = (
            f"another program (a notebook, a quiz, the app) has been writing to it for more "
            f"than {timeout:g} s; close it or try again (nothing already saved is lost)"
        )
    elif name.startswith("SQLITE_FULL") or "disk is full" in text:
        code = "full"
        why = "the disk is full; free some space and try again (nothing already saved is lost)"
    elif name == "SQLITE_READONLY_DIRECTORY" or (
        name.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY")) and folder_readonly
    ):
        code = "readonly"
        why = (
            f"its folder {Path(str(path)).parent} is read-only, and SQLite writes its journal "
            "beside the file; give the folder write permission, use another path, or open "
            "it with readonly=True to read it"
        )
    elif name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        code = "readonly"
        why = (
            "the file is read-only; give it write permission, use another file, or open it "
            "with readonly=True to read it"
        )
    elif name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        code = "cannot-open"
        why = (
            "it cannot be opened or created: check that the folder exists and may be written "
            "(SQLite keeps its journal beside the file), or give another path"
        )
    elif name.startswith("SQLITE_NOTADB") or "not a database" in text:
        code = "not-a-database"
        why = "it is not a bridgelab progress database (not SQLite at all): give another path"
    elif name.startswith("SQLITE_CORRUPT") or "malformed" in text:
        code = "damaged"
        why = (
            "it is damaged; ProgressStore.recover(path) copies the answers that can still be "
            "read to a new file"
        )
    elif name.startswith("SQLITE_IOERR") or "disk I/O" in text:
        code = "disk"
        why = "the disk reported an error; check the disk and the free space, and try again"
    else:
        why = text
    return ProgressError(
        f"cannot {doing} the progress file {path}: {why} ({name or text})", code=code, path=path
    )


class ProgressStore:
    """Answers of every session, by user, in one SQLite file.

    ``timeout`` is how long to wait for another program writing to the file before saying so;
    ``readonly=True`` opens a file to read only (a student's file, a read-only copy).

    >>> store = ProgressStore(":memory:")
    """

    def __init__(
        self, path: "str | os.PathLike | None" = None, *, timeout: float = 2.0, readonly: bool = False
    ):
        self.path = default_path() if path is None else (path if str(path) == ":memory:" else Path(path))
        self.timeout = float(timeout)
        self.readonly = bool(readonly)
        memory = self.path == ":memory:"
        if not memory and not readonly:
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise ProgressError(
                    f"cannot create the folder for the progress file {self.path}: {e.strerror or e}",
                    code="readonly" if isinstance(e, PermissionError) else "cannot-open",
                    path=self.path,
                ) from None
        if not memory and Path(self.path).is_dir():
            raise ProgressError(
                f"the progress file {self.path} is a folder: give the path of a "
                "file, such as progress.sqlite3 inside it",
                code="not-a-database",
                path=self.path,
            )
        if not memory and readonly and not Path(self.path).is_file():
            raise ProgressError(
                f"the progress file {self.path} does not exist (readonly=True reads an existing file)",
                code="missing",
                path=self.path,
            )
        self._lock = threading.Lock()
        self._conn = None
        try:
            self._conn = self._connect()
            self._check_integrity()
            if memory:
                self.journal_mode = "memory"
            elif readonly:
                mode = self._conn.execute("PRAGMA journal_mode").fetchone()[0]
                self.journal_mode = str(mode).lower()
            else:
                mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                self.journal_mode = str(mode).lower()  # "wal", or "delete" where WAL is refused
            self._conn.execute("PRAGMA synchronous=FULL")
            self.schema_version = self._migrate()
            if not memory and not readonly:  # can we write? found now, not at the first answer
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    self._conn.execute("DELETE FROM schema_version WHERE version < 0")
                finally:
                    self._conn.execute("ROLLBACK")
        except sqlite3.Error as e:
            self._close_quietly()
            raise _explain(e, self.path, "open", self.timeout) from None
        except ProgressError:
            self._close_quietly()
            raise

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: we open and commit each transaction ourselves.
        kw = dict(timeout=self.timeout, isolation_level=None, check_same_thread=False)
        if not self.readonly:
            return sqlite3.connect(str(self.path), **kw)
        uri = f"file:{Path(self.path).resolve().as_posix()}"
        con = sqlite3.connect(uri + "?mode=ro", uri=True, **kw)
        try:
            con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return con
        except sqlite3.OperationalError:
            # a WAL file in a read-only folder (its -shm cannot be made): read it as it is
            con.close()
            return sqlite3.connect(uri + "?immutable=1", uri=True, **kw)

    def _close_quietly(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass

    # ---- opening: integrity and schema -------------------------------------------------------
    def _check_integrity(self) -> None:
        """Refuse a damaged file (quick_check reads every page once) instead of reading half."""
        rows = self._conn.execute("PRAGMA quick_check(5)").fetchall()
        problems = [" ".join(str(r[0]).replace("*** in database main ***", "").split()) for r in rows]
        if problems != ["ok"]:
            raise ProgressError(
                f"the progress file {self.path} is damaged "
                f"({'; '.join(p for p in problems if p)[:200]}); bridgelab "
                "has not changed it. ProgressStore.recover(path) copies every answer that can still "
                "be read into a new file and keeps the damaged one beside it",
                code="damaged",
                path=self.path,
            )

    def _tables(self) -> set[str]:
        rows = self._conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        return {r[0] for r in rows}

    def _found_version(self) -> int:
        """The file's schema version: from its table, or (a file from before the table) from
        its columns; 0 for a new file."""
        tables = self._tables()
        if "schema_version" in tables:
            return int(
                self._conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0]
            )
        if "answers" not in tables:
            if tables - {"sqlite_sequence"}:
                raise ProgressError(
                    f"{self.path} is an SQLite file of another program (tables "
                    f"{', '.join(sorted(tables))}), not a bridgelab progress "
                    "database",
                    code="not-a-database",
                    path=self.path,
                )
            return 0
        columns = {r[1] for r in self._conn.execute("PRAGMA table_info(answers)")}
        return 2 if "session" in columns else 1

    def _migrate(self) -> int:
        """Bring the file to ``SCHEMA_VERSION`` in one transaction; return the version."""
        found = self._found_version()
        if found > SCHEMA_VERSION:
            raise ProgressError(
                f"the progress file {self.path} was written by a newer bridgelab (schema {found}; "
                f"this one knows up to {SCHEMA_VERSION}): upgrade bridgelab to use it",
                code="newer",
                path=self.path,
            )
        if found == SCHEMA_VERSION and "schema_version" in self._tables():
            return found
        if self.readonly:
            return found  # read what is there; nothing is written
        cur = self._conn.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            found = self._found_version()  # another program may have migrated it meanwhile
            cur.execute(_VERSION_TABLE)
            now = time.time()
            for version, about, statements in MIGRATIONS:
                if version <= found:
                    cur.execute(
                        "INSERT OR IGNORE INTO schema_version VALUES (?, ?, ?)", (version, about, now)
                    )
                    continue
                for sql in statements:
                    cur.execute(sql)
                cur.execute("INSERT INTO schema_version VALUES (?, ?, ?)", (version, about, now))
            cur.execute("COMMIT")
        except BaseException:
            if self._conn.in_transaction:
                cur.execute("ROLLBACK")
            raise
        return SCHEMA_VERSION

    @classmethod
    def recover(cls, path: "str | os.PathLike", to: "str | os.PathLike | None" = None) -> "ProgressStore":
        """Copy the answers that can still be read from a damaged file into a new store.

        The damaged file is renamed ``<name>.damaged-<time>`` (kept, never deleted) and the new
        store takes its place, unless ``to`` names another file. Rows on damaged pages are
        lost; the returned store's ``recovered`` says how many were copied."""
        src = Path(path)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = Path(to) if to is not None else src
        keep = src.with_name(f"{src.name}.damaged-{stamp}")
        if to is None:
            try:
                shutil.move(str(src), str(keep))
                for extra in ("-wal", "-shm"):
                    side = src.with_name(src.name + extra)
                    if side.exists():
                        shutil.move(str(side), str(keep) + extra)
            except OSError as e:
                raise ProgressError(
                    f"cannot rename the damaged file {src}: {e.strerror or e}", code="cannot-open", path=src
                ) from None
            src = keep
        rows, columns = _readable_rows(src)
        store = cls(target)
        copied = 0
        with store._lock:
            cur = store._conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
            names = [c for c in columns if c != "id"]
            for row in rows:
                values = dict(zip(columns, row))
                values.setdefault("session", "")
                try:
                    cur.execute(
                        f"INSERT INTO answers ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                        [values[c] for c in names],
                    )
                    copied += 1
                except sqlite3.Error:
                    continue
            cur.execute("COMMIT")
        store.recovered = copied
        return store

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    def close(self) -> None:
        self._conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- writing -------------------------------------------------------------------------
    def _write(self, doing: str, statements) -> "int | None":
        """Run ``statements`` ((sql, params) pairs) in one committed transaction; the last
        statement's row id. Any failure rolls back and says why, as a ProgressError."""
        if self.readonly:
            raise ProgressError(
                f"the progress file {self.path} was opened with readonly=True: cannot {doing} it",
                code="readonly",
                path=self.path,
            )
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute("BEGIN IMMEDIATE")
                for sql, params in statements:
                    cur.execute(sql, params)
                row = cur.lastrowid
                cur.execute("COMMIT")
            except BaseException as e:
                if self._conn.in_transaction:  # SQLite may have rolled back already (disk full)
                    try:
                        cur.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                if isinstance(e, sqlite3.Error):
                    raise _explain(e, self.path, doing, self.timeout) from None
                raise
        return row

    def record(
        self,
        *,
        user: str,
        session: str,
        question_id: str,
        source: str,
        seed,
        topic: str,
        level: int,
        kind: str,
        lang: str,
        given: str,
        expected: str,
        correct: bool,
    ) -> int:
        """Store one answer in its own committed transaction; returns its row id."""
        row = self._write(
            "save an answer in",
            [
                (
                    "INSERT INTO answers (user, session, question_id, source, seed, topic, level, kind,"
                    " lang, given, expected, correct, answered_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        user,
                        session,
                        question_id,
                        source,
                        None if seed is None else int(seed),
                        topic,
                        int(level),
                        kind,
                        lang,
                        str(given),
                        str(expected),
                        int(bool(correct)),
                        time.time(),
                    ),
                )
            ],
        )
        return int(row)

    def record_play(
        self,
        *,
        user: str,
        deal: str,
        contract: str,
        declarer: str,
        learner: str,
        cards: str,
        tricks: int,
        dd_tricks: int,
        hints: int,
        made: bool,
        claimed: bool = False,
        source: str = "",
    ) -> int:
        """Store one played deal (a coach session's end) in its own transaction; returns its id."""
        row = self._write(
            "save a played deal in",
            [
                (
                    "INSERT INTO plays (user, deal, contract, declarer, learner, cards, tricks,"
                    " dd_tricks, hints, made, claimed, source, played_at)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        user,
                        deal,
                        contract,
                        declarer,
                        learner,
                        cards,
                        int(tricks),
                        int(dd_tricks),
                        int(hints),
                        int(bool(made)),
                        int(bool(claimed)),
                        source,
                        time.time(),
                    ),
                )
            ],
        )
        return int(row)

    def clear(self, user: str = "default") -> None:
        """Forget every answer and played deal of ``user``."""
        self._write(
            "clear answers in",
            [("DELETE FROM answers WHERE user = ?", (user,)), ("DELETE FROM plays WHERE user = ?", (user,))],
        )

    def _read(self, sql: str, params=()) -> "tuple[list[str], list[tuple]]":
        """(column names, rows) of a query; a ProgressError if the file cannot be read."""
        try:
            cur = self._conn.execute(sql, params)
            return [d[0] for d in cur.description], cur.fetchall()
        except sqlite3.Error as e:
            raise _explain(e, self.path, "read", self.timeout) from None

    # ---- reading -------------------------------------------------------------------------
    def answers(self, user: str = "default") -> list[dict]:
        """Every stored answer of ``user``, oldest first, as plain dicts."""
        with self._lock:
            names, rows = self._read("SELECT * FROM answers WHERE user = ? ORDER BY id", (user,))
            return [dict(zip(names, row)) for row in rows]

    def count(self, user: str = "default") -> int:
        with self._lock:
            return int(self._read("SELECT COUNT(*) FROM answers WHERE user = ?", (user,))[1][0][0])

    def summary(self, user: str = "default"):
        """A pandas DataFrame by topic and level: asked, right, percent (0-100)."""
        import pandas as pd

        with self._lock:
            rows = self._read(
                "SELECT topic, level, COUNT(*), SUM(correct) FROM answers WHERE user = ?"
                " GROUP BY topic, level ORDER BY topic, level",
                (user,),
            )[1]
        df = pd.DataFrame(rows, columns=["topic", "level", "asked", "right"])
        df["asked"] = df["asked"].astype("int64")
        df["right"] = df["right"].astype("int64")
        df["percent"] = (100.0 * df["right"] / df["asked"]).round(1) if len(df) else pd.Series(dtype=float)
        return df

    def mistakes(self, user: str = "default") -> list[Mistake]:
        """Questions whose latest answer by ``user`` was wrong, oldest mistake first."""
        with self._lock:
            rows = self._read(
                """SELECT a.question_id, a.source, a.seed, a.topic, a.level, a.lang, a.given,
                          a.expected, a.answered_at
                   FROM answers a
                   JOIN (SELECT question_id, MAX(id) AS last FROM answers WHERE user = ?
                         GROUP BY question_id) l ON a.id = l.last
                   WHERE a.correct = 0 ORDER BY a.id""",
                (user,),
            )[1]
        return [Mistake(*r) for r in rows]

    def plays(self, user: str = "default", *, went_down: bool | None = None) -> list[PlayedDeal]:
        """The deals ``user`` played, oldest first; ``went_down=True``: only those the learner
        declared and went down in (to review them)."""
        with self._lock:
            rows = self._read(
                "SELECT id, user, deal, contract, declarer, learner, cards, tricks, dd_tricks, hints,"
                " made, claimed, source, played_at FROM plays WHERE user = ? ORDER BY id",
                (user,),
            )[1]
        out = [PlayedDeal(*r[:10], bool(r[10]), bool(r[11]), *r[12:]) for r in rows]
        if went_down is not None:
            out = [p for p in out if p.went_down == went_down]
        return out


def _readable_rows(path: Path) -> "tuple[list[tuple], list[str]]":
    """Every answer row that can be read from a damaged file, one row id at a time (a damaged
    page loses its own rows, not the rest)."""
    try:
        con = sqlite3.connect(f"file:{path.resolve().as_posix()}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise _explain(e, path, "read", 0) from None
    try:
        try:
            columns = [r[1] for r in con.execute("PRAGMA table_info(answers)")]
        except sqlite3.Error:
            columns = []
        if not columns:
            raise ProgressError(
                f"{path}: no answers can be read (the table of answers is lost)", code="damaged", path=path
            )
        top = 0
        for sql in ("SELECT seq FROM sqlite_sequence WHERE name = 'answers'", "SELECT MAX(id) FROM answers"):
            try:
                top = max(top, int(con.execute(sql).fetchone()[0] or 0))
            except (sqlite3.Error, TypeError):
                pass
        rows = []
        select = f"SELECT {', '.join(columns)} FROM answers WHERE id = ?"
        for i in range(1, top + 1):
            try:
                row = con.execute(select, (i,)).fetchone()
            except sqlite3.Error:
                continue
            if row is not None:
                rows.append(row)
        return rows, columns
    finally:
        con.close()
