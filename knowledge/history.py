"""The text of every unit on any date (multivigência).

The parser keeps, for each unit, its wording in force and the notes the statute prints
about it: the amending act that rewrote or added it ("Redação do inciso dada pela Lei Nº
17107 DE 13/11/2020", "Parágrafo acrescentado pela …") and each "Nota: Redação Anterior"
as a previous wording.  This module turns that into dated versions:

- a unit rewritten by an act on date D shows its previous wording before D.  When the
  act announced the unit on its own line, or rewrote a whole article or annex, the
  previous wording replaces the whole subtree (units that exist only in the new wording
  did not exist before D, and units that exist only in the old one — Pernambuco's old
  art. 10, I — existed until D); a note at the end of the unit's sentence replaces that
  sentence only, and the units under it keep their own history;
- a previous wording may itself carry notes (Pernambuco art. 11: the 2021 wording, the
  2020 wording under its note, the original under the 2020 one's), read the same way;
- a unit added by an act did not exist before it (art. 29-A before 13/11/2020);
- a paragraph renumbered by an act ("Antigo parágrafo único renumerado") was the
  parágrafo único before it;
- a unit rewritten by an act whose previous wording the corpus does not print (São Paulo's
  Decreto 61.694/2015) has an unknown text before the act: :attr:`UnitVersion.known` is
  False and the portal says so instead of showing today's text as if it were then.

Entry into force comes from ``parameters/vigencia.yaml`` (one date per law and per act).

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
from .parser import Law, _TreeBuilder
from .units import Amendment, Division, PreviousWording, Unit
from .vigencia import act_named, amendments_of, in_force

NOTA = "Nota: Redação Anterior:"


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


def _act_date(amendment: Amendment) -> date | None:
    found = act_named(amendment.act)
    return found.in_force if found else amendment.act_date


def _act_short(name: str | None) -> str | None:
    if not name:
        return None
    found = act_named(name)
    return found.short if found else name


def change_dates(law_id: str) -> list[date]:
    """The days the law's text changed: its entry into force, then each amending act's."""
    dates = [in_force(law_id)] + [a.in_force for a in amendments_of(law_id)]
    return sorted(set(dates))


def _epoch(law_id: str, when: date) -> date:
    starts = [d for d in change_dates(law_id) if d <= when]
    if not starts:
        raise LawNotInForce(f"{law_id} não estava em vigor em {when.isoformat()}")
    return starts[-1]


# -- reading a previous wording -----------------------------------------------------


def _parse_old(law: Law, unit: Unit, blocks: list[str]) -> Unit | None:
    """A previous wording (one or more blocks, possibly with nested notes) as a unit tree."""
    if unit.parent is None:
        top_units = _TreeBuilder(law.info, blocks).build().top_units
        return top_units[0] if top_units else None
    # Not an article: parse it under a placeholder article and take the unit out.
    holder = _TreeBuilder(law.info, ["Art. 1º ·"] + blocks).build().top_units
    if not holder or not holder[0].children:
        return None
    return holder[0].children[0]


def _previous(unit: Unit, act_name: str) -> list[str] | None:
    """The blocks of the wording the act replaced (a nested note is kept as one note)."""
    entries = unit.history
    for index, entry in enumerate(entries):
        if entry.nested or entry.replaced_by not in (act_name, None):
            continue
        blocks = entry.text.split("\n")
        for later in entries[index + 1 :]:
            if not later.nested:
                break
            blocks += [NOTA] + later.text.split("\n")
        return blocks
    return None


# -- a unit on a date ---------------------------------------------------------------


def _copy(unit: Unit, parent: Unit | None, when: date, **changes) -> Unit:
    return Unit(
        law_id=unit.law_id,
        kind=changes.get("kind", unit.kind),
        number=changes.get("number", unit.number),
        marker=changes.get("marker", unit.marker),
        text=changes.get("text", unit.text),
        parent=parent,
        headings=list(unit.headings),
        amendments=[a for a in unit.amendments if (_act_date(a) or date.min) <= when],
        history=[],
        closing=unit.closing,
        title=unit.title,
        table=[list(row) for row in unit.table],
        vetoed=unit.vetoed,
        prefix=unit.prefix,
        order=unit.order,
    )


class _Unknown(Exception):
    """The wording on that date is not in the corpus."""


def _on(law: Law, unit: Unit, when: date, parent: Unit | None, unknown: set[str]) -> Unit | None:
    """The unit as it stood on ``when`` (None: it did not exist), its children included."""
    dated = [(d, a) for a in unit.amendments if (d := _act_date(a)) is not None]
    later = [(d, a) for d, a in dated if d > when]
    if later:
        # The wording printed is from a later act: undo the earliest change after ``when``
        # (older wordings are reached by recursion into the previous wording).
        latest_date = max(d for d, _ in dated)
        amendment = next(a for d, a in dated if d == latest_date)
        if amendment.change == "acréscimo":
            return None
        if amendment.change == "renumeração":
            renumbered = _copy(unit, parent, when, number="unico", marker="Parágrafo único.")
            renumbered.amendments = []
            renumbered.children = _children(law, unit, when, renumbered, unknown)
            return renumbered
        blocks = _previous(unit, amendment.act)
        whole = amendment.announced or (unit.parent is None and any("artigo" in a.note.lower() or "anexo" in a.note.lower() for a in unit.amendments))
        if blocks is None:
            unknown.add(_unit_id(unit, parent))
            copy = _copy(unit, parent, when, text=f"[redação anterior, substituída por {_act_short(amendment.act)}: não consta do texto de referência]")
            copy.children = [] if whole else _children(law, unit, when, copy, unknown)
            return copy
        old = _parse_old(law, unit, blocks)
        if old is None:  # pragma: no cover - every previous wording in the corpus parses
            raise ValueError(f"{law.id} {unit.id}: redação anterior ilegível")
        if whole:
            dated = _on(law, old, when, parent, unknown)
            if dated is not None and unit.parent is None:
                dated.headings, dated.order = list(unit.headings), unit.order
            return dated
        copy = _copy(old, parent, when)
        copy.amendments = [a for a in old.amendments if (_act_date(a) or date.min) <= when]
        # ``old`` may itself carry an older note (a rewritten sentence rewritten again).
        if any((_act_date(a) or date.min) > when for a in old.amendments):
            inner = _on(law, old, when, parent, unknown)
            if inner is None:
                return None
            copy.text, copy.marker = inner.text, inner.marker
        # An old wording that carried its own list (art. 11, "I - Anual:" and its alíneas)
        # keeps it; otherwise the units under it are today's, each with its own history.
        copy.children = _children(law, old if old.children else unit, when, copy, unknown)
        copy.closing = unit.closing
        return copy
    copy = _copy(unit, parent, when)
    copy.children = _children(law, unit, when, copy, unknown)
    return copy


def _children(law: Law, unit: Unit, when: date, parent: Unit, unknown: set[str]) -> list[Unit]:
    out = []
    for child in unit.children:
        dated = _on(law, child, when, parent, unknown)
        if dated is not None:
            out.append(dated)
    return out


def _unit_id(unit: Unit, parent: Unit | None) -> str:
    probe = Unit(law_id=unit.law_id, kind=unit.kind, number=unit.number, marker="", parent=parent, prefix=unit.prefix)
    return probe.id


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
        dated = _on(current, top, start, None, unknown)
        if dated is not None:
            tops.append(dated)
            mapping[id(top)] = dated
    info = replace(current.info, amended_by=tuple(a.name for a in amendments_of(law_id) if a.in_force <= start))
    law = Law(info=info, preamble=list(current.preamble), top_units=tops, signatures=list(current.signatures))
    law.toc = _toc(current.toc, mapping, start)
    law.by_id = {unit.id: unit for unit in law.units()}
    later = [d for d in change_dates(law_id) if d > start]
    until = later[0] - timedelta(days=1) if later else None
    return DatedLaw(law=law, since=start, until=until, unknown=frozenset(unknown))


def _toc(items: list, mapping: dict[int, Unit], start: date) -> list:
    out: list = []
    for item in items:
        if isinstance(item, Division):
            children = _toc(item.children, mapping, start)
            title, previous = item.title, list(item.previous_titles)
            changed = [d for a in item.title_amendments if (d := _act_date(a)) is not None]
            if previous and changed and start < min(changed):
                title, previous = previous[-1], previous[:-1]  # the heading as it read before the act
            if children or not item.children:
                out.append(Division(kind=item.kind, number=item.number, title=title, previous_titles=previous, children=children))
        elif id(item) in mapping:
            out.append(mapping[id(item)])
    return out


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
