"""Dated wording benchmark: building every law's versions, then answering "unit U on date D".

Prints the one-off cost per process of parsing the four statutes and building every
wording of every unit (``knowledge.history``: the snapshot of each law at each change
date and each unit's timeline), then the p50/p99 latency of ``wording_at`` and
``law_on`` over random units and dates once built, and of loading the YAML parameters.
Target on the reference machine: build under 1 s per process, lookups p99 under 0.1 ms.
Run on demand: ``python benchmarks/history.py [--queries N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=20000)
    args = parser.parse_args()

    start = time.perf_counter()
    from knowledge.corpus import all_laws  # noqa: E402

    laws = all_laws()
    parsed = time.perf_counter() - start

    from knowledge import history  # noqa: E402
    from knowledge.laws import LAWS  # noqa: E402

    start = time.perf_counter()
    ids = {law_id: list(history._timeline(law_id)) for law_id in LAWS}
    built = time.perf_counter() - start
    units = sum(len(v) for v in ids.values())

    start = time.perf_counter()
    from knowledge.parameters import load_parameters  # noqa: E402

    load_parameters.cache_clear()
    parameters = load_parameters()
    loaded = time.perf_counter() - start

    rng = random.Random(10)
    first, last = date(1989, 1, 1), date(2026, 12, 31)
    span = (last - first).days
    timings, hits = [], 0
    for _ in range(args.queries):
        law_id = rng.choice(list(LAWS))
        unit_id = rng.choice(ids[law_id])
        when = first + timedelta(days=rng.randrange(span))
        t = time.perf_counter()
        version = history.wording_at(law_id, unit_id, when)
        timings.append((time.perf_counter() - t) * 1000)
        hits += version is not None
    law_timings = []
    for _ in range(min(2000, args.queries)):
        law_id = rng.choice(list(LAWS))
        when = LAWS[law_id].in_force_since + timedelta(days=rng.randrange(4000))
        t = time.perf_counter()
        history.law_on(law_id, when)
        law_timings.append((time.perf_counter() - t) * 1000)

    print(f"parse 4 statutes: {parsed * 1000:.0f} ms ({sum(len(list(l.units())) for l in laws)} units today)")
    print(f"build every version: {built * 1000:.0f} ms ({units} unit ids ever, {history.dated_units_count()} with dated versions)")
    print(f"load YAML parameters: {loaded * 1000:.1f} ms ({len(parameters)} parameters, {sum(len(p.values) for p in parameters.values())} values)")
    print(f"wording_at: p50 {statistics.median(timings):.4f} ms, p99 {percentile(timings, 0.99):.4f} ms over {len(timings)} queries ({hits} found)")
    print(f"law_on: p50 {statistics.median(law_timings):.4f} ms, p99 {percentile(law_timings, 0.99):.4f} ms")


if __name__ == "__main__":
    main()
