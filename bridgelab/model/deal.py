"""Deal (four hands) and Board (a board number's dealer and vulnerability); PBN deal strings."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from . import evaluate as _ev
from .cards import SEATS, Card, Seat, Side
from .errors import InvalidDeal, ParseError, PBNError
from .hand import Hand, holdings_to_pbn, parse_holdings

if TYPE_CHECKING:
    from ..render.display import Diagram

__all__ = ["Deal", "Board", "Vulnerability", "board"]


class Vulnerability(enum.Enum):
    """Which sides are vulnerable. Values are the PBN spellings."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def of(self, who: "Seat | Side | str") -> bool:
        """Is this seat's (or side's) partnership vulnerable?"""
        if isinstance(who, str):
            text = who
            try:
                who = Seat.parse(text)
            except ParseError:
                who = Side.parse(text)
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.BOTH or self.value == side.value

    def __str__(self) -> str:
        return {"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both"}[self.value]

    @classmethod
    def parse(cls, text: "str | Vulnerability") -> "Vulnerability":
        """Read PBN and common spellings: None/Love/-, NS, EW, All/Both."""
        if isinstance(text, Vulnerability):
            return text
        key = str(text).strip().upper().replace("-", "").replace("/", "")
        if key in ("NONE", "LOVE", "", "O"):
            return cls.NONE
        if key in ("NS", "N", "S"):
            return cls.NS
        if key in ("EW", "E", "W"):
            return cls.EW
        if key in ("ALL", "BOTH", "B"):
            return cls.BOTH
        raise ParseError(f"{text!r} is not a vulnerability: write None, NS, EW or All")


# Board 1..16 of the duplicate cycle; board 17 is board 1 again.
_VUL_CYCLE = "- NS EW All NS EW All - EW All - NS All - NS EW".split()


@dataclass(frozen=True)
class Board:
    """A board number with the dealer and vulnerability the 16-board cycle gives it."""

    number: int
    dealer: Seat
    vulnerable: Vulnerability

    @classmethod
    def from_number(cls, number: int) -> "Board":
        if not isinstance(number, (int, np.integer)) or number < 1:
            raise ParseError(f"{number!r} is not a board number: boards are numbered from 1")
        i = (int(number) - 1) % 16
        return cls(int(number), Seat(i % 4), Vulnerability.parse(_VUL_CYCLE[i]))

    def is_vulnerable(self, who: "Seat | Side | str") -> bool:
        return self.vulnerable.of(who)

    def __str__(self) -> str:
        return f"Board {self.number}: dealer {self.dealer.full_name}, vulnerable {self.vulnerable}"


def board(number: int) -> Board:
    """Dealer and vulnerability of board ``number`` (1, 2, ...) on the 16-board cycle."""
    return Board.from_number(number)


_FULL_SUIT = (1 << 13) - 1


def _check_deal(holdings: np.ndarray) -> None:
    """Raise InvalidDeal naming the doubled and missing cards and the hands of wrong size."""
    rows = holdings.tolist()
    if all(sum(int(h).bit_count() for h in row) == 13 for row in rows) and all(
        rows[0][s] | rows[1][s] | rows[2][s] | rows[3][s] == _FULL_SUIT for s in range(4)
    ):
        return  # the usual case, in a few microseconds: 52 cards, 13 a hand, every card held
    problems = []
    owners: dict[int, list[Seat]] = {}
    for seat in SEATS:
        for s in range(4):
            h = int(holdings[seat, s])
            for b in range(13):
                if h >> b & 1:
                    owners.setdefault(s * 13 + (12 - b), []).append(seat)
    for idx in sorted(owners):
        if len(owners[idx]) > 1:
            names = " and ".join(seat.full_name for seat in owners[idx])
            problems.append(f"{Card.from_index(idx)} is in {names}")
    missing = [str(Card.from_index(i)) for i in range(52) if i not in owners]
    if missing:
        problems.append(f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing")
    for seat in SEATS:
        n = int(_ev.LENGTH[holdings[seat]].sum())
        if n != 13:
            problems.append(f"{seat.full_name} has {n} cards ({'too many' if n > 13 else 'too few'})")
    if problems:
        raise InvalidDeal("a deal is 52 different cards, 13 to each hand: " + "; ".join(problems))


class Deal:
    """Four hands of thirteen cards, one to each seat. Shows as a compass diagram.

    ``Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")``
    """

    __slots__ = ("_holdings", "_hands")
    _holdings: np.ndarray
    _hands: "tuple[Hand, ...] | None"

    def __init__(self, hands: "Mapping[Seat | str, Hand | str] | Sequence[Hand | str]"):
        if isinstance(hands, Mapping):
            items = {Seat.parse(k): v for k, v in hands.items()}
            if set(items) != set(SEATS):
                raise InvalidDeal("a deal needs a hand for each of N, E, S and W")
            ordered = [items[s] for s in SEATS]
        elif isinstance(hands, str):
            raise InvalidDeal(
                "a deal is four hands (N, E, S, W); read a PBN deal such as "
                f"{hands[:40]!r} with Deal.from_pbn"
            )
        else:
            try:
                ordered = list(hands)
            except TypeError:
                raise InvalidDeal(
                    "a deal is four hands (N, E, S, W), as Hands or PBN hand "
                    f"strings, not {type(hands).__name__}"
                ) from None
            if len(ordered) != 4:
                raise InvalidDeal(f"a deal is four hands (N, E, S, W), not {len(ordered)}")
        rows = [h.holdings if isinstance(h, Hand) else parse_holdings(h) for h in ordered]
        self._init(np.array(rows, dtype=np.uint16))

    def _init(self, holdings: np.ndarray) -> None:
        _check_deal(holdings)
        holdings.setflags(write=False)
        self._holdings = holdings
        self._hands = None  # made when first asked for: a list of deals costs little

    def _hand_tuple(self) -> "tuple[Hand, ...]":
        if self._hands is None:
            self._hands = tuple(Hand._checked(tuple(row)) for row in self._holdings.tolist())
        return self._hands

    @classmethod
    def from_holdings(cls, holdings: npt.ArrayLike) -> "Deal":
        """A deal from a (4, 4) array of holdings: seats N E S W, suits S H D C."""
        what = "deal holdings are a (4, 4) array (seats N E S W by suits S H D C) of whole numbers 0-8191"
        try:
            raw = np.asarray(holdings)
        except (TypeError, ValueError, OverflowError):
            raise InvalidDeal(f"{what}; this is not an array of numbers") from None
        if raw.shape != (4, 4):
            raise InvalidDeal(f"{what}, not of shape {raw.shape}")
        if raw.dtype.kind not in "iu":
            raise InvalidDeal(f"{what}, not of {raw.dtype} values")
        if raw.size and (raw.min() < 0 or raw.max() >= _ev.NHOLDINGS):
            bad = raw[(raw < 0) | (raw >= _ev.NHOLDINGS)][0]
            raise InvalidDeal(f"{what}; {bad} is out of range")
        arr = raw.astype(np.uint16)
        d = cls.__new__(cls)
        d._init(arr)
        return d

    @classmethod
    def _from_checked(cls, rows: Sequence[Sequence[int]]) -> "Deal":
        """A Deal from four rows of holdings the caller has already found to be 52 different
        cards, 13 to a hand (the file readers check on the way): no second check, for speed."""
        arr = np.array(rows, dtype=np.uint16)
        arr.setflags(write=False)
        d = cls.__new__(cls)
        d._holdings = arr
        d._hands = tuple(
            Hand._from_checked(cast("tuple[int, int, int, int]", tuple(int(x) for x in r))) for r in rows
        )
        return d

    @classmethod
    def from_pbn(cls, text: str) -> "Deal":
        """Read a PBN deal: the first seat, a colon, then four hands clockwise from it.

        Reads 'N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86';
        any first seat; surrounding quotes are ignored.
        """
        if not isinstance(text, str):
            raise PBNError(f"a PBN deal is a string like 'N:AKQ2.KJ4.A93.T52 ...', not {type(text).__name__}")
        raw = text.strip().strip('"').strip()
        if len(raw) < 2 or raw[1] != ":":
            raise PBNError(
                f"{text!r} does not start with a seat and a colon: a PBN deal reads "
                "'N:' (or E:, S:, W:) and then four hands clockwise"
            )
        try:
            first = Seat.parse(raw[0])
        except ParseError:
            raise PBNError(f"{raw[0]!r} is not a seat: a PBN deal starts with N:, E:, S: or W:") from None
        hands = raw[2:].split()
        if len(hands) != 4:
            raise PBNError(
                f"a PBN deal has four hands separated by spaces after {raw[:2]!r}; found {len(hands)}"
            )
        rows: list[tuple[int, int, int, int] | None] = [None] * 4
        for i, h in enumerate(hands):
            seat = Seat((first + i) % 4)
            try:
                rows[seat] = parse_holdings(h)
            except PBNError as e:
                raise PBNError(f"{seat.full_name}'s hand: {e}") from None
        d = cls.__new__(cls)
        d._init(np.array(rows, dtype=np.uint16))
        return d

    def to_pbn(self, first: "Seat | str" = Seat.N) -> str:
        start = Seat.parse(first)
        return f"{start.name}:" + " ".join(holdings_to_pbn(self._holdings[s]) for s in start.clockwise())

    # ---- access --------------------------------------------------------------------------
    @property
    def holdings(self) -> np.ndarray:
        """The (4, 4) uint16 array: seats N E S W by suits S H D C (read-only)."""
        return self._holdings

    def __getitem__(self, seat: "Seat | str") -> Hand:
        return self._hand_tuple()[Seat.parse(seat)]

    @property
    def hands(self) -> dict[Seat, Hand]:
        return dict(zip(SEATS, self._hand_tuple()))

    def owner(self, card: "Card | str") -> Seat:
        """The seat that holds ``card``."""
        c = Card.parse(card)
        for seat in SEATS:
            if self._holdings[seat, c.suit_index] & c.mask:
                return seat
        raise AssertionError("unreachable: a valid deal holds every card")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and bool(np.array_equal(self._holdings, other._holdings))

    def __hash__(self) -> int:
        return hash(self._holdings.tobytes())

    def evaluate(self, name: str) -> dict[Seat, float]:
        """Evaluator ``name`` for each seat."""
        values = _ev.evaluator(name)(self._holdings)
        assert isinstance(values, np.ndarray)  # four seats: one total each
        return {seat: values[seat].item() for seat in SEATS}

    @property
    def hcp(self) -> dict[Seat, int]:
        return {seat: int(v) for seat, v in self.evaluate("hcp").items()}

    def rotated(self, turns: int = 1) -> "Deal":
        """The deal turned clockwise: with turns=1 North's hand goes to East, and so on."""
        return Deal.from_holdings(np.roll(self._holdings, int(turns) % 4, axis=0))

    # ---- display -------------------------------------------------------------------------
    def diagram(
        self, lang: str = "en", hcp: bool = True, board: "Board | None" = None, local_ranks: bool = False
    ) -> "Diagram":
        """The compass diagram with the seats named in ``lang``; points shown or hidden; the
        honours in the language's own letters with ``local_ranks`` (Estonian Ä K E S).

        In a notebook it draws itself; ``str()`` gives the text diagram.
        """
        from ..render.display import Diagram

        return Diagram(self, board=board, show_hcp=hcp, lang=lang, local_ranks=local_ranks)

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        from ..render.display import deal_text

        return deal_text(self)

    def _repr_html_(self) -> str:
        from ..render.display import deal_html

        return deal_html(self)
