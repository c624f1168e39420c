"""What the assistant exchanges with the web layer: the ports it uses, the state it keeps, the reply.

The web layer implements :class:`Ports` (search, registry lookup, links, translation,
the place's date) and keeps :class:`State` between turns; the assistant returns a
:class:`Reply`.  Nothing here knows Flask, a database or the search engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from ..citations import Cite
from ..flows.engine import Statement
from ..places import PLACES

MAX_HISTORY = 40


@dataclass
class Hit:
    law: str
    unit: str
    label: str
    snippet: str  # HTML with <mark>
    score: float
    units: list = field(default_factory=list)  # (unit id, score) of every matching unit of the article, best first


class Ports(Protocol):
    """What the assistant may use; the web layer provides it."""

    def search(self, query: str, jurisdiction: str | None, limit: int) -> list[Hit]: ...
    def lookup(self, plate: str) -> dict: ...
    def wizard_url(self, flow: str, answers: dict, result: bool = False) -> str: ...
    def consulta_url(self, plate: str) -> str: ...
    def denuncia_url(self, **prefill) -> str: ...
    def search_url(self, query: str, jurisdiction: str | None) -> str: ...
    def unit_url(self, law: str, unit: str, on: date | None = None) -> str: ...
    def translate(self, text: str) -> str: ...
    def say(self, statement: Statement) -> str: ...
    def today(self) -> date: ...


@dataclass
class State:
    """Everything kept between turns (deleted when the conversation expires)."""

    wizard: str | None = None
    answers: dict = field(default_factory=dict)
    pending_query: str | None = None
    jurisdiction: str | None = None
    history: list[dict] = field(default_factory=list)
    # The law question last answered (in Portuguese): a follow-up naming only a place asks it again
    # there ("e em SP?"), a short one completes it ("e se for micro-ônibus?").
    last_query: str | None = None
    # A story told without its place: read once the place is given (the reply asked "onde aconteceu?").
    pending_report: str | None = None

    def to_dict(self) -> dict:
        return {"wizard": self.wizard, "answers": self.answers, "pending_query": self.pending_query, "jurisdiction": self.jurisdiction,
                "history": self.history[-MAX_HISTORY:], "last_query": self.last_query, "pending_report": self.pending_report}

    @classmethod
    def from_dict(cls, data: dict | None) -> "State":
        data = data or {}
        return cls(data.get("wizard"), dict(data.get("answers") or {}), data.get("pending_query"), data.get("jurisdiction"),
                   list(data.get("history") or []), data.get("last_query"), data.get("pending_report"))


@dataclass
class Reply:
    texto: str
    intencao: str
    citations: list[Cite] = field(default_factory=list)
    acoes: list[dict] = field(default_factory=list)
    pergunta: dict | None = None
    fora_do_escopo: bool = False
    sugestoes: list[str] = field(default_factory=list)
    # A law answer's calibrated confidence that the unit stated answers (confidence.py); None elsewhere.
    confianca: float | None = None
    # The answer says the law fixes no such value (it leaves it to a regulation, or its number only divides
    # cases): the unit cited says what the law does instead of the number asked.
    lei_nao_fixa: bool = False


def place_of_law(law_id: str) -> str:
    """The place whose law this is (knowledge/places.py)."""
    return next(p.id for p in PLACES.values() if p.law_id == law_id)


def in_place(translate, place_id: str) -> str:
    """ "No Acre", "Em Pernambuco" at the start of a sentence, in the interface language."""
    said = translate(PLACES[place_id].in_name)
    return said[:1].upper() + said[1:]
