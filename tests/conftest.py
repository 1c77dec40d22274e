"""Test-wide settings: property tests are derandomized (the same examples on every run, so a
failure can be reproduced) and carry no deadline (no timing assertions in the suite)."""

from hypothesis import settings

settings.register_profile("bridgelab", derandomize=True, deadline=None)
settings.load_profile("bridgelab")
