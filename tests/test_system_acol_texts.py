"""Acol (system="acol") against example hands from public Acol teaching texts, with their answers.

The hands and the answers are the texts' own (a fact to test, not prose to reuse):

- R621: Andrew Robson, Beginner Corner, "which of these hands should be opened 1NT?"
  https://andrewrobson.co.uk/article/beginner_corner/621
- REX1: Andrew Robson, answer to beginners' exercise 1, "Partner opens 1♣. What would be your
  response?" https://andrewrobson.co.uk/answer_25/answer_to_beginners_exercise1
- R2894: Andrew Robson, Tips for intermediates, "What would you open with these hands?" (Modern
  Acol) https://andrewrobson.co.uk/article/tips_for_intermediates/2894
- VU: Paul Bowyer, Vu-Bridge V-Blue year 1, "Opening 1NT 12-14" (Acol),
  https://vubridge.com/quiz/mobiVBY1_1_Opening1NT(basic)ACOL.php (its diagrams list ♠ ♥ ♦ ♣;
  question 5 is left out: the stored copy lost one of its suits);
- OCT: "Bridge lessons" 3a (Acol), https://octopull.co.uk/bridge-lessons/BL-03a.html (small cards
  are written x there; they are low spot cards here, so the HCP are the text's);
- AKL: Douglas Russell, Auckland Bridge Club, "The opening bid of 1 no trump and responses" (a
  12-14 1NT), https://fr.slideserve.com/hanzila/the-opening-bid-of-1-no-trump-and-responses-douglas-russell-auckland-bridge-club-12-june-2014
  (suits in the order ♠ ♥ ♦ ♣, as its text about the club suit confirms);
- GWENT: Gwent Academy, Acol lesson 4, the weakness take-out,
  https://www.bridgewebs.com/gwentacademy/page66.html

Where a text says only what a hand is not ("not 1NT"), the row checks only that. Where a text and
acol.toml part on purpose, the row is an expected failure that says why, so the difference stays
visible (and the test fails if the file comes to agree without the row being updated). Rows that
need a non-default option of acol.toml say which. Auctions are written from North as dealer.
"""

from __future__ import annotations

import pytest

from bridgelab.model.contract import Call
from bridgelab.model.hand import Hand
from bridgelab.system import advise
from bridgelab.system.engine import get_system

ACOL = get_system("acol")

R621 = "andrewrobson.co.uk/article/beginner_corner/621"
REX1 = "andrewrobson.co.uk/answer_25/answer_to_beginners_exercise1"
R2894 = "andrewrobson.co.uk/article/tips_for_intermediates/2894"
VU = "vubridge.com/quiz/mobiVBY1_1_Opening1NT(basic)ACOL.php"
OCT = "octopull.co.uk/bridge-lessons/BL-03a.html"
AKL = "slideserve.com/hanzila/the-opening-bid-of-1-no-trump-and-responses-douglas-russell-auckland-bridge-club-12-june-2014"
GWENT = "bridgewebs.com/gwentacademy/page66.html"

HIGHER_OF_FOURS = (
    "Modern Acol (Robson) opens the higher of two four-card suits; acol.toml opens the lower, as "
    "the beginner texts it follows do (its header names the choice)"
)
HCP_ONLY = "the text adds 3 points for the void; acol.toml counts high-card points only"
TWO_NT_OR_SUIT = "the text responds 2NT on 4-4 in the minors; acol.toml bids the cheaper four-card suit first"

# (auction, hand, HCP, "=" the call / "!=" not the call, call, source, the text's words, options)
ROWS = [
    ("", "AJ82.J4.A2.Q9732", 12, "!=", "1NT", R621, "(a) is unbalanced - two doubletons", {}),
    ("", "AQ32.JT5.AK6.Q87", 16, "!=", "1NT", R621, "(b) has too many points", {}),
    ("", "J9742.KJ.AQ2.QT8", 13, "=", "1NT", R621, "Only (c) [opens 1NT]", {"nt_with_five_major": True}),
    ("1C P", "Q642.KJ43.93.964", 6, "=", "1H", REX1, "Respond 1♥ - cheaper of fours", {}),
    ("1C P", "A942.Q4.J973.T52", 7, "=", "1D", REX1, "Respond 1♦, cheaper of fours", {}),
    ("1C P", "K52.QJ754.5.9852", 6, "=", "1H", REX1, "Respond 1♥ ... withhold support for a minor", {}),
    ("1C P", "A9852.Q9632.K2.2", 9, "=", "1S", REX1, "Respond 1♠, 'high fives'", {}),
    pytest.param(
        "",
        "32.J984.AQ2.AKJ2",
        15,
        "=",
        "1H",
        R2894,
        "open 1♥, planning to rebid notrumps",
        {},
        marks=pytest.mark.xfail(strict=True, reason=HIGHER_OF_FOURS),
    ),
    ("", "KQ32.Q62.94.AQJ2", 14, "=", "1NT", R2894, "open 1NT (trap!)", {}),
    ("", "A982.QJ43.KQ2.K9", 15, "=", "1H", R2894, "open 1♥, the four ♥ - four ♠ exception", {}),
    (
        "",
        "KJ973.AK874.42.7",
        11,
        "=",
        "1S",
        R2894,
        "five-five ... the higher-ranking rule: 1♠",
        {"rule_of_20": True},
    ),
    ("", "AJ3.K763.Q52.KT9", 13, "=", "1NT", VU, "Yes ... dead centre to open 1NT", {}),
    ("", "AJ3.K763.T52.KT9", 11, "=", "Pass", VU, "No ... only 11. Here, you would Pass", {}),
    ("", "A93.AQ63.QT52.K9", 15, "!=", "1NT", VU, "No ... too many points (there are 15)", {}),
    ("", "A93.A863.JT52.K9", 12, "=", "1NT", VU, "Yes ... the right number of points (12)", {}),
    ("", "A9.AJ63.QT542.K9", 14, "!=", "1NT", VU, "No ... 5-4-2-2 hands count as being unbalanced", {}),
    ("", "AK432.2.Q432.AJ2", 14, "=", "1S", OCT, "1S. This is your longest suit", {}),
    ("", "2.AQ432.KQJ32.32", 12, "=", "1H", OCT, "1H. The higher of two suits of equal length", {}),
    ("", "AK432.32.J.Q5432", 10, "=", "Pass", OCT, "Pass. You only have 10 points", {}),
    ("1H P", "K32.J432.A432.32", 8, "=", "2H", OCT, "2H. You have a fit in hearts", {}),
    pytest.param(
        "1H P",
        "K32.32.AQ32.Q432",
        11,
        "=",
        "2NT",
        OCT,
        "2NT. ... balanced ... and 11 points",
        {},
        marks=pytest.mark.xfail(strict=True, reason=TWO_NT_OR_SUIT),
    ),
    ("1H P", "432.QJ32.32.J432", 4, "=", "Pass", OCT, "Pass ... you don't have the 6 points", {}),
    ("1H P", "K432.32.A32.Q432", 9, "=", "1S", OCT, "1S ... show a 4 card major in preference to 1NT", {}),
    pytest.param(
        "1H P",
        "K32.AJ5432.Q432.-",
        10,
        "=",
        "4H",
        OCT,
        "4H ... you can add 3 for the club void",
        {},
        marks=pytest.mark.xfail(strict=True, reason=HCP_ONLY),
    ),
    ("1H P 2H P", "AKQ.AQJ32.J2.Q32", 19, "=", "4H", OCT, "4H. You have 19 points", {}),
    ("1H P 2H P", "K2.KJ432.AJ32.J2", 13, "=", "Pass", OCT, "Pass. You only have 13 points", {}),
    ("1H P 2H P", "32.KQJ32.AQ2.KQ2", 17, "=", "3H", OCT, "3H ... invites partner to bid game", {}),
    ("1NT P", "A85.K74.T754.Q65", 9, "=", "Pass", AKL, "Responder has 9 points ... Pass", {}),
    ("1NT P", "A64.K32.KT74.A96", 14, "=", "3NT", AKL, "a combined holding of 26-28 ... Bid 3NT", {}),
    (
        "1NT P",
        "AJ5.74.KT7.AJ932",
        13,
        "=",
        "3NT",
        AKL,
        "13 points and a relatively flat hand ... Raise to 3NT",
        {},
    ),
    (
        "1NT P",
        "97.J98653.753.Q6",
        3,
        "=",
        "2H",
        GWENT,
        "you take out your Partner's No Trump bid into 2 Hearts",
        {},
    ),
]


def _id(row):
    values = row.values if hasattr(row, "values") else row
    return f"{values[0] or '-'}|{values[1]}"


@pytest.mark.parametrize("auction,pbn,hcp,rel,call,source,words,options", ROWS, ids=[_id(r) for r in ROWS])
def test_the_acol_text_says(auction, pbn, hcp, rel, call, source, words, options):
    hand = Hand.from_pbn(pbn)
    assert hand.hcp == hcp, f"premise: {pbn} has {hand.hcp} HCP, not {hcp}"
    system = ACOL.with_options(**options) if options else ACOL
    advice = advise(hand, auction or None, system=system)
    assert advice.covered, f"{source}: {words!r}: acol.toml does not cover it"
    if rel == "=":
        assert advice.call == Call.parse(call), f"{source}: {words!r}: the text {call}, acol.toml\n{advice}"
    else:
        assert advice.call != Call.parse(call), f"{source}: {words!r}: the text says not {call}\n{advice}"


def test_the_options_the_texts_need_are_not_the_defaults():
    """R621 (c) and R2894 (iv) need options that acol.toml leaves off by default: a 1NT opening
    with a poor five-card major, and the rule of 20. With the defaults the file bids otherwise."""
    assert advise(Hand.from_pbn("J9742.KJ.AQ2.QT8"), None, system=ACOL).call == Call.parse("1S")
    assert advise(Hand.from_pbn("KJ973.AK874.42.7"), None, system=ACOL).call == Call.parse("Pass")
