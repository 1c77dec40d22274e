"""The student's quiz page as a Solara component: one light session per open tab.

Solara imports this module (``SOLARA_APP=bridgelab.app.student:Page``) in the class server's
process. The student is whoever the signed cookie names (``Classroom.student_from_cookie``),
checked again here on the websocket, so a page without a valid cookie shows nothing of
anyone's progress. The page shows ``StudentApp`` (the same widgets as the Voilà notebook),
sets ``<html lang>`` and the title to the student's language, and remembers a change of
language for the next visit.
"""

from __future__ import annotations

from urllib.parse import parse_qs

import solara

from ..widgets.student import StudentApp
from . import server
from .classroom import COOKIE
from .pages import page_title

__all__ = ["Page", "LangSetter"]


@solara.component_vue("lang_setter.vue")
def LangSetter(lang: str):
    """Sets ``document.documentElement.lang`` (the page's language for screen readers and
    hyphenation) whenever ``lang`` changes."""


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

    def make() -> "StudentApp | None":
        if student is None:
            return None
        day_topics, day_level = room.day()
        level = query.get("level")
        return StudentApp(
            lang=lang,
            topics=query.get("topic"),
            level=int(level) if level in ("1", "2", "3") else day_level,
            seed=int(query["seed"]) if query.get("seed", "").isdigit() else None,
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
        ".bridgelab-student { margin: 0 auto; padding: 4px; } "
        ".solara-content-main, .v-application--wrap { min-height: 0 !important; }"
    )
    solara.display(app)
