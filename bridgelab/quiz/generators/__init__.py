"""The built-in question generators. Importing this package registers them: hand evaluation,
auctions, scoring, and the bidding system's opening, response and fit questions."""

from . import auctions, hands, scoring  # noqa: F401
from ...system import quizzes  # noqa: F401  (registers opening / response / fit)
