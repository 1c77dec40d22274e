"""QuizSession: deals questions by seed, reads answers leniently, keeps score and progress."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from ..model.cards import SEATS
from ..model.contract import Call
from ..model.errors import BridgeError, ProgressError
from ..text.i18n import check_language
from ..text.i18n import translate as _t
from ..text.words import seat_name, yes_no
from .answers import (
    MAX_ANSWER,
    format_number,
    normalise_text,
    parse_call,
    parse_choice,
    parse_number,
    parse_pattern,
    parse_seat,
    parse_yesno,
)
from .banks import _languages_of, bank_question, load_bank
from .core import GENERATORS, Feedback, Question, expand_topics, finish_question, generators_for
from .progress import ProgressStore, _explain

__all__ = ["QuizSession", "bank_question", "make_question", "review_mistakes"]


# ---- making a question from its source ------------------------------------------------------
# A question's source is "gen:<generator name>" with a seed, or "bank:<file>#<entry id>": enough
# to make the same question again in any language (for the review of mistakes, a change of
# language, or another day).


def make_question(source: str, seed: "int | None", lang: str = "en") -> Question:
    """The question with this source and seed, in ``lang``."""
    lang = check_language(lang)
    if source.startswith("gen:"):
        name = source[4:]
        if name not in GENERATORS:  # the registry loads the built-in generators on first read
            raise BridgeError(f"no question generator called {name!r}")
        gen = GENERATORS[name]
        q = gen.fn(np.random.default_rng(int(seed)), lang)
        q.id = f"{name}#{int(seed)}"
        q.source, q.seed = source, int(seed)
        if not q.topic:
            q.topic = gen.topic
        return finish_question(q, lang)
    if source.startswith("bank:"):
        path, _, entry_id = source[5:].rpartition("#")
        if not Path(path).exists():  # the bank moved: look for it by name in data/
            from .banks import data_dir

            path = str(data_dir() / Path(path).name)
        bank = load_bank(path)
        return bank_question(bank, bank.entry(entry_id), lang)
    raise BridgeError(f"{source!r} is not a question source: 'gen:<name>' or 'bank:<file>#<id>'")


# ---- reading an answer ----------------------------------------------------------------------


def _read(q: Question, text) -> "tuple[bool, str, bool]":
    """(correct, what was read, understood) for the learner's ``text``."""
    lang = q.lang
    raw = "" if text is None else str(text)
    if q.kind == "number":
        n = parse_number(raw)
        if n is None:
            return False, raw.strip(), False
        ok = q.accept(n) if q.accept else abs(float(n) - float(q.answer)) < 1e-9
        return ok, format_number(n, lang), True
    if q.kind == "call":
        call = parse_call(raw, lang)
        if call is None:
            return False, raw.strip(), False
        ok = q.accept(call) if q.accept else call == Call.parse(q.answer)
        return ok, str(call), True
    if q.kind == "seat":
        seat = parse_seat(raw, lang)
        if seat is None:
            chosen = parse_choice(raw, q.choices)
            seat = SEATS[q.choices.index(chosen)] if chosen is not None else None
        if seat is None:
            return False, raw.strip(), False
        return seat.name == str(q.answer), seat_name(seat, lang), True
    if q.kind == "yesno":
        yn = parse_yesno(raw, lang)
        if yn is None:
            chosen = parse_choice(raw, q.choices)
            if chosen is not None:
                yn = "yes" if q.choices.index(chosen) == 0 else "no"
        if yn is None:
            return False, raw.strip(), False
        return yn == q.answer, yes_no(yn == "yes", lang), True
    if q.kind == "choice":
        chosen = parse_choice(raw, q.choices)
        if chosen is None and isinstance(q.data.get("calls"), dict):  # a call typed as '2d' or '2 ruutu'
            call = parse_call(raw, lang)
            if call is not None:
                chosen = next((n for n, code in q.data["calls"].items() if Call.parse(code) == call), None)
        if chosen is None:
            return False, raw.strip(), False
        return (q.accept(chosen) if q.accept else chosen == q.answer), chosen, True
    # text
    if not raw.strip():
        return False, "", False
    if q.data.get("form") == "pattern":
        pat = parse_pattern(raw)
        if pat is None:
            return False, raw.strip(), False
        return pat == parse_pattern(q.answer), pat, True
    if q.accept is not None:
        return bool(q.accept(raw)), raw.strip(), True
    return normalise_text(raw) == normalise_text(q.answer), raw.strip(), True


def _given_in(before: Question, after: Question, given: str) -> str:
    """The learner's answer ``given`` to ``before``, as shown with ``after`` (the same question
    in another language): the same choice, seat, yes/no or number, in the new words."""
    if given in before.choices and len(before.choices) == len(after.choices):
        return after.choices[before.choices.index(given)]
    if after.kind == "number":
        n = parse_number(given)
        return given if n is None else format_number(n, after.lang)
    return given


_HINTS = {
    "number": "write a number, such as 420 or 2½",
    "call": "write a call, such as 4♠, 4S, 3NT, Pass, X or XX",
    "seat": "write a seat: N, E, S or W",
    "yesno": "answer yes or no",
    "choice": "pick one of the choices (its text or its number)",
    "text": "write an answer",
}


# ---- the session ------------------------------------------------------------------------------


class QuizSession:
    """Questions one at a time, drawn by seed from the topics' generators and the banks.

    >>> s = QuizSession(topics=["hcp"], seed=1, length=3)
    >>> q = s.current                     # the question being asked
    >>> fb = s.answer("12")               # checks, records, and explains
    >>> q = s.next()                      # the next question (None after ``length``)

    ``level`` keeps the generators of that level and below. ``store`` is a ProgressStore, a
    path to one, or None for no saving. An answer that cannot be read at all ("I did not
    understand") is not recorded and the learner may answer again; the first answer that can
    be read is final.

    ``on_save_error`` says what an answer does when the store cannot save it (read-only, busy,
    full, damaged): ``"raise"`` (the default) raises a ProgressError and the answer does not
    count; ``"keep"`` (the widgets) counts it, keeps it in ``unsaved`` and sets ``save_error``,
    and each later answer tries to save the kept ones first, oldest first, so a store that was
    only busy loses nothing.
    """

    def __init__(
        self,
        topics: "Iterable[str] | str | None" = None,
        level: "int | None" = None,
        lang: str = "en",
        seed: "int | None" = None,
        store=None,
        user: str = "default",
        banks: "Iterable[str | Path] | None" = None,
        length: "int | None" = None,
        *,
        questions: "list[tuple[str, int | None]] | None" = None,
        on_save_error: str = "raise",
    ):
        if on_save_error not in ("raise", "keep"):
            raise BridgeError(f"on_save_error is 'raise' or 'keep', not {on_save_error!r}")
        self.on_save_error = on_save_error
        self.unsaved: list[dict[str, Any]] = []
        """Answers the store refused (``on_save_error="keep"``), to be saved with the next one."""
        self.save_error: "ProgressError | None" = None
        """Why the last answer could not be saved (None once saving works)."""
        self._lang = check_language(lang)
        self.topics = expand_topics(topics)
        self.level = level
        self.seed = seed
        self.user = str(user)
        self.session_id = uuid.uuid4().hex
        self.store = store if (store is None or isinstance(store, ProgressStore)) else ProgressStore(store)
        self._rng = np.random.default_rng(seed)
        self._fixed = list(questions) if questions is not None else None
        if length is not None and (not isinstance(length, int) or length < 1):
            raise BridgeError(f"length is a number of questions (1 or more) or None, not {length!r}")
        self.length = len(self._fixed) if self._fixed is not None and length is None else length
        self._gens = []
        self._bank_sources: list[str] = []
        self._bank_langs: dict[str, set[str]] = {}
        if self._fixed is None:
            self._gens = generators_for(self.topics, level)
            for path in banks or []:
                bank = load_bank(path)
                for e in bank.entries:
                    if (self.topics is None or e.topic in self.topics) and (
                        level is None or e.level <= level
                    ):
                        self._bank_sources.append(f"bank:{bank.path}#{e.id}")
                        self._bank_langs[f"bank:{bank.path}#{e.id}"] = _languages_of(e)
            if not self._gens and not self._bank_sources:
                raise BridgeError(
                    f"no questions for topics {self.topics} at level {level}: choose other topics or a higher level"
                )
            self._rng.shuffle(self._bank_sources)
        self._bank_next = 0
        self._keep_bank_entries_in(self._lang)
        if self._fixed is None and not self._gens and not self._bank_sources:
            raise BridgeError(
                _t("no questions in this language for these topics: choose other topics", self._lang)
            )
        self.asked = 0
        self.right = 0
        self.missed: list[Question] = []
        self.history: list[tuple[Question, Feedback]] = []
        self._current: Question | None = None
        self._spec: tuple[str, int | None] | None = None
        self._feedback: Feedback | None = None
        self._count = 0  # questions dealt so far
        self._done = False

    # ---- language
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = check_language(value)
        self._keep_bank_entries_in(self._lang)
        if (
            self._spec is not None
            and self._spec[0] in self._bank_langs
            and self._lang not in self._bank_langs[self._spec[0]]
        ):
            self._deal()  # this bank question is not written in the new language: the next one
            return
        if self._current is not None and self._spec is not None:
            feedback, before = self._feedback, self._current
            self._current = make_question(*self._spec, lang=self._lang)
            if feedback is not None:  # the same verdict, explained in the new language
                given = _given_in(before, self._current, feedback.given)
                self._feedback = Feedback(
                    feedback.correct,
                    given,
                    self._current.answer_text,
                    self._current.explanation,
                    self._current.id,
                )

    def _keep_bank_entries_in(self, lang: str) -> None:
        """Bank questions are asked only in a language they are written in: never in English
        instead."""
        done, rest = self._bank_sources[: self._bank_next], self._bank_sources[self._bank_next :]
        self._bank_sources = done + [s for s in rest if lang in self._bank_langs.get(s, {lang})]

    # ---- dealing questions
    def _draw(self) -> tuple[str, int | None]:
        if self._fixed is not None:
            return self._fixed[self._count]
        weights = [g.weight for g in self._gens]
        n_bank = len(self._bank_sources) - self._bank_next
        total = sum(weights) + (min(n_bank, max(1, len(self._gens))) if n_bank > 0 else 0)
        pick = self._rng.random() * total
        if pick < sum(weights):
            i = int(np.searchsorted(np.cumsum(weights), pick, side="right"))
            gen = self._gens[min(i, len(self._gens) - 1)]
            return f"gen:{gen.name}", int(self._rng.integers(2**62))
        source = self._bank_sources[self._bank_next]
        self._bank_next += 1
        return source, None

    def _deal(self) -> Question | None:
        if self.length is not None and self._count >= self.length:
            self._done = True
            self._current = None
            return None
        self._spec = self._draw()
        self._count += 1
        self._current = make_question(*self._spec, lang=self._lang)
        self._feedback = None
        return self._current

    @property
    def current(self) -> "Question | None":
        """The question being asked now (made on first access); None when the session is over."""
        if self._current is None and not self._done:
            self._deal()
        return self._current

    def next(self) -> "Question | None":
        """Move on to a new question (None when ``length`` questions have been asked); before
        anything was asked, the first question is the new one."""
        if self._done:
            return None
        return self._deal()

    @property
    def finished(self) -> bool:
        return self._done

    @property
    def feedback(self) -> "Feedback | None":
        """The verdict on the current question, once it has been answered."""
        return self._feedback

    # ---- answering
    def answer(self, text) -> Feedback:
        """Check ``text`` against the current question, record it (one transaction), explain."""
        q = self.current
        if q is None:
            raise BridgeError("the session is over: there is no question to answer")
        if self._feedback is not None:
            return self._feedback
        raw = "" if text is None else str(text)
        if len(raw) > MAX_ANSWER:  # a pasted page: refused at once, not read for seconds
            return Feedback(
                False,
                raw[:40] + "…",
                q.answer_text,
                _t(
                    "That answer is {length} characters long: an answer is at most {limit}.",
                    self._lang,
                    length=len(raw),
                    limit=MAX_ANSWER,
                ),
                q.id,
                understood=False,
            )
        correct, given, understood = _read(q, raw)
        if not understood:
            return Feedback(
                False,
                given,
                q.answer_text,
                _t(
                    "I could not read {given!r}: {hint}.",
                    self._lang,
                    given=given,
                    hint=_t(_HINTS[q.kind], self._lang),
                ),
                q.id,
                understood=False,
            )
        fb = Feedback(correct, given, q.answer_text, q.explanation, q.id)
        if self.store is not None:
            record = dict(
                user=self.user,
                session=self.session_id,
                question_id=q.id,
                source=q.source,
                seed=q.seed,
                topic=q.topic,
                level=q.level,
                kind=q.kind,
                lang=self._lang,
                given=given,
                expected=str(q.answer),
                correct=correct,
            )
            try:
                self._save(record)
            except ProgressError as e:
                if self.on_save_error != "keep":
                    raise
                self.unsaved.append(record)
                self.save_error = e
        self._feedback = fb
        self.asked += 1
        if correct:
            self.right += 1
        else:
            self.missed.append(q)
        self.history.append((q, fb))
        return fb

    def _save(self, record: dict[str, Any]) -> None:
        """Write the kept answers, then ``record``, each in its own transaction; a ProgressError
        (its ``code`` says which fault) if the store refuses one, the rest stay kept."""
        store = self.store
        if store is None:
            return
        try:
            while self.unsaved:
                store.record(**self.unsaved[0])
                self.unsaved.pop(0)
            store.record(**record)
        except ProgressError:
            raise
        except sqlite3.Error as e:  # a store that lets SQLite's own error through
            raise ProgressError(
                _t(
                    "Your answer could not be saved in {path} ({error}): ask your teacher to "
                    "check the progress file.",
                    self._lang,
                    path=str(store.path),
                    error=str(e),
                ),
                code=_explain(e, store.path, "save an answer in", 0).code,
                path=store.path,
            ) from None
        self.save_error = None

    # ---- review
    def review(self) -> "QuizSession":
        """A session over the questions missed here (same language, store and user)."""
        if not self.missed:
            raise BridgeError("nothing to review: no question was missed in this session")
        return QuizSession(
            lang=self._lang,
            store=self.store,
            user=self.user,
            questions=[(q.source, q.seed) for q in self.missed],
            on_save_error=self.on_save_error,
        )

    @classmethod
    def mistakes(cls, store=None, user: str = "default", lang: str = "en", topics=None) -> "QuizSession":
        """'Review my mistakes': a session over the questions whose latest answer was wrong."""
        return review_mistakes(store, user, lang, topics)

    def summary(self) -> str:
        return _t("{right} right out of {asked}", self._lang, right=self.right, asked=self.asked)

    def __repr__(self) -> str:
        return (
            f"QuizSession(topics={self.topics!r}, lang={self._lang!r}, seed={self.seed!r}, "
            f"asked={self.asked}, right={self.right})"
        )


def review_mistakes(store=None, user: str = "default", lang: str = "en", topics=None) -> QuizSession:
    """A session over ``user``'s mistakes in ``store`` (the questions last answered wrong)."""
    store = store if isinstance(store, ProgressStore) else ProgressStore(store)
    specs = []
    topics = expand_topics(topics)
    for m in store.mistakes(user):
        if topics is not None and m.topic not in topics:
            continue
        specs.append((m.source, m.seed))
    if not specs:
        raise BridgeError(f"{user} has no mistakes to review" + (f" in {topics}" if topics else ""))
    return QuizSession(lang=lang, store=store, user=user, questions=specs)
