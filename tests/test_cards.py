import pytest

from bridgelab import Card, ParseError, Rank, Seat, Side, Strain
from bridgelab.model.cards import SUITS, suit_index


def test_seat_relations():
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Seat.N.lho is Seat.E and Seat.W.lho is Seat.N
    assert Seat.N.rho is Seat.W and Seat.S.rho is Seat.E
    assert Seat.E.clockwise() == (Seat.E, Seat.S, Seat.W, Seat.N)
    assert Seat.N.side is Side.NS and Seat.W.side is Side.EW
    assert Side.NS.seats == (Seat.N, Seat.S) and Side.EW.other is Side.NS


@pytest.mark.parametrize(
    "text,seat",
    [("N", Seat.N), ("north", Seat.N), ("East", Seat.E), (" s ", Seat.S), ("W", Seat.W), (3, Seat.W)],
)
def test_seat_parse(text, seat):
    assert Seat.parse(text) is seat


def test_seat_parse_error_names_allowed():
    with pytest.raises(ParseError, match="N, E, S or W"):
        Seat.parse("X")


def test_strain_order_and_parse():
    assert Strain.C < Strain.D < Strain.H < Strain.S < Strain.NT
    for text, strain in [
        ("c", Strain.C),
        ("♦", Strain.D),
        ("♡", Strain.H),
        ("spades", Strain.S),
        ("NT", Strain.NT),
        ("n", Strain.NT),
        ("no trump", Strain.NT),
    ]:
        assert Strain.parse(text) is strain
    assert Strain.H.is_major and Strain.D.is_minor and not Strain.NT.is_suit
    with pytest.raises(ParseError, match="C, D, H, S or NT"):
        Strain.parse("Z")


def test_suit_order_is_pbn_order():
    assert SUITS == (Strain.S, Strain.H, Strain.D, Strain.C)
    assert [suit_index(s) for s in "SHDC"] == [0, 1, 2, 3]
    with pytest.raises(ParseError):
        suit_index("NT")


@pytest.mark.parametrize("text", ["SA", "♠A", "sa", "As", "A♠", "s a"[0] + "A"])
def test_card_parse_ace_of_spades(text):
    assert Card.parse(text) == Card(Strain.S, Rank.ACE)


@pytest.mark.parametrize("text", ["S10", "ST", "st", "10S", "♠10"])
def test_card_parse_ten(text):
    assert Card.parse(text) == Card(Strain.S, Rank.TEN)


def test_card_prints_with_symbol():
    assert str(Card.parse("HK")) == "♥K"
    assert str(Card.parse("D10")) == "♦T"


@pytest.mark.parametrize("bad", ["", "S", "Z9", "S1", "S11", "NTA", "SAK"])
def test_card_parse_errors(bad):
    with pytest.raises(ParseError, match="is not a card"):
        Card.parse(bad)


def test_card_index_round_trip_and_order():
    cards = [Card.from_index(i) for i in range(52)]
    assert len(set(cards)) == 52
    assert [c.index for c in cards] == list(range(52))
    assert cards[0] == Card.parse("SA") and cards[51] == Card.parse("C2")
    assert Card.parse("C2") < Card.parse("CA") < Card.parse("D2") < Card.parse("S2")


def test_rank_parse():
    assert Rank.parse("10") is Rank.TEN and Rank.parse("t") is Rank.TEN
    assert Rank.ACE.bit == 12 and Rank.TWO.bit == 0
    with pytest.raises(ParseError, match="not a rank"):
        Rank.parse("1")
