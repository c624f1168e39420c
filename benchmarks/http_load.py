"""HTTP throughput and latency under gunicorn on 127.0.0.1, as ratios to a bare Flask app.

In one run, on the same machine, with the same gunicorn settings (worker class,
worker count, keep-alive, from ``gunicorn.conf.py``):

- the **floor**: ``benchmarks/floor_app.py``, a bare Flask JSON "hello", in its
  own gunicorn process;
- the portal of this checkout ("depois"/after);
- optionally the portal of another checkout (``--before DIR``, e.g. a clone of
  main's current commit), so a before/after table comes from one run.

For each endpoint of issue #12 it runs wrk (``-t2 -c32`` by default) against
the floor, each portal, and the floor again, in ``--rounds`` rounds, and prints
requests/s, p50/p99 latency and the ratio to the mean of the two floor
measurements around it (median over the rounds, and each round's ratio).
Search endpoints rotate through the questions in
``tests/data/search_relevance.json`` plus a few more (≥ 40 distinct queries),
plate endpoints through the demonstration plates, the unit page through 60
units of the four laws.  Those repeat, so after the first pass the response
caches answer them.  The "distinct" rows (issue #32) send every request a
question no server of the run has seen before (``benchmarks/questions.py``:
words of the statutes, with and without accents, some typos): each wrk thread
takes its own stride of the list and every measurement (warm-up included) its
own slice, so neither cache can help.  The distinct plate rows do the same with plates: registry
plates never asked before (a first lookup) and, in the "misturadas" rows, every other plate one the
registry does not hold; they are served by portals of their own (the same checkouts) that imported a
generated registry of ~90,000 vehicles (``lookup.build_csv``).  Afterwards: memory of each worker (RSS, and PSS, which
counts pages shared between workers by their share).

The machine may be shared with other work: absolute numbers are noisy, the
ratios measured in the same run are what count.  Besides throughput, each
measurement reads the CPU time the server's workers spent (user + system, from
/proc) and divides it by the requests served: "CPU ÷ piso" is the floor's CPU
per request over the portal's, the same ratio seen from the server's side, much
less disturbed by other processes competing for the cores (throughput also pays
for waiting; CPU time does not).

Needs ``wrk`` (Debian/Ubuntu: ``sudo apt-get install wrk``; macOS: ``brew install wrk``).
Run on demand: ``python benchmarks/http_load.py [--seconds 5] [--rounds 2] [--connections 32] [--workers 2] [--before DIR]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote_plus

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _server import ROOT, FloorServer, Gunicorn, pss_mb, rss_mb  # noqa: E402

sys.path.insert(0, str(ROOT))

EXTRA_QUERIES = [
    "multa", "crc", "vistoria", "fretamento turístico carro 7 lugares", "apreensão do veículo",
    "passageiros em pé", "seguro responsabilidade civil", "recurso prazo", "lista de passageiros",
    "transporte clandestino multa", "fretameto", "onibus", "prazo de defesa", "motorista", "idade do veículo",
]
PLATES = ["KGT2E47", "PFX1960", "PEA3B21", "PED4C55", "PEF5D88", "KHB7F12", "KHC8G34", "PEG9H90", "KHD1A11",
          "FRT4E22", "DSP7A31", "MZO2C13", "PGR6D78", "ZZZ9Z99"]


def search_queries() -> list[str]:
    relevance = json.loads((ROOT / "tests" / "data" / "search_relevance.json").read_text(encoding="utf-8"))
    queries = list(dict.fromkeys([e["q"] for e in relevance] + EXTRA_QUERIES))
    assert len(queries) >= 40, "the search endpoints must rotate through at least 40 distinct queries"
    return queries


def unit_paths(count: int = 60) -> list[str]:
    from knowledge.corpus import all_laws

    paths = []
    laws = all_laws()
    per_law = count // len(laws)
    for law in laws:
        articles = law.articles()
        step = max(1, len(articles) // per_law)
        paths += [f"/leis/{law.id}/{a.id}" for a in articles[::step][:per_law]]
    return paths


DISTINCT_SLICE = 10000  # questions (plates) per measurement of a "distinct" row: more than one server answers in --seconds


def distinct_endpoints(rounds: int) -> list[tuple[str, list[str], float, bool]]:
    """The rows of issue #32: every request a different question (targets from #32)."""
    from questions import distinct_questions

    questions = distinct_questions(DISTINCT_SLICE * (rounds + 1) + 20)
    return [
        ("/api/v1/search distintas", [f"/api/v1/search?q={quote_plus(q)}" for q in questions], 0.3, True),
        ("/busca distintas", [f"/busca?q={quote_plus(q)}" for q in questions], 0.25, True),
    ]


def distinct_plate_endpoints(rounds: int) -> tuple[list[tuple[str, list[str], float, bool]], bytes, bytes]:
    """The plate rows of issue #32, every request a plate no server of the run was asked before:
    registry plates (a first lookup: no cache has them) and, in the "misturadas" rows, every other
    plate one the registry does not hold (a miss).  Each row has plates of its own: a plate asked on
    /consulta is not asked again on the API.  Returns the rows and the registry (operators and
    vehicles CSV, ``lookup.build_csv``) that the portals of these rows import."""
    import random

    from lookup import build_csv, plates

    need = DISTINCT_SLICE * (rounds + 1) + 20  # even: half of a mixed row registered, half unknown
    half = need // 2
    operators_csv, vehicles_csv, registered = build_csv(3 * need, random.Random(32))
    held = set(registered)
    unknown = [p for p in plates(need + 1000, random.Random(33)) if p not in held][:need]

    def interleaved(known: list[str], missing: list[str]) -> list[str]:
        return [plate for pair in zip(known, missing) for plate in pair]

    cold_page, cold_api = registered[:need], registered[need:2 * need]
    mixed_page = interleaved(registered[2 * need:2 * need + half], unknown[:half])
    mixed_api = interleaved(registered[2 * need + half:], unknown[half:])
    rows = [
        ("/consulta placas distintas", [f"/consulta?placa={p}" for p in cold_page], 0.4, True),
        ("/consulta desconhecidas misturadas", [f"/consulta?placa={p}" for p in mixed_page], 0.4, True),
        ("/api/v1/veiculos distintas", [f"/api/v1/veiculos/{p}" for p in cold_api], 0.6, True),
        ("/api/v1/veiculos desconhecidas misturadas", [f"/api/v1/veiculos/{p}" for p in mixed_api], 0.6, True),
    ]
    return rows, operators_csv, vehicles_csv


def endpoints() -> list[tuple[str, list[str], float]]:
    """(name, paths to rotate through, target ratio from issue #12)."""
    queries = search_queries()
    return [
        ("/api/v1/ping", ["/api/v1/ping"], 0.8),
        ("/api/v1/veiculos/<placa>", [f"/api/v1/veiculos/{p}" for p in PLATES], 0.6),
        ("/consulta?placa=…", [f"/consulta?placa={p}" for p in PLATES], 0.4),
        ("/", ["/"], 0.6),
        ("/api/v1/search?q=…", [f"/api/v1/search?q={quote_plus(q)}" for q in queries], 0.25),
        ("/busca?q=…", [f"/busca?q={quote_plus(q)}" for q in queries], 0.25),
        ("/leis/<lei>/<dispositivo>", unit_paths(), 0.5),
        ("/leis/ac-lei-2731-2013", ["/leis/ac-lei-2731-2013"], 0.3),
    ]


WRK_THREADS = 2


def lua_rotation(paths: list[str], directory: Path) -> Path:
    """A wrk script sending ``paths`` in turn: thread t of T sends offset+t, offset+t+T, …
    (the offset is the script's argument), so two threads never send the same path twice."""
    script = directory / f"rotation-{abs(hash(tuple(paths)))}.lua"
    quoted = ",\n".join(json.dumps(p) for p in paths)
    script.write_text(
        "local paths = {\n" + quoted + "\n}\n"
        "local threads = 0\n"
        "setup = function(thread)\n  thread:set(\"tid\", threads)\n  threads = threads + 1\nend\n"
        "local offset, step, i = 0, 1, -1\n"
        "init = function(args)\n  offset = tonumber(args[1] or \"0\") + (tid or 0)\n  step = tonumber(args[2] or \"1\")\nend\n"
        "request = function()\n  i = i + 1\n  return wrk.format(\"GET\", paths[((offset + i * step) % #paths) + 1])\nend\n",
        encoding="utf-8",
    )
    return script


def wrk(url: str, script: Path | None, path: str, seconds: float, connections: int, offset: int = 0) -> dict:
    args = ["wrk", f"-t{WRK_THREADS}", f"-c{connections}", f"-d{max(1, int(seconds))}s", "--latency", "--timeout", "10s"]
    if script:
        args += ["-s", str(script)]
    args.append(url + path)
    if script:
        args += ["--", str(offset), str(WRK_THREADS)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout

    def ms(label: str) -> float:
        match = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    served = re.search(r"(\d+) requests in", out)
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:.*", out)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)), "p50": ms("50"), "p99": ms("99"),
            "requests": int(served.group(1)) if served else 0,
            "non2xx": int(bad.group(1)) if bad else 0, "socket_errors": errors.group(0) if errors else ""}


def check_paths(url: str, paths: list[str]) -> None:
    """Every path answers 200 before it is measured (a fast 404 would flatter the numbers)."""
    for path in paths:
        try:
            with urllib.request.urlopen(url + path, timeout=30) as response:
                response.read()
        except urllib.error.HTTPError as exc:
            raise SystemExit(f"{url}{path} respondeu {exc.code}; nada foi medido") from None


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far (Linux /proc; 0 elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / ticks


def measure(server, paths: list[str], script: Path | None, seconds: float, connections: int, distinct_slice: int | None = None) -> dict:
    """One wrk run after a 1 s warm-up.  ``distinct_slice``: the warm-up takes slice 0 of
    ``paths`` and the measurement slice ``distinct_slice`` (each DISTINCT_SLICE long)."""
    warm_offset = 0
    offset = DISTINCT_SLICE * distinct_slice if distinct_slice else 0
    wrk(server.url, script, paths[0], 1, 4, warm_offset)  # warm-up: lazy loads, caches
    pids = server.worker_pids()
    before = cpu_seconds(pids)
    result = wrk(server.url, script, paths[0], seconds, connections, offset)
    if distinct_slice and result["requests"] > DISTINCT_SLICE:
        result["socket_errors"] += f" (AVISO: {result['requests']} pedidos > {DISTINCT_SLICE} perguntas distintas: houve repetição)"
    spent = cpu_seconds(pids) - before
    # A worker replaced during the measurement (gunicorn's max_requests) leaves it without a CPU figure.
    valid = sorted(server.worker_pids()) == sorted(pids) and spent > 0 and result["requests"]
    result["cpu_us"] = spent * 1e6 / result["requests"] if valid else float("nan")
    return result


def median(values) -> float:
    """The median of the values that were measured (NaN: none was)."""
    known = [v for v in values if v == v]
    return statistics.median(known) if known else float("nan")


def measure_row(name: str, paths: list[str], target: float, distinct: bool, portals, floor, args, workdir: Path) -> dict:
    """One endpoint: floor, each portal, floor again, in ``args.rounds`` rounds."""
    script = lua_rotation(paths, workdir) if len(paths) > 1 else None
    for _, server in portals:
        # distinct rows: a few questions no measurement sends (checking all would fill the caches)
        check_paths(server.url, paths[-20:] if distinct else paths)
    # Each round: floor, each portal, floor again; a portal's ratio in a round is its
    # req/s over the mean of the two floor measurements around it.  The row shows the
    # median over rounds (the machine may be shared: load changes within seconds).
    rounds = []
    for round_number in range(args.rounds):
        result = {"floor": [measure(floor, ["/"], None, args.seconds, args.connections)]}
        for label, server in portals:
            result[label] = measure(server, paths, script, args.seconds, args.connections, round_number + 1 if distinct else None)
        result["floor"].append(measure(floor, ["/"], None, args.seconds, args.connections))
        floor_rps = statistics.mean(f["rps"] for f in result["floor"])
        floor_cpu = median(f["cpu_us"] for f in result["floor"])
        for label, _server in portals:
            result[label]["ratio"] = result[label]["rps"] / floor_rps
            result[label]["cpu_ratio"] = floor_cpu / result[label]["cpu_us"]
        result["floor_rps"] = floor_rps
        result["floor_cpu"] = floor_cpu
        rounds.append(result)
    row = {"name": name, "target": target, "distinct": len(paths), "rounds": rounds, "all_distinct": distinct,
           "floor": {"rps": statistics.median(r["floor_rps"] for r in rounds), "cpu_us": median(r["floor_cpu"] for r in rounds)}}
    for label, _server in portals:
        runs = [r[label] for r in rounds]
        row[label] = {
            "rps": statistics.median(r["rps"] for r in runs), "p50": statistics.median(r["p50"] for r in runs),
            "p99": statistics.median(r["p99"] for r in runs), "ratio": statistics.median(r["ratio"] for r in runs),
            "ratios": [r["ratio"] for r in runs], "non2xx": sum(r["non2xx"] for r in runs),
            "cpu_us": median(r["cpu_us"] for r in runs), "cpu_ratio": median(r["cpu_ratio"] for r in runs),
            "cpu_ratios": [r["cpu_ratio"] for r in runs],
            "socket_errors": "; ".join(r["socket_errors"] for r in runs if r["socket_errors"]),
        }
    print(f"  medido: {name}", file=sys.stderr)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", type=Path, help="another checkout (e.g. main) measured in the same run as 'antes'")
    parser.add_argument("--only", help="measure only endpoints whose name contains this text (several: separated by commas)")
    parser.add_argument("--rounds", type=int, default=2, help="floor/portals/floor rounds per endpoint; the median is shown")
    args = parser.parse_args()

    def wanted(name: str) -> bool:
        return not args.only or any(part and part in name for part in args.only.split(","))

    if shutil.which("wrk") is None:
        raise SystemExit("wrk não está instalado. Debian/Ubuntu: sudo apt-get install wrk  (macOS: brew install wrk)")

    portals = []
    if args.before:
        portals.append(("antes", Gunicorn(args.workers, root=args.before)))
    portals.append(("depois" if args.before else "portal", Gunicorn(args.workers)))
    floor = FloorServer(args.workers)
    rows = []
    memory = {}
    workdir = Path(tempfile.mkdtemp(prefix="embarque-wrk-"))
    try:
        for _, server in portals:
            server.prepare()
            server.start()
        floor.start()
        rows_wanted = [(*e, False) for e in endpoints()] + distinct_endpoints(args.rounds)
        for name, paths, target, distinct in rows_wanted:
            if wanted(name):
                rows.append(measure_row(name, paths, target, distinct, portals, floor, args, workdir))
        plate_rows, operators_csv, vehicles_csv = distinct_plate_endpoints(args.rounds)
        plate_rows = [row for row in plate_rows if wanted(row[0])]
        if plate_rows:
            # Plates never asked before need a registry larger than the demo's: these rows have portals
            # of their own (the same checkouts), which import a generated one; the others are stopped.
            for _, server in portals:
                server.stop()
            portals = [(label, Gunicorn(args.workers, root=server.root)) for label, server in portals]
            (workdir / "operadoras.csv").write_bytes(operators_csv)
            (workdir / "veiculos.csv").write_bytes(vehicles_csv)
            for _, server in portals:
                server.prepare()
                server.import_registry(workdir / "operadoras.csv", workdir / "veiculos.csv")
                server.start()
            for name, paths, target, distinct in plate_rows:
                rows.append(measure_row(name, paths, target, distinct, portals, floor, args, workdir))
        for label, server in [("piso", floor), *portals]:
            memory[label] = [(rss_mb(pid), pss_mb(pid)) for pid in server.worker_pids()]
    finally:
        for _, server in portals:
            server.stop()
        floor.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    labels = [label for label, _ in portals]
    print(f"gunicorn sync, {args.workers} workers, wrk -t2 -c{args.connections}, {args.seconds:.0f} s por medida, {args.rounds} rodadas; "
          "piso = Flask puro (JSON \"hello\") no mesmo gunicorn, medido antes e depois de cada endpoint em cada rodada; "
          "mediana das rodadas.")
    print("Máquina possivelmente compartilhada: compare as razões (÷ piso) desta mesma execução, não os req/s absolutos.")
    header = f"{'endpoint':<28} {'piso req/s':>10}"
    for label in labels:
        header += f" | {label + ' req/s':>13} {'p50 ms':>7} {'p99 ms':>7} {'÷ piso':>6}"
    print(header + f" | {'meta':>5}")
    for row in rows:
        line = f"{row['name']:<28} {row['floor']['rps']:10.0f}"
        for label in labels:
            r = row[label]
            line += f" | {r['rps']:13.0f} {r['p50']:7.1f} {r['p99']:7.1f} {r['ratio']:6.2f}"
        print(line + f" | ≥{row['target']:.2f}  (razões por rodada: " + "; ".join(
            f"{label} " + " ".join(f"{x:.2f}" for x in row[label]["ratios"]) for label in labels) + ")")
        for label in labels:
            if row[label]["non2xx"] or row[label]["socket_errors"]:
                print(f"    {label}: {row[label]['non2xx']} respostas não-2xx/3xx {row[label]['socket_errors']}")
    print("CPU dos workers por pedido (µs, usuário + sistema), e o piso ÷ portal em CPU (menos sensível à carga da máquina):")
    header = f"{'endpoint':<28} {'piso µs':>8}"
    for label in labels:
        header += f" | {label + ' µs':>12} {'CPU ÷ piso':>10}"
    print(header)
    for row in rows:
        line = f"{row['name']:<28} {row['floor']['cpu_us']:8.0f}"
        for label in labels:
            r = row[label]
            line += f" | {r['cpu_us']:12.0f} {r['cpu_ratio']:10.2f}"
        print(line + "  (por rodada: " + "; ".join(
            f"{label} " + " ".join(f"{x:.2f}" for x in row[label]["cpu_ratios"]) for label in labels) + ")")
    for label, values in memory.items():
        print(f"memória por worker ({label}): " + ", ".join(f"RSS {r:.0f} MB / PSS {p:.0f} MB" for r, p in values))


if __name__ == "__main__":
    main()
