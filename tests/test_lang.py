"""Bridge terms per language: reading what learners type, writing names, adding a language."""

import json

import pytest

from bridgelab import lang
from bridgelab.model.cards import Seat, Strain
from bridgelab.model.contract import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call, Contract
from bridgelab.model.errors import ParseError

CODES = ("en", "et", "sr", "cs", "ms")

# The table of shared/seeds/README.md: strain and call words seen in the source texts.
SEED_TABLE = {
    "et": {
        "C": "risti",
        "D": "ruutu",
        "H": "ärtu",
        "S": "pada",
        "NT": "trumbita",
        "pass": "pass",
        "double": "kontra",
        "redouble": "rekontra",
    },
    "sr": {
        "C": "tref",
        "D": "karo",
        "H": "herc",
        "S": "pik",
        "NT": "bez aduta",
        "pass": "dalje",
        "double": "kontra",
        "redouble": "rekontra",
    },
    "cs": {
        "C": "trefy",
        "D": "kára",
        "H": "srdce",
        "S": "piky",
        "NT": "bez trumfů",
        "pass": "pas",
        "double": "kontra",
        "redouble": "rekontra",
    },
    "ms": {
        "C": "daun",
        "D": "keriting",
        "H": "hati",
        "S": "sekop",
        "NT": "tanpa trump",
        "pass": "lulus",
        "double": "gandakan",
        "redouble": "gandakan semula",
    },
}
KINDS = {"pass": PASS, "double": DOUBLE, "redouble": REDOUBLE}


def test_the_five_languages_are_there():
    assert set(CODES) <= set(lang.languages()) and lang.languages()[0] == "en"
    for code in CODES:
        t = lang.terms(code)
        assert set(t["strains"]) == {"C", "D", "H", "S", "NT"} and set(t["calls"]) == set(KINDS)


@pytest.mark.parametrize("code", SEED_TABLE)
def test_the_seed_table_words(code):
    for key, word in SEED_TABLE[code].items():
        if key in KINDS:
            assert lang.parse_call(word, code) == KINDS[key]
            assert lang.parse_call(word) == KINDS[key]  # also with no language given
        else:
            assert lang.strain_name(key, code) == word
            assert lang.parse_call(f"3 {word}", code) == Call.bid(3, key)


@pytest.mark.parametrize(
    "text, lang_code, expected",
    [
        ("kolm pada", None, "3S"),
        ("üks ärtu", "et", "1H"),
        ("UKS ARTU", "et", "1H"),
        ("kaks trumbita", None, "2NT"),
        ("4T", None, "4NT"),
        ("viis risti", "et", "5C"),
        ("kuus ruutu", "et", "6D"),
        ("3 pik", None, "3S"),
        ("tri-pik", "sr", "3S"),
        ("jedan-bez aduta", "sr", "1NT"),
        ("2 BA", None, "2NT"),
        ("5-herc", "sr", "5H"),
        ("три пик", "sr", "3S"),
        ("dalje", None, "Pass"),
        ("2 bez trumfů", None, "2NT"),
        ("2 bez trumfu", "cs", "2NT"),
        ("dva piky", "cs", "2S"),
        ("7 srdcí", "cs", "7H"),
        ("7 trefů", "cs", "7C"),
        ("1 káro", "cs", "1D"),
        ("2 kříže", "cs", "2C"),
        ("jeden bez trumfů", "cs", "1NT"),
        ("1 SA", None, "1NT"),
        ("3SA", "ms", "3NT"),
        ("satu sekop", "ms", "1S"),
        ("empat hati", None, "4H"),
        ("lulus", None, "Pass"),
        ("gandakan semula", None, "XX"),
        ("Gandakan", "ms", "X"),
        ("kontra", None, "X"),
        ("REKONTRA", None, "XX"),
        ("pas", "cs", "Pass"),
        ("1NT", "cs", "1NT"),
        ("4♠", "ms", "4S"),
        ("three hearts", "en", "3H"),
    ],
)
def test_parse_call(text, lang_code, expected):
    assert lang.parse_call(text, lang_code) == Call.parse(expected)
    assert lang.read_call(text, lang_code) == Call.parse(expected)


def test_language_given_limits_the_words():
    assert lang.parse_call("1T", "cs") is None  # T is Estonian for no trump
    assert lang.parse_call("kolm pada", "sr") is None
    assert lang.parse_call("banana") is None and lang.parse_call("") is None
    assert lang.parse_call("8 pik") is None  # levels are 1 to 7
    with pytest.raises(ParseError, match="is not a call"):
        lang.read_call("kolm banaani")


def test_no_word_means_two_things_across_languages():
    """With no language given every language is tried: a word must mean the same in all."""
    meaning = {}
    for code in lang.languages():
        t = lang.terms(code)
        sections = [("strain", k, v) for k, v in t["strains"].items()]
        sections += [("call", k, v) for k, v in t["calls"].items()]
        sections += [("number", k, v) for k, v in t.get("numbers", {}).items()]
        for kind, key, words in sections:
            for w in words:
                n = lang.normalize(w)
                other = meaning.setdefault(n, (kind, key, code))
                assert other[:2] == (kind, key), f"{w!r} ({code}) vs {other}"


@pytest.mark.parametrize("code", CODES)
def test_every_call_name_reads_back(code):
    for call in list(ALL_BIDS) + [PASS, DOUBLE, REDOUBLE]:
        name = lang.call_name(call, code)
        assert lang.parse_call(name, code) == call, name


def test_names():
    assert lang.call_name("3S", "sr") == "3 pik"
    assert [lang.call_name(f"{n}S", "cs") for n in (1, 2, 5)] == ["1 pik", "2 piky", "5 piků"]
    assert [lang.call_name(f"{n}D", "cs") for n in (1, 3, 7)] == ["1 káro", "3 kára", "7 kár"]
    assert lang.call_name("1NT", "en") == "1 no trump" and lang.call_name("2C", "en") == "2 clubs"
    assert lang.call_name("X", "ms") == "gandakan" and lang.call_name("P", "sr") == "dalje"
    assert lang.strain_name(Strain.NT, "et") == "trumbita"
    assert lang.seat_name("E", "sr") == "istok" and lang.seat_name(Seat.S, "et") == "Süd"
    assert lang.word("declarer", "ms") == "pengisytihar" and lang.word("dummy", "sr") == "mrtvac"
    assert lang.word("vulnerable", "et") == "tsoonis" and lang.word("vulnerable", "sr") == "ranjiv"
    assert lang.word("dummy", "cs") == "stůl"  # the usual Czech word; the source text has none
    with pytest.raises(ParseError, match="not a known bridge word"):
        lang.word("banana")


def test_parse_seat():
    assert lang.parse_seat("S") is Seat.S and lang.parse_seat("S", "cs") is Seat.N  # sever
    assert lang.parse_seat("J", "cs") is Seat.S and lang.parse_seat("západ") is Seat.W
    assert lang.parse_seat("Timur") is Seat.E and lang.parse_seat("Süd", "et") is Seat.S
    assert lang.parse_seat("lõuna") is Seat.S and lang.parse_seat("sud") is Seat.S
    assert lang.parse_seat("N", "cs") is Seat.N  # English letters still read
    assert lang.parse_seat("nowhere") is None


def test_contracts_with_doubling_words():
    assert lang.read_contract("4 pada kontraga") == Contract(4, Strain.S, 1)
    assert lang.read_contract("tri-pik rekontra", "sr") == Contract(3, Strain.S, 2)
    assert lang.read_contract("3 pik kontra") == Contract(3, Strain.S, 1)
    assert lang.read_contract("2 bez trumfů") == Contract(2, Strain.NT, 0)
    assert lang.read_contract("tiga SA digandakan") == Contract(3, Strain.NT, 1)
    with pytest.raises(ParseError):
        lang.read_contract("kontra")


def test_normalize():
    assert lang.normalize("  Bez-Trumfů ") == "bez trumfu"
    assert lang.normalize("ÄRTU") == "artu" and lang.normalize("izvođač") == "izvodjac"


def test_unknown_language():
    with pytest.raises(ParseError, match="no terms for language 'xx'.*en, "):
        lang.parse_call("1 pik", "xx")
    assert lang.strain_name("S", "cs_CZ") == "piky"  # region codes are ignored


def test_terms_is_a_copy():
    t = lang.terms("et")
    t["strains"]["S"] = ["banana"]
    assert lang.strain_name("S", "et") == "pada"


@pytest.fixture
def teacher_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAB_TERMS_PATH", str(tmp_path))
    lang.reload()
    yield tmp_path
    monkeypatch.delenv("BRIDGELAB_TERMS_PATH")
    lang.reload()


def test_a_teacher_adds_a_language_with_a_json_file(teacher_dir):
    (teacher_dir / "fi.json").write_text(
        json.dumps(
            {
                "language": "Finnish",
                "strains": {"C": ["risti"], "D": ["ruutu"], "H": ["hertta"], "S": ["pata"], "NT": ["sangi"]},
                "numbers": {"3": ["kolme"]},
                "calls": {"pass": ["passi"], "double": ["kahdennus"], "redouble": ["vastakahdennus"]},
            }
        ),
        encoding="utf-8",
    )
    assert "fi" in lang.languages()
    assert lang.parse_call("kolme pata", "fi") == Call.bid(3, "S")
    assert lang.read_call("2 sangi") == Call.bid(2, "NT")
    assert lang.call_name("4H", "fi") == "4 hertta" and lang.call_name(PASS, "fi") == "passi"
    assert lang.seat_name("N", "fi") == "North"  # no seats given: English


def test_a_broken_terms_file_is_reported(teacher_dir):
    (teacher_dir / "zz.json").write_text(
        json.dumps({"language": "Broken", "strains": {"C": ["c"]}, "calls": {}}), encoding="utf-8"
    )
    with pytest.raises(
        ParseError, match=r"zz\.json.*\"strains\" must give words for each of C, D, H, S and NT"
    ):
        lang.parse_call("1 qq", "zz")
    (teacher_dir / "yy.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ParseError, match="cannot read the terms file"):
        lang.terms("yy")


def test_parse_strain():
    assert lang.parse_strain("piky") is Strain.S and lang.parse_strain("bez aduta") is Strain.NT
    assert lang.parse_strain("♥") is Strain.H and lang.parse_strain("keriting", "ms") is Strain.D
    assert lang.parse_strain("pada", "cs") is None and lang.parse_strain("banana") is None
