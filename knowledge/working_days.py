"""Working days ("dias úteis") where a law counts them, with the holidays skipped named.

National and state holidays come from the ``holidays`` library (Brazil with the
state subdivisions: PE for Pernambuco and Recife, SP, AC).  Municipal holidays come
from a documented data file per municipality (``knowledge/calendars/<place>.yaml``:
each holiday with the act that fixes it, the date it applies from, and whether that
act was confirmed).  Only Recife counts working days among the portal's places
(Lei 16.856/2003, art. 41, § 1º), so only Recife has a municipal calendar; the three
state laws count no working days here.  Optional days off ("ponto facultativo",
e.g. Carnival) are not holidays and are not skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path

import yaml

from .places import PLACES

CALENDARS_DIR = Path(__file__).parent / "calendars"

# The state whose holidays apply in each place (Recife is in Pernambuco).
STATE_OF_PLACE = {pid: place.state for pid, place in PLACES.items()}


@dataclass(frozen=True)
class MunicipalHoliday:
    month: int
    day: int
    name: str
    since: date
    until: date | None
    source: str
    confirmed: bool  # False: only the press records it; the act that fixes it was not confirmed

    def on(self, year: int) -> date | None:
        day = date(year, self.month, self.day)
        return day if self.since <= day and (self.until is None or day <= self.until) else None


@lru_cache(maxsize=None)
def municipal_calendar(place: str) -> tuple[MunicipalHoliday, ...]:
    """The municipal holidays of ``place`` from its data file (none when it has no file)."""
    path = CALENDARS_DIR / f"{place}.yaml"
    if not path.exists():
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if data.get("place") != place:
        raise ValueError(f"{path}: place {data.get('place')!r} != {place!r}")
    out = []
    for entry in data["holidays"]:
        month, day = (int(part) for part in str(entry["date"]).split("-"))
        out.append(MunicipalHoliday(
            month, day, entry["name"], entry["since"], entry.get("until"), " ".join(entry["source"].split()), bool(entry["confirmed"]),
        ))
    return tuple(out)


def _holidays():
    """The ``holidays`` library, imported on first use: it loads every country's calendars
    (~3 MB per web worker) and only Recife's apreensão deadlines count working days."""
    import holidays

    return holidays


@lru_cache(maxsize=64)
def _calendar(place: str, year: int) -> dict[date, str]:
    days = dict(_holidays().country_holidays("BR", subdiv=STATE_OF_PLACE[place], years=year, language="pt_BR").items())
    for holiday in municipal_calendar(place):
        day = holiday.on(year)
        if day is not None and day not in days:
            days[day] = f"{holiday.name}, feriado municipal"
    return days


def holiday_name(day: date, place: str) -> str | None:
    """The national, state or municipal holiday on ``day`` in ``place``, or None."""
    return _calendar(place, day.year).get(day)


def municipal_holiday(day: date, place: str) -> MunicipalHoliday | None:
    """The municipal holiday of ``place`` on ``day``, if that day is one (and not also a national or state one)."""
    national_or_state = _holidays().country_holidays("BR", subdiv=STATE_OF_PLACE[place], years=day.year)
    if day in national_or_state:
        return None
    return next((h for h in municipal_calendar(place) if h.on(day.year) == day), None)


def is_working_day(day: date, place: str) -> bool:
    return day.weekday() < 5 and holiday_name(day, place) is None


@dataclass
class Count:
    """The result of counting working days, with what was skipped and why."""

    day: date
    skipped_weekends: list[date] = field(default_factory=list)
    skipped_holidays: list[tuple[date, str]] = field(default_factory=list)
    # Municipal holidays skipped whose act was not confirmed (the outcome says so).
    unconfirmed: list[tuple[date, MunicipalHoliday]] = field(default_factory=list)


def _step(day: date, place: str, count: Count) -> date:
    day += timedelta(days=1)
    while not is_working_day(day, place):
        name = holiday_name(day, place)
        if name is not None:
            count.skipped_holidays.append((day, name))
            municipal = municipal_holiday(day, place)
            if municipal is not None and not municipal.confirmed:
                count.unconfirmed.append((day, municipal))
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
