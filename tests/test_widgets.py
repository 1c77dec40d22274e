"""The quiz widget, driven the way a learner drives it: set a value, click a button."""

from __future__ import annotations

import string
import subprocess
import sys

import pytest

pytest.importorskip("ipywidgets")

from bridgelab.model.contract import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call  # noqa: E402
from bridgelab.quiz import ProgressStore, QuizSession  # noqa: E402
from bridgelab.text.i18n import LANGUAGES, catalog, translate  # noqa: E402
from bridgelab.widgets.quiz import LANGUAGE_NAMES, MESSAGES, QuizWidget, quiz  # noqa: E402


def _t(msgid, lang="en", **kw):
    return translate(msgid, lang, domain="widgets", **kw)


def _session(kind: str, topics: list[str], **kw) -> QuizSession:
    """A seeded session whose first question is of ``kind`` (the first seed that gives one)."""
    for seed in range(200):
        s = QuizSession(topics=topics, seed=seed, **kw)
        if s.current.kind == kind:
            return s
    raise AssertionError(f"no {kind} question in {topics} for seeds 0-199")


def _wrong_number(q) -> str:
    return str(q.answer + 1)


def _enabled_choices(w: QuizWidget) -> list[str]:
    return [b.description for b in w.choice_buttons if not b.disabled]


# -- answering -------------------------------------------------------------------------------


def test_number_question_right_then_wrong():
    w = QuizWidget(QuizSession(topics=["losers"], seed=1))  # every question a number
    assert w.answer_area.children == (w.number_panel,)
    assert w.score.value.count(_t("Score: {right} of {asked}", right=0, asked=0)) == 1
    assert w.next_button.disabled

    w.number.value = str(w.session.current.answer)
    w.check_button.click()
    assert w.last_feedback.correct
    assert _t("Right!") in w.feedback.value
    assert _t("Score: {right} of {asked}", right=1, asked=1) in w.score.value
    assert w.number.disabled and w.check_button.disabled and not w.next_button.disabled

    w.next_button.click()
    assert w.feedback.value == "" and w.next_button.disabled
    q = w.session.current
    assert q.kind == "number" and q.prompt in w.question.value
    w.number.value = _wrong_number(q)
    w.check_button._click_handlers(w.check_button)
    assert not w.last_feedback.correct
    assert _t("Not quite.") in w.feedback.value
    assert (
        _t("You answered {given}; the answer is {expected}.", given=_wrong_number(q), expected=q.answer_text)
        in w.feedback.value
    )
    assert _t("Score: {right} of {asked}", right=1, asked=2) in w.score.value
    assert w.session.missed == [q]


def test_explanation_is_shown_line_by_line():
    w = QuizWidget(_session("number", ["hcp"]))
    q = w.session.current
    w.number.value = str(q.answer)
    w.check_button.click()
    lines = [ln for ln in q.explanation.splitlines() if ln.strip()]
    assert len(lines) > 1
    assert w.feedback.value.count("<br>") >= len(lines) - 1


def test_choice_buttons_mark_the_answer_and_the_right_one():
    w = QuizWidget(_session("yesno", ["balanced"]))
    q = w.session.current
    assert [b.description for b in w.choice_buttons] == q.choices
    wrong = next(b for b in w.choice_buttons if b.description != q.answer_text)
    right = next(b for b in w.choice_buttons if b.description == q.answer_text)
    wrong.click()
    assert not w.last_feedback.correct
    assert wrong.button_style == "danger" and right.button_style == "success"
    assert _enabled_choices(w) == []
    right.click()  # a second answer changes nothing: the first one counts
    assert w.session.asked == 1 and w.session.right == 0


def test_bidding_box_greys_illegal_calls_and_takes_a_call():
    s = _session("call", ["legality"])
    q = s.current
    q.grey_illegal = True  # the widget honours the question's flag
    w = QuizWidget(s)
    assert w.answer_area.children == (w.bidding_panel,)
    assert len(w.bidding_box) == 38
    legal = {c.to_ascii() for c in q.auction.legal_calls()}
    disabled = {name for name, b in w.bidding_box.items() if b.disabled}
    assert disabled == {c.to_ascii() for c in (*ALL_BIDS, PASS, DOUBLE, REDOUBLE)} - legal
    assert disabled and legal  # both kinds present: the test could fail
    assert _t("Calls that are not allowed now are greyed out.") in w.hint.value

    right = Call.parse(q.answer).to_ascii()
    w.bidding_box[right].click()
    assert w.last_feedback.correct
    assert w.bidding_box[right].button_style == "success"
    assert all(b.disabled for b in w.bidding_box.values())


def test_bidding_box_without_greying_allows_every_call_and_marks_a_wrong_one():
    w = QuizWidget(_session("call", ["legality"]))
    q = w.session.current
    assert not q.grey_illegal
    assert not any(b.disabled for b in w.bidding_box.values())
    right = Call.parse(q.answer).to_ascii()
    wrong = "7NT" if right != "7NT" else "1C"
    w.bidding_box[wrong].click()
    assert not w.last_feedback.correct
    assert w.bidding_box[wrong].button_style == "danger"
    assert w.bidding_box[right].button_style == "success"


def test_unreadable_and_empty_answers_are_not_counted():
    w = QuizWidget(_session("number", ["hcp"]))
    w.check_button.click()  # nothing typed
    assert _t("Type an answer first, then press Check.") in w.feedback.value
    w.number.value = "lots"
    w.check_button.click()
    assert w.last_feedback is not None and not w.last_feedback.understood
    assert w.session.asked == 0 and not w.check_button.disabled and w.next_button.disabled
    w.number.value = str(w.session.current.answer)
    w.check_button.click()
    assert w.last_feedback.correct and w.session.asked == 1


def test_the_question_does_not_show_its_own_answer():
    w = QuizWidget(_session("number", ["hcp"]))
    hand = w.session.current.show
    assert "♠" in w.question.value
    assert "HCP," not in w.question.value and f"{hand.pattern}" not in w.question.value

    w = QuizWidget(_session("seat", ["declarer"]))
    show = w.session.current.show
    auction = getattr(show, "auction", show)  # the quiz shows an Auction or a view of one
    assert auction.is_over and "<table" in w.question.value
    assert auction.summary() not in w.question.value


# -- language, review, the end ----------------------------------------------------------------


def test_language_picker_translates_labels_prompt_and_feedback():
    s = _session("number", ["hcp"])
    seed = s.seed
    w = QuizWidget(s)
    assert [value for _, value in w.language.options] == list(LANGUAGES)
    assert dict(w.language.options)[LANGUAGE_NAMES["et"]] == "et"
    w.number.value = str(s.current.answer)
    w.check_button.click()

    w.language.value = "et"
    assert s.lang == "et"
    assert w.check_button.description == _t("Check", "et") == "Kontrolli"
    assert w.bidding_box["Pass"].description == _t("Pass", "et")
    assert w.question.value.count(QuizSession(topics=["hcp"], seed=seed, lang="et").current.prompt) == 1
    assert _t("Right!", "et") in w.feedback.value  # the verdict stays, in the new language
    assert _t("Score: {right} of {asked}", "et", right=1, asked=1) in w.score.value
    assert not w.next_button.disabled and w.check_button.disabled

    w.language.value = "sr"
    assert w.bidding_box["Pass"].description == "Dalje"


def test_review_my_mistakes_and_back():
    w = QuizWidget(_session("number", ["hcp"], length=3))
    missed = w.session.current
    w.number.value = _wrong_number(missed)
    w.check_button.click()
    w.next_button.click()
    main = w.session

    w.review_button.click()
    assert w.session is not main
    assert _t("review") in w.title.value
    assert w.review_button.description == _t("Back to the quiz")
    assert w.session.current.prompt in w.question.value and w.session.current.id == missed.id
    w.number.value = str(w.session.current.answer)
    w.check_button.click()
    assert w.last_feedback.correct
    assert _t("Score: {right} of {asked}", right=1, asked=1) in w.score.value
    w.next_button.click()
    assert _t("Review finished: {right} of {asked} right.", right=1, asked=1) in w.question.value

    w.review_button.click()  # back to the quiz, at the question left unanswered
    assert w.session is main
    assert _t("Score: {right} of {asked}", right=0, asked=1) in w.score.value
    assert w.session.current.prompt in w.question.value and w.session.feedback is None


def test_review_with_no_mistakes_says_so():
    w = QuizWidget(_session("number", ["hcp"]))
    w.review_button.click()
    assert _t("No mistakes to review: well done!") in w.feedback.value
    assert w.review_button.description == _t("Review my mistakes")


def test_review_reads_the_mistakes_kept_in_the_progress_store(tmp_path):
    store = ProgressStore(tmp_path / "progress.sqlite3")
    first = QuizWidget(_session("number", ["hcp"], store=store, user="anna"))
    missed = first.session.current
    first.number.value = _wrong_number(missed)
    first.check_button.click()

    later = QuizWidget(QuizSession(topics=["hcp"], seed=99, store=store, user="anna"))
    later.review_button.click()
    assert later.session.current.id == missed.id
    other = QuizWidget(QuizSession(topics=["hcp"], seed=99, store=store, user="ben"))
    other.review_button.click()
    assert _t("No mistakes to review: well done!") in other.feedback.value


def test_the_end_of_a_quiz_of_fixed_length():
    w = quiz("hcp", seed=3, length=1)
    q = w.session.current
    w.answer(str(q.answer))
    w.next_button.click()
    assert _t("That is the end of the quiz: {right} of {asked} right.", right=1, asked=1) in w.question.value
    assert w.next_button.disabled and w.answer_area.children == ()
    assert w.answer("12") is None and w.session.asked == 1
    w.language.value = "cs"
    assert (
        _t("That is the end of the quiz: {right} of {asked} right.", "cs", right=1, asked=1)
        in w.question.value
    )


def test_session_or_arguments_not_both():
    with pytest.raises(TypeError):
        QuizWidget(QuizSession(topics=["hcp"], seed=1), seed=2)


# -- strings and imports ----------------------------------------------------------------------


def _fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_widget_string_is_translated(lang):
    cat = catalog(lang, "widgets")
    missing = [m for m in MESSAGES if m not in cat]
    assert not missing, f"{lang} widgets.po lacks {missing}"
    for m in MESSAGES:
        assert _fields(cat[m]) == _fields(m), (lang, m)
    translated = [m for m in MESSAGES if cat[m] != m]
    assert len(translated) >= len(MESSAGES) - 4  # X, XX and a word or two may stay as they are


def test_the_engine_does_not_import_ipywidgets():
    code = "import sys, bridgelab, bridgelab.quiz; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- the student app (app/quiz.ipynb) ---------------------------------------------------------


def _run_app(monkeypatch, tmp_path, query: str) -> dict:
    """Run the app notebook's cells here, as Voilà would with ``?query``."""
    import json
    from pathlib import Path

    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(tmp_path))
    nb = json.loads((Path(__file__).resolve().parents[1] / "app" / "quiz.ipynb").read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    ns: dict = {}
    for src in cells[:-1]:
        exec(src, ns)  # noqa: S102 - our own notebook
    ns["widget"] = eval(cells[-1], ns)  # noqa: S307 - the last cell is the widget expression
    return ns


def test_app_takes_language_topic_and_seed_from_the_address(monkeypatch, tmp_path):
    ns = _run_app(monkeypatch, tmp_path, "lang=et&topic=hcp,losers&seed=7&level=3")
    w = ns["widget"].quiz
    assert (w.session.lang, w.session.topics, w.session.seed, w.session.level) == (
        "et",
        ["hcp", "losers"],
        7,
        3,
    )
    assert w.check_button.description == "Kontrolli"
    w.answer(str(w.session.current.answer) if w.session.current.kind == "number" else "jah")
    assert (tmp_path / "progress.sqlite3").exists()  # progress is kept where the server says


def test_app_explains_what_it_does_not_know(monkeypatch, tmp_path):
    ns = _run_app(monkeypatch, tmp_path, "lang=xx&topic=nonsense&seed=abc&level=9")
    app = ns["widget"]
    w = app.quiz
    assert (w.session.lang, w.session.topics, w.session.seed, w.session.level) == ("en", None, None, None)
    assert "nonsense" in app.message.value


def test_a_deal_is_drawn_without_its_point_counts():
    from bridgelab import Deal
    from bridgelab.widgets.quiz import _html_of

    deal = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
    shown = _html_of(deal)
    assert "North" in shown and "A K Q 2" in shown
    assert "(17)" not in shown and "(17)" in deal._repr_html_()
