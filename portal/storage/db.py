"""Connections and explicit, versioned migrations.

Each migration is a numbered function applied once, in order, inside a write
transaction; ``schema_migrations`` records what has been applied.  Several
gunicorn workers may start together: ``BEGIN IMMEDIATE`` makes them take turns,
and each re-reads the applied versions inside the lock.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable
from urllib.parse import quote

import sqlite_utils

DB_NAME = "portal.db"
BUSY_TIMEOUT_MS = 5000


def utcnow() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def owner_only(path: str | Path) -> None:
    """Create the file (and its directory) readable by its owner only, or take group and
    others' access away from one that exists: the database holds complainants' contacts,
    and SQLite gives its -wal and -shm files the database file's own mode (issue #34:
    portal.db, its WAL and ratelimit.db were created 0644)."""
    path = Path(path)
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return  # read-only (immutable file, read-only volume): SQLite says so on the first write
    try:
        mode = os.fstat(fd).st_mode
        if mode & 0o077 and os.fstat(fd).st_uid == os.geteuid():
            os.fchmod(fd, mode & 0o700)
    finally:
        os.close(fd)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        try:
            if companion.stat().st_mode & 0o077 and companion.stat().st_uid == os.geteuid():
                companion.chmod(0o600)
        except OSError:
            pass


def connect(path: str | Path, *, readonly: bool = False) -> sqlite_utils.Database:
    path = Path(path)
    if readonly:
        conn = _connect_read_only(path)
    else:
        owner_only(path)
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    if not readonly:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
    return sqlite_utils.Database(conn)


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection.  A WAL database needs its -shm file even to read; on a
    read-only volume without one (a copy, a snapshot mount) ``mode=ro`` cannot open it and
    lookups answered 503 (issue #34).  There nothing can change the file under us, so it is
    opened ``immutable=1``: SQLite reads it without any lock or shared memory."""
    uri = f"file:{quote(str(path))}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        if os.access(path.parent, os.W_OK):
            raise  # not a read-only volume: a real error
    return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)


def writable(path: str | Path) -> bool:
    """Whether this process may write the database file now (an immutable file, a
    read-only remount or a chmod answer False, even for root).  Asked on every request
    (portal/database.py): the folder's name is worked out once per path."""
    parent = _PARENTS.get(path)
    if parent is None:
        if len(_PARENTS) >= 64:
            _PARENTS.clear()
        parent = _PARENTS[path] = str(Path(path).parent)
    return os.access(path, os.W_OK) and os.access(parent, os.W_OK)


_PARENTS: dict = {}  # path -> its folder, as a string


class transaction:
    """``with transaction(db):`` — BEGIN IMMEDIATE … COMMIT (or ROLLBACK on error).

    On PostgreSQL (``pg.PgDatabase``) the same block is a psycopg transaction; writers
    do not queue for the whole database there, so code that must not race relies on
    unique indexes (``INSERT … ON CONFLICT``) or row locks, which hold on both engines.
    """

    def __init__(self, db):
        self.db = db
        self._pg = None

    def __enter__(self):
        if getattr(self.db, "engine", "sqlite") == "postgresql":
            self._pg = self.db.conn.transaction()
            self._pg.__enter__()
        else:
            self.db.conn.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, exc_type, exc, tb):
        if self._pg is not None:
            return self._pg.__exit__(exc_type, exc, tb)
        if not exc_type:
            self.db.conn.execute("COMMIT")
        elif self.db.conn.in_transaction:
            # SQLite already rolled back on some errors (disk full); a second ROLLBACK
            # would raise and hide the real error.
            self.db.conn.execute("ROLLBACK")
        return False


# -- migrations --------------------------------------------------------------------


def _m1_registry(db: sqlite_utils.Database) -> None:
    db["meta"].create({"key": str, "value": str}, pk="key")
    create_registry_tables(db, suffix="")


def create_registry_tables(db: sqlite_utils.Database, suffix: str) -> None:
    """operators and vehicles (the import builds ``*_new`` copies and swaps them in)."""
    db[f"operators{suffix}"].create(
        {
            "cnpj": str, "razao_social": str, "nome_fantasia": str, "jurisdicao": str, "crc_numero": str,
            "crc_emissao": str, "crc_validade": str, "situacao": str, "modalidades": str, "telefone": str, "email": str,
            "pessoa": str, "veiculos_ativos": int,  # migration 10 (issue #28)
        },
        pk="cnpj",
        not_null={"razao_social", "jurisdicao", "crc_numero", "crc_validade", "situacao"},
    )
    db[f"vehicles{suffix}"].create(
        {
            "placa": str, "placa_chave": str, "cnpj": str, "tipo": str, "lugares": int, "ano_fabricacao": int,
            "vistoria_validade": str, "seguro_validade": str, "situacao": str,
            "categoria": str, "ingresso": str,  # migration 10 (issue #28)
        },
        pk="placa",
        not_null={"placa_chave", "cnpj", "tipo", "situacao"},
    )


def create_registry_indexes(db: sqlite_utils.Database) -> None:
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS idx_vehicles_placa_chave ON vehicles (placa_chave)")
    db.execute("CREATE INDEX IF NOT EXISTS idx_vehicles_cnpj ON vehicles (cnpj)")


def _m2_registry_indexes(db: sqlite_utils.Database) -> None:
    create_registry_indexes(db)


def _m10_registry_per_place(db: sqlite_utils.Database) -> None:
    """What each place's law registers (issue #28): the holder's kind (Recife: pessoa física),
    the active vehicles per holder (Recife: one), the vehicle's CONTRAN category (São Paulo:
    M2/M3) and the day it entered the fleet (São Paulo and Recife: age at entry)."""
    for table, column, kind in (("operators", "pessoa", str), ("operators", "veiculos_ativos", int), ("vehicles", "categoria", str), ("vehicles", "ingresso", str)):
        if column not in db[table].columns_dict:
            db[table].add_column(column, kind)


def _m3_complaints(db: sqlite_utils.Database) -> None:
    db["complaints"].create(
        {
            "id": int, "protocolo": str, "criada_em": str, "atualizada_em": str, "jurisdicao": str, "placa": str,
            "data_ocorrencia": str, "origem": str, "destino": str, "ocorrencias": str, "relato": str,
            "situacao": str, "chave_idempotencia": str, "tem_contato": int,
        },
        pk="id",
        not_null={"protocolo", "criada_em", "jurisdicao", "situacao", "ocorrencias"},
    )
    db.execute("CREATE UNIQUE INDEX idx_complaints_protocolo ON complaints (protocolo)")
    db.execute("CREATE UNIQUE INDEX idx_complaints_idempotencia ON complaints (chave_idempotencia) WHERE chave_idempotencia IS NOT NULL")
    db.execute("CREATE INDEX idx_complaints_situacao ON complaints (situacao, criada_em)")
    # Personal data lives apart, so that nothing public ever selects it by accident.
    db["complaint_contacts"].create(
        {"complaint_id": int, "nome": str, "email": str, "telefone": str, "consentimento_em": str},
        pk="complaint_id",
        foreign_keys=[("complaint_id", "complaints", "id")],
    )
    db["complaint_events"].create(
        {"id": int, "complaint_id": int, "em": str, "situacao": str, "nota": str, "publica": int, "staff_id": int},
        pk="id",
        foreign_keys=[("complaint_id", "complaints", "id")],
    )
    db.execute("CREATE INDEX idx_complaint_events ON complaint_events (complaint_id, id)")


def _m4_staff_and_audit(db: sqlite_utils.Database) -> None:
    db["staff_users"].create(
        {"id": int, "username": str, "password_hash": str, "criado_em": str, "ativo": int, "falhas_login": int, "bloqueado_ate": str},
        pk="id",
        not_null={"username", "password_hash"},
    )
    db.execute("CREATE UNIQUE INDEX idx_staff_username ON staff_users (username)")
    db["audit_log"].create(
        {"id": int, "em": str, "staff_id": int, "usuario": str, "acao": str, "alvo": str, "detalhes": str},
        pk="id",
    )


def _m5_conversations(db: sqlite_utils.Database) -> None:
    # Assistant conversations: the state between turns, deleted when they expire.
    db["conversations"].create({"id": str, "estado": str, "criada_em": str, "expira_em": str}, pk="id")
    db.execute("CREATE INDEX idx_conversations_expira ON conversations (expira_em)")


def _m6_staff_sessions(db: sqlite_utils.Database) -> None:
    # Server-side staff sessions (portal/storage/sessions.py): the cookie holds a random
    # id, this table its SHA-256; logout deletes the row.
    db["staff_sessions"].create({"id_hash": str, "staff_id": int, "criada_em": str, "ultimo_uso": str}, pk="id_hash", not_null={"staff_id", "criada_em", "ultimo_uso"})
    db.execute("CREATE INDEX idx_staff_sessions_staff ON staff_sessions (staff_id)")


def _m7_idempotency_scope(db: sqlite_utils.Database) -> None:
    # chave_idempotencia now holds an HMAC of (client, key), and idempotencia_corpo an
    # HMAC of the complaint, so a key answers only its own client and its own body.
    db.execute("ALTER TABLE complaints ADD COLUMN idempotencia_corpo TEXT")
    # Keys stored before were global and raw; they can no longer match anything.
    db.execute("UPDATE complaints SET chave_idempotencia = NULL WHERE chave_idempotencia IS NOT NULL")


def _m8_login_failures(db: sqlite_utils.Database) -> None:
    # Failed logins per (user name, client): a lockout no longer blocks the account for
    # everyone, and unknown names are counted like real ones (no user enumeration).
    # ``cliente`` is an HMAC of the address, never the address itself.
    db["login_failures"].create(
        {"username": str, "cliente": str, "falhas": int, "bloqueado_ate": str, "atualizado_em": str},
        pk=("username", "cliente"), not_null={"falhas", "atualizado_em"},
    )
    db.execute("CREATE INDEX idx_login_failures_atualizado ON login_failures (atualizado_em)")


def _m9_complaint_time_and_photos(db: sqlite_utils.Database) -> None:
    # The time of day (which trip) and up to 3 photos per complaint.  Photos are stored
    # already re-encoded (no EXIF/GPS) and are deleted with their complaint (ON DELETE
    # CASCADE): they follow the complaint's retention, whatever it is.
    db.execute("ALTER TABLE complaints ADD COLUMN hora_ocorrencia TEXT")
    db.execute(
        """CREATE TABLE complaint_photos (
               complaint_id INTEGER NOT NULL REFERENCES complaints(id) ON DELETE CASCADE,
               n INTEGER NOT NULL,
               tipo TEXT NOT NULL,
               largura INTEGER NOT NULL,
               altura INTEGER NOT NULL,
               bytes INTEGER NOT NULL,
               conteudo BLOB NOT NULL,
               criada_em TEXT NOT NULL,
               PRIMARY KEY (complaint_id, n)
           )"""
    )


def _m11_complaint_classifications(db: sqlite_utils.Database) -> None:
    # Staff reclassifying a complaint (issue #27): one row per decision, newest last, so the
    # complaint's classification is the latest and the earlier ones stay readable.  ``de_linha`` /
    # ``para_linha`` hold a catalogue row's key ("<law> <unit>"), "sem_enquadramento" (the law's
    # table does not classify it) or, for ``de_linha``, NULL (nothing classified it before).
    db.execute(
        """CREATE TABLE complaint_classifications (
               id INTEGER PRIMARY KEY,
               complaint_id INTEGER NOT NULL REFERENCES complaints(id) ON DELETE CASCADE,
               em TEXT NOT NULL,
               staff_id INTEGER,
               de_linha TEXT,
               para_linha TEXT NOT NULL,
               motivo TEXT NOT NULL
           )"""
    )
    db.execute("CREATE INDEX idx_complaint_classifications ON complaint_classifications (complaint_id, id)")


# A table or column for the shared writes (anything but the registry) needs its twin in
# pg.py's MIGRATIONS too, for nodes on PostgreSQL; tests/test_storage_engines.py checks.
MIGRATIONS: list[tuple[int, str, Callable[[sqlite_utils.Database], None]]] = [
    (1, "registro: operadoras, veículos e metadados", _m1_registry),
    (2, "registro: índices de consulta por placa", _m2_registry_indexes),
    (3, "denúncias, contatos (separados) e histórico", _m3_complaints),
    (4, "equipe e trilha de auditoria", _m4_staff_and_audit),
    (5, "conversas do assistente (com validade)", _m5_conversations),
    (6, "sessões da equipe no servidor", _m6_staff_sessions),
    (7, "chave de idempotência ligada ao cliente e ao corpo", _m7_idempotency_scope),
    (8, "tentativas de login por usuário e cliente", _m8_login_failures),
    (9, "denúncias: hora do fato e fotos (só para a equipe)", _m9_complaint_time_and_photos),
    (10, "registro: campos de cada lugar (pessoa, veículos ativos, categoria, ingresso)", _m10_registry_per_place),
    (11, "denúncias: reclassificação pela equipe (auditada)", _m11_complaint_classifications),
]


def applied_versions(db: sqlite_utils.Database) -> set[int]:
    if "schema_migrations" not in db.table_names():
        return set()
    return {row["version"] for row in db["schema_migrations"].rows}


def migrate(db: sqlite_utils.Database) -> list[int]:
    """Apply pending migrations; returns the versions applied now."""
    done: list[int] = []
    with transaction(db):
        if "schema_migrations" not in db.table_names():
            db["schema_migrations"].create({"version": int, "description": str, "applied_at": str}, pk="version")
        applied = applied_versions(db)
        for version, description, apply in MIGRATIONS:
            if version in applied:
                continue
            apply(db)
            db["schema_migrations"].insert({"version": version, "description": description, "applied_at": utcnow()})
            done.append(version)
    return done


def get_meta(db: sqlite_utils.Database, key: str, default: str | None = None) -> str | None:
    row = db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    return row[0] if row else default


def set_meta(db: sqlite_utils.Database, key: str, value: str) -> None:
    db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [key, value])
