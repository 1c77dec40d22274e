"""Call (a bid, pass, double or redouble) and Contract (level, strain, doubling, declarer).

Reading what people type lives here for English letters and symbols ("1NT", "1N", "1♠", "1s",
"P", "X", "XX", "4SX", "3NTXX by N"). Words of the other languages are read one layer up, by
``bridgelab.text.terms`` (``read_call``, ``read_contract``), which knows the languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from .cards import Seat, Strain, _whole
from .errors import ParseError

__all__ = ["Call", "Contract", "PassedOut", "PASSED_OUT", "PASS", "DOUBLE", "REDOUBLE", "ALL_BIDS"]

PASS_DASHES = ("-", "\u2013", "\u2014", "\u2212")
"""Dashes that hand records and books write for a pass: hyphen, en dash, em dash, minus sign."""
_PASS_WORDS = {"P", "PASS", "PASSES", "NB", "NO BID", *PASS_DASHES}
_DOUBLE_WORDS = {"X", "D", "DBL", "DOUBLE", "DOUBLED"}
_REDOUBLE_WORDS = {"XX", "R", "RDBL", "REDOUBLE", "REDOUBLED", "RE"}

_BID_RE = re.compile(r"^\s*([1-7])\s*(.+?)\s*$")
_DOUBLING_SUFFIX = {"": 0, "X": 1, "XX": 2, "*": 1, "**": 2}


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction: a bid (level 1-7 and a strain), pass, double or redouble."""

    kind: str  # "bid", "pass", "double" or "redouble"
    level: int | None = None
    strain: Strain | None = None

    KINDS: ClassVar[tuple[str, ...]] = ("bid", "pass", "double", "redouble")

    def __post_init__(self) -> None:
        kind = self.kind.strip().lower() if isinstance(self.kind, str) else self.kind
        if kind not in self.KINDS:
            raise ParseError(f"{self.kind!r} is not a kind of call: bid, pass, double or redouble")
        object.__setattr__(self, "kind", kind)
        if kind == "bid":
            object.__setattr__(self, "level", _level(self.level, "a bid"))
            if self.strain is None:
                raise ParseError("a bid needs a strain (C, D, H, S or NT), not None")
            if not isinstance(self.strain, Strain):
                object.__setattr__(self, "strain", Strain.parse(self.strain))
        elif self.level is not None or self.strain is not None:
            raise ParseError(f"a {kind} has no level or strain")

    @classmethod
    def bid(cls, level: int, strain: "Strain | str") -> "Call":
        return cls("bid", _level(level, "a bid"), Strain.parse(strain))

    @property
    def is_bid(self) -> bool:
        return self.kind == "bid"

    @property
    def rank(self) -> int:
        """0 for 1♣ ... 34 for 7NT: the order of the bidding ladder (bids only)."""
        if not self.is_bid:
            raise ParseError(f"{self} is not a bid and has no place on the bidding ladder")
        assert self.level is not None and self.strain is not None  # a bid has both
        return (self.level - 1) * 5 + int(self.strain)

    @classmethod
    def from_rank(cls, rank: int) -> "Call":
        level, strain = divmod(int(rank), 5)
        return cls("bid", level + 1, Strain(strain))

    @classmethod
    def parse(cls, text: "str | Call") -> "Call":
        """Read a call in the notation of PBN and English books.

        '1NT', '1N', '1♠', '1s', '1 spade', 'P', 'Pass', 'X', 'Dbl', 'XX', 'Rdbl'. The words of
        other languages ('kolm pada', '3 pik', 'dalje') are read by ``bridgelab.lang.read_call``.
        """
        if isinstance(text, Call):
            return text
        call = _parse_english(str(text).strip())
        if call is not None:
            return call
        raise ParseError(
            f"{text!r} is not a call: write a bid as a level 1-7 and a strain (1C, 2♦, 3H, 4S, 1NT), "
            "or Pass (P), Double (X) or Redouble (XX)"
        )

    def __str__(self) -> str:
        if self.kind == "bid":
            assert self.strain is not None  # a bid has a strain
            return f"{self.level}{self.strain.symbol}"
        return {"pass": "Pass", "double": "X", "redouble": "XX"}[self.kind]

    def to_ascii(self) -> str:
        """'4S', '3NT', 'Pass', 'X', 'XX': the form PBN files use."""
        if self.kind == "bid":
            assert self.strain is not None  # a bid has a strain
            return f"{self.level}{self.strain.name}"
        return str(self)

    def __repr__(self) -> str:
        return f"Call({self.to_ascii()!r})"


def _level(value: object, what: str) -> int:
    """A level 1-7 from a whole number or a digit ('4'); not a bool, a float or anything else."""
    if isinstance(value, str) and value.strip() in ("1", "2", "3", "4", "5", "6", "7"):
        return int(value)
    if _whole(value) and 1 <= value <= 7:
        return int(value)
    raise ParseError(f"{what}'s level is a whole number 1 to 7, not {value!r}")


def _parse_english(raw: str) -> Call | None:
    key = " ".join(raw.upper().split())
    if key in _PASS_WORDS:
        return PASS
    if key in _DOUBLE_WORDS:
        return DOUBLE
    if key in _REDOUBLE_WORDS:
        return REDOUBLE
    m = _BID_RE.match(raw)
    if m:
        try:
            return Call("bid", int(m.group(1)), Strain.parse(m.group(2)))
        except ParseError:
            return None
    return None


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")
ALL_BIDS = tuple(Call.from_rank(r) for r in range(35))

_CONTRACT_RE = re.compile(
    r"^\s*(?P<bid>.+?)\s*(?P<dbl>XX|X|\*\*|\*)?\s*(?:(?:BY|-|/)\s*(?P<seat>[NESW]|NORTH|EAST|SOUTH|WEST))?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: level, strain, doubled (0 none, 1 doubled, 2 redoubled), declarer."""

    level: int
    strain: Strain
    doubled: int = 0
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", _level(self.level, "a contract"))
        if not isinstance(self.strain, Strain):
            object.__setattr__(self, "strain", Strain.parse(self.strain))
        if isinstance(self.doubled, str) and self.doubled.upper() in _DOUBLING_SUFFIX:
            object.__setattr__(self, "doubled", _DOUBLING_SUFFIX[self.doubled.upper()])
        if not _whole(self.doubled) or self.doubled not in (0, 1, 2):
            raise ParseError(
                f"doubled is 0 (not doubled), 1 (doubled) or 2 (redoubled), "
                f"or '', 'X', 'XX', not {self.doubled!r}"
            )
        object.__setattr__(self, "doubled", int(self.doubled))
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            object.__setattr__(self, "declarer", Seat.parse(self.declarer))

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: the level plus the book of six."""
        return self.level + 6

    @property
    def dummy(self) -> Seat | None:
        return None if self.declarer is None else self.declarer.partner

    @property
    def opening_leader(self) -> Seat | None:
        """The defender on declarer's left makes the opening lead."""
        return None if self.declarer is None else self.declarer.lho

    @property
    def is_slam(self) -> bool:
        return self.level >= 6

    @property
    def call(self) -> Call:
        return Call("bid", self.level, self.strain)

    @classmethod
    def parse(cls, text: "str | Contract") -> "Contract":
        """Read '4S', '4SX', '3NTXX', '6♥', '4S by N', '3NTX-S'.

        Contracts in words ('2 bez trumfů', '4 pada kontraga') are read by
        ``bridgelab.lang.read_contract``.
        """
        if isinstance(text, Contract):
            return text
        raw = str(text).strip()
        m = _CONTRACT_RE.match(raw)
        if m:
            try:
                call = Call.parse(m.group("bid"))
            except ParseError:
                call = None
            if call is not None and call.is_bid:
                assert call.level is not None and call.strain is not None  # a bid has both
                dbl = _DOUBLING_SUFFIX[(m.group("dbl") or "").upper()]
                seat = Seat.parse(m.group("seat")) if m.group("seat") else None
                return cls(call.level, call.strain, dbl, seat)
        if _parse_english(raw) == PASS:
            raise ParseError(
                f"{text!r} is a passed-out deal, not a contract: there is nothing "
                "to play (it scores 0: score('Pass', 0, vulnerable))"
            )
        raise ParseError(
            f"{text!r} is not a contract: write a level 1-7 and a strain, then X for doubled or XX "
            "for redoubled, optionally 'by' and the declarer: 4S, 3NTX, 6♥XX by N"
        )

    def __str__(self) -> str:
        s = f"{self.level}{self.strain.symbol}{'X' * self.doubled}"
        return s if self.declarer is None else f"{s} by {self.declarer.name}"

    def to_ascii(self) -> str:
        """'4SX' as PBN's Contract tag writes it (without the declarer)."""
        return f"{self.level}{self.strain.name}{'X' * self.doubled}"

    def __repr__(self) -> str:
        by = "" if self.declarer is None else f" by {self.declarer.name}"
        return f"Contract({self.to_ascii() + by!r})"


@dataclass(frozen=True, slots=True)
class PassedOut:
    """The result of an auction of four passes (Law 22A): no contract; each side scores 0.

    ``Auction.contract`` of a passed-out auction is ``PASSED_OUT``, which the scoring functions
    read as a score of 0. It is the one falsy value of the model, so ``if auction.contract:``
    still means "there is a contract to play"; its level, strain, declarer, dummy, opening
    leader and tricks needed are None, as a Contract's would be without them.
    """

    level = None
    strain = None
    doubled = 0
    declarer = None
    dummy = None
    opening_leader = None
    tricks_needed = None
    is_slam = False

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return "Passed out"

    def to_ascii(self) -> str:
        """'Pass', as PBN's Contract tag writes a passed-out deal."""
        return "Pass"

    def __repr__(self) -> str:
        return "PASSED_OUT"


PASSED_OUT = PassedOut()
