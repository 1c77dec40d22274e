"""Duplicate scoring (Law 77), checked against the four source texts, by hand and by property."""

import itertools
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from bridgelab.model.cards import Strain
from bridgelab.model.contract import Contract
from bridgelab.model.errors import BridgeError, ParseError
from bridgelab.rules.scoring import (
    IMP_SCALE,
    MESSAGES,
    PRE_1987_RULES,
    honours_part,
    imps,
    matchpoint_table,
    matchpoints,
    score,
    score_breakdown,
)

BANK = Path(__file__).resolve().parents[1] / "data" / "et_scoring_exercise.json"
STRAINS = ["C", "D", "H", "S", "NT"]
SUITS = ["C", "D", "H", "S"]
MINORS, MAJORS = ["C", "D"], ["H", "S"]


# --------------------------------------------------------------------------------------------
# The Estonian text (000_*): its ten-question exercise, and its worked examples
# --------------------------------------------------------------------------------------------

# The text's answers, transcribed by hand (not computed): exercise -> (below, above) for the
# declaring side, or ("defenders", above) when the contract failed.
ET_ANSWERS = {
    1: (120, 500),  # joone alla 120, joone peale 500 slämipreemiana
    2: ("defenders", 200),  # kaitsjad saavad 200 punkti joone peale
    3: (100, 30),  # joone alla 100, joone peale ületihi eest 30
    4: (40, 20),  # 40 joone alla, ületihi eest 20 joone peale
    5: ("defenders", 100),  # kaitsjad saavad 100 punkti joone peale
    6: (240, 100 + 400),  # joone alla 240 (4x60), joone peale ... 100 ja ületihi eest 400
    7: ("defenders", 300),  # kaitsjad saavad joone peale 300 punkti
    8: (420, 50 + 1500),  # 420 joone alla, joone peale ... 50, pluss 1500 punkti slämmipreemiat
    9: (120, 0),  # 120 punkti joone alla
    10: (100, 40),  # joone alla 100, joone peale kahe ületihi eest 40
}
# The exercise's items as the text gives them (level, vulnerable, doubling, tricks); the suit was lost.
ET_ITEMS = {
    1: (6, False, "", 12),
    2: (3, True, "", 7),
    3: (3, True, "", 10),
    4: (2, False, "", 9),
    5: (4, False, "X", 9),
    6: (2, True, "XX", 9),
    7: (3, False, "X", 7),
    8: (7, True, "X", 13),
    9: (4, True, "", 10),
    10: (5, False, "", 13),
}


@pytest.fixture(scope="module")
def bank():
    return json.loads(BANK.read_text(encoding="utf-8"))


def _recompute(check):
    assert check["scoring"] == "rubber"
    b = score_breakdown(check["contract"], check["tricks"], check["vulnerable"])
    if check["side"] == "defenders":
        assert check["line"] == "above"
        return b.defenders_above_the_line
    return b.below_the_line if check["line"] == "below" else b.above_the_line


def test_bank_format(bank):
    assert bank["format"] == "bridgelab-bank/1"
    assert bank["id"] == "et-scoring-exercise" and bank["language"] == "et"
    assert set(bank["title"]) == {"et", "en"}
    ids = [q["id"] for q in bank["questions"]]
    assert len(ids) == len(set(ids))
    for q in bank["questions"]:
        assert q["topic"] == "rubber-scoring" and q["kind"] == "number" and 1 <= q["level"] <= 3
        assert q["prompt"]["et"] and q["prompt"]["en"] and q["note"]
        assert isinstance(q["answer"], int)


def test_bank_covers_all_ten_exercises(bank):
    numbers = {int(q["id"].rstrip("ab")) for q in bank["questions"]}
    assert numbers == set(range(1, 11))


@pytest.mark.parametrize("n", range(1, 11))
def test_estonian_exercise(bank, n):
    """Each exercise: the bank's answers are the text's, and the engine recomputes them."""
    qs = {q["id"]: q for q in bank["questions"] if q["id"].rstrip("ab") == str(n)}
    level, vul, dbl, tricks = ET_ITEMS[n]
    first = next(iter(qs.values()))["check"]
    c = Contract.parse(first["contract"])
    # the reconstructed contract keeps what the text says: level, doubling, vulnerability, tricks
    assert (c.level, "X" * c.doubled, first["vulnerable"], first["tricks"]) == (level, dbl, vul, tricks)
    expected = ET_ANSWERS[n]
    if expected[0] == "defenders":
        assert set(qs) == {str(n)}
        assert qs[str(n)]["answer"] == expected[1] == _recompute(qs[str(n)]["check"])
    else:
        assert set(qs) == {f"{n}a", f"{n}b"}
        assert qs[f"{n}a"]["answer"] == expected[0] == _recompute(qs[f"{n}a"]["check"])
        assert qs[f"{n}b"]["answer"] == expected[1] == _recompute(qs[f"{n}b"]["check"])


def test_estonian_exercise_summaries():
    assert score_breakdown("6C", 12, False).rubber_summary() == "below 120, above 500"
    assert score_breakdown("3S", 7, True).rubber_summary() == "defenders above 200"
    assert score_breakdown("4H", 10, True).rubber_summary() == "below 120"


@pytest.mark.parametrize(
    "n,suits", [(1, MINORS), (4, MINORS), (6, MAJORS), (8, MAJORS), (9, MAJORS), (10, MINORS)]
)
def test_estonian_lost_suits_are_pinned_by_the_answers(n, suits):
    """Where the answer pins the suit down, only the suits of that kind give the text's figures."""
    level, vul, dbl, tricks = ET_ITEMS[n]
    fits = [
        s
        for s in SUITS
        if score_breakdown(f"{level}{s}{dbl}", tricks, vul).below_the_line == ET_ANSWERS[n][0]
    ]
    assert fits == suits


@pytest.mark.parametrize("vul,points", [(False, 100), (True, 200)])
def test_estonian_undertricks_3nt_two_down(vul, points):
    b = score_breakdown("3NT", 7, vul)
    assert b.undertricks == points and b.total == -points and b.defenders_above_the_line == points


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("vul,points", [(False, 800), (True, 1100)])
def test_estonian_undertricks_three_doubled_four_down(suit, vul, points):
    assert score(f"3{suit}X", 5, vul) == -points


def test_estonian_trick_point_examples():
    # "lepingus 4 võttis 10 tihi - 80 (4x20) punkti joone alla": a minor
    for s in MINORS:
        assert score_breakdown(f"4{s}", 10, False).below_the_line == 80
    # "lepingus 2T võttis 8 tihi - 40 + 30 = 70 joone alla"
    assert score_breakdown("2NT", 8, False).below_the_line == 70


@pytest.mark.parametrize("dbl,mult", [("", 1), ("X", 2), ("XX", 4)])
def test_estonian_table_of_trick_points(dbl, mult):
    """The text's table: minor 20/40/80, major 30/60/120, NT first 40/80/160 then 30/60/120."""
    for s, first, each in [("C", 20, 20), ("D", 20, 20), ("H", 30, 30), ("S", 30, 30), ("NT", 40, 30)]:
        assert score_breakdown(f"1{s}{dbl}", 13, False).trick_score == first * mult
        for level in range(2, 8):
            assert (
                score_breakdown(f"{level}{s}{dbl}", 13, False).trick_score
                == (first + each * (level - 1)) * mult
            )


def test_estonian_game_contracts():
    """3NT (100), 4 of a major (120), 5 of a minor (100) are games; a doubled contract from
    two hearts up, or a redoubled one from one heart up, is game at once."""
    assert [score_breakdown(c, 13, False).trick_score for c in ("3NT", "4H", "4S", "5C", "5D")] == [
        100,
        120,
        120,
        100,
        100,
    ]
    for level, strain in itertools.product(range(1, 8), STRAINS):
        rank = (level - 1) * 5 + STRAINS.index(strain)
        assert (score_breakdown(f"{level}{strain}X", 13, False).game_bonus > 0) == (rank >= 7)  # 2♥ is rank 7
        assert (score_breakdown(f"{level}{strain}XX", 13, False).game_bonus > 0) == (
            rank >= 2
        )  # 1♥ is rank 2


def test_estonian_overtrick_examples():
    # 2 of a minor, 9 tricks: 40 below, 20 above; doubled: 80 below, 100 (overtrick) above;
    # vulnerable doubled: 200 above and the same 80 below.
    for s in MINORS:
        b = score_breakdown(f"2{s}", 9, False)
        assert (b.below_the_line, b.overtricks, b.above_the_line) == (40, 20, 20)
        b = score_breakdown(f"2{s}X", 9, False)
        assert (b.below_the_line, b.overtricks) == (80, 100)
        b = score_breakdown(f"2{s}X", 9, True)
        assert (b.below_the_line, b.overtricks) == (80, 200)
    # 4 of a major doubled, 12 tricks: 240 below; 200 (nv) or 400 (v) above for the two overtricks.
    for s in MAJORS:
        nv, v = score_breakdown(f"4{s}X", 12, False), score_breakdown(f"4{s}X", 12, True)
        assert (nv.below_the_line, nv.overtricks, v.below_the_line, v.overtricks) == (240, 200, 240, 400)
        assert nv.insult == 50  # the text's example leaves out the 50 for making a doubled contract


def test_estonian_slam_examples():
    for s in MINORS:  # "võidetud 6 annab joone alla 120": a minor
        assert [score_breakdown(f"6{s}", 12, v).slam_bonus for v in (False, True)] == [500, 750]
        assert score_breakdown(f"6{s}", 12, False).below_the_line == 120
    for s in MAJORS:  # "7 kirjutate joone alla 210": a major
        assert score_breakdown(f"7{s}", 13, False).below_the_line == 210
        assert [score_breakdown(f"7{s}", 13, v).slam_bonus for v in (False, True)] == [1000, 1500]


# --------------------------------------------------------------------------------------------
# The Serbian (001_*), Czech (002_*) and Malay (004_*) texts
# --------------------------------------------------------------------------------------------


def test_serbian_trick_values_and_bid_tricks_only():
    assert [score_breakdown(f"1{s}", 7, False).trick_score for s in STRAINS] == [20, 20, 30, 30, 40]
    assert score_breakdown("2NT", 8, False).trick_score == 70  # 7th trick 40, each next 30
    # "tri-pik" with 11 tricks: only the three bid tricks below the line, the 10th and 11th above
    b = score_breakdown("3S", 11, False)
    assert (b.below_the_line, b.above_the_line, b.overtricks) == (90, 60, 60)


def test_serbian_example_auction_three_spades_redoubled():
    """3♠ doubled and redoubled: 6+3 = 9 tricks, the points written four times over."""
    c = Contract.parse("3SXX by N")
    assert c.tricks_needed == 9
    assert score_breakdown(c, 9, False).trick_score == 4 * score_breakdown("3S", 9, False).trick_score == 360


def test_serbian_failed_contract_scores_nothing_for_declarer():
    b = score_breakdown("5H", 10, False)
    assert b.below_the_line == 0 and b.above_the_line == 0 and b.defenders_above_the_line == 50


def test_serbian_double_and_redouble_bonuses_are_the_old_rule():
    """The text gives 50 for making a doubled or a redoubled contract: the rule before 1987.
    The current laws give 50 and 100. Overtricks: 100/200 doubled, 200/400 redoubled."""
    old = [score_breakdown(c, 9, False, rules="pre-1987").insult for c in ("3SX", "3SXX")]
    new = [score_breakdown(c, 9, False).insult for c in ("3SX", "3SXX")]
    assert old == [50, 50] and new == [50, 100]
    assert score_breakdown("3SXX", 9, False, rules=PRE_1987_RULES).total == 360 + 300 + 50
    for dbl, nv, v in [("X", 100, 200), ("XX", 200, 400)]:
        assert score_breakdown(f"3S{dbl}", 10, False).overtricks == nv
        assert score_breakdown(f"3S{dbl}", 10, True).overtricks == v


def test_serbian_slams():
    assert [score_breakdown("6H", 12, v).slam_bonus for v in (False, True)] == [500, 750]
    assert [score_breakdown("7H", 13, v).slam_bonus for v in (False, True)] == [1000, 1500]
    b = score_breakdown("6H", 13, False)  # small slam bid, grand slam made
    assert (b.slam_bonus, b.overtricks, b.trick_score) == (500, 30, 180)
    b = score_breakdown("7H", 12, True)  # a failed slam: no penalty beyond the undertrick
    assert (b.slam_bonus, b.total) == (0, -100)


def test_serbian_honours():
    assert honours_part("four", "S").points == 100
    assert honours_part(5, "H").points == 150
    assert honours_part("aces", "NT").points == 150
    with pytest.raises(ParseError, match="no trump"):
        honours_part("aces", "S")
    with pytest.raises(ParseError, match="aces"):
        honours_part("four", "NT")
    with pytest.raises(ParseError):
        honours_part("three", "S")


def test_czech_only_bid_tricks_score_below():
    """Bid six (odd) tricks, take seven: only the six bid are scored as trick points."""
    b = score_breakdown("6H", 13, False)
    assert b.below_the_line == 180 and b.overtricks == 30


def test_malay_summary():
    # trick values; games are exactly the cheapest contracts whose trick score reaches 100
    assert [score_breakdown(f"1{s}", 7, False).trick_score for s in ("C", "D", "H", "S", "NT")] == [
        20,
        20,
        30,
        30,
        40,
    ]
    cheapest_games = [
        next(f"{lvl}{s}" for lvl in range(1, 8) if score_breakdown(f"{lvl}{s}", 13, False).trick_score >= 100)
        for s in ("NT", "H", "S", "C", "D")
    ]
    assert cheapest_games == ["3NT", "4H", "4S", "5C", "5D"]
    # bonuses: 50 part-score, 300 / 500 game, slams 500 / 750 and 1000 / 1500
    assert score_breakdown("2H", 8, True).partscore_bonus == 50
    assert [score_breakdown("4S", 10, v).game_bonus for v in (False, True)] == [300, 500]
    assert [score_breakdown("6NT", 12, v).slam_bonus for v in (False, True)] == [500, 750]
    assert [score_breakdown("7NT", 13, v).slam_bonus for v in (False, True)] == [1000, 1500]
    # undertricks: 50 (100 vulnerable) each; doubled 100, 200, 200, 300... or 200, 300...; redoubled twice
    assert [score("4S", 10 - d, False) for d in (1, 2, 3)] == [-50, -100, -150]
    assert [score("4S", 10 - d, True) for d in (1, 2, 3)] == [-100, -200, -300]
    assert [score("4SX", 10 - d, False) for d in (1, 2, 3, 4, 5)] == [-100, -300, -500, -800, -1100]
    assert [score("4SX", 10 - d, True) for d in (1, 2, 3, 4)] == [-200, -500, -800, -1100]
    assert [score("4SXX", 10 - d, False) for d in (1, 2, 3, 4)] == [-200, -600, -1000, -1600]
    # the 1NT-3NT example: North declares 3NT and takes ten tricks
    assert score("3NT by N", 10, False) == 430


# --------------------------------------------------------------------------------------------
# Well-known scores, checked by hand
# --------------------------------------------------------------------------------------------

KNOWN = [
    ("4S", 10, False, 420),
    ("3NT", 10, True, 630),
    ("1NTX", 7, False, 180),
    ("7NTXX", 13, True, 2980),
    ("6C", 11, True, -100),
    ("1NT", 7, False, 90),
    ("2S", 9, False, 140),
    ("3NT", 9, False, 400),
    ("4H", 10, True, 620),
    ("5D", 11, False, 400),
    ("6NT", 12, True, 1440),
    ("7C", 13, False, 1440),
    ("6H", 12, False, 980),
    ("7D", 13, False, 1440),
    ("2HX", 8, False, 470),
    ("1HXX", 7, False, 520),
    ("4SXX", 10, False, 880),
    ("2CX", 8, False, 180),
    ("5DX", 11, True, 750),
    ("1CX", 13, True, 1340),
    ("4HX", 9, True, -200),
    ("3NTX", 6, False, -500),
    ("4SX", 6, False, -800),
    ("6SX", 0, True, -3500),
    ("7NTXX", 0, True, -7600),
    ("7NTXX", 0, False, -7000),
    ("1NT", 0, False, -350),
    ("2SX", 9, True, 870),
    ("3NTXX", 9, False, 800),
    ("1D", 13, False, 190),
]


@pytest.mark.parametrize("contract,tricks,vul,expected", KNOWN)
def test_known_scores(contract, tricks, vul, expected):
    assert score(contract, tricks, vul) == expected


@pytest.mark.parametrize(
    "contract,tricks,vul,expected",
    [
        ("4SX", 6, False, -700),
        ("3NTXX", 9, False, 750),
        ("7NTXX", 0, False, 2 * (100 + 200 * 12) * -1),
        ("4SX", 6, True, -1100),  # the vulnerable ladder did not change
    ],
)
def test_pre_1987_rules(contract, tricks, vul, expected):
    assert score(contract, tricks, vul, rules="pre-1987") == expected


def test_contract_forms_and_objects():
    assert score("6♥", 12, False) == score("6H", 12, False) == score(Contract(6, Strain.H), 12, False) == 980
    assert score("4SX by N", 8, True) == score("4sx", 8, True) == -500


# --------------------------------------------------------------------------------------------
# Properties over every level, strain, doubling, vulnerability and trick count (2,940 cases)
# --------------------------------------------------------------------------------------------

CASES = list(itertools.product(range(1, 8), STRAINS, (0, 1, 2), (False, True), range(14)))


def _doubled_ladder_total(down, vul, doubled):
    if doubled == 0:
        return down * (100 if vul else 50)
    each = [200] + [300] * 12 if vul else [100, 200, 200] + [300] * 10
    return sum(each[:down]) * (2 if doubled == 2 else 1)


def test_case_count():
    assert len(CASES) == 2940


@pytest.mark.slow  # 2,940 cases, each scored five times: make test runs it, make test-fast not
def test_properties_every_case():
    for level, strain, doubled, vul, tricks in CASES:
        text = f"{level}{strain}{'X' * doubled}"
        b = score_breakdown(text, tricks, vul)
        assert b.total == sum(p.signed for p in b.parts)
        names = [p.part for p in b.parts]
        assert len(names) == len(set(names))
        need = level + 6
        if tricks >= need:
            base = (40 + 30 * (level - 1)) if strain == "NT" else level * (20 if strain in "CD" else 30)
            assert b.trick_score == base * 2**doubled
            # a game bonus exactly when the trick score reaches 100, else the part-score bonus
            assert (b.game_bonus > 0) == (b.trick_score >= 100)
            assert (b.partscore_bonus > 0) == (b.trick_score < 100)
            assert b.game_bonus in (0, 500 if vul else 300) and b.partscore_bonus in (0, 50)
            assert b.slam_bonus == {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
            assert b.insult == (0, 50, 100)[doubled]
            over = tricks - need
            each = (20 if strain in "CD" else 30) if doubled == 0 else (200 if vul else 100) * doubled
            assert b.overtricks == over * each
            assert b.undertricks == 0 and b.total > 0
            assert b.below_the_line == b.trick_score
            assert b.above_the_line == b.total - b.trick_score - b.game_bonus - b.partscore_bonus
        else:
            down = need - tricks
            assert b.total == -b.undertricks == -_doubled_ladder_total(down, vul, doubled)
            assert b.trick_score == b.game_bonus == b.slam_bonus == b.insult == 0
            if doubled == 2:  # redoubled undertricks are twice the doubled ones
                assert b.undertricks == 2 * score_breakdown(f"{level}{strain}X", tricks, vul).undertricks
        # a score never depends on which seat declares
        assert {score(f"{text} by {seat}", tricks, vul) for seat in "NESW"} == {b.total}


def test_doubled_undertrick_ladders():
    nv = [-score("7NTX", 13 - d, False) for d in range(1, 14)]
    v = [-score("7NTX", 13 - d, True) for d in range(1, 14)]
    assert np.diff([0] + nv).tolist() == [100, 200, 200] + [300] * 10
    assert np.diff([0] + v).tolist() == [200] + [300] * 12
    assert [-score("7NTXX", 13 - d, False) for d in range(1, 14)] == [2 * x for x in nv]
    assert [-score("7NTXX", 13 - d, True) for d in range(1, 14)] == [2 * x for x in v]


# --------------------------------------------------------------------------------------------
# The explanation
# --------------------------------------------------------------------------------------------


def test_breakdown_lines_are_built_from_the_numbers():
    b = score_breakdown("3HX", 5, False)
    (part,) = b.parts
    assert part.msgid == "score.undertricks.doubled.nv"
    assert part.args["ladder"] == "100 + 200 + 200 + 300" and part.points == 800
    assert part.text == "Undertricks doubled, not vulnerable: 100 + 200 + 200 + 300 = 800 to the defenders"
    assert b.lines()[0] == "3♥X, 5 tricks, not vulnerable: 4 down"
    assert "-800" in b.lines()[-1]


def test_breakdown_messages_cover_every_line():
    b = score_breakdown("6SXX", 13, True)
    msgs = b.messages()
    assert [MESSAGES[m].format(**a) for m, a in msgs] == b.lines()
    assert [p.part for p in b.parts] == ["trick_score", "game_bonus", "slam_bonus", "insult", "overtricks"]
    for p in b.parts:
        assert str(p.points) in p.text
    assert str(b).splitlines()[0] == "6♠XX, 13 tricks, vulnerable: made (+1)"
    assert (
        str(b).splitlines()[-1].strip()
        == f"Total for the declaring side: {b.total}"
        == "Total for the declaring side: 2470"
    )


def test_breakdown_nt_trick_score_text():
    assert (
        score_breakdown("1NT", 7, False).parts[0].text
        == "Trick score: 40 for the one odd trick at no trump = 40"
    )
    assert score_breakdown("3NTX", 9, False).parts[0].text == (
        "Trick score: 40 for the first odd trick at no trump and 30 for each of the other 2 = 100, doubled (x2) = 200"
    )


def test_breakdown_to_dict_and_html_are_deterministic():
    b = score_breakdown("4SX by N", 8, True)
    d = b.to_dict()
    assert d["total"] == -500 and d["declarer"] == "N" and d["parts"][0]["side"] == "defenders"
    assert json.loads(json.dumps(d)) == d
    assert b._repr_html_() == score_breakdown("4SX by N", 8, True)._repr_html_()
    assert "-500" in b._repr_html_()


@pytest.mark.parametrize(
    "args,match",
    [
        (("4S", 14, False), "0 to 13"),
        (("4S", -1, False), "0 to 13"),
        (("4S", 9.5, False), "0 to 13"),
        (("4S", 10, "yes"), "True or False"),
        (("8S", 10, False), "not a contract"),
        (("4Z", 10, False), "not a contract"),
    ],
)
def test_bad_input(args, match):
    with pytest.raises(ParseError, match=match):
        score(*args)


def test_bad_rules_and_part():
    with pytest.raises(ParseError, match="pre-1987"):
        score("4S", 10, False, rules="1950")
    with pytest.raises(ParseError, match="trick_score"):
        score_breakdown("4S", 10, False).get("honours")
    assert issubclass(ParseError, BridgeError)


# --------------------------------------------------------------------------------------------
# IMPs and matchpoints
# --------------------------------------------------------------------------------------------


def test_imp_scale_boundaries():
    for lo, hi, imp in IMP_SCALE:
        assert imps(lo) == imp and imps(-lo) == -imp
        if hi is not None:
            assert imps(hi) == imp and imps(hi + 10) == imp + 1
    assert [imps(x) for x in (0, 10, 15, 20, 40, 50, 430, 490, 500, 3990, 4000, 9000)] == [
        0,
        0,
        0,
        1,
        1,
        2,
        10,
        10,
        11,
        23,
        24,
        24,
    ]
    assert imps(-620 + 170) == -10  # 4♥ made at one table, 3♥+1 at the other


def test_imps_arrays_and_series():
    assert imps(np.array([-50, 0, 620])).tolist() == [-2, 0, 12]
    s = pd.Series([100, -1500], index=["b1", "b2"])
    out = imps(s)
    assert isinstance(out, pd.Series) and out.to_dict() == {"b1": 3, "b2": -17}
    with pytest.raises(ParseError):
        imps("lots")


def test_matchpoints_with_ties():
    mp = matchpoints([420, 420, 450, -50, 170])
    assert mp.tolist() == [5, 5, 8, 0, 2]
    assert mp.sum() == 5 * 4  # every comparison hands out 2 points
    t = matchpoint_table(pd.Series([620, 620, 620], index=["A", "B", "C"]))
    assert t["matchpoints"].tolist() == [2, 2, 2] and t["percent"].tolist() == [50.0] * 3
    assert t.index.tolist() == ["A", "B", "C"]
    t = matchpoint_table([100, 50])
    assert t["percent"].tolist() == [100.0, 0.0]
    with pytest.raises(ParseError, match="at least two"):
        matchpoints([420])


# --------------------------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------------------------


def test_cli_score(capsys):
    from bridgelab.commands.main import main

    assert main(["score", "4SX", "--tricks", "8", "--vulnerable"]) == 0
    out = capsys.readouterr().out
    assert "200 + 300 = 500" in out and "-500" in out
    assert main(["score", "3NTXX", "--tricks", "9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 800
    assert main(["score", "3NTXX", "--tricks", "9", "--json", "--rules", "pre-1987"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 750
    assert main(["score", "4S", "--tricks", "14"]) == 2
    assert "0 to 13" in capsys.readouterr().err


def test_contracts_in_the_texts_words():
    """Contract.parse reads the texts' words through bridgelab.text.terms: the score is the same."""
    assert score("2 bez trumfů", 8, False) == score("2NT", 8, False) == 120
    assert score("kolm pada", 9, True) == score("3S", 9, True) == 140


def test_docstring_examples():
    import doctest

    import bridgelab.rules.rubber
    import bridgelab.rules.scoring

    for module in (bridgelab.rules.scoring, bridgelab.rules.rubber):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_a_breakdown_in_the_learners_language():
    from bridgelab.rules.scoring import score_breakdown

    cs = score_breakdown("4S", tricks=11, vulnerable=False).text("cs")
    assert "Celkem" in cs and "450" in cs and "Total" not in cs
    assert score_breakdown("4S", tricks=11, vulnerable=False).text() == str(score_breakdown("4S", 11, False))
