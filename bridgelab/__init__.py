"""bridgelab: learn and study contract bridge.

The engine (cards, hands, deals, evaluation, dealing, auctions, play, scoring, statistics)
imports no widget or plotting library. The card model is imported at once; everything else is
loaded the first time a name is used (``bl.score``, ``bl.deals``, ...), so ``import bridgelab``
stays fast.
"""

from importlib import import_module

from .cards import SEATS, STRAINS, SUITS, Card, Rank, Seat, Side, Strain
from .contract import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call, Contract
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
from .evaluate import EVALUATORS, register_evaluator, register_point_count
from .hand import Hand

__version__ = "0.1.0"

# name -> module that defines it, loaded on first use
_LAZY = {
    "Auction": "auction",
    "Play": "play", "Trick": "play", "trick_winner": "play",
    "score": "scoring", "score_breakdown": "scoring", "ScoreBreakdown": "scoring",
    "imps": "scoring", "matchpoints": "scoring", "matchpoint_table": "scoring",
    "RubberScoresheet": "rubber", "ChicagoScoresheet": "rubber",
    "deals": "dealing", "deal_batch": "dealing", "deal_frame": "dealing",
    "iter_batches": "dealing", "DealBatch": "dealing",
    "study": "stats", "Study": "stats", "hand_probability": "stats", "pattern_table": "stats",
    "hcp_table": "stats", "suit_split": "stats",
    "QuizSession": "quiz", "ProgressStore": "quiz",
    "advise": "system", "System": "system", "PracticeTable": "system",
    "parse_constraint": "constraints", "Constraint": "constraints", "parse_predeal": "dealing",
    "DealRecord": "pbn", "read_deals": "pbn", "Lesson": "lesson", "make_lesson": "lesson",
}
# ``bridgelab.evaluate`` is the module (evaluate a hand with ``hand.evaluate(name)``).
_SUBMODULES = {"stats", "scoring", "rubber", "dealing", "auction", "play", "lang", "quiz", "pbn",
               "lesson", "handout", "system", "dd", "plots", "display", "evaluate"}

__all__ = [
    "SEATS", "STRAINS", "SUITS", "Card", "Rank", "Seat", "Side", "Strain",
    "ALL_BIDS", "DOUBLE", "PASS", "REDOUBLE", "Call", "Contract",
    "Board", "Deal", "Vulnerability", "board", "Hand",
    "EVALUATORS", "register_evaluator", "register_point_count",
    "deal", "BankError", "BridgeError", "ConstraintError", "IllegalCall", "IllegalCard",
    "InvalidDeal", "ParseError", "PBNError",
    *_LAZY,
]


def deal(seed=None, where=None, predeal=None) -> Deal:
    """One random Deal, optionally constrained or predealt (see ``bridgelab.dealing.deal``).

    Defined here because the name ``bridgelab.deal`` would otherwise be the module that holds
    Deal and Board.
    """
    from .dealing import deal as _deal

    return _deal(seed=seed, where=where, predeal=predeal)


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
    elif name in _SUBMODULES:
        value = import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module 'bridgelab' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__) | _SUBMODULES)
