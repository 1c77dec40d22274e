"""Play: following suit, ruffing, discarding, trick winners, the lead passing, whole deals."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelab.model.cards import SEATS, Card, Seat, Side, Strain
from bridgelab.model.contract import Contract
from bridgelab.model.deal import Deal
from bridgelab.model.errors import BridgeError, IllegalCard, ParseError
from bridgelab.model.hand import Hand
from bridgelab.rules.auction import Auction
from bridgelab.rules.play import Play, Trick, trick_winner

DEAL = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
# each seat holds one whole suit: North spades, East hearts, South diamonds, West clubs
SUITED = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


# after East's ♥A lead ruffed by North: North leads spades, the others discard
REST = [(f"S{a}", f"H{b}", f"D{a}", f"C{a}") for a, b in zip("AKQJT9876543", "KQJT98765432")]


def c(text):
    return Card.parse(text)


# ---- the trick rule --------------------------------------------------------------------------


def test_trick_winner_highest_of_the_suit_led():
    assert trick_winner(["D5", "DK", "DA", "D2"]) == 2
    assert trick_winner(["D5", "SA", "HA", "D6"]) == 3  # aces of other suits do not win
    assert trick_winner(["D5", "SA", "HA", "D6"], trump="NT") == 3


def test_trick_winner_trumps():
    assert trick_winner(["D5", "S2", "DA", "D6"], trump="S") == 1  # the ruff wins
    assert trick_winner(["D5", "S2", "S3", "DA"], trump="S") == 2  # over-ruff
    assert trick_winner(["S5", "SK", "HA", "S2"], trump="S") == 1  # trumps led: highest trump
    assert trick_winner(["D5", "H2", "DA", "C6"], trump="S") == 2  # a discard never wins
    with pytest.raises(IllegalCard):
        trick_winner([])


def test_trick_object():
    t = Trick(Seat.W, (c("DT"), c("D3"), c("DK"), c("D7")), Strain.S)
    assert t.seats == (Seat.W, Seat.N, Seat.E, Seat.S)
    assert t.winner is Seat.E and t.winning_card == c("DK") and t.is_complete
    assert t.card_of("S") == c("D7") and t.suit_led is Strain.D
    assert str(t).endswith("-> East")


# ---- setting up ------------------------------------------------------------------------------


def test_opening_lead_from_declarers_left_and_dummy_played_by_declarer():
    p = Play(DEAL, "4S by S")
    assert (p.declarer, p.dummy, p.opening_leader, p.trump) == (Seat.S, Seat.N, Seat.W, Strain.S)
    assert p.next_seat is Seat.W and p.next_player is Seat.W
    p.play("DT")
    assert p.next_seat is Seat.N and p.next_player is Seat.S  # dummy's card, declarer's choice


def test_position_is_what_a_solver_reads():
    p = Play(DEAL, "4S by S")
    rows, leader, cards = p.position
    assert rows == tuple(tuple(int(h) for h in DEAL.holdings[s]) for s in SEATS)
    assert leader is Seat.W and cards == ()
    p.play_all("DT D3 DK")  # West leads, dummy and East follow: the trick is not complete
    rows, leader, cards = p.position
    assert leader is Seat.W and cards == (c("DT"), c("D3"), c("DK"))
    # the three cards are out of their hands (bit 0 is the two)
    assert rows[Seat.W][2] == sum(1 << (r - 2) for r in (8, 6, 5, 4))
    assert rows[Seat.N][2] == sum(1 << (r - 2) for r in (14, 9))
    assert rows[Seat.E][2] == sum(1 << (r - 2) for r in (12, 2))
    assert rows[Seat.S] == tuple(int(h) for h in DEAL.holdings[Seat.S])
    p.play("DJ")  # East's king wins: East leads to the next trick
    rows, leader, cards = p.position
    assert leader is Seat.E and cards == () and rows[Seat.S][2] == 1 << (7 - 2)


def test_play_from_an_auction_and_bad_contracts():
    a = Auction.parse("1NT P 3NT P P P", dealer="N")
    p = Play(DEAL, a)
    assert p.contract == Contract(3, Strain.NT, 0, Seat.N) and p.next_seat is Seat.E and p.trump is None
    with pytest.raises(BridgeError, match="passed out"):
        Play(DEAL, Auction.parse("P P P P"))
    with pytest.raises(BridgeError, match="not over"):
        Play(DEAL, Auction.parse("1NT"))
    with pytest.raises(ParseError, match="needs a declarer"):
        Play(DEAL, "4S")
    assert Play(DEAL, "4S", declarer="E").opening_leader is Seat.S
    assert Play(DEAL.to_pbn(), "4S by S").hand("S") == DEAL["S"].cards  # a PBN deal is read too


# ---- following suit, ruffing, discarding ----------------------------------------------------


def first_two_tricks():
    """4S by South, West leads the ♦10: East wins trick 1, North (dummy) trick 2."""
    p = Play(DEAL, "4S by S")
    assert p.play_all("DT D3 DK D7") is p
    assert p.tricks[0].winner is Seat.E and p.next_seat is Seat.E  # the winner leads next
    p.play_all("DQ DJ D4 DA")
    assert p.tricks[1].winner is Seat.N and p.next_seat is Seat.N and p.next_player is Seat.S
    return p


def test_must_follow_suit():
    p = Play(DEAL, "4S by S")
    p.play("DT")
    assert p.legal_cards() == [c("DA"), c("D9"), c("D3")]
    with pytest.raises(
        IllegalCard, match=r"dummy holds a diamond: you must follow suit \(play ♦A, ♦9 or ♦3\)"
    ):
        p.play("SA")
    p.play("D3")
    with pytest.raises(IllegalCard, match="^you hold a diamond: you must follow suit"):
        p.check("HA")
    assert len(p.current_trick) == 2  # the refused card changed nothing


def test_void_player_may_ruff_or_discard():
    p = first_two_tricks()
    p.play("D9")
    p.play("D2")
    assert p.next_seat is Seat.S and len(p.legal_cards()) == 11  # South has no diamond left
    ruff = p.copy()
    ruff.play("S5")
    ruff.play("D5")
    assert ruff.tricks[-1].winner is Seat.S and ruff.next_seat is Seat.S
    discard = p.copy()
    discard.play("H2")  # ruffing is never compulsory
    discard.play("D5")
    assert discard.tricks[-1].winner is Seat.N  # the ♦9 is still the highest diamond
    assert ruff.declarer_tricks == discard.declarer_tricks == 2


def test_no_trump_a_discard_never_wins():
    p = Play(DEAL, "3NT by S")
    p.play_all("DT D3 DK D7 DQ DJ D4 DA D9 D2")
    p.play("S5")
    p.play("D5")
    assert p.tricks[-1].winner is Seat.N


# ---- illegal cards ---------------------------------------------------------------------------


def test_every_illegal_card_message():
    p = Play(DEAL, "4S by S")
    with pytest.raises(IllegalCard, match="it is West's turn, not North's"):
        p.play("D3", seat="N")
    p.play("DT")
    with pytest.raises(
        IllegalCard, match=r"it is North's turn, not South's \(declarer South plays dummy's cards\)"
    ):
        p.play("D7", seat="S")
    with pytest.raises(IllegalCard, match="♦K is not in North's hand: East holds it, and it is North's turn"):
        p.play("DK")
    with pytest.raises(IllegalCard, match="♦T is not in North's hand: it was played to trick 1"):
        p.play("DT")
    p.play_all("D3 DK D7")
    with pytest.raises(IllegalCard, match="♦T is not in East's hand: it was played to trick 1"):
        p.play("DT")
    with pytest.raises(
        IllegalCard, match=r"card 2 \(S5\): you hold a diamond: you must follow suit \(play ♦J\)"
    ):
        p.play_all(["DQ", "S5"])
    with pytest.raises(IllegalCard, match="♠A is not in South's hand: North holds it"):
        p.play("SA")
    with pytest.raises(ParseError):
        p.play("Z9")


def test_after_the_last_trick():
    p = Play(SUITED, "7S by N")
    p.play_all(["HA", "D2", "C2", "S2"] + [x for r in range(12) for x in REST[r]])
    assert p.is_over and p.next_seat is None and p.legal_cards() == []
    with pytest.raises(IllegalCard, match="all 13 tricks have been played"):
        p.play("SA")


# ---- whole deals -----------------------------------------------------------------------------


def test_whole_deal_one_suit_each_seven_spades():
    p = Play(SUITED, "7S by N")
    t = p.play_all("HA D2 C2").play("S2")  # East leads, North ruffs
    assert t.winner is Seat.N and p.next_seat is Seat.N
    for cards in REST:
        p.play_all(cards)
        assert p.tricks[-1].winner is Seat.N
    assert p.tricks_won == {Side.NS: 13, Side.EW: 0}
    assert p.declarer_tricks == 13 and p.result == 0
    assert "made exactly" in p.summary()


def test_whole_deal_one_suit_each_seven_no_trump():
    p = Play(SUITED, "7NT by N")
    for r in "AKQJT98765432":
        p.play_all([f"H{r}", f"D{r}", f"C{r}", f"S{r}"])
        assert p.tricks[-1].winner is Seat.E and p.next_seat in (Seat.E, None)  # East keeps the lead
    assert p.declarer_tricks == 0 and p.defender_tricks == 13 and p.result == -13
    assert "down 13" in p.summary()


def random_deal(rng):
    cards = [Card.from_index(i) for i in range(52)]
    rng.shuffle(cards)
    return Deal({s: Hand.from_cards(cards[13 * i : 13 * i + 13]) for i, s in enumerate(SEATS)})


def check_played_out(deal, p):
    """Verify a finished play independently of Play's own bookkeeping."""
    held = {s: set(deal[s].cards) for s in SEATS}
    trump = None if p.contract.strain is Strain.NT else p.contract.strain
    leader = p.declarer.lho
    seen = set()
    won = {Side.NS: 0, Side.EW: 0}
    for t in p.tricks:
        assert t.leader is leader and len(t.cards) == 4
        led = t.cards[0].suit
        for seat, card in t:
            assert card in held[seat], "played from the right hand"
            if card.suit != led:
                assert not any(x.suit == led for x in held[seat]), "followed suit when able"
            held[seat].remove(card)
            seen.add(card)
        trumps = [x for x in t.cards if x.suit == trump]
        best = max(trumps or [x for x in t.cards if x.suit == led], key=lambda x: x.rank)
        leader = t.seats[t.cards.index(best)]
        assert t.winner is leader
        won[leader.side] += 1
    assert len(seen) == 52 and all(not h for h in held.values())
    assert p.tricks_won == won and sum(won.values()) == 13
    assert p.declarer_tricks == won[p.declarer.side]
    assert p.result == p.declarer_tricks - p.contract.tricks_needed


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Strain)), st.sampled_from(SEATS), st.integers(1, 7))
def test_random_deals_played_out_to_a_trick_count(seed, strain, declarer, level):
    rng = random.Random(seed)
    deal = random_deal(rng)
    p = Play(deal, Contract(level, strain, 0, declarer))
    while not p.is_over:
        legal = p.legal_cards()
        assert legal and all(p.is_legal(x) for x in legal)
        others = [x for x in p.hand(p.next_seat) if x not in legal]
        assert not any(p.is_legal(x) for x in others)
        p.play(rng.choice(legal))
    check_played_out(deal, p)


def test_pop_and_copy():
    p = first_two_tricks()
    q = p.copy()
    assert p.pop() == c("DA") and p.next_seat is Seat.N and len(p.tricks) == 1
    assert c("DA") in p.hand("N") and len(q.tricks) == 2
    p.play("DA")
    assert p.tricks == q.tricks and p.next_seat is q.next_seat
    with pytest.raises(IllegalCard, match="no card to take back"):
        Play(DEAL, "4S by S").pop()


def test_display():
    p = first_two_tricks()
    p.play("D9")
    text = str(p)
    assert text.splitlines()[0] == " 1. W ♦T  N ♦3  E ♦K  S ♦7  -> East"
    assert "2 tricks played, declarer 1, defenders 1; East to play" in text
    h = p._repr_html_()
    assert h == p._repr_html_() and " id=" not in h and "East" in h


def test_illegal_cards_carry_a_code_for_translators():
    from bridgelab.rules.play import ILLEGAL_CARD_CODES

    p = Play(DEAL, "4S by S")
    p.play("DT")
    codes = {}
    for card, seat in (("SA", None), ("DK", None), ("DT", None), ("D3", "S")):
        with pytest.raises(IllegalCard) as e:
            p.play(card, seat=seat)
        codes[e.value.code] = e.value
        assert e.value.seat is Seat.N and e.value.card == Card.parse(card)
        assert e.value.legal == p.legal_cards()
    with pytest.raises(IllegalCard) as e:
        Play(SUITED, "7NT by N").play_all([f"{s}{r}" for r in "AKQJT98765432" for s in "HDCS"] + ["HA"])
    codes[e.value.code] = e.value
    with pytest.raises(IllegalCard) as e:
        Play(DEAL, "4S by S").pop()
    codes[e.value.code] = e.value
    claimed = Play(DEAL, "4S by S")
    claimed.claim(5)
    with pytest.raises(IllegalCard) as e:
        claimed.play(claimed.legal_cards()[0])
    codes[e.value.code] = e.value
    assert set(codes) == set(ILLEGAL_CARD_CODES)
    assert codes["revoke"].legal == [c("DA"), c("D9"), c("D3")]
