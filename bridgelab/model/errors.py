"""The package's own exceptions: each message says what was wrong and what is allowed."""

from __future__ import annotations

__all__ = [
    "BridgeError",
    "ParseError",
    "PBNError",
    "InvalidDeal",
    "IllegalCall",
    "IllegalCard",
    "ConstraintError",
    "BankError",
    "ProgressError",
]


class BridgeError(ValueError):
    """Base of every error bridgelab raises on bad input."""


class ParseError(BridgeError):
    """Text that could not be read as a card, seat, strain, call, contract or number."""


class PBNError(ParseError):
    """A hand, deal or file in Portable Bridge Notation that could not be read."""


class InvalidDeal(PBNError):
    """Four hands that are not 52 different cards, 13 to each hand."""


class IllegalCall(BridgeError):
    """A call that the laws do not allow at this point of the auction."""


class IllegalCard(BridgeError):
    """A card that may not be played now (revoke, wrong turn, not held)."""


class ConstraintError(BridgeError):
    """A dealing constraint that cannot be read, cannot be met, or was not met in time."""


class BankError(BridgeError):
    """A quiz bank file that does not follow the documented format."""


class ProgressError(BridgeError):
    """The progress database cannot be opened, read or written (busy, full, read-only, damaged)."""
