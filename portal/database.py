"""The request's database handle, and migrations at start-up."""

from __future__ import annotations

import os
import sqlite3
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
        g.db = connect(db_path(), readonly=bool(current_app.config.get("DATABASE_READONLY")))
    return g.db


class DatabaseUnavailable(RuntimeError):
    """The database cannot be written (locked for too long, read-only disk, missing)."""


def init_app(app: Flask) -> None:
    app.config.setdefault("DATABASE_READONLY", os.environ.get("PORTAL_READONLY") == "1")
    if app.config["DATABASE_READONLY"]:
        return
    db = connect(db_path(app))
    try:
        migrate(db)
    finally:
        db.conn.close()

    @app.teardown_appcontext
    def close_db(exc):
        db = g.pop("db", None)
        if db is not None:
            db.conn.close()


UNAVAILABLE_ERRORS = (sqlite3.OperationalError, sqlite3.DatabaseError)
