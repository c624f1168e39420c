"""The four laws side by side on a date: the table for /comparar and GET /api/v1/comparar.

The table itself is built in ``knowledge/comparison.py``; this module reads the
date, renders the cells in the reader's language (dates in the reader's format) and
links every citation into the law reader — with ``?data=`` when the table is for a
past date, so that the reader shows the wording of that date.

The page's field reads a date as the law reader's does (``page_date``: DD/MM/AAAA or
AAAA-MM-DD, the same messages) and, like the reader, answers a date still to come
with today's table and says so; the API keeps its documented AAAA-MM-DD, up to today
(``parse_date``), since a program asking for a future table should not get today's
as if it were that day's.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from flask_babel import gettext as _

from knowledge import clock
from knowledge.comparison import table
from knowledge.laws import LAWS
from knowledge.places import PLACE_IDS, PLACES

from . import law_dates
from .api_schema import ComparisonQuery, RequestError, parse_request
from .i18n import date_numeric
from .serialize import cites, error_text, say

EARLIEST = date(1900, 1, 1)


class BadDate(ValueError):
    pass


def today() -> date:
    """The newest date the table can show: today in Brasília time (no single place is meant)."""
    return clock.today()


def parse_date(raw: str | None) -> date:
    """``?data=AAAA-MM-DD`` (its shape: ``api_schema.ComparisonQuery``); empty means today.

    Future dates are refused (the law of tomorrow is not known).
    """
    try:
        raw = parse_request(ComparisonQuery, {"data": raw or ""}).data
    except RequestError as exc:
        raise BadDate(error_text(exc)) from None
    if not raw:
        return today()
    when = date.fromisoformat(raw)
    if when > today():
        raise BadDate(_("Escolha uma data até hoje: a comparação mostra a lei em vigor numa data passada ou atual."))
    if when < EARLIEST:
        raise BadDate(_("Data anterior às leis comparadas."))
    return when


def page_date(raw: str | None) -> date | None:
    """The /comparar field: a date typed DD/MM/AAAA or AAAA-MM-DD (read by ``law_dates.read_date``,
    as the law reader's field), None when empty; ``BadDate`` with the field's message otherwise.

    A date still to come is returned as typed: the page shows today's table and says that day
    has not come (as the law reader does); ``table_date`` gives the day the table is for."""
    try:
        return law_dates.read_date(raw or "")
    except law_dates.BadDate as exc:
        raise BadDate(exc.field_message) from None


def table_date(asked: date | None) -> date:
    """The day the table is built for: the one asked, today if none or if it has not come."""
    return today() if asked is None or asked > today() else asked


def _say(statement) -> str:
    """``serialize.say`` with the dates of the sentence ("vigora desde …") in the reader's format."""
    if any(isinstance(value, date) for value in statement.params.values()):
        statement = replace(statement, params={k: date_numeric(v) if isinstance(v, date) else v for k, v in statement.params.items()})
    return say(statement)


def _cites(items, when: date) -> list[dict]:
    out = cites(items)
    if when != today():
        for item in out:  # links to a past date's table open the reader on that date
            if "data=" not in item["url"]:
                item["url"] += ("&" if "?" in item["url"] else "?") + f"data={when.isoformat()}"
    return out


def comparison_json(when: date) -> dict:
    return {
        "data": when.isoformat(),
        "lugares": [{"id": p, "nome": PLACES[p].name, "lei": PLACES[p].law_id, "lei_nome": LAWS[PLACES[p].law_id].short_name} for p in PLACE_IDS],
        "linhas": [
            {
                "id": row.id,
                "pergunta": _(row.question),
                "celulas": {p: {"tipo": c.data["tipo"], "texto": _say(c), "citations": _cites(c.citations, when)} for p, c in cells.items()},
            }
            for row, cells in table(when)
        ],
    }
