"""One notation: every part that reads a range or a shape reads it with the same meaning.

Hypothesis draws a *meaning* (a range of numbers, lengths in some suits, a book word such as
balanced), writes it in one of its spellings, and each part that reads it (the notation itself,
the compact constraints, the exact statistics, the bidding system's conditions, the quiz's
pattern answers) must match exactly the hands the meaning names, found here by brute force over
HCP 0-37, the 560 shapes and their 39 patterns. The expected sets never come from bridgelab.
"""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelab import stats
from bridgelab.dealing.constraints import parse_constraint
from bridgelab.dealing.dealer import deal_batch
from bridgelab.model.errors import ParseError
from bridgelab.model.hand import Hand
from bridgelab.quiz.answers import parse_pattern as quiz_pattern
from bridgelab.system.engine import Condition, HandFacts
from bridgelab.text import notation

SETTINGS = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

HCPS = range(38)
ALL_SHAPES = [s for s in itertools.product(range(14), repeat=4) if sum(s) == 13]
BALANCED = {"4-3-3-3", "4-4-3-2", "5-3-3-2"}  # the books' definitions
SEMI_BALANCED = BALANCED | {"5-4-2-2", "6-3-2-2"}


def pattern(shape) -> str:
    return "-".join(map(str, sorted(shape, reverse=True)))


assert len(ALL_SHAPES) == 560 and len({pattern(s) for s in ALL_SHAPES}) == 39


# ---- hands built by hand: one per HCP total, one per shape -------------------------------------


def hand_with_hcp(v: int) -> Hand:
    """13 cards with exactly ``v`` HCP: honours from the top, then spot cards (bits 0-8)."""
    holdings = [0, 0, 0, 0]
    cards, left = 0, v
    for bit, points in ((12, 4), (11, 3), (10, 2), (9, 1)):
        for suit in range(4):
            if points <= left and cards < 13:
                holdings[suit] |= 1 << bit
                left -= points
                cards += 1
    assert left == 0
    for bit in range(9):
        for suit in range(4):
            if cards < 13:
                holdings[suit] |= 1 << bit
                cards += 1
    return Hand(holdings)


def hand_with_shape(shape) -> Hand:
    return Hand([(1 << n) - 1 for n in shape])


@pytest.fixture(scope="module")
def hcp_facts():
    facts = {v: HandFacts(hand_with_hcp(v)) for v in HCPS}
    assert all(f.hcp == v for v, f in facts.items())
    return facts


@pytest.fixture(scope="module")
def shape_facts():
    return {s: HandFacts(hand_with_shape(s)) for s in ALL_SHAPES}


# ---- independent exact counts -------------------------------------------------------------------


def hcp_counts() -> list[int]:
    """Hands of 13 cards by HCP, counted card by card (16 honours, 36 spot cards)."""
    points = [4, 3, 2, 1] * 4 + [0] * 36
    ways = [[0] * 41 for _ in range(14)]  # ways[cards][hcp]
    ways[0][0] = 1
    for p in points:
        for k in range(13, 0, -1):
            for v in range(40, p - 1, -1):
                ways[k][v] += ways[k - 1][v - p]
    return ways[13][:38]


HCP_COUNTS = hcp_counts()
assert sum(HCP_COUNTS) == math.comb(52, 13)


def shape_count(shape) -> int:
    return math.prod(math.comb(13, n) for n in shape)


def _suit_counts() -> list[list[int]]:
    """Holdings of one suit by length and HCP: a set of the honours A K Q J, then spot cards."""
    counts = [[0] * 11 for _ in range(14)]
    for honours in itertools.product((0, 1), repeat=4):
        k, v = sum(honours), sum(h * p for h, p in zip(honours, (4, 3, 2, 1)))
        for spots in range(10):
            counts[k + spots][v] += math.comb(9, spots)
    return counts


SUIT_COUNTS = _suit_counts()


def shape_hcp_count(shape, v: int) -> int:
    """Hands of this exact shape with exactly ``v`` HCP: the four suits' counts convolved."""
    ways = {0: 1}
    for n in shape:
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for p, c in enumerate(SUIT_COUNTS[n]):
                if c:
                    nxt[total + p] = nxt.get(total + p, 0) + w * c
        ways = nxt
    return ways.get(v, 0)


assert sum(shape_hcp_count((4, 3, 3, 3), v) for v in range(38)) == shape_count((4, 3, 3, 3))


# ---- meanings and their spellings ----------------------------------------------------------------


@st.composite
def ranges(draw, top: int = 40):
    """(a text, the set of whole numbers 0..top it names)."""
    kind = draw(st.sampled_from(["between", "at least", "at most", "more", "less", "exact"]))
    a = draw(st.integers(0, top))
    b = draw(st.integers(a, top))
    if kind == "between":
        texts, want = [f"{a}-{b}", f"{a} - {b}", f"{a}–{b}"], range(a, b + 1)
    elif kind == "at least":
        texts, want = [f"{a}+", f">={a}", f"=>{a}", f"≥{a}", f">= {a}"], range(a, top + 1)
    elif kind == "at most":
        texts, want = [f"<={a}", f"≤{a}", f"=<{a}"], range(0, a + 1)
    elif kind == "more":
        texts, want = [f">{a}"], range(a + 1, top + 1)
    elif kind == "less":
        texts, want = [f"<{a}", f"< {a}"], range(0, a)
    else:
        texts, want = [f"{a}", f"={a}", f"=={a}"], [a]
    return draw(st.sampled_from(texts)), set(want)


SUIT_SPELLINGS = {
    0: ["S", "♠", "spades", "pada", "pik"],
    1: ["H", "♥", "hearts", "srdce", "hati"],
    2: ["D", "♦", "diamonds", "ruutu", "karo"],
    3: ["C", "♣", "clubs", "risti", "daun"],
}


@st.composite
def shapes(draw):
    """(a text, the set of shapes it names, whether it has spaces or words in it)."""
    kind = draw(st.sampled_from(["exact", "any", "bracket", "length", "major", "word"]))
    shape = draw(st.sampled_from(ALL_SHAPES))
    if kind == "exact":
        hidden = draw(st.sets(st.integers(0, 3), max_size=2))
        pos = ["x" if i in hidden else str(n) for i, n in enumerate(shape)]
        texts = ["=".join(pos)] + (["".join(pos)] if max(shape) < 10 else [])
        want = {s for s in ALL_SHAPES if all(p == "x" or s[i] == int(p) for i, p in enumerate(pos))}
    elif kind == "any":
        lengths = draw(st.permutations(shape))
        texts = ["-".join(map(str, lengths))] + (
            ["any " + "".join(map(str, lengths))] if max(shape) < 10 else []
        )
        want = {s for s in ALL_SHAPES if sorted(s) == sorted(shape)}
    elif kind == "bracket":
        i = draw(st.integers(0, 2))
        j = draw(st.integers(i + 2, 4))  # positions i..j-1 in any order among themselves
        inner = "-".join(map(str, shape[i:j]))
        pos = [str(n) for n in shape]
        texts = ["".join(pos[:i]) + f"({inner})" + "".join(pos[j:])] if max(shape) < 10 else []
        texts.append("=".join(pos[:i] + [f"({inner})"] + pos[j:]))
        want = {
            s
            for s in ALL_SHAPES
            if sorted(s[i:j]) == sorted(shape[i:j]) and s[:i] == shape[:i] and s[j:] == shape[j:]
        }
    elif kind in ("length", "major"):
        text, lengths = draw(ranges(top=13))
        if not lengths:
            text, lengths = f"{min(shape)}+", set(range(min(shape), 14))
        if kind == "major":
            suits, name = draw(st.sampled_from([((0, 1), "M"), ((2, 3), "m")]))
        else:
            suit = draw(st.integers(0, 3))
            suits, name = (suit,), draw(st.sampled_from(SUIT_SPELLINGS[suit]))
        sep = " " if len(name) > 1 else ""
        texts = [f"{text}{sep}{name}"]
        want = {s for s in ALL_SHAPES if any(s[k] in lengths for k in suits)}
    else:
        unbalanced = {pattern(s) for s in ALL_SHAPES} - BALANCED
        word, pats = draw(
            st.sampled_from(
                [("balanced", BALANCED), ("semi-balanced", SEMI_BALANCED), ("unbalanced", unbalanced)]
            )
        )
        texts, want = [word], {s for s in ALL_SHAPES if pattern(s) in pats}
    text = draw(st.sampled_from(texts))
    return text, want, kind


# ---- what each part makes of a form --------------------------------------------------------


def grid(text: str) -> tuple[set, set]:
    """(HCP values, shapes) of North that a compact constraint allows: its grid is the 560
    shapes (in the order of ALL_SHAPES) times the point totals 0-40."""
    cells = parse_constraint(text).seat_grids()[0].reshape(560, 41)
    hcp = {int(v) for v in np.flatnonzero(cells.any(axis=0)) if v <= 37}
    return hcp, {ALL_SHAPES[i] for i in np.flatnonzero(cells.any(axis=1))}


def engine_hcp(text: str, facts) -> set:
    cond = Condition(f"hcp {text}", {})
    return {v for v in HCPS if cond.check(facts[v], {}).ok}


def engine_shapes(text: str, facts) -> set:
    cond = Condition(f"pattern {text}", {})
    return {s for s in ALL_SHAPES if cond.check(facts[s], {}).ok}


# ---- the properties ------------------------------------------------------------------------------


@SETTINGS
@given(ranges())
def test_a_range_means_the_same_everywhere(hcp_facts, form):
    text, want = form
    want = {v for v in want if v <= 37}
    rng = notation.parse_range(text)
    assert {v for v in HCPS if v in rng} == want
    for written in (f"N: {text}", f"N {text} hcp", f"N hcp {text}"):
        assert grid(written)[0] == want, written
    assert stats.hand_probability(hcp=text) == Fraction(sum(HCP_COUNTS[v] for v in want), math.comb(52, 13))
    assert engine_hcp(text, hcp_facts) == want


@SETTINGS
@given(ranges(top=13))
def test_a_suit_length_range_means_the_same_everywhere(shape_facts, form):
    text, want = form
    expected = {s for s in ALL_SHAPES if s[0] in want}
    assert notation.parse_shape(f"{text}S").shapes == expected
    assert grid(f"N: {text}S")[1] == expected
    assert stats.hand_probability(pattern=f"{text}S") == Fraction(
        sum(shape_count(s) for s in expected), math.comb(52, 13)
    )
    cond = Condition(f"len S {text}", {})
    assert {s for s in ALL_SHAPES if cond.check(shape_facts[s], {}).ok} == expected


@SETTINGS
@given(shapes())
def test_a_shape_means_the_same_everywhere(shape_facts, form):
    text, want, kind = form
    assert want, text
    assert notation.parse_shape(text).shapes == want
    assert grid(f"N: {text}")[1] == want
    assert stats.hand_probability(pattern=text) == Fraction(
        sum(shape_count(s) for s in want), math.comb(52, 13)
    )
    if " " not in text and kind not in ("length", "major", "word"):
        assert engine_shapes(text, shape_facts) == want
    if kind == "word":
        cond = Condition(text, {})
        assert {s for s in ALL_SHAPES if cond.check(shape_facts[s], {}).ok} == want
    pats = {pattern(s) for s in want}
    assert quiz_pattern(text) == (pats.pop() if len(pats) == 1 else None)


@pytest.mark.parametrize("text", ["4-4-3", "4=3=3=3=0", "5-5-5-5", "4433", "17-15", "5+Q", "flat", "4=3-3-3"])
def test_every_part_refuses_what_the_notation_refuses(text):
    with pytest.raises(ParseError):
        notation.parse_shape(text)
    with pytest.raises(Exception) as e:
        parse_constraint(f"N: {text}")
    assert isinstance(e.value, ValueError)  # a BridgeError, never a crash
    with pytest.raises(ValueError):
        stats.hand_probability(pattern=text)
    assert quiz_pattern(text) is None


def test_the_issue_examples():
    """The forms the architecture issue names, read alike by constraints and statistics."""
    hands = math.comb(52, 13)
    assert stats.hand_probability(pattern="4333") == Fraction(shape_count((4, 3, 3, 3)), hands)
    assert stats.hand_probability(pattern="4=3=3=3") == stats.hand_probability(pattern="4333")
    assert stats.hand_probability(hcp=">=15") == Fraction(sum(HCP_COUNTS[15:]), hands)
    assert stats.hand_probability(hcp="<10") == Fraction(sum(HCP_COUNTS[:10]), hands)
    assert grid("N: >=15")[0] == set(range(15, 38))
    assert grid("N: 4=3=3=3")[1] == {(4, 3, 3, 3)}
    assert grid("N: (4-4)xx")[1] == {s for s in ALL_SHAPES if s[:2] == (4, 4)}


# ---- seats, suits and ranks in every language ----------------------------------------------

LANGS = Path(__file__).resolve().parents[1] / "bridgelab" / "text" / "languages"
TERMS = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(LANGS.glob("*.json"))}
SEAT_WORDS = sorted(
    {
        (w, "NESW".index(k))
        for t in TERMS.values()
        for k, ws in t.get("seats", {}).items()
        for w in ws
        if len(w) > 1
    }
)
SUIT_WORDS = sorted(
    {
        (w, "SHDC".index(k))
        for t in TERMS.values()
        for k, ws in t["strains"].items()
        if k != "NT"
        for w in ws
        if len(w) > 1
    }
)
RANK_WORDS = sorted(
    (lang, w, k) for lang, t in TERMS.items() for k, ws in t.get("ranks", {}).items() for w in ws
)


def test_the_terms_files_agree_with_themselves():
    """A word names one seat (or one suit) in every language that has it: the notation may read
    whole words without knowing the language."""
    assert len({w.casefold() for w, _ in SEAT_WORDS}) == len(SEAT_WORDS)
    assert len({w.casefold() for w, _ in SUIT_WORDS}) == len(SUIT_WORDS)
    assert len(RANK_WORDS) >= 12


@pytest.mark.parametrize("word,seat", SEAT_WORDS)
def test_a_seat_word_names_the_same_seat_everywhere(word, seat):
    assert int(notation.parse_seat(word)) == seat
    assert set(parse_constraint(f"{word}: 12+").seat_grids()) == {seat}
    batch = deal_batch(1, seed=1, predeal=f"{word}: AKQ2.KJ4.A93.T52")
    assert batch[0][seat].to_pbn() == "AKQ2.KJ4.A93.T52"


@pytest.mark.parametrize("word,suit", SUIT_WORDS)
def test_a_suit_word_names_the_same_suit_everywhere(word, suit):
    assert 3 - int(notation.parse_suit(word)) == suit
    want = {s for s in ALL_SHAPES if s[suit] >= 5}
    assert grid(f"N: 5+ {word}")[1] == want
    assert notation.parse_shape(f"5+ {word}").shapes == want
    north = deal_batch(1, seed=1, predeal=f"N: {word} AKQ")[0][0]
    assert north.holdings[suit] >> 10 == 0b111  # the ace, king and queen of that suit


@pytest.mark.parametrize("lang,word,rank", RANK_WORDS)
def test_rank_words(lang, word, rank):
    assert notation.parse_rank(word, lang).char == rank
    assert notation.parse_rank(word).char == rank


def test_rank_letters_of_a_language_are_read_with_that_language():
    """Estonian diagrams show Ä K E S for A K Q J; with lang='et' those letters read back,
    without a language E and S are no ranks (English letters only)."""
    shown = {"Ä": "A", "K": "K", "E": "Q", "S": "J"}
    for letter, rank in shown.items():
        assert notation.parse_rank(letter, "et").char == rank
        assert notation.parse_rank(letter.lower(), "et").char == rank
    for letter in ("E", "S", "Ä"):
        with pytest.raises(ParseError):
            notation.parse_rank(letter)


@pytest.mark.parametrize(
    "hcp,pattern,want_hcp,want_shapes",
    [
        (">=15", "4=3=3=3", range(15, 38), {(4, 3, 3, 3)}),
        ("<10", "(4-4)xx", range(0, 10), {s for s in ALL_SHAPES if s[:2] == (4, 4)}),
        ("15-17", "balanced", range(15, 18), {s for s in ALL_SHAPES if pattern(s) in BALANCED}),
    ],
)
def test_the_command_line_reads_the_same_forms(capsys, hcp, pattern, want_hcp, want_shapes):
    """`bridgelab stats hand` and `bridgelab deal --where`: the notation's meaning on the CLI."""
    from bridgelab.commands.main import main

    assert main(["stats", "hand", "--hcp", hcp, "--pattern", pattern, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    hands = sum(shape_hcp_count(shape, v) for shape in want_shapes for v in want_hcp)
    assert Fraction(got["numerator"], got["denominator"]) == Fraction(hands, math.comb(52, 13))
    where = f"N: {hcp} {pattern}"
    assert main(["deal", "-n", "5", "--seed", "1", "--where", where, "--format", "json"]) == 0
    for row in json.loads(capsys.readouterr().out):
        north = Hand.from_pbn(row["hands"]["N"])
        assert north.hcp in want_hcp and north.shape in want_shapes


def test_ranges_of_half_valued_measures_keep_their_meaning():
    """Quick tricks count in halves: '> 1' takes 1½, as it does in the exact statistics."""
    facts = HandFacts(Hand.from_pbn("AQ2.432.5432.432"))  # A-Q: 1½ quick tricks, nothing else
    assert facts.value("quick_tricks") == 1.5
    for text, ok in (
        ("> 1", True),
        ("1.5+", True),
        (">= 1.5", True),
        ("> 1.5", False),
        ("< 2", True),
        ("1-1.5", True),
        ("2+", False),
    ):
        assert Condition(f"quick_tricks {text}", {}).check(facts, {}).ok is ok, text
        assert (1.5 in notation.parse_range(text)) is ok, text
    whole = stats.hand_probability(quick_tricks=">1")
    assert whole == stats.hand_probability(quick_tricks="1.5+")
    assert whole > stats.hand_probability(quick_tricks="2+")
