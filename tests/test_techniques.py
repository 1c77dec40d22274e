"""Technique deal sets: every deal needs its technique, checked again here from the real table
position with endplay called directly (never through the coach's solver or robots): West's lead
is double-dummy best and the contract makes from it; every card from the lead to the technique's
moment is legal and double-dummy best for its side; the moment is the one the technique names; and
there the technique's best card keeps the contract while the alternative (a card, or the
alternative line played out, each of its cards checked the same way) does not."""

from __future__ import annotations

import pytest
from endplay.dds import solve_board
from endplay.types import Card as EPCard
from endplay.types import Deal as EPDeal
from endplay.types import Denom, Player
from endplay.types import Rank as EPRank

from bridgelab.coach import techniques as T
from bridgelab.commands.main import main
from bridgelab.io.pbn import load
from bridgelab.model.cards import SUITS, Card, Rank, Seat, Strain
from bridgelab.model.deal import Deal
from bridgelab.model.errors import BridgeError

NS = (Seat.N, Seat.S)
TRUMP_OR_KEY = {"draw-trumps": "trump", "long-suit": "key", "promotion": "key", "ruff-in-dummy": "key"}
CASH_FIRST = {"long-suit", "draw-trumps", "promotion"}


class Oracle:
    """A deal in play on an endplay Deal, with the values of the next hand's cards from endplay's
    solve_board: tricks for the side to play from the current trick on."""

    def __init__(self, deal: Deal, strain: Strain):
        self.trump = None if strain is Strain.NT else strain
        denom = Denom.nt if strain is Strain.NT else Denom(3 - int(strain))
        self.d = EPDeal(deal.to_pbn(), first=Player.west, trump=denom)
        self.hands = {s: set(deal[s].cards) for s in Seat}
        self.trick: list[tuple[Seat, Card]] = []
        self.leader = Seat.W
        self.won = {Seat.N: 0, Seat.E: 0}  # tricks of N-S and E-W, keyed by N and E
        self.leaders: list[Seat] = []

    @property
    def next(self) -> Seat:
        return Seat((int(self.leader) + len(self.trick)) % 4)

    def values(self) -> dict[Card, int]:
        return {
            Card(SUITS[int(c.suit)], Rank(int(c.rank).bit_length() - 1)): t for c, t in solve_board(self.d)
        }

    def play(self, card: Card, check_best: bool = True) -> None:
        values = self.values()
        assert card in values, f"{card} is not a legal card here"
        if check_best:
            assert values[card] == max(values.values()), f"{card} is not double-dummy best"
        seat = self.next
        self.d.play(EPCard(suit=Denom(card.suit_index), rank=EPRank(1 << int(card.rank))))
        self.hands[seat].discard(card)
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            led = self.trick[0][1].suit
            trumps = [(s, c) for s, c in self.trick if c.suit == self.trump]
            pool = trumps or [(s, c) for s, c in self.trick if c.suit == led]
            winner = max(pool, key=lambda sc: sc[1].rank)[0]
            self.won[Seat.N if winner in NS else Seat.E] += 1
            self.leaders.append(self.leader)
            self.leader, self.trick = winner, []

    def total(self, card: Card | None = None) -> int:
        """N-S's tricks in the end: won so far and the rest double dummy (with ``card`` next)."""
        values = self.values()
        best = values[card] if card is not None else max(values.values())
        left = 13 - sum(self.won.values())
        ns = best if self.next in NS else left - best
        return self.won[Seat.N] + ns

    def is_master(self, card: Card) -> bool:
        return not any(
            c.suit == card.suit and c.rank > card.rank for s in (Seat.E, Seat.W) for c in self.hands[s]
        )


def independent_check(name: str, td) -> None:
    need = td.contract.tricks_needed
    strain = td.contract.strain
    assert td.checks, "no lead was checked"
    for check in td.checks:
        o = Oracle(td.deal, strain)
        start = o.values()
        defence = max(start.values())
        assert 13 - defence >= need and 13 - defence == td.dd  # makes from the best lead
        assert start[check.lead] == defence  # the lead is double-dummy best
        assert check.cards[0] == check.lead
        for card in check.cards:
            o.play(card)
        _moment_and_figures(name, td, check, o, need)


def _moment_and_figures(name, td, check, o: Oracle, need: int) -> None:
    s = td.suit
    if name == "finesse":
        (n_seat, n_card), (e_seat, e_card) = o.trick
        assert (n_seat, e_seat, n_card.suit, e_card.suit) == (Seat.N, Seat.E, s, s)
        assert e_card.rank != Rank.KING and {Card(s, Rank.ACE), Card(s, Rank.QUEEN)} <= o.hands[Seat.S]
        line, alt = o.total(Card(s, Rank.QUEEN)), o.total(Card(s, Rank.ACE))
    elif name == "hold-up":
        assert not o.leaders and [x for x, _ in o.trick] == [Seat.W, Seat.N, Seat.E]
        assert all(c.suit == s for _, c in o.trick) and o.next is Seat.S
        lows = [c for c in o.hands[Seat.S] if c.suit == s and c.rank != Rank.ACE]
        line, alt = max(o.total(c) for c in lows), o.total(Card(s, Rank.ACE))
    else:
        # declarer's side is on lead for the first time: every trick so far was led by E-W
        assert not o.trick and o.next in NS and all(x not in NS for x in o.leaders)
        key = Strain.S if TRUMP_OR_KEY[name] == "trump" else s
        hand = sorted(o.hands[o.next], key=lambda c: (c.suit, c.rank))
        line = max(o.total(c) for c in hand if c.suit == key)
        alt = _alternative_line(name, o, check, key)
    assert line >= need > alt, (name, line, alt, need)
    assert (line, alt) == (check.line, check.alternative)


def _alternative_line(name, o: Oracle, check, key) -> int:
    """Replays the recorded alternative line: each lead by the rule of the technique (the hand on
    lead cashes its highest winner outside the kept suit, or leads its highest trump while the
    defenders hold trumps), every other card legal and double-dummy best; then double dummy."""
    cards = list(check.alternative_cards)
    assert cards, "the alternative line played no card"
    while cards:
        hand = o.hands[o.next]
        if name in CASH_FIRST:
            kept = {Strain.S} if name == "draw-trumps" else {key}
            rule = [c for c in hand if c.suit not in kept and o.is_master(c)]
        else:
            theirs = any(c.suit == Strain.S for x in (Seat.E, Seat.W) for c in o.hands[x])
            rule = [c for c in hand if c.suit == Strain.S] if theirs else []
        assert o.next in NS and not o.trick and rule
        lead = cards.pop(0)
        assert lead in rule and lead.rank == max(c.rank for c in rule)
        o.play(lead, check_best=False)  # the lead is forced by the line
        for _ in range(3):
            o.play(cards.pop(0))
    # the line stops when the rule gives no lead, or the defence has the lead
    if o.next in NS and not o.trick:
        hand = o.hands[o.next]
        if name in CASH_FIRST:
            kept = {Strain.S} if name == "draw-trumps" else {key}
            assert not [c for c in hand if c.suit not in kept and o.is_master(c)]
        else:
            theirs = any(c.suit == Strain.S for x in (Seat.E, Seat.W) for c in o.hands[x])
            assert not theirs or not [c for c in hand if c.suit == Strain.S]
    return o.total()


SEEDED = [
    "finesse",
    "hold-up",
    "long-suit",
    "promotion",
    "draw-trumps",
    pytest.param("ruff-in-dummy", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("name", SEEDED)
def test_technique_deals_need_the_technique(name):
    stream = T.technique_deals(name, seed=3)
    for _ in range(2):
        independent_check(name, next(stream))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(T.TECHNIQUES))
def test_more_seeded_deals_need_the_technique(name):
    stream = T.technique_deals(name, seed=11)
    for _ in range(4):
        independent_check(name, next(stream))


@pytest.mark.slow
def test_every_best_lead_is_checked_when_asked():
    td = next(T.technique_deals("long-suit", seed=4, leads="all"))
    o = Oracle(td.deal, td.contract.strain)
    values = o.values()
    best = [c for c, v in values.items() if v == max(values.values())]
    west = td.deal[Seat.W].cards
    for lead in best:  # each best lead is checked, or a card equal to it (touching, in West's hand)
        assert any(
            c.lead.suit == lead.suit
            and all(
                Card(lead.suit, Rank(r)) in west
                for r in range(min(c.lead.rank, lead.rank), max(c.lead.rank, lead.rank))
            )
            for c in td.checks
        ), lead
    independent_check("long-suit", td)
    assert "every other opening lead" in td.how


def test_finesse_deals_have_the_combination():
    td = next(T.technique_deals("finesse", seed=5))
    s = td.suit
    assert td.deal.owner(Card(s, Rank.KING)) is Seat.E
    assert td.deal.owner(Card(s, Rank.ACE)) is Seat.S and td.deal.owner(Card(s, Rank.QUEEN)) is Seat.S


def test_seeded_and_unknown_names():
    a = next(T.technique_deals("hold-up", seed=9)).deal
    b = next(T.technique_deals("hold-up", seed=9)).deal
    assert a == b
    with pytest.raises(BridgeError, match="finesse"):
        next(T.technique_deals("squeeze", seed=1))


def test_cli_writes_pbn_and_handout(tmp_path, capsys):
    pbn, page = tmp_path / "f.pbn", tmp_path / "f.html"
    assert (
        main(["technique", "finesse", "--count", "2", "--seed", "1", "--pbn", str(pbn), "--html", str(page)])
        == 0
    )
    records = load(pbn)
    assert len(records) == 2
    for rec in records:
        assert str(rec.contract) == str(T.Contract.parse("3NT by S"))
        assert "Checked by double dummy" in " ".join(rec.notes)
    assert "finesse" in page.read_text().lower()
    out = capsys.readouterr().out
    assert "checked by double dummy" in out and "the expert robot's" in out


def test_teacher_widget_deals_a_technique_set():
    pytest.importorskip("ipywidgets")
    from bridgelab.widgets.teacher import TeacherWidget

    w = TeacherWidget(boards=2, seed=1)
    w.technique.value = "finesse"
    w.deal_button.click()
    assert w.lesson is not None and len(w.lesson) == 2
    assert w.lesson.title == T.TECHNIQUES["finesse"].title
    assert "Checked by double dummy: 3NT by South makes" in w.status.value


# Hand-made deals where the answer is certain (3NT by South; West leads).
FINESSE_DEAL = {
    "N": "543.654.54.AKQJ6",
    "E": "KT876.87.T9876.7",
    "S": "AQ2.A32.A32.5432",
    "W": "J9.KQJT9.KQJ.T98",
}
"""Eight top tricks (♠A, ♥A, ♦A, five clubs) and the ♠Q: with East's king under it, leading a spade
from dummy and finessing the queen is the ninth trick without ever giving up the lead; cashing the
ace instead leaves eight, and any ninth trick would give West the lead for the hearts he set up."""
FINESSE_OFFSIDE = {**FINESSE_DEAL, "E": "JT876.87.T9876.7", "W": "K9.KQJT9.KQJ.T98"}
"""The same with the king in West's hand: the finesse loses, 3NT cannot make: no deal."""
HOLDUP_DEAL = {
    "N": "Q543.654.32.KQ54",
    "E": "876.T7.A654.9876",
    "S": "AK2.A32.KQJT.A32",
    "W": "JT9.KQJ98.987.JT",
}
"""Eight top tricks; the ninth needs the diamonds, and East holds their ace. West leads the ♥K:
ducking it leaves East without a heart when he wins the ♦A; taking the ace at once lets East
return a heart to West's four winners."""
HOLDUP_NO_ENTRY = {**HOLDUP_DEAL, "E": "876.T7.9654.9876", "W": "JT9.KQJ98.A87.JT"}
"""The ♦A with West, who has the hearts: holding up cannot cut the defenders apart: no deal."""


def test_hand_made_finesse_deal():
    td = T.check_deal("finesse", Deal(FINESSE_DEAL), Strain.S)
    assert td is not None and (td.line, td.alternative) == (9, 8)
    assert td.checks[0].lead == Card("H", "K")  # the top of West's sequence, best double dummy
    independent_check("finesse", td)
    assert T.check_deal("finesse", Deal(FINESSE_OFFSIDE), Strain.S) is None


def test_hand_made_holdup_deal():
    td = T.check_deal("hold-up", Deal(HOLDUP_DEAL), Strain.H)
    assert td is not None and td.line == 11 and td.alternative == 8
    assert td.checks[0].cards[0] == Card("H", "K")
    independent_check("hold-up", td)
    assert T.check_deal("hold-up", Deal(HOLDUP_NO_ENTRY), Strain.H) is None


def test_check_texts_say_how_and_leads_are_named():
    for tech in T.TECHNIQUES.values():
        assert "West's opening lead, the expert robot's" in tech.describe()
        assert "every other opening lead" in tech.describe(leads="all")
    with pytest.raises(BridgeError, match="robot"):
        next(T.technique_deals("finesse", seed=1, leads="some"))


LONG_DEAL = {
    "S": "AK32.A32.AK32.76",
    "N": "54.654.654.AK543",
    "E": "JT9876.T.JT9.QJT",
    "W": "Q.KQJ987.Q87.982",
}
"""Five top tricks and ♣AK543 opposite ♣76 with the clubs 3-3: ducking a club sets up four club
tricks, and East, who wins it, has no heart left. Cashing the spades and diamonds first makes
West's ♦Q an entry: when East wins the club he reaches West, who runs the hearts."""
LONG_FOUR_TWO = {**LONG_DEAL, "E": "JT987.T.JT9.QJT9", "W": "Q6.KQJ987.Q87.82"}
"""The clubs 4-2: the suit gives three tricks whatever declarer does: 3NT cannot make: no deal."""
DRAW_DEAL = {
    "S": "AK765.AKQ.A32.A2",
    "N": "Q43.432.654.6543",
    "E": "JT9.J.KQJT9.KQJT",
    "W": "82.T98765.87.987",
}
"""Ten top tricks (five trumps, ♥AKQ, ♦A, ♣A); East has one heart and three trumps: cashing the
hearts before drawing trumps lets East ruff the second one."""
DRAW_SAFE = {**DRAW_DEAL, "E": "JT9.JT9.KQJ.KQJT", "W": "82.8765.T987.987"}
"""East with three hearts: cashing them first is safe: no deal."""
RUFF_DEAL = {
    "S": "AKQJ9.432.AK2.A2",
    "N": "876..76543.76543",
    "E": "T5.AKQJT.QJT.KQJ",
    "W": "432.98765.98.T98",
}
"""Eight top tricks and three hearts opposite dummy's void: after West's trump lead, two heart
ruffs in dummy make ten; drawing trumps first leaves dummy no trump to ruff with."""
RUFF_NO_SHORTNESS = {**RUFF_DEAL, "N": "876.765.43.76543", "W": "432.98.98765.T98"}
"""Dummy with three hearts: nothing to ruff, eight tricks: no deal."""
PROMO_DEAL = {
    "S": "AKQJ.A32.AK3.KQ2",
    "N": "654.654.6542.JT3",
    "E": "T987.T.JT9.A9876",
    "W": "32.KQJ987.Q87.54",
}
"""Seven top tricks and ♣KQ2 opposite ♣JT3 against East's ace: driving out the ace at once makes
two club tricks while East has no heart to return; cashing the spades and diamonds first makes
West's ♦Q an entry to his hearts."""
PROMO_ACE_WEST = {**PROMO_DEAL, "E": "T987.T.JT9.59876", "W": "32.KQJ987.Q87.A4"}
"""The ♣A with West, who holds the hearts: driving it out gives him the lead: no deal."""


@pytest.mark.parametrize(
    "name, deal, suit, figures, counter",
    [
        ("long-suit", LONG_DEAL, Strain.C, (9, 7), LONG_FOUR_TWO),
        ("draw-trumps", DRAW_DEAL, Strain.S, (10, 9), DRAW_SAFE),
        ("ruff-in-dummy", RUFF_DEAL, Strain.H, (10, 8), RUFF_NO_SHORTNESS),
        ("promotion", PROMO_DEAL, Strain.C, (9, 7), PROMO_ACE_WEST),
    ],
)
def test_hand_made_deals(name, deal, suit, figures, counter):
    td = T.check_deal(name, Deal(deal), suit)
    assert td is not None and (td.line, td.alternative) == figures
    independent_check(name, td)
    assert T.check_deal(name, Deal(counter), suit) is None
