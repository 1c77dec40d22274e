"""PBN files in and out (Portable Bridge Notation 2.1), and reading BBO's LIN files.

A file is a list of ``DealRecord``: a deal with its board number, dealer and vulnerability and,
when known, the auction, contract, result, commentary and double-dummy table.

Writing follows the export format: ``% PBN 2.1`` header, the 15 mandatory tags in their fixed
order (``""`` where a tag does not apply, ``"?"`` where it is unknown), supplemental tags sorted
by name, the auction four calls to a line starting with the dealer, CRLF line ends.

Reading accepts what other programs write (the import format): comments in braces and after
semicolons, ``%`` escape lines, unknown tags and tables (kept and written back), ``"?"``
(unknown) and ``"#"``/``"##"`` (inherited) tag values, ``-`` for a void or a hand not given
(three hands given: the fourth is worked out), a missing Dealer or Vulnerable tag (taken from
the board number), the statistics Debian's dealer prints after the boards,
CRLF or CR line ends, a byte-order mark, UTF-8 or Latin-1. A file that cannot be read raises
PBNError naming the line and the reason; no game is skipped or half-read silently.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass, field, replace
from typing import IO, Iterable, Iterator, Sequence

import numpy as np

from ..rules.auction import Auction
from ..model.cards import SEATS, Seat, Strain
from ..model.contract import Call, Contract, PASS
from ..model.deal import Board, Deal, Vulnerability
from ..model.errors import BridgeError, ParseError, PBNError
from ..model.hand import parse_holdings

__all__ = [
    "DealRecord",
    "MANDATORY_TAGS",
    "loads",
    "load",
    "dumps",
    "dump",
    "loads_lin",
    "load_lin",
    "read_deals",
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


@dataclass(eq=True)
class DealRecord:
    """One board of a file: the deal, board number, dealer, vulnerability and what is known of
    the auction and play. ``dd`` is a double-dummy table: ``dd[seat][strain]`` tricks for
    declarer, rows N E S W, columns C D H S NT (``int(Seat)``, ``int(Strain)``)."""

    deal: Deal
    board: int | None = None
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    auction: tuple[Call, ...] = ()
    alerts: dict[int, str] = field(default_factory=dict)
    contract: Contract | None = None
    passed_out: bool = False
    result: int | None = None
    notes: tuple[str, ...] = ()
    dd: tuple[tuple[int, ...], ...] | None = None
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    line: int | None = field(default=None, compare=False)

    @classmethod
    def from_board(cls, deal: Deal, number: int, **kw) -> "DealRecord":
        """A record whose dealer and vulnerability are board ``number``'s on the 16-board cycle."""
        b = Board.from_number(number)
        return cls(deal, number, b.dealer, b.vulnerable, **kw)

    @property
    def declarer(self) -> Seat | None:
        return None if self.contract is None else self.contract.declarer

    @property
    def event(self) -> str:
        return self.tags.get("Event", "")

    @property
    def board_info(self) -> Board | None:
        """Board number, dealer and vulnerability as a ``Board`` (for diagrams), if all known."""
        if self.board is None or self.dealer is None or self.vulnerable is None:
            return None
        return Board(self.board, self.dealer, self.vulnerable)

    def dd_table(self):
        """The double-dummy table as a DataFrame (declarers by strains), or None."""
        if self.dd is None:
            return None
        import pandas as pd

        return pd.DataFrame(
            [[self.dd[s][t] for t in reversed(range(5))] for s in SEATS],
            index=[s.name for s in SEATS],
            columns=[Strain(t).name for t in reversed(range(5))],
        )

    def to_pbn(self) -> str:
        """This record as one PBN game (export format, LF line ends)."""
        return "\n".join(_game_lines(self))

    def __repr__(self) -> str:
        return f"DealRecord(board={self.board}, dealer={self.dealer}, deal={self.deal.to_pbn()!r})"

    def _repr_html_(self) -> str:
        from ..render.display import deal_html

        return deal_html(self.deal, self.board_info)


# ================================================================================ reading ===

class _Error:
    """Builds PBNErrors that name the source and the line, with ``.line`` set."""

    def __init__(self, source: str):
        self.source = source

    def __call__(self, line: int, reason: str) -> PBNError:
        return PBNError(f"{self.source}, line {line}: {reason}", line=line)


def _decode(data: "str | bytes") -> str:
    if isinstance(data, bytes):
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # the PBN standard's own character set
    else:
        text = data
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")


_DEALER_STATS_RE = re.compile(
    r"(Generated \d+ hands|Produced \d+ hands|Initial random seed \d+|Time needed +[\d.]+ sec)"
    r"[ \t]*(\n|$)"
)
_NAME_RE = re.compile(r"[A-Za-z0-9_]+")
_TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|[^\s\[\]{};"]+')


def _scan(text: str, err: _Error) -> Iterator[tuple[str, object, int]]:
    """Tokens of a PBN text: ('tag', (name, value), line), ('token', str, line),
    ('comment', str, line) and ('end', None, line) at each semi-empty line."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            i += 1
            line += 1
            j = i
            while j < n and text[j] in " \t\v\f":
                j += 1
            if j >= n or text[j] == "\n":
                yield ("end", None, line)
            continue
        if c in " \t\v\f":
            i += 1
            continue
        if (i == 0 or text[i - 1] == "\n") and (c == "%" or _DEALER_STATS_RE.match(text, i)):
            j = text.find("\n", i)  # an escape line, or the statistics dealer prints after -p
            i = n if j < 0 else j
            continue
        if c == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "{":
            j = text.find("}", i + 1)
            if j < 0:
                raise err(line, "a comment opened with '{' is never closed with '}'")
            body = text[i + 1:j]
            yield ("comment", body, line)
            line += body.count("\n")
            i = j + 1
            continue
        if c == "[":
            start = line
            i += 1
            while i < n and text[i] in " \t\n":
                line += text[i] == "\n"
                i += 1
            m = _NAME_RE.match(text, i)
            if not m:
                raise err(start, "a tag '[' must be followed by a tag name of letters, digits "
                                 "or '_', as [Deal \"N:...\"]")
            name = m.group()
            i = m.end()
            while i < n and text[i] in " \t\n":
                line += text[i] == "\n"
                i += 1
            if i >= n or text[i] != '"':
                raise err(line, f"tag {name} has no value: write it as [{name} \"value\"] "
                                "(an empty value is \"\")")
            j, chars = i + 1, []
            while True:
                if j >= n or text[j] == "\n":
                    raise err(line, f"the value of tag {name} is not closed with '\"' on its line")
                if text[j] == "\\" and j + 1 < n and text[j + 1] in '"\\':
                    chars.append(text[j + 1])
                    j += 2
                    continue
                if text[j] == '"':
                    break
                chars.append(text[j])
                j += 1
            i = j + 1
            while i < n and text[i] in " \t\n":
                line += text[i] == "\n"
                i += 1
            if i >= n or text[i] != "]":
                raise err(line, f"tag {name} is not closed with ']'")
            i += 1
            yield ("tag", (name, "".join(chars)), start)
            continue
        if c == "]":
            raise err(line, "a ']' without its '[': tags are written [Name \"value\"]")
        m = _TOKEN_RE.match(text, i)
        if not m:  # an unclosed quote
            raise err(line, "a '\"' string is not closed on its line")
        yield ("token", m.group(), line)
        i = m.end()


@dataclass
class _RawGame:
    line: int
    tags: list[tuple[str, str, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    # section name -> (tag value, line, [(token, line)], [note tags])
    sections: list[list] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.tags and not self.comments


# Tags followed by lines of data: the auction, the play, and the tables of PBN 2.1 chapter 5.
_SECTION_TAGS = {"Auction", "Play", "ActionTable", "AuctionTimeTable", "InstantScoreTable",
                 "OptimumPlayTable", "OptimumResultTable", "PlayTimeTable", "ScoreTable",
                 "TotalScoreTable"}


def _takes_data(name: str, value: str) -> bool:
    """May lines of data follow this tag? (Sections and tables; a table's value names its
    columns, separated by ';'.)"""
    return name in _SECTION_TAGS or name.endswith("Table") or (
        ";" in value and name not in MANDATORY_TAGS)


def _raw_games(text: str, err: _Error) -> Iterator[_RawGame]:
    game: _RawGame | None = None
    section: list | None = None
    for kind, value, line in _scan(text, err):
        if kind == "end":
            if game is not None and not game.empty:
                yield game
            game, section = None, None
            continue
        if game is None:
            game = _RawGame(line)
        if kind == "comment":
            game.comments.append(value)  # type: ignore[arg-type]
        elif kind == "tag":
            name, val = value  # type: ignore[misc]
            if name == "Note" and section is not None and section[0] in ("Auction", "Play"):
                section[4].append((val, line))
                continue
            game.tags.append((name, val, line))
            section = [name, val, line, [], []]
            game.sections.append(section)
        else:
            if section is None or not _takes_data(section[0], section[1]):
                raise err(line, f"{value!r} is outside any tag: a game is tags [Name \"value\"], "
                                "an auction after [Auction], cards after [Play], and comments "
                                "in braces or after ';'")
            section[3].append((value, line))
    if game is not None and not game.empty:
        yield game


def _unescape_suits(text: str) -> str:
    for k, v in _SUIT_ESCAPES.items():
        text = text.replace(k, v)
    return text


def _escape_suits(text: str) -> str:
    for k, v in _SUIT_ESCAPES.items():
        text = text.replace(v, k)
    return text


def _fill_fourth(rows: list, seat: Seat) -> None:
    """Give ``seat`` the cards the other three hands do not hold."""
    others = [rows[s] for s in SEATS if s != seat]
    rows[seat] = tuple(0x1FFF & ~(others[0][k] | others[1][k] | others[2][k]) for k in range(4))


def _parse_deal(value: str, line: int, err: _Error) -> Deal:
    """A PBN Deal value; a hand given as '-' (not given) is filled in when it is the only one."""
    raw = value.strip()
    if len(raw) < 2 or raw[1] != ":" or raw[0].upper() not in "NESW":
        raise err(line, f"Deal {value!r} must start with a seat and a colon (N:, E:, S: or W:) "
                        "and then give four hands clockwise")
    first = Seat.parse(raw[0])
    hands = raw[2:].split()
    if len(hands) != 4:
        raise err(line, f"Deal {value!r} has {len(hands)} hands after {raw[:2]!r}; it needs four "
                        "separated by spaces ('-' for a hand not given)")
    rows: list = [None] * 4
    for k, h in enumerate(hands):
        seat = Seat((first + k) % 4)
        if h == "-":
            continue
        try:
            rows[seat] = parse_holdings(h)
        except PBNError as e:
            raise err(line, f"Deal: {seat.full_name}'s hand: {e}") from None
    missing = [s for s in SEATS if rows[s] is None]
    if len(missing) > 1:
        names = " and ".join(s.full_name for s in missing)
        raise err(line, f"Deal gives no cards for {names}: bridgelab needs all four hands "
                        "(or three, and works out the fourth)")
    if missing:
        _fill_fourth(rows, missing[0])
    try:
        return Deal.from_holdings(np.array(rows, dtype=np.uint16))
    except PBNError as e:
        raise err(line, f"Deal {value!r}: {e}") from None


def _parse_seat(tag: str, value: str, line: int, err: _Error) -> Seat:
    try:
        return Seat.parse(value)
    except ParseError:
        raise err(line, f"{tag} {value!r} is not a seat: write N, E, S or W") from None


def _contract_agrees(given: Contract, reached: Contract) -> bool:
    """Does a stated contract agree with the one the auction reaches: the same level, strain
    and doubling, and the same declarer if it names one?"""
    return (given.level, given.strain, given.doubled) == (
        reached.level, reached.strain, reached.doubled) and given.declarer in (None, reached.declarer)


_AUCTION_TOKEN_RE = re.compile(
    r"(?P<note>=\d+=)|(?P<nag>\$\d+)|(?P<suffix>[!?]{1,2})|(?P<irr>\^[ISRL])|(?P<star>\*)"
    r"|(?P<plus>\+)|(?P<call>[A-Za-z0-9-]+)"
)


def _parse_auction(first_value: str, tag_line: int, tokens, notes, dealer: Seat | None,
                   err: _Error) -> tuple[Auction, dict[int, str], bool]:
    """The auction (checked against the laws), alerts (call index -> text), and whether the
    auction was cut short."""
    first = _parse_seat("Auction", first_value, tag_line, err) if first_value.strip() else dealer
    if first is None:
        raise err(tag_line, "the Auction tag names no first seat and there is no Dealer tag")
    items: list[tuple[str, str, int]] = []  # ("call" | "ap" | "note", text, line)
    skipped = 0
    stopped = False
    for tok, line in tokens:
        pos = 0
        while pos < len(tok):
            m = _AUCTION_TOKEN_RE.match(tok, pos)
            if not m:
                raise err(line, f"{tok!r} in the auction is not a call: write Pass, X, XX, "
                                "1C ... 7NT, AP (all pass), or '-' before the dealer")
            pos = m.end()
            if m.group("note"):
                if not items:
                    raise err(line, f"note {m.group()} comes before any call")
                items.append(("note", m.group()[1:-1], line))
            elif m.group("star") or m.group("plus"):
                stopped = True
            elif m.group("call"):
                word = m.group("call")
                if stopped:
                    raise err(line, f"{word!r} comes after the end of the auction ('*' or '+')")
                if word == "-":
                    if items:
                        raise err(line, "'-' (not yet this player's turn) may only come before "
                                        "the first call")
                    skipped += 1
                else:
                    items.append(("ap" if word.upper() == "AP" else "call", word, line))
            # NAGs, suffixes and irregularity marks are read and left out
    opener = Seat((first + skipped) % 4)
    if dealer is not None and opener != dealer:
        raise err(tag_line, f"the auction starts with {opener.full_name} but the dealer is "
                            f"{dealer.full_name}")
    auction = Auction(opener)
    refs: dict[int, int] = {}
    for kind, word, line in items:
        if kind == "note":
            refs[len(auction) - 1] = int(word)
            continue
        try:
            if kind == "ap":
                if auction.is_over:
                    raise err(line, "AP (all pass) comes after the auction has ended")
                while not auction.is_over:
                    auction.add(PASS)
            else:
                try:
                    call = Call.parse(word)
                except ParseError:
                    raise err(line, f"{word!r} in the auction is not a call: write Pass, X, XX, "
                                    "1C ... 7NT, or AP (all pass)") from None
                auction.add(call)
        except BridgeError as e:
            if isinstance(e, PBNError):
                raise
            raise err(line, f"call {len(auction) + 1} ({word}) is not legal: {e}") from None
    texts: dict[int, str] = {}
    for val, line in notes:
        m = re.match(r"\s*(\d+)\s*:(.*)$", val)
        if not m:
            raise err(line, f"Note {val!r} must be written as \"number:text\", as \"1:transfer\"")
        texts[int(m.group(1))] = _unescape_suits(m.group(2).strip())
    alerts = {}
    for idx, num in refs.items():
        if num not in texts:
            raise err(tag_line, f"the auction refers to note ={num}= but there is no "
                                f"[Note \"{num}:...\"] after it")
        alerts[idx] = texts[num]
    return auction, alerts, stopped


_RESULT_RE = re.compile(r"^\^?\s*(?:(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?|(\d+))\s*$", re.I)


def _parse_result(value: str, declarer: Seat | None, line: int, err: _Error) -> int:
    m = _RESULT_RE.match(value)
    if not m:
        raise err(line, f"Result {value!r} is not a number of tricks: write 0 to 13 "
                        "(tricks won by declarer), or NS 9 / EW 4")
    if m.group(5) is not None:
        tricks = int(m.group(5))
    else:
        if declarer is None:
            raise err(line, f"Result {value!r} gives a side's tricks but there is no declarer")
        pairs = {m.group(1).upper(): int(m.group(2))}
        if m.group(3):
            pairs[m.group(3).upper()] = int(m.group(4))
        side = declarer.side.value
        if side in pairs:
            tricks = pairs[side]
        else:
            tricks = 13 - pairs[declarer.side.other.value]
    if not 0 <= tricks <= 13:
        raise err(line, f"Result {value!r}: a side takes 0 to 13 tricks")
    return tricks


def _parse_dd(value: str, line: int, err: _Error) -> tuple[tuple[int, ...], ...]:
    v = value.strip()
    if not re.fullmatch(r"[0-9a-dA-D]{20}", v):
        raise err(line, f"DoubleDummyTricks {value!r} must be 20 hex digits 0-d (declarers N S E W, "
                        "strains NT S H D C)")
    table = [[0] * 5 for _ in range(4)]
    for k, ch in enumerate(v):
        seat, strain = _DD_SEATS[k // 5], _DD_STRAINS[k % 5]
        table[seat][strain] = int(ch, 16)
    return tuple(tuple(r) for r in table)


def _dd_from_table(value: str, rows: list[tuple[str, int]], line: int, err: _Error):
    """An OptimumResultTable (Declarer;Denomination;Result rows) as a dd table, if complete."""
    cols = [c.split("\\")[0].lstrip("+-") for c in value.split(";")]
    if cols[:3] != ["Declarer", "Denomination", "Result"]:
        return None
    toks = [t for t, _ in rows]
    if len(toks) % len(cols):
        raise err(line, f"OptimumResultTable has {len(toks)} entries, not a multiple of its "
                        f"{len(cols)} columns")
    table = [[None] * 5 for _ in range(4)]
    for k in range(0, len(toks), len(cols)):
        try:
            seat = Seat.parse(toks[k])
            strain = Strain.parse(toks[k + 1])
            tricks = int(toks[k + 2])
        except (ParseError, ValueError):
            raise err(rows[k][1], f"OptimumResultTable row {' '.join(toks[k:k + 3])!r} is not "
                                  "a declarer, a strain and a number of tricks") from None
        table[seat][strain] = tricks
    if any(x is None for r in table for x in r):
        return None
    return tuple(tuple(r) for r in table)


class _Reader:
    def __init__(self, source: str):
        self.err = _Error(source)
        self.previous: dict[str, str] = {}  # last real value of each tag, for "#"
        self.sticky: dict[str, str] = {}    # values set with "##", for the games after

    def resolve(self, game: _RawGame) -> dict[str, tuple[str, int]]:
        values: dict[str, tuple[str, int]] = {}
        for name, val, line in game.tags:
            if name == "Note":
                continue
            if val.startswith("#"):
                if name in _NO_INHERIT:
                    raise self.err(line, f"tag {name} may not inherit its value with '#': "
                                         "give it in full")
                if val.startswith("##"):
                    val = val[2:]
                    self.sticky[name] = val
                else:
                    val = self.previous.get(name, "")
            if name in values:
                if name in ("Deal", "Board"):
                    raise self.err(line, f"a second {name} tag in the game that began at line "
                                         f"{game.line}: games are separated by an empty line")
                continue  # PBN: a repeated tag is ignored
            values[name] = (val, line)
        for name, val in self.sticky.items():
            values.setdefault(name, (val, game.line))
        for name, (val, _) in values.items():
            self.previous[name] = val
        return values

    def record(self, game: _RawGame) -> DealRecord | None:
        err = self.err
        values = self.resolve(game)
        if "Deal" not in values:
            header_only = all(v.startswith("##") or n == "Note" for n, v, _ in game.tags)
            if header_only:
                return None  # a header of "##" tags (or a lone comment), not a board
            raise err(game.line, "this game has no Deal tag: every board needs "
                                 "[Deal \"N:... ... ... ...\"]")

        def get(name: str) -> tuple[str | None, int]:
            v, line = values.get(name, (None, game.line))
            if v is None or v.strip() in ("", "?"):
                return None, line
            return v.strip(), line

        deal_v, deal_line = values["Deal"]
        deal = _parse_deal(deal_v, deal_line, err)
        board_v, line = get("Board")
        board_no = None
        if board_v is not None:
            if not board_v.isdigit() or int(board_v) < 1:
                raise err(line, f"Board {board_v!r} is not a board number: boards are numbered "
                                "1, 2, 3, ...")
            board_no = int(board_v)
        dealer_v, line = get("Dealer")
        dealer = _parse_seat("Dealer", dealer_v, line, err) if dealer_v else None
        vul_v, line = get("Vulnerable")
        vul = None
        if vul_v is not None:
            try:
                vul = Vulnerability.parse(vul_v)
            except ParseError:
                raise err(line, f"Vulnerable {vul_v!r} is not a vulnerability: write None, NS, "
                                "EW or All (or Love, -, Both)") from None
        if board_no is not None:  # a missing Dealer or Vulnerable tag: the board number's
            b = Board.from_number(board_no)
            if "Dealer" not in values:
                dealer = b.dealer
            if "Vulnerable" not in values:
                vul = b.vulnerable

        # auction
        calls: tuple[Call, ...] = ()
        auction: Auction | None = None
        alerts: dict[int, str] = {}
        stopped = False
        extra_sections: dict[str, tuple[str, tuple[str, ...]]] = {}
        dd = None
        dd_rows = None
        for name, val, line, tokens, notes in game.sections:
            if name == "Auction":
                if calls:
                    raise err(line, "a second Auction section in one game")
                auction, alerts, stopped = _parse_auction(val, line, tokens, notes, dealer, err)
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
            declarer = _parse_seat("Declarer", decl_v.lstrip("^"), decl_line, err)
        con_v, con_line = get("Contract")
        if con_v is not None:
            if con_v.upper() == "PASS":
                passed_out = True
            else:
                try:
                    contract = Contract.parse(con_v)
                except ParseError:
                    raise err(con_line, f"Contract {con_v!r} is not a contract: write a level "
                                        "1-7, a strain (C D H S NT) and X or XX, as 4SX; or Pass")
                if contract.declarer is not None and declarer is not None \
                        and contract.declarer != declarer:
                    raise err(con_line, f"Contract {con_v!r} names a declarer other than the "
                                        f"Declarer tag's {declarer.name}")
                if declarer is not None:
                    contract = replace(contract, declarer=declarer)
        if calls and not stopped and auction.is_over:  # type: ignore[union-attr]
            from_auction = auction.contract  # type: ignore[union-attr]
            if not from_auction:  # PASSED_OUT
                if contract is not None:
                    raise err(con_line, f"Contract {con_v!r} but the auction is passed out")
                passed_out = True
            elif contract is None and not passed_out:
                contract = from_auction
            elif contract is None or not _contract_agrees(contract, from_auction):
                raise err(con_line, f"Contract {con_v!r}"
                                    + (f" by {contract.declarer.name}" if contract and
                                       contract.declarer is not None else "")
                                    + f" is not the contract the auction reaches ({from_auction})")
            else:
                contract = from_auction
        res_v, res_line = get("Result")
        result = None
        if res_v is not None:
            if declarer is None and contract is not None:
                declarer = contract.declarer
            result = _parse_result(res_v, declarer, res_line, err)
        if "DoubleDummyTricks" in values and get("DoubleDummyTricks")[0] is not None:
            v, line = get("DoubleDummyTricks")
            dd = _parse_dd(v, line, err)  # type: ignore[arg-type]
        elif dd_rows is not None:
            dd = _dd_from_table(dd_rows[0], dd_rows[1], dd_rows[2], err)

        tags = {
            name: val for name, (val, _) in values.items()
            if name not in _FIELD_TAGS and name not in extra_sections
            and not (name in MANDATORY_TAGS and val == "")  # written back as "" anyway
        }
        # commentary, and any [Note] outside the auction and the play, are the board's notes
        loose = [re.sub(r"^\s*\d+\s*:", "", v) for n, v, _ in game.tags if n == "Note"]
        notes = tuple(" ".join(_unescape_suits(c).split())
                      for c in game.comments + loose if c.strip())
        return DealRecord(
            deal=deal, board=board_no, dealer=dealer, vulnerable=vul, auction=calls,
            alerts=alerts, contract=contract, passed_out=passed_out, result=result,
            notes=notes, dd=dd, tags=tags, sections=extra_sections, line=game.line,
        )


def loads(data: "str | bytes", source: str = "<pbn>") -> list[DealRecord]:
    """Read the boards of a PBN text (str or bytes). Raises PBNError with the line on error."""
    reader = _Reader(source)
    records = []
    text = _decode(data)
    for game in _raw_games(text, reader.err):
        rec = reader.record(game)
        if rec is not None:
            records.append(rec)
    return records


def load(file: "str | os.PathLike | IO") -> list[DealRecord]:
    """Read a PBN file from a path or an open file."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as fh:
            return loads(fh.read(), source=os.fspath(file))
    return loads(file.read(), source=getattr(file, "name", "<pbn>"))


# ================================================================================ writing ===

def _pbn_escape(value: str) -> str:
    """Quote a tag value: '"' becomes '\\"'; a backslash is doubled only where a reader would
    take it for an escape (before '"' or '\\', or at the end), so that the column widths of
    tables ("Result\\2R") stay as every program writes them."""
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", str(value)).replace('"', '\\"')


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


def _game_lines(rec: DealRecord) -> list[str]:
    tags = dict(rec.tags)
    unknown = "?"
    first = Seat.N if rec.dealer is None else rec.dealer
    declarer = rec.declarer
    values = {
        "Event": tags.pop("Event", ""),
        "Site": tags.pop("Site", ""),
        "Date": tags.pop("Date", ""),
        "Board": unknown if rec.board is None else rec.board,
        "West": tags.pop("West", ""),
        "North": tags.pop("North", ""),
        "East": tags.pop("East", ""),
        "South": tags.pop("South", ""),
        "Dealer": unknown if rec.dealer is None else rec.dealer.name,
        "Vulnerable": unknown if rec.vulnerable is None else rec.vulnerable.value,
        "Deal": rec.deal.to_pbn(first),
        "Scoring": tags.pop("Scoring", ""),
        "Declarer": "" if declarer is None else declarer.name,
        "Contract": "Pass" if rec.passed_out else ("" if rec.contract is None
                                                   else rec.contract.to_ascii()),
        "Result": "" if rec.result is None else rec.result,
    }
    out = [_tag(name, values[name]) for name in MANDATORY_TAGS]
    if rec.dd is not None:
        tags["DoubleDummyTricks"] = "".join(
            "%x" % rec.dd[s][t] for s in _DD_SEATS for t in _DD_STRAINS
        )
    for name in sorted(tags):
        out.append(_tag(name, tags[name]))
    if rec.auction:
        out.append(_tag("Auction", first.name))
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
    sections = dict(rec.sections)
    if "Play" in sections:
        val, body = sections.pop("Play")
        out.append(_tag("Play", val))
        out.extend(body)
    for name in sorted(sections):
        val, body = sections[name]
        out.append(_tag(name, val))
        out.extend(body)
    for note in rec.notes:
        lines = _wrap(_escape_suits(note).replace("}", ")").replace("{", "("))
        if lines:
            lines[0] = "{" + lines[0]
            lines[-1] += "}"
            out.extend(lines)
    return out


def dumps(records: Iterable[DealRecord], *, creator: str | None = None,
          extra_header: Sequence[str] = ()) -> str:
    """The PBN 2.1 export-format text of these records (CRLF line ends, UTF-8 content).
    ``extra_header`` lines are added to the %-escape lines at the top."""
    from .. import __version__

    head = [
        "% PBN 2.1",
        "% EXPORT",
        "%Content-type: text/x-pbn; charset=UTF-8",
        f"%Creator: {creator or 'bridgelab ' + __version__}",
        *(line if line.startswith("%") else "%" + line for line in extra_header),
    ]
    games = ["\r\n".join(_game_lines(r)) for r in records]
    return "\r\n".join(head) + "\r\n" + "\r\n\r\n".join(games) + ("\r\n" if games else "")


def dump(records: Iterable[DealRecord], file: "str | os.PathLike | IO", **kw) -> None:
    """Write records to a path (UTF-8, CRLF) or to an open text or binary file."""
    text = dumps(records, **kw)
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    elif isinstance(file, (io.RawIOBase, io.BufferedIOBase)) or "b" in getattr(file, "mode", ""):
        file.write(text.encode("utf-8"))
    else:
        file.write(text)


# ============================================================================ LIN (BBO) ===

_LIN_SEAT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_LIN_VUL = {"o": "None", "0": "None", "n": "NS", "e": "EW", "b": "All"}


def _lin_hand(text: str, where: str, line: int, err: _Error) -> tuple[int, int, int, int] | None:
    if not text.strip():
        return None
    parts = {"S": "", "H": "", "D": "", "C": ""}
    suit = None
    for ch in text.strip().upper():
        if ch in parts:
            suit = ch
        elif suit is None:
            raise err(line, f"{where} hand {text!r} must start with a suit letter S, H, D or C")
        else:
            parts[suit] += ch
    try:
        return parse_holdings(".".join(parts[s] for s in "SHDC"))
    except PBNError as e:
        raise err(line, f"{where} hand {text!r}: {e}") from None


def loads_lin(data: "str | bytes", source: str = "<lin>") -> list[DealRecord]:
    """Read BBO's LIN format (hand records and played boards): deals, board numbers, dealer,
    vulnerability, players, auction and alerts. The play is not kept."""
    err = _Error(source)
    text = _decode(data)
    records: list[DealRecord] = []
    cur: dict | None = None

    def finish():
        if cur is None:
            return
        if cur.get("deal") is None:
            raise err(cur["line"], "this board has no md| (the cards)")
        rec = DealRecord(
            deal=cur["deal"], board=cur.get("board"), dealer=cur["dealer"],
            vulnerable=cur.get("vul"), auction=tuple(cur["calls"]), alerts=cur["alerts"],
            tags=cur["tags"], line=cur["line"],
        )
        if rec.board is not None and rec.vulnerable is None:
            rec.vulnerable = Board.from_number(rec.board).vulnerable
        if rec.auction:
            try:
                auction = Auction(rec.dealer, rec.auction)
            except BridgeError as e:
                raise err(cur["line"], f"the auction is not legal: {e}") from None
            if auction.is_over:
                rec.contract = auction.contract or None
                rec.passed_out = auction.passed_out
        records.append(rec)

    # Split into key|value| pairs, remembering each key's line.
    line = 1
    fields = text.split("|")
    line_of = []
    for f in fields:
        lead = f[:len(f) - len(f.lstrip())]  # the key's own line, after any line breaks
        line_of.append(line + lead.count("\n"))
        line += f.count("\n")
    k = 0
    pending_board: int | None = None
    pending_players: dict[str, str] | None = None
    while k + 1 < len(fields):
        key, value, kline = fields[k].strip().lower(), fields[k + 1], line_of[k]
        k += 2
        if not key:
            continue
        if key == "qx":
            m = re.search(r"(\d+)", value)
            pending_board = int(m.group(1)) if m else None
        elif key == "pn":
            names = [x.strip() for x in value.split(",")]
            pending_players = dict(zip(("South", "West", "North", "East"), names[:4]))
            if cur is not None:
                cur["tags"].update(pending_players)
        elif key == "md":
            finish()
            v = value.strip()
            if not v or v[0] not in _LIN_SEAT:
                raise err(kline, f"md|{value}| must start with the dealer: 1 South, 2 West, "
                                 "3 North, 4 East")
            dealer = _LIN_SEAT[v[0]]
            hands = v[1:].split(",")
            rows: list = [None] * 4
            for seat, h in zip((Seat.S, Seat.W, Seat.N, Seat.E), hands):
                rows[seat] = _lin_hand(h, seat.full_name + "'s", kline, err)
            missing = [s for s in SEATS if rows[s] is None]
            if len(missing) > 1:
                raise err(kline, "md| gives fewer than three hands")
            if missing:
                _fill_fourth(rows, missing[0])
            try:
                deal = Deal.from_holdings(np.array(rows, dtype=np.uint16))
            except PBNError as e:
                raise err(kline, f"md|{value}|: {e}") from None
            cur = {"deal": deal, "dealer": dealer, "calls": [], "alerts": {}, "line": kline,
                   "tags": dict(pending_players or {}), "board": pending_board}
            pending_board = None
        elif cur is None:
            continue  # headers before the first board (vg, pn of a match, ...)
        elif key == "ah":
            m = re.search(r"(\d+)", value)
            if m:
                cur["board"] = int(m.group(1))
        elif key == "sv":
            v = value.strip().lower()
            if v not in _LIN_VUL:
                raise err(kline, f"sv|{value}| is not a vulnerability: o (none), n, e or b (both)")
            cur["vul"] = Vulnerability.parse(_LIN_VUL[v])
        elif key == "mb":
            for word in value.split("-") if len(value) > 2 and "-" in value else [value]:
                alert = word.endswith("!")
                try:
                    call = Call.parse(word.rstrip("!"))
                except ParseError:
                    raise err(kline, f"mb|{value}|: {word!r} is not a call") from None
                cur["calls"].append(call)
                if alert:
                    cur["alerts"].setdefault(len(cur["calls"]) - 1, "")
        elif key == "an":
            if cur["calls"]:
                cur["alerts"][len(cur["calls"]) - 1] = _lin_unescape(value)
    finish()
    if not records:
        raise err(1, "no board found: a LIN board gives its cards with md|...|")
    return records


def _lin_unescape(text: str) -> str:
    return re.sub(r"!([shdc])", lambda m: _SUIT_ESCAPES["\\" + m.group(1).upper()], text, flags=re.I)


def load_lin(file: "str | os.PathLike | IO") -> list[DealRecord]:
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as fh:
            return loads_lin(fh.read(), source=os.fspath(file))
    return loads_lin(file.read(), source=getattr(file, "name", "<lin>"))


def read_deals(file: "str | os.PathLike") -> list[DealRecord]:
    """Read a .pbn or .lin file, by its name's ending (PBN otherwise)."""
    if os.fspath(file).lower().endswith(".lin"):
        return load_lin(file)
    return load(file)
