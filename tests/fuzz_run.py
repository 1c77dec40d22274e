"""``make fuzz``: a long fuzz session over every reader of text in the package.

    python tests/fuzz_run.py [--examples N] [--seed S] [--only NAME ...]

Each reader of ``fuzzing.TARGETS`` gets N hostile inputs (hypothesis, from seed S: the same run
again with the same seed), within a time budget per reader; an input still running after 10 s
is stopped (SIGALRM) and counted as a time bomb. An input passes when the reader returns or raises the package's own
error, within a second. Prints a table of counts (inputs, accepted, refused, unexpected errors,
time bombs, slowest input) and each kind of finding once, with its smallest input; the exit
status is 1 if there is any finding.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzzing import TARGETS, TIME_BOMB, attempt, size_of, warm_up  # noqa: E402
from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

HARD_LIMIT = 10.0  # seconds: an input still running is stopped here and counted as a time bomb


class _Stopped(Exception):
    pass


def _alarm(signum, frame):
    raise _Stopped


def _bounded(reader):
    """``reader`` stopped after HARD_LIMIT seconds (SIGALRM), so one time bomb cannot stall the
    session; the stop is reported as a time bomb, not as an error of the reader."""

    def run(value):
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, HARD_LIMIT)
        try:
            reader(value)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    return run


def fuzz(name: str, examples: int, at_seed: int, budget: float = float("inf")) -> dict:
    reader, strategy, owner = TARGETS[name]
    warm_up(name)
    counts = {
        "inputs": 0,
        "ok": 0,
        "refused": 0,
        "unexpected": 0,
        "stopped": 0,
        "slow": 0,
        "slowest": 0.0,
        "largest": 0,
        "findings": {},
        "owner": owner,
    }

    bounded = _bounded(reader)
    started = time.perf_counter()

    @seed(at_seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(value):
        if time.perf_counter() - started > budget:  # this reader's time is up: count no more
            return
        out = attempt(bounded, value)
        if out.kind == "unexpected" and isinstance(out.error, _Stopped):
            out.kind, out.seconds = "stopped", max(out.seconds, HARD_LIMIT)
        size = size_of(value)
        counts["inputs"] += 1
        counts[out.kind] += 1
        counts["largest"] = max(counts["largest"], size)
        counts["slowest"] = max(counts["slowest"], out.seconds)
        key = None
        if out.kind == "unexpected":
            tb = traceback.extract_tb(out.error.__traceback__)
            where = next(
                (f"{Path(f.filename).name}:{f.lineno}" for f in reversed(tb) if "bridgelab" in f.filename),
                "?",
            )
            key = f"{type(out.error).__name__} at {where}: {str(out.error)[:120]}"
        elif out.seconds > TIME_BOMB:
            counts["slow"] += 1
            key = f"time bomb (over {TIME_BOMB:g} s of CPU; stopped at {HARD_LIMIT:g} s)"
        if key is not None:
            size_, shown, times, worst = counts["findings"].get(key, (None, "", 0, 0.0))
            if size_ is None or size < size_:
                size_, shown = size, repr(value)[:300]
            counts["findings"][key] = (size_, shown, times + 1, max(worst, out.seconds))

    run()
    return counts


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--examples", type=int, default=3000, help="inputs per reader (3000)")
    p.add_argument("--seed", type=int, default=19, help="seed of the session (19)")
    p.add_argument("--only", nargs="*", help="only these readers (names as in the table)")
    p.add_argument(
        "--budget",
        type=float,
        default=600,
        help="seconds per reader (600); a reader with time bombs stops early",
    )
    args = p.parse_args(argv)
    names = args.only or list(TARGETS)
    start = time.perf_counter()
    rows, findings = [], []
    for name in names:
        t = time.perf_counter()
        c = fuzz(name, args.examples, args.seed, args.budget)
        rows.append((name, c, time.perf_counter() - t))
        for key, (size, shown, times, worst) in c["findings"].items():
            if key.startswith("time bomb"):
                key += f", worst {worst:.1f} s"
            findings.append((name, c["owner"], key, times, size, shown))
        print(
            f"  {name}: {c['inputs']} inputs, {c['unexpected']} unexpected, {c['slow']} slow",
            file=sys.stderr,
            flush=True,
        )
    head = (
        f"{'reader':40} {'owner':9} {'inputs':>7} {'accepted':>8} {'refused':>8} {'unexpected':>10} "
        f"{'time bombs':>10} {'slowest s':>9} {'largest':>8}"
    )
    print(head)
    print("-" * len(head))
    total = {"inputs": 0, "ok": 0, "refused": 0, "unexpected": 0, "slow": 0}
    for name, c, _ in rows:
        for k in total:
            total[k] += c[k]
        print(
            f"{name:40} {c['owner']:9} {c['inputs']:>7} {c['ok']:>8} {c['refused']:>8} "
            f"{c['unexpected']:>10} {c['slow']:>10} {c['slowest']:>9.3f} {c['largest']:>8}"
        )
    print("-" * len(head))
    print(
        f"{'all readers':40} {'':9} {total['inputs']:>7} {total['ok']:>8} {total['refused']:>8} "
        f"{total['unexpected']:>10} {total['slow']:>10}   ({time.perf_counter() - start:.0f} s, seed {args.seed})"
    )
    if findings:
        print(f"\n{len(findings)} kinds of finding (each with its smallest input):")
        for name, owner, key, times, size, shown in findings:
            print(f"- [{name}, {owner}] {key} ({times} inputs; smallest {size} characters: {shown})")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
