"""Full-text search over the statutes.

The portal talks to search through this small interface only, so the engine
(Whoosh today) can be swapped without touching ``portal/``:

- :func:`build_index` (re)builds an index directory from parsed laws;
- :class:`SearchIndex` opens one and answers :meth:`SearchIndex.search`;
- :class:`IndexMissing` / :class:`IndexCorrupt` say why an index cannot be used.
"""

from .engine import (
    MAX_QUERY_LENGTH,
    BuildStats,
    IndexCorrupt,
    IndexMissing,
    SearchHit,
    SearchIndex,
    SearchResponse,
    build_index,
)

__all__ = [
    "MAX_QUERY_LENGTH",
    "BuildStats",
    "IndexCorrupt",
    "IndexMissing",
    "SearchHit",
    "SearchIndex",
    "SearchResponse",
    "build_index",
]
