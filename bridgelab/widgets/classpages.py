"""The class app's student page: the quiz and "Play a hand", one tab each.

``StudentPages`` is what the class server (``python -m bridgelab.app``) shows a student: a tab
bar, the quiz (``StudentApp``) and, made when first opened, ``PlayPage``: a menu of deal sets
(minibridge, random deals, the technique sets) over the play widget with the double-dummy coach.
Both tabs speak the learner's language (a change in either picker changes both), and both write
to the student's own progress: answers, and every deal played to the end (the play session
records it in the store under the student's id). Every callback writes to widget values, so
plain pytest drives it::

    page = StudentPages(lang="et", store=store, user="anna", seed=1)
    page.tabs.value = "play"
    page.play_page.play.card_buttons  # the learner's cards
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..coach.practice import PracticeDeal, minibridge_deal, practice_deal
from ..coach.techniques import TECHNIQUES, technique_source
from ..quiz.progress import ProgressStore
from ..text.i18n import LANGUAGES, translate
from .play import PlayWidget
from .student import StudentApp

__all__ = ["StudentPages", "PlayPage", "DEAL_SETS", "MESSAGES", "QUIZ", "PLAY"]

QUIZ, PLAY = "quiz", "play"
"""The tabs' values (also the address's ``mode=``)."""

MINIBRIDGE, RANDOM = "minibridge", "random"
DEAL_SETS = (MINIBRIDGE, RANDOM, *TECHNIQUES)
"""The deal sets of the play tab, as the address's ``deals=`` names them."""

MESSAGES = (
    "Quiz",
    "Play a hand",
    "Deals",
    "Minibridge: the side with more points plays",
    "Random deals",
    "Technique: {name}",
    "Deals played: {played}, contracts made: {made}",
)
"""Every string the tabs and the play tab show themselves, as msgids of the "app" catalogue."""


def _t(msgid: str, lang: str, **args: Any) -> str:
    return translate(msgid, lang, domain="app", **args)


def deal_source(name: str) -> Callable[[int], PracticeDeal]:
    """The play widget's source (seed -> PracticeDeal) for a deal set of ``DEAL_SETS``; an
    unknown name gives minibridge deals."""
    if name in TECHNIQUES:
        return technique_source(name)
    if name == RANDOM:
        return practice_deal
    return minibridge_deal


class PlayPage(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no types
    """A deal-set menu over the play widget, and the learner's played deals so far.

    ``deals`` is a name of ``DEAL_SETS``; ``seed`` the first deal (a random one if None);
    ``store`` and ``user`` where the played deals are recorded.
    """

    def __init__(
        self,
        *,
        lang: str = "en",
        deals: str = MINIBRIDGE,
        seed: "int | None" = None,
        store: "ProgressStore | None" = None,
        user: str = "default",
        robot: str = "expert",
    ) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.store, self.user = store, user
        deals = deals if deals in DEAL_SETS else MINIBRIDGE
        self.deals_menu = widgets.Dropdown(layout=widgets.Layout(width="auto", max_width="100%"))
        self.deals_menu.add_class("bridgelab-deals-menu")
        self._label_menu()
        self.deals_menu.value = deals
        self.summary = widgets.HTML()
        self.summary.add_class("bridgelab-played")
        seed = random.randrange(1, 10**6) if seed is None else int(seed)
        self.play = PlayWidget(
            seed=seed, lang=self.lang, source=deal_source(deals), store=store, user=user, robot=robot
        )
        self.play.layout.max_width = "100%"
        self.deals_menu.observe(self._on_deals, names="value")
        self.play.result.observe(lambda _ch: self.show_played(), names="value")
        super().__init__([self.deals_menu, self.play, self.summary], layout=widgets.Layout(grid_gap="6px"))
        self.add_class("bridgelab-play-page")
        self.show_played()

    def _label_menu(self) -> None:
        lang = self.lang
        options = [
            (_t("Minibridge: the side with more points plays", lang), MINIBRIDGE),
            (_t("Random deals", lang), RANDOM),
        ] + [(_t("Technique: {name}", lang, name=tech.title_in(lang)), n) for n, tech in TECHNIQUES.items()]
        self.deals_menu.description = _t("Deals", lang)
        value = self.deals_menu.value
        self.deals_menu.options = options
        if value is not None:
            self.deals_menu.value = value

    def _on_deals(self, change: dict[str, Any]) -> None:
        """Another deal set: the next deal comes from it."""
        self.play.source = deal_source(change["new"])
        self.play.next_button.click()

    def set_language(self, lang: str) -> None:
        """Everything in ``lang`` (the play widget keeps its deal and the cards played)."""
        self.lang = lang
        self.deals_menu.unobserve(self._on_deals, names="value")
        self._label_menu()
        self.deals_menu.observe(self._on_deals, names="value")
        self.play.language.value = lang
        self.show_played()

    def show_played(self) -> None:
        """How many deals this learner has played to the end, and made (from the store)."""
        if self.store is None:
            self.summary.value = ""
            return
        plays = self.store.plays(self.user)
        made = sum(1 for p in plays if p.made)
        text = _t("Deals played: {played}, contracts made: {made}", self.lang, played=len(plays), made=made)
        self.summary.value = f'<span style="color:#555">{html.escape(text)}</span>'


class StudentPages(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no types
    """The tab bar (quiz, play a hand) over the chosen tab. ``mode`` is the tab it opens on;
    ``deals`` and ``seed`` go to the play tab, ``seed`` and every other keyword to
    ``StudentApp``; ``on_language`` is called with a new language from either tab."""

    def __init__(
        self,
        *,
        lang: str = "en",
        mode: str = QUIZ,
        deals: str = MINIBRIDGE,
        seed: "int | None" = None,
        store: "ProgressStore | None" = None,
        user: str = "default",
        on_language: "Callable[[str], None] | None" = None,
        **quiz: Any,
    ) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.store, self.user, self.seed, self.deals = store, user, seed, deals
        self.on_language = on_language
        self.quiz_app = StudentApp(
            lang=self.lang, seed=seed, store=store, user=user, on_language=self._language, **quiz
        )
        self.quiz_app.layout.width = "100%"  # no wider than the page (a phone), whatever its menus hold
        self.play_page: "PlayPage | None" = None
        self.tabs = widgets.ToggleButtons(style={"button_width": "auto"})
        self.tabs.add_class("bridgelab-tabs")
        self._label_tabs()
        self.tabs.value = mode if mode in (QUIZ, PLAY) else QUIZ
        self.tabs.observe(self._show, names="value")
        super().__init__([self.tabs], layout=widgets.Layout(max_width="860px", grid_gap="6px"))
        self.add_class("bridgelab-student-pages")
        self._show()

    def _label_tabs(self) -> None:
        value = self.tabs.value
        self.tabs.options = [(_t("Quiz", self.lang), QUIZ), (_t("Play a hand", self.lang), PLAY)]
        if value is not None:
            self.tabs.value = value

    def _show(self, _change: object = None) -> None:
        """Show the chosen tab (the play tab is made the first time it is opened)."""
        if self.tabs.value == PLAY:
            if self.play_page is None:
                self.play_page = PlayPage(
                    lang=self.lang, deals=self.deals, seed=self.seed, store=self.store, user=self.user
                )
                self.play_page.play.language.observe(self._play_language, names="value")
            shown = self.play_page
        else:
            shown = self.quiz_app
        self.children = (self.tabs, shown)

    def _play_language(self, change: dict[str, Any]) -> None:
        self.quiz_app.language.value = change["new"]  # calls _language through the quiz's picker

    def _language(self, lang: str) -> None:
        """A new language from either picker: the tabs, the quiz and the play tab follow."""
        if lang == self.lang:
            return
        self.lang = lang
        self.tabs.unobserve(self._show, names="value")
        self._label_tabs()
        self.tabs.observe(self._show, names="value")
        if self.play_page is not None:
            self.play_page.set_language(lang)
        if self.on_language is not None:
            self.on_language(lang)
