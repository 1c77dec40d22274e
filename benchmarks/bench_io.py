"""Reading big PBN and LIN files: seconds and MB/s for a 10 MB file of each.

The files are made from real games of ``tests/data/real`` (auctions with alerts, play,
commentary, double-dummy tables, BridgeComposer's % lines): each PBN game gets a fresh random
deal (seeded), so that nothing is read from a cache; LIN boards are real played boards (the
play is checked against the deal) with their board numbers changed.

    .venv/bin/python benchmarks/bench_io.py [--mb 10] [--repeat 3]

To compare with another checkout (the code before a change), run this same script with that
checkout first on the path; the input is the same, made here with numpy alone:

    git worktree add /tmp/before <rev>
    PYTHONPATH=/tmp/before .venv/bin/python benchmarks/bench_io.py
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
import warnings
from pathlib import Path

import numpy as np

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "real"
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


def timed(fn, repeat: int) -> tuple[float, float, int]:
    """Median CPU seconds and wall seconds of ``repeat`` runs, and the boards read. CPU time is
    the figure to compare on a shared machine (wall time counts other people's work too)."""
    cpu, wall, count = [], [], 0
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            count = len(fn())
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    return statistics.median(cpu), statistics.median(wall), count


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=10.0, help="size of each file in megabytes")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each read (median shown)")
    args = ap.parse_args()

    import bridgelab
    from bridgelab.io import pbn

    pbn_text, lin_text = build_pbn(args.mb), build_lin(args.mb)
    print(f"bridgelab from {Path(bridgelab.__file__).parent}")
    for name, text, read in (("PBN", pbn_text, pbn.loads), ("LIN", lin_text, pbn.loads_lin)):
        data = text.encode("utf-8")
        cpu, wall, n = timed(lambda read=read, data=data: read(data), args.repeat)
        print(
            f"{name}: {len(data) / 1e6:5.1f} MB, {n:6d} boards: {cpu:6.2f} s CPU "
            f"({len(data) / 1e6 / cpu:5.2f} MB/s), {wall:6.2f} s wall; median of {args.repeat}"
        )


if __name__ == "__main__":
    main()
