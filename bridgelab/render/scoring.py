"""Scores as text and HTML: a score's breakdown, and the We/They cross of a rubber or Chicago sheet.

Reads ``ScoreBreakdown`` and the scoresheets of ``bridgelab.rules`` by their attributes. A sheet
is drawn in its ``lang``: the We/They columns (when the sheet keeps those default labels), the
status line and each figure's explanation in the learner's language.
"""

from __future__ import annotations

import html
from typing import Any

from ..text.i18n import ntranslate, translate

DEFAULT_LABELS = ("We", "They")

# (the leading column, is the sheet over) -> the counted status message; None: a column the
# user named, shown as {side}
_STATUS = {
    ("We", False): "In progress; We lead by {margin}",
    ("They", False): "In progress; They lead by {margin}",
    (None, False): "In progress; {side} lead by {margin}",
    ("We", True): "We win by {margin}",
    ("They", True): "They win by {margin}",
    (None, True): "{side} win by {margin}",
}


def breakdown_text(breakdown, lang: str = "en") -> str:
    """The header line, then each part and the total, indented."""
    head, *rest = breakdown.lines(lang)
    return "\n".join([head] + ["  " + x for x in rest])


def breakdown_html(breakdown) -> str:
    """The parts as an HTML table with the header as caption and the total in bold."""
    head, *rest = breakdown.lines()
    rows = "".join(
        f'<tr><td>{html.escape(p.text)}</td><td style="text-align:right">{p.signed:+d}</td></tr>'
        for p in breakdown.parts
    )
    return (
        '<table class="bridgelab-score" style="font-family:sans-serif">'
        f"<caption>{html.escape(head)}</caption>{rows}"
        f'<tr style="font-weight:bold"><td>{html.escape(rest[-1])}</td>'
        f'<td style="text-align:right">{breakdown.total:+d}</td></tr></table>'
    )


def _lang(sheet: Any, lang: "str | None") -> str:
    return str(lang or getattr(sheet, "lang", None) or "en")


def sheet_labels(sheet: Any, lang: "str | None" = None) -> tuple[str, str]:
    """The two columns' headings: 'We' and 'They' in ``lang``, or the labels the user gave."""
    lang = _lang(sheet, lang)
    if tuple(sheet.labels) == DEFAULT_LABELS:
        return translate("We", lang), translate("They", lang)
    return tuple(sheet.labels)


def scoresheet_status(sheet: Any, lang: "str | None" = None) -> str:
    """'In progress; We lead by 50', 'They win by 620' or 'Level', in the sheet's language."""
    lang = _lang(sheet, lang)
    over = sheet.is_over
    who = sheet.winner if over else sheet.leader
    if not who:
        return translate("Level" if over else "In progress; level", lang)
    default = tuple(sheet.labels) == DEFAULT_LABELS
    column = DEFAULT_LABELS[sheet.labels.index(who)] if default else None
    msgid = _STATUS[(column, over)]
    return ntranslate(msgid, msgid, sheet.margin, lang, side=who, margin=sheet.margin)


def scoresheet_repr(sheet: Any, lang: "str | None" = None) -> str:
    """'<RubberScoresheet: 4 deals, We 1010, They 60; We win by 950>' in the sheet's language."""
    lang = _lang(sheet, lang)
    shown = sheet_labels(sheet, lang)
    t = sheet.totals
    deals = ntranslate("{n} deal", "{n} deals", len(sheet.deals), lang)
    return (
        f"<{type(sheet).__name__}: {deals}, "
        f"{shown[0]} {t[sheet.labels[0]]}, {shown[1]} {t[sheet.labels[1]]}; "
        f"{scoresheet_status(sheet, lang)}>"
    )


def _entry_text(entry: Any, lang: str) -> str:
    text_in = getattr(entry, "text_in", None)
    return str(text_in(lang) if text_in is not None else entry.text)


def scoresheet_text(sheet: Any, lang: "str | None" = None) -> str:
    """The cross in text: entries above the line, the double line, each game below it."""
    lang = _lang(sheet, lang)
    w = 12
    labels = sheet_labels(sheet, lang)
    above, below, games = sheet.columns()
    rows = [f"{labels[0]:>{w}} | {labels[1]}"]
    n = max(len(above[0]), len(above[1]), 1)
    cols = [[""] * (n - len(col)) + [str(e.points) for e in reversed(col)] for col in above]
    rows += [f"{a:>{w}} | {b:>6}" for a, b in zip(*cols)]
    rows.append("=" * (w + 1) + "+" + "=" * 10)
    for g, (we_col, they_col) in zip(games, below):
        m = max(len(we_col), len(they_col), 1)
        a = [str(e.points) for e in we_col] + [""] * (m - len(we_col))
        b = [str(e.points) for e in they_col] + [""] * (m - len(they_col))
        rows += [f"{x:>{w}} | {y:>6}" for x, y in zip(a, b)]
        if sheet.game_closed(g):
            rows.append("-" * (w + 1) + "+" + "-" * 10)
    t = sheet.totals
    total = translate("Total", lang) + " " + str(t[sheet.labels[0]])
    rows.append(f"{total:>{w}} | {t[sheet.labels[1]]:>6}")
    rows.append(scoresheet_status(sheet, lang))
    return "\n".join(rows)


def scoresheet_html(sheet: Any, lang: "str | None" = None) -> str:
    """The cross as an HTML table; each entry's explanation (in the sheet's language) is its tooltip."""
    lang = _lang(sheet, lang)
    labels = sheet_labels(sheet, lang)
    above, below, games = sheet.columns()
    td = 'style="text-align:right;padding:0 0.6em;{extra}"'

    def cell(e, left: bool, extra: str = "") -> str:
        border = "border-right:2px solid #000;" if left else ""
        if e is None:
            return f"<td {td.format(extra=border + extra)}></td>"
        return f'<td {td.format(extra=border + extra)} title="{html.escape(_entry_text(e, lang))}">{e.points}</td>'

    out = [
        '<table class="bridgelab-scoresheet" style="font-family:sans-serif;border-collapse:collapse">',
        "<thead><tr>"
        f'<th style="padding:0 0.6em;border-right:2px solid #000">{html.escape(labels[0])}</th>'
        f'<th style="padding:0 0.6em">{html.escape(labels[1])}</th></tr></thead><tbody>',
    ]
    n = max(len(above[0]), len(above[1]), 1)
    cols = [[None] * (n - len(col)) + list(reversed(col)) for col in above]
    for i, (a, b) in enumerate(zip(*cols)):
        extra = "border-bottom:3px solid #000;" if i == n - 1 else ""
        out.append(f"<tr>{cell(a, True, extra)}{cell(b, False, extra)}</tr>")
    for g, (we_col, they_col) in zip(games, below):
        m = max(len(we_col), len(they_col), 1)
        a = list(we_col) + [None] * (m - len(we_col))
        b = list(they_col) + [None] * (m - len(they_col))
        for i, (x, y) in enumerate(zip(a, b)):
            extra = "border-bottom:1px solid #000;" if (i == m - 1 and sheet.game_closed(g)) else ""
            out.append(f"<tr>{cell(x, True, extra)}{cell(y, False, extra)}</tr>")
    t = {shown: sheet.totals[label] for shown, label in zip(labels, sheet.labels)}
    out.append(
        "</tbody><tfoot><tr>"
        f'<td style="text-align:right;padding:0 0.6em;border-right:2px solid #000;'
        f'border-top:2px solid #000;font-weight:bold">{t[labels[0]]}</td>'
        f'<td style="text-align:right;padding:0 0.6em;border-top:2px solid #000;'
        f'font-weight:bold">{t[labels[1]]}</td></tr>'
        f'<tr><td colspan="2" style="padding:0 0.6em">{html.escape(scoresheet_status(sheet, lang))}</td></tr>'
        "</tfoot></table>"
    )
    return "".join(out)
