"""Question, Feedback and the registry of question generators. No UI here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..model.errors import BridgeError
from ..model.registry import Registry

__all__ = [
    "Question",
    "Feedback",
    "KINDS",
    "TOPICS",
    "GENERATORS",
    "Generator",
    "register_generator",
    "generators_for",
    "TOPIC_GROUPS",
    "expand_topics",
]

KINDS = ("choice", "call", "number", "seat", "yesno", "text")

def _load_builtin_generators() -> None:
    """Register the built-in generators (hands, auctions, scoring, the bidding system's quizzes).

    Called by the registries themselves on their first read: ``GENERATORS`` and ``TOPICS`` are
    full whenever anything looks at them, and importing a module changes neither.
    """
    from . import generators  # noqa: F401  (the modules register their generators as they load)


_BUILTIN_TOPICS = {
    "legality": "is this call legal here, and why not; pick a legal call",
    "tricks": "how many tricks a contract needs",
    "declarer": "who is declarer, who is dummy, who makes the opening lead",
    "duplicate-scoring": "what a contract scores in duplicate",
    "rubber-scoring": "where the points go in rubber bridge: below or above the line, for whom",
    "hcp": "high-card points",
    "honour-tricks": "Culbertson's honour tricks",
    "quick-tricks": "quick (defensive) tricks",
    "losers": "losing trick count",
    "pattern": "the hand pattern, longest suit first",
    "balanced": "is the hand balanced",
}
TOPICS: Registry = Registry("TOPICS", _load_builtin_generators)
"""topic id -> what it asks (the built-in topics, the bidding system's, and any registered)."""
TOPICS.update(_BUILTIN_TOPICS)


TOPIC_GROUPS: dict[str, tuple[str, ...]] = {
    "scoring": ("duplicate-scoring", "rubber-scoring"),
    "auction": ("legality", "tricks", "declarer"),
    "evaluation": ("hcp", "honour-tricks", "quick-tricks", "losers", "pattern", "balanced"),
}
"""Names for several topics at once: ``--topic scoring`` asks duplicate and rubber scoring."""


def expand_topics(topics) -> "list[str] | None":
    """Topic ids with the group names (scoring, auction, evaluation) replaced by their topics."""
    if topics is None:
        return None
    if isinstance(topics, str):
        topics = [topics]
    out: list[str] = []
    for t in topics:
        for x in TOPIC_GROUPS.get(t, (t,)):
            if x not in out:
                out.append(x)
    return out


@dataclass
class Question:
    """One question: what to ask, what to show, the right answer and why. No UI in it.

    ``answer`` is canonical: a str for choice/call/seat/yesno/text ("4S", "N", "yes"), an int
    or float for number. ``explanation`` is built from the engine in the question's language.
    ``source`` and ``seed`` say how to make the same question again (in any language).
    """

    id: str
    topic: str
    level: int
    kind: str
    prompt: str
    answer: Any
    show: Any = None
    choices: list[str] = field(default_factory=list)
    auction: Any = None
    grey_illegal: bool = False
    explanation: str = ""
    lang: str = "en"
    source: str = ""
    seed: int | None = None
    accept: Callable[[Any], bool] | None = field(default=None, repr=False, compare=False)
    """For questions with more than one right answer: called with the parsed answer."""
    answer_text: str = ""
    """The answer as shown to the learner (localized); the session fills it when empty."""
    data: dict = field(default_factory=dict)
    """Facts the question rests on, for tests and notebooks (contract, tricks, hand, ...)."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise BridgeError(f"{self.kind!r} is not a kind of question: use one of {', '.join(KINDS)}")
        if not isinstance(self.level, int) or not 1 <= self.level <= 3:
            raise BridgeError(f"a question's level is 1, 2 or 3, not {self.level!r}")
        if self.kind == "choice" and self.answer not in self.choices:
            raise BridgeError(f"the answer {self.answer!r} is not one of the choices {self.choices!r}")

    def __str__(self) -> str:
        lines = [self.prompt]
        if self.show is not None:
            lines.append(str(self.show))
        if self.kind in ("choice", "seat", "yesno") and self.choices:
            lines += [f"  {i + 1}. {c}" for i, c in enumerate(self.choices)]
        return "\n".join(lines)


@dataclass
class Feedback:
    """What the session says about an answer."""

    correct: bool
    given: str
    expected: str
    explanation: str
    question_id: str = ""
    understood: bool = True
    """False when the answer could not be read at all (it still counts as wrong)."""

    def __str__(self) -> str:
        return self.explanation


@dataclass(frozen=True)
class Generator:
    """A registered question maker: ``fn(rng, lang) -> Question``."""

    name: str
    topic: str
    level: int
    fn: Callable
    weight: float = 1.0


GENERATORS: Registry = Registry("GENERATORS", _load_builtin_generators)
"""generator name -> Generator: the built-in ones load on the first read of the registry."""


def register_generator(topic: str, level: int = 1, *, name: str | None = None, weight: float = 1.0,
                       description: str | None = None):
    """Decorator: register ``fn(rng: numpy.random.Generator, lang: str) -> Question`` under a topic.

    A new topic is added to ``TOPICS`` (with ``description`` or the function's docstring).
    The generator must make the same question from the same random state, in any language.
    """
    if not isinstance(level, int) or not 1 <= level <= 3:
        raise BridgeError(f"a generator's level is 1, 2 or 3, not {level!r}")

    def deco(fn):
        gname = name or f"{topic}.{fn.__name__}"
        if topic not in TOPICS:
            TOPICS[topic] = description or (fn.__doc__ or topic).strip().splitlines()[0]
        GENERATORS[gname] = Generator(gname, topic, level, fn, float(weight))
        return fn

    return deco


def generators_for(topics=None, level=None) -> list[Generator]:
    """Registered generators of ``topics`` (None = all) up to ``level`` (None = all)."""
    topics = expand_topics(topics)
    if topics is not None:
        unknown = [t for t in topics if t not in TOPICS]
        if unknown:
            raise BridgeError(
                f"unknown topic {', '.join(map(repr, unknown))}: known topics are {', '.join(TOPICS)} "
                f"(or the groups {', '.join(TOPIC_GROUPS)})"
            )
    out = [
        g for g in GENERATORS.values()
        if (topics is None or g.topic in topics) and (level is None or g.level <= int(level))
    ]
    return out
