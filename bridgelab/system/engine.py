"""The rule engine: a bidding system read from a TOML table, its conditions and its options.

A system is data (see ``sayc.toml``): ordered rules, each with the auction it applies to
(``after``), the call, the conditions on the hand (``when``) and what the call promises. The
engine compiles every condition once, so a mistake in an edited file is reported when the file
is loaded, naming the rule and the condition. Conditions are built from the hand evaluators of
``bridgelab.model.evaluate`` (hcp, lengths, balanced, pattern ...): a hand is never judged any other way.
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..model.cards import SUITS, Strain, suit_index
from ..model.contract import Call
from ..model.errors import BridgeError, ParseError
from ..model.evaluate import EVALUATORS
from ..model.evaluate import is_balanced as _is_balanced
from ..model.evaluate import is_semi_balanced as _is_semi_balanced
from ..model.hand import Hand, holding_to_text
from ..text import notation
from ..text.i18n import translate

__all__ = [
    "System",
    "Rule",
    "Condition",
    "Check",
    "SystemFileError",
    "SECTIONS",
    "DEFAULT_PATH",
    "default_system",
    "Msg",
    "render",
    "SuitTerm",
    "CallTerm",
    "SeatTerm",
    "Join",
    "N_",
]

DEFAULT_PATH = Path(__file__).with_name("sayc.toml")

SECTIONS = ("opening", "response", "rebid", "responder_rebid", "overcall", "advance", "competitive")
"""The tables of a system file, in the order of the auction (the last three: competitive bidding)."""
RULE_KEYS = frozenset({"name", "after", "call", "when", "promises", "only_if", "checked", "source"})
"""The keys a rule may have; ``checked`` and ``source`` record where it was checked."""

_VERBS = {
    "opening": "open",
    "response": "respond",
    "rebid": "rebid",
    "responder_rebid": "bid",
    "overcall": "bid",
    "advance": "bid",
    "competitive": "bid",
}

UNBID = "unbid"
"""The key of a binding that holds the suits nobody has bid yet (for ``len unbid``)."""

# Suit variables of the ``after`` patterns and calls: which suits each may stand for.
_VARIABLES = {
    "M": (Strain.H, Strain.S),
    "m": (Strain.C, Strain.D),
    "X": (Strain.C, Strain.D, Strain.H, Strain.S),
    "Y": (Strain.C, Strain.D, Strain.H, Strain.S),
    "Z": (Strain.C, Strain.D, Strain.H, Strain.S),
}


class SystemFileError(BridgeError):
    """A bidding system file that cannot be read, or an option it does not offer."""


# ---- text in the learner's language --------------------------------------------------------------
#
# Reasons are built as messages, not strings: an English template (the gettext msgid of the
# "bridgelab" domain, or of the "system" domain for the names and promises of the system file)
# with its arguments, rendered in any language on demand. The bridge words inside come from
# ``bridgelab.text.terms`` (suit, seat and call names), never from the catalogues.


def N_(msgid: str) -> str:
    """Marks a msgid for the catalogues without translating it (gettext's usual no-op)."""
    return msgid


def render(value, lang: str = "en") -> str:
    """A message, a term, a join of them, or a plain value, as text in ``lang``."""
    if hasattr(value, "render"):
        return value.render(lang)
    return "" if value is None else str(value)


class Msg:
    """A learner-visible sentence: an English template and its arguments, shown in any language."""

    __slots__ = ("msgid", "domain", "args")

    def __init__(self, msgid: str, domain: str = "bridgelab", **args):
        self.msgid, self.domain, self.args = msgid, domain, args

    def render(self, lang: str = "en") -> str:
        if not self.args:
            return translate(self.msgid, lang, self.domain)
        return translate(self.msgid, lang, self.domain, **{k: render(v, lang) for k, v in self.args.items()})

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Msg({self.render('en')!r})"


class Join:
    """Items joined by 'and', 'or' (translated) or a plain separator such as ', '."""

    __slots__ = ("items", "how")
    _WORDS = {"and": (" and ", N_("{a} and {b}")), "or": (" or ", N_("{a} or {b}"))}

    def __init__(self, items, how: str = "and"):
        self.items, self.how = tuple(items), how

    def render(self, lang: str = "en") -> str:
        texts = [render(x, lang) for x in self.items]
        if self.how not in self._WORDS:
            return self.how.join(texts)
        sep, msgid = self._WORDS[self.how]
        if lang == "en" or not texts:
            return sep.join(texts)
        out = texts[0]
        for t in texts[1:]:
            out = translate(msgid, lang, a=out, b=t)
        return out

    def __str__(self) -> str:
        return self.render("en")


class SuitTerm:
    """'spades' / '5 spades' in English; the language's suit name (from bridgelab.text.terms) elsewhere."""

    __slots__ = ("suit", "n")

    def __init__(self, suit: Strain, n: int | None = None):
        self.suit, self.n = suit, n

    def render(self, lang: str = "en") -> str:
        if lang == "en":
            return suit_word(self.suit, self.n)
        from ..text.words import strain_name

        if self.n is None:
            return strain_name(self.suit, lang)
        return translate(
            "{n} {suit}",
            lang,
            n=self.n,
            suit=_counted(self.suit, self.n, lang) or strain_name(self.suit, lang),
        )

    def __str__(self) -> str:
        return self.render("en")


def _counted(suit: Strain, n: int, lang: str) -> str | None:
    """The suit's name after the number ``n`` when the language's terms file gives it by level
    (Czech: 1 pik, 3 piky, 5 piků; 0 and 8+ read like 5-7), else None."""
    from ..text import terms as _lang

    try:
        levels = (_lang.terms(lang).get("strain_by_level") or {}).get(suit.name)
    except BridgeError:
        return None
    if not levels:
        return None
    want = min(max(n, 1), 7) if n != 0 else 7
    for key, form in levels.items():
        lo, _, hi = str(key).partition("-")
        if lo.isdigit() and int(lo) <= want <= int(hi or lo):
            return form[0] if isinstance(form, list) else form
    return None


class CallTerm:
    """A call as the learner reads it: '1NT', '2♠', 'Pass' in English; '1T', 'dalje' elsewhere."""

    __slots__ = ("call",)

    def __init__(self, call: Call):
        self.call = call

    def render(self, lang: str = "en") -> str:
        if lang == "en":
            return str(self.call)
        from ..text.words import call_name

        return call_name(self.call, lang)

    def __str__(self) -> str:
        return self.render("en")


class SeatTerm:
    """A seat's name ('East', 'ida', 'istok' ...)."""

    __slots__ = ("seat",)

    def __init__(self, seat):
        self.seat = seat

    def render(self, lang: str = "en") -> str:
        if lang == "en":
            return self.seat.full_name
        from ..text.words import seat_name

        return seat_name(self.seat, lang)

    def __str__(self) -> str:
        return self.render("en")


# ---- the facts a condition looks at -----------------------------------------------------------


class HandFacts:
    """What the conditions ask of one hand, computed once through the evaluators."""

    __slots__ = ("hand", "hcp", "shape", "pattern", "balanced", "semi_balanced", "_cache", "holdings")

    def __init__(self, hand: Hand):
        self.hand = hand
        self.holdings = hand.holdings
        self.hcp = int(hand.hcp)
        self.shape = hand.shape
        self.pattern = hand.pattern
        self.balanced = hand.balanced
        self.semi_balanced = hand.semi_balanced
        self._cache: dict[str, float] = {}

    def length(self, suit: Strain) -> int:
        return self.shape[suit_index(suit)]

    def value(self, name: str):
        if name == "hcp":
            return self.hcp
        if name not in self._cache:
            self._cache[name] = self.hand.evaluate(name)
        return self._cache[name]

    def shape_words(self, lang: str = "en") -> str:
        """'4-3-3-3 balanced' or '5-4-2-2'."""
        return self.shape_msg().render(lang)

    def shape_msg(self) -> "Msg | str":
        """The shape words as a message (a plain pattern needs no translating)."""
        if self.balanced:
            return Msg("{pattern} balanced", pattern=self.pattern)
        return self.pattern


class BatchFacts:
    """What the conditions ask of one seat in each deal of a batch, as arrays of shape (n,).

    ``holdings`` is that seat's (n, 4) array of suit holdings (spades, hearts, diamonds, clubs),
    e.g. ``batch.holdings[:, seat, :]``; everything is looked up in the evaluators' tables."""

    def __init__(self, holdings: np.ndarray):
        self.holdings = np.asarray(holdings)
        self.n = self.holdings.shape[0]
        self.shape = _LENGTH13[self.holdings]
        self.hcp = EVALUATORS["hcp"].table[self.holdings].sum(axis=1)
        self.balanced = np.asarray(_is_balanced(self.shape), dtype=bool).reshape(self.n)
        self.semi_balanced = np.asarray(_is_semi_balanced(self.shape), dtype=bool).reshape(self.n)
        self._patterns = None
        self._cache: dict[str, np.ndarray] = {}

    @property
    def patterns(self) -> np.ndarray:
        if self._patterns is None:
            srt = -np.sort(-self.shape.astype(np.int32), axis=1)
            codes = srt[:, 0] * 1000 + srt[:, 1] * 100 + srt[:, 2] * 10 + srt[:, 3]
            uniq, inv = np.unique(codes, return_inverse=True)
            names = np.array(
                [f"{c // 1000}-{c // 100 % 10}-{c // 10 % 10}-{c % 10}" for c in uniq], dtype=object
            )
            self._patterns = names[inv.ravel()]
        return self._patterns

    def value(self, name: str) -> np.ndarray:
        if name not in self._cache:
            self._cache[name] = EVALUATORS[name].table[self.holdings].sum(axis=1)
        return self._cache[name]


def suit_word(suit: Strain, n: int | None = None) -> str:
    """'spades', or '1 spade' / '5 spades' with a count."""
    many = suit.full_name
    if n is None:
        return many
    return f"{n} {many[:-1] if n == 1 else many}"


# ---- measures and ranges -------------------------------------------------------------------


@dataclass(frozen=True)
class _Measure:
    """A number read from the hand: hcp, another evaluator, or the length of a suit."""

    kind: str  # "hcp", "eval", "len", "top" (A K Q), "honours" (A K Q J 10), "unbid"
    name: str  # evaluator name, or the suit token ("S", "M" ...)

    def suit(self, bind: Mapping[str, Strain]) -> Strain:
        return bind[self.name] if self.name in _VARIABLES else Strain.parse(self.name)

    def value(self, facts: HandFacts, bind: Mapping[str, Strain]):
        if self.kind == "len":
            return facts.length(self.suit(bind))
        if self.kind in _HONOURS:
            h = facts.holdings[suit_index(self.suit(bind))]
            return int(_HONOURS[self.kind][h])
        if self.kind in ("unbid", "unbid_major"):
            return min((facts.length(x) for x in _unbid(bind, self.kind)), default=13)
        if self.kind == "shortest":
            return min(facts.shape)
        return facts.value(self.name)

    def batch_value(self, bf: "BatchFacts", bind: Mapping[str, Strain]):
        """The same measure for one seat of every deal of a batch: shape (n,)."""
        if self.kind == "len":
            return bf.shape[:, suit_index(self.suit(bind))]
        if self.kind in _HONOURS:
            return _HONOURS[self.kind][bf.holdings[:, suit_index(self.suit(bind))]]
        if self.kind == "shortest":
            return bf.shape.min(axis=1)
        if self.kind in ("unbid", "unbid_major"):
            suits = _unbid(bind, self.kind)
            if not suits:
                return np.full(bf.n, 13)
            return bf.shape[:, [suit_index(x) for x in suits]].min(axis=1)
        if self.kind == "hcp":
            return bf.hcp
        return bf.value(self.name)

    def noun(self, bind: Mapping[str, Strain]):
        """'spades', 'HCP', 'quick tricks' (a message: render it in a language)."""
        if self.kind == "len":
            return SuitTerm(self.suit(bind))
        if self.kind == "top2":
            return Msg("of the ace and king of {suit}", suit=SuitTerm(self.suit(bind)))
        if self.kind == "top3":
            return Msg("of the ace, king and queen of {suit}", suit=SuitTerm(self.suit(bind)))
        if self.kind == "top5":
            return Msg("of the five top honours (A K Q J 10) of {suit}", suit=SuitTerm(self.suit(bind)))
        if self.kind == "unbid":
            return Msg("cards in each unbid suit")
        if self.kind == "unbid_major":
            return Msg("cards in each unbid major")
        if self.kind == "shortest":
            return Msg("cards in the shortest suit")
        return (
            Msg("HCP") if self.name == "hcp" else Msg(_EVAL_NOUNS.get(self.name, self.name.replace("_", " ")))
        )

    def amount(self, n, bind: Mapping[str, Strain]):
        """'15 HCP', '5 spades', '7 losers'."""
        if self.kind == "len":
            return SuitTerm(self.suit(bind), int(n))
        if self.kind in _NUMBERED:
            return Msg("{n} {measure}", n=int(n), measure=self.noun(bind))
        n = int(n) if float(n).is_integer() else n
        if self.name == "hcp":
            return Msg("{n} HCP", n=n)
        return Msg("{n} {measure}", n=n, measure=self.noun(bind))

    def need(self, lo: float, hi: float, bind: Mapping[str, Strain]) -> Msg:
        """'15-17 HCP', 'exactly 6 spades', '5 or more spades'."""
        if self.kind == "len":
            return Msg("{range} {suit}", range=_range_msg(lo, hi), suit=self.noun(bind))
        if self.kind in _NUMBERED:
            return Msg("{range} {measure}", range=_range_msg(lo, hi), measure=self.noun(bind))
        rng = _range_msg(lo, hi, exact=False)
        if self.name == "hcp":
            return Msg("{range} HCP", range=rng)
        return Msg("{range} {measure}", range=rng, measure=self.noun(bind))


_EVAL_NOUNS = {
    "controls": N_("controls"),
    "length": N_("length"),
    "honour_tricks": N_("honour tricks"),
    "quick_tricks": N_("quick tricks"),
    "losers": N_("losers"),
    "length_points": N_("length points"),
    "shortness_points": N_("shortness points"),
}


_OPS: dict[str, Callable[[float, float], bool]] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
}
_OP_WORDS = {
    ">=": N_("{a} at least as long as {b}"),
    "<=": N_("{a} no longer than {b}"),
    ">": N_("{a} longer than {b}"),
    "<": N_("{a} shorter than {b}"),
    "==": N_("{a} as long as {b}"),
}


def _suit_token(suit: str, text: str) -> str:
    """A suit letter of a condition: S H D C, or a variable of the rule's auction."""
    if suit in _VARIABLES:
        return suit
    try:
        s = Strain.parse(suit)
    except ParseError:
        s = None
    if s is None or s is Strain.NT:
        raise SystemFileError(
            f"{text!r}: {suit!r} is not a suit: write S, H, D, C or a suit "
            "letter of the rule's auction (M, m, X, Y)"
        )
    return s.name


def _honour_table(ranks: int) -> np.ndarray:
    """For every 13-bit holding, how many of its top ``ranks`` cards (A K Q ...) it holds."""
    allh = np.arange(1 << 13)
    return sum(((allh >> (12 - i)) & 1) for i in range(ranks)).astype(np.int8)


_HONOURS = {"top2": _honour_table(2), "top3": _honour_table(3), "top5": _honour_table(5)}


def _stopper_table() -> np.ndarray:
    """A stopper: the ace, Kx, Qxx or Jxxx (an honour with enough small cards to guard it)."""
    allh = np.arange(1 << 13)
    n = _LENGTH13[allh]
    ok = np.zeros(1 << 13, dtype=bool)
    for i in range(4):  # A, K, Q, J with i cards beside them
        ok |= (((allh >> (12 - i)) & 1) == 1) & (n >= i + 1)
    return ok


_LENGTH13 = np.array([bin(h).count("1") for h in range(1 << 13)], dtype=np.int8)
_STOPPER = _stopper_table()


_NUMBERED = ("top2", "top3", "top5", "unbid", "unbid_major", "shortest")


def _unbid(bind: Mapping, kind: str = "unbid") -> tuple:
    suits = tuple(bind.get(UNBID, SUITS))
    return suits if kind == "unbid" else tuple(x for x in suits if x.is_major)


def _parse_measure(tokens: list[str], text: str) -> tuple[_Measure, list[str]]:
    if not tokens:
        raise SystemFileError(f"{text!r}: a condition starts with hcp, len SUIT or an evaluator name")
    head = tokens[0]
    if head == "len" and len(tokens) >= 2 and tokens[1] in ("unbid", "unbid_major"):
        return _Measure(tokens[1], tokens[1]), tokens[2:]
    if head == "shortest":
        return _Measure("shortest", "shortest"), tokens[1:]
    if head in _HONOURS:
        if len(tokens) < 2:
            raise SystemFileError(f"{text!r}: '{head}' needs a suit: {head} S (or H, D, C, M, m, X, Y)")
        return _Measure(head, _suit_token(tokens[1], text)), tokens[2:]
    if head == "len":
        if len(tokens) < 2:
            raise SystemFileError(f"{text!r}: 'len' needs a suit: len S, len H, len D, len C (or M, m, X, Y)")
        suit = tokens[1]
        if suit not in _VARIABLES:
            try:
                s = Strain.parse(suit)
            except ParseError:
                s = None
            if s is None or s is Strain.NT:
                raise SystemFileError(
                    f"{text!r}: {suit!r} is not a suit: write S, H, D, C or a suit "
                    "letter of the rule's auction (M, m, X, Y)"
                )
            suit = s.name
        return _Measure("len", suit), tokens[2:]
    if head == "hcp":
        return _Measure("hcp", "hcp"), tokens[1:]
    if head in EVALUATORS:
        return _Measure("eval", head), tokens[1:]
    raise SystemFileError(
        f"{text!r}: {head!r} is not something the system can measure: use hcp, len SUIT, or an "
        f"evaluator ({', '.join(sorted(EVALUATORS))})"
    )


def _parse_range(rest: str, text: str) -> "notation.Range":
    try:
        return notation.parse_range(rest.strip())
    except ParseError as e:
        raise SystemFileError(f"{text!r}: {e}") from None


def _range_msg(lo: float, hi: float, exact: bool = True) -> "Msg | str":
    n = notation.number_text
    if hi == float("inf"):
        return Msg("{n} or more", n=n(lo))
    if lo == float("-inf"):
        return Msg("at most {n}", n=n(hi))
    if lo == hi:
        return Msg("exactly {n}", n=n(lo)) if exact else n(lo)
    return f"{n(lo)}-{n(hi)}"


# ---- conditions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """The outcome of one condition on one hand: met or not, what was needed, what the hand has.

    The texts are messages (see ``Msg``): ``need``, ``have``, ``fact`` and ``length`` give them in
    English, ``need_text(lang)`` and ``have_text(lang)`` in any language.
    """

    ok: bool
    need_msg: object  # "15-17 HCP", "a balanced hand", "spades at least as long as hearts"
    have_parts: tuple  # ("14 HCP",), ("4 spades", "5 hearts"): joined by "and"
    fact_msg: object  # the hand's side of it, for reasons: "15 HCP", "4-3-3-3 balanced"
    length_msg: object = None  # for a suit-length condition: "5 spades", used in the one-line reason
    miss: float | None = None  # how far outside a range (1 = one HCP or one card), None if no number

    @property
    def need(self) -> str:
        return render(self.need_msg)

    @property
    def have(self) -> str:
        return self.have_text()

    @property
    def fact(self) -> str:
        return render(self.fact_msg)

    @property
    def length(self) -> str:
        return render(self.length_msg)

    def need_text(self, lang: str = "en") -> str:
        return render(self.need_msg, lang)

    def have_text(self, lang: str = "en") -> str:
        return Join(self.have_parts, "and").render(lang)


class _Atom:
    """One elementary test: a measure in a range, two lengths compared, or a shape word."""

    def __init__(self, text: str):
        self.text = text
        words = text.split()
        self.kind = None
        low = text.lower()
        if low in ("balanced", "not balanced", "unbalanced", "semi-balanced", "semi balanced", "rule of 20"):
            self.kind = {"not balanced": "unbalanced", "semi balanced": "semi-balanced"}.get(low, low)
            return
        if words and words[0] == "higher":
            if len(words) != 3:
                raise SystemFileError(f"{text!r}: write 'higher Y X': suit Y ranks above suit X")
            self.kind = "higher"
            self.left = _Measure("len", _suit_token(words[1], text))
            self.right = _Measure("len", _suit_token(words[2], text))
            return
        if words and words[0] == "stopper":
            if len(words) != 2:
                raise SystemFileError(f"{text!r}: write 'stopper S' (or H, D, C, or a suit letter)")
            self.kind = "stopper"
            self.left = _Measure("len", _suit_token(words[1], text))
            return
        if words and words[0] == "longest":
            if len(words) != 2:
                raise SystemFileError(f"{text!r}: write 'longest S' (or H, D, C, or a suit letter)")
            self.kind = "longest"
            self.left, _ = _parse_measure(["len", words[1]], text)
            return
        if low.startswith("pattern "):
            self.kind = "pattern"
            self.patterns = tuple(p.strip() for p in text[8:].replace(",", " ").split())
            try:
                self.shapes = notation.parse_shape(list(self.patterns))
            except ParseError as e:
                raise SystemFileError(f"{text!r}: {e}") from None
            return
        self.left, rest = _parse_measure(words, text)
        # "len S >= len H": a comparison of two measures
        if len(rest) >= 2 and rest[0] in _OPS and not rest[1][:1].isdigit():
            self.kind = "compare"
            self.op = rest[0]
            self.right, tail = _parse_measure(rest[1:], text)
            if tail:
                raise SystemFileError(f"{text!r}: unexpected {' '.join(tail)!r} at the end")
            return
        self.kind = "range"
        self.range = _parse_range(" ".join(rest), text)
        self.lo, self.hi = self.range.bounds()

    def variables(self) -> set[str]:
        out: set[str] = set()
        for m in (getattr(self, "left", None), getattr(self, "right", None)):
            if m is not None and m.name in _VARIABLES:
                out.add(m.name)
        return out

    def mask(self, bf: "BatchFacts", bind: Mapping[str, Strain]) -> np.ndarray:
        """The condition for one seat of every deal of a batch: a bool array of shape (n,).

        It says what ``check(...).ok`` says for each hand (a property test holds them together)."""
        k = self.kind
        if k == "balanced":
            return bf.balanced
        if k == "unbalanced":
            return ~bf.balanced
        if k == "semi-balanced":
            return bf.semi_balanced
        if k == "pattern":
            return self.shapes.mask(bf.shape)
        if k == "rule of 20":
            two = -np.sort(-bf.shape, axis=1)[:, :2].sum(axis=1)
            return bf.hcp + two >= 20
        if k == "stopper":
            return _STOPPER[bf.holdings[:, suit_index(self.left.suit(bind))]]
        if k == "higher":
            return np.full(bf.n, self.left.suit(bind) > self.right.suit(bind))
        if k == "longest":
            n = bf.shape[:, suit_index(self.left.suit(bind))]
            return n >= bf.shape.max(axis=1)
        if k == "compare":
            return _OPS[self.op](self.left.batch_value(bf, bind), self.right.batch_value(bf, bind))
        return self.range.mask(self.left.batch_value(bf, bind))

    def check(self, f: HandFacts, bind: Mapping[str, Strain]) -> Check:
        k = self.kind
        shape = f.shape_msg()
        if k == "higher":
            a, b = self.left.suit(bind), self.right.suit(bind)
            need = Msg("{a} ranking above {b}", a=SuitTerm(a), b=SuitTerm(b))
            return Check(a > b, need, (need,), need)
        if k == "stopper":
            suit = self.left.suit(bind)
            h = f.holdings[suit_index(suit)]
            have = Msg("{suit}: {cards}", suit=SuitTerm(suit), cards=_holding_text(h))
            return Check(
                bool(_STOPPER[h]),
                Msg("a stopper in {suit} (A, Kx, Qxx or Jxxx)", suit=SuitTerm(suit)),
                (have,),
                have,
            )
        if k == "balanced":
            have = shape if f.balanced else Msg("{pattern}, not balanced", pattern=f.pattern)
            return Check(f.balanced, Msg("a balanced hand (4-3-3-3, 4-4-3-2 or 5-3-3-2)"), (have,), shape)
        if k == "unbalanced":
            return Check(not f.balanced, Msg("an unbalanced hand"), (shape,), shape)
        if k == "semi-balanced":
            return Check(
                f.semi_balanced,
                Msg("a semi-balanced hand (balanced, 5-4-2-2 or 6-3-2-2)"),
                (f.pattern,),
                f.pattern,
            )
        if k == "pattern":
            return Check(
                f.shape in self.shapes,
                Msg("the pattern {patterns}", patterns=Join(self.patterns, "or")),
                (f.pattern,),
                f.pattern,
            )
        if k == "rule of 20":
            two = sorted(f.shape, reverse=True)[:2]
            total = f.hcp + sum(two)
            have = Msg("{hcp} HCP + {a} + {b} cards = {total}", hcp=f.hcp, a=two[0], b=two[1], total=total)
            return Check(
                total >= 20,
                Msg("HCP plus the lengths of the two longest suits to make 20 or more"),
                (have,),
                have,
            )
        if k == "longest":
            suit = self.left.suit(bind)
            n = f.length(suit)
            longer = [x for x in SUITS if f.length(x) > n]
            need = Msg("{suit} as long as any other suit", suit=SuitTerm(suit))
            if not longer:
                have = Msg("{count}, the longest suit", count=SuitTerm(suit, n))
                return Check(True, need, (have,), have, SuitTerm(suit, n))
            top = max(longer, key=f.length)
            have = Msg("{count} but {other}", count=SuitTerm(suit, n), other=SuitTerm(top, f.length(top)))
            return Check(False, need, (have,), SuitTerm(suit, n))
        if k == "compare":
            a, b = self.left.value(f, bind), self.right.value(f, bind)
            ok = _OPS[self.op](a, b)
            left, right = self.left.noun(bind), self.right.noun(bind)
            if self.left.kind == "len" and self.right.kind == "len":
                need = Msg(_OP_WORDS[self.op], a=left, b=right)
            else:
                need = Msg("{a} {op} {b}", a=left, op=self.op, b=right)
            parts = (self.left.amount(a, bind), self.right.amount(b, bind))
            gap = abs(a - b) + (1 if self.op in (">", "<") else 0)
            return Check(ok, need, parts, Join(parts, "and"), miss=0 if ok else gap)
        v = self.left.value(f, bind)
        ok = v in self.range
        need = self.left.need(self.lo, self.hi, bind)
        have = self.left.amount(v, bind)
        miss = 0 if ok else (self.lo - v if v < self.lo else v - self.hi)
        return Check(ok, need, (have,), have, have if self.left.kind == "len" else None, miss)


def _holding_text(h: int) -> str:
    """'KJ4', or '-' for a void (ranks are the same in every language's notation here)."""
    return holding_to_text(int(h)) or "-"


class Condition:
    """One entry of a rule's ``when``: atoms joined by 'or', each possibly guarded by an option."""

    def __init__(self, text: str, options: Mapping[str, object]):
        self.text = text
        self.alternatives: list[_Atom] = []
        self.vacuous = False
        raw_alts = [a.strip() for a in re.split(r"\s+or\s+", text.strip())]
        for alt in raw_alts:
            m = re.match(r"^(if|unless)\s+(\w+)\s*:\s*(.+)$", alt)
            if m:
                name = m[2]
                if name not in options:
                    raise SystemFileError(
                        f"{text!r}: {name!r} is not an option of this system (options: {', '.join(options)})"
                    )
                on = bool(options[name])
                if on != (m[1] == "if"):
                    continue
                alt = m[3]
            self.alternatives.append(_Atom(alt))
        if not self.alternatives:
            self.vacuous = True

    def variables(self) -> set[str]:
        return set().union(*(a.variables() for a in self.alternatives)) if self.alternatives else set()

    def mask(self, bf: "BatchFacts", bind: Mapping[str, Strain]) -> np.ndarray | None:
        """The condition on a batch (None when it does not count under the current options)."""
        if self.vacuous:
            return None
        out = self.alternatives[0].mask(bf, bind)
        for a in self.alternatives[1:]:
            out = out | a.mask(bf, bind)
        return out

    def check(self, facts: HandFacts, bind: Mapping[str, Strain]) -> Check | None:
        """None when the condition does not count under the current options."""
        if self.vacuous:
            return None
        checks = [a.check(facts, bind) for a in self.alternatives]
        if len(checks) == 1:
            return checks[0]
        ok = any(c.ok for c in checks)
        met = [c for c in checks if c.ok]
        fact = met[0].fact_msg if met else Join(_unique(c.fact_msg for c in checks), "; ")
        pieces = _unique(p for c in checks for p in c.have_parts)
        miss = None if ok else min((c.miss for c in checks if c.miss is not None), default=None)
        return Check(
            ok,
            Join([c.need_msg for c in checks], "or"),
            pieces,
            fact,
            met[0].length_msg if met else None,
            miss,
        )


def _unique(messages) -> tuple:
    """The messages with repeats (the same English text) left out, in order."""
    seen: dict[str, object] = {}
    for m in messages:
        seen.setdefault(render(m), m)
    return tuple(seen.values())


# ---- auction patterns ---------------------------------------------------------------------------

_TOKEN_RE = re.compile(r"^([1-7])(NT|N|C|D|H|S|M|m|X|Y|Z|♣|♦|♥|♠)$")
WILD = "..."
"""A pattern that starts with '...' matches any calls before the rest (``after = "... 3NT"``)."""


@dataclass(frozen=True)
class PatternToken:
    """One call of an ``after`` pattern: ours or the opponents' ('(1X)'), a bid, pass or double."""

    ours: bool
    kind: str  # "bid", "pass", "double", "redouble"
    level: int = 0
    strain: str = ""  # "C" ... "NT", or a suit letter of _VARIABLES


def _parse_token(tok: str, text: str) -> PatternToken:
    ours = True
    raw = tok
    if tok.startswith("(") and tok.endswith(")"):
        ours, tok = False, tok[1:-1]
    word = tok.upper()
    if word in ("P", "PASS"):
        if not ours:
            raise SystemFileError(
                f"{text!r}: the opponents' passes are not written in a pattern (leave {raw!r} out)"
            )
        return PatternToken(ours, "pass")
    if word in ("X", "DBL"):
        return PatternToken(ours, "double")
    if word in ("XX", "RDBL"):
        return PatternToken(ours, "redouble")
    m = _TOKEN_RE.match(tok)
    if not m:
        raise SystemFileError(
            f"{text!r}: {raw!r} is not a call of a pattern: write a level and C, D, H, "
            "S, NT or a suit letter (M a major, m a minor, X, Y any suit), P for our "
            "pass, X for a double; put the opponents' calls in brackets: (1X)"
        )
    strain = m[2]
    if strain not in _VARIABLES:
        strain = Strain.parse(strain).name
    return PatternToken(ours, "bid", int(m[1]), strain)


def parse_after(text: str, where: str = "after") -> tuple[bool, tuple[PatternToken, ...]]:
    """An ``after`` pattern: whether it starts with '...', and its calls."""
    words = text.split()
    wild = bool(words) and words[0] == WILD
    if wild:
        words = words[1:]
    if WILD in words:
        raise SystemFileError(f"{where}: '...' may only start a pattern")
    return wild, tuple(_parse_token(t, f"{where}: {text}") for t in words)


def auction_view(auction, seat) -> list[tuple[bool, Call]]:
    """The auction as a pattern reads it, for the player ``seat`` about to call: every call from
    the opening bid on, each marked ours or theirs, without the opponents' passes and without our
    side's passes before our side's first bid (so '1H (1S) P' is: partner... see the format README).
    """
    view: list[tuple[bool, Call]] = []
    opened = False
    we_bid = False
    for who, call in auction.history:
        ours = who.side is seat.side
        if call.is_bid:
            opened = True
        if not opened:
            continue
        if call.kind == "pass":
            if not ours or not we_bid:
                continue
        if ours and call.kind != "pass":
            we_bid = True
        view.append((ours, call))
    return view


def match_view(
    wild: bool, tokens: tuple[PatternToken, ...], view: list[tuple[bool, Call]]
) -> dict[str, Strain] | None:
    """Bind the suit letters of a pattern to the calls of the auction, or None if they do not fit."""
    if len(view) < len(tokens) or (not wild and len(view) != len(tokens)):
        return None
    part = view[len(view) - len(tokens) :]
    bind: dict[str, Strain] = {}
    for tok, (ours, call) in zip(tokens, part):
        if tok.ours != ours or tok.kind != call.kind:
            return None
        if tok.kind != "bid":
            continue
        if call.level != tok.level:
            return None
        strain = tok.strain
        if strain in _VARIABLES:
            if call.strain not in _VARIABLES[strain]:
                return None
            if strain in bind:
                if bind[strain] != call.strain:
                    return None
            elif call.strain in bind.values():
                return None
            else:
                bind[strain] = call.strain
        elif call.strain.name != strain:
            return None
    return bind


def match_pattern(tokens, calls: list[Call]) -> dict[str, Strain] | None:
    """Bind a pattern to the calls of our side when the opponents have only passed."""
    if tokens and isinstance(tokens[0], tuple) and not isinstance(tokens[0], PatternToken):
        tokens = tuple(PatternToken(True, "bid", lv, st) for lv, st in tokens)
    return match_view(False, tuple(tokens), [(True, c) for c in calls])


def unbid_suits(view: list[tuple[bool, Call]]) -> tuple[Strain, ...]:
    """The suits no one has bid in the auction (spades first)."""
    named = {c.strain for _, c in view if c.is_bid}
    return tuple(x for x in SUITS if x not in named)


def _call_template(text: str, where: str):
    raw = text.strip()
    m = re.match(r"^([1-7])\s*([MmXYZ])$", raw)
    if m:
        return ("var", int(m[1]), m[2])
    try:
        return ("call", Call.parse(raw))
    except ParseError:
        raise SystemFileError(
            f"{where}: {text!r} is not a call: write 1NT, 2S, Pass, or a level and a "
            "suit letter of the pattern (2M)"
        ) from None


# ---- rules and systems -------------------------------------------------------------------------


@dataclass
class Rule:
    """One line of the system: in this auction, with a hand like this, make this call."""

    section: str
    name: str
    after: str
    call_text: str
    when: list[str]
    promises_text: str
    only_if: str | None = None
    index: int = 0
    conditions: list[Condition] = field(default_factory=list, repr=False)
    tokens: tuple = field(default=(), repr=False)
    wild: bool = field(default=False, repr=False)
    template: tuple = field(default=(), repr=False)
    system: "System | None" = field(default=None, repr=False, compare=False)
    free: tuple = field(default=(), repr=False)
    """Suit letters not bound by ``after``: the rule is tried with each suit, spades first."""
    promises_source: str = field(default="", repr=False)
    """``promises`` as written in the file, before the options are filled in: its msgid in the
    "system" catalogues (as ``name`` is), so a translation keeps the {option} placeholders."""
    alternatives: tuple = field(default=(), repr=False)
    """Every pattern of ``after`` (a rule may list several): (wild, tokens) pairs."""
    checked: bool | None = field(default=None, repr=False)
    """Whether the rule was checked against its source's own text (None: the file does not say);
    the advice does not use it, a reader and the tests do."""
    source: str = field(default="", repr=False)
    """Where the rule's content was checked (or why it could not be): a section and an address."""

    def bindings(self, bind: Mapping[str, Strain]) -> list[dict[str, Strain]]:
        """``bind`` extended by every choice of suits for the free letters (spades first)."""
        out = [dict(bind)]
        for letter in self.free:
            out = [
                {**b, letter: s}
                for b in out
                for s in sorted(_VARIABLES[letter], reverse=True)
                if s not in b.values()
            ]
        return out

    @property
    def verb(self) -> str:
        return _VERBS[self.section]

    def call(self, bind: Mapping[str, Strain] | None = None) -> Call:
        t = self.template
        if t[0] == "call":
            return t[1]
        if bind is None or t[2] not in bind:
            raise SystemFileError(
                f"rule {self.name!r}: the call {self.call_text!r} needs the suit {t[2]} from the auction"
            )
        return Call.bid(t[1], bind[t[2]])

    def call_label(self, bind: Mapping[str, Strain] | None = None) -> str:
        """'1NT', '2♥'; a call in a suit the rule chooses reads '3 of a suit'."""
        try:
            return str(self.call(bind))
        except SystemFileError:
            return f"{self.template[1]} of a suit"

    def promises(self, bind: Mapping[str, Strain] | None = None, lang: str = "en") -> str:
        return self.promises_msg(bind).render(lang) if lang != "en" else self.promises_text

    def promises_msg(self, bind: Mapping[str, Strain] | None = None) -> "Msg | str":
        """What the call promises, as a message of the "system" domain ("" when nothing)."""
        if not self.promises_text:
            return ""
        values = self.system.values if self.system is not None else {}
        return Msg(self.promises_source or self.promises_text, "system", **values)

    def name_msg(self) -> Msg:
        """The rule's name, as a message of the "system" domain ('transfer to hearts')."""
        return Msg(self.name, "system")

    def label_msg(self, call: Call):
        """The call as a label: the call itself, or '3 of a suit' when the rule chooses the suit."""
        if self.free and self.template[0] == "var":
            return Msg("{level} of a suit", level=self.template[1])
        return CallTerm(call)

    def check(self, facts: HandFacts, bind: Mapping[str, Strain]) -> list[Check]:
        return [c for c in (cond.check(facts, bind) for cond in self.conditions) if c is not None]

    def mask(self, bf: "BatchFacts", bind: Mapping[str, Strain]) -> np.ndarray:
        """Where every condition holds, for one seat of each deal of a batch."""
        out = np.ones(bf.n, dtype=bool)
        for cond in self.conditions:
            m = cond.mask(bf, bind)
            if m is not None:
                out &= m
        return out

    def __str__(self) -> str:
        cond = "; ".join(self.when) or "always"
        after = f"after {self.after}: " if self.after else ""
        return f"{self.name}: {after}{self.call_text} when {cond}"


class System:
    """A bidding system: ordered rules read from a TOML file, under a choice of options.

    >>> s = System.load()                       # the shipped beginner SAYC
    >>> s.options["nt_range"]
    '15-17'
    >>> System.load(nt_range="12-14", majors=4).options["majors"]
    4
    """

    def __init__(self, data: Mapping, options: Mapping | None = None, path: Path | None = None):
        self.data = copy.deepcopy(dict(data))
        self.path = path
        meta = self.data.get("system", {})
        self.name = meta.get("name", "unnamed system")
        self.source = meta.get("source", "")
        self.notes = {k: v for k, v in meta.items() if k not in ("name", "source")}
        self.option_specs: dict[str, dict] = dict(self.data.get("options", {}))
        chosen = {}
        for key, spec in self.option_specs.items():
            if "default" not in spec:
                raise SystemFileError(f"option {key!r} has no default")
            chosen[key] = spec["default"]
        for key, value in (options or {}).items():
            if key not in self.option_specs:
                raise SystemFileError(
                    f"{key!r} is not an option of {self.name}: the options are "
                    f"{', '.join(self.option_specs) or 'none'}"
                )
            choices = self.option_specs[key].get("choices")
            if choices is not None and value not in choices:
                raise SystemFileError(
                    f"{value!r} is not a choice for {key}: choose one of {', '.join(map(repr, choices))}"
                )
            chosen[key] = value
        self.options = chosen
        self.values = self._values()
        self.rules = self._compile()

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def load(cls, path: "str | Path | None" = None, **options) -> "System":
        """Read a system file (default: the shipped beginner SAYC) with these option values."""
        p = Path(path) if path is not None else DEFAULT_PATH
        try:
            with open(p, "rb") as fh:
                data = tomllib.load(fh)
        except FileNotFoundError:
            raise SystemFileError(f"no system file at {p}") from None
        except tomllib.TOMLDecodeError as e:
            raise SystemFileError(f"{p} is not valid TOML: {e}") from None
        except IsADirectoryError:
            raise SystemFileError(f"{p} is a folder: give a system file (TOML), such as sayc.toml") from None
        except OSError as e:
            raise SystemFileError(f"cannot read the system file {p}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise SystemFileError(f"{p} is not a system file: a system file is UTF-8 TOML text") from None
        return cls(data, options, p)

    def with_options(self, **options) -> "System":
        """The same system with some options changed."""
        return System(self.data, {**self.options, **options}, self.path)

    def _values(self) -> dict[str, str]:
        values = {k: _fmt(v) for k, v in self.options.items()}
        for key, spec in self.option_specs.items():
            per_choice = spec.get("values", {})
            extra = per_choice.get(_fmt(self.options[key]), {})
            values.update({k: _fmt(v) for k, v in extra.items()})
        return values

    def _subst(self, text: str, where: str) -> str:
        try:
            return text.format_map(self.values)
        except KeyError as e:
            raise SystemFileError(
                f"{where}: {{{e.args[0]}}} is not an option or option value "
                f"(known: {', '.join(sorted(self.values))})"
            ) from None

    def _compile(self) -> list[Rule]:
        rules: list[Rule] = []
        unknown = [k for k in self.data if k not in SECTIONS + ("system", "options")]
        if unknown:
            raise SystemFileError(
                f"unknown table(s) {', '.join(unknown)} in the system file: the tables "
                f"are system, options, {', '.join(SECTIONS)}"
            )
        for section in SECTIONS:
            for i, entry in enumerate(self.data.get(section, [])):
                name = entry.get("name", f"{section} {i + 1}")
                where = f"{section} rule {name!r}"
                for key in ("call",):
                    if key not in entry:
                        raise SystemFileError(f"{where} has no {key!r}")
                bad = set(entry) - RULE_KEYS
                if bad:
                    raise SystemFileError(
                        f"{where}: unknown key(s) {', '.join(sorted(bad))}; a rule has "
                        "name, after, call, when, promises, only_if, checked and source"
                    )
                if "checked" in entry and not isinstance(entry["checked"], bool):
                    raise SystemFileError(
                        f"{where}: checked is {entry['checked']!r}; write true or false "
                        "(was the rule checked against its source's text?)"
                    )
                only_if = entry.get("only_if")
                if only_if is not None:
                    neg = only_if.startswith("not ")
                    opt = only_if[4:].strip() if neg else only_if.strip()
                    if opt not in self.options:
                        raise SystemFileError(f"{where}: only_if names {opt!r}, which is not an option")
                    if bool(self.options[opt]) == neg:
                        continue
                raw_after = entry.get("after", "")
                afters = (
                    [self._subst(x, where) for x in raw_after]
                    if isinstance(raw_after, list)
                    else [self._subst(raw_after, where)]
                )
                after = " | ".join(afters)
                if section == "opening" and after:
                    raise SystemFileError(f"{where}: an opening has no 'after'")
                if section != "opening" and not after:
                    raise SystemFileError(f"{where} needs 'after', the calls of our side before it")
                alts = tuple(parse_after(x, f"{where}: after") for x in afters)
                wild, tokens = alts[0]
                when = [self._subst(w, where) for w in entry.get("when", [])]
                try:
                    conditions = [Condition(w, self.options) for w in when]
                except SystemFileError as e:
                    raise SystemFileError(f"{where}: {e}") from None
                rule = Rule(
                    section,
                    name,
                    after,
                    entry["call"],
                    when,
                    self._subst(entry.get("promises", ""), where),
                    only_if,
                    len(rules),
                    conditions,
                    tokens,
                    wild,
                    _call_template(entry["call"], where),
                    self,
                    promises_source=entry.get("promises", ""),
                    checked=entry.get("checked"),
                    source=str(entry.get("source", "")),
                )
                rule.alternatives = alts
                bound = set.intersection(
                    *({t.strain for t in tk if t.strain in _VARIABLES} for _, tk in alts)
                )
                used = set().union(*(c.variables() for c in conditions)) if conditions else set()
                if rule.template[0] == "var":
                    used.add(rule.template[2])
                rule.free = tuple(sorted(used - bound))
                rules.append(rule)
        return rules

    # ---- use ----------------------------------------------------------------------------
    def rules_after(self, view) -> list[tuple[Rule, dict[str, Strain]]]:
        """The rules for an auction, in order, with their suits. ``view`` is ``auction_view(...)``
        (calls marked ours or theirs), or a list of our side's calls with the opponents passing."""
        view = [(True, c) if isinstance(c, Call) else tuple(c) for c in view]
        unbid = unbid_suits(view)
        out = []
        for rule in self.rules:
            if rule.section == "opening":
                bind = {} if not view else None
            else:
                bind = None
                for wild, tokens in rule.alternatives if view else ():
                    bind = match_view(wild, tokens, view)
                    if bind is not None:
                        break
            if bind is not None:
                bind[UNBID] = unbid
                out.append((rule, bind))
        return out

    def covers(self, view) -> bool:
        """Whether the system has rules for this auction (otherwise it does not cover it)."""
        return bool(self.rules_after(view))

    def describe(self) -> str:
        """The system in words: name, source, options."""
        lines = [f"{self.name}", f"Source: {self.source}"]
        for key, spec in self.option_specs.items():
            lines.append(f"  {key} = {_fmt(self.options[key])}: {spec.get('help', '')}")
        return "\n".join(lines)

    def table(self, section: str | None = None):
        """The rules as a pandas DataFrame (section, after, call, when, promises)."""
        import pandas as pd

        rows = [
            {
                "section": r.section,
                "after": r.after or "-",
                "call": r.call_text if r.template[0] == "var" else r.call_label(),
                "rule": r.name,
                "when": "; ".join(r.when) or "always",
                "promises": r.promises_text,
            }
            for r in self.rules
            if section is None or r.section == section
        ]
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"System({self.name!r}, {opts})"


def _fmt(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


_DEFAULT: System | None = None
_SHIPPED: dict[str, System] = {}

SHIPPED = {"sayc": DEFAULT_PATH, "acol": DEFAULT_PATH.with_name("acol.toml")}
"""The systems that come with bridgelab, by the name ``system=`` takes."""


def default_system() -> System:
    """The shipped beginner SAYC with its default options (read once)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = System.load()
    return _DEFAULT


def get_system(system: "System | str | None" = None) -> System:
    """A System from a System, the name of a shipped one ("sayc", "acol"), a file path, or None
    (the default, SAYC)."""
    if system is None:
        return default_system()
    if isinstance(system, System):
        return system
    if isinstance(system, (str, Path)):
        key = str(system).strip().lower()
        if key == "sayc":
            return default_system()
        beside = DEFAULT_PATH.with_name(f"{key}.toml")  # any system file beside sayc.toml
        if key in SHIPPED or (re.fullmatch(r"[a-z0-9_-]+", key) and beside.exists()):
            if key not in _SHIPPED:
                _SHIPPED[key] = System.load(SHIPPED.get(key, beside))
            return _SHIPPED[key]
        if str(system).endswith(".toml"):
            return System.load(system)
        raise SystemFileError(
            f"{system!r} is not a bidding system: choose one of "
            f"{', '.join(map(repr, SHIPPED))}, give a System, or a .toml file path"
        )
    raise SystemFileError(
        f"a system is a System, a name ({', '.join(SHIPPED)}) or a .toml path, not {type(system).__name__}"
    )
