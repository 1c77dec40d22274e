"""The student's quiz page as a Solara component: one light session per open tab.

Solara imports this module (``SOLARA_APP=bridgelab.app.student:Page``) in the class server's
process. The student is whoever the signed cookie names (``Classroom.student_from_cookie``),
checked again here on the websocket, so a page without a valid cookie shows nothing of
anyone's progress. The page shows ``StudentApp`` (the same widgets as the Voilà notebook),
sets ``<html lang>`` and the title to the student's language, and remembers a change of
language for the next visit. Besides the quiz it has a "Play a hand" tab
(``bridgelab.widgets.classpages``); the address chooses the tab and the deals:
``/?mode=play&deals=finesse&seed=7`` (``deals``: minibridge, random or a technique set).
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs

import solara

from ..widgets.classpages import MINIBRIDGE, QUIZ, StudentPages
from . import server
from .classroom import COOKIE
from .pages import page_title

__all__ = ["Page", "LangSetter"]


@solara.component_vue("lang_setter.vue")
def LangSetter(lang: str):
    """Sets ``document.documentElement.lang`` (the page's language for screen readers and
    hyphenation) whenever ``lang`` changes."""


def _on_close(callback: Callable[[], None]) -> None:
    """Call ``callback`` when this page's session closes (its tab closed, or culled)."""
    try:
        from solara.server import kernel_context

        kernel_context.get_current_context().on_close(callback)
    except (ImportError, RuntimeError):  # not served by solara-server (e.g. a test's render)
        pass


def _query(router) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(router.search or "").items()}


@solara.component
def Page():
    room = server.CLASSROOM
    cookies = solara.lab.cookies.value or {}
    student = room.student_from_cookie(cookies.get(COOKIE)) if room is not None else None
    router = solara.use_router()
    query = _query(router)
    first = query.get("lang") or (student.lang if student else "en")
    lang, set_lang = solara.use_state(first if first in ("en", "et", "sr", "cs", "ms") else "en")

    def changed(new: str) -> None:
        room.set_language(student, new)
        set_lang(new)

    def make() -> "StudentPages | None":
        if student is None:
            return None
        _on_close(server.release_soon)
        day_topics, day_level = room.day()
        level = query.get("level")
        seed = query.get("seed", "")
        return StudentPages(
            lang=lang,
            mode=query.get("mode", QUIZ),
            deals=query.get("deals", MINIBRIDGE),
            topics=query.get("topic"),
            level=int(level) if level in ("1", "2", "3") else day_level,
            seed=int(seed) if seed.isascii() and seed.isdigit() and len(seed) <= 18 else None,
            store=room.progress,
            user=student.id,
            today=day_topics,
            code=student.code,
            on_language=changed,
            scheduler=room.scheduler,
        )

    app = solara.use_memo(make, [])
    solara.Title(page_title(room, lang))
    if app is None:  # no valid cookie (the server sends such pages to /join): nothing to show
        solara.HTML(unsafe_innerHTML='<p><a href="/join">/join</a></p>')
        return
    LangSetter(lang=lang)
    solara.Style(
        ".bridgelab-student, .bridgelab-student-pages { margin: 0 auto; padding: 4px; } "
        ".solara-content-main, .v-application--wrap { min-height: 0 !important; } "
        # the page itself scrolls (not a box inside it): a phone's whole page, a played hand's result
        ".v-application--wrap, .solara-content-main, .v-content__wrap, .v-content__wrap > div "
        "{ height: auto !important; overflow: visible !important; }"
    )
    solara.display(app)
