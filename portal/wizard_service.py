"""What the wizard pages, the JSON API and the assistant share about running a flow on the web.

A wizard's answers travel in the query string (``step_url``), so that a page, an API
client and the assistant's "abrir o assistente completo" link all land on the same
step; configured values the law leaves open (the UFIRAC in reais) reach every flow
the same way (``flow_options``).  The flows themselves live in ``knowledge/flows``.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from urllib.parse import urlencode

from flask import current_app, url_for

from knowledge.flows.engine import Flow, Question


def flow_options() -> dict:
    """Values the law leaves to configuration (e.g. the UFIRAC in reais)."""
    options = {}
    if current_app.config.get("UFIRAC_BRL"):
        options["ufirac_brl"] = Decimal(str(current_app.config["UFIRAC_BRL"]))
    return options


def canonical(question: Question, value) -> list[str]:
    """An answer as query-string values."""
    if value is None:
        return [""]
    if question.type == "multiple":
        return list(value)
    if question.type == "bool":
        return ["sim" if value else "nao"]
    if isinstance(value, date):
        return [value.isoformat()]
    return [str(value)]


def answers_query(flow: Flow, answers: dict, *, without: str | None = None) -> list[tuple[str, str]]:
    pairs = []
    for question in flow.questions:
        if question.id in answers and question.id != without:
            pairs.extend((question.id, v) for v in canonical(question, answers[question.id]))
    return pairs


def step_url(flow: Flow, answers: dict, **extra) -> str:
    """The wizard page at the step these answers lead to (``extra``: ``ver=resultado`` …)."""
    pairs = answers_query(flow, answers) + [(k, v) for k, v in extra.items() if v is not None]
    base = url_for("wizards.run", flow_id=flow.id)
    return f"{base}?{urlencode(pairs)}" if pairs else base
