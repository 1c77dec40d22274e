"""The package's own exceptions: each message says what was wrong and what is allowed.

The rulings of the laws (:class:`IllegalCall`, :class:`IllegalCard`) and the errors of files
(:class:`PBNError`) carry their facts as fields declared in the constructor, so a program (a
quiz, a translated explanation) reads ``code``, ``call``, ``legal`` or ``line`` instead of the
words. ``with_message`` gives the same error with other words (a prefix, another language).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "BridgeError",
    "ParseError",
    "PBNError",
    "InvalidDeal",
    "IllegalCall",
    "IllegalCard",
    "ConstraintError",
    "BankError",
    "PBNWarning",
    "ProgressError",
]


class BridgeError(ValueError):
    """Base of every error bridgelab raises on bad input."""

    _fields: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """The words of the error (``str(error)``)."""
        return str(self.args[0]) if self.args else ""

    def with_message(self, message: str) -> "BridgeError":
        """The same error (same class, same fields) with other words."""
        return type(self)(message, **{name: getattr(self, name) for name in self._fields})


class ParseError(BridgeError):
    """Text that could not be read as a card, seat, strain, call, contract or number."""


class PBNError(ParseError):
    """A hand, deal or file in Portable Bridge Notation that could not be read.

    ``line`` is the line of the file where the problem is (None for a hand or deal read alone).
    """

    _fields = ("line",)

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


class InvalidDeal(PBNError):
    """Four hands that are not 52 different cards, 13 to each hand."""


class _Ruling(BridgeError):
    """A ruling of the laws: ``code`` names it, ``facts`` are the arguments its wording uses."""

    def __init__(
        self, message: str, *, code: str | None = None, facts: "Mapping[str, Any] | None" = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.facts = dict(facts or {})


class IllegalCall(_Ruling):
    """A call that the laws do not allow at this point of the auction.

    ``code`` is one of ``bridgelab.rules.auction.ILLEGAL_CALL_CODES``; ``call`` the call refused,
    ``last_bid`` the last bid then (None before any bid), ``legal`` the calls allowed instead.
    """

    _fields = ("code", "call", "last_bid", "legal", "facts")

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        call: Any = None,
        last_bid: Any = None,
        legal: Sequence[Any] = (),
        facts: "Mapping[str, Any] | None" = None,
    ) -> None:
        super().__init__(message, code=code, facts=facts)
        self.call = call
        self.last_bid = last_bid
        self.legal = list(legal)


class IllegalCard(_Ruling):
    """A card that may not be played now (revoke, wrong turn, not held).

    ``code`` is one of ``bridgelab.rules.play.ILLEGAL_CARD_CODES``; ``card`` the card refused,
    ``seat`` the hand whose turn it is, ``legal`` the cards it may play.
    """

    _fields = ("code", "card", "seat", "legal", "facts")

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        card: Any = None,
        seat: Any = None,
        legal: Sequence[Any] = (),
        facts: "Mapping[str, Any] | None" = None,
    ) -> None:
        super().__init__(message, code=code, facts=facts)
        self.card = card
        self.seat = seat
        self.legal = list(legal)


class ConstraintError(BridgeError):
    """A dealing constraint that cannot be read, cannot be met, or was not met in time."""


class BankError(BridgeError):
    """A quiz bank file that does not follow the documented format."""


class PBNWarning(UserWarning):
    """Part of a PBN or LIN file that a lenient read could not take; the rest of the file is read.
    The message names the file, the line and the game; ``strict=True`` raises PBNError instead."""


class ProgressError(BridgeError):
    """The progress database cannot be opened, read or written (busy, full, read-only, damaged).

    ``code`` says which fault (one of ``bridgelab.quiz.progress.PROGRESS_ERROR_CODES``), so a
    widget can say it in the learner's language; ``path`` is the file.
    """

    _fields = ("code", "path")

    def __init__(self, message: str, *, code: str | None = None, path: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.path = path
