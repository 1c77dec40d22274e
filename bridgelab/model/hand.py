"""Hand: thirteen cards as four suit holdings (spades, hearts, diamonds, clubs)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from . import evaluate as _ev
from .cards import SUITS, Card, Rank, Strain, holding_to_text, suit_index
from .errors import PBNError

__all__ = ["Hand", "parse_holdings", "holdings_to_pbn", "holding_to_text", "holding_from_text"]

_RANK_CHARS = "23456789TJQKA"
_VOID_MARKS = ("-", "—", "")


def holding_from_text(text: str, *, where: str = "suit") -> int:
    """Read the ranks of one suit ('AKQ2', 'KJ10', '-' for a void) into a holding."""
    raw = text.strip()
    if raw in _VOID_MARKS:
        return 0
    raw = raw.upper().replace("10", "T")
    holding = 0
    for ch in raw:
        if ch not in _RANK_CHARS:
            raise PBNError(
                f"{ch!r} in {where} {text!r} is not a rank: use A K Q J T 9 8 7 6 5 4 3 2 "
                "(or 10), and '-' or nothing for a void"
            )
        bit = 1 << _RANK_CHARS.index(ch)
        if holding & bit:
            raise PBNError(f"{where} {text!r} has the {ch} twice")
        holding |= bit
    return holding


def parse_holdings(text: str) -> tuple[int, int, int, int]:
    """Read a PBN hand 'AKQ2.KJ4.A93.T52' (spades first) into four holdings, any number of cards."""
    if not isinstance(text, str):
        raise PBNError(f"a PBN hand is a string like 'AKQ2.KJ4.A93.T52', not {type(text).__name__}")
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise PBNError(
            f"{text!r} has {len(parts)} suit{'s' if len(parts) != 1 else ''}: a PBN hand has four, "
            "spades.hearts.diamonds.clubs separated by three dots, as 'AKQ2.KJ4.A93.T52'"
        )
    names = ("spades", "hearts", "diamonds", "clubs")
    return tuple(  # type: ignore[return-value]
        holding_from_text(p, where=f"the {names[i]} of {text.strip()!r}:") for i, p in enumerate(parts)
    )


def holdings_to_pbn(holdings: Sequence[int]) -> str:
    return ".".join(holding_to_text(int(h)) for h in holdings)


def _four_holdings(holdings: Iterable[Any]) -> tuple[int, int, int, int]:
    """Four whole numbers 0-8191 (13-bit suit holdings), or a PBNError saying what is allowed."""
    what = "a hand is four 13-bit suit holdings, whole numbers 0-8191 (spades, hearts, diamonds, clubs)"
    if isinstance(holdings, str):
        raise PBNError(f"{what}; read a text hand such as {holdings[:40]!r} with Hand.from_pbn")
    try:
        items = list(holdings)
    except TypeError:
        raise PBNError(f"{what}, not {type(holdings).__name__}") from None
    if len(items) != 4:
        raise PBNError(f"{what}; {len(items)} were given")
    hs = []
    for h in items:
        if isinstance(h, (bool, np.bool_)) or not isinstance(h, (int, np.integer)):
            raise PBNError(f"{what}; {h!r} is not a whole number"[:300])
        if not 0 <= h < _ev.NHOLDINGS:
            raise PBNError(f"{what}; {h} is out of range"[:300])
        hs.append(int(h))
    return tuple(hs)  # type: ignore[return-value]


class Hand:
    """Thirteen cards. Shows as a suit-by-suit diagram; evaluators are properties.

    >>> h = Hand.from_pbn("AKQ2.KJ4.A93.T52")
    >>> h.hcp, h.shape, h.pattern
    (17, (4, 3, 3, 3), '4-3-3-3')
    """

    __slots__ = ("_holdings",)

    def __init__(self, holdings: Sequence[int]):
        hs = _four_holdings(holdings)
        n = sum(int(_ev.LENGTH[h]) for h in hs)
        if n != 13:
            raise PBNError(
                f"a hand has 13 cards; {holdings_to_pbn(hs)!r} has {n}"
                + (" (too few)" if n < 13 else " (too many)")
            )
        self._holdings = hs

    @classmethod
    def _checked(cls, holdings: "tuple[int, int, int, int]") -> "Hand":
        """A hand from four holdings already known to be 13 cards (a checked deal's row)."""
        h = cls.__new__(cls)
        h._holdings = holdings
        return h

    # ---- construction and notation ------------------------------------------------------
    @classmethod
    def _from_checked(cls, holdings: tuple[int, int, int, int]) -> "Hand":
        """A Hand from four holdings already known to be 13 cards (see Deal._from_checked)."""
        h = cls.__new__(cls)
        h._holdings = holdings
        return h

    @classmethod
    def from_pbn(cls, text: str) -> "Hand":
        """Read 'AKQ2.KJ4.A93.T52': spades, hearts, diamonds, clubs separated by dots."""
        return cls(parse_holdings(text))

    @classmethod
    def from_cards(cls, cards: Iterable["Card | str"]) -> "Hand":
        hs = [0, 0, 0, 0]
        for c in cards:
            card = Card.parse(c)
            if hs[card.suit_index] & card.mask:
                raise PBNError(f"{card} is given twice")
            hs[card.suit_index] |= card.mask
        return cls(hs)

    def to_pbn(self) -> str:
        return holdings_to_pbn(self._holdings)

    # ---- cards ---------------------------------------------------------------------------
    @property
    def holdings(self) -> tuple[int, int, int, int]:
        return self._holdings

    def holding(self, suit: "Strain | str") -> int:
        return self._holdings[suit_index(suit)]

    def suit(self, suit: "Strain | str") -> str:
        """The ranks held in a suit, high first: hand.suit('S') == 'AKQ2'."""
        return holding_to_text(self.holding(suit))

    @property
    def cards(self) -> list[Card]:
        """The cards, spades first, high cards first within a suit."""
        return [
            Card(SUITS[i], Rank(b + 2))
            for i, h in enumerate(self._holdings)
            for b in range(12, -1, -1)
            if h >> b & 1
        ]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return 13

    def __contains__(self, card: "str | Card") -> bool:
        c = Card.parse(card)
        return bool(self._holdings[c.suit_index] & c.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other._holdings == self._holdings

    def __hash__(self) -> int:
        return hash(self._holdings)

    # ---- evaluation ----------------------------------------------------------------------
    def evaluate(self, name: str) -> int | float:
        """The value of evaluator ``name`` (built in or registered) for this hand."""
        value = _ev.evaluator(name)(np.array(self._holdings))
        assert not isinstance(value, np.ndarray)  # one hand's four suits sum to one number
        return value

    def evaluate_suits(self, name: str) -> dict[Strain, float]:
        """The value of evaluator ``name`` suit by suit, spades first."""
        values = _ev.evaluator(name).per_suit(np.array(self._holdings))
        return {SUITS[i]: values[i].item() for i in range(4)}

    @property
    def hcp(self) -> int:
        return int(self.evaluate("hcp"))

    @property
    def controls(self) -> int:
        return int(self.evaluate("controls"))

    @property
    def honour_tricks(self) -> float:
        return float(self.evaluate("honour_tricks"))

    @property
    def quick_tricks(self) -> float:
        return float(self.evaluate("quick_tricks"))

    @property
    def losers(self) -> int:
        return int(self.evaluate("losers"))

    @property
    def length_points(self) -> int:
        return int(self.evaluate("length_points"))

    @property
    def shortness_points(self) -> int:
        return int(self.evaluate("shortness_points"))

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        return tuple(int(_ev.LENGTH[h]) for h in self._holdings)  # type: ignore[return-value]

    @property
    def pattern(self) -> str:
        """The lengths longest first, as '5-4-3-1', whatever the suits."""
        return _ev.pattern_of(self.shape)

    @property
    def balanced(self) -> bool:
        return bool(_ev.is_balanced(self.shape))

    @property
    def semi_balanced(self) -> bool:
        return bool(_ev.is_semi_balanced(self.shape))

    def length(self, suit: "Strain | str") -> int:
        return int(_ev.LENGTH[self.holding(suit)])

    def summary(self) -> dict[str, Any]:
        """All the built-in evaluations, as plain Python values (for JSON and tables)."""
        return {
            "hand": self.to_pbn(),
            "hcp": self.hcp,
            "controls": self.controls,
            "honour_tricks": self.honour_tricks,
            "quick_tricks": self.quick_tricks,
            "losers": self.losers,
            "length_points": self.length_points,
            "shortness_points": self.shortness_points,
            "shape": list(self.shape),
            "pattern": self.pattern,
            "balanced": self.balanced,
            "semi_balanced": self.semi_balanced,
        }

    # ---- display -------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Hand({self.to_pbn()!r})"

    def __str__(self) -> str:
        from ..render.display import hand_text

        return hand_text(self)

    def _repr_html_(self) -> str:
        from ..render.display import hand_html

        return hand_html(self)
