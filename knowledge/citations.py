"""Citations: which unit of which law a legal statement comes from, on which date.

Every statement the product makes (a wizard outcome, a fine, a deadline, a
document) carries :class:`Cite` objects.  They are plain data here; the web layer
turns them into labels and links.  The tests resolve every citation a wizard outcome or a
parameter can produce (``tests/flows/test_all_flows.py``, ``tests/test_parameters.py``),
so a typo in a unit id fails the build.

A citation may carry the date of the facts (``on``): the statement rests on the
wording in force that day.  When that wording is a previous one (a "Nota: Redação
Anterior" block) the unit may not exist in today's text at all — Pernambuco's old
Anexo I, III, f) (individual tickets, grave) has no alínea f today.  Such a
citation resolves to the nearest unit that exists today, and its label says it
is the previous wording; :meth:`Cite.previous_wording` tells whether it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date

from .history import cite_on
from .places import PLACES
from .text import N_  # noqa: F401  (re-exported: the rules import N_ from here, beside Cite)
from .units import int_to_roman

# The place's law, for the short constructors below (pe("art-3") …).
PE, SP, AC, RECIFE = (PLACES[place_id].law_id for place_id in ("pe", "sp", "ac", "recife"))


@dataclass(frozen=True, order=True)
class Cite:
    law: str
    unit: str
    # The date of the facts the statement is about: the citation is to the wording in force
    # that day, and its link opens that version (``?data=``).  Not part of equality: the
    # same unit cited for two dates is the same unit.
    on: date | None = field(default=None, compare=False)
    # True when the cited wording is a previous one (replaced after ``on``).
    previous: bool = field(default=False, compare=False)

    def at(self, when: date | None, *, previous: bool = False) -> "Cite":
        """This citation, to the wording in force on ``when`` (the date of the facts); ``previous``
        marks a wording replaced since."""
        return replace(self, on=when, previous=previous)

    def resolve(self):
        """(law, unit) of the unit in today's tree; for a previous-wording unit, its nearest existing ancestor."""
        from .corpus import UnknownUnit, resolve

        try:
            return resolve(self.law, self.unit)
        except UnknownUnit:
            if not self.previous:
                raise
            parent = self.unit.rsplit("/", 1)[0] if "/" in self.unit else None
            if parent is None:
                raise
            law, unit = resolve(self.law, parent)
            leaf = self.unit.rsplit("/", 1)[1]
            marker, _ = _leaf(leaf)
            texts = [h.text for u in [unit] + unit.ancestors() for h in u.history]
            if marker is None or not any(re.search(rf"(?m)^{re.escape(marker)}\s", t) for t in texts):
                raise
            return law, unit

    @property
    def label(self) -> str:
        law, unit = self.resolve()
        label = law.citation(unit)
        if unit.id != self.unit:
            label += ", " + _leaf(self.unit.rsplit("/", 1)[1])[1]
        if self.previous:
            label += " (redação anterior)"
        return label

    @property
    def link_unit(self) -> str:
        """The unit id to link to in the law reader (exists in today's tree)."""
        return self.resolve()[1].id


def as_of(cite: Cite, when: date) -> Cite:
    """The citation dated ``when``, flagged as previous wording if the unit (or an enclosing
    unit) was rewritten by an act that took effect after ``when`` — asked of
    ``history.cite_on``, the one module for the wording of a unit on a date."""
    return cite_on(cite, when)


def distinct(cites) -> list[Cite]:
    """The citations in order, each unit once — by (law, unit), what Cite equality compares, kept in a set
    (a list scan is quadratic in the citations of an outcome, issue #32)."""
    keys: set[tuple[str, str]] = set()
    out: list[Cite] = []
    for cite in cites:
        if (cite.law, cite.unit) not in keys:
            keys.add((cite.law, cite.unit))
            out.append(cite)
    return out


def _leaf(segment: str) -> tuple[str | None, str]:
    """The marker printed before a unit of a previous wording ("f)", "IV -") and its label
    ("alínea f", "inciso IV"), from the last segment of its id; no marker for other kinds."""
    kind, _, value = segment.partition("-")
    if kind == "ali":
        return f"{value})", f"alínea {value}"
    if kind == "inc":
        roman = int_to_roman(int(value))
        return f"{roman} -", f"inciso {roman}"
    return None, segment


def pe(unit: str, on: date | None = None, previous: bool = False) -> Cite:
    return Cite(PE, unit, on, previous)


def sp(unit: str, on: date | None = None, previous: bool = False) -> Cite:
    return Cite(SP, unit, on, previous)


def ac(unit: str, on: date | None = None, previous: bool = False) -> Cite:
    return Cite(AC, unit, on, previous)


def recife(unit: str, on: date | None = None, previous: bool = False) -> Cite:
    return Cite(RECIFE, unit, on, previous)
