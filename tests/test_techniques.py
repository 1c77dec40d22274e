"""Technique deal sets: every deal needs its technique, checked again here with endplay called
directly (calc_dd_table for the whole deal, solve_board at the technique's moment)."""

from __future__ import annotations

import pytest
from endplay.dds import calc_dd_table, solve_board
from endplay.types import Card as EPCard
from endplay.types import Deal as EPDeal
from endplay.types import Denom, Player
from endplay.types import Rank as EPRank

from bridgelab.coach import techniques as T
from bridgelab.commands.main import main
from bridgelab.io.pbn import load
from bridgelab.model.cards import SUITS, Card, Rank, Seat, Strain
from bridgelab.model.errors import BridgeError


def _ep_deal(deal, leader, trump, trick=()):
    d = EPDeal(
        deal.to_pbn(),
        first=Player(int(leader)),
        trump=Denom.nt if trump is Strain.NT else Denom(3 - int(trump)),
    )
    for c in trick:
        d.play(EPCard(suit=Denom(c.suit_index), rank=EPRank(1 << int(c.rank))))
    return d


def _values(deal, leader, trump, trick=()):
    return {
        Card(SUITS[int(c.suit)], Rank(int(c.rank).bit_length() - 1)): t
        for c, t in solve_board(_ep_deal(deal, leader, trump, trick))
    }


def _independent_check(name: str, td) -> None:
    tech = T.TECHNIQUES[name]
    contract = td.contract
    need = contract.tricks_needed
    strain = contract.strain
    table = calc_dd_table(_ep_deal(td.deal, Seat.N, strain))
    denom = Denom.nt if strain is Strain.NT else Denom(3 - int(strain))
    assert table[denom, Player.south] >= need  # makes as dealt, from West's lead
    leader, trick, line, alt = tech.moment(td.deal, td.suit)
    values = _values(td.deal, leader, strain, trick)
    assert max(values[c] for c in line if c in values) >= need
    if tech.alternative is None:
        assert max(values[c] for c in alt if c in values) < need
    else:
        assert tech.alternative(td.deal, td.suit) < need


@pytest.mark.parametrize(
    "name",
    [
        "finesse",
        "hold-up",
        pytest.param("long-suit", marks=pytest.mark.slow),
        pytest.param("draw-trumps", marks=pytest.mark.slow),
        pytest.param("ruff-in-dummy", marks=pytest.mark.slow),
    ],
)
def test_technique_deals_need_the_technique(name):
    stream = T.technique_deals(name, seed=3)
    for _ in range(2):
        td = next(stream)
        _independent_check(name, td)


@pytest.mark.slow
def test_promotion_deals_need_the_technique():
    stream = T.technique_deals("promotion", seed=3)
    for _ in range(2):
        _independent_check("promotion", next(stream))


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
        main(["technique", "hold-up", "-n", "2", "--seed", "1", "--pbn", str(pbn), "--html", str(page)]) == 0
    )
    records = load(pbn)
    assert len(records) == 2
    for rec in records:
        assert str(rec.contract) == str(T.Contract.parse("3NT by S"))
        assert "Checked by double dummy" in " ".join(rec.notes)
    assert "hold" in page.read_text().lower()
    assert "checked by double dummy" in capsys.readouterr().out


def test_teacher_widget_deals_a_technique_set():
    pytest.importorskip("ipywidgets")
    from bridgelab.widgets.teacher import TeacherWidget

    w = TeacherWidget(boards=2, seed=1)
    w.technique.value = "hold-up"
    w.deal_button.click()
    assert w.lesson is not None and len(w.lesson) == 2
    assert w.lesson.title == T.TECHNIQUES["hold-up"].title
