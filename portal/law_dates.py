"""The ``?data=AAAA-MM-DD`` of the law reader and the law API: reading it, and the timeline.

Shared by the pages and the JSON API so both accept and refuse the same dates with the
same message.
"""

from __future__ import annotations

from datetime import date

from flask import request
from flask_babel import gettext as _

from knowledge.history import UnitVersion

MIN_DATE = date(1900, 1, 1)


class BadDate(ValueError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def requested_date() -> date | None:
    """The ``data`` query parameter as a date, None when absent or empty; BadDate otherwise."""
    raw = request.args.get("data", "").strip()
    if not raw:
        return None
    try:
        when = date.fromisoformat(raw) if len(raw) == 10 else None
    except ValueError:
        when = None
    if when is None:
        raise BadDate(_("Data inválida: %(data)s. Use o formato AAAA-MM-DD, por exemplo 2019-05-01.", data=raw[:20]))
    if when < MIN_DATE:
        raise BadDate(_("Data fora do intervalo: use uma data a partir de 1900."))
    return when


def version_json(version: UnitVersion, url: str) -> dict:
    return {
        "vigente_desde": version.since.isoformat(),
        "vigente_ate": version.until.isoformat() if version.until else None,
        "alterado_por": version.changed_by,
        "substituido_por": version.replaced_by,
        "url": url,
    }
