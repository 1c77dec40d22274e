"""Every evaluator on hand-checked holdings, and every table against a direct count."""

import numpy as np
import pytest

import bridgelab as bl
from bridgelab.model.evaluate import EVALUATORS, NHOLDINGS, evaluator, is_balanced, is_semi_balanced
from bridgelab.model.hand import holding_from_text, holding_to_text


def value(name, text):
    return EVALUATORS[name].table[holding_from_text(text)].item()


CHECKED = {
    "hcp": {"": 0, "K": 3, "QJ2": 3, "AKQJ": 10, "T98765432": 0, "AKQJT98765432": 10, "A2": 4},
    "controls": {"": 0, "A": 2, "K": 1, "AKQJ": 3, "KQJ": 1, "AK2": 3, "Q": 0},
    "honour_tricks": {
        "": 0,
        "AK": 2,
        "AKQJ": 2,
        "AQ": 1.5,
        "AQJ": 1.5,
        "A": 1,
        "A2": 1,
        "KQ": 1,
        "KQ2": 1,
        "KJT": 1,
        "KJ9": 0.5,
        "K": 0,
        "K2": 0.5,
        "QJ2": 0.5,
        "QJ": 0,
        "Q32": 0,
        "AJT": 1,
    },
    "quick_tricks": {
        "": 0,
        "AK": 2,
        "AKQJ": 2,
        "AQ": 1.5,
        "A": 1,
        "KQ": 1,
        "KQJ": 1,
        "K2": 0.5,
        "K": 0,
        "QJ2": 0,
        "KJT": 0.5,
        "AJ": 1,
    },
    "losers": {
        "": 0,
        "A": 0,
        "K": 1,
        "2": 1,
        "AK": 0,
        "KQ": 1,
        "Q2": 2,
        "A2": 1,
        "AKQJ": 0,
        "AQ2": 1,
        "KQJ2": 1,
        "Q32": 2,
        "J32": 3,
        "5432": 3,
        "AKQJT98765432": 0,
    },
    "length": {"": 0, "A": 1, "AKQJ": 4, "AKQJT98765432": 13, "T9": 2},
    "length_points": {"": 0, "AKQJ": 0, "AKQJ2": 1, "AKQ5432": 3, "K": 0, "AKQJT98765432": 9},
    "shortness_points": {"": 3, "A": 2, "K2": 1, "AKQ": 0, "AKQJ": 0, "2": 2},
}


@pytest.mark.parametrize(
    "name,text,expected", [(n, t, v) for n, cases in CHECKED.items() for t, v in cases.items()]
)
def test_hand_checked_holdings(name, text, expected):
    assert value(name, text) == expected


# ---- direct counts, written independently of evaluate.py, over all 8,192 holdings ----------


def _direct(name, t):
    n = len(t)
    if name == "hcp":
        return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in t)
    if name == "controls":
        return sum({"A": 2, "K": 1}.get(c, 0) for c in t)
    if name == "length":
        return n
    if name == "losers":
        top = min(n, 3)
        return sum(1 for c in t[:top] if c not in "AKQ"[:top])
    if name == "length_points":
        return max(0, n - 4)
    if name == "shortness_points":
        return {0: 3, 1: 2, 2: 1}.get(n, 0)
    if name == "honour_tricks":
        if t.startswith("AK"):
            return 2
        if t.startswith("AQ"):
            return 1.5
        if t.startswith(("A", "KQ", "KJT")):
            return 1
        if (t.startswith("K") and n >= 2) or (t.startswith("QJ") and n >= 3):
            return 0.5
        return 0
    if name == "quick_tricks":
        if t.startswith("AK"):
            return 2
        if t.startswith("AQ"):
            return 1.5
        if t.startswith(("A", "KQ")):
            return 1
        return 0.5 if t.startswith("K") and n >= 2 else 0
    raise KeyError(name)


@pytest.mark.parametrize("name", sorted(CHECKED))
def test_table_matches_direct_count(name):
    table = EVALUATORS[name].table
    assert table.shape == (NHOLDINGS,)
    direct = np.array([_direct(name, holding_to_text(h)) for h in range(NHOLDINGS)])
    np.testing.assert_array_equal(table, direct)


def test_tables_are_read_only():
    with pytest.raises(ValueError):
        EVALUATORS["hcp"].table[0] = 99


# ---- hands ---------------------------------------------------------------------------------

HANDS = [
    # pbn, hcp, controls, honour tricks, quick tricks, losers, shape, pattern, balanced, semi
    ("AKQ2.KJ4.A93.T52", 17, 6, 3.5, 3.5, 7, (4, 3, 3, 3), "4-3-3-3", True, True),
    ("AKQJT98765432...", 10, 3, 2, 2, 0, (13, 0, 0, 0), "13-0-0-0", False, False),
    ("K.AQ32.KJT54.Q32", 15, 4, 2.5, 2, 6, (1, 4, 5, 3), "5-4-3-1", False, False),
    ("T9.8765.5432.432", 0, 0, 0, 0, 11, (2, 4, 4, 3), "4-4-3-2", True, True),
    ("AK.AK.AKQJ2.5432", 24, 9, 6, 6, 3, (2, 2, 5, 4), "5-4-2-2", False, True),
    ("QJ2.QJ2.QJ2.QJ32", 12, 0, 2, 0, 8, (3, 3, 3, 4), "4-3-3-3", True, True),
]


@pytest.mark.parametrize("row", HANDS, ids=[r[0] for r in HANDS])
def test_hand_evaluations(row):
    pbn, hcp, controls, ht, qt, losers, shape, pattern, bal, semi = row
    h = bl.Hand.from_pbn(pbn)
    assert (h.hcp, h.controls, h.honour_tricks, h.quick_tricks, h.losers) == (hcp, controls, ht, qt, losers)
    assert (h.shape, h.pattern, h.balanced, h.semi_balanced) == (shape, pattern, bal, semi)


def test_length_and_shortness_points_of_a_hand():
    h = bl.Hand.from_pbn("AKQ5432.K2.A432.-")
    assert h.length_points == 3 and h.shortness_points == 3 + 1


def test_balanced_patterns_exactly():
    import itertools

    shapes = {s for s in itertools.product(range(14), repeat=4) if sum(s) == 13}
    patterns = {tuple(sorted(s, reverse=True)) for s in shapes}
    assert len(patterns) == 39
    assert {p for p in patterns if is_balanced(p)} == {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}
    assert {p for p in patterns if is_semi_balanced(p)} == {
        (4, 3, 3, 3),
        (4, 4, 3, 2),
        (5, 3, 3, 2),
        (5, 4, 2, 2),
        (6, 3, 2, 2),
    }
    arr = np.array(sorted(shapes))
    np.testing.assert_array_equal(is_balanced(arr), [is_balanced(tuple(s)) for s in arr])


def test_evaluators_work_on_batches_like_hands():
    rng = np.random.default_rng(5)
    deals = []
    for _ in range(50):
        perm = rng.permutation(52)
        hold = np.zeros((4, 4), dtype=np.uint16)
        for pos, card in enumerate(perm):
            c = bl.Card.from_index(card)
            hold[pos // 13, c.suit_index] |= c.mask
        deals.append(hold)
    batch = np.stack(deals)
    for name in CHECKED:
        values = evaluator(name)(batch)
        assert values.shape == (50, 4)
        expected = [[bl.Deal.from_holdings(d).evaluate(name)[s] for s in bl.SEATS] for d in deals]
        np.testing.assert_array_equal(values, expected)


def test_registered_point_count_works_everywhere():
    ev = bl.register_point_count("four_aces", {"A": 1})
    try:
        h = bl.Hand.from_pbn("AKQ2.KJ4.A93.T52")
        assert h.evaluate("four_aces") == 2
        assert ev.table.dtype == np.int16
        d = bl.Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
        assert d.evaluate("four_aces") == {bl.Seat.N: 2, bl.Seat.E: 2, bl.Seat.S: 0, bl.Seat.W: 0}
        assert bl.EVALUATORS["four_aces"](d.holdings[None]).tolist() == [[2, 2, 0, 0]]
        frac = bl.register_point_count("halves", {"A": 4.5, "T": 0.5})
        assert frac.table.dtype == np.float64
        assert h.evaluate("halves") == 9.5
    finally:
        EVALUATORS.pop("four_aces", None)
        EVALUATORS.pop("halves", None)


def test_evaluator_errors_say_what_is_allowed():
    with pytest.raises(bl.BridgeError, match="known are .*hcp"):
        bl.Hand.from_pbn("AKQ2.KJ4.A93.T52").evaluate("nope")
    with pytest.raises(bl.BridgeError, match="8192 entries"):
        bl.register_evaluator("short", np.zeros(10))
    with pytest.raises(bl.ParseError, match="not a rank"):
        bl.register_point_count("bad", {"Z": 1})


def test_evaluate_suits_shows_each_suit():
    h = bl.Hand.from_pbn("AKQ2.KJ4.A93.T52")
    assert h.evaluate_suits("honour_tricks") == {
        bl.Strain.S: 2.0,
        bl.Strain.H: 0.5,
        bl.Strain.D: 1.0,
        bl.Strain.C: 0.0,
    }


def test_holding_counts_by_length_and_value():
    from math import comb

    from bridgelab.model.evaluate import holding_counts

    counts = holding_counts(EVALUATORS["hcp"].table)
    assert counts.shape == (14, 11)
    assert [int(counts[n].sum()) for n in range(14)] == [comb(13, n) for n in range(14)]
    assert counts[0, 0] == 1 and counts[13, 10] == 1 and counts[1, 4] == 1 and counts[4, 10] == 1
    no_ace = (np.arange(NHOLDINGS) & (1 << 12)) == 0
    assert holding_counts(EVALUATORS["hcp"].table, no_ace)[:, 10].sum() == 0
