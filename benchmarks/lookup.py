"""Registry benchmark: import a generated 1,000,000-vehicle registry, then time lookups.

Prints the CSV import time (parse, validate, insert, swap, index) and the
in-process lookup latency (registry query + status rules) p50/p99 over a mix of
registered and unknown plates.  Target on the reference machine: p99 under 2 ms.
Run on demand: ``python benchmarks/lookup.py [--vehicles N]``.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from knowledge.plates import plate_key  # noqa: E402
from knowledge.vehicle_status import evaluate  # noqa: E402
from portal.storage.db import connect, migrate  # noqa: E402
from portal.storage.demo import cnpj_with_check_digits, formatted_cnpj  # noqa: E402
from portal.storage.registry import find_vehicle  # noqa: E402
from portal.storage.registry_import import OPERATOR_COLUMNS, VEHICLE_COLUMNS, import_registry  # noqa: E402

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def plates(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct Mercosul plates, in random order."""
    chosen: set[str] = set()
    while len(chosen) < count:
        chosen.add("".join(rng.choice(LETTERS) for _ in range(3)) + str(rng.randint(0, 9)) + rng.choice(LETTERS) + f"{rng.randint(0, 99):02d}")
    return list(chosen)


def build_csv(vehicles: int, rng: random.Random) -> tuple[bytes, bytes, list[str]]:
    today = date.today()
    operators = []
    for n in range(max(50, vehicles // 200)):
        operators.append({
            "cnpj": formatted_cnpj(cnpj_with_check_digits(f"{20000000 + n:08d}0001")), "razao_social": f"Operadora {n} Ltda",
            "nome_fantasia": f"Operadora {n}", "jurisdicao": ("pe", "sp", "ac", "recife")[n % 4], "crc_numero": f"B-{n}",
            "crc_emissao": (today - timedelta(days=100)).isoformat(), "crc_validade": (today + timedelta(days=265 - n % 300)).isoformat(),
            "situacao": "ativo" if n % 17 else "suspenso", "modalidades": "eventual|turistico", "telefone": "", "email": "",
        })
    plate_list = plates(vehicles, rng)
    out = io.StringIO()
    out.write(",".join(VEHICLE_COLUMNS) + "\n")
    for i, plate in enumerate(plate_list):
        op = operators[i % len(operators)]
        out.write(f"{plate},{op['cnpj']},onibus,44,{2010 + i % 15},{(today + timedelta(days=i % 300 - 30)).isoformat()},{(today + timedelta(days=i % 500 - 20)).isoformat()},ativo\n")
    ops = io.StringIO()
    ops.write(",".join(OPERATOR_COLUMNS) + "\n")
    for op in operators:
        ops.write(",".join(op[c] for c in OPERATOR_COLUMNS) + "\n")
    return ops.getvalue().encode(), out.getvalue().encode(), plate_list


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round((len(ordered) - 1) * p / 100)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vehicles", type=int, default=1_000_000)
    parser.add_argument("--lookups", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(42)
    t0 = time.perf_counter()
    ops_csv, veh_csv, plate_list = build_csv(args.vehicles, rng)
    generated = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        db = connect(Path(tmp) / "bench.db")
        migrate(db)
        t0 = time.perf_counter()
        report = import_registry(db, io.BytesIO(ops_csv), io.BytesIO(veh_csv))
        imported = time.perf_counter() - t0
        assert report.vehicles == args.vehicles, report.rejected[:3]
        size_mb = (Path(tmp) / "bench.db").stat().st_size / 1e6
        sample = rng.sample(plate_list, args.lookups // 2) + plates(args.lookups // 2, random.Random(7))
        rng.shuffle(sample)
        today = date.today()
        for plate in sample[:500]:  # warm the page cache
            find_vehicle(db, plate_key(plate))
        timings = []
        found = 0
        for plate in sample:
            t = time.perf_counter()
            row = find_vehicle(db, plate_key(plate))
            if row:
                operator, vehicle = row
                evaluate(
                    {"jurisdicao": operator["jurisdicao"], "situacao": operator["situacao"], "crc_validade": date.fromisoformat(operator["crc_validade"])},
                    {"situacao": vehicle["situacao"], "vistoria_validade": date.fromisoformat(vehicle["vistoria_validade"]), "seguro_validade": date.fromisoformat(vehicle["seguro_validade"])},
                    today,
                )
                found += 1
            timings.append((time.perf_counter() - t) * 1000)
        db.conn.close()
    print(f"vehicles:        {args.vehicles:>10,}")
    print(f"generate CSV:    {generated:10.1f} s")
    print(f"import:          {imported:10.1f} s   ({args.vehicles / imported:,.0f} rows/s; database {size_mb:.0f} MB)")
    print(f"lookups:         {len(timings):>10,}   ({found:,} registered, {len(timings) - found:,} unknown)")
    print(f"lookup p50:      {statistics.median(timings):10.3f} ms")
    print(f"lookup p99:      {pct(timings, 99):10.3f} ms   (target < 2 ms)")
    print(f"lookup max:      {max(timings):10.3f} ms")


if __name__ == "__main__":
    main()
