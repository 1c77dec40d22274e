"""Technique deal sets: endless seeded deals on which one technique of declarer play is needed,
each checked by double dummy from real table positions, not only by shape.

Each technique deals the cards that make the technique possible (the suit combination) and the
rest at random, then keeps a deal only when, from **West's real opening lead**, all of this holds:

1. the contract makes double dummy from that lead (best defence throughout);
2. the play goes on from the lead as at the table, every card double-dummy best for its side (the
   expert robot's cards: the natural card among equally good ones), until the technique's moment,
   a real position stated for each technique: the first time declarer's side is on lead
   (long suit, promotion, drawing trumps, ruffing in dummy), South's card to trick 1 after a
   lead in West's KQJ suit (hold-up), South's card when North leads the suit and East plays low
   (finesse);
3. there, double dummy gives the contract with the technique's card and not with the natural
   alternative: the best card of the line keeps the tricks needed (counting the tricks already
   won), while the alternative leaves fewer: the ace (finesse, hold-up), or the alternative line
   played out, every other card double dummy: the hand on lead cashing its winners in the other
   suits first (long suit, promotion, drawing trumps), or drawing trumps first (ruffing in dummy).

Which lead: by default the expert robot's, a lead that is best double dummy (the natural card
among equally good ones). It is the lead the learner meets when practising these deals (the play
widget's robots are experts by default), and a best lead, so the defence never hands declarer a
trick the technique should win. ``leads="all"`` checks every best lead instead (one for each
group of equal cards), the strongest check: a defender choosing another, just as good lead
cannot spoil the lesson. It keeps fewer deals (the hold-up needs every best lead to be in West's
suit) and is two to four times slower, so it is the teacher's choice (``bridgelab technique
--leads all``). The technique's ``describe()`` says all this in words, every deal carries it as
``how``, and ``checks`` records each lead's cards up to the moment, the figures and the cards of
the alternative line, so that anyone can replay and verify them (tests/test_techniques.py does,
with endplay alone).

    >>> deals = technique_deals("finesse", seed=1)   # endless: take as many as you need
    >>> lesson = technique_set("finesse", 2, seed=1)
    >>> len(lesson), lesson.boards[0].contract is not None
    (2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..analysis.dd import can_take
from ..io.lesson import Lesson
from ..io.pbn import DealRecord
from ..model.cards import SUITS, Card, Rank, Seat, Side, Strain
from ..model.contract import Contract
from ..model.deal import Deal
from ..model.errors import BridgeError
from ..rules.play import Play
from .practice import PracticeDeal
from .robots import Robot
from .solver import PositionSolver
from .words import t

__all__ = [
    "TECHNIQUES",
    "LeadCheck",
    "Technique",
    "TechniqueDeal",
    "technique_deals",
    "technique_set",
    "technique_source",
    "check_deal",
]

ALL_CARDS = [Card(s, Rank(r)) for s in SUITS for r in range(14, 1, -1)]
LOW = [Rank(r) for r in range(2, 10)]
NEVER = "never"
"""What a technique's moment returns when the play has gone past the point where the technique
could be shown (the deal is then not kept)."""
INTRO = {
    "3NT by S": "3NT by South makes double dummy from West's opening lead, the expert robot's: a "
    "lead that is best double dummy, the natural card among equally good ones (the lead you meet "
    "when you practise).",
    "4S by S": "4♠ by South makes double dummy from West's opening lead, the expert robot's: a "
    "lead that is best double dummy, the natural card among equally good ones (the lead you meet "
    "when you practise).",
}
"""The first sentence of each technique's check, by contract (msgids, domain "coach")."""
ALL_LEADS = "The same is checked from every other opening lead that is best double dummy."
LEADS = ("robot", "all")
"""The opening leads a deal is checked from: the expert robot's, or every best lead."""
MAX_CARDS = 44
"""The technique's moment must come within the first eleven tricks."""


@dataclass(frozen=True)
class LeadCheck:
    """The check from one of West's double-dummy best opening leads: ``cards`` are the cards
    played from the lead (included) up to the technique's moment, every one double-dummy best
    for its side; ``line`` and ``alternative`` are declarer's tricks (won so far and the rest
    double dummy) with the technique's best card and with the alternative's."""

    lead: Card
    cards: tuple[Card, ...]
    line: int
    alternative: int
    alternative_cards: tuple[Card, ...] = ()  # the alternative line played out, if it is a line


@dataclass(frozen=True)
class TechniqueDeal:
    """A deal of a technique set: the deal, its contract, the suit the technique is played in,
    ``dd`` declarer's double-dummy tricks from West's best opening lead, ``checks`` one
    LeadCheck for each best lead, and their figures together: ``line`` the fewest tricks the
    technique keeps, ``alternative`` the most the alternative keeps (always fewer than needed)."""

    deal: Deal
    contract: Contract
    suit: Strain
    line: int
    alternative: int
    dd: int
    how: str
    checks: tuple[LeadCheck, ...] = ()


@dataclass(frozen=True)
class Technique:
    """One technique: its name, contract, the text of how deals are checked, the dealing of the
    suit combination, and its moment: ``moment(play, suit)`` is None before it, ``NEVER`` when
    the play has gone past it, else (the technique's cards, the alternative's cards) for the
    hand to play. ``alternative(play, suit, solver)``, if given, plays the alternative out from
    the moment and returns declarer's tricks and the cards it played (instead of the best
    alternative card's value)."""

    name: str
    title: str
    contract: str
    how: str
    deal_cards: Callable[..., Any]  # (rng) -> (dict seat -> cards, key suit)
    moment: Callable[..., Any]  # (play, suit) -> None | NEVER | (line cards, alternative cards)
    hcp: tuple[int, int] = (24, 28)
    alternative: Callable[..., Any] | None = None  # (play, suit, solver) -> (declarer's tricks, its cards)

    def describe(self, lang: str = "en", leads: str = "robot") -> str:
        """How the deals are checked, in ``lang``, for deals checked from ``leads`` ("robot" or
        "all": see ``check_deal``). The sentences are msgids of the coach catalogue."""
        parts = [INTRO[self.contract], self.how] + ([ALL_LEADS] if leads == "all" else [])
        return " ".join(t(p, lang) for p in parts)

    def title_in(self, lang: str = "en") -> str:
        return t(self.title, lang)


def _fill(rng: np.random.Generator, fixed: dict[Seat, list[Card]]) -> Deal:
    """A deal with ``fixed`` cards in their seats and the rest dealt at random."""
    used = {c for cs in fixed.values() for c in cs}
    rest = [c for c in ALL_CARDS if c not in used]
    order = rng.permutation(len(rest))
    rows = np.zeros((4, 4), dtype=np.uint16)
    k = 0
    for seat in Seat:
        cards = list(fixed.get(seat, []))
        need = 13 - len(cards)
        cards += [rest[i] for i in order[k : k + need]]
        k += need
        for c in cards:
            rows[seat, c.suit_index] |= c.mask
    return Deal.from_holdings(rows)


def _pick(rng, ranks, n) -> list[Rank]:
    return [ranks[i] for i in sorted(rng.choice(len(ranks), size=n, replace=False))]


def _suit(rng, trump: Strain | None = None) -> Strain:
    choices = [s for s in SUITS if s != trump]
    return choices[int(rng.integers(len(choices)))]


def _seat(play: Play) -> Seat:
    """The hand to play (the play is not over)."""
    seat = play.next_seat
    assert seat is not None
    return seat


def _is_master(play: Play, card: Card) -> bool:
    """No defender holds a higher card of ``card``'s suit: it wins the trick if led now (in a
    trump contract, unless ruffed)."""
    return not any(c.suit == card.suit and c.rank > card.rank for s in (Seat.E, Seat.W) for c in play.hand(s))


def _first_lead(line_of: Callable[..., bool], alt_of: Callable[..., bool]) -> Callable[..., Any]:
    """The moment "declarer's side is on lead for the first time" (after the opening lead and
    any tricks the defence wins first): the leader's cards that start the technique, and those
    that start the alternative."""

    def moment(play: Play, suit: Strain) -> tuple[list[Card], list[Card]] | None:
        seat = play.next_seat
        if play.current_trick is not None or seat is None or seat.side is not Side.NS:
            return None
        hand = play.hand(seat)
        return [c for c in hand if line_of(play, suit, c)], [c for c in hand if alt_of(play, suit, c)]

    return moment


def _in_suit(play: Play, s: Strain, c: Card) -> bool:
    return c.suit == s


def _master_elsewhere(play: Play, s: Strain, c: Card) -> bool:
    return c.suit != s and _is_master(play, c)


def _lead_out(
    play: Play, solver: PositionSolver, pick: Callable[[Play], Card | None]
) -> tuple[int, tuple[Card, ...]]:
    """Declarer's tricks when, from the moment, the hand of declarer's side on lead leads
    ``pick(play)`` as long as that gives a card (and declarer's side keeps the lead), every other
    card of those tricks double-dummy best for its side (the expert robot); then double dummy.
    Returns declarer's tricks and the cards of the line."""
    p = play.copy()
    robot = Robot("expert", solver)
    cards: list[Card] = []
    while p.current_trick is None and not p.is_over and _seat(p).side is Side.NS:
        card = pick(p)
        if card is None:
            break
        cards.append(card)
        p.play(card)
        for _ in range(3):
            cards.append(robot.choose(p)[0])
            p.play(cards[-1])
    return solver.side_total(p, Side.NS), tuple(cards)


def _draw_trumps_first(play: Play, suit: Strain, solver: PositionSolver) -> tuple[int, tuple[Card, ...]]:
    """Drawing trumps first: the hand on lead leads its highest trump while the defenders hold
    trumps."""

    def pick(p: Play) -> Card | None:
        trumps = [c for c in p.hand(_seat(p)) if c.suit == Strain.S]
        theirs = any(c.suit == Strain.S for s in (Seat.E, Seat.W) for c in p.hand(s))
        return max(trumps, key=lambda c: c.rank) if trumps and theirs else None

    return _lead_out(play, solver, pick)


def _cash_first(keep: Callable[[Strain], set[Strain]]) -> Callable[..., Any]:
    """Cashing winners first: the hand on lead cashes its winners (the highest first) in the
    suits other than ``keep(suit)`` while it has any."""

    def alternative(play: Play, suit: Strain, solver: PositionSolver) -> tuple[int, tuple[Card, ...]]:
        def pick(p: Play) -> Card | None:
            kept = keep(suit)
            winners = [c for c in p.hand(_seat(p)) if c.suit not in kept and _is_master(p, c)]
            return max(winners, key=lambda c: c.rank) if winners else None

        return _lead_out(play, solver, pick)

    return alternative


# ---- the techniques ---------------------------------------------------------------------------


def _finesse_cards(rng):
    s = _suit(rng)
    small = _pick(rng, LOW, 5)
    return {
        Seat.S: [Card(s, Rank.ACE), Card(s, Rank.QUEEN), Card(s, small[0])],
        Seat.N: [Card(s, r) for r in small[1:4]],
        Seat.E: [Card(s, Rank.KING)],
    }, s


def _finesse_moment(play: Play, s: Strain) -> Any:
    """North has led the suit and East played low: South's queen or ace. NEVER once South's ace
    or queen or East's king has been played before that."""
    gone = {c for _, c in play.cards_played}
    ace, queen, king = Card(s, Rank.ACE), Card(s, Rank.QUEEN), Card(s, Rank.KING)
    trick = play.current_trick
    if trick is not None and trick.leader is Seat.N and len(trick.cards) == 2 and trick.suit_led == s:
        if king in trick.cards or ace in gone or queen in gone:
            return NEVER
        return [queen], [ace]
    if gone & {ace, queen, king}:
        return NEVER
    return None


def _long_cards(rng):
    s = _suit(rng)
    small = _pick(rng, LOW, 6)
    return {
        Seat.N: [Card(s, Rank.ACE), Card(s, Rank.KING)] + [Card(s, r) for r in small[:3]],
        Seat.S: [Card(s, r) for r in small[3:5]],
    }, s


def _trump_cards(rng):
    small = _pick(rng, LOW, 6)
    trumps = [Card(Strain.S, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)]
    return {
        Seat.S: trumps[:2] + [Card(Strain.S, r) for r in small[:3]],
        Seat.N: [trumps[2]] + [Card(Strain.S, r) for r in small[3:5]],
    }, Strain.S


def _ruff_cards(rng):
    small = _pick(rng, LOW, 7)
    side = _suit(rng, Strain.S)
    side_small = _pick(rng, LOW, 3)
    fixed = {
        Seat.S: [Card(Strain.S, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)]
        + [Card(Strain.S, r) for r in small[:2]]
        + [Card(side, r) for r in side_small],
        Seat.N: [Card(Strain.S, r) for r in small[2:5]],
        Seat.E: [],
        Seat.W: [],
    }
    rest = [Card(side, Rank(r)) for r in range(14, 1, -1) if Rank(r) not in side_small]
    rng.shuffle(rest)
    if rng.random() < 0.5:  # dummy holds one card of the suit, or none
        fixed[Seat.N].append(rest.pop())
    for i, c in enumerate(rest):
        fixed[Seat.E if i % 2 == 0 else Seat.W].append(c)
    return fixed, side


def _promotion_cards(rng):
    s = _suit(rng)
    small = _pick(rng, LOW, 3)
    other = _suit(rng, s)  # the defenders' long suit: the race is on
    theirs = [Card(other, r) for r in (Rank.KING, Rank.QUEEN, Rank.JACK)] + [
        Card(other, r) for r in _pick(rng, LOW, 3)
    ]
    return {
        Seat.S: [Card(s, Rank.KING), Card(s, Rank.QUEEN), Card(s, small[0])],
        Seat.N: [Card(s, Rank.JACK), Card(s, Rank.TEN), Card(s, small[1])],
        Seat.E: [Card(s, Rank.ACE)],
        Seat.W: theirs[:5],
    }, s


def _holdup_cards(rng):
    s = _suit(rng)
    small = _pick(rng, LOW, 6)
    honours = [Card(s, r) for r in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)]
    return {
        Seat.W: honours[:3] + [Card(s, small[0]), Card(s, small[1])],
        Seat.S: [Card(s, Rank.ACE), Card(s, small[2]), Card(s, small[3])],
        Seat.N: [Card(s, small[4]), Card(s, small[5])],
        Seat.E: [honours[3]],
    }, s


def _holdup_moment(play: Play, s: Strain) -> Any:
    """South's card to trick 1 when West has led the suit: a low card (holding up) or the ace.
    NEVER when West's lead is in another suit."""
    trick = play.current_trick
    if play.tricks or trick is None or trick.suit_led != s:
        return NEVER
    if len(trick.cards) < 3:
        return None
    south = play.legal_cards()
    return [c for c in south if c.suit == s and c.rank != Rank.ACE], [Card(s, Rank.ACE)]


TECHNIQUES: dict[str, Technique] = {
    tech.name: tech
    for tech in [
        Technique(
            "finesse",
            "The finesse",
            "3NT by S",
            "From the lead both sides play their double-dummy best cards until North leads the suit"
            " and East plays low; there South's queen (the finesse) keeps 9 tricks, while the ace "
            "leaves fewer.",
            _finesse_cards,
            _finesse_moment,
        ),
        Technique(
            "long-suit",
            "Setting up a long suit",
            "3NT by S",
            "From the lead both sides play their double-dummy best cards until declarer's side is "
            "first on lead; there playing the long suit keeps 9 tricks, while first cashing the "
            "winners the hand on lead holds in the other suits (every other card double dummy) "
            "leaves fewer.",
            _long_cards,
            _first_lead(_in_suit, _master_elsewhere),
            alternative=_cash_first(lambda s: {s}),
        ),
        Technique(
            "draw-trumps",
            "Drawing trumps",
            "4S by S",
            "From the lead both sides play their double-dummy best cards until declarer's side is "
            "first on lead; there leading a trump keeps 10 tricks, while first cashing the side-"
            "suit winners the hand on lead holds (every other card double dummy) leaves fewer.",
            _trump_cards,
            _first_lead(
                lambda p, s, c: c.suit == Strain.S, lambda p, s, c: _master_elsewhere(p, Strain.S, c)
            ),
            (19, 23),
            _cash_first(lambda s: {Strain.S}),
        ),
        Technique(
            "ruff-in-dummy",
            "Ruffing losers in dummy",
            "4S by S",
            "From the lead both sides play their double-dummy best cards until declarer's side is "
            "first on lead; there playing the suit dummy is short in keeps 10 tricks, while drawing"
            " trumps first (leading trumps until the defenders have none, every other card double "
            "dummy) leaves fewer.",
            _ruff_cards,
            _first_lead(_in_suit, lambda p, s, c: c.suit == Strain.S),
            (18, 24),
            _draw_trumps_first,
        ),
        Technique(
            "promotion",
            "Promoting honours",
            "3NT by S",
            "From the lead both sides play their double-dummy best cards until declarer's side is "
            "first on lead; there leading the suit of KQ opposite JT (driving out the ace) keeps 9 "
            "tricks, while first cashing the winners the hand on lead holds in the other suits "
            "(every other card double dummy) leaves fewer.",
            _promotion_cards,
            _first_lead(_in_suit, _master_elsewhere),
            (21, 24),
            _cash_first(lambda s: {s}),
        ),
        Technique(
            "hold-up",
            "The hold-up in no trump",
            "3NT by S",
            "The lead is in the suit of West's KQJ; dummy and East play their double-dummy best "
            "cards, and South's low card (holding up the ace) keeps 9 tricks, while winning with "
            "the ace leaves fewer.",
            _holdup_cards,
            _holdup_moment,
        ),
    ]
}
"""The technique sets by name."""


def _technique(name: str) -> Technique:
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    if key not in TECHNIQUES:
        raise BridgeError(f"{name!r} is not a technique: choose one of {', '.join(TECHNIQUES)}")
    return TECHNIQUES[key]


def makes(play: Play, need: int) -> bool:
    """Whether declarer's side ends with ``need`` tricks against best defence from this
    position (a quick target question to DDS)."""
    rows, leader, current = play.position
    cards = tuple((c.suit_index, int(c.rank)) for c in current)
    won = play.tricks_won[Side.NS]
    left = 13 - len(play.tricks)
    ns = _seat(play).side is Side.NS
    target = need - won if ns else left - (need - won) + 1
    reached = can_take(rows, int(play.contract.strain), int(leader), cards, target)
    return reached if ns else not reached


def best_leads(play: Play, solver: PositionSolver) -> list[Card]:
    """West's double-dummy best opening leads, one card for each group of equal cards (the
    highest: the others are the same lead to double dummy)."""
    raw = solver.raw(play)
    best = max(raw.values())
    hand = play.hand(_seat(play))
    leads: list[Card] = []
    for c in hand:  # high cards first: the first of each equal group is its highest
        if raw.get((c.suit_index, int(c.rank))) != best:
            continue
        if leads and leads[-1].suit == c.suit and _touching(play, leads[-1], c):
            continue
        leads.append(c)
    return leads


def _touching(play: Play, high: Card, low: Card) -> bool:
    """Every card between ``low`` and ``high`` is in the same hand as them: equal cards."""
    hand = set(play.hand(_seat(play)))
    return all(Card(high.suit, Rank(r)) in hand for r in range(int(low.rank) + 1, int(high.rank)))


def check_deal(
    name: str, deal: Deal, suit: Strain, solver: PositionSolver | None = None, *, leads: str = "robot"
) -> TechniqueDeal | None:
    """The technique's double-dummy check of ``deal`` (its key suit ``suit``): a TechniqueDeal
    with the figures if the deal needs the technique, else None. ``leads`` "robot" checks from
    the expert robot's opening lead (West's double-dummy best lead, the natural card among
    equally good ones: the lead the learner meets in practice), "all" from every best lead."""
    if leads not in LEADS:
        raise BridgeError(f"leads is one of {', '.join(map(repr, LEADS))}, not {leads!r}")
    tech = _technique(name)
    contract = Contract.parse(tech.contract)
    need = contract.tricks_needed
    solver = solver if solver is not None else PositionSolver()
    start = Play(deal, contract)
    if not makes(start, need):  # a quick question to DDS before the whole answer
        return None
    dd = 13 - solver.best(start)  # West's best lead: the defence's most tricks
    robot = Robot("expert", solver)
    checks = []
    for lead in best_leads(start, solver) if leads == "all" else [robot.choose(start)[0]]:
        play = start.copy()
        play.play(lead)
        cards = [lead]
        moment = tech.moment(play, suit)
        while moment is None and len(cards) < MAX_CARDS:
            card, _ = robot.choose(play)
            play.play(card)
            cards.append(card)
            moment = tech.moment(play, suit)
        if moment is None or moment is NEVER:
            return None
        line_cards, alt_cards = moment
        raw = solver.raw(play)
        won = solver.won(play, Side.NS)
        line = won + max((raw.get((c.suit_index, int(c.rank)), -99) for c in line_cards), default=-99)
        if line < need:
            return None
        played: tuple[Card, ...] = ()
        if tech.alternative is not None:
            alt, played = tech.alternative(play, suit, solver)
        else:
            alt = won + max((raw.get((c.suit_index, int(c.rank)), -99) for c in alt_cards), default=99)
        if alt >= need:
            return None
        checks.append(LeadCheck(lead, tuple(cards), line, alt, played))
    line = min(c.line for c in checks)
    alt = max(c.alternative for c in checks)
    return TechniqueDeal(deal, contract, suit, line, alt, dd, tech.describe("en", leads), tuple(checks))


def technique_deals(
    name: str, seed: int | None = None, *, max_tries: int = 5_000, leads: str = "robot"
) -> Iterator[TechniqueDeal]:
    """Endless deals that need technique ``name`` (see ``TECHNIQUES``), from ``seed``, checked
    from the opening ``leads`` ("robot" or "all": see ``check_deal``)."""
    tech = _technique(name)
    if leads not in LEADS:
        raise BridgeError(f"leads is one of {', '.join(map(repr, LEADS))}, not {leads!r}")
    rng = np.random.default_rng(seed)
    lo, hi = tech.hcp
    while True:
        for _ in range(max_tries):
            fixed, suit = tech.deal_cards(rng)
            deal = _fill(rng, fixed)
            hcp = deal.hcp
            if not lo <= hcp[Seat.N] + hcp[Seat.S] <= hi:
                continue
            found = check_deal(name, deal, suit, leads=leads)
            if found is not None:
                yield found
                break
        else:
            raise BridgeError(
                f"no {name} deal found in {max_tries} tries: the technique's check "
                "is too strict for these cards"
            )


def technique_set(
    name: str, n: int = 16, seed: int | None = None, *, first_board: int = 1, leads: str = "robot"
) -> Lesson:
    """``n`` deals of technique ``name`` as a Lesson (PBN and handouts), South declaring, each
    board's note saying how the deal was checked (from the opening ``leads``, "robot" or "all")
    and the double-dummy figures."""
    tech = _technique(name)
    if not isinstance(n, int) or n < 1:
        raise BridgeError(f"the number of deals is a whole number from 1, not {n!r}")
    boards = []
    stream = technique_deals(name, seed, leads=leads)
    for k in range(n):
        td = next(stream)
        leads = ", ".join(f"{c.lead.suit.symbol}{c.lead.rank.char}" for c in td.checks)
        note = (
            f"{tech.title}: {td.suit.full_name}. Checked by double dummy: {td.how} "
            f"(West's best leads: {leads}; {td.dd} tricks from them; the line keeps {td.line} "
            f"tricks, the alternative {td.alternative}.)"
        )
        boards.append(
            DealRecord.from_board(
                td.deal, first_board + k, contract=td.contract, notes=(note,), tags={"Event": tech.title}
            )
        )
    return Lesson(tech.title, boards, seed=seed, about=Seat.S, rotate=Seat.S)


def technique_source(name: "str | list[str]") -> Callable[[int], PracticeDeal]:
    """Deals of technique ``name`` for the play widget: seed -> PracticeDeal. With a list of
    names, seed k gives a deal of technique ``names[k % len(names)]``."""
    techs = [_technique(n) for n in ([name] if isinstance(name, str) else name)]
    if not techs:
        raise BridgeError("name at least one technique: " + ", ".join(TECHNIQUES))

    def source(seed: int) -> PracticeDeal:
        tech = techs[seed % len(techs)]
        td = next(technique_deals(tech.name, seed))
        return PracticeDeal(td.deal, td.contract, (), f"{tech.title} (seed {seed})")

    return source
