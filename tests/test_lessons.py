"""The course: the notebooks in notebooks/<lang>/ are built from lessons/ and the catalogues."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lessons_build", ROOT / "lessons" / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)


def test_every_built_notebook_is_up_to_date():
    assert build.check() == []


def test_english_is_complete_and_built():
    n, done, _ = build.coverage()["en"]
    assert n == done > 100
    for src in build.sources():
        assert (ROOT / "notebooks" / "en" / src.name).exists()


@pytest.mark.parametrize("src", build.sources(), ids=lambda p: p.stem)
def test_learners_see_no_private_method_and_no_test_marker(src):
    for lang in build.languages():
        path = ROOT / "notebooks" / lang / src.name
        if not path.exists():
            continue
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code" and "check" not in cell.metadata.get("tags", []):
                assert "NBVAL" not in cell.source
                assert not re.search(r"\._[a-z]\w*\(", cell.source), cell.source
                assert "_(" not in cell.source  # translated words are written into the code


@pytest.mark.parametrize("src", build.sources(), ids=lambda p: p.stem)
def test_every_stated_number_is_checked_by_the_engine(src):
    """A lesson whose prose states a number has a hidden cell that checks it (tag "check")."""
    nb = nbformat.read(src, as_version=4)
    prose = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    has_check = any("check" in c.metadata.get("tags", []) for c in nb.cells)
    stated = re.findall(r"(?<![\w♠♥♦♣#-])\d+(?:[.,]\d+)?(?![\w-])", re.sub(r"`[^`]*`", "", prose))
    stated = [x for x in stated if x not in {"1", "2"}]  # "one trick", list numbering
    assert has_check or not stated, f"{src.name} states {stated[:5]} with no check cell"


def test_a_stored_widget_tells_the_learner_to_run_its_cell():
    nb = nbformat.read(ROOT / "notebooks" / "en" / "02_hand_evaluation.ipynb", as_version=4)
    widget = [c for c in nb.cells if "widget" in c.metadata.get("tags", [])]
    assert widget and "nbval-ignore-output" in widget[0].metadata["tags"]
    (shown,) = widget[0].outputs
    assert "Run this cell" in shown["data"]["text/plain"] and "QuizWidget" not in str(shown)
    assert "application/vnd.jupyter.widget-view+json" not in shown["data"]  # no broken box
