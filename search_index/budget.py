"""The cost of one query, bounded and counted (issue #13, "pathological search").

Why a module of its own: the portal checks a query against the budget before
searching (to answer 400 with a clear message) and the engine counts the work it
does while searching; both read the same limits from here.  Cost is counted in
work — distinct words, words sent to the spelling corrector, term lookups after
synonym expansion, postings scored — never in time, so tests can state it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import analysis

MAX_QUERY_LENGTH = 500
MAX_QUERY_WORDS = 32  # distinct meaningful words searched (stop words are free)
MAX_CORRECTIONS = 3  # words per query sent to the spelling corrector (its cost grows with each)
MAX_TERM_LEAVES = 600  # term lookups after synonym expansion


class QueryTooComplex(ValueError):
    """A query over the cost budget: more distinct words than :data:`MAX_QUERY_WORDS`."""

    def __init__(self, words: int, limit: int):
        super().__init__(f"a busca tem {words} palavras diferentes; o limite é {limit}")
        self.words = words
        self.limit = limit


@dataclass
class QueryCost:
    """The work one query did, counted (not timed): what the budget bounds.

    ``words``: distinct words searched; ``dropped``: words beyond the budget, not
    searched; ``corrections``: words sent to the spelling corrector; ``term_leaves``:
    term lookups in the query after synonym expansion; ``postings``: (document,
    term) pairs scored.
    """

    words: int = 0
    dropped: int = 0
    corrections: int = 0
    term_leaves: int = 0
    postings: int = 0


def query_words(query: str) -> list[str]:
    """The distinct words of a query, in order: repeating a word adds no meaning, only cost."""
    return list(dict.fromkeys(analysis.words((query or "")[:MAX_QUERY_LENGTH])))


def meaningful(word: str) -> bool:
    return word not in analysis.STOP_WORDS and word not in analysis.QUERY_NOISE


def check_budget(query: str) -> None:
    """Raise :class:`QueryTooComplex` for a query the engine would have to trim.

    The portal calls this to refuse such a query with a 400 and a clear message;
    :meth:`SearchIndex.search` itself never exceeds the budget (it searches the
    first :data:`MAX_QUERY_WORDS` distinct words and says how many it dropped).
    """
    counted = [w for w in query_words(query) if meaningful(w)]
    if len(counted) > MAX_QUERY_WORDS:
        raise QueryTooComplex(len(counted), MAX_QUERY_WORDS)


def bounded_words(query: str, cost: QueryCost) -> list[str]:
    """Distinct words of the query, cut after MAX_QUERY_WORDS meaningful ones (stop words are free)."""
    kept, counted = [], 0
    for word in query_words(query):
        if meaningful(word):
            if counted == MAX_QUERY_WORDS:
                cost.dropped += 1
                continue
            counted += 1
        kept.append(word)
    cost.words = len(kept)
    return kept
