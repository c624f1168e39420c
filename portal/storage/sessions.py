"""Staff sessions, kept server-side so that they really end.

The signed cookie only carries a random session id (256 bits).  The database
keeps a SHA-256 of it (a copy of the database does not hand out live sessions),
the staff member, when the session started and when it was last used.  A session
is valid while it is younger than the absolute lifetime and was used within the
idle limit; logging out deletes the row, so a cookie saved before the logout is
refused afterwards.  ``last use`` is written at most once a minute, not on every
request.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta, timezone

import sqlite_utils

IDLE = timedelta(minutes=30)
ABSOLUTE = timedelta(hours=8)
TOUCH_EVERY = timedelta(minutes=1)


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def create(db: sqlite_utils.Database, staff_id: int) -> str:
    """A new session for ``staff_id``; returns the id to put in the cookie."""
    token = secrets.token_urlsafe(32)
    now = _now().isoformat()
    db.execute("INSERT INTO staff_sessions (id_hash, staff_id, criada_em, ultimo_uso) VALUES (?, ?, ?, ?)", [_digest(token), staff_id, now, now])
    return token


class Expired(Exception):
    """The session existed but ran out (idle or absolute); its row is gone now."""

    def __init__(self, staff_id: int, reason: str):
        super().__init__(reason)
        self.staff_id = staff_id
        self.reason = reason


def check(db: sqlite_utils.Database, token: str | None, *, idle: timedelta = IDLE, absolute: timedelta = ABSOLUTE) -> int | None:
    """The staff id of a live session, or None (unknown or revoked).  Raises Expired
    (after deleting the row) when the session timed out."""
    if not isinstance(token, str) or not token or len(token) > 128:
        return None
    key = _digest(token)
    row = db.execute("SELECT staff_id, criada_em, ultimo_uso FROM staff_sessions WHERE id_hash = ?", [key]).fetchone()
    if row is None:
        return None
    staff_id, created, last_used = row[0], datetime.fromisoformat(row[1]), datetime.fromisoformat(row[2])
    now = _now()
    reason = "absoluta" if now - created >= absolute else "ociosa" if now - last_used >= idle else None
    if reason:
        db.execute("DELETE FROM staff_sessions WHERE id_hash = ?", [key])
        raise Expired(staff_id, reason)
    if now - last_used >= TOUCH_EVERY:
        db.execute("UPDATE staff_sessions SET ultimo_uso = ? WHERE id_hash = ?", [now.isoformat(), key])
    return staff_id


def revoke(db: sqlite_utils.Database, token: str | None) -> None:
    if isinstance(token, str) and token:
        db.execute("DELETE FROM staff_sessions WHERE id_hash = ?", [_digest(token)])


def revoke_user(db: sqlite_utils.Database, staff_id: int) -> int:
    """Every session of one staff member (account disabled, password changed); how many."""
    return db.execute("DELETE FROM staff_sessions WHERE staff_id = ?", [staff_id]).rowcount


def purge(db: sqlite_utils.Database, *, idle: timedelta = IDLE, absolute: timedelta = ABSOLUTE) -> int:
    """Delete every expired session; returns how many."""
    now = _now()
    cursor = db.execute(
        "DELETE FROM staff_sessions WHERE criada_em <= ? OR ultimo_uso <= ?",
        [(now - absolute).isoformat(), (now - idle).isoformat()],
    )
    return cursor.rowcount
