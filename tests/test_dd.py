"""Double dummy through endplay (DDS): deals whose answer is certain, checked by hand."""

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("endplay")

from bridgelab import Deal  # noqa: E402
from bridgelab.analysis.dd import dd_table, dd_tables, par, solve_batch  # noqa: E402
from bridgelab.analysis.stats import mean_tricks  # noqa: E402
from bridgelab.model.contract import Contract  # noqa: E402
from bridgelab.model.errors import InvalidDeal  # noqa: E402

ALL = "AKQJT98765432"
# Each hand holds one whole suit: North spades, East hearts, South diamonds, West clubs.
ONE_SUIT_EACH = f"N:{ALL}... .{ALL}.. ..{ALL}. ...{ALL}"


def test_one_suit_each_by_hand():
    # In a suit the side holding it (or partner's suit) ruffs or wins every trick: 13.
    # In no trump the opening leader, on declarer's left, runs a whole suit: declarer takes 0.
    table = dd_table(ONE_SUIT_EACH)
    expected = pd.DataFrame(
        [[0, 13, 0, 13, 0], [13, 0, 13, 0, 0], [0, 13, 0, 13, 0], [13, 0, 13, 0, 0]],
        index=list("NESW"),
        columns=["C", "D", "H", "S", "NT"],
    )
    assert (table.to_numpy() == expected.to_numpy()).all()
    assert list(table.index) == list("NESW") and list(table.columns) == ["C", "D", "H", "S", "NT"]


def test_par_of_one_suit_each_is_seven_spades():
    # Both sides make a grand slam; spades outrank hearts, and 7NT goes down 13 for either side.
    result = par(ONE_SUIT_EACH, vulnerable="All", dealer="N")
    assert result.score == 2210  # 7♠ vulnerable: 210 + 1500 grand slam + 500 game
    assert {c for c, _ in result.contracts} == {Contract.parse("7S by N"), Contract.parse("7S by S")}
    assert all(made == 0 for _, made in result.contracts)
    rotated = par("E" + ONE_SUIT_EACH[1:], vulnerable="None", dealer="E")
    assert rotated.score == -1510  # now East-West hold the spades, not vulnerable: 210 + 1000 + 300


def test_thirteen_spades_make_seven_from_either_seat():
    rng = np.random.default_rng(8)
    for _ in range(3):
        rest = rng.permutation(39)  # the 39 cards that are not spades, shared among E, S, W
        holdings = np.zeros((4, 4), dtype=np.uint16)
        holdings[0, 0] = (1 << 13) - 1
        for i, card in enumerate(rest):
            suit, bit = 1 + card // 13, card % 13
            holdings[1 + i // 13, suit] |= 1 << bit
        table = dd_table(holdings)
        assert table.loc["N", "S"] == 13 and table.loc["S", "S"] == 13
        assert table.loc["E", "S"] == 0 and table.loc["W", "S"] == 0  # North overruffs everything


def test_top_cards_take_every_trick_at_no_trump():
    # North-South hold every card from the nine up (and the eight and seven of clubs), each of
    # them some of every suit: nothing East-West hold can win a trick at no trump.
    deal = "N:AKQ.AKQ.AKQ.AKQJ 876.8765.876.654 JT9.JT9.JT9.T987 5432.432.5432.32"
    table = dd_table(deal)
    assert table.loc["N", "NT"] == 13 and table.loc["S", "NT"] == 13
    assert table.loc["E", "NT"] == 0 and table.loc["W", "NT"] == 0


def _rotate(holdings, k):
    return np.roll(holdings, k, axis=0)


def test_turning_the_table_turns_the_answer():
    rng = np.random.default_rng(5)
    perm = rng.permutation(52)
    holdings = np.zeros((4, 4), dtype=np.uint16)
    for i, card in enumerate(perm):
        holdings[i // 13, card // 13] |= 1 << (card % 13)
    base = dd_table(holdings).to_numpy()
    turned = dd_table(_rotate(holdings, 1)).to_numpy()  # old North now sits East
    assert (turned == np.roll(base, 1, axis=0)).all()
    swapped = holdings[:, [1, 0, 2, 3]]  # spades and hearts trade places
    table = dd_table(swapped).to_numpy()
    assert (table[:, [0, 1, 3, 2, 4]] == base).all()
    assert base.min() >= 0 and base.max() <= 13


def test_batches_and_both_cores_agree():
    rng = np.random.default_rng(11)
    batch = np.zeros((6, 4, 4), dtype=np.uint16)
    for d in range(6):
        for i, card in enumerate(rng.permutation(52)):
            batch[d, i // 13, card // 13] |= 1 << (card % 13)
    one = solve_batch(batch)
    assert one.shape == (6, 4, 5) and one.dtype == np.int8
    two = dd_tables(batch, workers=2, chunk_size=3)
    assert (one == two).all()
    assert (one[2] == dd_table(batch[2]).to_numpy()).all()
    deals = [Deal.from_holdings(h) for h in batch[:2]]
    assert (dd_tables(deals) == one[:2]).all()


def test_bad_deals_are_refused():
    with pytest.raises(InvalidDeal):
        dd_table(np.zeros((4, 4), dtype=np.uint16))
    with pytest.raises(InvalidDeal):
        solve_batch(np.zeros((4, 4), dtype=np.uint16))


def test_dd_study_on_both_cores():
    pytest.importorskip("bridgelab.dealing.dealer")
    from bridgelab.analysis.stats import dd_study

    args = dict(n=8, seed=1, declarers="NS", strains=("NT",), chunk_size=4)
    one = dd_study(**args, workers=1)
    two = dd_study(**args, workers=2)
    pd.testing.assert_frame_equal(one, two)
    assert (one.groupby("measure")["count"].sum() == 8).all()
    means = mean_tricks(one)
    assert list(means.index) == ["N", "S"] and list(means.columns) == ["NT"]
    assert ((means >= 0) & (means <= 13)).all().all()


def _endplay_values(pbn, leader, strain, trick):
    """The oracle: endplay's own Deal and solve_board, keyed (suit index, rank)."""
    from endplay.dds import solve_board
    from endplay.types import Card as EPCard
    from endplay.types import Deal as EPDeal
    from endplay.types import Denom, Player
    from endplay.types import Rank as EPRank

    d = EPDeal(pbn, first=Player(leader), trump=Denom.nt if strain == 4 else Denom(3 - strain))
    for suit, rank in trick:
        d.play(EPCard(suit=Denom(suit), rank=EPRank(1 << rank)))
    return {(int(c.suit), int(c.rank).bit_length() - 1): t for c, t in solve_board(d)}


def test_card_values_agree_with_endplay_in_the_middle_of_tricks():
    """The coach's packed DDS call against endplay's Deal and solve_board, on positions with 0 to 3
    cards of the current trick played (random legal cards from seeded deals, every strain)."""
    import random

    from bridgelab.analysis.dd import card_values, solve_position
    from bridgelab.dealing.dealer import deal
    from bridgelab.model.cards import Strain
    from bridgelab.rules.play import Play

    checked = set()
    for seed in range(6):
        play = Play(
            deal(seed=seed), f"3{'CDHSN'[seed % 5]}{'T' if seed % 5 == 4 else ''} by {'NESW'[seed % 4]}"
        )
        rnd = random.Random(seed)
        for _ in range(rnd.randrange(0, 30)):
            play.play(rnd.choice(play.legal_cards()))
        for _ in range(4):
            rows, leader, current = play.position
            trick = tuple((c.suit_index, int(c.rank)) for c in current)
            start = [list(r) for r in rows]
            for i, c in enumerate(current):
                start[(int(leader) + i) % 4][c.suit_index] |= c.mask
            pbn = "N:" + " ".join(
                ".".join("".join("23456789TJQKA"[b] for b in range(12, -1, -1) if h >> b & 1) for h in hand)
                for hand in start
            )
            strain = int(play.contract.strain)
            want = _endplay_values(pbn, int(leader), strain, trick)
            assert card_values(rows, strain, int(leader), trick) == want
            listed = solve_position(start, Strain(strain), leader, trick)
            assert {(s, r): t for s, r, t in listed} == want
            checked.add(len(trick))
            play.play(rnd.choice(play.legal_cards()))
    assert checked == {0, 1, 2, 3}


def test_bad_positions_are_refused():
    from bridgelab.analysis.dd import card_values

    with pytest.raises(InvalidDeal, match="no card twice"):
        card_values(((1, 0, 0, 0), (1, 0, 0, 0), (4, 0, 0, 0), (8, 0, 0, 0)), 4, 0)
    with pytest.raises(InvalidDeal, match="Zero cards"):
        card_values(((0, 0, 0, 0),) * 4, 4, 0)
