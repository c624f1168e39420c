"""Registry and plate-lookup benchmarks, each figure a ratio measured in the same run.

1. **Registry**: import a generated 1,000,000-vehicle registry, then time lookups —
   the CSV import time (parse, validate, insert, swap, index) and the in-process lookup
   latency (registry query + status rules) p50/p99 over a mix of registered and unknown
   plates.  Target on the reference machine: p99 under 2 ms.
2. **Miss vs hit** (issue #32): in one app, the median time of ``/consulta`` and
   ``GET /api/v1/veiculos/<placa>`` for a plate asked again (the page cache's hit), for
   registry plates never asked before and for unknown plates never asked before, and
   the ratios hit ÷ miss (goal: a miss costs as little as a hit, ratio near 1); then the
   same as CPU time per request, which a shared machine disturbs much less.
3. **Cold start** (issues #28 and #32): a real gunicorn with one worker, started twice
   — without the warm-up (``PORTAL_WARMUP=0``, the baseline) and with it — and, in each,
   the first ``/consulta`` after the start against the median of the next ten, as the
   ratio first ÷ tenth (goal: ≤ 1.5 with the warm-up, the first passenger waiting no
   longer than the next).

Run on demand: ``python benchmarks/lookup.py [--vehicles N] [--skip-registry] [--skip-cold]``.
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

import os  # noqa: E402
import urllib.request  # noqa: E402

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
            "situacao": "ativo" if n % 17 else "suspenso",
            "modalidades": {"sp": "continuo|eventual", "recife": "stcp"}.get(("pe", "sp", "ac", "recife")[n % 4], "eventual|turistico"), "telefone": "", "email": "",
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


def _median_ms(client, paths: list[str]) -> tuple[float, float]:
    """(median wall time, mean CPU time of this process) per request, in ms.  The CPU time is
    what the request cost, whatever else the machine runs (a shared machine stretches wall times)."""
    times = []
    cpu_began = time.process_time()
    for path in paths:
        began = time.perf_counter()
        response = client.get(path)
        times.append((time.perf_counter() - began) * 1000)
        assert response.status_code in (200, 404), (path, response.status_code)
    return statistics.median(times), (time.process_time() - cpu_began) * 1000 / len(paths)


def miss_vs_hit(rounds: int = 60) -> None:
    """In one warm app: a repeated plate (hit) against plates never asked (registry / unknown)."""
    from app import create_app
    from portal.storage.demo import generate
    from portal.warmup import warm_up

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATA_DIR": tmp, "TESTING": True})
        ops, vehs = generate(ordinary_vehicles=rounds * 6)
        with app.app_context():
            from portal.database import get_db

            import_registry(get_db(), io.BytesIO(ops.encode()), io.BytesIO(vehs.encode()), demo=True)
        warm_up(app)
        registered = [line.split(",")[0] for line in vehs.splitlines()[1:]]
        unknown = plates(rounds * 4, random.Random(99))
        client = app.test_client()
        print("\nconsulta por placa, mediana por pedido (o mesmo app, aquecido):")
        for label, template in (("/consulta", "/consulta?placa={}"), ("/api/v1/veiculos", "/api/v1/veiculos/{}")):
            client.get(template.format(registered[0]))
            (hit, hit_cpu) = _median_ms(client, [template.format(registered[0])] * rounds)
            (reg, reg_cpu) = _median_ms(client, [template.format(p) for p in registered[1:rounds + 1]])
            (unk, unk_cpu) = _median_ms(client, [template.format(p) for p in unknown[:rounds]])
            (mixed, mixed_cpu) = _median_ms(client, [template.format(p) for pair in zip(registered[rounds + 1:2 * rounds + 1], unknown[rounds:2 * rounds]) for p in pair])
            print(f"  {label:18} repetida {hit:6.2f} ms | cadastro, 1ª vez {reg:6.2f} ms (repetida ÷ esta = {hit / reg:4.2f}) | "
                  f"desconhecida {unk:6.2f} ms ({hit / unk:4.2f}) | misturadas {mixed:6.2f} ms ({hit / mixed:4.2f})")
            print(f"  {'':18} CPU por pedido: repetida {hit_cpu:5.2f} ms | cadastro {reg_cpu:5.2f} ms ({hit_cpu / reg_cpu:4.2f}) | "
                  f"desconhecida {unk_cpu:5.2f} ms ({hit_cpu / unk_cpu:4.2f}) | misturadas {mixed_cpu:5.2f} ms ({hit_cpu / mixed_cpu:4.2f})")


def _first_vs_tenth(warm: bool, plates_asked: list[str]) -> tuple[float, float]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from _server import Gunicorn

    server = Gunicorn(1, extra_env={"PORTAL_WARMUP": "1" if warm else "0"})
    server.prepare()
    try:
        server.start()  # returns once the worker answers /api/v1/ping (after its warm-up, when on)
        times = []
        for plate in plates_asked:
            began = time.perf_counter()
            urllib.request.urlopen(f"{server.url}/consulta?placa={plate}", timeout=120).read()
            times.append((time.perf_counter() - began) * 1000)
    finally:
        server.stop()
    return times[0], statistics.median(times[1:])


def cold_start() -> None:
    """The first lookup on a fresh worker against the next ten, without and with the warm-up."""
    asked = ["KGT2E47", "FRT4E22", "MZO2C13", "PGR6D78", "PEA3B21", "KHD1A11", "DSP7A31", "ABC1234", "PED4C55", "RCA1B11", "SPA1B23"]
    print("\npartida a frio (gunicorn, 1 worker; a 1ª consulta de placa depois de subir contra a mediana das 10 seguintes):")
    for warm, label in ((False, "sem aquecimento (antes)"), (True, "com aquecimento (depois)")):
        first, tenth = _first_vs_tenth(warm, asked)
        print(f"  {label:26} 1ª {first:8.1f} ms | seguintes {tenth:6.1f} ms | 1ª ÷ seguintes = {first / tenth:6.1f}" + ("   (meta ≤ 1,5)" if warm else ""))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vehicles", type=int, default=1_000_000)
    parser.add_argument("--lookups", type=int, default=20_000)
    parser.add_argument("--skip-registry", action="store_true", help="only the miss/hit and cold-start figures")
    parser.add_argument("--skip-cold", action="store_true", help="no gunicorn (the cold-start figure)")
    args = parser.parse_args()
    if not args.skip_registry:
        registry(args)
    miss_vs_hit()
    if not args.skip_cold:
        cold_start()


def registry(args) -> None:
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
