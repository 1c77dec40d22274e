"""The pages the class server writes itself (no widgets): the name prompt and the teacher's page.

Both are plain HTML made from a ``Classroom``; every word on them is a msgid of the "app"
catalogue, so the name prompt speaks the student's language before they have joined.
"""

from __future__ import annotations

import html
import time
from urllib.parse import quote

from ..quiz.core import TOPIC_GROUPS
from ..text.i18n import LANGUAGES, translate
from ..widgets.quiz import LANGUAGE_NAMES
from ..widgets.student import known_topics, topic_name
from .classroom import Classroom

__all__ = ["join_page", "teacher_page", "MESSAGES", "page_title"]

MESSAGES = (
    "Bridge quiz",
    "Bridge quiz: {klass}",
    "Welcome to the class {klass}!",
    "What is your name?",
    "Your name",
    "Your code",
    "Type the code your teacher gave you.",
    "Start",
    "Type your name first.",
    "Type your code first.",
    "A name is at most {n} letters.",
    "{code} is not a code of this class: check the code your teacher gave you.",
    "The name {name} is taken in this class. If it is you, type your code instead (it is under "
    "your progress); if not, add your surname or its first letter.",
    "Have you been here before on another device? Type your code instead of your name.",
    # the teacher's page
    "The class {klass}: the teacher's page",
    "Students",
    "Student",
    "Code",
    "Language",
    "Answers",
    "Right",
    "Accuracy",
    "Last activity",
    "Topics",
    "Topic",
    "Students who answered",
    "Most missed questions",
    "Question",
    "Missed",
    "Download every answer (CSV)",
    "The lesson of the day",
    "Topics of the day (none ticked: all topics)",
    "Level of the day",
    "All levels",
    "Level {level}",
    "Save",
    "Saved: students who open the app now get these topics.",
    "No student has joined yet. Students open {url}",
    "No answers yet.",
    "Accuracy by topic",
    "Accuracy by student",
    "never",
)
"""Every string of the name prompt and the teacher's page, as msgids of the "app" catalogue."""

TEACHER_TITLE = "The class {klass}: the teacher's page"

_STYLE = """<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 12px; color: #222; }
main { max-width: 760px; margin: 0 auto; }
input, button, select { font-size: 17px; padding: 6px 10px; }
input[type=text] { width: 100%; max-width: 320px; box-sizing: border-box; }
.error { color: #a01010; margin: 8px 0; }
.langs a { margin-right: 10px; }
table { border-collapse: collapse; margin: 6px 0 16px 0; }
th, td { padding: 3px 8px; border-bottom: 1px solid #ddd; text-align: left; }
td.n { text-align: right; }
.note { color: #555; }
</style>"""


def _t(msgid: str, lang: str, **args) -> str:
    return translate(msgid, lang, domain="app", **args)


def page_title(room: "Classroom | None", lang: str) -> str:
    """The page's title in ``lang``: "Bridge quiz: 4b"."""
    if room is None:
        return _t("Bridge quiz", lang)
    return _t("Bridge quiz: {klass}", lang, klass=room.name)


def _page(lang: str, title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>{_STYLE}</head><body><main>{body}</main></body></html>"
    )


def join_page(room: Classroom, lang: str, error: str = "", typed: str = "", then: str = "") -> str:
    """The name prompt (or roster-code prompt), in ``lang``, with links to the other languages;
    ``then`` is the query of the address first opened (topic, level), kept for after joining."""
    e = lambda msgid, **a: html.escape(_t(msgid, lang, **a))  # noqa: E731
    langs = " ".join(
        f'<a href="/join?lang={c}" hreflang="{c}" lang="{c}">{html.escape(LANGUAGE_NAMES.get(c, c))}</a>'
        for c in LANGUAGES
        if c != lang
    )
    if room.roster is None:
        label, ask, hint = (
            e("Your name"),
            e("What is your name?"),
            e("Have you been here before on another device? Type your code instead of your name."),
        )
    else:
        label, ask, hint = e("Your code"), e("Type the code your teacher gave you."), ""
    body = (
        f'<p class="langs">{langs}</p>'
        f"<h1>{e('Welcome to the class {klass}!', klass=room.name)}</h1>"
        f'<form method="post" action="/join" class="bridgelab-join">'
        f'<p><label for="name">{ask}</label></p>'
        f'<input type="hidden" name="lang" value="{lang}">'
        f'<input type="hidden" name="then" value="{html.escape(then)}">'
        f'<p><input type="text" id="name" name="name" autofocus autocomplete="off" maxlength="40" '
        f'aria-label="{label}" placeholder="{label}" value="{html.escape(typed)}"> '
        f'<button type="submit">{e("Start")}</button></p>'
        + (f'<p class="error" role="alert">{html.escape(error)}</p>' if error else "")
        + (f'<p class="note">{hint}</p>' if hint else "")
        + "</form>"
    )
    return _page(lang, page_title(room, lang), body)


def _when(t, lang: str) -> str:
    if not t or t != t:  # None or NaN
        return _t("never", lang)
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(float(t)))


def _bars(rows: "list[tuple[str, float]]", title: str) -> str:
    """A horizontal bar chart as inline SVG: one bar a row, its percentage at the end."""
    if not rows:
        return ""
    h, label_w, bar_w = 22, 220, 300
    parts = [
        f'<svg class="bridgelab-plot" role="img" aria-label="{html.escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg" width="{label_w + bar_w + 60}" '
        f'height="{h * len(rows) + 26}" style="max-width:100%;font:13px sans-serif">'
        f'<text x="0" y="14" font-weight="bold">{html.escape(title)}</text>'
    ]
    for i, (name, pct) in enumerate(rows):
        y = 22 + i * h
        w = max(0.0, min(100.0, pct)) * bar_w / 100
        colour = "#1b7a1b" if pct >= 75 else "#c08000" if pct >= 50 else "#b22222"
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">{html.escape(name[:32])}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="14" fill="#eee"/>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="14" fill="{colour}"/>'
            f'<text x="{label_w + bar_w + 6}" y="{y + 14}">{pct:.0f}%</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def teacher_page(room: Classroom, lang: str = "en", saved: bool = False, url: str = "") -> str:
    """The class by student and by topic, the most missed questions, plots, the CSV link and
    the form that sets the topics and level of the day."""
    e = lambda msgid, **a: html.escape(_t(msgid, lang, **a))  # noqa: E731
    students, topics, missed = room.by_student(), room.by_topic(), room.most_missed()
    out = [
        '<p class="langs">'
        + " ".join(
            f'<a href="/teacher?lang={c}">{html.escape(LANGUAGE_NAMES.get(c, c))}</a>'
            for c in LANGUAGES
            if c != lang
        )
        + "</p>",
        f"<h1>{e(TEACHER_TITLE, klass=room.name)}</h1>",
    ]

    # the lesson of the day
    day_topics, day_level = room.day()
    boxes = "".join(
        f'<label style="display:inline-block;margin:2px 10px 2px 0"><input type="checkbox" name="topic" '
        f'value="{t}"{" checked" if day_topics and t in day_topics else ""}> {html.escape(topic_name(t, lang))}</label>'
        for t in [*TOPIC_GROUPS, *known_topics()]
    )
    levels = "".join(
        f'<option value="{v}"{" selected" if (day_level or 0) == v else ""}>{html.escape(label)}</option>'
        for v, label in [(0, _t("All levels", lang))]
        + [(n, _t("Level {level}", lang, level=n)) for n in (1, 2, 3)]
    )
    out.append(
        f'<h2>{e("The lesson of the day")}</h2><form method="post" action="/teacher/day" class="bridgelab-day">'
        f'<input type="hidden" name="lang" value="{lang}">'
        f"<p>{e('Topics of the day (none ticked: all topics)')}</p><p>{boxes}</p>"
        f'<p><label>{e("Level of the day")} <select name="level">{levels}</select></label> '
        f'<button type="submit">{e("Save")}</button></p>'
        + (
            f'<p class="note" role="status">{e("Saved: students who open the app now get these topics.")}</p>'
            if saved
            else ""
        )
        + "</form>"
    )

    # by student
    out.append(f"<h2>{e('Students')}</h2>")
    if not len(students):
        out.append(
            f'<p class="note">{e("No student has joined yet. Students open {url}", url=url or "/")}</p>'
        )
    else:
        head = "".join(
            f"<th>{e(h)}</th>"
            for h in ("Student", "Code", "Language", "Answers", "Right", "Accuracy", "Last activity")
        )
        rows = "".join(
            f'<tr class="bridgelab-student-row"><td>{html.escape(r.student)}</td><td>{html.escape(r.code)}</td>'
            f'<td>{html.escape(LANGUAGE_NAMES.get(r.lang, r.lang))}</td><td class="n">{r.answers}</td>'
            f'<td class="n">{r.right}</td><td class="n">{"" if r.accuracy is None or r.accuracy != r.accuracy else f"{r.accuracy:.0f}%"}</td>'
            f"<td>{_when(r.last_activity, lang)}</td></tr>"
            for r in students.itertuples()
        )
        out.append(f'<table class="bridgelab-by-student"><tr>{head}</tr>{rows}</table>')
        out.append(
            _bars(
                [
                    (r.student, r.accuracy)
                    for r in students.itertuples()
                    if r.accuracy is not None and r.accuracy == r.accuracy
                ],
                _t("Accuracy by student", lang),
            )
        )

    # by topic
    out.append(f"<h2>{e('Topics')}</h2>")
    if not len(topics):
        out.append(f'<p class="note">{e("No answers yet.")}</p>')
    else:
        head = "".join(
            f"<th>{e(h)}</th>" for h in ("Topic", "Answers", "Right", "Accuracy", "Students who answered")
        )
        rows = "".join(
            f'<tr><td>{html.escape(topic_name(r.topic, lang))}</td><td class="n">{r.answers}</td>'
            f'<td class="n">{r.right}</td><td class="n">{r.accuracy:.0f}%</td><td class="n">{r.students}</td></tr>'
            for r in topics.itertuples()
        )
        out.append(f'<table class="bridgelab-by-topic"><tr>{head}</tr>{rows}</table>')
        out.append(
            _bars(
                [(topic_name(r.topic, lang), r.accuracy) for r in topics.itertuples()],
                _t("Accuracy by topic", lang),
            )
        )

    # most missed
    if len(missed):
        from ..quiz import make_question

        out.append(f"<h2>{e('Most missed questions')}</h2>")
        head = "".join(f"<th>{e(h)}</th>" for h in ("Question", "Topic", "Missed", "Answers"))
        rows = []
        for r in missed.itertuples():
            try:
                seed = None if r.seed is None or r.seed != r.seed else int(r.seed)
                prompt = make_question(r.source, seed, lang).prompt.splitlines()[0]
            except Exception:  # noqa: BLE001 - a bank that moved away: show the question's id
                prompt = r.question_id
            rows.append(
                f'<tr><td>{html.escape(prompt)}<br><small class="note">{html.escape(r.question_id)}</small></td>'
                f'<td>{html.escape(topic_name(r.topic, lang))}</td><td class="n">{r.missed}</td>'
                f'<td class="n">{r.answers}</td></tr>'
            )
        out.append(f'<table class="bridgelab-missed"><tr>{head}</tr>{"".join(rows)}</table>')

    out.append(f'<p><a href="/teacher/answers.csv" download>{e("Download every answer (CSV)")}</a></p>')
    return _page(lang, _t(TEACHER_TITLE, lang, klass=room.name), "".join(out))


def quote_lang(lang: str) -> str:
    return quote(lang if lang in LANGUAGES else "en")
