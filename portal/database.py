"""The request's database handles, and migrations at start-up.

Two handles, which are one and the same file on a single machine:

- ``get_db()``: this node's SQLite (the registry, read-mostly and replaced whole on
  import, so each node keeps its own copy for fast plate lookups);
- ``get_store()``: where the shared writes go — complaints and their contacts and
  events, conversations, staff accounts, the audit log.  With ``DATABASE_URL``
  (``postgresql://…``) that is PostgreSQL, shared by every node; without it, the
  same SQLite file as ``get_db()`` (no configuration, ``make run``).

Each worker thread keeps its SQLite connection between requests (opening one costs more
than a plate lookup: the file, the PRAGMAs, and SQLite's prepared statements,
which are cached per connection).  A connection is dropped and reopened when it
belongs to another process (after a fork), when the database file was replaced
(a restore), or after a request failed with a database error; a transaction left
open by a failed request is rolled back.  PostgreSQL connections come from a pool
per worker process (pg.py) and go back to it after each request.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from pathlib import Path

import sqlite_utils
import settings
from flask import Flask, current_app, g

from .storage import registry_sync
from .storage.db import DB_NAME, connect, migrate, writable

log = logging.getLogger("portal.database")
# How often each worker asks the shared database whether a newer registry was published.
REGISTRY_SYNC_SECONDS = settings.value("PORTAL_REGISTRY_SYNC_SECONDS")


def db_path(app: Flask | None = None) -> Path:
    app = app or current_app
    # Asked on every request: the Path is built once per configured location.
    where = (app.config.get("DATABASE"), app.config["DATA_DIR"])
    cached = app.extensions.get("db_path")
    if cached is None or cached[0] != where:
        cached = app.extensions["db_path"] = (where, Path(where[0] or Path(where[1]) / DB_NAME))
    return cached[1]


def _pg():
    """The PostgreSQL module, imported on first use: psycopg and its pool weigh ~13 MB
    per worker, which a one-machine (SQLite only) portal never needs (issue #12)."""
    from .storage import pg

    return pg


def shared_url(app: Flask | None = None) -> str | None:
    """The PostgreSQL URL of the shared store, or None (everything in local SQLite)."""
    return (app or current_app).config.get("DATABASE_URL") or None


def get_db() -> sqlite_utils.Database:
    """The request's connection.  With PORTAL_READONLY=1 (maintenance, or a disk that went
    read-only) it is opened read-only: reads work, writes fail with a clear 503."""
    if "db" not in g:
        g.db = _thread_connection(current_app._get_current_object())
    return g.db


def _thread_connection(app: Flask) -> sqlite_utils.Database:
    local = app.extensions.get("db_connections")
    if local is None:
        local = app.extensions.setdefault("db_connections", threading.local())
    path = db_path(app)
    # A file that stopped being writable (made immutable, volume remounted read-only) gets
    # a new connection, which SQLite opens read-only: every worker then answers writes with
    # 503 alike (issue #34: those that had it open went on writing to the WAL).
    readonly = bool(app.config.get("DATABASE_READONLY")) or not writable(path) and path.exists()
    try:
        inode = os.stat(path).st_ino
    except OSError:
        inode = None
    cached = getattr(local, "entry", None)
    if cached is not None:
        db, pid, cached_path, cached_readonly, cached_inode = cached
        if cached_inode == inode and cached_path is path and cached_readonly == readonly and pid == os.getpid():
            return db  # (the path is the same object while the configured location is: db_path keeps it)
        if pid == os.getpid():
            db.conn.close()
        local.entry = None
    db = connect(path, readonly=readonly)
    if inode is None:  # the file was just created by connect()
        inode = os.stat(path).st_ino
    local.entry = (db, os.getpid(), path, readonly, inode)
    return db


def _release(app: Flask, exc: BaseException | None) -> None:
    held = g._get_current_object().__dict__  # the request's handles, looked up once
    store = held.pop("store", None)
    if store is not None:
        store.close()  # back to the pool (which discards a broken connection)
    db = held.pop("db", None)
    if db is None:
        return
    if isinstance(exc, sqlite3.Error):  # locked, read-only disk, damaged: start afresh next time
        local = app.extensions.get("db_connections")
        if local is not None:
            local.entry = None
        db.conn.close()
    elif db.conn.in_transaction:
        db.conn.rollback()


def get_store():
    """The shared store for this request: a pooled PostgreSQL connection when
    ``DATABASE_URL`` is set, else this node's SQLite (the same handle as ``get_db()``)."""
    url = shared_url()
    if url is None:
        return get_db()
    if "store" not in g:
        g.store = _pg().checkout(url)
    return g.store


def open_store(app: Flask):
    """A connection of its own to the shared store, outside a request (CLI, start-up).
    The caller closes it (``close_store``)."""
    url = shared_url(app)
    return _pg().connect(url) if url else connect(db_path(app))


def close_store(db) -> None:
    if getattr(db, "engine", "sqlite") == "postgresql":  # pg.is_postgres, without importing psycopg
        db.close()
    else:
        db.conn.close()


def publish_registry(app: Flask, local: sqlite_utils.Database) -> registry_sync.Snapshot | None:
    """After an import on this node: publish it for the other nodes (no-op on one machine)."""
    if not shared_url(app):
        return None
    store = _pg().connect(shared_url(app))
    try:
        return registry_sync.publish(store, local)
    finally:
        store.close()


def sync_registry(app: Flask):
    """Copy a newer published registry into this node's SQLite; the import report, or None."""
    if not shared_url(app) or app.config.get("DATABASE_READONLY"):
        return None
    store, local = _pg().connect(shared_url(app)), connect(db_path(app))
    try:
        return registry_sync.pick_up(store, local, lock_dir=app.config["DATA_DIR"])
    finally:
        store.close()
        local.conn.close()


def _registry_sync_state(app: Flask) -> dict:
    return app.extensions.setdefault("registry_sync", {"next": 0.0, "lock": threading.Lock()})


def _schedule_registry_sync(app: Flask) -> None:
    """At most every REGISTRY_SYNC_SECONDS per worker, in a background thread (a request
    never waits for a registry copy)."""
    state = _registry_sync_state(app)
    now = time.monotonic()
    if now < state["next"] or not state["lock"].acquire(blocking=False):
        return
    state["next"] = now + app.config.get("REGISTRY_SYNC_SECONDS", REGISTRY_SYNC_SECONDS)

    def run():
        try:
            report = sync_registry(app)
            if report is not None:
                log.info("registry snapshot picked up: %d operadoras, %d veículos", report.operators, report.vehicles)
        except Exception:  # the shared database is down: lookups go on with the registry we have
            log.warning("registry sync failed; keeping the local registry", exc_info=True)
        finally:
            state["lock"].release()

    threading.Thread(target=run, name="registry-sync", daemon=True).start()


class DatabaseUnavailable(RuntimeError):
    """The database cannot be written (locked for too long, read-only disk, missing)."""


def init_app(app: Flask) -> None:
    app.config.setdefault("DATABASE_URL", settings.value("DATABASE_URL"))
    app.config.setdefault("DATABASE_READONLY", settings.value("PORTAL_READONLY"))

    @app.teardown_appcontext
    def release_db(exc):
        _release(app, exc)

    path = db_path(app)
    if not app.config["DATABASE_READONLY"] and path.exists() and not writable(path):
        # A read-only volume or file: the portal starts anyway, serving reads (laws, search,
        # lookups, protocol status) and answering writes with 503 (issue #34: it did not boot).
        log.warning("%s cannot be written: starting read-only (PORTAL_READONLY)", path)
        app.config["DATABASE_READONLY"] = app.config["DATABASE_READONLY_DETECTED"] = True
    if app.config["DATABASE_READONLY"]:
        return
    db = connect(path)
    try:
        migrate(db)
    finally:
        db.conn.close()
    if shared_url(app):
        import psycopg

        pg = _pg()
        store = pg.connect(shared_url(app))
        try:
            pg.migrate(store)
        finally:
            store.close()
        try:
            sync_registry(app)  # a node that was down during an import catches up before serving
        except (psycopg.Error, OSError):
            log.warning("registry sync at start-up failed; keeping the local registry", exc_info=True)
        else:
            # Just caught up: the first background look is one interval away, not on the first
            # request (where it raced a `flask registry sync` run right after an import).
            _registry_sync_state(app)["next"] = time.monotonic() + app.config.get("REGISTRY_SYNC_SECONDS", REGISTRY_SYNC_SECONDS)

        @app.before_request
        def registry_sync_tick():
            _schedule_registry_sync(app)
