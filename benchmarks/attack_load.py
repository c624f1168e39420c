"""Bounded work per request, measured: /api/v1/ping's latency alone and under ten attackers.

The attack of issue #34: ten anonymous clients, each far under its rate limit, sending
the costliest request they can — a chat message of law words at the work budget's edge
(80 words, one message every 2 s each: 30 a minute, the documented limit per address),
or a complaint form with three 40-megapixel JPEGs (one every 6 s each: 10 a minute).
Before the fix four such chat messages hit the 30 s worker timeout and ping waited 32 s.
Rate limits are off here (``PORTAL_RATELIMIT=0``): the attackers stand for ten addresses,
so what holds is the work budget (portal/work_budget.py, portal/photos.py), not the limits.

    python benchmarks/attack_load.py [--seconds 20] [--workers 4]

Prints ping's p50/p95 idle and under each attack, and their ratio (target: ≤ 2× idle);
exits non-zero when a ratio is above 2.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import io
import json
import re
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _server import Gunicorn  # noqa: E402

LAW_WORDS = ("multa fretamento autorização vistoria veículo passageiros cassação suspensão infração prazo recurso "
             "documento seguro motorista licença tacógrafo itinerário cadastro operadora lista").split()


def ping_latencies(url: str, seconds: float) -> list[float]:
    times = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        with urllib.request.urlopen(url + "/api/v1/ping", timeout=120) as response:
            response.read()
        times.append(time.perf_counter() - start)
        time.sleep(0.05)
    return times


def chat_attacker(url: str, stop: threading.Event, statuses: list, n: int) -> None:
    import random

    rng = random.Random(n)
    while not stop.is_set():
        message = " ".join(rng.choice(LAW_WORDS) for _ in range(80))
        request = urllib.request.Request(url + "/api/v1/assistente", data=json.dumps({"mensagem": message}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                statuses.append(response.status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
        except OSError:
            statuses.append(0)
        stop.wait(2.0)


def big_jpeg() -> bytes:
    from PIL import Image

    image = Image.linear_gradient("L").resize((8000, 5000)).convert("RGB")
    out = io.BytesIO()
    image.save(out, "JPEG", quality=60)
    return out.getvalue()


def _multipart(fields: dict, files: list[tuple[str, str, bytes]]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, filename, data in files:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                     f"Content-Type: image/jpeg\r\n\r\n".encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def photo_attacker(url: str, stop: threading.Event, statuses: list, photo: bytes) -> None:
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    while not stop.is_set():
        try:
            form = opener.open(url + "/denuncia", timeout=120).read().decode()
            token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
            key = re.search(r'name="chave" value="([^"]*)"', form).group(1)
            body, content_type = _multipart(
                {"csrf_token": token, "chave": key, "jurisdicao": "pe", "data_ocorrencia": "2026-11-01", "ocorrencias": "porta_aberta",
                 "relato": "teste de carga com fotos"},
                [("fotos", f"f{i}.jpg", photo) for i in range(3)])
            request = urllib.request.Request(url + "/denuncia", data=body, headers={"Content-Type": content_type}, method="POST")
            with opener.open(request, timeout=120) as response:
                statuses.append(response.status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
        except (OSError, AttributeError):
            statuses.append(0)
        stop.wait(6.0)


def under_attack(server: Gunicorn, kind: str, seconds: float) -> tuple[list[float], list[int]]:
    stop, statuses, threads = threading.Event(), [], []
    photo = big_jpeg() if kind == "fotos" else b""
    for n in range(10):
        target = chat_attacker if kind == "assistente" else photo_attacker
        args = (server.url, stop, statuses, n) if kind == "assistente" else (server.url, stop, statuses, photo)
        threads.append(threading.Thread(target=target, args=args, daemon=True))
    for thread in threads:
        thread.start()
    time.sleep(2)  # the attack under way
    try:
        latencies = ping_latencies(server.url, seconds)
    finally:
        stop.set()
        for thread in threads:
            thread.join(150)
    return latencies, statuses


def warm_up(url: str, workers: int) -> None:
    """Each worker parses the laws on its first request that cites one (seconds of CPU on a
    loaded machine: a cold-start cost, not the attack's): paid before measuring."""
    from concurrent.futures import ThreadPoolExecutor

    body = json.dumps({"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "jurisdicao": "pe", "relato": "aquecimento"}).encode()

    def one(_):
        for path, data in (("/api/v1/denuncias", body), ("/api/v1/assistente", json.dumps({"mensagem": "multa por passageiro em pé"}).encode())):
            request = urllib.request.Request(url + path, data=data, headers={"Content-Type": "application/json"}, method="POST")
            try:
                urllib.request.urlopen(request, timeout=300).read()
            except (urllib.error.HTTPError, OSError):
                pass

    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, range(workers * 4)))


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.95) - 1 if len(ordered) > 1 else 0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    server = Gunicorn(args.workers)
    server.prepare()
    server.start()
    failed = False
    try:
        warm_up(server.url, args.workers)
        idle_p50, idle_p95 = summary(ping_latencies(server.url, args.seconds / 2))
        print(f"ping sozinho: p50 {idle_p50 * 1000:.1f} ms, p95 {idle_p95 * 1000:.1f} ms", flush=True)
        for kind in ("assistente", "fotos"):
            latencies, statuses = under_attack(server, kind, args.seconds)
            p50, p95 = summary(latencies)
            ratio = p50 / idle_p50
            counts = {s: statuses.count(s) for s in sorted(set(statuses))}
            print(f"ping com 10 atacantes ({kind}): p50 {p50 * 1000:.1f} ms ({ratio:.2f}× ocioso), p95 {p95 * 1000:.1f} ms, "
                  f"máx {max(latencies) * 1000:.0f} ms; respostas aos atacantes: {counts}", flush=True)
            failed |= ratio > 2
    finally:
        server.stop()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
