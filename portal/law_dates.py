"""The ``?data=`` of the law reader and the law API: reading it, and the timeline.

Shared by the pages and the JSON API so both accept and refuse the same dates with the
same message.  A date is ISO (``2019-05-01``, what links carry) or as people write it in
Brazil (``01/05/2019``, what the reader's "ver em outra data" field asks for); the pages
redirect the second to the first, so each day has one address (and one cached page).

A date that cannot be read is not an error page on the reader: the view catches ``BadDate``
and answers 400 with the same page as today, the field keeping what was typed and saying what
is wrong (``templates/_law_dates.html`` ``date_form``), so the article and the form stay.
"""

from __future__ import annotations

from urllib.parse import urlencode
from datetime import date

from flask import abort, redirect, request
from flask_babel import gettext as _

from knowledge.history import UnitVersion
from knowledge.laws import LAWS
from knowledge.typed_dates import looks_like_a_date, parse_typed_date

MIN_DATE = date(1900, 1, 1)


class BadDate(ValueError):
    """A ``?data=`` that cannot be read: ``message`` for the API, ``field_message`` beside the
    reader's field (which asks for DD/MM/AAAA only), ``typed`` what was sent (shortened)."""

    def __init__(self, message: str, typed: str = "", field_message: str | None = None, early: date | None = None):
        super().__init__(message)
        self.message = message
        self.early = early  # a real day before MIN_DATE: before every law (the reader's pages say so)
        self.typed = typed
        self.field_message = field_message or message


def requested_date() -> date | None:
    """The ``data`` query parameter as a date, None when absent or empty; BadDate otherwise."""
    return read_date(request.args.get("data", ""))


def read_date(raw: str) -> date | None:
    """A typed date (DD/MM/AAAA, DD.MM.AAAA or AAAA-MM-DD) read the reader's way, None when empty;
    ``BadDate`` saying what is wrong otherwise.  /comparar's field reads its date here too."""
    raw = raw.strip()
    if not raw:
        return None
    typed = raw[:40]
    when = parse_typed_date(raw)  # the reader's field and the guides read a typed date alike
    if when is None:
        if looks_like_a_date(raw):  # 31/02/2020, 15/13/2020: written right, but no such day
            raise BadDate(_("A data %(data)s não existe no calendário: confira o dia e o mês.", data=raw[:20]), typed)
        raise BadDate(_("Data inválida: %(data)s. Use o formato DD/MM/AAAA (por exemplo, 01/05/2019) ou AAAA-MM-DD.", data=raw[:20]), typed,
                      field_message=_("Informe a data como DD/MM/AAAA (por exemplo, 01/05/2019)."))
    if when < MIN_DATE:
        raise BadDate(_("Data fora do intervalo: use uma data a partir de 1900."), typed, early=when)
    return when


def page_date() -> date | None:
    """For the reader's pages: ``requested_date``, with a redirect from any other spelling of a
    good date to its ISO address (the date field sends DD/MM/AAAA).

    A bad date raises ``BadDate``: the view shows today's page with the refusal, status 400.  A real
    day before 1900 (``0001-01-01``) is no bad date here: it is before every law, and the page says
    the law was not in force yet, as for any day before it (the API still refuses it)."""
    try:
        when = requested_date()
    except BadDate as exc:
        if exc.early is None:
            raise
        when = exc.early
    raw = request.args.get("data", "")
    if when is not None and raw != when.isoformat():
        args = request.args.to_dict()
        args["data"] = when.isoformat()
        abort(redirect(request.path + "?" + urlencode(args), code=302))
    return when


def law_page_date(law_id: str) -> date | None:
    """For the reader's pages of a law: its ``?data=``, after refusing what cannot be read.

    An unknown law is a 404 (raised here) and an unreadable date a ``BadDate`` (see
    ``page_date``), so every page of a law (whole, by part) refuses the same way.
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
