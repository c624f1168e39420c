"""Assistente "O que acontece com meu veículo apreendido?"

Pernambuco: Lei 16.205/2017, arts. 23–30, 29-A e 37, in the wording in force on
the date of the measure: before 13/11/2020 (Lei 17.107/2020) there was no art. 29-A,
no 2-hour wait, no 60-day decision, and suspension/cancellation were maxima ("até 90
… até 180 dias", old art. 30, § 1º); the defence deadline sat in old art. 25, § 1º.
São Paulo: Regulamento do Decreto 29.912/1989, arts. 39–40, 44–49, 52 e 55.
Acre: Lei 2.731/2013, arts. 76–79, 88–90 e 99.
Recife: Lei 16.856/2003, arts. 33, 36, 38 e 41–45.

Every result opens with what to do to get the vehicle back, by when and what to
pay ("liberacao" first); then what happens, the deadlines, who collects the
vehicle and the passengers.  Questions are asked only where the answer changes the
result: repeat offence only in Acre (custody window and doubled clandestine fine),
days in the depot only for an Acre seizure (per-day charge).  Elsewhere the repeat
rule is stated as a condition.  Amounts stay in the unit each law uses.  Working
days (Recife, art. 41, § 1º) skip national and state holidays, and the outcome
names the days skipped: national, state and Recife's municipal holidays (from
knowledge/calendars/recife.yaml, each with its act; one whose act is unconfirmed is said so).
"""

from __future__ import annotations

from datetime import date

from ..citations import N_, ac, pe, recife, sp
from ..parameters import AC_IN_FORCE, PE_IN_FORCE, RECIFE_IN_FORCE, SP_IN_FORCE
from .apreensao import HANDLERS
from .engine import Flow, InvalidAnswer, Option, Outcome, Question, Statement

JURISDICOES = (
    Option("pe", N_("Pernambuco (fiscalização da EPTI)")),
    Option("sp", N_("São Paulo (fiscalização do DER)")),
    Option("ac", N_("Acre (AGEAC e órgãos conveniados)")),
    Option("recife", N_("Recife (transporte complementar, Prefeitura)")),
)
MEDIDAS = (
    Option("retencao", N_("Retenção: o veículo foi parado e segurado no local")),
    Option("remocao", N_("Remoção: o veículo foi guinchado")),
    Option("apreensao", N_("Apreensão: o veículo foi levado ao depósito")),
)


def _acre_repeat_matters(a: dict) -> bool:
    """Acre: the repeat offence sets the custody window (art. 78) and doubles the clandestine fine (art. 88, § 1º)."""
    return a.get("jurisdicao") == "ac" and (a.get("medida") == "apreensao" or a.get("tinha_autorizacao") is False)


QUESTIONS = [
    Question("jurisdicao", "choice", N_("Onde aconteceu?"), options=JURISDICOES),
    Question("medida", "choice", N_("O que fizeram com o veículo?"), options=MEDIDAS, legal_basis=(pe("art-29"), sp("art-34"), ac("art-73"), recife("art-38"))),
    Question(
        "data_medida", "date", N_("Em que data?"),
        help=N_("A resposta aplica a lei deste lugar na redação em vigor nesta data."),
        not_after_today=N_("A data da medida não pode estar no futuro: informe o dia em que o veículo foi retido, removido ou apreendido (hoje é %(hoje)s)."),
    ),
    Question(
        "data_notificacao", "date", N_("Em que data recebeu o auto de infração ou a notificação? (se já recebeu)"), required=False,
        help=N_("Deixe em branco se ainda não recebeu; os prazos de defesa contam a partir do recebimento."),
    ),
    Question(
        "tinha_autorizacao", "bool", N_("O veículo e a empresa tinham a autorização exigida (CRC, registro, permissão)?"),
        legal_basis=(pe("art-4"), sp("art-40"), ac("art-78"), recife("art-44")),
    ),
    Question(
        "reincidente_12m", "bool", N_("Houve outra apreensão ou a mesma infração nos últimos 12 meses?"),
        legal_basis=(ac("art-78/par-unico"), ac("art-88/par-1")), ask_if=_acre_repeat_matters,
    ),
    Question(
        "dias_deposito", "number", N_("Quantos dias o veículo já está (ou ficou) no depósito? (se souber)"), required=False, minimum=0, maximum=3650,
        legal_basis=(ac("art-89/par-2"),), ask_if=lambda a: a.get("jurisdicao") == "ac" and a.get("medida") == "apreensao",
    ),
]




IN_FORCE = {"pe": PE_IN_FORCE, "sp": SP_IN_FORCE, "ac": AC_IN_FORCE, "recife": RECIFE_IN_FORCE}


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    start = IN_FORCE[a["jurisdicao"]]
    if a["data_medida"] < start:
        raise InvalidAnswer("data_medida", N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=start.strftime("%d/%m/%Y"))
    if a["data_medida"] > today:
        raise InvalidAnswer("data_medida", N_("A data da medida não pode estar no futuro."))
    if a.get("data_notificacao") and a["data_notificacao"] < a["data_medida"]:
        raise InvalidAnswer("data_notificacao", N_("A notificação não pode ser anterior à medida."))
    fields = HANDLERS[a["jurisdicao"]](a, today, options or {})
    rules = [s for key in ("liberacao", "pagamentos", "prazos", "o_que_acontece", "quem_retira", "passageiros") for s in fields[key]]
    first = fields["liberacao"][0]  # the result opens with how to get the vehicle back
    return Outcome(fields, rules=rules, headline=Statement(first.text, first.citations, first.params, code=first.code))


FLOW = Flow(
    id="veiculo_apreendido",
    title=N_("O que acontece com meu veículo apreendido?"),
    description=N_("Retenção, remoção ou apreensão em Pernambuco, São Paulo, Acre ou Recife: como liberar, quanto se paga e os prazos de defesa."),
    questions=QUESTIONS,
    decide=decide,
    legal_basis=(pe("art-29-a"), sp("art-40"), ac("art-78"), recife("art-38")),
    facts_date=lambda a, today: a["data_medida"],
)
