"""Hostile text for every reader of the package, shared by the property tests
(``tests/test_fuzz.py``, short and derandomized) and the long session of ``make fuzz``
(``tests/fuzz_run.py``).

A reader passes when it returns or raises one of the package's errors (``BridgeError``), and
answers each input of up to 100 KB within a second of CPU time. ``TARGETS`` maps a name to the reader
(a function of one hostile value), the strategy of values to feed it, and who owns it.
"""

from __future__ import annotations

import itertools
import json
import tempfile
import time
from pathlib import Path

from hypothesis import strategies as st

import bridgelab as bl
from bridgelab.model.errors import BridgeError

MAX_INPUT = 100_000  # characters: the largest input a reader must answer at once
TIME_BOMB = 1.0  # seconds for one input: far above any honest reader, only a time bomb exceeds it
LANGS = (None, "en", "et", "sr", "cs", "ms")

# The characters and words that readers look for: most hostile inputs are made of them, so
# the readers' own branches are exercised rather than their first refusal.
DOMAIN = (
    "0123456789 ,.-+/½¼¾²³⁄−–—_'’\u00a0\u202f\t\nNESWnesw♠♥♦♣SHDCTJQKAxX:;()[]{}&|!<>=*\"?#%\\"
    "abcdeghiklmnoprstuvyzšžčćđěřůýáíé"
)
WORDS = [
    "1",
    "7",
    "13",
    "37",
    "99",
    "1NT",
    "2♠",
    "3H",
    "4S",
    "7NT",
    "8C",
    "0D",
    "P",
    "Pass",
    "pass",
    "-",
    "–",
    "X",
    "XX",
    "dbl",
    "rdbl",
    "all",
    "pass",
    "AP",
    "kolm",
    "pada",
    "ärtu",
    "ruutu",
    "risti",
    "bez",
    "aduta",
    "pik",
    "srce",
    "karo",
    "tref",
    "sekop",
    "lekuk",
    "wajik",
    "kelawar",
    "dalje",
    "kontra",
    "N",
    "E",
    "S",
    "W",
    "north",
    "South",
    "sever",
    "jih",
    "hcp",
    "hcp(north)",
    "shape(north,",
    "any",
    "4333",
    "4432",
    "5+M",
    "balanced",
    "+",
    "&&",
    "||",
    "not",
    "and",
    "or",
    ">=",
    "<=",
    "==",
    "(",
    ")",
    "15-17",
    "12+",
    "21+",
    "gets",
    "AKQ2.KJ4.A93.T52",
    "AKxxx",
    "♠AKQJ",
    "x",
    "yes",
    "no",
    "jah",
    "ei",
    "da",
    "ne",
    "ano",
    "ya",
    "tidak",
    "2½",
    "1,234",
    "1.234,5",
    "-500",
    "2 1/2",
    "1/0",
    "1e400",
    "nan",
    "inf",
    "²",
    "٣",
    "１２",
    "[Deal",
    '"N:',
    "]",
    "{",
    "}",
    "%",
    ";",
    "\n",
]


def _repeat(piece: str, times: int) -> str:
    return (piece * times)[:MAX_INPUT]


def hostile_text(max_small: int = 300) -> st.SearchStrategy[str]:
    """Short and long text: arbitrary Unicode, the readers' own characters and words, long
    repetitions (up to 100 KB) and deep nestings."""
    small_domain = st.text(alphabet=DOMAIN, max_size=max_small)
    words = st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join)
    glued = st.lists(st.sampled_from(WORDS), max_size=40).map("".join)
    long = st.builds(
        _repeat,
        st.one_of(
            st.text(alphabet=DOMAIN, min_size=1, max_size=12), st.sampled_from(WORDS), words.filter(bool)
        ),
        st.integers(1, MAX_INPUT),
    )
    nested = st.builds(
        lambda k, core, o, c: (o * k + core + c * k)[:MAX_INPUT],
        st.integers(1, 30_000),
        st.sampled_from(["", "1", "N 12+", "hcp(north)", "x"]),
        st.sampled_from(["(", "[", "{", "!", "-", "not "]),
        st.sampled_from([")", "]", "}", ""]),
    )
    return st.one_of(st.text(max_size=60), small_domain, words, glued, long, nested)


def with_lang() -> st.SearchStrategy:
    """(hostile text, a language or None)."""
    return st.tuples(hostile_text(), st.sampled_from(LANGS))


def _json_values() -> st.SearchStrategy:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-(10**30), 10**30),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(alphabet=DOMAIN, max_size=40),
        st.sampled_from(WORDS),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)
        ),
        max_leaves=20,
    )


_BANK = {
    "format": "bridgelab-bank/1",
    "id": "fuzz",
    "title": {"en": "Fuzz"},
    "questions": [
        {
            "id": "q1",
            "topic": "duplicate-scoring",
            "level": 1,
            "kind": "number",
            "prompt": {"en": "What does 4S making 10 score, not vulnerable?"},
            "answer": 420,
            "check": {"scoring": "duplicate", "contract": "4S", "tricks": 10, "vulnerable": False},
        },
        {
            "id": "q2",
            "topic": "declarer",
            "level": 1,
            "kind": "seat",
            "prompt": "Who declares?",
            "answer": "S",
            "check": {"auction": "1NT P 3NT P P P", "dealer": "S", "ask": "declarer"},
        },
        {
            "id": "q3",
            "topic": "pattern",
            "level": 1,
            "kind": "choice",
            "prompt": "Pick",
            "answer": "4-3-3-3",
            "choices": ["4-3-3-3", "5-3-3-2"],
        },
    ],
}
_AUCTIONS = {
    "about": "fuzz",
    "auctions": [
        {
            "id": "a1",
            "dealer": "N",
            "calls": ["1NT", "P", "3NT", "P", "P", "P"],
            "declarer": "N",
            "dummy": "S",
            "opening_leader": "E",
            "tricks_needed": 9,
        }
    ],
    "checks": [
        {
            "id": "c1",
            "dealer": "N",
            "calls": ["1H"],
            "call": "1D",
            "legal": False,
            "source": {"lang": "en"},
            "lowest_in_strain": "2D",
        }
    ],
}


def _set_path(doc, path, value):
    """``doc`` (a deep copy) with the field at ``path`` (keys and indexes) set to ``value``."""
    doc = json.loads(json.dumps(doc))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _paths(doc, prefix=()):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


_BANK_PATHS = list(_paths(_BANK))
_AUCTION_PATHS = list(_paths(_AUCTIONS))


def bank_texts() -> st.SearchStrategy[str]:
    """Bank files: a valid bank (or auction file) with one field replaced by any JSON value,
    deep nestings, huge numbers, and text that is barely JSON."""
    mutated = st.one_of(
        st.builds(
            lambda p, v: json.dumps(_set_path(_BANK, p, v)), st.sampled_from(_BANK_PATHS), _json_values()
        ),
        st.builds(
            lambda p, v: json.dumps(_set_path(_AUCTIONS, p, v)),
            st.sampled_from(_AUCTION_PATHS),
            _json_values(),
        ),
    )
    special = st.sampled_from(
        [
            "NaN",
            "Infinity",
            "-Infinity",
            "1e400",
            "9" * 5000,
            "[" * 5000 + "]" * 5000,
            '"' + "x" * 90_000 + '"',
            "{}",
            "[]",
            "null",
            "",
        ]
    )
    spliced = st.builds(lambda s: json.dumps(_BANK).replace("420", s, 1), special)
    return st.one_of(mutated, spliced, special, hostile_text(100))


_bank_dir = None
_bank_counter = itertools.count()


def read_bank(text: str):
    """Write ``text`` to a fresh file and load it as a bank (a new name each time: no cache)."""
    global _bank_dir
    if _bank_dir is None:
        _bank_dir = Path(tempfile.mkdtemp(prefix="bridgelab-fuzz-banks-"))
    p = _bank_dir / f"b{next(_bank_counter)}.json"
    p.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        return bl.quiz.load_bank(p)
    finally:
        p.unlink()


# ---- the readers ------------------------------------------------------------------------------


def _answers_all(value):
    """Every reader of answers, in one language."""
    from bridgelab.quiz import answers as A

    text, lang = value
    lang = lang or "en"
    for fn in (
        A.parse_number,
        A.parse_pattern,
        lambda t: A.parse_choice(t, ["4-3-3-3", "5-3-3-2", "1", "ja"]),
        lambda t: A.parse_yesno(t, lang),
        lambda t: A.parse_seat(t, lang),
        lambda t: A.parse_call(t, lang),
    ):
        try:
            fn(text)
        except BridgeError:
            pass


_questions = None


def _session_answer(text):
    """The learner's answer to a question of each kind, through QuizSession.answer."""
    global _questions
    from bridgelab.quiz import QuizSession

    if _questions is None:
        _questions = {}
        for topic in ("hcp", "declarer", "legality", "pattern", "duplicate-scoring", "tricks"):
            s = QuizSession(topics=[topic], seed=3, lang="cs", banks=[])
            _questions[topic] = s
    for _topic, s in _questions.items():
        s._feedback = None  # answer the same question again (a test of the reader, not the flow)
        s.answer(text)


def _hand_values():
    item = st.one_of(
        st.integers(-10, 9000),
        st.integers(-(10**40), 10**40),
        st.floats(),
        st.text(max_size=5),
        st.none(),
        st.booleans(),
    )
    return st.one_of(
        st.lists(item, max_size=6),
        item,
        st.text(alphabet=DOMAIN, max_size=80),
        st.sampled_from(["AKQ2.KJ4.A93.T52"]),
    )


def _hand(value):
    bl.Hand(value)


def _deal_from_holdings(value):
    bl.Deal.from_holdings(value)


def _deal_values():
    row = st.lists(
        st.one_of(st.integers(-10, 9000), st.integers(-(10**30), 10**30), st.floats(), st.text(max_size=3)),
        min_size=0,
        max_size=5,
    )
    return st.one_of(
        st.lists(row, max_size=5),
        st.lists(st.integers(0, 8191), min_size=4, max_size=4).map(lambda r: [r] * 4),
        _hand_values(),
    )


def _deal(value):
    bl.Deal(value)


def _predeal_values():
    return st.one_of(
        hostile_text(),
        st.dictionaries(
            st.one_of(st.sampled_from(["N", "E", "S", "W", "north", "x", ""]), st.text(max_size=5)),
            st.one_of(hostile_text(60), st.lists(st.text(max_size=4), max_size=14)),
            max_size=4,
        ),
    )


def _predeal(value):
    from bridgelab.dealing.dealer import parse_predeal

    parse_predeal(value)


def _auction(value):
    text, lang = value
    for dealer in ("N", "W"):
        try:
            a = bl.Auction.parse(text, dealer=dealer, lang=lang)
            a.contract, a.is_over, a.legal_calls()
        except BridgeError:
            pass


def _pbn(text):
    """Strict (a PBNError at the first fault) and lenient (warnings, the rest read) alike."""
    import warnings

    from bridgelab.io import pbn
    from bridgelab.model.errors import PBNWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PBNWarning)
        pbn.loads(text)
    pbn.loads(text, strict=True)


def _lin(text):
    import warnings

    from bridgelab.io import pbn
    from bridgelab.model.errors import PBNWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PBNWarning)
        pbn.loads_lin(text)
    pbn.loads_lin(text, strict=True)


def _constraint(text):
    from bridgelab.dealing.constraints import parse_constraint

    parse_constraint(text)


def _constraint_deal(text):
    """A constraint used for dealing (a few deals, a bounded budget)."""
    bl.deal_batch(4, seed=1, where=text, max_tries=20_000)


def _model_parsers(text):
    from bridgelab.model.cards import Card, Rank, Seat, Side, Strain
    from bridgelab.model.deal import Vulnerability

    for fn in (
        Seat.parse,
        Side.parse,
        Strain.parse,
        Rank.parse,
        Card.parse,
        Vulnerability.parse,
        bl.Hand.from_pbn,
        bl.Deal.from_pbn,
    ):
        try:
            fn(text)
        except BridgeError:
            pass


def _calls(value):
    """Calls and contracts: the model's English notation, and the words of each language."""
    from bridgelab.text import terms

    text, lang = value
    for fn in (
        bl.Call.parse,
        bl.Contract.parse,
        lambda t: terms.read_call(t, lang),
        lambda t: terms.read_contract(t, lang),
    ):
        try:
            fn(text)
        except BridgeError:
            pass


def _terms(value):
    from bridgelab.text import terms

    text, lang = value
    for fn in (terms.parse_strain, terms.parse_call, terms.parse_contract, terms.parse_seat):
        try:
            fn(text, lang)
        except BridgeError:
            pass


def _score(text):
    bl.score(text, 10, False)


def _stats_specs(text):
    from bridgelab.analysis import stats

    for fn in (
        stats.measure,
        lambda t: stats.hand_probability(hcp=t),
        lambda t: stats.hand_probability(pattern=t),
    ):
        try:
            fn(text)
        except BridgeError:
            pass


def _hand_from_cards(value):
    bl.Hand.from_cards(value)


# name -> (reader, strategy, owner). The property tests run the ones this engineer owns
# (owner "hostile"); ``make fuzz`` runs them all.
TARGETS = {
    "answers": (_answers_all, with_lang(), "hostile"),
    "session answer": (_session_answer, hostile_text(), "hostile"),
    "bank file": (read_bank, bank_texts(), "hostile"),
    "Hand()": (_hand, _hand_values(), "hostile"),
    "Hand.from_cards": (
        _hand_from_cards,
        st.one_of(st.lists(st.text(alphabet=DOMAIN, max_size=4), max_size=15), hostile_text(60)),
        "hostile",
    ),
    "Deal()": (_deal, _deal_values(), "hostile"),
    "Deal.from_holdings": (_deal_from_holdings, _deal_values(), "hostile"),
    "predeal": (_predeal, _predeal_values(), "hostile"),
    "auction (5 languages)": (_auction, with_lang(), "hostile"),
    "Call/Contract.parse": (_calls, with_lang(), "rules"),
    "terms (5 languages)": (_terms, with_lang(), "text"),
    "model parsers (seat, card, hand, deal)": (_model_parsers, hostile_text(), "model"),
    "score": (_score, hostile_text(), "rules"),
    "stats measures and ranges": (_stats_specs, hostile_text(), "analysis"),
    "constraint (compact and Dealer)": (_constraint, hostile_text(), "dealer"),
    "constraint, dealing": (_constraint_deal, hostile_text(120), "dealer"),
    "PBN file": (_pbn, hostile_text(), "files"),
    "LIN file": (_lin, hostile_text(), "files"),
}


# A plain input for each reader, run once before the timed ones: the first call may compile
# (numba) or load tables and catalogues, which is no time bomb.
SAMPLES = {
    "answers": ("2½", "et"),
    "session answer": "4",
    "bank file": json.dumps(_BANK),
    "Hand()": [1, 2, 3, 4],
    "Hand.from_cards": ["SA"],
    "Deal()": [],
    "Deal.from_holdings": [[0] * 4] * 4,
    "predeal": "N: AK.-.-.-",
    "auction (5 languages)": ("1NT P 3NT P P P", "et"),
    "Call/Contract.parse": ("4S", "cs"),
    "terms (5 languages)": ("kolm pada", "et"),
    "model parsers (seat, card, hand, deal)": "N",
    "score": "4S",
    "stats measures and ranges": "N hcp",
    "constraint (compact and Dealer)": "N 12+",
    "constraint, dealing": "hcp(north) >= 12",
    "PBN file": '[Deal "N:AKQ2.KJ4.A93.T52 - - -"]',
    "LIN file": "md|1AK,,,|",
}


def warm_up(name: str) -> None:
    if name not in _warm:
        _warm.add(name)
        attempt(TARGETS[name][0], SAMPLES[name])
        if name == "constraint, dealing":  # both constraint forms compile their own kernels
            attempt(TARGETS[name][0], "N 12+")


_warm: set = set()


class Outcome:
    """What one input did: 'ok', 'refused' (a BridgeError), or 'unexpected' (anything else),
    and how long it took."""

    __slots__ = ("kind", "error", "seconds")

    def __init__(self, kind, error, seconds):
        self.kind, self.error, self.seconds = kind, error, seconds


def attempt(reader, value) -> Outcome:
    """Run ``reader`` on ``value``; the time is this process's CPU time, so that other programs
    on a loaded machine do not make an honest reader look like a time bomb."""
    start = time.process_time()
    try:
        reader(value)
        kind, error = "ok", None
    except BridgeError as e:
        kind, error = "refused", e
    except Exception as e:  # noqa: BLE001 - the point: anything else is a finding
        kind, error = "unexpected", e
    return Outcome(kind, error, time.process_time() - start)


def size_of(value) -> int:
    if isinstance(value, tuple) and value and isinstance(value[0], str):
        value = value[0]
    try:
        return len(value) if isinstance(value, str) else len(json.dumps(value, default=str))
    except (TypeError, ValueError, RecursionError):
        return 0


__all__ = [
    "TARGETS",
    "SAMPLES",
    "warm_up",
    "attempt",
    "hostile_text",
    "bank_texts",
    "MAX_INPUT",
    "TIME_BOMB",
    "Outcome",
    "size_of",
]
