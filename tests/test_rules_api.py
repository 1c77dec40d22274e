"""Regressions of the rules and the model's API (issue 19, items 1-8), each against the Laws or a
hand count, and their relatives."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

import bridgelab as bl
from bridgelab.model.cards import Card, Rank, Seat, Strain
from bridgelab.model.contract import PASS, Call, Contract
from bridgelab.model.errors import BridgeError, IllegalCall, ParseError
from bridgelab.rules.auction import Auction

P = PASS


def calls(text):
    return [Call.parse(c) for c in text.split()]


# ---- 1. a dash is a pass, in every position ------------------------------------------------


@pytest.mark.parametrize(
    "text, dealer, want, contract",
    [
        # hand counts: a pass after 1H by each other player ends the auction at 1H by North
        ("1H - - -", "N", "1H P P P", "1H by N"),
        # North opens 1NT, South 2C, North 2H, South 3NT: North named no trump first (Law 53: declarer
        # is the first of the side to name the final strain)
        ("1NT - 2C - 2H - 3NT all pass", "N", "1NT P 2C P 2H P 3NT P P P", "3NT by N"),
        ("- 1H - - -", "N", "P 1H P P P", "1H by E"),  # the dealer's pass is kept
        ("1H \u2013 \u2013 \u2013", "N", "1H P P P", "1H by N"),  # en dashes
        ("1H \u2014 \u2014 \u2014", "W", "1H P P P", "1H by W"),  # em dashes
        ("1H -, -, -", "S", "1H P P P", "1H by S"),
        ("jedan-pik - - -", "N", "1S P P P", "1S by N"),  # a hyphen inside a word is no pass
    ],
)
def test_dashes_are_passes_in_every_position(text, dealer, want, contract):
    a = Auction.parse(text, dealer=dealer)
    assert list(a.calls) == calls(want)
    assert a.is_over and a.contract == Contract.parse(contract)


PASS_FORMS = ["P", "p", "Pass", "PASS", "passes", "NB", "No Bid", "-", "\u2013", "\u2014"]


@pytest.mark.parametrize("form", PASS_FORMS)
def test_every_listed_form_of_pass_reads_as_a_pass_in_every_position(form):
    a = Auction.parse(f"{form} 1H {form} 1S {form} {form} {form}", dealer="E")
    assert list(a.calls) == calls("P 1H P 1S P P P")
    # hand count: E pass, S 1H, W pass, N 1S, then three passes: 1S by North
    assert a.contract == Contract(1, "S", 0, "N")


def _language_pass_words():
    from bridgelab.text.terms import terms

    return [(lang, w) for lang in ("en", "et", "sr", "cs", "ms") for w in terms(lang)["calls"]["pass"]]


@pytest.mark.parametrize("lang, word", _language_pass_words())
def test_each_language_pass_word_in_every_position(lang, word):
    a = Auction.parse(f"{word} 1H {word} {word} {word}", dealer="N", lang=lang)
    assert list(a.calls) == calls("P 1H P P P")
    a = Auction.parse(f"{word}, 1H, -, {word}, \u2013", dealer="N", lang=lang)  # mixed with dashes
    assert list(a.calls) == calls("P 1H P P P")


@pytest.mark.parametrize("text", ["1H -- P", "1H ~ P", "1H- P P P", "1H . P", "1H - x1 -", "1H \u2012\u2012"])
def test_what_cannot_be_read_is_refused_not_skipped(text):
    with pytest.raises(ParseError, match="is not a call"):
        Auction.parse(text, dealer="N")


def test_a_call_with_a_loose_dash_is_not_a_call():
    for text in ("1H - - -", "1H -", "- 1H"):
        with pytest.raises(ParseError):
            Call.parse(text)
    assert Call.parse("\u2013") == PASS and Call.parse("-") == PASS


# ---- 2. a passed-out board scores 0 (Law 77; the deal is passed out, Law 22A) -------------


@pytest.mark.parametrize("result", ["Pass", "passed out", "P", "pass", "All Pass", "-", bl.PASSED_OUT])
def test_passed_out_scores_zero(result):
    assert bl.score(result, 0, False) == 0 and bl.score(result, 0, True) == 0
    b = bl.score_breakdown(result, 0, True)
    assert b.total == 0 and b.parts == () and b.passed_out and not b.made and b.result is None


def test_the_passed_out_auction_s_own_contract_scores_zero():
    a = Auction.parse("P P P P", dealer="S")
    assert a.contract is bl.PASSED_OUT and not a.contract and a.declarer is None
    assert bl.score(a.contract, 0, False) == 0
    assert Auction.parse("P P P", dealer="S").contract is None  # not over: nothing to score
    with pytest.raises(ParseError, match="not over"):
        bl.score(Auction.parse("P P P").contract, 0, False)
    with pytest.raises(ParseError, match="passed-out deal is not played"):
        bl.score("Pass", 7, False)


@pytest.mark.slow
def test_the_score_command_scores_a_passed_out_board():
    out = subprocess.run(
        [sys.executable, "-m", "bridgelab", "score", "Pass", "--json"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["total"] == 0
    out = subprocess.run([sys.executable, "-m", "bridgelab", "score", "4S"], capture_output=True, text=True)
    assert out.returncode == 2 and "--tricks" in out.stderr


def test_matchpoints_and_imps_take_a_passed_out_result():
    # NS results 420, passed out, -50: 420 beats both (4), 0 beats -50 (2), -50 beats none
    assert bl.matchpoints([420, "Pass", -50]).tolist() == [4, 2, 0]
    assert bl.matchpoints([420, bl.PASSED_OUT, -50]).tolist() == [4, 2, 0]
    # a passed-out board against 420 at the other table: a difference of 420 is 9 IMPs on the WBF
    # scale (370-420)
    assert bl.imps(bl.score("Pass", 0, False) - bl.score("4S", 10, False)) == -9


def test_a_rubber_sheet_refuses_a_passed_out_deal_in_words():
    with pytest.raises(BridgeError, match="passed-out deal scores nothing"):
        bl.RubberScoresheet().record("Pass", 0)


def test_play_of_a_passed_out_deal_is_refused_in_words():
    with pytest.raises(ParseError, match="passed-out deal, not a contract"):
        Contract.parse("Pass")


# ---- 3. matchpoints: missing results (Law 78A) and Neuberg ----------------------------------


def test_a_missing_result_earns_nothing_and_counts_in_no_top():
    mp = bl.matchpoints([100, None, 50])
    assert mp[0] == 2 and np.isnan(mp[1]) and mp[2] == 0
    mp = bl.matchpoints([100, float("nan"), 50, 50])
    assert mp[0] == 4 and np.isnan(mp[1]) and mp[2] == 1 and mp[3] == 1
    t = bl.matchpoint_table([100, None, 50])
    assert t["percent"][0] == 100 and t["percent"][2] == 0
    with pytest.raises(ParseError, match="at least two results"):
        bl.matchpoints([100, None])
    with pytest.raises(ParseError):
        bl.matchpoints([100, "lots"])


def test_neuberg_against_published_examples():
    from bridgelab.rules.scoring import neuberg

    # Pilgrim Bridge Club's scoring page (geocities.ws/pilgrimbridgeclub/scoring.html):
    # E=7 expected results, A=6 actual, M=10 (a top) -> (M x E + E - A) / A = 71/6 = 11.8
    six = [500, 420, 400, 170, 140, -100]
    assert neuberg(six + [None], expected=7)[0] == pytest.approx(71 / 6)
    assert round(neuberg(six, expected=7)[0], 1) == 11.8
    # The EBU's Neuberg note (via docslib "The Neuberg Formula" and its summaries): 11 tables,
    # top 20; a sole top among 10 results (18 of 18) is worth 19.9
    ten = list(range(1000, 0, -100))
    assert neuberg(ten, expected=11)[0] == pytest.approx(19.9)
    # the ACBL's half-matchpoint form gives the same: (E/A)(M/2 + 1/2) - 1/2, doubled
    m = bl.matchpoints(six)
    assert np.allclose(neuberg(six, expected=7), 2 * ((7 / 6) * (m / 2 + 0.5) - 0.5))
    # a full board is unchanged; the sum over a board is the full board's (E(E-1))
    full = [400, 420, 50, -100]
    assert neuberg(full).tolist() == bl.matchpoints(full).tolist()
    assert neuberg(six, expected=7).sum() == pytest.approx(6 * (7 - 1))  # A results, mean E - 1
    with pytest.raises(ParseError, match="expected"):
        neuberg(six, expected=5)


# ---- 4. the model's values are always true --------------------------------------------------


def test_every_seat_and_strain_is_true():
    assert all(bool(s) for s in Seat) and all(bool(s) for s in Strain) and all(bool(r) for r in Rank)
    a = Auction.parse("1NT P P P", dealer="N")
    assert a.declarer is Seat.N
    assert a.declarer  # North declares: "if auction.declarer:" is true
    assert Call.bid(1, "C").strain  # clubs is a strain


# ---- 5. one rule for seat letters per language --------------------------------------------


@pytest.mark.parametrize(
    "lang, letters",
    [
        # the languages' own initials (their terms files; Czech: sever, východ, jih, západ; Serbian
        # writes the international N E S W, S being jug, and reads I, J, Z too; Malay: utara, timur,
        # selatan, barat; Estonian: Nord, Ost, Süd, West)
        ("cs", {"S": "N", "V": "E", "J": "S", "Z": "W", "N": "N", "W": "W"}),
        ("sr", {"N": "N", "E": "E", "S": "S", "W": "W", "J": "S", "I": "E", "Z": "W"}),
        ("ms", {"U": "N", "T": "E", "S": "S", "B": "W"}),
        ("et", {"N": "N", "O": "E", "S": "S", "W": "W"}),
        ("en", {"N": "N", "E": "E", "S": "S", "W": "W"}),
    ],
)
def test_seat_letters_follow_the_language_everywhere(lang, letters):
    from bridgelab.quiz.answers import parse_seat as answer_seat
    from bridgelab.text.terms import parse_seat

    for letter, seat in letters.items():
        want = Seat[seat]
        assert parse_seat(letter, lang) is want
        assert Auction(dealer=letter, lang=lang).dealer is want
        assert Auction.parse("1H", dealer=letter, lang=lang).next_seat is want.lho
        assert answer_seat(letter, lang) is want
        a = Auction.parse("1H", dealer="N", lang=lang)
        if want is not Seat.E:
            with pytest.raises(IllegalCall):
                a.check("P", seat=letter)
        else:
            a.check("P", seat=letter)


def test_the_practice_table_and_advice_read_seats_in_the_language():
    from bridgelab.system import PracticeTable, advise

    t = PracticeTable(
        bl.Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"),
        learner="J",
        dealer="S",
        lang="cs",
    )
    assert t.learner is Seat.S and t.auction.dealer is Seat.N
    assert advise("AKQ2.KJ4.A93.T52", seat="S", lang="cs").call == advise("AKQ2.KJ4.A93.T52", seat="N").call


# ---- 6. one convention for the model's constructors ---------------------------------------


def test_constructors_take_what_parse_reads():
    assert Call("bid", 4, "S") == Call.parse("4S") == Call.bid(4, "S")
    assert Call("bid", "4", "NT") == Call.parse("4NT")
    assert Call("Pass") == PASS
    assert Contract(4, "S", 0, "N") == Contract.parse("4S by N") == Contract("4", "S", "", "N")
    assert Contract(3, "NT", "XX") == Contract.parse("3NTXX")
    assert Card("S", "A") == Card.parse("SA") and Card("h", 10) == Card.parse("HT")
    assert Contract(np.int64(4), "S").level == 4 and type(Contract(np.int64(4), "S").level) is int


@pytest.mark.parametrize(
    "make",
    [
        lambda: Call("bid", True, "S"),
        lambda: Call("bid", 4.0, "S"),
        lambda: Call("bid", 8, "S"),
        lambda: Call("bid", 4, None),
        lambda: Call("bid", 4, "Q"),
        lambda: Call("pass", 1, None),
        lambda: Contract(True, "S"),
        lambda: Contract(4, "S", 3),
        lambda: Contract(4, "S", True),
        lambda: Card("N", "A"),
        lambda: Card("S", "Z"),
        lambda: Seat.parse(True),
    ],
)
def test_constructors_refuse_the_rest(make):
    with pytest.raises(ParseError):
        make()


def test_vulnerable_takes_one_and_zero():
    # Law 77: 4S making 10 tricks is 420 not vulnerable, 620 vulnerable
    assert bl.score("4S", 10, 1) == 620 and bl.score("4S", 10, 0) == 420
    assert bl.score("4S", 10, np.int64(1)) == 620 and bl.score("4S", 10, np.bool_(True)) == 620
    for bad in (2, -1, "yes", None, 1.0):
        with pytest.raises(ParseError, match="vulnerable"):
            bl.score("4S", 10, bad)


# ---- 7. claims, a finished play on a scoresheet, honours from the deal, Chicago's option -------

# North holds the top three or four cards of every suit and all four aces
MASTERS = bl.Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432")


def _after_one_trick(contract):
    from bridgelab.rules.play import Play

    p = Play(MASTERS, contract)
    p.play_all("HJ H5 H2 HA")  # East leads; North wins and is on lead
    return p


def test_a_certain_claim_ends_the_play_as_claimed():
    p = _after_one_trick("7NT by N")
    c = p.claim(statement="all high")
    assert (c.seat, c.tricks, c.remaining, c.certain) == (Seat.N, 12, 12, True)
    with pytest.raises(bl.IllegalCard) as e:
        p.play("SA")
    assert e.value.code == "claimed"
    p.accept_claim()
    assert p.is_over and p.declarer_tricks == 13 and p.result == 0
    # Law 77: 7NT not vulnerable, 13 tricks: 40 + 6 x 30 = 220, game 300, grand slam 1000
    assert p.score(False) == 1520


def test_claims_the_rules_cannot_judge_are_left_to_the_caller():
    from bridgelab.rules.play import Play

    p = Play(MASTERS, "1NT by E")  # South leads: East is not on lead
    c = p.claim(7)
    assert c.certain is None
    p.play_on()  # all four agree to play on (Law 68D)
    p.play("S5")
    with pytest.raises(BridgeError, match="finish trick 1"):
        p.claim()
    p.play_all("S2 SA S8")  # West, North, East follow; North wins
    c = p.claim(0, seat="E")  # declarer concedes the rest: a concession cannot fail
    assert c.certain is True and c.remaining == 12
    p.accept_claim()
    assert p.declarer_tricks == 0 and p.defender_tricks == 13 and p.result == -7
    q = _after_one_trick("4S by N")  # declarer draws East's and West's three trumps with four
    assert q.claim().certain is True
    assert _after_one_trick("4S by N").claim(11).certain is None  # fewer than all: not judged


def test_a_defender_whose_partner_could_ruff_his_master_is_not_certain():
    from bridgelab.rules.play import Play

    # East declares 4S; North, a defender, wins the first trick and holds only top cards, four
    # trumps against three and three, but South, his partner, holds trumps to ruff a master with
    p = Play(MASTERS, "4S by E")
    p.play_all("H5 H2 HA HJ")  # South leads (East's left), then West, North, East
    assert p.next_seat is Seat.N and p.claim(seat="N").certain is None


def test_a_finished_play_goes_on_the_scoresheet_with_its_honours():
    p = _after_one_trick("7NT by N")
    p.claim()
    p.accept_claim()
    sheet = bl.RubberScoresheet()
    d = sheet.record(p)
    # hand count: 220 below; grand slam not vulnerable 1000 and four aces in one hand 150 above
    assert d.tricks == 13 and sheet.below("NS") == 0 and sheet.total("NS") == 220 + 1000 + 150
    assert sorted(e.points for e in d.entries) == [150, 220, 1000]


def test_honours_from_the_deal():
    from bridgelab.rules.play import honours_held

    assert honours_held(MASTERS, "NT") == ("aces", Seat.N)
    assert honours_held(MASTERS, "S") == ("four", Seat.N)  # A K Q J of spades; the ten is East's
    assert honours_held(MASTERS, "H") is None  # A K Q only
    five = bl.Deal.from_pbn("N:AKQJT.AK.AKQ.AKQ 98.QJT98.JT9.JT9 765.765.8765.876 432.432.432.5432")
    assert honours_held(five, "S") == ("five", Seat.N)
    sheet = bl.RubberScoresheet()
    sheet.record("4S by N", 10, deal=MASTERS)  # 120 below, 100 honours above
    assert sheet.total("NS") == 220
    with pytest.raises(ParseError, match="the deal shows four"):
        bl.RubberScoresheet().record("4S by N", 10, honours="five", deal=MASTERS)


def test_chicago_with_deals_2_and_3_switched():
    from bridgelab.rules.rubber import ChicagoScoresheet

    std, sw = ChicagoScoresheet("N"), ChicagoScoresheet("N", dealer_vulnerable=False)
    # deal 2 is dealt by East, deal 3 by South
    assert [std.is_vulnerable("NS", n) for n in (1, 2, 3, 4)] == [False, False, True, True]
    assert [sw.is_vulnerable("NS", n) for n in (1, 2, 3, 4)] == [False, True, False, True]
    assert [sw.is_vulnerable("EW", n) for n in (1, 2, 3, 4)] == [False, False, True, True]
    sw.record("2C by N", 8)
    d = sw.record("4S by N", 10)  # deal 2: NS vulnerable in the switched schedule: 500
    assert [e.points for e in d.entries] == [120, 500]
    with pytest.raises(ParseError, match="dealer_vulnerable"):
        ChicagoScoresheet("N", dealer_vulnerable="no")


# ---- 8. caches follow the registries (issue 13, item 5) ------------------------------------


def test_exact_figures_follow_a_point_count_registered_again():
    from math import comb

    from bridgelab import stats
    from bridgelab.model.evaluate import EVALUATORS, unregister_evaluator

    try:
        bl.register_point_count("mine", {"A": 4, "K": 3, "Q": 2, "J": 1})
        assert stats.hand_distribution("mine")["mine"].max() == 37  # the Milton count's top
        assert stats.hand_probability(mine="40+") == 0
        v = EVALUATORS.version_of("mine")
        bl.register_point_count("mine", {"A": 5, "K": 3, "Q": 2, "J": 1})
        assert EVALUATORS.version_of("mine") > v
        # hand count of 40+ (aces 20, kings 12): four queens (8) and any 13th card of the 40 left
        # (40 hands), or three queens (6) and two jacks (2): 4 x 6 = 24 hands; 64 in all
        assert stats.hand_distribution("mine")["mine"].max() == 41
        assert stats.hand_probability(mine="40+") == Fraction(40 + comb(4, 3) * comb(4, 2), comb(52, 13))
        assert stats.hand_probability(mine="41+") == Fraction(4, comb(52, 13))  # the 13th a jack
        # dealing plans follow too: 'mine' now counts aces only
        bl.register_point_count("mine", {"A": 1})
        for d in bl.deals(5, seed=3, where="N mine 3+"):
            assert sum(c.rank == Rank.ACE for c in d["N"].cards) >= 3
    finally:
        if "mine" in EVALUATORS:
            unregister_evaluator("mine")
    assert "mine" not in EVALUATORS
    with pytest.raises(BridgeError, match="no evaluator called 'mine'"):
        stats.hand_distribution("mine")
    with pytest.raises(BridgeError, match="built in"):
        unregister_evaluator("hcp")
    with pytest.raises(BridgeError, match="no evaluator called"):
        unregister_evaluator("mine")


def _fresh(code):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_the_quiz_registry_is_full_when_read_and_imports_register_nothing():
    # read straight after import: the built-in generators and the bidding system's are there
    n, has_system, topics = _fresh(
        "import bridgelab.quiz as q; print(len(q.GENERATORS), 'opening.what_to_open' in q.GENERATORS, "
        "'fit' in q.TOPICS)"
    )
    assert int(n) >= 20 and has_system == "True" and topics == "True"
    # importing the bidding system imports no quiz module and registers nothing
    assert _fresh("import sys, bridgelab.system; print('bridgelab.quiz.core' in sys.modules)") == ["False"]


def test_a_registry_counts_every_change():
    from bridgelab.model.registry import Registry

    loads = []
    r = Registry("R", lambda: (loads.append(1), r.__setitem__("built", 1)))
    r["mine"] = 2  # before the first read: kept, nothing loaded yet
    assert loads == []
    assert dict(r) == {"mine": 2, "built": 1} and loads == [1]
    v = r.version_of("mine")
    r["mine"] = 3
    assert r.version_of("mine") > v and r.version == r.version_of("mine")
    del r["mine"]
    assert "mine" not in r and r.version_of("mine") > v and len(r) == 1 and loads == [1]


def test_a_trick_takes_what_the_parsers_read():
    from bridgelab.rules.play import Trick

    t = Trick("W", ["DT", "D3", "DK", "S2"], "S")
    assert t.leader is Seat.W and t.trump is Strain.S and t.winner is Seat.S  # the ruff wins
    assert Trick(Seat.W, ["DT", "D3"], "NT").trump is None
    for bad in (lambda: Trick("W", "DT D3"), lambda: Trick("W", ["DT", "DT"]), lambda: Trick("X", [])):
        with pytest.raises(ParseError):
            bad()


# ---- structured rulings (issue 13, item 3) --------------------------------------------------


def test_rulings_declare_their_fields_and_are_worded_once_per_language():
    from bridgelab.rules.rulings import RULING_MSGIDS, reword
    from bridgelab.text.i18n import catalog

    with pytest.raises(IllegalCall) as e:
        Auction.parse("1H", dealer="N").check("1D")
    err = e.value
    assert (err.code, err.call, err.last_bid) == ("insufficient", Call.parse("1D"), Call.parse("1H"))
    assert "__dict__" not in type(err).__dict__ and not set(vars(err)) - {
        "code",
        "call",
        "last_bid",
        "legal",
        "facts",
    }
    cs = reword(err, "cs")
    assert (cs.code, cs.call, cs.legal) == (err.code, err.call, err.legal) and "není vyšší" in str(cs)
    for lang in ("en", "et", "sr", "cs", "ms"):  # every ruling has its words in every catalogue
        assert all(catalog(lang).get(m) for m in RULING_MSGIDS), lang
    assert bl.PBNError("x", line=3).line == 3 and bl.PBNError("x").line is None
    with pytest.raises(TypeError):
        IllegalCall("x", "insufficient")  # the fields are keyword-only


def test_advice_out_of_turn_is_the_auction_s_ruling():
    from bridgelab.system import advise

    a = Auction.parse("1H", dealer="N")
    with pytest.raises(IllegalCall, match="^it is East's turn to call, not South's$") as e:
        advise("AKQ2.KJ4.A93.T52", a, seat="S")
    assert e.value.code == "out_of_turn"
