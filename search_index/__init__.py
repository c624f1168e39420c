"""Full-text search over the statutes.

The portal talks to search through this small interface only, so the engine
(Whoosh today) can be swapped without touching ``portal/``:

- :func:`build_index` (re)builds an index directory from parsed laws, reporting
  its progress to an optional callback;
- :class:`SearchIndex` opens one and answers :meth:`SearchIndex.search`;
- :class:`IndexMissing` / :class:`IndexCorrupt` say why an index cannot be used;
- :func:`check_budget` refuses (:class:`QueryTooComplex`) a query over the cost budget.

Inside: ``build.py`` builds; ``engine.py`` answers, with ``budget.py``,
``corrections.py``, ``querying.py``, ``scoring.py``, ``highlight.py`` and
``cache.py``; ``analysis.py``, ``synonyms.py`` and ``spelling.py`` hold the
language knowledge both sides share; ``stamp.py`` says when to rebuild.
"""

from .budget import MAX_QUERY_LENGTH, MAX_QUERY_WORDS, QueryCost, QueryTooComplex, check_budget
from .build import BuildStats, build_index
from .engine import IndexCorrupt, IndexMissing, SearchHit, SearchIndex, SearchResponse

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
