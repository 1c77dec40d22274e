"""End to end: the student play page (app/play.ipynb) served by Voilà, driven in chromium.

The page is seeded through its address, so the test plays the same deal with a PlaySession in
this process, card for card: it clicks the first card it may play each time (the first in the
hand's order, as ``legal_cards()[0]``), takes one card back with Undo, asks for a hint and plays
the hinted card, and at the end checks the tricks and the score the page shows.
"""

from __future__ import annotations

import pytest

from bridgelab.coach.practice import practice_deal
from bridgelab.coach.session import PlaySession

from .conftest import play_hand_by_clicks, wait_played

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = 4
PAGE_TIMEOUT = 120_000


def test_play_a_whole_hand_by_clicks(bare_page, play_url, screenshot_dir):
    page = bare_page
    p = practice_deal(SEED)
    mirror = PlaySession(p.deal, p.contract, robot="expert")
    page.goto(f"{play_url}/?seed={SEED}&lang=en", timeout=PAGE_TIMEOUT)
    widget = page.locator(".bridgelab-play")
    widget.wait_for(timeout=PAGE_TIMEOUT)
    assert page.locator(".jp-InputArea, .jp-CodeCell .jp-Editor").count() == 0
    wait_played(page, len(mirror.play_.cards_played))
    assert "Your plan" in page.locator(".bridgelab-coach").inner_text()

    shots = []

    def mid_hand():
        if not shots and len(mirror.play_.tricks) >= 6:
            widget.screenshot(path=str(screenshot_dir / "play_mid.png"))
            shots.append("mid")

    play_hand_by_clicks(page, mirror, after_card=mid_hand)
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
