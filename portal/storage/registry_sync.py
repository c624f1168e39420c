"""The registry on every node: publish an import to the shared database, pick it up everywhere.

Choice (see README, "Vários nós"): the registry stays in each node's SQLite, and an
import on any node publishes a *snapshot* — the accepted rows as the two import CSVs —
to PostgreSQL.  Every node copies the newest snapshot into its own SQLite with the
ordinary import (validated again, swapped in atomically: a lookup sees the old
registry or the new one, never half of each).  Why not the registry in PostgreSQL:
plate lookups are the hottest read and must stay a local indexed SQLite read (no
network round trip, and lookups keep working while PostgreSQL restarts); the registry
is replaced whole, a few times a month, which is exactly what a snapshot carries.

No Flask here: the CLI, the web layer and the tests call these with plain handles.
"""

from __future__ import annotations

import csv
import fcntl
import io
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from .db import get_meta, set_meta, transaction, utcnow
from .registry_import import OPERATOR_COLUMNS, OPERATOR_OPTIONAL, VEHICLE_COLUMNS, VEHICLE_OPTIONAL, ImportReport, import_registry

SNAPSHOT_META = "registro_snapshot"


@dataclass
class Snapshot:
    id: int
    publicado_em: str
    operadoras: int
    veiculos: int


def publish(store, local: sqlite_utils.Database) -> Snapshot:
    """Publish this node's registry (just imported) as the newest snapshot."""
    # The optional columns of each place (issue #28) travel too; an older node reads them as extra columns.
    operators_csv, operators = _csv(local, "operators", OPERATOR_COLUMNS + OPERATOR_OPTIONAL, "cnpj")
    vehicles_csv, vehicles = _csv(local, "vehicles", VEHICLE_COLUMNS + VEHICLE_OPTIONAL, "placa")
    demo = 1 if get_meta(local, "registro_demonstracao", "0") == "1" else 0
    now = utcnow()
    with transaction(store):
        snapshot_id = store["registry_snapshots"].insert({
            "publicado_em": now, "demonstracao": demo, "operadoras": operators, "veiculos": vehicles,
            "operators_csv": operators_csv, "vehicles_csv": vehicles_csv,
        }).last_pk
        # Only the newest matters; older ones are kept for a while as history, then dropped.
        store.execute("DELETE FROM registry_snapshots WHERE id < ?", [snapshot_id - 4])
    # This node already has it.
    set_meta(local, SNAPSHOT_META, str(snapshot_id))
    return Snapshot(snapshot_id, now, operators, vehicles)


def _csv(local: sqlite_utils.Database, table: str, columns: list[str], order: str) -> tuple[str, int]:
    """The table as the import's CSV (header + rows, written row by row), and its row count."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    count = 0
    for row in local.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}"):
        writer.writerow(row)
        count += 1
    return out.getvalue(), count


def latest(store) -> Snapshot | None:
    row = store.execute("SELECT id, publicado_em, operadoras, veiculos FROM registry_snapshots ORDER BY id DESC LIMIT 1").fetchone()
    return Snapshot(*row) if row else None


def pick_up(store, local: sqlite_utils.Database, lock_dir: str | Path | None = None) -> ImportReport | None:
    """Copy the newest snapshot into this node's SQLite if it is newer than the one here.

    Returns the import report, or None when there was nothing new (or another worker of
    this node is already copying it: ``lock_dir`` holds a lock file shared by them)."""
    newest = latest(store)
    if newest is None or get_meta(local, SNAPSHOT_META) == str(newest.id):
        return None
    handle = None
    if lock_dir is not None:
        handle = open(Path(lock_dir) / "registry-sync.lock", "w")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            return None
    try:
        if get_meta(local, SNAPSHOT_META) == str(newest.id):  # done by another worker meanwhile
            return None
        row = store.execute("SELECT demonstracao, operators_csv, vehicles_csv FROM registry_snapshots WHERE id = ?", [newest.id]).fetchone()
        demo, operators_csv, vehicles_csv = row
        report = import_registry(local, io.StringIO(operators_csv), io.StringIO(vehicles_csv), demo=bool(demo))
        if report.replaced:
            with transaction(local):
                set_meta(local, SNAPSHOT_META, str(newest.id))
                # The registry is dated by its publication, the same on every node.
                set_meta(local, "registro_atualizado_em", newest.publicado_em)
        return report
    finally:
        if handle is not None:
            fcntl.flock(handle, fcntl.LOCK_UN)
            handle.close()
