"""The last inspection of a vehicle against the period its place's law sets, on the date asked.

``due(last, months)`` is the day the period that started on ``last`` ends (the same day of
the month, or the month's last day); none of the four laws says how a period of months is
counted, so the fleet check counts it this way everywhere (the deadlines too) and says so.
``state(vehicle, when, months)`` says where the date asked falls: ``None`` when the list gives
no last inspection or the period is unknown, ``"depois"`` when the last inspection given is
after the date asked (the one in force that day is not in the list), ``"vencida"`` when the
date asked is after the end of the period, ``"em_dia"`` otherwise (the last day included).

What an overdue inspection means is each law's own: São Paulo's Regulamento forbids using a
vehicle without a valid Declaração de Vistoria (a block); Pernambuco's law sets the period but
not what follows when it is missed (a doubt); Acre's semestral inspection is a rule of the
regular services; Recife's law sets no period.  Each place's module words its own reason.
"""

from __future__ import annotations

from calendar import monthrange
from datetime import date

from .vehicles import Vehicle

# The months a period named by a word of the law lasts ("anual", "semestral").
CYCLE_MONTHS = {"anual": 12, "semestral": 6}
EM_DIA, VENCIDA, DEPOIS = "em_dia", "vencida", "depois"


def add_months(day: date, months: int) -> date:
    """The same day ``months`` later (the month's last day when it has fewer days)."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    return date(year, month, min(day.day, monthrange(year, month)[1]))


def due(last: date, months: int) -> date:
    return add_months(last, months)


def state(v: Vehicle, when: date, months: int | None) -> str | None:
    if v.ultima_vistoria is None or months is None:
        return None
    if v.ultima_vistoria > when:
        return DEPOIS
    return VENCIDA if due(v.ultima_vistoria, months) < when else EM_DIA


def dates(v: Vehicle, months: int) -> dict:
    """The parameters the reasons fill in: the last inspection and the end of its period, DD/MM/AAAA."""
    return {"ultima": v.ultima_vistoria.strftime("%d/%m/%Y"), "validade": due(v.ultima_vistoria, months).strftime("%d/%m/%Y"), "meses": months}
