"""Scoring questions: the duplicate score of a contract, and where the points go in rubber
bridge (below or above the line, for whom), as in the Estonian exercise.

Every figure comes from ``bridgelab.rules.scoring.score_breakdown``; the explanation is that breakdown
line by line, in the learner's language. Near misses: the tricks taken are often one short of
the contract or one over it, and doubled contracts appear at level 3.
"""

from __future__ import annotations

from ...model.cards import SEATS, STRAINS
from ...model.contract import Contract
from ...rules.scoring import score_breakdown
from ...text.i18n import ntranslate as _nt
from ...text.i18n import translate as _t
from ...text.words import contract_name
from ..banks import rubber_figure
from ..core import Question, register_generator
from ..explain import rubber_lines, score_lines, vulnerability_text, where_text

__all__ = ["random_result"]


def random_result(rng, *, doubled: "int | None" = None, exact: bool = False):
    """(contract with declarer, tricks, vulnerable): tricks near the contract, often one off."""
    level = int(rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 7]))
    strain = STRAINS[int(rng.integers(5))]
    if doubled is None:
        doubled = int(rng.choice([0, 0, 0, 0, 1, 1, 2]))
    declarer = SEATS[int(rng.integers(4))]
    c = Contract(level, strain, doubled, declarer)
    if exact:
        tricks = c.tricks_needed
    else:
        offset = int(rng.choice([-3, -2, -1, -1, 0, 0, 1, 1, 2]))
        tricks = min(13, max(0, c.tricks_needed + offset))
    return c, tricks, bool(rng.random() < 0.5)


def _duplicate(rng, lang, level: int, **kw):
    c, tricks, vul = random_result(rng, **kw)
    bd = score_breakdown(c, tricks, vul)
    return Question(
        id="",
        topic="duplicate-scoring",
        level=level,
        kind="number",
        prompt=_nt(
            "Duplicate: {contract}, {vulnerability}, declarer takes {tricks} trick. What does the "
            "declaring side score? (Write a minus sign if the contract fails.)",
            "Duplicate: {contract}, {vulnerability}, declarer takes {tricks} tricks. What does the "
            "declaring side score? (Write a minus sign if the contract fails.)",
            tricks,
            lang,
            contract=contract_name(c, lang),
            vulnerability=vulnerability_text(vul, lang),
            tricks=tricks,
        ),
        answer=bd.total,
        explanation="\n".join(score_lines(bd, lang)),
        data={
            "contract": c.to_ascii(),
            "declarer": c.declarer.name,
            "tricks": tricks,
            "vulnerable": vul,
            "score": bd.total,
            "parts": {p.part: p.signed for p in bd.parts},
        },
    )


@register_generator("duplicate-scoring", level=1, name="duplicate.made")
def duplicate_made(rng, lang):
    """What does this contract score in duplicate when it just makes?"""
    return _duplicate(rng, lang, 1, doubled=0, exact=True)


@register_generator("duplicate-scoring", level=2, name="duplicate.result")
def duplicate_result(rng, lang):
    """What does this contract score in duplicate, with overtricks or undertricks?"""
    return _duplicate(rng, lang, 2, doubled=0)


@register_generator("duplicate-scoring", level=3, name="duplicate.doubled")
def duplicate_doubled(rng, lang):
    """What does this doubled or redoubled contract score in duplicate?"""
    return _duplicate(rng, lang, 3, doubled=int(rng.choice([1, 1, 2])))


def _rubber_prompt(c, tricks, vul, lang, question: str) -> str:
    return (
        _nt(
            "Rubber bridge: {contract}, {vulnerability}, declarer takes {tricks} trick.",
            "Rubber bridge: {contract}, {vulnerability}, declarer takes {tricks} tricks.",
            tricks,
            lang,
            contract=contract_name(c, lang),
            vulnerability=vulnerability_text(vul, lang),
            tricks=tricks,
        )
        + " "
        + question
    )


def _rubber_data(c, tricks, vul, bd) -> dict:
    return {
        "contract": c.to_ascii(),
        "declarer": c.declarer.name,
        "tricks": tricks,
        "vulnerable": vul,
        "below": rubber_figure(bd, "declarer", "below"),
        "above": rubber_figure(bd, "declarer", "above"),
        "defenders_above": rubber_figure(bd, "defenders", "above"),
    }


@register_generator("rubber-scoring", level=1, name="rubber.below")
def rubber_below(rng, lang):
    """How many points does the declaring side write below the line?"""
    c, tricks, vul = random_result(rng)
    bd = score_breakdown(c, tricks, vul)
    return Question(
        id="",
        topic="rubber-scoring",
        level=1,
        kind="number",
        prompt=_rubber_prompt(
            c, tricks, vul, lang, _t("How many points does the declaring side write below the line?", lang)
        ),
        answer=rubber_figure(bd, "declarer", "below"),
        explanation="\n".join(rubber_lines(bd, lang)),
        data=_rubber_data(c, tricks, vul, bd),
    )


@register_generator("rubber-scoring", level=2, name="rubber.above")
def rubber_above(rng, lang):
    """How many points go above the line, for the declaring side or for the defenders?"""
    c, tricks, vul = random_result(rng)
    bd = score_breakdown(c, tricks, vul)
    side = "declarer" if bd.made else "defenders"
    ask = (
        _t("How many points does the declaring side write above the line?", lang)
        if bd.made
        else _t("How many points do the defenders write above the line?", lang)
    )
    return Question(
        id="",
        topic="rubber-scoring",
        level=2,
        kind="number",
        prompt=_rubber_prompt(c, tricks, vul, lang, ask),
        answer=rubber_figure(bd, side, "above"),
        explanation="\n".join(rubber_lines(bd, lang)),
        data={**_rubber_data(c, tricks, vul, bd), "side": side},
    )


_PART_NAMES = {
    "trick_score": "the trick score",
    "slam_bonus": "the slam bonus",
    "insult": "the bonus for making a doubled or redoubled contract",
    "overtricks": "the overtricks",
    "undertricks": "the undertricks",
}


@register_generator("rubber-scoring", level=1, name="rubber.where")
def rubber_where(rng, lang):
    """Where are these points written: below or above the line, and for whom?"""
    c, tricks, vul = random_result(rng)
    bd = score_breakdown(c, tricks, vul)
    parts = [p for p in bd.parts if p.line is not None]
    part = parts[int(rng.integers(len(parts)))]
    choices = [
        where_text("declarer", "below", lang),
        where_text("declarer", "above", lang),
        where_text("defenders", "above", lang),
    ]
    answer = where_text(part.side, part.line, lang)
    return Question(
        id="",
        topic="rubber-scoring",
        level=1,
        kind="choice",
        prompt=_rubber_prompt(
            c,
            tricks,
            vul,
            lang,
            _nt(
                "Where is the {points} point for {part} written?",
                "Where are the {points} points for {part} written?",
                part.points,
                lang,
                points=part.points,
                part=_t(_PART_NAMES[part.part], lang),
            ),
        ),
        answer=answer,
        choices=choices,
        explanation="\n".join(rubber_lines(bd, lang)),
        data={
            **_rubber_data(c, tricks, vul, bd),
            "part": part.part,
            "points": part.points,
            "side": part.side,
            "line": part.line,
        },
    )
