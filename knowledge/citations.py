"""Citations: which unit of which law a legal statement comes from.

Every statement the product makes (a wizard outcome, a fine, a deadline, a
document) carries :class:`Cite` objects.  They are plain data here; the web layer
turns them into labels and links.  ``tests/test_citations.py`` resolves every
citation the rules can produce, so a typo in a unit id fails the build.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

PE = "pe-lei-16205-2017"
SP = "sp-decreto-29912-1989"
AC = "ac-lei-2731-2013"
RECIFE = "recife-lei-16856-2003"


@dataclass(frozen=True, order=True)
class Cite:
    law: str
    unit: str
    # The date of the facts the statement is about: the citation is to the wording in force
    # that day, and its link opens that version (``?data=``).  Not part of equality: the
    # same unit cited for two dates is the same unit.
    on: date | None = field(default=None, compare=False)

    def at(self, when: date | None) -> "Cite":
        """This citation, to the wording in force on ``when`` (the date of the facts)."""
        return replace(self, on=when)

    def resolve(self):
        from .corpus import resolve

        return resolve(self.law, self.unit)

    @property
    def label(self) -> str:
        law, unit = self.resolve()
        return law.citation(unit)


def pe(unit: str) -> Cite:
    return Cite(PE, unit)


def sp(unit: str) -> Cite:
    return Cite(SP, unit)


def ac(unit: str) -> Cite:
    return Cite(AC, unit)


def recife(unit: str) -> Cite:
    return Cite(RECIFE, unit)


def N_(message: str) -> str:
    """Mark a Portuguese message for translation (extracted by Babel, translated by the portal)."""
    return message
