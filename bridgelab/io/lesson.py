"""Lesson sets: numbered boards made for one lesson, ready for PBN files and printed handouts.

    >>> lesson = make_lesson("N: 15-17 balanced", 16, seed=7, rotate="S", title="Opening 1NT")
    >>> lesson.annotate(1, note="Open 1NT: 15-17, balanced.", auction="P P 1NT P 3NT P P P")
    DealRecord(board=1, dealer=N, deal='N:T32.J2.AQT96.765 Q9876.9.J85.QT84 AK4.AQT74.432.K9 J5.K8653.K7.AJ32')
    >>> lesson.save_pbn("lesson.pbn"), lesson.save_html("lesson.html")   # the paths written
    ('lesson.pbn', 'lesson.html')

Boards are numbered from ``first_board``; each takes the dealer and vulnerability of its
number on the 16-board cycle. The hand the lesson is about (the seat the constraint names,
or ``about=``) is turned to the seat the teacher chooses (``rotate="S"``): the whole deal turns,
so partners stay partners, while the dealer and vulnerability stay those of the board number.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ..model.cards import Seat
from ..model.contract import Contract
from ..model.deal import Deal
from ..model.deal import board as _board
from ..model.errors import BridgeError, ConstraintError, ParseError
from ..text.terms import read_contract
from .pbn import DealRecord, _contract_agrees

__all__ = ["Lesson", "make_lesson", "lesson_seat"]

_SEAT_AT_START = re.compile(r"^\s*(north|east|south|west|[NESW])\b\s*:?", re.I)
_SEAT_IN_CALL = re.compile(r"\(\s*(north|east|south|west)\b", re.I)


def lesson_seat(where) -> Seat:
    """The seat a constraint is about: the one seat it names, else the first one it names
    (the compact form's seat is North until one is named). A function of a batch says
    nothing about its seat: North, unless ``about=`` is given."""
    if not isinstance(where, str):
        return getattr(where, "about_seat", Seat.N)
    from ..dealing.constraints import parse_constraint

    seats = parse_constraint(where).node.seats()
    if len(seats) == 1:
        return Seat(next(iter(seats)))
    m = _SEAT_IN_CALL.search(where) or _SEAT_AT_START.match(where)
    return Seat.parse(m.group(1)) if m else Seat.N


def _seeds(seed: int | None, n: int) -> list[int | None]:
    """One seed per board, all drawn from ``seed`` (None: fresh randomness)."""
    if seed is None:
        return [None] * n
    return [int(s.generate_state(1)[0]) for s in np.random.SeedSequence(seed).spawn(n)]


def _per_board(value, n: int, what: str) -> list:
    """A value for every board: one value for all, or a list of exactly n."""
    if value is None or isinstance(value, (str, Contract)) or callable(value):
        return [value] * n
    values = list(value)
    if len(values) != n:
        raise BridgeError(
            f"{what}: give one for all boards or a list of {n} (one per board), not {len(values)}"
        )
    return values


@dataclass
class Lesson:
    """A set of boards for a lesson: DealRecords in board order, plus how they were made."""

    title: str
    boards: list[DealRecord] = field(default_factory=list)
    where: object = None
    seed: int | None = None
    about: Seat | None = None
    rotate: Seat | None = None

    def __len__(self) -> int:
        return len(self.boards)

    def __iter__(self):
        return iter(self.boards)

    def __getitem__(self, number: int) -> DealRecord:
        """The board with this number (board numbers, not list positions)."""
        for rec in self.boards:
            if rec.board == number:
                return rec
        raise BridgeError(
            f"there is no board {number} in this lesson: boards "
            f"{', '.join(str(r.board) for r in self.boards)}"
        )

    @property
    def deals(self) -> list[Deal]:
        return [r.deal for r in self.boards]

    # ---- notes, auctions, contracts --------------------------------------------------------
    def annotate(
        self,
        number: int,
        note: str | None = None,
        auction: str | None = None,
        contract: "str | Contract | None" = None,
        alerts: dict[int, str] | None = None,
    ) -> DealRecord:
        """Add a note, a suggested auction (calls from the board's dealer, checked against the
        laws) and/or the contract to board ``number``. The contract follows from a finished
        auction; a contract given with it must agree."""
        from ..rules.auction import Auction

        i = self.boards.index(self[number])
        rec = self.boards[i]
        changes: dict = {}
        if note is not None:
            changes["notes"] = rec.notes + (str(note),)
        if auction is not None:
            a = (
                Auction.parse(auction, dealer=rec.dealer)
                if isinstance(auction, str)
                else Auction(rec.dealer, auction)
            )
            changes["auction"] = a.calls
            changes["passed_out"] = a.passed_out
            if a.is_over and a.contract:  # not PASSED_OUT
                changes["contract"] = a.contract
            if contract is not None and a.is_over:
                given = read_contract(contract)
                reached = a.contract
                if not reached or not _contract_agrees(given, reached):
                    raise BridgeError(
                        f"board {number}: the auction reaches "
                        f"{reached or 'no contract (passed out)'}, not {given}"
                    )
                contract = None
        if alerts is not None:
            changes["alerts"] = dict(alerts)
        if contract is not None:
            changes["contract"] = read_contract(contract)
        rec = replace(rec, **changes)
        self.boards[i] = rec
        return rec

    def add_dd(self) -> None:
        """Fill in the double-dummy table of each board that has none (needs the ``dd`` extra:
        endplay)."""
        missing = [r for r in self.boards if r.dd is None]
        if not missing:
            return
        from ..analysis.dd import dd_tables

        for rec, table in zip(missing, dd_tables([r.deal for r in missing])):
            rec.dd = tuple(tuple(int(x) for x in row) for row in table)

    # ---- files -----------------------------------------------------------------------------
    def _header(self) -> list[str]:
        parts = []
        if self.where is not None:
            w = self.where if isinstance(self.where, str) else getattr(self.where, "__name__", "f")
            parts.append(f"where={w!r}" if isinstance(self.where, str) else f"where={w}")
        if self.seed is not None:
            parts.append(f"seed={self.seed}")
        if self.about is not None:
            parts.append(f"about={self.about.name}")
        if self.rotate is not None:
            parts.append(f"rotate={self.rotate.name}")
        return [f"%bridgelab lesson {' '.join(parts)}"] if parts else []

    def to_pbn(self) -> str:
        from .pbn import dumps

        return dumps(self.boards, extra_header=self._header())

    def save_pbn(self, path: "str | os.PathLike") -> str:
        from .pbn import dump

        dump(self.boards, path, extra_header=self._header())
        return os.fspath(path)

    def html(self, **kw) -> str:
        from .handout import handout_html

        return handout_html(self.boards, self.title, **kw)

    def save_html(self, path: "str | os.PathLike", **kw) -> str:
        from .handout import write_html

        return write_html(self.boards, path, self.title, **kw)

    def save_pdf(self, path: "str | os.PathLike", **kw) -> str:
        """A PDF of the handout through headless chromium (see bridgelab.io.handout.write_pdf)."""
        import tempfile

        from .handout import write_pdf

        with tempfile.TemporaryDirectory(prefix="bridgelab-") as tmp:
            src = os.path.join(tmp, "handout.html")
            self.save_html(src, **kw)
            return write_pdf(src, path)

    @classmethod
    def from_pbn(
        cls, path: "str | os.PathLike", title: str | None = None, *, strict: bool = False
    ) -> "Lesson":
        """A lesson from the boards of a PBN (or .lin) file. Boards without a whole deal (a
        results-only game, an end position) are left out with a PBNWarning; a file with no
        whole deal at all is refused, with the first thing its reading found wrong."""
        import warnings

        from ..model.errors import PBNError, PBNWarning
        from .pbn import read_deals

        records = read_deals(path, strict=strict)
        boards = [r for r in records if r.deal is not None]
        if records and not boards:
            found = next((p for r in records for p in r.problems), "")
            raise PBNError(
                f"{os.fspath(path)}: no board has a whole deal to show" + (f" ({found})" if found else "")
            )
        if len(boards) < len(records):
            warnings.warn(
                PBNWarning(
                    f"{os.fspath(path)}: {len(records) - len(boards)} of {len(records)} boards have "
                    "no whole deal and are left out of the lesson"
                ),
                stacklevel=2,
            )
        if title is None:
            title = boards[0].event if boards and boards[0].event else os.path.basename(path)
        return cls(title, boards)

    # ---- display ---------------------------------------------------------------------------
    def _repr_html_(self) -> str:
        from .handout import lesson_preview_html

        return lesson_preview_html(self.boards, self.title)

    def __repr__(self) -> str:
        return f"Lesson({self.title!r}, {len(self.boards)} boards)"


def make_lesson(
    where=None,
    n: int | None = None,
    seed: int | None = None,
    *,
    rotate: "Seat | str | None" = None,
    about: "Seat | str | None" = None,
    first_board: int = 1,
    title: str | None = None,
    date: str | None = None,
    site: str | None = None,
    notes: "str | Sequence[str | None] | None" = None,
    auctions: "str | Sequence[str | None] | None" = None,
    predeal=None,
    dd: bool = False,
) -> Lesson:
    """Boards for a lesson: ``n`` deals that meet ``where`` (one constraint for all, or a list of
    one per board), dealt from ``seed``, numbered from ``first_board``, the hand the lesson is
    about turned to seat ``rotate``. ``notes`` and ``auctions`` are one for all boards or one
    per board (an auction is read from the board's dealer); ``dd`` adds double-dummy tables."""
    from ..dealing.dealer import deals as _deals

    per_board = isinstance(where, (list, tuple))
    if n is None:
        n = len(where) if per_board else 16  # type: ignore[arg-type]
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or n < 1:
        raise BridgeError(f"the number of boards is a whole number from 1, not {n!r}")
    if not isinstance(first_board, (int, np.integer)) or first_board < 1:
        raise ParseError(f"{first_board!r} is not a board number: boards are numbered from 1")
    if per_board and len(where) != n:  # type: ignore[arg-type]
        raise ConstraintError(
            f"{len(where)} constraints for {n} boards: give one constraint "  # type: ignore[arg-type]
            "for all boards or one per board"
        )
    wheres = list(where) if per_board else [where] * n  # type: ignore[arg-type]
    if about is not None:
        about_seats = [Seat.parse(about)] * n
    else:
        about_seats = [lesson_seat(w) for w in wheres]
    target = None if rotate is None else Seat.parse(rotate)
    note_list = _per_board(notes, n, "notes")
    auction_list = _per_board(auctions, n, "auctions")

    by_dealer = [hasattr(w, "with_dealer") for w in wheres]
    if any(by_dealer):
        # a constraint on the auction (it has ``with_dealer``): each board is dealt for its own
        # dealer, the one that, after the lesson's hand is turned, is the board's dealer
        dealt = []
        for k, (s, w) in enumerate(zip(_seeds(seed if seed is not None else None, n), wheres)):
            if by_dealer[k]:
                turn = 0 if target is None else (target - about_seats[k]) % 4
                dealer = Seat((int(_board(first_board + k).dealer) - turn) % 4)
                w = w.with_dealer(dealer)
            dealt.append(_deals(1, seed=s, where=w, predeal=predeal)[0])
    elif per_board:
        dealt = [_deals(1, seed=s, where=w, predeal=predeal)[0] for s, w in zip(_seeds(seed, n), wheres)]
    else:
        dealt = list(_deals(n, seed=seed, where=where, predeal=predeal))
    if title is None:
        title = f"Lesson: {where}" if isinstance(where, str) else "Lesson"
    tags = {"Event": title}
    if date:
        tags["Date"] = date
    if site:
        tags["Site"] = site
    boards = []
    for k, deal in enumerate(dealt):
        if target is not None:
            deal = deal.rotated((target - about_seats[k]) % 4)
        boards.append(DealRecord.from_board(deal, first_board + k, tags=dict(tags)))
    lesson = Lesson(
        title,
        boards,
        where=where,
        seed=seed,
        about=about_seats[0] if len(set(about_seats)) == 1 else None,
        rotate=target,
    )
    for k, rec in enumerate(boards):
        if note_list[k] or auction_list[k]:
            lesson.annotate(rec.board, note=note_list[k] or None, auction=auction_list[k] or None)
    if dd:
        lesson.add_dd()
    return lesson
