"""Health: /saude checks what the portal needs to answer (database and search index).

200 when both work; 503 naming what is wrong, so a load balancer takes the node
out and an operator knows what to fix.  /api/v1/ping is the trivial endpoint the
benchmarks use as the framework floor.
"""

from __future__ import annotations

import sqlite3

import psycopg
import psycopg_pool
from flask import Blueprint, current_app, jsonify

from .database import get_db, get_store, shared_url
from .search import SearchUnavailable, service
from .storage import pg
from .storage.db import MIGRATIONS, applied_versions

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
        try:
            versions = pg.applied_versions(get_store())
            expected = {v for v, _, _ in pg.MIGRATIONS}
            checks["banco_compartilhado"] = {"ok": versions == expected, "migracoes": max(versions or {0})}
            if versions != expected:
                checks["banco_compartilhado"]["erro"] = "migrações pendentes"
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            checks["banco_compartilhado"] = {"ok": False, "erro": exc.__class__.__name__}
    try:
        info = service().check()
        checks["indice"] = {"ok": True, "documentos": info["documents"], "construido_em": info["built_at"]}
    except SearchUnavailable as exc:
        service().reset()
        checks["indice"] = {"ok": False, "erro": str(exc)}
    healthy = all(c["ok"] for c in checks.values())
    status = 200 if healthy else 503
    current_app.logger.debug("health: %s", "ok" if healthy else "fail")
    return jsonify({"status": "ok" if healthy else "indisponivel", "checks": checks}), status


@bp.get("/api/v1/ping")
def ping():
    return jsonify({"ok": True})
