"""A date as people type it in a field: ``DD/MM/AAAA`` (the way Brazil writes it), ``DD.MM.AAAA``
(``DD-MM-AAAA`` in the forms) or ``AAAA-MM-DD`` (what old links and the JSON API carry).

No field of the site is a browser's ``<input type="date">``: its order follows the phone's language
(month first on an English phone), and a reviewer who typed 05/11/2026 there got 11 May (#31).

The law reader's "ver em outra data" field and the guides' date questions read dates here, so a
date typed one way in one place is not refused in another (issue #31: the guides said "Informe a
data no formato AAAA-MM-DD" to someone who typed 05/03/2021).  Dates in a passenger's words
("ontem", "no carnaval de 2020") are another reader's: ``knowledge/reader/dates.py``.
"""

from __future__ import annotations

import re
from datetime import date

# One-digit day or month allowed (1/5/2019).  "-" between (05-11-2026) only where ``dashes`` is asked:
# the form fields a person fills (the guides, /denuncia) read it, since the year's place tells it from
# 2026-11-05; the law API refuses it (its addresses carry AAAA-MM-DD only).
DAY_MONTH_YEAR = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})|(\d{1,2})\.(\d{1,2})\.(\d{4})")
DAY_MONTH_YEAR_DASHES = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})|(\d{1,2})\.(\d{1,2})\.(\d{4})|(\d{1,2})-(\d{1,2})-(\d{4})")
ISO_SHAPE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_typed_date(raw: str, *, dashes: bool = False) -> date | None:
    """The day typed, or None when it is in no accepted shape or no such day exists (31/02).

    Always day first (DD/MM/AAAA, DD.MM.AAAA, and DD-MM-AAAA with ``dashes``), or ISO AAAA-MM-DD."""
    raw = raw.strip()
    try:
        if len(raw) == 10 and raw[4] == "-":
            return date.fromisoformat(raw)
        match = (DAY_MONTH_YEAR_DASHES if dashes else DAY_MONTH_YEAR).fullmatch(raw)
        if match:
            day, month, year = (int(part) for part in match.groups() if part is not None)
            return date(year, month, day)
    except ValueError:
        pass
    return None


def typed_form(value: "date | str | None") -> str:
    """What a date field shows: the day as DD/MM/AAAA (an ISO value from an old link or the form's
    default included), or what was typed, as typed, when it is no day (so it can be corrected)."""
    if value is None:
        return ""
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    when = parse_typed_date(str(value), dashes=True)
    return when.strftime("%d/%m/%Y") if when is not None else str(value)


def looks_like_a_date(raw: str, *, dashes: bool = False) -> bool:
    """Whether ``raw`` is written in an accepted shape, whether or not that day exists.

    What a refusal says depends on it: "15/13/2020" or "31/02/2020" is a day that does not exist
    (check the day and the month), "ontem" or "2019-5-1" is not written as the field asks.
    """
    raw = raw.strip()
    return bool(ISO_SHAPE.fullmatch(raw) or (DAY_MONTH_YEAR_DASHES if dashes else DAY_MONTH_YEAR).fullmatch(raw))
