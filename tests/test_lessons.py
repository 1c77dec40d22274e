"""The course: the notebooks in notebooks/<lang>/ are built from lessons/ and the catalogues."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))  # as lessons/build.py finds them


@functools.cache
def _build():
    """lessons/build.py, loaded when a test needs it (it imports nbformat, whose schema checker
    takes seconds to import: collecting the tests does without it)."""
    spec = importlib.util.spec_from_file_location("lessons_build", ROOT / "lessons" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cells(path: Path) -> list[dict]:
    """A notebook's cells as stored (source joined into one string)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for c in cells:
        c["source"] = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
    return cells


def test_the_sources_are_the_builders():
    assert SOURCES == _build().sources()


def test_every_built_notebook_is_up_to_date():
    assert _build().check() == []


def test_english_is_complete_and_built():
    n, done, _ = _build().coverage()["en"]
    assert n == done > 100
    for src in SOURCES:
        assert (ROOT / "notebooks" / "en" / src.name).exists()


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
def test_learners_see_no_private_method_and_no_test_marker(src):
    for lang in _build().languages():
        path = ROOT / "notebooks" / lang / src.name
        if not path.exists():
            continue
        for cell in _cells(path):
            if cell["cell_type"] == "code" and "check" not in cell["metadata"].get("tags", []):
                assert "NBVAL" not in cell["source"]
                assert not re.search(r"\._[a-z]\w*\(", cell["source"]), cell["source"]
                assert "_(" not in cell["source"]  # translated words are written into the code


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
def test_every_stated_number_is_checked_by_the_engine(src):
    """A lesson whose prose states a number has a hidden cell that checks it (tag "check")."""
    cells = _cells(src)
    prose = " ".join(c["source"] for c in cells if c["cell_type"] == "markdown")
    has_check = any("check" in c["metadata"].get("tags", []) for c in cells)
    stated = re.findall(r"(?<![\w♠♥♦♣#-])\d+(?:[.,]\d+)?(?![\w-])", re.sub(r"`[^`]*`", "", prose))
    stated = [x for x in stated if x not in {"1", "2"}]  # "one trick", list numbering
    assert has_check or not stated, f"{src.name} states {stated[:5]} with no check cell"


def test_a_stored_widget_tells_the_learner_to_run_its_cell():
    cells = _cells(ROOT / "notebooks" / "en" / "02_hand_evaluation.ipynb")
    widget = [c for c in cells if "widget" in c["metadata"].get("tags", [])]
    assert widget and "nbval-ignore-output" in widget[0]["metadata"]["tags"]
    (shown,) = widget[0]["outputs"]
    text = "".join(shown["data"]["text/plain"])  # stored as one string or as lines
    assert "Run this cell" in text and "QuizWidget" not in str(shown)
    assert "application/vnd.jupyter.widget-view+json" not in shown["data"]  # no broken box
