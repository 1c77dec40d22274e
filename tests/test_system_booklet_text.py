"""The beginner SAYC against the booklet's own words, and the file's record of what was checked.

Every row below quotes, briefly, the sentence of the ACBL SAYC System Booklet that decides the
call, from the copies of its text that could be reached (a quote is a fact to test, not prose to
reuse):

- GA: the booklet's first page, GENERAL APPROACH (copies of the January 2006 booklet at
  http://www.papercamp.com/essay/21747/Sayc and
  https://www.yumpu.com/en/document/view/6117582/acbl-sayc-system-booklet-american-contract-bridge-league);
- 3.x, 4.x, 7.x: the booklet's sections as transcribed page by page at
  http://www.bidandlead.com/files/samples/SAYC03.htm, SAYC04.htm and SAYC07.htm.

The hands were made for the sentence (each row checks its own HCP); where the booklet says
"points", HCP are used, as in sayc.toml. Auctions are written from North as dealer; the hand is
that of the player to call next.
"""

from __future__ import annotations

import re
import tomllib

import pytest

from bridgelab.model.contract import Call
from bridgelab.model.hand import Hand
from bridgelab.system.advice import advise
from bridgelab.system.engine import DEFAULT_PATH, System, SystemFileError

GA = "papercamp.com/essay/21747/Sayc"
P3 = "bidandlead.com/files/samples/SAYC03.htm"
P4 = "bidandlead.com/files/samples/SAYC04.htm"
P7 = "bidandlead.com/files/samples/SAYC07.htm"

# (auction, hand, HCP, the booklet's call, where, the booklet's words)
ROWS = [
    # ---- GENERAL APPROACH ------------------------------------------------------------------------
    ("", "K2.Q32.AKJ32.Q32", 15, "1NT", GA, "may be made with ... a five-card minor suit; 1NT = 15-17"),
    ("", "2.AKJ32.KQJ32.32", 14, "1H", GA, "Open the higher of long suits of equal length: 5-5"),
    ("", "AKJ432.2.KQ5432.-", 13, "1S", GA, "Open the higher of long suits of equal length: ... 6-6"),
    ("", "AJ2.K2.Q432.K432", 13, "1D", GA, "Normally open 1♦ with 4-4 in the minors"),
    ("", "AJ32.K32.Q32.K32", 13, "1C", GA, "Normally open 1♣ with 3-3 in the minors"),
    ("", "AK2.AQ2.KJ32.K32", 20, "2NT", GA, "2NT = 20-21"),
    ("", "AK2.AQ2.KQJ2.AK2", 26, "3NT", GA, "3NT = 25-27"),
    # ---- 7.1 the 1♦ opening ------------------------------------------------------------------------
    (
        "",
        "AJ32.KQ32.K32.32",
        13,
        "1D",
        P7,
        "4-4-3-2 shape: four spades, four hearts, three diamonds ... opened 1♦",
    ),
    # ---- 4.3 responses to 1♥ / 1♠ ----------------------------------------------------------------
    ("1H P", "KJ32.32.Q432.432", 6, "1S", P4, "1♥ - 1♠ = at least four spades, 6 or more points"),
    ("1H P", "K32.32.AQ432.J32", 10, "1NT", P4, "1NT = 6-10 points ... NOT forcing"),
    (
        "1H P",
        "K32.32.AQ432.Q32",
        11,
        "2D",
        P4,
        "2♣, 2♦ = 11 points or more, promises at least four of the suit",
    ),
    ("1S P", "32.K32.Q32.AQ432", 11, "2C", P4, "2♣, 2♦ = 11 points or more"),
    ("1S P", "32.K32.J32.AQ432", 10, "1NT", P4, "1NT = 6-10 points (2♣ needs 11 or more)"),
    ("1H P", "Q32.K32.J432.Q32", 8, "2H", P4, "2♥ = three-card or longer heart support, 6-10 dummy points"),
    (
        "1H P",
        "K32.Q32.AJ32.Q32",
        12,
        "3H",
        P4,
        "3♥ = limit raise (10-12 dummy points with three or more hearts)",
    ),
    ("1H P", "A32.KQ32.K432.Q2", 14, "2NT", P4, "2NT = Game-forcing raise (Jacoby 2NT), 13+ dummy points"),
    ("1S P", "K2.AQ32.KJ32.Q32", 15, "3NT", P4, "3NT = 15-17 HCP, balanced hand with two-card support"),
    (
        "1H P",
        "2.QJ432.K5432.32",
        6,
        "4H",
        P4,
        "4♥ = usually 5+ hearts, a singleton or void, and fewer than 10 HCP",
    ),
    # ---- 4.2 2NT and 3NT openings ------------------------------------------------------------------
    ("2NT P", "Q432.K32.432.J32", 6, "3C", P4, "2NT -- 3♣ = Stayman"),
    ("2NT P", "32.QJ432.J32.432", 4, "3D", P4, "3♦, 3♥ = Jacoby transfers to hearts and spades"),
    ("2NT P", "K32.Q32.KJ32.Q32", 11, "4NT", P4, "4NT = inviting a slam in notrump"),
    ("3NT P", "32.QJ8432.432.32", 3, "4D", P4, "3NT -- 4♦, 4♥ = Jacoby transfers"),
    ("3NT P 4H P", "AK2.AQ2.KQJ2.AK2", 26, "4S", P4, "3NT -- 4♥ = Jacoby transfer (to spades)"),
    # ---- 3.1-3.3 after a transfer, 2♠, other responses to 1NT ---------------------------------------
    ("1NT P 2H P 2S P", "KJ8765.K2.Q32.32", 9, "3S", P3, "2NT, 3♠ = invitational"),
    ("1NT P 2H P 2S P", "KJ876.K32.Q32.K2", 12, "3NT", P3, "3NT = asking for a choice between 3NT and 4♠"),
    ("1NT P 2H P 2S P", "QJ8765.32.432.32", 3, "Pass", P3, "Pass = content to play 2♠"),
    (
        "1NT P 2H P 2S P",
        "KQJ8765.K2.Q2.32",
        11,
        "4S",
        P3,
        "4♠ = placing the contract, with a six-card or longer suit",
    ),
    (
        "1NT P 2H P 2S P 3NT P",
        "K32.AQ2.KJ32.Q32",
        15,
        "4S",
        P3,
        "3NT = asking for a choice between 3NT and 4♠",
    ),
    ("1NT P 2H P 2S P 2NT P", "K32.AQ2.KQ32.K32", 17, "4S", P3, "over 2NT ... bid 3NT or 4♠ with a maximum"),
    (
        "1NT P 2H P 2S P 2NT P",
        "K32.AQ2.K432.K32",
        15,
        "3S",
        P3,
        "over 2NT opener can pass or return to 3♠ with a minimum",
    ),
    ("1NT P 2S P", "K32.AQ2.K432.K32", 15, "3C", P3, "A 2♠ response requires the 1NT bidder to rebid 3♣"),
    ("1NT P 2S P 3C P", "32.2.Q98765.J432", 3, "3D", P3, "responder can rebid 3♦ with a diamond bust"),
    ("1NT P 2S P 3C P", "32.2.J432.Q98765", 3, "Pass", P3, "3♣ ... can be passed with a club bust"),
    ("1NT P 2S P 3C P 3D P", "K32.AQ2.K432.K32", 15, "Pass", P3, "3♦ = diamond bust (notrump opener passes)"),
    (
        "1NT P",
        "32.K32.KJ.Q98765",
        9,
        "3C",
        P3,
        "1NT -- 3♣, 3♦ = invitational to 3NT with a six-card or longer suit",
    ),
    # ---- 4.1 interference over 1NT ---------------------------------------------------------------
    (
        "1NT 2H",
        "KQ2.K2.A432.5432",
        12,
        "3NT",
        P4,
        "If the opponents BID ... Stayman and transfers are off. Bids are natural",
    ),
    # ---- 7.2 responses to 1♣ / 1♦ -----------------------------------------------------------------
    ("1D P", "K32.Q32.J432.Q32", 8, "2D", P7, "Responder needs more trumps to raise (4 to raise 1♦ ...)"),
    ("1C P", "K32.Q32.J32.Q432", 8, "1NT", P7, "(... 5 to raise 1♣)"),
    ("1C P", "K432.Q432.32.J32", 6, "1H", P7, "Bidding at the one level is up-the-line in principle"),
    ("1C P", "KQ2.KJ2.Q32.K432", 14, "2NT", P7, "1♣ -- 2NT = 13-15, game forcing"),
    ("1C P", "KQ2.KJ2.Q32.AJ32", 16, "3NT", P7, "1♣ -- 3NT = 16-17"),
    (
        "1D P",
        "32.K32.Q32.AQ432",
        11,
        "2C",
        P7,
        "Responses ... follow the ideas set down in the previous section (11+)",
    ),
    # ---- 7.3-7.4 the 2♣ opening --------------------------------------------------------------------
    ("", "AKQJ32.AKQ2.K2.2", 22, "2C", P7, "A 2♣ opening shows at least 22+ points"),
    (
        "2C P",
        "32.J5432.A32.K32",
        8,
        "2H",
        P7,
        "2♥ ... = Natural and game forcing. At least a five-card suit and 8 points",
    ),
    ("2C P", "32.J5432.K32.K32", 7, "2D", P7, "2♦ = Artificial, could be waiting"),
    ("2C P", "K32.Q32.Q432.J32", 8, "2NT", P7, "2NT = A balanced 8 HCP"),
    (
        "2C P 2D P",
        "AK2.AQJ2.KQ2.K32",
        22,
        "2NT",
        P7,
        "opener rebids 2NT after a 2♦ response (showing 22-24 points)",
    ),
    (
        "2C P 2D P 2NT P",
        "Q432.K32.432.432",
        5,
        "3C",
        P7,
        "2NT -- 3♣ = Stayman (the same responses as over 2NT)",
    ),
    ("2C P 2D P 2NT P", "32.QJ432.J32.432", 4, "3D", P7, "3♦, 3♥ = Jacoby transfers to hearts and spades"),
    ("2C P 2D P 2NT P", "K32.Q32.KJ32.J32", 10, "4NT", P7, "4NT = Inviting a slam in notrump"),
    (
        "2C P 2D P 2NT P 3C P",
        "AK2.AQJ2.KQ2.K32",
        22,
        "3H",
        P7,
        "2NT -- 3♣ = Stayman: opener shows a four-card major",
    ),
]


@pytest.mark.parametrize(
    "auction,pbn,hcp,call,where,words", ROWS, ids=[f"{r[0] or '-'}|{r[1]}" for r in ROWS]
)
def test_the_booklet_says(auction, pbn, hcp, call, where, words):
    hand = Hand.from_pbn(pbn)
    assert hand.hcp == hcp, f"premise: {pbn} has {hand.hcp} HCP, not {hcp}"
    advice = advise(hand, auction or None)
    assert advice.covered, f"{where}: {words!r}: the system does not cover it"
    assert advice.call == Call.parse(call), f"{where}: {words!r}: booklet {call}, system says\n{advice}"


def test_a_suit_rebid_after_2c_2d_does_not_promise_game():
    """7.4: "If opener rebids a suit over a 2♦ response, the bidding is forcing to 3 of opener's
    major or 4 of opener's minor ... 2♣-2♦-2♥-2♠-3♥ = not forcing" (bidandlead SAYC07)."""
    advice = advise(Hand.from_pbn("AKQJ32.AKQ2.K2.2"), "2C P 2D P")
    assert advice.call == Call.parse("2S")
    promise = advice.rule.promises()
    assert "game" not in promise.replace("not to game", ""), promise
    assert "three of the major" in promise


# ---- the file's own record of what was checked ---------------------------------------------------

SOURCES = ("papercamp.com/essay/21747/Sayc", P3, P4, P7)
CITED = re.compile(r'^name = "([^"]+)"\s*#\s*\[(GA|NT|2NT|MAJ|MIN|2C|W2|PRE|OC|DBL|NTO)\]', re.M)

# What could not be checked against the booklet's own text (the report lists the same).
UNCHECKED = {
    "four-level preempt",
    "3-level preempt",
    "weak 2♠",
    "2♥ over 1♠",
    "4NT quantitative",
    "transfer to spades",
    "transfer to hearts",
    "Stayman",
    "2NT feature ask",
    "preemptive jump to game",
    "raise of a weak two",
    "Jacoby 2NT: shortness",
    "Jacoby 2NT: strong",
    "Jacoby 2NT: medium",
    "Jacoby 2NT: minimum",
    "super-accept the transfer to hearts",
    "accept the quantitative 4NT",
    "minimum after the feature ask",
    "show a feature",
    "1NT overcall",
    "double with a strong hand",
    "weak jump overcall",
    "one-level overcall",
    "takeout double",
    "two-level overcall",
    "penalty double of 1NT",
    "cue bid raise",
    "jump raise of the overcall",
    "game in a major after partner's double",
    "negative double",
    "jump raise over the double",
}


def _rules():
    return System.load().rules


def test_every_rule_that_cites_the_booklet_says_whether_it_was_checked():
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    cited = set(CITED.findall(text))
    assert len(cited) >= 60
    by_name = {}
    for r in _rules():
        by_name.setdefault(r.name, []).append(r)
    missing = sorted(name for name, _ in cited if any(r.checked is None for r in by_name.get(name, [None])))
    assert not missing, f"cited but not marked checked = true/false: {missing}"


def test_checked_rules_name_the_text_they_were_checked_against():
    rules = [r for r in _rules() if r.checked is not None]
    for r in rules:
        assert r.source, r.name
        if r.checked:
            assert any(s in r.source for s in SOURCES), (r.name, r.source)
        else:
            assert r.source.startswith("not checked") or "not in that text" in r.source, (r.name, r.source)
    assert {r.name for r in rules if r.checked is False} == UNCHECKED
    assert sum(r.checked is True for r in rules) >= 60


def test_checked_must_be_true_or_false():
    data = tomllib.loads('[[opening]]\nname = "x"\ncall = "1S"\nchecked = "yes"\n')
    with pytest.raises(SystemFileError, match="checked is 'yes'; write true or false"):
        System(data)
