"""A class served by the app: its students, their signed cookies, the teacher's token and view.

Everything here is plain Python and SQLite (no web server), so tests drive it directly:

    room = Classroom("4b", folder=tmp_path)
    anna = room.join("Anna", lang="et")
    room.student_from_cookie(room.cookie_for(anna)) == anna

A class keeps its files in one folder (``<data dir>/classes/<class>/``): ``progress.sqlite3``
(a ``ProgressStore`` whose ``user`` is the student's random id, so the store needs no class
column), ``class.sqlite3`` (students, the topics and level of the day) and ``secret`` (the key
that signs cookies, made once so a restart keeps everyone signed in). A student is known by a
cookie holding their id and an HMAC of it: editing the cookie or the address reaches nobody
else's progress, because only the server can sign an id.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import os
import re
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..model.errors import BridgeError
from ..quiz import ProgressStore
from ..quiz.progress import default_path

__all__ = ["Classroom", "Student", "JoinRefused", "read_roster", "COOKIE", "TEACHER_COOKIE"]

COOKIE = "bridgelab_student"
TEACHER_COOKIE = "bridgelab_teacher"
_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed easily

_SCHEMA = """
CREATE TABLE IF NOT EXISTS students (
    id        TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    code      TEXT NOT NULL UNIQUE,
    lang      TEXT NOT NULL,
    joined    REAL NOT NULL,
    last_seen REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


@dataclass(frozen=True)
class Student:
    """One student of a class: a random ``id`` (their progress is stored under it), the name
    they gave or the roster's, their ``code`` (to continue on another device) and language."""

    id: str
    name: str
    code: str
    lang: str


class JoinRefused(BridgeError):
    """A name or code that cannot join; ``msgid`` and ``args`` say why in the learner's words."""

    def __init__(self, msgid: str, **args):
        self.msgid, self.args_ = msgid, args
        super().__init__(msgid.format(**args))


def read_roster(path: "str | os.PathLike") -> dict[str, str]:
    """A roster file: one student a line, ``code,name`` (a CSV; a header line ``code,name`` and
    blank lines are skipped). Returns code (upper case) -> name."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as e:
        raise BridgeError(f"cannot read the roster file {path}: {e}") from None
    roster: dict[str, str] = {}
    for n, row in enumerate(csv.reader(io.StringIO(text)), 1):
        if not row or not "".join(row).strip():
            continue
        if len(row) < 2 or not row[0].strip() or not row[1].strip():
            raise BridgeError(
                f"{path}, line {n}: write 'code,name' (e.g. 'K7P2,Anna Tamm'), not {','.join(row)!r}"
            )
        code, name = row[0].strip().upper(), row[1].strip()
        if n == 1 and code == "CODE":
            continue
        if code in roster:
            raise BridgeError(f"{path}, line {n}: the code {code} is given twice")
        roster[code] = name
    if not roster:
        raise BridgeError(f"the roster file {path} names no student: write one 'code,name' a line")
    return roster


def _slug(name: str) -> str:
    slug = re.sub(r"[^\w-]+", "-", name.strip().lower(), flags=re.UNICODE).strip("-")
    if not slug or len(name) > 60:
        raise BridgeError(f"a class name is 1 to 60 letters, digits, spaces or dashes, not {name!r}")
    return slug


class Classroom:
    """One class: where its files are, who its students are, and what the teacher sees.

    ``name`` is the class's name ("4b", "Tuesday beginners"); ``folder`` defaults to
    ``classes/<name>`` in bridgelab's data directory; ``roster`` (a file of ``code,name``
    lines) makes students join with their code instead of a name of their choice;
    ``teacher_token`` defaults to a new random token (print it for the teacher).
    """

    def __init__(
        self,
        name: str,
        folder: "str | os.PathLike | None" = None,
        roster: "str | os.PathLike | None" = None,
        teacher_token: "str | None" = None,
    ):
        self.name = str(name).strip()
        self.slug = _slug(self.name)
        self.folder = Path(folder) if folder is not None else default_path().parent / "classes" / self.slug
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise BridgeError(f"cannot create the class folder {self.folder}: {e}") from None
        self.roster = read_roster(roster) if roster is not None else None
        self.teacher_token = teacher_token or secrets.token_urlsafe(12)
        try:  # "what to practise next": FSRS over each student's answers
            from ..quiz.schedule import PracticeScheduler

            self.scheduler = PracticeScheduler()
        except BridgeError:  # without fsrs the menu simply does not offer it
            self.scheduler = None
        self._secret = self._load_secret()
        self.progress = ProgressStore(self.folder / "progress.sqlite3")
        self._lock = threading.Lock()
        path = self.folder / "class.sqlite3"
        try:
            self._db = sqlite3.connect(str(path), timeout=30, isolation_level=None, check_same_thread=False)
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as e:
            raise BridgeError(f"{path} is not a bridgelab class file, or cannot be written: {e}") from None

    def __repr__(self) -> str:
        return f"Classroom({self.name!r}, folder={str(self.folder)!r})"

    def _load_secret(self) -> bytes:
        path = self.folder / "secret"
        try:
            if path.exists():
                return bytes.fromhex(path.read_text().strip())
            key = secrets.token_bytes(32)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(key.hex())
            return key
        except (OSError, ValueError) as e:
            raise BridgeError(f"cannot read or make the class key {path}: {e}") from None

    def _write(self, sql: str, args: tuple) -> None:
        with self._lock:
            try:
                self._db.execute(sql, args)
            except sqlite3.Error as e:
                raise BridgeError(f"cannot write the class file in {self.folder}: {e}") from None

    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    # -- students ----------------------------------------------------------------------------

    def join(self, text: str, lang: str = "en") -> Student:
        """The student who typed ``text`` on the name prompt: their code (any class), a roster
        code (with a roster), or a new name (without one). ``JoinRefused`` says why not."""
        text = " ".join(str(text).split())
        if not text:
            raise JoinRefused("Type your name first." if self.roster is None else "Type your code first.")
        if len(text) > 40:
            raise JoinRefused("A name is at most {n} letters.", n=40)
        code = text.upper().replace(" ", "")
        found = self._rows("SELECT id, name, code, lang FROM students WHERE code = ?", (code,))
        if found:
            student = Student(*found[0])
        elif self.roster is not None:
            if code not in self.roster:
                raise JoinRefused(
                    "{code} is not a code of this class: check the code your teacher gave you.", code=text
                )
            student = self._add(self.roster[code], code, lang)
        else:
            taken = self._rows("SELECT 1 FROM students WHERE name = ? COLLATE NOCASE", (text,))
            if taken:
                raise JoinRefused(
                    "The name {name} is taken in this class. If it is you, type your "
                    "code instead (it is under your progress); if not, add your "
                    "surname or its first letter.",
                    name=text,
                )
            student = self._add(text, self._new_code(), lang)
        self.touch(student)
        return student

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(_CODE_LETTERS) for _ in range(6))
            if not self._rows("SELECT 1 FROM students WHERE code = ?", (code,)):
                return code

    def _add(self, name: str, code: str, lang: str) -> Student:
        student = Student("s" + secrets.token_hex(8), name, code, lang)
        now = time.time()
        self._write(
            "INSERT INTO students (id, name, code, lang, joined, last_seen) VALUES (?,?,?,?,?,?)",
            (student.id, name, code, lang, now, now),
        )
        return student

    def student(self, student_id: str) -> "Student | None":
        rows = self._rows("SELECT id, name, code, lang FROM students WHERE id = ?", (student_id,))
        return Student(*rows[0]) if rows else None

    def students(self) -> list[Student]:
        return [Student(*r) for r in self._rows("SELECT id, name, code, lang FROM students ORDER BY name")]

    def touch(self, student: Student) -> None:
        self._write("UPDATE students SET last_seen = ? WHERE id = ?", (time.time(), student.id))

    def set_language(self, student: Student, lang: str) -> None:
        """Remember the student's language (their next visit opens in it)."""
        self._write("UPDATE students SET lang = ? WHERE id = ?", (lang, student.id))

    # -- cookies and the teacher's token -----------------------------------------------------

    def _sign(self, text: str) -> str:
        return hmac.new(self._secret, f"{self.slug}:{text}".encode(), hashlib.sha256).hexdigest()[:32]

    def cookie_for(self, student: Student) -> str:
        """The cookie value that names ``student``: their id and the server's signature of it."""
        return f"{student.id}.{self._sign(student.id)}"

    def student_from_cookie(self, value: "str | None") -> "Student | None":
        """The student a cookie names, or None if it is missing, edited or of another class."""
        if not value or "." not in value:
            return None
        student_id, _, signature = value.rpartition(".")
        if not hmac.compare_digest(signature, self._sign(student_id)):
            return None
        return self.student(student_id)

    def teacher_cookie(self) -> str:
        return self._sign("teacher:" + self.teacher_token)

    def is_teacher(self, token: "str | None" = None, cookie: "str | None" = None) -> bool:
        """True for the teacher's token (from the address) or the cookie it set."""
        if token is not None and hmac.compare_digest(str(token), self.teacher_token):
            return True
        return cookie is not None and hmac.compare_digest(str(cookie), self.teacher_cookie())

    # -- the lesson of the day ---------------------------------------------------------------

    def set_day(self, topics: "list[str] | None", level: "int | None") -> None:
        """The topics (None: all) and level (None: all) students are given from now on."""
        self._write("INSERT OR REPLACE INTO settings VALUES ('topics', ?)", (",".join(topics or []),))
        self._write("INSERT OR REPLACE INTO settings VALUES ('level', ?)", (str(level or ""),))

    def day(self) -> "tuple[list[str] | None, int | None]":
        settings = dict(self._rows("SELECT key, value FROM settings"))
        topics = [t for t in settings.get("topics", "").split(",") if t] or None
        level = int(settings["level"]) if settings.get("level") else None
        return topics, level

    # -- the teacher's view ------------------------------------------------------------------

    def answers(self):
        """Every answer in the class as a DataFrame, with the student's name and code."""
        import pandas as pd

        names = {s.id: s for s in self.students()}
        rows = []
        for s in names.values():
            for a in self.progress.answers(s.id):
                rows.append(
                    {
                        "student": s.name,
                        "code": s.code,
                        **{
                            k: a[k]
                            for k in (
                                "topic",
                                "level",
                                "question_id",
                                "source",
                                "seed",
                                "lang",
                                "given",
                                "expected",
                                "correct",
                                "answered_at",
                            )
                        },
                    }
                )
        cols = [
            "student",
            "code",
            "topic",
            "level",
            "question_id",
            "source",
            "seed",
            "lang",
            "given",
            "expected",
            "correct",
            "answered_at",
        ]
        df = pd.DataFrame(rows, columns=cols)
        df["correct"] = df["correct"].astype(bool)
        return df

    def by_student(self):
        """Per student: answers, right, accuracy (%), last activity (epoch seconds), language."""
        import pandas as pd

        df = self.answers()
        out = []
        seen = dict(self._rows("SELECT id, last_seen FROM students"))
        for s in self.students():
            mine = df[df["code"] == s.code]
            asked, right = len(mine), int(mine["correct"].sum())
            last = max([seen.get(s.id, 0.0), *mine["answered_at"].tolist()])
            out.append(
                {
                    "student": s.name,
                    "code": s.code,
                    "lang": s.lang,
                    "answers": asked,
                    "right": right,
                    "accuracy": round(100 * right / asked, 1) if asked else None,
                    "last_activity": last,
                }
            )
        return pd.DataFrame(
            out, columns=["student", "code", "lang", "answers", "right", "accuracy", "last_activity"]
        )

    def by_topic(self):
        """Per topic: answers, right, accuracy (%), how many students answered it."""
        import pandas as pd

        df = self.answers()
        if not len(df):
            return pd.DataFrame(columns=["topic", "answers", "right", "accuracy", "students"])
        g = df.groupby("topic")
        out = pd.DataFrame(
            {"answers": g.size(), "right": g["correct"].sum().astype(int), "students": g["code"].nunique()}
        ).reset_index()
        out["accuracy"] = (100 * out["right"] / out["answers"]).round(1)
        return out[["topic", "answers", "right", "accuracy", "students"]]

    def most_missed(self, n: int = 10):
        """The questions missed most often (by how many answers were wrong), with their source."""
        import pandas as pd

        df = self.answers()
        wrong = df[~df["correct"]] if len(df) else df
        if not len(wrong):
            return pd.DataFrame(columns=["question_id", "topic", "source", "seed", "missed", "answers"])
        asked = df.groupby("question_id").size()
        g = wrong.groupby("question_id")
        out = pd.DataFrame(
            {
                "topic": g["topic"].first(),
                "source": g["source"].first(),
                "seed": g["seed"].first(),
                "missed": g.size(),
            }
        ).reset_index()
        out["answers"] = out["question_id"].map(asked)
        return (
            out.sort_values(["missed", "question_id"], ascending=[False, True]).head(n).reset_index(drop=True)
        )

    def csv(self) -> str:
        """Every answer of the class as CSV (student, code, topic, level, question, ... correct)."""
        df = self.answers()
        df["answered_at"] = [time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t)) for t in df["answered_at"]]
        return df.to_csv(index=False)
