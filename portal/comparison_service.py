"""The four laws side by side on a date: the table for /comparar and GET /api/v1/comparar.

The table itself is built in ``knowledge/comparison.py``; this module reads the
date, renders the cells in the reader's language and links every citation into
the law reader — with ``?data=`` when the table is for a past date, so that the
reader shows the wording of that date.
"""

from __future__ import annotations

import re
from datetime import date

from flask_babel import gettext as _

from knowledge import clock
from knowledge.comparison import table
from knowledge.laws import LAWS
from knowledge.places import PLACE_IDS, PLACES

from .serialize import cites, say

EARLIEST = date(1900, 1, 1)
ISO_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")  # exactly AAAA-MM-DD (what OpenAPI's "date" format means)


class BadDate(ValueError):
    pass


def today() -> date:
    """The newest date the table can show: today in Brasília time (no single place is meant)."""
    return clock.today()


def parse_date(raw: str | None) -> date:
    """``?data=AAAA-MM-DD``; empty means today.  Future dates are refused (the law of tomorrow is not known)."""
    if not raw:
        return today()
    try:
        if not ISO_DATE.match(raw):
            raise ValueError(raw)
        when = date.fromisoformat(raw)
    except ValueError:
        raise BadDate(_("Data inválida: use o formato AAAA-MM-DD (por exemplo, 2019-05-01).")) from None
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
