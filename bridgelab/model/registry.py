"""Registries that caches can follow: a mapping whose every change is counted.

The evaluators (``bridgelab.model.evaluate.EVALUATORS``), the quiz generators and topics are
registries. Each change of a name (registering it again, removing it) gives that name a new
``version_of(name)`` and the registry a new ``version``; a cache of anything computed from a
registered value puts the version in its key, so it never serves figures of a replaced value.
A registry may be filled by a ``loader`` on its first read (the quiz's built-in generators):
reading it is the one way in, and no import has a side effect on it.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

__all__ = ["Registry"]

_counter = itertools.count(1)
_counter_lock = threading.Lock()


def _next() -> int:
    with _counter_lock:
        return next(_counter)


class Registry(MutableMapping[str, Any]):
    """A mapping of names that counts its changes (``version``, ``version_of``).

    ``loader``, if given, is called once, before the first read, to register the built-in
    entries; entries may be added before that (they are kept).
    """

    def __init__(self, name: str, loader: Callable[[], Any] | None = None) -> None:
        self.name = name
        self._data: dict[str, Any] = {}
        self._versions: dict[str, int] = {}
        self.version = 0
        self._loader = loader
        self._loaded = loader is None
        self._loading = False
        self._lock = threading.RLock()

    # ---- loading --------------------------------------------------------------------------
    def _load(self) -> None:
        if self._loaded or self._loading:
            return
        with self._lock:
            if self._loaded or self._loading:
                return
            self._loading = True
            try:
                assert self._loader is not None
                self._loader()
                self._loaded = True
            finally:
                self._loading = False

    # ---- reading --------------------------------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        self._load()
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(list(self._data))

    def __len__(self) -> int:
        self._load()
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        self._load()
        return key in self._data

    def version_of(self, key: str) -> int:
        """The version of one name: changes whenever the name is registered or removed."""
        self._load()
        return self._versions.get(key, 0)

    # ---- changing -------------------------------------------------------------------------
    def __setitem__(self, key: str, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._versions[key] = self.version = _next()

    def __delitem__(self, key: str) -> None:
        self._load()
        with self._lock:
            del self._data[key]
            self._versions[key] = self.version = _next()

    def __repr__(self) -> str:
        self._load()
        return f"{self.name}({self._data!r})"
