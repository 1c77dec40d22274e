"""PBN files in and out (Portable Bridge Notation 2.1); BBO's LIN files through ``bridgelab.io.lin``.

A file is a list of ``DealRecord``: a deal with its board number, dealer and vulnerability and,
when known, the auction, contract, result, commentary and double-dummy table.

Reading takes files as players keep them (the import format and what programs write):
comments in braces and after semicolons, ``%`` lines, unknown tags and tables (kept and written
back), ``"?"`` (unknown) and ``"#"``/``"##"`` (inherited) tag values, ``-`` for a void or a hand
not given, games without a Deal (results-only files) or with part of one (an end position),
Bridge Composer's ``AC`` and BEN's ``4H*``, the statistics and the ``average``/``frequency``
output Debian's dealer prints after its boards, CRLF or CR line ends, a byte-order mark, UTF-8
or Latin-1. By default a read is lenient: what cannot be read (an illegal call, a contract the
auction does not reach, a broken tag) is given as a ``PBNWarning`` naming the file, the line and
the game, kept in the record's ``problems``, and the rest of the file loads. ``strict=True``
raises PBNError at the first problem instead.

Writing: a record read from a file and not changed is written back as the file had it, byte for
byte apart from line ends (``%`` lines, ``;`` comments, commentary in its place and its braces);
a changed or new record is written in the export format: the mandatory tags in their fixed order
(an unknown board number is left out, as endplay refuses ``"?"``), supplemental tags sorted by
name, the auction four calls to a line starting with the dealer, the commentary it had before
each tag in its place, CRLF line ends.
"""

from __future__ import annotations

import gc
import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import IO, Any, cast

import numpy as np

from ..model.cards import SEATS, Seat, Strain
from ..model.contract import PASS, Call, Contract
from ..model.deal import Board, Deal, Vulnerability
from ..model.errors import BridgeError, ParseError, PBNError, PBNWarning
from ..rules.auction import Auction
from .lin import dump_lin, dumps_lin, load_lin, loads_lin
from .pbnwrite import _DD_SEATS, _DD_STRAINS, MANDATORY_TAGS, _game_lines, _pbn_escape, _unescape_suits
from .record import (
    _STEP,
    DealRecord,
    _checked_deal,
    _decode,
    _fast_holdings,
    _FastAuction,
    _incomplete,
    _make_deal,
    _Problems,
    _progress,
    _Retry,
    _Slow,
    _small_int,
    _state,
)

__all__ = [
    "DealRecord",
    "PBNWarning",
    "MANDATORY_TAGS",
    "loads",
    "load",
    "dumps",
    "dump",
    "loads_lin",
    "load_lin",
    "dumps_lin",
    "dump_lin",
    "read_deals",
    "write_deals",
]

# Tags that a record holds as fields, not in ``tags``.
_FIELD_TAGS = {
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Result",
    "Auction",
    "Play",
    "Note",
    "DoubleDummyTricks",
}
# Tags whose value may not be inherited with "#" / "##" (PBN 4.8).
_NO_INHERIT = {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}


# ================================================================================ reading ===

_SCAN_RE = re.compile(
    r"(?P<nl>\n)"
    r"|(?P<ws>[ \t\f\v]+)"
    r"|(?P<esc>(?<![^\n])%[^\n]*)"
    r"|(?P<dstat>(?<![^\n])(?:Generated \d+ hands|Produced \d+ hands|Initial random seed \d+"
    r"|Time needed +[\d.]+ sec)[ \t]*(?=\n|\Z))"
    r"|(?P<semi>;[^\n]*)"
    r"|(?P<com>\{[^}]*\})"
    r'|(?P<tag>\[[ \t\n]*(?P<name>[A-Za-z0-9_]+)[ \t\n]*"(?P<val>(?:[^"\\\n]|\\.)*)"[ \t\n]*\])'
    r'|(?P<tok>[^\s\[\]{};"][^\[\]{};"\n]*)'
    r"|(?P<bad>.)",
    re.S,
)
_BLANK_RE = re.compile(r"[ \t\f\v]*(?:\n|\Z)")
_NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_ESCAPE_RE = re.compile(r'\\(["\\])')
# What Debian's dealer prints after printpbn boards for "average" and "frequency" actions.
_DEALER_OUTPUT_RE = re.compile(
    r"(?:[^\[\]{}\";%\n]*: *-?[\d.]+|Frequency [^\n]*:)\n(?:[^\[\]{}\";%\n]*(?:\n|\Z))*\Z"
)

# Tags followed by lines of data: the auction, the play, and the tables of PBN 2.1 chapter 5.
_SECTION_TAGS = {
    "Auction",
    "Play",
    "ActionTable",
    "AuctionTimeTable",
    "InstantScoreTable",
    "OptimumPlayTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
}


def _takes_data(name: str, value: str) -> bool:
    """May lines of data follow this tag? (Sections and tables; a table's value names its
    columns, separated by ';'.)"""
    return name in _SECTION_TAGS or name.endswith("Table") or (";" in value and name not in MANDATORY_TAGS)


@dataclass
class _RawGame:
    """A game as scanned: its tags, comments and sections with their lines and its span in
    the text."""

    line: int
    start: int
    end: int = 0
    tags: list[tuple[str, str, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    # (anchor tag name or None, raw text): comments, ';' and '%' lines, for rewriting in place
    pieces: list[tuple[str | None, str]] = field(default_factory=list)
    # [name, value, line, [(token, line)], [(note value, line)]]
    sections: list[list] = field(default_factory=list)
    stray: list[tuple[str, int]] = field(default_factory=list)
    broken: bool = False

    @property
    def empty(self) -> bool:
        return not self.tags and not self.comments and not self.stray


def _diagnose_tag(text: str, i: int, line: int) -> tuple[int, str, int]:
    """Why the tag at ``i`` (a '[') is broken: the line to report, the reason, and where to go
    on reading (the next line)."""
    n = len(text)
    start = line
    j = i + 1
    while j < n and text[j] in " \t\n":
        line += text[j] == "\n"
        j += 1
    resume = text.find("\n", i)
    resume = n if resume < 0 else resume
    m = _NAME_RE.match(text, j)
    if not m:
        return (
            start,
            ("a tag '[' must be followed by a tag name of letters, digits or '_', as [Deal \"N:...\"]"),
            resume,
        )
    name = m.group()
    j = m.end()
    while j < n and text[j] in " \t\n":
        line += text[j] == "\n"
        j += 1
    if j >= n or text[j] != '"':
        return (
            line,
            (f'tag {name} has no value: write it as [{name} "value"] (an empty value is "")'),
            max(resume, j if j < n and text[j] == "]" else 0),
        )
    k = j + 1
    while k < n and text[k] != "\n":
        if text[k] == "\\" and k + 1 < n and text[k + 1] in '"\\':
            k += 2
            continue
        if text[k] == '"':
            break
        k += 1
    if k >= n or text[k] == "\n":
        return line, f"the value of tag {name} is not closed with '\"' on its line", resume
    k += 1
    while k < n and text[k] in " \t\n":
        line += text[k] == "\n"
        k += 1
    return line, f"tag {name} is not closed with ']'", resume


_TAG_LINE_RE = re.compile(r'[ \t]*\[([A-Za-z0-9_]+)[ \t]*"((?:[^"\\\n]|\\.)*)"[ \t]*\][ \t]*')
_SPECIAL_RE = re.compile(r'[\[\]{};"]')
_DSTAT_LINE_RE = re.compile(
    r"(?:Generated \d+ hands|Produced \d+ hands|Initial random seed \d+"
    r"|Time needed +[\d.]+ sec)[ \t]*"
)


class _Scanner:
    """Reads the games of a PBN text. Most lines are a whole tag, a line of data (calls, cards,
    a table row), a % line or an empty line, and are taken a line at a time; any other line
    (comments, several tags, a tag over several lines, broken syntax) is read token by token."""

    def __init__(self, text: str, problems: _Problems, line: int = 1, offset: int = 0):
        self.text = text
        self.problems = problems
        self.game: _RawGame | None = None
        self.section: list | None = None
        self.anchor: str | None = None
        self.line = line
        self.first_line = line  # the number of ``text``'s first line in the file
        self.offset = offset  # where ``text`` starts in the file (for the games' spans)
        self.done: list[_RawGame] = []

    # ---- what a game is made of ---------------------------------------------------------------
    def _game(self, pos: int) -> _RawGame:
        if self.game is None:
            self.game = _RawGame(self.line, pos)
        return self.game

    def end_game(self) -> None:
        if self.game is not None:
            if self.offset:
                self.game.start += self.offset
                self.game.end += self.offset
            self.done.append(self.game)
            self.game, self.section, self.anchor = None, None, None

    def tag(self, name: str, val: str, pos: int, end: int, line: int) -> None:
        if "\\" in val:
            val = _ESCAPE_RE.sub(r"\1", val)
        game = self._game(pos)
        section = self.section
        if name == "Note" and section is not None and section[0] in ("Auction", "Play"):
            section[4].append((val, line))
        else:
            game.tags.append((name, val, line))
            self.section = [name, val, line, [], []]
            game.sections.append(self.section)
            self.anchor = name
        game.end = end

    def tokens(self, run: str, pos: int, end: int) -> None:
        game = self._game(pos)
        section = self.section
        line = self.line
        if section is not None and _takes_data(section[0], section[1]):
            section[3].extend((value, line) for value in run.split())
        else:
            game.stray.extend((value, line) for value in run.split())
        game.end = end

    def piece(self, raw: str, end: int) -> None:
        if self.game is not None:
            self.game.pieces.append((self.anchor, raw))
            self.game.end = end

    # ---- the two readers ----------------------------------------------------------------------
    def run(self) -> Iterator[_RawGame]:
        text = self.text
        lines = text.split("\n")
        n = len(lines)
        i, pos = 0, 0
        tag_line, special, dstat = _TAG_LINE_RE.fullmatch, _SPECIAL_RE.search, _DSTAT_LINE_RE.fullmatch
        while i < n:
            ln = lines[i]
            end = pos + len(ln)
            if not ln or ln.isspace():
                self.end_game()
            else:
                c = ln.lstrip(" \t")[:1]
                m = tag_line(ln) if c == "[" else None
                if m is not None:
                    self.tag(
                        m.group(1),
                        m.group(2),
                        pos + ln.index("["),
                        end - (len(ln) - len(ln.rstrip())),
                        self.line,
                    )
                elif ln[0] == "%":
                    self.piece(ln, end)
                elif c not in '[]{};"' and special(ln) is None and not (ln[0] in "GPIT" and dstat(ln)):
                    self.tokens(ln, pos + len(ln) - len(ln.lstrip()), pos + len(ln.rstrip()))
                else:  # anything else: token by token, perhaps over several lines
                    new_pos = self.slow(pos)
                    if self.done:
                        yield from self.done
                        self.done.clear()
                    i = self.line - self.first_line
                    pos = new_pos
                    continue
            if self.done:
                yield from self.done
                self.done.clear()
            i += 1
            self.line += 1
            pos = end + 1
        self.end_game()
        yield from self.done

    def slow(self, pos: int) -> int:
        """Read token by token from ``pos`` to the end of a line that no comment or tag goes
        past; return where the next line starts (after its line break)."""
        text, problems = self.text, self.problems
        n = len(text)
        match = _SCAN_RE.match
        while pos < n:
            m = match(text, pos)
            kind = m.lastgroup
            end = m.end()
            if kind == "ws":
                pos = end
                continue
            if kind == "nl":
                self.line += 1
                if _BLANK_RE.match(text, end):
                    self.end_game()
                return end
            if kind == "tok":
                run = m.group()
                self.tokens(run, pos, pos + len(run.rstrip()))
            elif kind == "tag":
                self.tag(m.group("name"), m.group("val"), pos, end, self.line)
                self.line += m.group().count("\n")
            elif kind == "com":
                body = m.group()
                game = self._game(pos)
                game.comments.append(body[1:-1])
                game.pieces.append((self.anchor, body))
                self.line += body.count("\n")
                game.end = end
            elif kind in ("esc", "semi", "dstat"):
                self.piece(m.group(), end)
            else:  # "bad": a broken tag, an unclosed comment or string, a stray ']' or '}'
                c = text[pos]
                game = self._game(pos)
                game.broken = True
                line = self.line
                if c == "[":
                    at, reason, end = _diagnose_tag(text, pos, line)
                    problems(at, reason, "the tag is left out")
                    # (a tag name then ']' on a later line: read on from the ']', on its line)
                    self.line += text.count("\n", pos, end)
                elif c == "{":
                    problems(
                        line,
                        "a comment opened with '{' is never closed with '}'",
                        "the rest of its line is taken as the comment",
                    )
                    end = text.find("\n", pos)
                    end = n if end < 0 else end
                    game.comments.append(text[pos + 1 : end])
                    game.pieces.append((self.anchor, text[pos:end]))
                elif c == '"':
                    problems(line, "a '\"' string is not closed on its line", "the line is left out")
                    end = text.find("\n", pos)
                    end = n if end < 0 else end
                else:
                    what = {"]": "a ']' without its '['", "}": "a '}' without its '{'"}.get(
                        c, f"{c!r} cannot stand here"
                    )
                    problems(
                        line,
                        f'{what}: tags are written [Name "value"], comments {{like this}}',
                        "it is left out",
                    )
                game.end = end
            pos = end
        self.line += 1  # the text ends without a line break: as if it had one
        return n + 1


_SEPARATOR_RE = re.compile(r"\n(?:[ \t\f\v]*\n)+")
_LEAD_RE = re.compile(r"(?:%[^\n]*\n)*")


def _scan_games(text: str, problems: _Problems) -> Iterator[_RawGame | tuple[int, int, int]]:
    """The games of a PBN text in order (a game ends at an empty line).

    The text is cut into runs of lines between empty lines; in a file with braces, a run is
    joined to the next while a comment or a tag may go on over the empty line, as the scanner
    reads such a comment or tag over it (see below). A run that starts with a tag (after any %
    lines) is given as (start, stop, line) for ``_Reader.quick`` to try first; the scanner
    reads it if it is not simple. Other runs are read by the scanner. (Without the quick
    reader, files with braces are read by one scanner over the whole text, the reference the
    cut runs are tested against.)"""
    braces = "{" in text
    if braces and not _QUICK:
        yield from _Scanner(text, problems).run()
        return
    line, start = 1, 0
    bounds = [(m.start(), m.end()) for m in _SEPARATOR_RE.finditer(text)]
    last = len(text.rstrip("\n"))
    bounds.append((last, len(text)))
    # What may go on past the end of a run (erring on the side of yes): a comment, if no '}'
    # follows the last '{'; a tag (spaces in it may be line breaks), if a '[' follows the last
    # ']' or a '"' does (the ']' was in a value). Worked out from the text added to the run
    # since the last look, so that a run joined again and again is looked at once.
    brace = bracket = quote = closed = False
    seen = 0  # where the text not yet looked at starts
    for stop, after in bounds:
        if stop > start:
            if braces:
                i = text.rfind("{", seen, stop)
                if i >= 0:
                    brace = text.find("}", i, stop) < 0
                elif brace:
                    brace = text.find("}", seen, stop) < 0
                j = text.rfind("]", seen, stop)
                if j >= 0:
                    closed = True
                    bracket = text.find("[", j, stop) >= 0
                    quote = text.find('"', j, stop) >= 0
                else:
                    bracket = bracket or text.find("[", seen, stop) >= 0
                    quote = quote or (closed and text.find('"', seen, stop) >= 0)
                seen = stop
                if (brace or bracket or quote) and stop < last:
                    continue  # read on to the next empty line
                brace = bracket = quote = closed = False
            c = text[start]
            if c == "[" or (c == "%" and text[_LEAD_RE.match(text, start, stop).end() : stop][:1] == "["):
                yield start, stop, line
            else:
                yield from _Scanner(text[start:stop], problems, line, start).run()
        line += text.count("\n", start, after)
        start = after


# ==================================================================== the quick reader ===
# Most games of big files are written by programs: whole tag lines ([Name "value"], one
# space, no escapes), lines of data after the auction, the play and the tables, % lines, and
# no comments. ``_Reader.quick`` reads such a game with one regular expression and tables of
# the common forms (deals, calls, contracts, seats); on anything else, or anything to report,
# it gives up, and the scanner and ``_Reader.record`` read the game with its line numbers.
# tests/test_pbn_quick.py checks that both give the same records on every file of tests/data.

_QUICK = True  # tests turn the quick reader off to compare it with the full one
_QUICK_RE = re.compile(  # a whole tag line (no escapes but '\\2R'), then any lines of data
    r'(\[([A-Za-z0-9_]+) "([^"\\\n]*(?:\\[^"\\\n][^"\\\n]*)*)"\][ \t]*\n'
    r'((?:[^\[\]{};"%\s][^\[\]{};"\n]*\n|%[^\n]*\n)*))'
)
_NOTE_RE = re.compile(r"\s*([0-9]{1,4})\s*:(.*)$", re.S)
_LOOSE_NOTE_RE = re.compile(r"^\s*\d+\s*:")
_DEAL_FIRST = {"N:": 0, "E:": 1, "S:": 2, "W:": 3}
_RANKS_DOWN = "AKQJT98765432"
# the suit texts as programs write them (ranks from the ace down, T for ten): their holdings
_CANON = {"".join(r for i, r in enumerate(_RANKS_DOWN) if h >> (12 - i) & 1): h for h in range(8192)}
_TRICK_TEXTS = {str(n): n for n in range(14)}
_BOARD_TEXTS = {str(n): n for n in range(1, 1000)}


def _quick_deal(value: str) -> Deal | None:
    """The Deal of a deal text as programs write it ('N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 ...':
    four hands of 13 cards, single spaces, ranks from the ace down), or None for any other
    text (the full reader then reads it, and says what is wrong)."""
    first = _DEAL_FIRST.get(value[:2])
    if first is None:
        return None
    hands = value[2:].split(" ")
    if len(hands) != 4:
        return None
    a, b, c, d = hands
    if not (len(a) == len(b) == len(c) == len(d) == 16):
        return None  # 13 ranks and three dots (checked next): 13 cards
    if a.count(".") != 3 or b.count(".") != 3 or c.count(".") != 3 or d.count(".") != 3:
        return None
    get = _CANON.get
    p = [get(x, -1) for x in f"{a}.{b}.{c}.{d}".split(".")]
    if -1 in p:
        return None
    full = 0x1FFF  # every card of each suit held: with 13 cards a hand, 52 different cards
    if not (
        p[0] | p[4] | p[8] | p[12] == full
        and p[1] | p[5] | p[9] | p[13] == full
        and p[2] | p[6] | p[10] | p[14] == full
        and p[3] | p[7] | p[11] | p[15] == full
    ):
        return None
    rows = [p[0:4], p[4:8], p[8:12], p[12:16]]
    if first:
        rows = rows[-first:] + rows[:-first]  # hand k belongs to seat first + k
    return _checked_deal(rows)


_NOTE_REF_RE = re.compile(r"=[0-9]{1,4}=", re.ASCII)
_MANDATORY = frozenset(MANDATORY_TAGS)


def _quick_optimum(value: str, lines: list[str]) -> tuple[tuple[int, ...], ...] | None:
    """dd_from_table for rows of plain tokens (N NT 6): the table, None if it is not complete
    or not of this kind; _Retry for anything the full reader reports."""
    cols = [c.split("\\")[0].lstrip("+-") for c in value.split(";")]
    if cols[:3] != ["Declarer", "Denomination", "Result"]:
        return None
    toks = " ".join(lines).split()
    n = len(cols)
    if len(toks) % n:
        raise _Retry
    table: list[list[Any]] = [[None] * 5 for _ in range(4)]
    for k in range(0, len(toks), n):
        seat = _SEATS.get(toks[k])
        strain = _STRAIN_WORDS.get(toks[k + 1])
        tricks = _TRICK_TEXTS.get(toks[k + 2])
        if seat is None or strain is None or tricks is None:
            raise _Retry
        table[seat][strain] = tricks
    if any(x is None for r in table for x in r):
        return None
    return tuple(tuple(r) for r in table)


_FULL = itemgetter(0)
_NAME_VALUE = itemgetter(1, 2)


def _gather(
    chunk: str, lead: int
) -> tuple[dict[str, str], dict[str, list[Any]], list[str], list[tuple[str, str]]] | None:
    """The tags of a simple game (chunk[lead:], see _QUICK_RE) as (tag values, sections as
    {tag: [value, lines of data, notes]} in order, notes not about the auction or the play,
    % lines); None if the game is not simple or has a tag twice or text outside any tag."""
    items = _QUICK_RE.findall(chunk, lead)
    if lead + sum(map(len, map(_FULL, items))) != len(chunk):
        return None  # not simple: comments, escapes, broken tags, ...
    values = dict(map(_NAME_VALUE, items))
    sect: dict[str, list[Any]] = {}
    loose: list[str] = []
    pieces: list[tuple[str, str]] = []
    if len(values) == len(items) and "Note" not in values and "Play" not in values:
        for _, name, val, rows in [t for t in items if t[3]]:  # the tags followed by data
            lines = rows.splitlines()
            if "%" in rows:
                pieces.extend((name, r) for r in lines if r[0] == "%")
                lines = [r for r in lines if r[0] != "%"]
            if lines and not _takes_data(name, val):
                return None  # text outside any tag
            sect[name] = [val, lines, []]
        for name in ("Auction", "Play"):
            if name in values and name not in sect:
                sect[name] = [values[name], [], []]
        return values, sect, loose, pieces
    values = {}  # [Note] tags belong to the auction or the play before them: in order
    cur = ""
    for _, name, val, rows in items:
        if name == "Note":
            if rows:
                return None
            if cur == "Auction" or cur == "Play":
                sect[cur][2].append(val)
            else:
                loose.append(val)
                cur = "Note"
            continue
        if name in values:
            return None  # a tag given twice
        values[name] = val
        cur = name
        if rows:
            lines = rows.splitlines()
            if "%" in rows:
                pieces.extend((name, r) for r in lines if r[0] == "%")
                lines = [r for r in lines if r[0] != "%"]
            if lines and not _takes_data(name, val):
                return None
            sect[name] = [val, lines, []]
        elif name == "Auction" or name == "Play":
            sect[name] = [val, [], []]
    return values, sect, loose, pieces


_DEAL_TAG_RE = re.compile(
    r'\[Deal "([NESW]:[2-9TJQKA.]{16} [2-9TJQKA.]{16} [2-9TJQKA.]{16} [2-9TJQKA.]{16})"\]'
)
_RANK_BITS = np.full(256, -1, dtype=np.int8)
_RANK_BITS[[ord(r) for r in "23456789TJQKA"]] = np.arange(13)
_FIRST_SEAT = np.zeros(256, dtype=np.intp)
_FIRST_SEAT[[ord(s) for s in "NESW"]] = np.arange(4)
_HAND_COLUMNS = np.array([2 + 17 * k + j for k in range(4) for j in range(16)])


def _canonical_deals(text: str) -> tuple[dict[str, int], np.ndarray]:
    """The deals of all the [Deal "..."] tags of a text that are written as programs write
    them ('N:' and four hands of 13 cards, ranks from the ace down, one space between): each
    deal text with its row in an array of holdings (seats N E S W by suits S H D C), checked
    at once with numpy to be 52 different cards, 13 to a hand. A deal text not here is read
    by ``_quick_deal`` or the full reader (which say what is wrong with it)."""
    found = list(dict.fromkeys(_DEAL_TAG_RE.findall(text)))  # each deal once (boards played at many tables)
    n = len(found)
    if not n:
        return {}, np.zeros((0, 4, 4), dtype=np.uint16)
    chars = np.frombuffer("".join(found).encode("ascii"), dtype=np.uint8).reshape(n, 69)
    hands = chars[:, _HAND_COLUMNS].reshape(n, 4, 16)  # (deal, hand, 13 ranks and 3 dots)
    dot = hands == ord(".")
    rank = _RANK_BITS[hands]
    ok = (dot.sum(axis=2) == 3).all(axis=1)
    ranks_follow = ~dot[:, :, :-1] & ~dot[:, :, 1:]
    ok &= ~(ranks_follow & (rank[:, :, :-1] <= rank[:, :, 1:])).any(axis=(1, 2))  # A K Q ... down
    bits = np.where(dot, 0, np.left_shift(1, rank.astype(np.int32)))
    suit = np.cumsum(dot, axis=2)  # the dots before a rank: its suit
    held = np.stack([(bits * (suit == s)).sum(axis=2) for s in range(4)], axis=2)
    # each suit's 13 cards, each in one hand (with 13 cards a hand: 52 different cards)
    ok &= ((held.sum(axis=1) == 0x1FFF) & (np.bitwise_or.reduce(held, axis=1) == 0x1FFF)).all(axis=1)
    seats = (_FIRST_SEAT[chars[:, 0]][:, None] + np.arange(4)) % 4  # hand k: seat first + k
    rows = np.empty((n, 4, 4), dtype=np.uint16)
    rows[np.arange(n)[:, None], seats] = held
    keep = np.flatnonzero(ok)
    rows = rows[keep]
    rows.setflags(write=False)
    return dict(zip([found[i] for i in keep.tolist()], range(len(keep)))), rows


_DD_RE = re.compile(r"[0-9a-dA-D]{20}")
_HEX = {c: int(c, 16) for c in "0123456789abcdABCD"}
# DoubleDummyTricks gives declarers N S E W, strains NT S H D C: a row of dd for each seat
_DD_ROWS = tuple(
    itemgetter(*(_DD_SEATS.index(seat) * 5 + _DD_STRAINS.index(strain) for strain in Strain))
    for seat in SEATS
)


_WITH_DECLARER: dict[tuple[Contract, Seat], Contract] = {}


def _with_declarer(contract: Contract, declarer: Seat) -> Contract:
    key = (contract, declarer)
    c = _WITH_DECLARER.get(key)
    if c is None:
        c = _WITH_DECLARER[key] = replace(contract, declarer=declarer)
    return c


def _contract_agrees(given: Contract, reached: Contract) -> bool:
    """Does a stated contract agree with the one the auction reaches: the same level, strain
    and doubling, and the same declarer if it names one?"""
    return (given.level, given.strain, given.doubled) == (
        reached.level,
        reached.strain,
        reached.doubled,
    ) and given.declarer in (None, reached.declarer)


_AUCTION_TOKEN_RE = re.compile(
    r"(?P<note>=[0-9]{1,4}=)|(?P<nag>\$[0-9]+)|(?P<suffix>[!?]{1,2})|(?P<irr>\^[ISRL])"
    r"|(?P<star>\*)|(?P<plus>\+)|(?P<call>[A-Za-z0-9-]+)(?P<alert>\*)?",
    re.ASCII,
)
_CALLS: dict[str, Call] = {}
# Tokens that are a call and nothing else, as files write them (checked before the token regex)
_PLAIN_CALLS = {"Pass", "PASS", "pass", "P", "p", "X", "XX", "AP", "Dbl", "Rdbl"} | {
    f"{lv}{st}" for lv in range(1, 8) for st in ("C", "D", "H", "S", "NT", "N")
}
_VULS = {v.value: v for v in Vulnerability} | {
    "-": Vulnerability.NONE,
    "Both": Vulnerability.BOTH,
    "Love": Vulnerability.NONE,
}
_CONTRACTS = {
    f"{lv}{st}{x}": Contract.parse(f"{lv}{st}{x}")
    for lv in range(1, 8)
    for st in ("C", "D", "H", "S", "NT", "N")
    for x in ("", "X", "XX")
}
_SEATS = {s.name: s for s in SEATS}
# the dealer and vulnerability of boards 1-16 (and 17-32, ...)
_CYCLE = tuple((b.dealer, b.vulnerable) for b in map(Board.from_number, range(1, 17)))


_QUICK_CALLS = {w: Call.parse(w) for w in _PLAIN_CALLS if w != "AP"}
_STRAIN_WORDS = {w: Strain.parse(w) for w in ("C", "D", "H", "S", "N", "NT")}


def _call(word: str) -> Call:
    c = _CALLS.get(word)
    if c is None:
        c = Call.parse(word)
        if len(_CALLS) < 512:
            _CALLS[word] = c
    return c


class _Reader:
    """Turns scanned games into records, keeping "#"/"##" inheritance across games."""

    def __init__(self, source: str, strict: bool):
        self.problem = _Problems(source, strict)
        self.err = self.problem.err
        self.strict = strict
        self.previous: dict[str, str] = {}  # last real value of each tag, for "#"
        self.sticky: dict[str, str] = {}  # values set with "##", for the games after
        self.deals: dict[str, tuple] = {}  # deal text -> (Deal | None, known, problem)
        self.canonical: tuple[dict[str, int], np.ndarray] = ({}, np.zeros((0, 4, 4), np.uint16))
        self.made: list[Deal | None] = []  # the Deal of each canonical deal, once made

    def fail(self, line: int, reason: str):
        """Refuse the file (strict reads): the line and the reason."""
        if self.problem.quiet:
            raise _Retry
        raise self.err(line, reason)

    # ---- tags -------------------------------------------------------------------------------
    def resolve(self, game: _RawGame) -> dict[str, tuple[str, int]]:
        values: dict[str, tuple[str, int]] = {}
        for name, val, line in game.tags:
            if name == "Note":
                continue
            if val.startswith("#"):
                if name in _NO_INHERIT:
                    self.problem(
                        line,
                        f"tag {name} may not inherit its value with '#': give it in full",
                        "the tag is left out",
                    )
                    continue
                if val.startswith("##"):
                    val = val[2:]
                    self.sticky[name] = val
                else:
                    val = self.previous.get(name, "")
            if name in values:
                if name in ("Deal", "Board"):
                    self.problem(
                        line,
                        f"a second {name} tag in the game that began at line "
                        f"{game.line}: games are separated by an empty line",
                        "the first is kept",
                    )
                continue  # PBN: a repeated tag is ignored
            values[name] = (val, line)
        for name, val in self.sticky.items():
            values.setdefault(name, (val, game.line))
        for name, (val, _) in values.items():
            self.previous[name] = val
        return values

    def parse_deal(self, value: str, line: int):
        """(Deal or None, known cards or None) of a Deal tag; a deal that cannot be read is a
        problem, and its cards are left out."""
        hit = self.deals.get(value)
        if hit is None:
            hit = self.deals[value] = self._parse_deal(value)
            if len(self.deals) > 4096:
                self.deals.clear()
        deal, known, reason = hit
        if reason:
            self.problem(
                line, reason, "the cards are left out" if known is None else "the cards given are kept"
            )
        elif known is not None and self.strict:
            self.fail(line, _incomplete(known))
        return deal, known

    @staticmethod
    def _parse_deal(value: str):
        raw = value.strip()
        if not raw:
            return None, None, None  # [Deal ""]: no deal given
        if len(raw) < 2 or raw[1] != ":" or raw[0].upper() not in "NESW":
            return (
                None,
                None,
                (
                    f"Deal {value!r} must start with a seat and a colon (N:, E:, S: or "
                    "W:) and then give four hands clockwise"
                ),
            )
        first = Seat.parse(raw[0])
        hands = raw[2:].split()
        if len(hands) != 4:
            return (
                None,
                None,
                (
                    f"Deal {value!r} has {len(hands)} hands after {raw[:2]!r}; it "
                    "needs four separated by spaces ('-' for a hand not given)"
                ),
            )
        rows: list = [None] * 4
        for k, h in enumerate(hands):
            seat = Seat((first + k) % 4)
            if h == "-":
                continue
            try:
                rows[seat] = _fast_holdings(h)
            except PBNError as e:
                return None, None, f"Deal: {seat.full_name}'s hand: {e}"
        deal, known, reason = _make_deal(rows)
        if reason:
            return None, known, f"Deal {value!r}: {reason}"
        return deal, known, None

    def parse_seat(self, tag: str, value: str, line: int) -> Seat | None:
        seat = _SEATS.get(value)
        if seat is not None:
            return seat
        try:
            return Seat.parse(value)
        except ParseError:
            self.problem(line, f"{tag} {value!r} is not a seat: write N, E, S or W", f"the {tag} is left out")
            return None

    # ---- auction ----------------------------------------------------------------------------
    def parse_auction(
        self, first_value: str, tag_line: int, tokens, notes, dealer: Seat | None
    ) -> tuple[Auction | None, dict[int, str], bool]:
        """The auction (checked against the laws), alerts (call index -> text), and whether the
        auction was cut short. A call that cannot be read or is not legal ends what is kept."""
        problem = self.problem
        first = dealer
        if first_value.strip():
            named = self.parse_seat("Auction", first_value.strip(), tag_line)
            first = dealer if named is None else named  # (Seat.N is 0: never "or" a seat)
        if first is None:
            problem(
                tag_line,
                "the Auction tag names no first seat and there is no Dealer tag",
                "the auction is left out",
            )
            return None, {}, False
        items: list[tuple[str, str, int]] = []  # ("call" | "ap" | "note" | "alert", text, line)
        skipped = 0
        stopped = False
        bad = False
        plain = _PLAIN_CALLS
        for tok, line in tokens:
            if not stopped and tok in plain:  # most tokens: a call and nothing else
                items.append(("ap" if tok == "AP" else "call", tok, line))
                continue
            pos = 0
            while pos < len(tok) and not bad:
                m = _AUCTION_TOKEN_RE.match(tok, pos)
                if not m:
                    problem(
                        line,
                        f"{tok!r} in the auction is not a call: write Pass, X, XX, "
                        "1C ... 7NT, AP (all pass), or '-' before the dealer",
                        "the auction is kept up to it",
                    )
                    bad = True
                    break
                pos = m.end()
                if m.group("note"):
                    if not items:
                        problem(line, f"note {m.group()} comes before any call", "it is left out")
                        continue
                    items.append(("note", m.group()[1:-1], line))
                elif m.group("star") or m.group("plus"):
                    stopped = True
                elif m.group("call"):
                    word = m.group("call")
                    upper = word.upper()
                    if upper == "AC":  # Bridge Composer: the auction is not shown further
                        stopped = True
                        continue
                    if stopped:
                        problem(
                            line,
                            f"{word!r} comes after the end of the auction ('*', '+' or AC)",
                            "the calls after the end are left out",
                        )
                        bad = True
                        break
                    if word == "-":
                        if items:
                            problem(
                                line,
                                "'-' (not yet this player's turn) may only come before the first call",
                                "the auction is kept up to it",
                            )
                            bad = True
                            break
                        skipped += 1
                    else:
                        items.append(("ap" if upper == "AP" else "call", word, line))
                        if m.group("alert"):  # BEN writes an alerted call as 4H*
                            items.append(("alert", "", line))
                # NAGs, suffixes and irregularity marks are read and left out
            if bad:
                break
        opener = Seat((first + skipped) % 4)
        if dealer is not None and opener != dealer:
            problem(
                tag_line,
                f"the auction starts with {opener.full_name} but the dealer is {dealer.full_name}",
                "the auction is left out",
            )
            return None, {}, False
        try:
            return self._calls(_FastAuction(opener), items, notes, tag_line, stopped)
        except _Slow:  # a call the quick check does not take: the laws' own check says why
            return self._calls(Auction(opener), items, notes, tag_line, stopped)

    def _calls(self, auction, items, notes, tag_line: int, stopped: bool):
        """Add the calls to ``auction`` (rules.auction.Auction, or _FastAuction, which raises
        _Slow where the laws' reasons are needed); read the notes of the alerts."""
        problem = self.problem
        refs: dict[int, int] = {}
        flagged: set[int] = set()
        for kind, word, line in items:
            if kind == "note":
                refs[len(auction) - 1] = _small_int(word) or 0
                continue
            if kind == "alert":
                flagged.add(len(auction) - 1)
                continue
            try:
                if kind == "ap":
                    if auction.is_over:
                        problem(line, "AP (all pass) comes after the auction has ended", "it is left out")
                        break
                    while not auction.is_over:
                        auction.add(PASS)
                else:
                    try:
                        call = _call(word)
                    except ParseError:
                        problem(
                            line,
                            f"{word!r} in the auction is not a call: write Pass, X, XX, "
                            "1C ... 7NT, or AP (all pass)",
                            "the auction is kept up to it",
                        )
                        stopped = True
                        break
                    auction.add(call)
            except (PBNError, _Slow):
                raise
            except BridgeError as e:
                problem(
                    line,
                    f"call {len(auction) + 1} ({word}) is not legal: {e}",
                    "the auction is kept up to the call before it",
                )
                stopped = True
                break
        texts: dict[int, str] = {}
        for val, line in notes:
            m = re.match(r"\s*([0-9]{1,4})\s*:(.*)$", val, re.S)
            if not m:
                problem(
                    line, f'Note {val!r} must be written as "number:text", as "1:transfer"', "it is left out"
                )
                continue
            texts[int(m.group(1))] = _unescape_suits(m.group(2).strip())
        alerts = {i: "" for i in flagged if i >= 0}
        for idx, num in refs.items():
            if idx < 0 or idx >= len(auction):
                continue
            if num not in texts:
                problem(
                    tag_line,
                    f'the auction refers to note ={num}= but there is no [Note "{num}:..."] after it',
                    "the call is kept as alerted",
                )
                alerts[idx] = ""
                continue
            alerts[idx] = texts[num]
        return auction, alerts, stopped

    # ---- a game -----------------------------------------------------------------------------
    def record(self, game: _RawGame) -> DealRecord | None:
        problem = self.problem
        values = self.resolve(game)
        if not game.tags:
            if game.stray:
                tok, line = game.stray[0]
                problem(
                    line,
                    f'{tok[:40]!r} is outside any tag: a game is tags [Name "value"], '
                    "an auction after [Auction], cards after [Play], and comments in "
                    "braces or after ';'",
                    "the text is left out",
                )
            return None  # a lone comment, or text between games
        if "Deal" not in values:
            header_only = all(v.startswith("##") or n == "Note" for n, v, _ in game.tags)
            if header_only:
                return None  # a header of "##" tags, not a board
            if self.strict:
                self.fail(
                    game.line,
                    "this game has no Deal tag: every board needs "
                    '[Deal "N:... ... ... ..."] (read without '
                    "strict=True to take games without a deal)",
                )

        def get(name: str) -> tuple[str | None, int]:
            v, line = values.get(name, (None, game.line))
            if v is None or v.strip() in ("", "?"):
                return None, line
            return v.strip(), line

        board_v, line = get("Board")
        board_no = None
        if board_v is not None:
            board_no = _small_int(board_v)
            if board_no == 0 and self.strict:
                self.fail(
                    line,
                    "Board '0' is not a board number: boards are numbered 1, 2, "
                    "3, ... (read without strict=True to take board 0)",
                )
            if board_no is None:
                problem(
                    line,
                    f"Board {board_v[:40]!r} is not a board number: boards are numbered 1, 2, 3, ...",
                    "the board number is left out",
                )
        problem.board = None if board_no is None else str(board_no)
        deal, known = None, None
        if "Deal" in values:
            deal, known = self.parse_deal(*values["Deal"])
        dealer_v, line = get("Dealer")
        dealer = self.parse_seat("Dealer", dealer_v, line) if dealer_v else None
        vul_v, line = get("Vulnerable")
        vul = None
        if vul_v is not None:
            try:
                vul = _VULS.get(vul_v) or Vulnerability.parse(vul_v)
            except ParseError:
                problem(
                    line,
                    f"Vulnerable {vul_v!r} is not a vulnerability: write None, NS, EW "
                    "or All (or Love, -, Both)",
                    "the vulnerability is left out",
                )
        if board_no:  # a missing Dealer or Vulnerable tag: the board number's
            cycle = _CYCLE[(board_no - 1) % 16]  # Board.from_number's, at a glance
            if "Dealer" not in values:
                dealer = cycle[0]
            if "Vulnerable" not in values:
                vul = cycle[1]

        # auction, play and tables
        calls: tuple[Call, ...] = ()
        auction: Auction | None = None
        alerts: dict[int, str] = {}
        stopped = False
        extra_sections: dict[str, tuple[str, tuple[str, ...]]] = {}
        dd = None
        dd_rows = None
        for name, val, line, tokens, notes in game.sections:
            if name == "Auction":
                if auction is not None:
                    problem(line, "a second Auction section in one game", "it is left out")
                    continue
                if val.startswith("#"):
                    continue
                auction, alerts, stopped = self.parse_auction(val, line, tokens, notes, dealer)
                if auction is not None:
                    calls, dealer = tuple(auction.calls), auction.dealer
            elif tokens or notes or name == "Play":
                lines: dict[int, list[str]] = {}
                for tok, tl in tokens:
                    lines.setdefault(tl, []).append(tok)
                body = [" ".join(v) for _, v in sorted(lines.items())]
                body += [f'[Note "{_pbn_escape(v)}"]' for v, _ in notes]
                if name == "OptimumResultTable":
                    dd_rows = (val, tokens, line)
                extra_sections[name] = (val, tuple(body))

        # contract, declarer, result
        contract = None
        passed_out = False
        decl_v, decl_line = get("Declarer")
        declarer = None
        if decl_v is not None:
            declarer = self.parse_seat("Declarer", decl_v.lstrip("^"), decl_line)
        con_v, con_line = get("Contract")
        if con_v is not None:
            if con_v.upper() == "PASS":
                passed_out = True
            else:
                try:
                    contract = _CONTRACTS.get(con_v) or Contract.parse(con_v)
                except ParseError:
                    problem(
                        con_line,
                        f"Contract {con_v[:40]!r} is not a contract: write a level "
                        "1-7, a strain (C D H S NT) and X or XX, as 4SX; or Pass",
                        "the contract is left out",
                    )
                if contract is not None:
                    if (
                        contract.declarer is not None
                        and declarer is not None
                        and contract.declarer != declarer
                    ):
                        problem(
                            con_line,
                            f"Contract {con_v!r} names a declarer other than the "
                            f"Declarer tag's {declarer.name}",
                            "the Declarer tag's is kept",
                        )
                    if declarer is not None:
                        contract = replace(contract, declarer=declarer)
        if calls and not stopped and auction is not None and auction.is_over:
            from_auction = auction.contract
            if not from_auction:  # PASSED_OUT
                if contract is not None:
                    problem(con_line, f"Contract {con_v!r} but the auction is passed out", "both are kept")
                else:
                    passed_out = True
            elif contract is None and not passed_out:
                contract = from_auction
            elif contract is None or not _contract_agrees(contract, from_auction):
                problem(
                    con_line,
                    f"Contract {con_v!r}"
                    + (f" by {contract.declarer.name}" if contract and contract.declarer is not None else "")
                    + f" is not the contract the auction reaches ({from_auction})",
                    "both are kept",
                )
            else:
                contract = from_auction
        res_v, res_line = get("Result")
        result = None
        if res_v is not None:
            if declarer is None and contract is not None:
                declarer = contract.declarer
            result = self.parse_result(res_v, declarer, res_line)
        dd_v, dd_line = get("DoubleDummyTricks")
        if dd_v is not None:
            dd = self.parse_dd(dd_v, dd_line)
        elif dd_rows is not None:
            dd = self.dd_from_table(*dd_rows)

        tags = {
            name: val
            for name, (val, _) in values.items()
            if name not in _FIELD_TAGS
            and name not in extra_sections
            and not (name in MANDATORY_TAGS and val == "")  # written back as "" anyway
        }
        # commentary, and any [Note] outside the auction and the play, are the board's notes
        loose = [re.sub(r"^\s*\d+\s*:", "", v) for n, v, _ in game.tags if n == "Note"]
        notes = tuple(" ".join(_unescape_suits(c).split()) for c in game.comments + loose if c.strip())
        if game.stray:
            tok, line = game.stray[0]
            problem(
                line,
                f'{tok[:40]!r} is outside any tag: a game is tags [Name "value"], an '
                "auction after [Auction], cards after [Play], and comments in braces "
                "or after ';'",
                "it is left out",
            )
        return DealRecord(
            deal=deal,
            board=board_no,
            dealer=dealer,
            vulnerable=vul,
            auction=calls,
            alerts=alerts,
            contract=contract,
            passed_out=passed_out,
            result=result,
            notes=notes,
            dd=dd,
            tags=tags,
            sections=extra_sections,
            known=known,
            line=game.line,
        )

    # ---- the quick read of a simple game (see _QUICK_RE) ------------------------------------
    def quick(
        self, text: str, start: int, stop: int, line: int
    ) -> tuple[DealRecord, int, int, tuple[tuple[str, str], ...]] | None:
        """(record, where the game starts and ends, its % lines) of the game text[start:stop]
        if it is simple and has nothing to report; else None, and nothing about the reader changes.
        The same record as the scanner and ``record`` give (tests/test_pbn_quick.py)."""
        chunk = text[start:stop] + "\n"
        lead = 0
        if chunk[0] == "%":  # % lines before the first tag belong before the game
            lead = _LEAD_RE.match(chunk).end()  # type: ignore[union-attr]
            line += chunk.count("\n", 0, lead)
        got = _gather(chunk, lead)
        if got is None:
            return None
        values, sect, loose, pieces = got
        sticky = self.sticky
        if '"#' in chunk:  # a value inherited from a game before
            sticky = dict(sticky)
            for name, val in values.items():
                if val[:1] == "#":
                    if name in _NO_INHERIT or name in sect:
                        return None
                    if val[:2] == "##":
                        values[name] = sticky[name] = val[2:]
                    else:
                        values[name] = self.previous.get(name, "")
        for name, val in sticky.items():
            values.setdefault(name, val)

        dv = values.get("Deal")
        if dv is None:
            return None
        i = self.canonical[0].get(dv)
        hit = None if i is not None else self.deals.get(dv)
        if i is not None:  # (one Deal for the boards of a deal played at many tables)
            deal = self.made[i]
            if deal is None:
                deal = self.made[i] = _checked_deal(self.canonical[1][i])
        elif hit is None:
            deal = _quick_deal(dv)
            if deal is None:
                return None
            self.deals[dv] = (deal, None, None)
            if len(self.deals) > 4096:
                self.deals.clear()
        else:
            deal = hit[0]
            if deal is None:
                return None

        def get(name: str) -> str | None:
            v = values.get(name)
            if v is None:
                return None
            v = v.strip()
            return None if v == "" or v == "?" else v

        board_no = dealer = vul = None
        v = values.get("Board")
        if v is not None:
            board_no = _BOARD_TEXTS.get(v)  # (most files: "1", "2", ... as they are)
            if board_no is None and (v := get("Board")) is not None:
                board_no = _small_int(v)
                if not board_no:
                    return None
        v = values.get("Dealer")
        if v is not None:
            dealer = _SEATS.get(v)
            if dealer is None and (v := get("Dealer")) is not None:
                dealer = _SEATS.get(v)
                if dealer is None:
                    return None
        v = values.get("Vulnerable")
        if v is not None:
            vul = _VULS.get(v)
            if vul is None and (v := get("Vulnerable")) is not None:
                vul = _VULS.get(v)
                if vul is None:
                    return None
        if board_no and ("Dealer" not in values or "Vulnerable" not in values):
            cycle = _CYCLE[(board_no - 1) % 16]  # Board.from_number's, at a glance
            if "Dealer" not in values:
                dealer = cycle[0]
            if "Vulnerable" not in values:
                vul = cycle[1]

        calls: tuple[Call, ...] = ()
        auction = None
        alerts: dict[int, str] = {}
        stopped = False
        extra: dict[str, tuple[str, tuple[str, ...]]] = {}
        table = None
        try:
            for name, (val, lines, notes) in sect.items():
                if name == "Auction":
                    auction, alerts, stopped = self.quick_auction(val, lines, notes, dealer)
                    if auction is not None:
                        calls, dealer = tuple(auction.calls), auction.dealer
                elif lines or notes or name == "Play":
                    body = [" ".join(r.split()) for r in lines]
                    body += [f'[Note "{_pbn_escape(n)}"]' for n in notes]
                    if name == "OptimumResultTable":
                        table = (val, lines)
                    extra[name] = (val, tuple(body))

            contract = None
            passed_out = False
            declarer = None
            v = get("Declarer")
            if v is not None:
                declarer = _SEATS.get(v.lstrip("^"))
                if declarer is None:
                    return None
            con_v = get("Contract")
            if con_v is not None:
                if con_v.upper() == "PASS":
                    passed_out = True
                else:
                    contract = _CONTRACTS.get(con_v)
                    if contract is None:
                        return None
                    if declarer is not None:
                        contract = _with_declarer(contract, declarer)
            if calls and not stopped and auction is not None and auction.is_over:
                reached = cast(Contract, auction.contract)  # or PASSED_OUT, which is false
                if not reached:
                    if contract is not None:
                        return None
                    passed_out = True
                elif contract is None and not passed_out:
                    contract = reached
                elif contract is None or not _contract_agrees(contract, reached):
                    return None
                else:
                    contract = reached
            result = None
            v = get("Result")
            if v is not None:
                result = _TRICK_TEXTS.get(v)
                if result is None:
                    if declarer is None and contract is not None:
                        declarer = contract.declarer
                    result = self.parse_result(v, declarer, line)
            dd = None
            v = get("DoubleDummyTricks")
            if v is not None:
                dd = self.parse_dd(v, line)
            elif table is not None:
                dd = _quick_optimum(*table)
        except (_Retry, _Slow):
            return None

        tags = {
            name: val
            for name, val in values.items()
            if name not in _FIELD_TAGS and name not in extra and not (val == "" and name in _MANDATORY)
        }
        board_notes: tuple[str, ...] = ()
        if loose:
            texts = (_LOOSE_NOTE_RE.sub("", n) for n in loose)
            board_notes = tuple(" ".join(_unescape_suits(c).split()) for c in texts if c.strip())
        self.previous.update(values)
        self.sticky = sticky
        self.problem.board = str(board_no) if board_no is not None else None  # as record() leaves it
        rec = DealRecord(
            deal=deal,
            board=board_no,
            dealer=dealer,
            vulnerable=vul,
            auction=calls,
            alerts=alerts,
            contract=contract,
            passed_out=passed_out,
            result=result,
            notes=board_notes,
            dd=dd,
            tags=tags,
            sections=extra,
            line=line,
        )
        end = stop  # where the game's text ends (the scanner's end: a last % line whole)
        if text[max(start, text.rfind("\n", start, stop) + 1)] != "%":
            end = start + len(chunk.rstrip())
        return rec, start + lead, end, tuple(pieces)

    def quick_auction(
        self, value: str, lines: list[str], notes: list[str], dealer: Seat | None
    ) -> tuple[Any, dict[int, str], bool]:
        """parse_auction for an auction of plain calls, AP and =n= note references; anything
        else goes to parse_auction (and, with something to report, to the full reader)."""
        first = dealer
        v = value.strip()
        if v:
            first = _SEATS.get(v)
        if first is None or (dealer is not None and first != dealer):
            raise _Retry
        auction = _FastAuction(first)
        add = auction.add
        refs: dict[int, int] = {}
        plain = _QUICK_CALLS
        for row in lines:
            for tok in row.split():
                c = plain.get(tok)
                if c is not None:
                    add(c)
                elif tok == "AP":
                    if auction.over:
                        raise _Retry
                    while not auction.over:
                        add(PASS)
                elif (
                    len(tok) > 2
                    and tok[0] == "="
                    and tok[-1] == "="
                    and _NOTE_REF_RE.fullmatch(tok)
                    and auction.calls
                ):
                    refs[len(auction.calls) - 1] = int(tok[1:-1])
                else:  # marks, NAGs, '-' before the dealer, '*', AC: the full auction reader
                    tokens = [(t, 0) for r in lines for t in r.split()]
                    return self.parse_auction(value, 0, tokens, [(n, 0) for n in notes], dealer)
        texts: dict[int, str] = {}
        for n in notes:
            m = _NOTE_RE.match(n)
            if not m:
                raise _Retry
            texts[int(m.group(1))] = _unescape_suits(m.group(2).strip())
        alerts: dict[int, str] = {}
        for idx, num in refs.items():
            if num not in texts:
                raise _Retry
            alerts[idx] = texts[num]
        return auction, alerts, False

    _RESULT_RE = re.compile(
        r"^\^?\s*(?:(NS|EW)\s+([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?|([0-9]{1,2}))\s*$", re.I | re.ASCII
    )

    def parse_result(self, value: str, declarer: Seat | None, line: int) -> int | None:
        m = self._RESULT_RE.match(value)
        if not m:
            self.problem(
                line,
                f"Result {value[:40]!r} is not a number of tricks: write 0 to 13 "
                "(tricks won by declarer), or NS 9 / EW 4",
                "the result is left out",
            )
            return None
        if m.group(5) is not None:
            tricks = int(m.group(5))
        else:
            if declarer is None:
                self.problem(
                    line,
                    f"Result {value!r} gives a side's tricks but there is no declarer",
                    "the result is left out",
                )
                return None
            pairs = {m.group(1).upper(): int(m.group(2))}
            if m.group(3):
                pairs[m.group(3).upper()] = int(m.group(4))
            side = declarer.side.value
            tricks = pairs[side] if side in pairs else 13 - pairs[declarer.side.other.value]
        if not 0 <= tricks <= 13:
            self.problem(line, f"Result {value!r}: a side takes 0 to 13 tricks", "the result is left out")
            return None
        return tricks

    def parse_dd(self, value: str, line: int):
        v = value.strip()
        if not _DD_RE.fullmatch(v):
            self.problem(
                line,
                f"DoubleDummyTricks {value[:40]!r} must be 20 hex digits 0-d "
                "(declarers N S E W, strains NT S H D C)",
                "the table is left out",
            )
            return None
        tricks = list(map(_HEX.__getitem__, v))
        n, e, s, w = _DD_ROWS  # each seat's tricks by strain C D H S NT, from their places in v
        return (n(tricks), e(tricks), s(tricks), w(tricks))

    def dd_from_table(self, value: str, rows: list[tuple[str, int]], line: int):
        """An OptimumResultTable (Declarer;Denomination;Result rows) as a dd table, if complete."""
        cols = [c.split("\\")[0].lstrip("+-") for c in value.split(";")]
        if cols[:3] != ["Declarer", "Denomination", "Result"]:
            return None
        toks = [t for t, _ in rows]
        if len(toks) % len(cols):
            self.problem(
                line,
                f"OptimumResultTable has {len(toks)} entries, not a multiple of its {len(cols)} columns",
                "the table is kept as text only",
            )
            return None
        table: list[list] = [[None] * 5 for _ in range(4)]
        for k in range(0, len(toks), len(cols)):
            try:
                seat = Seat.parse(toks[k])
                strain = Strain.parse(toks[k + 1])
            except ParseError:
                seat = strain = None
            tricks = _small_int(toks[k + 2])
            if seat is None or strain is None or tricks is None or tricks > 13:
                self.problem(
                    rows[k][1],
                    f"OptimumResultTable row {' '.join(toks[k : k + 3])!r} is "
                    "not a declarer, a strain and 0 to 13 tricks",
                    "the table is kept as text only",
                )
                return None
            table[seat][strain] = tricks
        if any(x is None for r in table for x in r):
            return None
        return tuple(tuple(r) for r in table)


class _File:
    """What the records of one read share: the text, each record's span in it, its line
    ends, encoding and byte-order mark."""

    __slots__ = ("text", "spans", "newline", "encoding", "bom")

    def __init__(
        self, text: str, spans: list[tuple[int, int, tuple[Any, ...]]], newline: str, encoding: str, bom: bool
    ):
        self.text, self.spans, self.newline, self.encoding, self.bom = text, spans, newline, encoding, bom


class _Source:
    """What a record remembers of the file it was read from, to write it back as it was: its
    place in the read (the texts are cut from the file's when asked for)."""

    __slots__ = ("file", "index", "pieces", "state")

    def __init__(self, file: _File, index: int, pieces: tuple[Any, ...], state: tuple[Any, ...]):
        self.file = file  # the same object for every record of one read
        self.index = index  # the record's place in that read
        self.pieces = pieces  # (anchor, raw) comments and lines of the game, in order
        self.state = state  # the record's fields as read

    @property
    def prefix(self) -> str:
        """The text before the game (header, blank lines, % lines, ...)."""
        spans, k = self.file.spans, self.index
        return self.file.text[spans[k - 1][1] if k else 0 : spans[k][0]]

    @property
    def text(self) -> str:
        """The game itself."""
        start, end = self.file.spans[self.index][:2]
        return self.file.text[start:end]

    @property
    def tail(self) -> str:
        """The text after the game, for the file's last record."""
        return self.file.text[self.file.spans[self.index][1] :] if self.last else ""

    @property
    def first(self) -> bool:
        """Does the prefix hold the start of the file?"""
        return self.index == 0

    @property
    def last(self) -> bool:
        """Does the tail hold the end of the file?"""
        return self.index == len(self.file.spans) - 1

    @property
    def newline(self) -> str:
        return self.file.newline

    @property
    def encoding(self) -> str:
        return self.file.encoding

    @property
    def bom(self) -> bool:
        return self.file.bom


def loads(
    data: "str | bytes", source: str = "<pbn>", *, strict: bool = False, progress: bool | None = None
) -> list[DealRecord]:
    """Read the boards of a PBN text (str or bytes).

    Lenient by default: a game or part of one that cannot be read is given as a PBNWarning
    naming the source, line and game, and the rest loads; ``strict=True`` raises PBNError
    with the line instead. ``progress`` shows a progress bar (default: for big files read at
    an interactive terminal)."""
    text, encoding, newline, bom = _decode(data)
    reader = _Reader(source, strict)
    bar = _progress(len(text), source, progress)
    records: list[DealRecord] = []
    spans: list[tuple[int, int, tuple]] = []
    done = 0
    collecting = gc.isenabled()
    gc.disable()  # many small objects, none of them garbage: the collector would only slow us
    try:
        problem = reader.problem
        quick = reader.quick if _QUICK else None
        if quick is not None:  # (a deal in a comment is checked too: harmless)
            reader.canonical = _canonical_deals(text)
            reader.made = [None] * len(reader.canonical[1])
        for item in _scan_games(text, problem):
            if isinstance(item, tuple):
                start, stop, line = item
                if quick is not None:
                    problem.game += 1
                    problem.quiet = True
                    try:
                        got = quick(text, start, stop, line)
                    finally:
                        problem.quiet = False
                    if got is not None:
                        rec, start, end, pieces = got
                        records.append(rec)
                        spans.append((start, end, pieces))
                        if bar is not None and stop - done > _STEP:
                            bar.update(stop - done)
                            done = stop
                        continue
                    problem.game -= 1  # not simple, or something to report: read it in full
                games: Iterable[_RawGame] = _Scanner(text[start:stop], problem, line, start).run()
            else:
                games = (item,)
            for game in games:
                problem.game += 1
                problem.board = None
                if not game.tags and game.stray and not game.broken:
                    chunk = text[game.start : game.end + 1]
                    if _DEALER_OUTPUT_RE.match(chunk.rstrip("\n") + "\n"):
                        continue  # dealer's average / frequency output
                rec = reader.record(game)
                problems = problem.take()
                if rec is None:
                    continue
                rec.problems = problems
                records.append(rec)
                spans.append((game.start, game.end, tuple(game.pieces)))
                if bar is not None and game.end - done > _STEP:
                    bar.update(game.end - done)
                    done = game.end
        file = _File(text, spans, newline, encoding, bom)
        for k, (rec, span) in enumerate(zip(records, spans)):
            rec.source = _Source(file, k, span[2], _state(rec))
    finally:
        if collecting:
            gc.enable()
        if bar is not None:
            bar.close()
    return records


def load(
    file: "str | os.PathLike | IO", *, strict: bool = False, progress: bool | None = None
) -> list[DealRecord]:
    """Read a PBN file from a path or an open file (see ``loads``)."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as fh:
            return loads(fh.read(), source=os.fspath(file), strict=strict, progress=progress)
    return loads(file.read(), source=getattr(file, "name", "<pbn>"), strict=strict, progress=progress)


# ================================================================================ writing ===


def _changed(rec: DealRecord) -> bool:
    src = rec.source
    return not isinstance(src, _Source) or _state(rec) != src.state


def dumps(
    records: Iterable[DealRecord],
    *,
    creator: str | None = None,
    extra_header: Sequence[str] = (),
    newline: str | None = None,
) -> str:
    """The PBN text of these records.

    A record read from a file and not changed since is written as the file had it (with the
    file's header before the first record, and what followed the last one after it); others in
    the export format. Line ends are the file's (``newline`` to choose; CRLF for new files);
    ``extra_header`` lines are added to the %-escape lines of a new header."""
    from .. import __version__

    records = list(records)
    for rec in records:
        if not isinstance(rec, DealRecord):
            raise PBNError(f"PBN is written from DealRecords, not {type(rec).__name__}")
    sources = [r.source for r in records if isinstance(r.source, _Source)]
    nl = newline or (sources[0].newline if sources else "\r\n")
    parts: list[str] = []
    first_src = records[0].source if records else None
    if not (isinstance(first_src, _Source) and first_src.first):
        head = [
            "% PBN 2.1",
            "% EXPORT",
            "%Content-type: text/x-pbn; charset=UTF-8",
            f"%Creator: {creator or 'bridgelab ' + __version__}",
            *(
                _pbn_escape(line) if line.startswith("%") else "%" + _pbn_escape(line)
                for line in extra_header
            ),
        ]
        parts.append("\n".join(head))
    before: _Source | None = None
    for k, rec in enumerate(records):
        src = rec.source if isinstance(rec.source, _Source) else None
        if src is None:
            sep = "" if not parts else "\n" if k == 0 else "\n\n"
            parts.append(sep + "\n".join(_game_lines(rec)))
            before = None
            continue
        prefix = src.prefix
        follows = before is not None and before.file is src.file and before.index + 1 == src.index
        if parts and not follows:
            prefix = "\n\n" + prefix.lstrip("\n")  # an empty line between games
        elif not parts and not src.first:
            prefix = prefix.lstrip("\n")
        before = src
        body = src.text if not _changed(rec) else "\n".join(_game_lines(rec, src.pieces))
        parts.append(prefix + body)
    last = records[-1].source if records else None
    if isinstance(last, _Source) and last.last:
        parts.append(last.tail)
    elif parts:
        parts.append("\n")
    text = "".join(parts)
    return text.replace("\n", nl) if nl != "\n" else text


def dump(records: Iterable[DealRecord], file: "str | os.PathLike | IO", **kw) -> None:
    """Write records to a path or to an open text or binary file. A file read and written back
    unchanged keeps its encoding (UTF-8 or Latin-1) and byte-order mark; new files are UTF-8."""
    records = list(records)
    text = dumps(records, **kw)
    src = records[0].source if records and isinstance(records[0].source, _Source) else None
    encoding = src.encoding if src is not None and src.first else "utf-8"
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    if src is not None and src.first and src.bom and encoding == "utf-8":
        data = b"\xef\xbb\xbf" + data
    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb") as fh:
            fh.write(data)
    elif isinstance(file, (io.RawIOBase, io.BufferedIOBase)) or "b" in getattr(file, "mode", ""):
        file.write(data)
    else:
        file.write(text)


# ========================================================================= by file name ===


def read_deals(
    file: "str | os.PathLike", *, strict: bool = False, progress: bool | None = None
) -> list[DealRecord]:
    """Read a .pbn or .lin file, by its name's ending (PBN otherwise)."""
    if os.fspath(file).lower().endswith(".lin"):
        return load_lin(file, strict=strict, progress=progress)
    return load(file, strict=strict, progress=progress)


def write_deals(records: Iterable[DealRecord], file: "str | os.PathLike") -> str:
    """Write records to a .pbn or .lin file, by its name's ending (PBN otherwise)."""
    if os.fspath(file).lower().endswith(".lin"):
        dump_lin(records, file)
    else:
        dump(records, file)
    return os.fspath(file)
