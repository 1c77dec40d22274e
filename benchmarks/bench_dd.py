"""Double-dummy tables per second: one core, then both cores (needs bridgelab[dd]).

    .venv/bin/python benchmarks/bench_dd.py [--deals 80] [--seed 1] [--strains C,D,H,S,NT]

One core: DDS limited to one thread in this process. Both cores, two ways: DDS's own threads in
one process, and two worker processes with one DDS thread each (what ``dd_tables(workers=2)``
and ``dd_study`` do). The same seeded deals are solved each way and the answers compared.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from bridgelab.analysis.dd import dd_tables, set_threads, solve_batch
from bridgelab.dealing.dealer import deal_batch


def _rate(label: str, deals: int, seconds: float) -> float:
    rate = deals / seconds
    print(f"{label:<42} {deals:>5} tables in {seconds:6.2f} s = {rate:6.2f} tables/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--strains", default="C,D,H,S,NT", help="strains to solve (NT alone is about five times quicker)"
    )
    args = parser.parse_args()
    strains = args.strains.split(",")
    holdings = deal_batch(args.deals, seed=args.seed).holdings
    print(f"{os.cpu_count()} cpus; {args.deals} random deals (seed {args.seed}); strains {strains}")

    set_threads(1)
    t = time.perf_counter()
    one = solve_batch(holdings, strains)
    one_rate = _rate("one core (DDS on 1 thread)", args.deals, time.perf_counter() - t)

    set_threads(None)
    t = time.perf_counter()
    threads = solve_batch(holdings, strains)
    _rate("both cores (DDS threads, one process)", args.deals, time.perf_counter() - t)

    set_threads(1)
    t = time.perf_counter()
    if strains == ["C", "D", "H", "S", "NT"]:
        procs = dd_tables(holdings, workers=2, chunk_size=max(1, args.deals // 4))
    else:  # dd_tables solves whole tables; go through the study chunking instead
        import concurrent.futures as cf

        parts = np.array_split(holdings, 4)
        with cf.ProcessPoolExecutor(2) as pool:
            procs = np.concatenate(list(pool.map(solve_batch, parts, [strains] * 4)))
    two_rate = _rate("both cores (2 processes, 1 DDS thread each)", args.deals, time.perf_counter() - t)
    assert (one == threads).all() and (one == procs).all(), "the three ways disagree"
    print(f"speed-up with both cores: {two_rate / one_rate:.2f}x")


if __name__ == "__main__":
    main()
