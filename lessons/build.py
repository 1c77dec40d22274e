"""Build the course in every language from one source per lesson.

Each lesson is written once, in English, as a notebook in this folder (``lessons/NN_name.ipynb``).
Its prose is translated through the gettext catalogue ``lessons.po`` of each language
(``bridgelab/text/locale/<lang>/LC_MESSAGES/lessons.po``), one paragraph a message; its code
marks the words a learner reads as ``_("...")`` and the language as ``LANG``. The build writes
``notebooks/<lang>/NN_name.ipynb`` with the translated prose, the translated words written into
the code as plain strings (a learner sees ``lang="et"`` and Estonian words, not a translation
call), runs it, and stores the outputs, which nbval then checks.

Why one source and catalogues: a teacher adds a language with a catalogue file and ``make
lessons``, no code; a change to a lesson is made once; and a paragraph without a translation
stops the build for that language instead of slipping English into it.

    python lessons/build.py extract          # refresh every lessons.po from the sources
    python lessons/build.py build [LANG ...] # write and run notebooks/<lang>/ (all languages)
    python lessons/build.py check            # are notebooks/<lang>/ up to date? (no run)
    python lessons/build.py coverage         # messages translated, and checked, per language

Cell tags in a source: ``widget`` (a live widget: its output is not compared, and a learner who
opens the stored notebook reads "run this cell" in their language), ``check`` (a hidden cell
that asserts the numbers the prose states: its input is collapsed, its output empty).
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
import tempfile
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "lessons"
OUT = ROOT / "notebooks"
LOCALE = ROOT / "bridgelab" / "text" / "locale"
DOMAIN = "lessons"

_MARKED = re.compile(r'_\("((?:[^"\\]|\\.)*)"\)')
_RUN_THIS_CELL = "Run this cell (Shift+Enter) to start."


class MissingTranslation(Exception):
    pass


def sources() -> list[Path]:
    return sorted(SOURCES.glob("[0-9][0-9]_*.ipynb"))


SHIPPED = ("en", "et", "sr", "cs", "ms")


def languages() -> list[str]:
    """The shipped languages and every other language with a lessons catalogue."""
    found = sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return list(dict.fromkeys([*SHIPPED, *found]))


def paragraphs(markdown: str) -> list[str]:
    """A markdown cell cut at blank lines: the unit a translator works on."""
    return [p.strip("\n") for p in re.split(r"\n\s*\n", markdown.strip()) if p.strip()]


def messages(nb) -> list[tuple[str, str]]:
    """(msgid, where) for every translatable text of a source notebook, in order."""
    out = []
    title = nb.metadata.get("title")
    if title:
        out.append((title, "title"))
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            out += [(p, f"cell {i}") for p in paragraphs(cell.source)]
        elif cell.cell_type == "code":
            out += [(_unescape(m), f"cell {i} (code)") for m in _MARKED.findall(cell.source)]
    if any("widget" in c.metadata.get("tags", []) for c in nb.cells):
        out.append((_RUN_THIS_CELL, "stored widget output"))
    return out


def _unescape(s: str) -> str:
    return s.encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def _catalogue_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalogue(lang: str) -> dict[str, str]:
    """msgid -> translation for ``lang`` ({} for English: the source is English)."""
    if lang == "en" or not _catalogue_path(lang).exists():
        return {}
    with open(_catalogue_path(lang), "rb") as f:
        cat = read_po(f)
    return {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy}


def translator(lang: str):
    table = load_catalogue(lang)

    def t(msgid: str, where: str) -> str:
        if lang == "en":
            return msgid
        if msgid not in table:
            raise MissingTranslation(f"{lang}: no translation for {msgid[:70]!r} ({where})")
        return table[msgid]

    return t


def translate_notebook(nb, lang: str, name: str):
    """The source notebook ``nb`` in ``lang``: prose, marked words and LANG replaced; no outputs."""
    t = translator(lang)
    out = copy.deepcopy(nb)
    if out.metadata.get("title"):
        out.metadata["title"] = t(out.metadata["title"], f"{name}: title")
    out.metadata["language"] = lang
    for i, cell in enumerate(out.cells):
        where = f"{name}: cell {i}"
        if cell.cell_type == "markdown":
            cell.source = "\n\n".join(t(p, where) for p in paragraphs(cell.source))
            continue
        if cell.cell_type != "code":
            continue
        cell.source = _MARKED.sub(
            lambda m, where=where: _literal(t(_unescape(m.group(1)), where)), cell.source
        )
        cell.source = re.sub(r"\bLANG\b", repr(lang), cell.source)
        cell.outputs, cell.execution_count = [], None
        tags = list(cell.metadata.get("tags", []))
        if "widget" in tags and "nbval-ignore-output" not in tags:
            tags.append("nbval-ignore-output")
        if "check" in tags:
            cell.metadata["jupyter"] = {"source_hidden": True, "outputs_hidden": True}
        if tags:
            cell.metadata["tags"] = tags
    return out


def _literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _finish_widgets(nb, lang: str) -> None:
    """A stored widget becomes a note, in the learner's language, to run its cell: a widget
    saved without its kernel would show as a broken box (running the cell brings it back)."""
    message = translator(lang)(_RUN_THIS_CELL, "stored widget output")
    for cell in nb.cells:
        if cell.cell_type == "code" and "widget" in cell.metadata.get("tags", []):
            cell.outputs = [
                nbformat.v4.new_output(
                    "display_data",
                    data={
                        "text/plain": message,
                        "text/html": f'<p style="font-family:sans-serif;color:#555">▶ {message}</p>',
                    },
                )
            ]


def build(
    langs: list[str] | None = None, names: list[str] | None = None, stale_only: bool = False
) -> list[Path]:
    with tempfile.TemporaryDirectory(prefix="bridgelab-build-data-") as data:
        # the lessons' quizzes save progress: in a folder of their own, never the builder's own
        old = os.environ.get("BRIDGELAB_DATA_DIR")
        os.environ["BRIDGELAB_DATA_DIR"] = data
        try:
            return _build(langs, names, stale_only)
        finally:
            if old is None:
                os.environ.pop("BRIDGELAB_DATA_DIR", None)
            else:
                os.environ["BRIDGELAB_DATA_DIR"] = old


def _build(langs: list[str] | None, names: list[str] | None, stale_only: bool) -> list[Path]:
    from nbclient import NotebookClient

    written = []
    for lang in langs or languages():
        folder = OUT / lang
        folder.mkdir(parents=True, exist_ok=True)
        for src in sources():
            if names and src.stem not in names:
                continue
            try:
                nb = translate_notebook(nbformat.read(src, as_version=4), lang, src.name)
            except MissingTranslation as e:
                print(f"skipped {lang}/{src.name}, not translated yet: {e}")
                continue
            path = folder / src.name
            if (
                stale_only
                and path.exists()
                and [c.source for c in nbformat.read(path, as_version=4).cells]
                == [c.source for c in nb.cells]
            ):
                continue
            NotebookClient(
                nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
            ).execute()
            _finish_widgets(nb, lang)
            for cell in nb.cells:
                cell.metadata.pop("execution", None)
            nbformat.write(nb, path)
            written.append(path)
            print(f"built {path.relative_to(ROOT)}")
    return written


def check() -> list[str]:
    """What differs between the sources (with the catalogues) and the stored notebooks."""
    problems = []
    for lang in languages():
        for src in sources():
            path = OUT / lang / src.name
            try:
                want = translate_notebook(nbformat.read(src, as_version=4), lang, src.name)
            except MissingTranslation:
                continue  # not translated yet: see coverage()
            if not path.exists():
                problems.append(f"{path.relative_to(ROOT)} is missing: run make lessons")
                continue
            have = nbformat.read(path, as_version=4)
            if [c.source for c in have.cells] != [c.source for c in want.cells]:
                problems.append(f"{path.relative_to(ROOT)} is older than its source: run make lessons")
    return problems


def coverage() -> dict[str, tuple[int, int, int]]:
    """Per language: (messages, translated, checked against a source text)."""
    found = {m for src in sources() for m, _ in messages(nbformat.read(src, as_version=4))}
    out = {}
    for lang in languages():
        done = found if lang == "en" else found & set(load_catalogue(lang))
        out[lang] = (len(found), len(done), len(found & _checked_notes(lang)))
    return out


def extract() -> None:
    """Write every msgid of the sources into each lessons.po, keeping the translations made."""
    found: dict[str, list[str]] = {}
    for src in sources():
        for msgid, where in messages(nbformat.read(src, as_version=4)):
            found.setdefault(msgid, []).append(f"{src.name}: {where}")
    for lang in languages():
        old = load_catalogue(lang) if _catalogue_path(lang).exists() else {}
        checked = _checked_notes(lang)
        cat = Catalog(
            locale=None if lang == "en" else lang,
            project="bridgelab lessons",
            domain=DOMAIN,
            charset="utf-8",
            fuzzy=False,
        )
        for msgid, places in found.items():
            comments = ["checked against the source texts"] if msgid in checked else []
            cat.add(msgid, old.get(msgid, ""), auto_comments=places, user_comments=comments)
        path = _catalogue_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            write_po(f, cat, width=100, omit_header=False, sort_output=False)
        print(f"{path.relative_to(ROOT)}: {len(found)} messages")


def _checked_notes(lang: str) -> set[str]:
    path = _catalogue_path(lang)
    if lang == "en" or not path.exists():
        return set()
    with open(path, "rb") as f:
        cat = read_po(f)
    return {m.id for m in cat if m.id and any("checked" in c for c in m.user_comments)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract")
    b = sub.add_parser("build")
    b.add_argument("langs", nargs="*")
    b.add_argument("--lesson", action="append", help="only this lesson (its file name without .ipynb)")
    b.add_argument("--stale", action="store_true", help="only notebooks older than their source")
    sub.add_parser("check")
    sub.add_parser("coverage")
    args = parser.parse_args(argv)
    try:
        if args.command == "extract":
            extract()
        elif args.command == "build":
            build(args.langs or None, args.lesson, stale_only=args.stale)
        elif args.command == "coverage":
            for lang, (n, done, checked) in coverage().items():
                print(f"{lang}: {done} of {n} messages translated, {checked} checked against a source text")
        else:
            problems = check()
            print("\n".join(problems) or "every notebook is up to date")
            return 1 if problems else 0
    except MissingTranslation as e:
        print(f"lessons: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
