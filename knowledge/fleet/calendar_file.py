"""The deadlines as an iCalendar file (RFC 5545) to import into a phone's calendar.

Written with the ``icalendar`` library rather than by hand: escaping, line folding and
all-day dates are where hand-written .ics files break in calendar apps.  Each dated
statement becomes one all-day event on its due date, its text and citations in the
description; the UID is derived from the event's content (re-importing updates rather than
duplicates), and nothing about the operator goes in besides what the list itself says.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone
from typing import Callable

from icalendar import Calendar, Event

from ..flows.engine import Statement

SUMMARY_CHARS = 120  # a calendar app shows a short title; the whole text is in the description


def ics(items: list[Statement], *, render: Callable[[Statement], str], cite_text: Callable[[Statement], str], title: str, now: datetime | None = None) -> bytes:
    """The dated statements as a VCALENDAR; ``render`` and ``cite_text`` put them in the reader's language."""
    calendar = Calendar()
    calendar.add("prodid", "-//Embarque Legal//Prazos da frota//PT")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", title)
    stamp = (now or datetime.now(timezone.utc)).replace(microsecond=0)
    for statement in items:
        if statement.due is None:
            continue
        text = render(statement)
        event = Event()
        event.add("uid", hashlib.sha256(f"{statement.code}|{statement.due.isoformat()}|{text}".encode()).hexdigest()[:32] + "@embarque-legal")
        event.add("dtstamp", stamp)
        event.add("dtstart", statement.due)
        event.add("dtend", statement.due + timedelta(days=1))
        event.add("summary", text if len(text) <= SUMMARY_CHARS else text[:SUMMARY_CHARS - 3] + "…")
        event.add("description", f"{text}\n{cite_text(statement)}")
        event.add("transp", "TRANSPARENT")
        calendar.add_component(event)
    return calendar.to_ical()
