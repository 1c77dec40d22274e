"""Settings for every pytest run here: the tests, the doctests of ``bridgelab``
(``--doctest-modules``) and the notebooks (``--nbval``).

Progress goes to a temporary data folder (``BRIDGELAB_DATA_DIR``, set before any kernel
starts), never to the learner's real progress file: the lessons' quizzes and the tests save
every answer. Docstring examples that save files (lesson.save_pbn("lesson.pbn")) run in a
temporary folder, and modules whose optional extra is not installed are not collected (they say
what to install).
"""

import importlib.util
import os
import shutil
import tempfile

import pytest

_OPTIONAL = {  # module -> the import it needs (its extra)
    "bridgelab/analysis/dd.py": "endplay",  # bridgelab[dd]
    "bridgelab/analysis/plots.py": "matplotlib",  # bridgelab[lab]
    "bridgelab/widgets": "ipywidgets",  # bridgelab[lab] or [app]
}

collect_ignore = [path for path, need in _OPTIONAL.items() if importlib.util.find_spec(need) is None]

_DATA_DIR = {}


def pytest_configure(config):
    """A fresh data folder for this run (each xdist worker its own); nbval's kernels inherit it."""
    _DATA_DIR["old"] = os.environ.get("BRIDGELAB_DATA_DIR")
    _DATA_DIR["new"] = tempfile.mkdtemp(prefix="bridgelab-test-data-")
    os.environ["BRIDGELAB_DATA_DIR"] = _DATA_DIR["new"]


def pytest_unconfigure(config):
    old = _DATA_DIR.pop("old", None)
    if old is None:
        os.environ.pop("BRIDGELAB_DATA_DIR", None)
    else:
        os.environ["BRIDGELAB_DATA_DIR"] = old
    shutil.rmtree(_DATA_DIR.pop("new", ""), ignore_errors=True)


@pytest.fixture(autouse=True)
def _doctests_in_a_temporary_folder(request, tmp_path, monkeypatch):
    if isinstance(request.node, pytest.DoctestItem):
        monkeypatch.chdir(tmp_path)
