"""After a complaint: what the regulator does next, and the deadlines the place's law sets.

The receipt and the status page of a complaint (``/denuncia/<protocolo>``) show these steps
under "O que acontece agora".  Each step is a :class:`~knowledge.flows.engine.Statement`
citing the unit it rests on; every number comes from ``knowledge/parameters`` (the value in
force on the day asked, with its own citation), never from this file.

What the four laws say, and what they leave out — said as such, never filled in:

- None of them gives the regulator a deadline to *investigate a passenger's complaint* or to
  answer the person who made it; their deadlines run in the process against the operator,
  once an infraction is recorded (auto de infração).
- Pernambuco (Lei 16.205/2017, arts. 24–26): the EPTI records the infraction; the copy of the
  auto goes to the operator within a maximum number of days, which then has days to defend
  itself; the decision is communicated within a deadline (only since the Lei 17.107/2020 —
  before it the law set none); an appeal to the JARI has its own deadline.
- São Paulo (Decreto 29.912/1989, arts. 3º, 44, 45, 52, 55): the DER inspects; the operator is
  summoned through the Diário Oficial and has days to defend itself; an appeal against a fine
  goes once to the Comissão de Transporte Coletivo.  The decree sets no deadline for the DER
  to decide.
- Acre (Lei 2.731/2013, arts. 68 and 79): the AGEAC considers users' complaints; the fine
  process starts with a Termo de Abertura or an Auto de Infração; the defence deadlines are
  left to the regulation and the AGEAC's rules (§ 2º of art. 79), so none is stated here.
- Recife (Lei 16.856/2003, arts. 14, 27, 29, 41–43): the city must notify the operator within
  a number of days *from the date of the infraction*, or the auto is archived; then the
  defence, the CDTC's judgement, its communication and the appeal to the CRA each have a
  deadline.  A passenger has the right to know what the city did about a complaint (art. 14,
  IV) — with no deadline.
"""

from __future__ import annotations

from datetime import date

from .citations import N_, ac, pe, recife, sp
from .flows.engine import Statement, say
from .parameters import NotInForce, param
from .places import PLACES

# The statement's kind, for the page: a deadline the law fixes, a thing it leaves without one,
# or a thing it hands to a regulation outside the portal's statutes.
DEADLINE, NO_DEADLINE, DELEGATED = "prazo", "sem_prazo", "regulamento"


def _step(kind: str, statement: Statement) -> Statement:
    statement.data["tipo"] = kind
    # Two deadlines of one paragraph (PE art. 25, § 2º) cite it once.
    statement.citations = list(dict.fromkeys(statement.citations))
    return statement


def _days(parameter_id: str, when: date):
    value = param(parameter_id, when)
    return value.value, value.cite


def _pe(when: date) -> list[Statement]:
    remessa, remessa_cite = _days("pe.auto.remessa.dias", when)
    defesa, defesa_cite = _days("pe.defesa.dias", when)
    recurso, recurso_cite = _days("pe.recurso.dias", when)
    steps = [
        _step(NO_DEADLINE, say(N_("A EPTI, órgão gestor do fretamento, apura o que foi relatado e, se houver infração, lavra o auto de infração. A lei não fixa prazo para essa apuração nem para responder a quem denunciou."),
                               pe("art-2"), pe("art-24"), code="pe.apuracao")),
        _step(DEADLINE, say(N_("Lavrado o auto, a EPTI tem até %(remessa)d dias para enviar a 2ª via à operadora, que tem %(defesa)d dias, a contar do recebimento, para se defender."),
                            remessa_cite, defesa_cite, code="pe.defesa", remessa=remessa, defesa=defesa)),
    ]
    try:
        decisao, decisao_cite = _days("pe.decisao.dias", when)
    except NotInForce:
        steps.append(_step(NO_DEADLINE, say(N_("Nesta data a lei não fixava prazo para a decisão sobre a defesa."), pe("art-25"), code="pe.decisao")))
    else:
        steps.append(_step(DEADLINE, say(N_("A decisão sobre a defesa deve ser comunicada em até %(decisao)d dias."), decisao_cite, code="pe.decisao", decisao=decisao)))
    steps.append(_step(DEADLINE, say(N_("Da decisão que aplicar a penalidade cabe recurso em %(recurso)d dias, a contar da notificação, à JARI Transporte."),
                                     recurso_cite, code="pe.recurso", recurso=recurso)))
    return steps


def _sp(when: date) -> list[Statement]:
    defesa, defesa_cite = _days("sp.defesa.dias", when)
    recurso, recurso_cite = _days("sp.recurso.dias", when)
    return [
        _step(NO_DEADLINE, say(N_("O DER, a quem o decreto dá a fiscalização, apura o que foi relatado; se constatar a infração, lavra o auto de infração. O decreto não fixa prazo para essa apuração nem para responder a quem denunciou."),
                               sp("art-3"), sp("art-44"), code="sp.apuracao")),
        _step(DEADLINE, say(N_("A transportadora é intimada pelo Diário Oficial do Estado e tem %(defesa)d dias, a contar do recebimento da intimação, para se defender."),
                            sp("art-44/par-1"), defesa_cite, code="sp.defesa", defesa=defesa)),
        _step(DEADLINE, say(N_("Contra a multa cabe um único recurso, à Comissão de Transporte Coletivo do DER, em %(recurso)d dias. O decreto não fixa prazo para a decisão."),
                            sp("art-52"), recurso_cite, code="sp.recurso", recurso=recurso)),
    ]


def _ac(when: date) -> list[Statement]:
    return [
        _step(NO_DEADLINE, say(N_("A AGEAC aprecia as reclamações dos usuários e pode decidir sobre indenizações ou reparações. A lei não fixa prazo para isso."),
                               ac("art-68/par-unico/inc-1"), code="ac.apuracao")),
        _step(NO_DEADLINE, say(N_("Se houver infração, o processo de multa começa com um termo de abertura de processo administrativo ou um auto de infração."),
                               ac("art-79"), code="ac.processo")),
        # The same words as /comparar's "prazos" row for Acre (knowledge/comparison.py).
        _step(DELEGATED, say(N_("Os prazos de defesa ficam para o regulamento da lei e as normas da AGEAC."), ac("art-79/par-2"), code="ac.defesa")),
    ]


def _recife(when: date) -> list[Statement]:
    notificacao, notificacao_cite = _days("recife.notificacao.dias", when)
    defesa, defesa_cite = _days("recife.defesa.dias", when)
    julgamento, julgamento_cite = _days("recife.julgamento.dias", when)
    comunicacao, comunicacao_cite = _days("recife.comunicacao.dias", when)
    recurso, recurso_cite = _days("recife.recurso.dias", when)
    return [
        _step(NO_DEADLINE, say(N_("A Prefeitura fiscaliza o STCP/Recife e apura as infrações. Você tem direito a saber o que ela fez a respeito da sua reclamação; a lei não fixa prazo para essa resposta."),
                               recife("art-27"), recife("art-14/inc-4"), code="recife.apuracao")),
        _step(DEADLINE, say(N_("Constatada a irregularidade, a Prefeitura lavra o auto de infração e tem %(notificacao)d dias, contados da data da infração, para notificar o infrator; passado esse prazo, o auto é arquivado."),
                            recife("art-29"), notificacao_cite, code="recife.notificacao", notificacao=notificacao)),
        _step(DEADLINE, say(N_("O permissionário tem até %(defesa)d dias para se defender; a CDTC julga em até %(julgamento)d dias do recebimento da defesa e, se não a acolher, comunica o julgamento em até %(comunicacao)d dias."),
                            defesa_cite, julgamento_cite, comunicacao_cite, code="recife.defesa", defesa=defesa, julgamento=julgamento, comunicacao=comunicacao)),
        _step(DEADLINE, say(N_("Da decisão cabe recurso ao Conselho de Revisão Administrativa (CRA) em até %(recurso)d dias do recebimento da notificação."),
                            recurso_cite, code="recife.recurso", recurso=recurso)),
    ]


_PLACES = {"pe": _pe, "sp": _sp, "ac": _ac, "recife": _recife}


def next_steps(place_id: str, when: date) -> list[Statement]:
    """The steps after a complaint in ``place_id``, with the deadlines of the law in force on ``when``
    (the day the page is read: the process runs from now on, under today's wording)."""
    if place_id not in PLACES:
        raise KeyError(place_id)
    return _PLACES[place_id](when)
