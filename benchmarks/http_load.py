"""HTTP throughput and latency under gunicorn on 127.0.0.1, as ratios to the framework floor.

For each endpoint: requests per second and p50/p99 latency from concurrent
keep-alive clients, and the ratio of its throughput to a trivial endpoint
(/api/v1/ping) served by the same process in the same run.  Also the memory of
each worker.  Uses wrk when installed (Debian package ``wrk``), else a Python
client (whose own overhead then bounds every number, the floor included).
Run on demand: ``python benchmarks/http_load.py [--seconds 5] [--connections 16]``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _server import Gunicorn  # noqa: E402

ENDPOINTS = [
    ("piso (ping)", "/api/v1/ping"),
    ("busca API", "/api/v1/search?q=pode+vender+passagem+individual+no+fretamento"),
    ("placa API", "/api/v1/veiculos/KHD1A11"),
    ("página /consulta", "/consulta?placa=KGT2E47"),
]


def python_load(url: str, path: str, seconds: float, connections: int) -> tuple[float, list[float]]:
    host, port = url.replace("http://", "").split(":")
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def client():
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        mine = []
        while time.perf_counter() < stop:
            t = time.perf_counter()
            conn.request("GET", path, headers={"Accept-Encoding": "identity"})
            response = conn.getresponse()
            response.read()
            mine.append((time.perf_counter() - t) * 1000)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(connections)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(latencies) / (time.perf_counter() - started), latencies


def wrk_load(url: str, path: str, seconds: float, connections: int) -> tuple[float, dict]:
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{int(seconds)}s", "--latency", url + path], capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def ms(label):
        match = re.search(rf"{label}%\s+([\d.]+)(us|ms|s)", out)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    return rps, {"p50": ms("50"), "p99": ms("99")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    server = Gunicorn(args.workers)
    server.prepare()
    server.start()
    use_wrk = shutil.which("wrk") is not None
    rows = []
    try:
        for name, path in ENDPOINTS:
            if use_wrk:
                python_load(server.url, path, 1, 2)  # warm-up
                rps, lat = wrk_load(server.url, path, args.seconds, args.connections)
                p50, p99 = lat["p50"], lat["p99"]
            else:
                python_load(server.url, path, 1, 2)
                rps, latencies = python_load(server.url, path, args.seconds, args.connections)
                ordered = sorted(latencies)
                p50, p99 = statistics.median(ordered), ordered[int(len(ordered) * 0.99) - 1]
            rows.append((name, rps, p50, p99))
        memory = [server.rss_mb(pid) for pid in server.worker_pids()]
    finally:
        server.stop()
    floor = rows[0][1]
    print(f"gunicorn, {args.workers} workers, {args.connections} conexões, {args.seconds:.0f} s por endpoint, cliente: {'wrk' if use_wrk else 'Python (instale wrk para números melhores)'}")
    print(f"{'endpoint':<20} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'÷ piso':>8}")
    for name, rps, p50, p99 in rows:
        print(f"{name:<20} {rps:9.0f} {p50:8.2f} {p99:8.2f} {rps / floor:8.2f}")
    print("memória por worker (RSS): " + ", ".join(f"{m:.0f} MB" for m in memory))


if __name__ == "__main__":
    main()
