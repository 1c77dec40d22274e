"""Exact deal statistics by counting, and seeded studies checked against them."""

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from bridgelab import stats
from bridgelab.analysis.stats import TOTAL_HANDS
from bridgelab.model.errors import BridgeError, ConstraintError, ParseError

# ---- patterns and shapes -------------------------------------------------------------------


def test_pattern_table_has_39_patterns_that_sum_to_one():
    table = stats.pattern_table()
    assert len(table) == 39
    assert int(table["hands"].sum()) == TOTAL_HANDS == 635_013_559_600
    assert table["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    assert int(table["shapes"].sum()) == 560


def test_4432_is_the_most_frequent_pattern_at_21_55_percent():
    table = stats.pattern_table().set_index("pattern")
    assert table.index[0] == "4-4-3-2"
    assert round(table.loc["4-4-3-2", "probability"] * 100, 2) == 21.55
    assert round(table.loc["5-3-3-2", "probability"] * 100, 2) == 15.52
    assert round(table.loc["4-3-3-3", "probability"] * 100, 2) == 10.54
    assert table.loc["4-3-3-3", "shapes"] == 4
    assert table.loc["5-4-3-1", "shapes"] == 24
    assert table.loc["13-0-0-0", "hands"] == 4


def test_every_shape_count_is_a_product_of_binomials():
    table = stats.shape_table()
    assert len(table) == 560
    for s, h, d, c, n in table[["spades", "hearts", "diamonds", "clubs", "hands"]].itertuples(index=False):
        assert n == math.comb(13, s) * math.comb(13, h) * math.comb(13, d) * math.comb(13, c)


# ---- high-card points ------------------------------------------------------------------------


def test_hcp_runs_from_0_to_37_with_mean_10_exactly():
    table = stats.hcp_table()
    assert list(table["hcp"]) == list(range(38))
    hands = [int(x) for x in table["hands"]]
    assert sum(hands) == TOTAL_HANDS
    assert Fraction(sum(v * n for v, n in zip(table["hcp"], hands)), TOTAL_HANDS) == 10


def test_hcp_variance_matches_sampling_without_replacement():
    # Card values: four each of 4, 3, 2, 1 and 36 zeros; a hand is 13 of 52 drawn at random.
    table = stats.hcp_table()
    hands = [int(x) for x in table["hands"]]
    second = Fraction(sum(v * v * n for v, n in zip(table["hcp"], hands)), TOTAL_HANDS)
    card_var = Fraction(4 * (16 + 9 + 4 + 1), 52) - Fraction(10, 13) ** 2
    assert second - 100 == 13 * card_var * Fraction(39, 51)


def test_hcp_extremes_counted_by_hand():
    table = stats.hcp_table().set_index("hcp")
    assert table.loc[0, "hands"] == math.comb(36, 13)  # only the 36 spot cards
    assert table.loc[37, "hands"] == 4  # all honours but one jack
    assert table.loc[36, "hands"] == math.comb(4, 3) * math.comb(4, 2) + 36  # 4A 4K 3Q 2J, or AKQs and a spot


def test_one_notrump_opening_is_4_87_percent():
    p = stats.hand_probability(hcp=(15, 17), pattern="balanced")
    assert isinstance(p, Fraction)
    assert round(float(p) * 100, 2) == 4.87
    assert p == stats.hand_probability(hcp="15-17", pattern="balanced")
    assert p == stats.hand_probability(hcp=range(15, 18), pattern=["4-3-3-3", "4-4-3-2", "5-3-3-2"])
    balanced = stats.hand_distribution("hcp", pattern="balanced").set_index("hcp")
    assert p == Fraction(int(balanced.loc[15:17, "hands"].sum()), TOTAL_HANDS)


def test_hand_probability_pieces_add_up():
    assert stats.hand_probability() == 1
    assert stats.hand_probability(hcp="0+") == 1
    balanced = stats.hand_probability(pattern="balanced")
    table = stats.pattern_table().set_index("pattern")
    assert balanced == Fraction(int(table.loc[["4-3-3-3", "4-4-3-2", "5-3-3-2"], "hands"].sum()), TOTAL_HANDS)
    assert stats.hand_probability(pattern="5=3=3=2") == Fraction(
        math.comb(13, 5) * math.comb(13, 3) ** 2 * math.comb(13, 2), TOTAL_HANDS
    )
    at_least_12 = stats.hand_probability(hcp="12+")
    assert at_least_12 + stats.hand_probability(hcp=(0, 11)) == 1
    assert round(float(at_least_12), 3) == 0.348
    # five or more spades, by a function of the lengths
    five_spades = stats.hand_probability(pattern=lambda shapes: shapes[:, 0] >= 5)
    assert five_spades == sum(
        Fraction(math.comb(13, k) * math.comb(39, 13 - k), TOTAL_HANDS) for k in range(5, 14)
    )


def test_fractional_evaluator_is_exact_too():
    table = stats.hand_distribution("honour_tricks")
    assert table["probability"].sum() == pytest.approx(1)
    assert int(table["hands"].sum()) == TOTAL_HANDS
    assert set(table["honour_tricks"] * 2) <= set(range(0, 17))


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"hcp": (15, 17), "controls": 4}, "one evaluator"),
        ({"pattern": "4-4-4-4"}, "adds up to 16 cards, not 13"),
        ({"pattern": "flat"}, "not a shape"),
        ({"hcp": "lots"}, "not a range"),
        ({"pattern": []}, "at least one"),
    ],
)
def test_hand_probability_rejects_bad_input(kwargs, words):
    with pytest.raises(ConstraintError, match=words):
        stats.hand_probability(**kwargs)


def test_side_hcp_has_mean_20_and_runs_to_40():
    table = stats.side_distribution("hcp")
    assert table["hcp"].iloc[0] == 0 and table["hcp"].iloc[-1] == 40
    total = math.comb(52, 26)
    assert int(table["hands"].sum()) == total
    assert Fraction(sum(int(v) * int(n) for v, n in zip(table["hcp"], table["hands"])), total) == 20
    assert table.set_index("hcp").loc[40, "hands"] == math.comb(36, 10)


# ---- suit splits and partner ----------------------------------------------------------------


def test_five_outstanding_cards_split_3_2_in_67_8_percent():
    table = stats.suit_split(5).set_index("split")
    assert list(table.index) == ["3-2", "4-1", "5-0"]
    assert round(table.loc["3-2", "probability"] * 100, 1) == 67.8
    assert round(table.loc["4-1", "probability"] * 100, 1) == 28.3
    assert round(table.loc["5-0", "probability"] * 100, 1) == 3.9
    assert table["probability"].sum() == pytest.approx(1)
    assert table.loc["3-2", "one_way"] * 2 == pytest.approx(table.loc["3-2", "probability"])
    assert table.loc["3-2", "layouts"] == 20


def test_even_splits_and_four_cards():
    four = stats.suit_split(4).set_index("split")
    assert round(four.loc["2-2", "probability"] * 100, 1) == 40.7
    assert round(four.loc["3-1", "probability"] * 100, 1) == 49.7
    assert four.loc["2-2", "one_way"] == four.loc["2-2", "probability"]
    six = stats.suit_split(6).set_index("split")
    assert round(six.loc["3-3", "probability"] * 100, 1) == 35.5
    assert stats.suit_split(0)["probability"].tolist() == [1.0]
    # late in the play: 2 cards out, 4 unseen (2 each) -> 1-1 two times in three
    assert stats.suit_split(2, unseen=4).set_index("split").loc["1-1", "probability"] == pytest.approx(2 / 3)


@pytest.mark.parametrize("args", [(14,), (-1,), (5, 25), (5, 4), (5, 28)])
def test_suit_split_rejects_impossible_counts(args):
    with pytest.raises(ConstraintError):
        stats.suit_split(*args)


HAND = "AKQ2.KJ4.A93.T52"  # 17 HCP, 4-3-3-3


def test_partner_holds_a_card_one_time_in_three():
    assert stats.partner_holds(HAND, "HA") == Fraction(1, 3)
    assert stats.partner_holds(HAND, "SA") == 0  # it is in your hand
    assert stats.partner_holds(HAND, "HA HQ") == Fraction(13 * 12, 39 * 38)
    assert stats.partner_holds(HAND, ["HA", "HQ"], how="any") == 1 - Fraction(
        math.comb(37, 13), math.comb(39, 13)
    )
    with pytest.raises(ParseError):
        stats.partner_holds(HAND, "H1")
    with pytest.raises(ConstraintError):
        stats.partner_holds(HAND, "HA", how="most")


def test_partner_length_and_fit():
    table = stats.partner_length(HAND, "S")
    assert table["probability"].sum() == pytest.approx(1)
    assert (table["fit"] - table["length"] == 4).all()
    mean = (table["length"] * table["probability"]).sum()
    assert mean == pytest.approx(9 / 3)  # nine spades out, partner holds a third of the unseen cards
    eight_fit = table.set_index("fit").loc[8, "at_least"]
    assert eight_fit == pytest.approx(
        sum(math.comb(9, k) * math.comb(30, 13 - k) for k in range(4, 10)) / math.comb(39, 13)
    )


def test_partner_points_given_17():
    table = stats.partner_distribution(HAND)
    assert int(table["hands"].sum()) == math.comb(39, 13)
    assert (table["hcp"] * table["probability"]).sum() == pytest.approx((40 - 17) / 3)
    assert table["hcp"].max() == 23


# ---- confidence intervals and measures --------------------------------------------------------


def test_wilson_interval_known_values():
    low, high = stats.wilson_interval(50, 100)
    assert (round(float(low), 4), round(float(high), 4)) == (0.4038, 0.5962)
    low, high = stats.wilson_interval(0, 100)
    assert float(low) == 0 and round(float(high), 4) == 0.037
    with pytest.raises(ConstraintError):
        stats.wilson_interval(1, 0)
    with pytest.raises(ConstraintError):
        stats.wilson_interval(1, 10, confidence=95)


@pytest.mark.parametrize(
    "text, name",
    [
        ("N hcp", "N hcp"),
        ("ns hcp", "NS hcp"),
        ("N length H", "N length H"),
        ("NS fit ♠", "NS fit S"),
        ("S pattern", "S pattern"),
        ("W balanced", "W balanced"),
        ("N tricks NT", "N tricks NT"),
    ],
)
def test_measures_read_from_text(text, name):
    assert stats.measure(text).name == name


@pytest.mark.parametrize("text", ["X hcp", "N points", "NS pattern", "N", "", "N length Z", "N fit S"])
def test_bad_measures_are_refused(text):
    with pytest.raises(BridgeError):
        stats.measure(text)


# ---- studies beside the exact figures ----------------------------------------------------------

N_BIG = 300_000
Z = 5.0  # about 150 comparisons: a false alarm at 5 sigma is rarer than 1 in 10,000 runs


@pytest.fixture(scope="module")
def big_study():
    return stats.study(
        ["N hcp", "E pattern", "NS hcp", "NS fit S", "W balanced", "S length C"],
        n=N_BIG,
        seed=2026,
        chunk_size=100_000,
    )


def test_study_is_tidy_and_complete(big_study):
    assert list(big_study.columns) == ["measure", "value", "count", "proportion", "low", "high", "exact"]
    for name, rows in big_study.groupby("measure", sort=False):
        assert rows["count"].sum() == N_BIG, name
        assert rows["exact"].sum() == pytest.approx(1), name
        assert (rows["low"] <= rows["proportion"]).all() and (rows["proportion"] <= rows["high"]).all()
    assert big_study.attrs["n"] == N_BIG


def test_exact_figures_match_a_large_seeded_simulation(big_study):
    p = big_study["exact"].to_numpy(dtype=float)
    sd = np.sqrt(p * (1 - p) / N_BIG)
    err = np.abs(big_study["proportion"].to_numpy() - p)
    worst = big_study.assign(z=err / np.where(sd > 0, sd, 1)).sort_values("z").iloc[-1]
    assert (err <= Z * sd + 1 / N_BIG).all(), worst.to_dict()
    hcp = big_study[big_study["measure"] == "N hcp"]
    mean = (hcp["value"].astype(float) * hcp["proportion"]).sum()
    assert abs(mean - 10) < Z * math.sqrt(17.06 / N_BIG)
    pattern = big_study[big_study["measure"] == "E pattern"].set_index("value")
    assert abs(pattern.loc["4-4-3-2", "proportion"] - 0.2155) < Z * math.sqrt(0.2155 * 0.7845 / N_BIG)


def test_same_seed_same_answer_on_one_or_two_cores():
    args = dict(measures=["N hcp", "NS fit H"], n=6_000, seed=7, chunk_size=1_000)
    one = stats.study(**args, workers=1)
    two = stats.study(**args, workers=2)
    pd.testing.assert_frame_equal(one, two)
    other = stats.study(**{**args, "seed": 8}, workers=1)
    assert not one["count"].equals(other["count"])


def test_chunks_are_seeded_by_spawning():
    s = stats.Study(["N hcp"], n=2_500, seed=3, chunk_size=1_000)
    sizes = [size for size, _ in s.chunks]
    assert sizes == [1_000, 1_000, 500]
    assert [seed.spawn_key for _, seed in s.chunks] == [(0,), (1,), (2,)]
    assert all(seed.entropy == 3 for _, seed in s.chunks)


def test_constrained_study_has_no_exact_column():
    result = stats.study(["N hcp", "N balanced"], n=2_000, seed=11, where="N: 15-17 balanced")
    hcp = result[result["measure"] == "N hcp"]
    assert set(hcp["value"]) <= {15, 16, 17}
    assert hcp["exact"].isna().all()
    bal = result[result["measure"] == "N balanced"].set_index("value")
    assert bal.loc[True, "count"] == 2_000


def test_custom_measure_function():
    aces = stats.Measure("N aces", lambda batch: ((batch.holdings[:, 0] >> 12) & 1).sum(axis=1))
    result = stats.study([aces], n=3_000, seed=5, workers=2, chunk_size=1_500)
    assert set(result["value"]) <= {0, 1, 2, 3, 4}
    assert result["count"].sum() == 3_000
    assert result["exact"].isna().all()


def test_study_rejects_bad_setups():
    with pytest.raises(ConstraintError):
        stats.study([], n=10, seed=1)
    with pytest.raises(ConstraintError):
        stats.study(["N hcp"], n=0, seed=1)
    with pytest.raises(ConstraintError):
        stats.study(["N hcp", "N hcp"], n=10, seed=1)
    with pytest.raises(ConstraintError):
        stats.study(["N hcp"], n=10, seed=-1)


# ---- the command line, the plots, and what importing costs -----------------------------------


def test_stats_command(capsys):
    from bridgelab.commands.main import main

    assert main(["stats", "hand", "--hcp", "15-17", "--pattern", "balanced", "--json"]) == 0
    out = capsys.readouterr().out
    import json

    figure = json.loads(out)
    assert Fraction(figure["numerator"], figure["denominator"]) == stats.hand_probability(
        hcp=(15, 17), pattern="balanced"
    )
    assert main(["stats", "split", "5"]) == 0
    assert "3-2" in capsys.readouterr().out
    assert main(["stats", "hand", "--hcp", "lots"]) == 2
    assert "not a range" in capsys.readouterr().err


def test_plots_return_figures():
    pytest.importorskip("matplotlib")
    from bridgelab import plots

    fig = plots.pattern_frequencies(top=10)
    assert len(fig.axes[0].patches) == 10
    fig = plots.hcp_histogram()
    line = fig.axes[0].lines[0]
    assert list(line.get_xdata()) == list(range(38))
    fake = pd.DataFrame(
        {
            "measure": "N hcp",
            "value": [9, 10],
            "count": [1, 1],
            "proportion": [0.5, 0.5],
            "low": [0.1, 0.1],
            "high": [0.9, 0.9],
            "exact": [0.09, 0.09],
        }
    )
    fig = plots.simulated_vs_exact(fake)
    assert fig.axes[0].get_title() == "North: high-card points"
    assert fig.axes[0].get_xlabel() and fig.axes[0].get_ylabel()
    in_czech = plots.simulated_vs_exact(fake, lang="cs")
    assert in_czech.axes[0].get_title() == "Sever: figurové body (HCP)"
    assert in_czech.axes[0].get_ylabel() == "podíl rozdání"
    with pytest.raises(BridgeError, match="no measure"):
        plots.simulated_vs_exact(fake, "S hcp")


def test_importing_stats_loads_no_plotting_or_cluster_library():
    import subprocess
    import sys

    code = (
        "import sys, bridgelab, bridgelab.analysis.stats; "
        "print(sorted(m for m in ('matplotlib', 'dask', 'distributed', 'endplay') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
