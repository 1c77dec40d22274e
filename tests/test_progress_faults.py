"""The progress store under faults (issue 19, item 12): a busy, full, read-only, damaged, old or
newer file gives a ProgressError that says what happened and what to do, never a raw sqlite3
error, and a crash in the middle of a migration loses nothing."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from bridgelab.model.errors import BridgeError, ProgressError
from bridgelab.quiz import ProgressStore
from bridgelab.quiz import progress as progress_module

ROOT = Path(__file__).resolve().parents[1]


def _record(store, i=0, user="ann"):
    return store.record(
        user=user,
        session="s",
        question_id=f"q{i}",
        source="gen:hcp",
        seed=i,
        topic="hcp",
        level=1,
        kind="number",
        lang="en",
        given="1",
        expected="1",
        correct=bool(i % 2),
    )


OLD_SCHEMA = """CREATE TABLE answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, question_id TEXT NOT NULL,
    source TEXT NOT NULL, seed INTEGER, topic TEXT NOT NULL, level INTEGER NOT NULL,
    kind TEXT NOT NULL, lang TEXT NOT NULL, given TEXT NOT NULL, expected TEXT NOT NULL,
    correct INTEGER NOT NULL, answered_at REAL NOT NULL);
CREATE INDEX answers_user ON answers (user, question_id);"""


def _old_file(path: Path, rows: int = 50) -> None:
    """A progress file of the first schema (no session column, no version table)."""
    con = sqlite3.connect(path)
    con.executescript(OLD_SCHEMA)
    con.executemany(
        "INSERT INTO answers (user, question_id, source, seed, topic, level, kind, lang,"
        " given, expected, correct, answered_at) VALUES ('ann', ?, 'gen:hcp', ?, 'hcp', 1,"
        " 'number', 'en', '1', '1', ?, 0)",
        [(f"q{i}", i, i % 2) for i in range(rows)],
    )
    con.commit()
    con.close()


def test_fresh_file_has_the_current_schema_version(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    assert store.schema_version == progress_module.SCHEMA_VERSION == progress_module.MIGRATIONS[-1][0]
    con = sqlite3.connect(tmp_path / "p.sqlite3")
    versions = [r[0] for r in con.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == [m[0] for m in progress_module.MIGRATIONS]
    assert [m[0] for m in progress_module.MIGRATIONS] == list(range(1, len(versions) + 1))


def test_an_old_file_is_migrated_and_keeps_its_answers(tmp_path):
    path = tmp_path / "old.sqlite3"
    _old_file(path)
    store = ProgressStore(path)  # was: "table answers has no column named session" on record()
    assert store.schema_version == progress_module.SCHEMA_VERSION
    assert store.count("ann") == 50 and len(store.mistakes("ann")) == 25
    assert {a["session"] for a in store.answers("ann")} == {""}
    _record(store, 99)
    assert store.count("ann") == 51 and store.answers("ann")[-1]["session"] == "s"
    store.close()
    assert ProgressStore(path).count("ann") == 51  # and opens again without migrating twice


def test_a_file_of_the_current_schema_without_version_table_is_adopted(tmp_path):
    """Files written before the version table (with the session column) keep working."""
    path = tmp_path / "p.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(OLD_SCHEMA.replace("user TEXT NOT NULL,", "user TEXT NOT NULL, session TEXT NOT NULL,"))
    con.close()
    store = ProgressStore(path)
    assert store.schema_version == progress_module.SCHEMA_VERSION
    _record(store)
    assert store.count("ann") == 1


def test_a_file_from_a_newer_bridgelab_is_refused(tmp_path):
    path = tmp_path / "p.sqlite3"
    ProgressStore(path).close()
    con = sqlite3.connect(path)
    con.execute("INSERT INTO schema_version VALUES (99, 'the future', 0)")
    con.commit()
    con.close()
    want = rf"newer bridgelab \(schema 99; this one knows up to {progress_module.SCHEMA_VERSION}\)"
    with pytest.raises(ProgressError, match=want):
        ProgressStore(path)


def test_an_sqlite_file_of_another_program_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE invoices (x)")
    con.close()
    with pytest.raises(ProgressError, match="another program .*invoices"):
        ProgressStore(path)


def test_a_folder_is_no_progress_file(tmp_path):
    with pytest.raises(ProgressError, match="is a folder"):
        ProgressStore(tmp_path)


def test_a_busy_file_waits_briefly_then_says_so(tmp_path):
    path = tmp_path / "p.sqlite3"
    store = ProgressStore(path, timeout=0.2)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program in the middle of writing
    try:
        with pytest.raises(
            ProgressError, match="another program .* more than 0.2 s.*nothing already saved is lost"
        ):
            _record(store)
        with pytest.raises(ProgressError, match="another program"):
            ProgressStore(path, timeout=0.2)  # found at open, not at the first answer
        assert store.count("ann") == 0  # reading goes on (WAL)
    finally:
        other.execute("ROLLBACK")
    _record(store)
    assert store.count("ann") == 1
    assert ProgressStore(path).timeout == 2.0  # the default wait is short (it was 30 s)


def test_a_full_disk_says_so_and_keeps_what_was_saved(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages + 2}")  # the disk fills up
    saved = 0
    with pytest.raises(ProgressError, match="the disk is full; free some space"):
        for i in range(10_000):
            _record(store, i)
            saved += 1
    assert saved > 0 and store.count("ann") == saved
    store._conn.execute("PRAGMA max_page_count = 1000000")  # space again: writing goes on
    _record(store, 1)
    assert store.count("ann") == saved + 1


def _damaged_file(path: Path, rows: int = 3001) -> None:
    store = ProgressStore(path)
    store._conn.execute("BEGIN")
    for i in range(rows):
        store._conn.execute(
            "INSERT INTO answers (user, session, question_id, source, seed, topic, level, kind, lang,"
            " given, expected, correct, answered_at) VALUES ('ann','s',?,'gen:hcp',?,'hcp',1,'number',"
            "'en','1','1',1,0)",
            (f"q{i}", i),
        )
    store._conn.execute("COMMIT")
    store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 20 * page
    for p in (8, 9):  # two leaf pages of the answers table in the middle of the file
        data[p * page + 8 : (p + 1) * page] = b"\xa5" * (page - 8)
    path.write_bytes(bytes(data))


def test_a_damaged_file_is_refused_and_can_be_recovered(tmp_path):
    path = tmp_path / "p.sqlite3"
    _damaged_file(path)
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="is damaged .*has not changed it.*ProgressStore.recover"):
        ProgressStore(path)  # it was opened, and count() said 549 of 3,001
    assert path.read_bytes() == before
    store = ProgressStore.recover(path)
    kept = [p for p in tmp_path.glob("p.sqlite3.damaged-*") if not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == before  # the damaged file is kept as it was
    n = store.count("ann")
    assert store.recovered == n and 2800 < n < 3001  # only the rows of the two damaged pages lost
    ids = [a["question_id"] for a in store.answers("ann")]
    assert ids == sorted(ids, key=lambda q: int(q[1:])) and len(set(ids)) == n
    store.close()
    reopened = ProgressStore(path)
    assert reopened.count("ann") == n
    _record(reopened)


def test_readonly_mode_reads_and_refuses_to_write(tmp_path):
    path = tmp_path / "p.sqlite3"
    _record(ProgressStore(path))
    ro = ProgressStore(path, readonly=True)
    assert ro.count("ann") == 1
    with pytest.raises(ProgressError, match="readonly=True"):
        _record(ro)
    with pytest.raises(ProgressError, match="does not exist"):
        ProgressStore(tmp_path / "none.sqlite3", readonly=True)


def test_errors_are_bridge_errors():
    assert issubclass(ProgressError, BridgeError)


AS_NOBODY = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    from bridgelab.quiz import ProgressStore
    from bridgelab.model.errors import ProgressError
    for path in sys.argv[2:]:
        try:
            ProgressStore(path)
            print("opened")
        except ProgressError as e:
            print("ProgressError", e)
        try:
            print("read", ProgressStore(path, readonly=True).count("ann"))
        except ProgressError as e:
            print("ProgressError", e)
""")


def _as_nobody(args):
    """Run AS_NOBODY as an unprivileged user (root may write anything, so root cannot test this)."""
    if os.geteuid() != 0:
        cmd = [sys.executable, "-c", AS_NOBODY, str(ROOT), *args]
    elif shutil.which("setpriv"):
        cmd = [
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            sys.executable,
            "-c",
            AS_NOBODY,
            str(ROOT),
            *args,
        ]
    else:
        pytest.skip("needs setpriv to test as an unprivileged user")
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if out.returncode != 0 and "Permission denied" in out.stderr:
        pytest.skip(f"the unprivileged user cannot read the checkout: {out.stderr[-200:]}")
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_readonly_file_and_folder_fail_at_open_saying_which():
    base = Path(tempfile.mkdtemp(prefix="bridgelab-ro-"))
    try:
        os.chmod(base, 0o777)
        ro_file = base / "ro.sqlite3"
        (base / "dir").mkdir()
        in_ro_dir = base / "dir" / "p.sqlite3"
        for path in (ro_file, in_ro_dir):
            with ProgressStore(path) as store:  # closing writes the journal back into the file
                _record(store)
        for p in base.rglob("*-wal"):
            p.unlink()
        for p in base.rglob("*-shm"):
            p.unlink()
        os.chmod(ro_file, 0o444)
        os.chmod(in_ro_dir, 0o644)
        os.chmod(base / "dir", 0o555)
        lines = _as_nobody([str(ro_file), str(in_ro_dir), str(base / "dir" / "new.sqlite3")])
        assert lines[0].startswith("ProgressError") and "the file is read-only" in lines[0]
        assert lines[1] == "read 1"
        assert lines[2].startswith("ProgressError") and f"its folder {base / 'dir'} is read-only" in lines[2]
        assert lines[3] == "read 1"
        assert lines[4].startswith("ProgressError") and "is read-only" in lines[4]
        assert lines[5].startswith("ProgressError") and "does not exist" in lines[5]
    finally:
        os.chmod(base / "dir", 0o755)
        shutil.rmtree(base)


MIGRATE_SLOWLY = textwrap.dedent("""
    import sys
    from bridgelab.quiz import progress
    # one more migration that never ends: the child is killed inside the migration transaction
    progress.MIGRATIONS.append((progress.SCHEMA_VERSION + 1, "slow", (
        "CREATE TABLE slow AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c"
        " WHERE x < 1000000000000) SELECT MAX(x) AS m FROM c",)))
    progress.SCHEMA_VERSION += 1
    print("migrating", flush=True)
    progress.ProgressStore(sys.argv[1])
    print("finished", flush=True)
""")


def test_sigkill_during_a_migration_loses_nothing(tmp_path):
    path = tmp_path / "old.sqlite3"
    _old_file(path, 200)
    proc = subprocess.Popen(
        [sys.executable, "-c", MIGRATE_SLOWLY, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.stdout.readline().strip() == "migrating"
    time.sleep(1.5)  # well inside the endless statement (not a timing assertion: any moment will do)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    store = ProgressStore(path)  # the half migration was rolled back; this one runs from version 1
    assert store.schema_version == progress_module.SCHEMA_VERSION and store.count("ann") == 200
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert "slow" not in {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
