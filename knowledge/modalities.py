"""The modalities of fretamento, defined once.

Pernambuco's Lei 16.205/2017, art. 3º, lists them (I to IV in the original wording;
V to VII — próprio, TFD, alunos — were added by Lei 17.107/2020); São Paulo's
Regulamento knows only contínuo and eventual (arts. 7º and 8º).  The ids are the ones
the operator registry stores (``modalidades``, separated by ``|``), the open data
publishes and the wizards answer with; the names are the Portuguese labels, marked for
translation.  Everything that lists, validates or names a modality reads it here:
the wizards, the registry import, the plate page, the passenger page, the open data
and the assistant.
"""

from __future__ import annotations

from dataclasses import dataclass

from .citations import N_


@dataclass(frozen=True)
class Modality:
    id: str
    name: str  # "Fretamento eventual" (a result, a plate page)
    label: str  # "Eventual" (an option in a list of modalities)
    pe_unit: str  # the inciso of Pernambuco's art. 3º that defines it
    added_by: str | None = None  # the act (knowledge/parameters/vigencia.yaml) that created it, if not the law itself


MODALITIES: tuple[Modality, ...] = (
    Modality("eventual", N_("Fretamento eventual"), N_("Eventual"), "art-3/inc-1"),
    Modality("turistico", N_("Fretamento turístico"), N_("Turístico"), "art-3/inc-2"),
    Modality("continuo", N_("Fretamento contínuo"), N_("Contínuo"), "art-3/inc-3"),
    Modality("social", N_("Fretamento social"), N_("Social"), "art-3/inc-4"),
    Modality("proprio", N_("Fretamento próprio"), N_("Próprio"), "art-3/inc-5", "pe-lei-17107-2020"),
    Modality("tfd", N_("Fretamento de TFD"), N_("TFD (tratamento fora do domicílio)"), "art-3/inc-6", "pe-lei-17107-2020"),
    Modality("alunos", N_("Fretamento de alunos"), N_("Alunos (exceto escolar)"), "art-3/inc-7", "pe-lei-17107-2020"),
)

BY_ID: dict[str, Modality] = {m.id: m for m in MODALITIES}
MODALITY_IDS: tuple[str, ...] = tuple(BY_ID)
# The names shown for a modality id (a result, the passenger page).
MODALITY_NAMES: dict[str, str] = {m.id: m.name for m in MODALITIES}
# The short labels (a list of options, the plate page).
MODALITY_LABELS: dict[str, str] = {m.id: m.label for m in MODALITIES}
# Modalities created by Lei 17.107/2020 (art. 3º, V to VII): none of them existed before 13/11/2020.
ADDED_BY_LEI_17107: tuple[str, ...] = tuple(m.id for m in MODALITIES if m.added_by == "pe-lei-17107-2020")
# São Paulo's Regulamento: contínuo (art. 7º) and eventual (art. 8º), most specific first.
SP_MODALITIES: tuple[str, ...] = ("continuo", "eventual")
