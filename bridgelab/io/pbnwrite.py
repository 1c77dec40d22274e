"""Writing one record as a PBN game (export format): tags in the standard's order, the auction
and play four to a line, notes, the double-dummy table, and the comments it was read with.

Apart from the readers, so that a ``DealRecord`` can write itself (``to_pbn``) without the
record module importing the PBN reader.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model.cards import Seat, Strain
from ..model.errors import PBNError

if TYPE_CHECKING:
    from .record import DealRecord

MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
"""The PBN 2.1 mandatory tag set, in the order the export format writes it."""

# The order of DoubleDummyTricks: declarers N S E W, strains NT S H D C (20 hex digits).
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_SUIT_ESCAPES = {"\\S": "♠", "\\H": "♥", "\\D": "♦", "\\C": "♣"}


def _unescape_suits(text: str) -> str:
    for k, v in _SUIT_ESCAPES.items():
        text = text.replace(k, v)
    return text


def _escape_suits(text: str) -> str:
    for k, v in _SUIT_ESCAPES.items():
        text = text.replace(v, k)
    return text


def _pbn_escape(value: str) -> str:
    """Quote a tag value: '"' becomes '\\"'; a backslash is doubled only where a reader would
    take it for an escape (before '"' or '\\', or at the end), so that the column widths of
    tables ("Result\\2R") stay as every program writes them. A tag value is one line: line
    breaks and other control characters (but tabs) become spaces."""
    value = re.sub(r"[\x00-\x08\x0a-\x1f\x7f]", " ", str(value))
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')


def _tag(name: str, value: object) -> str:
    return f'[{name} "{_pbn_escape("" if value is None else str(value))}"]'


def _wrap(text: str, width: int = 78) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


def _check_dd(dd) -> str:
    """The DoubleDummyTricks value of a table, refusing counts a deal cannot have."""
    try:
        values = [int(dd[s][t]) for s in _DD_SEATS for t in _DD_STRAINS]
    except (TypeError, ValueError, IndexError) as e:
        raise PBNError(
            f"a double-dummy table is 4 rows (N E S W) of 5 trick counts (C D H S NT): {e}"
        ) from None
    if any(not 0 <= v <= 13 for v in values):
        raise PBNError(f"a double-dummy table gives 0 to 13 tricks, not {values}")
    return "".join(f"{v:x}" for v in values)


def _game_lines(rec: DealRecord, pieces: Sequence[tuple[str | None, str]] = ()) -> list[str]:
    """The export-format lines of a game; ``pieces`` (comments and ';'/'%' lines of the game
    as read, each after the tag it followed) are put back after that tag, or before it when the
    tag has lines of data (endplay takes a comment after an auction for a call)."""
    tags = dict(rec.tags)
    first = Seat.N if rec.dealer is None else rec.dealer
    declarer = rec.declarer
    deal_text = ""
    if rec.deal is not None:
        deal_text = rec.deal.to_pbn(first)
    elif rec.known is not None:
        from ..model.hand import holdings_to_pbn

        deal_text = f"{first.name}:" + " ".join(
            "-" if rec.known[s] is None else holdings_to_pbn(rec.known[s]) for s in first.clockwise()
        )
    values = {
        "Event": tags.pop("Event", ""),
        "Site": tags.pop("Site", ""),
        "Date": tags.pop("Date", ""),
        "Board": rec.board,
        "West": tags.pop("West", ""),
        "North": tags.pop("North", ""),
        "East": tags.pop("East", ""),
        "South": tags.pop("South", ""),
        "Dealer": "?" if rec.dealer is None else rec.dealer.name,
        "Vulnerable": "?" if rec.vulnerable is None else rec.vulnerable.value,
        "Deal": deal_text,
        "Scoring": tags.pop("Scoring", ""),
        "Declarer": "" if declarer is None else declarer.name,
        "Contract": "Pass" if rec.passed_out else ("" if rec.contract is None else rec.contract.to_ascii()),
        "Result": "" if rec.result is None else rec.result,
    }
    # (name, lines, has data): the game tag by tag, for the comments to find their places
    blocks: list[tuple[str, list[str], bool]] = []
    for name in MANDATORY_TAGS:
        if name == "Board" and rec.board is None:
            continue  # an unknown board: endplay refuses "?", and a missing tag is allowed
        blocks.append((name, [_tag(name, values[name])], False))
    if rec.dd is not None:
        tags["DoubleDummyTricks"] = _check_dd(rec.dd)
    for name in sorted(tags):
        blocks.append((name, [_tag(name, tags[name])], False))
    if rec.auction:
        out = [_tag("Auction", first.name)]
        row: list[str] = []
        numbers: dict[str, int] = {}
        for k, call in enumerate(rec.auction):
            word = call.to_ascii()
            if k in rec.alerts:
                num = numbers.setdefault(rec.alerts[k], len(numbers) + 1)
                word += f" ={num}="
            row.append(word)
            if len(row) == 4:
                out.append(" ".join(row))
                row = []
        if row:
            out.append(" ".join(row))
        for text, num in numbers.items():
            out.append(_tag("Note", f"{num}:{text}"))
        blocks.append(("Auction", out, True))
    sections = dict(rec.sections)
    if "Play" in sections:
        val, body = sections.pop("Play")
        blocks.append(("Play", [_tag("Play", val), *body], True))
    for name in sorted(sections):
        val, body = sections[name]
        blocks.append((name, [_tag(name, val), *body], bool(body)))

    # comments as they were, in their places; new notes as wrapped comments before the auction
    kept: list[tuple[str | None, str]] = []
    remaining = list(rec.notes)
    for anchor, raw in pieces:
        if raw.startswith("{"):
            body = " ".join(_unescape_suits(raw[1:-1] if raw.endswith("}") else raw[1:]).split())
            if not body:
                kept.append((anchor, raw))
                continue
            if body not in remaining:
                continue  # a comment the record no longer has
            remaining.remove(body)
        kept.append((anchor, raw))
    for note in remaining:
        lines = _wrap(_escape_suits(note))
        if not lines:
            continue
        text = "\n".join(lines)
        raw = "{" + text + "}" if "}" not in text else "\n".join("; " + x for x in lines)
        kept.append(("Auction" if rec.auction else None, raw))
    out: list[str] = [raw for anchor, raw in kept if anchor is None]
    names = {b[0] for b in blocks}
    for name, lines, has_data in blocks:
        here = [raw for anchor, raw in kept if anchor == name]
        if has_data:
            out.extend(here)
            out.extend(lines)
        else:
            out.extend(lines)
            out.extend(here)
    out.extend(raw for anchor, raw in kept if anchor is not None and anchor not in names)
    return "\n".join(out).split("\n")
