"""Every duplicate score against an independent peer: endplay's scoring (extra "dd")."""

import itertools

import pytest

import bridgelab as bl

endplay_types = pytest.importorskip("endplay.types")


def test_all_2940_scores_agree_with_endplay():
    Contract, Denom, Penalty, Player, Vul = (
        endplay_types.Contract,
        endplay_types.Denom,
        endplay_types.Penalty,
        endplay_types.Player,
        endplay_types.Vul,
    )
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    penalties = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}
    differences = []
    cases = 0
    for level, strain, doubled, vulnerable, tricks in itertools.product(
        range(1, 8), denoms, (0, 1, 2), (False, True), range(14)
    ):
        ours = bl.score(bl.Contract(level, bl.Strain.parse(strain), doubled), tricks, vulnerable)
        peer = Contract(
            level=level,
            denom=denoms[strain],
            declarer=Player.north,
            penalty=penalties[doubled],
            result=tricks - level - 6,
        )
        theirs = peer.score(Vul.ns if vulnerable else Vul.none)
        cases += 1
        if ours != theirs:
            differences.append((level, strain, doubled, vulnerable, tricks, ours, theirs))
    assert cases == 7 * 5 * 3 * 2 * 14 == 2940
    assert differences == []
