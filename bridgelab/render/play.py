"""The play of a deal as text and HTML: tricks in order, who won each, and the result so far.

Reads a ``bridgelab.rules.play.Play`` (or a Trick) by its attributes; imports no rules module.
"""

from __future__ import annotations

import html

from .display import suit_html


def trick_text(trick) -> str:
    """'W ♠K  N ♠A  E ♠3  S ♠2  -> North': the cards from the lead, then the winner."""
    played = "  ".join(f"{s.name} {c}" for s, c in trick)
    return f"{played}  -> {trick.winner.full_name}" if trick.is_complete else played


def play_summary(play) -> str:
    """One line: the contract, the tricks so far and who plays next, or the result."""
    c = play.contract
    head = f"{c.to_ascii()} by {c.declarer.full_name}"
    if not play.is_over:
        return (
            f"{head}: {len(play.tricks)} tricks played, declarer {play.declarer_tricks}, "
            f"defenders {play.defender_tricks}; {play.next_seat.full_name} to play"
        )
    r = play.result
    if r >= 0:
        how = "made exactly" if r == 0 else f"made with {r} overtrick{'s' if r > 1 else ''}"
    else:
        how = f"down {-r}"
    return f"{head}: {play.declarer_tricks} tricks, {how}"


def _tricks(play) -> list:
    current = play.current_trick
    return list(play.tricks) + ([current] if current is not None else [])


def play_text(play) -> str:
    """Every trick so far, numbered, then the summary line."""
    lines = [f"{i:2}. {trick_text(t)}" for i, t in enumerate(_tricks(play), 1)]
    lines.append(play_summary(play))
    return "\n".join(lines)


def play_html(play) -> str:
    """The tricks as an HTML table: number, the cards from the lead, the winner."""
    td = 'style="padding:2px 8px;text-align:left"'
    rows = []
    for i, t in enumerate(_tricks(play), 1):
        cells = "".join(
            f"<td {td}>{html.escape(s.name)} {suit_html(c.suit_index)}{c.rank.char}</td>" for s, c in t
        )
        cells += f"<td {td}></td>" * (4 - len(t))
        win = html.escape(t.winner.full_name) if t.is_complete else ""
        rows.append(f"<tr><td {td}>{i}</td>{cells}<td {td}>{win}</td></tr>")
    return (
        '<div class="bridgelab-play" style="font-family:sans-serif">'
        '<table style="border-collapse:collapse"><thead><tr>'
        f'<th {td}>Trick</th><th {td} colspan="4">Cards, from the lead</th><th {td}>Won by</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<div>{html.escape(play_summary(play))}</div></div>"
    )
