"""Rubber and Chicago scoresheets: whole rubbers played through, totals checked by hand."""

import pytest

from bridgelab.model.cards import Seat, Side
from bridgelab.model.errors import BridgeError, ParseError
from bridgelab.rules.rubber import ChicagoScoresheet, RubberScoresheet


def _col(sheet, side, line):
    return [e.points for e in sheet.entries if e.side is Side.parse(side) and e.line == line]


def test_whole_rubber_two_games_to_one():
    r = RubberScoresheet()  # We = North-South
    # 1. 2♥ by N, 9 tricks: 60 below, 30 above for We
    r.record("2H by N", 9)
    assert (r.below("we"), r.below("they")) == (60, 0) and not r.is_vulnerable("we")
    # 2. 4♠X by E, 8 tricks, They not vulnerable: 100 + 200 = 300 above for We
    d = r.record("4SX by E", 8)
    assert not d.vulnerable and [e.points for e in d.entries] == [300] and d.entries[0].side is Side.NS
    # 3. 3NT by W, 10 tricks, West holds the four aces: They win the first game; our 60 is cut off
    r.record("3NT by W", 10, honours="aces", honours_by="W")
    assert r.games_won == {Side.NS: 0, Side.EW: 1} and r.is_vulnerable("they") and not r.is_vulnerable("we")
    assert (r.below("we"), r.below("they")) == (0, 0)
    # 4. 1NT by S, 7 tricks: 40 below for We
    r.record("1NT by S", 7)
    # 5. 6♦ by N, 12 tricks, not vulnerable, North holds four trump honours: 120 below (game),
    #    500 slam bonus and 100 honours above
    d = r.record("6D by N", 12, honours="four")
    assert [(e.line, e.points) for e in d.entries] == [("below", 120), ("above", 500), ("above", 100)]
    assert r.games_won == {Side.NS: 1, Side.EW: 1} and r.is_vulnerable("we")
    # 6. 2♣ by E, 8 tricks: 40 below for They
    r.record("2C by E", 8)
    # 7. 3♥X by S, 9 tricks, vulnerable: 180 below (game), 50 for the double, rubber 500 (2-1)
    d = r.record("3HX by S", 9)
    assert d.vulnerable and [(e.part, e.points) for e in d.entries] == [
        ("trick_score", 180),
        ("insult", 50),
        ("rubber_bonus", 500),
    ]
    assert r.is_over and r.is_complete
    # By hand: We 60+30+300+40+120+500+100+180+50+500 = 1880; They 100+30+150+40 = 320
    assert _col(r, "NS", "below") == [60, 40, 120, 180]
    assert _col(r, "NS", "above") == [30, 300, 500, 100, 50, 500]
    assert _col(r, "EW", "below") == [100, 40]
    assert _col(r, "EW", "above") == [30, 150]
    assert r.totals == {"We": 1880, "They": 320}
    assert (r.winner, r.margin) == ("We", 1560)
    with pytest.raises(BridgeError, match="over"):
        r.record("1C by N", 7)


def test_rubber_two_nil_and_vulnerability_raises_penalties():
    r = RubberScoresheet(we="EW")
    r.record("4S by E", 10)  # We are East-West here: 120 below, a game
    assert r.is_vulnerable("we") and r.is_vulnerable("EW") and not r.is_vulnerable("NS")
    d = r.record("4SX by W", 8)  # vulnerable now: 200 + 300 to North-South
    assert d.vulnerable and d.entries[0].points == 500 and d.entries[0].side is Side.NS
    r.record("5C by W", 11)  # 100 below: second game, 700 for two games to none
    assert r.entries[-1].points == 700 and r.entries[-1].part == "rubber_bonus"
    assert r.totals == {"We": 120 + 100 + 700, "They": 500}
    assert r.winner == "We"


def test_part_scores_do_not_carry_into_the_next_game():
    r = RubberScoresheet()
    r.record("2S by N", 8)  # 60 for We
    r.record("4H by E", 10)  # They's game: the line is drawn under our 60
    r.record("1NT by S", 7)  # 40 for We: 60 + 40 would be 100, but the 60 no longer counts
    assert r.games_won[Side.NS] == 0 and r.below("we") == 40
    r.record("1NT by N", 7)  # 40 + 40 = 80: still no game
    r.record("1C by S", 7)  # 80 + 20 = 100: game from three part-scores
    assert r.games_won[Side.NS] == 1 and r.below("we") == 0 and r.game == 2


def test_a_huge_deal_wins_only_one_game():
    """The Czech text: one deal wins one game however many points it scores below the line."""
    r = RubberScoresheet()
    r.record("7NTXX by N", 13)
    assert r.games_won[Side.NS] == 1 and not r.is_over
    assert _col(r, "NS", "below") == [880]


def test_honours_go_to_whoever_holds_them_even_when_the_contract_fails():
    r = RubberScoresheet()
    d = r.record("4H by N", 9, honours="five", honours_by="E")
    assert [(e.side, e.points, e.part) for e in d.entries] == [
        (Side.EW, 50, "undertricks"),
        (Side.EW, 150, "honours"),
    ]
    with pytest.raises(ParseError, match="no trump"):
        r.record("4H by N", 10, honours="aces")


def test_unfinished_rubber():
    r = RubberScoresheet()
    r.record("2S by N", 8)  # 60 for We, cut off later
    r.record("4H by E", 10)  # They: a game
    r.record("1NT by W", 7)  # They: 40 part-score in the unfinished game
    new = r.end()  # one game up: 300; the only part-score in the game in progress: 100
    assert [(e.side, e.points, e.part) for e in new] == [
        (Side.EW, 300, "unfinished_game"),
        (Side.EW, 100, "unfinished_partscore"),
    ]
    assert r.totals == {"We": 60, "They": 120 + 40 + 300 + 100}
    assert r.is_over and r.unfinished and not r.is_complete and r.winner == "They"
    with pytest.raises(BridgeError):
        r.end()


def test_unfinished_rubber_both_sides_alike_get_no_premium():
    r = RubberScoresheet()
    r.record("4H by E", 10)  # They: a game
    r.record("3NT by N", 9)  # We: a game (one game all)
    r.record("1NT by W", 7)  # They: 40
    r.record("2D by S", 8)  # We: 40: both sides have a part-score
    assert r.end() == []
    assert r.totals == {"We": 100 + 40, "They": 120 + 40} and r.winner == "They" and r.margin == 20


def test_declarer_forms():
    r = RubberScoresheet()
    assert r.record("3NT", 9, declarer="they").side is Side.EW
    assert r.record("2S", 8, declarer="N").contract.declarer is Seat.N
    with pytest.raises(ParseError, match="who declared"):
        r.record("2S", 8)
    with pytest.raises(ParseError, match="declared by"):
        r.record("2S by N", 8, declarer="EW")
    with pytest.raises(ParseError, match="seat or side"):
        r.record("2S", 8, declarer="somebody")


def test_pre_1987_rules_in_a_rubber():
    r = RubberScoresheet(rules="pre-1987")
    d = r.record("1HXX by N", 7)
    assert [(e.part, e.points) for e in d.entries] == [("trick_score", 120), ("insult", 50)]


def test_sheet_display_is_the_cross_and_deterministic():
    def play():
        r = RubberScoresheet()
        r.record("2H by N", 9)
        r.record("3NT by W", 10)
        r.record("4S by S", 10)
        return r

    a, b = play(), play()
    assert a._repr_html_() == b._repr_html_() and str(a) == str(b)
    html = a._repr_html_()
    assert html.count("<tr>") >= 5 and "border-bottom:3px solid #000" in html  # the line
    assert 'title="Trick score: 2 odd tricks in ♥ at 30 each = 60"' in html
    text = str(a).splitlines()
    assert text[0].split() == ["We", "|", "They"]
    line = next(i for i, t in enumerate(text) if t.startswith("="))
    above = text[1:line]
    assert above[-1].split() == ["30", "|", "30"]  # the first premiums sit just above the line
    assert text[line + 1].split() == ["60", "|", "100"]  # game 1: our 60, their game
    assert text[line + 2].startswith("-")  # the line drawn under game 1
    assert text[-2].split() == ["Total", "210", "|", "130"]
    assert text[-1] == "In progress; We lead by 80"
    frame = a.to_frame()
    assert frame["points"].sum() == 340 and list(frame["column"].unique()) == ["We", "They"]


# --------------------------------------------------------------------------------------------
# Chicago
# --------------------------------------------------------------------------------------------


def test_chicago_vulnerability_cycle():
    c = ChicagoScoresheet(first_dealer="N")
    assert [c.dealer(n) for n in (1, 2, 3, 4)] == [Seat.N, Seat.E, Seat.S, Seat.W]
    table = [(c.is_vulnerable("NS", n), c.is_vulnerable("EW", n)) for n in (1, 2, 3, 4)]
    assert table == [(False, False), (False, True), (True, False), (True, True)]
    c2 = ChicagoScoresheet(first_dealer="W")  # deal 2 dealt by North: North-South vulnerable
    assert [(c2.is_vulnerable("NS", n), c2.is_vulnerable("EW", n)) for n in (2, 3)] == [
        (True, False),
        (False, True),
    ]
    with pytest.raises(ParseError, match="1 to 4"):
        c.is_vulnerable("NS", 5)


def test_chicago_four_deals():
    c = ChicagoScoresheet()
    c.record("2S by N", 8)  # deal 1: 60 below for We, no part-score bonus
    d = c.record("2NT by N", 8)  # deal 2 (EW vulnerable): 60 + 70 = 130, game, We not vulnerable: 300
    assert [(e.part, e.points) for e in d.entries] == [("trick_score", 70), ("game_bonus", 300)]
    c.record("3C by E", 9)  # deal 3 (NS vulnerable): 60 below for They
    d = c.record("1H by W", 8)  # deal 4: 30 below + 30 over; 60 + 30 = 90, no game: 100
    assert [(e.part, e.points) for e in d.entries] == [
        ("trick_score", 30),
        ("overtricks", 30),
        ("partscore_fourth", 100),
    ]
    assert c.is_over and c.totals == {"We": 60 + 70 + 300, "They": 60 + 30 + 30 + 100}
    assert c.winner == "We" and c.margin == 210
    with pytest.raises(BridgeError, match="over"):
        c.record("1C by N", 7)


def test_chicago_game_bonus_follows_vulnerability_on_the_deal():
    c = ChicagoScoresheet()
    c.record("1C by E", 7)  # deal 1: They 20
    d = c.record("4H by E", 10)  # deal 2 dealt by East: They vulnerable: 500
    assert d.entries[-1].points == 500 and d.vulnerable
    c.record("3NT by N", 8)  # deal 3, We vulnerable, one down: 100 to They
    d = c.record("1NT by S", 7)  # deal 4: We's 40 part-score: 100 bonus
    assert d.entries[-1].part == "partscore_fourth"
    assert c.totals == {"We": 40 + 100, "They": 20 + 120 + 500 + 100}


def test_chicago_fourth_deal_completing_a_game_gets_the_game_bonus_only():
    c = ChicagoScoresheet()
    c.record("2H by N", 8)  # 60
    c.record("3D by E", 8)  # one down, They score nothing below
    c.record("1H by S", 6)  # one down
    d = c.record("2C by N", 8)  # 60 + 40 = 100 on deal 4, both vulnerable: game 500, no 100
    assert [(e.part, e.points) for e in d.entries] == [("trick_score", 40), ("game_bonus", 500)]


def test_chicago_fourth_deal_failure_gets_no_partscore_bonus():
    c = ChicagoScoresheet()
    for contract, tricks in [("1C by N", 7), ("1C by N", 7), ("1C by N", 7)]:
        c.record(contract, tricks)
    d = c.record("2S by E", 7)
    assert [(e.side, e.part, e.points) for e in d.entries] == [(Side.NS, "undertricks", 100)]
    assert c.totals == {"We": 160, "They": 0}


def test_chicago_display():
    c = ChicagoScoresheet()
    c.record("4S by N", 10)
    assert "300" in c._repr_html_() and "Total 120" not in str(c)
    assert str(c).splitlines()[-2].split() == ["Total", "420", "|", "0"]
