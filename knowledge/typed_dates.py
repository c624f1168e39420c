"""A date as people type it in a field: ``DD/MM/AAAA`` (the way Brazil writes it), ``DD.MM.AAAA``
or ``AAAA-MM-DD`` (what a browser's date input sends).

The law reader's "ver em outra data" field and the guides' date questions read dates here, so a
date typed one way in one place is not refused in another (issue #31: the guides said "Informe a
data no formato AAAA-MM-DD" to someone who typed 05/03/2021).  Dates in a passenger's words
("ontem", "no carnaval de 2020") are another reader's: ``knowledge/reader/dates.py``.
"""

from __future__ import annotations

import re
from datetime import date

# One-digit day or month allowed (1/5/2019); not "-" between, which would make 01-05-2019 and
# 2019-05-01 look alike (the API refuses the first).
DAY_MONTH_YEAR = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})|(\d{1,2})\.(\d{1,2})\.(\d{4})")
ISO_SHAPE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_typed_date(raw: str) -> date | None:
    """The day typed, or None when it is in no accepted shape or no such day exists (31/02)."""
    raw = raw.strip()
    try:
        if len(raw) == 10 and raw[4] == "-":
            return date.fromisoformat(raw)
        match = DAY_MONTH_YEAR.fullmatch(raw)
        if match:
            day, month, year = (int(part) for part in match.groups() if part is not None)
            return date(year, month, day)
    except ValueError:
        pass
    return None


def looks_like_a_date(raw: str) -> bool:
    """Whether ``raw`` is written in an accepted shape, whether or not that day exists.

    What a refusal says depends on it: "15/13/2020" or "31/02/2020" is a day that does not exist
    (check the day and the month), "ontem" or "2019-5-1" is not written as the field asks.
    """
    raw = raw.strip()
    return bool(ISO_SHAPE.fullmatch(raw) or DAY_MONTH_YEAR.fullmatch(raw))
