"""Assistente "O que acontece com meu veículo apreendido?"

Pernambuco: Lei 16.205/2017, arts. 23–30, 29-A e 37, in the wording in force on
the date of the measure: before 13/11/2020 (Lei 17.107/2020) there was no art. 29-A,
no 2-hour wait, no 60-day decision, and suspension/cancellation were maxima ("até 90
… até 180 dias", old art. 30, § 1º); the defence deadline sat in old art. 25, § 1º.
São Paulo: Regulamento do Decreto 29.912/1989, arts. 39–40, 44–49, 52 e 55.
Acre: Lei 2.731/2013, arts. 73, 75–79, 88–90 e 99.
Recife: Lei 16.856/2003, arts. 33, 36, 38 e 41–45.
Only Pernambuco's law provides for remoção; in São Paulo, Acre and Recife a removed vehicle's
result says the law is silent (release, who collects, charges, passengers) and borrows no rule
of the retenção or the apreensão.

Every result opens with what to do to get the vehicle back, by when and what to
pay ("liberacao" first); then what happens, the deadlines, who collects the
vehicle and the passengers.  Questions are asked only where the answer changes the
result: repeat offence only in Acre (custody window and doubled clandestine fine),
days in the depot only for an Acre seizure (per-day charge).  Elsewhere the repeat
rule is stated as a condition.  Amounts stay in the unit each law uses.  Working
days (Recife, art. 41, § 1º) skip national and state holidays, and the outcome
names the days skipped: national, state and Recife's municipal holidays (from
knowledge/calendars/recife.yaml, each with its act; one whose act is unconfirmed is said so).

The interview is a declared graph (each question's ``next``); each place's answer is a rule from the
day its law took effect (an earlier date is refused), and Pernambuco's rules changed by Lei
17.107/2020 are dated formulas in ``apreensao/pernambuco.py``.
"""

from __future__ import annotations

from datetime import date, timedelta

from ..citations import N_, ac, pe, recife, sp
from .apreensao import HANDLERS
from .dated import Dated, NotYetLaw
from ..working_days import holiday_name, is_working_day
from .engine import Flow, Go, InvalidAnswer, Option, Outcome, Question, Statement, say

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


def _acre_depot(a: dict) -> bool:
    """Acre seizure: the per-day depot charge (art. 89, § 2º) needs the days in the depot."""
    return a.get("jurisdicao") == "ac" and a.get("medida") == "apreensao"


# -- the graph: each node, its question and its next rule ------------------------------------------
QUESTIONS = [
    Question("jurisdicao", "choice", N_("Onde aconteceu?"), options=JURISDICOES, next=(Go("medida"),)),
    Question("medida", "choice", N_("O que fizeram com o veículo?"), options=MEDIDAS, legal_basis=(pe("art-29"), sp("art-34"), ac("art-73"), recife("art-38")),
             next=(Go("data_medida"),)),
    Question(
        # Blank is today, as in every guide (README: "em branco = hoje"): a measure is usually asked about the day it happens.
        "data_medida", "date", N_("Em que data?"), required=False, default_today=True,
        help=N_("Deixe em branco para hoje. A resposta aplica a lei deste lugar na redação em vigor nesta data."),
        not_after_today=N_("A data da medida não pode estar no futuro: informe o dia em que o veículo foi retido, removido ou apreendido (hoje é %(hoje)s)."),
        next=(Go("data_notificacao"),),
    ),
    Question(
        "data_notificacao", "date", N_("Em que data recebeu o auto de infração ou a notificação? (se já recebeu)"), required=False,
        help=N_("Deixe em branco se ainda não recebeu; os prazos de defesa contam a partir do recebimento."),
        not_after_today=N_("A notificação não pode ter chegado no futuro: deixe em branco se ainda não recebeu (hoje é %(hoje)s)."),
        next=(Go("tinha_autorizacao"),),
    ),
    Question(
        "tinha_autorizacao", "bool", N_("O veículo e a empresa tinham a autorização exigida (CRC, registro, permissão)?"),
        legal_basis=(pe("art-4"), sp("art-40"), ac("art-78"), recife("art-44")),
        next=(Go("reincidente_12m", _acre_repeat_matters, "Acre: apreensão ou sem autorização"), Go("dias_deposito", _acre_depot, "Acre: apreensão"), Go("resultado")),
    ),
    Question(
        # The period in the question is ac.custodia.periodo.meses (tests/flows/test_veiculo_apreendido.py checks it).
        "reincidente_12m", "bool", N_("Houve outra apreensão ou a mesma infração nos últimos 12 meses?"),
        legal_basis=(ac("art-78/par-unico"), ac("art-88/par-1")), next=(Go("dias_deposito", _acre_depot, "Acre: apreensão"), Go("resultado")),
    ),
    Question(
        "dias_deposito", "number", N_("Quantos dias o veículo já está (ou ficou) no depósito? (se souber)"), required=False, minimum=0, maximum=3650,
        legal_basis=(ac("art-89/par-2"),), next=(Go("resultado"),),
    ),
]

# Each place's answer, from the day its law took effect.
PLACE_LAW = {"pe": "pe-lei-16205-2017", "sp": "sp-decreto-29912-1989", "ac": "ac-lei-2731-2013", "recife": "recife-lei-16856-2003"}
ANSWERS = {place: Dated(f"veículo apreendido ({place})") for place in HANDLERS}
for place, handler in HANDLERS.items():
    ANSWERS[place].since(PLACE_LAW[place])(handler)


def facts_date(a: dict, today: date) -> date:
    """The date of the measure, checked once: the place's law in force, not in the future, before the notice."""
    when, rule = a["data_medida"], ANSWERS[a["jurisdicao"]]
    try:
        rule.formula(when)
    except NotYetLaw:
        raise InvalidAnswer("data_medida", N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=rule.periods()[0][0].strftime("%d/%m/%Y")) from None
    if when > today:
        raise InvalidAnswer("data_medida", N_("A data da medida não pode estar no futuro."))
    if a.get("data_notificacao") and a["data_notificacao"] < when:
        raise InvalidAnswer("data_notificacao", N_("A notificação não pode ser anterior à medida."))
    return when


def _non_working_end(statement: Statement, place: str) -> Statement | None:
    """A deadline whose last day is a weekend or a holiday of the place: none of the four laws says whether it
    then runs to the next working day (Recife's counts its start from a working day, not its end) — said,
    with the deadline's own units, and the last working day before it suggested (review of #31: a defence
    due on Saturday 05/12/2026 had no word)."""
    due = statement.due
    if due is None or is_working_day(due, place):
        return None
    before = due - timedelta(days=1)
    while not is_working_day(before, place):
        before -= timedelta(days=1)
    holiday = holiday_name(due, place)
    params = {"dia": due.strftime("%d/%m/%Y"), "antes": before.strftime("%d/%m/%Y")}
    if holiday:
        text = N_("O prazo final, %(dia)s, cai num feriado (%(feriado)s). A lei não diz se um prazo que termina em dia sem expediente se estende ao dia útil seguinte: não deixe para esse dia, aja antes, até %(antes)s, o último dia útil anterior.")
        params["feriado"] = holiday
    else:
        text = N_("O prazo final, %(dia)s, cai num fim de semana. A lei não diz se um prazo que termina em dia sem expediente se estende ao dia útil seguinte: não deixe para esse dia, aja antes, até %(antes)s, o último dia útil anterior.")
    note = say(text, *statement.citations, code="prazo_dia_sem_expediente", **params)
    note.data["prazo"] = statement.code
    return note


def _with_end_notes(statements: list[Statement], place: str) -> list[Statement]:
    out = []
    for statement in statements:
        out.append(statement)
        note = _non_working_end(statement, place)
        if note is not None:
            out.append(note)
    return out


def resultado(a: dict, when: date, options: dict | None = None) -> Outcome:
    """The place's answer; the result opens with how to get the vehicle back."""
    fields = ANSWERS[a["jurisdicao"]](a, when, options or {})
    fields["prazos"] = _with_end_notes(fields["prazos"], a["jurisdicao"])
    rules = [s for key in ("liberacao", "pagamentos", "prazos", "o_que_acontece", "quem_retira", "passageiros") for s in fields[key]]
    first = fields["liberacao"][0]
    return Outcome(fields, rules=rules, headline=Statement(first.text, first.citations, first.params, code=first.code))


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    """The outcome for complete answers (kept for callers that run the rules without the walk)."""
    return resultado(a, facts_date(a, today), options)


FLOW = Flow(
    id="veiculo_apreendido",
    title=N_("O que acontece com meu veículo apreendido?"),
    description=N_("Retenção, remoção ou apreensão em Pernambuco, São Paulo, Acre ou Recife: como liberar, quanto se paga e os prazos de defesa."),
    questions=QUESTIONS,
    outcomes={"resultado": resultado},
    legal_basis=(pe("art-29-a"), sp("art-40"), ac("art-78"), recife("art-38")),
    facts_date=facts_date,
    facts_field="data_medida",
)
