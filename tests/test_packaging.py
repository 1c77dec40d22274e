"""pyproject.toml lists the packages by hand (to carry data/ as bridgelab/data): the list must
name every package in the tree, and the package data must cover every catalogue and bank."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_is_listed():
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "bridgelab").rglob("__init__.py")}
    assert set(CONFIG["packages"]) == found | {"bridgelab.data"}
    assert CONFIG["package-dir"]["bridgelab.data"] == "data"


def test_package_data_covers_the_data_files():
    patterns = CONFIG["package-data"]
    data = [
        p.relative_to(ROOT / "bridgelab")
        for p in (ROOT / "bridgelab").rglob("*")
        if p.suffix in {".po", ".json", ".toml"}
    ]
    for path in data:
        assert any(path.match(pattern) for pattern in patterns["bridgelab"]), path
    for path in (ROOT / "data").glob("*.json"):
        assert any(path.relative_to(ROOT / "data").match(p) for p in patterns["bridgelab.data"]), path
