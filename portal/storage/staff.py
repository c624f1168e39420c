"""Staff accounts (hashed passwords, lockout after repeated failures) and the audit log."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlite_utils
from werkzeug.security import check_password_hash, generate_password_hash

from .db import transaction, utcnow

MAX_FAILURES = 5
LOCKOUT = timedelta(minutes=15)
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


def authenticate(db: sqlite_utils.Database, username: str, password: str) -> dict | None:
    """The user if the password is right; counts failures and locks the account after too many."""
    username = (username or "").strip().lower()
    row = db.execute("SELECT id, username, password_hash, ativo, falhas_login, bloqueado_ate FROM staff_users WHERE username = ?", [username]).fetchone()
    if row is None:
        check_password_hash(_DUMMY_HASH, password or "")
        return None
    user_id, name, password_hash, active, failures, locked_until = row
    now = datetime.now(timezone.utc)
    if locked_until and datetime.fromisoformat(locked_until) > now:
        raise LockedOut("conta bloqueada temporariamente por tentativas erradas")
    if active and check_password_hash(password_hash, password or ""):
        db.execute("UPDATE staff_users SET falhas_login = 0, bloqueado_ate = NULL WHERE id = ?", [user_id])
        return {"id": user_id, "username": name}
    # Counted in the database (not read-then-written): wrong passwords sent at once to
    # several workers or nodes all count, so the lockout holds across them.
    failures = db.execute(
        "UPDATE staff_users SET falhas_login = COALESCE(falhas_login, 0) + 1 WHERE id = ? RETURNING falhas_login", [user_id]
    ).fetchone()[0]
    lock = (now + LOCKOUT).replace(microsecond=0).isoformat() if failures >= MAX_FAILURES else None
    if lock:
        db.execute("UPDATE staff_users SET falhas_login = 0, bloqueado_ate = ? WHERE id = ?", [lock, user_id])
    if lock:
        raise LockedOut("conta bloqueada temporariamente por tentativas erradas")
    return None


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
