"""Querying the index: a question in, the best unit of each matching article out.

Nothing outside this package imports Whoosh; :class:`SearchIndex` and
:func:`~search_index.build.build_index` are the whole interface (see
``search_index/__init__.py``).  Results are grouped by article, one per article,
and the best-matching unit of that article is the one shown, highlighted and
linked.  Previous wordings are documents too, flagged as history, and masked out
unless the caller asks for them.

This module only orchestrates one search; each step lives in a module of its own:
``budget.py`` (bounding the work), ``corrections.py`` ("você quis dizer"),
``querying.py`` (words → query tree), ``scoring.py`` (scores and ranking by
article), ``highlight.py`` (snippets) and ``cache.py`` (popular questions).
Building the index is ``build.py``.
"""

from __future__ import annotations

import json
import mmap
import os
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable

from whoosh import index as whoosh_index
from whoosh import scoring as whoosh_scoring
from whoosh.filedb.filestore import FileStorage
from whoosh.filedb.structfile import BufferFile, StructFile

from . import analysis, querying
from .budget import MAX_QUERY_LENGTH, QueryCost, bounded_words
from .build import MANIFEST, SCHEMA_VERSION
from .cache import ResponseCache
from .corrections import Corrector
from .highlight import Highlighter, highlight_terms, unmark_corrections
from .scoring import Documents, Facts, Scorer, best_first, rank_articles


class IndexMissing(RuntimeError):
    """No usable index at the configured path (never built, or deleted)."""


class IndexCorrupt(RuntimeError):
    """An index exists but cannot be read."""


@dataclass
class SearchHit:
    law: str
    jurisdiction: str
    article: str
    unit: str  # the best-matching unit of the article: the one shown and linked
    label: str
    heading: str
    snippet: str  # HTML-escaped, <mark> around matches
    urn: str
    score: float
    history: bool = False
    # Every matching unit of this article, best first (see ``units``); made when first read.
    _units: list[tuple[str, float]] | Callable[[], list[tuple[str, float]]] = field(default_factory=list, repr=False, compare=False)

    @property
    def units(self) -> list[tuple[str, float]]:
        """Every matching unit of this article, best first: (unit id, score).  The assistant
        picks among them the unit that carries the kind of answer asked; the search page and
        the API show one unit per article, so the list is ordered and named only when read
        (a tenth of a search's time).  Two threads reading it at once make the same list."""
        if callable(self._units):
            self._units = self._units()
        return self._units


@dataclass
class SearchResponse:
    """One search's answer.  With the cache on, the same object may answer several
    requests: callers read it, never change it."""

    query: str
    total: int
    hits: list[SearchHit]
    suggestion: str | None = None  # "você quis dizer"
    corrected: bool = False  # the hits are for the suggestion (the original found nothing)
    terms: list[str] = field(default_factory=list)
    cost: QueryCost | None = None  # the work this query took, counted
    # Words of the query that no law's text has ("cinto"): the hits come from the other words (or their
    # synonyms), and the page says so rather than let the results look like the law speaks of them.
    absent: list[str] = field(default_factory=list)
    said_otherwise: list[str] = field(default_factory=list)  # absent words searched by the statutes' words for them


def _named_units(units: list[tuple[float, int]], facts: list[Facts | None], documents: Documents) -> list[tuple[str, float]]:
    """A hit's ``units``: (unit id, score) best first, from the documents of the index that found
    them (bound when the hit is made, so a rebuild meanwhile cannot mix two indexes' numbers)."""
    return [(facts[d].unit, round(s, 4)) for s, d in best_first(units, documents)]


# Stored fields a hit is made of (see SearchIndex._hit and highlight.py).
_SHOWN = ("law", "jurisdiction", "article", "unit", "label", "heading", "urn", "history", "text")


def _facts(fields: dict) -> Facts:
    return Facts(
        group=fields["group"] + ("#h" if fields["history"] else ""), jurisdiction=fields["jurisdiction"],
        order=fields["order"], law=fields["law"], history=fields["history"], unit=fields["unit"],
    )


class _ViewReader:
    """A read-only file over a memoryview: io.BytesIO(view), which Whoosh uses, copies it all."""

    __slots__ = ("_view", "_pos")

    def __init__(self, view: memoryview):
        self._view = view
        self._pos = 0

    def read(self, size: int | None = -1) -> bytes:
        start = self._pos
        end = len(self._view) if size is None or size < 0 else min(start + size, len(self._view))
        self._pos = max(start, end)
        return self._view[start:end].tobytes()

    def readline(self, size: int | None = -1) -> bytes:
        view, start = self._view, self._pos
        limit = len(view) if size is None or size < 0 else min(start + size, len(view))
        end = start
        while end < limit:
            end += 1
            if view[end - 1] == 10:
                break
        self._pos = end
        return view[start:end].tobytes()

    def seek(self, where: int, whence: int = 0) -> int:
        self._pos = where if whence == 0 else self._pos + where if whence == 1 else len(self._view) + where
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:
        self._view = memoryview(b"")


class _ViewFile(BufferFile):
    def __init__(self, buf, name=None, onclose=None):
        super().__init__(b"", name=name, onclose=onclose)
        self._buf = buf
        self.file = _ViewReader(buf)

    def subset(self, position, length, name=None):
        return _ViewFile(self._buf[position:position + length], name=name or self._name)


class _MappedFile(StructFile):
    """The segment file: its parts are views of one read-only memory map, never copies."""

    def __init__(self, path: str, name: str):
        super().__init__(open(path, "rb"), name=name)
        self._map = mmap.mmap(self.file.fileno(), 0, access=mmap.ACCESS_READ) if os.path.getsize(path) else None

    def subset(self, offset, length, name=None):
        if self._map is None:
            return super().subset(offset, length, name)
        return _ViewFile(memoryview(self._map)[offset:offset + length], name=name or self._name)

    def close(self):
        super().close()
        if self._map is not None:
            try:
                self._map.close()
            except BufferError:  # a view is still referenced: the map goes with it
                pass
            self._map = None


class _Storage(FileStorage):
    """The index directory, its compound segment read through :class:`_MappedFile`."""

    def open_file(self, name, **kwargs):
        if name.endswith(".seg"):
            return _MappedFile(self._fpath(name), name)
        return super().open_file(name, **kwargs)


class SearchIndex:
    """A read handle on a built index (one per process; reopens after a rebuild).

    ``cache_size``: how many responses to popular questions to keep (0: none; see ``cache.py``).
    """

    def __init__(self, path: str | os.PathLike, *, cache_size: int = 0):
        self.path = Path(path)
        self._manifest_file = str(self.path / MANIFEST)  # stat()ed on every search: no Path arithmetic then
        self._searcher = None
        self._manifest_mtime = None
        self.manifest: dict = {}
        self._cache = ResponseCache(cache_size)
        self._open()

    @classmethod
    def open(cls, path: str | os.PathLike, *, cache_size: int = 0) -> "SearchIndex":
        return cls(path, cache_size=cache_size)

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
            # Read through the file, not a memory map: Whoosh copies each mapped part of the
            # segment into a private buffer (io.BytesIO), ~3 MB per worker for the whole
            # segment.  Read this way, only what a search reads is ever in memory, and the
            # term scores a search needs are read once per process anyway (scoring.py).
            ix = _Storage(str(self.path), supports_mmap=False, readonly=True).open_index()
            weighting = whoosh_scoring.BM25F(B=0.5, K1=1.2)
            searcher = ix.searcher(weighting=weighting)
            vocabulary = {w.decode() if isinstance(w, bytes) else w for w in searcher.reader().lexicon("spell")}
            stored = dict(searcher.reader().iter_docs())
            facts = {docnum: _facts(fields) for docnum, fields in stored.items()}
        except (IndexMissing, IndexCorrupt):
            raise
        except Exception as exc:  # whoosh raises many kinds on damaged files
            raise IndexCorrupt(f"índice de busca ilegível em {self.path}: {exc.__class__.__name__}") from exc
        self.close()
        self._searcher = searcher
        # What ranking needs of every document stays in memory (a few thousand small
        # tuples); only the hits shown read their stored fields (text, label …).
        self._facts = [None] * (max(facts) + 1 if facts else 0)
        for docnum, fact in facts.items():
            self._facts[docnum] = fact
        self._documents = Documents(self._facts)
        # The fields a hit shows, for every document (~1 MB for the four laws): they were just
        # read anyway, and Whoosh's stored_fields() costs ~0.1 ms a hit, most of a search's
        # time after scoring.  The marks keep a leading space for highlight.py's lookups.
        self._stored = [None] * len(self._facts)
        for docnum, fields in stored.items():
            self._stored[docnum] = {name: fields[name] for name in _SHOWN} | {"marks": " " + fields["marks"]}
        self._scorer = Scorer(searcher, weighting)
        reader = searcher.reader()
        self._spell_frequency = lambda word: reader.frequency("spell", word)
        self._corrector = Corrector(vocabulary, self._spell_frequency)
        self._highlighter = Highlighter()
        self._cache.clear()
        self.manifest = manifest
        self._manifest_mtime = manifest_path.stat().st_mtime_ns

    @staticmethod
    def version(path: str | os.PathLike) -> int | None:
        """A number that changes whenever the index at ``path`` is rebuilt (None: no index).

        One ``stat``: cheap enough to check on every request (see ``portal/search.py``)."""
        try:
            return os.stat(os.path.join(path, MANIFEST)).st_mtime_ns
        except OSError:
            return None

    def _fresh(self) -> None:
        try:
            mtime = os.stat(self._manifest_file).st_mtime_ns
        except FileNotFoundError:
            raise IndexMissing(f"índice de busca não encontrado em {self.path}") from None
        if mtime != self._manifest_mtime:
            self._open()

    def close(self) -> None:
        if self._searcher is not None:
            self._searcher.close()
        self._searcher = None

    def warm(self) -> int:
        """Read every term's scores of the fields a query searches now, not on the first question
        that names it (a worker's boot: ~2 s of CPU, ~60,000 postings); returns how many terms."""
        self._fresh()
        return self._scorer.warm(querying.FIELD_WEIGHTS)

    @property
    def document_count(self) -> int:
        return self._searcher.doc_count()

    def check(self) -> dict:
        """Health information (for /saude): raises IndexMissing / IndexCorrupt."""
        self._fresh()
        return {"documents": self.document_count, "built_at": self.manifest.get("built_at"), "fingerprint": self.manifest.get("fingerprint")}

    jurisdiction_hints = staticmethod(querying.jurisdiction_hints)

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
        key = (query, law, jurisdiction, limit, include_history)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        response = self._search(query, law, jurisdiction, limit, include_history)
        self._cache.put(key, response)
        return response

    def _search(self, query, law, jurisdiction, limit, include_history) -> SearchResponse:
        cost = QueryCost()
        words = bounded_words(query, cost)
        corrections = self._corrector.correct(words, cost)
        whoosh_query, terms = querying.build_query(words, corrections)
        if whoosh_query is None:
            response = SearchResponse(query=query, total=0, hits=[], terms=[])
        else:
            hints = querying.jurisdiction_hints(query)
            ranked = rank_articles(self._scorer.scored(whoosh_query, cost), self._documents, hints, law, jurisdiction, include_history, limit)
            marks = highlight_terms(whoosh_query)
            stored = [self._stored[docnum] for _score, docnum in ranked.best]
            snippets = [self._highlighter.snippet(docnum, fields, marks) for (_score, docnum), fields in zip(ranked.best, stored)]
            if corrections:
                snippets = unmark_corrections(snippets, corrections)
            hits = [self._hit(fields, score, snippet) for (score, _docnum), fields, snippet in zip(ranked.best, stored, snippets)]
            for hit, (_score, docnum) in zip(hits, ranked.best):
                hit._units = partial(_named_units, ranked.units[self._facts[docnum].group], self._facts, self._documents)
            response = SearchResponse(query=query, total=ranked.total, hits=hits, terms=terms)
        response.cost = cost
        if corrections:
            response.suggestion = self._suggestion(query, corrections)
            response.corrected = True
        absent = [w for w in words if w not in corrections and self._absent(w)]
        # A word the synonym tables say in the statutes' words ("estepe", "pirata") was searched for by those:
        # the notice says so, instead of "the results are by the other words" (a review found it contradicting
        # a right result found by that very word).
        otherwise = [w for w in absent if w in querying.SYNONYM_WORDS or self._in_questions(w)]
        response.absent = [w for w in absent if w not in otherwise]
        response.said_otherwise = otherwise
        return response

    def _absent(self, word: str) -> bool:
        """A word of the query that is a subject (not a stop word, a place's name or a number) and that
        no statute's text has, in any spelling the index folds to it."""
        if not word.isalpha() or len(word) < 3 or word in analysis.STOP_WORDS or word in analysis.QUERY_NOISE or word in querying.HINT_WORDS:
            return False
        # Its stem in the statutes' text is the word said otherwise ("rodoviaria": "Dos Terminais Rodoviários").
        return self._spell_frequency(analysis.fold(word)) == 0 and not self._scorer.term_scores("text", analysis.stem(word))

    def _in_questions(self, word: str) -> bool:
        """The word is in the questions people ask of some unit ("estepe" for the spare tyre): the units
        were found by it, though the statutes say it otherwise."""
        return bool(self._scorer.term_scores("questions", analysis.stem(word)))

    def _suggestion(self, query: str, corrections: dict[str, str]) -> str:
        """The query as typed (accents kept) with each corrected word in the statutes' own spelling:
        "cintu de segurança" → "cinto de segurança", not the folded "cinto de seguranca"."""
        accents = self.manifest.get("accents", {})
        out = []
        for word in re.findall(analysis.TOKEN_PATTERN, query.lower()):
            folded = analysis.fold(word)
            out.append(accents.get(corrections[folded], corrections[folded]) if folded in corrections else word)
        return " ".join(dict.fromkeys(out))

    def _hit(self, stored: dict, score: float, snippet: str) -> SearchHit:
        return SearchHit(
            law=stored["law"],
            jurisdiction=stored["jurisdiction"],
            article=stored["article"],
            unit=stored["unit"],
            label=stored["label"],
            heading=stored["heading"],
            snippet=snippet,
            urn=stored["urn"],
            score=round(score, 4),
            history=stored["history"],
        )
