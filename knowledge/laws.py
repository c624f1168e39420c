"""The catalogue of statutes the portal is built on.

Each entry is data about a law (who issued it, when, how to cite it, where it is
published) kept apart from the parser, so that adding a fifth statute means adding a
text file, one entry here and its place in ``knowledge/places.py``.  The ids are a
public contract: they appear in URLs and in the JSON API.

Facts defined elsewhere are read, not copied: the law's place (its jurisdiction, the
place's name and agency) from ``places.py``; its entry into force and the acts that
amended it from ``parameters/vigencia.yaml`` (``vigencia.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from .places import PLACES, Place
from .vigencia import amendments_of, in_force

STATUTES_DIR = Path(__file__).parent / "statutes"


@dataclass(frozen=True)
class LawInfo:
    id: str
    kind: str  # "Lei" | "Decreto"
    number: str  # as cited: "16.205"
    year: int
    signed: date
    title: str  # what the law is about, in plain Portuguese
    # LexML: "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205"
    urn_authority: str
    # The body that manages the law as the law's page names it, when that is more than the
    # place's agency (places.py): São Paulo's page says the ARTESP exercises the DER's powers
    # today, Recife's names the CDTC beside the CMTT.  "" shows the place's agency.
    regulator_as_named: str = ""
    # Names of the amending acts in vigencia.yaml in force by the date this entry describes,
    # oldest first; None (the catalogue's entries) reads them all from vigencia.yaml.
    amended_by: tuple[str, ...] | None = None
    # São Paulo's decree approves an annexed Regulamento: the regulation's
    # articles are the law's main body (art-<n>) and the decree's own articles
    # live under this prefix (decreto/art-<n>).
    own_articles_prefix: str | None = None
    # Where the law is officially published: the legislation portal of the body that
    # publishes it (source_url, source_name) and what to search there (source_query).
    # The portal links the publisher's own site rather than a deep link that the
    # project could not check; the text in knowledge/statutes/ is a copy of it.
    source_url: str = ""
    source_name: str = ""
    source_query: str = ""

    def __post_init__(self) -> None:
        if self.amended_by is None:
            object.__setattr__(self, "amended_by", tuple(act.name for act in amendments_of(self.id)))

    @property
    def place(self) -> Place:
        """The place whose law this is (``places.py`` says which law each place has)."""
        try:
            return next(place for place in PLACES.values() if place.law_id == self.id)
        except StopIteration:
            raise KeyError(f"no place in knowledge/places.py has the law {self.id!r}") from None

    @property
    def jurisdiction(self) -> str:
        """pe | sp | ac | recife: the place's id."""
        return self.place.id

    @property
    def jurisdiction_name(self) -> str:
        return self.place.name

    @property
    def regulator(self) -> str:
        return self.regulator_as_named or self.place.agency

    @property
    def in_force_since(self) -> date:
        """First day the law applies (parameters/vigencia.yaml; the law's own vacatio counted)."""
        return in_force(self.id)

    @property
    def short_name(self) -> str:
        """Citation prefix: 'Lei 16.205/2017 (PE)'."""
        return f"{self.kind} {self.number}/{self.year} ({self.jurisdiction_label})"

    @property
    def jurisdiction_label(self) -> str:
        return "Recife" if self.jurisdiction == "recife" else self.jurisdiction.upper()

    @property
    def urn(self) -> str:
        digits = self.number.replace(".", "")
        return f"urn:lex:{self.urn_authority}:{self.kind.lower()}:{self.signed.isoformat()};{digits}"

    @property
    def path(self) -> Path:
        return STATUTES_DIR / f"{self.id}.txt"

    @property
    def official_source(self):
        """The law's own page on the publisher's site (statutes/fontes.yaml), with how far it was checked."""
        from .statute_sources import official_source

        return official_source(self.id)


LAWS: dict[str, LawInfo] = {
    info.id: info
    for info in (
        LawInfo(
            id="pe-lei-16205-2017",
            kind="Lei",
            number="16.205",
            year=2017,
            signed=date(2017, 11, 24),
            title="Serviço de fretamento intermunicipal de passageiros em Pernambuco",
            urn_authority="br;pernambuco:estadual",
            source_url="https://legis.alepe.pe.gov.br/",
            source_name="Legislação Estadual — Assembleia Legislativa de Pernambuco (Alepe)",
            source_query="Lei 16.205, de 24/11/2017 (texto atualizado)",
        ),
        LawInfo(
            id="sp-decreto-29912-1989",
            kind="Decreto",
            number="29.912",
            year=1989,
            signed=date(1989, 5, 12),
            title="Regulamento do transporte intermunicipal de passageiros sob fretamento em São Paulo",
            regulator_as_named="DER-SP — Departamento de Estradas de Rodagem (atribuições hoje exercidas pela ARTESP)",
            urn_authority="br;sao.paulo:estadual",
            own_articles_prefix="decreto",
            source_url="https://www.al.sp.gov.br/",
            source_name="Legislação — Assembleia Legislativa do Estado de São Paulo (Alesp)",
            source_query="Decreto 29.912, de 12/05/1989",
        ),
        LawInfo(
            id="ac-lei-2731-2013",
            kind="Lei",
            number="2.731",
            year=2013,
            signed=date(2013, 8, 23),
            title="Sistema de transporte rodoviário intermunicipal de passageiros do Acre",
            urn_authority="br;acre:estadual",
            source_url="https://www.legis.ac.gov.br/",
            source_name="Legis — legislação do Estado do Acre (Casa Civil)",
            source_query="Lei 2.731, de 23/08/2013",
        ),
        LawInfo(
            id="recife-lei-16856-2003",
            kind="Lei",
            number="16.856",
            year=2003,
            signed=date(2003, 4, 16),
            title="Serviço de Transporte Complementar de Passageiros do Recife (STCP/Recife)",
            regulator_as_named="Prefeitura do Recife — CMTT/Recife e CDTC",
            urn_authority="br;pernambuco;recife:municipal",
            source_url="https://www.recife.pe.leg.br/",
            source_name="Câmara Municipal do Recife — legislação municipal",
            source_query="Lei 16.856, de 16/04/2003",
        ),
    )
}

JURISDICTIONS: dict[str, str] = {info.jurisdiction: info.jurisdiction_name for info in LAWS.values()}


def law_info(law_id: str) -> LawInfo:
    try:
        return LAWS[law_id]
    except KeyError:
        raise KeyError(f"unknown law id: {law_id!r}") from None
