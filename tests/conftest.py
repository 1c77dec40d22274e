"""Test-wide settings: property tests are derandomized (the same examples on every run, so a
failure can be reproduced) and carry no deadline (no timing assertions in the suite)."""

from hypothesis import settings

settings.register_profile("bridgelab", derandomize=True, deadline=None)
settings.load_profile("bridgelab")


# Markers by where a test lives (see CONTRIBUTING.md): `make test-fast` leaves these out.
_PEER_FILES = {"test_dd.py", "test_dask.py", "test_scoring_peer.py"}
# Files of subprocesses, killed processes and double-dummy searches: seconds, not milliseconds.
_SLOW_FILES = {
    "test_cli_hostile.py",
    "test_progress_faults.py",
    "test_techniques.py",
    "test_play_widget.py",
    "test_coach.py",
    "test_fuzz.py",
    "test_no_english.py",
    "test_practice.py",
    "test_system_deals.py",
}


def pytest_collection_modifyitems(config, items):
    import pytest

    for item in items:
        path = item.path
        if path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebook)
        elif "browser" in path.parts:
            item.add_marker(pytest.mark.browser)
        elif path.name in _PEER_FILES:
            item.add_marker(pytest.mark.peer)
        if path.name in _SLOW_FILES or "fuzz" in item.name:
            item.add_marker(pytest.mark.slow)
