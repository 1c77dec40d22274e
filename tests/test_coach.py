"""The play session, the robots and the double-dummy coach.

The oracle is endplay's ``solve_board`` called directly here on positions this file builds
itself (not through bridgelab's solver or cache)."""

from __future__ import annotations

import random

import pytest
from endplay.dds import solve_board
from endplay.types import Card as EPCard
from endplay.types import Deal as EPDeal
from endplay.types import Denom, Player
from endplay.types import Rank as EPRank

from bridgelab.coach.coach import analyse_card, hint
from bridgelab.coach.robots import Robot, natural_card
from bridgelab.coach.session import PlaySession
from bridgelab.coach.solver import PositionSolver
from bridgelab.coach.words import parse_card
from bridgelab.dealing.dealer import deal
from bridgelab.model.cards import SUITS, Card, Seat, Side
from bridgelab.model.deal import Deal
from bridgelab.model.errors import BridgeError, IllegalCard, ParseError
from bridgelab.quiz.progress import ProgressStore
from bridgelab.rules.auction import Auction
from bridgelab.rules.play import Play
from bridgelab.text.i18n import LANGUAGES

FINESSE = {"N": "32.5432.5432.A43", "E": "K4.T98.T98.JT987", "S": "AQ.AKQJ.AKQJ.KQ2", "W": "JT98765.76.76.65"}
"""7NT by South: ♠AQ opposite ♠32, the king with East. Twelve top tricks; the thirteenth is the
finesse (lead from North, finesse the queen), and North's only entry is the ♣A."""


def oracle_side_total(play: Play, side: Side) -> int:
    """Tricks ``side`` ends with, both sides playing perfectly from this position: endplay's
    solve_board on a deal rebuilt here from the cards still held."""
    won = play.tricks_won[side]
    if play.is_over:
        return won
    trick = play.current_trick
    cards = list(trick.cards) if trick else []
    hands = {s: play.hand(s) for s in Seat}
    for s, c in trick or []:
        hands[s].append(c)
    text = "N:" + " ".join(
        ".".join(
            "".join(
                c.rank.char for c in sorted((c for c in hands[s] if c.suit == suit), key=lambda c: -c.rank)
            )
            for suit in SUITS
        )
        for s in Seat
    )
    strain = play.contract.strain
    denom = Denom.nt if strain.name == "NT" else Denom(3 - int(strain))
    d = EPDeal(text, first=Player(int(play.leader)), trump=denom)
    for c in cards:
        d.play(EPCard(suit=Denom(c.suit_index), rank=EPRank(1 << int(c.rank))))
    best = max(t for _, t in solve_board(d))
    left = 13 - len(play.tricks)
    return won + (best if play.next_seat.side is side else left - best)


def test_oracle_agrees_with_the_known_deal():
    p = Play(Deal(FINESSE), "7NT by S")
    assert oracle_side_total(p, Side.NS) == 13
    p.play_all("C6 CA C7 C2 S2 S4 SA")
    assert oracle_side_total(p, Side.NS) == 12


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_robots_play_only_legal_cards(level):
    for seed in range(6):
        d = deal(seed=seed)
        p = Play(d, ["3NT by S", "4S by N", "2H by E", "5C by W", "1NT by N", "6D by S"][seed])
        robot = Robot(level)
        while not p.is_over:
            card, rule = robot.choose(p)
            assert card in p.legal_cards(), (seed, str(p))
            assert rule
            p.play(card)


def test_expert_robot_plays_double_dummy_best():
    d = deal(seed=11)
    p = Play(d, "3NT by S")
    solver = PositionSolver()
    robot = Robot("expert", solver)
    for _ in range(20):
        card, _ = robot.choose(p)
        values = solver.values(p)
        assert values[card] == max(values.values())
        p.play(card)


def test_beginner_rules_by_name():
    p = Play(Deal(FINESSE), "7NT by S")
    card, rule = natural_card(p)  # West's opening lead: no sequence, longest suit
    assert rule in ("sequence_lead", "fourth_best")
    p.play("C6")
    assert natural_card(p) == (Card.parse("C3"), "second_low")  # North, second hand
    p.play("CA")
    assert natural_card(p) == (Card.parse("C7"), "cannot_win")  # East cannot beat the ace


def test_session_learner_only_plays_legal_cards_and_gets_reasons():
    s = PlaySession(Deal(FINESSE), "7NT by S", robot="expert", lang="en", cards="C6")
    assert s.learner_to_play and s.play_.next_seat is Seat.N  # West led already
    lead = s.play_.current_trick.lead
    off_suit = next(c for c in s.play_.hand(Seat.N) if c.suit != lead.suit)
    why = s.why_illegal(off_suit)
    assert why.startswith("You hold clubs: you must follow suit")
    with pytest.raises(IllegalCard):
        s.play(off_suit)
    with pytest.raises(IllegalCard):
        s.play("SA")  # South's card while North is to play
    with pytest.raises(ParseError):
        s.play("no card")
    rnd = random.Random(3)
    while not s.is_over:
        legal = s.legal_cards()
        assert legal
        s.play(rnd.choice(legal))
    assert s.result() is not None


def test_known_deal_coach_messages_in_five_languages():
    p = Play(Deal(FINESSE), "7NT by S")
    p.play_all("C6 CA C7 C2 S2 S4")
    solver = PositionSolver()
    report = analyse_card(p, Card.parse("SA"), solver, Side.NS)
    assert (report.before, report.after, report.better, report.reason) == (
        13,
        12,
        (Card.parse("SQ"),),
        "missed_finesse",
    )
    good = analyse_card(p, Card.parse("SQ"), solver, Side.NS)
    assert good.cost == 0 and good.reason is None
    h = hint(p, solver)
    assert (h.card, h.idea, h.tricks) == (Card.parse("SQ"), "finesse", 13)
    texts = {lang: report.messages(lang) for lang in LANGUAGES}
    assert texts["en"] == [
        "Before ♠A your side could take 13 tricks; after it, 12.",
        "♠A cost a trick: ♠Q would have kept 13.",
        "You could have finessed: ♠K is with East, who has already played, so ♠Q would have won the trick.",
    ]
    for lang in LANGUAGES:
        assert len(texts[lang]) == 3
        assert all("♠A" in texts[lang][i] for i in (0, 1)) and "♠Q" in texts[lang][2]
        assert "13" in texts[lang][0] and "12" in texts[lang][0]
        if lang != "en":
            for got, english in zip(texts[lang], texts["en"]):
                assert got != english, (lang, got)
            assert h.message(lang) != h.message("en")


def test_undo_takes_back_the_learner_card_and_the_robots_after_it():
    s = PlaySession(Deal(FINESSE), "7NT by S", cards="C6")
    s.play("CA")
    s.play("C2")
    before = [st.card for st in s.steps]
    s.play("S2")
    s.play("SA")
    assert s.reports[-1].cost == 1
    assert s.undo()
    assert s.play_.next_seat is Seat.S and len(s.reports) == 3
    s.play("SQ")
    assert s.reports[-1].cost == 0
    assert [st.card for st in s.steps][: len(before)] == before
    calls = s.solver.calls
    s.undo()
    s.hint()
    assert s.solver.calls == calls  # the position was solved already: undo and hints are free


def test_plan_counts_winners_and_losers():
    s = PlaySession(Deal(FINESSE), "7NT by S", cards="C6")
    pl = s.plan()
    counts = {x.suit.name: (x.winners, x.losers) for x in pl.suits}
    assert counts["S"][0] == 1 and counts["H"][0] == 4 and counts["D"][0] == 4 and counts["C"][0] == 3
    assert pl.winners == 12 and pl.need == 13


@pytest.mark.parametrize("seed", range(4))
def test_claims_accepted_exactly_when_double_dummy_agrees(seed):
    d = deal(seed=100 + seed)
    s = PlaySession(d, "3NT by S", robot="expert")
    rnd = random.Random(seed)
    for _ in range(rnd.randrange(0, 12)):
        s.play(rnd.choice(s.legal_cards()))
        if s.is_over:
            return
    possible = oracle_side_total(s.play_, Side.NS) - s.play_.tricks_won[Side.NS]
    left = 13 - len(s.play_.tricks)
    for n in range(left + 1):
        c = s.claim(n)
        assert c.accepted == (n <= possible), (n, possible)
        if c.accepted:
            assert s.is_over
            assert s.declarer_tricks() == s.play_.tricks_won[Side.NS] + n
            s.undo()
            s.claim_made = None
            # replay to the same position: undo took one learner card back
            break
    with pytest.raises(BridgeError):
        PlaySession(d, "3NT by S").claim(14)


def _cost_agrees(seed: int) -> int:
    d = deal(seed=seed)
    contract = ["3NT by S", "4H by N", "4S by S", "5D by N"][seed % 4]
    learner = "declarer" if seed % 3 else "defence"
    s = PlaySession(d, contract, learner=learner, robot="expert")
    rnd = random.Random(seed)
    checked = 0
    while not s.is_over:
        before_total = oracle_side_total(s.play_, s.learner_side)
        card = rnd.choice(s.legal_cards())
        probe = s.play_.copy()
        probe.play(card)
        after_total = oracle_side_total(probe, s.learner_side)
        report = s.play(card)
        assert (report.before, report.after) == (before_total, after_total), (seed, str(card))
        assert (report.cost > 0) == (after_total < before_total)
        checked += 1
    return checked


def test_cost_agrees_with_double_dummy_quick():
    assert sum(_cost_agrees(seed) for seed in range(3)) > 20


@pytest.mark.slow
def test_cost_agrees_with_double_dummy_on_200_deals():
    assert sum(_cost_agrees(seed) for seed in range(200)) > 2000


def test_session_from_auction_and_record_and_result():
    d = Deal(FINESSE)
    a = Auction.parse("7NT P P P", dealer="S")
    s = PlaySession.from_auction(d, a, robot="beginner", cards="C6")
    assert str(s.contract.declarer) == "S"
    from bridgelab.io.pbn import DealRecord
    from bridgelab.model.contract import Contract

    rec = DealRecord.from_board(d, 3, contract=Contract.parse("7NT by S"))
    s = PlaySession.from_record(rec, cards="C6")
    assert s.vulnerable is False  # board 3: E-W vulnerable
    for card in ["CA", "C2", "S2", "SQ"]:
        s.play(card)
    c = s.claim(11)
    assert c.accepted
    r = s.result()
    assert r.declarer_tricks == 13 and r.dd_tricks == 13 and r.made and r.score == 1520
    msgs = r.messages("en")
    assert "Your side took 13 tricks." in msgs
    assert any("1520" in m for m in msgs)
    for lang in LANGUAGES:
        assert any("1520" in m for m in r.messages(lang))
    assert "♠Q" in s.replay_text()


def test_progress_records_played_deals(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    s = PlaySession(Deal(FINESSE), "7NT by S", store=store, user="anna", cards="C6")
    for card in ["CA", "C2", "S2"]:
        s.play(card)
    s.hint()
    s.play("SA")
    while not s.is_over:
        s.play(s.legal_cards()[0])
    plays = store.plays("anna")
    assert len(plays) == 1
    p = plays[0]
    assert p.contract == str(s.contract) and p.declarer == "S" and p.learner == "NS"
    assert p.tricks == 12 and p.dd_tricks == 13 and p.hints == 1 and not p.made
    assert p.went_down and len(p.cards.split()) == 52
    assert store.plays("anna", went_down=True) == plays
    assert store.plays("bob") == []
    store.clear("anna")
    assert store.plays("anna") == []


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("sq", "en"),
        ("♠Q", "en"),
        ("Q♠", "en"),
        ("queen of spades", "en"),
        ("pada emand", "et"),
        ("emand pada", "et"),
        ("pik dama", "sr"),
        ("piky dáma", "cs"),
        ("sekop ratu", "ms"),
    ],
)
def test_cards_typed_in_each_language(text, lang):
    assert parse_card(text, lang) == Card.parse("SQ")


def test_bad_card_text_says_how_to_write_one():
    with pytest.raises(ParseError, match="SQ"):
        parse_card("pada kolm", "et")
