"""The class app's "Play a hand" tab in chromium: a student joins, plays a whole minibridge hand
by clicks (with one Undo and one Hint), and the page's tricks and score agree with the engine.

The address seeds the deal (``/?mode=play&deals=minibridge&seed=4``), so the test plays the same
deal with a PlaySession in this process, card for card. At the end it reads the tricks the page
shows, and checks them against the engine's session and the score against
``bridgelab.rules.scoring.score`` for those tricks (not against the page's own result). The hand
is played on a 390 px phone; mid-hand and at the end the page is photographed on the phone and
on a desktop-sized window ($BRIDGELAB_SCREENSHOTS, see conftest.py).
"""

from __future__ import annotations

import re

import pytest

from bridgelab.coach.practice import minibridge_deal
from bridgelab.coach.session import PlaySession
from bridgelab.rules.scoring import MESSAGES as SCORE_MESSAGES
from bridgelab.rules.scoring import score
from bridgelab.text.i18n import translate

from .conftest import play_hand_by_clicks

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = 4
TIMEOUT = 60_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def _shots(page, screenshot_dir, name: str) -> None:
    """The student's page (tabs and play tab, whole) on the phone, then on a desktop window, then
    back to the phone."""
    pages = page.locator(".bridgelab-student-pages")
    pages.screenshot(path=str(screenshot_dir / f"class_play_{name}_phone.png"))
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(300)  # the layout settles
    pages.screenshot(path=str(screenshot_dir / f"class_play_{name}_desktop.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)


def _sticking_out(page) -> int:
    """How many controls of the play tab stick out to the right of the window."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '.bridgelab-student-pages button, .bridgelab-student-pages select,'
        + ' .bridgelab-student-pages input')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).length""")


def test_a_student_plays_a_whole_hand_in_the_class_app(class_browser, class_url, screenshot_dir):
    context = class_browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{class_url}/?mode=play&deals=minibridge&seed={SEED}&lang=en")
        assert page.url.startswith(f"{class_url}/join")  # a new student: the name prompt first
        page.fill("#name", "Petra")
        page.keyboard.press("Enter")
        widget = page.locator(".bridgelab-play")
        widget.wait_for(timeout=TIMEOUT)
        tabs = page.locator(".bridgelab-tabs")
        assert "Play a hand" in tabs.inner_text() and "Quiz" in tabs.inner_text()
        assert "Your plan" in page.locator(".bridgelab-coach").inner_text()
        assert "Deals played: 0" in page.locator(".bridgelab-played").inner_text()

        p = minibridge_deal(SEED)
        mirror = PlaySession(p.deal, p.contract, robot="expert", cards=p.cards)
        assert _sticking_out(page) == 0

        shots = []

        def mid_hand():
            if not shots and len(mirror.play_.tricks) >= 6:
                _shots(page, screenshot_dir, "mid")
                shots.append("mid")

        play_hand_by_clicks(page, mirror, after_card=mid_hand)
        assert mirror.hints_used == 1

        # the tricks as the page shows them, checked against the engine
        page.wait_for_function(
            "() => document.querySelector('.bridgelab-result').innerText.trim().length > 0",
            timeout=TIMEOUT,
        )
        shown = page.locator(".bridgelab-tricks").inner_text()
        us, them = map(
            int, re.fullmatch(r"Tricks: your side (\d+), the opponents (\d+)", shown.strip()).groups()
        )
        assert us + them == 13
        assert us == mirror.result().declarer_tricks  # the learner declares
        # the score for those tricks, by the scoring engine, is the page's total
        points = score(p.contract, us, vulnerable=False)
        if points >= 0:
            total = translate(SCORE_MESSAGES["score.total.made"], "en", points=points)
        else:
            total = translate(SCORE_MESSAGES["score.total.down"], "en", points=-points, signed=points)
        assert total in page.locator(".bridgelab-result").inner_text()
        # the deal is in this student's progress
        made = int(us >= p.contract.tricks_needed)
        page.wait_for_function(
            "s => document.querySelector('.bridgelab-played').innerText.includes(s)",
            arg=f"Deals played: 1, contracts made: {made}",
            timeout=TIMEOUT,
        )
        assert _sticking_out(page) == 0
        _shots(page, screenshot_dir, "end")
    finally:
        context.close()
