"""The practice table: the learner bids one seat of a deal, the system bids the others.

    t = PracticeTable.random(seed=4)    # the learner sits South, North deals
    t.to_act                            # whose turn: the system bids until it is yours
    t.bid("1H")                         # your call (IllegalCall says why if it is not allowed)
    t.result()                          # all four hands, both auctions, differences

In this beginner version the opponents pass throughout (``opponents="pass"``, the default);
with ``opponents="system"`` they may open by the system too, after which the system passes,
since it has no rules for competitive bidding. The double-dummy result is shown when the
optional ``bridgelab[dd]`` extra (``bridgelab.dd``) is installed and works.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import numpy as np

from ..auction import Auction
from ..cards import Seat, Side
from ..contract import PASS, Call, Contract
from ..deal import Deal
from ..errors import BridgeError, IllegalCall
from .advice import Advice, advise
from .engine import System, default_system
from .lessons import deal_for

__all__ = ["PracticeTable", "PracticeResult", "Difference", "system_auction", "dd_result"]

_MAX_CALLS = 60


def _system_call(deal: Deal, auction: Auction, system: System, opponents: str,
                 learner_side: Side) -> tuple[Call, Advice | None]:
    seat = auction.next_seat
    if opponents == "pass" and seat.side is not learner_side:
        return PASS, None
    advice = advise(deal[seat], auction, system, seat)
    return (advice.call if auction.is_legal(advice.call) else PASS), advice


def system_auction(deal: Deal, dealer: "Seat | str" = Seat.N, system: System | None = None,
                   opponents: str = "pass", side: "Side | str" = Side.NS) -> Auction:
    """The whole auction as the system bids it for ``side`` (opponents pass, or bid by the system)."""
    system = system or default_system()
    a = Auction(Seat.parse(dealer))
    side = Side.parse(side)
    while not a.is_over and len(a) < _MAX_CALLS:
        a.add(_system_call(deal, a, system, opponents, side)[0])
    return a


@dataclass(frozen=True)
class Difference:
    """A call of the learner's that the system would not have made, and the system's reasons."""

    index: int          # position of the call in the auction (0 = dealer's first call)
    yours: Call
    systems: Call
    advice: Advice

    def __str__(self) -> str:
        return (f"call {self.index + 1}: you bid {self.yours}, the system bids {self.systems} "
                f"({self.advice.reason})")


@dataclass(frozen=True)
class DDResult:
    """Double-dummy tricks for the contracts of the practice, from ``bridgelab.dd``."""

    table: object                     # pandas DataFrame: declarer x strain
    lines: tuple[str, ...]


def dd_result(deal: Deal, contracts: dict[str, Contract | None]) -> DDResult | None:
    """Tricks each contract makes with all four hands seen, or None without a working solver."""
    try:
        from ..dd import dd_table
        table = dd_table(deal)
    except Exception:  # the optional extra is missing or its solver fails: no double dummy
        return None
    lines = []
    for label, c in contracts.items():
        if c is None:
            lines.append(f"{label}: passed out")
            continue
        tricks = int(table.loc[c.declarer.name, c.strain.name])
        over = tricks - c.tricks_needed
        how = "makes exactly" if over == 0 else (f"makes with {over} over" if over > 0 else f"goes {-over} down")
        lines.append(f"{label}: {c} takes {tricks} tricks double dummy: {how}")
    return DDResult(table, tuple(lines))


@dataclass
class PracticeResult:
    """What the learner sees at the end: hands, both auctions, double dummy, differences."""

    deal: Deal
    learner: Seat
    auction: Auction
    system_auction: Auction
    differences: list[Difference]
    dd: DDResult | None
    opponents: str
    notes: list[str] = field(default_factory=list)
    dd_note: str = ""

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    @property
    def system_contract(self) -> Contract | None:
        return self.system_auction.contract

    @property
    def agreed(self) -> bool:
        """The learner made every call the system would have made."""
        return not self.differences

    def __repr__(self) -> str:
        c, sc = self.contract, self.system_contract
        return (f"PracticeResult(yours={str(c) if c else 'passed out'!r}, "
                f"system={str(sc) if sc else 'passed out'!r}, differences={len(self.differences)})")

    def summary_lines(self) -> list[str]:
        c, sc = self.contract, self.system_contract
        lines = [f"Your auction ends in {c if c else 'no contract (passed out)'}; "
                 f"the system's ends in {sc if sc else 'no contract (passed out)'}."]
        if self.differences:
            lines.append("Where your calls differed from the system's:")
            for d in self.differences:
                lines.append(f"  {d}")
                lines += [f"    {r}" for r in d.advice.reasons[1:]]
                if d.advice.promises:
                    lines.append(f"    {d.systems} promises: {d.advice.promises}")
        else:
            lines.append("Every call you made is the system's call.")
        if self.dd is not None:
            lines += list(self.dd.lines)
        elif self.dd_note:
            lines.append(self.dd_note)
        lines += self.notes
        return lines

    def __str__(self) -> str:
        parts = [str(self.deal), "", "Your auction:", str(self.auction), "",
                 "The system's auction:", str(self.system_auction), ""]
        return "\n".join(parts + self.summary_lines())

    def _repr_html_(self) -> str:
        esc = html.escape
        items = "".join(f"<li>{esc(x)}</li>" for x in self.summary_lines())
        return (
            '<div class="bridgelab-practice">'
            + self.deal._repr_html_()
            + '<table><tr><td style="vertical-align:top;padding-right:2em"><b>Your auction</b>'
            + self.auction._repr_html_()
            + '</td><td style="vertical-align:top"><b>The system\'s auction</b>'
            + self.system_auction._repr_html_()
            + f"</td></tr></table><ul>{items}</ul></div>"
        )


class PracticeTable:
    """One deal at the practice table: the learner's seat, the system's seats, the auction so far."""

    def __init__(self, deal: Deal, learner: "Seat | str" = Seat.S, dealer: "Seat | str" = Seat.N,
                 system: System | None = None, opponents: str = "pass"):
        if not isinstance(deal, Deal):
            raise BridgeError(f"a practice table needs a Deal, not {type(deal).__name__}")
        if opponents not in ("pass", "system"):
            raise BridgeError(f"opponents is 'pass' (they always pass) or 'system' (they open by "
                              f"the system), not {opponents!r}")
        self.deal = deal
        self.learner = Seat.parse(learner)
        self.system = system or default_system()
        self.opponents = opponents
        self.auction = Auction(Seat.parse(dealer))
        self.differences: list[Difference] = []
        self._advance()

    @classmethod
    def random(cls, seed=None, learner: "Seat | str" = Seat.S, dealer: "Seat | str" = Seat.N,
               system: System | None = None, opponents: str = "pass", min_side_hcp: int = 20
               ) -> "PracticeTable":
        """A seeded random deal in which the learner's side holds at least ``min_side_hcp`` HCP."""
        rng = np.random.default_rng(seed)
        me = Seat.parse(learner)
        a, b = int(me), int(me.partner)
        deal = deal_for(rng, lambda f: f.hcp[:, a] + f.hcp[:, b] >= min_side_hcp)
        return cls(deal, me, dealer, system, opponents)

    # ---- the auction ----------------------------------------------------------------------
    @property
    def to_act(self) -> Seat | None:
        """Whose turn it is (None once the auction is over)."""
        return self.auction.next_seat

    @property
    def is_over(self) -> bool:
        return self.auction.is_over

    @property
    def hand(self):
        """The learner's hand."""
        return self.deal[self.learner]

    def advice(self) -> Advice:
        """The system's advice for the learner now (a hint; the result shows it anyway)."""
        if self.to_act != self.learner:
            raise IllegalCall("it is not your turn" if not self.is_over else "the auction is over")
        return advise(self.hand, self.auction, self.system, self.learner)

    def bid(self, call: "Call | str") -> Call:
        """Make the learner's call; the system then bids the other seats up to the learner's turn."""
        if self.is_over:
            raise IllegalCall("the auction is over: there is nothing more to bid")
        if self.to_act != self.learner:
            raise IllegalCall(f"it is {self.to_act.full_name}'s turn, not yours ({self.learner.full_name})")
        c = self.auction.check(call)
        systems = advise(self.hand, self.auction, self.system, self.learner)
        if c != systems.call:
            self.differences.append(Difference(len(self.auction), c, systems.call, systems))
        self.auction.add(c)
        self._advance()
        return c

    def _advance(self) -> None:
        while not self.auction.is_over and self.auction.next_seat != self.learner \
                and len(self.auction) < _MAX_CALLS:
            call, _ = _system_call(self.deal, self.auction, self.system, self.opponents,
                                   self.learner.side)
            self.auction.add(call)

    def play_system(self) -> None:
        """Let the system make the learner's remaining calls too (to see its whole auction)."""
        while not self.is_over:
            self.bid(self.advice().call)

    def result(self, dd: bool = True) -> PracticeResult:
        """All four hands, your auction, the system's, double dummy (unless ``dd=False``, or
        without the extra), and where you differed."""
        if not self.is_over:
            raise BridgeError(f"the auction is not over yet: it is {self.to_act.full_name}'s turn")
        sys_auction = system_auction(self.deal, self.auction.dealer, self.system, self.opponents,
                                     self.learner.side)
        result = dd_result(self.deal, {"Your contract": self.auction.contract,
                                       "The system's contract": sys_auction.contract}) if dd else None
        notes = []
        if self.opponents == "pass":
            notes.append("In this beginner version the opponents always pass.")
        note = "" if (result is not None or not dd) else (
            "(Double dummy needs the optional extra: pip install 'bridgelab[dd]'.)")
        return PracticeResult(self.deal, self.learner, self.auction.copy(), sys_auction,
                              list(self.differences), result, self.opponents, notes, note)

    def __repr__(self) -> str:
        return (f"PracticeTable({self.deal.to_pbn()!r}, learner={self.learner.name}, "
                f"auction={' '.join(c.to_ascii() for c in self.auction.calls) or '-'})")
