"""Question, Feedback and the registry of question generators. No UI here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
    "finish_question",
]

KINDS = ("choice", "call", "number", "seat", "yesno", "text")

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
TOPICS: Registry = Registry("TOPICS")
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


GENERATORS: Registry = Registry("GENERATORS")
"""generator name -> Generator: the built-in ones are registered when ``bridgelab.quiz`` loads."""


def register_generator(
    topic: str,
    level: int = 1,
    *,
    name: str | None = None,
    weight: float = 1.0,
    description: str | None = None,
):
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
        g
        for g in GENERATORS.values()
        if (topics is None or g.topic in topics) and (level is None or g.level <= int(level))
    ]
    return out


def finish_question(q: "Question", lang: str) -> "Question":
    """Fill what a widget needs: localized choices for seats and yes/no, the answer as shown.

    Every question passes here, made by a generator or read from a bank."""
    from ..model.cards import SEATS
    from ..text.words import seat_name, yes_no

    q.lang = lang
    q.prompt = _capital(q.prompt)
    q.explanation = "\n".join(_capital(line) for line in q.explanation.splitlines())
    if q.kind == "seat":
        q.choices = [seat_name(s, lang) for s in SEATS]
    elif q.kind == "yesno":
        q.choices = [yes_no(True, lang), yes_no(False, lang)]
    if not q.answer_text:
        q.answer_text = _display(q, q.answer, lang)
    return q


def _capital(text: str) -> str:
    """A sentence starts with a capital ('trumbita on ...' -> 'Trumbita on ...')."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _display(q: "Question", value, lang: str) -> str:
    from ..text.words import call_name, seat_name, yes_no
    from .answers import format_number

    if q.kind == "number":
        return format_number(value, lang)
    if q.kind == "seat":
        return seat_name(value, lang)
    if q.kind == "yesno":
        return yes_no(value == "yes", lang)
    if q.kind == "call":
        return call_name(value, lang)
    return str(value)
