"""What to practise next: a spaced-repetition schedule over kinds of question, per learner.

Each question generator is one "card" of FSRS (the Free Spaced Repetition Scheduler, the
``fsrs`` package): a learner's answers to its questions, replayed from the progress store, are
its reviews (right = Good, wrong = Again). A kind answered wrong comes back after a minute, then
ten, then at FSRS's growing intervals once it is answered right; a kind never asked comes
before one that is not due yet. Each time, the question is new (a new seed) but of the kind
that is due, so the learner practises the idea, not one memorised deal.

    >>> plan = PracticeScheduler()
    >>> plan.next_kind(store, "anna", topics=["hcp", "losers"])     # doctest: +SKIP
    'gen:losers.count'
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import numpy as np

from ..model.errors import BridgeError
from .core import generators_for
from .progress import ProgressStore
from .session import QuizSession

__all__ = ["PracticeScheduler", "PracticeSession"]


def _fsrs():
    try:
        import fsrs
    except ImportError:  # pragma: no cover - fsrs is in the app extra
        raise BridgeError(
            "'what to practise next' needs the fsrs package: pip install 'bridgelab[app]'"
        ) from None
    return fsrs


def _when(t: float) -> datetime:
    return datetime.fromtimestamp(float(t), tz=UTC)


class PracticeScheduler:
    """FSRS over the kinds of question (the generators) of the chosen topics and level."""

    def __init__(self, desired_retention: float = 0.9):
        fsrs = _fsrs()
        self._fsrs = fsrs
        self.scheduler = fsrs.Scheduler(desired_retention=desired_retention, enable_fuzzing=False)

    def cards(self, store: ProgressStore, user: str) -> dict:
        """Each kind of question ``user`` has answered -> its FSRS card after their answers."""
        fsrs = self._fsrs
        cards: dict = {}
        for a in store.answers(user):
            source = a["source"]
            if not source.startswith("gen:"):
                continue
            card = cards.get(source) or fsrs.Card()
            rating = fsrs.Rating.Good if a["correct"] else fsrs.Rating.Again
            cards[source], _ = self.scheduler.review_card(
                card, rating, review_datetime=_when(a["answered_at"])
            )
        return cards

    def kinds(self, topics=None, level=None) -> list[str]:
        """The kinds a practice can draw from: ``gen:<name>`` of each generator of the topics."""
        return [f"gen:{g.name}" for g in generators_for(topics, level)]

    def next_kind(
        self,
        store: ProgressStore,
        user: str,
        topics=None,
        level=None,
        now: "float | None" = None,
        rng: "np.random.Generator | None" = None,
    ) -> str:
        """The kind to ask next: the most overdue, else one never asked, else the soonest due."""
        kinds = self.kinds(topics, level)
        if not kinds:
            raise BridgeError(f"no questions for topics {topics} at level {level}")
        now_dt = _when(time.time() if now is None else now)
        cards = self.cards(store, user)
        studied = [(cards[k].due, k) for k in kinds if k in cards]
        due = sorted(d for d in studied if d[0] <= now_dt)
        if due:
            return due[0][1]
        new = [k for k in kinds if k not in cards]
        if new:
            return new[int(rng.integers(len(new)))] if rng is not None else new[0]
        return min(studied)[1]

    def next_topic(self, store: ProgressStore, user: str, topics=None, level=None) -> "str | None":
        """The topic of the kind to ask next (for "Next for you: ..."), None if there is none."""
        try:
            kind = self.next_kind(store, user, topics, level)
        except BridgeError:
            return None
        from .core import GENERATORS

        return GENERATORS[kind[4:]].topic

    def session(
        self, store, user: str, lang: str = "en", topics=None, level=None, banks=None, seed=None
    ) -> "PracticeSession":
        """A quiz that asks, each time, a new question of the kind that is due."""
        if store is None:
            raise BridgeError(
                "'what to practise next' needs a progress store: it reads the learner's answers"
            )
        return PracticeSession(self, topics=topics, level=level, lang=lang, seed=seed, store=store, user=user)


class PracticeSession(QuizSession):
    """A QuizSession whose next question is of the kind the scheduler says is due."""

    def __init__(self, scheduler: PracticeScheduler, **kwargs):
        self.scheduler = scheduler
        super().__init__(**kwargs)

    def _draw(self) -> tuple[str, int | None]:
        kind = self.scheduler.next_kind(self.store, self.user, self.topics, self.level, rng=self._rng)
        return kind, int(self._rng.integers(2**62))
