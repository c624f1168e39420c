"""A report, read once: the story, its place and the date of its facts → the rows of the law of that day.

The chat, the complaint form and the channels call :func:`classify_report`; the evaluation does too
(evaluation/stories.py).  When the period of the facts covers two wordings of the place's tables
(a month or a year across 13/11/2020 in Pernambuco), each wording is read and both are said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache

from ..complaints import Enquadramento, classify_row
from ..places import PLACES
from ..text import fold
from .dates import Period, facts_period
from .lexicon import PATH, LexiconError, _document
from .stories import Reading, read_story


@dataclass
class Classified:
    """One wording's answer: the row (None: not classified), how sure, what else it may be."""

    reading: Reading
    enquadramento: Enquadramento | None

    @property
    def row(self):
        return self.reading.row

    @property
    def confidence(self) -> float:
        return self.reading.confidence

    @property
    def found(self):
        """Every row this wording's reading found: the whole story's first, then its parts' by confidence."""
        return self.reading.found

    @property
    def rows(self):
        return self.reading.rows


@dataclass
class Report:
    story: str
    place: str
    period: Period
    wordings: list[Classified]
    dated_by: str  # "story" (read from the words), "given" (a form's field), "today"
    outside: bool = False  # the story tells of a service the place's law does not govern (lexicon "alcance")

    @property
    def classified(self) -> bool:
        """The whole story cleared the reader's threshold in some wording, as before stories were read by
        parts: what the chat routes on (a question one clause of which names a row is still a question)."""
        return any(w.reading.classified for w in self.wordings)

    @property
    def rows(self) -> list[str]:
        """The most confident row of each wording, newest wording last."""
        return [w.row.key for w in self.wordings if w.row is not None]

    @property
    def all_rows(self) -> list[str]:
        """Every row the story describes, as the chat's complaint action and the form list them: the newest
        wording's rows (the whole story's first, then its parts'), then the older wordings' (each key once)."""
        keys: list[str] = []
        for wording in reversed(self.wordings):
            keys.extend(r.key for r in wording.rows if r.key not in keys)
        return keys



def period_of(story: str, today: date, given: date | None = None) -> tuple[Period, str]:
    """The period of the facts: a date the person gave (a form's field) wins, then the story's words, then today."""
    if given is not None:
        return Period(given, given, given.isoformat()), "given"
    found = facts_period(story, today)
    if found is not None:
        return Period(found.start, min(found.end, today), found.words), "story"
    return Period(today, today, ""), "today"


def classify_report(story: str, place: str, today: date, given: date | None = None) -> Report:
    """The story in ``place``: each wording of the place's tables over the period of the facts."""
    period, dated_by = period_of(story, today, given)
    start = max(period.start, PLACES[place].in_force) if period.end >= PLACES[place].in_force else period.start
    reading = read_story(story, place, Period(start, period.end, period.words))
    outside = outside_the_law(story, place)
    readings = [replace(r, classified=False, found=()) for r in reading.readings] if outside else reading.readings
    wordings = [Classified(r, classify_row(r.row, r.on) if r.row is not None else None) for r in readings]
    return Report(story, place, period, wordings, dated_by, outside=outside)


@lru_cache(maxsize=1)
def _scopes() -> dict[str, tuple[re.Pattern, re.Pattern]]:
    try:
        return {place: (re.compile(entry["outro_servico"]), re.compile(entry["servico_da_lei"]))
                for place, entry in (_document(PATH).get("alcance") or {}).items()}
    except (KeyError, TypeError, re.error) as exc:
        raise LexiconError(f"lexicon.yaml: alcance: {exc}") from exc


def outside_the_law(story: str, place: str) -> bool:
    """The story tells of a service the place's law does not govern ("o ônibus de linha", "o metrô") and
    names none of its own ("fretado", "complementar"): no row of that law is its row."""
    scope = _scopes().get(place)
    if scope is None:
        return False
    text = fold((story or "").lower())
    other, own = scope
    return bool(other.search(text)) and not own.search(text)
