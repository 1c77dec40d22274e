"""Acol (system="acol"), a second system as data only, against the EBU's "Standard English Acol,
Foundation Level System File" (Acol with a 12-14 1NT, four-card majors, weak twos).

Each row is a hand written to a rule of the Foundation file and cites its section: [1.1] Opening
1NT, [1.2] Balanced hands with 15-19 HCP, [1.3] Opening 2NT, [1.4] Opening 2♣, [2.1] Opening bids of
one of a suit, [2.2] Raising the opening bid, [2.3] Responding in a new suit, [2.4] Responding in
no trumps, [2.5] Opener's second bid, [2.6] Responder's second bid, [2.10] Pre-emptive openings.
The hands are ours (the file states rules, not numbered example hands); the call is the file's.
Where the file leaves a choice to the partnership (two four-card suits), acol.toml says which it
takes, and the row says so. Each row checks its premise (the HCP), so a typo cannot pass.
"""

from __future__ import annotations

import pytest

from bridgelab.model.contract import Call
from bridgelab.model.hand import Hand
from bridgelab.system import advise
from bridgelab.system.engine import System, SystemFileError, get_system

ACOL = get_system("acol")

TABLE = [
    # [1.1] 1NT 12-14 balanced
    ("", "KQ2.AJ32.Q32.J32", 13, "1NT", "1.1: 12-14 balanced opens 1NT"),
    ("", "KQ2.AJ32.J32.J32", 12, "1NT", "1.1: 12 balanced"),
    ("", "KQ2.AJ32.KJ2.J32", 15, "1H", "1.2: 15-16 balanced opens a suit"),
    ("", "AQ2.AJ32.KJ2.Q32", 17, "1H", "1.2: 17-18 balanced opens a suit"),
    ("", "AQ2.AKJ2.KJ2.Q32", 20, "2NT", "1.3: 2NT 20-22"),
    ("", "AQ2.AKJ2.KQJ.Q32", 22, "2NT", "1.3: 2NT 20-22"),
    ("", "AK2.AKJ2.KQJ.Q32", 23, "2C", "1.4: 23+ opens 2♣"),
    ("", "AKQJ32.AKQ2.K2.2", 22, "1S", "2.1: 22 unbalanced is a one-level opening"),
    ("", "Q32.J32.K432.432", 6, "Pass", "2.1: under 12 passes"),
    # [2.1] one of a suit: the longest suit; the higher of two five-card suits; the lower of fours
    ("", "AK432.KQ432.32.2", 12, "1S", "2.1: the higher of two five-card suits"),
    ("", "AK32.KQ32.K32.32", 15, "1H", "2.1: two four-card suits: the lower (acol.toml's choice)"),
    ("", "AK32.32.KQ32.K32", 15, "1D", "2.1: two four-card suits: the lower"),
    ("", "AK32.32.K32.KQ32", 15, "1C", "2.1: two four-card suits: the lower"),
    ("", "AK32.K32.Q32.Q32", 14, "1NT", "1.1: 4-3-3-3 with 14 is 1NT"),
    ("", "AK32.K32.K32.Q32", 15, "1S", "1.2: 15 balanced, one four-card suit: open it"),
    ("", "2.AK32.KQ32.Q432", 14, "1D", "2.1: 4-4-4-1, singleton spade: 1♦"),
    ("", "AK32.KQ32.Q432.2", 14, "1H", "2.1: 4-4-4-1, singleton club: the middle suit"),
    ("", "AK32.2.KQ32.Q432", 14, "1D", "2.1: 4-4-4-1, singleton heart: the suit below"),
    ("", "AK32.KQ32.2.Q432", 14, "1C", "2.1: 4-4-4-1, singleton diamond: the suit below"),
    ("", "AK32.KQ432.32.32", 12, "1H", "2.1: the longer suit first"),
    ("", "A2.K32.KQ432.K32", 15, "1D", "2.1: a five-card suit (15 is above 1NT)"),
    # [2.10] weak twos and preempts
    ("", "32.KQJ932.432.32", 6, "2H", "2.10.4: weak two 5-9, a decent six-card suit"),
    ("", "KQT932.32.432.32", 5, "2S", "2.10.4: weak two"),
    ("", "AQJ932.K2.432.32", 10, "Pass", "2.10.4: 10 is above the weak two and below an opening"),
    ("", "32.KQJ9432.32.32", 6, "3H", "2.10: three-level preempt, seven cards"),
    ("", "2.KQJ98432.32.32", 6, "4H", "2.10: four-level preempt, eight cards"),
    # [2.2] raises with four-card support
    ("1H P", "K432.Q432.432.32", 5, "Pass", "2.3: under 6 passes"),
    ("1H P", "K32.Q432.5432.J2", 6, "2H", "2.2: single raise 6-9 with four"),
    ("1H P", "K32.Q432.A432.J2", 10, "3H", "2.2: limit raise 10-12 with four"),
    ("1H P", "K32.Q432.A432.A2", 13, "4H", "2.2: game raise"),
    ("1S P", "KJ32.32.Q432.432", 6, "2S", "2.2: single raise"),
    ("1D P", "32.Q32.KJ32.Q432", 8, "2D", "2.2: raise a minor with four"),
    ("1D P", "32.Q32.KJ32.AQ32", 12, "3D", "2.2: limit raise of a minor"),
    # [2.3] new suits
    ("1H P", "KJ32.32.Q432.432", 6, "1S", "2.3: one level, 6+"),
    ("1C P", "K432.Q432.32.J32", 6, "1H", "2.3.1: two four-card suits: the cheaper"),
    ("1C P", "K32.Q32.J432.Q32", 8, "1D", "2.3.1: the cheaper four-card suit"),
    ("1C P", "K432.32.Q432.J32", 6, "1D", "2.3.1: the cheaper four-card suit (diamonds before spades)"),
    ("1C P", "KJ432.Q432.2.J32", 7, "1S", "2.3.1: the longer suit first"),
    ("1S P", "32.KQ432.A32.432", 9, "2H", "2.3: 1♠ - 2♥ shows five hearts, 9+"),
    ("1S P", "32.KQ43.Q432.J32", 8, "1NT", "2.4: 1NT 6-9"),
    ("1S P", "32.K32.Q32.AQ432", 11, "2C", "2.3: two level, 9+"),
    ("1H P", "K32.32.AQ432.J32", 10, "2D", "2.3: two level, 9+"),
    # [2.4] no trumps
    ("1S P", "32.K32.Q5432.J32", 6, "1NT", "2.4: 1NT 6-9"),
    ("1D P", "K32.Q32.K32.Q432", 10, "2C", "2.3: a four-card suit at the two level with 9+"),
    ("1H P", "K32.Q2.KJ32.Q432", 11, "2C", "2.3.1: two four-card suits: the cheaper"),
    ("1S P", "K2.KQ32.AJ32.K32", 16, "2D", "2.3: strong hands bid a new suit first"),
    ("1S P", "K32.KQ32.AJ2.Q32", 15, "3NT", "2.4: 3NT 13-15 balanced"),
    # [1.1] over 1NT
    ("1NT P", "K32.Q32.K432.Q32", 10, "Pass", "1.1: 0-10 balanced passes"),
    ("1NT P", "K32.Q32.K432.K32", 11, "2NT", "1.1: 2NT 11-12"),
    ("1NT P", "K32.Q32.K432.AJ2", 13, "3NT", "1.1: 3NT 13+"),
    ("1NT P", "K432.Q432.K32.K2", 11, "2C", "1.1: Stayman with 11+ and a four-card major"),
    ("1NT P", "32.Q5432.432.432", 2, "2H", "1.1: weak takeout, to play"),
    ("1NT P", "Q5432.32.432.432", 2, "2S", "1.1: weak takeout, to play"),
    ("1NT P", "32.432.Q5432.432", 2, "2D", "1.1: weak takeout, to play"),
    ("1NT P", "K5432.32.AQ2.KJ2", 13, "3S", "1.1: three of a suit: five cards, game force"),
    ("1NT P 2H P", "KQ2.32.KQ32.Q432", 12, "Pass", "1.1: opener passes the weak takeout"),
    ("1NT P 3S P", "K32.J32.AQ32.K32", 13, "4S", "1.1: three-card support: game in the major"),
    ("1NT P 3S P", "K2.QJ2.AQ32.Q432", 14, "3NT", "1.1: two-card support: 3NT"),
    ("1NT P 2C P", "KQ2.K432.K32.Q32", 13, "2H", "1.1: Stayman: four hearts"),
    ("1NT P 2NT P", "KQ2.K432.K32.Q32", 13, "3NT", "1.1: accept with 13-14"),
    ("1NT P 2NT P", "KQ2.K432.K32.J32", 12, "Pass", "1.1: decline with 12"),
    # [1.3] 2NT, [1.4] 2♣
    ("2NT P", "K32.J32.5432.432", 4, "3NT", "1.3: game opposite 20-22"),
    ("2NT P", "K32.432.5432.432", 3, "Pass", "1.3: too weak for game"),
    ("2C P", "32.5432.5432.432", 0, "2D", "1.4: 2♦ negative"),
    ("2C P 2D P", "AK2.AKJ2.KQJ.Q32", 23, "2NT", "1.4: 2♣ then 2NT = 23-24"),
    ("2C P 2D P", "AK2.AKJ2.KQJ.KQ2", 26, "3NT", "1.4: 2♣ then 3NT = 25-27"),
    # [2.5] opener's second bid
    ("1H P 1S P", "K32.AJ32.KQ2.Q32", 15, "1NT", "2.5/1.2: 1NT rebid 15-16"),
    ("1H P 1S P", "K32.AJ32.KQ2.K32", 16, "1NT", "2.5/1.2: 1NT rebid 15-16"),
    ("1H P 1S P", "K32.AJ32.KQ2.AJ2", 18, "2NT", "2.5/1.2: 2NT rebid 17-18"),
    ("1H P 1S P", "K32.AJ32.KQ2.AQ2", 19, "3NT", "2.5/1.2: 3NT rebid with 19"),
    ("1C P 1H P", "A32.K432.K2.Q432", 12, "2H", "2.5: raise partner's major with four"),
    ("1D P 1S P", "A2.AQ32.AKJ32.32", 18, "2H", "2.5: a reverse shows 16+"),
    ("1H P 1S P", "A2.AQJ932.K32.32", 14, "2H", "2.5: rebid a six-card suit"),
    ("1S P 2S P", "AKQ32.AK2.K32.32", 19, "4S", "2.5: game opposite a single raise"),
    ("1S P 2S P", "AKJ32.K32.Q32.32", 13, "Pass", "2.5: minimum: pass"),
    # [2.6] responder's second bid
    ("1C P 1H P 1NT P", "K32.AJ32.Q32.J32", 11, "3NT", "2.6: game opposite 15-16"),
    ("1C P 1H P 1NT P", "K32.QJ32.Q32.J32", 9, "2NT", "2.6: invite opposite 15-16"),
    ("1C P 1H P 1NT P", "K32.QJ32.432.432", 6, "Pass", "2.6: no game opposite 15-16"),
]


@pytest.mark.parametrize("auction,pbn,hcp,call,section", TABLE, ids=[f"{r[0] or '-'}|{r[1]}" for r in TABLE])
def test_acol_call(auction, pbn, hcp, call, section):
    hand = Hand.from_pbn(pbn)
    assert hand.hcp == hcp, f"premise: {pbn} has {hand.hcp} HCP, not {hcp}"
    advice = advise(hand, auction or None, system="acol")
    assert advice.covered, f"{section}: not covered"
    assert advice.call == Call.parse(call), f"{section}: the file says {call}, the system\n{advice}"


def test_at_least_sixty_hands_cited():
    assert len(TABLE) >= 60 and all(r[4] for r in TABLE)


def test_acol_is_data_and_selectable_everywhere():
    assert ACOL.path.name == "acol.toml" and ACOL.options["nt_range"] == "12-14"
    assert "Acol" in ACOL.name and "Foundation" in ACOL.source
    # same engine: a System loaded from the file is the same system
    assert [r.name for r in System.load(ACOL.path).rules] == [r.name for r in ACOL.rules]
    with pytest.raises(SystemFileError, match="not a bidding system"):
        get_system("precision")


def test_acol_and_sayc_differ_where_the_texts_do():
    nt = Hand.from_pbn("KQ2.AJ32.Q32.J32")  # 13 balanced
    assert advise(nt, system="acol").call == Call.parse("1NT")
    assert advise(nt).call == Call.parse("1C")
    four = Hand.from_pbn("AK32.K32.K32.Q32")  # 15, four spades
    assert advise(four, system="acol").call == Call.parse("1S")
    assert advise(four).call == Call.parse("1NT")
