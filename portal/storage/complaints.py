"""Complaints: stored once, numbered with an unguessable protocol, followed up by staff.

Personal data (the optional contact) is kept in its own table and never selected
by anything public.  A submission may carry an idempotency key: sending the same
complaint twice (a retry after a timeout) returns the first protocol instead of
storing a duplicate.  The key is bound to the client and to the complaint's content
(see complaints_service.submit): another body under a used key is refused, and one
client's key never reveals another client's protocol.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlite_utils

from .db import transaction, utcnow

STATES = ("recebida", "em_analise", "encaminhada", "arquivada")
TRANSITIONS = {
    "recebida": {"em_analise", "arquivada"},
    "em_analise": {"encaminhada", "arquivada"},
    "encaminhada": set(),
    "arquivada": set(),
}
# Crockford base32: no I, L, O, U — easy to read aloud and to type on a phone.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def new_protocol(year: int) -> str:
    """EL-2026-7KQ4-M9XH-2R8C: 60 random bits, so protocols cannot be guessed or enumerated."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(12))
    return f"EL-{year}-{chars[:4]}-{chars[4:8]}-{chars[8:]}"


# The year may be typed with O for 0 or I/L for 1 too ("EL-2O26-…"): it is read as the body is.
_PROTOCOL_RE = re.compile(r"(?:EL)?([0-9OIL]{4})([0-9A-Z]{12})")
# Crockford base32 reads O as 0 and I, L as 1: a protocol read aloud or retyped still matches.
_CROCKFORD = str.maketrans("OIL", "011")


def normalize_protocol(raw: str) -> str:
    """A protocol as typed — any spacing, case or hyphens, with or without "EL" — in its stored form.

    "el 2026 7kq4m9xh2r8c", "EL20267KQ4M9XH2R8C", "el-2o26-7kq4-m9xh-2r8c" (the letter O typed
    for the digit 0 in the year) and "EL-2026-7KQ4-M9XH-2R8C" are the same.
    Anything else comes back cleaned but not reshaped (and so finds nothing).
    """
    text = re.sub(r"[^0-9A-Za-z]", "", raw or "").upper()
    match = _PROTOCOL_RE.fullmatch(text)
    if not match:
        return text
    year, body = match.group(1).translate(_CROCKFORD), match.group(2).translate(_CROCKFORD)
    return f"EL-{year}-{body[:4]}-{body[4:8]}-{body[8:]}"


@dataclass
class Stored:
    id: int
    protocolo: str
    created: bool  # False when an idempotent retry found the first submission


class InvalidTransition(ValueError):
    pass


@dataclass
class Photo:
    """A photo ready to store: already checked and re-encoded (portal/photos.py)."""

    tipo: str  # MIME type of ``conteudo``
    largura: int
    altura: int
    conteudo: bytes


class IdempotencyConflict(ValueError):
    """The key was already used, by the same client, for a different complaint."""


# How long a key identifies a retry; after that it is forgotten (it is pseudonymous data
# about the client) and the same key starts a new complaint.
IDEMPOTENCY_WINDOW = timedelta(hours=24)

COMPLAINT_COLUMNS = (
    "protocolo", "criada_em", "atualizada_em", "jurisdicao", "placa", "data_ocorrencia", "origem", "destino",
    "ocorrencias", "relato", "situacao", "chave_idempotencia", "idempotencia_corpo", "tem_contato", "hora_ocorrencia",
)
# Two submissions with the same key may arrive at the same moment on two nodes (or
# two workers): the unique index decides, on SQLite and PostgreSQL alike.  The
# loser's INSERT does nothing (PostgreSQL first waits for the winner to commit) and
# it answers as a retry of the winner would be answered.
_INSERT = (
    f"INSERT INTO complaints ({', '.join(COMPLAINT_COLUMNS)}) VALUES ({', '.join('?' * len(COMPLAINT_COLUMNS))}) "
    "ON CONFLICT (chave_idempotencia) WHERE chave_idempotencia IS NOT NULL DO NOTHING RETURNING id"
)


def _earlier(db, idempotency_key: str, body_digest: str | None, now: str) -> Stored | None:
    """The complaint this key already stored (a retry), or None; IdempotencyConflict for
    another body.  A key older than the window is forgotten here."""
    row = db.execute("SELECT id, protocolo, idempotencia_corpo, criada_em FROM complaints WHERE chave_idempotencia = ?", [idempotency_key]).fetchone()
    if row and datetime.fromisoformat(row[3]) <= datetime.fromisoformat(now) - IDEMPOTENCY_WINDOW:
        db.execute("UPDATE complaints SET chave_idempotencia = NULL, idempotencia_corpo = NULL WHERE id = ?", [row[0]])
        return None
    if row and row[2] == body_digest:
        return Stored(row[0], row[1], created=False)
    if row:
        raise IdempotencyConflict("chave de idempotência já usada para outra denúncia")
    return None


def create(
    db: sqlite_utils.Database, complaint: dict, contact: dict | None, *, idempotency_key: str | None = None, body_digest: str | None = None,
    photos: list[Photo] | tuple[Photo, ...] = (),
) -> Stored:
    """Store a complaint once, with its contact, first event and photos in the same transaction.
    ``idempotency_key`` is already scoped to the client and
    ``body_digest`` identifies the complaint: the same key with the same body returns the
    first protocol; with another body it raises IdempotencyConflict and stores nothing."""
    now = utcnow()
    with transaction(db):
        if idempotency_key:
            earlier = _earlier(db, idempotency_key, body_digest, now)
            if earlier:
                return earlier
        for _ in range(5):
            protocolo = new_protocol(int(now[:4]))
            if not db.execute("SELECT 1 FROM complaints WHERE protocolo = ?", [protocolo]).fetchone():
                break
        record = {
            "protocolo": protocolo, "criada_em": now, "atualizada_em": now, "jurisdicao": complaint["jurisdicao"],
            "placa": complaint.get("placa"), "data_ocorrencia": complaint.get("data_ocorrencia"), "origem": complaint.get("origem"),
            "destino": complaint.get("destino"), "ocorrencias": json.dumps(complaint["ocorrencias"]), "relato": complaint.get("relato"),
            "hora_ocorrencia": complaint.get("hora_ocorrencia"),
            "situacao": "recebida", "chave_idempotencia": idempotency_key,
            "idempotencia_corpo": body_digest if idempotency_key else None, "tem_contato": 1 if contact else 0,
        }
        inserted = db.execute(_INSERT, [record[c] for c in COMPLAINT_COLUMNS]).fetchone()
        if inserted is None:  # the same key was stored by a concurrent request meanwhile
            return _earlier(db, idempotency_key, body_digest, now)
        complaint_id = inserted[0]
        if contact:
            db["complaint_contacts"].insert({"complaint_id": complaint_id, **contact, "consentimento_em": now})
        db["complaint_events"].insert({"complaint_id": complaint_id, "em": now, "situacao": "recebida", "nota": None, "publica": 1, "staff_id": None})
        for n, photo in enumerate(photos, start=1):
            db.execute(
                "INSERT INTO complaint_photos (complaint_id, n, tipo, largura, altura, bytes, conteudo, criada_em) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [complaint_id, n, photo.tipo, photo.largura, photo.altura, len(photo.conteudo), photo.conteudo, now],
            )
    return Stored(complaint_id, protocolo, created=True)


def photo_count(db: sqlite_utils.Database, protocolo: str) -> int:
    """How many photos a complaint has (the public receipt says only this)."""
    row = db.execute(
        "SELECT COUNT(*) FROM complaint_photos p JOIN complaints c ON c.id = p.complaint_id WHERE c.protocolo = ?",
        [normalize_protocol(protocolo)],
    ).fetchone()
    return row[0]


def photo_list(db: sqlite_utils.Database, complaint_id: int) -> list[dict]:
    """For staff: the photos of a complaint, without their content."""
    rows = db.execute(
        "SELECT n, tipo, largura, altura, bytes FROM complaint_photos WHERE complaint_id = ? ORDER BY n", [complaint_id]
    ).fetchall()
    return [dict(zip(("n", "tipo", "largura", "altura", "bytes"), r)) for r in rows]


def photo(db: sqlite_utils.Database, complaint_id: int, n: int) -> Photo | None:
    """For staff only: one photo's content."""
    row = db.execute(
        "SELECT tipo, largura, altura, conteudo FROM complaint_photos WHERE complaint_id = ? AND n = ?", [complaint_id, n]
    ).fetchone()
    return Photo(row[0], row[1], row[2], bytes(row[3])) if row else None


PUBLIC_COLUMNS = "id, protocolo, criada_em, atualizada_em, jurisdicao, placa, data_ocorrencia, hora_ocorrencia, ocorrencias, situacao"


def public_view(db: sqlite_utils.Database, protocolo: str) -> dict | None:
    """What anyone holding the protocol may see: status and public history, no personal data."""
    row = db.execute(f"SELECT {PUBLIC_COLUMNS} FROM complaints WHERE protocolo = ?", [normalize_protocol(protocolo)]).fetchone()
    if row is None:
        return None
    data = dict(zip([c.strip() for c in PUBLIC_COLUMNS.split(",")], row))
    data["ocorrencias"] = json.loads(data["ocorrencias"])
    history = db.execute(
        "SELECT em, situacao, CASE WHEN publica = 1 THEN nota END FROM complaint_events WHERE complaint_id = ? ORDER BY id",
        [data.pop("id")],
    ).fetchall()
    data["historico"] = [{"em": em, "situacao": situacao, "nota": nota} for em, situacao, nota in history]
    return data


def staff_view(db: sqlite_utils.Database, complaint_id: int, *, with_contact: bool) -> dict | None:
    row = db.execute("SELECT * FROM complaints WHERE id = ?", [complaint_id]).fetchone()
    if row is None:
        return None
    columns = [d[0] for d in db.execute("SELECT * FROM complaints LIMIT 0").description]
    data = dict(zip(columns, row))
    data["ocorrencias"] = json.loads(data["ocorrencias"])
    data["historico"] = [
        dict(zip(("em", "situacao", "nota", "publica", "staff"), r))
        for r in db.execute(
            "SELECT e.em, e.situacao, e.nota, e.publica, s.username FROM complaint_events e LEFT JOIN staff_users s ON s.id = e.staff_id WHERE complaint_id = ? ORDER BY e.id",
            [complaint_id],
        ).fetchall()
    ]
    if with_contact:
        contact = db.execute("SELECT nome, email, telefone, consentimento_em FROM complaint_contacts WHERE complaint_id = ?", [complaint_id]).fetchone()
        data["contato"] = dict(zip(("nome", "email", "telefone", "consentimento_em"), contact)) if contact else None
    return data


def _filters(situacao: str | None, jurisdicao: str | None, placa: str | None) -> tuple[str, list]:
    clauses, params = [], []
    for column, value in (("situacao", situacao), ("jurisdicao", jurisdicao), ("placa", placa)):
        if value:
            clauses.append(f"{column} = ?")
            params.append(value)
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), params


def count_matching(db: sqlite_utils.Database, situacao: str | None = None, jurisdicao: str | None = None, placa: str | None = None) -> int:
    """How many complaints the staff listing's filters select (for its pages)."""
    where, params = _filters(situacao, jurisdicao, placa)
    return db.execute(f"SELECT COUNT(*) FROM complaints {where}", params).fetchone()[0]


def listing(db: sqlite_utils.Database, situacao: str | None = None, limit: int = 200, offset: int = 0,
            jurisdicao: str | None = None, placa: str | None = None) -> list[dict]:
    """One page of complaints, newest first, with the staff listing's filters."""
    where, params = _filters(situacao, jurisdicao, placa)
    rows = db.execute(
        f"SELECT id, protocolo, criada_em, atualizada_em, jurisdicao, placa, ocorrencias, situacao, tem_contato FROM complaints {where} ORDER BY id DESC LIMIT ? OFFSET ?",
        params + [limit, offset],
    ).fetchall()
    keys = ("id", "protocolo", "criada_em", "atualizada_em", "jurisdicao", "placa", "ocorrencias", "situacao", "tem_contato")
    result = []
    for row in rows:
        item = dict(zip(keys, row))
        item["ocorrencias"] = json.loads(item["ocorrencias"])
        result.append(item)
    return result


def counts(db: sqlite_utils.Database) -> dict[str, int]:
    return {s: n for s, n in db.execute("SELECT situacao, COUNT(*) FROM complaints GROUP BY situacao").fetchall()}


def transition(db: sqlite_utils.Database, complaint_id: int, new_state: str, *, note: str | None, public: bool, staff_id: int) -> None:
    with transaction(db):
        row = db.execute("SELECT situacao FROM complaints WHERE id = ?", [complaint_id]).fetchone()
        if row is None:
            raise InvalidTransition("denúncia inexistente")
        if new_state not in TRANSITIONS.get(row[0], set()):
            raise InvalidTransition(f"não é possível passar de {row[0]} para {new_state}")
        now = utcnow()
        # Only from the state just read: two staff members acting at once (on two nodes,
        # where PostgreSQL does not queue writers) cannot both move the complaint.
        moved = db.execute(
            "UPDATE complaints SET situacao = ?, atualizada_em = ? WHERE id = ? AND situacao = ?", [new_state, now, complaint_id, row[0]]
        ).rowcount
        if moved != 1:
            raise InvalidTransition("a denúncia mudou de situação enquanto isso; recarregue a página")
        db["complaint_events"].insert({"complaint_id": complaint_id, "em": now, "situacao": new_state, "nota": note or None, "publica": 1 if public else 0, "staff_id": staff_id})


def erase_contact(db: sqlite_utils.Database, complaint_id: int) -> str | None:
    """Erase a complainant's contact details (LGPD, art. 18, VI: deletion on request);
    the complaint itself stays, now anonymous.  Returns its protocol, or None when there
    was no contact to erase.  On SQLite the freed pages are overwritten (secure_delete),
    so the deleted name, e-mail and phone do not linger in the file."""
    from .pg import is_postgres

    if not is_postgres(db):
        db.execute("PRAGMA secure_delete = ON")
    with transaction(db):
        row = db.execute("SELECT protocolo FROM complaints WHERE id = ? AND tem_contato = 1", [complaint_id]).fetchone()
        if row is None:
            return None
        db.execute("DELETE FROM complaint_contacts WHERE complaint_id = ?", [complaint_id])
        db.execute("UPDATE complaints SET tem_contato = 0, atualizada_em = ? WHERE id = ?", [utcnow(), complaint_id])
    if not is_postgres(db):
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # nor in the write-ahead log's older frames
    return row[0]


def forget_idempotency_keys(db: sqlite_utils.Database) -> int:
    """Clear the keys older than the window (retention); returns how many."""
    cutoff = (datetime.fromisoformat(utcnow()) - IDEMPOTENCY_WINDOW).isoformat()
    return db.execute(
        "UPDATE complaints SET chave_idempotencia = NULL, idempotencia_corpo = NULL WHERE chave_idempotencia IS NOT NULL AND criada_em <= ?", [cutoff]
    ).rowcount


def export_rows(db: sqlite_utils.Database) -> list[dict]:
    """For the staff CSV export: everything but the contact (only whether there is one)."""
    rows = db.execute(
        "SELECT protocolo, criada_em, atualizada_em, jurisdicao, placa, data_ocorrencia, origem, destino, ocorrencias, relato, situacao, tem_contato FROM complaints ORDER BY id"
    ).fetchall()
    keys = ("protocolo", "criada_em", "atualizada_em", "jurisdicao", "placa", "data_ocorrencia", "origem", "destino", "ocorrencias", "relato", "situacao", "tem_contato")
    return [dict(zip(keys, r)) | {"ocorrencias": "|".join(json.loads(r[8]))} for r in rows]
