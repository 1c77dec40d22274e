"""The shape of the package: public names, old module paths, layers and no import cycles."""

from __future__ import annotations

import importlib
import sys

import pytest

import bridgelab as bl

# Every name the first release documented (README, DESIGN.md's public surface), by hand: a
# name that stops resolving breaks someone's notebook.
PUBLIC = """SEATS STRAINS SUITS Card Rank Seat Side Strain ALL_BIDS DOUBLE PASS REDOUBLE Call Contract
Board Deal Vulnerability board Hand EVALUATORS register_evaluator register_point_count deal
BankError BridgeError ConstraintError IllegalCall IllegalCard InvalidDeal ParseError PBNError
Auction Play Trick trick_winner score score_breakdown ScoreBreakdown imps matchpoints
matchpoint_table RubberScoresheet ChicagoScoresheet deals deal_batch deal_frame iter_batches
DealBatch study Study hand_probability pattern_table hcp_table suit_split QuizSession
ProgressStore advise System PracticeTable parse_constraint Constraint parse_predeal DealRecord
read_deals Lesson make_lesson""".split()

OLD_MODULES = ["stats", "scoring", "rubber", "auction", "play", "lang", "pbn", "lesson", "handout",
               "dd", "plots", "display", "evaluate", "cards", "contract", "hand", "errors",
               "constraints", "teacher", "cli", "quiz", "system"]


@pytest.mark.parametrize("name", sorted(set(PUBLIC) | set(bl.__all__)))
def test_every_public_name_resolves(name):
    assert getattr(bl, name) is not None


@pytest.mark.parametrize("name", OLD_MODULES)
def test_old_module_paths_import_the_moved_module(name):
    by_attribute = getattr(bl, name)
    by_import = importlib.import_module(f"bridgelab.{name}")
    assert by_import is by_attribute
    assert by_import.__name__.startswith("bridgelab.")
    # the module keeps its own name, so its relative imports and pickles still work
    assert by_import.__spec__.name == by_import.__name__


def test_old_widget_path_imports_the_widget_module():
    old = importlib.import_module("bridgelab.quiz.widgets")
    assert old is importlib.import_module("bridgelab.widgets.quiz")
    assert callable(old.quiz)


def test_deal_stays_the_function():
    importlib.import_module("bridgelab.model.deal")
    assert callable(bl.deal) and not isinstance(bl.deal, type(sys))
    assert isinstance(bl.deal(seed=1), bl.Deal)


def test_help_names_every_module_of_the_package():
    """``dir(bridgelab)`` offers the layers and the public names (tab completion in a notebook)."""
    listed = set(dir(bl))
    assert {"model", "rules", "render", "stats", "Auction", "score"} <= listed
