"""Rules the law changed on a date, as one formula per period (as OpenFisca's dated formulas).

A flow does not write ``if when < LEI_17107``: it declares the formulas of a rule, each with the act
of ``knowledge/parameters/vigencia.yaml`` that made it the law, and calls the rule with the date
of the facts; the formula in force that day answers.  Adding an amendment is a new formula
registered with the new act's id, not one more branch in every rule it touches.
"""

from __future__ import annotations

from datetime import date
from typing import Callable

from ..vigencia import act


class NotYetLaw(LookupError):
    """No formula of the rule was in force on the date asked."""


class Dated:
    """A rule with one formula per period; ``rule(answers, when, …)`` runs the one in force on ``when``."""

    def __init__(self, name: str, doc: str = "") -> None:
        self.name = name
        self.__doc__ = doc or name
        self._formulas: list[tuple[date, str, Callable]] = []

    def since(self, act_id: str) -> Callable[[Callable], Callable]:
        """Register the formula in force from the act ``act_id`` (an id of vigencia.yaml) on."""

        def register(formula: Callable) -> Callable:
            self._formulas.append((act(act_id).in_force, act_id, formula))
            self._formulas.sort(key=lambda item: item[0])
            return formula

        return register

    def formula(self, when: date) -> Callable:
        chosen = [formula for start, _act, formula in self._formulas if start <= when]
        if not chosen:
            raise NotYetLaw(f"{self.name}: nenhuma fórmula em vigor em {when.isoformat()}")
        return chosen[-1]

    def __call__(self, a: dict, when: date, *args, **kwargs):
        return self.formula(when)(a, when, *args, **kwargs)

    def periods(self) -> list[tuple[date, str]]:
        """(first day, act id) of each formula, oldest first (for tests: every period has a legal case)."""
        return [(start, act_id) for start, act_id, _formula in self._formulas]


def since(act_id: str) -> Callable[[dict, date], bool]:
    """A node condition "the date of facts is on or after the act ``act_id``", for a ``Go`` branch.

    The date is the answer of the flow's date question, read by ``Flow.facts_date``'s field."""
    start = act(act_id).in_force

    def holds(when: date | None) -> bool:
        return isinstance(when, date) and when >= start

    return holds


def in_force_since(act_id: str) -> date:
    return act(act_id).in_force
