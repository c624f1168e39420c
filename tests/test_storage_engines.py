"""The shared-write storage on both engines: SQLite (one machine) and PostgreSQL (several nodes).

Every test here runs twice (``[sqlite]``, ``[postgresql]``) against real databases:
the same storage functions, the same guarantees — one protocol per complaint,
idempotent retries (also when they race), nothing half-stored when the process
dies in the middle, migrations that two nodes may start at once.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from portal.storage import complaints, conversations, pg, registry_sync, staff
from portal.storage.db import MIGRATIONS as SQLITE_MIGRATIONS
from portal.storage.db import connect, migrate
from portal.storage.demo import as_files
from portal.storage.registry import find_vehicle, registry_info
from portal.storage.registry_import import import_registry

ROOT = Path(__file__).resolve().parent.parent
COMPLAINT = {"jurisdicao": "pe", "placa": "KGT2E47", "data_ocorrencia": "2026-11-20", "origem": "Recife", "destino": "Caruaru",
             "ocorrencias": ["venda_passagem_individual"], "relato": "Vendiam passagem na porta."}
CONTACT = {"nome": "Maria Testemunha", "email": "maria@example.com", "telefone": "(81) 99999-1234"}


class Engine:
    """Opens migrated connections to one database (a SQLite file, or a PostgreSQL schema)."""

    def __init__(self, name: str, target: str):
        self.name, self.target = name, target
        self._open: list = []

    def open(self, *, migrated: bool = True):
        db = pg.connect(self.target) if self.name == "postgresql" else connect(self.target)
        self._open.append(db)
        if migrated:
            self.migrate(db)
        return db

    def migrate(self, db) -> list[int]:
        return pg.migrate(db) if self.name == "postgresql" else migrate(db)

    @property
    def migrations(self):
        return pg.MIGRATIONS if self.name == "postgresql" else SQLITE_MIGRATIONS

    def close_all(self) -> None:
        for db in self._open:
            if pg.is_postgres(db):
                db.close()
            else:
                db.conn.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request, tmp_path):
    if request.param == "sqlite":
        target = str(tmp_path / "portal.db")
    else:
        target = request.getfixturevalue("pg_url")
    handle = Engine(request.param, target)
    yield handle
    handle.close_all()


@pytest.fixture()
def db(engine):
    return engine.open()


def _count(db, table: str) -> int:
    return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


# -- complaints ------------------------------------------------------------------------------


def test_complaint_stored_with_contact_apart_and_followed_up(db):
    stored = complaints.create(db, COMPLAINT, CONTACT, idempotency_key="k-1")
    assert stored.created is True
    user_id = staff.create_user(db, "ana", "senha-bem-comprida-1")
    complaints.transition(db, stored.id, "em_analise", note="interna", public=False, staff_id=user_id)
    complaints.transition(db, stored.id, "encaminhada", note="Encaminhada à EPTI.", public=True, staff_id=user_id)
    with pytest.raises(complaints.InvalidTransition):
        complaints.transition(db, stored.id, "arquivada", note=None, public=False, staff_id=user_id)

    public = complaints.public_view(db, stored.protocolo.lower())
    assert public["situacao"] == "encaminhada" and public["placa"] == "KGT2E47"
    assert public["ocorrencias"] == ["venda_passagem_individual"]
    assert [(h["situacao"], h["nota"]) for h in public["historico"]] == [("recebida", None), ("em_analise", None), ("encaminhada", "Encaminhada à EPTI.")]
    assert "contato" not in public and "relato" not in public

    view = complaints.staff_view(db, stored.id, with_contact=True)
    assert view["contato"]["email"] == "maria@example.com" and view["contato"]["consentimento_em"]
    assert [h["staff"] for h in view["historico"]] == [None, "ana", "ana"]
    assert complaints.staff_view(db, stored.id, with_contact=False).get("contato") is None
    assert [c["protocolo"] for c in complaints.listing(db, "encaminhada")] == [stored.protocolo]
    assert complaints.counts(db) == {"encaminhada": 1}
    assert complaints.export_rows(db)[0]["ocorrencias"] == "venda_passagem_individual"
    assert complaints.public_view(db, "EL-2026-0000-0000-0000") is None


def test_photos_and_time_of_day_are_stored_with_the_complaint(db):
    jpeg = bytes(range(256)) * 4  # binary content, every byte value
    photos = [complaints.Photo("image/jpeg", 640, 480, jpeg), complaints.Photo("image/png", 10, 20, b"\x89PNG\x00")]
    stored = complaints.create(db, COMPLAINT | {"hora_ocorrencia": "07:30"}, None, photos=photos)
    assert complaints.photo_count(db, stored.protocolo) == 2
    assert complaints.photo_list(db, stored.id) == [
        {"n": 1, "tipo": "image/jpeg", "largura": 640, "altura": 480, "bytes": 1024},
        {"n": 2, "tipo": "image/png", "largura": 10, "altura": 20, "bytes": 5},
    ]
    assert complaints.photo(db, stored.id, 1) == photos[0]
    assert complaints.photo(db, stored.id, 3) is None
    assert complaints.public_view(db, stored.protocolo)["hora_ocorrencia"] == "07:30"


def test_retry_with_the_same_key_returns_the_first_protocol(db):
    first = complaints.create(db, COMPLAINT, None, idempotency_key="retry-1", body_digest="corpo-1")
    again = complaints.create(db, COMPLAINT, None, idempotency_key="retry-1", body_digest="corpo-1")
    other = complaints.create(db, COMPLAINT, None, idempotency_key="retry-2", body_digest="corpo-1")
    assert (again.protocolo, again.id, again.created) == (first.protocolo, first.id, False)
    assert other.protocolo != first.protocolo
    with pytest.raises(complaints.IdempotencyConflict):
        complaints.create(db, COMPLAINT | {"relato": "outro texto"}, None, idempotency_key="retry-1", body_digest="corpo-2")
    assert _count(db, "complaints") == 2 and _count(db, "complaint_events") == 2


def test_same_key_submitted_at_once_is_stored_once(engine):
    """Eight workers (think: two nodes) receive the same retried submission at the same moment."""
    connections = [engine.open() for _ in range(8)]
    barrier = threading.Barrier(len(connections))

    def submit(conn):
        barrier.wait()
        return complaints.create(conn, COMPLAINT, CONTACT, idempotency_key="same-moment", body_digest="corpo-1")

    with ThreadPoolExecutor(len(connections)) as pool:
        results = list(pool.map(submit, connections))
    assert len({r.protocolo for r in results}) == 1
    assert sorted(r.created for r in results) == [False] * 7 + [True]
    check = connections[0]
    assert _count(check, "complaints") == 1
    assert _count(check, "complaint_contacts") == 1
    assert _count(check, "complaint_events") == 1


def test_same_key_with_different_bodies_at_once_stores_only_one(engine):
    connections = [engine.open() for _ in range(4)]
    barrier = threading.Barrier(len(connections))

    def submit(args):
        n, conn = args
        barrier.wait()
        try:
            return complaints.create(conn, COMPLAINT | {"relato": f"versão {n}"}, None, idempotency_key="disputada", body_digest=f"corpo-{n}").created
        except complaints.IdempotencyConflict:
            return "conflito"

    with ThreadPoolExecutor(len(connections)) as pool:
        outcome = list(pool.map(submit, enumerate(connections)))
    assert sorted(outcome, key=str) == [True, "conflito", "conflito", "conflito"]
    assert _count(connections[0], "complaints") == 1 and _count(connections[0], "complaint_events") == 1


def test_many_complaints_at_once_get_unique_protocols(engine):
    connections = [engine.open() for _ in range(6)]

    def submit_many(conn):
        return [complaints.create(conn, COMPLAINT, None, idempotency_key=f"{id(conn)}-{i}").protocolo for i in range(40)]

    with ThreadPoolExecutor(len(connections)) as pool:
        protocols = [p for batch in pool.map(submit_many, connections) for p in batch]
    assert len(protocols) == 240 and len(set(protocols)) == 240
    assert _count(connections[0], "complaints") == 240
    assert connections[0].execute("SELECT COUNT(DISTINCT protocolo) FROM complaints").fetchone()[0] == 240


def test_two_staff_members_cannot_both_move_a_complaint(engine):
    db = engine.open()
    stored = complaints.create(db, COMPLAINT, None)
    user_id = staff.create_user(db, "ana", "senha-bem-comprida-1")
    connections = [engine.open() for _ in range(2)]
    barrier = threading.Barrier(2)

    def move(args):
        conn, state = args
        barrier.wait()
        try:
            complaints.transition(conn, stored.id, state, note=None, public=False, staff_id=user_id)
            return state
        except complaints.InvalidTransition:
            return None

    with ThreadPoolExecutor(2) as pool:
        outcome = list(pool.map(move, zip(connections, ["em_analise", "em_analise"])))
    assert sorted(outcome, key=str) == [None, "em_analise"]
    assert db.execute("SELECT situacao FROM complaints WHERE id = ?", [stored.id]).fetchone()[0] == "em_analise"
    assert _count(db, "complaint_events") == 2  # "recebida" and the one transition that happened


KILLED_MID_REQUEST = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from portal.storage import complaints, pg
    from portal.storage.db import connect, transaction
    target = {target!r}
    db = pg.connect(target) if {engine!r} == "postgresql" else connect(target)
    # What complaints.create does, stopped between the complaint row and its first event.
    with transaction(db):
        db.execute("INSERT INTO complaints (protocolo, criada_em, jurisdicao, ocorrencias, situacao, chave_idempotencia) "
                   "VALUES ('EL-2026-DEAD-DEAD-DEAD', '2026-11-20T10:00:00+00:00', 'pe', '[]', 'recebida', 'killed-1')")
        print("inserted", flush=True)
        time.sleep(60)
""")


@pytest.mark.drill
def test_a_node_killed_mid_request_leaves_nothing_and_the_retry_stores_once(engine):
    db = engine.open()
    script = KILLED_MID_REQUEST.format(root=str(ROOT), target=engine.target, engine=engine.name)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "inserted"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    # SQLite: the journal is rolled back by the next writer; PostgreSQL: the server
    # aborts the dead client's transaction (its session ends with the socket).
    stored = complaints.create(db, COMPLAINT, None, idempotency_key="killed-1")
    assert stored.created is True and stored.protocolo != "EL-2026-DEAD-DEAD-DEAD"
    assert _count(db, "complaints") == 1
    assert complaints.create(db, COMPLAINT, None, idempotency_key="killed-1").created is False


# -- migrations ------------------------------------------------------------------------------


@pytest.mark.drill
def test_migrations_started_at_once_apply_each_version_once(engine):
    connections = [engine.open(migrated=False) for _ in range(5)]
    barrier = threading.Barrier(len(connections))

    def start(conn):
        barrier.wait()
        return engine.migrate(conn)

    with ThreadPoolExecutor(len(connections)) as pool:
        applied = list(pool.map(start, connections))
    expected = [v for v, _, _ in engine.migrations]
    assert sorted(applied, key=len) == [[]] * 4 + [expected]
    rows = connections[0].execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    assert [r[0] for r in rows] == expected
    assert engine.migrate(connections[0]) == []


# Tables that stay in each node's SQLite (the registry and its bookkeeping).
LOCAL_ONLY = {"meta", "operators", "vehicles", "schema_migrations"}


def test_every_shared_sqlite_table_exists_in_postgresql_with_the_same_columns(tmp_path, pg_url):
    """A table added to the SQLite migrations (photos, sessions …) must be added to pg.py too."""
    sqlite_db = connect(tmp_path / "portal.db")
    migrate(sqlite_db)
    postgres = pg.connect(pg_url)
    try:
        pg.migrate(postgres)
        shared = [t for t in sqlite_db.table_names() if t not in LOCAL_ONLY and not t.startswith("sqlite_")]
        assert "complaints" in shared and "staff_users" in shared
        for table in shared:
            assert postgres.columns(table) == [c.name for c in sqlite_db[table].columns], table
    finally:
        postgres.close()
        sqlite_db.conn.close()


class _RecordedSQL:
    """Stands in for a connection: keeps the statements the PostgreSQL migrations send."""

    def __init__(self):
        self.statements: list[str] = []
        self.conn = self

    def execute(self, sql, params=None):
        self.statements.append(" ".join(sql.split()))


def test_postgresql_migrations_declare_every_shared_sqlite_column(tmp_path):
    """The same check as above without a server, so that it fails on any machine: a table or
    column added to db.py's migrations needs its twin in pg.py's."""
    sqlite_db = connect(tmp_path / "portal.db")
    migrate(sqlite_db)
    recorded = _RecordedSQL()
    for _version, _description, apply in pg.MIGRATIONS:
        apply(recorded)
    missing = []
    for table in sqlite_db.table_names():
        if table in LOCAL_ONLY or table.startswith("sqlite_"):
            continue
        created = next((s for s in recorded.statements if s.startswith(f"CREATE TABLE {table} (")), None)
        for column in (c.name for c in sqlite_db[table].columns):
            declared = created is not None and re.search(rf"[(,] ?{column} ", created)
            added = f"ALTER TABLE {table} ADD COLUMN {column} " in " ".join(s + " " for s in recorded.statements)
            if not (declared or added):
                missing.append(f"{table}.{column}")
    sqlite_db.conn.close()
    assert missing == []


# -- staff, audit, conversations ---------------------------------------------------------------


def test_staff_accounts_lockout_and_audit(db):
    user_id = staff.create_user(db, "Bia", "senha-muito-segura-2026")
    with pytest.raises(staff.StaffError):
        staff.create_user(db, "bia", "outra-senha-bem-longa")
    assert staff.authenticate(db, "bia", "senha-muito-segura-2026") == {"id": user_id, "username": "bia"}
    for _ in range(staff.MAX_FAILURES - 1):
        assert staff.authenticate(db, "bia", "errada") is None
    with pytest.raises(staff.LockedOut):
        staff.authenticate(db, "bia", "errada")
    with pytest.raises(staff.LockedOut):
        staff.authenticate(db, "bia", "senha-muito-segura-2026")
    assert staff.get_user(db, user_id) == {"id": user_id, "username": "bia"}
    staff.audit(db, {"id": user_id, "username": "bia"}, "exportou_denuncias", "", "x" * 600)
    entries = staff.audit_entries(db)
    assert [(e["usuario"], e["acao"], len(e["detalhes"])) for e in entries] == [("bia", "exportou_denuncias", 500)]


@pytest.mark.drill
def test_wrong_passwords_sent_at_once_all_count_towards_the_lockout(engine):
    db = engine.open()
    staff.create_user(db, "caio", "senha-muito-segura-2026")
    connections = [engine.open() for _ in range(staff.MAX_FAILURES)]
    barrier = threading.Barrier(len(connections))

    def wrong(conn):
        barrier.wait()
        try:
            return staff.authenticate(conn, "caio", "errada")
        except staff.LockedOut:
            return "bloqueada"

    with ThreadPoolExecutor(len(connections)) as pool:
        outcome = list(pool.map(wrong, connections))
    assert sorted(outcome, key=str) == [None] * (staff.MAX_FAILURES - 1) + ["bloqueada"]
    with pytest.raises(staff.LockedOut):
        staff.authenticate(db, "caio", "senha-muito-segura-2026")


def test_conversations_live_until_they_expire(db):
    from datetime import timedelta

    conversation_id = conversations.save(db, None, {"wizard": "vistoria", "passo": 1})
    assert conversations.load(db, conversation_id) == (conversation_id, {"wizard": "vistoria", "passo": 1})
    assert conversations.save(db, conversation_id, {"passo": 2}) == conversation_id
    assert conversations.load(db, conversation_id)[1] == {"passo": 2}
    expired = conversations.save(db, None, {"passo": 9}, ttl=timedelta(seconds=-1))
    assert conversations.load(db, expired) == (None, None)
    conversations.save(db, None, {})  # every write sweeps the expired ones
    assert db.execute("SELECT COUNT(*) FROM conversations WHERE id = ?", [expired]).fetchone()[0] == 0
    conversations.delete(db, conversation_id)
    assert conversations.load(db, conversation_id) == (None, None)


# -- the registry on every node -------------------------------------------------------------------


def test_an_import_on_one_node_reaches_the_other(tmp_path, pg_url):
    shared = pg.connect(pg_url)
    pg.migrate(shared)
    node_a, node_b = connect(tmp_path / "a.db"), connect(tmp_path / "b.db")
    migrate(node_a)
    migrate(node_b)
    try:
        assert registry_sync.pick_up(shared, node_b) is None  # nothing published yet
        operators, vehicles = as_files()
        report = import_registry(node_a, operators, vehicles, demo=True)
        snapshot = registry_sync.publish(shared, node_a)
        assert (snapshot.operadoras, snapshot.veiculos) == (report.operators, report.vehicles)
        assert registry_sync.pick_up(shared, node_a) is None  # the publishing node already has it

        assert find_vehicle(node_b, "KGT2E47") is None
        copied = registry_sync.pick_up(shared, node_b, lock_dir=tmp_path)
        assert (copied.operators, copied.vehicles, copied.rejected) == (report.operators, report.vehicles, [])
        assert find_vehicle(node_b, "KGT2E47") == find_vehicle(node_a, "KGT2E47")
        info_b = registry_info(node_b)
        assert info_b["demonstracao"] is True and info_b["atualizado_em"] == snapshot.publicado_em
        assert registry_sync.pick_up(shared, node_b) is None  # once only
    finally:
        shared.close()
        node_a.conn.close()
        node_b.conn.close()


def test_placeholders_are_translated_outside_quotes_only():
    assert pg.to_pg("SELECT '?', \"a?\" FROM t WHERE a = ? AND b LIKE 'x%' AND c = ?") == (
        "SELECT '?', \"a?\" FROM t WHERE a = %s AND b LIKE 'x%%' AND c = %s"
    )
