"""The one module that answers "unit U of law L on date D" (multivigência).

Ask here — the law reader, the citations, the flows, the assistant and the API all do —
for anything about the wording of a unit on a date:

- :func:`wording_at` ``(law, unit, when)`` → :class:`UnitVersion`: the wording in force
  that day (``text``), the days it was in force (``since``, ``until``), the act that gave it
  (``changed_by``) and the one that ended it (``replaced_by``); None if the unit did not
  exist then;
- :func:`versions` ``(law, unit)``: every wording the unit had, oldest first;
- :func:`previous_wordings` ``(law, unit)``: the wordings the reader's history shows under the unit
  that carries the statute's "Redação Anterior" notes, each once, oldest first, with its days;
- :func:`law_on` ``(law, when)`` → :class:`DatedLaw`: the whole law as it stood (the reader);
- :func:`exists_on` ``(cite, when)``: may a statement dated ``when`` cite that unit?
- :func:`cite_on` ``(cite, when)``: the citation dated ``when``, flagged as a previous
  wording when an act that took effect later rewrote the unit (``citations.as_of``);
- :func:`change_dates` ``(law)``: the days the law's text changed; :func:`in_force`,
  :func:`act_of`: when a law or the act behind an amendment took effect.

How it is done, in the modules under this one (call them through here): each law's text
changes on the days its amending acts take effect (``vigencia.py`` reads them from
``parameters/vigencia.yaml``).  Between two such days the whole law has one wording:
:func:`law_on` builds it once per period by rewinding every unit to the period's first
day (``rewind.py``, from the notes the statute prints; ``previous_wordings.py`` is where
the parser files each "Nota: Redação Anterior" under its unit).  A unit's timeline then
reads its text in each period and merges the periods in which it did not change.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from functools import lru_cache

from .corpus import load_law
from .laws import LAWS, law_info
from .rewind import act_date, toc_on, unit_on
from .units import Amendment, Law, Unit
from .vigencia import Act, act_named, amendments_of, in_force

__all__ = [
    "DatedLaw", "LawNotInForce", "UnitVersion", "act_of", "change_dates", "cite_on", "dated_units_count", "exists_on",
    "in_force", "law_on", "previous_wordings", "rewritten_after", "versions", "wording_at",
]


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


# -- dates --------------------------------------------------------------------------


def act_of(amendment: Amendment) -> tuple[date | None, Act | None]:
    """When the act behind a statute's amendment note took effect, and the act as
    ``vigencia.yaml`` lists it (None when it is not listed: then the date printed in the note)."""
    return act_date(amendment), act_named(amendment.act)


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


def previous_wordings(law_id: str, unit: Unit) -> list[UnitVersion]:
    """The previous wordings the reader shows under ``unit`` (today's unit, which carries the statute's
    "Nota: Redação Anterior" blocks): each once, oldest first, with the days it was in force and the acts
    that gave and ended it.

    A note read as one entry is one wording: its own words are shown (a rewritten sentence whose units keep
    their own notes).  A note holding older notes nested in it (Pernambuco art. 11: the 2020 wording, and
    inside it, after each unit the 2020 act rewrote, that unit's original wording) is not one wording per
    block — read block by block it interleaved the two (issue #31) — so each wording is the unit as it
    stood in each period (:func:`versions`)."""
    if not unit.history:
        return []
    previous = [v for v in versions(law_id, unit.id) if v.until is not None and v.known]
    if any(entry.nested for entry in unit.history) or len(unit.history) != len(previous):
        return previous
    # One entry per wording: the notes in the order of the acts that replaced them (the statute prints newest first).
    entries = sorted(unit.history, key=lambda entry: _replaced_on(entry.replaced_by))
    return [replace(version, text=entry.text) for version, entry in zip(previous, entries)]


def _replaced_on(act_name: str | None) -> date:
    found = act_named(act_name) if act_name else None
    return found.in_force if found else date.max


def wording_at(law_id: str, unit_id: str, when: date) -> UnitVersion | None:
    """The wording of a unit in force on ``when``; None if the unit (or the law) did not exist then."""
    for version in versions(law_id, unit_id):
        if version.since <= when and (version.until is None or when <= version.until):
            return version
    return None


def exists_on(cite, when: date | None = None) -> bool:
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


# -- citations dated to the facts ---------------------------------------------------


def rewritten_after(unit: Unit, when: date) -> bool:
    """Was ``unit`` (of today's text), or a unit enclosing it, rewritten by an act that took
    effect after ``when``?  Then a statement about facts of ``when`` rests on its previous
    wording.  Acts that only added a unit or renumbered one do not count: the wording of the
    cited unit itself did not change."""
    return any(
        amendment.change == "redação" and (effective := act_date(amendment)) is not None and effective > when
        for enclosing in [unit, *unit.ancestors()]
        for amendment in enclosing.amendments
    )


def cite_on(cite, when: date):
    """The citation ``cite`` (a :class:`~knowledge.citations.Cite`) dated ``when``, flagged as a
    previous wording when the unit was rewritten after that day (:func:`rewritten_after`).

    A citation already built as a previous wording (a unit that exists only in an old
    wording, like Pernambuco's old Anexo I, III, f) stays one.  Units that did not exist yet
    are the rules' business (they must not cite them; :func:`exists_on` tells).
    """
    if cite.previous:
        return cite.at(when, previous=True)
    _, unit = cite.resolve()
    return cite.at(when, previous=rewritten_after(unit, when))
