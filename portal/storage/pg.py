"""PostgreSQL for the shared writes, behind the interface the storage modules already use.

The storage modules (complaints, staff, conversations …) are written against a small
part of ``sqlite_utils.Database``: ``db.execute(sql, params)`` with ``?`` placeholders
returning a cursor, ``db[table].insert(record).last_pk``, ``db.table_names()`` and
``transaction(db)``.  ``PgDatabase`` offers exactly that part on a psycopg 3
connection, so the same functions — the same SQL, kept to what both engines accept —
run on SQLite (one machine, no configuration) and on PostgreSQL (several nodes,
``DATABASE_URL``).

Values keep the same types on both engines: dates and times are ISO-8601 UTC text
(which sorts chronologically, and which the code already parses), flags are integers.

Migrations are versioned like SQLite's (``schema_migrations``) and run inside one
transaction holding ``pg_advisory_xact_lock``: when two nodes start at once, the
second waits, then finds everything applied.
"""

from __future__ import annotations

import os
import re
import threading
import time
from functools import lru_cache
from typing import Callable

import settings
import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

# Any constant number shared by every node; the lock is per database.
MIGRATION_LOCK_KEY = 0x456D6261  # "Emba"
POOL_MAX = settings.value("PORTAL_DB_POOL_MAX")
# Degrade, never stall (issue #34): with PostgreSQL down, each write held a worker 10 s
# (the pool's wait) before its 503, and enough of them took every worker — ping, law
# pages and plate lookups waited 30 s.  A request now waits at most POOL_TIMEOUT for a
# connection; after a failure this process answers "unavailable" at once for
# RETRY_SECONDS, then tries again with a fresh pool (the old pool's reconnection
# back-off had grown to a minute, so 503s went on long after the server was back).
POOL_TIMEOUT = settings.value("PORTAL_DB_POOL_TIMEOUT")
CONNECT_TIMEOUT = settings.value("PORTAL_DB_CONNECT_TIMEOUT")  # libpq's minimum is 2 s
RETRY_SECONDS = settings.value("PORTAL_DB_RETRY_SECONDS")

_QUOTED_OR_MARK = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\?|%")


@lru_cache(maxsize=512)
def to_pg(sql: str) -> str:
    """SQLite's ``?`` placeholders to psycopg's ``%s`` (and a literal ``%`` to ``%%``),
    leaving quoted strings and identifiers alone."""

    def replace(match: re.Match) -> str:
        token = match.group(0)
        if token == "?":
            return "%s"
        if token == "%":
            return "%%"
        return token.replace("%", "%%")

    return _QUOTED_OR_MARK.sub(replace, sql)


def is_postgres(db) -> bool:
    return getattr(db, "engine", "sqlite") == "postgresql"


class _Inserted:
    def __init__(self, last_pk):
        self.last_pk = last_pk


class _Table:
    def __init__(self, db: "PgDatabase", name: str):
        self.db, self.name = db, name

    def insert(self, record: dict) -> _Inserted:
        columns = list(record)
        pk = self.db.primary_key(self.name)
        sql = (
            f'INSERT INTO {self.name} ({", ".join(columns)}) VALUES ({", ".join(["%s"] * len(columns))})'
            + (f" RETURNING {pk}" if pk else "")
        )
        cursor = self.db.conn.execute(sql, [record[c] for c in columns])
        return _Inserted(cursor.fetchone()[0] if pk else None)

    def insert_all(self, records, batch_size: int = 1000) -> None:
        records = list(records)
        if not records:
            return
        columns = list(records[0])
        sql = f'INSERT INTO {self.name} ({", ".join(columns)}) VALUES ({", ".join(["%s"] * len(columns))})'
        with self.db.conn.cursor() as cursor:
            cursor.executemany(sql, [[r.get(c) for c in columns] for r in records])

    @property
    def rows(self):
        cursor = self.db.conn.execute(f"SELECT * FROM {self.name}")
        names = [c.name for c in cursor.description]
        return (dict(zip(names, row)) for row in cursor.fetchall())

    def count(self) -> int:
        return self.db.conn.execute(f"SELECT COUNT(*) FROM {self.name}").fetchone()[0]


class PgDatabase:
    """One pooled connection, used like ``sqlite_utils.Database`` by the storage modules."""

    engine = "postgresql"

    def __init__(self, conn: psycopg.Connection, pool: ConnectionPool | None = None):
        self.conn = conn
        self._pool = pool

    def execute(self, sql: str, params=None):
        if params is None:  # nothing to bind: psycopg sends the text as it is
            return self.conn.execute(sql)
        return self.conn.execute(to_pg(sql), params)

    def __getitem__(self, table: str) -> _Table:
        return _Table(self, table)

    def table_names(self) -> list[str]:
        rows = self.conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename").fetchall()
        return [r[0] for r in rows]

    def columns(self, table: str) -> list[str]:
        rows = self.conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = %s ORDER BY ordinal_position",
            [table],
        ).fetchall()
        return [r[0] for r in rows]

    def primary_key(self, table: str) -> str | None:
        key = (id(self._pool), self.conn.info.dsn, table)
        if key not in _PK_CACHE:
            row = self.conn.execute(
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
                "WHERE i.indrelid = to_regclass(%s) AND i.indisprimary",
                [table],
            ).fetchone()
            _PK_CACHE[key] = row[0] if row else None
        return _PK_CACHE[key]

    def close(self) -> None:
        """Give the connection back to its pool (or close it when it has none)."""
        if self.conn is None:
            return
        if self._pool is not None:
            self._pool.putconn(self.conn)
        else:
            self.conn.close()
        self.conn = None


_PK_CACHE: dict = {}


# -- pools, one per process and URL (gunicorn forks: a pool never crosses a fork) --------

_pools: dict[tuple[int, str], ConnectionPool] = {}
_pools_lock = threading.Lock()
_down_until: dict[tuple[int, str], float] = {}


class SharedDatabaseDown(PoolTimeout):
    """The shared database failed moments ago: answered at once, without waiting on it."""


def _connect_kwargs(url: str) -> dict:
    """connect_timeout unless the URL sets its own: a black-holed server must not hold a worker."""
    return {} if "connect_timeout" in conninfo_to_dict(url) else {"connect_timeout": CONNECT_TIMEOUT}


def pool_for(url: str) -> ConnectionPool:
    key = (os.getpid(), url)
    pool = _pools.get(key)
    if pool is None:
        with _pools_lock:
            pool = _pools.get(key)
            if pool is None:
                pool = ConnectionPool(
                    url, min_size=1, max_size=POOL_MAX, timeout=POOL_TIMEOUT, open=True,
                    kwargs={"autocommit": True, **_connect_kwargs(url)}, name=f"portal-{os.getpid()}",
                    # A connection that died with its server (or a restarted PostgreSQL)
                    # is replaced instead of failing the next request.
                    check=ConnectionPool.check_connection,
                )
                _pools[key] = pool
    return pool


def checkout(url: str) -> PgDatabase:
    """A pooled connection, or ``PoolTimeout`` within POOL_TIMEOUT (at once while the
    database is known to be down; see POOL_TIMEOUT above)."""
    key = (os.getpid(), url)
    if time.monotonic() < _down_until.get(key, 0.0):
        raise SharedDatabaseDown("shared database unavailable; trying again shortly")
    pool = pool_for(url)
    try:
        conn = pool.getconn()
    except PoolTimeout:
        mark_down(url)
        raise
    return PgDatabase(conn, pool)


def mark_down(url: str) -> None:
    """The database failed: answer at once for RETRY_SECONDS, then retry with a new pool."""
    key = (os.getpid(), url)
    _down_until[key] = time.monotonic() + RETRY_SECONDS
    with _pools_lock:
        pool = _pools.pop(key, None)
    if pool is not None:
        threading.Thread(target=pool.close, kwargs={"timeout": 1.0}, name="pool-close", daemon=True).start()


def connect(url: str) -> PgDatabase:
    """A connection of its own (CLI commands, migrations, tests)."""
    return PgDatabase(psycopg.connect(url, autocommit=True, **_connect_kwargs(url)))


def close_pools(url: str | None = None) -> None:
    with _pools_lock:
        for key in list(_pools):
            if url is None or key[1] == url:
                _pools.pop(key).close()


# -- migrations ------------------------------------------------------------------------
# The shared tables only: the registry stays in each node's SQLite (see README, "Escala").
# Same tables and columns as the SQLite migrations in db.py (tests/test_storage_engines.py
# compares them); identity columns instead of SQLite's rowid.


def _m1_complaints(db: PgDatabase) -> None:
    db.conn.execute("""
        CREATE TABLE complaints (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            protocolo TEXT NOT NULL, criada_em TEXT NOT NULL, atualizada_em TEXT, jurisdicao TEXT NOT NULL,
            placa TEXT, data_ocorrencia TEXT, origem TEXT, destino TEXT, ocorrencias TEXT NOT NULL, relato TEXT,
            situacao TEXT NOT NULL, chave_idempotencia TEXT, tem_contato INTEGER
        )""")
    db.conn.execute("CREATE UNIQUE INDEX idx_complaints_protocolo ON complaints (protocolo)")
    db.conn.execute("CREATE UNIQUE INDEX idx_complaints_idempotencia ON complaints (chave_idempotencia) WHERE chave_idempotencia IS NOT NULL")
    db.conn.execute("CREATE INDEX idx_complaints_situacao ON complaints (situacao, criada_em)")
    db.conn.execute("""
        CREATE TABLE complaint_contacts (
            complaint_id BIGINT PRIMARY KEY REFERENCES complaints (id),
            nome TEXT, email TEXT, telefone TEXT, consentimento_em TEXT
        )""")
    db.conn.execute("""
        CREATE TABLE complaint_events (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            complaint_id BIGINT REFERENCES complaints (id), em TEXT, situacao TEXT, nota TEXT, publica INTEGER, staff_id BIGINT
        )""")
    db.conn.execute("CREATE INDEX idx_complaint_events ON complaint_events (complaint_id, id)")


def _m2_staff_and_audit(db: PgDatabase) -> None:
    db.conn.execute("""
        CREATE TABLE staff_users (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            username TEXT NOT NULL, password_hash TEXT NOT NULL, criado_em TEXT, ativo INTEGER,
            falhas_login INTEGER, bloqueado_ate TEXT
        )""")
    db.conn.execute("CREATE UNIQUE INDEX idx_staff_username ON staff_users (username)")
    db.conn.execute("""
        CREATE TABLE audit_log (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            em TEXT, staff_id BIGINT, usuario TEXT, acao TEXT, alvo TEXT, detalhes TEXT
        )""")


def _m3_conversations(db: PgDatabase) -> None:
    db.conn.execute("CREATE TABLE conversations (id TEXT PRIMARY KEY, estado TEXT, criada_em TEXT, expira_em TEXT)")
    db.conn.execute("CREATE INDEX idx_conversations_expira ON conversations (expira_em)")


def _m4_registry_snapshots(db: PgDatabase) -> None:
    # The registry is imported on one node and published here; every node copies the
    # newest snapshot into its own SQLite (registry_sync.py).
    db.conn.execute("""
        CREATE TABLE registry_snapshots (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            publicado_em TEXT NOT NULL, demonstracao INTEGER NOT NULL, operadoras INTEGER NOT NULL, veiculos INTEGER NOT NULL,
            operators_csv TEXT NOT NULL, vehicles_csv TEXT NOT NULL
        )""")


def _m5_staff_sessions(db: PgDatabase) -> None:
    # Server-side staff sessions (sessions.py): shared, so a login on one node holds on all.
    db.conn.execute("""
        CREATE TABLE staff_sessions (
            id_hash TEXT PRIMARY KEY, staff_id BIGINT NOT NULL, criada_em TEXT NOT NULL, ultimo_uso TEXT NOT NULL
        )""")
    db.conn.execute("CREATE INDEX idx_staff_sessions_staff ON staff_sessions (staff_id)")


def _m6_idempotency_scope(db: PgDatabase) -> None:
    # As SQLite's migration 7: the key is an HMAC of (client, key), the body's HMAC beside it.
    db.conn.execute("ALTER TABLE complaints ADD COLUMN idempotencia_corpo TEXT")
    db.conn.execute("UPDATE complaints SET chave_idempotencia = NULL WHERE chave_idempotencia IS NOT NULL")


def _m7_login_failures(db: PgDatabase) -> None:
    # As SQLite's migration 8: failed logins per (user name, client HMAC), shared by the
    # nodes so that the lockout counts attempts on all of them.
    db.conn.execute("""
        CREATE TABLE login_failures (
            username TEXT, cliente TEXT, falhas INTEGER NOT NULL, bloqueado_ate TEXT, atualizado_em TEXT NOT NULL,
            PRIMARY KEY (username, cliente)
        )""")
    db.conn.execute("CREATE INDEX idx_login_failures_atualizado ON login_failures (atualizado_em)")


def _m8_complaint_time_and_photos(db: PgDatabase) -> None:
    # As SQLite's migration 9: the time of day, and up to 3 photos per complaint (already
    # re-encoded without metadata), deleted with their complaint.
    db.conn.execute("ALTER TABLE complaints ADD COLUMN hora_ocorrencia TEXT")
    db.conn.execute("""
        CREATE TABLE complaint_photos (
            complaint_id BIGINT NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
            n INTEGER NOT NULL, tipo TEXT NOT NULL, largura INTEGER NOT NULL, altura INTEGER NOT NULL,
            bytes INTEGER NOT NULL, conteudo BYTEA NOT NULL, criada_em TEXT NOT NULL,
            PRIMARY KEY (complaint_id, n)
        )""")


def _m9_complaint_classifications(db: PgDatabase) -> None:
    # As SQLite's migration 11: each staff reclassification of a complaint, newest last.
    db.conn.execute("""
        CREATE TABLE complaint_classifications (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            complaint_id BIGINT NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
            em TEXT NOT NULL, staff_id BIGINT, de_linha TEXT, para_linha TEXT NOT NULL, motivo TEXT NOT NULL
        )""")
    db.conn.execute("CREATE INDEX idx_complaint_classifications ON complaint_classifications (complaint_id, id)")


MIGRATIONS: list[tuple[int, str, Callable[[PgDatabase], None]]] = [
    (1, "denúncias, contatos (separados) e histórico", _m1_complaints),
    (2, "equipe e trilha de auditoria", _m2_staff_and_audit),
    (3, "conversas do assistente (com validade)", _m3_conversations),
    (4, "cadastro publicado para os outros nós", _m4_registry_snapshots),
    (5, "sessões da equipe no servidor", _m5_staff_sessions),
    (6, "chave de idempotência ligada ao cliente e ao corpo", _m6_idempotency_scope),
    (7, "tentativas de login por usuário e cliente", _m7_login_failures),
    (8, "denúncias: hora do fato e fotos (só para a equipe)", _m8_complaint_time_and_photos),
    (9, "denúncias: reclassificação pela equipe (auditada)", _m9_complaint_classifications),
]


def applied_versions(db: PgDatabase) -> set[int]:
    if db.conn.execute("SELECT to_regclass('schema_migrations')").fetchone()[0] is None:
        return set()
    return {r[0] for r in db.conn.execute("SELECT version FROM schema_migrations").fetchall()}


def migrate(db: PgDatabase) -> list[int]:
    """Apply pending migrations in one transaction; two nodes starting together take turns."""
    from .db import utcnow

    done: list[int] = []
    with db.conn.transaction():
        db.conn.execute("SELECT pg_advisory_xact_lock(%s)", [MIGRATION_LOCK_KEY])
        db.conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT, applied_at TEXT)")
        applied = applied_versions(db)
        for version, description, apply in MIGRATIONS:
            if version in applied:
                continue
            apply(db)
            db.conn.execute("INSERT INTO schema_migrations (version, description, applied_at) VALUES (%s, %s, %s)", [version, description, utcnow()])
            done.append(version)
    return done
