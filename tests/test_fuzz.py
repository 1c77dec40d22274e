"""Property tests over the readers of hostile input (issue 19): answers, quiz banks, predeal,
the Hand and Deal constructors, and the auction reader in five languages. For every input of up
to 100 KB only the package's own errors (BridgeError) may escape, and each input is answered
within a second (a generous bound, only a time bomb exceeds it; it is measured inside the test,
not by hypothesis's deadline). Derandomized: the same examples on every run (conftest.py).

The longer session over every reader of the package is ``make fuzz`` (tests/fuzz_run.py).
"""

from __future__ import annotations

import pytest
from fuzzing import TARGETS, TIME_BOMB, attempt, size_of, warm_up
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MINE = [name for name, (_, _, owner) in TARGETS.items() if owner == "hostile"]
_SLOW_TARGETS = {"auction (5 languages)", "bank file", "session answer"}


def _check(name, value):
    reader = TARGETS[name][0]
    warm_up(name)
    out = attempt(reader, value)
    shown = repr(value)[:200]
    assert out.kind != "unexpected", (
        f"{name}: {type(out.error).__name__}: {out.error} escaped for {shown} ({size_of(value):,} characters)"
    )
    assert out.seconds < TIME_BOMB, f"{name}: {out.seconds:.2f} s for {shown} ({size_of(value):,} characters)"


_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", [n for n in MINE if n not in _SLOW_TARGETS])
@settings(max_examples=150, **_SETTINGS)
@given(data=st.data())
def test_only_package_errors_and_no_time_bombs(name, data):
    _check(name, data.draw(TARGETS[name][1], label=name))


@pytest.mark.parametrize("name", [n for n in MINE if n in _SLOW_TARGETS])
@settings(max_examples=60, **_SETTINGS)
@given(data=st.data())
def test_only_package_errors_and_no_time_bombs_slower_readers(name, data):
    _check(name, data.draw(TARGETS[name][1], label=name))
