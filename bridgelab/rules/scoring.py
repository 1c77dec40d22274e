"""Scoring a deal: the duplicate score of Law 77 (Laws of Duplicate Bridge 2017), each part named.

``score_breakdown`` is the one place the scoring table lives. Every other way of scoring
(the rubber scoresheet and Chicago in ``bridgelab.rules.rubber``, the quiz explanations, the
``bridgelab score`` command) takes its parts from it and only decides where each part is
written and which game bonus applies. Each part carries a message id and its numbers, so a
quiz can translate the explanation line by line; ``ScorePart.text`` is the English.

A passed-out deal (four passes, Law 22A) has no contract and scores 0 for each side: every
scoring function reads ``PASSED_OUT`` (the passed-out auction's ``contract``) and the written
forms "Pass", "P", "passed out", "all pass" as such a result.

Comparing scores on one board: ``imps`` (the WBF scale), ``matchpoints`` (Law 78A; a missing
result earns nothing and is compared with nothing) and ``neuberg`` (Neuberg's formula for a
board with fewer results than the others).

Older rules are a named option: ``rules="pre-1987"`` scores 50 for making a redoubled
contract (as the Serbian source text teaches) and 200 for each non-vulnerable doubled
undertrick after the third; the laws of 1987 raised these to 100 and 300, as they stand today.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from ..model.cards import Strain
from ..model.contract import PASS, PASSED_OUT, Contract, PassedOut
from ..model.errors import ParseError
from ..render import scoring as _render
from ..text import terms as _terms
from ..text.i18n import ntranslate, translate
from ..text.terms import read_contract
from ..text.words import contract_name

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Rules",
    "RULES",
    "CURRENT_RULES",
    "PRE_1987_RULES",
    "ScorePart",
    "ScoreBreakdown",
    "MESSAGES",
    "PLURALS",
    "message_text",
    "score",
    "score_breakdown",
    "trick_value",
    "GAME",
    "game_bonus",
    "honours_part",
    "IMP_SCALE",
    "imps",
    "matchpoints",
    "matchpoint_table",
    "neuberg",
    "read_result",
]


# --------------------------------------------------------------------------------------------
# The rules
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The figures that changed between editions of the laws; everything else is fixed.

    ``nv_doubled_undertricks`` is the non-vulnerable doubled ladder: first, second, third
    undertrick, then the figure for each further one. The vulnerable doubled ladder
    (200, then 300 each) and the doubled insult (50) have not changed since 1935.
    """

    name: str
    description: str
    redoubled_insult: int = 100
    nv_doubled_undertricks: tuple[int, int, int, int] = (100, 200, 200, 300)
    doubled_insult: int = 50
    v_doubled_undertricks: tuple[int, int, int, int] = (200, 300, 300, 300)

    def __str__(self) -> str:
        return self.name


CURRENT_RULES = Rules(
    "current",
    "Law 77 of the Laws of Duplicate Bridge 2017 (the figures in force since 1987): "
    "100 for making a redoubled contract; non-vulnerable doubled undertricks 100, 200, 200, "
    "then 300 each",
)
PRE_1987_RULES = Rules(
    "pre-1987",
    "The scoring table before the 1987 laws: 50 for making a doubled or a redoubled contract; "
    "non-vulnerable doubled undertricks 100, then 200 each",
    redoubled_insult=50,
    nv_doubled_undertricks=(100, 200, 200, 200),
)
RULES: dict[str, Rules] = {
    "current": CURRENT_RULES,
    "2017": CURRENT_RULES,
    "pre-1987": PRE_1987_RULES,
}


def _rules(rules: "Rules | str") -> Rules:
    if isinstance(rules, Rules):
        return rules
    key = str(rules).strip().lower()
    if key in RULES:
        return RULES[key]
    raise ParseError(f"{rules!r} is not a set of scoring rules: use one of {', '.join(RULES)}")


# --------------------------------------------------------------------------------------------
# Messages: one English template per message id; a translation maps the same ids.
# --------------------------------------------------------------------------------------------

MESSAGES: dict[str, str] = {
    "score.header.made": "{contract}, {tricks} tricks, {vulnerability}: made ({result})",
    "score.header.down": "{contract}, {tricks} tricks, {vulnerability}: {down} down",
    "score.header.passed_out": "Passed out: all four players passed, so there is no contract",
    "score.total.passed_out": "Total: 0 for each side",
    "score.vulnerable": "vulnerable",
    "score.not_vulnerable": "not vulnerable",
    "score.trick_score.suit": "Trick score: {level} odd tricks in {strain} at {per_trick} each = {points}",
    "score.trick_score.suit.doubled": (
        "Trick score: {level} odd tricks in {strain} at {base} each, doubled to {per_trick} each = {points}"
    ),
    "score.trick_score.suit.redoubled": (
        "Trick score: {level} odd tricks in {strain} at {base} each, redoubled to {per_trick} each = {points}"
    ),
    "score.trick_score.nt": (
        "Trick score: 40 for the first odd trick at no trump and 30 for each of the other {rest} = {points}"
    ),
    "score.trick_score.nt.doubled": (
        "Trick score: 40 for the first odd trick at no trump and 30 for each of the other {rest} "
        "= {base}, doubled (x2) = {points}"
    ),
    "score.trick_score.nt1": "Trick score: 40 for the one odd trick at no trump = {points}",
    "score.trick_score.nt1.doubled": "Trick score: 40 for the one odd trick at no trump, doubled (x2) = {points}",
    "score.trick_score.nt1.redoubled": (
        "Trick score: 40 for the one odd trick at no trump, redoubled (x4) = {points}"
    ),
    "score.trick_score.nt.redoubled": (
        "Trick score: 40 for the first odd trick at no trump and 30 for each of the other {rest} "
        "= {base}, redoubled (x4) = {points}"
    ),
    "score.game_bonus.nv": "Game bonus, not vulnerable: the trick score {trick_score} reaches 100 = {points}",
    "score.game_bonus.v": "Game bonus, vulnerable: the trick score {trick_score} reaches 100 = {points}",
    "score.partscore_bonus": "Part-score bonus: the trick score {trick_score} is less than 100 = {points}",
    "score.small_slam.nv": "Small slam bonus, not vulnerable = {points}",
    "score.small_slam.v": "Small slam bonus, vulnerable = {points}",
    "score.grand_slam.nv": "Grand slam bonus, not vulnerable = {points}",
    "score.grand_slam.v": "Grand slam bonus, vulnerable = {points}",
    "score.insult.doubled": "Bonus for making a doubled contract = {points}",
    "score.insult.redoubled": "Bonus for making a redoubled contract = {points}",
    "score.overtricks.undoubled": "Overtricks: {count} x {each} (the trick value) = {points}",
    "score.overtricks.doubled.nv": "Overtricks doubled, not vulnerable: {count} x {each} = {points}",
    "score.overtricks.doubled.v": "Overtricks doubled, vulnerable: {count} x {each} = {points}",
    "score.overtricks.redoubled.nv": "Overtricks redoubled, not vulnerable: {count} x {each} = {points}",
    "score.overtricks.redoubled.v": "Overtricks redoubled, vulnerable: {count} x {each} = {points}",
    "score.undertricks.undoubled.nv": (
        "Undertricks, not vulnerable: {count} x {each} = {points} to the defenders"
    ),
    "score.undertricks.undoubled.v": "Undertricks, vulnerable: {count} x {each} = {points} to the defenders",
    "score.undertricks.doubled.nv": (
        "Undertricks doubled, not vulnerable: {ladder} = {points} to the defenders"
    ),
    "score.undertricks.doubled.v": "Undertricks doubled, vulnerable: {ladder} = {points} to the defenders",
    "score.undertricks.redoubled.nv": (
        "Undertricks redoubled, not vulnerable: {ladder} = {points} to the defenders"
    ),
    "score.undertricks.redoubled.v": (
        "Undertricks redoubled, vulnerable: {ladder} = {points} to the defenders"
    ),
    "score.total.made": "Total for the declaring side: {points}",
    "score.total.down": "Total: {points} to the defenders ({signed} for the declaring side)",
    "score.honours.four": "Honours: four trump honours in one hand = {points}",
    "score.honours.five": "Honours: all five trump honours in one hand = {points}",
    "score.honours.aces": "Honours: all four aces in one hand at no trump = {points}",
    "rubber.bonus.two_nil": "Rubber won by two games to none = {points}",
    "rubber.bonus.two_one": "Rubber won by two games to one = {points}",
    "rubber.unfinished.game": "Unfinished rubber: one game won = {points}",
    "rubber.unfinished.partscore": "Unfinished rubber: a part-score in the unfinished game = {points}",
    "chicago.game_bonus.nv": (
        "Game completed ({below} below the line), not vulnerable on this deal = {points}"
    ),
    "chicago.game_bonus.v": "Game completed ({below} below the line), vulnerable on this deal = {points}",
    "chicago.partscore_fourth": ("Part-score made on the fourth deal, not enough for game = {points}"),
}


# The messages that count something take the plural form of the number: message id -> (the
# English singular, the argument that is the count). MESSAGES holds the English plural.
PLURALS: dict[str, tuple[str, str]] = {
    "score.header.made": ("{contract}, {tricks} trick, {vulnerability}: made ({result})", "tricks"),
    "score.header.down": ("{contract}, {tricks} trick, {vulnerability}: {down} down", "tricks"),
    "score.trick_score.suit": (
        "Trick score: {level} odd trick in {strain} at {per_trick} = {points}",
        "level",
    ),
    "score.trick_score.suit.doubled": (
        "Trick score: {level} odd trick in {strain} at {base}, doubled to {per_trick} = {points}",
        "level",
    ),
    "score.trick_score.suit.redoubled": (
        "Trick score: {level} odd trick in {strain} at {base}, redoubled to {per_trick} = {points}",
        "level",
    ),
    "score.trick_score.nt": (
        "Trick score: 40 for the first odd trick at no trump and 30 for the second = {points}",
        "rest",
    ),
    "score.trick_score.nt.doubled": (
        "Trick score: 40 for the first odd trick at no trump and 30 for the second = {base}, doubled (x2) = {points}",
        "rest",
    ),
    "score.trick_score.nt.redoubled": (
        "Trick score: 40 for the first odd trick at no trump and 30 for the second = {base}, "
        "redoubled (x4) = {points}",
        "rest",
    ),
}


def message_text(msgid: str, lang: str = "en", **args: Any) -> str:
    """The scoring message ``msgid`` in ``lang`` with ``args``, in the plural form of its count."""
    if msgid in PLURALS:
        singular, count = PLURALS[msgid]
        return ntranslate(singular, MESSAGES[msgid], int(args[count]), lang, **args)
    if lang == "en":
        return MESSAGES[msgid].format(**args)
    return translate(MESSAGES[msgid], lang, **args)


@dataclass(frozen=True, eq=True)
class ScorePart:
    """One named part of a score, with its points and the message that explains it.

    ``side`` is who scores it: "declarer" (the declaring side) or "defenders".
    ``line`` is where rubber scoring writes it: "below" (trick points), "above", or None for
    the duplicate game and part-score bonuses, which rubber and Chicago replace by their own.
    """

    part: str
    points: int
    side: str
    line: str | None
    msgid: str
    args: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def signed(self) -> int:
        """Points from the declaring side's point of view (negative for the defenders)."""
        return self.points if self.side == "declarer" else -self.points

    @property
    def message(self) -> tuple[str, dict[str, Any]]:
        """(message id, arguments): what a translation needs."""
        return self.msgid, dict(self.args)

    @property
    def text(self) -> str:
        return message_text(self.msgid, "en", **self.args)

    def __str__(self) -> str:
        return self.text


# --------------------------------------------------------------------------------------------
# The duplicate score
# --------------------------------------------------------------------------------------------


def trick_value(strain: "Strain | str") -> int:
    """Points for each odd trick undoubled: 20 in a minor, 30 in a major or (after the first) at NT."""
    s = Strain.parse(strain)
    return 20 if s.is_minor else 30


GAME = 100
"""Trick points that make a game: in one deal (duplicate) or added up below the line (rubber, Chicago)."""


def game_bonus(vulnerable: bool) -> int:
    """The bonus for a game: 300 not vulnerable, 500 vulnerable (duplicate and Chicago)."""
    return 500 if vulnerable else 300


_DOUBLING_WORD = ("", ".doubled", ".redoubled")


def _check_tricks(tricks: Any) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, (int, np.integer)) or not 0 <= tricks <= 13:
        raise ParseError(f"tricks taken by declarer must be a whole number from 0 to 13, not {tricks!r}")
    return int(tricks)


def _check_vulnerable(vulnerable: Any) -> bool:
    """True or False, or 1 or 0 (as spreadsheets and PBN tools write them); nothing else."""
    if isinstance(vulnerable, (bool, np.bool_)):
        return bool(vulnerable)
    if isinstance(vulnerable, (int, np.integer)) and vulnerable in (0, 1):
        return bool(vulnerable)
    raise ParseError(f"vulnerable must be True or False (or 1 or 0), not {vulnerable!r}")


def read_result(contract: Any, lang: str | None = None) -> "Contract | PassedOut":
    """A contract to score, or ``PASSED_OUT`` for a passed-out deal.

    Reads a Contract, ``PASSED_OUT``, or text: '4SX by N', '2 bez trumfů', and for a passed-out
    deal 'Pass', 'P', '-', 'passed out', 'all pass' (or a language's words for pass).
    None is refused: it is the contract of an auction that is not over yet.
    """
    if isinstance(contract, (Contract, PassedOut)):
        return contract
    if contract is None:
        raise ParseError(
            "no contract to score (None): the auction is not over yet; a passed-out "
            "deal is scored as 'Pass' (or the passed-out auction's contract, "
            "PASSED_OUT)"
        )
    if isinstance(contract, str):
        raw = contract.strip()
        key = _terms.normalize(raw)
        if key in ("passed out", "passed", "pass out") or _terms.is_all_pass(raw, lang):
            return PASSED_OUT
        try:
            if _terms.read_call(raw, lang) == PASS:
                return PASSED_OUT
        except ParseError:
            pass
    return read_contract(contract, lang)


def _trick_score_part(c: Contract) -> ScorePart:
    mult = 2**c.doubled
    dbl = _DOUBLING_WORD[c.doubled]
    if c.strain is Strain.NT:
        base = 40 + 30 * (c.level - 1)
        points = base * mult
        args = {"level": c.level, "rest": c.level - 1, "base": base, "points": points}
        msgid = "score.trick_score.nt" + ("1" if c.level == 1 else "") + dbl
        return ScorePart("trick_score", points, "declarer", "below", msgid, args)
    base = trick_value(c.strain)
    per = base * mult
    points = per * c.level
    args = {"level": c.level, "strain": c.strain.symbol, "base": base, "per_trick": per, "points": points}
    return ScorePart("trick_score", points, "declarer", "below", "score.trick_score.suit" + dbl, args)


def _undertrick_ladder(down: int, doubled: int, vulnerable: bool, rules: Rules) -> list[int]:
    """The penalty for each undertrick in turn (Law 77)."""
    if doubled == 0:
        return [100 if vulnerable else 50] * down
    first, second, third, later = rules.v_doubled_undertricks if vulnerable else rules.nv_doubled_undertricks
    ladder = ([first, second, third] + [later] * 10)[:down]
    return [x * (2 if doubled == 2 else 1) for x in ladder]


def score_breakdown(
    contract: "Contract | str",
    tricks: int,
    vulnerable: bool,
    *,
    rules: "Rules | str" = "current",
) -> "ScoreBreakdown":
    """The duplicate score of a deal, part by part (Law 77), for a teacher to explain.

    ``contract`` is a Contract or text ("4SX", "3NTXX by N", "6♥", "2 bez trumfů"), or a
    passed-out deal ("Pass", ``PASSED_OUT``: no parts, 0 for each side, with 0 tricks);
    ``tricks`` the tricks declarer's side took (0-13); ``vulnerable`` the declaring side's
    (True/False or 1/0).
    """
    c = read_result(contract)
    tricks = _check_tricks(tricks)
    vulnerable = _check_vulnerable(vulnerable)
    r = _rules(rules)
    if isinstance(c, PassedOut):
        if tricks != 0:
            raise ParseError(f"a passed-out deal is not played: its tricks are 0, not {tricks}")
        return ScoreBreakdown(c, 0, vulnerable, r, ())
    v = ".v" if vulnerable else ".nv"
    parts: list[ScorePart] = []
    result = tricks - c.tricks_needed
    if result >= 0:
        ts = _trick_score_part(c)
        parts.append(ts)
        if ts.points >= GAME:
            pts = game_bonus(vulnerable)
            parts.append(
                ScorePart(
                    "game_bonus",
                    pts,
                    "declarer",
                    None,
                    "score.game_bonus" + v,
                    {"trick_score": ts.points, "points": pts},
                )
            )
        else:
            parts.append(
                ScorePart(
                    "partscore_bonus",
                    50,
                    "declarer",
                    None,
                    "score.partscore_bonus",
                    {"trick_score": ts.points, "points": 50},
                )
            )
        if c.level == 6:
            pts = 750 if vulnerable else 500
            parts.append(
                ScorePart("slam_bonus", pts, "declarer", "above", "score.small_slam" + v, {"points": pts})
            )
        elif c.level == 7:
            pts = 1500 if vulnerable else 1000
            parts.append(
                ScorePart("slam_bonus", pts, "declarer", "above", "score.grand_slam" + v, {"points": pts})
            )
        if c.doubled:
            pts = r.doubled_insult if c.doubled == 1 else r.redoubled_insult
            parts.append(
                ScorePart(
                    "insult",
                    pts,
                    "declarer",
                    "above",
                    "score.insult" + _DOUBLING_WORD[c.doubled],
                    {"points": pts},
                )
            )
        if result > 0:
            if c.doubled == 0:
                each = trick_value(c.strain)
                msgid = "score.overtricks.undoubled"
            else:
                each = (200 if vulnerable else 100) * c.doubled
                msgid = "score.overtricks" + _DOUBLING_WORD[c.doubled] + v
            parts.append(
                ScorePart(
                    "overtricks",
                    each * result,
                    "declarer",
                    "above",
                    msgid,
                    {"count": result, "each": each, "points": each * result},
                )
            )
    else:
        down = -result
        ladder = _undertrick_ladder(down, c.doubled, vulnerable, r)
        pts = sum(ladder)
        if c.doubled == 0:
            args: dict[str, Any] = {"count": down, "each": ladder[0], "points": pts}
            msgid = "score.undertricks.undoubled" + v
        else:
            args = {"count": down, "ladder": " + ".join(map(str, ladder)), "points": pts}
            msgid = "score.undertricks" + _DOUBLING_WORD[c.doubled] + v
        parts.append(ScorePart("undertricks", pts, "defenders", "above", msgid, args))
    return ScoreBreakdown(c, tricks, vulnerable, r, tuple(parts))


def score(
    contract: "Contract | str", tricks: int, vulnerable: bool, *, rules: "Rules | str" = "current"
) -> int:
    """The duplicate score for the declaring side (negative when the contract fails).

    >>> score("4SX", tricks=8, vulnerable=True)
    -500
    """
    return score_breakdown(contract, tricks, vulnerable, rules=rules).total


_PART_ORDER = (
    "trick_score",
    "game_bonus",
    "partscore_bonus",
    "slam_bonus",
    "insult",
    "overtricks",
    "undertricks",
)


@dataclass(frozen=True)
class ScoreBreakdown:
    """A deal's score as the parts a teacher names; ``total`` is the declaring side's score.

    A passed-out deal (``contract`` is ``PASSED_OUT``) has no parts and totals 0.
    """

    contract: "Contract | PassedOut"
    tricks: int
    vulnerable: bool
    rules: Rules
    parts: tuple[ScorePart, ...]

    @property
    def passed_out(self) -> bool:
        return isinstance(self.contract, PassedOut)

    @property
    def result(self) -> int | None:
        """Tricks over (+) or under (-) the contract; 0 when just made; None when passed out."""
        c = self.contract
        return None if isinstance(c, PassedOut) else self.tricks - c.tricks_needed

    @property
    def made(self) -> bool:
        """The contract was made (False when passed out: there was none)."""
        result = self.result
        return result is not None and result >= 0

    @property
    def total(self) -> int:
        return sum(p.signed for p in self.parts)

    def __int__(self) -> int:
        return self.total

    def get(self, part: str) -> int:
        """Points of one named part (0 when the deal has no such part)."""
        if part not in _PART_ORDER:
            raise ParseError(f"{part!r} is not a part of a score: use one of {', '.join(_PART_ORDER)}")
        return sum(p.points for p in self.parts if p.part == part)

    trick_score = property(lambda self: self.get("trick_score"))
    game_bonus = property(lambda self: self.get("game_bonus"))
    partscore_bonus = property(lambda self: self.get("partscore_bonus"))
    slam_bonus = property(lambda self: self.get("slam_bonus"))
    insult = property(lambda self: self.get("insult"))
    overtricks = property(lambda self: self.get("overtricks"))
    undertricks = property(lambda self: self.get("undertricks"))

    # ---- rubber placement (used by bridgelab.rules.rubber and the rubber-scoring quizzes)
    @property
    def below_the_line(self) -> int:
        """Trick points the declaring side writes below the line."""
        return sum(p.points for p in self.parts if p.line == "below")

    @property
    def above_the_line(self) -> int:
        """Premium points the declaring side writes above the line (no game bonus: rubber has none)."""
        return sum(p.points for p in self.parts if p.line == "above" and p.side == "declarer")

    @property
    def defenders_above_the_line(self) -> int:
        """Undertrick points the defenders write above the line."""
        return sum(p.points for p in self.parts if p.line == "above" and p.side == "defenders")

    def rubber_summary(self) -> str:
        """The canonical short answer of a rubber-scoring exercise: 'below 120, above 500' or
        'defenders above 200' (honours and the rubber bonus are not part of one deal's entry)."""
        if not self.made:
            return f"defenders above {self.defenders_above_the_line}"
        text = f"below {self.below_the_line}"
        return text + (f", above {self.above_the_line}" if self.above_the_line else "")

    # ---- explanation
    @property
    def header(self) -> tuple[str, dict[str, Any]]:
        if self.passed_out:
            return "score.header.passed_out", {}
        vul = "score.vulnerable" if self.vulnerable else "score.not_vulnerable"
        args = {"contract": str(self.contract), "tricks": self.tricks, "vulnerability": MESSAGES[vul]}
        result = self.result or 0
        if self.made:
            args["result"] = "=" if result == 0 else f"+{result}"
            return "score.header.made", args
        args["down"] = -result
        return "score.header.down", args

    def messages(self) -> list[tuple[str, dict[str, Any]]]:
        """(message id, arguments) for the header, each part and the total: what a translation needs."""
        out = [self.header]
        out += [p.message for p in self.parts]
        if self.passed_out:
            out.append(("score.total.passed_out", {}))
        elif self.made:
            out.append(("score.total.made", {"points": self.total}))
        else:
            out.append(("score.total.down", {"points": -self.total, "signed": self.total}))
        return out

    def lines(self, lang: str = "en") -> list[str]:
        """The explanation in ``lang``, one line per part, then the total."""
        if lang == "en":  # the engine's own words, as __str__ and to_dict give them
            return [message_text(m, "en", **a) for m, a in self.messages()]
        return [message_text(m, lang, **self._localised(a, lang)) for m, a in self.messages()]

    def _localised(self, args: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """A message's arguments with the contract and vulnerability in ``lang``."""
        out = dict(args)
        if "contract" in out:
            out["contract"] = contract_name(self.contract, lang)
        if "vulnerability" in out:
            key = "score.vulnerable" if self.vulnerable else "score.not_vulnerable"
            out["vulnerability"] = translate(MESSAGES[key], lang)
        return out

    def text(self, lang: str = "en") -> str:
        """The breakdown as ``print`` shows it, in ``lang``."""
        return _render.breakdown_text(self, lang)

    def __str__(self) -> str:
        return _render.breakdown_text(self)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the parts with their points, message ids and English text."""
        return {
            "contract": self.contract.to_ascii(),
            "declarer": None if self.contract.declarer is None else self.contract.declarer.name,
            "tricks": self.tricks,
            "vulnerable": self.vulnerable,
            "rules": self.rules.name,
            "result": self.result,
            "total": self.total,
            "parts": [
                {
                    "part": p.part,
                    "points": p.points,
                    "side": p.side,
                    "line": p.line,
                    "msgid": p.msgid,
                    "args": dict(p.args),
                    "text": p.text,
                }
                for p in self.parts
            ],
            "lines": self.lines(),
        }

    def _repr_html_(self) -> str:
        return _render.breakdown_html(self)


# --------------------------------------------------------------------------------------------
# Honours (rubber and Chicago only: duplicate has no honours)
# --------------------------------------------------------------------------------------------

_HONOURS = {"four": 100, "five": 150, "aces": 150}
_HONOURS_WORDS = {"4": "four", "four": "four", "5": "five", "five": "five", "aces": "aces", "4 aces": "aces"}


def honours_part(held: "str | int", strain: "Strain | str", side: str = "declarer") -> ScorePart:
    """The honours bonus: four trump honours in one hand 100, all five 150, four aces in one hand
    at no trump 150 (rubber bridge laws). ``held`` is "four", "five" or "aces" (or 4, 5)."""
    kind = _HONOURS_WORDS.get(str(held).strip().lower())
    if kind is None:
        raise ParseError(f"{held!r} is not a holding of honours: write four, five (trump honours) or aces")
    s = Strain.parse(strain)
    if kind == "aces" and s is not Strain.NT:
        raise ParseError("four aces score as honours only at no trump; in a suit contract write four or five")
    if kind != "aces" and s is Strain.NT:
        raise ParseError("at no trump only four aces in one hand score as honours: write aces")
    pts = _HONOURS[kind]
    return ScorePart("honours", pts, side, "above", "score.honours." + kind, {"points": pts})


# --------------------------------------------------------------------------------------------
# Comparing scores: IMPs and matchpoints
# --------------------------------------------------------------------------------------------

IMP_SCALE: tuple[tuple[int, int | None, int], ...] = (
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, None, 24),
)
"""The WBF IMP scale: (lowest difference, highest difference, IMPs)."""

_IMP_BOUNDS = np.array([lo for lo, _, imp in IMP_SCALE if imp > 0])


@overload
def imps(difference: float) -> int: ...
@overload
def imps(difference: np.ndarray) -> np.ndarray: ...
@overload
def imps(difference: Any) -> Any: ...


def imps(difference: Any) -> Any:
    """IMPs for a difference in points on the WBF scale; symmetric for negative differences.

    A difference between two rows of the table (15, from averaged scores) takes the lower row.
    Works on a number (returns int), a numpy array or a pandas Series (same shape, same index).
    """
    try:
        arr = np.asarray(difference, dtype=float)
    except (TypeError, ValueError):
        raise ParseError(f"{difference!r} is not a difference in points: give a number") from None
    if np.isnan(arr).any():
        raise ParseError("a difference in points cannot be NaN")
    out = np.sign(arr).astype(int) * np.searchsorted(_IMP_BOUNDS, np.abs(arr), side="right")
    if arr.ndim == 0:
        return int(out)
    if type(difference).__name__ == "Series":
        import pandas as pd

        return pd.Series(out, index=difference.index, name="imps")
    return out


_RESULTS = "give a score (420, -50), 'Pass' for a passed-out deal, or None for a table without one"


def _score_value(x: Any) -> float:
    """One board result as a number: a score, a passed-out deal (0), or NaN for a missing one."""
    if x is None:
        return np.nan
    if isinstance(x, PassedOut):
        return 0.0
    if isinstance(x, str):
        if not x.strip():
            return np.nan
        try:
            return float(x)
        except ValueError:
            pass
        try:
            if isinstance(read_result(x), PassedOut):
                return 0.0
        except ParseError:
            pass
        raise ParseError(f"{x!r} is not a board result: {_RESULTS}")
    if isinstance(x, bool):
        raise ParseError(f"{x!r} is not a board result: give a score (420, -50)")
    try:
        return float(x)
    except (TypeError, ValueError):
        raise ParseError(f"{x!r} is not a board result: {_RESULTS}") from None


def _scores_series(scores: Iterable[Any]) -> "pd.Series":
    """The results as a float Series (NaN for a missing one), keeping a Series' index."""
    import pandas as pd

    if isinstance(scores, (str, bytes)) or not isinstance(scores, Iterable):
        raise ParseError("matchpoints need the list of a board's results, one per table")
    s = scores.copy() if isinstance(scores, pd.Series) else pd.Series(list(scores), dtype=object)
    s = pd.Series([_score_value(x) for x in s.tolist()], index=s.index, dtype=float)
    if np.isinf(s.to_numpy()).any():
        raise ParseError("a board result cannot be infinite")
    if s.notna().sum() < 2:
        raise ParseError(
            "matchpoints compare at least two results on one board "
            f"({int(s.notna().sum())} of {len(s)} given)"
        )
    return s


def matchpoints(scores: Iterable[Any]) -> "pd.Series":
    """Matchpoints on one board (Law 78A): 2 for each score beaten, 1 for each score tied.

    ``scores`` are the board's results from one direction (NS scores, say); "Pass" (or
    ``PASSED_OUT``) is a passed-out deal, worth 0. A missing result (None or NaN) is compared
    with nothing and earns nothing: its matchpoints are NaN and the top is 2 x (number of
    results - 1). Returns a pandas Series aligned with the input: integers when no result is
    missing, floats (NaN for the missing) otherwise.
    """
    s = _scores_series(scores)
    v = s.to_numpy()
    present = ~np.isnan(v)
    with np.errstate(invalid="ignore"):
        beaten = (v[:, None] > v[None, :]).sum(axis=1)
        tied = (v[:, None] == v[None, :]).sum(axis=1) - 1
    mp = (2 * beaten + tied).astype(float)
    if present.all():
        return s.__class__(mp.astype(int), index=s.index, name="matchpoints")
    mp[~present] = np.nan
    return s.__class__(mp, index=s.index, name="matchpoints")


def neuberg(scores: Iterable[Any], expected: int | None = None) -> "pd.Series":
    """Matchpoints of a board with fewer results than the others, by Neuberg's formula.

    ``scores`` are the board's results (None or NaN for a table without one); ``expected`` is
    the number of results a full board has (default: the length of ``scores``). With ``n``
    results, each pair's matchpoints M (top 2(n-1)) become (M + 1) x expected / n - 1, on the
    top of a full board, 2(expected - 1): the formula the WBF, the EBU and the ACBL use
    (the EBU writes it ((M x E) + (E - A)) / A, the ACBL (E / A)(M + 1/2) - 1/2 in half-tops).
    A sole top among 10 results of 11 is 18 -> 19.9 of 20.
    """
    s = _scores_series(scores)
    n = int(s.notna().sum())
    total = len(s) if expected is None else expected
    if isinstance(total, bool) or not isinstance(total, (int, np.integer)) or total < n:
        raise ParseError(
            f"expected is the number of results a full board has, a whole number of "
            f"at least {n} (the results given), not {expected!r}"
        )
    mp = matchpoints(s).astype(float)
    return ((mp + 1) * total / n - 1).rename("matchpoints")


def matchpoint_table(scores: Iterable[Any], expected: int | None = None) -> "pd.DataFrame":
    """A DataFrame of score, matchpoints and percent for one board.

    The percent is matchpoints / top x 100, the top being 2 x (results - 1): a missing result
    (None) counts in neither. With ``expected`` (the results of a full board) the matchpoints
    are Neuberg's (``neuberg``) on the top of a full board.
    """
    import pandas as pd

    s = _scores_series(scores)
    n = int(s.notna().sum())
    if expected is None:
        mp, top = matchpoints(s), 2 * (n - 1)
    else:
        mp, top = neuberg(s, expected), 2 * (expected - 1)
    raw = scores if isinstance(scores, pd.Series) else pd.Series(list(scores), index=s.index)
    return pd.DataFrame({"score": raw, "matchpoints": mp, "percent": mp * 100.0 / top})
