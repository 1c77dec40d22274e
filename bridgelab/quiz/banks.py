"""Quiz banks: questions written by hand in JSON files (format "bridgelab-bank/1").

The format is documented for teachers in ``data/README.md``. ``load_bank`` checks every field
and refuses a malformed bank with a BankError that names the file, the question and the field.
A question may carry a ``check``: the facts the engine needs to verify the stated answer (a
contract and its tricks, an auction). A checked answer that disagrees with the engine is
refused too, and the engine's own explanation is added to the question's.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model.errors import BankError, BridgeError
from .core import KINDS, TOPICS, Question, finish_question

__all__ = [
    "FORMAT",
    "Bank",
    "BankEntry",
    "load_bank",
    "data_dir",
    "bundled_banks",
    "rubber_figure",
    "bank_question",
]

FORMAT = "bridgelab-bank/1"
_TOP_FIELDS = {"format", "id", "title", "source", "language", "about", "questions"}
_REQUIRED_TOP = ("format", "id", "title", "questions")
_ENTRY_FIELDS = {
    "id",
    "topic",
    "level",
    "kind",
    "prompt",
    "answer",
    "choices",
    "explanation",
    "check",
    "note",
}
_REQUIRED_ENTRY = ("id", "topic", "level", "kind", "prompt", "answer")
_LANG_RE = re.compile(r"^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$")
_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


def data_dir() -> Path:
    """The ``data/`` folder of banks: ``BRIDGELAB_BANKS`` if set, else the repository's
    ``data/`` beside the package, else the copy installed as ``bridgelab/data``."""
    env = os.environ.get("BRIDGELAB_BANKS")
    if env:
        return Path(env)
    beside = Path(__file__).resolve().parents[2] / "data"
    if beside.is_dir():
        return beside
    return Path(__file__).resolve().parents[1] / "data"


def bundled_banks() -> list[Path]:
    """The bank files in ``data_dir()``: JSON files in the bank format, and the auction data of
    the texts (read as a bank)."""
    out = []
    d = data_dir()
    if d.is_dir():
        for p in sorted(d.glob("*.json")):
            try:
                head = json.loads(p.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(head, dict) and (head.get("format") == FORMAT or "auctions" in head):
                out.append(p)
    return out


@dataclass
class BankEntry:
    """One hand-written question, as in the file (texts keyed by language)."""

    id: str
    topic: str
    level: int
    kind: str
    prompt: dict[str, str]
    answer: Any
    choices: list = field(default_factory=list)
    explanation: dict[str, str] = field(default_factory=dict)
    check: dict | None = None
    note: str | None = None
    facts: dict | None = field(default=None, repr=False)
    """What the engine said when it checked the answer (a score breakdown, an auction)."""


@dataclass
class Bank:
    """A loaded, validated bank."""

    path: Path
    id: str
    title: dict[str, str]
    entries: list[BankEntry]
    source: str | None = None
    language: str | None = None
    about: str | None = None

    def entry(self, entry_id: str) -> BankEntry:
        for e in self.entries:
            if e.id == entry_id:
                return e
        raise BankError(f"{self.path}: no question with id {entry_id!r}")

    def __len__(self) -> int:
        return len(self.entries)

    def question(self, entry_id: str, lang: str = "en"):
        """The entry as a Question in ``lang`` (English, then the bank's language, as fallback)."""
        return bank_question(self, self.entry(entry_id), lang)


def _fail(path, where: str, msg: str) -> BankError:
    return BankError(f"{path}: {where}: {msg} (the bank format is described in data/README.md)")


def _texts(value, path, where: str, name: str, required: bool) -> dict[str, str]:
    if value is None and not required:
        return {}
    if isinstance(value, str) and value.strip():
        return {"en": value}
    if not isinstance(value, dict) or not value:
        raise _fail(
            path,
            where,
            f'field "{name}" must be an object of texts by language, as {{"en": "...", "et": "..."}}',
        )
    for lang, text in value.items():
        if not isinstance(lang, str) or not _LANG_RE.match(lang):
            raise _fail(
                path, where, f'field "{name}": {lang!r} is not a language code (use en, et, sr, cs, ms, ...)'
            )
        if not isinstance(text, str) or not text.strip():
            raise _fail(path, where, f'field "{name}": the "{lang}" text must be a non-empty string')
    return dict(value)


_MAX_NUMBER = 10**15  # far above any bridge figure, well inside a float's exact integers


def _short(value, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about huge fields."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a number of {len(str(abs(value)))} digits"
    r = repr(value)
    return r if len(r) <= limit else r[:limit] + "…"


def _answer(entry: dict, kind: str, path, where: str):
    from .answers import MAX_ANSWER, parse_call, parse_number, parse_pattern, parse_seat, parse_yesno

    a = entry["answer"]
    if isinstance(a, str) and len(a) > MAX_ANSWER:
        raise _fail(
            path, where, f'field "answer" has {len(a):,} characters: an answer is at most {MAX_ANSWER}'
        )
    if kind == "number":
        if isinstance(a, bool) or not isinstance(a, (int, float)):
            value = parse_number(a) if isinstance(a, str) else None
            if value is None:
                raise _fail(path, where, f'field "answer": {_short(a)} is not a number (kind "number")')
            a = value
        if isinstance(a, float) and not math.isfinite(a) or abs(a) > _MAX_NUMBER:
            raise _fail(
                path,
                where,
                f'field "answer": {_short(a)} is not a number a learner can '
                f"type (finite, at most {_MAX_NUMBER:,} either way)",
            )
        return a
    if kind == "yesno":
        if isinstance(a, bool):
            return "yes" if a else "no"
        value = parse_yesno(a) if isinstance(a, str) else None
        if value is None:
            raise _fail(
                path,
                where,
                f'field "answer": {a!r} is not yes or no (kind "yesno": "yes", "no", true or false)',
            )
        return value
    if not isinstance(a, str) or not a.strip():
        raise _fail(path, where, f'field "answer" must be a non-empty string for kind "{kind}"')
    if kind == "call":
        call = parse_call(a, "en")
        if call is None:
            raise _fail(path, where, f'field "answer": {a!r} is not a call (write 1C ... 7NT, Pass, X or XX)')
        return call.to_ascii()
    if kind == "seat":
        seat = parse_seat(a, "en")
        if seat is None:
            raise _fail(path, where, f'field "answer": {a!r} is not a seat (write N, E, S or W)')
        return seat.name
    if kind == "choice":
        choices = entry.get("choices")
        if not isinstance(choices, list) or len(choices) < 2:
            raise _fail(
                path, where, 'field "choices": a "choice" question needs a list of at least two choices'
            )
        if a not in [c if isinstance(c, str) else None for c in choices]:
            raise _fail(path, where, f'field "answer": {a!r} is not one of the "choices"')
    if kind == "text" and entry.get("topic") == "pattern" and parse_pattern(a) is None:
        raise _fail(path, where, f'field "answer": {a!r} is not a hand pattern such as 5-4-3-1')
    return a


def _choices(entry: dict, kind: str, path, where: str) -> list:
    c = entry.get("choices")
    if c is None:
        return []
    if kind != "choice":
        raise _fail(path, where, f'field "choices" belongs only to kind "choice", not "{kind}"')
    if not isinstance(c, list) or not all(isinstance(x, str) and x.strip() for x in c):
        raise _fail(path, where, 'field "choices" must be a list of non-empty strings')
    if len(set(c)) != len(c):
        raise _fail(path, where, 'field "choices" has the same choice twice')
    return list(c)


# ---- checks against the engine ------------------------------------------------------------

_SCORING_KEYS = {"scoring", "contract", "tricks", "vulnerable", "rules", "side", "line"}
_AUCTION_KEYS = {"auction", "dealer", "ask", "call", "strain"}


def _breakdown(spec: dict, path, where: str):
    for key in ("contract", "tricks", "vulnerable"):
        if key not in spec:
            raise _fail(path, where, f'field "check" needs "{key}" for scoring')
    from ..rules.scoring import score_breakdown

    try:
        return score_breakdown(
            spec["contract"], spec["tricks"], spec["vulnerable"], rules=spec.get("rules", "current")
        )
    except BridgeError as e:
        raise _fail(path, where, f'field "check": {e}') from None


def _numbers(text) -> list:
    """The numbers in a text, in order: 'joone alla 120, joone peale 500' -> [120, 500]."""
    from .answers import parse_number

    out = []
    text = re.sub(r"[,;.]\s+", " ; ", str(text))  # '120, 500' is two figures, '1,500' one
    for tok in re.findall(r"-?\d(?:[\d\u00a0\u202f,.]|(?<=\d) (?=\d{3}\b))*", text):
        n = parse_number(tok)
        if n is None:  # '120, 500' read as one token: split on the separators
            out += [parse_number(t) for t in re.findall(r"\d+", tok)]
        else:
            out.append(n)
    return out


def rubber_figure(bd, side: str, line: str) -> int:
    """Points one side writes on one side of the line for a deal (no honours, no rubber bonus)."""
    return sum(p.points for p in bd.parts if p.side == side and p.line == line)


def _check_scoring(entry, spec, path, where):
    """ "scoring": "duplicate" (the answer is the score) or "rubber" (the answer is what "side"
    writes "below" or "above" the line; for kind "text", all figures, below first)."""
    unknown = set(spec) - _SCORING_KEYS
    if unknown:
        raise _fail(
            path,
            where,
            f'field "check": unknown key {sorted(unknown)[0]!r} for scoring '
            f"(use {', '.join(sorted(_SCORING_KEYS))})",
        )
    how = spec["scoring"]
    bd = _breakdown(spec, path, where)
    if how == "duplicate":
        if entry.kind != "number":
            raise _fail(path, where, 'field "check": duplicate scoring goes with kind "number"')
        if entry.answer != bd.total:
            raise _fail(
                path,
                where,
                f'field "answer": {entry.answer} does not agree with the engine, '
                f"which scores {bd.contract} with {bd.tricks} tricks {bd.total}",
            )
        return {"kind": "duplicate", "breakdown": bd}
    if how != "rubber":
        raise _fail(path, where, f'field "check.scoring" must be "duplicate" or "rubber", not {how!r}')
    if entry.kind == "number":
        side, line = spec.get("side"), spec.get("line")
        if side not in ("declarer", "defenders") or line not in ("below", "above"):
            raise _fail(
                path,
                where,
                'field "check": rubber scoring of a number needs "side" '
                '(declarer or defenders) and "line" (below or above)',
            )
        want = rubber_figure(bd, side, line)
        if entry.answer != want:
            raise _fail(
                path,
                where,
                f'field "answer": {entry.answer} does not agree with the engine, '
                f"which has the {side} write {want} {line} the line",
            )
        return {"kind": "rubber", "breakdown": bd, "side": side, "line": line}
    if entry.kind == "text":
        want = _numbers(bd.rubber_summary())
        if _numbers(entry.answer) != want:
            raise _fail(
                path,
                where,
                f'field "answer": {entry.answer!r} does not agree with the engine, '
                f'which writes "{bd.rubber_summary()}"',
            )
        return {"kind": "rubber", "breakdown": bd, "numbers": want}
    raise _fail(path, where, 'field "check": rubber scoring goes with kind "number" or "text"')


_AUCTION_ASKS = ("declarer", "dummy", "leader", "contract", "tricks", "legal", "passed_out", "lowest")


def _check_auction(entry, spec, path, where):
    """ "auction": the calls (a string or a list) from "dealer", and what is asked ("ask"):
    declarer, dummy, leader (kind seat), contract (text or call), tricks (number),
    legal (yesno, with "call"), passed_out (yesno), lowest (call, with "strain")."""
    unknown = set(spec) - _AUCTION_KEYS
    if unknown:
        raise _fail(
            path,
            where,
            f'field "check": unknown key {sorted(unknown)[0]!r} for an auction '
            f"(use {', '.join(sorted(_AUCTION_KEYS))})",
        )
    ask = spec.get("ask")
    if ask not in _AUCTION_ASKS:
        raise _fail(path, where, f'field "check.ask" must be one of {", ".join(_AUCTION_ASKS)}, not {ask!r}')
    from ..model.errors import IllegalCall
    from ..rules.auction import Auction

    calls = spec["auction"]
    if isinstance(calls, list):
        calls = " ".join(map(str, calls))
    try:
        auction = Auction.parse(str(calls), dealer=spec.get("dealer", "N"))
    except BridgeError as e:
        raise _fail(path, where, f'field "check.auction": {e}') from None
    out = {"kind": "auction", "auction": auction, "ask": ask}
    if ask == "legal":
        if "call" not in spec:
            raise _fail(path, where, 'field "check" asks "legal" and needs "call"')
        reason = None
        try:
            auction.check(spec["call"])
        except IllegalCall as e:
            reason = str(e)
        except BridgeError as e:
            raise _fail(path, where, f'field "check.call": {e}') from None
        want = "yes" if reason is None else "no"
        out["reason"] = reason
        out["call"] = spec["call"]
    elif ask == "passed_out":
        want = "yes" if auction.passed_out else "no"
    elif ask == "lowest":
        from ..model.cards import Strain
        from .generators.auctions import lowest_bid

        try:
            strain = Strain.parse(spec.get("strain", ""))
        except BridgeError:
            raise _fail(
                path, where, 'field "check" asks "lowest" and needs "strain" (C, D, H, S or NT)'
            ) from None
        low = lowest_bid(auction, strain)
        if low is None:
            raise _fail(path, where, f"no {strain.full_name} bid is high enough after this auction")
        want = low.to_ascii()
        out["strain"] = strain
    else:
        contract = auction.contract
        if not contract:  # None, or PASSED_OUT
            raise _fail(path, where, 'field "check.auction": the auction has not ended in a contract')
        out["contract"] = contract
        want = {
            "declarer": lambda: contract.declarer.name,
            "dummy": lambda: contract.dummy.name,
            "leader": lambda: contract.opening_leader.name,
            "tricks": lambda: contract.tricks_needed,
            "contract": lambda: contract.to_ascii(),
        }[ask]()
    got = entry.answer
    if ask == "contract":
        from ..model.contract import Contract

        try:
            got = Contract.parse(str(got)).to_ascii()
        except BridgeError:
            pass
        if entry.kind == "call":
            want = contract.call.to_ascii()
    if got != want:
        raise _fail(
            path, where, f'field "answer": {entry.answer!r} does not agree with the engine ({ask}: {want})'
        )
    return out


def _run_check(entry: BankEntry, path, where: str):
    spec = entry.check
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise _fail(path, where, 'field "check" must be an object')
    if "scoring" in spec:
        return _check_scoring(entry, spec, path, where)
    if "auction" in spec:
        return _check_auction(entry, spec, path, where)
    raise _fail(path, where, 'field "check" needs "scoring" (duplicate or rubber) or "auction"')


# ---- loading ------------------------------------------------------------------------------

_cache: dict[tuple[str, float], Bank] = {}


def load_bank(path: "str | os.PathLike") -> Bank:
    """Read and validate a bank file; a BankError names the file, the question and the field."""
    p = Path(path)
    if not p.is_absolute() and not p.exists() and (data_dir() / p).exists():
        p = data_dir() / p
    try:
        stamp = p.stat().st_mtime
    except OSError as e:
        raise BankError(f"{p}: cannot read the bank: {e.strerror or e}") from None
    key = (str(p.resolve()), stamp)
    if key in _cache:
        return _cache[key]
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BankError(f"{p}: a bank is a UTF-8 JSON file") from None
    except json.JSONDecodeError as e:
        raise BankError(f"{p}: not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except RecursionError:
        raise BankError(
            f"{p}: the JSON is nested too deeply to be a bank (a bank is an object "
            "of questions, a few levels deep)"
        ) from None
    except ValueError as e:  # an integer of more digits than Python converts (4,300)
        raise BankError(f"{p}: not a bank: {e}") from None
    except OSError as e:
        raise BankError(f"{p}: cannot read the bank: {e.strerror or e}") from None
    if isinstance(data, dict) and "format" not in data and "auctions" in data:
        data = _bank_from_auctions(data, p)
    bank = _validate(data, p)
    _cache[key] = bank
    return bank


def _check_fields(obj: dict, required, known: set, path, where: str) -> None:
    """Every required field present, no unknown one, and an "id" that is a plain name."""
    for key in required:
        if key not in obj:
            raise _fail(path, where, f'field "{key}" is missing')
    unknown = set(obj) - known
    if unknown:
        raise _fail(
            path, where, f'unknown field "{sorted(unknown)[0]}" (fields are {", ".join(sorted(known))})'
        )
    if not isinstance(obj["id"], str) or not _ID_RE.match(obj["id"]):
        raise _fail(path, where, 'field "id" must be a name of letters, digits, "-", "_" and "."')


def _validate(data, path) -> Bank:
    if not isinstance(data, dict):
        raise _fail(path, "top level", "a bank is one JSON object")
    _check_fields(data, _REQUIRED_TOP, _TOP_FIELDS, path, "top level")
    if data["format"] != FORMAT:
        raise _fail(path, "top level", f'field "format" must be "{FORMAT}", not {data["format"]!r}')
    title = _texts(data["title"], path, "top level", "title", True)
    for key in ("source", "language", "about"):
        if key in data and not isinstance(data[key], str):
            raise _fail(path, "top level", f'field "{key}" must be a string')
    qs = data["questions"]
    if not isinstance(qs, list) or not qs:
        raise _fail(path, "top level", 'field "questions" must be a non-empty list of questions')
    entries: list[BankEntry] = []
    seen: set[str] = set()
    for i, q in enumerate(qs):
        where = f"question {i + 1}"
        if not isinstance(q, dict):
            raise _fail(path, where, "a question is a JSON object")
        if isinstance(q.get("id"), str):
            where = f"question {i + 1} (id {q['id']!r})"
        _check_fields(q, _REQUIRED_ENTRY, _ENTRY_FIELDS, path, where)
        if q["id"] in seen:
            raise _fail(path, where, f'field "id": {q["id"]!r} is used twice in this bank')
        seen.add(q["id"])
        topic = q["topic"]
        if not isinstance(topic, str) or not re.fullmatch(r"[a-z][a-z0-9\-]*", topic):
            raise _fail(
                path, where, f'field "topic": {topic!r} is not a topic name (known: {", ".join(TOPICS)})'
            )
        level = q["level"]
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 3:
            raise _fail(path, where, f'field "level" must be 1, 2 or 3, not {level!r}')
        kind = q["kind"]
        if kind not in KINDS:
            raise _fail(path, where, f'field "kind": {kind!r} is not a kind (use {", ".join(KINDS)})')
        prompt = _texts(q["prompt"], path, where, "prompt", True)
        choices = _choices(q, kind, path, where)
        answer = _answer(q, kind, path, where)
        explanation = _texts(q.get("explanation"), path, where, "explanation", False)
        if "note" in q and not isinstance(q["note"], str):
            raise _fail(path, where, 'field "note" must be a string')
        check = q.get("check")
        entry = BankEntry(
            q["id"], topic, level, kind, prompt, answer, choices, explanation, check, q.get("note")
        )
        entry.facts = _run_check(entry, path, where)
        entries.append(entry)
    return Bank(
        Path(path), data["id"], title, entries, data.get("source"), data.get("language"), data.get("about")
    )


# ---- the example auctions of the texts (data/auctions_from_texts.json) as a bank -------------

_ROLE_MSGIDS = {
    "declarer": "After this auction, who is declarer?",
    "dummy": "After this auction, who is dummy?",
    "leader": "After this auction, who makes the opening lead?",
    "tricks": "After this auction, how many tricks must declarer take?",
    "passed_out": "Is this deal passed out?",
}


def _all_langs(msgid: str, **args) -> dict[str, str]:
    from ..text.i18n import LANGUAGES, translate

    return {lang: translate(msgid, lang, **args) for lang in LANGUAGES}


def _bank_from_auctions(data: dict, path) -> dict:
    """Questions from the auction examples of the source texts, in the bank format: who
    declares, who is dummy, who leads, how many tricks, passed out or not, and each legality
    check with the call as the text writes it. Every answer is checked by the engine on load."""
    from ..model.contract import Call
    from ..rules.auction import Auction
    from ..text.i18n import LANGUAGES, translate
    from ..text.words import call_name, seat_name, strain_name
    from .answers import parse_call

    questions = []
    for key in ("auctions", "checks"):
        if not isinstance(data.get(key) or [], list):
            raise _fail(path, "top level", f'field "{key}" must be a list')
    for i, a in enumerate(data.get("auctions") or []):
        where = f"auction {i + 1}"
        if not isinstance(a, dict) or not all(k in a for k in ("id", "dealer", "calls")):
            raise _fail(path, where, 'an auction needs "id", "dealer" and "calls"')
        base = {"auction": a["calls"], "dealer": a["dealer"]}
        note = a.get("note")
        if a.get("passed_out"):
            asks = [("passed_out", "yes", "yesno", 1)]
        else:
            asks = [
                ("declarer", a.get("declarer"), "seat", 1),
                ("dummy", a.get("dummy"), "seat", 2),
                ("leader", a.get("opening_leader"), "seat", 1),
                ("tricks", a.get("tricks_needed"), "number", 1),
            ]
        for ask, answer, kind, level in asks:
            if answer is None:
                raise _fail(path, f"{where} (id {a['id']!r})", f'field "{ask}" is missing')
            q = {
                "id": f"{a['id']}.{ask}",
                "topic": "tricks" if ask == "tricks" else "declarer",
                "level": level,
                "kind": kind,
                "prompt": _all_langs(_ROLE_MSGIDS[ask]),
                "answer": answer,
                "check": {**base, "ask": ask},
            }
            if note:
                q["note"] = note
            questions.append(q)
    for i, c in enumerate(data.get("checks") or []):
        where = f"check {i + 1}"
        if not isinstance(c, dict) or not all(k in c for k in ("id", "dealer", "calls", "call", "legal")):
            raise _fail(path, where, 'a check needs "id", "dealer", "calls", "call" and "legal"')
        src = c.get("source") or {}
        if not isinstance(src, dict) or not isinstance(src.get("lang", "en"), str):
            raise _fail(
                path,
                f"{where} (id {c['id']!r})",
                'field "source" must be an object such as {"lang": "et", "page": 12}',
            )
        src_lang = src.get("lang", "en")
        if not isinstance(c["calls"], list) or not all(isinstance(x, str) for x in c["calls"]):
            raise _fail(path, f"{where} (id {c['id']!r})", 'field "calls" must be a list of calls as text')
        call = parse_call(c["call"], src_lang)
        if call is None:
            raise _fail(
                path, f"{where} (id {c['id']!r})", f'field "call": {c["call"]!r} is not a call in {src_lang}'
            )
        try:
            seat = Auction.parse(" ".join(c["calls"]), dealer=c["dealer"]).next_seat
        except BridgeError as e:
            raise _fail(path, f"{where} (id {c['id']!r})", f'field "calls": {e}') from None
        prompt = {}
        for lang in LANGUAGES:
            shown = c["call"] if lang == src_lang else call_name(call, lang)
            if seat is None:
                prompt[lang] = translate(
                    "The auction is over. May a player still call {call}?", lang, call=shown
                )
            else:
                prompt[lang] = translate(
                    "It is {seat}'s turn. May {seat} call {call} now?",
                    lang,
                    seat=seat_name(seat, lang),
                    call=shown,
                )
        q = {
            "id": c["id"],
            "topic": "legality",
            "level": 1,
            "kind": "yesno",
            "prompt": prompt,
            "answer": bool(c["legal"]),
            "check": {"auction": c["calls"], "dealer": c["dealer"], "ask": "legal", "call": call.to_ascii()},
        }
        if c.get("note"):
            q["note"] = c["note"]
        questions.append(q)
        if c.get("lowest_in_strain") and seat is not None:
            try:
                low = Call.parse(c["lowest_in_strain"])
            except BridgeError as e:
                raise _fail(path, f"{where} (id {c['id']!r})", f'field "lowest_in_strain": {e}') from None
            questions.append(
                {
                    "id": f"{c['id']}.lowest",
                    "topic": "legality",
                    "level": 1,
                    "kind": "call",
                    "prompt": {
                        lang: translate(
                            "It is {seat}'s turn. What is the lowest bid in {strain} that {seat} may make?",
                            lang,
                            seat=seat_name(seat, lang),
                            strain=strain_name(low.strain, lang),
                        )
                        for lang in LANGUAGES
                    },
                    "answer": low.to_ascii(),
                    "check": {
                        "auction": c["calls"],
                        "dealer": c["dealer"],
                        "ask": "lowest",
                        "strain": low.strain.name,
                    },
                }
            )
    title = {"en": "Example auctions of the source texts"}
    return {
        "format": FORMAT,
        "id": "auctions-from-texts",
        "title": title,
        "source": "data/auctions_from_texts.json",
        "about": str(data.get("about", ""))[:500],
        "questions": questions,
    }


# ---- a bank entry as a question ---------------------------------------------------------------


def _pick(texts: dict, lang: str, fallback: str | None = None) -> str:
    for key in (lang, "en", fallback):
        if key and key in texts:
            return texts[key]
    return next(iter(texts.values()), "")


def bank_question(bank: Bank, entry: BankEntry, lang: str = "en") -> Question:
    """A bank entry as a Question in ``lang``, with the engine's explanation when it was checked."""
    from .explain import rubber_lines, score_lines

    lines = []
    if entry.explanation:
        lines.append(_pick(entry.explanation, lang, bank.language))
    facts = entry.facts or {}
    if facts.get("kind") == "duplicate":
        lines += score_lines(facts["breakdown"], lang)
    elif facts.get("kind") == "rubber":
        lines += rubber_lines(facts["breakdown"], lang)
    elif facts.get("kind") == "auction":
        from .generators.auctions import auction_facts_lines

        lines += auction_facts_lines(facts, lang)
    q = Question(
        id=f"{bank.id}:{entry.id}",
        topic=entry.topic,
        level=entry.level,
        kind=entry.kind,
        prompt=_pick(entry.prompt, lang, bank.language),
        answer=entry.answer,
        choices=list(entry.choices),
        explanation="\n".join(lines),
        lang=lang,
        source=f"bank:{bank.path.resolve()}#{entry.id}",
        data={"bank": bank.id, "entry": entry.id},
    )
    if facts.get("kind") == "auction":
        from .generators.auctions import AuctionView

        q.show = AuctionView(facts["auction"], lang)
        q.auction = facts["auction"]
    if facts.get("kind") == "rubber" and entry.kind == "text":
        want = facts["numbers"]
        q.accept = lambda text, want=want: _numbers(text) == want
    if entry.kind == "text" and entry.topic == "pattern":
        q.data["form"] = "pattern"
    return finish_question(q, lang)


def _languages_of(entry: BankEntry) -> set[str]:
    """The languages an entry is fully written in: its prompt, and its explanation if it has one."""
    langs = set(entry.prompt)
    if entry.explanation:
        langs &= set(entry.explanation)
    return langs
