"""The text of every unit on any date (multivigência).

Each law's text changes on the days its amending acts take effect
(``parameters/vigencia.yaml``: one date per law and per act).  Between two such days
the whole law has one wording: :func:`law_on` builds it once per period, by rewinding
every unit to the period's first day (``rewind.py`` says how a unit is rewound from
the notes the statute prints).  A unit's timeline (:func:`versions`) then reads its
text in each period and merges the periods in which it did not change.

Public functions: :func:`wording_at` (one unit on one date), :func:`versions` (a unit's
timeline), :func:`law_on` (the whole law as it stood on a date, for the reader),
:func:`change_dates` and :func:`exists_on`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from functools import lru_cache

from .citations import Cite
from .corpus import load_law
from .laws import LAWS, law_info
from .rewind import toc_on, unit_on
from .units import Law, Unit
from .vigencia import amendments_of, in_force


class LawNotInForce(LookupError):
    """The date is before the law took effect."""


@dataclass(frozen=True)
class UnitVersion:
    """One wording of one unit and the days it was in force."""

    law_id: str
    unit_id: str
    text: str | None  # the unit with everything under it, markers included; None if unknown
    since: date  # vigente_desde
    until: date | None  # vigente_ate (None: in force today)
    changed_by: str | None  # the act that gave this wording ("Lei 17.107/2020"); None: original
    replaced_by: str | None  # the act that ended it
    citation: str  # "Lei 16.205/2017 (PE), art. 28, inciso IV"
    unit: Unit | None = None  # the unit as it stood (for rendering); None if unknown

    @property
    def known(self) -> bool:
        return self.text is not None

    @property
    def current(self) -> bool:
        return self.until is None

    def cite(self) -> Cite:
        return Cite(self.law_id, self.unit_id).at(self.since)


# -- dates --------------------------------------------------------------------------


def change_dates(law_id: str) -> list[date]:
    """The days the law's text changed: its entry into force, then each amending act's."""
    dates = [in_force(law_id)] + [a.in_force for a in amendments_of(law_id)]
    return sorted(set(dates))


def _epoch(law_id: str, when: date) -> date:
    starts = [d for d in change_dates(law_id) if d <= when]
    if not starts:
        raise LawNotInForce(f"{law_id} não estava em vigor em {when.isoformat()}")
    return starts[-1]


# -- the whole law on a date --------------------------------------------------------


@dataclass
class DatedLaw:
    """A law as it stood on a date: the same shape as a parsed :class:`Law`."""

    law: Law  # a Law whose units are the wording in force from ``since``
    since: date  # first day of this wording of the law
    until: date | None  # last day (None: the law as it is today)
    unknown: frozenset[str]  # units whose wording on that date is not in the corpus


@lru_cache(maxsize=None)
def _law_from(law_id: str, start: date) -> DatedLaw:
    current = load_law(law_id)
    unknown: set[str] = set()
    tops: list[Unit] = []
    mapping: dict[int, Unit] = {}
    for top in current.top_units:
        dated = unit_on(current, top, start, None, unknown)
        if dated is not None:
            tops.append(dated)
            mapping[id(top)] = dated
    info = replace(current.info, amended_by=tuple(a.name for a in amendments_of(law_id) if a.in_force <= start))
    law = Law(info=info, preamble=list(current.preamble), top_units=tops, signatures=list(current.signatures))
    law.toc = toc_on(current.toc, mapping, start)
    law.by_id = {unit.id: unit for unit in law.units()}
    later = [d for d in change_dates(law_id) if d > start]
    until = later[0] - timedelta(days=1) if later else None
    return DatedLaw(law=law, since=start, until=until, unknown=frozenset(unknown))



def law_on(law_id: str, when: date) -> DatedLaw:
    """The whole law as it stood on ``when``; raises :class:`LawNotInForce` before the law applied."""
    law_info(law_id)  # KeyError for an unknown law
    return _law_from(law_id, _epoch(law_id, when))


# -- one unit -----------------------------------------------------------------------


@lru_cache(maxsize=None)
def _timeline(law_id: str) -> dict[str, tuple[UnitVersion, ...]]:
    """Every unit id that ever existed → its versions, oldest first."""
    starts = change_dates(law_id)
    acts_by_date = {a.in_force: a.short for a in amendments_of(law_id)}
    rows: dict[str, list[tuple[date, str | None, Unit | None, str]]] = {}
    for start in starts:
        dated = _law_from(law_id, start)
        for unit in dated.law.units():
            known = unit.id not in dated.unknown
            rows.setdefault(unit.id, []).append((start, unit.full_text() if known else None, unit if known else None, dated.law.citation(unit)))
    out: dict[str, tuple[UnitVersion, ...]] = {}
    for unit_id, seen in rows.items():
        merged: list[list] = []
        for start, text, unit, citation in seen:
            contiguous = bool(merged) and _next_start(starts, merged[-1][1]) == start
            if contiguous and merged[-1][2] == text:
                merged[-1][1] = start
                continue
            merged.append([start, start, text, unit, citation])
        versions = []
        for index, (start, last_epoch, text, unit, citation) in enumerate(merged):
            following = _next_start(starts, last_epoch)
            until = following - timedelta(days=1) if following else None
            versions.append(
                UnitVersion(
                    law_id=law_id,
                    unit_id=unit_id,
                    text=text,
                    since=start,
                    until=until,
                    changed_by=acts_by_date.get(start),
                    replaced_by=acts_by_date.get(following) if following else None,
                    citation=citation,
                    unit=unit,
                )
            )
        out[unit_id] = tuple(versions)
    return out


def _next_start(starts: list[date], start: date) -> date | None:
    later = [d for d in starts if d > start]
    return later[0] if later else None


def versions(law_id: str, unit_id: str) -> list[UnitVersion]:
    """All the wordings a unit had, oldest first (empty if the unit never existed)."""
    law_info(law_id)
    return list(_timeline(law_id).get(unit_id, ()))


def wording_at(law_id: str, unit_id: str, when: date) -> UnitVersion | None:
    """The wording of a unit in force on ``when``; None if the unit (or the law) did not exist then."""
    for version in versions(law_id, unit_id):
        if version.since <= when and (version.until is None or when <= version.until):
            return version
    return None


def exists_on(cite: Cite, when: date | None = None) -> bool:
    """Does the cited unit exist, with a known wording, on ``when`` (default: the citation's date, else today)?"""
    when = when or cite.on
    if when is None:
        return cite.law in LAWS and cite.unit in load_law(cite.law).by_id
    version = wording_at(cite.law, cite.unit, when)
    return version is not None and version.known


def dated_units_count() -> int:
    """How many units have more than one version or a start after their law's (for reports)."""
    count = 0
    for law_id in LAWS:
        start = in_force(law_id)
        for history in _timeline(law_id).values():
            if len(history) > 1 or history[0].since > start or history[-1].until is not None:
                count += 1
    return count
