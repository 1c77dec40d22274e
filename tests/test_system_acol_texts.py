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
- OCT2: "Bridge lessons" 2a (Acol), opening with a balanced hand and responses to NT openings
  (answers 1-3; the stored copy ends there), http://octopull.co.uk/bridge-lessons/BL-02a.html;
- VB24, VB8, VB9, VB10: Paul Bowyer, Vu-Bridge V-Blue year one (the Acol edition: a 1NT response
  is 6-9 and a single raise "6-9 points, give or take a little"): edition 24, "End of Year 1
  General Quiz", http://vubridge.com/QM/Users/pabowyer@virginmedia.com/VB_Y1_24.php; edition 8,
  "Limit Raises", https://vubridge.com/quiz/mobiVBY1_8.php; edition 9, "The Response of 1NT to an
  Opening Bid", https://vubridge.com/quiz/mobiVBY1_9.php; edition 10, "Opener's rebid after a 1NT
  response", https://vubridge.com/quiz/mobiVBY1_10.php. The stored copies lost the suit symbols of
  the calls; each row's suit is the one the text's own words fix ("four-card Heart support",
  "four Spades ... 1♠ is a cheaper bid than 1NT", the five-card suit opened);
- WEAK2: "Weak Twos in Three Suits - a form of Acol", a club handout,
  https://docslib.org/doc/9822171 (another copy: nmr.limerick-bridge-congress.com/threeweaktwos,
  which prints the fourth hand's hearts as J96432 and the range as 6-10);
- BAM: bidandmade.com quiz "Opener's rebid - Partner replied with 1NT" (Acol: the 1NT response is
  6-9), http://bidandmade.com/bridge_bid_and_play/quiz_0053_Unbalanced,_Partner_replied_with_1NT.php;
- HTPB: "Opening with 1NT" (Acol, 12-14), examples of hands that open 1NT,
  http://howtoplaybridge.info/opening-with-1nt/ (its third hand prints the spades "Q J 8 9").
- BEDER: Jacqueline Beder's "Lessons in the ACOL System of Contract Bridge", lesson 4 (opening 1NT
  and direct raises), https://docslib.org/doc/1887718/bridge-lessons (the stored copy prints the
  example hands suit by suit across the page; each hand read down has 13 cards and the HCP the
  text gives);
- BDOC: Bridge Doctor, "Beginner Bridge - Acol Lesson 4", responding to partner's opening,
  https://www.bridgedoctor.com/lessons/acol-bridge-lesson-04.htm (the stored copy lost the suit
  symbols; the answers, 1♠ and 2♣, put the opening in diamonds or hearts: the rows use 1♥, and
  test_bridge_doctor_answers_hold_over_either_red_suit checks 1♦ too).

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
OCT2 = "octopull.co.uk/bridge-lessons/BL-02a.html"
VB24 = "vubridge.com/QM/Users/pabowyer@virginmedia.com/VB_Y1_24.php"
VB8 = "vubridge.com/quiz/mobiVBY1_8.php"
VB9 = "vubridge.com/quiz/mobiVBY1_9.php"
VB10 = "vubridge.com/quiz/mobiVBY1_10.php"
WEAK2 = "docslib.org/doc/9822171 (Weak Twos in Three Suits, a form of Acol)"
BAM = "bidandmade.com/bridge_bid_and_play/quiz_0053_Unbalanced,_Partner_replied_with_1NT.php"
HTPB = "howtoplaybridge.info/opening-with-1nt/"
BEDER = "docslib.org/doc/1887718/bridge-lessons (Jacqueline Beder, ACOL lesson 4)"
BDOC = "bridgedoctor.com/lessons/acol-bridge-lesson-04.htm"

HIGHER_OF_FOURS = (
    "Modern Acol (Robson) opens the higher of two four-card suits; acol.toml opens the lower, as "
    "the beginner texts it follows do (its header names the choice)"
)
HCP_ONLY = "the text adds 3 points for the void; acol.toml counts high-card points only"
TWO_NT_OR_SUIT = "the text responds 2NT on 4-4 in the minors; acol.toml bids the cheaper four-card suit first"
MAJOR_BEFORE_CLUBS = (
    "Octopull opens the four-card spade suit before four clubs with a strong balanced hand; acol.toml "
    "opens the lower of two four-card suits (its header names the choice)"
)
SHAPE_POINTS = (
    "the text accepts the limit raise with 13 HCP for the 5-5 shape; acol.toml counts high-card "
    "points only and accepts with more"
)

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
    # ---- Octopull lesson 2a: balanced openings, responses to 1NT ----------------------------------
    ("", "KQ32.J2.A432.QJ2", 13, "=", "1NT", OCT2, "1NT. This is a balanced hand with 13 points", {}),
    ("", "K2.QJ2.J5432.AQ2", 13, "=", "1NT", OCT2, "1NT ... the 5 card suit is a minor", {}),
    ("", "K5432.J2.QJ2.AQ2", 13, "=", "1S", OCT2, "1S. This time the 5 card suit is a major", {}),
    ("", "AKJ2.Q32.A32.K32", 17, "=", "1S", OCT2, "1S ... too strong to open 1NT, too weak for 2NT", {}),
    pytest.param(
        "",
        "KQ32.Q32.A2.AKJ2",
        19,
        "=",
        "1S",
        OCT2,
        "1S (show the 4 card major in preference to clubs)",
        {},
        marks=pytest.mark.xfail(strict=True, reason=MAJOR_BEFORE_CLUBS),
    ),
    ("", "AKQ.QJ2.KQ32.A32", 21, "=", "2NT", OCT2, "2NT. A balanced hand with 21 points", {}),
    ("1NT P", "K432.J2.A432.J32", 9, "=", "Pass", OCT2, "Pass ... at most 23 points", {}),
    ("1NT P", "KJ32.Q2.A432.J32", 11, "=", "2C", OCT2, "2C ... look for a 4-4 fit in the majors", {}),
    (
        "1NT P",
        "KQ32.A432.J2.A32",
        14,
        "=",
        "2C",
        OCT2,
        "2C ... you know your partnership wants to be in game",
        {},
    ),
    # ---- Vu-Bridge V-Blue year one (Paul Bowyer) -------------------------------------------------------
    (
        "",
        "J9753.AKQ86.Q3.J",
        13,
        "=",
        "1S",
        VB24,
        "With a 5-5 shape ... open the higher of the two suits",
        {},
    ),
    ("1S P 2S P", "J9753.AKQ86.Q3.J", 13, "=", "Pass", VB24, "Pass ... Take the plus score", {}),
    pytest.param(
        "1S P 3S P",
        "J9753.AKQ86.Q3.J",
        13,
        "=",
        "4S",
        VB24,
        "4♠. Only 12 points but the attractive shape compensates",
        {},
        marks=pytest.mark.xfail(strict=True, reason=SHAPE_POINTS),
    ),
    ("1H P", "AQT9.7542.T85.A4", 10, "=", "3H", VB24, "3♥ ... a cardinal error to respond 1♠", {}),
    ("1H P", "Q42.AK73.Q764.86", 11, "=", "3H", VB8, "3♥. Just about dead centre for the bid", {}),
    (
        "1H P",
        "T763.J652.A6.JT3",
        6,
        "=",
        "2H",
        VB8,
        "2♥ ... four-card Heart support. Quite wrong to respond 1♠",
        {},
    ),
    ("1H P", "AKQ5.J652.T6.JT3", 11, "=", "3H", VB8, "3♥. The four-card trump support is very important", {}),
    (
        "1H P",
        "Q753.T4.AJ85.853",
        7,
        "=",
        "1S",
        VB9,
        "1♠. Since you have four Spades and 1♠ is cheaper than 1NT",
        {},
    ),
    (
        "1H P",
        "7532.T4.AJ85.Q83",
        7,
        "=",
        "1S",
        VB9,
        "1♠. Even though your Spades are appalling in strength",
        {},
    ),
    ("1H P 1NT P", "AQT.AJ973.Q75.JT", 14, "=", "Pass", VB10, "Pass ... a partnership total of 20-23", {}),
    (
        "1H P 1NT P",
        "AQT.AJ973.Q75.AT",
        17,
        "=",
        "2NT",
        VB10,
        "2NT ... game, while not certain, is still a possibility",
        {},
    ),
    # ---- an Acol weak-twos handout ------------------------------------------------------------------------
    ("", "KQJ975.75.6.9643", 6, "=", "2S", WEAK2, "a good-quality spade suit. Open 2♠", {}),
    (
        "",
        "QT9752.75.64.KT5",
        5,
        "=",
        "2S",
        WEAK2,
        "A minimum in ... suit quality. Open 2♠ non vulnerable",
        {},
    ),
    ("", "KQT.QJ9765.98.J6", 9, "=", "2H", WEAK2, "an adequate suit quality - suitable for 2♥", {}),
    ("", "KQ4.JT6432.Q8.96", 8, "=", "Pass", WEAK2, "Suit quality is too weak - just pass", {}),
    ("", "KQ8632.JT.A8.J63", 11, "!=", "2S", WEAK2, "11 points is too strong [for a weak two]", {}),
    ("", "KQ8632.JT.A8.J63", 11, "=", "1S", WEAK2, "Open 1♠ (with the rule of 20)", {"rule_of_20": True}),
    (
        "2H P",
        "K93.A3.AQ976.763",
        13,
        "=",
        "Pass",
        WEAK2,
        "Partner denies an opening hand, so pass quietly",
        {},
    ),
    # ---- bidandmade.com: opener's rebid after 1♥ - 1NT -------------------------------------------------
    ("1H P 1NT P", "6.QJT64.AJT4.AQ2", 14, "=", "2D", BAM, "2 Diamonds ... choose between the red suits", {}),
    (
        "1H P 1NT P",
        "AK54.QJT32.KT.J2",
        14,
        "=",
        "Pass",
        BAM,
        "pass ... game is not on, since we are shy of 25",
        {},
    ),
    # ---- howtoplaybridge.info: 1NT openings ------------------------------------------------------------
    ("", "KT93.A72.QJ6.K74", 13, "=", "1NT", HTPB, "Example 1 ... 13 HCPs, cards in all four suits", {}),
    ("", "AJ.T942.KQ76.Q85", 12, "=", "1NT", HTPB, "Example 2 ... 12 HCPs and only one doubleton", {}),
    ("", "QJ98.AK76.QJ.J63", 14, "=", "1NT", HTPB, "Example 3 ... 14 HCPs and only one doubleton", {}),
    # ---- Jacqueline Beder, ACOL lesson 4: 1NT openings and direct raises --------------------------
    ("", "KJ76.Q98.K84.A93", 13, "=", "1NT", BEDER, "examples of 1 NT opening hands", {}),
    ("", "J86.AQ3.Q96.KT87", 12, "=", "1NT", BEDER, "examples of 1 NT opening hands", {}),
    ("", "K6.A762.T974.KQ5", 12, "=", "1NT", BEDER, "examples of 1 NT opening hands", {}),
    ("", "A7.KT6.Q73.KJ854", 13, "=", "1NT", BEDER, "5-3-3-2 where the five card suit is a minor", {}),
    ("", "K63.A8.K9642.KT8", 13, "=", "1NT", BEDER, "5-3-3-2 where the five card suit is a minor", {}),
    ("1NT P", "Q62.Q2.Q962.KJ86", 10, "=", "Pass", BEDER, "10+14 = 24 ... not enough for game. Pass", {}),
    ("1NT P", "Q63.Q2.J962.AQ86", 11, "=", "2NT", BEDER, "11+14=25 so raise to 2 NT", {}),
    ("1NT P", "A63.Q2.J962.AQ86", 13, "=", "3NT", BEDER, "13+12 = 25 ... raise to 3 NT", {}),
    # ---- Bridge Doctor, Acol lesson 4: responding to one of a suit -----------------------------------
    ("1H P", "Q982.T2.A65.AT76", 10, "=", "1S", BDOC, "Bid 1♠. Keep the bidding as low as you can", {}),
    ("1H P", "982.T2.A65.QT763", 6, "=", "1NT", BDOC, "1NT is the best bid ... not a very strong hand", {}),
    ("1H P", "Q82.Q2.A65.AT765", 12, "=", "2C", BDOC, "2♣, as you have enough HCP to bid at the 2-level", {}),
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


@pytest.mark.parametrize(
    "pbn,call", [("Q982.T2.A65.AT76", "1S"), ("982.T2.A65.QT763", "1NT"), ("Q82.Q2.A65.AT765", "2C")]
)
def test_bridge_doctor_answers_hold_over_either_red_suit(pbn, call):
    """BDOC's stored copy lost the opening's suit; its answers fit 1♦ or 1♥, and acol.toml gives
    the text's call over both, so the rows do not depend on the guess."""
    for opening in ("1D P", "1H P"):
        assert advise(Hand.from_pbn(pbn), opening, system=ACOL).call == Call.parse(call), opening


def test_the_options_the_texts_need_are_not_the_defaults():
    """R621 (c) and R2894 (iv) need options that acol.toml leaves off by default: a 1NT opening
    with a poor five-card major, and the rule of 20. With the defaults the file bids otherwise."""
    assert advise(Hand.from_pbn("J9742.KJ.AQ2.QT8"), None, system=ACOL).call == Call.parse("1S")
    assert advise(Hand.from_pbn("KJ973.AK874.42.7"), None, system=ACOL).call == Call.parse("Pass")
