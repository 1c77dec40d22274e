"""The class app in chromium: two students in two languages, the teacher's page, and that
editing the address (or the cookie) reaches nobody else's progress.

Screenshots go to $BRIDGELAB_SCREENSHOTS (see conftest.py): the name prompt, a question on a
390 px phone, the progress view and the teacher's page.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bridgelab.quiz import QuizSession
from bridgelab.text.i18n import translate
from bridgelab.widgets.student import topic_name

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TIMEOUT = 60_000
PHONE = {"width": 390, "height": 844}


def _a(msgid, lang, **kw):
    return translate(msgid, lang, domain="app", **kw)


def _w(msgid, lang, **kw):
    return translate(msgid, lang, domain="widgets", **kw)


def _join(browser, url, name, lang, viewport=None, shot=None):
    context = browser.new_context(viewport=viewport or {"width": 900, "height": 900})
    page = context.new_page()
    page.goto(f"{url}/?lang={lang}&topic=losers&seed=1")
    assert page.url.startswith(f"{url}/join")  # nobody yet: the name prompt, in their language
    assert page.evaluate("document.documentElement.lang") == lang
    assert _a("What is your name?", lang) in page.inner_text("body")
    if shot:
        page.screenshot(path=str(shot))
    try:
        page.fill("#name", name)
        page.keyboard.press("Enter")
        page.locator(".bridgelab-quiz").wait_for(timeout=TIMEOUT)
    except PlaywrightTimeout as e:  # say what the student saw, to tell a slow server from a bug
        pytest.fail(f"{name} could not join: {e}\nthe page at {page.url}:\n{page.content()[:4000]}")
    return context, page


def _sticking_out(page) -> int:
    """How many controls of the student page stick out to the right of the window."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '.bridgelab-student button, .bridgelab-student select, .bridgelab-student input')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).length""")


def _answer_number(page, text):
    box = page.locator(".bridgelab-number input")
    box.fill(text)
    box.press("Enter")  # Enter checks


def test_two_students_two_languages_and_the_teacher(class_browser, class_url, screenshot_dir):
    url = class_url
    anna_ctx, anna = _join(
        class_browser, url, "Anna", "et", viewport=PHONE, shot=screenshot_dir / "name_prompt_et.png"
    )
    assert anna.title() == _a("Bridge quiz: {klass}", "et", klass="4b")
    assert anna.evaluate("document.documentElement.lang") == "et"

    # Anna answers two losing-trick questions on her phone: the first right, the second wrong
    anna.goto(f"{url}/?topic=losers&level=2&seed=5")
    anna.locator(".bridgelab-quiz").wait_for(timeout=TIMEOUT)
    s = QuizSession(topics=["losers"], level=2, seed=5, lang="et")
    first = s.current
    assert first.prompt.splitlines()[0] in anna.inner_text(".bridgelab-question")
    anna.screenshot(path=str(screenshot_dir / "question_phone_et.png"), full_page=True)
    _answer_number(anna, str(first.answer))
    anna.wait_for_function(
        "s => document.querySelector('.bridgelab-score').innerText.includes(s)",
        arg=_w("Score: {right} of {asked}", "et", right=1, asked=1),
        timeout=TIMEOUT,
    )
    anna.keyboard.press("Enter")  # focus moved to "next": Enter moves on
    second = s.next()
    anna.wait_for_function(
        "p => document.querySelector('.bridgelab-question').innerText.includes(p)",
        arg=second.prompt.splitlines()[0],
        timeout=TIMEOUT,
    )
    _answer_number(anna, str(second.answer + 1))
    anna.wait_for_function(
        "s => document.querySelector('.bridgelab-score').innerText.includes(s)",
        arg=_w("Score: {right} of {asked}", "et", right=1, asked=2),
        timeout=TIMEOUT,
    )
    anna.wait_for_function(
        "() => document.querySelector('.bridgelab-progress').innerText.includes('50%')", timeout=TIMEOUT
    )  # her progress by topic: 2 answered, 1 right
    # every control fits the phone: nothing sticks out to the right
    assert _sticking_out(anna) == 0

    # Ben, in Malay, on another browser: his own progress, none of Anna's
    ben_ctx, ben = _join(class_browser, url, "Ben", "ms", viewport=PHONE)
    assert _sticking_out(ben) == 0  # the Malay footer fits the phone too
    ben.screenshot(path=str(screenshot_dir / "question_phone_ms.png"), full_page=True)
    assert ben.evaluate("document.documentElement.lang") == "ms"
    assert ben.title() == _a("Bridge quiz: {klass}", "ms", klass="4b")
    assert _a("No answers yet: your progress by topic shows here.", "ms") in ben.inner_text(
        ".bridgelab-progress"
    )
    ben.locator("button.bridgelab-review").click()
    ben.wait_for_function(
        "s => document.querySelector('.bridgelab-feedback').innerText.includes(s)",
        arg=_w("No mistakes to review: well done!", "ms"),
        timeout=TIMEOUT,
    )
    q = QuizSession(topics=["losers"], seed=1, lang="ms").current
    _answer_number(ben, str(q.answer))
    ben.wait_for_function(
        "s => document.querySelector('.bridgelab-score').innerText.includes(s)",
        arg=_w("Score: {right} of {asked}", "ms", right=1, asked=1),
        timeout=TIMEOUT,
    )

    # Ben switches to Czech: the page's language and title follow, his score stays
    ben.locator(".bridgelab-app-language select").select_option(label="Čeština")
    ben.wait_for_function("() => document.documentElement.lang === 'cs'", timeout=TIMEOUT)
    ben.wait_for_function(
        "t => document.title === t", arg=_a("Bridge quiz: {klass}", "cs", klass="4b"), timeout=TIMEOUT
    )
    ben.wait_for_function(
        "s => document.querySelector('.bridgelab-score').innerText.includes(s)",
        arg=_w("Score: {right} of {asked}", "cs", right=1, asked=1),
        timeout=TIMEOUT,
    )

    # Anna reloads: her progress is still hers (2 answered, 1 right), in Estonian
    anna.reload()
    anna.locator(".bridgelab-progress").wait_for(timeout=TIMEOUT)
    anna.wait_for_function("() => document.querySelector('.bridgelab-progress table')", timeout=TIMEOUT)
    progress = anna.inner_text(".bridgelab-progress")
    assert _a("Your progress", "et") in progress and "50%" in progress
    anna.screenshot(path=str(screenshot_dir / "progress_et.png"), full_page=True)

    # the teacher: the token opens the page, which shows both students
    teacher_ctx = class_browser.new_context(viewport={"width": 1000, "height": 1200})
    teacher = teacher_ctx.new_page()
    teacher.goto(f"{url}/teacher")
    assert "token" in teacher.inner_text("body")  # no token, no page
    teacher.goto(f"{url}/teacher?token=teacher-secret&lang=en")
    rows = teacher.locator(".bridgelab-by-student tr.bridgelab-student-row")
    assert rows.count() == 2
    table = {r.split("\t")[0]: r.split("\t") for r in (rows.nth(i).inner_text() for i in range(2))}
    assert table["Anna"][3:6] == ["2", "1", "50%"] and table["Ben"][3:6] == ["1", "1", "100%"]
    assert teacher.locator(".bridgelab-by-topic").count() == 1
    assert teacher.locator("svg.bridgelab-plot").count() == 2
    assert second.id in teacher.inner_text(".bridgelab-missed")
    # the lesson of the day
    teacher.check('input[name=topic][value="hcp"]')
    teacher.select_option("select[name=level]", "1")
    teacher.click(".bridgelab-day button[type=submit]")
    teacher.wait_for_url(re.compile(r".*saved=1.*"))
    teacher.screenshot(path=str(screenshot_dir / "teacher.png"), full_page=True)
    csv = teacher.request.get(f"{url}/teacher/answers.csv").text()
    assert csv.count("\n") == 4 and "Anna" in csv and "Ben" in csv

    late_ctx, late = _join(class_browser, url, "Cleo", "cs")
    late.goto(f"{url}/")
    late.locator(".bridgelab-quiz").wait_for(timeout=TIMEOUT)
    chosen = (
        late.locator(".bridgelab-topic-menu select")
        .evaluate("s => s.options[s.selectedIndex].text")
        .replace("\xa0", " ")
    )
    assert chosen == _a("Today's lesson: {topics}", "cs", topics=topic_name("hcp", "cs"))
    assert late.locator(".bridgelab-level-menu select").evaluate(
        "s => s.options[s.selectedIndex].text"
    ).replace("\xa0", " ") == _a("Level {level}", "cs", level=1)
    for ctx in (anna_ctx, ben_ctx, teacher_ctx, late_ctx):
        ctx.close()


def test_editing_the_address_or_the_cookie_reaches_nobody_elses_progress(class_browser, class_url):
    url = class_url
    dana_ctx, dana = _join(class_browser, url, "Dana", "en")
    # any answer (the other test may have set the lesson of the day): it is kept as Dana's
    if dana.locator(".bridgelab-choice").count():
        dana.locator(".bridgelab-choice").first.click()
    else:
        _answer_number(dana, "1")
    dana.wait_for_function("() => document.querySelector('.bridgelab-progress table')", timeout=TIMEOUT)
    cookie = next(c for c in dana_ctx.cookies() if c["name"] == "bridgelab_student")

    eve_ctx, eve = _join(class_browser, url, "Eve", "en")
    for address in (
        f"{url}/?user=Dana",
        f"{url}/?user={cookie['value'].split('.')[0]}",
        f"{url}/?student=Dana&code=x",
    ):
        eve.goto(address)
        eve.locator(".bridgelab-progress").wait_for(timeout=TIMEOUT)
        assert _a("No answers yet: your progress by topic shows here.", "en") in eve.inner_text(
            ".bridgelab-progress"
        )
    # Dana's id with Eve's signature, or an id alone: not a student (back to the name prompt)
    eve_sig = next(c for c in eve_ctx.cookies() if c["name"] == "bridgelab_student")["value"].split(".")[1]
    for forged in (f"{cookie['value'].split('.')[0]}.{eve_sig}", cookie["value"].split(".")[0]):
        mallory = class_browser.new_context()
        mallory.add_cookies([{**cookie, "value": forged}])
        page = mallory.new_page()
        page.goto(f"{url}/")
        assert page.url.startswith(f"{url}/join")
        mallory.close()
    # the teacher's page and the CSV want the token
    for path in ("/teacher", "/teacher/answers.csv"):
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(url + path)
        assert e.value.code == 403
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(url + "/teacher?token=guess")
    dana_ctx.close()
    eve_ctx.close()
