"""Running a query tree: BM25F scores of every matching unit, then the best unit of each article.

Why a module of its own, and why not Whoosh's own searcher: Whoosh's matchers
score every matching unit through a tree of Python objects, which costs far more
than the arithmetic.  The corpus is small (a few thousand units, some tens of
thousands of postings), so each term's BM25F scores are read once per process
into a dict {docnum: score} (exactly the score Whoosh's own postings matcher
gives), and queries are evaluated over those dicts — the same ranking as Whoosh's
``Or``/``And``/coordination semantics, at a fraction of the cost.  Ranking by
article lives here too: it is one pass over those scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from whoosh import query as Q
from whoosh.scoring import WeightLengthScorer

from .budget import MAX_TERM_LEAVES, QueryCost

JURISDICTION_HINT_FACTOR = 1.6


@dataclass(frozen=True)
class Facts:
    """What ranking needs to know of one document, kept in memory for every document."""

    group: str  # law:article (":…#h" for a previous wording): results are one per group
    jurisdiction: str
    order: int
    law: str
    history: bool
    unit: str


class _Unsupported(Exception):
    """A query node the in-memory evaluator does not handle."""


class Scorer:
    """Scores query trees over one open Whoosh searcher; caches each term's postings.

    A term's scores are Whoosh's own BM25F scorer's (``_score(weight, length)``, the
    weighting's B and K1 for the field) over its postings, with each document's field
    length read once per field for the whole corpus: Whoosh's matcher scored each
    posting through a length lookup of its own, most of a fresh worker's search time.
    :meth:`warm` scores every term of the index at once (a worker's boot), so a
    question never asked before pays no reading either.
    """

    def __init__(self, searcher, weighting):
        self._searcher = searcher
        self._weighting = weighting
        self._postings: dict[tuple[str, str], dict[int, float]] = {}
        self._lengths: dict[str, list[int]] = {}

    def _field_lengths(self, fieldname: str) -> list[int]:
        lengths = self._lengths.get(fieldname)
        if lengths is None:
            searcher = self._searcher
            lengths = self._lengths[fieldname] = [searcher.doc_field_length(d, fieldname, 1) for d in range(searcher.doc_count_all())]
        return lengths

    def _read(self, fieldname: str, btext: bytes) -> dict[int, float]:
        """Every unit containing the term and its BM25F score (boost 1), as Whoosh scores it."""
        searcher = self._searcher
        scorer = self._weighting.scorer(searcher, fieldname, btext)
        scores = {}
        if not isinstance(scorer, WeightLengthScorer):  # not BM25F-like: the matcher scores each posting
            matcher = searcher.postings(fieldname, btext, weighting=self._weighting)
            while matcher.is_active():
                scores[matcher.id()] = matcher.score()
                matcher.next()
            return scores
        score = scorer._score  # what WeightLengthScorer.score() computes, from the cached lengths
        lengths = self._field_lengths(fieldname)
        matcher = searcher.reader().postings(fieldname, btext)
        while matcher.is_active():
            docnum = matcher.id()
            scores[docnum] = score(matcher.weight(), lengths[docnum])
            matcher.next()
        return scores

    def term_scores(self, fieldname: str, text: str) -> dict[int, float]:
        """BM25F score (boost 1) of every unit containing the term; cached per process."""
        key = (fieldname, text)
        scores = self._postings.get(key)
        if scores is None:
            scores = {}
            searcher = self._searcher
            if fieldname in searcher.schema:
                btext = searcher.schema[fieldname].to_bytes(text)
                if (fieldname, btext) in searcher.reader():
                    scores = self._read(fieldname, btext)
            self._postings[key] = scores
        return scores

    def warm(self, fieldnames) -> int:
        """Score every term of these fields now (a few tens of thousands of postings); returns how many terms."""
        reader = self._searcher.reader()
        count = 0
        for fieldname in fieldnames:
            for btext in list(reader.lexicon(fieldname)):
                text = btext.decode() if isinstance(btext, bytes) else btext
                if (fieldname, text) not in self._postings:
                    self._postings[(fieldname, text)] = self._read(fieldname, btext)
                count += 1
        return count

    def _accumulate(self, q: Q.Query, factor: float, scores: dict[int, float], counts: dict[int, int] | None, cost: QueryCost) -> int:
        """Add ``factor`` × the query's score of each unit it matches into ``scores`` (and,
        when ``counts`` is given, the number of matching term leaves per unit); return
        how many of its term leaves exist in the index.

        Term: the BM25F score times the boost; And: units matching every part, scores
        summed; Or: units matching any part, scores summed — as Whoosh scores them.
        Or-parts are added straight into the caller's dicts (no intermediate dicts).
        """
        if isinstance(q, Q.Term):
            cost.term_leaves += 1
            if cost.term_leaves > MAX_TERM_LEAVES:
                return 0
            base = self.term_scores(q.fieldname, q.text)
            cost.postings += len(base)
            weight = factor * q.boost
            get = scores.get
            for docnum, score in base.items():
                scores[docnum] = get(docnum, 0.0) + score * weight
            if counts is not None:
                count = counts.get
                for docnum in base:
                    counts[docnum] = count(docnum, 0) + 1
            return 1 if base else 0
        if isinstance(q, Q.Or):
            if len(q.subqueries) > 2 and not q.scale:
                # Whoosh pre-scores such an Or into an array and then reports no
                # matching terms under it to the coordination bonus; rankings were
                # tuned with that, so it is kept.
                counts = None
            weight = factor * q.boost
            return sum(self._accumulate(sub, weight, scores, counts, cost) for sub in q.subqueries)
        if isinstance(q, Q.And):
            parts = []
            leaves = 0
            for sub in q.subqueries:
                part_scores: dict[int, float] = {}
                part_counts: dict[int, int] = {}
                leaves += self._accumulate(sub, 1.0, part_scores, part_counts, cost)
                parts.append((part_scores, part_counts))
            if not parts:
                return leaves
            docs = set(parts[0][0])
            for part_scores, _ in parts[1:]:
                docs.intersection_update(part_scores)
            weight = factor * q.boost
            for docnum in docs:
                scores[docnum] = scores.get(docnum, 0.0) + sum(p[0][docnum] for p in parts) * weight
                if counts is not None:
                    counts[docnum] = counts.get(docnum, 0) + sum(p[1].get(docnum, 0) for p in parts)  # an Or of 3+ parts reports no counts
            return leaves
        raise _Unsupported(q)

    def scored(self, q: Q.Query, cost: QueryCost) -> dict[int, float]:
        """Score of every unit the query matches, with Or(scale=…)'s coordination bonus."""
        scores: dict[int, float] = {}
        counts: dict[int, int] = {}
        try:
            leaves = self._accumulate(q, 1.0, scores, counts, cost)
        except _Unsupported:  # a query type the evaluator does not know: Whoosh scores it
            results = self._searcher.search(q, limit=None)
            return {docnum: score for score, docnum in results.top_n}
        if isinstance(q, Q.Or) and q.scale and leaves and len(q.subqueries) > 1:
            # Whoosh's CoordMatcher ("short query ranking"): units matching more of
            # the query's terms get a bonus, scaled by ``scale``.
            factor = (leaves - 1) / leaves
            spread = (leaves - q.scale) ** 2
            # (count - 1) / spread for each count a unit can have, computed once (the same division).
            bonus = [(count - 1) / spread for count in range(max(counts.values(), default=0) + 1)]
            count_of = counts.get
            scores = {d: (v + bonus[count_of(d, 0)]) * factor for d, v in scores.items()}
        return scores


class Documents:
    """What ranking reads of every document, as flat lists indexed by docnum (built once per
    open index): a loop over thousands of matching units then costs list lookups, not
    attribute lookups on objects."""

    def __init__(self, facts: list[Facts | None]):
        self.facts = facts
        known = [(f.order, docnum) for docnum, f in enumerate(facts) if f is not None]
        self.position = [0] * len(facts)  # rank of (order, docnum): text order, the tie-break
        for rank, (_order, docnum) in enumerate(sorted(known)):
            self.position[docnum] = rank
        groups: dict[str, int] = {}
        self.group = [groups.setdefault(f.group, len(groups)) if f else -1 for f in facts]
        self.group_names = list(groups)
        self.members: list[list[int]] = [[] for _ in groups]
        for docnum, group in enumerate(self.group):
            if group >= 0:
                self.members[group].append(docnum)
        self.jurisdiction = [f.jurisdiction if f else None for f in facts]
        self._kept: dict[tuple, list[bool]] = {}

    def kept(self, law: str | None, jurisdiction: str | None, include_history: bool) -> list[bool]:
        """Which documents the filters let through (per docnum); a handful of combinations, remembered."""
        key = (law, jurisdiction, include_history)
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) > 64:
                self._kept.clear()
            found = self._kept[key] = [
                f is not None and (include_history or not f.history) and (not law or f.law == law)
                and (not jurisdiction or f.jurisdiction == jurisdiction)
                for f in self.facts
            ]
        return found


@dataclass
class Ranked:
    """The best unit of each of the top articles, best first: (score, docnum); how many
    articles matched; and every matching unit of each top article, in docnum order —
    :func:`best_first` orders them, when someone asks (the assistant does; the search page
    and the API show one unit per article and never do)."""

    best: list[tuple[float, int]]
    total: int
    units: dict[str, list[tuple[float, int]]]


def best_first(units: list[tuple[float, int]], documents: Documents) -> list[tuple[float, int]]:
    """An article's matching units best first; ties in text order."""
    position = documents.position
    return sorted(units, key=lambda unit: (-unit[0], position[unit[1]]))


def rank_articles(
    scores: dict[int, float], documents: Documents, hints: set[str], law: str | None, jurisdiction: str | None,
    include_history: bool, limit: int,
) -> Ranked:
    """One result per article: its best-scoring unit (a place the question names counts
    :data:`JURISDICTION_HINT_FACTOR` more), articles ordered by that score; ties go to the
    unit that comes first in the text (order, then docnum).

    Two sorts in C do what a loop over every matching unit did: the units in text order,
    then (stably) by score; the first unit of each article in that list is its best, and
    the articles come in the order of their best units.
    """
    kept = documents.kept(law, jurisdiction, include_history)
    adjusted = {docnum: score for docnum, score in scores.items() if kept[docnum]}
    if hints:
        where = documents.jurisdiction
        for docnum in [d for d in adjusted if where[d] in hints]:
            adjusted[docnum] *= JURISDICTION_HINT_FACTOR
    ordered = sorted(adjusted, key=documents.position.__getitem__)
    ordered.sort(key=adjusted.__getitem__, reverse=True)  # stable: equal scores stay in text order
    group_of = documents.group
    seen: set[int] = set()
    best: list[tuple[float, int]] = []
    if limit > 0:
        for docnum in ordered:
            group = group_of[docnum]
            if group not in seen:
                seen.add(group)
                best.append((adjusted[docnum], docnum))
                if len(best) == limit:
                    break
    shown = {}
    for _score, docnum in best:  # every matching unit of each top article (ordered by best_first)
        group = group_of[docnum]
        shown[documents.group_names[group]] = [(adjusted[d], d) for d in documents.members[group] if d in adjusted]
    return Ranked(best=best, total=len(set(map(group_of.__getitem__, adjusted))), units=shown)
