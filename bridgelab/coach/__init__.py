"""Card-play practice: play sessions, robots, the double-dummy coach, technique deal sets.

``PlaySession`` is the engine a learner plays against (no widget): robots play the other hands
(``Robot``: "beginner" by named simple rules, "expert" by double dummy), the coach reports on
every learner card (``CardReport``), gives hints and a plan, and the result carries the score
with its breakdown and the double-dummy tricks. ``technique_set`` deals boards that need one
technique, each checked by double dummy.
"""

from .coach import CardReport, Hint, Plan, analyse_card, hint, plan
from .practice import PracticeDeal, practice_deal
from .robots import ROBOT_LEVELS, RULES, Robot, natural_card
from .session import Claim, PlayResult, PlaySession, Step
from .solver import PositionSolver
from .techniques import TECHNIQUES, technique_deals, technique_set, technique_source
from .words import parse_card

__all__ = [
    "PlaySession",
    "PlayResult",
    "Claim",
    "Step",
    "Robot",
    "ROBOT_LEVELS",
    "RULES",
    "natural_card",
    "CardReport",
    "Hint",
    "Plan",
    "analyse_card",
    "hint",
    "plan",
    "PositionSolver",
    "PracticeDeal",
    "practice_deal",
    "TECHNIQUES",
    "technique_deals",
    "technique_set",
    "technique_source",
    "parse_card",
]
