"""The student's page: a topic and level menu, the quiz, and the learner's progress by topic.

``StudentApp`` is what the class server (``python -m bridgelab.app``) and the Voilà notebook
(``app/quiz.ipynb``) show: the same widgets either way. Everything it says is a msgid of the
"app" catalogue (menus, explanations) or of the "widgets" catalogue (the quiz itself), so a
topic it does not know, or a topic with no question at a level, is explained in the learner's
language instead of failing. Like ``QuizWidget``, every callback writes to widget values, so
plain pytest drives it::

    app = StudentApp(lang="et", topics="hcp", seed=1)
    app.level_menu.value = 1
    app.quiz.answer("12")
    app.progress.value
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..model.errors import BridgeError, ProgressError
from ..quiz import TOPICS, ProgressStore, QuizSession, bundled_banks
from ..quiz.core import TOPIC_GROUPS, generators_for
from ..text.i18n import LANGUAGES, translate
from .quiz import LANGUAGE_NAMES, QuizWidget, save_problem

__all__ = ["StudentApp", "read_topics", "topic_name", "progress_html", "MESSAGES", "GROUP_NAMES", "NEXT"]

NEXT = "next"
"""The topic menu's value for "what to practise next" (chosen from the learner's history)."""

GROUP_NAMES = {
    "scoring": "Scoring (duplicate and rubber)",
    "auction": "The auction (legality, tricks, declarer)",
    "evaluation": "Hand evaluation (all of it)",
}
"""The topic groups as the menu shows them (msgids of the "app" catalogue)."""

MESSAGES = (
    *GROUP_NAMES.values(),
    "Topic",
    "Level",
    "All topics",
    "All levels",
    "Level {level}",
    "Language",
    "What to practise next",
    "Today's lesson: {topics}",
    "There is no topic called {topics}; choose one from the menu. Showing {shown} instead.",
    "There are no questions on {topics} at level {level}: choose a higher level or another topic.",
    "Your progress",
    "Topic",
    "Answered",
    "Right",
    "No answers yet: your progress by topic shows here.",
    "Your code to continue on another device: {code}",
    "all levels",
    "Next for you: {topic}",
    # the bidding system's topics (bridgelab.system.quizzes), for the menu
    "what do you open? (beginner Standard American)",
    "what do you respond to partner's opening? (beginner Standard American)",
    "how many trumps does your side hold, is there a fit (8+)?",
)
"""Every string the student page shows itself, as msgids of the "app" catalogue."""


def _t(msgid: str, lang: str, **args: Any) -> str:
    return translate(msgid, lang, domain="app", **args)


def known_topics() -> dict[str, str]:
    """Every topic a quiz can ask (the engine's and the bidding system's), id -> description."""
    generators_for()  # registers the built-in generators
    return dict(TOPICS)


def topic_name(topic: str, lang: str) -> str:
    """A topic or group as the learner reads it in ``lang``."""
    if topic in GROUP_NAMES:
        return _t(GROUP_NAMES[topic], lang)
    about = known_topics().get(topic)
    if not about:
        return topic
    name = translate(about, lang)
    if name == about and lang != "en":  # the bidding system's topics are in the app catalogue
        name = _t(about, lang)
    return name


def read_topics(text: "str | Iterable[str] | None") -> "tuple[list[str] | None, list[str]]":
    """(the known topics and groups in ``text`` (comma-separated or a list), the unknown ones).

    None for "all topics" when nothing was asked for."""
    if text is None:
        return None, []
    items = text.split(",") if isinstance(text, str) else list(text)
    items = [t.strip().lower() for t in items if t and t.strip()]
    known = known_topics()
    good = [t for t in items if t in known or t in TOPIC_GROUPS]
    bad = [t for t in items if t not in good]
    return (good or None), bad


def progress_html(store: "ProgressStore | None", user: str, lang: str) -> "list[str]":
    """The learner's progress by topic as HTML parts (a heading, then a table of answered,
    right and percent by topic, or "no answers yet"), in ``lang``: the student app's view,
    which the notebooks' progress view shows too. A store that cannot be read says why."""
    rows = []
    parts = [f"<b>{html.escape(_t('Your progress', lang))}</b>"]
    if store is not None:
        try:
            df = store.summary(user)
        except ProgressError as e:
            return [*parts, f'<span style="color:#8a5a00">{html.escape(save_problem(e, lang))}</span>']
        if len(df):
            by = df.groupby("topic")[["asked", "right"]].sum()
            rows = [(t, int(r.asked), int(r.right)) for t, r in by.iterrows()]
    if rows:
        cells = "".join(
            f"<tr><td>{html.escape(topic_name(t, lang))}</td>"
            f'<td style="text-align:right">{asked}</td><td style="text-align:right">{right}</td>'
            f'<td><div style="background:#e5e5e5;width:80px;height:10px;display:inline-block">'
            f'<div style="background:#1b7a1b;height:10px;width:{round(80 * right / asked)}px">'
            f"</div></div> {round(100 * right / asked)}%</td></tr>"
            for t, asked, right in rows
        )
        parts.append(
            '<table class="bridgelab-progress-table" style="border-collapse:collapse;'
            'line-height:1.5"><tr>'
            + "".join(
                f'<th style="text-align:left;padding-right:10px">{html.escape(h)}</th>'
                for h in (_t("Topic", lang), _t("Answered", lang), _t("Right", lang), "%")
            )
            + f"</tr>{cells}</table>"
        )
    else:
        parts.append(html.escape(_t("No answers yet: your progress by topic shows here.", lang)))
    return parts


def _close_tree(w) -> None:
    """Close a widget and every widget inside it (its children, layouts and styles)."""
    for child in getattr(w, "children", ()):
        _close_tree(child)
    for part in ("layout", "style"):
        sub = getattr(w, part, None)
        if isinstance(sub, widgets.Widget):
            sub.close()
    w.close()


class StudentApp(widgets.VBox):
    """Menu (language, topic, level), the quiz, a message line and the progress by topic.

    ``topics`` and ``level`` are what the page opens with (a comma-separated text, as in an
    address, is read with ``read_topics``); ``allowed`` limits the menu to the teacher's topics
    of the day. ``store`` and ``user`` say where this learner's answers go; ``code`` is shown so
    they can continue elsewhere. ``on_language`` is called with the new language code.
    """

    def __init__(
        self,
        *,
        lang: str = "en",
        topics=None,
        level: "int | None" = None,
        seed: "int | None" = None,
        store: "ProgressStore | str | Path | None" = None,
        user: str = "default",
        banks=None,
        today: "list[str] | None" = None,
        code: "str | None" = None,
        on_language: "Callable[[str], None] | None" = None,
        scheduler=None,
    ):
        self.lang = lang if lang in LANGUAGES else "en"
        self.seed, self.user, self.code = seed, user, code
        self.store = store if (store is None or isinstance(store, ProgressStore)) else ProgressStore(store)
        self.banks = bundled_banks() if banks is None else list(banks)
        self.on_language = on_language
        self.scheduler = scheduler
        self.today = list(today) if today else None
        self.quiz: "QuizWidget | None" = None

        wanted, self.unknown = read_topics(topics)
        self.language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES.get(c, c), c) for c in LANGUAGES],
            value=self.lang,
            layout=widgets.Layout(width="160px"),
        )
        self.topic_menu = widgets.Dropdown(layout=widgets.Layout(width="auto", max_width="100%"))
        self.level_menu = widgets.Dropdown(layout=widgets.Layout(width="130px"))
        self.message = widgets.HTML()
        self.quiz_box = widgets.VBox()
        self.progress = widgets.HTML()
        for w, cls in [
            (self.language, "bridgelab-app-language"),
            (self.topic_menu, "bridgelab-topic-menu"),
            (self.level_menu, "bridgelab-level-menu"),
            (self.message, "bridgelab-message"),
            (self.progress, "bridgelab-progress"),
        ]:
            w.add_class(cls)

        self._extra: "tuple[str, ...] | None" = None  # a combination of topics from the address
        start = wanted if wanted else self.today
        if start and len(start) > 1:
            self._extra = tuple(start)
        self._fill_menus()
        values = [v for _, v in self.topic_menu.options]
        first = ",".join(start) if start else ""
        self.topic_menu.value = first if first in values else values[0]
        self.level_menu.value = int(level) if level in (1, 2, 3) else 0
        self.topic_menu.observe(self._restart, names="value")
        self.level_menu.observe(self._restart, names="value")
        self.language.observe(self._on_language, names="value")

        menus = widgets.HBox(
            [self.language, self.topic_menu, self.level_menu],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="6px"),
        )
        super().__init__(
            [menus, self.message, self.quiz_box, self.progress],
            layout=widgets.Layout(max_width="760px", grid_gap="8px"),
        )
        self.add_class("bridgelab-student")
        self._restart()

    # -- menus -------------------------------------------------------------------------------

    def _fill_menus(self) -> None:
        lang = self.lang
        topics = list(self.today) if self.today else list(known_topics())
        options = []
        if self.scheduler is not None:
            options.append((_t("What to practise next", lang), NEXT))
        if self.today:
            names = ", ".join(topic_name(t, lang) for t in self.today)
            options.append((_t("Today's lesson: {topics}", lang, topics=names), ",".join(self.today)))
        else:
            options.append((_t("All topics", lang), ""))
        if self._extra and ",".join(self._extra) not in dict((v, k) for k, v in options):
            options.append((" + ".join(topic_name(t, lang) for t in self._extra), ",".join(self._extra)))
        if not self.today:
            options += [(topic_name(g, lang), g) for g in GROUP_NAMES]
        options += [(topic_name(t, lang), t) for t in topics if not (self.today and len(topics) == 1)]
        self.topic_menu.options = options
        self.level_menu.options = [(_t("All levels", lang), 0)] + [
            (_t("Level {level}", lang, level=n), n) for n in (1, 2, 3)
        ]

    def _relabel(self) -> None:
        """The menus in the current language, keeping what is chosen (without a restart)."""
        topic, level = self.topic_menu.value, self.level_menu.value
        for menu in (self.topic_menu, self.level_menu):
            menu.unobserve(self._restart, names="value")
        self._fill_menus()
        self.topic_menu.value, self.level_menu.value = topic, level
        for menu in (self.topic_menu, self.level_menu):
            menu.observe(self._restart, names="value")

    @property
    def topics(self) -> "list[str] | None":
        """The topics chosen in the menu (None: all of them)."""
        value = self.topic_menu.value
        if value == NEXT:
            return self.today
        return value.split(",") if value else None

    @property
    def level(self) -> "int | None":
        return self.level_menu.value or None

    # -- the quiz ----------------------------------------------------------------------------

    def _restart(self, _change=None) -> None:
        """A new quiz on the chosen topic and level, or the reason there cannot be one."""
        lang, notes = self.lang, []
        if self.quiz is not None:  # the old quiz's widgets go (a server keeps no dead ones)
            _close_tree(self.quiz)
            self.quiz = None
        if self.unknown:
            shown = (
                ", ".join(topic_name(t, lang) for t in self.topics) if self.topics else _t("All topics", lang)
            )
            notes.append(
                _t(
                    "There is no topic called {topics}; choose one from the menu. Showing {shown} instead.",
                    lang,
                    topics=", ".join(f"“{t}”" for t in self.unknown),
                    shown=shown,
                )
            )
            self.unknown = []  # said once; the menu now shows what is asked
        try:
            if self.topic_menu.value == NEXT:
                session = self.scheduler.session(
                    self.store,
                    self.user,
                    lang=lang,
                    topics=self.topics,
                    level=self.level,
                    banks=self.banks,
                    seed=self.seed,
                )
            else:
                session = QuizSession(
                    topics=self.topics,
                    level=self.level,
                    lang=lang,
                    seed=self.seed,
                    store=self.store,
                    user=self.user,
                    banks=self.banks,
                )
        except BridgeError:
            names = (
                ", ".join(topic_name(t, lang) for t in self.topics) if self.topics else _t("All topics", lang)
            )
            notes.append(
                _t(
                    "There are no questions on {topics} at level {level}: choose a higher "
                    "level or another topic.",
                    lang,
                    topics=names,
                    level=self.level or _t("all levels", lang),
                )
            )
            self.quiz = None
            self.quiz_box.children = ()
        else:
            self.quiz = QuizWidget(session)
            self.quiz.language.layout.display = "none"  # the page's own picker is on top
            self.quiz.on_answer.append(lambda _fb: self.show_progress())
            self.quiz_box.children = (self.quiz,)
        self.message.value = "".join(
            f'<div style="color:#8a5a00;padding:2px 0">{html.escape(n)}</div>' for n in notes
        )
        self.show_progress()

    def _on_language(self, change) -> None:
        self.lang = change["new"]
        self._relabel()
        if self.quiz is not None:
            self.quiz.language.value = self.lang  # the quiz keeps its state, in the new words
        self.message.value = ""
        self.show_progress()
        if self.on_language is not None:
            self.on_language(self.lang)

    # -- progress ----------------------------------------------------------------------------

    def show_progress(self) -> None:
        """The learner's answers so far by topic (kept in the store: across reloads and visits)."""
        lang = self.lang
        parts = progress_html(self.store, self.user, lang)
        if self.scheduler is not None and self.store is not None:
            topic = self.scheduler.next_topic(self.store, self.user, topics=self.today, level=self.level)
            if topic:
                parts.append(html.escape(_t("Next for you: {topic}", lang, topic=topic_name(topic, lang))))
        if self.code:
            parts.append(
                f'<span style="color:#555">{html.escape(_t("Your code to continue on another device: {code}", lang, code=self.code))}</span>'
            )
        self.progress.value = "<br>".join(parts)
