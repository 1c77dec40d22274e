"""A class of students opening the quiz app at once, in real browsers, on this machine.

    python benchmarks/bench_app.py --server solara --students 30
    python benchmarks/bench_app.py --server voila --students 30 [--preheat 8]

Starts the server on a free loopback port (the class app, ``python -m bridgelab.app``, or Voilà
serving ``app/quiz.ipynb``: the same ``StudentApp`` widgets), then opens ``--students`` pages in
one headless chromium (one browser context each, so each has its own cookies), spread evenly
over ``--within`` seconds. For each page it measures:

- first question: from starting to load the page to the question's text being on screen
  (a class-app student has already joined, as on their second visit: their cookie is set);
- feedback: from answering (a click, or typing and Enter) to the verdict being on screen;

and samples the resident memory of the server with all its child processes (Voilà's kernels)
while the pages are open, after they are closed, and every 15 s until ``--after`` seconds, to see
whether a closed tab's memory comes back. Everything stays on 127.0.0.1; the run is bounded by
``--timeout`` per page. The browser shares the machine's cores with the server, so the figures
are, if anything, pessimistic for the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("BRIDGELAB_CHROMIUM", "/usr/bin/chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree_rss(pid: int) -> float:
    """Resident memory of ``pid`` and all its descendants, in MB."""
    try:
        p = psutil.Process(pid)
        procs = [p, *p.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0
    for q in procs:
        try:
            total += q.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


def tree_cpu(pid: int) -> float:
    """CPU seconds used so far by ``pid`` and its descendants (user + system)."""
    try:
        p = psutil.Process(pid)
        procs = [p, *p.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0.0
    for q in procs:
        try:
            t = q.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def live_sessions(kind: str, port: int) -> "int | None":
    """Solara: how many page sessions the server still holds (its /resourcez count)."""
    if kind != "solara":
        return None
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/resourcez", timeout=5) as r:
            return json.load(r)["kernels"]["total"]
    except (OSError, ValueError, KeyError):
        return None


def start_server(kind: str, port: int, data: Path, preheat: int, cull: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "BRIDGELAB_DATA_DIR": str(data),
        "PYTHONPATH": str(ROOT),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    if kind == "solara":
        cmd = [
            sys.executable,
            "-m",
            "bridgelab.app",
            "--class",
            "bench",
            "--port",
            str(port),
            "--data",
            str(data),
            "--teacher-token",
            "bench",
        ]
        env["SOLARA_KERNEL_CULL_TIMEOUT"] = f"{cull}s"
    else:
        cmd = [
            sys.executable,
            "-m",
            "voila",
            str(ROOT / "app" / "quiz.ipynb"),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--ServerApp.port_retries=0",
            f"--MappingKernelManager.cull_idle_timeout={cull}",
            "--MappingKernelManager.cull_interval=10",
            "--MappingKernelManager.cull_connected=False",
        ]
        if preheat:
            cmd += ["--preheat_kernel=True", f"--pool_size={preheat}"]
    log = open(data / f"{kind}.log", "wb")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    probe = f"http://127.0.0.1:{port}/" + ("join" if kind == "solara" else "")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(probe, timeout=2).close()
            return proc
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit(f"the {kind} server did not start; see {data / (kind + '.log')}")


def join(port: int, name: str) -> str:
    """Join the class as ``name`` over HTTP (the name prompt's form); the cookie's value."""
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/join", data=f"name={name}&lang=en".encode(), method="POST"
    )

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(req)
    except urllib.error.HTTPError as e:  # the 303 after joining
        for header in e.headers.get_all("set-cookie") or []:
            if header.startswith("bridgelab_student="):
                return header.split(";")[0].split("=", 1)[1]
    raise SystemExit("joining the class gave no cookie")


async def one_student(
    browser, kind: str, port: int, i: int, delay: float, timeout: float, cookie, shared=None
):
    from playwright.async_api import TimeoutError as PWTimeout

    await asyncio.sleep(delay)
    if shared is None:
        ctx = await browser.new_context(viewport={"width": 390, "height": 844})
        if cookie:
            await ctx.add_cookies(
                [{"name": "bridgelab_student", "value": cookie, "domain": "127.0.0.1", "path": "/"}]
            )
        page = await ctx.new_page()
    else:  # one context for all: the pages share the browser's cache (and one student's cookie)
        page = await shared.new_page()
        ctx = page
    url = f"http://127.0.0.1:{port}/?topic=hcp&seed={i}"
    result = {"student": i}
    t0 = time.monotonic()
    try:
        await page.goto(url, timeout=timeout * 1000)
        await page.wait_for_function(
            "() => { const q = document.querySelector('.bridgelab-question'); return q && q.innerText.trim().length > 0 }",
            timeout=timeout * 1000,
        )
        result["first_question"] = time.monotonic() - t0
        await asyncio.sleep(1.0)  # the student reads the question
        t1 = time.monotonic()
        if await page.locator(".bridgelab-choice").count():
            await page.locator(".bridgelab-choice").first.click()
        else:
            box = page.locator(".bridgelab-number input")
            await box.fill("12")
            await box.press("Enter")
        await page.wait_for_function(
            "() => document.querySelector('.bridgelab-feedback').innerText.trim().length > 0",
            timeout=timeout * 1000,
        )
        result["feedback"] = time.monotonic() - t1
    except PWTimeout:
        result["error"] = "timeout"
    return ctx, result


async def run(args) -> dict:
    from playwright.async_api import async_playwright

    data = Path(tempfile.mkdtemp(prefix="bench-app-"))
    port = free_port()
    server = start_server(args.server, port, data, args.preheat, args.cull)
    try:
        if args.server == "voila" and args.preheat:
            await asyncio.sleep(args.warm)  # let the pool fill, as a teacher starts before class
        cookies = [
            join(port, f"Student {i}") if args.server == "solara" else None for i in range(args.students)
        ]
        idle = tree_rss(server.pid)
        peak = idle
        cpu0, wall0 = tree_cpu(server.pid), time.monotonic()
        load0 = os.getloadavg()[0]
        async with async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--no-first-run"]
            )
            spacing = args.within / max(1, args.students)
            shared = None
            if args.one_context:
                shared = await browser.new_context(viewport={"width": 390, "height": 844})
                if cookies[0]:
                    await shared.add_cookies(
                        [
                            {
                                "name": "bridgelab_student",
                                "value": cookies[0],
                                "domain": "127.0.0.1",
                                "path": "/",
                            }
                        ]
                    )
                warm = await shared.new_page()  # fills the cache, as a class's own devices would be
                await warm.goto(f"http://127.0.0.1:{port}/", timeout=args.timeout * 1000)
                await warm.wait_for_selector(".bridgelab-question", timeout=args.timeout * 1000)
                await warm.close()
                cpu0, wall0 = tree_cpu(server.pid), time.monotonic()
            me0 = tree_cpu(os.getpid())
            tasks = [
                asyncio.create_task(
                    one_student(browser, args.server, port, i, i * spacing, args.timeout, cookies[i], shared)
                )
                for i in range(args.students)
            ]
            while not all(t.done() for t in tasks):
                peak = max(peak, tree_rss(server.pid))
                await asyncio.sleep(0.5)
            done = [t.result() for t in tasks]
            cpu = tree_cpu(server.pid) - cpu0
            wall = time.monotonic() - wall0
            browser_cpu = tree_cpu(os.getpid()) - me0
            peak = max(peak, tree_rss(server.pid))
            open_mem = tree_rss(server.pid)
            open_sessions = live_sessions(args.server, port)
            for ctx, _ in done:
                await ctx.close()
            if shared is not None:
                await shared.close()
            await browser.close()
        results = [r for _, r in done]
        after = []
        t_close = time.monotonic()
        while time.monotonic() - t_close < args.after:
            await asyncio.sleep(15)
            after.append(
                (
                    round(time.monotonic() - t_close),
                    round(tree_rss(server.pid)),
                    live_sessions(args.server, port),
                )
            )
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
    firsts = sorted(r["first_question"] for r in results if "first_question" in r)
    feedbacks = sorted(r["feedback"] for r in results if "feedback" in r)
    return {
        "server": args.server + (f" (pool {args.preheat})" if args.preheat else ""),
        "students": args.students,
        "within_s": args.within,
        "loaded": len(firsts),
        "failed": sum("error" in r for r in results),
        "first_question_median_s": round(statistics.median(firsts), 2) if firsts else None,
        "first_question_max_s": round(max(firsts), 2) if firsts else None,
        "feedback_median_s": round(statistics.median(feedbacks), 3) if feedbacks else None,
        "feedback_max_s": round(max(feedbacks), 3) if feedbacks else None,
        "server_cpu_s": round(cpu, 1),
        "browser_cpu_s": round(browser_cpu, 1),
        "wall_s": round(wall, 1),
        "one_context": args.one_context,
        "load_average_before": round(load0, 1),
        "cores": os.cpu_count(),
        "memory_idle_mb": round(idle),
        "memory_peak_mb": round(peak),
        "memory_pages_open_mb": round(open_mem),
        "sessions_open": open_sessions,
        "after_close_s_mb_sessions": after,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", choices=("solara", "voila"), default="solara")
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--within", type=float, default=10.0, help="seconds over which the pages open")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds a page may take")
    ap.add_argument("--preheat", type=int, default=0, help="Voila: a pool of this many kernels")
    ap.add_argument("--warm", type=float, default=60.0, help="Voila: seconds to fill the pool")
    ap.add_argument("--cull", type=int, default=60, help="seconds before a closed page is culled")
    ap.add_argument(
        "--one-context",
        action="store_true",
        help="all pages in one browser context (shared cache, one student's cookie)",
    )
    ap.add_argument("--after", type=float, default=180.0, help="seconds to watch memory after closing")
    args = ap.parse_args()
    print(json.dumps(asyncio.run(run(args)), indent=1))


if __name__ == "__main__":
    main()
