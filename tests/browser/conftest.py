"""Fixtures for the browser test: a Voilà server on a free local port and a headless chromium.

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


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    """The URL of Voilà serving the quiz page as `make app` does; progress goes to a temporary folder."""
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"no chromium at {CHROMIUM}: install the Debian package 'chromium' to run the browser test"
        )
    port = _free_port()
    data = tmp_path_factory.mktemp("bridgelab-data")
    log = open(data / "voila.log", "w+b")
    env = {**os.environ, "BRIDGELAB_DATA_DIR": str(data), "JUPYTER_PLATFORM_DIRS": "1"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            str(APP),
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
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(
                    f"voila exited with code {proc.returncode}:\n{log.read().decode(errors='replace')}"
                )
            try:
                with urllib.request.urlopen(url + "/", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(
                        f"voila did not answer on {url} within {START_TIMEOUT} s:\n"
                        f"{log.read().decode(errors='replace')[-3000:]}"
                    )
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


@pytest.fixture(scope="session")
def chromium():
    """One headless chromium for every browser test (Playwright's sync API runs once a session)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"no chromium at {CHROMIUM}: install the Debian package 'chromium' to run the browser test"
        )
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
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"no chromium at {CHROMIUM}: install the Debian package 'chromium' to run the browser test"
        )
    data = tmp_path_factory.mktemp("class-data")
    proc, url, log = start_class_app(sys.executable, ROOT, data, _free_port())
    try:
        yield url
    finally:
        stop(proc, log)


@pytest.fixture(scope="session")
def class_browser(class_url, chromium):
    return chromium
