"""Staff reclassifications of complaints (issue #27): which catalogue row staff put a complaint under.

Each decision is a row of ``complaint_classifications`` (migration 11; PostgreSQL's 9), newest last:
the complaint's classification by staff is the latest, and the earlier ones stay for the record.
A row is named by its catalogue key ("<law id> <unit id>", ``knowledge/infractions.Row.key``) or
:data:`NO_ROW` when staff concluded the law's table does not classify the facts.  What staff typed
as the reason arrives here already without the complainant's personal data (portal/reclassification.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from .complaints import normalize_protocol
from .db import transaction, utcnow

NO_ROW = "sem_enquadramento"  # "the law's table does not classify it"


class ChangedMeanwhile(ValueError):
    """Someone else reclassified the complaint after this page was shown."""


@dataclass(frozen=True)
class Decision:
    em: str
    staff: str | None  # the staff member's user name (None if the account is gone)
    de_linha: str | None
    para_linha: str
    motivo: str


def latest(db: sqlite_utils.Database, complaint_id: int) -> Decision | None:
    """The classification staff gave last, or None when staff never reclassified the complaint."""
    found = history(db, complaint_id)
    return found[-1] if found else None


def history(db: sqlite_utils.Database, complaint_id: int) -> list[Decision]:
    """Every reclassification of a complaint, oldest first (for the staff page)."""
    rows = db.execute(
        "SELECT c.em, s.username, c.de_linha, c.para_linha, c.motivo FROM complaint_classifications c "
        "LEFT JOIN staff_users s ON s.id = c.staff_id WHERE c.complaint_id = ? ORDER BY c.id",
        [complaint_id],
    ).fetchall()
    return [Decision(*row) for row in rows]


def latest_row_of_protocol(db: sqlite_utils.Database, protocolo: str) -> str | None:
    """The row staff put the complaint of this protocol under (or NO_ROW), for its public page; None if none.
    Only the row: who decided it and why stay with staff."""
    found = db.execute(
        "SELECT c.para_linha FROM complaint_classifications c JOIN complaints p ON p.id = c.complaint_id "
        "WHERE p.protocolo = ? ORDER BY c.id DESC LIMIT 1",
        [normalize_protocol(protocolo)],
    ).fetchone()
    return found[0] if found else None


def record(db: sqlite_utils.Database, complaint_id: int, *, de_linha: str | None, para_linha: str, motivo: str, staff_id: int,
           expected: str | None) -> None:
    """Store a reclassification.  ``expected`` is the staff classification the page showed (None: none
    yet): if another staff member changed it meanwhile, ChangedMeanwhile and nothing is stored.

    The complaint's ``atualizada_em`` is written first: on PostgreSQL that update locks the complaint's
    row until the commit, so two reclassifications at once take turns (SQLite's BEGIN IMMEDIATE already
    serialises writers) and the second one sees the first."""
    now = utcnow()
    with transaction(db):
        db.execute("UPDATE complaints SET atualizada_em = ? WHERE id = ?", [now, complaint_id])
        current = db.execute(
            "SELECT para_linha FROM complaint_classifications WHERE complaint_id = ? ORDER BY id DESC LIMIT 1", [complaint_id]
        ).fetchone()
        if (current[0] if current else None) != expected:
            raise ChangedMeanwhile("a classificação mudou enquanto isso; recarregue a página")
        db.execute(
            "INSERT INTO complaint_classifications (complaint_id, em, staff_id, de_linha, para_linha, motivo) VALUES (?, ?, ?, ?, ?, ?)",
            [complaint_id, now, staff_id, de_linha, para_linha, motivo],
        )
