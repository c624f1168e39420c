"""The one clock: what "today" is, for a place.

A rule's "today" is the calendar date where the facts happen, not the server's:
at 01:30 UTC it is already the 30th on a server in UTC but still the 29th in Rio
Branco (UTC−5) and in Recife (UTC−3).  Every module that needs the current date —
the plate lookup, the wizards, the API, the passenger pages, the assistant, the
flow engine's default — asks here:

- ``today("ac")``: the date in that place's time zone (``knowledge/places.py``).
- ``today()`` (or an unknown place id): the date in **Brasília time**
  (``America/Sao_Paulo``, UTC−3), used before a place is known — the start page
  of a wizard, a complaint form not yet filled.  Brasília time is the country's
  legal time and the date of three of the four places (Pernambuco, São Paulo,
  Recife); only Acre is behind it, never ahead, so a date that is not in the
  future in Brasília is not in the future anywhere the portal covers either.
- ``now()``: the current instant (aware, UTC), which every date above derives from.

Tests fix the instant with ``fixed(datetime(2026, 11, 30, 1, 30, tzinfo=UTC))``:
everything that reads this clock — in this thread and in a live server's threads
— sees that instant until the block ends.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date, datetime, timezone
from typing import Iterator
from zoneinfo import ZoneInfo

from . import places as _places  # one way only: places never imports the clock

DEFAULT_ZONE = ZoneInfo("America/Sao_Paulo")  # Brasília time, when no place is known yet

_fixed: datetime | None = None


def now() -> datetime:
    """The current instant, in UTC (or the one a test fixed)."""
    return _fixed if _fixed is not None else datetime.now(timezone.utc)


def zone(place_id: str | None = None) -> ZoneInfo:
    """The time zone of a place; Brasília time for None or an id that names no place."""
    place = _places.PLACES.get(place_id) if isinstance(place_id, str) else None
    return place.zone if place is not None else DEFAULT_ZONE


def today(place_id: str | None = None) -> date:
    """The calendar date now in that place (Brasília time when no place is known)."""
    return now().astimezone(zone(place_id)).date()


_year_span: tuple[datetime, datetime, int] | None = None  # (from, until, the year in Brasília between them)


def this_year() -> int:
    """``today().year`` in Brasília time, without converting the instant each time: the assistant asks it
    for every candidate unit of every message (a vehicle "de 2008" is a year older each January)."""
    global _year_span
    instant, span = now(), _year_span
    if span is not None and span[0] <= instant < span[1]:
        return span[2]
    year = instant.astimezone(DEFAULT_ZONE).year
    # The bounds in UTC, as now() is: two datetimes with the same tzinfo compare without asking it for offsets.
    _year_span = (datetime(year, 1, 1, tzinfo=DEFAULT_ZONE).astimezone(timezone.utc),
                  datetime(year + 1, 1, 1, tzinfo=DEFAULT_ZONE).astimezone(timezone.utc), year)
    return year


def today_everywhere() -> date:
    """The newest date that has begun in every place: a form's default date before the place is chosen
    (at 23:00 in Rio Branco it is already tomorrow in Brasília, and tomorrow is in Acre's future)."""
    return min(today(place_id) for place_id in _places.PLACES)


def place_of(answers: dict, legal_basis=()) -> str | None:
    """The place a set of wizard answers is about, if it is known yet.

    The ``jurisdicao`` answer when it names a place; otherwise, for a flow about one
    place only (all of its ``legal_basis`` cites one place's law, as "carro_turismo"
    cites Pernambuco's), that place; otherwise None.
    """
    answered = answers.get("jurisdicao") if isinstance(answers, dict) else None
    if isinstance(answered, str) and answered in _places.PLACES:
        return answered
    laws = {cite.law for cite in legal_basis}
    found = [p.id for p in _places.PLACES.values() if p.law_id in laws]
    # Pernambuco and Recife share a time zone, but a flow citing both laws is about two places.
    return found[0] if len(laws) == 1 and len(found) == 1 else None


def flow_today(flow, answers: dict) -> date:
    """Today for a wizard: the date where its facts happen (see ``place_of``)."""
    return today(place_of(answers, getattr(flow, "legal_basis", ())))


@contextmanager
def fixed(moment: datetime) -> Iterator[datetime]:
    """Freeze the clock at ``moment`` (aware) for the block — for tests."""
    global _fixed
    if moment.tzinfo is None:
        raise ValueError("fixed() needs an aware datetime (e.g. tzinfo=timezone.utc)")
    previous, _fixed = _fixed, moment.astimezone(timezone.utc)
    try:
        yield _fixed
    finally:
        _fixed = previous
