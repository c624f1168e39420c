"""The portal's handle on the search index: opened lazily, once per process.

The index is built by ``flask --app app index build`` (``make run`` does it); a
request never builds it.  When it is missing or unreadable the handle raises
:class:`SearchUnavailable`, which the error handlers turn into a clear 503 page.

Answers are cached at two levels, both emptied when the index is rebuilt: the
engine keeps the responses to the most recent questions (:data:`CACHE_SIZE`), and
the search page and API serve a question already answered from the page cache
(``portal/page_cache.py``, keyed by URL, language and htmx headers).  A rebuild
while the workers run is seen by :func:`index_watch` (one ``stat`` per search
request), which empties the page cache so no page outlives the index it came from.
"""

from __future__ import annotations

import threading
from functools import wraps

from flask import current_app

from search_index import IndexCorrupt, IndexMissing, SearchIndex


# Responses to the most recent distinct questions kept per worker (search_index/cache.py):
# the same everyday questions come back all day; a few hundred responses are ~1 MB.
CACHE_SIZE = 512


class SearchUnavailable(RuntimeError):
    pass


class SearchService:
    def __init__(self, index_dir: str):
        self.index_dir = index_dir
        self._index: SearchIndex | None = None
        self._lock = threading.Lock()
        self._version = SearchIndex.version(index_dir)

    def rebuilt(self) -> bool:
        """Has the index been rebuilt (or removed, or built) since the last call?"""
        version = SearchIndex.version(self.index_dir)
        if version == self._version:
            return False
        self._version = version
        return True

    def index(self) -> SearchIndex:
        with self._lock:
            if self._index is None:
                try:
                    self._index = SearchIndex.open(self.index_dir, cache_size=CACHE_SIZE)
                except (IndexMissing, IndexCorrupt) as exc:
                    raise SearchUnavailable(str(exc)) from exc
            return self._index

    def _on_index(self, call):
        """``call(index)`` under the lock; a missing or damaged index is forgotten (the next call opens it
        again) and said as SearchUnavailable."""
        index = self.index()
        with self._lock:
            try:
                return call(index)
            except (IndexMissing, IndexCorrupt) as exc:
                self._index = None
                raise SearchUnavailable(str(exc)) from exc

    def search(self, query: str, **filters):
        return self._on_index(lambda index: index.search(query, **filters))

    def warm(self) -> int:
        """Open the index and score all its terms before the first question (a worker's boot, see
        :func:`warm`): a question never asked before then costs what a repeated one does."""
        return self._on_index(lambda index: index.warm())

    def check(self) -> dict:
        """Health information; SearchUnavailable when the index is missing or unreadable."""
        return self._on_index(lambda index: index.check())

    def reset(self) -> None:
        with self._lock:
            if self._index is not None:
                self._index.close()
            self._index = None


def warm(app) -> int:
    """Warm the app's search handle (gunicorn.conf.py calls it once per worker); 0 when there is no
    index yet (a fresh install answers 503 until one is built, as before) or no search at all (the
    benchmarks' bare Flask floor runs under the same gunicorn.conf.py)."""
    search = getattr(app, "extensions", {}).get("search")
    if not isinstance(search, SearchService):
        return 0
    try:
        return search.warm()
    except SearchUnavailable:
        return 0


def service() -> SearchService:
    return current_app.extensions["search"]


def index_watch(view):
    """Empty the page cache when the index was rebuilt, before a (cached) search view answers."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        if service().rebuilt():
            cache = current_app.extensions.get("page_cache")
            if cache is not None:
                cache.clear()
        return view(*args, **kwargs)

    return wrapper
