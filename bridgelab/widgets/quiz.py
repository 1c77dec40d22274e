"""The quiz as an ipywidgets 8 front end: one widget over a ``QuizSession``.

The widget shows the question (its prompt and the deal, hand or auction it is about), takes the
answer with the control that fits the kind of question (a bidding box for calls, buttons for
choices, seats and yes/no, a box for numbers and words), gives feedback with the explanation,
keeps the score, moves on, offers "review my mistakes" and has a language picker.

All the logic stays in the session; every callback writes to widget values or to the session
(never only into an Output area), so plain pytest drives the widget by setting values and
calling ``button.click()``::

    w = QuizWidget(topics=["hcp"], seed=1)
    w.number.value = "13"
    w.check_button.click()
    w.last_feedback.correct, w.score.value

A widget that makes its own session saves every answer, as it is given, in the learner's own
progress file (``learner_store()``: ``$BRIDGELAB_DATA_DIR/progress.sqlite3``, else the user
data directory; the file ``bridgelab quiz`` and ``app/quiz.ipynb`` use, under the same user
"default"), so the progress survives a kernel crash and "review my mistakes" finds the questions
missed in any notebook. A store that cannot be written (read-only, busy, full, damaged) is said
in the learner's language above the question (``status``) and the quiz goes on.

This module imports ipywidgets; ``bridgelab`` and ``bridgelab.quiz`` never import it.
"""

from __future__ import annotations

import html
import os
import warnings
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..model.cards import Strain
from ..model.contract import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call
from ..model.errors import BridgeError, ProgressError
from ..quiz.progress import SAVE_PROBLEMS, ProgressStore, default_path, save_problem
from ..render.display import RED, colour_suits
from ..text.i18n import LANGUAGES, ntranslate, translate

if TYPE_CHECKING:  # pragma: no cover
    from ..quiz import Feedback, Question, QuizSession

__all__ = [
    "QuizWidget",
    "quiz",
    "learner_store",
    "open_store",
    "save_problem",
    "LANGUAGE_NAMES",
    "CALL_NAMES",
    "MESSAGES",
    "SAVE_PROBLEMS",
]

LANGUAGE_NAMES = {
    "en": "English",
    "et": "Eesti",
    "sr": "Srpski",
    "cs": "Čeština",
    "ms": "Bahasa Melayu",
}
"""Each language under its own name, for the language picker."""

CALL_NAMES = {"pass": "Pass", "double": "X", "redouble": "XX"}
"""The English labels of the non-bid buttons of the bidding box (translated in domain widgets)."""

MESSAGES = (
    "Bridge quiz",
    "review",
    "Score: {right} of {asked}",
    "Check",
    "Type your answer",
    "Type a number",
    "Next question",
    "Back to the quiz",
    "Review my mistakes",
    "Pass",
    "X",
    "XX",
    "Calls that are not allowed now are greyed out.",
    "Review finished: {right} of {asked} right.",
    "That is the end of the quiz: {right} of {asked} right.",
    "Type an answer first, then press Check.",
    "Right!",
    "Not quite.",
    "You answered {given}; the answer is {expected}.",
    "No mistakes to review: well done!",
    *SAVE_PROBLEMS.values(),
)
"""Every string the widget shows, as a msgid of the "widgets" catalogue."""

GREEN = "#1b7a1b"
_CALL_COLOURS = {"pass": "#d4edd4", "double": "#f6d2d2", "redouble": "#d3e2f5"}
"""Pass green, double red, redouble blue, as the cards of a table's bidding box."""
_CALL_ORDER = (*ALL_BIDS, PASS, DOUBLE, REDOUBLE)

_CSS = """<style>
.bridgelab-quiz button.mod-success:disabled, .bridgelab-quiz button.mod-danger:disabled { opacity: 1; }
.bridgelab-quiz .bridgelab-call:disabled:not(.mod-success):not(.mod-danger) { opacity: 0.3; }
.bridgelab-quiz .bridgelab-call { font-size: 15px; padding: 0; }
.bridgelab-quiz .bridgelab-choice { font-size: 14px; }
.bridgelab-quiz .bridgelab-number input { font-size: 15px; }
</style>"""
"""Keeps the learner's marked answer readable once the buttons are disabled, and greys the
calls a question rules out more clearly than ipywidgets' default."""


def _t(msgid: str, lang: str, **args: Any) -> str:
    """``msgid`` in ``lang`` from the "widgets" catalogue (English if there is none)."""
    return translate(msgid, lang, domain="widgets", **args)


def _right_of(msgid: str, lang: str, right: int, asked: int) -> str:
    """A "{right} of {asked}" message of the "widgets" catalogue, in the plural form of ``right``."""
    return ntranslate(msgid, msgid, right, lang, domain="widgets", right=right, asked=asked)


_STORES: "dict[str, ProgressStore]" = {}


def learner_store(path: "str | os.PathLike[str] | None" = None) -> ProgressStore:
    """The learner's progress store: one open ProgressStore per file in this kernel (the quiz
    widgets and the progress view of a notebook share it). ``path`` None is the default file,
    ``$BRIDGELAB_DATA_DIR/progress.sqlite3``, else the user data directory, the one the CLI and
    the single-learner app use. A ProgressError (with its ``code``) if it cannot be opened."""
    key = str(Path(default_path() if path is None else path).resolve())
    store = _STORES.get(key)
    if store is None:
        store = _STORES[key] = ProgressStore(key)
    return store


def open_store(store: Any = "learner") -> "tuple[ProgressStore | None, ProgressError | None]":
    """(the store, None), or (None, why not) when it cannot be opened. ``store`` is "learner"
    (``learner_store()``), a ProgressStore, a path, or None (nothing is saved)."""
    if store is None or isinstance(store, ProgressStore):
        return store, None
    try:
        if str(store) == ":memory:":
            return ProgressStore(":memory:"), None
        return learner_store(None if isinstance(store, str) and store == "learner" else store), None
    except ProgressError as e:
        return None, e


_WATCHERS: "weakref.WeakSet[Any]" = weakref.WeakSet()
"""The progress views of this kernel (``bridgelab.widgets.progress``): each has ``answered(store,
user)``, called after every answer a quiz widget saves."""


def _html_of(obj: Any, lang: str = "en") -> str:
    """What a question shows, as HTML, revealing nothing it asks: a hand without its point
    count, a deal without the HCP labels, an auction without its summary line (declarer,
    dummy, lead), in ``lang``. Anything else: its ``_repr_html_``, else its text."""
    if obj is None:
        return ""
    from ..model.deal import Deal
    from ..model.hand import Hand
    from ..render.display import deal_html, hand_html
    from ..rules.auction import Auction

    if isinstance(getattr(obj, "auction", None), Auction):  # a view of an auction: the auction
        obj = obj.auction
    if isinstance(obj, Hand):
        return f'<div style="font-size:125%">{hand_html(obj, summary=False)}</div>'
    if isinstance(obj, Deal):
        return f'<div style="font-size:115%">{deal_html(obj, show_hcp=False)}</div>'
    if isinstance(obj, Auction):
        return f'<div style="font-size:120%">{obj.to_html(lang=lang, summary=False)}</div>'
    rep = getattr(obj, "_repr_html_", None)
    if rep is not None:
        out = rep()
        if out:
            return out
    return f'<pre style="font-size:110%">{html.escape(str(obj))}</pre>'


def _lines_html(text: str) -> str:
    """Text as HTML lines, hearts and diamonds in red as on the diagrams."""
    return colour_suits("<br>".join(html.escape(line) for line in str(text).splitlines()))


def _as_call(x: Any) -> Call:
    return x if isinstance(x, Call) else Call.parse(str(x))


class QuizWidget(widgets.VBox):
    """A quiz in a notebook or a Voilà page: question, answer control, feedback, score.

    Give a ``session`` (a ``QuizSession``) or the arguments to make one (``topics``, ``level``,
    ``lang``, ``seed``, ``store``, ``user``, ``banks``, ``length``). A session made here saves
    in the learner's progress file unless ``store`` names another (a ProgressStore or a path) or
    is None (nothing saved); ``user`` is whose answers (default "default", as the CLI's).
    Whatever the session, an answer the store refuses still counts, is kept and saved with the
    next answer that can be, and ``status`` says why in the learner's language.

    Parts a test or a teacher can reach: ``language`` (the picker), ``question`` (HTML),
    ``bidding_box`` (ascii name -> Button: "1C" ... "7NT", "Pass", "X", "XX"),
    ``choice_buttons``, ``number`` (Text) and ``check_button``, ``feedback`` and ``score``
    (HTML), ``next_button``, ``review_button``, ``status`` (HTML: why answers are not saved, or
    empty), ``save_error`` (that ProgressError) and ``last_feedback`` (the session's Feedback).
    """

    def __init__(self, session: "QuizSession | None" = None, *, languages=None, **session_args: Any):
        self.save_error: "ProgressError | None" = None
        if session is None:
            from ..quiz import QuizSession

            store, self.save_error = open_store(session_args.pop("store", "learner"))
            session = QuizSession(store=store, on_save_error="keep", **session_args)
        elif session_args:
            raise TypeError("give either a QuizSession or the arguments to make one, not both")
        session.on_save_error = "keep"  # a refused save never stops the quiz
        self.session = session
        self._main: "QuizSession | None" = None  # the quiz to go back to after a review
        self._finished = False
        self.last_feedback: "Feedback | None" = None
        self.on_answer: "list[Callable[[Feedback], None]]" = []
        """Called with each Feedback that counts (the student app refreshes its progress view)."""

        if languages is None:
            languages = LANGUAGES
        lang = session.lang

        self.title = widgets.HTML()
        self._style = widgets.HTML(_CSS, layout=widgets.Layout(height="0px", margin="0"))
        self.language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES.get(code, code), code) for code in languages],
            value=lang if lang in languages else languages[0],
            layout=widgets.Layout(width="170px"),
        )
        self.language.observe(self._on_language, names="value")
        self.score = widgets.HTML()
        self.status = widgets.HTML()
        self.question = widgets.HTML()
        self.hint = widgets.HTML()

        self._bidding: "tuple[dict, widgets.VBox] | None" = None  # made when first needed

        self.choice_buttons: list[widgets.Button] = []
        self.choice_panel = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))

        self.number = widgets.Text(layout=widgets.Layout(width="180px"))
        with warnings.catch_warnings():  # Enter in the box checks the answer (ipywidgets 8 warns)
            warnings.simplefilter("ignore", DeprecationWarning)
            self.number.on_submit(self._on_check)
        self.check_button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.check_button.on_click(self._on_check)
        self.number_panel = widgets.HBox([self.number, self.check_button])

        self.answer_area = widgets.VBox()
        self.feedback = widgets.HTML()
        self.next_button = widgets.Button(
            button_style="info", icon="arrow-right", layout=widgets.Layout(width="auto")
        )
        self.next_button.on_click(self._on_next)
        self.review_button = widgets.Button(icon="repeat", layout=widgets.Layout(width="auto"))
        self.review_button.on_click(self._on_review)

        for w, cls in [
            (self.title, "bridgelab-title"),
            (self.score, "bridgelab-score"),
            (self.status, "bridgelab-save-status"),
            (self.question, "bridgelab-question"),
            (self.feedback, "bridgelab-feedback"),
            (self.number, "bridgelab-number"),
            (self.check_button, "bridgelab-check"),
            (self.next_button, "bridgelab-next"),
            (self.review_button, "bridgelab-review"),
            (self.language, "bridgelab-language"),
            (self.choice_panel, "bridgelab-choices"),
        ]:
            w.add_class(cls)

        # both rows wrap, so that every control fits a 390 px phone in every language
        header = widgets.HBox(
            [self.title, self.score, self.language],
            layout=widgets.Layout(
                justify_content="space-between", align_items="center", flex_flow="row wrap", grid_gap="4px"
            ),
        )
        footer = widgets.HBox(
            [self.next_button, self.review_button],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"),
        )
        super().__init__(
            [
                self._style,
                header,
                self.status,
                self.question,
                self.hint,
                self.answer_area,
                self.feedback,
                footer,
            ],
            layout=widgets.Layout(
                border="1px solid #bbb", padding="8px 14px", max_width="760px", grid_gap="6px"
            ),
        )
        self.add_class("bridgelab-quiz")
        self._show(self.session.current)

    def __repr__(self) -> str:
        # short and stable, for the text shown where widgets cannot be drawn
        return f"QuizWidget({self.session!r})"

    # -- the parts ---------------------------------------------------------------------------

    @property
    def bidding_box(self) -> "dict[str, widgets.Button]":
        """The bidding box's buttons by ascii name; its 38 buttons are made on first use (a
        server with a class of pages then makes them only for pages that ask a call)."""
        if self._bidding is None:
            # one Layout for all 38 (it never changes): 37 widget models fewer for the page to open
            size = widgets.Layout(width="58px", height="32px")
            box = {c.to_ascii(): self._call_button(c, size) for c in _CALL_ORDER}
            bids = widgets.GridBox(
                [box[c.to_ascii()] for c in ALL_BIDS],
                layout=widgets.Layout(grid_template_columns="repeat(5, 58px)", grid_gap="3px"),
            )
            others = widgets.HBox(
                [box[c.to_ascii()] for c in (PASS, DOUBLE, REDOUBLE)],
                layout=widgets.Layout(margin="4px 0 0 0"),
            )
            panel = widgets.VBox([bids, others])
            panel.add_class("bridgelab-bidding-box")
            self._bidding = (box, panel)
            for c in (PASS, DOUBLE, REDOUBLE):
                box[c.to_ascii()].description = _t(CALL_NAMES[c.kind], self.lang)
        return self._bidding[0]

    @property
    def bidding_panel(self) -> widgets.VBox:
        self.bidding_box  # noqa: B018 - makes it
        return self._bidding[1]

    @property
    def lang(self) -> str:
        return self.session.lang

    def _call_button(self, call: Call, layout: widgets.Layout) -> widgets.Button:
        b = widgets.Button(description=str(call), layout=layout, tooltip=call.to_ascii())
        if call.is_bid and call.strain is not Strain.NT and call.strain.is_red:
            b.style.text_color = RED
        b.style.font_weight = "bold"
        b.style.button_color = _CALL_COLOURS.get(call.kind)
        b.add_class("bridgelab-call")
        b.on_click(lambda _b, call=call: self.answer(call.to_ascii()))
        return b

    def _choice_button(self, text: str) -> widgets.Button:
        b = widgets.Button(description=text, layout=widgets.Layout(width="auto", min_width="64px"))
        b.add_class("bridgelab-choice")
        b.on_click(lambda _b, text=text: self.answer(text))
        return b

    # -- showing a question ------------------------------------------------------------------

    def _labels(self) -> None:
        """Every fixed label in the session's language."""
        lang = self.lang
        s = self.session
        self.title.value = f'<b style="font-size:115%">{html.escape(_t("Bridge quiz", lang))}</b>' + (
            f" <i>({html.escape(_t('review', lang))})</i>" if self._main is not None else ""
        )
        self.score.value = (
            '<span style="font-size:110%">'
            + html.escape(_right_of("Score: {right} of {asked}", lang, s.right, s.asked))
            + "</span>"
        )
        self.check_button.description = _t("Check", lang)
        self.status.value = (
            '<div style="color:#8a5a00;background:#fff6e0;padding:4px 8px;border-radius:4px">'
            f"⚠ {html.escape(save_problem(self.save_error, lang))}</div>"
            if self.save_error is not None
            else ""
        )
        self.status.layout.display = None if self.save_error is not None else "none"  # no empty gap
        self.number.placeholder = _t("Type your answer", lang)
        self.next_button.description = _t("Next question", lang)
        self.review_button.description = (
            _t("Back to the quiz", lang) if self._main is not None else _t("Review my mistakes", lang)
        )
        if self._bidding is not None:
            for c in (PASS, DOUBLE, REDOUBLE):
                self.bidding_box[c.to_ascii()].description = _t(CALL_NAMES[c.kind], lang)

    def _show(self, q: "Question | None") -> None:
        self._labels()
        self.feedback.value = ""
        if q is None:
            self._finished = True
            self._set_enabled(False)
            self.answer_area.children = ()
            self.hint.value = ""
            s = self.session
            key = (
                "Review finished: {right} of {asked} right."
                if self._main is not None
                else ("That is the end of the quiz: {right} of {asked} right.")
            )
            self.question.value = (
                '<div style="font-size:115%;padding:6px 0">'
                + html.escape(_right_of(key, self.lang, s.right, s.asked))
                + "</div>"
            )
            self.next_button.disabled = True
            return
        self._finished = False
        shown = _html_of(q.show, self.lang)
        self.question.value = (
            f'<div style="font-size:115%;margin:4px 0 8px 0">{_lines_html(q.prompt)}</div>'
            + (f'<div style="margin-bottom:6px">{shown}</div>' if shown else "")
        )
        self.hint.value = ""
        if q.kind == "call":
            self.answer_area.children = (self.bidding_panel,)
            legal = None
            if q.grey_illegal and q.auction is not None:
                legal = {_as_call(c) for c in q.auction.legal_calls()}
                self.hint.value = (
                    '<span style="color:#555">'
                    + html.escape(_t("Calls that are not allowed now are greyed out.", self.lang))
                    + "</span>"
                )
            for c in _CALL_ORDER:
                b = self.bidding_box[c.to_ascii()]
                b.disabled = legal is not None and c not in legal
                b.button_style = ""
                b.style.button_color = _CALL_COLOURS.get(c.kind)
        elif q.kind in ("choice", "seat", "yesno") and q.choices:
            self.choice_buttons = [self._choice_button(str(c)) for c in q.choices]
            self.choice_panel.children = self.choice_buttons
            self.answer_area.children = (self.choice_panel,)
        else:  # "number", "text", or choices without a list
            self.number.value = ""
            self.number.disabled = False
            self.check_button.disabled = False
            self.number.placeholder = _t(
                "Type a number" if q.kind == "number" else "Type your answer", self.lang
            )
            self.answer_area.children = (self.number_panel,)
            if self.session.feedback is None:
                self.number.focus()  # the learner types straight away
        fb = self.session.feedback
        self.next_button.disabled = fb is None
        if fb is None:
            self._set_enabled(True)
        else:  # already answered (after a change of language): the verdict, in the new language
            self._set_enabled(False)
            self._mark(q, fb, fb.given)
            self._render_feedback(fb)

    def _set_enabled(self, on: bool) -> None:
        for b in self.choice_buttons:
            b.disabled = not on
        self.number.disabled = not on
        self.check_button.disabled = not on
        if not on and self._bidding is not None:
            for b in self.bidding_box.values():
                b.disabled = True

    # -- answering ---------------------------------------------------------------------------

    def answer(self, text: str) -> "Feedback | None":
        """Answer the current question as if the learner typed ``text``; show the feedback."""
        if self._finished:
            return None
        if not str(text).strip():
            self.feedback.value = (
                '<span style="color:#8a5a00">'
                + html.escape(_t("Type an answer first, then press Check.", self.lang))
                + "</span>"
            )
            return None
        q = self.session.current
        self.session.on_save_error = "keep"  # a review session too
        try:
            fb = self.session.answer(str(text))
        except BridgeError as e:  # no question to answer: say so, keep the quiz
            self.feedback.value = f'<span style="color:{RED}">{_lines_html(str(e))}</span>'
            return None
        if getattr(self.session, "store", None) is not None:
            self.save_error = self.session.save_error  # None again once saving works
        self.last_feedback = fb
        if not getattr(fb, "understood", True):  # unreadable: say why, and let them try again
            self.feedback.value = f'<span style="color:#8a5a00">{_lines_html(fb.explanation)}</span>'
            return fb
        self._set_enabled(False)
        self._mark(q, fb, str(text))
        self._render_feedback(fb)
        self._labels()
        self.next_button.disabled = False
        self.next_button.focus()  # Enter again moves on
        for callback in self.on_answer:
            callback(fb)
        store = getattr(self.session, "store", None)
        if store is not None and self.save_error is None:
            for view in list(_WATCHERS):
                view.answered(store, self.session.user)
        return fb

    def _mark(self, q: "Question", fb: "Feedback", text: str) -> None:
        """Colour the learner's button and the right one."""
        if q.kind == "call":
            try:
                given, right = Call.parse(text), _as_call(q.answer)
            except Exception:  # noqa: BLE001 - colouring is a courtesy, never an error
                return
            for call, style in ((given, "success" if fb.correct else "danger"), (right, "success")):
                button = self.bidding_box[call.to_ascii()]
                button.button_style = style
                button.style.button_color = None  # let the mark's colour show
        elif self.choice_buttons:
            for b in self.choice_buttons:
                if b.description.casefold() == text.strip().casefold():
                    b.button_style = "success" if fb.correct else "danger"
                elif b.description in (str(q.answer), fb.expected, getattr(q, "answer_text", None)):
                    b.button_style = "success"

    def _render_feedback(self, fb: "Feedback") -> None:
        lang = self.lang
        if fb.correct:
            head = f'<b style="color:{GREEN}">✔ {html.escape(_t("Right!", lang))}</b>'
        else:
            head = f'<b style="color:{RED}">✘ {html.escape(_t("Not quite.", lang))}</b> ' + html.escape(
                _t(
                    "You answered {given}; the answer is {expected}.",
                    lang,
                    given=fb.given,
                    expected=fb.expected,
                )
            )
        expl = _lines_html(fb.explanation) if fb.explanation else ""
        colour = "#eef7ee" if fb.correct else "#fbeeee"
        self.feedback.value = (
            f'<div style="background:{colour};padding:6px 10px;border-radius:4px;line-height:1.4">'
            f"{head}" + (f'<div style="margin-top:4px">{expl}</div>' if expl else "") + "</div>"
        )

    # -- callbacks ---------------------------------------------------------------------------

    def _on_check(self, _button=None) -> None:
        self.answer(self.number.value)

    def _on_next(self, _button=None) -> None:
        self.last_feedback = None
        self._show(self.session.next())

    def _on_review(self, _button=None) -> None:
        if self._main is not None:  # back to the quiz
            self.session, self._main = self._main, None
            if self.session.feedback is not None:
                self._on_next()
            else:
                self._show(self.session.current)
            return
        review = self._review_session()
        if review is None:
            self.feedback.value = (
                f'<span style="color:{GREEN}">'
                + html.escape(_t("No mistakes to review: well done!", self.lang))
                + "</span>"
            )
            return
        self._main = self.session
        self.session = review
        self.last_feedback = None
        self._show(self.session.current)

    def _review_session(self) -> "QuizSession | None":
        """The learner's mistakes: all those kept in the progress store for these topics (the
        latest answer was wrong), else the questions missed in this session; None if none."""
        s = self.session
        if getattr(s, "store", None) is not None and not getattr(s, "unsaved", None):
            try:
                return type(s).mistakes(s.store, user=s.user, lang=s.lang, topics=s.topics)
            except ProgressError:  # the store cannot be read: this session's mistakes
                pass
            except BridgeError:  # none kept
                return None
        return s.review() if s.missed else None

    def _on_language(self, change) -> None:
        self.session.lang = change["new"]
        if self._main is not None:
            self._main.lang = change["new"]
        self._show(None if self._finished else self.session.current)


def quiz(topics=None, *, lang: str = "en", seed=None, **kwargs: Any) -> QuizWidget:
    """A quiz widget on ``topics`` (a topic id or a list of them), e.g. ``quiz("hcp", seed=1)``."""
    if isinstance(topics, str):
        topics = [topics]
    return QuizWidget(topics=topics, lang=lang, seed=seed, **kwargs)
