"""Two-node drill: two gunicorn processes, separate data directories, one PostgreSQL, one Redis.

What deploy/ describes, on 127.0.0.1:

1. 5,000 complaints spread over both nodes by concurrent clients (5% sent twice with
   the same Idempotency-Key, as a phone on a bad connection would); halfway through,
   node B is killed with SIGKILL (master and workers, mid-request) and restarted.  A
   client whose request failed retries with the same key on the other node, as a load
   balancer would.  Then, in PostgreSQL: every acknowledged complaint stored exactly
   once (its protocol, its key), no duplicate, none lost, none without its first event.
2. Rate limits across nodes: with limits on and Redis as their storage, complaints
   from one address alternate between the nodes; exactly the documented 10 per minute
   are accepted in total, the rest get 429.
3. Registry: an import on node A reaches node B (published snapshot, picked up).

Services: uses DATABASE_URL and RATELIMIT_STORAGE_URI if set (a schema of its own is
created and dropped; the Redis database is flushed: give it a throw-away one), else
starts its own with scripts/ci-services.sh and stops them at the end.

Run on demand: ``python benchmarks/two_nodes.py [--complaints 5000] [--baseline]``
(``--baseline`` also runs the same load on one node with SQLite, for comparison).
Prints the figures; exits non-zero if a check fails.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _server import ROOT, Gunicorn  # noqa: E402

sys.path.insert(0, str(ROOT))

BODY = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["venda_passagem_individual"], "jurisdicao": "pe", "relato": "drill dois nós"}
MAX_ATTEMPTS = 30


def post(url: str, key: str | None, timeout: float = 30) -> tuple[int, dict | None]:
    headers = {"Content-Type": "application/json"} | ({"Idempotency-Key": key} if key else {})
    request = urllib.request.Request(url + "/api/v1/denuncias", data=json.dumps(BODY).encode(), method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None
    except (urllib.error.URLError, http.client.HTTPException, ConnectionError, TimeoutError, OSError):
        return 0, None  # refused, or cut in the middle of the answer: the node is down


class Services:
    """DATABASE_URL / RATELIMIT_STORAGE_URI from the environment, or our own via scripts/ci-services.sh."""

    def __init__(self):
        self.started = False
        self.state = Path(tempfile.mkdtemp(prefix="embarque-drill-")) / "services.state"
        self.env = {k: os.environ[k] for k in ("DATABASE_URL", "RATELIMIT_STORAGE_URI") if os.environ.get(k)}
        if len(self.env) < 2:
            out = subprocess.run(["bash", "scripts/ci-services.sh", "start"], cwd=ROOT, check=True, capture_output=True, text=True,
                                 env={**os.environ, "EMBARQUE_SERVICES_STATE": str(self.state), "EMBARQUE_PG_PORT": "54339", "EMBARQUE_REDIS_PORT": "63809"})
            self.started = True
            for line in out.stdout.splitlines():
                name, _, value = line.removeprefix("export ").partition("=")
                self.env[name] = value
        import psycopg
        from psycopg.conninfo import make_conninfo

        self.schema = "drill_" + secrets.token_hex(4)
        with psycopg.connect(self.env["DATABASE_URL"], autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {self.schema}")
        self.database_url = make_conninfo(self.env["DATABASE_URL"], options=f"-c search_path={self.schema}")
        import redis

        redis.Redis.from_url(self.env["RATELIMIT_STORAGE_URI"]).flushdb()

    def query(self, sql: str):
        import psycopg

        with psycopg.connect(self.database_url) as conn:
            return conn.execute(sql).fetchall()

    def stop(self) -> None:
        import psycopg

        with psycopg.connect(self.env["DATABASE_URL"], autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")
        if self.started:
            subprocess.run(["bash", "scripts/ci-services.sh", "stop"], cwd=ROOT, check=False,
                           env={**os.environ, "EMBARQUE_SERVICES_STATE": str(self.state)})
        shutil.rmtree(self.state.parent, ignore_errors=True)


def kill_node(node: Gunicorn) -> int:
    """SIGKILL the master and every worker at once: a machine that died, not a clean stop."""
    pids = [node.process.pid, *node.worker_pids()]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    node.process.wait(timeout=10)
    deadline = time.time() + 10
    while time.time() < deadline and any(Path(f"/proc/{p}").exists() and "zombie" not in Path(f"/proc/{p}/status").read_text() for p in pids[1:]):
        time.sleep(0.1)
    return len(pids)


def drill_load(nodes: list[Gunicorn], n: int, clients: int, services: Services | None, kill: bool) -> dict:
    keys = [str(uuid.uuid4()) for _ in range(n)]
    sends = keys + keys[: n // 20]  # 5% sent twice: a retry after a timeout
    acknowledged: dict[str, set[str]] = {}
    lock = threading.Lock()
    done = {"n": 0, "failed_attempts": 0, "gave_up": 0}
    events: list[str] = []

    def submit(index_key):
        index, key = index_key
        for attempt in range(MAX_ATTEMPTS):
            node = nodes[(index + attempt) % len(nodes)]  # next attempt on the other node
            status, data = post(node.url, key)
            if status in (200, 201):
                with lock:
                    acknowledged.setdefault(key, set()).add(data["protocolo"])
                    done["n"] += 1
                return
            with lock:
                done["failed_attempts"] += 1
            time.sleep(min(0.05 * (attempt + 1), 1.0))
        with lock:
            done["gave_up"] += 1

    def killer():
        while done["n"] < len(sends) // 2:
            time.sleep(0.05)
        victim = nodes[1]
        count = kill_node(victim)
        events.append(f"nó B morto (SIGKILL em {count} processos) após {done['n']} confirmações")
        time.sleep(3)
        victim.start()
        events.append(f"nó B de volta após {done['n']} confirmações")

    thread = threading.Thread(target=killer, daemon=True) if kill else None
    started = time.perf_counter()
    if thread:
        thread.start()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        list(pool.map(submit, enumerate(sends)))
    elapsed = time.perf_counter() - started
    if thread:
        thread.join(timeout=60)

    result = {"enviadas": len(sends), "chaves": n, "confirmadas": len(acknowledged), "segundos": round(elapsed, 1),
              "por_segundo": round(len(sends) / elapsed), "tentativas_falhas": done["failed_attempts"], "desistencias": done["gave_up"],
              "eventos": events}
    if services is None:
        return result
    # The stored key is an HMAC of (client, key) (complaints_service.scoped_key): the
    # check goes by protocol, and by stored key for duplicates.
    rows = services.query("SELECT chave_idempotencia, protocolo FROM complaints")
    by_key: dict = {}
    for key, protocolo in rows:
        by_key.setdefault(key, []).append(protocolo)
    duplicates = sum(len(v) - 1 for v in by_key.values())
    stored_protocols = {protocolo for _, protocolo in rows}
    acknowledged_protocols = {p for protos in acknowledged.values() for p in protos}
    lost = [k for k, protos in acknowledged.items() if not protos <= stored_protocols]
    mismatched = [k for k, protos in acknowledged.items() if len(protos) != 1]  # one key, two protocols
    unacknowledged = stored_protocols - acknowledged_protocols
    orphans = services.query("SELECT COUNT(*) FROM complaints c WHERE NOT EXISTS (SELECT 1 FROM complaint_events e WHERE e.complaint_id = c.id)")[0][0]
    distinct_protocols = services.query("SELECT COUNT(DISTINCT protocolo) FROM complaints")[0][0]
    result |= {"gravadas": len(rows), "protocolos_distintos": distinct_protocols, "duplicadas": duplicates, "perdidas": len(lost),
               "protocolo_divergente": len(mismatched), "gravadas_sem_confirmacao": len(unacknowledged), "sem_evento_inicial": orphans,
               "ok": (len(acknowledged) == n and len(rows) == n and duplicates == 0 and not lost and not mismatched
                      and not unacknowledged and orphans == 0 and distinct_protocols == n and bool(events) == kill)}
    return result


def drill_rate_limit(nodes: list[Gunicorn], attempts: int = 16) -> dict:
    statuses = [post(nodes[i % 2].url, None)[0] for i in range(attempts)]
    accepted = statuses.count(201)
    per_node = [[s for i, s in enumerate(statuses) if i % 2 == k].count(201) for k in (0, 1)]
    return {"pedidos": attempts, "aceitos": accepted, "aceitos_por_no": per_node, "recusados_429": statuses.count(429),
            "ok": accepted == 10 and statuses.count(429) == attempts - 10}


def drill_registry(nodes: list[Gunicorn]) -> dict:
    a, b = nodes
    operators = "cnpj,razao_social,nome_fantasia,jurisdicao,crc_numero,crc_emissao,crc_validade,situacao,modalidades,telefone,email\n"
    from portal.storage.demo import cnpj_with_check_digits

    cnpj = cnpj_with_check_digits("112223330001")
    operators += f"{cnpj},Drill Turismo,,pe,CRC-9,,2031-01-10,ativo,eventual,,\n"
    vehicles = "placa,cnpj,tipo,lugares,ano_fabricacao,vistoria_validade,seguro_validade,situacao\n" + f"DRL1A23,{cnpj},onibus,44,2020,2031-03-01,2031-05-10,ativo\n"
    folder = Path(tempfile.mkdtemp(prefix="embarque-drill-reg-"))
    (folder / "o.csv").write_text(operators, encoding="utf-8")
    (folder / "v.csv").write_text(vehicles, encoding="utf-8")
    flask = Path(sys.executable).parent / "flask"
    out = subprocess.run([str(flask), "--app", "app", "registry", "import", "--operators", str(folder / "o.csv"), "--vehicles", str(folder / "v.csv")],
                         cwd=ROOT, env=a.env, capture_output=True, text=True)
    shutil.rmtree(folder, ignore_errors=True)
    started = time.time()
    situacao = None
    while time.time() - started < 90:  # each worker looks every PORTAL_REGISTRY_SYNC_SECONDS
        with urllib.request.urlopen(b.url + "/api/v1/veiculos/DRL1A23", timeout=10) as response:
            situacao = json.loads(response.read())["situacao"]
        if situacao == "regular":
            break
        time.sleep(0.5)
    return {"importado_no_a": out.returncode == 0, "situacao_no_b": situacao, "segundos_ate_o_b": round(time.time() - started, 1),
            "ok": out.returncode == 0 and situacao == "regular"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--complaints", type=int, default=5000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per node")
    parser.add_argument("--baseline", action="store_true", help="also the same load on one node with SQLite")
    args = parser.parse_args()

    report: dict = {}
    if args.baseline:
        single = Gunicorn(args.workers, {"DATABASE_URL": "", "RATELIMIT_STORAGE_URI": "memory://"})
        single.prepare()
        single.start()
        try:
            report["um_no_sqlite"] = drill_load([single], args.complaints, args.clients, None, kill=False)
        finally:
            single.stop()
            shutil.rmtree(single.data_dir, ignore_errors=True)
        print(json.dumps({"um_no_sqlite": report["um_no_sqlite"]}, ensure_ascii=False), flush=True)

    services = Services()
    secret = secrets.token_hex(32)
    shared = {"DATABASE_URL": services.database_url, "PORTAL_SECRET_KEY": secret, "PORTAL_REGISTRY_SYNC_SECONDS": "2"}
    nodes = [Gunicorn(args.workers, shared | {"PORTAL_RATELIMIT": "0"}) for _ in range(2)]
    try:
        for node in nodes:
            node.prepare()
            node.start()
        report["dois_nos_postgresql"] = drill_load(nodes, args.complaints, args.clients, services, kill=True)
        print(json.dumps({"dois_nos_postgresql": report["dois_nos_postgresql"]}, ensure_ascii=False), flush=True)
        for node in nodes:  # the same nodes, limits on, counted in Redis
            node.stop()
            node.env |= {"PORTAL_RATELIMIT": "1", "RATELIMIT_STORAGE_URI": services.env["RATELIMIT_STORAGE_URI"]}
            node.start()
        report["limites_entre_nos"] = drill_rate_limit(nodes)
        print(json.dumps({"limites_entre_nos": report["limites_entre_nos"]}, ensure_ascii=False), flush=True)
        report["cadastro_entre_nos"] = drill_registry(nodes)
        print(json.dumps({"cadastro_entre_nos": report["cadastro_entre_nos"]}, ensure_ascii=False), flush=True)
    finally:
        for node in nodes:
            node.stop()
            shutil.rmtree(node.data_dir, ignore_errors=True)
        services.stop()
    failed = [name for name, r in report.items() if r.get("ok") is False]
    print("FALHOU: " + ", ".join(failed) if failed else "ok: todas as verificações passaram")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
