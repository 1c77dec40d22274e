"""HTML and text renderings: hands, deals (compass diagrams). Deterministic: no random ids.

Hearts and diamonds are red; every suit keeps its symbol, so a black-and-white printout still
reads. The engine calls these lazily from ``_repr_html_`` and ``__str__``.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..model.cards import SEATS, SUIT_SYMBOLS, SUITS, Seat, holding_to_text
from ..text.terms import rank_letters

if TYPE_CHECKING:  # pragma: no cover
    from ..model.deal import Board, Deal
    from ..model.hand import Hand

__all__ = [
    "hand_text",
    "hand_html",
    "deal_text",
    "deal_html",
    "suit_html",
    "ranks_text",
    "colour_suits",
    "SYMBOLS",
    "RED",
]

RED = "#c00000"
SYMBOLS = tuple(SUIT_SYMBOLS[s.name] for s in SUITS)
"""The suit symbols in holding order: spades, hearts, diamonds, clubs."""


def ranks_text(holding: int, letters: "dict[str, str] | None" = None) -> str:
    """'A K 10 2' for a holding, as diagrams print it ('—' for a void); ``letters`` shows the
    honours in a language's own letters (Estonian 'Ä K E S')."""
    ranks = holding_to_text(holding)
    if letters:
        ranks = "".join(letters.get(r, r) if r != "T" else r for r in ranks)
    return " ".join(ranks).replace("T", "10") or "—"


def colour_suits(text: str) -> str:
    """HTML text with every ♥ and ♦ in red, as on the diagrams."""
    for sym in ("♥", "♦"):
        text = text.replace(sym, f'<span style="color:{RED}">{sym}</span>')
    return text


def suit_html(i: int) -> str:
    """The symbol of suit ``i`` (spades 0 ... clubs 3), red for hearts and diamonds."""
    sym = SYMBOLS[i]
    if SUITS[i].is_red:
        return f'<span style="color:{RED}">{sym}</span>'
    return f"<span>{sym}</span>"


def hand_lines(hand: "Hand", letters: "dict[str, str] | None" = None) -> list[str]:
    return [f"{SYMBOLS[i]} {ranks_text(hand.holdings[i], letters)}" for i in range(4)]


def hand_text(hand: "Hand") -> str:
    return "\n".join(hand_lines(hand))


def _hand_cell(hand: "Hand", label: str | None = None, letters: "dict[str, str] | None" = None) -> str:
    rows = "".join(
        f'<div style="white-space:nowrap">{suit_html(i)}&nbsp;{html.escape(ranks_text(hand.holdings[i], letters))}</div>'
        for i in range(4)
    )
    head = f'<div style="font-weight:bold">{html.escape(label)}</div>' if label else ""
    return head + rows


def hand_html(hand: "Hand", summary: bool = True) -> str:
    """A hand as four suit lines; with ``summary`` a line of its HCP and pattern under it
    (a quiz leaves that out: it must not print its own answer)."""
    foot = f'<div style="color:#555;font-size:85%">{hand.hcp} HCP, {hand.pattern}</div>' if summary else ""
    return (
        '<div class="bridgelab-hand" style="font-family:sans-serif;line-height:1.3">'
        + _hand_cell(hand)
        + foot
        + "</div>"
    )


def _label(deal: "Deal", seat: Seat, show_hcp: bool, lang: str = "en") -> str:
    if lang == "en":
        name = seat.full_name
    else:
        from ..text.terms import seat_name

        name = seat_name(seat, lang)
        name = name[:1].upper() + name[1:]
    return f"{name} ({deal[seat].hcp})" if show_hcp else name


def deal_text(
    deal: "Deal",
    board: "Board | None" = None,
    show_hcp: bool = False,
    lang: str = "en",
    letters: "dict[str, str] | None" = None,
) -> str:
    """A compass diagram in plain text, North at the top; seats named in ``lang``."""
    width = 22
    n, e, s, w = (hand_lines(deal[seat], letters) for seat in SEATS)
    label = {seat: _label(deal, seat, show_hcp, lang) for seat in SEATS}
    lines = []
    if board is not None:
        lines.append(str(board))
    pad = " " * width
    lines.append(pad + label[Seat.N])
    lines += [pad + x for x in n]
    lines.append(label[Seat.W].ljust(2 * width) + label[Seat.E])
    lines += [a.ljust(2 * width) + b for a, b in zip(w, e)]
    lines.append(pad + label[Seat.S])
    lines += [pad + x for x in s]
    return "\n".join(line.rstrip() for line in lines)


def deal_html(
    deal: "Deal",
    board: "Board | None" = None,
    show_hcp: bool = True,
    lang: str = "en",
    letters: "dict[str, str] | None" = None,
) -> str:
    """A compass diagram as an HTML table, North at the top, board facts in the middle; seats
    named in ``lang``."""
    cell = 'style="vertical-align:top;padding:4px 10px;text-align:left"'
    centre = ""
    if board is not None:
        centre = (
            f"<div>Board {board.number}</div><div>Dealer {board.dealer.full_name}</div>"
            f"<div>Vul {html.escape(str(board.vulnerable))}</div>"
        )
    centre_cell = (
        '<td style="vertical-align:middle;text-align:center;border:1px solid #999;'
        f'padding:4px;font-size:85%">{centre or "N<br>W&nbsp;&nbsp;E<br>S"}</td>'
    )

    def hand(seat: Seat) -> str:
        return f"<td {cell}>{_hand_cell(deal[seat], _label(deal, seat, show_hcp, lang), letters)}</td>"

    return (
        '<table class="bridgelab-deal" style="font-family:sans-serif;border-collapse:collapse;'
        'line-height:1.3">'
        f"<tr><td></td>{hand(Seat.N)}<td></td></tr>"
        f"<tr>{hand(Seat.W)}{centre_cell}{hand(Seat.E)}</tr>"
        f"<tr><td></td>{hand(Seat.S)}<td></td></tr>"
        "</table>"
    )


class Diagram:
    """A deal's diagram in one language, shown as HTML in a notebook and as text elsewhere."""

    def __init__(
        self,
        deal: "Deal",
        board: "Board | None" = None,
        show_hcp: bool = True,
        lang: str = "en",
        local_ranks: bool = False,
    ):
        self.deal, self.board, self.show_hcp, self.lang = deal, board, show_hcp, lang
        self.letters = rank_letters(lang) if local_ranks else None

    def __str__(self) -> str:
        return deal_text(self.deal, self.board, show_hcp=self.show_hcp, lang=self.lang, letters=self.letters)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return deal_html(self.deal, self.board, show_hcp=self.show_hcp, lang=self.lang, letters=self.letters)
