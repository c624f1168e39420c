"""Statements with an amount or a deadline, shared by the places of the seized-vehicle wizard."""

from __future__ import annotations

from datetime import date

from ..engine import Money, Statement, say


def payment(text: str, *cites, code: str, money: Money | None = None, **params) -> Statement:
    statement = say(text, *cites, code=code, **params)
    statement.money = money
    return statement


def deadline(text: str, *cites, code: str, days: int, body: str, due: date | None, counting: str, **params) -> Statement:
    statement = say(text, *cites, code=code, dias=days, orgao=body, **params)
    statement.due = due
    statement.data.update({"dias": days, "orgao": body, "contagem": counting})
    return statement
