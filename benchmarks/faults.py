"""Load and fault drills against a real gunicorn on 127.0.0.1.

1. 5,000 complaints from concurrent clients (some retried with the same
   Idempotency-Key, as a phone on a bad connection would): every one gets a
   protocol and is stored exactly once.
2. A worker killed (SIGKILL) in the middle of requests: clients retry, nothing is
   lost or duplicated, ``PRAGMA integrity_check`` is ok, no half-written complaint.
3. Database locked longer than the busy timeout: a clear 503 with Retry-After, the
   complaint is not silently dropped, and the retry stores it once.
4. Database read-only (the file made immutable with chattr, or the portal's
   read-only mode where chattr is not available): 503, nothing stored.
5. Search index missing, then corrupt: /saude reports it (503) and search answers a
   clear 503; restored, both are back.
6. With the servers of scripts/ci-services.sh: PostgreSQL crash-stopped (SIGKILL) in
   the middle of 600 keyed complaints and restarted: nothing acknowledged is lost.

Run on demand: ``python benchmarks/faults.py [--complaints 5000]`` (prints a table,
exits non-zero if a drill fails).
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _server import Gunicorn  # noqa: E402

BODY = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["venda_passagem_individual"], "jurisdicao": "pe", "relato": "teste de carga"}


def post_complaint(url: str, key: str, body: dict | None = None, timeout: float = 30) -> tuple[int, dict | None]:
    data = json.dumps(body or BODY).encode()
    request = urllib.request.Request(url + "/api/v1/denuncias", data=data, method="POST",
                                     headers={"Content-Type": "application/json", "Idempotency-Key": key})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}") | {"_retry_after": error.headers.get("Retry-After")}
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return 0, None  # connection dropped: the client will retry with the same key


def submit_until_done(url: str, key: str, attempts: int = 20) -> tuple[str | None, int]:
    for attempt in range(attempts):
        status, data = post_complaint(url, key)
        if status in (200, 201):
            return data["protocolo"], attempt
        time.sleep(0.2 * (attempt + 1))
    return None, attempts


def count(db_file: Path, sql: str, params=()) -> int:
    conn = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True, timeout=30)
    try:
        return conn.execute(sql, params).fetchone()[0]
    finally:
        conn.close()


def drill_load(server: Gunicorn, n: int, clients: int) -> dict:
    keys = [str(uuid.uuid4()) for _ in range(n)]
    retried = keys[: n // 20]  # 5% sent twice
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        results = list(pool.map(lambda k: submit_until_done(server.url, k), keys + retried))
    elapsed = time.perf_counter() - started
    protocols = {keys_index: r[0] for keys_index, r in zip(keys + retried, results)}
    db = server.data_dir / "portal.db"
    stored = count(db, "SELECT COUNT(*) FROM complaints WHERE relato = 'teste de carga'")
    distinct = len({p for p in protocols.values() if p})
    ok = all(p for p in protocols.values()) and stored == n and distinct == n
    return {"drill": f"{n} denúncias, {clients} clientes", "ok": ok, "detalhe": f"{stored} gravadas, {distinct} protocolos, {len(retried)} reenvios, {n / elapsed:.0f}/s"}


def drill_kill_worker(server: Gunicorn, n: int = 600) -> dict:
    keys = [str(uuid.uuid4()) for _ in range(n)]
    db = server.data_dir / "portal.db"
    before = count(db, "SELECT COUNT(*) FROM complaints")
    killed = []

    def killer():
        time.sleep(0.5)
        pids = server.worker_pids()
        if pids:
            import os

            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    thread = threading.Thread(target=killer)
    thread.start()
    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(lambda k: submit_until_done(server.url, k), keys))
    thread.join()
    time.sleep(1)
    stored = count(db, "SELECT COUNT(*) FROM complaints") - before
    integrity = sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0]
    orphans = count(db, "SELECT COUNT(*) FROM complaints c WHERE NOT EXISTS (SELECT 1 FROM complaint_events e WHERE e.complaint_id = c.id)")
    retries = sum(r[1] for r in results)
    ok = bool(killed) and all(r[0] for r in results) and stored == n and integrity == "ok" and orphans == 0
    return {"drill": "worker morto no meio", "ok": ok, "detalhe": f"worker {killed} morto; {stored}/{n} gravadas uma vez; {retries} novas tentativas; integridade {integrity}; {orphans} incompletas"}


def drill_locked(server: Gunicorn) -> dict:
    db = server.data_dir / "portal.db"
    key = str(uuid.uuid4())
    before = count(db, "SELECT COUNT(*) FROM complaints")
    blocker = sqlite3.connect(db, isolation_level=None, timeout=30)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        status, data = post_complaint(server.url, key, timeout=60)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    retry_status, _ = post_complaint(server.url, key)
    # The stored key is an HMAC of (client, key) since issue #13: count the new rows instead.
    stored = count(db, "SELECT COUNT(*) FROM complaints") - before
    ok = status == 503 and bool((data or {}).get("error")) and (data or {}).get("_retry_after") == "30" and retry_status == 201 and stored == 1
    return {"drill": "banco travado", "ok": ok, "detalhe": f"durante a trava: {status} ({(data or {}).get('error', '')[:60]}…); depois: {retry_status}; gravada {stored}x"}


def drill_read_only(server: Gunicorn, workers: int) -> dict:
    db = server.data_dir / "portal.db"
    chattr = shutil.which("chattr")
    immutable = False
    if chattr:
        immutable = subprocess.run([chattr, "+i", str(db)], capture_output=True).returncode == 0
    reader = None
    if not immutable:
        # No chattr (or a filesystem without it): the portal's own read-only mode.
        server.stop()
        reader = Gunicorn(workers, {"PORTAL_READONLY": "1"}, data_dir=server.data_dir).start()
    target = reader or server
    try:
        before = count(db, "SELECT COUNT(*) FROM complaints")
        # Every worker alike (issue #34: those that had the file open went on writing to the WAL).
        statuses = [post_complaint(target.url, str(uuid.uuid4())) for _ in range(4 * workers)]
        status, data = next(((s, d) for s, d in statuses if s != 503), statuses[0])
        try:
            health = urllib.request.urlopen(target.url + "/saude", timeout=5).status
        except urllib.error.HTTPError as error:  # 503 "degradado" when the file turned read-only: reads go on
            health = f"{error.code} {json.loads(error.read() or b'{}').get('status')}"
        lookup = urllib.request.urlopen(target.url + "/api/v1/veiculos/ABC1234", timeout=10).status
        after = count(db, "SELECT COUNT(*) FROM complaints")
    finally:
        if immutable:
            subprocess.run([chattr, "-i", str(db)])
        if reader:
            reader.stop()
            server.start()
    how = "arquivo imutável (chattr +i)" if immutable else "modo somente leitura (PORTAL_READONLY=1)"
    ok = status == 503 and after == before and lookup == 200 and health in (200, "503 degradado")
    return {"drill": "banco somente leitura", "ok": ok,
            "detalhe": f"{how}: {len(statuses)} envios, todos {status} ({(data or {}).get('error', '')[:50]}…); /saude {health}; consulta {lookup}; nada gravado"}


def drill_index(server: Gunicorn) -> dict:
    index = server.data_dir / "index"
    moved = server.data_dir / "index.fora"

    def status(path):
        try:
            with urllib.request.urlopen(server.url + path, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    index.rename(moved)
    try:
        health_missing, body_missing = status("/saude")
        search_missing, _ = status("/api/v1/search?q=multa")
    finally:
        moved.rename(index)
    health_back, _ = status("/saude")
    backup = server.data_dir / "index.copia"
    shutil.copytree(index, backup)
    for segment in index.glob("*.seg"):
        segment.write_bytes(b"corrompido")
    for toc in index.glob("*.toc"):
        toc.write_bytes(b"corrompido")
    (index / "manifest.json").touch()  # make every worker reopen it
    try:
        health_corrupt, body_corrupt = status("/saude")
    finally:
        shutil.rmtree(index)
        backup.rename(index)
        (index / "manifest.json").touch()
    health_final, _ = status("/saude")
    ok = health_missing == 503 and search_missing == 503 and health_back == 200 and health_corrupt == 503 and health_final == 200
    return {"drill": "índice ausente/corrompido", "ok": ok,
            "detalhe": f"ausente: /saude {health_missing}, busca {search_missing} ({body_missing['checks']['indice'].get('erro', '')[:40]}…); corrompido: /saude {health_corrupt}; restaurado: {health_final}"}


def drill_postgres_crash(workers: int, n: int = 600) -> dict | None:
    """PostgreSQL crash-stopped (SIGKILL to every server process) in the middle of n keyed
    complaints to a gunicorn on DATABASE_URL, restarted 5 s later: every complaint a client
    got a protocol for is stored, each once (issue #34: with synchronous_commit=off a crash
    lost acknowledged ones).  Needs the servers of scripts/ci-services.sh (it exports
    EMBARQUE_PG_DATA and EMBARQUE_PG_BIN); skipped without them."""
    import os

    url, data, bin_dir = os.environ.get("DATABASE_URL"), os.environ.get("EMBARQUE_PG_DATA"), os.environ.get("EMBARQUE_PG_BIN")
    if not (url and data and bin_dir):
        return None
    import psycopg

    marker = f"queda do banco {uuid.uuid4().hex[:8]}"
    body = BODY | {"relato": marker}
    server = Gunicorn(workers, {"DATABASE_URL": url})
    server.prepare()
    server.start()
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    keys = [str(uuid.uuid4()) for _ in range(n)]
    crashed = []

    def submit(key):
        for attempt in range(60):
            status, answer = post_complaint(server.url, key, body)
            if status in (200, 201):
                return answer["protocolo"]
            time.sleep(0.5)
        return None

    def crash():
        time.sleep(1.5)
        pid = int(Path(data, "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        for victim in [pid, *map(int, children)]:
            try:
                os.kill(victim, signal.SIGKILL)
            except ProcessLookupError:
                pass
        crashed.append(time.monotonic())
        time.sleep(5)
        subprocess.run([*as_postgres, f"{bin_dir}/pg_ctl", "-D", data, "-w", "-t", "60", "-l", f"{data}/../log", "restart"],
                       capture_output=True, check=True)
        crashed.append(time.monotonic())

    thread = threading.Thread(target=crash)
    try:
        thread.start()
        with ThreadPoolExecutor(max_workers=16) as pool:
            protocols = list(pool.map(submit, keys))
        thread.join()
        with psycopg.connect(url) as conn:
            stored = dict(conn.execute("SELECT protocolo, COUNT(*) FROM complaints WHERE relato = %s GROUP BY protocolo", [marker]).fetchall())
    finally:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)
    acknowledged = [p for p in protocols if p]
    lost = [p for p in acknowledged if p not in stored]
    doubled = sum(1 for c in stored.values() if c > 1)
    ok = len(crashed) == 2 and len(acknowledged) == n and not lost and doubled == 0 and len(stored) == n
    return {"drill": "PostgreSQL parado com SIGKILL", "ok": ok,
            "detalhe": f"{len(acknowledged)}/{n} confirmadas, {len(stored)} gravadas, {len(lost)} perdidas, {doubled} duplicadas; "
                       f"fora do ar {crashed[1] - crashed[0]:.1f} s" if len(crashed) == 2 else "o banco não foi parado/religado"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--complaints", type=int, default=5000)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    server = Gunicorn(args.workers)
    server.prepare()
    server.start()
    results = []
    try:
        for drill in (lambda: drill_load(server, args.complaints, args.clients), lambda: drill_kill_worker(server),
                      lambda: drill_locked(server), lambda: drill_read_only(server, args.workers), lambda: drill_index(server)):
            results.append(drill())
            print(f"{'ok ' if results[-1]['ok'] else 'FALHOU'}  {results[-1]['drill']}: {results[-1]['detalhe']}", flush=True)
    finally:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)
    crash = drill_postgres_crash(args.workers)
    if crash is None:
        print("(sem DATABASE_URL e EMBARQUE_PG_DATA: o ensaio de queda do PostgreSQL precisa de scripts/ci-services.sh start)")
    else:
        results.append(crash)
        print(f"{'ok ' if crash['ok'] else 'FALHOU'}  {crash['drill']}: {crash['detalhe']}", flush=True)
    failed = [r for r in results if not r["ok"]]
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
