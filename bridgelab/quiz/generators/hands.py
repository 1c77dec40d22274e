"""Hand-evaluation questions: HCP, honour tricks, quick tricks, losers, pattern, balanced.

Every answer comes from the holding tables of ``bridgelab.model.evaluate`` (through Hand), and every
explanation counts suit by suit from the same tables. Near misses (Bridge Baron's idea): the
"at least N HCP?" question asks about a hand one point short as often as one that has it, and
the balanced question favours the patterns that are nearly balanced (5-4-2-2, 4-4-4-1, 6-3-2-2).
"""

from __future__ import annotations

import numpy as np

from ...model.cards import SUIT_SYMBOLS, SUITS
from ...model.evaluate import BALANCED_PATTERNS, EVALUATORS
from ...model.hand import Hand, holding_to_text
from ...text.i18n import N_
from ...text.i18n import ntranslate as _nt
from ...text.i18n import translate as _t
from ..answers import format_number
from ..core import Question, register_generator

__all__ = ["random_hand", "hand_of_pattern", "suit_lines"]

_SYMS = [SUIT_SYMBOLS[s.name] for s in SUITS]


def random_hand(rng: np.random.Generator) -> Hand:
    """Thirteen cards drawn at random from the pack."""
    cards = rng.permutation(52)[:13]
    hs = [0, 0, 0, 0]
    for c in cards:
        suit, pos = divmod(int(c), 13)
        hs[suit] |= 1 << (12 - pos)
    return Hand(hs)


def hand_of_pattern(rng: np.random.Generator, pattern: str) -> Hand:
    """A random hand with the given pattern ('5-4-2-2'), its lengths in a random order of suits."""
    lengths = [int(x) for x in pattern.split("-")]
    order = rng.permutation(4)
    hs = [0, 0, 0, 0]
    for suit, n in zip(order, lengths):
        for b in rng.choice(13, size=n, replace=False):
            hs[int(suit)] |= 1 << int(b)
    return Hand(hs)


def _ranks(h: int) -> str:
    return holding_to_text(h).replace("T", "10") or "—"


def suit_lines(hand: Hand, name: str) -> list[tuple[str, str, float]]:
    """(symbol, ranks, value of evaluator ``name``) for each suit, spades first."""
    values = hand.evaluate_suits(name)
    return [(_SYMS[i], _ranks(hand.holdings[i]), values[SUITS[i]]) for i in range(4)]


def _fmt(x) -> str:
    return format_number(float(x) if isinstance(x, float) else int(x))


def _hcp_suit(holding: int) -> str:
    """'A 4 + Q 2': each card of the holding that counts, with its points from the hcp table."""
    table = EVALUATORS["hcp"].table
    cards = [1 << b for b in range(12, -1, -1) if holding >> b & 1 and table[1 << b]]
    return " + ".join(f"{_ranks(c)} {int(table[c])}" for c in cards)


def _hcp_explanation(hand: Hand, lang: str) -> list[str]:
    lines = [_t("High-card points: ace 4, king 3, queen 2, jack 1.", lang)]
    rows = suit_lines(hand, "hcp")
    for (sym, ranks, value), holding in zip(rows, hand.holdings):
        detail = _hcp_suit(holding)
        lines.append(f"{sym} {ranks}: " + (f"{detail} = {_fmt(value)}" if detail else "0"))
    total = " + ".join(_fmt(v) for _, _, v in rows)
    lines.append(
        _nt(
            "Total: {sum} = {total} HCP",
            "Total: {sum} = {total} HCP",
            hand.hcp,
            lang,
            sum=total,
            total=hand.hcp,
        )
    )
    return lines


@register_generator("hcp", level=1, name="hcp.count")
def hcp_count(rng, lang):
    """How many HCP does this hand hold?"""
    hand = random_hand(rng)
    return Question(
        id="",
        topic="hcp",
        level=1,
        kind="number",
        prompt=_t("How many high-card points (HCP) does this hand hold?", lang),
        answer=hand.hcp,
        show=hand,
        explanation="\n".join(_hcp_explanation(hand, lang)),
        data={"hand": hand.to_pbn(), "hcp": hand.hcp},
    )


@register_generator("hcp", level=1, name="hcp.near_miss")
def hcp_near_miss(rng, lang):
    """Does this hand hold at least N HCP? Often it is one point short."""
    hand = random_hand(rng)
    while hand.hcp < 3:
        hand = random_hand(rng)
    shift = int(rng.choice([1, 1, 0, -1]))  # one point short half of the time
    need = hand.hcp + shift
    yes = hand.hcp >= need
    verdict = (
        _t("{hcp} is at least {need}: yes.", lang, hcp=hand.hcp, need=need)
        if yes
        else _t("{hcp} is one point short of {need}: no.", lang, hcp=hand.hcp, need=need)
    )
    return Question(
        id="",
        topic="hcp",
        level=1,
        kind="yesno",
        prompt=_nt(
            "Does this hand hold at least {need} HCP?",
            "Does this hand hold at least {need} HCP?",
            need,
            lang,
            need=need,
        ),
        answer="yes" if yes else "no",
        show=hand,
        explanation="\n".join(_hcp_explanation(hand, lang) + [verdict]),
        data={"hand": hand.to_pbn(), "hcp": hand.hcp, "need": need},
    )


def _per_suit_question(rng, lang, *, evaluator, topic, level, prompt, rule, total_msg):
    hand = random_hand(rng)
    lines = [rule]
    rows = suit_lines(hand, evaluator)
    for sym, ranks, value in rows:
        lines.append(f"{sym} {ranks}: {_fmt(value)}")
    total = hand.evaluate(evaluator)
    total = float(total) if isinstance(total, float) and not float(total).is_integer() else int(total)
    lines.append(_t(total_msg, lang, sum=" + ".join(_fmt(v) for *_, v in rows), total=_fmt(total)))
    return Question(
        id="",
        topic=topic,
        level=level,
        kind="number",
        prompt=prompt,
        answer=total,
        show=hand,
        explanation="\n".join(lines),
        data={"hand": hand.to_pbn(), evaluator: total},
    )


@register_generator("honour-tricks", level=2, name="honour_tricks.count")
def honour_tricks_count(rng, lang):
    """How many honour tricks does this hand hold (Culbertson's table)?"""
    return _per_suit_question(
        rng,
        lang,
        evaluator="honour_tricks",
        topic="honour-tricks",
        level=2,
        prompt=_t("How many honour tricks does this hand hold?", lang),
        rule=_t("Honour tricks, suit by suit: AK 2, AQ 1½, A 1, KQ 1, KJ10 1, Kx ½, QJx ½.", lang),
        total_msg=N_("Honour tricks in all: {sum} = {total}"),
    )


@register_generator("quick-tricks", level=2, name="quick_tricks.count")
def quick_tricks_count(rng, lang):
    """How many quick tricks does this hand hold?"""
    return _per_suit_question(
        rng,
        lang,
        evaluator="quick_tricks",
        topic="quick-tricks",
        level=2,
        prompt=_t("How many quick tricks does this hand hold?", lang),
        rule=_t("Quick tricks, suit by suit: AK 2, AQ 1½, A 1, KQ 1, Kx ½.", lang),
        total_msg=N_("Quick tricks in all: {sum} = {total}"),
    )


@register_generator("losers", level=2, name="losers.count")
def losers_count(rng, lang):
    """How many losers does this hand hold (losing trick count)?"""
    return _per_suit_question(
        rng,
        lang,
        evaluator="losers",
        topic="losers",
        level=2,
        prompt=_t("How many losers does this hand hold (losing trick count)?", lang),
        rule=_t(
            "Losers, suit by suit: count the ace, king and queen missing among the first "
            "three cards (a doubleton: ace and king; a singleton: all but the ace; a void: none).",
            lang,
        ),
        total_msg=N_("Losers in all: {sum} = {total}"),
    )


def _shape_line(hand: Hand) -> str:
    return ", ".join(f"{_SYMS[i]} {n}" for i, n in enumerate(hand.shape))


@register_generator("pattern", level=1, name="pattern.of_hand")
def pattern_of_hand(rng, lang):
    """What is this hand's pattern?"""
    hand = random_hand(rng)
    return Question(
        id="",
        topic="pattern",
        level=1,
        kind="text",
        prompt=_t("What is this hand's pattern (suit lengths, longest first, as 5-4-3-1)?", lang),
        answer=hand.pattern,
        show=hand,
        explanation="\n".join(
            [
                _t("Suit lengths: {lengths}.", lang, lengths=_shape_line(hand)),
                _t("Longest first: {pattern}.", lang, pattern=hand.pattern),
            ]
        ),
        data={"hand": hand.to_pbn(), "pattern": hand.pattern, "form": "pattern"},
    )


_NEAR_BALANCED = ("5-4-2-2", "4-4-4-1", "6-3-2-2", "5-4-3-1", "5-5-2-1")


@register_generator("balanced", level=1, name="balanced.is_balanced")
def is_balanced(rng, lang):
    """Is this hand balanced? Half the time it is nearly balanced and is not."""
    roll = rng.random()
    if roll < 0.45:
        hand = hand_of_pattern(rng, str(rng.choice(sorted(BALANCED_PATTERNS))))
    elif roll < 0.9:
        hand = hand_of_pattern(rng, str(rng.choice(_NEAR_BALANCED)))
    else:
        hand = random_hand(rng)
    yes = hand.balanced
    rule = _t(
        "Balanced hands are 4-3-3-3, 4-4-3-2 and 5-3-3-2: no void, no singleton, at most one doubleton.", lang
    )
    verdict = (
        _t("{pattern} is one of them: balanced.", lang, pattern=hand.pattern)
        if yes
        else _t("{pattern} is not one of them: not balanced.", lang, pattern=hand.pattern)
    )
    return Question(
        id="",
        topic="balanced",
        level=1,
        kind="yesno",
        prompt=_t("Is this hand balanced?", lang),
        answer="yes" if yes else "no",
        show=hand,
        explanation="\n".join(
            [_t("Suit lengths: {lengths}.", lang, lengths=_shape_line(hand)), rule, verdict]
        ),
        data={"hand": hand.to_pbn(), "pattern": hand.pattern, "balanced": yes},
    )
