"""Every example script Debian's ``dealer`` ships, run by /usr/games/dealer and by bridgelab.

Each script runs as it is (its condition, predeal, pointcount and actions), with the same
command-line limits for both programs: ``-g G -p G`` (G deals generated, at most G produced),
so both do the same work: deal G deals, test the condition, act on those produced (print,
average, frequency). dealer's time is its own "Time needed"; bridgelab's is the time of
``run_script`` inside this process (the compiled kernels loaded before, as a warm call), which
includes making the whole output and writing it to /dev/null (dealer writes to a pipe). The ratio is deals generated per second, bridgelab
over dealer, on one thread and on two (``workers=2``). Scripts that call ``tricks()`` are left
out (Debian's dealer needs GIB's or DDS's program for them; none of its examples does).

    .venv/bin/python benchmarks/bench_dealer_scripts.py [--deals 2000000] [--repeat 3] [--only Descr.1c ...]

Each figure is the median of ``--repeat`` runs, the three programs run in turn.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from bridgelab.dealing.dealerlang import parse_script  # noqa: E402
from bridgelab.dealing.script import run_script  # noqa: E402

DEALER = shutil.which("dealer") or "/usr/games/dealer"
EXAMPLES = "/usr/share/doc/dealer/examples"


def dealer_time(path: str, deals: int, seed: int) -> tuple[float, int, int]:
    start = time.perf_counter()
    # dealer's output read from its pipe as it comes, counting the PBN boards and keeping only
    # the end (its statistics): the hundreds of MB some scripts print are not held here
    proc = subprocess.Popen(
        [DEALER, "-s", str(seed), "-g", str(deals), "-p", str(deals), path], stdout=subprocess.PIPE
    )
    assert proc.stdout is not None
    tail, boards = b"", 0
    while block := proc.stdout.read(1 << 20):
        boards += (tail[-5:] + block).count(b"[Deal ")
        tail = (tail + block)[-4096:]
    if proc.wait() != 0:
        raise subprocess.CalledProcessError(proc.returncode, DEALER)
    wall = time.perf_counter() - start
    out = tail.decode("latin-1")
    m = re.search(r"Time needed\s+([0-9.]+)", out)
    if m is None:  # Debian's dealer sometimes loses its closing lines after printpbn
        return wall, deals, boards
    g = int(re.search(r"Generated (\d+) hands", out).group(1))
    p = int(re.search(r"Produced (\d+) hands", out).group(1))
    return float(m.group(1)), g, p


def ours_time(text: str, deals: int, seed: int, workers: int) -> tuple[float, int, int]:
    prog = parse_script(text)
    with open(os.devnull, "w") as sink:
        start = time.perf_counter()
        r = run_script(prog, seed=seed, generate=deals, produce=deals, workers=workers, out=sink)
        t = time.perf_counter() - start
    return t, r.generated, r.produced


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", nargs="*", default=None, help="script names to run (default: all)")
    args = ap.parse_args()
    paths = sorted(glob.glob(os.path.join(EXAMPLES, "Descr.*")) + glob.glob(os.path.join(EXAMPLES, "Test.*")))
    run_script(
        "produce 10\ncondition shape(north, any 4333) && hcp(north) > 20\naction printall", seed=1
    )  # load the kernels (numba's cache) once
    run_script(  # and the kernels of the actions
        "generate 10\naction printall, print(north), frequency (hcp(north), 0, 37), average spades(east)",
        seed=1,
        out=open(os.devnull, "w"),
    )
    print(f"{args.deals:,} deals generated (at most as many produced), median of {args.repeat}\n")
    print("| script | produced | dealer deals/s | bridgelab deals/s | ratio | 2 threads | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    ratios1, ratios2 = [], []
    if args.only:
        paths = [p for p in paths if os.path.basename(p) in args.only]
    for path in paths:
        text = open(path, encoding="latin-1").read()
        if parse_script(text).uses_tricks:
            continue
        d, o1, o2 = [], [], []
        for s in range(1, args.repeat + 1):  # in turn, so that a change of load hits all three
            d.append(dealer_time(path, args.deals, s))
            o1.append(ours_time(text, args.deals, s, 1))
            o2.append(ours_time(text, args.deals, s, 2))
        dr = statistics.median(g / max(t, 1e-3) for t, g, _ in d)
        r1 = statistics.median(g / t for t, g, _ in o1)
        r2 = statistics.median(g / t for t, g, _ in o2)
        ratios1.append(r1 / dr)
        ratios2.append(r2 / dr)
        print(
            f"| {os.path.basename(path)} | {d[0][2]:,} | {dr:,.0f} | {r1:,.0f} | "
            f"{r1 / dr:.1f}x | {r2:,.0f} | {r2 / dr:.1f}x |",
            flush=True,
        )
    print(f"\nsmallest ratio: {min(ratios1):.1f}x on one thread, {min(ratios2):.1f}x on two")


if __name__ == "__main__":
    main()
