"""Rate-limit counters shared by every gunicorn worker of one machine, in a SQLite file.

Why: Flask-Limiter's ``memory://`` storage lives inside one process, so with the
2 × CPU + 1 workers of ``make run`` each worker counted on its own and the documented
limits were multiplied by the number of workers (10 complaints a minute became 50).
The `limits` library (which Flask-Limiter uses) ships shared backends — Redis,
Memcached, MongoDB — and those are what several machines should use
(``RATELIMIT_STORAGE_URI=redis://…``).  On one machine with no extra service the
portal already has a directory every worker writes to, and SQLite gives an atomic
increment across processes: one ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` per
counted request, in its own file (``ratelimit.db``) so that counting never waits on
the portal's database lock.  Counters are not precious (a crash may lose the last
seconds of counts), so the file runs with ``synchronous = OFF``.

The keys hold no client address: the portal's limiter keys each client by an HMAC of
its address with the secret key (``portal.security.client_key``), so this file — like
a Redis used instead — stores pseudonyms that cannot be turned back into IPs without
the key (LGPD: an IP address is personal data).

The storage registers the ``sqlite://`` scheme with `limits`; the URI is the file's
absolute path, ``sqlite:///srv/embarque/var/ratelimit.db``.  Only the fixed-window
strategy (Flask-Limiter's default, used by the portal) is implemented.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

from limits.storage import Storage

PURGE_ONE_IN = 500  # roughly every 500th increment also deletes expired counters


class SQLiteStorage(Storage):
    STORAGE_SCHEME = ["sqlite"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options) -> None:
        path = unquote(urlparse(uri or "").path)
        if not path or not Path(path).is_absolute():
            raise ValueError(f"sqlite rate-limit storage needs an absolute path: sqlite:///caminho/ratelimit.db (got {uri!r})")
        self.path = Path(path)
        self.timeout = float(options.get("timeout", 2.0))
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._pid = None
        super().__init__(uri, wrap_exceptions=wrap_exceptions)

    @property
    def base_exceptions(self):
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        # One connection per process: a forked worker opens its own.
        if self._conn is None or self._pid != os.getpid():
            from .db import owner_only

            owner_only(self.path)  # counters keyed by pseudonyms, still nobody else's business
            conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = OFF")
            conn.execute("CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL, expiry REAL NOT NULL)")
            self._conn, self._pid = conn, os.getpid()
        return self._conn

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self._lock:
            db = self._db()
            value = db.execute(
                "INSERT INTO counters (key, value, expiry) VALUES (?1, ?2, ?3) "
                "ON CONFLICT(key) DO UPDATE SET "
                "value = CASE WHEN counters.expiry <= ?4 THEN excluded.value ELSE counters.value + excluded.value END, "
                "expiry = CASE WHEN counters.expiry <= ?4 THEN excluded.expiry ELSE counters.expiry END "
                "RETURNING value",
                [key, amount, now + expiry, now],
            ).fetchone()[0]
            if random.randrange(PURGE_ONE_IN) == 0:
                db.execute("DELETE FROM counters WHERE expiry <= ?", [now])
        return value

    def get(self, key: str) -> int:
        with self._lock:
            row = self._db().execute("SELECT value FROM counters WHERE key = ? AND expiry > ?", [key, time.time()]).fetchone()
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        with self._lock:
            row = self._db().execute("SELECT expiry FROM counters WHERE key = ? AND expiry > ?", [key, time.time()]).fetchone()
        return row[0] if row else time.time()

    def check(self) -> bool:
        try:
            with self._lock:
                self._db().execute("SELECT 1").fetchone()
            return True
        except sqlite3.Error:
            return False

    def reset(self) -> int | None:
        with self._lock:
            return self._db().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        with self._lock:
            self._db().execute("DELETE FROM counters WHERE key = ?", [key])
