"""Assistant conversations: state kept server-side under an unguessable id, with expiry.

Nothing personal outlives the conversation: expired rows are deleted when read, on
every write, at most a minute after expiry while the assistant is used, and by
``flask purge``; an unknown or expired id simply starts a new conversation.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from datetime import datetime, timedelta, timezone

import sqlite_utils

TTL = timedelta(hours=2)


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


PURGE_EVERY = timedelta(minutes=1)
_last_purge = {"at": datetime.min.replace(tzinfo=timezone.utc)}


def purge(db: sqlite_utils.Database) -> int:
    """Delete every expired conversation; returns how many."""
    now = _now()
    _last_purge["at"] = now
    return db.execute("DELETE FROM conversations WHERE expira_em <= ?", [now.isoformat()]).rowcount


def load(db: sqlite_utils.Database, conversation_id: str | None) -> tuple[str | None, dict | None]:
    """(id, state) of a live conversation, or (None, None).

    Reading also deletes: an expired conversation found here is deleted at once, and at
    most once a minute (per process) all expired ones are, so nothing waits for the next
    write.  ``flask purge`` does the same on a schedule.  On a read-only database the
    deletion is left for later and the expired conversation is still never shown."""
    now = _now()
    try:
        if now - _last_purge["at"] >= PURGE_EVERY:
            purge(db)
    except sqlite3.OperationalError:
        pass
    if not conversation_id or len(conversation_id) > 64:
        return None, None
    row = db.execute("SELECT estado, expira_em FROM conversations WHERE id = ?", [conversation_id]).fetchone()
    if row is None:
        return None, None
    if datetime.fromisoformat(row[1]) <= now:
        try:
            db.execute("DELETE FROM conversations WHERE id = ?", [conversation_id])
        except sqlite3.OperationalError:
            pass
        return None, None
    return conversation_id, json.loads(row[0])


def save(db: sqlite_utils.Database, conversation_id: str | None, state: dict, ttl: timedelta = TTL) -> str:
    now = _now()
    conversation_id = conversation_id or secrets.token_urlsafe(24)
    db.execute("DELETE FROM conversations WHERE expira_em <= ?", [now.isoformat()])
    db.execute(
        "INSERT INTO conversations (id, estado, criada_em, expira_em) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET estado = excluded.estado, expira_em = excluded.expira_em",
        [conversation_id, json.dumps(state, ensure_ascii=False), now.isoformat(), (now + ttl).isoformat()],
    )
    return conversation_id


def delete(db: sqlite_utils.Database, conversation_id: str) -> None:
    db.execute("DELETE FROM conversations WHERE id = ?", [conversation_id])
