"""The built-in question generators: hand evaluation, auctions, scoring, and the bidding system's
opening, response and fit questions. The quiz's registry (``bridgelab.quiz.core.GENERATORS``)
imports this package on its first read; nothing else needs to."""

from . import auctions, bidding, hands, scoring  # noqa: F401
