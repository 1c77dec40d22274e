"""Practice hands dealt for a lesson: each lesson is a constraint on the hands it is about.

A lesson's constraint is a vectorised test over a DealBatch (HCP and suit lengths per seat),
handed to ``bridgelab.dealing.dealer``, so the hands are uniform over the hands that fit. The near misses a teacher wants are lessons of their own:
11 and 12 HCP, 14 and 18 HCP balanced beside 15 and 17, a balanced hand with a five-card major.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..dealing.dealer import DealBatch, deal_batch
from ..model.cards import Seat
from ..model.deal import Deal
from ..model.errors import ConstraintError

__all__ = ["Lesson", "OPENING_LESSONS", "RESPONSE_LESSONS", "FIT_LESSONS", "deal_for", "hand_for"]


Where = Callable[[DealBatch, int], np.ndarray]
"""A lesson's test: (a DealBatch, seat index) -> boolean mask of the deals that fit."""


@dataclass(frozen=True)
class Lesson:
    """A named kind of practice hand: what it teaches and the constraint on the seat's hand."""

    name: str
    about: str
    where: Where
    weight: float = 1.0


S, H, D, C = 0, 1, 2, 3


def _hcp_in(*values: int) -> Where:
    return lambda f, s: np.isin(f.hcp[:, s], values)


def _and(*tests: Where) -> Where:
    def test(f, s):
        out = np.ones(len(f.hcp), dtype=bool)
        for t in tests:
            out &= t(f, s)
        return out

    return test


def _any(f, s=None):
    return np.ones(len(f.hcp), dtype=bool)


def _bal(f, s):
    return f.balanced[:, s]


def _five_major(f, s):
    return (f.shape[:, s, S] >= 5) | (f.shape[:, s, H] >= 5)


def _no_five_major(f, s):
    return ~_five_major(f, s)


def _six_suit(f, s):
    return (f.shape[:, s, :3] == 6).any(axis=1)


def _majors(a: int, b: int) -> Where:
    return lambda f, s: (f.shape[:, s, S] == a) & (f.shape[:, s, H] == b)


OPENING_LESSONS: tuple[Lesson, ...] = (
    Lesson("11 or 12 HCP", "the 12 HCP line between passing and opening", _hcp_in(11, 12), 2.0),
    Lesson(
        "1NT boundary",
        "balanced with 14, 15, 17 or 18 HCP: just inside or outside 1NT",
        _and(_bal, _hcp_in(14, 15, 16, 17, 18)),
        2.0,
    ),
    Lesson(
        "balanced with a five-card major",
        "5-3-3-2 with five hearts or spades, 12-19 HCP",
        _and(_bal, _five_major, _hcp_in(*range(12, 20))),
        1.5,
    ),
    Lesson(
        "both majors",
        "4-4 or 5-5 in the majors (or 5-4), 12-19 HCP",
        _and(lambda f, s: (f.shape[:, s, S] >= 4) & (f.shape[:, s, H] >= 4), _hcp_in(*range(12, 20))),
        1.0,
    ),
    Lesson(
        "a minor",
        "no five-card major, 12-19 HCP, not 1NT: which minor?",
        _and(_no_five_major, _hcp_in(12, 13, 14, 18, 19)),
        1.5,
    ),
    Lesson(
        "weak two",
        "a six-card suit and 4-12 HCP: the weak-two range and its edges",
        _and(_six_suit, _hcp_in(*range(4, 13))),
        1.0,
    ),
    Lesson("strong hands", "20-23 HCP: 2NT or 2♣", _hcp_in(20, 21, 22, 23), 1.0),
    Lesson("any hand", "a hand as it comes", _any, 1.0),
)

RESPONSE_LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "support for a major", "three or four cards in partner's major, 4-14 HCP", _hcp_in(*range(4, 15)), 2.0
    ),
    Lesson("5 or 6 HCP", "the 6 HCP line between passing and responding", _hcp_in(5, 6), 1.0),
    Lesson("any responding hand", "a hand as it comes", _any, 1.0),
)

FIT_LESSONS: tuple[Lesson, ...] = (
    Lesson("seven or eight", "seven or eight cards together: just short of or just a fit", None, 2.0),
    Lesson("any suit", "a suit as it comes", None, 1.0),
)


def _pick(rng, lessons):
    w = np.array([l.weight for l in lessons], dtype=float)
    return lessons[int(rng.choice(len(lessons), p=w / w.sum()))]


def deal_for(
    rng: np.random.Generator,
    test: Callable[[DealBatch], np.ndarray],
    accept: Callable[[Deal], bool] | None = None,
    batch: int = 16,
    tries: int = 100,
) -> Deal:
    """A random deal that passes the vectorised ``test`` (through ``bridgelab.dealing.dealer``) and then
    ``accept``, checked one deal at a time. The deal depends only on the state of ``rng``."""
    for _ in range(tries):
        for d in deal_batch(batch, seed=int(rng.integers(2**63)), where=test):
            if accept is None or accept(d):
                return d
    raise ConstraintError(f"no deal fitted the lesson in {tries * batch} deals that met its constraint")


def hand_for(rng: np.random.Generator, lesson: Lesson, seat: Seat = Seat.S) -> Deal:
    """A deal in which ``seat`` holds a hand of ``lesson``."""
    s = int(seat)
    return deal_for(rng, lambda f: lesson.where(f, s))
