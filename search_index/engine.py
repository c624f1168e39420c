"""Whoosh index of the statutes' units: build it once, query it many times.

Nothing outside this package imports Whoosh; :class:`SearchIndex` and
:func:`build_index` are the whole interface (see ``search_index/__init__.py``).

Each unit in force is a document (an alínea, an inciso, a caput …).  Results are
grouped by article, one per article, and the best-matching unit of that article is
the one shown and highlighted.  Previous wordings are documents too, flagged as
history, and masked out unless the caller asks for them.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import os
import shutil
import time
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Iterable

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh import scoring
from whoosh.fields import BOOLEAN, ID, NUMERIC, STORED, TEXT, Schema

from . import analysis
from .synonyms import JURISDICTION_HINTS, ONE_WAY, REWRITES, SYNONYM_GROUPS

SCHEMA_VERSION = 5
MANIFEST = "manifest.json"
MAX_QUERY_LENGTH = 500
# The cost of a query is bounded (see QueryCost): distinct words searched, words
# sent to the spelling corrector, and term lookups after synonym expansion.
MAX_QUERY_WORDS = 32
MAX_CORRECTIONS = 3
MAX_TERM_LEAVES = 600
# Snippets: passages of up to SNIPPET_SPAN characters of matches plus SNIPPET_SURROUND either side.
SNIPPET_CHARS = 260
SNIPPET_SPAN = 80
SNIPPET_SURROUND = 90
TOKEN_CACHE_UNITS = 2048
SUGGESTION_MEMO = 4096

FIELD_WEIGHTS = {"text": 1.0, "context": 0.7}
ALTERNATIVE_WEIGHT = 0.6
JURISDICTION_HINT_FACTOR = 1.6


class IndexMissing(RuntimeError):
    """No usable index at the configured path (never built, or deleted)."""


class IndexCorrupt(RuntimeError):
    """An index exists but cannot be read."""


def _schema() -> Schema:
    pt = analysis.portuguese_analyzer()
    return Schema(
        doc_id=ID(stored=True, unique=True),
        law=ID(stored=True),
        jurisdiction=ID(stored=True),
        group=ID(stored=True),
        article=STORED,
        unit=ID(stored=True),
        label=STORED,
        urn=STORED,
        kind=ID(stored=True),
        history=BOOLEAN(stored=True),
        order=NUMERIC(stored=True, sortable=True),
        text=TEXT(analyzer=pt, stored=True, chars=True),
        context=TEXT(analyzer=pt),
        heading=STORED,
        spell=TEXT(analyzer=analysis.spelling_analyzer()),
    )


# -- documents ------------------------------------------------------------------


@dataclass(frozen=True)
class IndexDocument:
    """What the index needs to know about one unit (or one previous wording)."""

    doc_id: str
    law: str
    jurisdiction: str
    group: str
    article: str
    unit: str
    label: str
    urn: str
    kind: str
    history: bool
    order: int
    text: str
    context: str
    heading: str


def documents_from_laws(laws: Iterable) -> Iterable[IndexDocument]:
    """Turn parsed laws (knowledge.parser.Law) into index documents."""
    for law in laws:
        for unit in law.units():
            ancestors = unit.ancestors()
            top = unit.article
            context_parts = [f"{a.own_label} {a.title} {a.text}" if a.kind == "anexo" else a.text for a in ancestors]
            if unit.kind == "anexo":
                context_parts.append(f"{unit.own_label} {unit.title}")
            text = unit.text
            if unit.closing:
                text = f"{text}\n{unit.closing}".strip()
            if unit.table:
                text = "\n".join([text] + [" ".join(row) for row in unit.table]).strip()
            common = dict(
                law=law.id,
                jurisdiction=law.info.jurisdiction,
                group=f"{law.id}:{top.segment}",
                article=unit.article_number,
                unit=unit.id,
                label=law.citation(unit),
                urn=law.urn(unit),
                kind=unit.kind,
                order=unit.order,
                # Headings (chapter and section titles) count for ranking through the
                # context field, with the text of the units above this one.
                context=" ".join(p for p in [*top.headings, *context_parts] if p),
                heading=" › ".join(top.headings + ([top.title] if top.title else [])),
            )
            if text and not unit.vetoed:
                yield IndexDocument(doc_id=f"{law.id}:{unit.id}", history=False, text=text, **common)
            for n, previous in enumerate(unit.history, start=1):
                yield IndexDocument(
                    doc_id=f"{law.id}:{unit.id}#h{n}", history=True, text=previous.text, **common
                )


def corpus_fingerprint(docs: list[IndexDocument]) -> str:
    digest = hashlib.sha256()
    for doc in docs:
        digest.update(f"{doc.doc_id}\x00{doc.text}\x00".encode())
    return digest.hexdigest()[:16]


@dataclass
class BuildStats:
    documents: int
    seconds: float
    path: str
    fingerprint: str


def build_index(path: str | os.PathLike, laws: Iterable, *, source: str | None = None) -> BuildStats:
    """(Re)build the index at ``path``; readers never see a half-built index.

    ``source``: the fingerprint of the files it is built from (see ``stamp.py``), kept in the manifest.

    The new index is written beside the old one and swapped in with renames.
    """
    started = time.perf_counter()
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.with_name(f"{target.name}.building-{os.getpid()}")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    docs = list(documents_from_laws(laws))
    ix = whoosh_index.create_in(str(staging), _schema())
    writer = ix.writer(limitmb=128)
    for doc in docs:
        writer.add_document(
            doc_id=doc.doc_id,
            law=doc.law,
            jurisdiction=doc.jurisdiction,
            group=doc.group,
            article=doc.article,
            unit=doc.unit,
            label=doc.label,
            urn=doc.urn,
            kind=doc.kind,
            history=doc.history,
            order=doc.order,
            text=doc.text,
            context=doc.context,
            heading=doc.heading,
            spell=doc.text,
        )
    writer.commit(optimize=True)
    fingerprint = corpus_fingerprint(docs)
    manifest = {
        "schema_version": SCHEMA_VERSION,
        "documents": len(docs),
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "fingerprint": fingerprint,
        "source": source,
    }
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    old = target.with_name(f"{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    staging.rename(target)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
    return BuildStats(len(docs), time.perf_counter() - started, str(target), fingerprint)


# -- queries ----------------------------------------------------------------------


@dataclass
class SearchHit:
    law: str
    jurisdiction: str
    article: str
    unit: str
    label: str
    heading: str
    snippet: str  # HTML-escaped, <mark> around matches
    urn: str
    score: float
    history: bool = False


@dataclass
class SearchResponse:
    query: str
    total: int
    hits: list[SearchHit]
    suggestion: str | None = None  # "você quis dizer"
    corrected: bool = False  # the hits are for the suggestion (the original found nothing)
    terms: list[str] = field(default_factory=list)
    cost: "QueryCost | None" = None  # the work this query took, counted


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


def _meaningful(word: str) -> bool:
    return word not in analysis.STOP_WORDS and word not in analysis.QUERY_NOISE


def check_budget(query: str) -> None:
    """Raise :class:`QueryTooComplex` for a query the engine would have to trim.

    The portal calls this to refuse such a query with a 400 and a clear message;
    :meth:`SearchIndex.search` itself never exceeds the budget (it searches the
    first :data:`MAX_QUERY_WORDS` distinct words and says how many it dropped).
    """
    meaningful = [w for w in query_words(query) if _meaningful(w)]
    if len(meaningful) > MAX_QUERY_WORDS:
        raise QueryTooComplex(len(meaningful), MAX_QUERY_WORDS)


def _bounded_words(query: str, cost: QueryCost) -> list[str]:
    """Distinct words of the query, cut after MAX_QUERY_WORDS meaningful ones (stop words are free)."""
    kept, meaningful = [], 0
    for word in query_words(query):
        if _meaningful(word):
            if meaningful == MAX_QUERY_WORDS:
                cost.dropped += 1
                continue
            meaningful += 1
        kept.append(word)
    cost.words = len(kept)
    return kept


def _phrase_table() -> list[tuple[tuple[str, ...], list[tuple[str, ...]]]]:
    """(stems of a phrase, stems of its alternatives), longest phrases first."""
    table: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    for sources, targets in REWRITES:
        target_stems = [tuple(analysis.analyze(t)) for t in targets]
        for source in sources:
            _REWRITTEN.add(tuple(analysis.analyze(source)))
            table.setdefault(tuple(analysis.analyze(source)), set()).update(target_stems)
    for group in SYNONYM_GROUPS:
        stems = [tuple(analysis.analyze(p)) for p in group]
        for s in stems:
            if s:
                table.setdefault(s, set()).update(o for o in stems if o and o != s)
    for sources, targets in ONE_WAY:
        target_stems = [tuple(analysis.analyze(t)) for t in targets]
        for source in sources:
            s = tuple(analysis.analyze(source) or analysis.words(source))
            if s:
                table.setdefault(s, set()).update(t for t in target_stems if t and t != s)
    return sorted(((k, sorted(v)) for k, v in table.items()), key=lambda kv: -len(kv[0]))


_REWRITTEN: set[tuple[str, ...]] = set()
_PHRASES = _phrase_table()

# Single words that only name a place or regulator; they rank results (see
# jurisdiction_hints) rather than being searched for, since "STCP/Recife" or
# "EPTI" appear in nearly every unit of their law.
_HINT_WORDS = {"pernambuco", "pernambucano", "epti", "sp", "paulista", "der", "artesp", "acre", "acreano", "ageac", "recife", "stcp"}
_SYNONYM_WORDS = {w for group in SYNONYM_GROUPS for p in group for w in analysis.words(p)} | {
    w for table in (ONE_WAY, REWRITES) for sources, _ in table for p in sources for w in analysis.words(p)
}


def _term_query(stems: tuple[str, ...], weight: float) -> Q.Query:
    """One concept (a word, or a phrase whose words must all appear) in every field.

    A phrase's weight is shared among its words, so that "certificado de registro
    cadastral" counts as much as "CRC", not three times as much.
    """
    per_field = []
    for fieldname, field_weight in FIELD_WEIGHTS.items():
        boost = field_weight * weight / len(stems)
        terms = [Q.Term(fieldname, s, boost=boost) for s in stems]
        per_field.append(terms[0] if len(terms) == 1 else Q.And(terms))
    return Q.Or(per_field)


class SearchIndex:
    """A read handle on a built index (one per process; reopens after a rebuild)."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._ix = None
        self._searcher = None
        self._corrector = None
        self._manifest_mtime = None
        self.manifest: dict = {}
        self._open()

    @classmethod
    def open(cls, path: str | os.PathLike) -> "SearchIndex":
        return cls(path)

    def _open(self) -> None:
        manifest_path = self.path / MANIFEST
        if not manifest_path.exists():
            raise IndexMissing(f"índice de busca não encontrado em {self.path}")
        try:
            if not whoosh_index.exists_in(str(self.path)):
                raise IndexMissing(f"índice de busca não encontrado em {self.path}")
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
            if manifest.get("schema_version") != SCHEMA_VERSION:
                raise IndexCorrupt(f"índice em formato antigo ({manifest.get('schema_version')}); reconstrua-o")
            ix = whoosh_index.open_dir(str(self.path))
            weighting = scoring.BM25F(B=0.5, K1=1.2)
            searcher = ix.searcher(weighting=weighting)
            corrector = searcher.corrector("spell")
            vocabulary = {w.decode() if isinstance(w, bytes) else w for w in searcher.reader().lexicon("spell")}
        except (IndexMissing, IndexCorrupt):
            raise
        except Exception as exc:  # whoosh raises many kinds on damaged files
            raise IndexCorrupt(f"índice de busca ilegível em {self.path}: {exc.__class__.__name__}") from exc
        self.close()
        self._ix, self._searcher, self._corrector = ix, searcher, corrector
        # Per-document facts needed to rank and group every match, kept in memory
        # (a few thousand small tuples) so that only the shown hits touch stored fields.
        self._facts = {
            docnum: (fields["group"] + ("#h" if fields["history"] else ""), fields["jurisdiction"], fields["order"], fields["law"], fields["history"])
            for docnum, fields in searcher.reader().iter_docs()
        }
        self._weighting = weighting
        self._postings: dict[tuple[str, str], dict[int, float]] = {}  # see _term_scores
        self._text_analyzer = searcher.schema["text"].analyzer
        self._token_cache: dict[int, list[tuple[str, int, int]]] = {}  # see _tokens
        self._suggestions: dict[tuple[str, int], str | None] = {}  # see _suggest
        self._vocabulary = vocabulary
        self.manifest = manifest
        self._manifest_mtime = manifest_path.stat().st_mtime_ns

    def _fresh(self) -> None:
        try:
            mtime = (self.path / MANIFEST).stat().st_mtime_ns
        except FileNotFoundError:
            raise IndexMissing(f"índice de busca não encontrado em {self.path}") from None
        if mtime != self._manifest_mtime:
            self._open()

    def close(self) -> None:
        if self._searcher is not None:
            self._searcher.close()
        self._searcher = None

    @property
    def document_count(self) -> int:
        return self._searcher.doc_count()

    def check(self) -> dict:
        """Health information (for /saude): raises IndexMissing / IndexCorrupt."""
        self._fresh()
        return {"documents": self.document_count, "built_at": self.manifest.get("built_at"), "fingerprint": self.manifest.get("fingerprint")}

    # -- the query ------------------------------------------------------------------
    def _correct(self, words: list[str], cost: QueryCost | None = None) -> dict[str, str]:
        """Likely typos (words the statutes never use) and the statute word they are closest to.

        At most MAX_CORRECTIONS words per query go to the corrector (its cost grows with each)."""
        corrections = {}
        for word in words:
            if (
                len(word) >= 4
                and not word.isdigit()
                and word not in analysis.STOP_WORDS
                and word not in analysis.QUERY_NOISE
                and word not in _SYNONYM_WORDS
                and word not in self._vocabulary
            ):
                if cost is not None:
                    if cost.corrections >= MAX_CORRECTIONS:
                        break
                    cost.corrections += 1
                maxdist = 1 if len(word) < 8 else 2
                suggestion = self._suggest(word, maxdist)
                if suggestion and suggestion != word:
                    corrections[word] = suggestion
        return corrections

    def _suggest(self, word: str, maxdist: int) -> str | None:
        """The spelling corrector's best suggestion, remembered per word (it is the
        costliest step of a query with a typo, and the same typos come back)."""
        key = (word, maxdist)
        if key not in self._suggestions:
            if len(self._suggestions) >= SUGGESTION_MEMO:
                self._suggestions.clear()
            found = self._corrector.suggest(word, limit=1, maxdist=maxdist, prefix=1)
            self._suggestions[key] = found[0] if found else None
        return self._suggestions[key]

    def _build_query(self, words: list[str], corrections: dict[str, str]) -> tuple[Q.Query | None, list[str]]:
        kept = [w for w in words if w not in analysis.STOP_WORDS and w not in _HINT_WORDS]
        if not kept:  # "recife" alone: then the place name is the query
            kept = [w for w in words if w not in analysis.STOP_WORDS]
        items = [analysis.stem(corrections.get(w, w)) for w in kept]
        originals = {analysis.stem(corrections[w]): analysis.stem(w) for w in kept if w in corrections}
        noise = {analysis.stem(w) for w in analysis.QUERY_NOISE}
        clauses: list[Q.Query] = []
        used = [False] * len(items)
        terms: list[str] = []
        present = set(items)
        for phrase, alternatives in _PHRASES:
            if phrase[0] not in present:  # cheap skip: most phrases share no word with the query
                continue
            n = len(phrase)
            for i in range(len(items) - n + 1):
                if any(used[i : i + n]) or tuple(items[i : i + n]) != phrase:
                    continue
                meaningful = () if phrase in _REWRITTEN else tuple(s for s in phrase if s not in noise)
                options = [_term_query(meaningful, 1.0)] if meaningful else []
                if phrase in _REWRITTEN:
                    # The replacement *is* what the person meant: full weight for each word.
                    options += [_term_query(alt, float(len(alt))) for alt in alternatives]
                else:
                    options += [_term_query(alt, ALTERNATIVE_WEIGHT) for alt in alternatives]
                clauses.append(Q.Or(options))
                terms.extend(meaningful)
                for j in range(i, i + n):
                    used[j] = True
        for i, stem in enumerate(items):
            if used[i] or stem in noise:
                continue
            options = [_term_query((stem,), 1.0)]
            if stem in originals:  # keep what the person typed, in case the "typo" was right
                options.append(_term_query((originals[stem],), ALTERNATIVE_WEIGHT))
            clauses.append(Q.Or(options) if len(options) > 1 else options[0])
            terms.append(stem)
        if not clauses:
            return None, []
        return Q.Or(clauses, scale=0.9), terms

    @staticmethod
    def jurisdiction_hints(text: str) -> set[str]:
        """Jurisdictions a question names ("no Recife", "o DER", "a EPTI")."""
        padded = f" {' '.join(analysis.words(text))} "
        return {
            jurisdiction
            for jurisdiction, names in JURISDICTION_HINTS.items()
            if any(f" {' '.join(analysis.words(name))} " in padded for name in names)
        }

    def search(
        self,
        query: str,
        *,
        law: str | None = None,
        jurisdiction: str | None = None,
        limit: int = 10,
        include_history: bool = False,
    ) -> SearchResponse:
        self._fresh()
        query = (query or "").strip()[:MAX_QUERY_LENGTH]
        cost = QueryCost()
        words = _bounded_words(query, cost)
        corrections = self._correct(words, cost)
        hints = self.jurisdiction_hints(query)
        response = self._run(words, corrections, hints, query, law, jurisdiction, limit, include_history, cost)
        response.cost = cost
        if corrections:
            response.suggestion = " ".join(corrections.get(w, w) for w in words)
            response.corrected = True
        return response

    def _run(self, words, corrections, hints, query, law, jurisdiction, limit, include_history, cost) -> SearchResponse:
        whoosh_query, terms = self._build_query(words, corrections)
        if whoosh_query is None:
            return SearchResponse(query=query, total=0, hits=[], terms=[])
        best, total = self._top_articles(whoosh_query, hints, law, jurisdiction, include_history, limit, cost)
        highlight_terms = _highlight_terms(whoosh_query)
        hits = [self._hit(docnum, score, highlight_terms) for score, docnum in best]
        return SearchResponse(query=query, total=total, hits=hits, terms=terms)

    # -- query execution --------------------------------------------------------------
    # Whoosh's matchers score every matching unit through a tree of Python objects,
    # which costs far more than the arithmetic.  The corpus is small (a few thousand
    # units, some tens of thousands of postings), so each term's BM25F scores are
    # read once per process into a dict {docnum: score} (exactly the score Whoosh's
    # own postings matcher gives), and queries are evaluated over those dicts.

    def _term_scores(self, fieldname: str, text: str) -> dict[int, float]:
        """BM25F score (boost 1) of every unit containing the term; cached per process."""
        key = (fieldname, text)
        scores = self._postings.get(key)
        if scores is None:
            scores = {}
            searcher = self._searcher
            if fieldname in searcher.schema:
                btext = searcher.schema[fieldname].to_bytes(text)
                if (fieldname, btext) in searcher.reader():
                    matcher = searcher.postings(fieldname, btext, weighting=self._weighting)
                    while matcher.is_active():
                        scores[matcher.id()] = matcher.score()
                        matcher.next()
            self._postings[key] = scores
        return scores

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
            base = self._term_scores(q.fieldname, q.text)
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
                    counts[docnum] = counts.get(docnum, 0) + sum(p[1][docnum] for p in parts)
            return leaves
        raise _Unsupported(q)

    def _scored(self, q: Q.Query, cost: QueryCost) -> dict[int, float]:
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
            scores = {d: (v + (counts.get(d, 0) - 1) / spread) * factor for d, v in scores.items()}
        return scores

    def _top_articles(self, q, hints, law, jurisdiction, include_history, limit, cost) -> tuple[list[tuple[float, int]], int]:
        """The best-scoring unit of each matching article, best first (at most ``limit``), and how many articles matched."""
        scores = self._scored(q, cost)
        facts = self._facts
        filtered = bool(law or jurisdiction)
        best_score: dict[str, float] = {}  # group -> score of its best unit (hint applied)
        best_doc: dict[str, int] = {}
        for docnum, score in scores.items():
            group, doc_jurisdiction, order, doc_law, history = facts[docnum]
            if history and not include_history:
                continue
            if filtered and ((law and doc_law != law) or (jurisdiction and doc_jurisdiction != jurisdiction)):
                continue
            if hints and doc_jurisdiction in hints:
                score *= JURISDICTION_HINT_FACTOR
            current = best_score.get(group)
            if current is None or score > current or (score == current and (order, docnum) < (facts[best_doc[group]][2], best_doc[group])):
                best_score[group] = score
                best_doc[group] = docnum
        best = best_score
        top = heapq.nsmallest(limit, ((-score, facts[best_doc[group]][2], best_doc[group]) for group, score in best_score.items()))
        return [(-negative, docnum) for negative, _order, docnum in top], len(best)

    # -- hits ---------------------------------------------------------------------------

    def _hit(self, docnum: int, score: float, highlight_terms: frozenset[str]) -> SearchHit:
        stored = self._searcher.stored_fields(docnum)
        return SearchHit(
            law=stored["law"],
            jurisdiction=stored["jurisdiction"],
            article=stored["article"],
            unit=stored["unit"],
            label=stored["label"],
            heading=stored["heading"],
            snippet=self._snippet(docnum, stored["text"], highlight_terms),
            urn=stored["urn"],
            score=round(score, 4),
            history=stored["history"],
        )

    def _tokens(self, docnum: int, text: str) -> list[tuple[str, int, int]]:
        """(stem, start, end) of each word of a unit's text; kept for the units shown most."""
        tokens = self._token_cache.get(docnum)
        if tokens is None:
            if len(self._token_cache) >= TOKEN_CACHE_UNITS:
                self._token_cache.clear()
            tokens = [(t.text, t.startchar, t.endchar) for t in self._text_analyzer(text, chars=True, removestops=True) if not t.stopped]
            self._token_cache[docnum] = tokens
        return tokens

    def _snippet(self, docnum: int, text: str, terms: frozenset[str]) -> str:
        """Up to two passages of the unit around the query's words, <mark>ed; else its beginning."""
        matches = [(start, end) for stem, start, end in self._tokens(docnum, text) if stem in terms] if terms else []
        if not matches:
            return escape(text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else ""), quote=False)
        return _passages(text, matches)


def _passages(text: str, matches: list[tuple[int, int]]) -> str:
    """The (at most two) passages with the most matches, in text order, matches in <mark>.

    Matches closer than SNIPPET_SPAN characters form one passage, which extends
    SNIPPET_SURROUND characters either side (cut at a word boundary).
    """
    clusters: list[list[tuple[int, int]]] = []
    for match in matches:
        if clusters and match[1] - clusters[-1][0][0] <= SNIPPET_SPAN:
            clusters[-1].append(match)
        else:
            clusters.append([match])
    chosen = sorted(sorted(clusters, key=len, reverse=True)[:2], key=lambda c: c[0][0])
    windows: list[tuple[int, int, list[tuple[int, int]]]] = []
    for cluster in chosen:
        start = max(0, cluster[0][0] - SNIPPET_SURROUND)
        if start:
            space = text.find(" ", start, cluster[0][0])
            start = space + 1 if space != -1 else cluster[0][0]
        end = min(len(text), cluster[-1][1] + SNIPPET_SURROUND)
        if end < len(text):
            space = text.rfind(" ", cluster[-1][1], end)
            end = space if space != -1 else cluster[-1][1]
        if windows and start <= windows[-1][1]:  # overlapping passages become one
            previous = windows.pop()
            start, end, cluster = previous[0], max(end, previous[1]), previous[2] + cluster
        windows.append((start, end, cluster))
    passages = []
    for start, end, cluster in windows:
        out, position = [], start
        for match_start, match_end in cluster:
            out.append(escape(text[position:match_start], quote=False))
            out.append(f"<mark>{escape(text[match_start:match_end], quote=False)}</mark>")
            position = match_end
        out.append(escape(text[position:end], quote=False))
        passages.append("".join(out).strip())
    return " … ".join(passages)


class _Unsupported(Exception):
    """A query node the in-memory evaluator does not handle."""


def _highlight_terms(q: Q.Query) -> frozenset[str]:
    """The stems to mark in a hit's text: every term the query looks for in the text field."""
    return frozenset(text for fieldname, text in q.iter_all_terms() if fieldname == "text")
