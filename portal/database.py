"""The request's database handle, and migrations at start-up.

Each worker thread keeps its connection between requests (opening one costs more
than a plate lookup: the file, the PRAGMAs, and SQLite's prepared statements,
which are cached per connection).  A connection is dropped and reopened when it
belongs to another process (after a fork), when the database file was replaced
(a restore), or after a request failed with a database error; a transaction left
open by a failed request is rolled back.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

import sqlite_utils
from flask import Flask, current_app, g

from .storage.db import DB_NAME, connect, migrate


def db_path(app: Flask | None = None) -> Path:
    app = app or current_app
    return Path(app.config.get("DATABASE") or Path(app.config["DATA_DIR"]) / DB_NAME)


def get_db() -> sqlite_utils.Database:
    """The request's connection.  With PORTAL_READONLY=1 (maintenance, or a disk that went
    read-only) it is opened read-only: reads work, writes fail with a clear 503."""
    if "db" not in g:
        g.db = _thread_connection(current_app._get_current_object())
    return g.db


def _thread_connection(app: Flask) -> sqlite_utils.Database:
    local = app.extensions.setdefault("db_connections", threading.local())
    path = db_path(app)
    readonly = bool(app.config.get("DATABASE_READONLY"))
    try:
        inode = os.stat(path).st_ino
    except OSError:
        inode = None
    cached = getattr(local, "entry", None)
    if cached is not None:
        db, pid, cached_path, cached_readonly, cached_inode = cached
        if (pid, cached_path, cached_readonly, cached_inode) == (os.getpid(), path, readonly, inode):
            return db
        if pid == os.getpid():
            db.conn.close()
        local.entry = None
    db = connect(path, readonly=readonly)
    if inode is None:  # the file was just created by connect()
        inode = os.stat(path).st_ino
    local.entry = (db, os.getpid(), path, readonly, inode)
    return db


def _release(app: Flask, exc: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is None:
        return
    if isinstance(exc, sqlite3.Error):  # locked, read-only disk, damaged: start afresh next time
        local = app.extensions.get("db_connections")
        if local is not None:
            local.entry = None
        db.conn.close()
    elif db.conn.in_transaction:
        db.conn.rollback()


class DatabaseUnavailable(RuntimeError):
    """The database cannot be written (locked for too long, read-only disk, missing)."""


def init_app(app: Flask) -> None:
    app.config.setdefault("DATABASE_READONLY", os.environ.get("PORTAL_READONLY") == "1")

    @app.teardown_appcontext
    def release_db(exc):
        _release(app, exc)

    if app.config["DATABASE_READONLY"]:
        return
    db = connect(db_path(app))
    try:
        migrate(db)
    finally:
        db.conn.close()


UNAVAILABLE_ERRORS = (sqlite3.OperationalError, sqlite3.DatabaseError)
