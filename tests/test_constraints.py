"""Constraints: every form of the compact language and of Dealer's, the errors, and stacking."""

from __future__ import annotations

import math

import numpy as np
import pytest

import bridgelab.dealing.dealer as dl
from bridgelab import ConstraintError
from bridgelab.dealing.constraints import parse_constraint

Z = 4.75


def chi2_limit(dof: int, z: float = Z) -> float:
    a = 2 / (9 * dof)
    return dof * (1 - a + z * math.sqrt(a)) ** 3


@pytest.fixture(scope="module")
def sample():
    return dl.deal_batch(20_000, seed=77)


def srt(L):
    return -np.sort(-L, axis=-1)


def patterns(L):
    """The pattern of each hand as the books write it ('4-4-3-2'), from the lengths."""
    return np.array(["-".join(map(str, row)) for row in srt(L).reshape(-1, 4)]).reshape(L.shape[:-1])


def bal(L):
    # the definition, not arithmetic: a balanced hand is 4-3-3-3, 4-4-3-2 or 5-3-3-2
    return np.isin(patterns(L), ["4-3-3-3", "4-4-3-2", "5-3-3-2"])


def semi(L):
    # semi-balanced adds 5-4-2-2 and 6-3-2-2 (no singleton or void, no seven-card suit)
    return np.isin(patterns(L), ["4-3-3-3", "4-4-3-2", "5-3-3-2", "5-4-2-2", "6-3-2-2"])


N, E, S, W = 0, 1, 2, 3
SP, HE, DI, CL = 0, 1, 2, 3

# (text, the same condition written out on hcp (n,4) and lengths (n,4,4))
FORMS = [
    ("N: 15-17 balanced", lambda h, L: (h[:, N] >= 15) & (h[:, N] <= 17) & bal(L[:, N])),
    ("N 15-17 hcp, S 5+S", lambda h, L: (h[:, N] >= 15) & (h[:, N] <= 17) & (L[:, S, SP] >= 5)),
    ("S>=5", lambda h, L: L[:, N, SP] >= 5),
    ("E: H<=1", lambda h, L: L[:, E, HE] <= 1),
    ("spades = 4", lambda h, L: L[:, N, SP] == 4),
    ("4333", lambda h, L: np.all(L[:, N] == [4, 3, 3, 3], axis=1)),
    ("any 4432", lambda h, L: np.all(srt(L[:, N]) == [4, 4, 3, 2], axis=1)),
    ("W any 5332", lambda h, L: np.all(srt(L[:, W]) == [5, 3, 3, 2], axis=1)),
    ("4-4-3-2", lambda h, L: np.all(srt(L[:, N]) == [4, 4, 3, 2], axis=1)),
    ("5+M", lambda h, L: (L[:, N, SP] >= 5) | (L[:, N, HE] >= 5)),
    ("S 4+m", lambda h, L: (L[:, S, DI] >= 4) | (L[:, S, CL] >= 4)),
    ("5xx4", lambda h, L: (L[:, N, SP] == 5) & (L[:, N, CL] == 4)),
    ("any 55xx", lambda h, L: np.sum(L[:, N] == 5, axis=1) >= 2),
    ("any 4333 + any 4432 + any 5332", lambda h, L: bal(L[:, N])),
    ("balanced", lambda h, L: bal(L[:, N])),
    ("semi-balanced", lambda h, L: semi(L[:, N])),
    ("unbalanced", lambda h, L: ~bal(L[:, N])),
    ("12+", lambda h, L: h[:, N] >= 12),
    ("E 11", lambda h, L: h[:, E] == 11),
    ("hcp>=15", lambda h, L: h[:, N] >= 15),
    ("S 6-9 points", lambda h, L: (h[:, S] >= 6) & (h[:, S] <= 9)),
    ("5-6♥", lambda h, L: (L[:, N, HE] >= 5) & (L[:, N, HE] <= 6)),
    ("5+ spades", lambda h, L: L[:, N, SP] >= 5),
    ("not balanced and 12+", lambda h, L: ~bal(L[:, N]) & (h[:, N] >= 12)),
    ("N 20+ or S 20+", lambda h, L: (h[:, N] >= 20) | (h[:, S] >= 20)),
    (
        "N 12-14 balanced; S 11+",
        lambda h, L: (h[:, N] >= 12) & (h[:, N] <= 14) & bal(L[:, N]) & (h[:, S] >= 11),
    ),
    (
        "N (5+S or 5+H) and 10-12",
        lambda h, L: ((L[:, N, SP] >= 5) | (L[:, N, HE] >= 5)) & (h[:, N] >= 10) & (h[:, N] <= 12),
    ),
    ("North 4+S; East 0-7; West: 3S", lambda h, L: (L[:, N, SP] >= 4) & (h[:, E] <= 7) & (L[:, W, SP] == 3)),
    ("N 12+ S 5+H", lambda h, L: (h[:, N] >= 12) & (L[:, S, HE] >= 5)),
    ("S S>=5", lambda h, L: L[:, S, SP] >= 5),
    ("N 5+ S, 10+", lambda h, L: (L[:, N, SP] >= 5) & (h[:, N] >= 10)),
    (
        "N balanced, 15-17 S 8+",
        lambda h, L: bal(L[:, N]) & (h[:, N] >= 15) & (h[:, N] <= 17) & (h[:, S] >= 8),
    ),
    # the notation's other forms (bridgelab.text.notation), and seats and suits in words
    ("N: >=15", lambda h, L: h[:, N] >= 15),
    ("E <10", lambda h, L: h[:, E] < 10),
    ("S: >12 balanced", lambda h, L: (h[:, S] > 12) & bal(L[:, S])),  # "S >12" is spades
    ("4=3=3=3", lambda h, L: np.all(L[:, N] == [4, 3, 3, 3], axis=1)),
    ("(4-4)xx", lambda h, L: (L[:, N, SP] == 4) & (L[:, N, HE] == 4)),
    ("W 5-(4-3-1)", lambda h, L: (L[:, W, SP] == 5) & np.all(np.sort(L[:, W, 1:]) == [1, 3, 4], axis=1)),
    ("Süd 5+ ärtu", lambda h, L: L[:, S, HE] >= 5),
    ("sever 12+, 4+ pik", lambda h, L: (h[:, N] >= 12) & (L[:, N, SP] >= 4)),
    ("Timur 6+ keriting", lambda h, L: L[:, E, DI] >= 6),
    # Dealer's language
    (
        "hcp(north) >= 15 && shape(north, any 4333 + any 4432)",
        lambda h, L: (
            (h[:, N] >= 15)
            & (np.all(srt(L[:, N]) == [4, 3, 3, 3], axis=1) | np.all(srt(L[:, N]) == [4, 4, 3, 2], axis=1))
        ),
    ),
    ("spades(south) >= 5 || hearts(west) > 4", lambda h, L: (L[:, S, SP] >= 5) | (L[:, W, HE] > 4)),
    ("hcp(north) + hcp(south) >= 25", lambda h, L: h[:, N] + h[:, S] >= 25),
    ("!(hcp(east) > 10) && clubs(east) == 2", lambda h, L: (h[:, E] <= 10) & (L[:, E, CL] == 2)),
    ("shape(west, any 5xxx - any 55xx)", lambda h, L: np.sum(L[:, W] == 5, axis=1) == 1),
]


@pytest.mark.parametrize("text,written_out", FORMS, ids=[f[0] for f in FORMS])
def test_form_means_what_it_says(text, written_out, sample):
    h, L = sample.hcp.astype(int), sample.shape.astype(int)
    mask = parse_constraint(text)(sample)
    expected = written_out(h, L)
    assert mask.shape == (len(sample),) and mask.dtype == bool
    assert np.array_equal(mask, expected)
    assert 0 < expected.sum() < len(sample)  # the form is neither always nor never true here


@pytest.mark.parametrize("text,written_out", FORMS[::3], ids=[f[0] for f in FORMS[::3]])
def test_dealt_deals_satisfy_the_form(text, written_out):
    batch = dl.deal_batch(300, seed=1, where=text)
    assert len(batch) == 300 and batch.is_valid()
    assert written_out(batch.hcp.astype(int), batch.shape.astype(int)).all()


def test_other_evaluators_and_cards():
    b = dl.deal_batch(3000, seed=5)
    assert np.array_equal(parse_constraint("controls>=4")(b), b.controls[:, 0] >= 4)
    assert np.array_equal(parse_constraint("S 5-7 losers")(b), (b.losers[:, 2] >= 5) & (b.losers[:, 2] <= 7))
    has = parse_constraint("hascard(west, AS)")(b)
    assert np.array_equal(has, (b.holdings[:, 3, 0] & (1 << 12)) != 0)
    suit_hcp = parse_constraint("hcp(north, hearts) >= 4")(b)
    assert np.array_equal(suit_hcp, b.evaluate_suits("hcp")[:, 0, 1] >= 4)
    quick = parse_constraint("quick_tricks(east) >= 2")(b)
    assert np.array_equal(quick, b.quick_tricks[:, 1] >= 2)


def test_callable_where():
    batch = dl.deal_batch(200, seed=3, where=lambda b: (b.hcp[:, 0] + b.hcp[:, 2]) >= 26)
    assert np.all(batch.hcp[:, 0] + batch.hcp[:, 2] >= 26)


@pytest.mark.parametrize(
    "text,where",
    [
        ("N 5+Q", "'Q' (character 5)"),
        ("N: 15-17 blanced", "'blanced'"),
        ("hcp >", "at the end"),
        ("N: 17-15", "is empty"),
        ("hcp(norht) > 3", "'hcp'"),
        ("foo(north) > 1", "'foo'"),
        ("shape(north, 4333", "')'"),
        ("N 15-17 @", "'@'"),
    ],
)
def test_unreadable_constraints_say_where_and_what_is_allowed(text, where):
    with pytest.raises(ConstraintError) as e:
        parse_constraint(text)
    assert where in str(e.value)
    assert "Allowed" in str(e.value) or "use" in str(e.value)


@pytest.mark.parametrize(
    "text,why",
    [
        ("4444", "adds up to 16"),
        ("any 55x4", "adds up to 14"),
        ("N 38+", "no hand can satisfy"),
        ("hcp > 37", "no hand can satisfy"),
        ("N 5+S 5+H 4+D", "no hand can satisfy"),
        ("N 30+ 4+S and 0-1 hcp", "no hand can satisfy"),
    ],
)
def test_impossible_constraints_are_refused_at_once(text, why):
    with pytest.raises(ConstraintError, match=why):
        dl.deal_batch(1, seed=1, where=text)


def test_rare_conditions_stop_after_the_budget():
    with pytest.raises(ConstraintError) as e:
        dl.deal_batch(5, seed=1, where=lambda b: np.zeros(len(b), bool), max_tries=5000)
    msg = str(e.value)
    assert "5,000 deals" in msg and "0 matched" in msg
    # a two-seat condition that stacking cannot draw directly
    with pytest.raises(ConstraintError, match=r"gave up after [\d,]+ deals.*matched"):
        dl.deal_batch(10, seed=1, where="N 30+ or S 30+", max_tries=20_000)


def test_where_function_must_return_a_mask():
    with pytest.raises(ConstraintError, match="bool array"):
        dl.deal_batch(5, seed=1, where=lambda b: b.hcp[:, 0])


def test_bad_where_type():
    with pytest.raises(ConstraintError, match="constraint"):
        dl.deal_batch(5, seed=1, where=42)


# ---- smart stacking --------------------------------------------------------------------------


def test_counts_by_shape_and_hcp_cover_every_hand():
    counts = dl._SeatCounts(dl.Predeal(), 0, dl._hcp_table_for_stacking())
    assert counts.total == math.comb(52, 13)
    # the exact number of 4-3-3-3 hands (with spades the four) of 37 HCP ... 0 HCP is known
    row = [i for i, s in enumerate(dl.SHAPES) if tuple(s) == (4, 3, 3, 3)][0]
    assert counts.weights[row].sum() == math.comb(13, 4) * math.comb(13, 3) ** 3


def test_rare_one_seat_constraint_is_fast_and_right():
    batch = dl.deal_batch(5000, seed=2, where="N 22-24 balanced", max_tries=6000)
    assert batch.is_valid()
    assert np.all((batch.hcp[:, 0] >= 22) & (batch.hcp[:, 0] <= 24) & batch.balanced[:, 0])


def _exact_cells(lo: int, hi: int, shape_ok) -> dict:
    """Exact number of North hands by (pattern, HCP) within lo..hi HCP, independently counted."""
    from bridgelab.model.evaluate import EVALUATORS, LENGTH

    hcp = EVALUATORS["hcp"].table
    per = np.zeros((14, 11), dtype=object)
    for hold in range(8192):
        per[LENGTH[hold], hcp[hold]] += 1
    out = {}
    for shape in dl.SHAPES:
        if not shape_ok(shape):
            continue
        poly = np.array([1], dtype=object)
        for length in shape:
            poly = np.convolve(poly, per[length])
        pattern = "-".join(map(str, sorted(shape, reverse=True)))
        for p in range(lo, hi + 1):
            if p < len(poly) and poly[p]:
                out[(pattern, p)] = out.get((pattern, p), 0) + int(poly[p])
    return out


def test_stacked_hands_have_the_exact_conditional_distribution():
    """N 20-22 balanced, stacked: (pattern, HCP) cells against the exact counts."""
    n = 40_000
    batch = dl.deal_batch(n, seed=8, where="N 20-22 balanced", method="stack")
    exact = _exact_cells(20, 22, lambda s: sorted(s) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]))
    total = sum(exact.values())
    pats = batch.patterns()[:, 0]
    hcp = batch.hcp[:, 0]
    keys = sorted(exact)
    observed = np.array([np.sum((pats == k[0]) & (hcp == k[1])) for k in keys])
    expected = np.array([exact[k] / total * n for k in keys])
    assert observed.sum() == n
    assert (((observed - expected) ** 2 / expected).sum()) < chi2_limit(len(keys) - 1)


def test_stacking_matches_rejection_on_the_other_hands():
    """The rest of the deal: South's HCP and North's aces, stacked vs plain rejection."""
    n = 15_000
    where = "N 15-17 balanced"
    stacked = dl.deal_batch(n, seed=21, where=where, method="stack")
    plain = dl.deal_batch(n, seed=22, where=where, method="reject")
    for values, lo, hi in (
        (lambda b: b.hcp[:, 2], 0, 25),
        (lambda b: b.hcp[:, 1], 0, 25),
        (lambda b: b.controls[:, 0], 0, 12),
        (lambda b: b.shape[:, 0, 0], 2, 5),
    ):
        a = np.bincount(values(stacked), minlength=hi + 1)[lo : hi + 1].astype(float)
        b = np.bincount(values(plain), minlength=hi + 1)[lo : hi + 1].astype(float)
        keep = (a + b) >= 20
        a, b = a[keep], b[keep]
        stat = (((a - b) ** 2) / (a + b)).sum()  # two-sample chi-square, equal sizes
        assert stat < chi2_limit(int(keep.sum()) - 1)


def test_stacking_with_another_seat_condition_still_checks_it():
    batch = dl.deal_batch(500, seed=4, where="N 22-24 balanced; S 5+H", method="stack")
    assert np.all(batch.hcp[:, 0] >= 22) and np.all(batch.shape[:, 2, 1] >= 5)


def test_methods():
    with pytest.raises(ConstraintError, match="method"):
        dl.deal_batch(1, where="N 12+", method="magic")
    with pytest.raises(ConstraintError, match="stack"):
        dl.deal_batch(1, where=lambda b: b.hcp[:, 0] > 5, method="stack")
