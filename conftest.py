"""Settings for the doctests of ``bridgelab`` (``pytest`` runs them with ``--doctest-modules``).

Docstring examples that save files (lesson.save_pbn("lesson.pbn")) run in a temporary folder,
and modules whose optional extra is not installed are not collected (they say what to install).
"""

import importlib.util

import pytest

_OPTIONAL = {  # module -> the import it needs (its extra)
    "bridgelab/analysis/dd.py": "endplay",  # bridgelab[dd]
    "bridgelab/analysis/plots.py": "matplotlib",  # bridgelab[lab]
    "bridgelab/widgets": "ipywidgets",  # bridgelab[lab] or [app]
}

collect_ignore = [path for path, need in _OPTIONAL.items() if importlib.util.find_spec(need) is None]


@pytest.fixture(autouse=True)
def _doctests_in_a_temporary_folder(request, tmp_path, monkeypatch):
    if isinstance(request.node, pytest.DoctestItem):
        monkeypatch.chdir(tmp_path)
