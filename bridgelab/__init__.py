"""bridgelab: learn and study contract bridge.

The engine (cards, hands, deals, evaluation, dealing, auctions, play, scoring, statistics)
imports no widget or plotting library. The card model is imported at once; everything else is
loaded the first time a name is used (``bl.score``, ``bl.deals``, ...), so ``import bridgelab``
stays fast.
"""

import importlib.abc
import importlib.util
import sys
from importlib import import_module

from .model.cards import SEATS, STRAINS, SUITS, Card, Rank, Seat, Side, Strain
from .model.contract import ALL_BIDS, DOUBLE, PASS, PASSED_OUT, REDOUBLE, Call, Contract, PassedOut
from .model.deal import Board, Deal, Vulnerability, board
from .model.errors import (
    BankError,
    BridgeError,
    ConstraintError,
    IllegalCall,
    IllegalCard,
    InvalidDeal,
    ParseError,
    PBNError,
    PBNWarning,
    ProgressError,
)
from .model.evaluate import EVALUATORS, register_evaluator, register_point_count, unregister_evaluator
from .model.hand import Hand

__version__ = "0.1.0"

# name -> module that defines it, loaded on first use
_LAZY = {
    "Auction": "rules.auction",
    "Play": "rules.play",
    "Trick": "rules.play",
    "trick_winner": "rules.play",
    "score": "rules.scoring",
    "score_breakdown": "rules.scoring",
    "ScoreBreakdown": "rules.scoring",
    "imps": "rules.scoring",
    "matchpoints": "rules.scoring",
    "matchpoint_table": "rules.scoring",
    "neuberg": "rules.scoring",
    "RubberScoresheet": "rules.rubber",
    "ChicagoScoresheet": "rules.rubber",
    "deal_frame": "dealing.dealer",
    "iter_batches": "dealing.dealer",
    "DealBatch": "dealing.dealer",
    "study": "analysis.stats",
    "Study": "analysis.stats",
    "hand_probability": "analysis.stats",
    "pattern_table": "analysis.stats",
    "hcp_table": "analysis.stats",
    "suit_split": "analysis.stats",
    "QuizSession": "quiz",
    "ProgressStore": "quiz",
    "PracticeScheduler": "quiz.schedule",
    "StudentApp": "widgets.student",
    "StudentPages": "widgets.classpages",
    "ProgressView": "widgets.progress",
    "Classroom": "app",
    "advise": "system",
    "System": "system",
    "PracticeTable": "system",
    "auction_constraint": "system.auctions",
    "AuctionConstraint": "system.auctions",
    "parse_constraint": "dealing.constraints",
    "Constraint": "dealing.constraints",
    "parse_predeal": "dealing.dealer",
    "run_dealer_script": "analysis.scripts",
    "parse_dealer_script": "dealing.dealerlang",
    "DealRecord": "io.pbn",
    "read_deals": "io.pbn",
    "write_deals": "io.pbn",
    "Lesson": "io.lesson",
    "make_lesson": "io.lesson",
    "parse_range": "text.notation",
    "parse_shape": "text.notation",
    "PlaySession": "coach",
    "Robot": "coach",
    "technique_set": "coach",
    "technique_deals": "coach",
    "practice_deal": "coach",
}
# The modules users reach as ``bridgelab.<name>`` (``from bridgelab import stats``,
# ``import bridgelab.pbn``), at their place in the layers. ``bridgelab.deal`` stays the function.
_MODULES = {
    "cards": "model.cards",
    "contract": "model.contract",
    "hand": "model.hand",
    "evaluate": "model.evaluate",
    "errors": "model.errors",
    "lang": "text.terms",
    "i18n": "text.i18n",
    "notation": "text.notation",
    "auction": "rules.auction",
    "play": "rules.play",
    "scoring": "rules.scoring",
    "rubber": "rules.rubber",
    "constraints": "dealing.constraints",
    "stats": "analysis.stats",
    "dd": "analysis.dd",
    "plots": "analysis.plots",
    "pbn": "io.pbn",
    "lin": "io.lin",
    "lesson": "io.lesson",
    "handout": "io.handout",
    "display": "render.display",
    "teacher": "widgets.teacher",
    "cli": "commands.main",
}
# Layers and applications, importable as they are.
_SUBMODULES = {
    "model",
    "text",
    "rules",
    "dealing",
    "analysis",
    "io",
    "render",
    "system",
    "coach",
    "quiz",
    "widgets",
    "commands",
    "app",
}
# Old dotted paths that are not a top-level name.
_ALIASES = {
    "bridgelab.quiz.widgets": "bridgelab.widgets.quiz",
    **{f"bridgelab.{k}": f"bridgelab.{v}" for k, v in _MODULES.items()},
}


_MODULE_ATTRS = ("__name__", "__spec__", "__loader__", "__package__", "__file__")


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """``import bridgelab.stats`` finds ``bridgelab.analysis.stats``: the same module object."""

    def find_spec(self, name, path=None, target=None):
        if name in _ALIASES:
            return importlib.util.spec_from_loader(name, self)
        return None

    def create_module(self, spec):
        module = import_module(_ALIASES[spec.name])
        self._saved = {k: getattr(module, k) for k in _MODULE_ATTRS}
        return module

    def exec_module(self, module):
        # the import system stamps the alias onto the module; give it back its own name
        for k, v in self._saved.items():
            setattr(module, k, v)


if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
    sys.meta_path.append(_AliasFinder())

__all__ = [
    "SEATS",
    "STRAINS",
    "SUITS",
    "Card",
    "Rank",
    "Seat",
    "Side",
    "Strain",
    "ALL_BIDS",
    "DOUBLE",
    "PASS",
    "PASSED_OUT",
    "REDOUBLE",
    "Call",
    "Contract",
    "PassedOut",
    "Board",
    "Deal",
    "Vulnerability",
    "board",
    "Hand",
    "EVALUATORS",
    "register_evaluator",
    "register_point_count",
    "unregister_evaluator",
    "deal",
    "deals",
    "deal_batch",
    "make_lesson",
    "BankError",
    "BridgeError",
    "ConstraintError",
    "IllegalCall",
    "IllegalCard",
    "InvalidDeal",
    "ParseError",
    "PBNError",
    "PBNWarning",
    "ProgressError",
    *_LAZY,
]


def _where(where, system=None):
    """``where`` for the dealer: an auction phrase ("N opens 1NT") becomes the bidding system's
    constraint object (bridgelab.system.auctions), which the dealer takes as a function of a
    batch; anything else goes to the dealer as it is. This routing lives here, above every
    layer, because the dealer (below the system) must not know about bidding."""
    if isinstance(where, str):
        # loaded by name, as the lazy names are: the package itself sits above every layer
        return import_module(".system.auctions", __name__).auction_where(where, system)
    if isinstance(where, (list, tuple)):
        return type(where)(_where(w, system) for w in where)
    return where


def deal(seed=None, where=None, predeal=None, system=None) -> Deal:
    """One random Deal, optionally constrained or predealt (see ``bridgelab.dealing.deal``).

    Defined here because the name ``bridgelab.deal`` would otherwise be the module that holds
    Deal and Board. ``where`` may say how the auction goes ("N opens 1NT"), bid by ``system``.
    """
    from .dealing.dealer import deal as _deal

    return _deal(seed=seed, where=_where(where, system), predeal=predeal)


def deals(n: int, seed=None, where=None, predeal=None, progress=None, system=None, **kw):
    """``n`` random Deals meeting ``where`` (see ``bridgelab.dealing.dealer.deals``); ``where``
    may also say how the auction goes: "N opens 1NT", "S responds 2C to 1NT", "E overcalls",
    "nobody opens before N; dealer E" (bid by ``system``: "sayc", "acol" or a System)."""
    _deals = import_module(".dealing.dealer", __name__).deals
    return _deals(n, seed=seed, where=_where(where, system), predeal=predeal, progress=progress, **kw)


def deal_batch(n: int, seed=None, where=None, predeal=None, system=None, **kw):
    """``n`` random deals as a DealBatch (see ``bridgelab.dealing.dealer.deal_batch``); ``where``
    may say how the auction goes, as for ``deals``."""
    _deal_batch = import_module(".dealing.dealer", __name__).deal_batch
    return _deal_batch(n, seed=seed, where=_where(where, system), predeal=predeal, **kw)


def make_lesson(where=None, n=None, seed=None, *, system=None, **kw):
    """A lesson set (see ``bridgelab.io.lesson.make_lesson``); ``where`` may say how the auction
    goes ("N opens 1NT"): each board is then dealt for its own dealer, so with a dealer rotation
    the lesson's opening really comes first on every board."""
    _make_lesson = import_module(".io.lesson", __name__).make_lesson
    if kw.get("title") is None and isinstance(where, str):
        kw["title"] = f"Lesson: {where}"
    return _make_lesson(_where(where, system), n, seed, **kw)


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
    elif name in _MODULES:
        value = import_module(f".{_MODULES[name]}", __name__)
    elif name in _SUBMODULES:
        value = import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module 'bridgelab' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__) | set(_MODULES) | _SUBMODULES)
