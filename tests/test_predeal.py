"""Predeal: whole hands, given cards, x-holdings (x is a spot card 2-9), and the conflicts."""

from __future__ import annotations

import math

import numpy as np
import pytest

import bridgelab.dealing.dealer as dl
from bridgelab import ConstraintError, Hand

A, K, Q, J, T = 1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8
SPOTS = 0xFF
Z = 4.75


def test_whole_hand_by_string_and_mapping():
    for predeal in (
        "S: AKQ2.KJ4.A93.T52",
        {"S": "AKQ2.KJ4.A93.T52"},
        {"south": Hand.from_pbn("AKQ2.KJ4.A93.T52")},
    ):
        batch = dl.deal_batch(500, seed=1, predeal=predeal)
        assert batch.is_valid()
        assert all(d["S"].to_pbn() == "AKQ2.KJ4.A93.T52" for d in batch.to_deals()[:50])
        assert np.all(batch.holdings[:, 2] == batch.holdings[0, 2])


def test_gets_cards_and_the_rest_is_random():
    batch = dl.deal_batch(4000, seed=2, predeal="N gets ♠AKQJ")
    north_spades = batch.holdings[:, 0, 0]
    assert np.all(north_spades & (A | K | Q | J) == (A | K | Q | J))
    # the other 9 spades are spread over 48 places: North has the T with probability 9/48
    n = len(batch)
    p = 9 / 48
    share = np.mean(north_spades & T != 0)
    assert abs(share - p) < Z * math.sqrt(p * (1 - p) / n)
    # and East has the ten with probability 13/48
    p = 13 / 48
    share = np.mean(batch.holdings[:, 1, 0] & T != 0)
    assert abs(share - p) < Z * math.sqrt(p * (1 - p) / n)


def test_cards_as_a_list_and_letters():
    batch = dl.deal_batch(300, seed=3, predeal={"E": ["HA", "♦K", "C2"], "W": "SAK HQ"})
    assert np.all(batch.holdings[:, 1, 1] & A)
    assert np.all(batch.holdings[:, 1, 2] & K)
    assert np.all(batch.holdings[:, 1, 3] & 1)
    assert np.all(batch.holdings[:, 3, 0] & (A | K) == (A | K))
    assert np.all(batch.holdings[:, 3, 1] & Q)


def test_x_means_spot_cards_and_fixes_the_length():
    n = 6000
    batch = dl.deal_batch(n, seed=4, predeal="N: ♠AKxxx")
    spades = batch.holdings[:, 0, 0]
    assert np.all(batch.shape[:, 0, 0] == 5)
    assert np.all(spades & (A | K) == (A | K))
    assert np.all(spades & (Q | J | T) == 0)
    # three of the eight spots: each spot card is there 3/8 of the time
    p = 3 / 8
    for bit in range(8):
        share = np.mean(spades >> bit & 1)
        assert abs(share - p) < Z * math.sqrt(p * (1 - p) / n)


def test_x_in_a_pbn_hand():
    batch = dl.deal_batch(500, seed=5, predeal={"W": "AQxx.Kx.xxx.Txxx"})
    assert np.all(batch.shape[:, 3] == [4, 2, 3, 4])
    assert np.all(batch.holdings[:, 3, 2] & (0x1FFF ^ SPOTS) == 0)
    assert np.all(batch.holdings[:, 3, 3] & T)
    assert batch.is_valid()


def test_predeal_together_with_a_constraint():
    batch = dl.deal_batch(400, seed=6, predeal="N gets ♠AKQJ; S: ♥AKxxx", where="N 15-17; S 10+")
    assert np.all((batch.hcp[:, 0] >= 15) & (batch.hcp[:, 0] <= 17))
    assert np.all(batch.hcp[:, 2] >= 10)
    assert np.all(batch.shape[:, 2, 1] == 5)


def test_predealt_seat_stacked_is_uniform_over_what_is_left():
    """N gets ♠AK and must have 20-22 HCP: stacked; the ♠Q goes to North 11/50 of the time?"""
    n = 6000
    batch = dl.deal_batch(n, seed=7, predeal="N gets ♠AK", where="N 20-22", method="stack")
    assert np.all(batch.holdings[:, 0, 0] & (A | K) == (A | K))
    plain = dl.deal_batch(n, seed=8, predeal="N gets ♠AK", where="N 20-22", method="reject")
    # compare how often North holds the spade queen, stacked and by plain rejection
    a = np.mean(batch.holdings[:, 0, 0] & Q != 0)
    b = np.mean(plain.holdings[:, 0, 0] & Q != 0)
    p = (a + b) / 2
    assert abs(a - b) < Z * math.sqrt(2 * p * (1 - p) / n)


@pytest.mark.parametrize(
    "predeal,message",
    [
        ({"N": "AKQ2.KJ4.A93.T52", "S": "A.-.-.-"}, "♠A is predealt to North and to South"),
        ("N gets ♠AK; E gets ♠K", "♠K is predealt to North and to East"),
        ({"N": "AKQJT98765432.A.-.-"}, "North is predealt 14 cards"),
        ({"E": "AKQxxxxxxx.AK.KQ.-"}, "East is predealt 14 cards"),
        ("N: ♠AKQ.KJ", "has 2 suits"),
        ("N: AKQ2.KJ4.A9Z.T52", "'Z'"),
        ("Q: ♠AK", "cannot read the predeal"),
        ({"N": "♠AAK"}, "names the A twice"),
        (42, "a mapping"),
        ({"E": ["HA", "Z9"]}, "predeal for East: 'Z9' is not a card"),
        ({"X": "AKQ2.KJ4.A93.T52"}, "not a seat"),
    ],
)
def test_conflicts_and_bad_predeals(predeal, message):
    with pytest.raises(ConstraintError, match=message):
        dl.deal_batch(1, seed=1, predeal=predeal)


def test_predeal_contradicting_the_constraint_is_refused_at_once():
    with pytest.raises(ConstraintError, match="no hand can satisfy"):
        dl.deal_batch(1, seed=1, predeal="N gets ♠AKQJ", where="N 0-5")
    with pytest.raises(ConstraintError, match="no hand can satisfy"):
        dl.deal_batch(1, seed=1, predeal="N: ♠AKxxx", where="N 0-3S")
    with pytest.raises(ConstraintError, match="no hand can satisfy"):
        # nine spot cards asked for, only eight exist
        dl.deal_batch(1, seed=1, predeal="N: ♠xxxxx; S: ♠xxxx")


def test_predeal_reads_seats_and_ranks_through_the_notation():
    """Seat names of every language (text.notation), as the compact constraints read them."""
    from bridgelab.dealing.dealer import deal_batch

    for text, seat in (
        ("Süd: AKQ2.KJ4.A93.T52", 2),
        ("sever: AKQ2.KJ4.A93.T52", 0),
        ("Timur gets AKQ2.KJ4.A93.T52", 1),
    ):
        batch = deal_batch(2, seed=1, predeal=text)
        assert all(d[seat].to_pbn() == "AKQ2.KJ4.A93.T52" for d in batch)
    batch = deal_batch(2, seed=1, predeal={"zapad": "AKQ2.KJ4.A93.T52"})
    assert all(d[3].to_pbn() == "AKQ2.KJ4.A93.T52" for d in batch)


def test_predeal_names_suits_in_words_of_any_language():
    from bridgelab.dealing.dealer import deal_batch

    for text in (
        "N: pada AKQ2 ärtu KJ4 ruutu A93 risti T52",
        "N: spades AKQ2 hearts KJ4 diamonds A93 clubs T52",
        "N: ♠AKQ2 ♥KJ4 ♦A93 ♣T52",
        "N: SAKQ2 HKJ4 DA93 CT52",
        "N: SAKQ2HKJ4DA93CT52",
    ):
        assert deal_batch(1, seed=3, predeal=text)[0]["N"].to_pbn() == "AKQ2.KJ4.A93.T52", text
    with pytest.raises(ConstraintError, match="cannot read North's predeal"):
        deal_batch(1, seed=3, predeal="N: flat AKQ")
