"""Open data: what of the registry and of the complaints is published, and how it is minimised.

No Flask here: the web layer (``portal/opendata.py``) writes the files and serves
them; this module decides *what* goes in them.

**Registry (public part).**  Operators: CNPJ, business and trade names, place and
regulator, CRC number, status and validity, modalities.  Vehicles: plate, the
operator's CNPJ, type, seats, year, inspection and insurance validity, status.
Telephone and e-mail are never published.

**Operators who are individuals (LGPD).**  A MEI's business name is, by the
Receita Federal's rule, the holder's civil name preceded by the CNPJ root (older
registrations: followed by the holder's CPF).  A person's name is personal data
(Lei 13.709/2018, art. 5º, I), so for such an operator the names are left out and
only what identifies the *authorisation* is published: CNPJ, CRC, status,
validity, modalities and vehicles — what a passenger needs to check a service.
The registry import has no "legal nature" column, so the rule is a heuristic on
the business name, stated plainly in the data dictionary.  An operator is
treated as an individual when its business name

1. starts with its own CNPJ root (8 digits, dotted or not: "12.345.678 MARIA DA SILVA"),
2. contains a CPF: 11 digits, together or split by dots, spaces, hyphens or slashes
   the way people type it ("123 456 789 09"),
3. has "MEI" as a separate word, however spelt ("M.E.I.", "M E I"), or
4. names the individual forms the registries write after a person's name (issue #34):
   "Empresário(a) Individual", "EIRELI" (a one-person company, usually named after its
   holder), or ends in "ME" / "EI" (a microempresa or empresário individual suffix
   written straight after the name: "MARIA DA SILVA ME"; "… LTDA ME" is a company).

Everything else is treated as a company.  The rule errs on the side of hiding:
a company that happened to write its CNPJ root first would lose its name in the
open data, never the other way round.

**Complaints.**  Only counts, by month of receipt, place, occurrence type and
current status; a complaint that reports two occurrences counts once in each.
Cells from 1 to 4 are published as "<5" (small counts could point to a person);
combinations with no complaint are not listed; no totals or margins are
published, so a suppressed cell cannot be recovered by subtraction.  Never a
protocol, a plate, the narrative, a date finer than the month, or a contact.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from .citations import N_
from .modalities import MODALITY_IDS
from .places import PLACES

SMALL_CELL = 5
SUPPRESSED = "<5"
DEFAULT_LICENSE = "CC-BY-4.0"
LICENSES = {
    "CC-BY-4.0": (N_("Creative Commons Atribuição 4.0 Internacional"), "https://creativecommons.org/licenses/by/4.0/"),
    "CC0-1.0": (N_("Creative Commons Zero 1.0 (domínio público)"), "https://creativecommons.org/publicdomain/zero/1.0/"),
    "ODbL-1.0": (N_("Open Database License 1.0"), "https://opendatacommons.org/licenses/odbl/1-0/"),
    "ODC-By-1.0": (N_("Open Data Commons Attribution License 1.0"), "https://opendatacommons.org/licenses/by/1-0/"),
}
CSV_DELIMITER = ","
# The spreadsheet variant of every CSV (issue #31): a spreadsheet in Portuguese (Excel pt-BR, whose
# list separator is ";" because "," is the decimal mark) opens a comma file in one column and
# reads UTF-8 without a byte-order mark as Latin-1.  Same rows, ";" and a BOM.
SPREADSHEET_DELIMITER = ";"
SPREADSHEET_SUFFIX = "-planilha"

_SEP = r"[\s./-]*"
_CPF_RE = re.compile(rf"(?<!\d)\d{{3}}{_SEP}\d{{3}}{_SEP}\d{{3}}{_SEP}\d{{2}}(?!\d)")
# On the name folded to upper-case ASCII (no accents): a word boundary is anything not a letter.
_MEI_WORD_RE = re.compile(r"(?<![A-Z])M[\s.]*E[\s.]*I\b\.?(?![A-Z])")
_INDIVIDUAL_FORM_RE = re.compile(r"(?<![A-Z])(EMPRESARI[OA][\s-]+INDIVIDUAL|EIRELI|E[\s.]*I[\s.]*R[\s.]*E[\s.]*L[\s.]*I)(?![A-Z])")
# "ME"/"EI" (dotted or not) as the name's last word, not after LTDA / S.A. (a company's suffix then).
_INDIVIDUAL_SUFFIX_RE = re.compile(r"(?<![A-Z])(?<!LTDA )(?<!LTDA - )(?<!LTDA-)(M\.?\s?E|E\.?\s?I)\.?[\s)]*$")


def _folded(name: str) -> str:
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).upper()


def is_natural_person(razao_social: str, cnpj: str) -> bool:
    """Whether the operator's business name is a person's name (MEI pattern); see the module doc."""
    name = (razao_social or "").strip()
    root = re.sub(r"\D", "", cnpj or "")[:8]
    leading = re.match(r"^[\d.\s/-]+", name)
    if root and leading and re.sub(r"\D", "", leading.group(0)).startswith(root):
        return True
    if _CPF_RE.search(name):
        return True
    folded = _folded(name)
    return bool(_MEI_WORD_RE.search(folded) or _INDIVIDUAL_FORM_RE.search(folded) or _INDIVIDUAL_SUFFIX_RE.search(folded))


@dataclass(frozen=True)
class Field:
    name: str
    type: str  # Table Schema type: string | integer | date | boolean
    description: str  # Portuguese, marked for translation (the page shows it translated)
    enum: tuple[str, ...] = ()
    required: bool = False
    pattern: str = ""

    def schema(self) -> dict:
        data: dict = {"name": self.name, "type": self.type, "description": self.description}
        constraints: dict = {}
        if self.enum:
            constraints["enum"] = list(self.enum)
        if self.required:
            constraints["required"] = True
        if self.pattern:
            constraints["pattern"] = self.pattern
        if constraints:
            data["constraints"] = constraints
        return data


PLACE_IDS = tuple(PLACES)
# The modality ids of knowledge/modalities.py, separated by | (or none): XML Schema regex syntax, as Table Schema asks.
_ONE_MODALITY = "(" + "|".join(MODALITY_IDS) + ")"
MODALITIES_PATTERN = f"({_ONE_MODALITY}(\\|{_ONE_MODALITY})*)?"
CNPJ_PATTERN = r"[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}/[0-9A-Z]{4}-[0-9]{2}"

OPERATOR_FIELDS = (
    Field("cnpj", "string", N_("CNPJ da operadora (com pontuação)."), required=True, pattern=CNPJ_PATTERN),
    Field("pessoa_natural", "boolean", N_(
        "Verdadeiro quando a operadora é tratada como pessoa natural (MEI ou empresário individual): a razão social começa "
        "pela raiz do próprio CNPJ, contém um CPF (11 dígitos, juntos ou separados por pontos, espaços ou hífens), a palavra "
        "MEI (também M.E.I.), EIRELI ou Empresário Individual, ou termina em ME ou EI. É uma regra sobre o nome, não um dado do cadastro."
    ), required=True),
    Field("razao_social", "string", N_("Razão social. Vazio quando pessoa_natural é verdadeiro: o nome empresarial do MEI é o nome civil do titular, dado pessoal (LGPD, art. 5º, I).")),
    Field("nome_fantasia", "string", N_("Nome fantasia, quando informado. Vazio quando pessoa_natural é verdadeiro.")),
    Field("jurisdicao", "string", N_("Lugar do registro: pe (Pernambuco), sp (São Paulo), ac (Acre) ou recife (Recife)."), enum=PLACE_IDS, required=True),
    Field("orgao_regulador", "string", N_("Órgão que regula e registra o serviço nesse lugar."), required=True),
    Field("crc_numero", "string", N_("Número do registro da operadora (CRC em Pernambuco; registro, autorização ou permissão nos outros lugares)."), required=True),
    Field("crc_validade", "date", N_("Último dia de validade do registro (AAAA-MM-DD)."), required=True),
    Field("situacao", "string", N_("Situação do registro: ativo, suspenso ou cancelado."), enum=("ativo", "suspenso", "cancelado"), required=True),
    Field("modalidades", "string", N_("Modalidades autorizadas, separadas por | (eventual, turistico, continuo, social, proprio, tfd, alunos)."), pattern=MODALITIES_PATTERN),
)
VEHICLE_FIELDS = (
    Field("placa", "string", N_("Placa como cadastrada (modelo antigo ABC1234 ou Mercosul ABC1D23)."), required=True, pattern=r"[A-Z]{3}[0-9][A-Z0-9][0-9]{2}"),
    Field("cnpj_operadora", "string", N_("CNPJ da operadora a que o veículo pertence (ver operadoras)."), required=True, pattern=CNPJ_PATTERN),
    Field("tipo", "string", N_("Tipo de veículo: onibus, micro_onibus ou automovel."), enum=("onibus", "micro_onibus", "automovel"), required=True),
    Field("lugares", "integer", N_("Número de lugares."), required=True),
    Field("ano_fabricacao", "integer", N_("Ano de fabricação."), required=True),
    Field("vistoria_validade", "date", N_("Último dia de validade da vistoria (AAAA-MM-DD).")),
    Field("seguro_validade", "date", N_("Último dia de validade do seguro (AAAA-MM-DD).")),
    Field("situacao", "string", N_("Situação do veículo na frota: ativo ou retirado."), enum=("ativo", "retirado"), required=True),
)
COMPLAINT_FIELDS = (
    Field("mes", "string", N_("Mês em que a denúncia foi recebida (AAAA-MM)."), required=True, pattern=r"[0-9]{4}-[0-9]{2}"),
    Field("jurisdicao", "string", N_("Lugar da denúncia: pe, sp, ac ou recife."), enum=PLACE_IDS, required=True),
    Field("ocorrencia", "string", N_("Tipo de ocorrência relatada (uma denúncia com duas ocorrências conta nas duas)."), required=True),
    Field("situacao", "string", N_("Situação atual da denúncia: recebida, em_analise, encaminhada ou arquivada."), enum=("recebida", "em_analise", "encaminhada", "arquivada"), required=True),
    Field("denuncias", "integer", N_("Número de denúncias. De 1 a 4 aparece como \u201c<5\u201d (sigilo de contagens pequenas); combinações sem denúncia não são listadas.")),
)


def operator_row(operator: dict, agency: str, formatted_cnpj: str) -> dict:
    """The public row of one operator (names withheld for individuals)."""
    # A registry that says "pessoa física" (Recife's permissão goes to a person, art. 6) is believed first.
    individual = (operator.get("pessoa") or "").lower() == "fisica" or is_natural_person(operator["razao_social"], operator["cnpj"])
    return {
        "cnpj": formatted_cnpj,
        "pessoa_natural": individual,
        "razao_social": "" if individual else operator["razao_social"],
        "nome_fantasia": "" if individual else (operator.get("nome_fantasia") or ""),
        "jurisdicao": operator["jurisdicao"],
        "orgao_regulador": agency,
        "crc_numero": operator["crc_numero"],
        "crc_validade": operator["crc_validade"],
        "situacao": operator["situacao"],
        "modalidades": operator.get("modalidades") or "",
    }


def complaint_statistics(complaints: Iterable[dict]) -> list[dict]:
    """Counts by (month, place, occurrence, status), small cells as "<5".

    ``complaints``: dicts with ``criada_em`` (ISO date-time), ``jurisdicao``,
    ``ocorrencias`` (list) and ``situacao`` — nothing else is read.
    """
    counts: Counter = Counter()
    for complaint in complaints:
        month = complaint["criada_em"][:7]
        for occurrence in sorted(set(complaint["ocorrencias"])):
            counts[(month, complaint["jurisdicao"], occurrence, complaint["situacao"])] += 1
    return [
        {"mes": m, "jurisdicao": j, "ocorrencia": o, "situacao": s, "denuncias": SUPPRESSED if n < SMALL_CELL else n}
        for (m, j, o, s), n in sorted(counts.items())
    ]
