"""Search benchmark: the engine against a naive Whoosh index of the same corpus, same run.

- builds the engine's index (``search_index.build_index``) and, beside it, a
  naive Whoosh index: one document per article (the text in force of all its
  units), Whoosh's Portuguese ``LanguageAnalyzer``, BM25F, the query's words
  OR-ed together, ``limit=10``;
- times both in process on the same queries (the relevance questions of
  ``tests/data/search_relevance.json`` plus a few more), interleaved, after a
  warm-up, and prints p50/p95/p99 and the engine ÷ naive ratios.  The engine's
  response cache (``search_index/cache.py``, which the portal turns on) is off
  here: each search runs the whole query; what it keeps between queries is index
  data: each term's postings, read once per process, the stored fields, and the
  words of units it has shown.  A "cold" line times the first pass on freshly
  opened indexes;
- prints relevance on the same set for both: the expected article in the top
  1/3/5 and the mean reciprocal rank, so "unchanged or better" is visible;
- **distinct questions** (issue #32): the hand-written questions of
  ``benchmarks/data/perguntas_distintas.txt`` (none from ``tests/data``), each asked
  once, on an engine opened afresh and warmed as a portal worker is at boot
  (``SearchIndex.warm``: every term's scores read before the first question),
  against the naive index in the same pass; and the warm-up's own cost.

``--code DIR`` measures the engine of another checkout (e.g. a clone of main) —
run it once with and once without to compare before/after on the same machine.
The machine may be shared: compare the ratios of one run, not absolute times.
Run on demand: ``python benchmarks/search.py [--rounds 10] [--code DIR]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DISTINCT_FILE = ROOT / "benchmarks" / "data" / "perguntas_distintas.txt"

EXTRA_QUERIES = [
    "multa", "crc", "vistoria", "fretamento turístico carro 7 lugares", "apreensão do veículo",
    "passageiros em pé", "seguro responsabilidade civil", "recurso jari prazo", "lista de passageiros",
    "transporte clandestino multa ufirac", "Vm = G x Vb", "fretameto", "onibus", "prazo de defesa",
]


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * pct / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


class NaiveWhoosh:
    """What one would write first: one document per article, stock analyzer, words OR-ed."""

    def __init__(self, path: Path, laws):
        from whoosh import index
        from whoosh.analysis import LanguageAnalyzer
        from whoosh.fields import ID, TEXT, Schema

        from search_index.build import documents_from_laws

        self.analyzer = LanguageAnalyzer("pt")
        schema = Schema(law=ID(stored=True), article=ID(stored=True), jurisdiction=ID(stored=True), text=TEXT(analyzer=self.analyzer))
        chunks: dict[str, dict] = {}
        for doc in documents_from_laws(laws):
            if doc.history:
                continue
            chunk = chunks.setdefault(doc.group, {"law": doc.law, "article": doc.article, "jurisdiction": doc.jurisdiction, "text": []})
            chunk["text"].append(doc.text)
        path.mkdir(parents=True)
        ix = index.create_in(str(path), schema)
        writer = ix.writer()
        for chunk in chunks.values():
            writer.add_document(law=chunk["law"], article=chunk["article"], jurisdiction=chunk["jurisdiction"], text="\n".join(chunk["text"]))
        writer.commit(optimize=True)
        self.documents = len(chunks)
        self.searcher = index.open_dir(str(path)).searcher()

    def search(self, q: str, jurisdiction: str | None = None, limit: int = 10) -> list[tuple[str, str]]:
        from whoosh import query as Q

        terms = [Q.Term("text", t.text) for t in self.analyzer(q)]
        if not terms:
            return []
        flt = Q.Term("jurisdiction", jurisdiction) if jurisdiction else None
        return [(hit["law"], hit["article"]) for hit in self.searcher.search(Q.Or(terms), limit=limit, filter=flt)]


def relevance(search, entries) -> dict:
    """Expected article in the top 1/3/5, mean reciprocal rank (within the top 10)."""
    ranks = []
    for entry in entries:
        got = search(entry["q"], entry.get("jurisdiction"))
        rank = next((i + 1 for i, (law, article) in enumerate(got) if law == entry["law"] and article in entry["articles"]), None)
        ranks.append(rank)
    n = len(ranks)
    return {
        "top1": sum(1 for r in ranks if r and r <= 1), "top3": sum(1 for r in ranks if r and r <= 3),
        "top5": sum(1 for r in ranks if r and r <= 5), "n": n, "mrr": sum(1 / r for r in ranks if r) / n,
    }


def _interleaved(engine, naive, queries, into: dict | None = None) -> dict:
    """Each query once on the engine, then on the naive index (both see the same machine load): the
    milliseconds of each, appended to ``into`` (a new {"engine": [], "naive": []} when none)."""
    into = into if into is not None else {"engine": [], "naive": []}
    for q in queries:
        for name, index in (("engine", engine), ("naive", naive)):
            t0 = time.perf_counter()
            index.search(q, limit=10)
            into[name].append((time.perf_counter() - t0) * 1000)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--code", type=Path, help="checkout whose search_index/ and knowledge/ are measured (default: this one)")
    args = parser.parse_args()
    sys.path.insert(0, str((args.code or ROOT).resolve()))
    from knowledge.corpus import all_laws
    from search_index import SearchIndex, build_index

    entries = json.loads((ROOT / "tests" / "data" / "search_relevance.json").read_text(encoding="utf-8"))
    queries = list(dict.fromkeys([e["q"] for e in entries] + EXTRA_QUERIES))
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        laws = all_laws()
        parse_s = time.perf_counter() - started
        stats = build_index(Path(tmp) / "index", laws)
        started = time.perf_counter()
        naive = NaiveWhoosh(Path(tmp) / "naive", laws)
        naive_build_s = time.perf_counter() - started
        engine = SearchIndex.open(Path(tmp) / "index")

        cold = _interleaved(engine, naive, queries)  # first pass on fresh indexes: lazy readers, postings not yet loaded
        timings = {"engine": [], "naive": []}
        for _ in range(args.rounds):
            _interleaved(engine, naive, queries, timings)
        distinct = [line.strip() for line in DISTINCT_FILE.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
        fresh = SearchIndex.open(Path(tmp) / "index")
        started = time.perf_counter()
        warmed_terms = fresh.warm() if hasattr(fresh, "warm") else 0  # an older checkout (--code) has no warm-up
        warm_s = time.perf_counter() - started
        once = _interleaved(fresh, naive, distinct)
        rel_engine = relevance(lambda q, j: [(h.law, h.article) for h in engine.search(q, jurisdiction=j, limit=10).hits], entries)
        rel_naive = relevance(lambda q, j: naive.search(q, jurisdiction=j, limit=10), entries)

    print(f"código medido: {(args.code or ROOT).resolve()}  (máquina possivelmente compartilhada: valem as razões desta execução)")
    print(f"parse 4 statutes:   {parse_s * 1000:8.1f} ms")
    print(f"engine index build: {stats.seconds * 1000:8.1f} ms  ({stats.documents} units)")
    print(f"naive index build:  {naive_build_s * 1000:8.1f} ms  ({naive.documents} articles)")
    print(f"queries:            {len(timings['engine'])} per engine ({len(queries)} distinct x {args.rounds}), interleaved")
    e, n = timings["engine"], timings["naive"]
    print(f"{'':18} {'engine':>9} {'naive':>9} {'engine ÷ naive':>15}")
    for label, pct in (("p50", 50), ("p95", 95), ("p99", 99)):
        a, b = percentile(e, pct), percentile(n, pct)
        print(f"search {label} (ms)    {a:9.2f} {b:9.2f} {a / b:15.2f}" + ("   (meta: ≤ 1.5)" if label == "p95" else ""))
    a, b = percentile(cold["engine"], 95), percentile(cold["naive"], 95)
    print(f"cold pass p95 (ms)  {a:9.2f} {b:9.2f} {a / b:15.2f}")
    print(f"search max (ms)     {max(e):9.2f} {max(n):9.2f}")
    print(f"distinct questions: {len(distinct)}, each once, engine warmed at open ({warmed_terms} terms in {warm_s * 1000:.0f} ms)")
    for label, pct in (("p50", 50), ("p95", 95)):
        a, b = percentile(once["engine"], pct), percentile(once["naive"], pct)
        print(f"distinct {label} (ms)  {a:9.2f} {b:9.2f} {a / b:15.2f}")
    for name, rel in (("engine", rel_engine), ("naive", rel_naive)):
        print(f"relevance {name:6}    top1 {rel['top1']}/{rel['n']}  top3 {rel['top3']}/{rel['n']}  top5 {rel['top5']}/{rel['n']}  MRR {rel['mrr']:.3f}")


if __name__ == "__main__":
    main()
