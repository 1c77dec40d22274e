"""The built-in question generators, loaded by the quiz registry (``bridgelab.quiz.core.GENERATORS``) on its first read: hand evaluation,
auctions, scoring, and the bidding system's opening, response and fit questions."""

from . import auctions, hands, scoring  # noqa: F401
from ...system import quizzes  # noqa: F401  (registers opening / response / fit)
