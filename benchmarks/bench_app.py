"""A class of students opening the quiz app at once, on this machine.

    python benchmarks/bench_app.py --students 30 --browsers 5 --after 150   # the class app, 2 waves
    python benchmarks/bench_app.py --students 30 --browsers 0 --after 150   # no browser on its cores
    python benchmarks/bench_app.py --client browser --students 30           # all in chromium
    python benchmarks/bench_app.py --server voila --students 5 --waves 1 [--preheat 5]

Starts the server on a free loopback port (the class app, ``python -m bridgelab.app``, or Voilà
serving ``app/quiz.ipynb``: the same ``StudentApp`` widgets), then opens ``--students`` pages
spread evenly over ``--within`` seconds, each student with their own cookie (joined before, as
on their second visit). Two kinds of student:

- ``--client ws`` (the class app; the default): light clients that speak the page's own protocol
  (``ws_student``: the page and its static files over HTTP, then Solara's kernel websocket with
  the messages a real page sends, recorded from chromium), so 30 students load the server as 30
  students' own devices would, without 30 browsers rendering on the server's two cores; and
  ``--browsers`` of them (default 5) are real chromium pages among them, to check that the
  figures agree and to see what rendering adds;
- ``--client browser``: every student a headless chromium page (one context each).

For each it measures the first question (from asking for the page to the question's text being
in the page's widgets) and the feedback (from the click, or Enter, to the verdict being there:
timed inside the page for chromium, so Playwright's own checks are not counted). For the light
clients it also splits both: the first question into the page, its files, the socket and the
app's first render; the feedback into the server's share (click to the time stamp the server
put on the message with the verdict, both clocks this machine's) and the way back (that message
to this client's reader, which shares the machine with the server and chromium). It reports the
CPU seconds of the server, of chromium and of the light clients during the run (``psutil`` per
process tree).

Memory: the server's resident memory (with Voilà's kernels) while the pages are open, after they
are closed (a page's unload beacon, as the browser sends it) and every 15 s until ``--after``
seconds, with Solara's count of live sessions. The idle figure is taken after ONE student has
visited (a real chromium page) and left, and the server has released that session: what a first
visit loads for good (imports, translations, question banks, caches) is the server's, not a tab's.
Then ``--waves`` classes (default 2, the same students) come one after another: if memory after
the second wave closes is back at the first wave's figure, a closed tab's memory is returned and
reused; if it grows wave by wave, a session leaks. Everything stays on 127.0.0.1; each page is
bounded by ``--timeout``.
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
import uuid
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


QUESTION_JS = (
    "() => { const q = document.querySelector('.bridgelab-question');"
    " return q && q.innerText.trim().length > 0 }"
)
# Watches the page from the student's click (or Enter) to the verdict being in the page, timed
# inside the page, so Playwright's own checks before a click are not counted.
WATCH_JS = """() => { window.__feedback = new Promise((done) => {
  let t0 = null;
  const mark = () => { if (t0 === null) t0 = performance.now(); };
  document.addEventListener('click', mark, true);
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter') mark(); }, true);
  const obs = new MutationObserver(() => {
    const fb = document.querySelector('.bridgelab-feedback');
    if (t0 !== null && fb && fb.innerText.trim().length > 0) { obs.disconnect(); done(performance.now() - t0); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true});
}); }"""


async def browser_student(
    browser, kind: str, port: int, i: int, delay: float, timeout: float, cookie, shared=None
):
    """One student in a real chromium page: first question on screen, then an answer's verdict."""
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
    result: dict = {"student": i, "client": "browser"}
    t0 = time.monotonic()
    try:
        await page.goto(url, timeout=timeout * 1000)
        await page.wait_for_function(QUESTION_JS, timeout=timeout * 1000)
        result["first_question"] = time.monotonic() - t0
        await asyncio.sleep(READING)  # the student reads the question
        await page.evaluate(WATCH_JS)
        if await page.locator(".bridgelab-choice").count():
            await page.locator(".bridgelab-choice").first.click()
        else:
            box = page.locator(".bridgelab-number input")
            await box.fill("12")
            await box.press("Enter")
        ms = await asyncio.wait_for(page.evaluate("() => window.__feedback"), timeout)
        result["feedback"] = ms / 1000
    except (TimeoutError, PWTimeout):
        result["error"] = "timeout"

    async def close():
        await ctx.close()

    return close, result


READING = 1.0
"""Seconds a student reads the question before answering."""


def _msg(session: str, msg_type: str, content: dict) -> str:
    """A Jupyter message as the browser's widget manager sends it on the kernel's websocket."""
    return json.dumps(
        {
            "buffers": [],
            "channel": "shell",
            "content": content,
            "header": {
                "date": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()),
                "msg_id": str(uuid.uuid4()),
                "msg_type": msg_type,
                "session": session,
                "username": "",
                "version": "5.2",
            },
            "metadata": {},
            "parent_header": {},
        }
    )


class Models:
    """The widget models a page holds (comm id -> state), kept as the browser keeps them."""

    def __init__(self):
        self.state: dict[str, dict] = {}

    def take(self, msg: dict) -> None:
        kind = msg.get("msg_type") or msg["header"]["msg_type"]
        c = msg.get("content", {})
        if kind == "comm_open":
            self.state[c["comm_id"]] = dict(c.get("data", {}).get("state", {}))
        elif kind == "comm_msg" and c.get("data", {}).get("method") in ("update", "echo_update"):
            self.state.setdefault(c["comm_id"], {}).update(c["data"].get("state", {}))
        elif kind == "comm_close":
            self.state.pop(c.get("comm_id"), None)

    def with_class(self, cls: str) -> list[tuple[str, dict]]:
        return [(k, v) for k, v in self.state.items() if cls in (v.get("_dom_classes") or ())]

    def text(self, cls: str) -> str:
        return " ".join(str(v.get("value") or "") for _, v in self.with_class(cls)).strip()


def _stamp(date: "str | None") -> "float | None":
    """A Jupyter message header's ISO date as seconds since the epoch (None if absent)."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(str(date).replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


async def ws_student(port: int, i: int, delay: float, timeout: float, cookie: str, assets: list[str]):
    """One student as a light client speaking the page's own protocol (no rendering): loads the
    page and, as a first visit's browser does, its static files (``assets``: those a real chromium
    page asked for), opens the kernel websocket with a fresh kernel id and page id, sends what
    Solara's page sends (kernel_info, the solara.control comm and its "run"), keeps the widget
    models up to date from the server's messages, and clicks an answer the way a button sends a
    click (a comm message). Closing sends the page's unload beacon and closes the socket."""
    import httpx
    from websockets.asyncio.client import connect

    await asyncio.sleep(delay)
    base = f"http://127.0.0.1:{port}"
    path = f"/?topic=hcp&seed={i}"
    result: dict = {"student": i, "client": "ws"}
    http = httpx.AsyncClient(base_url=base, cookies={"bridgelab_student": cookie}, timeout=timeout)
    kernel, session = str(uuid.uuid4()), str(uuid.uuid4())
    models = Models()
    changed = asyncio.Event()
    ws = read = None
    t0 = time.monotonic()
    try:
        r = await http.get(path)
        r.raise_for_status()
        marks = {"page": time.monotonic() - t0}
        limit = asyncio.Semaphore(6)  # a browser's connections per host

        async def fetch(url: str) -> None:
            async with limit:
                (await http.get(url)).raise_for_status()

        await asyncio.gather(*(fetch(u) for u in assets))
        marks["files"] = time.monotonic() - t0
        cookies = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        ws = await connect(
            f"ws://127.0.0.1:{port}/jupyter/api/kernels/{kernel}/channels?session_id={session}",
            additional_headers={"Cookie": cookies},
            max_size=2**24,
            open_timeout=timeout,
        )
        marks["socket"] = time.monotonic() - t0
        echoed: set[str] = set()
        # when armed (after the click): the server's own time stamp (its message header's date)
        # and the arrival of the first message that shows the verdict
        verdict: dict = {}

        async def reader() -> None:
            async for frame in ws:
                if isinstance(frame, bytes):  # a message with binary buffers: none of ours
                    continue
                arrived = time.time()
                msg = json.loads(frame)
                models.take(msg)
                if verdict.get("armed") and "sent" not in verdict and models.text("bridgelab-feedback"):
                    verdict["sent"] = _stamp(msg.get("header", {}).get("date"))
                    verdict["arrived"] = arrived
                c = msg.get("content", {})
                state = c.get("data", {}).get("state", {}) if isinstance(c.get("data"), dict) else {}
                # the page's theme model echoes its dark_effective back once, as the browser does
                if "dark_effective" in state and c["comm_id"] not in echoed:
                    echoed.add(c["comm_id"])
                    await ws.send(
                        _msg(
                            session,
                            "comm_msg",
                            {
                                "comm_id": c["comm_id"],
                                "data": {"method": "update", "state": state, "buffer_paths": []},
                            },
                        )
                    )
                changed.set()

        async def until(test) -> None:
            while not test():
                changed.clear()
                await changed.wait()

        read = asyncio.create_task(reader())
        await ws.send(_msg(session, "kernel_info_request", {}))
        control = str(uuid.uuid4())
        await ws.send(
            _msg(session, "comm_open", {"comm_id": control, "target_name": "solara.control", "data": {}})
        )
        run_args = {"path": path, "dark": False, "themes": {"light": {}, "dark": {}}, "appName": None}
        await ws.send(
            _msg(session, "comm_msg", {"comm_id": control, "data": {"method": "run", "args": run_args}})
        )
        await asyncio.wait_for(until(lambda: models.text("bridgelab-question")), timeout)
        result["first_question"] = time.monotonic() - t0
        # where the time went: the page, its files, the socket open, the app's first render
        result["phases"] = {
            "page": marks["page"],
            "files": marks["files"] - marks["page"],
            "socket": marks["socket"] - marks["files"],
            "render": result["first_question"] - marks["socket"],
        }
        await asyncio.sleep(READING)
        choices = models.with_class("bridgelab-choice")
        t1 = time.monotonic()
        clicked = time.time()
        verdict["armed"] = True
        if choices:
            content = {"comm_id": choices[0][0], "data": {"method": "custom", "content": {"event": "click"}}}
            await ws.send(_msg(session, "comm_msg", content))
        else:
            box = models.with_class("bridgelab-number")[0][0]
            update = {"method": "update", "state": {"value": "12"}, "buffer_paths": []}
            await ws.send(_msg(session, "comm_msg", {"comm_id": box, "data": update}))
            submit = {"method": "custom", "content": {"event": "submit"}}
            await ws.send(_msg(session, "comm_msg", {"comm_id": box, "data": submit}))
        await asyncio.wait_for(until(lambda: models.text("bridgelab-feedback")), timeout)
        result["feedback"] = time.monotonic() - t1
        if verdict.get("sent") is not None:
            # where the time went: the server's answer (click to its verdict message, by the
            # server's clock, the same machine's), the way back to this client's reader
            result["feedback_phases"] = {
                "server": verdict["sent"] - clicked,
                "back": verdict["arrived"] - verdict["sent"],
            }
    except (TimeoutError, OSError, httpx.HTTPError) as e:
        result["error"] = type(e).__name__

    async def close():
        try:
            await http.post(f"/_solara/api/close/{kernel}?session_id={session}")
        except httpx.HTTPError:
            pass
        if ws is not None:
            await ws.close()
        if read is not None:
            read.cancel()
        await http.aclose()

    return close, result


async def page_assets(browser, port: int, cookie: str, timeout: float) -> list[str]:
    """The same-origin files a real chromium page of the app asks for (JS, CSS, fonts), minus the
    page itself: what every ws client fetches, as a first visit's browser would."""
    ctx = await browser.new_context(viewport={"width": 390, "height": 844})
    await ctx.add_cookies(
        [{"name": "bridgelab_student", "value": cookie, "domain": "127.0.0.1", "path": "/"}]
    )
    page = await ctx.new_page()
    seen: list[str] = []
    prefix = f"http://127.0.0.1:{port}"
    page.on(
        "request",
        lambda r: r.method == "GET" and r.url.startswith(prefix) and seen.append(r.url[len(prefix) :]),
    )
    await page.goto(f"{prefix}/?topic=hcp&seed=0", timeout=timeout * 1000)
    await page.wait_for_function(QUESTION_JS, timeout=timeout * 1000)
    await ctx.close()
    return [u for u in dict.fromkeys(seen) if not u.startswith("/?") and u != "/"]


class BrowserCPU:
    """CPU seconds used by this process's descendants other than the server's tree (chromium
    and Playwright's driver) since it was made; ``sample()`` while the run goes, so that a
    process that ends on the way (a closed page's renderer) still counts up to its last sample."""

    def __init__(self, server_pid: int):
        self.server_pid = server_pid
        self.start: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.sample(first=True)

    def sample(self, first: bool = False) -> None:
        server = {self.server_pid}
        try:
            server |= {q.pid for q in psutil.Process(self.server_pid).children(recursive=True)}
        except psutil.NoSuchProcess:
            pass
        for q in psutil.Process().children(recursive=True):
            if q.pid in server:
                continue
            try:
                t = q.cpu_times()
            except psutil.NoSuchProcess:
                continue
            used = t.user + t.system
            if first:
                self.start[q.pid] = used
            self.last[q.pid] = used

    def used(self) -> float:
        return sum(v - self.start.get(pid, 0.0) for pid, v in self.last.items())


def own_cpu() -> float:
    t = psutil.Process().cpu_times()
    return t.user + t.system


def _figures(results: list[dict]) -> dict:
    firsts = sorted(r["first_question"] for r in results if "first_question" in r)
    feedbacks = sorted(r["feedback"] for r in results if "feedback" in r)
    phases = [r["phases"] for r in results if "phases" in r]
    medians = {k: round(statistics.median(p[k] for p in phases), 2) for k in phases[0]} if phases else None
    fb_phases = [r["feedback_phases"] for r in results if "feedback_phases" in r]
    fb_split = (
        {
            f"{k}_{how}": round(f(p[k] for p in fb_phases), 3)
            for k in fb_phases[0]
            for how, f in (("median", statistics.median), ("max", max))
        }
        if fb_phases
        else None
    )
    return {
        "pages": len(results),
        "median_phases_s": medians,
        "loaded": len(firsts),
        "failed": sum("error" in r for r in results),
        "first_question_median_s": round(statistics.median(firsts), 2) if firsts else None,
        "first_question_max_s": round(max(firsts), 2) if firsts else None,
        "feedback_median_s": round(statistics.median(feedbacks), 3) if feedbacks else None,
        "feedback_max_s": round(max(feedbacks), 3) if feedbacks else None,
        "feedback_phases_s": fb_split,
    }


SETTLE = 10.0
"""Seconds waited after the server holds no session before memory counts as settled: the
release after the last close (``bridgelab.app.server.RELEASE_DELAY``, 5 s) and a margin."""


async def settle(kind: str, port: int, limit: float = 120.0) -> None:
    """Wait until the server holds no page session (Solara) and its memory release has run."""
    t = time.monotonic()
    while time.monotonic() - t < limit and live_sessions(kind, port):
        await asyncio.sleep(1)
    await asyncio.sleep(SETTLE)


async def wave(args, browser, server, port: int, cookies: list, assets: list[str], shared) -> dict:
    """One class opening the app: every student's page within ``--within`` seconds, each
    answering one question; then all close, and the server's memory is watched for ``--after``
    seconds. The figures of this wave."""
    n_browser = args.students if args.client == "browser" else min(args.browsers, args.students)
    kind = args.server
    peak = tree_rss(server.pid)
    load0 = os.getloadavg()[0]
    cpu0, wall0 = tree_cpu(server.pid), time.monotonic()
    me0, browser_cpu_meter = own_cpu(), BrowserCPU(server.pid)
    spacing = args.within / max(1, args.students)
    # the real browsers are spread among the light clients (every k-th student)
    every = args.students / n_browser if n_browser else 0
    in_browser = {int(k * every) for k in range(n_browser)}
    tasks = [
        asyncio.create_task(
            browser_student(browser, kind, port, i, i * spacing, args.timeout, cookies[i], shared)
            if i in in_browser
            else ws_student(port, i, i * spacing, args.timeout, cookies[i], assets)
        )
        for i in range(args.students)
    ]
    while not all(t.done() for t in tasks):
        peak = max(peak, tree_rss(server.pid))
        browser_cpu_meter.sample()
        await asyncio.sleep(0.5)
    done = [t.result() for t in tasks]
    browser_cpu_meter.sample()
    cpu = tree_cpu(server.pid) - cpu0
    wall = time.monotonic() - wall0
    browser_cpu = browser_cpu_meter.used()
    client_cpu = own_cpu() - me0
    peak = max(peak, tree_rss(server.pid))
    open_mem = tree_rss(server.pid)
    open_sessions = live_sessions(kind, port)
    for close, _ in done:
        await close()
    results = [r for _, r in done]
    after = []
    t_close = time.monotonic()
    while time.monotonic() - t_close < args.after:
        await asyncio.sleep(15)
        after.append(
            (round(time.monotonic() - t_close), round(tree_rss(server.pid)), live_sessions(kind, port))
        )
    figures: dict = {"load_average_before": round(load0, 1), "all": _figures(results)}
    if args.client == "ws":
        figures["ws_clients"] = _figures([r for r in results if r["client"] == "ws"])
        figures["browser_pages"] = _figures([r for r in results if r["client"] == "browser"])
    figures.update(
        {
            "server_cpu_s": round(cpu, 1),
            "browser_cpu_s": round(browser_cpu, 1),
            "ws_clients_cpu_s": round(client_cpu, 1),
            "wall_s": round(wall, 1),
            "memory_peak_mb": round(peak),
            "memory_pages_open_mb": round(open_mem),
            "sessions_open": open_sessions,
            "after_close_s_mb_sessions": after,
            "memory_after_close_mb": after[-1][1] if after else None,
        }
    )
    return figures


async def run(args) -> dict:
    from playwright.async_api import async_playwright

    data = Path(tempfile.mkdtemp(prefix="bench-app-"))
    port = free_port()
    server = start_server(args.server, port, data, args.preheat, args.cull)
    if args.server == "voila":
        args.client = "browser"  # the light clients speak Solara's protocol only
    waves = []
    try:
        started = tree_rss(server.pid)
        if args.server == "voila" and args.preheat:
            await asyncio.sleep(args.warm)  # let the pool fill, as a teacher starts before class
        cookies = [
            join(port, f"Student {i}") if args.server == "solara" else None for i in range(args.students)
        ]
        if args.nice:  # the clients (and the chromium started below) yield the CPU to the server
            os.nice(args.nice)
        async with async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--no-first-run"]
            )
            assets: list[str] = []
            if args.server == "solara":
                # one student visits and leaves first: what the first visit loads for good
                # (imports, translations, question banks, caches) is the server's, not a tab's;
                # and the files a browser fetches, for the light clients
                assets = await page_assets(browser, port, join(port, "Warm-up"), args.timeout)
                await settle(args.server, port)
            idle = tree_rss(server.pid)
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
            for _ in range(args.waves):
                waves.append(await wave(args, browser, server, port, cookies, assets, shared))
            if shared is not None:
                await shared.close()
            await browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
    return {
        "server": args.server + (f" (pool {args.preheat})" if args.preheat else ""),
        "students": args.students,
        "within_s": args.within,
        "cores": os.cpu_count(),
        "one_context": args.one_context,
        "clients_nice": args.nice,
        "memory_started_mb": round(started),
        "memory_idle_mb": round(idle),
        "waves": waves,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", choices=("solara", "voila"), default="solara")
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument(
        "--client",
        choices=("ws", "browser"),
        default="ws",
        help="ws: light websocket clients (and --browsers real pages among them); browser: all chromium",
    )
    ap.add_argument(
        "--browsers", type=int, default=5, help="ws: how many of the students are real chromium pages"
    )
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
    ap.add_argument(
        "--nice",
        type=int,
        default=0,
        help="run the clients and chromium at this niceness (e.g. 10: the server comes first, as "
        "when the students' devices are other machines)",
    )
    ap.add_argument(
        "--after", type=float, default=180.0, help="seconds to watch memory after each wave closes"
    )
    ap.add_argument(
        "--waves",
        type=int,
        default=2,
        help="classes one after another (the same students): memory after the second wave back at "
        "the first's means a closed tab's memory is returned and reused; growth, a leak per session",
    )
    args = ap.parse_args()
    figures = asyncio.run(run(args))
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
