"""Building the index: statute units → Whoosh documents, written once, swapped in atomically.

Why a module of its own: building runs at install time and when the statutes or
this code change (``flask index build --if-stale``), never on a request; querying
(``engine.py``) runs on every search.  Keeping them apart lets the query side stay
small and lets the build report its progress (a build takes several seconds) to
whoever runs it — a progress bar on a terminal, a plain line per stage in CI —
through a callback, so this package needs no terminal or Flask code.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Protocol

from whoosh import index as whoosh_index
from whoosh.fields import BOOLEAN, ID, NUMERIC, STORED, TEXT, Schema

from . import analysis, spelling

SCHEMA_VERSION = 7
MANIFEST = "manifest.json"

STAGE_DOCUMENTS = "documentos"
STAGE_ANALYSIS = "análise"
STAGE_WRITE = "gravação"
PROGRESS_STAGES = (STAGE_DOCUMENTS, STAGE_ANALYSIS, STAGE_WRITE)
PROGRESS_STEP = 25  # documents between two advance() calls while analysing


class Progress(Protocol):
    """Told of each stage of a build (the protocol of ``portal.progress.StageProgress``):
    ``start(name, total)`` (total None when unknown), ``advance(done)``, ``finish(stage)``
    with a :class:`BuildStage` that says what the stage did."""

    def start(self, name: str, total: int | None) -> None: ...
    def advance(self, done: int) -> None: ...
    def finish(self, stage: "BuildStage") -> None: ...


@dataclass(frozen=True)
class BuildStage:
    name: str  # STAGE_DOCUMENTS, STAGE_ANALYSIS or STAGE_WRITE
    documents: int
    seconds: float


class _Silent:
    def start(self, name: str, total: int | None) -> None:
        pass

    def advance(self, done: int) -> None:
        pass

    def finish(self, stage: BuildStage) -> None:
        pass


def schema() -> Schema:
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
        # What people ask that the unit answers, in their words (knowledge/statutes/perguntas):
        # "ônibus pirata" finds "transporte remunerado sem autorização".
        questions=TEXT(analyzer=pt),
        heading=STORED,
        spell=TEXT(analyzer=analysis.spelling_analyzer()),
        # "stem:start:end …" of each word of the text: snippets mark the query's words without
        # analysing the unit again on a request (see highlight.py).
        marks=STORED,
    )


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
    questions: str = ""


def documents_from_laws(laws: Iterable) -> Iterable[IndexDocument]:
    """Turn parsed laws (knowledge.parser.Law) into index documents.

    Each unit in force is a document (an alínea, an inciso, a caput …); its
    previous wordings are documents too, flagged as history.
    """
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
                # A law may carry the questions each unit answers (knowledge.unit_questions); only
                # the wording in force answers them.
                asked = getattr(law, "questions", {}).get(unit.id)
                yield IndexDocument(doc_id=f"{law.id}:{unit.id}", history=False, text=text,
                                    questions="\n".join(asked.perguntas) if asked else "", **common)
            for n, previous in enumerate(unit.history, start=1):
                yield IndexDocument(
                    doc_id=f"{law.id}:{unit.id}#h{n}", history=True, text=previous.text, **common
                )


def word_marks(analyzer, text: str) -> str:
    """The stems of a text's words with their places, "stem:start:end" separated by spaces."""
    return " ".join(f"{t.text}:{t.startchar}:{t.endchar}" for t in analyzer(text, chars=True, removestops=True) if not t.stopped)


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


def build_index(
    path: str | os.PathLike, laws: Iterable, *, source: str | None = None, progress: Progress | None = None
) -> BuildStats:
    """(Re)build the index at ``path``; readers never see a half-built index.

    ``source``: the fingerprint of the files it is built from (see ``stamp.py``), kept in the manifest.
    ``progress``: told of each stage and of the documents analysed (see :class:`Progress`).

    The new index is written beside the old one and swapped in with renames.
    """
    report = progress or _Silent()
    started = time.perf_counter()
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.with_name(f"{target.name}.building-{os.getpid()}")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    report.start(STAGE_DOCUMENTS, None)
    docs = list(documents_from_laws(laws))
    report.finish(BuildStage(STAGE_DOCUMENTS, len(docs), time.perf_counter() - started))
    ix = whoosh_index.create_in(str(staging), schema())
    writer = ix.writer(limitmb=128)
    analyzer = ix.schema["text"].analyzer
    stage_started = time.perf_counter()
    report.start(STAGE_ANALYSIS, len(docs))
    for n, doc in enumerate(docs, start=1):
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
            questions=doc.questions,
            spell=doc.text,
            marks=word_marks(analyzer, doc.text),
        )
        if n % PROGRESS_STEP == 0:
            report.advance(n)
    report.advance(len(docs))
    report.finish(BuildStage(STAGE_ANALYSIS, len(docs), time.perf_counter() - stage_started))
    stage_started = time.perf_counter()
    report.start(STAGE_WRITE, None)
    writer.commit(optimize=True)
    fingerprint = corpus_fingerprint(docs)
    manifest = {
        "schema_version": SCHEMA_VERSION,
        "documents": len(docs),
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "fingerprint": fingerprint,
        "source": source,
        # the accented spelling of each folded word, for "você quis dizer" (spelling.accent_forms)
        "accents": spelling.accent_forms(doc.text for doc in docs if not doc.history),
    }
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    old = target.with_name(f"{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    staging.rename(target)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
    report.finish(BuildStage(STAGE_WRITE, len(docs), time.perf_counter() - stage_started))
    return BuildStats(len(docs), time.perf_counter() - started, str(target), fingerprint)
