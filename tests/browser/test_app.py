"""End to end: the student app served by Voilà, driven in a real chromium.

The page is seeded through its address (``?seed=``), so the test makes the same questions with
``QuizSession`` and knows the right answers: it answers the first question right and the
second wrong, and checks what the learner is told and the score.
"""

from __future__ import annotations

import re

import pytest

from bridgelab.quiz import QuizSession, bundled_banks
from bridgelab.text.i18n import translate

SEED = 7
PAGE_TIMEOUT = 120_000  # ms: Voilà starts a kernel and runs the notebook for each page


def _t(msgid: str, lang: str, **kw) -> str:
    return translate(msgid, lang, domain="widgets", **kw)


def _wrong(question) -> str:
    """An answer that is surely wrong for ``question``."""
    if question.kind == "number":
        return str(question.answer + 1)
    if question.kind == "call":
        return "7NT" if str(question.answer) != "7NT" else "Pass"
    if question.choices:
        expected = {str(question.answer), getattr(question, "answer_text", "")}
        return next(c for c in question.choices if c not in expected)
    return "no idea"


def _right(question) -> str:
    if question.kind in ("choice", "seat", "yesno") and question.choices:
        text = getattr(question, "answer_text", "") or str(question.answer)
        return text if text in question.choices else str(question.answer)
    return str(question.answer)


def _give(page, question, text: str) -> None:
    """Answer in the page the way a learner does: a button, a bidding-box call or typing."""
    if question.kind == "call":
        page.locator(f'.bridgelab-bidding-box button[title="{text}"]').click()
    elif question.kind in ("choice", "seat", "yesno") and question.choices:
        page.locator(".bridgelab-choice", has_text=re.compile(f"^{re.escape(text)}$")).click()
    else:
        page.locator(".bridgelab-number input").fill(text)
        page.locator("button.bridgelab-check").click()


@pytest.mark.parametrize(
    ("lang", "topic", "shot"),
    [("en", "hcp", "app_en.png"), ("et", "rubber-scoring", "app_et.png")],
)
def test_answer_right_then_wrong(page, voila_url, screenshot_dir, lang, topic, shot):
    session = QuizSession(topics=[topic], lang=lang, seed=SEED, banks=bundled_banks())  # as the page
    first = session.current
    session.answer(_right(first))
    second = session.next()
    expected_second = session.answer(_wrong(second)).expected

    page.goto(f"{voila_url}/?lang={lang}&topic={topic}&seed={SEED}", timeout=PAGE_TIMEOUT)
    quiz = page.locator(".bridgelab-quiz")
    quiz.wait_for(timeout=PAGE_TIMEOUT)
    question = page.locator(".bridgelab-question")
    score = page.locator(".bridgelab-score")
    feedback = page.locator(".bridgelab-feedback")

    # no code is shown, and the page speaks the language of the address
    assert page.locator(".jp-InputArea, .jp-CodeCell .jp-Editor").count() == 0
    assert _t("Score: {right} of {asked}", lang, right=0, asked=0) in score.inner_text()
    assert first.prompt.splitlines()[0] in question.inner_text()

    _give(page, first, _right(first))
    page.wait_for_function(
        "s => document.querySelector('.bridgelab-score').innerText.includes(s)",
        arg=_t("Score: {right} of {asked}", lang, right=1, asked=1),
        timeout=30_000,
    )
    assert _t("Right!", lang) in feedback.inner_text()

    page.locator("button.bridgelab-next").click()
    page.wait_for_function(
        "p => document.querySelector('.bridgelab-question').innerText.includes(p)",
        arg=second.prompt.splitlines()[0],
        timeout=30_000,
    )
    assert feedback.inner_text().strip() == ""

    _give(page, second, _wrong(second))
    page.wait_for_function(
        "s => document.querySelector('.bridgelab-score').innerText.includes(s)",
        arg=_t("Score: {right} of {asked}", lang, right=1, asked=2),
        timeout=30_000,
    )
    told = feedback.inner_text()
    assert _t("Not quite.", lang) in told
    assert _t("Right!", lang) not in told
    assert expected_second in told
    quiz.screenshot(path=str(screenshot_dir / shot))
