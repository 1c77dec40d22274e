"""An auction as a table (text and HTML) and its one-line summary.

Works on anything shaped like ``bridgelab.rules.auction.Auction`` (dealer, calls, is_over,
contract, ...), so rendering sits below the rules and imports none of them.
"""

from __future__ import annotations

import html

from ..model.cards import Seat
from ..text import terms as _lang
from ..text.i18n import N_, translate
from .display import colour_suits


def _english(lang: str | None) -> bool:
    return lang is None or _lang._code(lang) == "en"


def _seat_label(seat: Seat, lang: str | None) -> str:
    return seat.name if _english(lang) else _lang.seat_name(seat, lang)


def _cell_text(cell, lang: str | None) -> str:
    if cell is None:
        return ""
    if isinstance(cell, str):
        return cell
    return str(cell) if _english(lang) else _lang.bid_text(cell, lang)


def _cell_html(cell, lang: str | None) -> str:
    return colour_suits(html.escape(_cell_text(cell, lang)))


def auction_rows(auction, first: Seat, show_next: bool = True):
    """The seats in column order from ``first`` and the rows of calls under them.

    The dealer's first call sits under the dealer; '?' marks whose turn it is.
    """
    order = first.clockwise()
    cells: list = [None] * ((auction.dealer - first) % 4) + list(auction.calls)
    if show_next and not auction.is_over:
        cells.append("?")
    rows = [cells[i : i + 4] for i in range(0, len(cells), 4)] or [[]]
    return order, [r + [None] * (4 - len(r)) for r in rows]


def auction_text(
    auction, first: Seat = Seat.W, *, lang: str | None = None, show_next: bool = True, summary: bool = False
) -> str:
    """The auction as a text table, one column per seat starting with ``first``."""
    order, rows = auction_rows(auction, first, show_next)
    heads = [_seat_label(s, lang) for s in order]
    body = [[_cell_text(c, lang) for c in row] for row in rows]
    width = max(5, *(len(h) for h in heads), *(len(x) for r in body for x in r))
    lines = ["".join(h.ljust(width + 1) for h in heads).rstrip()]
    lines += ["".join(x.ljust(width + 1) for x in r).rstrip() for r in body]
    if summary:
        lines.append(auction_summary(auction, lang))
    return "\n".join(lines)


def auction_html(
    auction, first: Seat = Seat.W, *, lang: str | None = None, show_next: bool = True, summary: bool = True
) -> str:
    """The auction as an HTML table (deterministic: no ids, no scripts)."""
    order, rows = auction_rows(auction, first, show_next)
    td = 'style="padding:2px 10px;text-align:left"'
    dealer = html.escape(translate("dealer", lang), quote=True)  # the tooltip of the dealer's seat
    head = "".join(
        f"<th {td}{f' title={chr(34)}{dealer}{chr(34)}' if s is auction.dealer else ''}>"
        f"{html.escape(_seat_label(s, lang))}</th>"
        for s in order
    )
    body = "".join(
        "<tr>" + "".join(f"<td {td}>{_cell_html(c, lang)}</td>" for c in row) + "</tr>" for row in rows
    )
    out = (
        '<table class="bridgelab-auction" style="font-family:sans-serif;border-collapse:collapse">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
    if summary and auction.is_over:
        out = (
            '<div class="bridgelab-auction-box">'
            + out
            + '<div style="font-family:sans-serif;font-size:90%;color:#333">'
            f"{colour_suits(html.escape(auction_summary(auction, lang)))}</div></div>"
        )
    return out


def auction_summary(auction, lang: str | None = None) -> str:
    """One line: the contract, declarer, dummy, opening leader and tricks needed.

    In English a sentence; in another language a list of that language's bridge words:
    'leping: 4♠X; väljamängija: Ost; laud: West; avakäik: Süd'.
    """
    if not _english(lang) and not auction.is_over:
        return translate("{seat} to call.", lang, seat=_lang.seat_name(auction.next_seat, lang))
    if not _english(lang) and (auction.passed_out or auction.is_over):
        if auction.passed_out:
            return f"{_lang.word('passed_out', lang).capitalize()}."
        c = auction.contract
        parts = [
            ("contract", f"{_lang.bid_text(c.call, lang)}{'X' * c.doubled}"),
            ("declarer", _lang.seat_name(c.declarer, lang)),
            ("dummy", _lang.seat_name(auction.dummy, lang)),
            ("opening_lead", _lang.seat_name(auction.opening_leader, lang)),
        ]
        line = "; ".join(f"{_lang.word(k, lang)}: {v}" for k, v in parts) + "."
        return line[0].upper() + line[1:]
    if auction.passed_out:
        return "Passed out: all four players passed; no contract."
    if not auction.is_over:
        return N_("{seat} to call.").format(seat=auction.next_seat.full_name)
    c = auction.contract
    return (
        f"Contract {c.level}{c.strain.symbol}{'X' * c.doubled} by {c.declarer.full_name}: "
        f"{c.tricks_needed} tricks needed; {auction.opening_leader.full_name} leads, "
        f"{auction.dummy.full_name} is dummy."
    )
