"""The class app's student page without a browser: the quiz and "Play a hand" tabs, one
language for both, and played deals recorded in the student's own progress."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bridgelab.coach.practice import minibridge_deal  # noqa: E402
from bridgelab.coach.techniques import TECHNIQUES, technique_source  # noqa: E402
from bridgelab.model.cards import Seat  # noqa: E402
from bridgelab.quiz import ProgressStore  # noqa: E402
from bridgelab.text.i18n import translate  # noqa: E402
from bridgelab.widgets.classpages import PLAY, QUIZ, StudentPages  # noqa: E402


def _a(msgid, lang="en", **kw):
    return translate(msgid, lang, domain="app", **kw)


@pytest.fixture
def store(tmp_path):
    return ProgressStore(tmp_path / "p.sqlite3")


def _play_out(w):
    """Play the learner's first legal card each time until the deal is over."""
    while not w.session.is_over:
        w.click_card(w.session.legal_cards()[0])


def test_the_play_tab_is_made_when_first_opened(store):
    page = StudentPages(store=store, user="anna", seed=3)
    assert page.tabs.value == QUIZ and page.play_page is None
    assert page.children[1] is page.quiz_app
    page.tabs.value = PLAY
    assert page.play_page is not None and page.children[1] is page.play_page
    page.tabs.value = QUIZ
    assert page.children[1] is page.quiz_app


def test_minibridge_deals_by_default_and_from_a_bad_address(store):
    for deals in ("minibridge", "no-such-set"):
        page = StudentPages(store=store, user="anna", seed=5, mode=PLAY, deals=deals)
        s = page.play_page.play.session
        deal = minibridge_deal(5).deal
        assert s.deal == deal
        hcp = deal.hcp
        ns, ew = hcp[Seat.N] + hcp[Seat.S], hcp[Seat.E] + hcp[Seat.W]
        assert ns >= ew  # the side with more points declares (North-South after turning)
        assert s.contract.declarer in (Seat.N, Seat.S)


def test_choosing_a_technique_set_deals_from_it(store):
    page = StudentPages(store=store, user="anna", seed=2, mode=PLAY)
    play = page.play_page.play
    page.play_page.deals_menu.value = "finesse"
    expected = technique_source("finesse")(3)  # the next deal: seed 2 + 1
    assert (play.session.deal, play.session.contract) == (expected.deal, expected.contract)
    labels = dict((v, k) for k, v in page.play_page.deals_menu.options)
    assert labels["finesse"] == _a("Technique: {name}", name=TECHNIQUES["finesse"].title_in("en"))


def test_a_played_deal_goes_to_this_students_progress_only(store):
    page = StudentPages(store=store, user="anna", seed=4, mode=PLAY)
    play = page.play_page.play
    _play_out(play)
    plays = store.plays("anna")
    assert len(plays) == 1 and store.plays("ben") == []
    assert plays[0].tricks == play.session.result().learner_tricks
    made = int(plays[0].made)
    shown = _a("Deals played: {played}, contracts made: {made}", played=1, made=made)
    assert shown in page.play_page.summary.value


def test_one_language_for_both_tabs(store):
    said = []
    page = StudentPages(store=store, user="anna", seed=1, mode=PLAY, on_language=said.append)
    page.play_page.play.language.value = "et"  # the play widget's picker
    assert page.quiz_app.lang == "et" and said == ["et"]
    assert dict(page.tabs.options)[_a("Play a hand", "et")] == PLAY
    assert page.play_page.deals_menu.description == _a("Deals", "et")
    page.tabs.value = QUIZ
    page.quiz_app.language.value = "cs"  # the quiz's picker
    assert page.play_page.play.lang == "cs" and said == ["et", "cs"]
    assert _a("Play a hand", "cs") in dict(page.tabs.options)
