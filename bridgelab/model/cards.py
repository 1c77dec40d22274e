"""Seats, sides, strains, ranks and cards, and the reading of their names.

Suit holdings everywhere in bridgelab are 13-bit integers: bit 12 is the ace, bit 0 the two.
A hand is four holdings in the order spades, hearts, diamonds, clubs (``SUITS``).

Every value of the model is true: ``Seat.N`` and ``Strain.C`` are numbered 0 (their place in the
deal and on the bidding ladder) but ``bool(Seat.N)`` is True, so ``if auction.declarer:`` means
"there is a declarer" whoever it is. Only None (and the falsy ``PASSED_OUT`` of
``bridgelab.model.contract``: no contract to play) stands for "nothing".

Constructors follow one convention: they take the value or any form its ``parse`` reads
(``Card("S", "A")``, ``Call("bid", 4, "S")``, ``Contract(4, "S", 0, "N")``) and refuse the rest.
"""

from __future__ import annotations

import enum
import numbers
from dataclasses import dataclass
from functools import total_ordering
from typing import TypeGuard

from .errors import ParseError

__all__ = [
    "Seat",
    "Side",
    "Strain",
    "Rank",
    "Card",
    "SEATS",
    "SUITS",
    "STRAINS",
    "RANKS",
    "SUIT_SYMBOLS",
    "suit_index",
]


def _whole(value: object) -> TypeGuard[int]:
    """A whole number (int or numpy integer), not a bool: True is not seat 1 nor level 1."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


class Side(enum.Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple["Seat", "Seat"]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> "Side":
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: "str | Side") -> "Side":
        if isinstance(text, Side):
            return text
        key = str(text).strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise ParseError(f"{text!r} is not a side: write NS or EW")


_SEAT_NAMES = {
    "N": 0,
    "NORTH": 0,
    "E": 1,
    "EAST": 1,
    "S": 2,
    "SOUTH": 2,
    "W": 3,
    "WEST": 3,
}


class Seat(enum.IntEnum):
    """A seat at the table, numbered clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        """Always True: North (numbered 0) is a seat like the others, not "no seat"."""
        return True

    @property
    def partner(self) -> "Seat":
        return Seat((self + 2) % 4)

    @property
    def lho(self) -> "Seat":
        """Left-hand opponent: the next seat clockwise, who plays after this one."""
        return Seat((self + 1) % 4)

    @property
    def rho(self) -> "Seat":
        """Right-hand opponent: the seat that plays before this one."""
        return Seat((self + 3) % 4)

    next = lho

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self]

    def clockwise(self) -> tuple["Seat", "Seat", "Seat", "Seat"]:
        """The four seats in playing order starting with this one."""
        return tuple(Seat((self + i) % 4) for i in range(4))  # type: ignore[return-value]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    @classmethod
    def parse(cls, text: "str | int | Seat") -> "Seat":
        """Read 'N', 'north', 'North' (or a Seat, or 0-3)."""
        if isinstance(text, Seat):
            return text
        if _whole(text) and 0 <= text < 4:
            return cls(int(text))
        key = str(text).strip().upper()
        if key in _SEAT_NAMES:
            return cls(_SEAT_NAMES[key])
        raise ParseError(f"{text!r} is not a seat: write N, E, S or W (or North, East, South, West)")


SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_TO_LETTER = {v: k for k, v in SUIT_SYMBOLS.items()}
# The white-suit variants people paste from word processors.
_SYMBOL_TO_LETTER.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})

_STRAIN_WORDS = {
    "C": 0,
    "CLUB": 0,
    "CLUBS": 0,
    "D": 1,
    "DIAMOND": 1,
    "DIAMONDS": 1,
    "H": 2,
    "HEART": 2,
    "HEARTS": 2,
    "S": 3,
    "SPADE": 3,
    "SPADES": 3,
    "NT": 4,
    "N": 4,
    "NOTRUMP": 4,
    "NOTRUMPS": 4,
    "NO TRUMP": 4,
    "NO TRUMPS": 4,
    "NO-TRUMP": 4,
    "NO-TRUMPS": 4,
}


class Strain(enum.IntEnum):
    """A denomination of the auction, in rank order: clubs < diamonds < hearts < spades < no trump."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    def __bool__(self) -> bool:
        """Always True: clubs (numbered 0) is a strain like the others, not "no strain"."""
        return True

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NT else SUIT_SYMBOLS[self.name]

    @property
    def is_suit(self) -> bool:
        return self is not Strain.NT

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @property
    def is_red(self) -> bool:
        return self in (Strain.H, Strain.D)

    @property
    def full_name(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades", "no trump")[self]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    @classmethod
    def parse(cls, text: "str | Strain") -> "Strain":
        """Read 'S', '♠', 'spades', 'NT', 'N' (English letters, words and symbols)."""
        if isinstance(text, Strain):
            return text
        raw = str(text).strip()
        if raw in _SYMBOL_TO_LETTER:
            return cls[_SYMBOL_TO_LETTER[raw]]
        key = raw.upper()
        if key in _STRAIN_WORDS:
            return cls(_STRAIN_WORDS[key])
        raise ParseError(
            f"{text!r} is not a strain: write C, D, H, S or NT (or ♣ ♦ ♥ ♠, or clubs ... no trump)"
        )


STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)
"""The order of the four holdings of a hand: spades, hearts, diamonds, clubs (as in PBN)."""


def suit_index(suit: "Strain | str") -> int:
    """Position of a suit among a hand's holdings (spades 0 ... clubs 3)."""
    s = Strain.parse(suit)
    if s is Strain.NT:
        raise ParseError("no trump is not a suit: write C, D, H or S")
    return 3 - int(s)


_RANK_CHARS = "23456789TJQKA"


class Rank(enum.IntEnum):
    """A card rank, two to ace; ``bit`` is its place in a 13-bit holding."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def bit(self) -> int:
        return self - 2

    @property
    def char(self) -> str:
        return _RANK_CHARS[self - 2]

    def __str__(self) -> str:
        return self.char

    @classmethod
    def parse(cls, text: "str | int | Rank") -> "Rank":
        """Read 'A', 'k', 'T', '10', '9' ... '2'."""
        if isinstance(text, Rank):
            return text
        if _whole(text) and 2 <= text <= 14:
            return cls(int(text))
        key = str(text).strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in _RANK_CHARS:
            return cls(_RANK_CHARS.index(key) + 2)
        raise ParseError(f"{text!r} is not a rank: write A K Q J T (or 10) 9 8 7 6 5 4 3 2")


RANKS = tuple(Rank)


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. Cards order by rank within a suit, suits in bridge order (clubs lowest)."""

    suit: Strain
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Strain):
            object.__setattr__(self, "suit", Strain.parse(self.suit))
        if not isinstance(self.rank, Rank):
            object.__setattr__(self, "rank", Rank.parse(self.rank))
        if self.suit is Strain.NT:
            raise ParseError("a card's suit must be C, D, H or S, not NT")

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """Read 'SA', '♠A', 'sa', 'S10', 'ST', and also 'AS' / 'A♠' (rank first)."""
        if isinstance(text, Card):
            return text
        raw = str(text).strip()
        if len(raw) >= 2:
            for suit_part, rank_part in ((raw[0], raw[1:]), (raw[-1], raw[:-1])):
                try:
                    suit = Strain.parse(suit_part)
                    if suit is Strain.NT:
                        continue
                    return cls(suit, Rank.parse(rank_part))
                except ParseError:
                    continue
        raise ParseError(f"{text!r} is not a card: write the suit then the rank, as SA, ♠A, H10 or DT")

    @property
    def suit_index(self) -> int:
        return 3 - int(self.suit)

    @property
    def mask(self) -> int:
        """The card's bit in its suit's holding."""
        return 1 << self.rank.bit

    @property
    def index(self) -> int:
        """0-51: spades ace = 0 ... clubs two = 51 (holding order, high cards first)."""
        return self.suit_index * 13 + (12 - self.rank.bit)

    @classmethod
    def from_index(cls, index: int) -> "Card":
        suit_idx, pos = divmod(int(index), 13)
        return cls(SUITS[suit_idx], Rank(14 - pos))

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.suit, self.rank) < (other.suit, other.rank)

    def __str__(self) -> str:
        return SUIT_SYMBOLS[self.suit.name] + self.rank.char

    def __repr__(self) -> str:
        return f"Card({self.suit.name}{self.rank.char})"


def holding_to_text(holding: int) -> str:
    """'AKQ2' for a 13-bit holding, high cards first ('' for a void)."""
    return "".join("23456789TJQKA"[b] for b in range(12, -1, -1) if holding >> b & 1)
