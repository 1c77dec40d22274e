"""Quizzes with no UI in them: questions made by the engine, banks from ``data/``, sessions,
lenient answers in five languages, and progress kept in SQLite.

>>> from bridgelab.quiz import QuizSession
>>> s = QuizSession(topics=["hcp"], seed=1, length=5, lang="et")
>>> s.current.prompt
'Kas selles käes on vähemalt 11 punkti (HCP)?'
>>> s.answer("jah").correct
True

The widgets (``bridgelab.widgets.quiz``) are the only part that imports ipywidgets.
"""

from ..text.i18n import LANGUAGES, translate
from . import generators as _builtin  # noqa: F401  (the built-in generators fill GENERATORS now)
from .answers import parse_call, parse_choice, parse_number, parse_pattern, parse_seat, parse_yesno
from .banks import FORMAT as BANK_FORMAT
from .banks import Bank, BankEntry, bundled_banks, load_bank
from .core import GENERATORS, KINDS, TOPICS, Feedback, Question, register_generator
from .progress import Mistake, ProgressStore
from .session import QuizSession, make_question, review_mistakes

__all__ = [
    "LANGUAGES",
    "TOPICS",
    "KINDS",
    "GENERATORS",
    "BANK_FORMAT",
    "Question",
    "Feedback",
    "QuizSession",
    "ProgressStore",
    "Mistake",
    "register_generator",
    "make_question",
    "review_mistakes",
    "Bank",
    "BankEntry",
    "load_bank",
    "bundled_banks",
    "translate",
    "parse_number",
    "parse_yesno",
    "parse_seat",
    "parse_call",
    "parse_pattern",
    "parse_choice",
]
