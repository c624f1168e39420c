"""Full-text search over the statutes.

The portal talks to search through this small interface only, so the engine
(Whoosh today) can be swapped without touching ``portal/``:

- :func:`build_index` (re)builds an index directory from parsed laws;
- :class:`SearchIndex` opens one and answers :meth:`SearchIndex.search`;
- :class:`IndexMissing` / :class:`IndexCorrupt` say why an index cannot be used;
- :func:`check_budget` refuses (:class:`QueryTooComplex`) a query over the cost budget.
"""

from .engine import (
    MAX_QUERY_LENGTH,
    MAX_QUERY_WORDS,
    BuildStats,
    IndexCorrupt,
    IndexMissing,
    QueryCost,
    QueryTooComplex,
    SearchHit,
    SearchIndex,
    SearchResponse,
    build_index,
    check_budget,
)

__all__ = [
    "MAX_QUERY_LENGTH",
    "MAX_QUERY_WORDS",
    "BuildStats",
    "IndexCorrupt",
    "IndexMissing",
    "QueryCost",
    "QueryTooComplex",
    "SearchHit",
    "SearchIndex",
    "SearchResponse",
    "build_index",
    "check_budget",
]
