"""The command line under hostile use (issue 19, items 14 and 15): every failure is one line
``bridgelab CMD: what went wrong`` on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bridgelab.commands.main import main

ROOT = Path(__file__).resolve().parents[1]


def run(argv: list[str], stdin: "str | io.TextIOBase" = "") -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``bridgelab argv`` run in this process."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as e:  # argparse (--help, bad arguments)
                status = e.code
    finally:
        sys.stdin = old_stdin
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def files():
    """A folder with a good PBN file, a folder, a binary file and a file that is not a bank."""
    d = Path(tempfile.mkdtemp(prefix="bridgelab-cli-"))
    status, _, err = run(["lesson", "-n", "2", "--seed", "1", "--pbn", str(d / "ok.pbn")])
    assert status == 0, err
    (d / "adir").mkdir()
    (d / "bin.pbn").write_bytes(b"\xff\xfe\x00garbage\x00" * 10)
    (d / "tags.pbn").write_text('[Event "x"]\n', encoding="utf-8")
    (d / "bank.json").write_text('{"format": "bridgelab-bank/1"}', encoding="utf-8")
    (d / "deep.json").write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    yield d
    shutil.rmtree(d)


# Calls that must fail: (command line, words the one-line message must contain). {d} is the
# folder of the fixture; /dev/full is a device that is always full.
FAILING = [
    ("eval AKQ2.KJ4.A93", "3 suits"),
    ("eval x", "PBN hand"),
    ("eval ''", "PBN hand"),
    ("eval AKQ2.KJ4.A93.T5Z", "not a rank"),
    ("eval --json", "required"),
    ("deal -n -1", "0 or more"),
    ("deal -n 10000000000000", "deals as a batch need about"),
    ("deal -n x", "invalid int value"),
    ("deal --seed -1", "seed"),
    ("deal --where 'N 40+'", "no hand can satisfy"),
    ("deal --where '(((((((((('", "cannot read"),
    ("deal --where 'N 21+; S 20+' -n 100000", "stopped early"),
    ("deal --predeal 'N: AKQJ.AKQJ.AKQJ.AKQJ'", "16 cards"),
    ("deal --predeal zz", "predeal"),
    ("deal --max-tries 0 --where 'N 10+'", "max_tries"),
    ("deal --format xml", "invalid choice"),
    ("deal --bogus", "unrecognized arguments: --bogus"),
    ("deal -n 3 --format text > /dev/full", "device is full"),
    ("auction '1NT 1C'", "not higher"),
    ("auction zz", "not a call"),
    ("auction 1H --dealer Q", "not a seat"),
    ("auction 1H --check zz", "not a call"),
    ("auction 1H --lang xx", "xx"),
    ("auction", "required"),
    ("score 4SX --tricks 99", "0 to 13"),
    ("score 4SX --tricks -1", "0 to 13"),
    ("score zz --tricks 8", "not a contract"),
    ("score 8NT --tricks 8", "not a contract"),
    ("score 4S", "--tricks"),
    ("quiz --lang xx", "not a language"),
    ("quiz --bank /nonexistent/bank.json --no-save", "cannot read the bank"),
    ("quiz --bank {d}/adir --no-save", "cannot read the bank"),
    ("quiz --bank {d}/bin.pbn --no-save", "UTF-8"),
    ("quiz --bank {d}/bank.json --no-save", "missing"),
    ("quiz --bank {d}/deep.json --no-save", "nested too deeply"),
    ("quiz --store {d}/adir --summary", "is a folder"),
    ("quiz --store {d}/bin.pbn --summary", "not a bridgelab progress database"),
    ("quiz --store {d}/ok.pbn --summary", "not a bridgelab progress database"),
    ("quiz --topic nonsense --no-save", "unknown topic"),
    ("quiz -n -1 --no-save", "length"),
    ("quiz -n 0 --no-save", "length"),
    ("quiz --level 9", "invalid choice"),
    ("lesson -n 2 --seed 1 --pbn {d}/adir", "is a folder"),
    ("lesson -n 2 --seed 1 --pbn /dev/full", "full"),
    ("lesson -n 2 --seed 1 --html {d}/adir", "is a folder"),
    ("lesson -n 2 --seed 1 --html /dev/full", "full"),
    ("lesson -n 2 --seed 1 --pbn {d}/ok.pbn/x.pbn", "not a folder"),
    ("lesson -n -3 --seed 1", "number of boards"),
    ("lesson -n 0 --seed 1", "number of boards"),
    ("lesson -n 2 --seed 1 --rotate Q", "not a seat"),
    ("lesson -n 2 --seed 1 --first-board -5", "board number"),
    ("lesson --where 'N 40+' -n 1 --seed 1", "no hand can satisfy"),
    ("lesson -n 2 --where 'N 12+' --where 'S 12+' --where 'E 12+'", "3 constraints for 2 boards"),
    ("handout /nonexistent/x.pbn", "no such file"),
    ("handout {d}/adir", "is a folder"),
    ("handout {d}/tags.pbn", "deal"),
    ("handout {d}/ok.pbn --html {d}/adir", "is a folder"),
    ("handout {d}/ok.pbn --html /dev/full", "full"),
    ("handout {d}/ok.pbn --html {d}/ok.pbn/x.html", "not a folder"),
    ("handout", "required"),
    ("stats", "required"),
    ("stats hcp --evaluator zz", "no evaluator"),
    ("stats hcp --pattern zz", "'zz'"),
    ("stats hand --hcp zz", "not a range"),
    ("stats hand --pattern 9-9-9-9", "9-9-9-9"),
    ("stats split 99", "0 to 13"),
    ("stats split -1", "0 to 13"),
    ("stats split 5 --unseen -3", "unseen"),
    ("stats study 'N hcp' -n 100 --workers -1", "workers is a whole number from 1 to 64"),
    ("stats study 'N hcp' -n 100 --workers 0", "workers"),
    ("stats study 'N hcp' -n 100 --workers 100000", "workers"),
    ("stats study 'N hcp' -n -100", "at least one deal"),
    ("stats study 'N hcp' -n 100 --chunk-size 0", "chunk_size"),
    ("stats study zz -n 100", "seat"),
    ("stats study 'N hcp' -n 100 --where 'N 40+'", "no hand can satisfy"),
    ("stats study 'N hcp' -n 100 --seed -1", "seed"),
    ("stats patterns > /dev/full", "full"),
    ("bid AKQ2.KJ4.A93.T52 --system {d}/adir", "is a folder"),
    ("bid AKQ2.KJ4.A93.T52 --system /nonexistent.toml", "no system file"),
    ("bid AKQ2.KJ4.A93.T52 --system {d}/bin.pbn", "UTF-8"),
    ("bid AKQ2.KJ4.A93.T52 --system {d}/ok.pbn", "not valid TOML"),
    ("bid AKQ2.KJ4.A93.T52 --auction zz", "not a call"),
    ("bid AKQ2.KJ4.A93.T52 --auction '1H 1C'", "not higher"),
    ("bid AKQ2.KJ4.A93.T52 --seat Q", "not a seat"),
    ("bid AKQ2.KJ4.A93.T52 --lang xx", "xx"),
    ("bid zz", "PBN hand"),
    ("bid", "give a hand"),
    ("bid AKQ2.KJ4.A93.T52 --majors 6", "invalid choice"),
    ("nonsense", "invalid choice"),
    ("--bogus", "unrecognized arguments"),
]

SUCCEEDING = [
    "eval AKQ2.KJ4.A93.T52",
    "eval AKQ2.KJ4.A93.T52 --json",
    "deal -n 3 --seed 1",
    "deal -n 0",
    "deal -n 2 --seed 1 --format json",
    "auction '1NT 2H 2S P 4S P P P'",
    "score 4SX --tricks 8",
    "quiz --list-topics --lang et",
    "quiz --no-save -n 2 --seed 1",
    "stats patterns",
    "stats split 5",
    "bid AKQ2.KJ4.A93.T52",
    "lesson -n 1 --seed 2",
    "stats study 'N hcp' -n 200 --seed 1",
]


def _argv(line: str, d: Path) -> tuple[list[str], str | None]:
    """The arguments of a test line and the file its stdout is sent to ('> file'), if any."""
    line = line.format(d=d)
    target = None
    if " > " in line:
        line, target = line.split(" > ")
    return shlex.split(line), target


def _run_line(line: str, d: Path) -> tuple[int, str, str]:
    argv, target = _argv(line, d)
    if target is None:
        return run(argv)
    # stdout to a file (a device): run with the real stdout redirected at the descriptor
    with open(target, "w") as f:
        saved = os.dup(1)
        os.dup2(f.fileno(), 1)
        try:
            real = sys.stdout
            sys.stdout = io.TextIOWrapper(os.fdopen(os.dup(1), "wb"), encoding="utf-8")
            err = io.StringIO()
            try:
                with contextlib.redirect_stderr(err):
                    status = main(argv)
            finally:
                try:
                    sys.stdout.close()
                except OSError:
                    pass
                sys.stdout = real
        finally:
            os.dup2(saved, 1)
            os.close(saved)
    return status, "", err.getvalue()


def test_a_hundred_hostile_calls_each_fail_in_one_line(files, monkeypatch):
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(files / "data"))
    assert len(FAILING) >= 90
    bad = []
    for line, words in FAILING:
        status, _, err = _run_line(line, files)
        argv, _ = _argv(line, files)
        cmd = next((a for a in argv if not a.startswith("-")), None)
        prefix = (
            f"bridgelab {cmd}: "
            if cmd in ("eval", "deal", "auction", "score", "quiz", "lesson", "handout", "stats", "bid")
            else "bridgelab: "
        )
        lines = err.strip().splitlines()
        ok = (
            status not in (0, None)
            and len(lines) == 1
            and "Traceback" not in err
            and lines[0].startswith(prefix.rstrip() if cmd == "stats" else prefix)
            and words.format(d=files) in lines[0]
        )
        if not ok:
            bad.append((line, status, err[-300:]))
    assert not bad, "\n".join(map(str, bad))


@pytest.mark.parametrize("line", SUCCEEDING + ["handout {d}/bin.pbn --html {d}/bin.html"])
def test_good_calls_still_succeed(files, line, monkeypatch):
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(files / "data"))
    status, out, err = _run_line(line, files)
    assert status == 0 and (out or "-n 0" in line) and "Traceback" not in err, err


def test_missing_output_folder_is_refused_in_one_line(files):
    for args in (
        ["lesson", "-n", "1", "--seed", "1", "--pbn", str(files / "new" / "x.pbn")],
        ["lesson", "-n", "1", "--seed", "1", "--html", str(files / "new" / "x.html")],
        ["handout", str(files / "ok.pbn"), "--html", str(files / "none" / "x.html")],
    ):
        status, _, err = run(args)
        assert status == 1 and err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith(f"bridgelab {args[0]}: ") and "No such file or directory" in err
        assert "its folder must exist" in err


def test_a_double_dummy_study_without_endplay(monkeypatch):
    """Without the optional extra the study says how to install it (it printed a traceback)."""
    for name in [
        m for m in sys.modules if m == "endplay" or m.startswith("endplay.") or m == "bridgelab.analysis.dd"
    ]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "endplay", None)  # import endplay now fails
    status, _, err = run(["stats", "study", "N tricks NT", "-n", "10", "--seed", "1"])
    assert status == 2 and err.count("\n") == 1
    assert err.startswith("bridgelab stats: double dummy needs endplay")


def test_an_unexpected_error_is_one_line_too(monkeypatch):
    from bridgelab.commands import score

    def broken(args):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(score, "run", broken)
    monkeypatch.delenv("BRIDGELAB_TRACEBACK", raising=False)
    from bridgelab.commands import main as main_module

    parser = main_module.build_parser()
    monkeypatch.setattr(main_module, "build_parser", lambda: parser)
    for action in parser._subparsers._group_actions:
        action.choices["score"].set_defaults(func=broken)
    status, _, err = run(["score", "4S", "--tricks", "10"])
    assert status == 70 and err.count("\n") == 1
    assert err.startswith(
        "bridgelab score: unexpected error ZeroDivisionError: division by zero (this is a bug"
    )


def _bridgelab(*args, **kw):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "bridgelab", *args], env=env, **kw)


def test_a_closed_pipe_is_no_error():
    """``bridgelab deal -n 20000 | head -1``: the reader stops early; no traceback."""
    proc = _bridgelab("deal", "-n", "20000", "--seed", "1", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()  # as head does after its line
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert first.startswith(b"N:")
    assert err == "" and proc.returncode == 141


def _as_nobody_cmd(code: str, env: dict) -> "list[str] | None":
    if os.geteuid() != 0:
        return None
    if not shutil.which("setpriv"):
        return None
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", code]


UNREADABLE = """
import sys
sys.path.insert(0, sys.argv[1])
from bridgelab.commands.main import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.slow
def test_unreadable_input_and_unwritable_output_as_an_ordinary_user():
    base = Path(tempfile.mkdtemp(prefix="bridgelab-cli-perm-"))
    try:
        os.chmod(base, 0o777)
        assert run(["lesson", "-n", "1", "--seed", "1", "--pbn", str(base / "secret.pbn")])[0] == 0
        os.chmod(base / "secret.pbn", 0o000)
        (base / "locked").mkdir(mode=0o555)
        cmd = _as_nobody_cmd(UNREADABLE, {})
        if cmd is None:
            pytest.skip("needs root and setpriv to run as an ordinary user")
        for args, words in [
            (["handout", str(base / "secret.pbn")], "Permission denied"),
            (["lesson", "-n", "1", "--pbn", str(base / "locked" / "x.pbn")], "Permission denied"),
            (["quiz", "--store", str(base / "locked" / "p.sqlite3"), "--summary"], "read-only"),
        ]:
            out = subprocess.run(
                [*cmd, str(ROOT), *args],
                capture_output=True,
                text=True,
                timeout=120,
                env={**os.environ, "HOME": str(base), "BRIDGELAB_DATA_DIR": str(base)},
            )
            if "Permission denied" in out.stderr and "bridgelab" not in out.stderr:
                pytest.skip(f"the ordinary user cannot run this Python: {out.stderr[-200:]}")
            assert out.returncode not in (0, None), out
            lines = out.stderr.strip().splitlines()
            assert lines[-1].startswith(f"bridgelab {args[0]}: ") and words in lines[-1], out.stderr
            assert "Traceback" not in out.stderr
    finally:
        os.chmod(base / "locked", 0o755)
        shutil.rmtree(base)


NUMBA_CHILD = """
import sys, tempfile, warnings
sys.path.insert(0, sys.argv[1])
tempfile.tempdir = sys.argv[2]  # the temporary folder of this run
warnings.simplefilter("always")
import bridgelab as bl
from bridgelab.dealing import kernels
print(bl.deal(seed=5).to_pbn())
print(kernels.CACHE)
"""


@pytest.mark.slow
def test_numba_cache_falls_back_when_nothing_is_writable():
    """A service account: neither the package folder nor HOME is writable (it was
    "cannot cache function '_mulhi'"). A private temporary folder is used, said once; without
    one, the code is compiled in each process, said each time."""
    base = Path(tempfile.mkdtemp(prefix="bridgelab-numba-test-"))
    try:
        os.chmod(base, 0o755)
        home, tmp, ro_tmp = base / "home", base / "tmp", base / "ro-tmp"
        for folder, mode in ((home, 0o555), (tmp, 0o777), (ro_tmp, 0o555)):
            folder.mkdir()
            os.chmod(folder, mode)
        cmd = _as_nobody_cmd(NUMBA_CHILD, {})
        if cmd is None:
            pytest.skip("needs root and setpriv to run as a user who may not write the package folder")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "XDG_"))}
        runs = []
        for tmpdir in (tmp, tmp, ro_tmp):
            out = subprocess.run(
                [*cmd, str(ROOT), str(tmpdir)],
                capture_output=True,
                text=True,
                timeout=300,
                env={**env, "HOME": str(home)},
            )
            if out.returncode and "Permission denied" in out.stderr and "bridgelab" not in out.stderr:
                pytest.skip(f"the ordinary user cannot run this Python: {out.stderr[-200:]}")
            assert out.returncode == 0, out.stderr
            runs.append(out)
        deals = {r.stdout.splitlines()[0] for r in runs}
        assert len(deals) == 1  # the same deal, compiled or cached
        first, second, none = runs
        assert first.stdout.splitlines()[1] == str(tmp / "bridgelab-numba-65534")
        assert first.stderr.count("RuntimeWarning") == 1 and "is kept in" in first.stderr
        assert "RuntimeWarning" not in second.stderr  # said once, when the folder was made
        assert any(p.suffix == ".nbi" for p in (tmp / "bridgelab-numba-65534").rglob("*"))
        assert none.stdout.splitlines()[1] == "none"
        assert none.stderr.count("RuntimeWarning") == 1 and "every new process compiles" in none.stderr
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_quiz_reads_hostile_answers_from_stdin(tmp_path):
    """A pasted page and binary input: refused in a line each, the quiz goes on or stops."""
    status, out, err = run(
        ["quiz", "--no-save", "-n", "1", "--seed", "1", "--lang", "et"], stdin="7" * 30_000 + "\n"
    )
    assert status == 0 and "30000 märki" in out and err == ""
    proc = _bridgelab(
        "quiz",
        "--no-save",
        "-n",
        "1",
        "--seed",
        "1",
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _, err = proc.communicate(b"\xff\xfe\xfa\n", timeout=120)
    assert proc.returncode == 0 and err == b""  # read as unreadable text (surrogates), then EOF
    strict = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\xfa\n"), encoding="utf-8", errors="strict")
    status, out, err = run(["quiz", "--no-save", "-n", "1", "--seed", "1"], stdin=strict)
    assert status == 1 and err.startswith("bridgelab quiz: cannot read the input as UTF-8 text")
    assert err.count("\n") == 1


def test_a_terminal_without_suit_symbols():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    out = subprocess.run(
        [sys.executable, "-m", "bridgelab", "deal", "--seed", "1", "--format", "text"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr == (
        "bridgelab deal: cannot write the output in the encoding ascii: set "
        "PYTHONIOENCODING=utf-8 (or a UTF-8 locale)\n"
    )
