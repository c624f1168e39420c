"""The responses of /api/v1, declared once (pydantic models); the requests are in ``api_schema``.

``portal/openapi.py`` describes each response with its model here, and
``tests/test_openapi.py`` checks every response the API gives against that
description.  The responses themselves are built by the services (plain dicts).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, create_model

from .api_schema import FLOW_IDS, JURISDICTION_IDS, IsoDate, Jurisdiction, LawId, Occurrence, Schema

Cites = list["Citation"]  # resolved once Citation is defined below


class Error(Schema):
    error: str
    field: str | None = None


class Citation(Schema):
    model_config = ConfigDict(extra="forbid")

    law: LawId
    article: str
    unit: str
    label: str
    url: str
    # Present when the citation is to a wording that is not today's: the date of the facts, also in the url (?data=).
    data: IsoDate | None = None


class UnitVersion(Schema):
    vigente_desde: IsoDate
    vigente_ate: IsoDate | None = Field(description="Último dia desta redação; null se ainda em vigor.")
    alterado_por: str | None = Field(description="Ato que deu esta redação (\"Lei 17.107/2020\"); null na redação original.")
    substituido_por: str | None = Field(description="Ato que substituiu esta redação; null se ainda em vigor.")
    url: str = Field(description="Página do dispositivo nesta redação (?data=).")


class UnitWording(UnitVersion):
    model_config = ConfigDict(extra="forbid")

    lei: LawId
    dispositivo: str
    data: IsoDate
    texto: str | None = Field(description="O dispositivo com os seus incisos, alíneas e itens, como estava na data.")
    texto_disponivel: bool
    citacao: str
    urn: str
    versoes: list[UnitVersion]


class UnitMissing(Error):
    lei: str | None = None
    dispositivo: str | None = None
    data: IsoDate | None = None
    versoes: list[UnitVersion] | None = None


class Law(Schema):
    id: LawId
    jurisdiction: Jurisdiction
    nome: str
    titulo: str
    orgao: str
    urn: str
    em_vigor_desde: IsoDate = Field(description="Primeiro dia de vigência (knowledge/parameters/vigencia.yaml).")
    alterada_por: list[str] = Field(description="Atos que alteraram a lei, do mais antigo ao mais recente.")
    artigos: int


class Laws(Schema):
    leis: list[Law]


class SearchHit(Schema):
    law: LawId
    article: str
    unit: str
    label: str
    heading: str
    snippet: str
    url: str
    urn: str = Field(pattern="^urn:lex:br;")
    historico: bool


class SearchResponse(Schema):
    query: str
    total: int = Field(ge=0)
    suggestion: str | None
    results: list[SearchHit]


class Option(Schema):
    value: str
    label: str


class Question(Schema):
    id: str
    type: Literal["choice", "multiple", "bool", "number", "date"]
    text: str
    help: str | None
    options: list[Option]
    required: bool
    min: int | None
    max: int | None
    default: Literal["today"] | None
    legal_basis: Cites


class Statement(Schema):
    texto: str
    codigo: str | None
    citations: Cites


class WizardSummary(Schema):
    id: Literal[FLOW_IDS]  # type: ignore[valid-type]
    titulo: str
    descricao: str
    url: str
    pagina: str
    legal_basis: Cites


class Wizards(Schema):
    wizards: list[WizardSummary]


class Wizard(Schema):
    id: Literal[FLOW_IDS]  # type: ignore[valid-type]
    titulo: str
    descricao: str
    questions: list[Question]


class WizardIncomplete(Schema):
    complete: Literal[False]
    next_question: Question


class WizardComplete(Schema):
    complete: Literal[True]
    outcome: dict[str, Any] = Field(description="Os campos do resultado de cada assistente, com resumo e por_que (Statement[]).")
    citations: Cites


class Reason(Schema):
    codigo: str
    mensagem: str
    citations: Cites
    duvida: bool = Field(False, description="A lei exige, mas não diz o que acontece com o veículo quando não se cumpre (o veredito é “a verificar”).")


class Operator(Schema):
    razao_social: str | None = Field(description="Nulo quando o titular é pessoa física (permissionário do Recife): nome e documento não são publicados.")
    nome_fantasia: str | None
    cnpj: str | None
    crc_numero: str
    crc_validade: IsoDate
    situacao: Literal["ativo", "suspenso", "cancelado"]
    modalidades: list[str]
    jurisdicao: Jurisdiction | None = None
    # Issue #28: the registration in its place's words and its state on the check date.
    pessoa: Literal["fisica", "juridica"] | None = None
    registro: str | None = Field(None, description="O que a lei do lugar registra: CRC (PE), Certificado de Registro (SP), registro e autorização (AC), permissão (Recife).")
    registro_citations: Cites | None = None
    titular: str | None = None
    situacao_rotulo: str | None = Field(None, description="A situação nas palavras da lei do lugar (em São Paulo e no Recife, “cassado(a)”).")
    registro_ate: IsoDate | None = Field(None, description="Último dia de validade: o do cadastro, nunca além do prazo da lei contado da emissão.")
    registro_estado: Literal["valido", "vencido", "suspenso", "cancelado"] | None = None
    registro_limite_da_lei: bool | None = None
    registro_vencido: bool | None = None


class Vehicle(Schema):
    placa_cadastrada: str | None = None
    tipo: Literal["onibus", "micro_onibus", "automovel"]
    lugares: int
    ano_fabricacao: int
    vistoria_validade: IsoDate
    seguro_validade: IsoDate
    situacao: Literal["ativo", "retirado"] | None = None
    categoria: Literal["M2", "M3"] | None = None
    ingresso: IsoDate | None = None
    vistoria_estado: Literal["valido", "vencido", "nao_exigido"] | None = None
    seguro_estado: Literal["valido", "vencido", "nao_exigido"] | None = None
    vistoria_vencida: bool | None = None
    seguro_vencido: bool | None = None
    nao_admitido: bool | None = None


class VerdictAction(Schema):
    codigo: Literal["denunciar", "ligar_190", "conferir"]
    texto: str
    detalhe: str | None = None


class Verdict(Schema):
    tipo: Literal["nao_embarque", "a_verificar", "pode_embarcar", "nao_encontrada"]
    texto: str = Field(description="A linha do veredito, primeiro: “Não embarque: …”, “A verificar: …” (só o que a lei exige sem dizer o que acontece com o veículo), “Pode embarcar: …” ou “Não encontramos esta placa: não embarque e denuncie.”")
    o_que_fazer: list[VerdictAction]
    denuncia: dict[str, Any] = Field(description="Com o que o formulário de denúncia vem preenchido: placa, jurisdicao, ocorrencias.")


class VehicleStatus(Schema):
    placa: str
    consultado_em: str = Field(json_schema_extra={"format": "date-time"})
    situacao: Literal["regular", "irregular", "nao_encontrado"]
    resumo: str | None = Field(None, description="O que foi verificado, nos termos da lei do lugar (em São Paulo o seguro não é exigido e não é afirmado).")
    motivos: list[Reason]
    operadora: Operator | None
    veiculo: Vehicle | None
    dados_atualizados_em: str | None
    demonstracao: bool
    data_da_verificacao: IsoDate | None = None
    notas: list[Reason] | None = Field(None, description="O que a lei do lugar deixa à regulamentação (o portal não confere).")
    veredito: Verdict | None = None


class Regulator(Schema):
    sigla: str
    nome: str
    contatos: list[str]
    citations: Cites | None = None


class Fine(Schema):
    valor: float
    unidade: Literal["BRL", "UFIRAC", "MVR_PCT", "VB"]
    valor_brl: float | None = None
    por_passageiro: bool | None = None


# A row of the place's fine table as a complaint names it: confirmed by the citizen or given by staff (issue #27).
RowOccurrence = Annotated[str, Field(pattern=r"^linha:\S+ \S+$")]


class Enquadramento(Schema):
    ocorrencia: Occurrence | RowOccurrence | None = Field(
        description="A categoria marcada; \"linha:<lei> <dispositivo>\" para uma linha da tabela de infrações (confirmada pelo cidadão ou dada pela equipe); null quando a equipe concluiu que a tabela não classifica o relatado.")
    rotulo: str | None = None
    descricao: str | None = None
    gravidade: str | None
    penalidade: str | None = Field(None, description="Quando a sanção não é multa (ex.: advertência por escrito no Grupo 1 do Recife).")
    ressalvas: list[str] | None = Field(None, description="O que a lei deixa em aberto ou escreve de dois modos, mostrado em vez de decidido em silêncio.")
    multa: Fine | None
    citations: Cites


class ComplaintReceipt(Schema):
    protocolo: str = Field(pattern="^EL-[0-9]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$")
    situacao: Literal["recebida"]
    orgao: Regulator
    enquadramento: list[Enquadramento]
    acompanhar: str | None = None


class StatusEvent(Schema):
    em: str
    situacao: str
    nota: str | None


class ComplaintStatus(Schema):
    # Never the reporter's contact nor the account (LGPD): the public status of a protocol.
    model_config = ConfigDict(json_schema_extra={"not": {"anyOf": [{"required": ["contato"]}, {"required": ["relato"]}]}})

    protocolo: str
    situacao: Literal["recebida", "em_analise", "encaminhada", "arquivada"]
    criada_em: str
    atualizada_em: str | None = None
    jurisdicao: Jurisdiction | None = None
    placa: str | None = None
    data_ocorrencia: str | None = None
    hora_ocorrencia: str | None = None
    ocorrencias: list[str] | None = None
    historico: list[StatusEvent]
    orgao: Regulator
    enquadramento: list[Enquadramento]


class Action(Schema):
    tipo: Literal["wizard", "consulta", "denuncia", "lei", "busca"]
    url: str
    rotulo: str


class ChoiceAsked(Schema):
    valor: Any
    rotulo: Any


class QuestionAsked(Schema):
    id: str
    texto: str
    opcoes: list[ChoiceAsked]


class AssistantReply(Schema):
    conversa: str
    resposta: str
    citations: Cites
    acoes: list[Action]
    pergunta: QuestionAsked | None
    fora_do_escopo: bool
    intencao: str | None = None
    sugestoes: list[str] | None = None
    # A law answer's calibrated confidence that the unit stated answers the question (0–1); null otherwise.
    confianca: float | None = None
    # The law fixes no such value: the unit cited says what it does instead (a regulation, cases it divides).
    lei_nao_fixa: bool = False


class ComparisonCell(Schema):
    model_config = ConfigDict(extra="forbid")

    # value: the law says it (cited); silent: "a lei não trata"; delegated: left to a regulation (cited);
    # not_in_force: the law was not in force yet; unavailable: the wording of that date is not in the corpus
    tipo: Literal["value", "silent", "delegated", "not_in_force", "unavailable"]
    texto: str
    citations: Cites


ComparisonCells = create_model("ComparisonCells", __base__=Schema, **{place: (ComparisonCell, ...) for place in JURISDICTION_IDS})


class ComparisonRow(Schema):
    id: str
    pergunta: str
    celulas: ComparisonCells  # type: ignore[valid-type]


class ComparisonPlace(Schema):
    id: Jurisdiction
    nome: str
    lei: LawId
    lei_nome: str


class Comparison(Schema):
    data: IsoDate
    lugares: list[ComparisonPlace]
    linhas: list[ComparisonRow]


class Ping(Schema):
    ok: bool


RESPONSES: tuple[type[Schema], ...] = (
    Error, Citation, UnitVersion, UnitWording, UnitMissing, Laws, SearchResponse, Question, Statement, Wizards, Wizard,
    WizardIncomplete, WizardComplete, VehicleStatus, ComplaintReceipt, ComplaintStatus, AssistantReply, Comparison, Ping,
)
