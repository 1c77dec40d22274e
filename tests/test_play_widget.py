"""The play widget driven like a learner, without a browser: clicks, typing, undo, hint, claim."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

from bridgelab.coach.practice import PracticeDeal
from bridgelab.coach.session import PlaySession
from bridgelab.coach.words import t
from bridgelab.model.contract import Contract
from bridgelab.model.deal import Deal
from bridgelab.quiz.progress import ProgressStore
from bridgelab.rules.scoring import score
from bridgelab.text.i18n import LANGUAGES
from bridgelab.widgets.play import PlayWidget, play_app

FINESSE = Deal(
    {"N": "32.5432.5432.A43", "E": "K4.T98.T98.JT987", "S": "AQ.AKQJ.AKQJ.KQ2", "W": "JT98765.76.76.65"}
)


def finesse_source(seed: int) -> PracticeDeal:
    return PracticeDeal(FINESSE, Contract.parse("7NT by S"), ("C6",), "the finesse deal")


def test_a_whole_hand_by_clicks_with_undo_hint_and_result(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    w = PlayWidget(seed=1, source=finesse_source, store=store)
    assert "7" in w.title.value and "Your plan" in w.coach.value
    assert set(w.card_buttons) >= {"CA", "C4", "C3"}  # North's clubs, North to play
    w.card_buttons["S2"].click()  # not legal: West led a club
    assert "You hold clubs: you must follow suit" in w.message.value
    w.card_buttons["SA"].click()  # South's card, North to play
    assert "not in the hand to play (North)" in w.message.value
    assert w.session.play_.cards_played[-1][1].rank.char == "6"  # nothing was played
    w.card_buttons["CA"].click()
    w.card_buttons["C2"].click()
    w.card_buttons["S2"].click()
    w.card_buttons["SA"].click()
    assert "cost a trick" in w.coach.value and "finessed" in w.coach.value
    w.undo_button.click()
    assert w.session.play_.next_seat.name == "S"
    w.hint_button.click()
    assert "♠Q" in w.coach.value and w.session.hints_used == 1
    assert w.card_buttons["SQ"].button_style == "warning"
    w.card_buttons["SQ"].click()
    rnd = random.Random(5)
    while not w.session.is_over:
        legal = [k for k in w.card_buttons if "bridgelab-illegal" not in w.card_buttons[k]._dom_classes]
        w.card_buttons[rnd.choice(legal)].click()
    r = w.session.result()
    assert r.declarer_tricks == 13
    assert f"{score('7NT', 13, False)}" in w.result.value
    assert "Your side took 13 tricks." in w.result.value
    assert store.plays()[0].hints == 1


def test_keyboard_in_each_language():
    for lang, text in [
        ("en", "ca"),
        ("et", "risti äss"),
        ("sr", "tref as"),
        ("cs", "trefy eso"),
        ("ms", "daun sat"),
    ]:
        w = PlayWidget(seed=1, source=finesse_source, lang=lang)
        w.keyboard.value = text  # Enter: the value is sent once, then played
        assert w.session.steps[1].card.rank.char == "A", (lang, w.message.value)
        assert w.keyboard.value == ""


def test_language_switch_redraws_labels():
    w = PlayWidget(seed=1, source=finesse_source)
    for lang in LANGUAGES:
        w.language.value = lang
        assert w.undo_button.description == t("Undo", lang)
        assert t("Your plan", lang) in w.coach.value


def test_claim_refused_then_accepted():
    w = PlayWidget(seed=1, source=finesse_source)
    w.card_buttons["CA"].click()
    w.card_buttons["C2"].click()
    w.card_buttons["S2"].click()
    w.card_buttons["SA"].click()  # the finesse missed: 12 tricks at most
    left = 13 - len(w.session.play_.tricks)
    w.claim_tricks.value = left
    w.claim_button.click()
    assert "Claim refused" in w.message.value and not w.session.is_over
    w.claim_tricks.value = left - 1
    w.claim_button.click()
    assert "Claim accepted" in w.message.value and w.session.is_over
    assert w.session.result().declarer_tricks == 12


def test_next_deal_and_dummy_face_up():
    w = PlayWidget(seed=3)
    first = w.session.deal
    s = w.session
    assert s.play_.dummy in s.visible_seats()  # the opening lead was made by the robot
    w.next_button.click()
    assert w.session.deal != first and w.seed == 4


def test_play_app_makes_the_widget(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(tmp_path))
    w = play_app(lang="cs", seed=2)
    assert w.lang == "cs" and w.undo_button.description == t("Undo", "cs")
    assert isinstance(w.session, PlaySession)


def test_play_app_robot_level(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(tmp_path))
    assert play_app(seed=2, robot="beginner").session.robot.level == "beginner"
    assert play_app(seed=2, robot="nonsense").session.robot.level == "expert"


def test_play_app_technique_from_the_address(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAB_DATA_DIR", str(tmp_path))
    w = play_app(seed=2, technique="hold-up")
    assert "hold-up" in w.session.source.lower() or "hold" in w.session.source.lower()
    assert str(w.session.contract).startswith("3NT")
    assert "seed 2" in play_app(seed=2, technique="no-such").session.source
