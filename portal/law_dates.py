"""The ``?data=AAAA-MM-DD`` of the law reader and the law API: reading it, and the timeline.

Shared by the pages and the JSON API so both accept and refuse the same dates with the
same message.
"""

from __future__ import annotations

from datetime import date

from flask import abort, request
from flask_babel import gettext as _

from knowledge.history import UnitVersion
from knowledge.laws import LAWS

from .errors import error_response

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


def law_page_date(law_id: str) -> date | None:
    """For the reader's pages of a law: its ``?data=``, after refusing what cannot be read.

    An unknown law is a 404 and an unreadable date the 400 page with the message above, both
    raised here so every page of a law (whole, by part) refuses the same way.
    """
    if law_id not in LAWS:
        abort(404)
    try:
        return requested_date()
    except BadDate as exc:
        abort(error_response(400, exc.message)[0])


def version_json(version: UnitVersion, url: str) -> dict:
    return {
        "vigente_desde": version.since.isoformat(),
        "vigente_ate": version.until.isoformat() if version.until else None,
        "alterado_por": version.changed_by,
        "substituido_por": version.replaced_by,
        "url": url,
    }
