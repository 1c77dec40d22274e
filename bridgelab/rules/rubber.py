"""Rubber bridge and Chicago scoresheets: the We/They cross with trick points below the line.

Neither sheet knows a scoring table of its own. Each deal is scored by
``bridgelab.rules.scoring.score_breakdown``; the sheet only decides where each part is written
(trick points below the line, premiums above it), which side is vulnerable, when a game is
won and which game or rubber bonus replaces the duplicate game and part-score bonuses.

Rubber (rubber bridge laws, Laws 72-81 in the ACBL edition): a game is 100 trick points below
the line, from one deal or several part-scores; part-scores do not carry into the next game;
a side that has won a game is vulnerable; the rubber ends when a side has won two games, with
700 for two games to none and 500 for two games to one; honours count above the line. An
unfinished rubber (``end()``): 300 for the side that has won the one completed game, 100 for
the one side with a part-score in the game in progress.

Chicago (four-deal bridge): deal 1 nobody vulnerable, deals 2 and 3 the dealer's side (or, "by
mutual agreement", as the ACBL's Chicago page allows, the other side: ``dealer_vulnerable=False``),
deal 4 both; a game bonus of 300 or 500 (the completing side's vulnerability on that deal) when the
trick points below the line reach 100; part-scores carry within the four deals until a game is
made; a part-score made on the fourth deal that does not complete a game earns 100.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model.cards import Seat, Side
from ..model.contract import Contract, PassedOut
from ..model.errors import BridgeError, ParseError
from ..render import scoring as _render
from ..text.i18n import check_language
from .play import Play, honours_held
from .scoring import (
    GAME,
    Rules,
    ScoreBreakdown,
    ScorePart,
    _rules,
    game_bonus,
    honours_part,
    message_text,
    read_result,
    score_breakdown,
)

if TYPE_CHECKING:
    import pandas as pd

    from ..model.deal import Deal

__all__ = ["SheetEntry", "SheetDeal", "RubberScoresheet", "ChicagoScoresheet"]


@dataclass(frozen=True)
class SheetEntry:
    """One figure written on the sheet: for which side, above or below the line, and why."""

    side: Side
    line: str  # "above" or "below"
    points: int
    game: int  # the game in progress when it was written (0, 1, 2)
    deal: int | None  # the deal it came from (1, 2, ...), None for the rubber bonuses
    part: str
    msgid: str
    args: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def text(self) -> str:
        return message_text(self.msgid, "en", **self.args)

    def text_in(self, lang: str = "en") -> str:
        """Why this figure is written, in ``lang``."""
        return message_text(self.msgid, lang, **self.args)

    @property
    def message(self) -> tuple[str, dict[str, Any]]:
        return self.msgid, dict(self.args)


@dataclass(frozen=True)
class SheetDeal:
    """A deal as recorded: the contract, who declared, tricks, and the entries it produced."""

    number: int
    contract: Contract
    side: Side
    tricks: int
    vulnerable: bool
    breakdown: ScoreBreakdown
    entries: tuple[SheetEntry, ...]


class _Scoresheet:
    """What rubber and Chicago share: the entries, the line, totals and the drawing of the cross.

    ``lang`` is the language the sheet is drawn in (columns, status line, explanations); the
    labels stay the sheet's keys ('We', 'They') whatever the language.
    """

    kind = "sheet"

    def __init__(
        self,
        we: "Side | str" = "NS",
        *,
        rules: "Rules | str" = "current",
        labels: tuple[str, str] = ("We", "They"),
        lang: str = "en",
    ) -> None:
        self.we = Side.parse(we)
        self.lang = check_language(lang)
        self.rules = _rules(rules)
        self.labels = tuple(labels)
        self.deals: list[SheetDeal] = []
        self.entries: list[SheetEntry] = []
        self.games_won: dict[Side, int] = {Side.NS: 0, Side.EW: 0}
        self.game = 0  # index of the game in progress
        self._below: dict[Side, int] = {Side.NS: 0, Side.EW: 0}
        self._over = False

    # ---- reading who is who
    def side_of(self, who: "Side | Seat | str") -> Side:
        """Side of a seat ('N'), a side ('NS') or a column ('we', 'they')."""
        if isinstance(who, Side):
            return who
        if isinstance(who, Seat):
            return who.side
        key = str(who).strip().lower()
        if key == self.labels[0].lower() or key == "we":
            return self.we
        if key == self.labels[1].lower() or key == "they":
            return self.we.other
        try:
            return Seat.parse(who).side
        except ParseError:
            pass
        try:
            return Side.parse(who)
        except ParseError:
            raise ParseError(f"{who!r} is not a seat or side: write N, E, S, W, NS, EW, we or they") from None

    def label(self, side: Side) -> str:
        return self.labels[0] if side is self.we else self.labels[1]

    # ---- state
    @property
    def is_over(self) -> bool:
        return self._over

    def below(self, who: "Side | Seat | str") -> int:
        """Trick points of a side below the line in the game in progress."""
        return self._below[self.side_of(who)]

    def total(self, who: "Side | Seat | str") -> int:
        side = self.side_of(who)
        return sum(e.points for e in self.entries if e.side is side)

    @property
    def totals(self) -> dict[str, int]:
        """Each column's total, above and below the line together: {'We': ..., 'They': ...}."""
        return {
            self.label(self.we): self.total(self.we),
            self.label(self.we.other): self.total(self.we.other),
        }

    @property
    def leader(self) -> str | None:
        """The column with the larger total so far (None when level)."""
        a, b = self.total(self.we), self.total(self.we.other)
        return None if a == b else self.label(self.we if a > b else self.we.other)

    @property
    def winner(self) -> str | None:
        """The column with the larger total once the sheet is over (None before, or when level)."""
        return self.leader if self._over else None

    @property
    def margin(self) -> int:
        return abs(self.total(self.we) - self.total(self.we.other))

    # ---- recording
    def _vulnerable(self, side: Side, number: int) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _after_deal(self, side: Side, number: int, breakdown: ScoreBreakdown) -> list[SheetEntry]:
        raise NotImplementedError  # pragma: no cover

    def _entry(
        self,
        side: Side,
        part: ScorePart | None,
        number: int | None,
        *,
        line: str | None = None,
        points: int | None = None,
        name: str | None = None,
        msgid: str | None = None,
        args: Mapping[str, Any] | None = None,
    ) -> SheetEntry:
        if part is not None:
            assert part.line is not None  # the parts without a line are not written on the sheet
            return SheetEntry(
                side, part.line, part.points, self.game, number, part.part, part.msgid, dict(part.args)
            )
        assert line is not None and points is not None and name is not None and msgid is not None
        return SheetEntry(
            side, line, points, self.game, number, name, msgid, dict(args or {"points": points})
        )

    def record(
        self,
        contract: "Contract | str | Play",
        tricks: int | None = None,
        declarer: "Seat | Side | str | None" = None,
        *,
        honours: "str | int | None" = None,
        honours_by: "Seat | Side | str | None" = None,
        deal: "Deal | None" = None,
    ) -> SheetDeal:
        """Score one deal: ``contract`` ("4S by N", or give ``declarer``: a seat, side, 'we' or
        'they'), tricks taken by declarer, and honours held in one hand ("four" or "five" trump
        honours, or "aces" at no trump), by ``honours_by`` (default the declaring side).

        ``contract`` may be a finished Play: its contract, declarer's tricks (played or claimed)
        and deal are used. When the deal is known (a Play, or ``deal=``) the honours are worked
        out from it (``bridgelab.rules.play.honours_held``); honours given as well must agree.
        """
        if self._over:
            raise BridgeError(f"the {self.kind} is over: start a new scoresheet for the next deal")
        if isinstance(contract, Play):
            play = contract
            if not play.is_over:
                raise BridgeError(
                    f"the play is not over ({len(play.tricks)} tricks played): "
                    "finish it or accept a claim, then record it"
                )
            if tricks is not None and tricks != play.declarer_tricks:
                raise ParseError(f"declarer took {play.declarer_tricks} tricks in this play, not {tricks}")
            contract, tricks, deal = play.contract, play.declarer_tricks, play.deal
        if tricks is None:
            raise ParseError(
                "how many tricks did declarer take? give tricks (0-13), or record a finished Play"
            )
        c = read_result(contract)
        if isinstance(c, PassedOut):
            raise BridgeError(
                f"a passed-out deal scores nothing, so nothing is written on the "
                f"{self.kind} scoresheet: the cards are dealt again"
            )
        if deal is not None:
            held = honours_held(deal, c.strain)
            if honours is None and held is not None:
                honours, honours_by = held[0], held[1]
            elif honours is not None:
                given = honours_part(honours, c.strain).msgid.rsplit(".", 1)[1]
                if (
                    held is None
                    or held[0] != given
                    or (honours_by is not None and self.side_of(honours_by) is not held[1].side)
                ):
                    shown = "no honours" if held is None else f"{held[0]} in {held[1].full_name}'s hand"
                    raise ParseError(
                        f"the deal shows {shown}, not {honours!r}"
                        + (f" by {honours_by!r}" if honours_by is not None else "")
                    )
                honours_by = held[1] if honours_by is None else honours_by
        if declarer is None and c.declarer is None:
            raise ParseError(f"who declared {c}? write '{c.to_ascii()} by N' or give declarer='N' (or 'we')")
        if declarer is not None:
            try:
                seat = None if isinstance(declarer, Side) else Seat.parse(declarer)
            except ParseError:
                seat = None
            side = self.side_of(declarer)
            if c.declarer is not None and c.declarer.side is not side:
                raise ParseError(f"{c} is declared by {c.declarer.side}, not by {declarer!r}")
            if seat is not None and c.declarer is None:
                c = Contract(c.level, c.strain, c.doubled, seat)
        else:
            assert c.declarer is not None  # refused above when neither names the declarer
            side = c.declarer.side
        number = len(self.deals) + 1
        vulnerable = self._vulnerable(side, number)
        b = score_breakdown(c, tricks, vulnerable, rules=self.rules)
        honours_entry = None
        if honours is not None:
            h_side = side if honours_by is None else self.side_of(honours_by)
            honours_entry = self._entry(h_side, honours_part(honours, c.strain), number)
        new: list[SheetEntry] = []
        for part in b.parts:
            if part.line is None:  # the duplicate game / part-score bonus: not used here
                continue
            new.append(self._entry(side if part.side == "declarer" else side.other, part, number))
            if part.line == "below":
                self._below[side] += part.points
        if honours_entry is not None:
            new.append(honours_entry)
        self.entries.extend(new)
        new += self._after_deal(side, number, b)
        d = SheetDeal(number, c, side, b.tricks, vulnerable, b, tuple(new))
        self.deals.append(d)
        return d

    def _draw_line(self) -> None:
        """A game is won: part-scores of both sides stop counting towards game."""
        self._below = {Side.NS: 0, Side.EW: 0}
        self.game += 1

    # ---- showing
    def columns(self) -> tuple[list[list[SheetEntry]], list[list[list[SheetEntry]]], list[int]]:
        """The cross as data: (above, below, games) with We's column first in each.

        ``above`` holds each side's entries above the line; ``below`` one pair of columns per
        game; ``games`` the game numbers, the last one still open unless the sheet is over.
        """
        sides = (self.we, self.we.other)
        above = [[e for e in self.entries if e.line == "above" and e.side is s] for s in sides]
        games = sorted({e.game for e in self.entries if e.line == "below"} | set(range(self.game)))
        below = [
            [[e for e in self.entries if e.line == "below" and e.side is s and e.game == g] for s in sides]
            for g in games
        ]
        return above, below, games

    def game_closed(self, g: int) -> bool:
        """Has game ``g`` (0-based) been won, so a line is drawn under it?"""
        return g < self.game

    def __str__(self) -> str:
        return _render.scoresheet_text(self)

    def __repr__(self) -> str:
        return _render.scoresheet_repr(self)

    def _repr_html_(self) -> str:
        return _render.scoresheet_html(self)

    def to_frame(self) -> "pd.DataFrame":
        """The entries as a DataFrame: deal, column, above/below, part, points, explanation."""
        import pandas as pd

        frame = pd.DataFrame(
            [
                {
                    "deal": e.deal,
                    "game": e.game + 1,
                    "column": self.label(e.side),
                    "side": str(e.side),
                    "line": e.line,
                    "part": e.part,
                    "points": e.points,
                    "explanation": e.text,
                }
                for e in self.entries
            ],
            columns=["deal", "game", "column", "side", "line", "part", "points", "explanation"],
        )
        frame["deal"] = frame["deal"].astype("Int64")  # the rubber bonuses belong to no deal
        return frame


class RubberScoresheet(_Scoresheet):
    """A rubber of rubber bridge, deal by deal, kept as the classic We/They cross.

    >>> r = RubberScoresheet()
    >>> _ = r.record("4S by N", 10); _ = r.record("3NT by S", 9)
    >>> r.totals, r.winner
    ({'We': 920, 'They': 0}, 'We')
    """

    kind = "rubber"

    def __init__(
        self,
        we: "Side | str" = "NS",
        *,
        rules: "Rules | str" = "current",
        labels: tuple[str, str] = ("We", "They"),
        lang: str = "en",
    ) -> None:
        super().__init__(we, rules=rules, labels=labels, lang=lang)
        self.unfinished = False

    def is_vulnerable(self, who: "Side | Seat | str") -> bool:
        """A side that has won a game is vulnerable."""
        return self.games_won[self.side_of(who)] >= 1

    def _vulnerable(self, side: Side, number: int) -> bool:
        return self.is_vulnerable(side)

    def _after_deal(self, side: Side, number: int, breakdown: ScoreBreakdown) -> list[SheetEntry]:
        new: list[SheetEntry] = []
        if self._below[side] >= GAME:
            self.games_won[side] += 1
            if self.games_won[side] == 2:
                other_games = self.games_won[side.other]
                pts = 700 if other_games == 0 else 500
                msgid = "rubber.bonus.two_nil" if other_games == 0 else "rubber.bonus.two_one"
                new.append(
                    self._entry(side, None, None, line="above", points=pts, name="rubber_bonus", msgid=msgid)
                )
                self._over = True
            self._draw_line()
        self.entries.extend(new)
        return new

    @property
    def is_complete(self) -> bool:
        """A side has won two games."""
        return max(self.games_won.values()) == 2

    def end(self) -> list[SheetEntry]:
        """End the rubber before a side has two games (rubber bridge laws, incomplete rubber):
        if but one game has been completed, its winners score 300; if but one side has a
        part-score in the game in progress, that side scores 100. (When both sides have a game,
        or both a part-score, neither premium is given: the margin is the same either way.)"""
        if self._over:
            raise BridgeError("the rubber is already over")
        new = []
        with_game = [s for s in (self.we, self.we.other) if self.games_won[s] == 1]
        if len(with_game) == 1:
            new.append(
                self._entry(
                    with_game[0],
                    None,
                    None,
                    line="above",
                    points=300,
                    name="unfinished_game",
                    msgid="rubber.unfinished.game",
                )
            )
        with_part = [s for s in (self.we, self.we.other) if self._below[s] > 0]
        if len(with_part) == 1:
            new.append(
                self._entry(
                    with_part[0],
                    None,
                    None,
                    line="above",
                    points=100,
                    name="unfinished_partscore",
                    msgid="rubber.unfinished.partscore",
                )
            )
        self.entries.extend(new)
        self._over = True
        self.unfinished = True
        return new


_CHICAGO_DEALS = 4


class ChicagoScoresheet(_Scoresheet):
    """Four deals of Chicago (four-deal bridge) with the fixed vulnerability cycle."""

    kind = "Chicago"

    def __init__(
        self,
        first_dealer: "Seat | str" = "N",
        we: "Side | str" = "NS",
        *,
        rules: "Rules | str" = "current",
        labels: tuple[str, str] = ("We", "They"),
        dealer_vulnerable: bool = True,
        lang: str = "en",
    ) -> None:
        super().__init__(we, rules=rules, labels=labels, lang=lang)
        self.first_dealer = Seat.parse(first_dealer)
        if not isinstance(dealer_vulnerable, bool):
            raise ParseError(
                f"dealer_vulnerable is True (deals 2 and 3: the dealer's side "
                f"vulnerable) or False (the other side), not {dealer_vulnerable!r}"
            )
        self.dealer_vulnerable = dealer_vulnerable

    def dealer(self, number: int) -> Seat:
        """The dealer of deal ``number`` (1-4): clockwise from the first dealer."""
        self._check_number(number)
        return Seat((self.first_dealer + number - 1) % 4)

    @staticmethod
    def _check_number(number: int) -> None:
        if not isinstance(number, int) or not 1 <= number <= _CHICAGO_DEALS:
            raise ParseError(f"a Chicago has deals 1 to 4, not {number!r}")

    def is_vulnerable(self, who: "Side | Seat | str", number: int) -> bool:
        """Deal 1 nobody, deals 2 and 3 the dealer's side (the other side with
        ``dealer_vulnerable=False``), deal 4 both."""
        self._check_number(number)
        side = self.side_of(who)
        if number == 1:
            return False
        if number == 4:
            return True
        return (self.dealer(number).side is side) is self.dealer_vulnerable

    def _vulnerable(self, side: Side, number: int) -> bool:
        return self.is_vulnerable(side, number)

    def _after_deal(self, side: Side, number: int, breakdown: ScoreBreakdown) -> list[SheetEntry]:
        new: list[SheetEntry] = []
        if self._below[side] >= GAME:
            vul = self.is_vulnerable(side, number)
            pts = game_bonus(vul)
            new.append(
                self._entry(
                    side,
                    None,
                    number,
                    line="above",
                    points=pts,
                    name="game_bonus",
                    msgid="chicago.game_bonus." + ("v" if vul else "nv"),
                    args={"below": self._below[side], "points": pts},
                )
            )
            self.games_won[side] += 1
            self._draw_line()
        elif number == _CHICAGO_DEALS and breakdown.made:
            new.append(
                self._entry(
                    side,
                    None,
                    number,
                    line="above",
                    points=100,
                    name="partscore_fourth",
                    msgid="chicago.partscore_fourth",
                )
            )
        if number == _CHICAGO_DEALS:
            self._over = True
        self.entries.extend(new)
        return new
