"""The four places the portal covers, defined once.

Everything that names a place — a complaint's jurisdiction, a plate's registry,
the assistant's "no Acre, …", the comparison table's columns — reads it here, so
that the name, its preposition, its law, its time zone and its regulator cannot
drift apart between modules.  Adding a fifth place starts with one entry here and
one in ``knowledge/laws.py``.

This module is data: it imports nothing that reads the time.  "Today" in a place is
``clock.today(place_id)`` (``knowledge/clock.py`` reads each place's zone here), so the
two modules depend one way only — places ← clock.

Prepositions follow Portuguese usage: "em Pernambuco", "em São Paulo", but
"no Acre" and "no Recife" (both take the article).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from zoneinfo import ZoneInfo

from .text import N_
from .vigencia import in_force


@dataclass(frozen=True)
class Place:
    id: str  # pe | sp | ac | recife — a public contract (URLs, API, stored complaints)
    name: str  # "Acre"
    in_name: str  # "no Acre": the name with its preposition, for sentences (a msgid: "in Acre", "en Acre")
    of_name: str  # "do Acre" (a msgid too)
    law_id: str
    timezone: str  # IANA zone: "today" for a rule is the place's date, not the server's
    # The regulator as the portal names it to a citizen: "EPTI — Empresa Pernambucana …".
    agency_acronym: str  # "EPTI": how complaints and stickers name it in short
    agency_name: str  # "Empresa Pernambucana de Transporte Intermunicipal"
    state: str  # the UF whose holidays count in its deadlines ("PE" for Recife too): working_days.py

    @property
    def agency(self) -> str:
        return f"{self.agency_acronym} — {self.agency_name}"

    @property
    def in_force(self) -> date:
        """First day the place's law applies (``parameters/vigencia.yaml``)."""
        return in_force(self.law_id)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)



PLACES: dict[str, Place] = {
    place.id: place
    for place in (
        Place("pe", "Pernambuco", N_("em Pernambuco"), N_("de Pernambuco"), "pe-lei-16205-2017", "America/Recife",
              "EPTI", "Empresa Pernambucana de Transporte Intermunicipal", "PE"),
        Place("sp", "São Paulo", N_("em São Paulo"), N_("de São Paulo"), "sp-decreto-29912-1989", "America/Sao_Paulo",
              "DER", "Departamento de Estradas de Rodagem", "SP"),
        Place("ac", "Acre", N_("no Acre"), N_("do Acre"), "ac-lei-2731-2013", "America/Rio_Branco",
              "AGEAC", "Agência Reguladora dos Serviços Públicos do Estado do Acre", "AC"),
        Place("recife", "Recife", N_("no Recife"), N_("do Recife"), "recife-lei-16856-2003", "America/Recife",
              "Prefeitura do Recife", "CMTT/Recife", "PE"),
    )
}

PLACE_IDS: tuple[str, ...] = tuple(PLACES)


def place(place_id: str) -> Place:
    try:
        return PLACES[place_id]
    except KeyError:
        raise KeyError(f"unknown place: {place_id!r}") from None
