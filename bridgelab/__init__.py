"""bridgelab: learn and study contract bridge.

The engine (cards, hands, deals, evaluation, dealing, auctions, play, scoring, statistics)
imports no widget or plotting library; the quiz widgets and plots import theirs when used.
"""

from .cards import SEATS, STRAINS, SUITS, Card, Rank, Seat, Side, Strain
from .deal import Board, Deal, Vulnerability, board
from .errors import (
    BankError,
    BridgeError,
    ConstraintError,
    IllegalCall,
    IllegalCard,
    InvalidDeal,
    ParseError,
    PBNError,
)
from .evaluate import EVALUATORS, evaluate, register_evaluator, register_point_count
from .hand import Hand

__version__ = "0.1.0"

__all__ = [
    "SEATS", "STRAINS", "SUITS", "Card", "Rank", "Seat", "Side", "Strain",
    "Board", "Deal", "Vulnerability", "board", "Hand",
    "EVALUATORS", "evaluate", "register_evaluator", "register_point_count",
    "BankError", "BridgeError", "ConstraintError", "IllegalCall", "IllegalCard",
    "InvalidDeal", "ParseError", "PBNError",
]
