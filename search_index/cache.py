"""A small cache of whole search responses, for the questions people ask most.

Why: the same everyday questions come back all day ("multa", "vistoria", "crc"),
and answering one again costs a few milliseconds of scoring and snippet work
that yields the same answer until the index is rebuilt.  Least recently used
responses are dropped past ``size`` entries, so the cache keeps the popular
questions and a flood of distinct ones cannot grow it.  The index empties it
whenever it reopens (a rebuild), so an answer never outlives its corpus.  It is
off by default: the engine benchmark measures uncached searches; the portal turns
it on (``portal/search.py``).
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Hashable


class ResponseCache:
    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable):
        if not self.size:
            return None
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: Hashable, value: object) -> None:
        if not self.size:
            return
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
