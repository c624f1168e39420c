"""The requests of /api/v1, declared once (pydantic models); the responses are in ``api_responses``.

Each request body is a model here: ``parse_request`` validates a request with it and
``portal/openapi.py`` derives the OpenAPI description from the same model, so the
validation and the description cannot drift apart.  The HTML forms that send the
same data (the complaint form, the chat page) are validated by the same models.

A field that can be refused says how, in the user's language: ``Say(...)`` in its
annotation names the message (a msgid, translated when the error is answered) for
each kind of pydantic error — ``missing``, ``string_type``, ``literal_error`` … —
with ``default`` for the rest.  Errors common to every text field (not a text, too
long) have one message each, in ``GENERIC``.  Rules that need more than the shape
of the request — a date in the future where it happened, a plate that is not in
the registry — stay in the service that knows them (``complaints_service``).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, Field, ValidationError
from pydantic_core import PydanticCustomError

from knowledge.citations import N_
from knowledge.complaints import OCCURRENCES
from knowledge.flows import FLOWS
from knowledge.laws import JURISDICTIONS, LAWS
from knowledge.plates import PLATE_HELP

from .text_safety import clean

JURISDICTION_IDS = tuple(sorted(JURISDICTIONS))
LAW_IDS = tuple(sorted(LAWS))
FLOW_IDS = tuple(flow.id for flow in FLOWS.all())

Jurisdiction = Literal[JURISDICTION_IDS]  # type: ignore[valid-type]
LawId = Literal[LAW_IDS]  # type: ignore[valid-type]
Occurrence = Literal[tuple(OCCURRENCES)]  # type: ignore[valid-type]
IsoDate = Annotated[str, Field(json_schema_extra={"format": "date"})]

MAX_RELATO = 4000  # characters of a complaint's account
MAX_MESSAGE = 2000  # characters of a message to the assistant

# What knowledge.plates.normalize accepts: 3 letters, a digit, a letter or digit, 2 digits,
# with spaces, hyphens, dots or underscores anywhere between them.
_SEP = "[\\s\\-._·•]*"
PLATE_PATTERN = f"^{_SEP}[A-Za-z]{_SEP}[A-Za-z]{_SEP}[A-Za-z]{_SEP}[0-9]{_SEP}[A-Za-z0-9]{_SEP}[0-9]{_SEP}[0-9]{_SEP}$"
ISO_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")  # exactly AAAA-MM-DD (what OpenAPI's "date" format means)


class Say:
    """The messages a request field answers with, by pydantic error type (see the module's docstring)."""

    def __init__(self, default: str | None = None, **by_type: str):
        self.default = default
        self.by_type = by_type

    def message(self, error_type: str) -> str | None:
        return self.by_type.get(error_type) or self.default


GENERIC = {
    "string_type": N_("Este campo deve ser um texto."),
    "string_too_long": N_("Use no máximo %(n)d caracteres."),
}


class RequestError(ValueError):
    """A request refused by its schema: the field, a msgid and its parameters (400)."""

    status = 400

    def __init__(self, field: str, message: str, **params):
        super().__init__(message)
        self.field = field
        self.message = message
        self.params = params


class Schema(BaseModel):
    """Every API model: fields in the order they are checked, unknown request fields ignored.

    A request model also says which field a body that is not a JSON object is reported
    on (``body_field``) and with what message (``body_message``).
    """

    body_field: ClassVar[str] = ""
    body_message: ClassVar[str] = N_("O pedido não pôde ser entendido. Confira os dados e tente de novo.")


def _say_for(model: type[BaseModel], loc: tuple) -> tuple[str, Say | None]:
    """The dotted field name of an error location and the ``Say`` of that field, if any."""
    names, say = [], None
    for part in loc:
        field = model.model_fields.get(part) if isinstance(part, str) and model is not None else None
        if field is None:
            continue  # a list index, or a union branch
        names.append(part)
        say = next((m for m in field.metadata if isinstance(m, Say)), None)
        annotation = field.annotation
        inner = [a for a in getattr(annotation, "__args__", (annotation,)) if isinstance(a, type) and issubclass(a, BaseModel)]
        model = inner[0] if inner else None
    return ".".join(names), say


def parse_request(model: type[Schema], data: Any) -> Schema:
    """``data`` validated by ``model``, or RequestError naming the first field in error."""
    if not isinstance(data, dict):
        raise RequestError(model.body_field, model.body_message)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
    first = errors[0]
    field, say = _say_for(model, first["loc"])
    context = first.get("ctx") or {}
    message = (say.message(first["type"]) if say else None) or GENERIC.get(first["type"]) or model.body_message
    params = {}
    if "%(n)d" in message and "max_length" in context:
        params["n"] = context["max_length"]
    if "%(lugares)s" in message:  # the places' ids, as knowledge/places.py lists them
        params["lugares"] = ", ".join(JURISDICTION_IDS)
    if "%(o)s" in message:  # every refused value of that field, as the user wrote them
        params["o"] = ", ".join(str(e["input"]) for e in errors if _say_for(model, e["loc"])[0] == field and e["type"] == first["type"])
    raise RequestError(field or model.body_field, message, **params)


# -- request bodies ------------------------------------------------------------------------------


def _clean_text(value):
    """Text as stored: control, bidi and zero-width characters removed, trimmed; blank is null."""
    return (clean(value).strip() or None) if isinstance(value, str) else value


def _blank_is_null(value):
    return (value.strip() or None) if isinstance(value, str) else value


def _one_or_many(value):
    return [value] if isinstance(value, str) else value  # a form's single checkbox


def _rows_given(value):
    """The confirmed rows: one (a string) or a list; each cleaned, blanks and repeats dropped; none is null."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        return value  # refused by the type
    cleaned = [_clean_text(v) for v in items]
    kept = [v for v in cleaned if v is not None]
    return list(dict.fromkeys(v for v in kept if isinstance(v, str))) + [v for v in kept if not isinstance(v, str)] or None


# A story names at most this many rows of a fine table (knowledge/reader/stories.py MAX_ROWS).
MAX_ROWS = 5


def _date_given(value):
    if value is None or (isinstance(value, str) and not value.strip()):
        raise PydanticCustomError("missing", "no date")
    return value.strip() if isinstance(value, str) else value


def _real_date(value: str) -> str:
    try:
        date.fromisoformat(value)
    except ValueError:  # 2026-02-30
        raise PydanticCustomError("string_pattern_mismatch", "not a date") from None
    return value


def text(max_length: int):
    """An optional text of at most ``max_length`` characters once cleaned."""
    return Annotated[Annotated[str, Field(max_length=max_length)] | None, BeforeValidator(_clean_text)]


class ContactIn(Schema):
    nome: text(120) = None
    email: text(200) = None
    telefone: text(20) = None


class ComplaintIn(Schema):
    """A complaint, from the JSON API or the HTML form (``complaints_service.parse``)."""

    body_field: ClassVar[str] = "denuncia"
    body_message: ClassVar[str] = N_("Envie os dados da denúncia como um objeto JSON.")

    placa: Annotated[
        Annotated[str, Field(pattern=f"^$|{PLATE_PATTERN}")] | None, BeforeValidator(_blank_is_null), Field(examples=["KGT2E47"]),
        Say(string_pattern_mismatch=PLATE_HELP),
    ] = None
    # empty or null: "não sei" — taken from the registry by plate; with no registered plate, 422
    jurisdicao: Annotated[
        Jurisdiction | Literal[""] | None,
        Field(description=(
            "Onde aconteceu. Vazio ou nulo só quando a placa está no cadastro (o lugar vem dela); sem lugar e sem "
            "placa cadastrada a resposta é 422 com field=jurisdicao: cada lugar tem sua lei e seu órgão, e o portal "
            "não presume nenhum."
        )),
        Say(literal_error=N_("Local desconhecido: use um destes: %(lugares)s.")),
    ] = None
    data_ocorrencia: Annotated[
        IsoDate, BeforeValidator(_date_given), Field(pattern=ISO_DATE.pattern), AfterValidator(_real_date),
        Say(missing=N_("Informe a data em que aconteceu."), string_pattern_mismatch=N_("Informe a data no formato AAAA-MM-DD.")),
    ]
    hora_ocorrencia: Annotated[
        Annotated[str, Field(pattern="^([01][0-9]|2[0-3]):[0-5][0-9]$")] | None, BeforeValidator(_blank_is_null),
        Field(description="Hora aproximada (HH:MM): qual viagem."),
        Say(string_pattern_mismatch=N_("Informe a hora no formato HH:MM (por exemplo, 07:30).")),
    ] = None
    origem: text(120) = None
    destino: text(120) = None
    # The quick categories; may be empty when the account (relato) or a confirmed row (linha) says what happened.
    ocorrencias: Annotated[
        list[Occurrence], BeforeValidator(_one_or_many),
        Say(N_("Marque pelo menos uma ocorrência."), literal_error=N_("Ocorrência desconhecida: %(o)s.")),
    ] = []
    relato: text(MAX_RELATO) = None
    # The rows of the place's fine table the citizen confirmed (knowledge/infractions.py): "<lei> <dispositivo>",
    # one or a list of up to MAX_ROWS (a story may tell several infractions).
    linha: Annotated[
        Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=MAX_ROWS)] | None, BeforeValidator(_rows_given),
        Field(description="As linhas da tabela de infrações do lugar confirmadas pelo cidadão, cada uma \"<lei> <dispositivo>\", "
                          "como \"pe-lei-16205-2017 anexo-i/inc-3/ali-e\": uma (texto) ou uma lista de até 5; cada uma precisa existir "
                          "na lei do lugar na data dos fatos."),
        Say(too_long=N_("Escolha no máximo %(n)d linhas da tabela de infrações."), list_type=N_("Informe a linha como texto ou como uma lista de textos.")),
    ] = None
    contato: Annotated[ContactIn | None, BeforeValidator(_blank_is_null), Say(N_("O contato deve ter nome, e-mail ou telefone."))] = None
    consentimento: Annotated[
        bool | None, Field(strict=True, description="Obrigatório (true) quando há contato (LGPD)."),
        Say(N_("O consentimento deve ser verdadeiro ou falso.")),
    ] = None


class AssistantIn(Schema):
    body_field: ClassVar[str] = "mensagem"
    body_message: ClassVar[str] = N_('Envie um objeto JSON: {"mensagem": "...", "conversa": null}.')

    # At least one character that is not a space; the limit counts what was sent.
    mensagem: Annotated[
        str, Field(min_length=1, max_length=MAX_MESSAGE, pattern="\\S"),
        Say(N_("Escreva uma mensagem."), string_too_long=N_("A mensagem pode ter no máximo %(n)d caracteres.")),
    ]
    conversa: Annotated[str | None, Say(N_("O campo conversa deve ser o identificador recebido antes, ou null."))] = None


class WizardAnswersIn(Schema):
    body_field: ClassVar[str] = "answers"
    body_message: ClassVar[str] = N_('Envie um objeto JSON no formato {"answers": {...}}.')

    # Each flow checks its own answers (knowledge/flows): an unknown or invalid one is a 400 naming it.
    answers: Annotated[dict[str, Any], Say(N_('Envie um objeto JSON no formato {"answers": {...}}.'))]


# -- query strings -------------------------------------------------------------------------------


def _real_date_or_empty(value: str) -> str:
    return _real_date(value) if value else value


class ComparisonQuery(Schema):
    """GET /api/v1/comparar (``comparison_service.parse_date`` adds "not in the future"); the page /comparar
    reads its field as the law reader does (``comparison_service.page_date``)."""

    body_field: ClassVar[str] = "data"

    data: Annotated[
        str, Field(pattern=f"^$|{ISO_DATE.pattern}", description="AAAA-MM-DD, até hoje; vazio = hoje", examples=["2019-05-01"]),
        AfterValidator(_real_date_or_empty),
        Say(N_("Data inválida: use o formato AAAA-MM-DD (por exemplo, 2019-05-01).")),
    ] = ""


REQUESTS: tuple[type[Schema], ...] = (ComplaintIn, AssistantIn, WizardAnswersIn)
QUERIES: tuple[type[Schema], ...] = (ComparisonQuery,)



# -- the fleet check (issue #30): GET /api/v1/frota, the same parameters as the page's shareable link --


class FleetQuery(Schema):
    """GET /frota (shared link), /frota/prazos.ics and /api/v1/frota; ``portal/fleet.py`` reads and checks them."""

    lugar: Annotated[Jurisdiction, Field(description="pe, sp, ac ou recife")]
    modalidade: Annotated[str, Field(max_length=20, description="Modalidade do lugar (PE: eventual, turistico, continuo, social, proprio, tfd, alunos; SP: continuo, eventual); vazio no Acre e no Recife")] = ""
    data: Annotated[str, Field(pattern=f"^$|{ISO_DATE.pattern}", description="AAAA-MM-DD, até hoje; vazio = hoje")] = ""
    frota: Annotated[str, Field(max_length=100_000, description=(
        "A lista em CSV (separador ; ou ,), uma linha por veículo: placa;tipo;lugares;ano_fabricacao;"
        "ano_primeiro_emplacamento;propriedade;ultima_vistoria. tipo: onibus, micro_onibus, automovel, utilitario; "
        "propriedade: proprio ou locado. A placa é ignorada (a resposta não a repete). Modelo em /frota/modelo.csv."
    ))]
    frota_regular: Annotated[str, Field(pattern="^[0-9]{0,6}$", description="PE: veículos da empresa no transporte regular (art. 3º, § 5º)")] = ""
    emissao_registro: Annotated[str, Field(pattern=f"^$|{ISO_DATE.pattern}", description="Emissão do CRC (PE), do Certificado de Registro (SP) ou da permissão (Recife)")] = ""
    validade_seguro: Annotated[str, Field(pattern=f"^$|{ISO_DATE.pattern}", description="Vencimento da apólice de seguro")] = ""
    data_notificacao: Annotated[str, Field(pattern=f"^$|{ISO_DATE.pattern}", description="Recebimento de um auto de infração ou notificação")] = ""
    data_decisao: Annotated[str, Field(pattern=f"^$|{ISO_DATE.pattern}", description="Recebimento da notificação da decisão sobre a defesa")] = ""


class FleetStatement(Schema):
    texto: str
    codigo: str | None
    citations: list[dict[str, Any]]
    efeito: str | None = Field(default=None, description="bloqueia, duvida, info ou prazo")
    data: str | None = Field(default=None, description="A data que a lei fixa (prazos)")


class FleetVehicleOut(Schema):
    linha: int
    tipo: str
    lugares: int
    ano_fabricacao: int
    proprio: bool
    idade: int
    situacao: Literal["apto", "verificar", "inapto"]
    vistoria_meses: int | None
    motivos: list[FleetStatement]
    assistente: str | None = Field(description="O assistente que explica este veículo, com as respostas preenchidas")


class FleetPart(Schema):
    situacao: Literal["apto", "verificar", "inapto"]
    motivos: list[FleetStatement]


class FleetCheck(Schema):
    """The fleet check's answer: nothing personal (no plate), every reason cited."""

    lugar: Jurisdiction
    modalidade: str
    data: IsoDate
    situacao: Literal["apto", "verificar", "inapto"]
    contagem: dict[str, int]
    veiculos: list[FleetVehicleOut]
    frota: FleetPart
    observacoes: list[FleetStatement]
    prazos: list[FleetStatement]
    avisos: list[str] = Field(default_factory=list, description="Avisos sobre a lista lida: uma coluna opcional ausente, lida como vazia")


class FleetError(Schema):
    error: str
    field: str
    linhas: list[dict[str, Any]] = Field(description="As linhas recusadas: linha, coluna, error")
