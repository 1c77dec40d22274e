"""The learner's progress in a notebook: by topic, as the student app shows it, with "review my
mistakes" over every lesson.

The lessons end with ``progress(lang="et")``. It reads the same progress file the lessons'
quizzes write (``learner_store()``: the one the CLI and ``app/quiz.ipynb`` use), so it shows
the answers of every lesson, of earlier days and of the terminal, and it refreshes itself
after each answer a quiz widget of the same kernel saves. Like the quiz, it is driven by its
values and buttons::

    view = progress(lang="cs")
    view.table.value            # the progress by topic (HTML)
    view.review_button.click()  # a quiz over the questions last answered wrong
    view.review                 # that QuizWidget (None if there was nothing to review)
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..model.errors import BridgeError, ProgressError
from ..quiz import ProgressStore, QuizSession
from ..text.i18n import check_language, translate
from .quiz import _WATCHERS, QuizWidget, open_store, save_problem
from .student import progress_html

__all__ = ["ProgressView", "progress"]


def _t(msgid: str, lang: str, **args: Any) -> str:
    return translate(msgid, lang, domain="widgets", **args)


class ProgressView(widgets.VBox):  # type: ignore[misc]
    """The progress by topic of ``user`` in ``store`` (default: the learner's own file) and a
    "Review my mistakes" button that opens a quiz over the questions last answered wrong, in
    any topic. Parts: ``table`` (HTML), ``review_button``, ``message`` (HTML), ``review_box``,
    ``review`` (the review's QuizWidget, or None), ``save_error`` (why the store cannot be
    used, or None)."""

    def __init__(self, *, lang: str = "en", store: Any = "learner", user: str = "default"):
        self.lang = check_language(lang)
        self.user = str(user)
        self.store, self.save_error = open_store(store)
        self.table = widgets.HTML()
        self.message = widgets.HTML()
        self.review_button = widgets.Button(icon="repeat", layout=widgets.Layout(width="auto"))
        self.review_button.on_click(self._on_review)
        self.review_box = widgets.VBox()
        self.review: "QuizWidget | None" = None
        for w, cls in [
            (self.table, "bridgelab-progress"),
            (self.review_button, "bridgelab-review"),
            (self.message, "bridgelab-message"),
        ]:
            w.add_class(cls)
        super().__init__(
            [self.table, widgets.HBox([self.review_button]), self.message, self.review_box],
            layout=widgets.Layout(max_width="760px", grid_gap="6px"),
        )
        self.add_class("bridgelab-progress-view")
        self.refresh()
        _WATCHERS.add(self)

    def __repr__(self) -> str:
        return f"ProgressView(user={self.user!r}, store={self.store!r})"

    def refresh(self) -> None:
        """Read the progress again and show it."""
        lang = self.lang
        self.review_button.description = _t("Review my mistakes", lang)
        self.review_button.disabled = self.store is None
        parts = progress_html(self.store, self.user, lang)
        if self.save_error is not None:
            parts.append(
                f'<span style="color:#8a5a00">⚠ {html.escape(save_problem(self.save_error, lang))}</span>'
            )
        self.table.value = "<br>".join(parts)

    def answered(self, store: ProgressStore, user: str) -> None:
        """A quiz widget saved an answer of ``user`` in ``store``: refresh if it is ours."""
        if self.store is not None and user == self.user and str(store.path) == str(self.store.path):
            self.refresh()

    def _on_review(self, _button: Any = None) -> None:
        self.message.value = ""
        if self.review is not None:
            self.review.close()
            self.review = None
        self.review_box.children = ()
        if self.store is None:
            return
        try:
            session = QuizSession.mistakes(self.store, user=self.user, lang=self.lang)
        except ProgressError as e:
            self.message.value = (
                f'<span style="color:#8a5a00">{html.escape(save_problem(e, self.lang))}</span>'
            )
            return
        except BridgeError:  # nothing answered wrong
            self.message.value = (
                '<span style="color:#1b7a1b">'
                + html.escape(_t("No mistakes to review: well done!", self.lang))
                + "</span>"
            )
            return
        self.review = QuizWidget(session)
        self.review_box.children = (self.review,)


def progress(lang: str = "en", *, store: Any = "learner", user: str = "default") -> ProgressView:
    """The learner's progress by topic in ``lang``, with "Review my mistakes" (see ProgressView);
    ``store`` another progress file (a path or a ProgressStore), ``user`` another learner."""
    return ProgressView(lang=lang, store=store, user=user)
