"""Rewinding a unit to a date: its wording before the amendments that came later.

The parser keeps, for each unit, its wording in force and the notes the statute prints
about it: the amending act that rewrote or added it ("Redação do inciso dada pela Lei Nº
17107 DE 13/11/2020", "Parágrafo acrescentado pela …") and each "Nota: Redação Anterior"
as a previous wording (``previous_wordings.py``).  :func:`unit_on` undoes, for one
unit and everything under it, the changes made after a date:

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
  Decreto 61.694/2015) has an unknown text before the act: its id is added to
  ``unknown`` and the portal says so instead of showing today's text as if it were then.

An act's date is its entry into force from ``parameters/vigencia.yaml`` (the date in
the note when the act is not listed there).  ``history.py`` builds every law's dated
snapshots and unit timelines on top of this module, and is the only module that imports
it: everything else asks ``history`` (``tests/test_wording_on_a_date.py`` checks).
"""

from __future__ import annotations

from datetime import date

from .parser import build_tree
from .previous_wordings import names_whole_unit
from .units import Amendment, Division, Law, Unit
from .vigencia import act_named

NOTA = "Nota: Redação Anterior:"


def act_date(amendment: Amendment) -> date | None:
    """When the amendment took effect (vigencia.yaml; else the date in the statute's note)."""
    found = act_named(amendment.act)
    return found.in_force if found else amendment.act_date


def _act_short(name: str | None) -> str | None:
    if not name:
        return None
    found = act_named(name)
    return found.short if found else name


# -- reading a previous wording -----------------------------------------------------


def _parse_old(law: Law, unit: Unit, blocks: list[str]) -> Unit | None:
    """A previous wording (one or more blocks, possibly with nested notes) as a unit tree."""
    if unit.parent is None:
        top_units = build_tree(law.info, blocks).top_units
        return top_units[0] if top_units else None
    # Not an article: parse it under a placeholder article and take the unit out.
    holder = build_tree(law.info, ["Art. 1º ·"] + blocks).top_units
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
        amendments=[a for a in unit.amendments if (act_date(a) or date.min) <= when],
        history=[],
        closing=unit.closing,
        title=unit.title,
        table=[list(row) for row in unit.table],
        vetoed=unit.vetoed,
        prefix=unit.prefix,
        order=unit.order,
    )


def unit_on(law: Law, unit: Unit, when: date, parent: Unit | None, unknown: set[str]) -> Unit | None:
    """The unit as it stood on ``when`` (None: it did not exist), its children included."""
    dated = [(d, a) for a in unit.amendments if (d := act_date(a)) is not None]
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
        whole = amendment.announced or (unit.parent is None and any(names_whole_unit(a) for a in unit.amendments))
        if blocks is None:
            unknown.add(_unit_id(unit, parent))
            copy = _copy(unit, parent, when, text=f"[redação anterior, substituída por {_act_short(amendment.act)}: não consta do texto de referência]")
            copy.children = [] if whole else _children(law, unit, when, copy, unknown)
            return copy
        old = _parse_old(law, unit, blocks)
        if old is None:  # pragma: no cover - every previous wording in the corpus parses
            raise ValueError(f"{law.id} {unit.id}: redação anterior ilegível")
        if whole:
            dated = unit_on(law, old, when, parent, unknown)
            if dated is not None and unit.parent is None:
                dated.headings, dated.order = list(unit.headings), unit.order
            return dated
        copy = _copy(old, parent, when)
        copy.amendments = [a for a in old.amendments if (act_date(a) or date.min) <= when]
        # ``old`` may itself carry an older note (a rewritten sentence rewritten again).
        if any((act_date(a) or date.min) > when for a in old.amendments):
            inner = unit_on(law, old, when, parent, unknown)
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
        dated = unit_on(law, child, when, parent, unknown)
        if dated is not None:
            out.append(dated)
    return out


def _unit_id(unit: Unit, parent: Unit | None) -> str:
    probe = Unit(law_id=unit.law_id, kind=unit.kind, number=unit.number, marker="", parent=parent, prefix=unit.prefix)
    return probe.id


# -- the table of contents on a date -------------------------------------------------


def toc_on(items: list, mapping: dict[int, Unit], start: date) -> list:
    """The headings as they read on ``start``, holding the top units ``mapping`` kept (old id() → dated unit)."""
    out: list = []
    for item in items:
        if isinstance(item, Division):
            children = toc_on(item.children, mapping, start)
            title, previous = item.title, list(item.previous_titles)
            changed = [d for a in item.title_amendments if (d := act_date(a)) is not None]
            if previous and changed and start < min(changed):
                title, previous = previous[-1], previous[:-1]  # the heading as it read before the act
            if children or not item.children:
                out.append(Division(kind=item.kind, number=item.number, title=title, previous_titles=previous, children=children))
        elif id(item) in mapping:
            out.append(mapping[id(item)])
    return out
