"""Auctions: the examples of the source texts, the legality rules and their messages, display."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import legal_by_the_laws

from bridgelab.model.cards import Seat, Side, Strain
from bridgelab.model.contract import ALL_BIDS, DOUBLE, PASS, PASSED_OUT, REDOUBLE, Call, Contract
from bridgelab.model.errors import IllegalCall, ParseError
from bridgelab.rules.auction import Auction
from bridgelab.text.terms import read_call

DATA = json.loads(
    (Path(__file__).parent.parent / "data" / "auctions_from_texts.json").read_text(encoding="utf-8")
)
ALL_CALLS = list(ALL_BIDS) + [PASS, DOUBLE, REDOUBLE]


def seat_name(seat):
    return None if seat is None else seat.name


# ---- the source texts ------------------------------------------------------------------------


@pytest.mark.parametrize("ex", DATA["auctions"], ids=lambda e: e["id"])
def test_example_auction_from_the_texts(ex):
    a = Auction.parse(" ".join(ex["calls"]), dealer=ex["dealer"])
    assert a.is_over
    assert a.passed_out is ex["passed_out"]
    c = a.contract
    assert (None if not c else c.to_ascii()) == ex["contract"]  # PASSED_OUT is falsy
    assert seat_name(a.declarer) == ex["declarer"]
    assert seat_name(a.dummy) == ex["dummy"]
    assert seat_name(a.opening_leader) == ex["opening_leader"]
    assert a.tricks_needed == ex["tricks_needed"]
    if c is not None:
        assert seat_name(c.declarer) == ex["declarer"]
        assert c.tricks_needed == ex["tricks_needed"]
        assert seat_name(c.dummy) == ex["dummy"] and seat_name(c.opening_leader) == ex["opening_leader"]
    assert a.legal_calls() == []
    with pytest.raises(IllegalCall, match="the auction is over"):
        a.check(PASS)


@pytest.mark.parametrize("ex", DATA["auctions"], ids=lambda e: e["id"])
def test_example_auction_as_written_in_its_language(ex):
    lang = ex["source"]["lang"]
    written = Auction.parse(
        ", ".join(ex["calls_as_written"]), dealer=Seat[ex["dealer"]], lang=lang
    )  # N E S W
    assert written == Auction.parse(" ".join(ex["calls"]), dealer=ex["dealer"])
    # the same calls also read with no language given (every language is tried)
    assert [read_call(w) for w in ex["calls_as_written"]] == list(written.calls)


@pytest.mark.parametrize("ex", DATA["checks"], ids=lambda e: e["id"])
def test_legality_examples_from_the_texts(ex):
    a = Auction.parse(" ".join(ex["calls"]), dealer=ex["dealer"])
    call = read_call(ex["call"], ex["source"]["lang"])
    assert (call in a.legal_calls()) is ex["legal"]
    if ex["legal"]:
        assert a.check(call) == call
    else:
        with pytest.raises(IllegalCall) as e:
            a.check(call)
        if "lowest_in_strain" in ex:
            assert re.search(rf"\b{ex['lowest_in_strain']}\b", str(e.value))


def test_data_file_documents_its_fields_and_the_reconstructions():
    assert "calls_as_written" in DATA["about"] and "reconstructed" in DATA["about"]
    for ex in DATA["auctions"]:
        assert ex["source"]["file"] and ex["source"]["lang"] in ("et", "sr", "cs", "ms")
        if ex["reconstructed"]:
            assert len(ex["note"]) > 40
    ids = {e["id"] for e in DATA["auctions"]}
    assert {
        "et-naide-1",
        "et-naide-2",
        "sr-tri-pik-kontra-rekontra",
        "ms-1nt-3nt",
        "et-passed-out",
        "et-fourth-hand-opening",
    } <= ids


def test_serbian_example_is_three_spades_doubled_and_redoubled_with_west_dealing():
    ex = next(e for e in DATA["auctions"] if e["id"] == "sr-tri-pik-kontra-rekontra")
    a = Auction.parse(" ".join(ex["calls"]), dealer="W")
    assert a.contract == Contract(3, Strain.S, 2, Seat.N)
    assert a.declarer.side is Side.NS and a.tricks_needed == 9


def test_malay_1nt_3nt():
    a = Auction.parse("1SA lulus 3SA lulus lulus lulus", dealer="N", lang="ms")
    assert (a.declarer, a.opening_leader, a.dummy, a.tricks_needed) == (Seat.N, Seat.E, Seat.S, 9)


# ---- ending ----------------------------------------------------------------------------------


def test_three_opening_passes_do_not_end_the_auction_four_do():
    a = Auction.parse("P P P", dealer="E")
    assert not a.is_over and not a.passed_out and a.contract is None
    assert a.next_seat is Seat.N
    assert a.legal_calls()[:3] == [Call.parse("1C"), Call.parse("1D"), Call.parse("1H")]
    a.add("P")
    assert a.is_over and a.passed_out and a.contract is PASSED_OUT and a.declarer is None
    assert a.next_seat is None and a.tricks_needed is None


def test_three_passes_after_a_double_or_redouble_end_it():
    a = Auction.parse("1H X P P", dealer="S")
    assert not a.is_over
    a.add("P")
    assert a.is_over and a.contract == Contract(1, Strain.H, 1, Seat.S)
    b = Auction.parse("1H X XX P P P", dealer="S")
    assert b.is_over and b.contract.doubled == 2


def test_a_new_bid_cancels_the_double():
    a = Auction.parse("1H X 1S P P P", dealer="N")
    assert a.contract == Contract(1, Strain.S, 0, Seat.S)


def test_declarer_is_first_of_the_side_to_name_the_strain():
    a = Auction.parse("1H P 1S P 2S P 4S P P P", dealer="N")
    assert a.declarer is Seat.S  # South named spades first, North bid the final 4S
    b = Auction.parse("1S 2H 2S 3H 4S P P P", dealer="N")
    assert b.declarer is Seat.N
    c = Auction.parse("1C 1S 2D 2S 3NT P P P", dealer="N")  # the other side's spades do not count
    assert c.declarer is Seat.N and c.opening_leader is Seat.E


def test_last_bid_and_next_seat():
    a = Auction.parse("1NT 2H X", dealer="W")
    assert a.last_bid == Call.parse("2H") and a.last_bidder is Seat.N
    assert a.next_seat is Seat.S
    assert a.history == [(Seat.W, Call.parse("1NT")), (Seat.N, Call.parse("2H")), (Seat.E, DOUBLE)]


# ---- messages --------------------------------------------------------------------------------


def message(calls, call, dealer="N"):
    with pytest.raises(IllegalCall) as e:
        Auction.parse(calls, dealer=dealer).check(call)
    return str(e.value)


def test_insufficient_bid_names_what_is_allowed():
    assert message("1H", "1D") == "1D is not higher than 1H: bid 1S, 1NT or higher, or 2D"
    assert message("2H", "1S") == "1S is not higher than 2H: bid 2S, 2NT or higher"
    assert message("1NT", "1D") == "1D is not higher than 1NT: bid 2C or higher, or 2D"
    assert message("1H", "1H") == "1H is not higher than 1H: bid 1S, 1NT or higher, or 2H"
    assert "bid 7S or 7NT" in message("7H", "7D") and "no diamond bid is higher" in message("7H", "7D")
    m = message("7NT", "7NT")
    assert "no bid is higher than 7NT" in m and "pass or double" in m


def test_bad_double_messages():
    assert message("", "X").startswith("there is no bid to double yet")
    m = message("1H P", "X")
    assert "1H is your partner North's bid" in m and "only a bid of the opponents" in m
    assert "pass or bid 1S or higher" in m
    m = message("1H X", "X")
    assert "already doubled" in m and "redouble" in m  # South may redouble instead
    assert message("1H X P", "X").startswith("1H is already doubled")
    assert message("1H X XX", "X").startswith("1H is already redoubled")


def test_bad_redouble_messages():
    assert message("", "XX").startswith("there is nothing to redouble")
    m = message("1H", "XX")
    assert m.startswith("1H has not been doubled") and "pass, double or bid 1S or higher" in m
    m = message("1H X P", "XX")
    assert "made by your side (East)" in m and "only the side whose bid was doubled" in m
    assert "already redoubled" in message("1H X XX", "XX")


def test_call_after_the_end_messages():
    m = message("1NT 2H 2S P 4S P P P", "P")
    assert m.startswith("the auction is over") and "4S by South" in m
    m = message("P P P P", "1C")
    assert "passed out" in m and "1C is too late" in m


def test_turn_is_checked_when_a_seat_is_given():
    a = Auction.parse("1C", dealer="N")
    assert a.check("1D", seat="E") == Call.parse("1D")
    with pytest.raises(IllegalCall, match="it is East's turn to call, not South's"):
        a.check("1D", seat="S")


def test_add_refuses_and_changes_nothing():
    a = Auction.parse("1H", dealer="N")
    with pytest.raises(IllegalCall):
        a.add("1D")
    assert a.calls == (Call.parse("1H"),)


def test_parse_reports_the_bad_call_and_its_place():
    with pytest.raises(IllegalCall, match=r"call 3 \(1D, South\): 1D is not higher than 1H"):
        Auction.parse("1C 1H 1D", dealer="N")
    with pytest.raises(ParseError, match="'banana'"):
        Auction.parse("1C banana", dealer="N")
    with pytest.raises(ParseError):
        Auction.parse(["1C"], dealer="N")


def test_parse_separators_multi_word_calls_and_all_pass():
    a = Auction.parse("1NT, 2H\n2S; P 4S all pass", dealer="N")
    assert a == Auction.parse("1NT 2H 2S P 4S P P P", dealer="N")
    b = Auction.parse("1 no trump pass 3 no trump AP", dealer="N")
    assert b.contract == Contract(3, Strain.NT, 0, Seat.N)
    c = Auction.parse("kolm pada kontra pass pass rekontra pass pass pass", dealer="S")
    assert c.contract == Contract(3, Strain.S, 2, Seat.S)
    d = Auction.parse("satu hati gandakan gandakan semula lulus lulus lulus", dealer="N")
    assert d.contract == Contract(1, Strain.H, 2, Seat.N)


def test_copy_pop_equality_and_repr():
    a = Auction.parse("1NT 2H", dealer="N")
    b = a.copy()
    b.add("2S")
    assert len(a) == 2 and len(b) == 3 and a != b
    assert b.pop() == Call.parse("2S") and a == b
    assert eval(repr(a), {"Auction": Auction}) == a
    with pytest.raises(IllegalCall):
        Auction(Seat.N).pop()


# ---- display ---------------------------------------------------------------------------------


def test_text_table_starts_under_the_dealer():
    a = Auction.parse("1NT 2H 2S P 4S P P P", dealer="N")
    lines = str(a).splitlines()
    assert lines[0].split() == ["W", "N", "E", "S"]
    assert lines[1].split() == ["1NT", "2♥", "2♠"] and lines[1].startswith(" ")
    assert lines[2].split() == ["Pass", "4♠", "Pass", "Pass"]
    assert lines[3].split() == ["Pass"]
    n_first = a.to_text("N").splitlines()
    assert n_first[0].split() == ["N", "E", "S", "W"] and n_first[1].split() == ["1NT", "2♥", "2♠", "Pass"]


def test_text_table_marks_whose_turn():
    a = Auction.parse("P", dealer="S")
    lines = a.to_text().splitlines()
    assert lines[1].split() == ["Pass"] and lines[1].startswith(" " * 12)  # under S, the 4th column
    assert lines[2] == "?"  # West, next, in the first column
    assert "?" not in a.to_text(show_next=False)


def test_html_is_deterministic_with_red_suits():
    a = Auction.parse("1NT 2H 2S P 4S P P P", dealer="N")
    h = a._repr_html_()
    assert h == a._repr_html_() and " id=" not in h and "<script" not in h
    assert h.index(">W<") < h.index(">N<") < h.index(">E<") < h.index(">S<")
    assert '<span style="color:#c00000">♥</span>' in h
    assert "4♠ by South" in h and "West leads" in h
    assert a.to_html("N").index(">N<") < a.to_html("N").index(">W<")


def test_display_in_a_language():
    a = Auction.parse("pass 1 pada kontra pass", dealer="N", lang="et")
    text = a.to_text()
    assert text.splitlines()[0].split() == ["West", "Nord", "Ost", "Süd"]
    assert "kontra" in text and "pass" in text
    assert "Süd" in a.to_html() and "kontra" in a.to_html()


def test_summary_lines():
    assert "Passed out" in Auction.parse("P P P P").summary()
    assert Auction.parse("1C", dealer="W").summary() == "North to call."
    s = Auction.parse("1NT P 3NT P P P", dealer="N").summary()
    assert s == "Contract 3NT by North: 9 tricks needed; East leads, South is dummy."


# ---- properties ------------------------------------------------------------------------------


def reference_legal(history, dealer):
    """Legality worked out afresh from the laws' wording, independently of Auction."""
    seats = [Seat((dealer + i) % 4) for i in range(len(history) + 1)]
    n = len(history)
    if n >= 4 and history[-3:] == [PASS] * 3 and (n == 4 or any(c != PASS for c in history)):
        return set()
    me = seats[n]
    out = {PASS}
    bids = [i for i, c in enumerate(history) if c.is_bid]
    low = history[bids[-1]].rank + 1 if bids else 0
    out |= set(ALL_BIDS[low:])
    non_pass = [i for i, c in enumerate(history) if c != PASS]
    if non_pass:
        k = non_pass[-1]
        opponents = seats[k].side is not me.side
        if history[k].is_bid and opponents:
            out.add(DOUBLE)
        if history[k] == DOUBLE and opponents:
            out.add(REDOUBLE)
    return out


@st.composite
def auctions(draw):
    """A legal auction played to its end: mostly passes and small raises, some doubles."""
    dealer = Seat(draw(st.integers(0, 3)))
    a = Auction(dealer)
    while not a.is_over:
        legal = a.legal_calls()
        kind = draw(st.sampled_from(["pass", "pass", "bid", "bid", "double", "redouble"]))
        if kind == "bid" and legal[0].is_bid:
            call = legal[min(draw(st.integers(0, 4)), len(legal) - 4)] if len(legal) > 4 else legal[0]
            if not call.is_bid:
                call = PASS
        elif kind == "double" and DOUBLE in legal:
            call = DOUBLE
        elif kind == "redouble" and REDOUBLE in legal:
            call = REDOUBLE
        else:
            call = PASS
        a.add(call)
        assert len(a) < 400, "an auction must end"
    return a


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(auctions())
def test_random_legal_auctions_end_with_at_most_one_contract(a):
    assert a.is_over and a.legal_calls() == []
    c = a.contract
    assert (c is PASSED_OUT) == a.passed_out and c is not None
    if not c:
        assert a.calls == (PASS,) * 4
        return
    assert c.call == a.last_bid and c.tricks_needed == a.last_bid.level + 6
    # declarer is on the side that made the last bid and named the strain first
    assert c.declarer.side is a.last_bidder.side
    first = [
        s for s, call in a.history if call.is_bid and call.strain is c.strain and s.side is c.declarer.side
    ]
    assert first[0] is c.declarer
    # the doubling is what followed the last bid
    after = a.calls[max(i for i, x in enumerate(a.calls) if x.is_bid) + 1 :]
    assert c.doubled == (2 if REDOUBLE in after else 1 if DOUBLE in after else 0)
    for call in (PASS, DOUBLE, Call.parse("7NT")):
        with pytest.raises(IllegalCall, match="over"):
            a.check(call)


@settings(max_examples=120, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(auctions(), st.data())
def test_check_accepts_exactly_the_legal_calls(a, data):
    cut = data.draw(st.integers(0, len(a)))
    history = list(a.calls[:cut])
    b = Auction(a.dealer, history)
    legal = b.legal_calls()
    assert set(legal) == reference_legal(history, a.dealer)
    assert legal == [c for c in ALL_CALLS if c in set(legal)]  # ladder order, then Pass, X, XX
    for call in ALL_CALLS:
        ok = True
        try:
            b.check(call)
        except IllegalCall as e:
            ok = False
            assert str(e)  # a reason is always given
        assert ok == (call in legal), call


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.lists(st.sampled_from(ALL_CALLS), max_size=30), st.integers(0, 3))
def test_any_call_sequence_is_accepted_exactly_when_each_call_is_legal(calls, dealer):
    a = Auction(Seat(dealer))
    history = []
    for call in calls:
        expect = call in reference_legal(history, Seat(dealer))
        try:
            a.add(call)
            history.append(call)
            assert expect
        except IllegalCall:
            assert not expect
    assert list(a.calls) == history


# ---- the command -----------------------------------------------------------------------------


def test_command_prints_table_and_contract(capsys):
    from bridgelab.commands.main import main

    assert main(["auction", "1NT 2H 2S P 4S P P P", "--dealer", "N"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["W", "N", "E", "S"]
    assert "Contract 4♠ by South: 10 tricks needed; West leads, North is dummy." in out


def test_command_check(capsys):
    from bridgelab.commands.main import main

    assert main(["auction", "1H", "--check", "1D"]) == 1
    assert "1D is not higher than 1H: bid 1S, 1NT or higher, or 2D" in capsys.readouterr().out
    assert main(["auction", "1H", "--check", "1S"]) == 0
    assert "1S is legal for East now" in capsys.readouterr().out
    assert main(["auction", "P", "P", "P", "--dealer", "W", "--check", "1C", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["next"] == "S" and data["check"]["legal"] is True and data["legal_calls"][-1] == "Pass"
    assert main(["auction", "1H 1D"]) == 2  # an illegal auction is an error
    assert "call 2 (1D, East)" in capsys.readouterr().err


def test_english_display_is_the_compact_one():
    a = Auction.parse("1C P", dealer="N")
    assert a.to_text(lang="en") == a.to_text()
    assert a.to_html(lang="en") == a.to_html()


def test_summary_in_a_language_uses_its_terms():
    a = Auction.parse("P 1S X 3D 3H 3S P 4S X P P P", dealer="N")
    assert a.summary("et") == "Leping: 4♠X; väljamängija: Ost; laud: West; avakäik: Süd."
    b = Auction.parse("dalje dalje dalje dalje", dealer="W", lang="sr")
    assert b.passed_out and b.summary() == "Svi su rekli dalje."  # "dalje" is the text's pass


CODE_CASES = [  # (calls, call, seat, code, number of legal calls then, counted by hand)
    ("1H", "1D", None, "insufficient", 32 + 2),  # 1S..7NT, Pass, X
    ("", "X", None, "no_bid_to_double", 35 + 1),  # every bid, Pass
    ("1H P", "X", None, "double_own_side", 32 + 1),  # partner's bid: no X
    ("1H X P", "X", None, "already_doubled", 32 + 1),
    ("1H X XX", "X", None, "already_redoubled", 32 + 1),
    ("", "XX", None, "nothing_to_redouble", 35 + 1),
    ("1H", "XX", None, "not_doubled", 32 + 2),
    ("1H X P", "XX", None, "redouble_own_double", 32 + 1),
    ("1H", "P", "S", "out_of_turn", 32 + 2),
    ("1H P P P", "P", None, "auction_over", 0),
    ("P P P P", "P", None, "passed_out", 0),
]


@pytest.mark.parametrize("calls, call, seat, code, n_legal", CODE_CASES)
def test_every_illegal_call_has_a_code_for_translators(calls, call, seat, code, n_legal):
    from bridgelab.rules.auction import ILLEGAL_CALL_CODES

    a = Auction.parse(calls, dealer="N")
    with pytest.raises(IllegalCall) as e:
        a.check(call, seat=seat)
    assert e.value.code == code and code in ILLEGAL_CALL_CODES
    written = [Call.parse(c) for c in calls.split()]
    bids = [c for c in written if c.is_bid]
    assert e.value.call == Call.parse(call) and e.value.legal == legal_by_the_laws(written)
    assert e.value.last_bid == (bids[-1] if bids else None)
    assert e.value.facts["msgid"].startswith(f"illegal_call.{code}")
    if seat is None:
        with pytest.raises(IllegalCall) as e2:  # the code survives Auction.parse
            Auction.parse(f"{calls} {call}", dealer="N")
        assert e2.value.code == code


def test_all_codes_are_tested():
    from bridgelab.rules.auction import ILLEGAL_CALL_CODES

    with pytest.raises(IllegalCall) as e:
        Auction(dealer="N").pop()
    assert e.value.code == "nothing_to_take_back" and e.value.call is None and e.value.legal == []
    assert {case[3] for case in CODE_CASES} | {e.value.code} == set(ILLEGAL_CALL_CODES)


# ---- perft: every legal auction, counted through the public API -----------------------------------

PERFT_TOTAL = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557
PERFT_BY_BIDS_START = [1, 980, 349_860, 80_817_660]


def _perft_key(a: Auction):
    """What decides the auctions that can follow, from public properties only: the last bid, how
    it stands (doubled, redoubled), whether the side to call made it, and the passes since the
    last call that was not a pass (before any bid: the passes so far)."""
    calls = a.calls
    passes = len(calls) - max((i + 1 for i, c in enumerate(calls) if c != PASS), default=0)
    if a.last_bid is None:
        return (None, passes)
    ours = a.last_bidder.side is a.next_seat.side
    return (a.last_bid, a.doubled_state, ours, passes)


def _perft(a: Auction, memo: dict) -> list[int]:
    """Complete auctions from here, by number of bids still to come (index = bids)."""
    if a.is_over:
        return [1]
    key = _perft_key(a)
    if key in memo:
        return memo[key]
    total: list[int] = []
    for call in a.legal_calls():
        a.add(call)
        sub = _perft(a, memo)
        a.pop()
        shift = 1 if call.is_bid else 0
        if len(total) < len(sub) + shift:
            total.extend([0] * (len(sub) + shift - len(total)))
        for k, n in enumerate(sub):
            total[k + shift] += n
    memo[key] = total
    return total


def test_perft_counts_every_legal_auction():
    """Like python-chess's perft: the number of different complete auctions is the published
    128,745,650,347,030,683,120,231,926,111,609,371,363,122,697,557; with no bid there is one
    (passed out), with one bid 980, two 349,860, three 80,817,660. A wrong legality rule (a
    double of partner, a redouble of an undoubled bid, an insufficient bid) changes the count."""
    by_bids = _perft(Auction("N"), {})
    assert sum(by_bids) == PERFT_TOTAL
    assert by_bids[:4] == PERFT_BY_BIDS_START
    assert len(by_bids) == 36  # 0 to 35 bids: 1C ... 7NT each at most once
