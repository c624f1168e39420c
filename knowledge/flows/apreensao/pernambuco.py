"""Seized vehicle in Pernambuco: Lei 16.205/2017, arts. 23–30, 29-A and 37, in the wording in force on the date of the measure
(before 13/11/2020: no art. 29-A, no 2-hour wait, no 60-day decision, suspension/cancellation as maxima)."""

from __future__ import annotations

from datetime import date, timedelta

from ...citations import N_, as_of, pe
from ...parameters import LEI_17107, param
from ..engine import Money, say
from .comum import deadline, payment


def pernambuco(a: dict, today: date, options: dict) -> dict:
    when, medida = a["data_medida"], a["medida"]
    old = when < LEI_17107  # the wording before Lei 17.107/2020

    def P(unit: str, previous: bool | None = None):
        cite = pe(unit)
        return cite.at(when, previous=True) if previous else as_of(cite, when)

    # 1. Getting the vehicle back: what to do, by when, what to pay.
    liberacao = []
    if medida == "apreensao":
        if old:
            liberacao.append(say(
                N_("Nesta data a lei não condicionava a restituição do veículo apreendido ao pagamento prévio de multas e despesas (essa regra veio com a Lei 17.107/2020). A restituição exige recibo do proprietário ou de procurador e, se a fiscalização requisitou veículo de outro transportador, a prova de que esse serviço foi pago."),
                P("art-37/par-3", True), P("art-37/par-1", True), code="restituicao_2018",
            ))
        else:
            liberacao.append(say(N_("Para reaver o veículo, pague antes as multas, as taxas e as despesas com transbordo de passageiros, remoção e estadia: só então ele é restituído."), P("art-29-a/par-unico"), code="pagamento_previo"))
    else:
        liberacao.append(say(N_("A viagem só prossegue regularizado o motivo da medida ou com a substituição do veículo."), P("art-37"), *([] if old else [P("art-37/par-1")]), code="regularizacao"))
    liberacao.append(say(N_("A lei não fixa um prazo mínimo ou máximo de custódia: o veículo pode ser retirado assim que cumpridas as condições."), P("art-29") if old else P("art-29-a"), code="sem_prazo_custodia"))

    # 2. What happens.
    steps = []
    if medida == "retencao":
        steps.append(say(N_("A retenção segura o veículo no local; é cabível em qualquer infração do Anexo I."), P("art-29/inc-1"), P("art-29/par-1"), code="retencao"))
    elif medida == "remocao":
        steps.append(say(N_("A remoção leva o veículo do local; só é cabível nas infrações graves e gravíssimas."), P("art-29/inc-2"), P("art-29/par-2"), code="remocao"))
    else:
        steps.append(say(N_("A apreensão é ordenada pelo Diretor-Presidente da EPTI ou por quem ele designar."), P("art-29/par-3"), code="ordem_apreensao"))
        if not old:
            steps.append(say(N_("O veículo apreendido fica no depósito, sob custódia do órgão, com ônus para o proprietário."), P("art-29-a"), code="deposito"))
    steps.append(say(N_("A fiscalização pode impedir o início ou a continuação da viagem."), P("art-37"), code="viagem_impedida"))
    steps.append(say(N_("Documentos obrigatórios podem ser recolhidos (infrações moderadas, graves e gravíssimas) e são devolvidos após a regularização."), P("art-29/par-4"), P("art-29/par-5"), code="documentos"))
    steps.append(say(N_("É lavrado o auto de infração, com direito de defesa e contraditório."), P("art-24"), P("art-25"), code="auto"))
    if a["tinha_autorizacao"]:
        suspensao, cancelamento = param("pe.crc.suspensao.dias", when), param("pe.crc.cancelamento.dias", when)
        if old:
            steps.append(say(
                N_("Confirmadas infrações graves ou gravíssimas, o CRC pode ser suspenso por até %(suspensao)d dias ou cancelado por até %(cancelamento)d dias; com CRC suspenso ou cancelado não se pode operar."),
                P("art-30"), as_of(suspensao.cite, when), P("art-23/inc-3"), P("art-23/inc-4"), P("art-23/par-unico"), code="crc_sancoes",
                suspensao=suspensao.value, cancelamento=cancelamento.value,
            ))
        else:
            steps.append(say(
                N_("Confirmadas infrações graves ou gravíssimas, o CRC pode ser suspenso (%(suspensao)d dias) ou cancelado (%(cancelamento)d dias); com CRC suspenso ou cancelado não se pode operar."),
                P("art-30"), suspensao.cite.at(when), cancelamento.cite.at(when), P("art-23/par-unico"), code="crc_sancoes",
                suspensao=suspensao.value, cancelamento=cancelamento.value,
            ))
        steps[-1].data["prazo_maximo"] = old  # "até": the period was a maximum before Lei 17.107/2020
    else:
        steps.append(say(N_("Fretamento sem CRC (ou com CRC vencido) é infração gravíssima."), P("anexo-i/inc-4/ali-c", True) if old else P("anexo-i/inc-4/ali-b"), code="sem_crc"))

    # 3. What to pay.
    pagamentos = []
    if not a["tinha_autorizacao"]:
        fine = param("pe.multa.gravissima", when)
        pagamentos.append(payment(
            N_("Multa por infração gravíssima: %(valor)s."), as_of(fine.cite, when), P("anexo-i/inc-4/ali-c", True) if old else P("anexo-i/inc-4/ali-b"),
            code="multa", money=Money(fine.value, "BRL", fine.value), valor=fine.value,
        ))
    else:
        pagamentos.append(say(N_("Multa conforme a gravidade da infração do Anexo I: leve, moderada, grave ou gravíssima."), P("art-28"), P("art-22"), code="multa"))
    reincidencia = param("pe.reincidencia.dias", when)
    pagamentos.append(say(N_("Se for a mesma infração repetida em até %(dias)d dias, a multa é em dobro."), reincidencia.cite.at(when), code="multa_em_dobro", dias=reincidencia.value))
    if medida == "apreensao" and not old:
        pagamentos.append(say(N_("Despesas de remoção e estadia no depósito: a lei não fixa o valor."), P("art-29-a/par-unico"), code="remocao_estadia"))
        pagamentos.append(say(N_("Despesas com o transbordo dos passageiros."), P("art-29-a/par-unico"), code="transbordo"))
    if old:
        pagamentos.append(say(N_("Se a fiscalização requisitar veículo de outro transportador, o infrator ressarce os custos e o veículo só é liberado depois desse pagamento."), P("art-37/par-1", True), code="veiculo_substituto"))
    else:
        pagamentos.append(say(N_("Se a fiscalização requisitar veículo de outro transportador, o infrator ressarce os custos e o veículo só é liberado depois desse pagamento."), P("art-37/par-2"), code="veiculo_substituto"))

    # 4. Deadlines.
    notified = a.get("data_notificacao")
    defesa, recurso, remessa = param("pe.defesa.dias", when), param("pe.recurso.dias", when), param("pe.auto.remessa.dias", when)
    prazos = [
        deadline(
            N_("Defesa: %(dias)d dias a contar do recebimento da 2ª via do auto de infração, dirigida ao %(orgao)s."),
            as_of(defesa.cite, when), code="defesa", days=defesa.value, body=N_("Diretor-Presidente da EPTI"),
            due=notified + timedelta(days=defesa.value) if notified else None, counting="nao_definida",
        ),
        deadline(
            N_("Recurso: %(dias)d dias da notificação da decisão, ao Diretor-Presidente da EPTI, que o encaminha à %(orgao)s."),
            as_of(recurso.cite, when), code="recurso", days=recurso.value, body=N_("JARI Transporte"), due=None, counting="nao_definida",
        ),
    ]
    if old:
        prazos.append(say(N_("A 2ª via do auto deve ser remetida em até %(dias)d dias; a decisão sobre a defesa é notificada pessoalmente ou por carta com aviso de recebimento (a lei não fixava prazo para ela)."), as_of(remessa.cite, when), P("art-25/par-2", True), code="prazos_epti", dias=remessa.value))
    else:
        decisao = param("pe.decisao.dias", when)
        prazos.append(say(N_("A 2ª via do auto deve ser remetida em até %(dias)d dias; a decisão sobre a defesa, comunicada em até %(decisao)d dias."), remessa.cite.at(when), decisao.cite.at(when), code="prazos_epti", dias=remessa.value, decisao=decisao.value))
    pagamento = param("pe.pagamento.dias", when)
    prazos.append(deadline(
        N_("Pagamento da multa: %(dias)d dias do trânsito em julgado da decisão administrativa contrária à empresa."),
        as_of(pagamento.cite, when), code="pagamento", days=pagamento.value, body=N_("EPTI"), due=None, counting="nao_definida",
    ))
    prazos.append(say(N_("A Lei 16.205/2017 não diz se os prazos contam em dias corridos ou úteis nem como excluir o dia inicial; a data indicada conta dias corridos a partir do dia seguinte ao recebimento. Confirme com a EPTI."), as_of(defesa.cite, when), code="contagem"))

    quem = P("art-37/par-3", True) if old else P("art-37/par-4")
    if old:
        passageiros = [say(N_("Se a fiscalização precisar requisitar veículo de outro transportador para continuar a viagem, o infrator ressarce os custos."), P("art-37/par-1", True), code="requisicao")]
    else:
        espera = param("pe.espera.substituto.horas", when)
        passageiros = [
            say(N_("Tem prioridade a substituição por outro veículo da mesma empresa (ou locado por ela), com espera máxima de %(horas)d horas; depois disso, a fiscalização providencia o veículo."), P("art-37/par-1"), espera.cite.at(when), code="substituicao", horas=espera.value),
            say(N_("Sem substituição pela empresa, a fiscalização pode requisitar veículo de outro transportador, à custa do infrator."), P("art-37/par-2"), code="requisicao"),
        ]
    return {
        "liberacao": liberacao,
        "data_minima": None,
        "data_maxima": None,
        "pagamentos": pagamentos,
        "prazos": prazos,
        "o_que_acontece": steps,
        "quem_retira": [say(N_("A restituição é feita mediante recibo do proprietário do veículo ou de procurador legalmente habilitado."), quem, code="proprietario")],
        "passageiros": passageiros,
    }
