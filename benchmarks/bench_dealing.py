"""bridgelab's dealer against Debian's ``dealer`` (/usr/games/dealer), side by side.

Three jobs, each run by both programs in this one run:
  1. 5,000,000 random deals, a frequency table of North's HCP;
  2. 10,000,000 random deals kept when North has 15-17 HCP and a 4333/4432/5332 shape,
     a frequency table of South's HCP among those kept (both programs deal all 10 million:
     bridgelab deals full deals and filters them, no stacking);
  3. 20,000 deals where North is balanced with 22-24 HCP (bridgelab stacks North's hand,
     dealer rejects).
dealer's time is its own "Time needed" line; bridgelab is timed inside this process after
import, with the first call (loading or compiling the numba kernels) reported apart. Jobs 1
and 2 are also run with ``workers=2`` threads. Each figure is the median of ``--repeat`` runs;
on a shared machine the spread is large, so the runs are printed too.

    .venv/bin/python benchmarks/bench_dealing.py [--repeat 5] [--scale 1.0] [--cold]

``--scale 0.1`` runs a tenth of each job (a quick check); ``--cold`` also measures the cold
start (numba compiling into an empty cache) in a fresh interpreter. ``--before REV`` also runs
bridgelab as it was at git revision REV (e.g. the commit before a refactoring), in the same run,
turn about with today's code: each job and thread count in a fresh interpreter for both, so
that the two are compared on the same machine at the same moment.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

DEALER = shutil.which("dealer") or "/usr/games/dealer"

JOB1 = 'generate {n}\naction frequency "hcp" (hcp(north), 0, 37)\n'
JOB2 = (
    "generate {n}\ncondition hcp(north) >= 15 && hcp(north) <= 17 && "
    "shape(north, any 4333 + any 4432 + any 5332)\n"
    'action frequency "hcp" (hcp(south), 0, 37)\n'
)
JOB3 = (
    "produce {n}\ncondition hcp(north) >= 22 && hcp(north) <= 24 && "
    'shape(north, any 4333 + any 4432 + any 5332)\naction average "hcp" hcp(north)\n'
)


def run_dealer(script: str, seed: int) -> tuple[float, float]:
    """dealer's own 'Time needed' for the script, and the CPU seconds it used."""
    with tempfile.NamedTemporaryFile("w", suffix=".dl", delete=False) as f:
        f.write(script)
        path = f.name
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(
            [DEALER, "-s", str(seed), path], capture_output=True, text=True, check=True
        ).stdout
    finally:
        os.unlink(path)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    m = re.search(r"Time needed\s+([0-9.]+)", out)
    if not m:
        raise RuntimeError(f"no 'Time needed' in dealer's output:\n{out[-500:]}")
    return float(m.group(1)), cpu


def _modules():
    """The dealer module and ``parse_constraint``, wherever this bridgelab keeps them (the
    layered package, or the flat modules before it)."""
    try:
        import bridgelab.dealing.dealer as bl
        from bridgelab.dealing.constraints import parse_constraint
    except ImportError:  # the flat layout before the layers
        import bridgelab.constraints as constraints
        import bridgelab.dealing as bl

        parse_constraint = constraints.parse_constraint
    return bl, parse_constraint


def job1(bl, n: int, seed: int, workers: int) -> np.ndarray:
    counts = np.zeros(38, dtype=np.int64)
    for batch in bl.iter_batches(n, seed=seed, chunk=1_000_000, workers=workers, progress=False):
        counts += np.bincount(batch.seat_value("hcp", "N"), minlength=38)
    return counts


COND = "N 15-17 and (any 4333 + any 4432 + any 5332)"


def job2(bl, n: int, seed: int, workers: int) -> tuple[np.ndarray, int]:
    cond = _modules()[1](COND)
    counts = np.zeros(38, dtype=np.int64)
    kept = 0
    for batch in bl.iter_batches(n, seed=seed, chunk=1_000_000, workers=workers, progress=False):
        chosen = batch[cond(batch)]
        kept += len(chosen)
        counts += np.bincount(chosen.seat_value("hcp", "S"), minlength=38)
    return counts, kept


def job3(bl, n: int, seed: int) -> float:
    batch = bl.deal_batch(n, seed=seed, where="N 22-24 balanced")
    assert batch.balanced[:, 0].all() and ((batch.hcp[:, 0] >= 22) & (batch.hcp[:, 0] <= 24)).all()
    return float(batch.hcp[:, 0].mean())


def timed(fn, *args) -> tuple[float, float]:
    """Wall-clock and CPU seconds (all threads of this process) of fn(*args)."""
    t, c = time.perf_counter(), time.process_time()
    fn(*args)
    return time.perf_counter() - t, time.process_time() - c


def cold_start() -> dict:
    """Import and first deals in a fresh interpreter with an empty numba cache."""
    code = (
        "import time; t=time.perf_counter(); import bridgelab.dealing.dealer as d; t1=time.perf_counter();"
        "d.deal_batch(10, seed=1); t2=time.perf_counter();"
        "d.deal_batch(10, seed=1, where='N 22-24 balanced'); t3=time.perf_counter();"
        "print(t1-t, t2-t1, t3-t2)"
    )
    res = {}
    with tempfile.TemporaryDirectory() as cache:
        for label in ("cold (empty numba cache)", "warm (cached)"):
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            out = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
            ).stdout.split()
            res[label] = [float(x) for x in out]
    return res


def child(job: int, n: int, seed: int, workers: int) -> None:
    """Run one job in this interpreter after loading the kernels; print wall and CPU seconds."""
    bl = _modules()[0]
    job1(bl, 1000, 0, workers)
    job2(bl, 1000, 0, workers)
    job3(bl, 10, 0)
    fn = {1: lambda: job1(bl, n, seed, workers), 2: lambda: job2(bl, n, seed, workers)}.get(
        job, lambda: job3(bl, n, seed)
    )
    print(*timed(fn))


def in_child(pythonpath: str, job: int, n: int, seed: int, workers: int) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=pythonpath)
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(job), str(n), str(seed), str(workers)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.split()
    return float(out[-2]), float(out[-1])


def compare_before(rev: str, sizes, repeat: int, seed: int) -> None:
    """Today's bridgelab against revision ``rev``, turn about, each run in a fresh interpreter."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(
            ["git", "-C", root, "archive", rev, "bridgelab"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", old], input=archive, check=True)
        print(f"\ntoday's code against {rev} (deals per second; median of {repeat} runs, turn about)")
        head = f"{'job':10} {'threads':>7} {rev[:10]:>12} {'today':>12} {'today/before':>13}"
        print(head)
        print("-" * len(head))
        for job, n in zip((1, 2, 3), sizes):
            for workers in (1, 2) if job < 3 else (1,):
                before, today = [], []
                for _ in range(repeat):
                    before.append(in_child(old, job, n, seed, workers)[0])
                    today.append(in_child(root, job, n, seed, workers)[0])
                b, t = n / statistics.median(before), n / statistics.median(today)
                print(f"{job:<10} {workers:>7} {b:12,.0f} {t:12,.0f} {t / b:12.2f}x")


def main(argv=None) -> int:
    if argv is None and sys.argv[1:2] == ["--child"]:
        child(*(int(x) for x in sys.argv[2:6]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--before", metavar="REV", help="also compare with bridgelab at git revision REV")
    args = ap.parse_args(argv)
    n1, n2, n3 = (max(1, int(x * args.scale)) for x in (5_000_000, 10_000_000, 20_000))

    t = time.perf_counter()
    import bridgelab.dealing.dealer as bl

    t_import = time.perf_counter() - t
    t = time.perf_counter()
    bl.deal_batch(10, seed=0)
    t_first = time.perf_counter() - t
    t = time.perf_counter()
    bl.deal_batch(10, seed=0, where="N 22-24 balanced")
    t_first_stack = time.perf_counter() - t
    t = time.perf_counter()
    job1(bl, 1000, 0, 1)
    job2(bl, 1000, 0, 1)  # loads the compiled evaluation loops too
    t_warm = time.perf_counter() - t
    from bridgelab.dealing import kernels as _kernels

    print(
        f"bridgelab: numba {'on' if _kernels.HAVE_NUMBA else 'OFF (pure Python!)'}; "
        f"import {t_import:.3f} s, first deal {t_first:.3f} s, first stacked deal "
        f"{t_first_stack:.3f} s, first evaluation {t_warm:.3f} s (kernels loaded from the cache "
        "or compiled; not in the timings below)"
    )
    if args.cold:
        for label, (a, b, c) in cold_start().items():
            print(f"  {label}: import {a:.2f} s, first deal {b:.2f} s, first stacked deal {c:.2f} s")
    have_dealer = os.path.exists(DEALER)
    if not have_dealer:
        print(f"dealer not found at {DEALER}: apt-get install dealer")

    rows = []
    jobs = [
        ("1: random deals, North's HCP", n1, JOB1.format(n=n1), lambda w: job1(bl, n1, args.seed, w), True),
        (
            "2: filter N 15-17 bal., South's HCP",
            n2,
            JOB2.format(n=n2),
            lambda w: job2(bl, n2, args.seed, w),
            True,
        ),
        ("3: N 22-24 balanced (produce)", n3, JOB3.format(n=n3), lambda w: job3(bl, n3, args.seed), False),
    ]
    for name, n, script, fn, threads in jobs:
        d_runs, b1, b2 = [], [], []
        for r in range(args.repeat):
            if have_dealer:
                d_runs.append(run_dealer(script, args.seed + r))
            b1.append(timed(fn, 1))
            if threads:
                b2.append(timed(fn, 2))
        rows.append((name, n, d_runs, b1, b2))

    def med(runs, k):
        return statistics.median(r[k] for r in runs) if runs else float("nan")

    print()
    print(
        f"median of {args.repeat} runs; throughput in deals per second "
        "(jobs 1-2: deals dealt; job 3: deals produced)"
    )
    head = (
        f"{'job':38} {'dealer':>11} {'bridgelab':>11} {'ratio':>6} {'2 threads':>11} "
        f"{'ratio':>6}   {'CPU-time ratio':>14}"
    )
    print(head)
    print("-" * len(head))
    for name, n, d_runs, b1, b2 in rows:
        d = n / med(d_runs, 0)
        r1 = n / med(b1, 0)
        r2 = n / med(b2, 0) if b2 else float("nan")
        cpu = (n / med(b1, 1)) / (n / med(d_runs, 1)) if d_runs else float("nan")
        print(
            f"{name:38} {d:11,.0f} {r1:11,.0f} {r1 / d:5.1f}x "
            + (f"{r2:11,.0f} {r2 / d:5.1f}x" if b2 else f"{'':11} {'':6}")
            + f"   {cpu:13.1f}x"
        )
    print(
        "(ratio: wall-clock throughput against dealer's 'Time needed'; CPU-time ratio: the same "
        "with the CPU seconds each used, single thread, which a busy machine disturbs less)"
    )
    print()
    print("runs (wall seconds / CPU seconds):")
    for name, _n, d_runs, b1, b2 in rows:
        fmt = lambda runs: ", ".join(f"{w:.3f}/{c:.3f}" for w, c in runs)
        print(f"  {name}: dealer [{fmt(d_runs)}]; bridgelab [{fmt(b1)}]; 2 threads [{fmt(b2)}]")
    # the South HCP table of job 2, for a glance that both compute the same thing
    counts, kept = job2(bl, min(n2, 2_000_000), args.seed, 1)
    print(
        f"\njob 2 check: kept {kept / min(n2, 2_000_000):.4%} of deals (exact 4.87%), "
        f"South's mean HCP {np.dot(np.arange(38), counts) / counts.sum():.3f}"
    )
    if args.before:
        compare_before(args.before, (n1, n2, n3), args.repeat, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
