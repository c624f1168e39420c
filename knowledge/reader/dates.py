"""The date of the facts in everyday words: "em 2019", "em maio de 2019", "no carnaval de 2020", "ontem".

A wording of the law applies to facts of its days, so a story told "no carnaval de 2020" in
Pernambuco is read against the Anexo I of before 13/11/2020.  People rarely give a full date; they
give a year, a month, a festival or a day relative to today.  :func:`facts_period` reads each of
these into the span of days it may mean (a whole year for "em 2019"), and the caller says both
wordings, or asks, when a law changed inside the span.

Festivals with a fixed date (Natal 25/12, São João 24/06, Réveillon 31/12 → 01/01, Tiradentes,
Finados …) are a table (``knowledge/lexicon.yaml``, ``festas``); Carnaval (Easter − 47 days) and the
Semana Santa move with Easter, computed by python-dateutil's ``easter`` (already installed through
``holidays``).  A general date parser (dateparser) was weighed: it reads none of the festivals, costs
~1 s and 30 MB at import in every worker, and misreads bare numbers of a story ("8 pessoas") as days.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from dateutil.easter import easter
from dateutil.relativedelta import relativedelta

from ..text import fold
from .lexicon import lexicon

MONTHS = {name: number for number, names in enumerate(
    (("janeiro", "jan"), ("fevereiro", "fev"), ("marco", "mar"), ("abril", "abr"), ("maio", "mai"), ("junho", "jun"),
     ("julho", "jul"), ("agosto", "ago"), ("setembro", "set"), ("outubro", "out"), ("novembro", "nov"), ("dezembro", "dez")), 1)
    for name in names}
NUMBER_WORDS = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
                "nove": 9, "dez": 10, "onze": 11, "doze": 12, "quinze": 15, "vinte": 20, "trinta": 30}
SPAN_UNITS = {"dia": "days", "dias": "days", "semana": "weeks", "semanas": "weeks", "mes": "months", "meses": "months",
              "ano": "years", "anos": "years"}


@dataclass(frozen=True)
class Period:
    """The days a date of facts may mean, and the words it was read from."""

    start: date
    end: date
    words: str

    @property
    def exact(self) -> bool:
        return self.start == self.end

    def contains(self, day: date) -> bool:
        return self.start <= day <= self.end


def _year(text: str) -> int | None:
    return int(text) if text and 1980 <= int(text) <= 2100 else None


def _whole_month(year: int, month: int, words: str) -> Period:
    return Period(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]), words)


def _festival(name: str, year: int) -> Period | None:
    """The days of a festival of that year (Carnaval: Saturday to Ash Wednesday)."""
    if name == "carnaval":
        tuesday = easter(year) - timedelta(days=47)
        return Period(tuesday - timedelta(days=3), tuesday + timedelta(days=1), f"carnaval de {year}")
    if name == "semana santa":
        sunday = easter(year)
        return Period(sunday - timedelta(days=7), sunday, f"semana santa de {year}")
    fixed = lexicon()["festas"].get(name)
    if fixed is None:
        return None
    (sm, sd), (em, ed) = fixed
    start = date(year, sm, sd)
    end = date(year + (1 if (em, ed) < (sm, sd) else 0), em, ed)
    return Period(start, end, f"{name} de {year}")


_FULL = re.compile(r"\b(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2,4}))?\b")
_DAY_OF_MONTH = re.compile(r"\bdia (\d{1,2}) de (" + "|".join(MONTHS) + r")\w*(?: de (\d{4}))?\b")
_MONTH_YEAR = re.compile(r"\b(" + "|".join(MONTHS) + r")\w*(?: de| do ano de|/)? ?(\d{4})\b")
_MONTH_ONLY = re.compile(r"\b(?:em|no mes de|mes de|nesse|neste|este|esse|agora em) (" + "|".join(MONTHS) + r")\w*\b")
_AGO = re.compile(r"\b(?:ha|faz|tem) (?:uns |umas |cerca de |mais ou menos )?(\d+|" + "|".join(NUMBER_WORDS) + r") (dias?|semanas?|mes|meses|anos?)\b")
# A year of the facts is said with a preposition ("em 2019", "no fim de 2020"); a bare number is a law's
# ("Lei 16.205/2017"), a vehicle's ("ônibus 2008") or a plate's, never the date of the facts.
_YEAR = re.compile(r"\b(?:em|no ano de|ano de|de|no|do|desde|fim de|final de|inicio de|comeco de|meados de)\s+(\d{4})\b(?![/.-]\d)")


def facts_period(message: str, today: date) -> Period | None:
    """The period the message dates its facts to, or None when it gives no date."""
    text = " " + re.sub(r"[^\w/.-]+", " ", fold((message or "").lower())) + " "
    festival = _festival_in(text, today)  # before the relative days: "no são joão do ano passado"
    if festival:
        return festival
    relative = _relative(text, today)
    if relative:
        return relative
    if m := _FULL.search(text):
        day, month = int(m.group(1)), int(m.group(2))
        year = m.group(3)
        year = (2000 + int(year) if year and len(year) == 2 else int(year)) if year else today.year
        try:
            when = date(year, month, day)
        except ValueError:
            when = None
        if when and (m.group(3) or when <= today):
            return Period(when, when, m.group(0).strip())
    if m := _DAY_OF_MONTH.search(text):
        year = int(m.group(3)) if m.group(3) else today.year
        try:
            when = date(year, MONTHS[m.group(2)], int(m.group(1)))
            return Period(when, when, m.group(0).strip())
        except ValueError:
            pass
    if m := _MONTH_YEAR.search(text):
        if year := _year(m.group(2)):
            return _whole_month(year, MONTHS[m.group(1)], m.group(0).strip())
    if m := _MONTH_ONLY.search(text):
        month = MONTHS[m.group(1)]
        year = today.year if month <= today.month else today.year - 1
        return _whole_month(year, month, m.group(0).strip())
    for m in _YEAR.finditer(text):
        year = _year(m.group(1))
        if year and year <= today.year and not _is_plate_or_count(text, m):
            return Period(date(year, 1, 1), min(date(year, 12, 31), today), m.group(0).strip())
    return None


def _is_plate_or_count(text: str, m: re.Match) -> bool:
    """"ônibus 2008", "ano 2015 de fabricação", a plate's digits: a year of the vehicle, not of the facts."""
    before = text[max(0, m.start() - 25):m.start()]
    after = text[m.end():m.end() + 20]
    return bool(re.search(r"(onibus|micro|van|carro|veiculo|modelo|fabricad\w*|fabricacao|ano|lei|decreto|n|no|numero) (de |do |em )?$", before)
                or re.search(r"^ ?(de fabricacao|fabricad)", after) or re.search(r"[/.]$|\d (de )?$", before))


def _relative(text: str, today: date) -> Period | None:
    table = lexicon()["dias_relativos"]
    for words, offset in table.items():
        if f" {words} " in text:
            if isinstance(offset, int):
                day = today - timedelta(days=offset)
                return Period(day, day, words)
            unit, amount = offset
            return _ago_span(today, unit, amount, words)
    if m := _AGO.search(text):
        amount = int(m.group(1)) if m.group(1).isdigit() else NUMBER_WORDS[m.group(1)]
        return _ago_span(today, SPAN_UNITS[m.group(2)], amount, m.group(0).strip())
    return None


def _ago_span(today: date, unit: str, amount: int, words: str) -> Period:
    """"semana passada": that calendar week; "há 3 meses": the month three months ago; "ano passado": that year."""
    if unit == "weeks":
        monday = today - timedelta(days=today.weekday()) - timedelta(weeks=amount)
        return Period(monday, monday + timedelta(days=6), words)
    if unit == "months":
        first = (today.replace(day=1) - relativedelta(months=amount))
        return _whole_month(first.year, first.month, words)
    if unit == "years":
        year = today.year - amount
        return Period(date(year, 1, 1), date(year, 12, 31), words)
    day = today - timedelta(days=amount)
    return Period(day, day, words)


def _festival_in(text: str, today: date) -> Period | None:
    names = ["carnaval", "semana santa", *lexicon()["festas"]]
    for name in names:
        m = re.search(rf"\b{name}\b(?: (?:de|do ano de|em)? ?(\d{{4}})| (do ano passado|passad[oa]|retrasad[oa]))?", text)
        if not m:
            continue
        if m.group(1) and _year(m.group(1)):
            year = int(m.group(1))
        elif m.group(2):
            year = today.year - (2 if "retrasad" in m.group(2) else 1)
        else:
            year = today.year
            period = _festival(name, year)
            if period and period.start > today:
                year -= 1  # "no carnaval", told in December, is this year's; "no natal", told in June, last year's
        period = _festival(name, year)
        if period:
            return Period(period.start, period.end, m.group(0).strip())
    return None
