"""Health: /saude checks what the portal needs to answer (database and search index).

200 when both work and the data directory can be written; 503 naming what is wrong, so a load balancer takes the node
out and an operator knows what to fix.  /api/v1/ping is the trivial endpoint the
benchmarks use as the framework floor.
"""

from __future__ import annotations

import shutil
import sqlite3
import time

from flask import Blueprint, current_app, jsonify

from .database import get_db, get_store, shared_url
from .search import SearchUnavailable, service
from .storage.db import MIGRATIONS, applied_versions, set_meta, transaction, utcnow

bp = Blueprint("health", __name__)


@bp.get("/saude")
def health():
    checks: dict[str, dict] = {}
    try:
        db = get_db()
        db.execute("SELECT 1").fetchone()
        versions = applied_versions(db)
        expected = {v for v, _, _ in MIGRATIONS}
        journal = db.execute("PRAGMA journal_mode").fetchone()[0]
        checks["banco"] = {"ok": versions == expected, "migracoes": max(versions or {0}), "journal_mode": journal}
        if versions != expected:
            checks["banco"]["erro"] = "migrações pendentes"
    except sqlite3.Error as exc:
        checks["banco"] = {"ok": False, "erro": exc.__class__.__name__}
    if shared_url():
        # The shared PostgreSQL (complaints, staff, conversations): without it this node
        # cannot take writes, so the load balancer should send people elsewhere.
        import psycopg  # only with a shared PostgreSQL (~13 MB per worker otherwise)
        import psycopg_pool

        from .storage import pg

        try:
            versions = pg.applied_versions(get_store())
            expected = {v for v, _, _ in pg.MIGRATIONS}
            checks["banco_compartilhado"] = {"ok": versions == expected, "migracoes": max(versions or {0})}
            if versions != expected:
                checks["banco_compartilhado"]["erro"] = "migrações pendentes"
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            checks["banco_compartilhado"] = {"ok": False, "erro": exc.__class__.__name__}
    checks["gravacao"] = _write_check()
    try:
        info = service().check()
        checks["indice"] = {"ok": True, "documentos": info["documents"], "construido_em": info["built_at"]}
    except SearchUnavailable as exc:
        service().reset()
        checks["indice"] = {"ok": False, "erro": str(exc)}
    healthy = all(c["ok"] for c in checks.values())
    status = 200 if healthy else 503
    # Reads still work when only writing fails: "degradado" says so (complaints, the
    # assistant and the staff area are down; law pages, search and lookups are up).
    label = "ok" if healthy else "degradado" if all(c["ok"] for k, c in checks.items() if k not in WRITE_CHECKS) else "indisponivel"
    current_app.logger.debug("health: %s", label)
    return jsonify({"status": label, "checks": checks}), status


# What only writing needs: without it law pages, search and plate lookups still answer.
WRITE_CHECKS = ("gravacao", "banco_compartilhado")
# Writes need room: below this the portal reports degraded writes before SQLite fails.
MIN_FREE_BYTES = 64 * 1024 * 1024
WRITE_CHECK_EVERY = 5.0  # seconds; /saude is public, so the probe write is rate-limited per process
_last_write_check: dict = {"at": 0.0, "key": None, "result": None}


def _write_check() -> dict:
    """Can the portal write?  A real write (one row in ``meta``, committed) answers for a
    read-only disk or database and a full disk; free space below MIN_FREE_BYTES is
    reported before that.  With PORTAL_READONLY=1 writes are off on purpose."""
    if current_app.config.get("DATABASE_READONLY_DETECTED"):
        return {"ok": False, "somente_leitura": True, "erro": "o banco não pode ser gravado (volume ou arquivo somente leitura)"}
    if current_app.config.get("DATABASE_READONLY"):
        return {"ok": True, "somente_leitura": True}
    data_dir = current_app.config["DATA_DIR"]
    now = time.monotonic()
    cached = _last_write_check
    if cached["key"] == data_dir and now - cached["at"] < WRITE_CHECK_EVERY:
        return cached["result"]
    result: dict = {"ok": True}
    try:
        free = shutil.disk_usage(data_dir).free
        result["livre_mb"] = free // (1024 * 1024)
        if free < MIN_FREE_BYTES:
            result.update(ok=False, erro=f"disco quase cheio: {free // (1024 * 1024)} MB livres")
        db = get_db()
        with transaction(db):
            set_meta(db, "saude_escrita", utcnow())
    except sqlite3.Error as exc:
        result.update(ok=False, erro=f"gravação falhou: {exc}")
    except OSError as exc:
        result.update(ok=False, erro=f"pasta de dados inacessível: {exc.strerror}")
    cached.update(at=now, key=data_dir, result=result)
    return result


@bp.get("/api/v1/ping")
def ping():
    return jsonify({"ok": True})
