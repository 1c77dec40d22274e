"""End to end: the student play page (app/play.ipynb) served by Voilà, driven in chromium.

The page is seeded through its address, so the test plays the same deal with a PlaySession in
this process, card for card: it clicks the first card it may play each time (the first in the
hand's order, as ``legal_cards()[0]``), takes one card back with Undo, asks for a hint and plays
the hinted card, and at the end checks the tricks and the score the page shows.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bridgelab.coach.practice import practice_deal
from bridgelab.coach.session import PlaySession

CHROMIUM = os.environ.get("BRIDGELAB_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 90


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = 4
PAGE_TIMEOUT = 120_000
APP = ROOT / "app" / "play.ipynb"


@pytest.fixture(scope="module")
def play_url(tmp_path_factory):
    """Voilà serving the play page, progress in a temporary folder."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}: install the Debian package 'chromium'")
    port = _free_port()
    data = tmp_path_factory.mktemp("bridgelab-play-data")
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
                pytest.fail(f"voila exited: {log.read().decode(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(url + "/", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    pytest.fail(f"voila did not answer on {url}")
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


def _played(page) -> int:
    return int(page.locator(".bridgelab-trick [data-played]").get_attribute("data-played"))


def _wait_played(page, n: int) -> None:
    page.wait_for_function(
        "n => { const e = document.querySelector('.bridgelab-trick [data-played]');"
        " return e && Number(e.dataset.played) === n; }",
        arg=n,
        timeout=30_000,
    )


def _ascii(card) -> str:
    return f"{card.suit.name}{card.rank.char}"


def test_play_a_whole_hand_by_clicks(page, play_url, screenshot_dir):
    p = practice_deal(SEED)
    mirror = PlaySession(p.deal, p.contract, robot="expert")
    page.goto(f"{play_url}/?seed={SEED}&lang=en", timeout=PAGE_TIMEOUT)
    widget = page.locator(".bridgelab-play")
    widget.wait_for(timeout=PAGE_TIMEOUT)
    assert page.locator(".jp-InputArea, .jp-CodeCell .jp-Editor").count() == 0
    _wait_played(page, len(mirror.play_.cards_played))
    assert "Your plan" in page.locator(".bridgelab-coach").inner_text()

    def click(card):
        page.locator(f".bridgelab-card-{_ascii(card)}").click()
        mirror.play(card)
        _wait_played(page, len(mirror.play_.cards_played))

    clicks = 0
    shot_mid = False
    while not mirror.is_over:
        if clicks == 3:  # take a card back
            page.locator("button.bridgelab-undo").click()
            mirror.undo()
            _wait_played(page, len(mirror.play_.cards_played))
        if clicks == 5:  # a hint, and its card
            page.locator("button.bridgelab-hint").click()
            h = mirror.hint()
            page.wait_for_function(
                "c => document.querySelector('.bridgelab-coach').innerText.includes(c)",
                arg=str(h.card).replace("T", "10"),
                timeout=30_000,
            )
            click(h.card)
            clicks += 1
            continue
        click(mirror.legal_cards()[0])
        clicks += 1
        if not shot_mid and len(mirror.play_.tricks) >= 6:
            widget.screenshot(path=str(screenshot_dir / "play_mid.png"))
            shot_mid = True
    result = mirror.result()
    page.wait_for_function(
        "s => document.querySelector('.bridgelab-result').innerText.includes(s)",
        arg=f"Your side took {result.learner_tricks} tricks.",
        timeout=30_000,
    )
    text = page.locator(".bridgelab-result").inner_text()
    assert str(result.score if result.made else -result.score) in text
    assert mirror.hints_used == 1
    widget.screenshot(path=str(screenshot_dir / "play_end.png"))
