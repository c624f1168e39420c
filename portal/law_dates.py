"""The ``?data=`` of the law reader and the law API: reading it, and the timeline.

Shared by the pages and the JSON API so both accept and refuse the same dates with the
same message.  A date is ISO (``2019-05-01``, what links carry) or as people write it in
Brazil (``01/05/2019``, what the reader's "ver em outra data" field asks for); the pages
redirect the second to the first, so each day has one address (and one cached page).
"""

from __future__ import annotations

from urllib.parse import urlencode
from datetime import date

from flask import abort, redirect, request
from flask_babel import gettext as _

from knowledge.history import UnitVersion
from knowledge.laws import LAWS
from knowledge.typed_dates import parse_typed_date

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
    when = parse_date(raw)
    if when is None:
        raise BadDate(_("Data inválida: %(data)s. Use o formato DD/MM/AAAA (por exemplo, 01/05/2019) ou AAAA-MM-DD.", data=raw[:20]))
    if when < MIN_DATE:
        raise BadDate(_("Data fora do intervalo: use uma data a partir de 1900."))
    return when


parse_date = parse_typed_date  # the reader's field and the guides read a typed date alike


def page_date() -> date | None:
    """For the reader's pages: ``requested_date`` with a 400 page for a bad date and a redirect
    from any other spelling of a good one to its ISO address (the date field sends DD/MM/AAAA)."""
    try:
        when = requested_date()
    except BadDate as exc:
        abort(error_response(400, exc.message)[0])
    raw = request.args.get("data", "")
    if when is not None and raw != when.isoformat():
        args = request.args.to_dict()
        args["data"] = when.isoformat()
        abort(redirect(request.path + "?" + urlencode(args), code=302))
    return when


def law_page_date(law_id: str) -> date | None:
    """For the reader's pages of a law: its ``?data=``, after refusing what cannot be read.

    An unknown law is a 404 and an unreadable date the 400 page with the message above, both
    raised here so every page of a law (whole, by part) refuses the same way.
    """
    if law_id not in LAWS:
        abort(404)
    return page_date()


def version_json(version: UnitVersion, url: str) -> dict:
    return {
        "vigente_desde": version.since.isoformat(),
        "vigente_ate": version.until.isoformat() if version.until else None,
        "alterado_por": version.changed_by,
        "substituido_por": version.replaced_by,
        "url": url,
    }
