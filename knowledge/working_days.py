"""Working days ("dias úteis") where a law counts them, with the holidays skipped named.

National and state holidays come from the ``holidays`` library (Brazil with the
state subdivisions: PE for Pernambuco and Recife, SP, AC).  Municipal holidays
are NOT counted: the library does not have them and the portal ships no
municipal calendar (Recife's own holidays, for example), so every outcome that
counts working days says so and asks the reader to confirm with the body.
Optional days off ("ponto facultativo", e.g. Carnival) are not holidays and are
not skipped either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache

import holidays

from .citations import N_

# The state whose holidays apply in each place (Recife is in Pernambuco).
STATE_OF_PLACE = {"pe": "PE", "recife": "PE", "sp": "SP", "ac": "AC"}

MUNICIPAL_NOT_COUNTED = N_(
    "Feriados municipais não entram na conta (o portal não tem o calendário do município): confirme a data com o órgão."
)


@lru_cache(maxsize=64)
def _calendar(state: str, year: int) -> dict[date, str]:
    return dict(holidays.country_holidays("BR", subdiv=state, years=year, language="pt_BR").items())


def holiday_name(day: date, place: str) -> str | None:
    """The national or state holiday on ``day`` in ``place``, or None."""
    return _calendar(STATE_OF_PLACE[place], day.year).get(day)


def is_working_day(day: date, place: str) -> bool:
    return day.weekday() < 5 and holiday_name(day, place) is None


@dataclass
class Count:
    """The result of counting working days, with what was skipped and why."""

    day: date
    skipped_weekends: list[date] = field(default_factory=list)
    skipped_holidays: list[tuple[date, str]] = field(default_factory=list)


def _step(day: date, place: str, count: Count) -> date:
    day += timedelta(days=1)
    while not is_working_day(day, place):
        name = holiday_name(day, place)
        if name is not None:
            count.skipped_holidays.append((day, name))
        else:
            count.skipped_weekends.append(day)
        day += timedelta(days=1)
    return day


def next_working_day(day: date, place: str) -> Count:
    """The first working day after ``day``."""
    count = Count(day)
    count.day = _step(day, place, count)
    return count


def add_working_days(start: date, days: int, place: str) -> Count:
    """The day that ends a period of ``days`` working days counted after ``start``."""
    count = Count(start)
    day = start
    for _ in range(days):
        day = _step(day, place, count)
    count.day = day
    return count
