"""Technique deal sets: endless seeded deals on which one technique of declarer play is needed,
each checked by double dummy, not only by shape.

Each technique deals the cards that make the technique possible (the suit combination) and the
rest at random, then keeps a deal only when both checks hold:

1. the contract makes double dummy as dealt (best defence from the real opening lead), so the
   deal can be played out and made against the expert robot;
2. at the technique's moment (a position stated for each technique), double dummy gives the
   contract with the technique's card and not with the natural alternative: the best card of
   the line keeps the tricks needed, the best card of the alternative does not.

The technique's ``how`` text says exactly what was compared, and every deal carries it.

    >>> deals = technique_deals("finesse", seed=1)   # endless: take as many as you need
    >>> lesson = technique_set("finesse", 2, seed=1)
    >>> len(lesson), lesson.boards[0].contract is not None
    (2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from ..analysis.dd import solve_position
from ..io.lesson import Lesson
from ..io.pbn import DealRecord
from ..model.cards import SUITS, Card, Rank, Seat, Strain
from ..model.contract import Contract
from ..model.deal import Deal
from ..model.errors import BridgeError
from ..rules.play import Play, trick_winner
from .practice import PracticeDeal
from .robots import natural_card
from .words import t

__all__ = [
    "TECHNIQUES",
    "Technique",
    "TechniqueDeal",
    "technique_deals",
    "technique_set",
    "technique_source",
    "check_deal",
]

ALL_CARDS = [Card(s, Rank(r)) for s in SUITS for r in range(14, 1, -1)]
LOW = [Rank(r) for r in range(2, 10)]


@dataclass(frozen=True)
class TechniqueDeal:
    """A deal of a technique set: the deal, its contract, the suit the technique is played in,
    and the double-dummy figures of the check (``line`` and ``alternative`` tricks at the
    technique's moment, ``dd`` declarer's tricks from the real opening lead)."""

    deal: Deal
    contract: Contract
    suit: Strain
    line: int
    alternative: int
    dd: int
    how: str


@dataclass(frozen=True)
class Technique:
    """One technique: its name, contract, the text of how deals are checked, the dealing of the
    suit combination and the position of the check."""

    name: str
    title: str
    contract: str
    how: str
    deal_cards: Callable  # (rng) -> (dict seat -> cards, key suit)
    moment: Callable  # (deal, suit) -> (leader, trick cards, line cards, alternative cards)
    hcp: tuple[int, int] = (24, 28)
    alternative: Callable | None = None  # (deal, suit) -> declarer's tricks with the alternative line

    def describe(self, lang: str = "en") -> str:
        """How the deals are checked, in ``lang`` (the title and ``how`` are msgids)."""
        return t(self.how, lang)

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


def _lowest(deal: Deal, seat: Seat, suit: Strain) -> Card:
    return min((c for c in _cards(deal, seat) if c.suit == suit), key=lambda c: c.rank)


def _cards(deal: Deal, seat: Seat) -> list[Card]:
    h = deal.holdings[seat]
    return [c for c in ALL_CARDS if h[c.suit_index] & c.mask]


def _masters(deal: Deal, seats, exclude: Strain | None = None) -> list[Card]:
    """The top cards of each suit the side holds (the winners a learner cashes first), except
    in ``exclude``."""
    ours = {c for s in seats for c in _cards(deal, s)}
    out = []
    for suit in SUITS:
        if suit == exclude:
            continue
        for r in range(14, 1, -1):
            c = Card(suit, Rank(r))
            if c in ours:
                out.append(c)
            else:
                break
    return out


def _draw_trumps_first(deal: Deal, suit: Strain) -> int:
    """North-South's tricks when South, on lead at the start, draws trumps first: South leads
    the top trumps until the defenders have none (or South has none), every other card of those
    tricks chosen by double dummy for its side; the rest double dummy."""
    rows = np.array(deal.holdings, dtype=np.uint16)
    trump = Strain.S
    sp = 0  # spades are the first holding
    won = 0
    leader = Seat.S
    while rows[Seat.E, sp] | rows[Seat.W, sp] and rows[leader, sp] and leader.side is Seat.S.side:
        top = max(b for b in range(13) if rows[leader, sp] >> b & 1)
        trick = [(sp, top + 2)]
        start = rows.copy()
        rows[leader, sp] &= 0x1FFF ^ (1 << top)
        seat = leader
        for _ in range(3):
            seat = seat.lho
            values = solve_position(start, trump, leader, trick)
            s_i, r, _ = max(values, key=lambda v: v[2])
            trick.append((s_i, r))
            rows[seat, s_i] &= 0x1FFF ^ (1 << (r - 2))
        cards = [Card(SUITS[s_i], Rank(r)) for s_i, r in trick]
        winner = leader.clockwise()[trick_winner(cards, trump)]
        won += winner.side is Seat.S.side
        leader = winner
    values = solve_position(rows, trump, leader, [])
    left = int(sum(bin(int(x)).count("1") for x in rows[Seat.N]))
    best = max(v[2] for v in values)
    return won + (best if leader.side is Seat.S.side else left - best)


# ---- the techniques ---------------------------------------------------------------------------


def _finesse_cards(rng):
    s = _suit(rng)
    small = _pick(rng, LOW, 5)
    return {
        Seat.S: [Card(s, Rank.ACE), Card(s, Rank.QUEEN), Card(s, small[0])],
        Seat.N: [Card(s, r) for r in small[1:4]],
        Seat.E: [Card(s, Rank.KING)],
    }, s


def _finesse_moment(deal, s):
    lead = _lowest(deal, Seat.N, s)
    second = _lowest(deal, Seat.E, s)
    return Seat.N, [lead, second], [Card(s, Rank.QUEEN)], [Card(s, Rank.ACE)]


def _long_cards(rng):
    s = _suit(rng)
    small = _pick(rng, LOW, 6)
    return {
        Seat.N: [Card(s, Rank.ACE), Card(s, Rank.KING)] + [Card(s, r) for r in small[:3]],
        Seat.S: [Card(s, r) for r in small[3:5]],
    }, s


def _start_moment(line_of, alt_of):
    def moment(deal, s):
        south = _cards(deal, Seat.S)
        return Seat.S, [], [c for c in south if line_of(deal, s, c)], [c for c in south if alt_of(deal, s, c)]

    return moment


def _in_suit(deal, s, c):
    return c.suit == s


def _master_elsewhere(deal, s, c):
    return c.suit != s and c in _masters(deal, (Seat.N, Seat.S))


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


def _ruff_moment(deal, s):
    south = _cards(deal, Seat.S)
    return Seat.S, [], [c for c in south if c.suit == s], [c for c in south if c.suit == Strain.S]


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


def _holdup_moment(deal, s):
    play = Play(deal, "3NT by S")
    lead = Card(s, Rank.KING)
    play.play(lead)
    play.play(_lowest(deal, Seat.N, s))
    east, _ = natural_card(play)
    play.play(east)
    south = play.legal_cards()
    return (
        Seat.W,
        list(play.current_trick.cards),
        [c for c in south if c.rank != Rank.ACE],
        [Card(s, Rank.ACE)],
    )


TECHNIQUES: dict[str, Technique] = {
    tech.name: tech
    for tech in [
        Technique(
            "finesse",
            "The finesse",
            "3NT by S",
            "3NT makes double dummy from West's opening lead; and when North leads a low card of "
            "the suit and East plays low, South's queen (the finesse) keeps 9 tricks while the "
            "ace (not finessing) leaves fewer.",
            _finesse_cards,
            _finesse_moment,
        ),
        Technique(
            "long-suit",
            "Setting up a long suit",
            "3NT by S",
            "3NT makes double dummy from West's opening lead; and with South on lead at the "
            "start, playing the long suit keeps 9 tricks while cashing a winner in another suit "
            "first leaves fewer.",
            _long_cards,
            _start_moment(_in_suit, _master_elsewhere),
        ),
        Technique(
            "draw-trumps",
            "Drawing trumps",
            "4S by S",
            "4♠ makes double dummy from West's opening lead; and with South on lead at the "
            "start, leading a trump keeps 10 tricks while cashing a side-suit winner first "
            "leaves fewer.",
            _trump_cards,
            _start_moment(
                lambda d, s, c: c.suit == Strain.S, lambda d, s, c: _master_elsewhere(d, Strain.S, c)
            ),
            (19, 23),
        ),
        Technique(
            "ruff-in-dummy",
            "Ruffing losers in dummy",
            "4S by S",
            "4♠ makes double dummy from West's opening lead; and with South on lead at the "
            "start, playing the suit dummy is short in keeps 10 tricks while drawing trumps "
            "first (South leading trumps until the defenders have none, the other cards of those "
            "tricks by double dummy) leaves fewer.",
            _ruff_cards,
            _ruff_moment,
            (18, 24),
            _draw_trumps_first,
        ),
        Technique(
            "promotion",
            "Promoting honours",
            "3NT by S",
            "3NT makes double dummy from West's opening lead; and with South on lead at the "
            "start, leading the suit of KQ opposite JT (driving out the ace) keeps 9 tricks "
            "while cashing a winner in another suit first leaves fewer.",
            _promotion_cards,
            _start_moment(_in_suit, _master_elsewhere),
            (21, 24),
        ),
        Technique(
            "hold-up",
            "The hold-up in no trump",
            "3NT by S",
            "3NT makes double dummy from West's opening lead; and after West leads the king of "
            "the suit, dummy plays low and East plays by the simple rules, South's low card "
            "(holding up the ace) keeps 9 tricks while winning with the ace leaves fewer.",
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


def _best(values, cards) -> int:
    return max((n for (s, r, n) in values if Card(SUITS[s], Rank(r)) in cards), default=-1)


def check_deal(name: str, deal: Deal, suit: Strain) -> TechniqueDeal | None:
    """The technique's double-dummy check of ``deal`` (its key suit ``suit``): a TechniqueDeal
    with the figures if the deal needs the technique, else None."""
    tech = _technique(name)
    contract = Contract.parse(tech.contract)
    need = contract.tricks_needed
    trump = contract.strain
    leader, trick, line, alt = tech.moment(deal, suit)
    if not line or not alt:
        return None
    holdings = np.asarray(deal.holdings)
    values = solve_position(holdings, trump, leader, [(c.suit_index, int(c.rank)) for c in trick])
    # the values are the tricks of the side to play (North-South here) from all 13 tricks
    line_best = _best(values, set(line))
    if line_best < need:
        return None
    alt_best = _best(values, set(alt)) if tech.alternative is None else tech.alternative(deal, suit)
    if alt_best >= need:
        return None
    start = solve_position(holdings, trump, contract.declarer.lho, [])
    dd = 13 - max(n for _, _, n in start)
    if dd < need:
        return None
    return TechniqueDeal(deal, contract, suit, line_best, alt_best, dd, tech.how)


def technique_deals(name: str, seed: int | None = None, *, max_tries: int = 5_000) -> Iterator[TechniqueDeal]:
    """Endless deals that need technique ``name`` (see ``TECHNIQUES``), from ``seed``."""
    tech = _technique(name)
    rng = np.random.default_rng(seed)
    lo, hi = tech.hcp
    while True:
        for _ in range(max_tries):
            fixed, suit = tech.deal_cards(rng)
            deal = _fill(rng, fixed)
            hcp = deal.hcp
            if not lo <= hcp[Seat.N] + hcp[Seat.S] <= hi:
                continue
            found = check_deal(name, deal, suit)
            if found is not None:
                yield found
                break
        else:
            raise BridgeError(
                f"no {name} deal found in {max_tries} tries: the technique's check "
                "is too strict for these cards"
            )


def technique_set(name: str, n: int = 16, seed: int | None = None, *, first_board: int = 1) -> Lesson:
    """``n`` deals of technique ``name`` as a Lesson (PBN and handouts), South declaring, each
    board's note saying how the deal was checked and the double-dummy figures."""
    tech = _technique(name)
    if not isinstance(n, int) or n < 1:
        raise BridgeError(f"the number of deals is a whole number from 1, not {n!r}")
    boards = []
    stream = technique_deals(name, seed)
    for k in range(n):
        td = next(stream)
        note = (
            f"{tech.title}: {td.suit.full_name}. Checked by double dummy: {tech.how} "
            f"(line {td.line} tricks, alternative {td.alternative}; {td.dd} tricks from the "
            f"opening lead.)"
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
