"""A package, so that its conftest.py and tests/conftest.py import under different names (the
doctest run, --doctest-modules, imports every conftest.py as a module)."""
