"""A declared beginner bidding system as data, advice with reasons, quizzes and a practice table.

    >>> from bridgelab.system import advise, System
    >>> advise("AK4.Q93.KJ52.Q97").reason
    '15 HCP, 4-3-3-3 balanced: open 1NT'

The system itself is ``sayc.toml`` beside this file (beginner Standard American, from the
ACBL's Standard American Yellow Card); ``System.load(path, **options)`` reads another.
Its quizzes (opening, response, fit) are question generators of ``bridgelab.quiz``.
"""

from .advice import Advice, Considered, advise
from .engine import DEFAULT_PATH, SECTIONS, Rule, System, SystemFileError, default_system
from .practice import PracticeResult, PracticeTable, system_auction

__all__ = [
    "Advice",
    "Considered",
    "advise",
    "System",
    "Rule",
    "SystemFileError",
    "SECTIONS",
    "DEFAULT_PATH",
    "default_system",
    "PracticeTable",
    "PracticeResult",
    "system_auction",
]
