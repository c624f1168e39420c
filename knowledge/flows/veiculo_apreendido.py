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
names the days skipped; municipal holidays are not counted (said so).
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from ..citations import N_, as_of, ac, pe, recife, sp
from ..parameters import AC_IN_FORCE, LEI_17107, PE_IN_FORCE, RECIFE_IN_FORCE, SP_IN_FORCE, param
from ..working_days import MUNICIPAL_NOT_COUNTED, next_working_day
from .engine import Flow, InvalidAnswer, Money, Option, Outcome, Question, Statement, say

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


def _payment(text: str, *cites, code: str, money: Money | None = None, **params) -> Statement:
    statement = say(text, *cites, code=code, **params)
    statement.money = money
    return statement


def _deadline(text: str, *cites, code: str, days: int, body: str, due: date | None, counting: str, **params) -> Statement:
    statement = say(text, *cites, code=code, dias=days, orgao=body, **params)
    statement.due = due
    statement.data.update({"dias": days, "orgao": body, "contagem": counting})
    return statement


# -- Pernambuco ------------------------------------------------------------------------


def _pernambuco(a: dict, today: date, options: dict) -> dict:
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
                N_("Nesta data a lei não condicionava a restituição do veículo apreendido ao pagamento prévio de multas e despesas (essa regra, do art. 29-A, veio com a Lei 17.107/2020). A restituição exige recibo do proprietário ou de procurador e, se a fiscalização requisitou veículo de outro transportador, a prova de que esse serviço foi pago."),
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
        pagamentos.append(_payment(
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
        _deadline(
            N_("Defesa: %(dias)d dias a contar do recebimento da 2ª via do auto de infração, dirigida ao %(orgao)s."),
            as_of(defesa.cite, when), code="defesa", days=defesa.value, body=N_("Diretor-Presidente da EPTI"),
            due=notified + timedelta(days=defesa.value) if notified else None, counting="nao_definida",
        ),
        _deadline(
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
    prazos.append(_deadline(
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


# -- São Paulo ------------------------------------------------------------------------------


def _sao_paulo(a: dict, today: date, options: dict) -> dict:
    when, medida = a["data_medida"], a["medida"]
    steps, liberacao = [], []
    data_minima = None
    if medida == "remocao":
        steps.append(say(N_("O Regulamento não prevê a remoção como penalidade: as medidas sobre o veículo são a retenção e a apreensão."), sp("art-34"), code="remocao_nao_prevista"))
    if medida in ("retencao", "remocao"):
        steps.append(say(N_("A retenção é aplicada quando a infração ameaça a segurança e nos casos do art. 39 (vistoria, tacógrafo, embriaguez do motorista, características do veículo…)."), sp("art-39"), code="retencao"))
        steps.append(say(N_("A retenção é feita pelos agentes de fiscalização."), sp("art-48"), code="quem_retem"))
        liberacao.append(say(N_("A viagem só continua depois que o infrator sana a irregularidade ou substitui o veículo."), sp("art-48/par-unico"), code="regularizacao"))
    else:
        horas = param("sp.apreensao.minimo.horas", when)
        data_minima = when + timedelta(hours=horas.value)
        steps.append(say(N_("A apreensão é aplicada, além da multa, quando o serviço não é autorizado pelo DER, e dura no mínimo %(horas)d horas."), horas.cite, code="apreensao", horas=horas.value))
        liberacao.append(say(N_("A apreensão dura no mínimo %(horas)d horas."), horas.cite, code="minimo_48h", horas=horas.value))
        liberacao.append(say(N_("Para liberar, o infrator paga ao DER a multa, as despesas da apreensão e as dos veículos usados para repor o transporte."), sp("art-40/par-2"), code="pagamento"))
        liberacao.append(say(N_("A liberação é feita por ato da autoridade regional dos serviços de transporte coletivo."), sp("art-49/par-unico"), code="autoridade_regional"))
    pagamentos = []
    if not a["tinha_autorizacao"]:
        pct = param("sp.multa.grupo5", when)
        pagamentos.append(_payment(
            N_("Multa por executar serviço sem autorização: %(pct)d%% do Maior Valor de Referência (MVR), atualizada pela variação do MVR."),
            pct.cite, sp("art-37/inc-5/ali-a"), sp("art-46/par-2"), code="multa", money=Money(pct.value, "MVR_PCT"), pct=pct.value,
        ))
    else:
        menor, maior = param("sp.multa.grupo1", when), param("sp.multa.grupo5", when)
        pagamentos.append(say(N_("Multa entre %(menor)d%% e %(maior)d%% do MVR conforme a infração."), sp("art-37").at(when), menor.cite, maior.cite, code="multa", menor=menor.value, maior=maior.value))
    if medida == "apreensao":
        pagamentos.append(say(N_("Despesas decorrentes da apreensão (valor não fixado no Regulamento)."), sp("art-40/par-2"), code="despesas_apreensao"))
        pagamentos.append(say(N_("Despesas com os veículos empregados na reposição do transporte."), sp("art-40/par-2"), code="veiculo_substituto"))
    notified = a.get("data_notificacao")
    defesa, recurso, pagamento = param("sp.defesa.dias", when), param("sp.recurso.dias", when), param("sp.pagamento.dias", when)
    prazos = [
        _deadline(
            N_("Defesa: %(dias)d dias do recebimento da intimação, preferencialmente perante o %(orgao)s."), defesa.cite, sp("art-45/par-2"),
            code="defesa", days=defesa.value, body=N_("órgão que expediu a intimação (DER)"), due=notified + timedelta(days=defesa.value) if notified else None, counting="nao_definida",
        ),
        _deadline(
            N_("Recurso contra a multa: %(dias)d dias do recebimento da notificação, uma única vez à %(orgao)s."), recurso.cite, sp("art-52"),
            code="recurso", days=recurso.value, body=N_("Comissão de Transporte Coletivo do DER"), due=None, counting="nao_definida",
        ),
        _deadline(
            N_("Pagamento: %(dias)d dias da notificação da multa (ou da decisão que rejeitar o recurso)."), pagamento.cite,
            code="pagamento", days=pagamento.value, body=N_("DER"), due=None, counting="nao_definida",
        ),
        say(N_("O Regulamento não define como contar os prazos (corridos ou úteis); a data indicada conta dias corridos a partir do dia seguinte ao recebimento. Confirme com o órgão."), sp("art-45/par-1"), code="contagem"),
    ]
    return {
        "o_que_acontece": steps + [say(N_("A multa começa com o auto de infração; o infrator é intimado pelo Diário Oficial e, se possível, recebe cópia na hora."), sp("art-44"), sp("art-44/par-1"), sp("art-44/par-2"), code="auto")],
        "liberacao": liberacao,
        "data_minima": data_minima,
        "data_maxima": None,
        "pagamentos": pagamentos,
        "prazos": prazos,
        "quem_retira": [say(N_("O Regulamento não diz quem retira o veículo; a liberação depende do pagamento pelo infrator e de ato da autoridade regional."), sp("art-40/par-2"), sp("art-49/par-unico"), code="nao_especificado")],
        "passageiros": [say(N_("O DER pode requisitar veículo de empresas cadastradas para completar a viagem dos passageiros do veículo apreendido."), sp("art-40/par-1"), code="requisicao")] if medida == "apreensao" else [
            say(N_("Na interrupção, a transportadora deve continuar a viagem com o mesmo veículo ou outro de característica idêntica ou superior."), sp("art-12"), code="continuidade")
        ],
    }


# -- Acre -------------------------------------------------------------------------------------


def _acre(a: dict, today: date, options: dict) -> dict:
    when, medida = a["data_medida"], a["medida"]
    ufirac_brl: Decimal | None = options.get("ufirac_brl")
    steps, liberacao = [], []
    data_minima = data_maxima = None
    if medida == "remocao":
        steps.append(say(N_("A lei do Acre não prevê a remoção como penalidade: as medidas sobre o veículo são a retenção e a apreensão."), ac("art-73"), code="remocao_nao_prevista"))
    if medida in ("retencao", "remocao"):
        steps.append(say(N_("A retenção vale para veículo inseguro, carga perigosa, motorista com sinais de embriaguez, registrador adulterado ou veículo não cadastrado."), ac("art-77"), code="retencao"))
        liberacao.append(say(N_("O veículo retido é levado à garagem da transportadora ou a local indicado e só é liberado comprovada a correção da irregularidade."), ac("art-77/par-3"), code="correcao"))
    else:
        reincidente = a["reincidente_12m"]
        kind = "reincidencia" if reincidente else "primeira"
        low, high = param(f"ac.custodia.{kind}.min_dias", when), param(f"ac.custodia.{kind}.max_dias", when)
        periodo = param("ac.custodia.periodo.meses", when)
        # Art. 99: exclude the first day, include the last.
        data_minima, data_maxima = when + timedelta(days=low.value), when + timedelta(days=high.value)
        steps.append(say(N_("A apreensão é aplicada, além da multa, a quem opera sem concessão, permissão ou autorização."), ac("art-78"), code="apreensao"))
        steps.append(say(N_("O veículo fica no depósito, sob custódia do órgão, com ônus para o proprietário."), ac("art-89"), code="deposito"))
        liberacao.append(say(
            N_("Custódia de %(min)d a %(max)d dias, conforme as circunstâncias (%(caso)s em %(meses)d meses)."),
            low.cite, code="custodia", min=low.value, max=high.value, meses=periodo.value, caso=N_("reincidência") if reincidente else N_("primeira apreensão"),
        ))
        liberacao.append(say(N_("Liberação com a guia de recolhimento que comprove o pagamento das multas e das despesas da apreensão."), ac("art-78/par-unico"), code="guia"))
        liberacao.append(say(N_("A restituição exige o prévio pagamento das multas vencidas, taxas e despesas com transbordo, remoção e estada."), ac("art-89/par-1"), code="pagamento_previo"))
        liberacao.append(say(N_("Contagem dos dias: exclui o dia da apreensão e inclui o último dia."), ac("art-99"), code="contagem_custodia"))

    def ufirac(amount: int) -> Money:
        return Money(amount, "UFIRAC", (ufirac_brl * amount) if ufirac_brl else None)

    pagamentos = []
    if not a["tinha_autorizacao"]:
        fine = param("ac.multa.clandestino", when)
        amount = fine.value * (2 if a["reincidente_12m"] else 1)
        pagamentos.append(_payment(
            N_("Multa por transporte sem concessão, permissão ou autorização: %(ufirac)d UFIRACs%(dobro)s."),
            fine.cite, ac("art-75/inc-4/ali-x"), *( [ac("art-88/par-1")] if a["reincidente_12m"] else [] ),
            code="multa", money=ufirac(amount), ufirac=amount, dobro=N_(" (valor dobrado pela reincidência)") if a["reincidente_12m"] else "",
        ))
    else:
        faixas = [param(f"ac.multa.inc{n}", when) for n in (1, 2, 3, 4)]
        pagamentos.append(say(
            N_("Multa conforme a infração: %(i)d, %(ii)d, %(iii)d ou %(iv)d UFIRACs."), *(f.cite for f in faixas),
            code="multa", i=faixas[0].value, ii=faixas[1].value, iii=faixas[2].value, iv=faixas[3].value,
        ))
        dobro = param("ac.reincidencia.dias", when)  # stated as a condition: the answer is not asked on this path
        pagamentos.append(say(N_("Se for a mesma infração repetida em até %(dias)d dias, a multa é em dobro."), dobro.cite, code="multa_em_dobro", dias=dobro.value))
    if medida == "apreensao":
        diaria, teto = param("ac.estadia.diaria", when), param("ac.estadia.max_dias", when)
        dias = a.get("dias_deposito")
        if dias is not None:
            cobrados = min(dias, teto.value)
            pagamentos.append(_payment(
                N_("Estada no depósito: %(diaria)d UFIRACs por dia, no máximo %(teto)d dias — para %(dias)d dias, %(total)d UFIRACs."),
                diaria.cite, code="estadia", money=ufirac(diaria.value * cobrados), diaria=diaria.value, teto=teto.value, dias=dias, total=diaria.value * cobrados,
            ))
        else:
            pagamentos.append(_payment(
                N_("Estada no depósito: %(diaria)d UFIRACs por dia, cobrados no máximo por %(teto)d dias."), diaria.cite, code="estadia",
                money=ufirac(diaria.value), diaria=diaria.value, teto=teto.value,
            ))
        pagamentos.append(say(N_("Taxas e despesas com transbordo e remoção (valores não fixados na lei)."), ac("art-89/par-1"), code="transbordo_remocao"))
    notified = a.get("data_notificacao")
    prazos = [
        _deadline(
            N_("Defesa: nos prazos da regulamentação da lei e das normas da %(orgao)s; a Lei 2.731/2013 não fixa o número de dias."),
            ac("art-79/par-2"), code="defesa", days=0, body=N_("AGEAC"), due=None, counting="regulamento",
        ),
        say(N_("Multa não paga no prazo e sem recurso é inscrita na dívida ativa."), ac("art-79/par-3"), code="divida_ativa"),
        say(N_("Todo prazo desta lei exclui o dia de início e inclui o dia do vencimento."), ac("art-99"), code="contagem"),
    ]
    if notified:
        prazos[0].data["recebido_em"] = notified
    return {
        "o_que_acontece": steps + [say(N_("A autoridade instaura processo administrativo e representa à polícia para apurar crimes ligados ao transporte clandestino."), ac("art-88/par-2"), ac("art-90"), code="processo")] if not a["tinha_autorizacao"] else steps,
        "liberacao": liberacao,
        "data_minima": data_minima,
        "data_maxima": data_maxima,
        "pagamentos": pagamentos,
        "prazos": prazos,
        "quem_retira": [say(N_("A lei põe o ônus da custódia no proprietário e não diz quem retira o veículo; leve a guia de recolhimento paga."), ac("art-89"), ac("art-78/par-unico"), code="proprietario")],
        "passageiros": [say(N_("As despesas com o transbordo dos passageiros entram no que se paga para liberar o veículo; a lei não diz quem providencia o transporte."), ac("art-89/par-1"), code="transbordo")],
    }


# -- Recife ---------------------------------------------------------------------------------------


def _recife(a: dict, today: date, options: dict) -> dict:
    when, medida = a["data_medida"], a["medida"]
    vb = param("recife.vb", when)
    steps, liberacao, pagamentos = [], [], []
    if medida == "remocao":
        steps.append(say(N_("A Lei 16.856/2003 não prevê a remoção como medida: são a retenção, a apreensão e o recolhimento de documentos."), recife("art-38"), code="remocao_nao_prevista"))
    if medida in ("retencao", "remocao"):
        steps.append(say(N_("A retenção é cabível nas infrações dos Grupos 1 e 2 do Anexo Único."), recife("art-38/par-1"), code="retencao"))
        liberacao.append(say(N_("A lei não detalha a liberação do veículo retido; os documentos recolhidos voltam após a regularização."), recife("art-38/par-5"), code="regularizacao"))
    else:
        steps.append(say(N_("A apreensão é cabível nas infrações dos Grupos 3 e 4 do Anexo Único."), recife("art-38/par-2"), code="apreensao"))
        liberacao.append(say(N_("O veículo apreendido só é liberado após o pagamento da taxa e das despesas da apreensão previstas na Lei Municipal nº 16.828/2002."), recife("art-38/par-4"), code="pagamento"))
        liberacao.append(say(N_("A lei não fixa prazo mínimo ou máximo de custódia."), recife("art-38"), code="sem_prazo_custodia"))
    if not a["tinha_autorizacao"]:
        steps.insert(0, say(N_("Transporte remunerado de passageiros sem autorização, permissão ou concessão é proibido e sujeita à apreensão do veículo."), recife("art-44"), recife("art-45"), code="sem_autorizacao"))
        fator = param("recife.multa.clandestino.vb", when)
        total = vb.value * fator.value
        pagamentos.append(_payment(
            N_("Multa: Vm = %(fator)d × Vb; com Vb = %(vb)s (valor da lei, corrigido pelo reajuste tarifário), %(total)s."),
            fator.cite, vb.cite, recife("art-45/par-unico"), code="multa", money=Money(fator.value, "VB", total), fator=fator.value, vb=vb.value, total=total,
        ))
    else:
        dobro, cassacao = param("recife.reincidencia.meses", when), param("recife.cassacao.meses", when)
        g1, g2, g3, g4 = (param(f"recife.multa.grupo{n}.g", when) for n in (1, 2, 3, 4))
        if medida in ("retencao", "remocao"):
            # Finding 12: retention is for Grupos 1 and 2; Grupo 1 is a written warning, the fine comes on a repeat.
            pagamentos.append(say(
                N_("Infração do Grupo 1: advertência por escrito, sem multa; a multa (%(g1)d × Vb) só vem na reincidência em %(meses)d meses. Infração do Grupo 2: multa Vm = %(g2)d × Vb (Vb = %(vb)s, corrigido pelo reajuste tarifário)."),
                recife("art-33/inc-1"), recife("art-33/inc-2"), recife("art-38/par-1"), g1.cite, g2.cite, vb.cite, code="multa",
                vb=vb.value, g1=g1.value, g2=g2.value, meses=dobro.value,
            ))
        else:
            pagamentos.append(say(
                N_("Multa: Vm = G × Vb, em que G é o número do grupo da infração (%(g3)d ou %(g4)d, os grupos que admitem apreensão) e Vb = %(vb)s, corrigido pelo reajuste tarifário."),
                recife("art-36"), g3.cite, g4.cite, vb.cite, recife("art-36/par-1"), recife("art-38/par-2"), code="multa", vb=vb.value, g3=g3.value, g4=g4.value,
            ))
        pagamentos.append(say(N_("Reincidência em %(meses)d meses nos Grupos 2 a 4: multa em dobro; segunda reincidência no Grupo 4 em %(cassacao)d meses: cassação da permissão."), dobro.cite, cassacao.cite, code="reincidencia", meses=dobro.value, cassacao=cassacao.value))
    if medida == "apreensao":
        pagamentos.append(say(N_("Taxa e despesas da apreensão, pela Lei Municipal nº 16.828/2002 (valores fora desta lei)."), recife("art-38/par-4"), code="taxa_apreensao"))
    notified = a.get("data_notificacao")
    defesa, julgamento, recurso = param("recife.defesa.dias", when), param("recife.julgamento.dias", when), param("recife.recurso.dias", when)
    comunicacao, notificacao = param("recife.comunicacao.dias", when), param("recife.notificacao.dias", when)
    counted = next_working_day(notified, "recife") if notified else None
    start = counted.day if counted else None
    prazos = [
        _deadline(
            N_("Defesa: até %(dias)d dias, contados a partir do primeiro dia útil após o recebimento da notificação, em petição ao presidente da %(orgao)s."),
            defesa.cite, recife("art-41/par-1"), recife("art-41/par-2"), code="defesa", days=defesa.value,
            body=N_("CDTC (Comissão Disciplinar do Transporte Complementar)"), due=start + timedelta(days=defesa.value - 1) if start else None, counting="lei",
        ),
        *([say(
            N_("Para achar o primeiro dia útil foram pulados: %(dias)s."), recife("art-41/par-1"), code="dias_pulados",
            dias=", ".join([d.strftime("%d/%m/%Y") for d in counted.skipped_weekends] + [f"{d.strftime('%d/%m/%Y')} ({name})" for d, name in counted.skipped_holidays]),
        )] if counted and (counted.skipped_weekends or counted.skipped_holidays) else []),
        say(N_("A CDTC julga em até %(dias)d dias; se a defesa não for acolhida, você é comunicado em até %(comunicacao)d dias."), julgamento.cite, comunicacao.cite, code="julgamento", dias=julgamento.value, comunicacao=comunicacao.value),
        _deadline(
            N_("Recurso: %(dias)d dias do recebimento da notificação da decisão, ao %(orgao)s (efeito só devolutivo)."),
            recurso.cite, recife("art-43/par-unico"), code="recurso", days=recurso.value, body=N_("Conselho de Revisão Administrativa (CRA)"), due=None, counting="nao_definida",
        ),
        say(N_("A Prefeitura tem %(dias)d dias da infração para notificar, sob pena de arquivamento do auto."), notificacao.cite, code="notificacao_30_dias", dias=notificacao.value),
        say(MUNICIPAL_NOT_COUNTED, recife("art-41/par-1"), code="feriados"),
    ]
    return {
        "o_que_acontece": steps,
        "liberacao": liberacao,
        "data_minima": None,
        "data_maxima": None,
        "pagamentos": pagamentos,
        "prazos": prazos,
        "quem_retira": [say(N_("A lei não diz quem retira o veículo; a liberação depende do pagamento da taxa e das despesas."), recife("art-38/par-4"), code="nao_especificado")],
        "passageiros": [say(N_("A lei não trata do transporte dos passageiros quando o veículo é retido ou apreendido."), recife("art-38"), code="nao_previsto")],
    }


HANDLERS = {"pe": _pernambuco, "sp": _sao_paulo, "ac": _acre, "recife": _recife}


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
