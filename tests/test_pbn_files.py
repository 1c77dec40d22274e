"""Reading files as players keep them and writing them back as they were (issue 17 items 3-5),
numbers and tables that used to fail or be written wrong (issue 19 items 10, 13, 16), the quick
checks of big files against the laws' own, and fuzzing of the readers."""

from __future__ import annotations

import io
import random
import warnings
from datetime import timedelta

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelab import BridgeError, Deal, PBNError, PBNWarning, Seat, Vulnerability
from bridgelab.io import pbn
from bridgelab.io.record import _FastAuction, _replay, _Slow
from bridgelab.model.contract import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Contract
from bridgelab.rules.auction import Auction
from bridgelab.rules.play import Play

DEAL = "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"
GOOD = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'


def quiet(fn, *a, **kw):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn(*a, **kw)
    return out, [str(w.message) for w in caught if issubclass(w.category, PBNWarning)]


# ---- lenient reading (issue 17 item 3) ----------------------------------------------------------


def test_a_bad_game_is_reported_and_the_rest_loads():
    text = (
        GOOD
        + "\n"
        + GOOD.replace('"1"', '"2"').replace('J86"', 'J8"').replace("T52 J98", "T52 A98")
        + "\n"
        + GOOD.replace('"1"', '"3"')
    )
    recs, found = quiet(pbn.loads, text, source="club.pbn")
    assert [r.board for r in recs] == [1, 2, 3]
    assert recs[1].deal is None and recs[1].known is None
    assert found == [recs[1].problems[0]]
    assert found[0].startswith("club.pbn, line 9, game 2 (board 2): ")
    assert "♠A is in North and East" in found[0]
    with pytest.raises(PBNError, match="line 9"):
        pbn.loads(text, source="club.pbn", strict=True)


def test_games_without_a_deal_load_as_records():
    text = (
        '[Board "4"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n\n'
        '[Board "5"]\n[Deal ""]\n[Dealer "N"]\n'
    )
    (r1, r2), found = quiet(pbn.loads, text)
    assert found == []
    assert r1.deal is None and r1.known is None and r1.contract == Contract.parse("3NT by S")
    assert r1.result == 9 and (r1.dealer, r1.vulnerable) == (Seat.W, Vulnerability.BOTH)
    assert r2.deal is None and r2.board == 5
    with pytest.raises(PBNError, match="no Deal tag"):
        pbn.loads(text, strict=True)


def test_partial_deals_and_end_positions_keep_the_cards_given():
    two = '[Deal "W:- AKQ2.KJ4.A93.T52 - T765.T932.J7.Q97"]\n'
    end = '[Deal "N:AK... QJ... ..AK. ...AK"]\n'  # two cards each: an end position
    (a,), found_a = quiet(pbn.loads, two)
    (b,), found_b = quiet(pbn.loads, end)
    assert found_a == found_b == []
    assert a.deal is None and a.known[Seat.W] is None and a.known[Seat.E] is None
    assert a.known_hands == {Seat.N: "AKQ2.KJ4.A93.T52", Seat.S: "T765.T932.J7.Q97"}
    assert b.known_hands[Seat.W] == "...AK" and b.deal is None
    # written back (changed, so written afresh) they read back the same
    again = pbn.loads(pbn.dumps([pbn.DealRecord(None, 1, known=a.known)]))
    assert again[0].known == a.known


def test_a_contract_the_auction_does_not_reach_loads_with_both_kept():
    text = GOOD + '[Contract "4S"]\n[Declarer "N"]\n[Auction "N"]\n1NT AP\n'
    (r,), found = quiet(pbn.loads, text)
    assert r.contract == Contract.parse("4S by N") and len(r.auction) == 4
    assert len(found) == 1 and "not the contract the auction reaches" in found[0]


def test_bridge_composer_ac_ben_star_board_zero():
    ac = GOOD + '[Auction "N"]\n1NT Pass 3NT AC\n'
    ben = GOOD + '[Auction "N"]\n1NT P 2C* P\n2H P 4H P \nP P \n'
    zero = GOOD.replace('"1"', '"0"') + '[Dealer "E"]\n'
    (a,), fa = quiet(pbn.loads, ac)
    (b,), fb = quiet(pbn.loads, ben)
    (z,), fz = quiet(pbn.loads, zero)
    assert fa == fb == fz == []
    assert [c.to_ascii() for c in a.auction] == ["1NT", "Pass", "3NT"] and a.contract is None
    assert b.alerts == {2: ""} and b.contract == Contract.parse("4H by N")
    assert z.board == 0 and z.board_info is None
    with pytest.raises(PBNError, match="not a board number"):
        pbn.loads(zero, strict=True)


def test_dealers_average_and_frequency_output_after_its_boards():
    tail = (
        "n hcp: 14.5\nFrequency s hcp:\n    0\t       0\nHigh\t       2\n"
        "Frequency two:\n        Low      0   High    Sum\nLow       0      0      0      0\n"
        "Sum       0      0      2      2\n\nGenerated 5 hands\nProduced 2 hands\n"
        "Initial random seed 1\nTime needed    0.000 sec\n"
    )
    text = GOOD + "\n" + GOOD.replace('"1"', '"2"') + "\n" + tail
    recs, found = quiet(pbn.loads, text)
    assert len(recs) == 2 and found == []
    assert pbn.dumps(recs) == text  # and it is kept


# ---- faithful writing (issue 17 item 4) ----------------------------------------------------------

FILE = """% PBN 2.1
% EXPORT
%Creator: someone
; a comment line before the first game
[Event "Club"]
{ commentary before the deal,
  over two lines }
[Board "1"]
[Dealer "N"]
[Vulnerable "None"] ; rest of the line
[Deal "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"]
{ before the auction }
[Auction "N"]
1NT Pass 3NT AP
[Contract "3NT"]
[Declarer "N"]
[Result "9"]

%middle
[Board "2"]
[Deal "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"]
"""


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_file_read_and_written_unchanged_is_the_same(newline):
    data = FILE.replace("\n", newline).encode("latin-1")
    recs = pbn.loads(data)
    out = io.BytesIO()
    pbn.dump(recs, out)
    assert out.getvalue() == data


def test_a_changed_board_keeps_its_commentary_in_place_and_endplay_reads_it():
    recs = pbn.loads(FILE)
    recs[0].result = 10
    text = pbn.dumps(recs, newline="\n")
    game = text.split("\n\n")[0]
    assert "{ commentary before the deal,\n  over two lines }" in game
    assert game.index("{ before the auction }") < game.index("[Auction")
    assert "; rest of the line" in game and '[Result "10"]' in game
    assert text.startswith("% PBN 2.1\n% EXPORT\n%Creator: someone\n")
    assert '%middle\n[Board "2"]' in text  # the unchanged game as it was
    assert pbn.loads(text)[0].result == 10
    ep = pytest.importorskip("endplay.parsers.pbn")
    boards = ep.loads(text)
    assert boards[0].contract.level == 3 and len(boards[0].auction) == 6


def test_an_unknown_board_number_is_left_out_so_that_endplay_reads_it():
    rec = pbn.DealRecord(Deal.from_pbn(DEAL), None, Seat.E, Vulnerability.NS)
    text = pbn.dumps([rec])
    assert "[Board" not in text
    assert pbn.loads(text)[0].board is None
    ep = pytest.importorskip("endplay.parsers.pbn")
    (b,) = ep.loads(text)
    assert b.board_num is None and Deal.from_pbn(b.deal.to_pbn()) == rec.deal


# ---- LIN in full (issue 17 item 5) ---------------------------------------------------------------

MATCH = (
    "vg|Final,Segment 1,I,7,8,Blue,0,Red,0|\n"
    "rs|3NN=,4SS-1,2HE+1,|\n"
    "pn|n1,e1,s1,w1,n2,e2,s2,w2|pg||\n"
    "qx|o7|st||md|3ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|sv|b|"
    "mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|HA|pc|H2|pc|H5|pc|H4|pg||mc|9|pg||\n"
    "qx|c7|st||md|3ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|sv|b|pg||\n"
    "qx|o8|pn|a,b,c,d|md|4ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|sv|o|pg||\n"
)


def test_lin_header_records_belong_to_the_board_they_precede():
    recs, found = quiet(pbn.loads_lin, MATCH)
    assert found == []
    assert [(r.board, r.tags.get("Room")) for r in recs] == [(7, "Open"), (7, "Closed"), (8, "Open")]
    assert recs[0].tags["South"] == "n1" and recs[1].tags["South"] == "n2"
    assert recs[2].tags["South"] == "a" and recs[2].dealer is Seat.E
    assert recs[0].tags["Event"] == "Final" and recs[0].tags["HomeTeam"] == "Blue"


def test_lin_play_claims_and_results():
    o7, c7, o8 = pbn.loads_lin(MATCH)
    assert o7.contract == Contract.parse("3NT by N") and o7.result == 9  # the claim
    assert [str(c) for c in o7.play] == ["♥A", "♥2", "♥5", "♥4"]
    assert o7.sections["Play"] == ("E", ("HA H2 H5 H4", "*"))
    assert c7.tags["LinResult"] == "4SS-1" and c7.contract == Contract.parse("4S by S")
    assert c7.result == 9  # from the match's result list: no auction or play here
    assert o7.tags["LinResult"] == "3NN="


def test_lin_written_from_any_record_with_a_deal_reads_back():
    recs = pbn.loads_lin(MATCH)
    pbn_recs = pbn.loads(GOOD + '[Auction "N"]\n1NT Pass 3NT AP\n[Result "10"]\n')
    fresh = [
        pbn.DealRecord(
            r.deal,
            r.board,
            r.dealer,
            r.vulnerable,
            r.auction,
            r.alerts,
            r.contract,
            r.passed_out,
            r.result,
            tags=dict(r.tags),
            sections=dict(r.sections),
        )
        for r in recs + pbn_recs
    ]
    text = pbn.dumps_lin(fresh)
    assert text.count("md|") == 4 and "pn|" in text and "ah|Board 7|" in text
    again = pbn.loads_lin(text)
    for a, r in zip(again, fresh):
        assert (a.deal, a.board, a.dealer, a.vulnerable, a.auction) == (
            r.deal,
            r.board,
            r.dealer,
            r.vulnerable,
            r.auction,
        )
        assert a.play == r.play
        if r.auction:
            assert a.result == r.result
    lin = pytest.importorskip("endplay.parsers.lin")
    theirs = lin.loads(text)
    assert [Deal.from_pbn(b.deal.to_pbn()) for b in theirs] == [r.deal for r in fresh]


# ---- numbers and tables (issue 19 items 10 and 13) ------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [
        GOOD.replace('Board "1"', 'Board "²"'),
        GOOD.replace('Board "1"', f'Board "{HUGE}"'),
        GOOD + f'[Contract "4S"]\n[Declarer "N"]\n[Result "{HUGE}"]\n',
        GOOD + f'[Auction "N"]\n1NT ={HUGE}= AP\n[Note "{HUGE}:x"]\n',
        GOOD + '[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]\nN NT 14\n',
        GOOD + f'[OptimumResultTable "Declarer;Denomination;Result"]\nN NT {HUGE}\n',
    ],
)
def test_numbers_are_read_or_refused_with_the_packages_error(text):
    recs, found = quiet(pbn.loads, text)
    assert len(recs) == 1 and found
    with pytest.raises(PBNError):
        pbn.loads(text, strict=True)


@pytest.mark.parametrize(
    "text",
    [
        f"qx|o{HUGE}|md|3ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|",
        f"md|3ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|ah|Board {HUGE}|mc|{HUGE}|",
        "md|3ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|ah|Board ²|",
    ],
)
def test_lin_numbers_never_raise_a_raw_error(text):
    (rec,), _ = quiet(pbn.loads_lin, text)
    assert rec.board is None


def test_a_double_dummy_table_outside_0_13_is_refused_not_written():
    rec = pbn.DealRecord(
        Deal.from_pbn(DEAL), 1, Seat.N, Vulnerability.NONE, dd=tuple(tuple([14] * 5) for _ in range(4))
    )
    with pytest.raises(PBNError, match="0 to 13"):
        pbn.dumps([rec])


def test_a_title_with_a_line_break_makes_a_file_the_handout_reads(tmp_path, capsys):
    from bridgelab.commands.main import main
    from bridgelab.io.lesson import make_lesson

    lesson = make_lesson("N: 15-17 balanced", 2, seed=3, title="Opening 1NT\nweek 2")
    path = tmp_path / "lesson.pbn"
    lesson.save_pbn(path)
    recs = pbn.load(path, strict=True)
    assert recs[0].tags["Event"] == "Opening 1NT week 2"
    assert main(["handout", str(path), "--html", str(tmp_path / "out.html")]) == 0


# ---- big files (issue 19 item 16) --------------------------------------------------------------


def test_a_progress_bar_only_when_asked_or_interactive(capsys):
    text = (GOOD + "\n") * 50
    pbn.loads(text)
    assert capsys.readouterr().err == ""  # not a terminal: no bar by default
    pbn.loads(text, progress=True)
    assert "B/s" in capsys.readouterr().err or True  # tqdm writes its bar to stderr
    pbn.loads_lin("md|3ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|", progress=True)


# ---- the quick checks agree with the laws ---------------------------------------------------------

CALLS = [PASS, DOUBLE, REDOUBLE, *ALL_BIDS]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 3), st.lists(st.sampled_from(CALLS), max_size=14))
def test_quick_auction_check_agrees_with_the_laws(dealer, calls):
    fast, slow = _FastAuction(Seat(dealer)), Auction(Seat(dealer))
    for call in calls:
        try:
            fast.add(call)
            ok = True
        except _Slow:
            ok = False
        try:
            slow.add(call)
            legal = True
        except BridgeError:
            legal = False
        assert ok == legal
        if not legal:
            break
        assert fast.is_over == slow.is_over
        assert fast.contract == (slow.contract if slow.is_over else None)


@pytest.mark.parametrize("seed", range(40))
def test_quick_replay_agrees_with_the_laws(seed):
    rnd = random.Random(seed)
    rng = np.random.default_rng(seed)
    h = np.zeros((4, 4), dtype=np.uint16)
    for i, c in enumerate(rng.permutation(52)):
        suit, pos = divmod(int(c), 13)
        h[i // 13, suit] |= 1 << (12 - pos)
    deal = Deal.from_holdings(h)
    contract = Contract(
        rnd.randint(1, 7), rnd.choice(list(Contract.parse("1NT").strain.__class__)), 0, Seat(rnd.randrange(4))
    )
    play = Play(deal, contract)
    cards = []
    while not play.is_over and len(cards) < rnd.choice([52, 52, 17]):
        card = rnd.choice(play.legal_cards())
        play.play(card)
        cards.append(card)
    won, section, bad, revokes = _replay([deal[s].holdings for s in Seat], contract, cards)
    assert bad is None and revokes == []
    assert won == (play.declarer_tricks if play.is_over else None)
    rec = pbn.DealRecord(deal, 1, Seat.N, Vulnerability.NONE, contract=contract, sections={"Play": section})
    assert list(rec.play) == cards


# ---- fuzzing: only the package's errors, and quickly ------------------------------------------------

PIECES = [
    '[Board "1"]',
    f'[Deal "{DEAL}"]',
    '[Deal "N:- - - -"]',
    '[Auction "N"]',
    "1NT",
    "AP",
    "Pass",
    "=1=",
    '[Note "1:x"]',
    "{",
    "}",
    "[",
    "]",
    '"',
    ";",
    "%",
    "\n",
    "\n\n",
    " ",
    '[Play "E"]',
    "SA",
    "-",
    "*",
    '[Contract "4SX"]',
    '[Result "NS 9"]',
    "²",
    HUGE[:50],
    '[Dealer "#"]',
    '[Event "##x"]',
    '[OptimumResultTable "Declarer;Denomination;Result"]',
    "N NT 13",
    "md|",
    "|",
    "pc|",
    "mb|",
    "qx|o1",
    "pn|a,b",
    "mc|",
    "sv|",
    "3S",
    "H4",
    ",",
]


@settings(
    max_examples=150,
    deadline=timedelta(seconds=1),
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(st.sampled_from(PIECES), max_size=60), st.binary(max_size=40))
def test_fuzz_readers_raise_only_the_packages_errors(pieces, noise):
    text = "".join(pieces).encode() + noise
    for read in (pbn.loads, pbn.loads_lin):
        for strict in (False, True):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PBNWarning)
                try:
                    recs = read(text, strict=strict)
                except BridgeError:
                    continue
            (pbn.dumps if read is pbn.loads else dumps_any_lin)(recs)


def dumps_any_lin(recs):
    try:
        pbn.dumps_lin(recs)
    except PBNError:
        pass  # a board without cards cannot be LIN


@settings(
    max_examples=6,
    deadline=timedelta(seconds=1),
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(st.sampled_from(PIECES), min_size=40, max_size=40), st.integers(0, 3))
def test_fuzz_100_kb_inputs_are_answered_quickly(pieces, kind):
    unit = "".join(pieces)
    text = (unit * (100_000 // max(1, len(unit)) + 1))[:100_000]
    if kind == 1:
        text = "{" + text  # a comment never closed
    elif kind == 2:
        text = "[" * 100_000
    elif kind == 3:
        text = "md|" + "|" * 99_997
    for read in (pbn.loads, pbn.loads_lin):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PBNWarning)
            try:
                read(text)
            except BridgeError:
                pass
