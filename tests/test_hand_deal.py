"""Hands, deals, boards: PBN in and out, errors that name the problem, display."""

import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgelab as bl
from bridgelab.commands.main import main

PBN = "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"


def holdings_of(perm):
    hold = np.zeros((4, 4), dtype=np.uint16)
    for pos, index in enumerate(perm):
        card = bl.Card.from_index(index)
        hold[pos // 13, card.suit_index] |= card.mask
    return hold


permutations = st.permutations(list(range(52)))


@given(permutations, st.sampled_from(list(bl.SEATS)))
def test_deal_pbn_round_trip_from_any_seat(perm, first):
    d = bl.Deal.from_holdings(holdings_of(perm))
    text = d.to_pbn(first)
    assert text.startswith(f"{first.name}:")
    assert bl.Deal.from_pbn(text) == d
    for seat in bl.SEATS:
        assert bl.Hand.from_pbn(d[seat].to_pbn()) == d[seat]
        assert d.owner(d[seat].cards[0]) is seat


@given(permutations)
def test_hand_cards_and_pbn_agree(perm):
    d = bl.Deal.from_holdings(holdings_of(perm))
    h = d[bl.Seat.N]
    assert bl.Hand.from_cards(h.cards) == h
    assert sum(h.shape) == 13 and len(h.cards) == 13
    assert all(c in h for c in h.cards)


def test_first_seat_is_respected():
    d = bl.Deal.from_pbn(PBN)
    e = bl.Deal.from_pbn("E:J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86 AKQ2.KJ4.A93.T52")
    assert d == e
    assert d["N"].to_pbn() == "AKQ2.KJ4.A93.T52" and d["W"].to_pbn() == "43.865.T8654.J86"
    assert d.to_pbn() == PBN


def test_tour_values():
    h = bl.Hand.from_pbn("AKQ2.KJ4.A93.T52")
    assert (h.hcp, h.shape, h.pattern) == (17, (4, 3, 3, 3), "4-3-3-3")
    assert h.suit("S") == "AKQ2" and h.length("♥") == 3
    assert bl.Deal.from_pbn(PBN).hcp == {bl.Seat.N: 17, bl.Seat.E: 19, bl.Seat.S: 3, bl.Seat.W: 1}


def test_voids_and_tens():
    h = bl.Hand.from_pbn("AKQJT98765432...")
    assert h.shape == (13, 0, 0, 0) and h.suit("H") == ""
    assert bl.Hand.from_pbn("AKQJ10.-.AKQJ.AKQJ").to_pbn() == "AKQJT..AKQJ.AKQJ"


@pytest.mark.parametrize(
    "text,message",
    [
        ("AKQ2.KJ4.A93.T5", "has 12 .too few"),
        ("AKQ2.KJ4.A93.T532", "has 14 .too many"),
        ("AKQ2.KJ4.A93.TT2", "has the T twice"),
        ("AKQ2.KJ4.A93.T5Z", "'Z' .* is not a rank"),
        ("AKQ2.KJ4.A93T52", "has 3 suits: a PBN hand has four"),
        ("AKQ2.KJ4.A9.3.T52", "has 5 suits"),
    ],
)
def test_bad_hand_names_the_problem(text, message):
    with pytest.raises(bl.PBNError, match=message):
        bl.Hand.from_pbn(text)


@pytest.mark.parametrize(
    "text,message",
    [
        # a card twice: the ace of spades given to North and to West, the four missing
        (
            "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 A3.865.T8654.J86",
            "♠A is in North and West; ♠4 is missing",
        ),
        # North has 14 cards, South 12
        (
            "N:AKQ2.KJ4.A93.T752 J98.AQ7.KQ2.AK43 T765.T932.J7.Q9 43.865.T8654.J86",
            "North has 14 cards .too many.; South has 12 cards .too few.",
        ),
        ("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97", "four hands .* found 3"),
        ("AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86", "seat and a colon"),
        (
            "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654J86",
            "West's hand: .* has 3 suits",
        ),
        ("X:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86", "not a seat"),
    ],
)
def test_bad_deal_names_card_and_hand(text, message):
    with pytest.raises(bl.PBNError, match=message):
        bl.Deal.from_pbn(text)


def test_invalid_deal_is_a_bridge_error():
    assert issubclass(bl.InvalidDeal, bl.PBNError) and issubclass(bl.PBNError, bl.BridgeError)
    with pytest.raises(bl.InvalidDeal):
        bl.Deal.from_holdings(np.zeros((4, 4), dtype=np.uint16))


def test_rotation_moves_hands_clockwise():
    d = bl.Deal.from_pbn(PBN)
    r = d.rotated(1)
    assert r["E"] == d["N"] and r["N"] == d["W"]
    assert d.rotated(4) == d


VUL = [
    "None",
    "NS",
    "EW",
    "All",
    "NS",
    "EW",
    "All",
    "None",
    "EW",
    "All",
    "None",
    "NS",
    "All",
    "None",
    "NS",
    "EW",
]


@pytest.mark.parametrize("number", range(1, 33))
def test_board_cycle(number):
    b = bl.board(number)
    i = (number - 1) % 16
    assert b.dealer is bl.SEATS[i % 4]
    assert b.vulnerable.value == VUL[i]
    assert bl.board(number + 16) == bl.Board(number + 16, b.dealer, b.vulnerable)


def test_board_vulnerability_of_seats():
    b7 = bl.board(7)
    assert b7.dealer is bl.Seat.S and str(b7.vulnerable) == "Both"
    assert b7.is_vulnerable("N") and b7.is_vulnerable(bl.Seat.E)
    b2 = bl.board(2)
    assert b2.is_vulnerable("S") and not b2.is_vulnerable("W") and b2.is_vulnerable(bl.Side.NS)
    with pytest.raises(bl.ParseError, match="numbered from 1"):
        bl.board(0)


def test_html_is_deterministic_and_coloured():
    d = bl.Deal.from_pbn(PBN)
    html = d._repr_html_()
    assert html == bl.Deal.from_pbn(PBN)._repr_html_()
    assert "id=" not in html
    assert html.count("#c00000") == 8  # hearts and diamonds of four hands
    assert "North (17)" in html and "♠" in html
    assert "4-3-3-3" in d["N"]._repr_html_()


def test_text_diagram():
    text = str(bl.Deal.from_pbn(PBN))
    lines = text.splitlines()
    assert lines[0].strip() == "North" and "♠ A K Q 2" in lines[1]
    assert "West" in lines[5] and "East" in lines[5]
    assert "♦ 10 8 6 5 4" in text and text.endswith("♣ Q 9 7")


def test_cli_eval_text(capsys):
    assert main(["eval", "AKQ2.KJ4.A93.T52"]) == 0
    out = capsys.readouterr().out
    assert "hcp               17" in out and "honour tricks     3.5" in out


def test_cli_eval_json(capsys):
    assert main(["eval", "--json", "K.AQ32.KJT54.Q32"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hcp"] == 15 and data["shape"] == [1, 4, 5, 3] and data["balanced"] is False


def test_cli_eval_bad_hand_reports_and_fails(capsys):
    assert main(["eval", "AKQ2.KJ4.A93"]) == 2
    assert "has 3 suits" in capsys.readouterr().err


def test_import_stays_light():
    """``import bridgelab`` loads neither pandas, numba, the widgets nor the statistics module;
    the same probe then sees pandas once the statistics are asked for (so it can fail)."""
    heavy = ("pandas", "numba", "ipywidgets", "matplotlib", "dask", "endplay", "bridgelab.analysis.stats")
    code = (
        f"import sys, json, bridgelab; heavy = {heavy!r}; "
        "before = [m for m in heavy if m in sys.modules]; bridgelab.stats.pattern_table; "
        "after = [m for m in heavy if m in sys.modules]; print(json.dumps([before, after]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = json.loads(out.stdout)
    assert before == []
    assert {"pandas", "bridgelab.analysis.stats"} <= set(after)


SUBCOMMANDS = [
    "eval",
    "deal",
    "dealer",
    "auction",
    "score",
    "quiz",
    "lesson",
    "technique",
    "handout",
    "stats",
    "bid",
]


@pytest.mark.slow
def test_console_script_help():
    """--help lists exactly the README's subcommands, each with its one-line help, and each
    subcommand answers --help with its own usage."""
    out = subprocess.run(
        [sys.executable, "-m", "bridgelab", "--help"], capture_output=True, text=True, check=True
    ).stdout
    import re

    listed = re.findall(r"^    (\w+)\s{2,}\S", out, re.M)
    assert listed == SUBCOMMANDS
    for name in SUBCOMMANDS:
        with pytest.raises(SystemExit) as e:
            main([name, "--help"])
        assert e.value.code == 0
    assert main([]) == 0


def test_diagram_names_seats_in_the_learners_language():
    from bridgelab.render.display import deal_html, deal_text

    d = bl.Deal.from_pbn(PBN)
    lines = deal_text(d, lang="sr").splitlines()
    assert lines[0].strip() == "Sever" and lines[5].split() == ["Zapad", "Istok"]
    assert "Sever (17)" in deal_html(d, lang="sr") and "North" not in deal_html(d, lang="sr")
    assert deal_text(d) == str(d) and deal_html(d) == d._repr_html_()
