"""Legal quantities as data: every value dated and carrying its legal reference.

In the spirit of OpenFisca's parameters: a rule never writes "2.900" or "15 dias"
inline, it asks ``param("pe.multa.gravissima", date_of_facts)`` and gets the value in
force on that date together with the unit of the law it comes from.

The values live in YAML files a lawyer can review, one folder per place and one file per
topic (``knowledge/parameters/pe/multas.yaml`` …).  Each parameter has an id (the YAML
key, ``<lugar>.<assunto>…``), a description, a unit and dated values; each value names the
unit of the law it comes from (``reference: "<law-id> <unit-id>"``, in the wording in force
from that date) and quotes its ``words``.  ``tests/test_parameters.py`` checks that the
words, and the number in them, are in that wording of that unit.

Dates: a value's ``since`` is an act id of ``vigencia.yaml`` (the law itself or an amending
act: the date is defined there once, with its legal basis and assumptions) or an ISO date.
``value: null`` ends a parameter (the amending act removed the rule).

Units are the law's: R$ ("BRL"), UFIRAC (Acre, value fixed yearly), % of the MVR (São
Paulo, an extinct index), multiples of Vb (Recife), days, business days, hours, months,
years, percent, counts, dates (a deadline the law fixes on the calendar).  A value may use another unit than its parameter (Pernambuco's
5-day CRC completion period was calendar days until 2020, business days after).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

import yaml

# libyaml's safe loader when PyYAML was built with it (10x faster), the pure-Python one otherwise.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

from ..citations import Cite
from ..places import PLACES
from ..vigencia import PE_LEI_17107, PE_LEI_17406, act, acts

PARAMETERS_DIR = Path(__file__).parent

UNITS = {"BRL", "UFIRAC", "MVR_PCT", "VB", "DAYS", "BUSINESS_DAYS", "HOURS", "MONTHS", "YEARS", "PERCENT", "COUNT", "DATE"}

# Entry-into-force dates, for rules that branch on a law's or an act's date (from vigencia.yaml).
PE_IN_FORCE, SP_IN_FORCE, AC_IN_FORCE, RECIFE_IN_FORCE = (PLACES[place_id].in_force for place_id in ("pe", "sp", "ac", "recife"))
LEI_17107 = act(PE_LEI_17107).in_force
LEI_17406 = act(PE_LEI_17406).in_force


class NotInForce(LookupError):
    """No value on that date: before the first value (the law did not apply yet) or after the rule ended."""


class ParameterError(ValueError):
    """A parameter file is malformed (checked at load time, so a typo fails the build)."""


@dataclass(frozen=True)
class Value:
    since: date
    value: Decimal | int | date
    cite: Cite
    unit: str = ""  # the value's unit (the parameter's unless the value says otherwise)
    words: str = ""  # the statute's words the value comes from
    until: date | None = None  # last day in force (None: still in force)
    changed_by: str | None = None  # the amending act that set this value ("Lei 17.107/2020")
    maximum: bool = False  # the law sets a ceiling ("até 90 dias"), not a fixed amount
    note: str = ""


@dataclass(frozen=True)
class Parameter:
    id: str
    description: str
    unit: str  # BRL | UFIRAC | MVR_PCT | VB | DAYS | BUSINESS_DAYS | HOURS | MONTHS | YEARS | PERCENT | COUNT | DATE
    values: tuple[Value, ...]
    source: str = ""  # the YAML file, relative to knowledge/parameters

    def at(self, when: date) -> Value:
        for value in self.values:
            if value.since <= when and (value.until is None or when <= value.until):
                return value
        raise NotInForce(f"{self.id}: nenhum valor em vigor em {when.isoformat()}")

    def latest(self) -> Value:
        return self.values[-1]

    def in_force_on(self, when: date) -> bool:
        try:
            self.at(when)
        except NotInForce:
            return False
        return True


def _since(raw, where: str) -> tuple[date, str | None]:
    """A value's start: an ISO date, or an act id from vigencia.yaml (then also the amending act)."""
    if isinstance(raw, date):
        return raw, None
    if isinstance(raw, str) and raw in acts():
        found = act(raw)
        return found.in_force, (found.short if found.amends else None)
    raise ParameterError(f"{where}: 'since' deve ser uma data ou um ato de vigencia.yaml, não {raw!r}")


def _number(raw, unit: str, where: str) -> Decimal | int | date:
    if unit == "DATE":
        if not isinstance(raw, date):
            raise ParameterError(f"{where}: data inválida {raw!r}")
        return raw
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise ParameterError(f"{where}: valor inválido {raw!r}")
    if unit == "BRL":
        return Decimal(str(raw)).quantize(Decimal("0.01"))
    if isinstance(raw, float) and not raw.is_integer():
        return Decimal(str(raw))
    return int(raw)


def _reference(raw: str, where: str) -> Cite:
    parts = str(raw).split()
    if len(parts) != 2:
        raise ParameterError(f"{where}: 'reference' deve ser '<lei> <dispositivo>', não {raw!r}")
    return Cite(parts[0], parts[1])


def _parameter(pid: str, entry: dict, source: str) -> Parameter:
    unit = entry.get("unit")
    if unit not in UNITS:
        raise ParameterError(f"{source} {pid}: unidade desconhecida {unit!r}")
    raw_values = entry.get("values") or []
    starts = []
    for index, raw in enumerate(raw_values):
        where = f"{source} {pid} [{index}]"
        since, changed_by = _since(raw.get("since"), where)
        starts.append((since, changed_by, raw, where))
    if [s for s, *_ in starts] != sorted(s for s, *_ in starts) or len({s for s, *_ in starts}) != len(starts):
        raise ParameterError(f"{source} {pid}: valores fora de ordem de data ou repetidos")
    values = []
    for index, (since, changed_by, raw, where) in enumerate(starts):
        if raw.get("value") is None:
            continue  # the rule ends here: the previous value gets an 'until'
        next_start = starts[index + 1][0] if index + 1 < len(starts) else None
        value_unit = raw.get("unit", unit)
        if value_unit not in UNITS:
            raise ParameterError(f"{where}: unidade desconhecida {value_unit!r}")
        values.append(
            Value(
                since=since,
                value=_number(raw["value"], value_unit, where),
                cite=_reference(raw["reference"], where),
                unit=value_unit,
                words=" ".join(str(raw.get("words", "")).split()),
                until=date.fromordinal(next_start.toordinal() - 1) if next_start else None,
                changed_by=raw.get("changed_by", changed_by),
                maximum=bool(raw.get("maximum", False)),
                note=" ".join(str(raw.get("note", "")).split()),
            )
        )
    if not values:
        raise ParameterError(f"{source} {pid}: nenhum valor")
    return Parameter(pid, " ".join(str(entry["description"]).split()), unit, tuple(values), source)


@lru_cache(maxsize=1)
def load_parameters(directory: Path = PARAMETERS_DIR) -> dict[str, Parameter]:
    out: dict[str, Parameter] = {}
    for path in sorted(directory.glob("*/*.yaml")):
        source = str(path.relative_to(directory))
        place = path.parent.name
        for pid, entry in (yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}).items():
            if not pid.startswith(f"{place}."):
                raise ParameterError(f"{source}: o id {pid!r} deve começar por '{place}.'")
            if pid in out:
                raise ParameterError(f"{source}: id repetido {pid!r} (também em {out[pid].source})")
            out[pid] = _parameter(pid, entry, source)
    return out


PARAMETERS: dict[str, Parameter] = load_parameters()


def param(pid: str, when: date) -> Value:
    """The value of a parameter on a date, its citation dated to that date (links open that wording).

    Kept per (parameter, date): both are frozen, and the status rules ask the same few on every
    plate checked (issue #32).  A date not in force raises every time (nothing kept)."""
    key = (pid, when.__class__, when)
    found = _ON_DATE.get(key)
    if found is None:
        value = PARAMETERS[pid].at(when)
        found = replace(value, cite=value.cite.at(when))
        if len(_ON_DATE) >= _ON_DATE_MAX:
            _ON_DATE.clear()
        _ON_DATE[key] = found
    return found


_ON_DATE: dict[tuple, Value] = {}
_ON_DATE_MAX = 20_000  # a bound: a few dozen parameters asked on a few days each
