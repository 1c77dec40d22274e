"""Fixtures for the browser tests: the servers (Voilà serving the quiz or the play page, the class
app) on free local ports, and one headless chromium.

Playwright cannot download browsers here, so it drives Debian's chromium (apt package
``chromium``) at ``/usr/bin/chromium``; the tests skip, saying why, only when it is missing.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("BRIDGELAB_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app" / "quiz.ipynb"  # what `make app` serves
START_TIMEOUT = 90  # seconds for Voilà to answer at all (kernel start-up is per page, later)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_voila(notebook: Path, data: Path) -> "tuple[subprocess.Popen, str, object]":
    """Start Voilà serving ``notebook`` (as `make play` does) on a free local port, progress in
    ``data``, and wait until it answers; returns (process, base URL, log file)."""
    port = _free_port()
    log = open(data / "voila.log", "w+b")
    env = {**os.environ, "BRIDGELAB_DATA_DIR": str(data), "JUPYTER_PLATFORM_DIRS": "1"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            str(notebook),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--ServerApp.port_retries=0",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if proc.poll() is not None:
            log.seek(0)
            pytest.fail(f"voila exited with code {proc.returncode}:\n{log.read().decode(errors='replace')}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return proc, url, log
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                stop(proc, log)
                with open(data / "voila.log", "rb") as f:
                    text = f.read().decode(errors="replace")[-3000:]
                pytest.fail(f"voila did not answer on {url} within {START_TIMEOUT} s:\n{text}")
            time.sleep(0.3)


def _need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"no chromium at {CHROMIUM}: install the Debian package 'chromium' to run the browser test"
        )


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    """The URL of Voilà serving the quiz page (app/quiz.ipynb); progress in a temporary folder."""
    _need_chromium()
    proc, url, log = start_voila(APP, tmp_path_factory.mktemp("bridgelab-data"))
    try:
        yield url
    finally:
        stop(proc, log)


@pytest.fixture(scope="session")
def play_url(tmp_path_factory):
    """The URL of Voilà serving the play page (app/play.ipynb); progress in a temporary folder."""
    _need_chromium()
    proc, url, log = start_voila(ROOT / "app" / "play.ipynb", tmp_path_factory.mktemp("bridgelab-play-data"))
    try:
        yield url
    finally:
        stop(proc, log)


@pytest.fixture(scope="session")
def chromium():
    """One headless chromium for every browser test (Playwright's sync API runs once a session)."""
    _need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def browser(voila_url, chromium):
    return chromium


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 900, "height": 900}, device_scale_factor=1)
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory) -> Path:
    """Where screenshots go: $BRIDGELAB_SCREENSHOTS if set, else a temporary folder."""
    env = os.environ.get("BRIDGELAB_SCREENSHOTS")
    if env:
        Path(env).mkdir(parents=True, exist_ok=True)
        return Path(env)
    return tmp_path_factory.mktemp("screenshots")


def start_class_app(
    python: str, cwd: Path, data: Path, port: int, *extra: str, env: "dict | None" = None
) -> "tuple[subprocess.Popen, str, object]":
    """Start ``python -m bridgelab.app`` (what `make app` runs) and wait until it answers; returns
    (process, base URL, log file)."""
    log = open(data / f"app-{port}.log", "w+b")
    proc = subprocess.Popen(
        [
            python,
            "-m",
            "bridgelab.app",
            "--class",
            "4b",
            "--port",
            str(port),
            "--data",
            str(data),
            "--teacher-token",
            "teacher-secret",
            *extra,
        ],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if proc.poll() is not None:
            log.seek(0)
            pytest.fail(f"the app exited with code {proc.returncode}:\n{log.read().decode(errors='replace')}")
        try:
            with urllib.request.urlopen(url + "/join", timeout=2):
                return proc, url, log
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                proc.kill()
                log.seek(0)
                pytest.fail(
                    f"the app did not answer on {url}:\n{log.read().decode(errors='replace')[-3000:]}"
                )
            time.sleep(0.3)


def stop(proc: subprocess.Popen, log) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)
    log.close()


@pytest.fixture(scope="session")
def class_url(tmp_path_factory):
    """The class server (`python -m bridgelab.app --class 4b`) on a free local port."""
    _need_chromium()
    data = tmp_path_factory.mktemp("class-data")
    proc, url, log = start_class_app(sys.executable, ROOT, data, _free_port())
    try:
        yield url
    finally:
        stop(proc, log)


@pytest.fixture(scope="session")
def class_browser(class_url, chromium):
    return chromium


@pytest.fixture
def bare_page(chromium):
    """A desktop-sized page in a fresh context, with no server started for it."""
    context = chromium.new_context(viewport={"width": 900, "height": 900}, device_scale_factor=1)
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


# -- playing a hand in the play widget, card for card beside an engine session ----------------

CARD_TIMEOUT = 30_000


def card_class(card) -> str:
    """The CSS class of ``card``'s button in the play widget (``bridgelab-card-SQ``)."""
    return f"bridgelab-card-{card.suit.name}{card.rank.char}"


def wait_played(page, n: int) -> None:
    """Wait until the page's trick pane says ``n`` cards have been played."""
    page.wait_for_function(
        "n => { const e = document.querySelector('.bridgelab-trick [data-played]');"
        " return e && Number(e.dataset.played) === n; }",
        arg=n,
        timeout=CARD_TIMEOUT,
    )


def play_hand_by_clicks(page, mirror, *, undo_at: int = 3, hint_at: int = 5, after_card=None) -> None:
    """Play ``mirror``'s deal to the end in the page by clicks: the first card the learner may
    play each time (``legal_cards()[0]``), one Undo before click ``undo_at``, and at click
    ``hint_at`` the Hint button and the hinted card; ``mirror`` (a PlaySession on the same deal)
    plays the same cards, and each step waits until the page shows the same number of cards.
    ``after_card()`` is called after each click."""
    wait_played(page, len(mirror.play_.cards_played))

    def click(card):
        page.locator(f".{card_class(card)}").click()
        mirror.play(card)
        wait_played(page, len(mirror.play_.cards_played))

    clicks = 0
    while not mirror.is_over:
        if clicks == undo_at:  # take a card back
            page.locator("button.bridgelab-undo").click()
            mirror.undo()
            wait_played(page, len(mirror.play_.cards_played))
        if clicks == hint_at:  # a hint, and its card
            page.locator("button.bridgelab-hint").click()
            h = mirror.hint()
            page.wait_for_function(
                "c => document.querySelector('.bridgelab-coach').innerText.includes(c)",
                arg=str(h.card).replace("T", "10"),
                timeout=CARD_TIMEOUT,
            )
            click(h.card)
        else:
            click(mirror.legal_cards()[0])
        clicks += 1
        if after_card is not None:
            after_card()
