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

import io
import os
import re
import sys
from dataclasses import dataclass, field, replace
from typing import IO, Iterable, Iterator, Sequence

from bridgelab.model.cards import SEATS, Card, Seat, Strain
from bridgelab.model.contract import Call, Contract, PASS
from bridgelab.model.deal import Board, Vulnerability
from bridgelab.model.errors import BridgeError, ParseError, PBNError, PBNWarning
from bridgelab.model.hand import parse_holdings
from bridgelab.rules.auction import Auction
from .lin import dump_lin, dumps_lin, load_lin, loads_lin
from .record import (DealRecord, _Error, _Problems, _decode, _incomplete, _make_deal, _progress,
                     _small_int, _state)

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

MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)
"""The PBN 2.1 mandatory tag set, in the order the export format writes it."""

# Tags that a record holds as fields, not in ``tags``.
_FIELD_TAGS = {"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result",
               "Auction", "Play", "Note", "DoubleDummyTricks"}
# Tags whose value may not be inherited with "#" / "##" (PBN 4.8).
_NO_INHERIT = {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
# The order of DoubleDummyTricks: declarers N S E W, strains NT S H D C (20 hex digits).
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_SUIT_ESCAPES = {"\\S": "♠", "\\H": "♥", "\\D": "♦", "\\C": "♣"}


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
    r'|(?P<tok>[^\s\[\]{};"]+)'
    r"|(?P<bad>.)",
    re.S,
)
_BLANK_RE = re.compile(r"[ \t\f\v]*(?:\n|\Z)")
_NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_ESCAPE_RE = re.compile(r'\\(["\\])')
# What Debian's dealer prints after printpbn boards for "average" and "frequency" actions.
_DEALER_OUTPUT_RE = re.compile(
    r"(?:[^\[\]{}\";%\n]*: *-?[\d.]+|Frequency [^\n]*:)\n(?:[^\[\]{}\";%\n]*(?:\n|\Z))*\Z")

# Tags followed by lines of data: the auction, the play, and the tables of PBN 2.1 chapter 5.
_SECTION_TAGS = {"Auction", "Play", "ActionTable", "AuctionTimeTable", "InstantScoreTable",
                 "OptimumPlayTable", "OptimumResultTable", "PlayTimeTable", "ScoreTable",
                 "TotalScoreTable"}


def _takes_data(name: str, value: str) -> bool:
    """May lines of data follow this tag? (Sections and tables; a table's value names its
    columns, separated by ';'.)"""
    return name in _SECTION_TAGS or name.endswith("Table") or (
        ";" in value and name not in MANDATORY_TAGS)


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
        return start, ("a tag '[' must be followed by a tag name of letters, digits or '_', "
                       "as [Deal \"N:...\"]"), resume
    name = m.group()
    j = m.end()
    while j < n and text[j] in " \t\n":
        line += text[j] == "\n"
        j += 1
    if j >= n or text[j] != '"':
        return line, (f"tag {name} has no value: write it as [{name} \"value\"] "
                      "(an empty value is \"\")"), max(resume, j if j < n and text[j] == "]" else 0)
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


def _scan_games(text: str, problems: _Problems) -> Iterator[_RawGame]:
    """The games of a PBN text in order (a game ends at an empty line)."""
    game: _RawGame | None = None
    section: list | None = None
    anchor: str | None = None
    line = 1
    pos = 0
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
            line += 1
            pos = end
            if _BLANK_RE.match(text, end) and game is not None:
                yield game
                game, section, anchor = None, None, None
            continue
        if kind == "tok":
            value = m.group()
            if game is None:
                game = _RawGame(line, pos)
            if section is not None and _takes_data(section[0], section[1]):
                section[3].append((value, line))
            else:
                game.stray.append((value, line))
            game.end = end
        elif kind == "tag":
            name, val = m.group("name"), m.group("val")
            if "\\" in val:
                val = _ESCAPE_RE.sub(r"\1", val)
            if game is None:
                game = _RawGame(line, pos)
            if name == "Note" and section is not None and section[0] in ("Auction", "Play"):
                section[4].append((val, line))
            else:
                game.tags.append((name, val, line))
                section = [name, val, line, [], []]
                game.sections.append(section)
                anchor = name
            line += m.group().count("\n")
            game.end = end
        elif kind == "com":
            body = m.group()
            if game is None:
                game = _RawGame(line, pos)
            game.comments.append(body[1:-1])
            game.pieces.append((anchor, body))
            line += body.count("\n")
            game.end = end
        elif kind in ("esc", "semi", "dstat"):
            if game is not None:
                game.pieces.append((anchor, m.group()))
                game.end = end
        else:  # "bad": a broken tag, an unclosed comment or string, a stray ']' or '}'
            c = text[pos]
            if game is None:
                game = _RawGame(line, pos)
            game.broken = True
            if c == "[":
                at, reason, end = _diagnose_tag(text, pos, line)
                problems.game += 0
                problems(at, reason, "the tag is left out")
            elif c == "{":
                problems(line, "a comment opened with '{' is never closed with '}'",
                         "the rest of its line is taken as the comment")
                end = text.find("\n", pos)
                end = n if end < 0 else end
                game.comments.append(text[pos + 1:end])
                game.pieces.append((anchor, text[pos:end]))
            elif c == '"':
                problems(line, "a '\"' string is not closed on its line", "the line is left out")
                end = text.find("\n", pos)
                end = n if end < 0 else end
            else:
                what = {"]": "a ']' without its '['", "}": "a '}' without its '{'"}.get(
                    c, f"{c!r} cannot stand here")
                problems(line, f"{what}: tags are written [Name \"value\"], comments {{like this}}",
                         "it is left out")
            game.end = end
        pos = end
    if game is not None:
        yield game


def _unescape_suits(text: str) -> str:
    for k, v in _SUIT_ESCAPES.items():
        text = text.replace(k, v)
    return text


def _escape_suits(text: str) -> str:
    for k, v in _SUIT_ESCAPES.items():
        text = text.replace(v, k)
    return text


def _contract_agrees(given: Contract, reached: Contract) -> bool:
    """Does a stated contract agree with the one the auction reaches: the same level, strain
    and doubling, and the same declarer if it names one?"""
    return (given.level, given.strain, given.doubled) == (
        reached.level, reached.strain, reached.doubled) and given.declarer in (None, reached.declarer)


_AUCTION_TOKEN_RE = re.compile(
    r"(?P<note>=[0-9]{1,4}=)|(?P<nag>\$[0-9]+)|(?P<suffix>[!?]{1,2})|(?P<irr>\^[ISRL])"
    r"|(?P<star>\*)|(?P<plus>\+)|(?P<call>[A-Za-z0-9-]+)(?P<alert>\*)?",
    re.ASCII,
)
_CALLS: dict[str, Call] = {}


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
        self.sticky: dict[str, str] = {}    # values set with "##", for the games after
        self.deals: dict[str, tuple] = {}   # deal text -> (Deal | None, known, problem)

    # ---- tags -------------------------------------------------------------------------------
    def resolve(self, game: _RawGame) -> dict[str, tuple[str, int]]:
        values: dict[str, tuple[str, int]] = {}
        for name, val, line in game.tags:
            if name == "Note":
                continue
            if val.startswith("#"):
                if name in _NO_INHERIT:
                    self.problem(line, f"tag {name} may not inherit its value with '#': "
                                       "give it in full", "the tag is left out")
                    continue
                if val.startswith("##"):
                    val = val[2:]
                    self.sticky[name] = val
                else:
                    val = self.previous.get(name, "")
            if name in values:
                if name in ("Deal", "Board"):
                    self.problem(line, f"a second {name} tag in the game that began at line "
                                       f"{game.line}: games are separated by an empty line",
                                 "the first is kept")
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
            self.problem(line, reason, "the cards are left out" if known is None
                         else "the cards given are kept")
        elif known is not None and self.strict:
            raise self.err(line, _incomplete(known))
        return deal, known

    @staticmethod
    def _parse_deal(value: str):
        raw = value.strip()
        if not raw:
            return None, None, None  # [Deal ""]: no deal given
        if len(raw) < 2 or raw[1] != ":" or raw[0].upper() not in "NESW":
            return None, None, (f"Deal {value!r} must start with a seat and a colon (N:, E:, S: or "
                                "W:) and then give four hands clockwise")
        first = Seat.parse(raw[0])
        hands = raw[2:].split()
        if len(hands) != 4:
            return None, None, (f"Deal {value!r} has {len(hands)} hands after {raw[:2]!r}; it "
                                "needs four separated by spaces ('-' for a hand not given)")
        rows: list = [None] * 4
        for k, h in enumerate(hands):
            seat = Seat((first + k) % 4)
            if h == "-":
                continue
            try:
                rows[seat] = parse_holdings(h)
            except PBNError as e:
                return None, None, f"Deal: {seat.full_name}'s hand: {e}"
        deal, known, reason = _make_deal(rows)
        if reason:
            return None, known, f"Deal {value!r}: {reason}"
        return deal, known, None

    def parse_seat(self, tag: str, value: str, line: int) -> Seat | None:
        try:
            return Seat.parse(value)
        except ParseError:
            self.problem(line, f"{tag} {value!r} is not a seat: write N, E, S or W",
                         f"the {tag} is left out")
            return None

    # ---- auction ----------------------------------------------------------------------------
    def parse_auction(self, first_value: str, tag_line: int, tokens, notes,
                      dealer: Seat | None) -> tuple[Auction | None, dict[int, str], bool]:
        """The auction (checked against the laws), alerts (call index -> text), and whether the
        auction was cut short. A call that cannot be read or is not legal ends what is kept."""
        problem = self.problem
        first = dealer
        if first_value.strip():
            first = self.parse_seat("Auction", first_value.strip(), tag_line) or dealer
        if first is None:
            problem(tag_line, "the Auction tag names no first seat and there is no Dealer tag",
                    "the auction is left out")
            return None, {}, False
        items: list[tuple[str, str, int]] = []  # ("call" | "ap" | "note" | "alert", text, line)
        skipped = 0
        stopped = False
        bad = False
        for tok, line in tokens:
            pos = 0
            while pos < len(tok) and not bad:
                m = _AUCTION_TOKEN_RE.match(tok, pos)
                if not m:
                    problem(line, f"{tok!r} in the auction is not a call: write Pass, X, XX, "
                                  "1C ... 7NT, AP (all pass), or '-' before the dealer",
                            "the auction is kept up to it")
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
                        problem(line, f"{word!r} comes after the end of the auction ('*', '+' "
                                      "or AC)", "the calls after the end are left out")
                        bad = True
                        break
                    if word == "-":
                        if items:
                            problem(line, "'-' (not yet this player's turn) may only come before "
                                          "the first call", "the auction is kept up to it")
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
            problem(tag_line, f"the auction starts with {opener.full_name} but the dealer is "
                              f"{dealer.full_name}", "the auction is left out")
            return None, {}, False
        auction = Auction(opener)
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
                        problem(line, "AP (all pass) comes after the auction has ended",
                                "it is left out")
                        break
                    while not auction.is_over:
                        auction.add(PASS)
                else:
                    try:
                        call = _call(word)
                    except ParseError:
                        problem(line, f"{word!r} in the auction is not a call: write Pass, X, XX, "
                                      "1C ... 7NT, or AP (all pass)", "the auction is kept up to it")
                        stopped = True
                        break
                    auction.add(call)
            except PBNError:
                raise
            except BridgeError as e:
                problem(line, f"call {len(auction) + 1} ({word}) is not legal: {e}",
                        "the auction is kept up to the call before it")
                stopped = True
                break
        texts: dict[int, str] = {}
        for val, line in notes:
            m = re.match(r"\s*([0-9]{1,4})\s*:(.*)$", val, re.S)
            if not m:
                problem(line, f"Note {val!r} must be written as \"number:text\", as \"1:transfer\"",
                        "it is left out")
                continue
            texts[int(m.group(1))] = _unescape_suits(m.group(2).strip())
        alerts = {i: "" for i in flagged if i >= 0}
        for idx, num in refs.items():
            if idx < 0 or idx >= len(auction):
                continue
            if num not in texts:
                problem(tag_line, f"the auction refers to note ={num}= but there is no "
                                  f"[Note \"{num}:...\"] after it", "the call is kept as alerted")
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
                problem(line, f"{tok[:40]!r} is outside any tag: a game is tags [Name \"value\"], "
                              "an auction after [Auction], cards after [Play], and comments in "
                              "braces or after ';'", "the text is left out")
            return None  # a lone comment, or text between games
        if "Deal" not in values:
            header_only = all(v.startswith("##") or n == "Note" for n, v, _ in game.tags)
            if header_only:
                return None  # a header of "##" tags, not a board
            if self.strict:
                raise self.err(game.line, "this game has no Deal tag: every board needs "
                                          "[Deal \"N:... ... ... ...\"] (read without "
                                          "strict=True to take games without a deal)")

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
                raise self.err(line, "Board '0' is not a board number: boards are numbered 1, 2, "
                                     "3, ... (read without strict=True to take board 0)")
            if board_no is None:
                problem(line, f"Board {board_v[:40]!r} is not a board number: boards are "
                              "numbered 1, 2, 3, ...", "the board number is left out")
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
                vul = Vulnerability.parse(vul_v)
            except ParseError:
                problem(line, f"Vulnerable {vul_v!r} is not a vulnerability: write None, NS, EW "
                              "or All (or Love, -, Both)", "the vulnerability is left out")
        if board_no:  # a missing Dealer or Vulnerable tag: the board number's
            b = Board.from_number(board_no)
            if "Dealer" not in values:
                dealer = b.dealer
            if "Vulnerable" not in values:
                vul = b.vulnerable

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
                    calls, dealer = auction.calls, auction.dealer
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
                    contract = Contract.parse(con_v)
                except ParseError:
                    problem(con_line, f"Contract {con_v[:40]!r} is not a contract: write a level "
                                      "1-7, a strain (C D H S NT) and X or XX, as 4SX; or Pass",
                            "the contract is left out")
                if contract is not None:
                    if contract.declarer is not None and declarer is not None \
                            and contract.declarer != declarer:
                        problem(con_line, f"Contract {con_v!r} names a declarer other than the "
                                          f"Declarer tag's {declarer.name}",
                                "the Declarer tag's is kept")
                    if declarer is not None:
                        contract = replace(contract, declarer=declarer)
        if calls and not stopped and auction is not None and auction.is_over:
            from_auction = auction.contract
            if from_auction is None:
                if contract is not None:
                    problem(con_line, f"Contract {con_v!r} but the auction is passed out",
                            "both are kept")
                else:
                    passed_out = True
            elif contract is None and not passed_out:
                contract = from_auction
            elif contract is None or not _contract_agrees(contract, from_auction):
                problem(con_line, f"Contract {con_v!r}"
                                  + (f" by {contract.declarer.name}" if contract and
                                     contract.declarer is not None else "")
                                  + f" is not the contract the auction reaches ({from_auction})",
                        "both are kept")
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
            name: val for name, (val, _) in values.items()
            if name not in _FIELD_TAGS and name not in extra_sections
            and not (name in MANDATORY_TAGS and val == "")  # written back as "" anyway
        }
        # commentary, and any [Note] outside the auction and the play, are the board's notes
        loose = [re.sub(r"^\s*\d+\s*:", "", v) for n, v, _ in game.tags if n == "Note"]
        notes = tuple(" ".join(_unescape_suits(c).split())
                      for c in game.comments + loose if c.strip())
        if game.stray:
            tok, line = game.stray[0]
            problem(line, f"{tok[:40]!r} is outside any tag: a game is tags [Name \"value\"], an "
                          "auction after [Auction], cards after [Play], and comments in braces "
                          "or after ';'", "it is left out")
        return DealRecord(
            deal=deal, board=board_no, dealer=dealer, vulnerable=vul, auction=calls,
            alerts=alerts, contract=contract, passed_out=passed_out, result=result,
            notes=notes, dd=dd, tags=tags, sections=extra_sections, known=known, line=game.line,
        )

    _RESULT_RE = re.compile(
        r"^\^?\s*(?:(NS|EW)\s+([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?|([0-9]{1,2}))\s*$",
        re.I | re.ASCII)

    def parse_result(self, value: str, declarer: Seat | None, line: int) -> int | None:
        m = self._RESULT_RE.match(value)
        if not m:
            self.problem(line, f"Result {value[:40]!r} is not a number of tricks: write 0 to 13 "
                               "(tricks won by declarer), or NS 9 / EW 4", "the result is left out")
            return None
        if m.group(5) is not None:
            tricks = int(m.group(5))
        else:
            if declarer is None:
                self.problem(line, f"Result {value!r} gives a side's tricks but there is no "
                                   "declarer", "the result is left out")
                return None
            pairs = {m.group(1).upper(): int(m.group(2))}
            if m.group(3):
                pairs[m.group(3).upper()] = int(m.group(4))
            side = declarer.side.value
            tricks = pairs[side] if side in pairs else 13 - pairs[declarer.side.other.value]
        if not 0 <= tricks <= 13:
            self.problem(line, f"Result {value!r}: a side takes 0 to 13 tricks",
                         "the result is left out")
            return None
        return tricks

    def parse_dd(self, value: str, line: int):
        v = value.strip()
        if not re.fullmatch(r"[0-9a-dA-D]{20}", v):
            self.problem(line, f"DoubleDummyTricks {value[:40]!r} must be 20 hex digits 0-d "
                               "(declarers N S E W, strains NT S H D C)", "the table is left out")
            return None
        table = [[0] * 5 for _ in range(4)]
        for k, ch in enumerate(v):
            table[_DD_SEATS[k // 5]][_DD_STRAINS[k % 5]] = int(ch, 16)
        return tuple(tuple(r) for r in table)

    def dd_from_table(self, value: str, rows: list[tuple[str, int]], line: int):
        """An OptimumResultTable (Declarer;Denomination;Result rows) as a dd table, if complete."""
        cols = [c.split("\\")[0].lstrip("+-") for c in value.split(";")]
        if cols[:3] != ["Declarer", "Denomination", "Result"]:
            return None
        toks = [t for t, _ in rows]
        if len(toks) % len(cols):
            self.problem(line, f"OptimumResultTable has {len(toks)} entries, not a multiple of its "
                               f"{len(cols)} columns", "the table is kept as text only")
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
                self.problem(rows[k][1], f"OptimumResultTable row {' '.join(toks[k:k + 3])!r} is "
                                         "not a declarer, a strain and 0 to 13 tricks",
                             "the table is kept as text only")
                return None
            table[seat][strain] = tricks
        if any(x is None for r in table for x in r):
            return None
        return tuple(tuple(r) for r in table)


@dataclass
class _Source:
    """What a record remembers of the file it was read from, to write it back as it was."""

    prefix: str                 # the text before the game (header, blank lines, % lines, ...)
    text: str                   # the game itself
    tail: str                   # the text after the game, for the file's last record
    first: bool                 # the prefix holds the start of the file
    last: bool                  # the tail holds the end of the file
    file: object                # the same object for every record of one read
    index: int                  # the record's place in that read
    newline: str
    encoding: str
    bom: bool
    pieces: tuple               # (anchor, raw) comments and lines of the game, in order
    state: tuple                # the record's fields as read


def loads(data: "str | bytes", source: str = "<pbn>", *, strict: bool = False,
          progress: bool | None = None) -> list[DealRecord]:
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
    try:
        for game in _scan_games(text, reader.problem):
            reader.problem.game += 1
            reader.problem.board = None
            if not game.tags and game.stray and not game.broken:
                chunk = text[game.start:game.end + 1]
                if _DEALER_OUTPUT_RE.match(chunk.rstrip("\n") + "\n"):
                    continue  # dealer's average / frequency output
            rec = reader.record(game)
            problems = reader.problem.take()
            if rec is None:
                continue
            rec.problems = problems
            records.append(rec)
            spans.append((game.start, game.end, tuple(game.pieces)))
            if bar is not None:
                bar.update(game.end - done)
                done = game.end
    finally:
        if bar is not None:
            bar.close()
    prev = 0
    file = object()
    for k, (rec, (start, end, pieces)) in enumerate(zip(records, spans)):
        last = k == len(records) - 1
        rec.source = _Source(
            prefix=text[prev:start], text=text[start:end], tail=text[end:] if last else "",
            first=k == 0, last=last, file=file, index=k, newline=newline, encoding=encoding, bom=bom, pieces=pieces,
            state=_state(rec))
        prev = end
    return records


def load(file: "str | os.PathLike | IO", *, strict: bool = False,
         progress: bool | None = None) -> list[DealRecord]:
    """Read a PBN file from a path or an open file (see ``loads``)."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as fh:
            return loads(fh.read(), source=os.fspath(file), strict=strict, progress=progress)
    return loads(file.read(), source=getattr(file, "name", "<pbn>"), strict=strict,
                 progress=progress)


# ================================================================================ writing ===

def _pbn_escape(value: str) -> str:
    """Quote a tag value: '"' becomes '\\"'; a backslash is doubled only where a reader would
    take it for an escape (before '"' or '\\', or at the end), so that the column widths of
    tables ("Result\\2R") stay as every program writes them. A tag value is one line: line
    breaks and other control characters become spaces."""
    value = re.sub(r"[\x00-\x1f\x7f]", " ", str(value))
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
        raise PBNError(f"a double-dummy table is 4 rows (N E S W) of 5 trick counts (C D H S NT): "
                       f"{e}") from None
    if any(not 0 <= v <= 13 for v in values):
        raise PBNError(f"a double-dummy table gives 0 to 13 tricks, not {values}")
    return "".join("%x" % v for v in values)


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
        from bridgelab.model.hand import holdings_to_pbn

        deal_text = f"{first.name}:" + " ".join(
            "-" if rec.known[s] is None else holdings_to_pbn(rec.known[s])
            for s in first.clockwise())
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
        "Contract": "Pass" if rec.passed_out else ("" if rec.contract is None
                                                   else rec.contract.to_ascii()),
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


def _changed(rec: DealRecord) -> bool:
    src = rec.source
    return not isinstance(src, _Source) or _state(rec) != src.state


def dumps(records: Iterable[DealRecord], *, creator: str | None = None,
          extra_header: Sequence[str] = (), newline: str | None = None) -> str:
    """The PBN text of these records.

    A record read from a file and not changed since is written as the file had it (with the
    file's header before the first record, and what followed the last one after it); others in
    the export format. Line ends are the file's (``newline`` to choose; CRLF for new files);
    ``extra_header`` lines are added to the %-escape lines of a new header."""
    from bridgelab import __version__

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
            *(_pbn_escape(line) if line.startswith("%") else "%" + _pbn_escape(line)
              for line in extra_header),
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


def read_deals(file: "str | os.PathLike", *, strict: bool = False,
               progress: bool | None = None) -> list[DealRecord]:
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
