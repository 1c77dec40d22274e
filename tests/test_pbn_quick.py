"""The quick paths of the file readers (issue 19 item 16: a 10 MB file read 5x faster) give
what the full readers give: the quick PBN reader against the scanner and ``_Reader.record`` on
every PBN file of tests/data and on broken copies of them, both strict and lenient; the deals
checked at once with numpy against ``Deal.from_pbn``; a file of fresh random deals against
endplay's reader (a peer); and the defects found on the way."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

from bridgelab import BridgeError, Deal, PBNWarning, Seat
from bridgelab.io import pbn
from bridgelab.io.pbn import _canonical_deals, _quick_deal

DATA = Path(__file__).parent / "data"
PBN_FILES = sorted(DATA.rglob("*.pbn"))
RANKS = "AKQJT98765432"


def read(data, strict: bool, quick: bool, monkeypatch) -> tuple:
    """Everything a read gives: the records with all their fields, the problems and lines, the
    text each record keeps for writing back, and the warnings; or the error of a strict read."""
    monkeypatch.setattr(pbn, "_QUICK", quick)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            recs = pbn.loads(data, strict=strict)
        except BridgeError as e:
            return ("refused", type(e).__name__, str(e)), [str(w.message) for w in caught]
    got = [
        (
            r,
            r.problems,
            r.line,
            r.source.prefix,
            r.source.text,
            r.source.tail,
            r.source.pieces,
            r.source.state,
        )
        for r in recs
    ]
    return got, [str(w.message) for w in caught]


def same_both_ways(data, monkeypatch) -> None:
    for strict in (False, True):
        assert read(data, strict, True, monkeypatch) == read(data, strict, False, monkeypatch)


@pytest.mark.parametrize("path", PBN_FILES, ids=[p.name for p in PBN_FILES])
def test_the_quick_reader_reads_every_file_as_the_full_reader_does(path, monkeypatch):
    same_both_ways(path.read_bytes(), monkeypatch)


def test_the_quick_reader_is_used(monkeypatch):
    """Without braces, games of whole tag lines are read quickly (the test above can fail)."""
    used = []
    quick = pbn._Reader.quick
    monkeypatch.setattr(pbn._Reader, "quick", lambda self, *a: used.append(quick(self, *a)) or used[-1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PBNWarning)
        pbn.loads(b"".join(p.read_bytes() + b"\n\n" for p in PBN_FILES if b"{" not in p.read_bytes()))
    assert sum(u is not None for u in used) >= 300


def mutants(n: int, seed: int):
    """Broken copies of the corpus: characters changed, cut, repeated, and pieces of PBN put in
    (inherited values, notes, a second board, an illegal call, comments, % lines)."""
    rnd = random.Random(seed)
    pieces = [
        b'[Note "1:x"]\n',
        b"\n\n",
        b'[Event "#"]\n',
        b'[Site "##a"]\n',
        b"AP ",
        b"=1= ",
        b"% x\n",
        b'[Board "0"]\n',
        b'[Result "NS 9"]\n',
        b'[Contract "3NTX"]\n',
        b'[Declarer "^S"]\n',
        b'[Play "W"]\n',
        b"SA HK - D2\n",
        b'[Dealer "n"]\n',
        b"2C 2C ",
        b'[Deal "N:AKQ2.KJ4.A93.T52 - - -"]\n',
    ]
    plain = [p for p in PBN_FILES if b"{" not in p.read_bytes()]
    for _ in range(n):
        d = bytearray(rnd.choice(plain).read_bytes()[:6000])
        for _ in range(rnd.randint(1, 5)):
            i = rnd.randrange(len(d) + 1)
            op = rnd.randrange(4)
            if op == 0 and d:
                d[min(i, len(d) - 1)] = rnd.choice(b'|\n pP0123456789SHDCAKQJT-,[];%#=*"\\')
            elif op == 1:
                del d[i : i + rnd.randint(1, 20)]
            elif op == 2 and d:
                j = rnd.randrange(len(d))
                d[i:i] = d[j : j + rnd.randint(1, 60)]
            else:
                d[i:i] = rnd.choice(pieces)
        yield bytes(d)


@pytest.mark.parametrize("seed", range(4))
def test_the_quick_reader_reads_broken_files_as_the_full_reader_does(seed, monkeypatch):
    for data in mutants(40, seed):
        same_both_ways(data, monkeypatch)


# ---- files with commentary: cut into games at empty lines, checked against one scan -------------
# A file with braces is cut into games at its empty lines too (a game without commentary is then
# read quickly), except where a comment or a tag goes on over an empty line; without the quick
# reader, such a file is read by one scan of the whole text, as it was before, to compare with.

BRACED = [p for p in PBN_FILES if b"{" in p.read_bytes()]
BRACE_PIECES = [
    b"{",
    b"}",
    b"{ a comment }",
    b"{ a comment\n\nover an empty line }\n",
    b'{ [Board "7"] in a comment\n\n}',
    b"\n\n",
    b"\n\n\n",
    b"[",
    b"]",
    b'"',
    b"; a [ or { after a semicolon\n",
    b'[Event "{ not a comment"]\n',
    b'[Event "a ] b"',
    b"[Event\n\n",
    b"[Event\n\n]\n",
    b'[Event\n\n"x"]\n',
    b'[Event "x"\n\n]\n',
    b"% a { in a % line\n",
]


def braced_mutants(n: int, seed: int):
    """Broken and joined copies of the corpus with commentary: its files and the plain ones
    after each other, characters changed, cut and repeated, and braces, brackets, quotes and
    empty lines put in (comments and tags over empty lines, a '{' in a value or after ';')."""
    rnd = random.Random(seed)
    plain = [p for p in PBN_FILES if b"{" not in p.read_bytes()]
    for _ in range(n):
        parts = [rnd.choice(BRACED).read_bytes()[:5000] for _ in range(rnd.randint(1, 2))]
        parts.insert(rnd.randrange(len(parts) + 1), rnd.choice(plain).read_bytes()[:3000])
        d = bytearray(b"\n\n".join(parts))
        for _ in range(rnd.randint(1, 6)):
            i = rnd.randrange(len(d) + 1)
            op = rnd.randrange(4)
            if op == 0 and d:
                d[min(i, len(d) - 1)] = rnd.choice(b'\n {}[]";%')
            elif op == 1:
                del d[i : i + rnd.randint(1, 20)]
            elif op == 2 and d:
                j = rnd.randrange(len(d))
                d[i:i] = d[j : j + rnd.randint(1, 80)]
            else:
                d[i:i] = rnd.choice(BRACE_PIECES)
        yield bytes(d)


@pytest.mark.parametrize("seed", range(4))
def test_files_with_commentary_cut_into_games_read_as_one_scan_does(seed, monkeypatch):
    """Records, lines, problems and warnings, and the text kept for writing back (so the
    same file written back), strict and lenient."""
    for data in braced_mutants(30, seed):
        same_both_ways(data, monkeypatch)


def test_games_of_a_file_with_commentary_are_read_quickly(monkeypatch):
    """The games without commentary of a file with braces take the quick reader (the tests
    above can fail), and the file reads and writes back as one scan of it does."""
    used = []
    quick = pbn._Reader.quick
    monkeypatch.setattr(pbn._Reader, "quick", lambda self, *a: used.append(quick(self, *a)) or used[-1])
    data = b"".join(p.read_bytes() + b"\n\n" for p in PBN_FILES)
    assert b"{" in data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PBNWarning)
        recs = pbn.loads(data)
        assert sum(u is not None for u in used) >= 300
        assert pbn.dumps(recs) == data.decode("utf-8").replace("\r\n", "\n")
        monkeypatch.setattr(pbn, "_QUICK", False)
        assert pbn.loads(data) == recs


@pytest.mark.parametrize(
    "between",
    [
        "{ a comment\n\nover an empty line }",
        "{ a comment }\n{ and one\n\n\nover empty lines }",
        '[Event\n\n"Club"]',
        '[Event "a ] b"\n\n]',
        "{ a comment } [Event\n\n]",
        '{ one\n\ntwo\n\n[Board "3"]\n\nthree }',
        '[Event\n\n"x"\n\n]',
        '{ a } [Event "a ] b"\n\n] { b\n\n}',
    ],
)
def test_a_comment_or_tag_over_an_empty_line_is_not_cut(between, monkeypatch):
    """What the scanner reads over an empty line stays in one piece: the games after it are
    the same, with the same line numbers, as one scan gives."""
    text = f'{GOOD}{{before}}\n{between}\n\n{GOOD}\n{GOOD}[Event "x"]\n{{end}}\n'
    same_both_ways(text, monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PBNWarning)
        recs = pbn.loads(text)
    starts = [text.count("\n", 0, m.start()) + 1 for m in re.finditer(re.escape(GOOD), text)]
    assert len(recs) == 3 and [r.line for r in recs[1:]] == starts[1:]


# ---- deals: as programs write them, checked at once ---------------------------------------------


def random_deal(rng, first: str = "N") -> str:
    cards = rng.permutation(52)
    hands = []
    for h in range(4):
        mine = sorted(cards[h * 13 : (h + 1) * 13])
        hands.append(".".join("".join(RANKS[c % 13] for c in mine if c // 13 == s) for s in range(4)))
    return f"{first}:" + " ".join(hands)


def deal_texts(seed: int) -> list[str]:
    """Deal texts as programs write them, and the near misses a reader must not take as such:
    a card twice, 12 and 14 cards, ranks out of order, lower case, '10', two spaces, a '-'."""
    rng = np.random.default_rng(seed)
    texts = [random_deal(rng, first) for first in "NESW" for _ in range(25)]
    good = texts[0]
    a, b, c, d = good[2:].split(" ")
    texts += [
        good.replace(a, b),  # one hand twice
        f"N:{a[:-1]}{b[-1]} {b} {c} {d}",  # a card moved: 12 and 14 cards
        f"N:{a} {b} {c}  {d}",
        f"N:{a.lower()} {b} {c} {d}",
        f"N:{a} {b} {c} -",
        f"X:{a} {b} {c} {d}",
        good + " ",
    ]
    for k in range(len(a) - 1):  # two ranks of a suit swapped
        if a[k] != "." and a[k + 1] != ".":
            texts.append(f"N:{a[:k]}{a[k + 1]}{a[k]}{a[k + 2 :]} {b} {c} {d}")
    return texts


def full(text: str):
    try:
        return Deal.from_pbn(text)
    except BridgeError:
        return None


@pytest.mark.parametrize("seed", range(3))
def test_deals_checked_at_once_are_the_deals_deal_reads(seed):
    texts = deal_texts(seed)
    index, rows = _canonical_deals("".join(f'[Deal "{t}"]\n' for t in texts))
    for t in texts:
        expected = full(t)
        canonical = expected is not None and t == t.strip() and "  " not in t and t[:2] != "X:"
        canonical = (
            canonical
            and all(  # each suit's ranks from the ace down
                all(c in RANKS for c in s) and all(RANKS.index(x) < RANKS.index(y) for x, y in zip(s, s[1:]))
                for h in t[2:].split()
                for s in h.split(".")
            )
        )
        assert (t in index) == canonical, t
        quick = _quick_deal(t)
        assert (quick is not None) == canonical, t
        if canonical:
            assert np.array_equal(rows[index[t]], expected.holdings)
            assert quick == expected and hash(quick) == hash(expected)
            assert [quick[s].to_pbn() for s in Seat] == [expected[s].to_pbn() for s in Seat]
            assert not rows.flags.writeable and not quick.holdings.flags.writeable


@pytest.mark.peer
def test_a_file_of_fresh_deals_agrees_with_endplay(monkeypatch):
    """A file as a scorer writes it (random deals, auctions, results, double-dummy tables), read
    by the quick reader, against endplay's PBN reader."""
    ep = pytest.importorskip("endplay.parsers.pbn")
    rng = np.random.default_rng(7)
    games = []
    auctions = ["1NT Pass 3NT Pass\nPass Pass", "Pass Pass Pass Pass", "1S 2H =1= 4S X\nPass Pass Pass"]
    for board in range(1, 41):
        games.append(
            f'[Event "Club"]\n[Board "{board}"]\n[Dealer "{"NESW"[(board - 1) % 4]}"]\n'
            f'[Vulnerable "{["None", "NS", "EW", "All"][board % 4]}"]\n[Deal "{random_deal(rng, "NESW"[board % 4])}"]\n'
            f'[Auction "{"NESW"[(board - 1) % 4]}"]\n{auctions[board % 3]}\n[Note "1:both majors"]\n'
            f'[Result "{board % 14}"]\n[DoubleDummyTricks "{"".join(rng.choice(list("0123456789abcd"), 20))}"]\n'
        )
    text = "\n".join(games)
    mine = pbn.loads(text)
    theirs = ep.loads(text)
    assert len(mine) == len(theirs) == 40
    for r, b in zip(mine, theirs):
        assert Deal.from_pbn(b.deal.to_pbn()) == r.deal
        assert (b.board_num, b.dealer.abbr) == (r.board, r.dealer.name)
        assert len(b.auction) == len(r.auction)
        if r.contract and b.contract is not None and b.contract.level:
            assert (
                b.contract.level == r.contract.level and b.contract.declarer.abbr == r.contract.declarer.name
            )
    monkeypatch.setattr(pbn, "_QUICK", False)  # and they are the full reader's
    assert pbn.loads(text) == mine


# ---- defects found on the way --------------------------------------------------------------------

GOOD = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"]\n'
)


def test_calls_after_a_note_inside_the_auction_are_kept():
    """The quick read of a game dropped the lines after a [Note] in the auction."""
    (r,) = pbn.loads(GOOD + '[Auction "N"]\n1NT =1= Pass\n[Note "1:15-17"]\n3NT AP\n')
    assert [c.to_ascii() for c in r.auction] == ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]
    assert r.contract is not None and r.contract.level == 3 and r.alerts == {0: "15-17"}


LIN_DEAL = "md|3ST765HT932DJ7CQ97,S43H865DT8654CJ86,SAKQ2HKJ4DA93CT52,|"


def test_cards_played_on_a_passed_out_board_are_a_problem_not_a_crash():
    text = LIN_DEAL + "mb|p|mb|p|mb|p|mb|p|pc|SA|"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (r,) = pbn.loads_lin(text)
    assert r.passed_out and r.sections == {} and len(r.problems) == 1
    assert "cards are played" in str(caught[0].message)
    with pytest.raises(BridgeError, match="line 1"):
        pbn.loads_lin(text, strict=True)


def test_lin_problems_name_their_lines():
    """Where a pair starts is worked out only for a problem: the lines are still right."""
    text = (
        "pn|a,b,c,d|st||" + LIN_DEAL + "sv|o|\n"
        "mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|\n"
        "pc|D2|pc|HA|\npn|e,f,g,h|st||" + LIN_DEAL + "sv|x|mc|99|\n"
    )
    recs, found = [], []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PBNWarning)
        recs = pbn.loads_lin(text)
        found = [str(w.message) for w in caught]
    assert [r.line for r in recs] == [1, 4]
    assert any(re.search(r"line 3, game 1: pc\|HA\| \(card 2\)", f) for f in found), found
    assert any(re.search(r"line 4, game 2: sv\|x\|", f) for f in found), found
    assert any(re.search(r"line 4, game 2: mc\|99\|", f) for f in found), found
