"""The four laws side by side on a date: the table for /comparar and GET /api/v1/comparar.

The table itself is built in ``knowledge/comparison.py``; this module reads the
date, renders the cells in the reader's language and links every citation into
the law reader — with ``?data=`` when the table is for a past date, so that the
reader shows the wording of that date.
"""

from __future__ import annotations

from datetime import date

from flask_babel import gettext as _

from knowledge import clock
from knowledge.comparison import table
from knowledge.laws import LAWS
from knowledge.places import PLACE_IDS, PLACES

from .api_schema import ComparisonQuery, RequestError, parse_request
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
                "celulas": {p: {"tipo": c.data["tipo"], "texto": say(c), "citations": _cites(c.citations, when)} for p, c in cells.items()},
            }
            for row, cells in table(when)
        ],
    }
