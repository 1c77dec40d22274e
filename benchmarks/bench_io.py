"""Reading big PBN and LIN files: the package's reader against the old one, in one run.

The files are made from real games of ``tests/data/real`` (auctions with alerts, play,
commentary, double-dummy tables, BridgeComposer's % lines): each PBN game gets a fresh random
deal (seeded), so that nothing is read from a cache; LIN boards are real played boards (the
play is checked against the deal) with their board numbers changed.

The old reader is that of a git revision, taken from git at the start and run on today's
model: by default 05a5cad (the first with lenient reading, faithful writing and LIN in full;
a 10 MB PBN file took it 5.2 s), ``--old REV`` for another (revisions before the layers, with
bridgelab/pbn.py, too). Each file is read by the old and the new reader in turn, ``--repeat``
times; the figures are medians of CPU seconds (on a shared machine CPU time is the figure to
compare: wall time counts other people's work too), and the ratio is old / new. Before the
timing both readers' records are compared: the same boards, deals, dealers, vulnerabilities,
auctions, contracts, results, play and tags.

    .venv/bin/python benchmarks/bench_io.py [--mb 10] [--repeat 3]

Issue 19 item 16 (a 10 MB PBN file read at least 5x faster than when the issue was filed, at
b58600f): ``--real`` reads one PBN file of the real files themselves, whole (their commentary,
% lines, ';' comments, tables and headers as they are), each file that the old reader reads
without an error, one after the other, repeated to ``--mb`` megabytes:

    .venv/bin/python benchmarks/bench_io.py --old b58600f --real

To time another checkout of the package (say, the code before a change) in place of this
one, put it first on the path; the input is the same, made here with numpy alone:

    git worktree add /tmp/before <rev>
    PYTHONPATH=/tmp/before .venv/bin/python benchmarks/bench_io.py
"""

from __future__ import annotations

import argparse
import importlib
import math
import re
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "real"
ROOT = Path(__file__).resolve().parent.parent
OLD = "05a5cad"


def _git_show(rev: str, path: str) -> str | None:
    got = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], capture_output=True, text=True)
    return got.stdout if got.returncode == 0 else None


# Where the modules of the flat package of old revisions (bridgelab/pbn.py, from .auction ...)
# are now: the first layer that has a module of that name.
_LAYERS = ("model", "rules", "text", "render", "dealing", "analysis", "io")


def _flat_import(name: str) -> str:
    if not name:
        return "from bridgelab import"
    for layer in _LAYERS:
        if (ROOT / "bridgelab" / layer / f"{name}.py").exists():
            return f"from bridgelab.{layer}.{name} import"
    return f"from bridgelab.{name} import"


def old_reader(rev: str = OLD):
    """The PBN reader module of git revision ``rev`` (its io files in a temporary package, on
    today's model). Revisions before the layers (bridgelab/pbn.py) have their imports sent to
    the modules' places now."""
    folder = Path(tempfile.mkdtemp(prefix="bridgelab-old-reader-"))
    package = folder / "old_reader"
    package.mkdir()
    (package / "__init__.py").write_text("")
    flat = _git_show(rev, "bridgelab/io/pbn.py") is None
    for name in ("pbn",) if flat else ("pbn", "lin", "record"):
        source = _git_show(rev, f"bridgelab/{name}.py" if flat else f"bridgelab/io/{name}.py")
        if source is None:
            raise SystemExit(f"revision {rev} has no bridgelab/io/{name}.py nor bridgelab/pbn.py")
        if flat:
            source = re.sub(
                r"^(\s*)from \.(\w*) import",
                lambda m: m.group(1) + _flat_import(m.group(2)),
                source,
                flags=re.M,
            )
        else:
            source = re.sub(r"^from \.\.", "from bridgelab.", source, flags=re.M)
        (package / f"{name}.py").write_text(source)
    sys.path.insert(0, str(folder))
    return importlib.import_module("old_reader.pbn")


PBN_TEMPLATES = [
    "jarekczek-pbntools__history_expected.pbn",
    "bridge-pbn__three_test_records.pbn",
    "endplay__sample.pbn",
    "jfrunk__tier_3_boundary.pbn",
    "ben__cold_6d.pbn",
    "pbn-cpp__bridgecomposer.pbn",
]
LIN_TEMPLATES = [
    "pbntools__20784112.lin",
    "pbntools__28189369.lin",
    "pbntools__3381671193.lin",
    "endplay__example1.lin",
    "bridge-bots__sample.lin",
]
RANKS = "AKQJT98765432"


def random_deal(rng: np.random.Generator) -> str:
    cards = rng.permutation(52)
    hands = []
    for h in range(4):
        mine = sorted(cards[h * 13 : (h + 1) * 13])
        suits = ["".join(RANKS[c % 13] for c in mine if c // 13 == s) for s in range(4)]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def games_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    return [g for g in re.split(r"\n\s*\n", text) if "[Deal " in g]


def build_pbn(megabytes: float, seed: int = 1) -> str:
    rng = np.random.default_rng(seed)
    games = [g for name in PBN_TEMPLATES for g in games_of(REAL / name)]
    out, size, board = ["% PBN 2.1\n% EXPORT\n"], 0, 0
    while size < megabytes * 1e6:
        for g in games:
            board += 1
            g = re.sub(r'\[Deal "[^"]*"\]', f'[Deal "{random_deal(rng)}"]', g)
            g = re.sub(r'\[Board "[^"]*"\]', f'[Board "{board}"]', g)
            # the played cards and tables of the template do not fit a new deal: drop them
            g = re.sub(r'\[Play "[^"]*"\]\n(?:[^\[\n][^\n]*\n?)*', "", g)
            out.append(g + "\n\n")
            size += len(g) + 2
    return "".join(out)


def build_lin(megabytes: float) -> str:
    boards = [(REAL / "lin" / name).read_text(encoding="utf-8").strip() for name in LIN_TEMPLATES]
    out, size, n = [], 0, 0
    while size < megabytes * 1e6:
        for b in boards:
            n += 1
            line = re.sub(r"ah\|Board \d+\|", f"ah|Board {n}|", b) + "\n"
            out.append(line)
            size += len(line)
    return "".join(out)


def build_real(megabytes: float, old) -> tuple[str, list[str]]:
    """The PBN files of ``tests/data/real`` that the ``old`` reader reads without an error
    (of b58600f, before lenient reading: 29 of 41),
    each whole (commentary, % lines, tables, its own header), one after the other with an
    empty line between, over and over until the text has ``megabytes``: the text and the
    files' names. (Readers before 05a5cad refuse a file at its first problem: the files
    with one are left out, so that both readers can read the mix.)"""
    texts, names = [], []
    for path in sorted(REAL.glob("*.pbn")):
        data = path.read_bytes()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                old.loads(data, path.name)
        except Exception:  # (refused: not in the mix)
            continue
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        texts.append(text.replace("\r\n", "\n").replace("\r", "\n").strip("\n") + "\n\n")
        names.append(path.name)
    one = "".join(texts)
    return one * max(1, math.ceil(megabytes * 1e6 / len(one.encode("utf-8")))), names


def cpu_seconds(fn) -> tuple[float, int]:
    """CPU seconds of one read (warnings silenced), and the records read."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        c = time.process_time()
        n = len(fn())
        return time.process_time() - c, n


def same_records(old: list, new: list) -> str:
    """'' if the two readers give the same boards, else what differs first."""
    if len(old) != len(new):
        return f"{len(old)} records against {len(new)}"
    for k, (a, b) in enumerate(zip(old, new)):
        for f in ("deal", "board", "dealer", "vulnerable", "auction", "result", "notes", "dd", "tags"):
            if getattr(a, f) != getattr(b, f):
                return f"record {k}: {f} {getattr(a, f)!r} against {getattr(b, f)!r}"
        if {i: t.strip() for i, t in a.alerts.items()} != b.alerts:  # (LIN alerts are stripped now)
            return f"record {k}: alerts {a.alerts!r} against {b.alerts!r}"
        ca, cb = a.contract, b.contract
        if (ca or None) != (cb or None):  # (a passed-out LIN board's contract was None, now PASSED_OUT)
            return f"record {k}: contract {ca!r} against {cb!r}"
        if [str(c) for c in getattr(a, "play", b.play)] != [str(c) for c in b.play]:  # (none before 05a5cad)
            return f"record {k}: the play differs"
    return ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=10.0, help="size of each file in megabytes")
    ap.add_argument("--repeat", type=int, default=3, help="reads of each file by each reader (median shown)")
    ap.add_argument(
        "--old", default=OLD, help=f"the git revision whose reader is timed beside (default {OLD})"
    )
    ap.add_argument(
        "--real",
        action="store_true",
        help="time one PBN file of the real files the old reader reads, whole, repeated (no LIN)",
    )
    args = ap.parse_args()

    old = old_reader(args.old)

    import bridgelab
    from bridgelab.io import pbn

    print(f"bridgelab from {Path(bridgelab.__file__).parent}; old reader of {args.old}")
    if args.real:
        real_text, names = build_real(args.mb, old)
        print(f"PBN: the {len(names)} files of tests/data/real that the old reader reads, repeated")
        files = [("PBN", real_text, pbn.loads, old.loads)]
    else:
        files = [
            ("PBN", build_pbn(args.mb), pbn.loads, old.loads),
            ("LIN", build_lin(args.mb), pbn.loads_lin, old.loads_lin),
        ]
    print(f"CPU seconds, median of {args.repeat} reads by each reader in turn")
    for name, text, new_read, old_read in files:
        data = text.encode("utf-8")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            differs = same_records(old_read(data), new_read(data))
        times: dict[str, list[float]] = {"old": [], "new": []}
        n = 0
        for _ in range(args.repeat):
            for who, read in (("old", old_read), ("new", new_read)):
                t, n = cpu_seconds(lambda read=read, data=data: read(data))
                times[who].append(t)
        o, w = statistics.median(times["old"]), statistics.median(times["new"])
        mb = len(data) / 1e6
        print(
            f"{name}: {mb:5.1f} MB, {n:6d} boards: old {o:6.2f} s, new {w:6.2f} s "
            f"({mb / w:5.1f} MB/s): {o / w:4.1f}x faster; "
            + (f"records differ: {differs}" if differs else "the same records")
        )
        print(
            "  each read, old: "
            + " ".join(f"{t:.2f}" for t in times["old"])
            + "; new: "
            + " ".join(f"{t:.2f}" for t in times["new"])
        )


if __name__ == "__main__":
    main()
