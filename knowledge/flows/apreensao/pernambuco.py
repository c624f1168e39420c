"""Seized vehicle in Pernambuco: Lei 16.205/2017, arts. 23–30, 29-A and 37, in the wording in force on the date of the measure
(before 13/11/2020: no art. 29-A, no 2-hour wait, no 60-day decision, suspension/cancellation as maxima).

Each piece Lei 17.107/2020 changed is a :class:`~knowledge.flows.dated.Dated` rule with one formula per
wording (``ORIGINAL``, ``LEI_17107``); :func:`pernambuco` composes them, by section of the result."""

from __future__ import annotations

from datetime import date, timedelta

from ...citations import as_of, pe
from ...parameters import param
from ...vigencia import PE_LEI_17107, PE_ORIGINAL
from ..dated import Dated
from ..engine import Money, Statement, say
from .comum import deadline, payment
from ..texts import Texts

T = Texts("veiculo_apreendido")  # the sentences, in veiculo_apreendido.texts.yaml

ORIGINAL, LEI_17107 = PE_ORIGINAL, PE_LEI_17107


def _P(when: date):
    """A unit cited on the date of the measure (``previous``: in a wording since replaced)."""
    def P(unit: str, previous: bool | None = None):
        cite = pe(unit)
        return cite.at(when, previous=True) if previous else as_of(cite, when)
    return P


def _dated(name: str, original, since_2020) -> Dated:
    rule = Dated(name)
    rule.since(ORIGINAL)(original)
    rule.since(LEI_17107)(since_2020)
    return rule


# 1. Getting the vehicle back.
RESTITUICAO = _dated(
    "restituição do veículo apreendido",
    lambda a, when: say(
        T["pe.restituicao_2018"],
        _P(when)("art-37/par-3", True), _P(when)("art-37/par-1", True), code="restituicao_2018",
    ),
    lambda a, when: say(T["pe.pagamento_previo"], _P(when)("art-29-a/par-unico"), code="pagamento_previo"),
)
REGULARIZACAO_CITES = _dated("regularização", lambda a, when: [_P(when)("art-37")], lambda a, when: [_P(when)("art-37"), _P(when)("art-37/par-1")])
CUSTODIA_CITE = _dated("custódia", lambda a, when: _P(when)("art-29"), lambda a, when: _P(when)("art-29-a"))


def _liberacao(a: dict, when: date) -> list[Statement]:
    """Getting the vehicle back.  Custody (and, since Lei 17.107/2020, art. 29-A's depósito) is the
    seized vehicle's: a retained or removed vehicle gets only what art. 37 says of the trip."""
    if a["medida"] != "apreensao":
        return [say(T["pe.regularizacao"], *REGULARIZACAO_CITES(a, when), code="regularizacao")]
    return [RESTITUICAO(a, when), say(T["pe.sem_prazo_custodia"], CUSTODIA_CITE(a, when), code="sem_prazo_custodia")]


# 2. What happens.
DEPOSITO = _dated("depósito", lambda a, when: [], lambda a, when: [
    say(T["pe.deposito"], _P(when)("art-29-a"), code="deposito")])


def _sancoes_original(a: dict, when: date) -> Statement:
    P, suspensao, cancelamento = _P(when), param("pe.crc.suspensao.dias", when), param("pe.crc.cancelamento.dias", when)
    statement = say(
        T["pe.crc_sancoes"],
        P("art-30"), as_of(suspensao.cite, when), P("art-23/inc-3"), P("art-23/inc-4"), P("art-23/par-unico"), code="crc_sancoes",
        suspensao=suspensao.value, cancelamento=cancelamento.value,
    )
    statement.data["prazo_maximo"] = True  # "até": the period was a maximum before Lei 17.107/2020
    return statement


def _sancoes_2020(a: dict, when: date) -> Statement:
    P, suspensao, cancelamento = _P(when), param("pe.crc.suspensao.dias", when), param("pe.crc.cancelamento.dias", when)
    statement = say(
        T["pe.crc_sancoes.2"],
        P("art-30"), suspensao.cite.at(when), cancelamento.cite.at(when), P("art-23/par-unico"), code="crc_sancoes",
        suspensao=suspensao.value, cancelamento=cancelamento.value,
    )
    statement.data["prazo_maximo"] = False
    return statement


CRC_SANCOES = _dated("sanções do CRC", _sancoes_original, _sancoes_2020)
# "Fretamento sem CRC" moved from Anexo I, IV, c to IV, b.
SEM_CRC_CITE = _dated("infração sem CRC", lambda a, when: _P(when)("anexo-i/inc-4/ali-c", True), lambda a, when: _P(when)("anexo-i/inc-4/ali-b"))
_MEDIDA = {
    "retencao": (T["pe.a_retencao_segura_o"], ("art-29/inc-1", "art-29/par-1"), "retencao"),
    "remocao": (T["pe.a_remocao_leva_o"], ("art-29/inc-2", "art-29/par-2"), "remocao"),
    "apreensao": (T["pe.a_apreensao_e_ordenada"], ("art-29/par-3",), "ordem_apreensao"),
}


def _o_que_acontece(a: dict, when: date) -> list[Statement]:
    P, (text, units, code) = _P(when), _MEDIDA[a["medida"]]
    steps = [say(text, *map(P, units), code=code)] + (DEPOSITO(a, when) if a["medida"] == "apreensao" else [])
    steps += [
        say(T["pe.viagem_impedida"], P("art-37"), code="viagem_impedida"),
        say(T["pe.documentos"], P("art-29/par-4"), P("art-29/par-5"), code="documentos"),
        say(T["pe.auto"], P("art-24"), P("art-25"), code="auto"),
    ]
    if a["tinha_autorizacao"]:
        return steps + [CRC_SANCOES(a, when)]
    return steps + [say(T["pe.sem_crc"], SEM_CRC_CITE(a, when), code="sem_crc")]


# 3. What to pay.
DESPESAS_APREENSAO = _dated("despesas da apreensão", lambda a, when: [], lambda a, when: [
    say(T["pe.remocao_estadia"], _P(when)("art-29-a/par-unico"), code="remocao_estadia"),
    say(T["pe.transbordo"], _P(when)("art-29-a/par-unico"), code="transbordo"),
])
# The requisition of another carrier's vehicle moved from art. 37, § 1º to § 2º.
SUBSTITUTO_CITE = _dated("veículo requisitado", lambda a, when: _P(when)("art-37/par-1", True), lambda a, when: _P(when)("art-37/par-2"))


def _pagamentos(a: dict, when: date) -> list[Statement]:
    P = _P(when)
    if not a["tinha_autorizacao"]:
        fine = param("pe.multa.gravissima", when)
        found = [payment(T["pe.multa"], as_of(fine.cite, when), SEM_CRC_CITE(a, when),
                         code="multa", money=Money(fine.value, "BRL", fine.value), valor=fine.value)]
    else:
        found = [say(T["pe.multa.2"], P("art-28"), P("art-22"), code="multa")]
    reincidencia = param("pe.reincidencia.dias", when)
    found.append(say(T["pe.multa_em_dobro"], reincidencia.cite.at(when), code="multa_em_dobro", dias=reincidencia.value))
    if a["medida"] == "apreensao":
        found += DESPESAS_APREENSAO(a, when)
    found.append(say(T["pe.veiculo_substituto"], SUBSTITUTO_CITE(a, when), code="veiculo_substituto"))
    return found


# 4. Deadlines.
def _epti_original(a: dict, when: date) -> Statement:
    remessa = param("pe.auto.remessa.dias", when)
    return say(T["pe.prazos_epti"],
               as_of(remessa.cite, when), _P(when)("art-25/par-2", True), code="prazos_epti", dias=remessa.value)


def _epti_2020(a: dict, when: date) -> Statement:
    remessa, decisao = param("pe.auto.remessa.dias", when), param("pe.decisao.dias", when)
    return say(T["pe.prazos_epti.2"],
               remessa.cite.at(when), decisao.cite.at(when), code="prazos_epti", dias=remessa.value, decisao=decisao.value)


PRAZOS_EPTI = _dated("prazos da EPTI", _epti_original, _epti_2020)


def _prazos(a: dict, when: date) -> list[Statement]:
    notified = a.get("data_notificacao")
    defesa, recurso, pagamento = param("pe.defesa.dias", when), param("pe.recurso.dias", when), param("pe.pagamento.dias", when)
    return [
        deadline(
            T["pe.defesa"],
            as_of(defesa.cite, when), code="defesa", days=defesa.value, body=T["pe.defesa.2"],
            due=notified + timedelta(days=defesa.value) if notified else None, counting="nao_definida",
        ),
        deadline(
            T["pe.recurso"],
            as_of(recurso.cite, when), code="recurso", days=recurso.value, body=T["pe.recurso.2"], due=None, counting="nao_definida",
        ),
        PRAZOS_EPTI(a, when),
        deadline(
            T["pe.pagamento"],
            as_of(pagamento.cite, when), code="pagamento", days=pagamento.value, body=T["pe.pagamento.2"], due=None, counting="nao_definida",
        ),
        say(T["pe.contagem"], as_of(defesa.cite, when), code="contagem"),
    ]


# 5. Who collects the vehicle, and the passengers.
QUEM_CITE = _dated("quem retira", lambda a, when: _P(when)("art-37/par-3", True), lambda a, when: _P(when)("art-37/par-4"))


def _quem_retira(a: dict, when: date) -> list[Statement]:
    """Who collects the vehicle: art. 37's receipt (§ 3º, § 4º since 2020) is the restitution of the
    *veículo apreendido*; for a retention or a removal the law names no one."""
    P = _P(when)
    if a["medida"] == "retencao":
        return [say(T["pe.retencao.quem_retira"], P("art-29/par-1"), P("art-37"), code="retencao_quem_retira")]
    if a["medida"] == "remocao":
        return [say(T["pe.remocao.quem_retira"], P("art-29/par-2"), P("art-37"), code="remocao_quem_retira")]
    return [say(T["pe.proprietario"], QUEM_CITE(a, when), code="proprietario")]


def _passageiros_2020(a: dict, when: date) -> list[Statement]:
    espera = param("pe.espera.substituto.horas", when)
    return [
        say(T["pe.substituicao"], _P(when)("art-37/par-1"), espera.cite.at(when), code="substituicao", horas=espera.value),
        say(T["pe.requisicao"], _P(when)("art-37/par-2"), code="requisicao"),
    ]


PASSAGEIROS = _dated("passageiros", lambda a, when: [
    say(T["pe.requisicao.original"], _P(when)("art-37/par-1", True), code="requisicao"),
], _passageiros_2020)


def pernambuco(a: dict, when: date, options: dict) -> dict:
    when = a["data_medida"]
    return {
        "liberacao": _liberacao(a, when),
        "data_minima": None,
        "data_maxima": None,
        "pagamentos": _pagamentos(a, when),
        "prazos": _prazos(a, when),
        "o_que_acontece": _o_que_acontece(a, when),
        "quem_retira": _quem_retira(a, when),
        "passageiros": PASSAGEIROS(a, when),
    }
