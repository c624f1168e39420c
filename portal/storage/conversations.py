"""Assistant conversations: state kept server-side under an unguessable id, with expiry.

Nothing personal outlives the conversation: expired rows are deleted on every
write, and an unknown or expired id simply starts a new conversation.
"""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timedelta, timezone

import sqlite_utils

TTL = timedelta(hours=2)


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def load(db: sqlite_utils.Database, conversation_id: str | None) -> tuple[str | None, dict | None]:
    """(id, state) of a live conversation, or (None, None)."""
    if not conversation_id or len(conversation_id) > 64:
        return None, None
    row = db.execute("SELECT estado, expira_em FROM conversations WHERE id = ?", [conversation_id]).fetchone()
    if row is None or datetime.fromisoformat(row[1]) <= _now():
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
