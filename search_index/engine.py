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
import json
import os
import shutil
import time
from dataclasses import dataclass, field
import re
from html import escape, unescape
from pathlib import Path
from typing import Iterable

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh import scoring
from whoosh.fields import BOOLEAN, ID, NUMERIC, STORED, TEXT, Schema
from whoosh.highlight import ContextFragmenter, Formatter, get_text
from whoosh.searching import Hit

from . import analysis, spelling
from .synonyms import JURISDICTION_HINTS, ONE_WAY, REWRITES, SYNONYM_GROUPS

SCHEMA_VERSION = 5
MANIFEST = "manifest.json"
MAX_QUERY_LENGTH = 500

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


def build_index(path: str | os.PathLike, laws: Iterable) -> BuildStats:
    """(Re)build the index at ``path``; readers never see a half-built index.

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
    # Every matching unit of this article, best first: (unit id, score).  The
    # assistant picks among them the unit that carries the kind of answer asked.
    units: list[tuple[str, float]] = field(default_factory=list)


@dataclass
class SearchResponse:
    query: str
    total: int
    hits: list[SearchHit]
    suggestion: str | None = None  # "você quis dizer"
    corrected: bool = False  # the hits are for the suggestion (the original found nothing)
    terms: list[str] = field(default_factory=list)


class _MarkFormatter(Formatter):
    """<mark>…</mark> around matches; everything else HTML-escaped."""

    between = " … "

    def _text(self, text):
        return escape(text, quote=False)

    def format_token(self, text, token, replace=False):
        return f"<mark>{escape(get_text(text, token, replace), quote=False)}</mark>"


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


def _unmark_corrections(hits: list[SearchHit], corrections: dict[str, str]) -> None:
    """No <mark> on a word the person did not type: a suggested spelling is shown, not highlighted."""
    suggested = {analysis.stem(c) for c in corrections.values()} - {analysis.stem(w) for w in corrections}

    def unmark(match: re.Match) -> str:
        word = match.group(1)
        stems = {analysis.stem(w) for w in analysis.words(unescape(word))}
        return word if stems and stems <= suggested else match.group(0)

    for hit in hits:
        hit.snippet = re.sub(r"<mark>(.*?)</mark>", unmark, hit.snippet)


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
            searcher = ix.searcher(weighting=scoring.BM25F(B=0.5, K1=1.2))
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
            docnum: (fields["group"] + ("#h" if fields["history"] else ""), fields["jurisdiction"], fields["order"])
            for docnum, fields in searcher.reader().iter_docs()
        }
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
    def _correct(self, words: list[str]) -> dict[str, str]:
        """Likely typos (words the statutes never use) and the statute word they are closest to."""
        corrections = {}
        for word in words:
            if (
                len(word) >= 4
                and not word.isdigit()
                and word not in analysis.STOP_WORDS
                and word not in analysis.QUERY_NOISE
                and word not in _SYNONYM_WORDS
                and word not in self._vocabulary
                and spelling.may_correct(word)  # a real Portuguese word ("cinto") is never "corrected"
            ):
                maxdist = 1 if len(word) < 8 else 2
                suggestions = self._corrector.suggest(word, limit=1, maxdist=maxdist, prefix=1)
                if suggestions and suggestions[0] != word:
                    corrections[word] = suggestions[0]
        return corrections

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
        for phrase, alternatives in _PHRASES:
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
        words = analysis.words(query)
        corrections = self._correct(words)
        hints = self.jurisdiction_hints(query)
        response = self._run(words, corrections, hints, query, law, jurisdiction, limit, include_history)
        if corrections:
            response.suggestion = " ".join(corrections.get(w, w) for w in words)
            response.corrected = True
            _unmark_corrections(response.hits, corrections)
        return response

    def _run(self, words, corrections, hints, query, law, jurisdiction, limit, include_history) -> SearchResponse:
        whoosh_query, terms = self._build_query(words, corrections)
        if whoosh_query is None:
            return SearchResponse(query=query, total=0, hits=[], terms=[])
        filters = []
        if law:
            filters.append(Q.Term("law", law))
        if jurisdiction:
            filters.append(Q.Term("jurisdiction", jurisdiction))
        filter_q = Q.And(filters) if filters else None
        mask = None if include_history else Q.Term("history", True)
        results = self._searcher.search(whoosh_query, limit=None, filter=filter_q, mask=mask)
        results.fragmenter = ContextFragmenter(maxchars=260, surround=90)
        results.formatter = _MarkFormatter()
        facts = self._facts
        ranked = sorted(
            (
                (-score * (JURISDICTION_HINT_FACTOR if facts[docnum][1] in hints else 1.0), facts[docnum][2], docnum)
                for score, docnum in results.top_n
            )
        )
        seen: set[str] = set()
        best = []  # (score, docnum): the best unit of each article, best article first
        for negative_score, _order, docnum in ranked:
            group = facts[docnum][0]
            if group not in seen:
                seen.add(group)
                best.append((-negative_score, docnum))
        units = self._article_units(ranked, {facts[docnum][0] for _score, docnum in best[:limit]})
        hits = []
        for score, docnum in best[:limit]:
            hit = Hit(results, docnum, score=score)
            snippet = hit.highlights("text", top=2)
            if not snippet:
                text = hit["text"]
                snippet = escape(text[:260] + ("…" if len(text) > 260 else ""), quote=False)
            hits.append(
                SearchHit(
                    law=hit["law"],
                    jurisdiction=hit["jurisdiction"],
                    article=hit["article"],
                    unit=hit["unit"],
                    label=hit["label"],
                    heading=hit["heading"],
                    snippet=snippet,
                    urn=hit["urn"],
                    score=round(score, 4),
                    history=hit["history"],
                    units=units.get(facts[docnum][0], []),
                )
            )
        return SearchResponse(query=query, total=len(best), hits=hits, terms=terms)

    def _article_units(self, ranked, groups: set[str]) -> dict[str, list[tuple[str, float]]]:
        """(unit id, score) of every matching unit of the shown articles, best first."""
        found: dict[str, list[tuple[str, float]]] = {}
        for negative_score, _order, docnum in ranked:
            group = self._facts[docnum][0]
            if group in groups:
                found.setdefault(group, []).append((self._searcher.stored_fields(docnum)["unit"], round(-negative_score, 4)))
        return found
