"""The built-in question generators. Importing this package registers them: hand evaluation,
auctions, scoring, and the bidding system's opening, response and fit questions."""

from . import auctions, bidding, hands, scoring  # noqa: F401
