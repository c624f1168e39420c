"""Turning domain results (statements, citations, dates, money) into JSON and text.

The knowledge layer speaks in :class:`~knowledge.citations.Cite` and
:class:`~knowledge.flows.engine.Statement`; the web decides how a citation links
into the law reader and how money and dates read in the user's language.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from flask_babel import get_translations, gettext

from knowledge.citations import Cite
from knowledge.flows.engine import Money, Outcome, Question, Statement

from . import i18n
from .law_urls import citation_dict


def translate(text: str) -> str:
    return gettext(text) if text else text


def say(statement: Statement) -> str:
    """A statement in the reader's language, with R$ in the reader's format (a reason with a plural
    form, ``knowledge.fleet.verdicts.PluralStatement``, takes the form of its number in that language)."""
    if getattr(statement, "plural", None):
        return statement.render(translate=translate, money=i18n.money, ngettext=lambda s, p, n: get_translations().ungettext(s, p, n))
    return statement.render(translate=translate, money=i18n.money)


def cites(items) -> list[dict]:
    return [citation_dict(c.law, c.unit, c.on) for c in items]


def money_json(money: Money) -> dict:
    return {
        "valor": float(money.amount) if isinstance(money.amount, Decimal) else money.amount,
        "unidade": money.unit,
        "valor_brl": float(money.brl) if money.brl is not None else None,
    }


def statement_json(statement: Statement) -> dict:
    data = {"texto": say(statement), "codigo": statement.code or None, "citations": cites(statement.citations)}
    if statement.money is not None:
        data["valor"] = money_json(statement.money)
    if statement.due is not None:
        data["data"] = statement.due.isoformat()
    for key, value in statement.data.items():
        data.setdefault(key, value.isoformat() if isinstance(value, date) else value)
    return data


def to_json(value):
    if isinstance(value, Statement):
        return statement_json(value)
    if isinstance(value, Cite):
        return citation_dict(value.law, value.unit, value.on)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def outcome_json(outcome: Outcome) -> dict:
    data = to_json(outcome.fields)
    data["resumo"] = say(outcome.headline) if outcome.headline else None
    data["por_que"] = [statement_json(rule) for rule in outcome.rules]
    return data


def question_json(question: Question) -> dict:
    return {
        "id": question.id,
        "type": question.type,
        "text": translate(question.text),
        "help": translate(question.help) or None,
        "options": [{"value": o.value, "label": translate(o.label)} for o in question.options],
        "required": question.required,
        "min": question.minimum,
        "max": question.maximum,
        "default": "today" if question.default_today else None,
        "legal_basis": cites(question.legal_basis),
    }


def error_text(exc) -> str:
    """An InvalidAnswer's message in the reader's language."""
    message = translate(exc.message)
    return message % exc.params if exc.params else message
