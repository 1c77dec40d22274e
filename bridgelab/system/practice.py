"""The practice table: the learner bids one seat of a deal, the system bids the others.

    t = PracticeTable.random(seed=4)    # the learner sits South, North deals
    t.to_act                            # whose turn: the system bids until it is yours
    t.bid("1H")                         # your call (IllegalCall says why if it is not allowed)
    t.result()                          # all four hands, both auctions, differences

The opponents bid by the same system (``opponents="system"``, the default): they open,
overcall and double by its rules, and the learner's side answers by its competitive rules;
where the system does not cover an auction, the seat passes and the advice says so. With
``opponents="pass"`` the opponents pass throughout. The double-dummy result is shown when the
optional ``bridgelab[dd]`` extra (``bridgelab.analysis.dd``) is installed and works.

Every line shown to the learner is in the table's language (``PracticeTable(..., lang="cs")`` or
``t.result(lang="et")``; English by default): the templates are msgids of the "bridgelab"
catalogues, the reasons come from ``Advice.in_language`` and the bridge words (seats, calls,
contracts) from ``bridgelab.text.terms``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field, replace

import numpy as np

from ..model.cards import Seat, Side
from ..model.contract import PASS, Call, Contract
from ..model.deal import Deal
from ..model.errors import BridgeError, IllegalCall
from ..render.display import deal_html, deal_text
from ..rules.auction import Auction
from ..rules.rulings import reword
from ..text.i18n import check_language
from ..text.i18n import ntranslate as _nt
from ..text.i18n import translate as _t
from ..text.terms import read_seat
from .advice import Advice, advise
from .engine import N_, CallTerm, SeatTerm, System, get_system
from .lessons import deal_for

__all__ = ["PracticeTable", "PracticeResult", "Difference", "system_auction", "dd_result"]

_MAX_CALLS = 60


def _system_call(deal: Deal, auction: Auction, system: System, opponents: str, learner_side: Side) -> Call:
    """The call the system makes for the seat whose turn it is (an opponent who only passes
    passes)."""
    seat = auction.next_seat
    if opponents == "pass" and seat.side is not learner_side:
        return PASS
    return advise(deal[seat], auction, system, seat).call  # advise only makes legal calls


def system_auction(
    deal: Deal,
    dealer: "Seat | str" = Seat.N,
    system: "System | str | None" = None,
    opponents: str = "system",
    side: "Side | str" = Side.NS,
) -> Auction:
    """The whole auction as the system bids it for ``side`` (opponents pass, or bid by the system)."""
    system = get_system(system)
    a = Auction(Seat.parse(dealer))
    side = Side.parse(side)
    while not a.is_over and len(a) < _MAX_CALLS:
        a.add(_system_call(deal, a, system, opponents, side))
    return a


@dataclass(frozen=True)
class Difference:
    """A call of the learner's that the system would not have made, and the system's reasons."""

    index: int  # position of the call in the auction (0 = dealer's first call)
    yours: Call
    systems: Call
    advice: Advice

    def text(self, lang: str = "en") -> str:
        """'call 3: you bid 3NT, the system bids 2♣ (...)' in ``lang``."""
        return _t(
            "call {n}: you bid {yours}, the system bids {systems} ({reason})",
            lang,
            n=self.index + 1,
            yours=CallTerm(self.yours).render(lang),
            systems=CallTerm(self.systems).render(lang),
            reason=_advice_in(self.advice, lang).reason,
        )

    def __str__(self) -> str:
        return self.text()


def _advice_in(advice: Advice, lang: str) -> Advice:
    return advice if advice.lang == lang else advice.in_language(lang)


def _contract_text(c: Contract | None, lang: str) -> str:
    """'4♠ by N' in English (as ``str(Contract)``); the language's words elsewhere."""
    if not c:  # None, or PASSED_OUT
        return _t("no contract (passed out)", lang)
    if lang == "en":
        return str(c)
    from ..text.words import contract_name

    return contract_name(c, lang)


@dataclass(frozen=True)
class DDResult:
    """Double-dummy tricks for the contracts of the practice, from ``bridgelab.analysis.dd``."""

    table: object  # pandas DataFrame: declarer x strain
    lines: tuple[str, ...]  # in English
    rows: tuple = ()  # (label msgid, contract or None, tricks or None) per line

    def lines_in(self, lang: str = "en") -> list[str]:
        """The lines in ``lang`` (the English ones when the rows are unknown)."""
        if lang == "en" or not self.rows:
            return list(self.lines)
        return [_dd_line(label, c, tricks, lang) for label, c, tricks in self.rows]


def _dd_line(label: str, c: Contract | None, tricks: int | None, lang: str) -> str:
    name = _t(label, lang)
    if not c:  # None, or PASSED_OUT
        return _t("{label}: passed out", lang, label=name)
    over = tricks - c.tricks_needed
    if over == 0:
        how = _t("makes exactly", lang)
    elif over > 0:
        how = _t("makes with {over} over", lang, over=over)
    else:
        how = _t("goes {down} down", lang, down=-over)
    return _nt(
        "{label}: {contract} takes {tricks} trick double dummy: {how}",
        "{label}: {contract} takes {tricks} tricks double dummy: {how}",
        int(tricks or 0),
        lang,
        label=name,
        contract=_contract_text(c, lang),
        tricks=tricks,
        how=how,
    )


def dd_result(deal: Deal, contracts: dict[str, Contract | None]) -> DDResult | None:
    """Tricks each contract makes with all four hands seen, or None without a working solver.

    The labels are English (msgids of the "bridgelab" catalogues when they are to be translated).
    """
    try:
        from ..analysis.dd import dd_table

        table = dd_table(deal)
    except Exception:  # the optional extra is missing or its solver fails: no double dummy
        return None
    rows = tuple(
        (label, c, None if not c else int(table.loc[c.declarer.name, c.strain.name]))
        for label, c in contracts.items()
    )
    return DDResult(table, tuple(_dd_line(*row, "en") for row in rows), rows)


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
    notes: list[str] = field(default_factory=list)  # English msgids, shown in ``lang``
    dd_note: str = ""
    lang: str = "en"

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
        return (
            f"PracticeResult(yours={str(c) if c else 'passed out'!r}, "
            f"system={str(sc) if sc else 'passed out'!r}, differences={len(self.differences)})"
        )

    def in_language(self, lang: str) -> "PracticeResult":
        """The same result shown in ``lang``."""
        return replace(self, lang=check_language(lang))

    def summary_lines(self) -> list[str]:
        lang = self.lang
        lines = [
            _t(
                "Your auction ends in {contract}; the system's ends in {system_contract}.",
                lang,
                contract=_contract_text(self.contract, lang),
                system_contract=_contract_text(self.system_contract, lang),
            )
        ]
        if self.differences:
            lines.append(_t("Where your calls differed from the system's:", lang))
            for d in self.differences:
                advice = _advice_in(d.advice, lang)
                lines.append(f"  {d.text(lang)}")
                lines += [f"    {r}" for r in advice.reasons[1:]]
                if advice.promises:
                    lines.append(
                        "    "
                        + _t(
                            "{call} promises: {promises}",
                            lang,
                            call=CallTerm(d.systems).render(lang),
                            promises=advice.promises,
                        )
                    )
        else:
            lines.append(_t("Every call you made is the system's call.", lang))
        if self.dd is not None:
            lines += self.dd.lines_in(lang)
        elif self.dd_note:
            lines.append(_t(self.dd_note, lang))
        lines += [_t(n, lang) for n in self.notes]
        return lines

    def _auction_text(self, auction: Auction) -> str:
        return str(auction) if self.lang == "en" else auction.to_text(lang=self.lang)

    def _auction_html(self, auction: Auction) -> str:
        return auction._repr_html_() if self.lang == "en" else auction.to_html(lang=self.lang)

    def __str__(self) -> str:
        lang = self.lang
        deal = deal_text(self.deal, lang=lang)
        parts = [
            deal,
            "",
            _t("Your auction:", lang),
            self._auction_text(self.auction),
            "",
            _t("The system's auction:", lang),
            self._auction_text(self.system_auction),
            "",
        ]
        return "\n".join(parts + self.summary_lines())

    def _repr_html_(self) -> str:
        esc, lang = html.escape, self.lang
        items = "".join(f"<li>{esc(x)}</li>" for x in self.summary_lines())
        deal = deal_html(self.deal, lang=lang)
        return (
            '<div class="bridgelab-practice">'
            + deal
            + '<table><tr><td style="vertical-align:top;padding-right:2em"><b>'
            + esc(_t("Your auction", lang), quote=False)
            + "</b>"
            + self._auction_html(self.auction)
            + '</td><td style="vertical-align:top"><b>'
            + esc(_t("The system's auction", lang), quote=False)
            + "</b>"
            + self._auction_html(self.system_auction)
            + f"</td></tr></table><ul>{items}</ul></div>"
        )


def _illegal_in(err: IllegalCall, auction: Auction, lang: str) -> IllegalCall:
    """The auction's IllegalCall worded in ``lang`` (same code, call and legal calls)."""
    return reword(err, lang)


class PracticeTable:
    """One deal at the practice table: the learner's seat, the system's seats, the auction so far."""

    def __init__(
        self,
        deal: Deal,
        learner: "Seat | str" = Seat.S,
        dealer: "Seat | str" = Seat.N,
        system: "System | str | None" = None,
        opponents: str = "system",
        lang: str = "en",
    ):
        if not isinstance(deal, Deal):
            raise BridgeError(f"a practice table needs a Deal, not {type(deal).__name__}")
        if opponents not in ("pass", "system"):
            raise BridgeError(
                f"opponents is 'system' (they bid by the system) or 'pass' (they "
                f"always pass), not {opponents!r}"
            )
        self.deal = deal
        self.lang = check_language(lang)
        self.learner = read_seat(learner, self.lang)  # the language's letters: Czech S is North
        self.system = get_system(system)
        self.opponents = opponents
        self.auction = Auction(read_seat(dealer, self.lang), lang=self.lang)  # shown in the language
        self.differences: list[Difference] = []
        self._advance()

    @classmethod
    def random(
        cls,
        seed=None,
        learner: "Seat | str" = Seat.S,
        dealer: "Seat | str" = Seat.N,
        system: "System | str | None" = None,
        opponents: str = "system",
        min_side_hcp: int = 20,
        lang: str = "en",
    ) -> "PracticeTable":
        """A seeded random deal in which the learner's side holds at least ``min_side_hcp`` HCP."""
        rng = np.random.default_rng(seed)
        me = read_seat(learner, check_language(lang))
        a, b = int(me), int(me.partner)
        deal = deal_for(rng, lambda f: f.hcp[:, a] + f.hcp[:, b] >= min_side_hcp)
        return cls(deal, me, dealer, system, opponents, lang)

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
            raise IllegalCall(
                _t("it is not your turn", self.lang)
                if not self.is_over
                else _t("the auction is over", self.lang)
            )
        return advise(self.hand, self.auction, self.system, self.learner, lang=self.lang)

    def bid(self, call: "Call | str") -> Call:
        """Make the learner's call; the system then bids the other seats up to the learner's turn."""
        if self.is_over:
            raise IllegalCall(_t("the auction is over: there is nothing more to bid", self.lang))
        if self.to_act != self.learner:
            raise IllegalCall(
                _t(
                    "it is {seat}'s turn, not yours ({you})",
                    self.lang,
                    seat=SeatTerm(self.to_act).render(self.lang),
                    you=SeatTerm(self.learner).render(self.lang),
                )
            )
        try:
            c = self.auction.check(call)
        except IllegalCall as err:
            if self.lang == "en" or getattr(err, "call", None) is None:
                raise
            raise _illegal_in(err, self.auction, self.lang) from None
        systems = advise(self.hand, self.auction, self.system, self.learner)
        if c != systems.call:
            self.differences.append(Difference(len(self.auction), c, systems.call, systems))
        self.auction.add(c)
        self._advance()
        return c

    def _advance(self) -> None:
        while (
            not self.auction.is_over
            and self.auction.next_seat != self.learner
            and len(self.auction) < _MAX_CALLS
        ):
            self.auction.add(
                _system_call(self.deal, self.auction, self.system, self.opponents, self.learner.side)
            )

    def play_system(self) -> None:
        """Let the system make the learner's remaining calls too (to see its whole auction)."""
        while not self.is_over:
            self.bid(self.advice().call)

    def result(self, dd: bool = True, lang: str | None = None) -> PracticeResult:
        """All four hands, your auction, the system's, double dummy (unless ``dd=False``, or
        without the extra), and where you differed; in ``lang`` (default: the table's)."""
        lang = self.lang if lang is None else check_language(lang)
        if not self.is_over:
            raise BridgeError(
                _t(
                    "the auction is not over yet: it is {seat}'s turn",
                    lang,
                    seat=SeatTerm(self.to_act).render(lang),
                )
            )
        sys_auction = system_auction(
            self.deal, self.auction.dealer, self.system, self.opponents, self.learner.side
        )
        result = (
            dd_result(
                self.deal,
                {
                    N_("Your contract"): self.auction.contract,
                    N_("The system's contract"): sys_auction.contract,
                },
            )
            if dd
            else None
        )
        notes = []
        if self.opponents == "pass":
            notes.append(N_("In this beginner version the opponents always pass."))
        note = (
            ""
            if (result is not None or not dd)
            else (N_("(Double dummy needs the optional extra: pip install 'bridgelab[dd]'.)"))
        )
        return PracticeResult(
            self.deal,
            self.learner,
            self.auction.copy(),
            sys_auction,
            list(self.differences),
            result,
            self.opponents,
            notes,
            note,
            lang,
        )

    def __repr__(self) -> str:
        return (
            f"PracticeTable({self.deal.to_pbn()!r}, learner={self.learner.name}, "
            f"auction={' '.join(c.to_ascii() for c in self.auction.calls) or '-'})"
        )
