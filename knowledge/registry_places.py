"""What each place's law registers, in its own words: the registry model per place.

One registry file holds the four places, but each law registers something else:

- **Pernambuco** (Lei 16.205/2017): the operator's CRC (Certificado de Registro
  Cadastral, art. 2º), issued by the EPTI, valid "por 1 (um) ano, a partir da data de
  sua emissão" (art. 8º), suspended or cancelled as a penalty (art. 23, III and IV), with
  the modalities of art. 3º.
- **São Paulo** (Decreto 29.912/1989): the Certificado de Registro of the DER, valid 5
  years (art. 21); its penalties know "cassação de registro" but no suspension (art.
  34); the vehicles are "ônibus rodoviários M3 ou micro-ônibus M2 e M3" (art. 19, VI);
  modalities contínuo and eventual (arts. 7º and 8º).
- **Recife** (Lei 16.856/2003): a permissão of the STCP/Recife delegated "somente à
  pessoa física" (art. 6º), with "um único veículo de propriedade do permissionário"
  (art. 3º, § 2º), recadastrada every year (art. 21); penalties up to "cassação da
  permissão" (art. 33, IV), no suspension.  No fretamento modalities: the service is
  the STCP itself (id ``stcp``).
- **Acre** (Lei 2.731/2013): a registro of the company (art. 61) and an autorização
  (art. 60, which may be "cassada"), its vehicles registered (art. 62) — the conditions
  of all three, and the vehicles' characteristics, are left to the regulation (art. 66).

The registry import (portal/storage/registry_import.py) validates each row by its
place's profile; the status rules (knowledge/vehicle_status.py) and the plate pages
speak the profile's vocabulary.  No Flask here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .citations import N_, Cite, ac, pe, recife, sp
from .modalities import MODALITY_IDS, SP_MODALITIES

# Recife's service is the STCP itself, not a modality of fretamento.
RECIFE_SERVICE = "stcp"
SERVICE_NAMES = {RECIFE_SERVICE: N_("STCP/Recife (transporte complementar de passageiros)")}


@dataclass(frozen=True)
class RegistryProfile:
    place: str
    registration: str  # the name of what is registered ("CRC", "Certificado de Registro", "Permissão")
    registration_cites: tuple[Cite, ...]
    holder: str  # who holds it ("Empresa", "Permissionário")
    states: dict[str, str]  # registry state id -> the law's word for it
    state_cites: dict[str, tuple[Cite, ...]]
    term_param: str | None  # the parameter of the registration's legal term, None when the law leaves it open
    modalities: tuple[str, ...]  # modality ids the import accepts for this place
    vehicle_types: tuple[str, ...]  # vehicle types the import records for this place
    person_only: bool = False  # the law delegates only to a natural person (CPF instead of CNPJ)


PROFILES: dict[str, RegistryProfile] = {
    "pe": RegistryProfile(
        "pe", N_("CRC (Certificado de Registro Cadastral)"), (pe("art-4"), pe("art-8")), N_("Empresa"),
        {"ativo": N_("ativo"), "suspenso": N_("suspenso"), "cancelado": N_("cancelado")},
        {"suspenso": (pe("art-23/inc-3"),), "cancelado": (pe("art-23/inc-4"),)},
        "pe.crc.validade.anos", MODALITY_IDS, ("onibus", "micro_onibus", "automovel"),
    ),
    "sp": RegistryProfile(
        "sp", N_("Certificado de Registro (DER)"), (sp("art-21"),), N_("Empresa"),
        {"ativo": N_("ativo"), "cancelado": N_("cassado")},
        {"cancelado": (sp("art-34/inc-5"),)},
        "sp.registro.validade.anos", SP_MODALITIES, ("onibus", "micro_onibus", "automovel"),
    ),
    "ac": RegistryProfile(
        "ac", N_("Registro e autorização (poder concedente)"), (ac("art-60"), ac("art-61")), N_("Empresa"),
        {"ativo": N_("ativo"), "suspenso": N_("suspenso"), "cancelado": N_("cassado")},
        {"suspenso": (ac("art-75/inc-4/ali-x"),), "cancelado": (ac("art-60/par-unico"),)},
        None, MODALITY_IDS, ("onibus", "micro_onibus", "automovel"),
    ),
    "recife": RegistryProfile(
        "recife", N_("Permissão (STCP/Recife)"), (recife("art-2"), recife("art-3/par-2")), N_("Permissionário"),
        {"ativo": N_("ativa"), "cancelado": N_("cassada")},
        {"cancelado": (recife("art-33/inc-4"),)},
        None, (RECIFE_SERVICE,), ("onibus", "micro_onibus", "automovel"), person_only=True,
    ),
}

# Why a state is refused for a place, in the import's per-line error: the text, and the unit
# that lists the place's penalties (said by its citation, ``refused_state_reason``).
STATE_REFUSED = {
    "sp": ("o Decreto não prevê suspensão do registro entre as penalidades (%(unidade)s): use ativo ou cancelado (cassação)", sp("art-34")),
    "recife": ("a Lei não prevê suspensão da permissão entre as penalidades (%(unidade)s): use ativo ou cancelado (cassação)", recife("art-33")),
}


def refused_state_reason(place: str) -> str:
    """Why ``place``'s law refuses a state its registry row gave, with the unit's citation."""
    text, cite = STATE_REFUSED[place]
    return text % {"unidade": cite.label}


# What a place's law knows as modalities, in the import's error for one it does not know.
MODALITIES_KNOWN = {
    "sp": ("contínuo e eventual (%(unidade)s)", (sp("art-7"), sp("art-8"))),
    "recife": ("o próprio STCP: deixe em branco ou use stcp", ()),
}


def known_modalities_text(place: str) -> str:
    """The modalities ``place``'s law knows, for the importer, with their units' citations."""
    text, cites = MODALITIES_KNOWN.get(place, ("", ()))
    return text % {"unidade": "; ".join(c.label for c in cites)} if cites else text


# CONTRAN's categories a registry may give (São Paulo's art. 19, VI, names them).
CATEGORIES = ("M2", "M3")


def plus_years(day: date, years: int) -> date:
    """The same day ``years`` later (29 February becomes 28 February): the last day of a
    term counted in years (Código Civil, art. 132, § 3º)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def state_label(place: str, state: str) -> str:
    """The law's word for a registry state (untranslated template), the id itself if unknown."""
    profile = PROFILES.get(place)
    return profile.states.get(state, state) if profile else state
