"""Seized vehicle in Pernambuco: Lei 16.205/2017, arts. 23–30, 29-A and 37, in the wording in force on the date of the measure
(before 13/11/2020: no art. 29-A, no 2-hour wait, no 60-day decision, suspension/cancellation as maxima).

Each piece Lei 17.107/2020 changed is a :class:`~knowledge.flows.dated.Dated` rule with one formula per
wording (``ORIGINAL``, ``LEI_17107``); :func:`pernambuco` composes them, by section of the result."""

from __future__ import annotations

from datetime import date, timedelta

from ...citations import N_, as_of, pe
from ...parameters import param
from ..dated import Dated
from ..engine import Money, Statement, say
from .comum import deadline, payment

ORIGINAL, LEI_17107 = "pe-lei-16205-2017", "pe-lei-17107-2020"


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
        N_("Nesta data a lei não condicionava a restituição do veículo apreendido ao pagamento prévio de multas e despesas (essa regra veio com a Lei 17.107/2020). A restituição exige recibo do proprietário ou de procurador e, se a fiscalização requisitou veículo de outro transportador, a prova de que esse serviço foi pago."),
        _P(when)("art-37/par-3", True), _P(when)("art-37/par-1", True), code="restituicao_2018",
    ),
    lambda a, when: say(N_("Para reaver o veículo, pague antes as multas, as taxas e as despesas com transbordo de passageiros, remoção e estadia: só então ele é restituído."), _P(when)("art-29-a/par-unico"), code="pagamento_previo"),
)
REGULARIZACAO_CITES = _dated("regularização", lambda a, when: [_P(when)("art-37")], lambda a, when: [_P(when)("art-37"), _P(when)("art-37/par-1")])
CUSTODIA_CITE = _dated("custódia", lambda a, when: _P(when)("art-29"), lambda a, when: _P(when)("art-29-a"))


def _liberacao(a: dict, when: date) -> list[Statement]:
    first = RESTITUICAO(a, when) if a["medida"] == "apreensao" else say(
        N_("A viagem só prossegue regularizado o motivo da medida ou com a substituição do veículo."), *REGULARIZACAO_CITES(a, when), code="regularizacao")
    return [first, say(N_("A lei não fixa um prazo mínimo ou máximo de custódia: o veículo pode ser retirado assim que cumpridas as condições."), CUSTODIA_CITE(a, when), code="sem_prazo_custodia")]


# 2. What happens.
DEPOSITO = _dated("depósito", lambda a, when: [], lambda a, when: [
    say(N_("O veículo apreendido fica no depósito, sob custódia do órgão, com ônus para o proprietário."), _P(when)("art-29-a"), code="deposito")])


def _sancoes_original(a: dict, when: date) -> Statement:
    P, suspensao, cancelamento = _P(when), param("pe.crc.suspensao.dias", when), param("pe.crc.cancelamento.dias", when)
    statement = say(
        N_("Confirmadas infrações graves ou gravíssimas, o CRC pode ser suspenso por até %(suspensao)d dias ou cancelado por até %(cancelamento)d dias; com CRC suspenso ou cancelado não se pode operar."),
        P("art-30"), as_of(suspensao.cite, when), P("art-23/inc-3"), P("art-23/inc-4"), P("art-23/par-unico"), code="crc_sancoes",
        suspensao=suspensao.value, cancelamento=cancelamento.value,
    )
    statement.data["prazo_maximo"] = True  # "até": the period was a maximum before Lei 17.107/2020
    return statement


def _sancoes_2020(a: dict, when: date) -> Statement:
    P, suspensao, cancelamento = _P(when), param("pe.crc.suspensao.dias", when), param("pe.crc.cancelamento.dias", when)
    statement = say(
        N_("Confirmadas infrações graves ou gravíssimas, o CRC pode ser suspenso (%(suspensao)d dias) ou cancelado (%(cancelamento)d dias); com CRC suspenso ou cancelado não se pode operar."),
        P("art-30"), suspensao.cite.at(when), cancelamento.cite.at(when), P("art-23/par-unico"), code="crc_sancoes",
        suspensao=suspensao.value, cancelamento=cancelamento.value,
    )
    statement.data["prazo_maximo"] = False
    return statement


CRC_SANCOES = _dated("sanções do CRC", _sancoes_original, _sancoes_2020)
# "Fretamento sem CRC" moved from Anexo I, IV, c to IV, b.
SEM_CRC_CITE = _dated("infração sem CRC", lambda a, when: _P(when)("anexo-i/inc-4/ali-c", True), lambda a, when: _P(when)("anexo-i/inc-4/ali-b"))
_MEDIDA = {
    "retencao": (N_("A retenção segura o veículo no local; é cabível em qualquer infração do Anexo I."), ("art-29/inc-1", "art-29/par-1"), "retencao"),
    "remocao": (N_("A remoção leva o veículo do local; só é cabível nas infrações graves e gravíssimas."), ("art-29/inc-2", "art-29/par-2"), "remocao"),
    "apreensao": (N_("A apreensão é ordenada pelo Diretor-Presidente da EPTI ou por quem ele designar."), ("art-29/par-3",), "ordem_apreensao"),
}


def _o_que_acontece(a: dict, when: date) -> list[Statement]:
    P, (text, units, code) = _P(when), _MEDIDA[a["medida"]]
    steps = [say(text, *map(P, units), code=code)] + (DEPOSITO(a, when) if a["medida"] == "apreensao" else [])
    steps += [
        say(N_("A fiscalização pode impedir o início ou a continuação da viagem."), P("art-37"), code="viagem_impedida"),
        say(N_("Documentos obrigatórios podem ser recolhidos (infrações moderadas, graves e gravíssimas) e são devolvidos após a regularização."), P("art-29/par-4"), P("art-29/par-5"), code="documentos"),
        say(N_("É lavrado o auto de infração, com direito de defesa e contraditório."), P("art-24"), P("art-25"), code="auto"),
    ]
    if a["tinha_autorizacao"]:
        return steps + [CRC_SANCOES(a, when)]
    return steps + [say(N_("Fretamento sem CRC (ou com CRC vencido) é infração gravíssima."), SEM_CRC_CITE(a, when), code="sem_crc")]


# 3. What to pay.
DESPESAS_APREENSAO = _dated("despesas da apreensão", lambda a, when: [], lambda a, when: [
    say(N_("Despesas de remoção e estadia no depósito: a lei não fixa o valor."), _P(when)("art-29-a/par-unico"), code="remocao_estadia"),
    say(N_("Despesas com o transbordo dos passageiros."), _P(when)("art-29-a/par-unico"), code="transbordo"),
])
# The requisition of another carrier's vehicle moved from art. 37, § 1º to § 2º.
SUBSTITUTO_CITE = _dated("veículo requisitado", lambda a, when: _P(when)("art-37/par-1", True), lambda a, when: _P(when)("art-37/par-2"))


def _pagamentos(a: dict, when: date) -> list[Statement]:
    P = _P(when)
    if not a["tinha_autorizacao"]:
        fine = param("pe.multa.gravissima", when)
        found = [payment(N_("Multa por infração gravíssima: %(valor)s."), as_of(fine.cite, when), SEM_CRC_CITE(a, when),
                         code="multa", money=Money(fine.value, "BRL", fine.value), valor=fine.value)]
    else:
        found = [say(N_("Multa conforme a gravidade da infração do Anexo I: leve, moderada, grave ou gravíssima."), P("art-28"), P("art-22"), code="multa")]
    reincidencia = param("pe.reincidencia.dias", when)
    found.append(say(N_("Se for a mesma infração repetida em até %(dias)d dias, a multa é em dobro."), reincidencia.cite.at(when), code="multa_em_dobro", dias=reincidencia.value))
    if a["medida"] == "apreensao":
        found += DESPESAS_APREENSAO(a, when)
    found.append(say(N_("Se a fiscalização requisitar veículo de outro transportador, o infrator ressarce os custos e o veículo só é liberado depois desse pagamento."), SUBSTITUTO_CITE(a, when), code="veiculo_substituto"))
    return found


# 4. Deadlines.
def _epti_original(a: dict, when: date) -> Statement:
    remessa = param("pe.auto.remessa.dias", when)
    return say(N_("A 2ª via do auto deve ser remetida em até %(dias)d dias; a decisão sobre a defesa é notificada pessoalmente ou por carta com aviso de recebimento (a lei não fixava prazo para ela)."),
               as_of(remessa.cite, when), _P(when)("art-25/par-2", True), code="prazos_epti", dias=remessa.value)


def _epti_2020(a: dict, when: date) -> Statement:
    remessa, decisao = param("pe.auto.remessa.dias", when), param("pe.decisao.dias", when)
    return say(N_("A 2ª via do auto deve ser remetida em até %(dias)d dias; a decisão sobre a defesa, comunicada em até %(decisao)d dias."),
               remessa.cite.at(when), decisao.cite.at(when), code="prazos_epti", dias=remessa.value, decisao=decisao.value)


PRAZOS_EPTI = _dated("prazos da EPTI", _epti_original, _epti_2020)


def _prazos(a: dict, when: date) -> list[Statement]:
    notified = a.get("data_notificacao")
    defesa, recurso, pagamento = param("pe.defesa.dias", when), param("pe.recurso.dias", when), param("pe.pagamento.dias", when)
    return [
        deadline(
            N_("Defesa: %(dias)d dias a contar do recebimento da 2ª via do auto de infração, dirigida ao %(orgao)s."),
            as_of(defesa.cite, when), code="defesa", days=defesa.value, body=N_("Diretor-Presidente da EPTI"),
            due=notified + timedelta(days=defesa.value) if notified else None, counting="nao_definida",
        ),
        deadline(
            N_("Recurso: %(dias)d dias da notificação da decisão, ao Diretor-Presidente da EPTI, que o encaminha à %(orgao)s."),
            as_of(recurso.cite, when), code="recurso", days=recurso.value, body=N_("JARI Transporte"), due=None, counting="nao_definida",
        ),
        PRAZOS_EPTI(a, when),
        deadline(
            N_("Pagamento da multa: %(dias)d dias do trânsito em julgado da decisão administrativa contrária à empresa."),
            as_of(pagamento.cite, when), code="pagamento", days=pagamento.value, body=N_("EPTI"), due=None, counting="nao_definida",
        ),
        say(N_("A Lei 16.205/2017 não diz se os prazos contam em dias corridos ou úteis nem como excluir o dia inicial; a data indicada conta dias corridos a partir do dia seguinte ao recebimento. Confirme com a EPTI."), as_of(defesa.cite, when), code="contagem"),
    ]


# 5. Who collects the vehicle, and the passengers.
QUEM_CITE = _dated("quem retira", lambda a, when: _P(when)("art-37/par-3", True), lambda a, when: _P(when)("art-37/par-4"))


def _passageiros_2020(a: dict, when: date) -> list[Statement]:
    espera = param("pe.espera.substituto.horas", when)
    return [
        say(N_("Tem prioridade a substituição por outro veículo da mesma empresa (ou locado por ela), com espera máxima de %(horas)d horas; depois disso, a fiscalização providencia o veículo."), _P(when)("art-37/par-1"), espera.cite.at(when), code="substituicao", horas=espera.value),
        say(N_("Sem substituição pela empresa, a fiscalização pode requisitar veículo de outro transportador, à custa do infrator."), _P(when)("art-37/par-2"), code="requisicao"),
    ]


PASSAGEIROS = _dated("passageiros", lambda a, when: [
    say(N_("Se a fiscalização precisar requisitar veículo de outro transportador para continuar a viagem, o infrator ressarce os custos."), _P(when)("art-37/par-1", True), code="requisicao"),
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
        "quem_retira": [say(N_("A restituição é feita mediante recibo do proprietário do veículo ou de procurador legalmente habilitado."), QUEM_CITE(a, when), code="proprietario")],
        "passageiros": PASSAGEIROS(a, when),
    }
