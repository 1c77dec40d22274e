"""Explanations in the learner's language, built from the engine's own parts."""

from __future__ import annotations

from ..rules.scoring import MESSAGES, message_text
from ..text.i18n import translate as _t
from ..text.words import contract_name

__all__ = ["score_lines", "rubber_lines", "where_text", "vulnerability_text"]


def _localise_args(bd, args: dict, lang: str) -> dict:
    """A message's arguments with the contract and vulnerability in ``lang``."""
    out = dict(args)
    if "contract" in out:
        out["contract"] = contract_name(bd.contract, lang)
    if "vulnerability" in out:
        out["vulnerability"] = vulnerability_text(bd.vulnerable, lang)
    return out


def vulnerability_text(vulnerable: bool, lang: str = "en") -> str:
    """'vulnerable' or 'not vulnerable' in ``lang`` (the scoring messages' own words)."""
    return _t(MESSAGES["score.vulnerable" if vulnerable else "score.not_vulnerable"], lang)


def score_lines(bd, lang: str = "en") -> list[str]:
    """A ScoreBreakdown line by line in ``lang``: the header, each part, the total."""
    return [message_text(m, lang, **_localise_args(bd, a, lang)) for m, a in bd.messages()]


def where_text(side: str, line: str, lang: str = "en") -> str:
    """'above the line, for the defenders' and the like, in ``lang``."""
    if line == "below":
        return _t("below the line, for the declaring side", lang)
    if side == "defenders":
        return _t("above the line, for the defenders", lang)
    return _t("above the line, for the declaring side", lang)


def rubber_lines(bd, lang: str = "en") -> list[str]:
    """Where each part of a deal's score goes on a rubber scoresheet, in ``lang``."""
    msgid, args = bd.header
    lines = [message_text(msgid, lang, **_localise_args(bd, args, lang))]
    for p in bd.parts:
        if p.line is None:
            continue
        text = message_text(p.msgid, lang, **_localise_args(bd, p.args, lang))
        lines.append(f"{text} → {where_text(p.side, p.line, lang)}")
    if not bd.made:
        lines.append(_t("The contract failed: the declaring side writes nothing below the line.", lang))
    if any(p.line is None for p in bd.parts):
        lines.append(
            _t(
                "Rubber bridge has no game or part-score bonus on each deal: "
                "the bonus for the rubber is written when a side wins two games.",
                lang,
            )
        )
    return lines
