"""Auction questions: is this call legal and why not, the lowest bid in a strain, pick the legal
call, tricks needed, and who is declarer, dummy and opening leader.

Answers come from ``bridgelab.rules.auction.Auction`` (``is_legal``, ``check``, ``contract``); the
explanations name the facts the rule rests on (the last bid, who made it, whether it is
doubled, who first named the strain), and in English also quote the IllegalCall reason. Near
misses: the call asked about is often the bid one step too low (2♦ over 2♥ where 3♦ is the
lowest), a double of partner's bid, or a redouble with no double.
"""

from __future__ import annotations

from ...model.cards import STRAINS, Seat
from ...model.contract import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call, Contract
from ...model.errors import IllegalCall
from ...rules.auction import Auction
from ...rules.rulings import reword
from ...text.i18n import translate as _t
from ...text.words import call_name, contract_name, seat_name, strain_name
from ..core import Question, register_generator

__all__ = [
    "random_auction",
    "auction_facts_lines",
    "legality_lines",
    "declarer_lines",
    "lowest_bid",
    "AuctionView",
]


class AuctionView:
    """An auction to show with a question: in the learner's language, without the summary line
    (which would give away declarer, dummy and the opening leader)."""

    def __init__(self, auction: Auction, lang: str = "en"):
        self.auction = auction
        self.lang = lang

    def __str__(self) -> str:
        return self.auction.to_text(lang=self.lang)

    def _repr_html_(self) -> str:
        return self.auction.to_html(lang=self.lang, summary=False)

    def __repr__(self) -> str:
        return f"AuctionView({self.auction!r})"


def random_auction(rng, *, dealer: "Seat | None" = None, stop: "int | None" = None) -> Auction:
    """A random auction of legal calls, low bids more likely than high ones.

    With ``stop`` the auction is cut after that many calls (if it has not ended before).
    """
    a = Auction(Seat(int(rng.integers(4))) if dealer is None else dealer)
    while not a.is_over and (stop is None or len(a) < stop):
        legal = a.legal_calls()
        bids = [c for c in legal if c.is_bid]
        n = len(a)
        r = rng.random()
        if DOUBLE in legal and r < 0.08:
            call = DOUBLE
        elif REDOUBLE in legal and r < 0.12:
            call = REDOUBLE
        elif bids and r > 0.4 + 0.04 * n:
            if a.last_bid is None:
                call = bids[int(rng.integers(7))]
            else:
                call = bids[min(len(bids) - 1, int(rng.geometric(0.4)) - 1)]
        else:
            call = PASS
        if call == PASS and _forced_by_2c(a):
            call = Call.parse("2D") if a.is_legal("2D") else bids[0]
        a.add(call)
    return a


def _forced_by_2c(a: Auction) -> bool:
    """Partner of a 2♣ opener, the next hand having passed: 2♣ is forcing, so no pass
    (a strong 2♣ is never passed out, as lesson 8 teaches)."""
    hist = a.history
    bids = [(s, c) for s, c in hist if c.is_bid]
    if len(bids) != 1 or bids[0][1] != Call.parse("2C") or len(hist) < 2:
        return False
    opener = bids[0][0]
    return a.next_seat is opener.partner and hist[-1][1] == PASS and hist[-2][0] is opener


def lowest_bid(a: Auction, strain) -> "Call | None":
    """The lowest bid in ``strain`` that is sufficient now, or None if none is."""
    return _lowest_in(a.legal_calls(), strain)


def _lowest_in(legal, strain) -> "Call | None":
    """The first (lowest) bid in ``strain`` among the engine's ``legal`` calls."""
    return next((c for c in legal if c.is_bid and c.strain == strain), None)


def _c(call, lang):
    return call_name(call, lang)


def _illegal(a: Auction, call: Call) -> "IllegalCall | None":
    """The engine's ruling on ``call`` now: None if legal, else its IllegalCall (with ``.code``)."""
    try:
        a.check(call)
    except IllegalCall as e:
        return e
    return None


def legality_lines(a: Auction, call: Call, lang: str) -> list[str]:
    """Why ``call`` is or is not legal now, in ``lang``.

    The ruling is the engine's (``Auction.check``): an illegal call is explained by the ruling
    itself, worded once in the catalogue by its code (``bridgelab.rules.rulings``); a legal one
    by the facts it rests on (the last bid, who made it, how it stands).
    """
    err = _illegal(a, call)
    if err is not None:
        text = reword(err, lang, symbols=True).message
        return [text[0].upper() + text[1:] + "."]
    last = a.last_bid
    facts = {} if last is None else {"last": _c(last, lang), "bidder": seat_name(a.last_bidder, lang)}
    if call.is_bid:
        lines = [
            _t("No bid has been made yet: any bid may open the auction.", lang)
            if last is None
            else _t("{call} is higher than the last bid, {last}.", lang, call=_c(call, lang), **facts)
        ]
    elif call == PASS:
        lines = [_t("Pass is always allowed while the auction lasts.", lang)]
    elif call == DOUBLE:
        lines = [
            _t(
                "The last bid, {last}, was made by {bidder}, an opponent, and is not "
                "doubled yet: you may double it.",
                lang,
                **facts,
            )
        ]
    else:  # redouble
        lines = [_t("The opponents doubled your side's bid {last}: you may redouble.", lang, **facts)]
    return lines


def _candidate(rng, a: Auction) -> Call:
    """A call to ask about: often a near miss (one step too low, a double of partner's bid)."""
    last = a.last_bid
    roll = rng.random()
    if last is not None and roll < 0.4:
        strain = STRAINS[int(rng.integers(5))]
        low = lowest_bid(a, strain)
        if low is None:
            return Call.bid(7, strain)
        if rng.random() < 0.6 and low.level > 1:
            return Call.bid(low.level - 1, strain)  # one step too low
        return low
    if roll < 0.6 and last is not None:
        return DOUBLE
    if roll < 0.7:
        return REDOUBLE
    if roll < 0.78:
        return PASS
    bids = a.legal_calls()[:10]
    return bids[int(rng.integers(len(bids)))] if bids and bids[0].is_bid else PASS


def _open_auction(rng, min_calls: int = 1) -> Auction:
    """An auction still going on, cut after a few calls."""
    while True:
        a = random_auction(rng, stop=int(rng.integers(min_calls, 9)))
        if not a.is_over:
            return a


@register_generator("legality", level=1, name="legality.is_legal")
def is_legal(rng, lang):
    """May the next player make this call now?"""
    a = _open_auction(rng)
    call = _candidate(rng, a)
    legal = a.is_legal(call)
    me = a.next_seat
    return Question(
        id="",
        topic="legality",
        level=2 if not call.is_bid else 1,
        kind="yesno",
        prompt=_t(
            "It is {seat}'s turn. May {seat} call {call} now?",
            lang,
            seat=seat_name(me, lang),
            call=_c(call, lang),
        ),
        answer="yes" if legal else "no",
        show=AuctionView(a, lang),
        auction=a,
        explanation="\n".join(legality_lines(a, call, lang)),
        data={
            "auction": " ".join(c.to_ascii() for c in a.calls),
            "dealer": a.dealer.name,
            "call": call.to_ascii(),
            "legal": legal,
        },
    )


@register_generator("legality", level=1, name="legality.lowest_bid")
def lowest_bid_question(rng, lang):
    """What is the lowest bid in this strain that is allowed now?"""
    while True:
        a = _open_auction(rng)
        if a.last_bid is not None and a.last_bid.rank < 30:
            break
    strain = STRAINS[int(rng.integers(5))]
    low = lowest_bid(a, strain)
    last = a.last_bid
    lines = [_t("The last bid is {last}.", lang, last=_c(last, lang))]
    if low.level == last.level:
        lines.append(
            _t(
                "{strain} rank above {last_strain}: the same level is enough.",
                lang,
                strain=strain_name(strain, lang),
                last_strain=strain_name(last.strain, lang),
            )
        )
    else:
        lines.append(
            _t(
                "{strain} do not rank above {last_strain}: go one level higher.",
                lang,
                strain=strain_name(strain, lang),
                last_strain=strain_name(last.strain, lang),
            )
        )
    lines.append(
        _t("The lowest {strain} bid now is {low}.", lang, strain=strain_name(strain, lang), low=_c(low, lang))
    )
    return Question(
        id="",
        topic="legality",
        level=1,
        kind="call",
        prompt=_t(
            "It is {seat}'s turn. What is the lowest bid in {strain} that {seat} may make?",
            lang,
            seat=seat_name(a.next_seat, lang),
            strain=strain_name(strain, lang),
        ),
        answer=low.to_ascii(),
        show=AuctionView(a, lang),
        auction=a,
        grey_illegal=False,
        explanation="\n".join(lines),
        data={
            "auction": " ".join(c.to_ascii() for c in a.calls),
            "dealer": a.dealer.name,
            "strain": strain.name,
        },
    )


@register_generator("legality", level=2, name="legality.pick_legal")
def pick_legal(rng, lang):
    """Which one of these calls is legal now? The others are near misses."""
    while True:
        a = _open_auction(rng, min_calls=2)
        if a.last_bid is not None and 2 <= a.last_bid.rank < 33:
            break
    legal = [c for c in a.legal_calls() if c != PASS]
    # the five highest bids the engine refuses, and a refused double or redouble
    illegal = [c for c in ALL_BIDS if c not in legal][-5:]
    illegal += [c for c in (DOUBLE, REDOUBLE) if c not in legal]
    good = legal[int(rng.integers(min(len(legal), 6)))]
    bad = [illegal[i] for i in rng.permutation(len(illegal))[:3]]
    calls = [good] + bad
    order = rng.permutation(len(calls))
    calls = [calls[i] for i in order]
    names = [_c(c, lang) for c in calls]
    lines = []
    for c in calls:
        lines += legality_lines(a, c, lang)
    q = Question(
        id="",
        topic="legality",
        level=2,
        kind="choice",
        prompt=_t(
            "It is {seat}'s turn. Which one of these calls may {seat} make?",
            lang,
            seat=seat_name(a.next_seat, lang),
        ),
        answer=_c(good, lang),
        choices=names,
        show=AuctionView(a, lang),
        auction=a,
        explanation="\n".join(lines),
        data={
            "auction": " ".join(c.to_ascii() for c in a.calls),
            "dealer": a.dealer.name,
            "calls": {n: c.to_ascii() for n, c in zip(names, calls)},
            "legal": good.to_ascii(),
        },
    )
    return q


@register_generator("tricks", level=1, name="tricks.needed")
def tricks_needed(rng, lang):
    """How many tricks does this contract need?"""
    level = int(rng.integers(1, 8))
    strain = STRAINS[int(rng.integers(5))]
    c = Contract(level, strain)
    return Question(
        id="",
        topic="tricks",
        level=1,
        kind="number",
        prompt=_t(
            "How many tricks must declarer take in a contract of {contract}?",
            lang,
            contract=contract_name(c, lang),
        ),
        answer=c.tricks_needed,
        explanation=_t(
            "The level {level} counts the tricks over the book of six: {level} + 6 = {tricks}.",
            lang,
            level=level,
            tricks=c.tricks_needed,
        ),
        data={"contract": c.to_ascii(), "tricks": c.tricks_needed},
    )


def _finished_auction(rng, tricky: bool) -> Auction:
    """A finished auction with a contract; with ``tricky`` prefer one where declarer is not the
    player who made the last bid (partner named the strain first)."""
    best = None
    for _ in range(60):
        a = random_auction(rng)
        if not a.contract:  # None, or PASSED_OUT
            continue
        best = a
        if not tricky or a.declarer != a.last_bidder:
            return a
    return best if best is not None else Auction.parse("1NT P 3NT P P P", dealer="N")


def declarer_lines(a: Auction, lang: str) -> list[str]:
    """Who declares, who is dummy and who leads, and why, from the auction."""
    c = a.contract
    first_call = next(
        call for s, call in a.history if s is c.declarer and call.is_bid and call.strain == c.strain
    )
    return [
        _t(
            "The final contract is {contract}, the last bid, made by {bidder}.",
            lang,
            contract=contract_name(Contract(c.level, c.strain, c.doubled), lang),
            bidder=seat_name(a.last_bidder, lang),
        ),
        _t(
            "The first player of that side to name {strain} was {seat} ({call}): {seat} is declarer.",
            lang,
            strain=strain_name(c.strain, lang),
            seat=seat_name(c.declarer, lang),
            call=_c(first_call, lang),
        ),
        _t(
            "Dummy is declarer's partner, {dummy}; the opening lead comes from declarer's left, {leader}.",
            lang,
            dummy=seat_name(c.dummy, lang),
            leader=seat_name(c.opening_leader, lang),
        ),
    ]


_ROLE_PROMPTS = {
    "declarer": "After this auction, who is declarer?",
    "dummy": "After this auction, who is dummy?",
    "leader": "After this auction, who makes the opening lead?",
}


def _role_question(rng, lang, role: str, level: int):
    a = _finished_auction(rng, tricky=rng.random() < 0.6)
    c = a.contract
    seat = {"declarer": c.declarer, "dummy": c.dummy, "leader": c.opening_leader}[role]
    return Question(
        id="",
        topic="declarer",
        level=level,
        kind="seat",
        prompt=_t(_ROLE_PROMPTS[role], lang),
        answer=seat.name,
        show=AuctionView(a, lang),
        auction=a,
        explanation="\n".join(declarer_lines(a, lang)),
        data={
            "auction": " ".join(x.to_ascii() for x in a.calls),
            "dealer": a.dealer.name,
            "contract": c.to_ascii(),
            "declarer": c.declarer.name,
            "role": role,
        },
    )


@register_generator("declarer", level=1, name="declarer.declarer")
def who_declares(rng, lang):
    """Who is declarer after this auction?"""
    return _role_question(rng, lang, "declarer", 1)


@register_generator("declarer", level=1, name="declarer.leader")
def who_leads(rng, lang):
    """Who makes the opening lead after this auction?"""
    return _role_question(rng, lang, "leader", 1)


@register_generator("declarer", level=2, name="declarer.dummy")
def who_is_dummy(rng, lang):
    """Who is dummy after this auction?"""
    return _role_question(rng, lang, "dummy", 2)


@register_generator("tricks", level=2, name="tricks.after_auction")
def tricks_after_auction(rng, lang):
    """How many tricks must declarer take after this auction?"""
    a = _finished_auction(rng, tricky=False)
    c = a.contract
    return Question(
        id="",
        topic="tricks",
        level=2,
        kind="number",
        prompt=_t("After this auction, how many tricks must declarer take?", lang),
        answer=c.tricks_needed,
        show=AuctionView(a, lang),
        auction=a,
        explanation="\n".join(
            [
                _t(
                    "The final contract is {contract}, the last bid, made by {bidder}.",
                    lang,
                    contract=contract_name(Contract(c.level, c.strain, c.doubled), lang),
                    bidder=seat_name(a.last_bidder, lang),
                ),
                _t(
                    "The level {level} counts the tricks over the book of six: {level} + 6 = {tricks}.",
                    lang,
                    level=c.level,
                    tricks=c.tricks_needed,
                ),
            ]
        ),
        data={
            "auction": " ".join(x.to_ascii() for x in a.calls),
            "dealer": a.dealer.name,
            "contract": c.to_ascii(),
            "tricks": c.tricks_needed,
        },
    )


def auction_facts_lines(facts: dict, lang: str) -> list[str]:
    """The engine's explanation for a checked bank question about an auction."""
    a = facts["auction"]
    ask = facts["ask"]
    if ask == "legal":
        return legality_lines(a, Call.parse(facts["call"]), lang)
    if ask == "passed_out":
        return [
            _t("All four players passed: the deal is passed out.", lang)
            if a.passed_out
            else _t("The auction did not start with four passes.", lang)
        ]
    if ask == "lowest":
        low = lowest_bid(a, facts["strain"])
        return [
            _t("The last bid is {last}.", lang, last=_c(a.last_bid, lang)),
            _t(
                "The lowest {strain} bid now is {low}.",
                lang,
                strain=strain_name(facts["strain"], lang),
                low=_c(low, lang),
            ),
        ]
    if ask == "tricks":
        c = a.contract
        return [
            _t(
                "The level {level} counts the tricks over the book of six: {level} + 6 = {tricks}.",
                lang,
                level=c.level,
                tricks=c.tricks_needed,
            )
        ]
    return declarer_lines(a, lang)
