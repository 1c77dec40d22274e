"""Scores as text and HTML: a score's breakdown, and the We/They cross of a rubber or Chicago sheet.

Reads ``ScoreBreakdown`` and the scoresheets of ``bridgelab.rules`` by their attributes.
"""

from __future__ import annotations

import html


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


def scoresheet_status(sheet) -> str:
    """'In progress; We lead by 50', 'They win by 620' or 'Level'."""
    if not sheet.is_over:
        lead = sheet.leader
        return f"In progress; {lead} lead by {sheet.margin}" if lead else "In progress; level"
    win = sheet.winner
    return f"{win} win by {sheet.margin}" if win else "Level"


def scoresheet_text(sheet) -> str:
    """The cross in text: entries above the line, the double line, each game below it."""
    w = 12
    labels = sheet.labels
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
    rows.append(f"{'Total ' + str(t[labels[0]]):>{w}} | {t[labels[1]]:>6}")
    rows.append(scoresheet_status(sheet))
    return "\n".join(rows)


def scoresheet_html(sheet) -> str:
    """The cross as an HTML table; each entry's explanation is its tooltip."""
    labels = sheet.labels
    above, below, games = sheet.columns()
    td = 'style="text-align:right;padding:0 0.6em;{extra}"'

    def cell(e, left: bool, extra: str = "") -> str:
        border = "border-right:2px solid #000;" if left else ""
        if e is None:
            return f"<td {td.format(extra=border + extra)}></td>"
        return f'<td {td.format(extra=border + extra)} title="{html.escape(e.text)}">{e.points}</td>'

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
    t = sheet.totals
    out.append(
        "</tbody><tfoot><tr>"
        f'<td style="text-align:right;padding:0 0.6em;border-right:2px solid #000;'
        f'border-top:2px solid #000;font-weight:bold">{t[labels[0]]}</td>'
        f'<td style="text-align:right;padding:0 0.6em;border-top:2px solid #000;'
        f'font-weight:bold">{t[labels[1]]}</td></tr>'
        f'<tr><td colspan="2" style="padding:0 0.6em">{html.escape(scoresheet_status(sheet))}</td></tr>'
        "</tfoot></table>"
    )
    return "".join(out)
