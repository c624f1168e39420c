"""Search benchmark: index build time and in-process query latency (p50/p95/p99).

Run on demand (``make benchmarks`` or ``python benchmarks/search.py``); never part
of the test suite.  Target on the reference machine (2 cores): p95 under 20 ms.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from knowledge.corpus import all_laws  # noqa: E402
from search_index import SearchIndex, build_index  # noqa: E402

EXTRA_QUERIES = [
    "multa", "crc", "vistoria", "fretamento turístico carro 7 lugares", "apreensão do veículo",
    "passageiros em pé", "seguro responsabilidade civil", "recurso jari prazo", "lista de passageiros",
    "transporte clandestino multa ufirac", "Vm = G x Vb", "fretameto", "onibus", "prazo de defesa",
]
ROUNDS = 10


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * pct / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def main() -> None:
    relevance = json.loads((ROOT / "tests" / "data" / "search_relevance.json").read_text(encoding="utf-8"))
    queries = [e["q"] for e in relevance] + EXTRA_QUERIES
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        laws = all_laws()
        parse_s = time.perf_counter() - started
        stats = build_index(Path(tmp) / "index", laws)
        index = SearchIndex.open(Path(tmp) / "index")
        for q in queries:  # warm-up: caches, lazy readers
            index.search(q)
        timings = []
        for _ in range(ROUNDS):
            for q in queries:
                t0 = time.perf_counter()
                index.search(q, limit=10)
                timings.append((time.perf_counter() - t0) * 1000)
    print(f"parse 4 statutes:  {parse_s * 1000:8.1f} ms")
    print(f"index build:       {stats.seconds * 1000:8.1f} ms  ({stats.documents} documents)")
    print(f"queries:           {len(timings)} ({len(queries)} distinct x {ROUNDS})")
    print(f"search p50:        {statistics.median(timings):8.2f} ms")
    print(f"search p95:        {percentile(timings, 95):8.2f} ms   (target < 20 ms)")
    print(f"search p99:        {percentile(timings, 99):8.2f} ms")
    print(f"search max:        {max(timings):8.2f} ms")


if __name__ == "__main__":
    main()
