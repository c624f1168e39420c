"""The parsed statutes, loaded once per process.

Parsing all four texts takes a fraction of a second, so the portal parses them at
start-up from the copies shipped in ``knowledge/statutes`` (the project never
reads ``../shared``) and keeps the trees in memory for the life of the process.
"""

from __future__ import annotations

from functools import lru_cache

from .laws import LAWS, law_info
from .parser import parse_law
from .unit_questions import unit_questions
from .units import Law, Unit


@lru_cache(maxsize=None)
def load_law(law_id: str) -> Law:
    law = parse_law(law_info(law_id))
    law.questions = unit_questions(law_id)
    return law


def all_laws() -> list[Law]:
    return [load_law(law_id) for law_id in LAWS]


class UnknownUnit(LookupError):
    pass


def resolve(law_id: str, unit_id: str) -> tuple[Law, Unit]:
    """The unit a citation points to; raises UnknownUnit when it does not exist."""
    if law_id not in LAWS:
        raise UnknownUnit(f"lei desconhecida: {law_id}")
    law = load_law(law_id)
    try:
        return law, law.unit(unit_id)
    except KeyError:
        raise UnknownUnit(f"dispositivo inexistente: {law_id} {unit_id}") from None
