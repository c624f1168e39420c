"""Staff accounts (hashed passwords, lockout after repeated failures) and the audit log."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlite_utils
from werkzeug.security import check_password_hash, generate_password_hash

from .db import transaction, utcnow

MAX_FAILURES = 5
LOCKOUT = timedelta(minutes=15)
FORGET_FAILURES = timedelta(hours=1)  # a failure counter untouched this long is deleted
MIN_PASSWORD = 12
# A hash to compare against when the user does not exist, so that timing does not
# reveal which usernames exist.
_DUMMY_HASH = generate_password_hash("senha-que-nao-existe-de-verdade", method="scrypt")


class StaffError(ValueError):
    pass


def create_user(db: sqlite_utils.Database, username: str, password: str) -> int:
    username = (username or "").strip().lower()
    if not username or len(username) > 60:
        raise StaffError("nome de usuário inválido")
    if len(password or "") < MIN_PASSWORD:
        raise StaffError(f"a senha precisa de pelo menos {MIN_PASSWORD} caracteres")
    with transaction(db):
        if db.execute("SELECT 1 FROM staff_users WHERE username = ?", [username]).fetchone():
            raise StaffError("usuário já existe")
        # scrypt (Werkzeug's default): a memory-hard, modern KDF.
        return db["staff_users"].insert({
            "username": username, "password_hash": generate_password_hash(password, method="scrypt"),
            "criado_em": utcnow(), "ativo": 1, "falhas_login": 0, "bloqueado_ate": None,
        }).last_pk


class LockedOut(StaffError):
    pass


def authenticate(db: sqlite_utils.Database, username: str, password: str, *, client: str = "") -> dict | None:
    """The user if the password is right.

    Failures are counted per (user name, client) — ``client`` is an opaque key for the
    address (the web layer passes an HMAC, never the address) — and that pair is locked
    after MAX_FAILURES: someone elsewhere cannot lock a colleague out.  Unknown names
    are counted and locked exactly like real ones, and the password hash is always
    computed (a dummy one for unknown names), so neither the answer nor its timing says
    which names exist.
    """
    username = (username or "").strip().lower()[:200]
    now = datetime.now(timezone.utc).replace(microsecond=0)
    row = db.execute("SELECT id, username, password_hash, ativo FROM staff_users WHERE username = ?", [username]).fetchone()
    # Always the same work: one scrypt check, whether or not the user exists or is locked.
    password_ok = check_password_hash(row[2] if row else _DUMMY_HASH, password or "")
    lock = db.execute("SELECT falhas, bloqueado_ate FROM login_failures WHERE username = ? AND cliente = ?", [username, client]).fetchone()
    if lock and lock[1] and datetime.fromisoformat(lock[1]) > now:
        raise LockedOut("conta bloqueada temporariamente por tentativas erradas")
    if row is not None and row[3] and password_ok:
        db.execute("DELETE FROM login_failures WHERE username = ? AND cliente = ?", [username, client])
        return {"id": row[0], "username": row[1]}
    locked_until = None
    with transaction(db):
        db.execute("DELETE FROM login_failures WHERE atualizado_em <= ?", [(now - FORGET_FAILURES).isoformat()])
        # Counted by the database, not read here and written back: wrong passwords sent at
        # once to several workers or nodes all count.  A lock set meanwhile by one of them
        # stays; an expired one starts the count again.
        failures, already_locked = db.execute(
            "INSERT INTO login_failures (username, cliente, falhas, bloqueado_ate, atualizado_em) VALUES (?, ?, 1, NULL, ?) "
            "ON CONFLICT(username, cliente) DO UPDATE SET "
            "falhas = CASE WHEN login_failures.bloqueado_ate IS NULL THEN login_failures.falhas + 1 "
            "WHEN login_failures.bloqueado_ate > ? THEN login_failures.falhas ELSE 1 END, "
            "bloqueado_ate = CASE WHEN login_failures.bloqueado_ate > ? THEN login_failures.bloqueado_ate END, "
            "atualizado_em = excluded.atualizado_em "
            "RETURNING falhas, bloqueado_ate",
            [username, client, now.isoformat(), now.isoformat(), now.isoformat()],
        ).fetchone()
        if already_locked is None and failures >= MAX_FAILURES:
            locked_until = (now + LOCKOUT).isoformat()
            db.execute("UPDATE login_failures SET falhas = 0, bloqueado_ate = ? WHERE username = ? AND cliente = ?", [locked_until, username, client])
    if locked_until or already_locked:
        raise LockedOut("conta bloqueada temporariamente por tentativas erradas")
    return None


def forget_login_failures(db: sqlite_utils.Database) -> int:
    """Retention: failure counters older than FORGET_FAILURES."""
    cutoff = (datetime.now(timezone.utc) - FORGET_FAILURES).replace(microsecond=0).isoformat()
    return db.execute("DELETE FROM login_failures WHERE atualizado_em <= ?", [cutoff]).rowcount


def user_id_of(db: sqlite_utils.Database, username: str) -> int:
    row = db.execute("SELECT id FROM staff_users WHERE username = ?", [(username or "").strip().lower()]).fetchone()
    if row is None:
        raise StaffError("usuário não existe")
    return row[0]


def exists(db: sqlite_utils.Database, username: str) -> bool:
    return db.execute("SELECT 1 FROM staff_users WHERE username = ?", [(username or "").strip().lower()[:200]]).fetchone() is not None


def set_active(db: sqlite_utils.Database, username: str, active: bool) -> int:
    """Disable (or enable again) an account; a disabled one cannot sign in, and its open
    sessions stop at their next request (``get_user`` answers None).  Returns its id."""
    user_id = user_id_of(db, username)
    db.execute("UPDATE staff_users SET ativo = ? WHERE id = ?", [1 if active else 0, user_id])
    return user_id


def set_password(db: sqlite_utils.Database, username: str, password: str) -> int:
    """A new password (same rules as at creation) and the failure counters cleared."""
    if len(password or "") < MIN_PASSWORD:
        raise StaffError(f"a senha precisa de pelo menos {MIN_PASSWORD} caracteres")
    user_id = user_id_of(db, username)
    db.execute("UPDATE staff_users SET password_hash = ? WHERE id = ?", [generate_password_hash(password, method="scrypt"), user_id])
    db.execute("DELETE FROM login_failures WHERE username = ?", [(username or "").strip().lower()])
    return user_id


def get_user(db: sqlite_utils.Database, user_id: int) -> dict | None:
    row = db.execute("SELECT id, username, ativo FROM staff_users WHERE id = ?", [user_id]).fetchone()
    if row is None or not row[2]:
        return None
    return {"id": row[0], "username": row[1]}


def audit(db: sqlite_utils.Database, user: dict | None, action: str, target: str = "", details: str = "") -> None:
    db["audit_log"].insert({
        "em": utcnow(), "staff_id": user["id"] if user else None, "usuario": user["username"] if user else None,
        "acao": action, "alvo": target, "detalhes": details[:500],
    })


def audit_entries(db: sqlite_utils.Database, limit: int = 500) -> list[dict]:
    rows = db.execute("SELECT em, usuario, acao, alvo, detalhes FROM audit_log ORDER BY id DESC LIMIT ?", [limit]).fetchall()
    return [dict(zip(("em", "usuario", "acao", "alvo", "detalhes"), r)) for r in rows]


def last_action_at(db: sqlite_utils.Database, action: str, target: str) -> str | None:
    """When ``action`` was last done on ``target`` (e.g. a complaint's contact erased), or None."""
    row = db.execute("SELECT em FROM audit_log WHERE acao = ? AND alvo = ? ORDER BY id DESC LIMIT 1", [action, target]).fetchone()
    return row[0] if row else None
