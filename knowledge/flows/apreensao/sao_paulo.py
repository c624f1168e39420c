"""Seized vehicle in São Paulo: Regulamento do Decreto 29.912/1989, arts. 39–40, 44–49, 52 and 55."""

from __future__ import annotations

from datetime import date, timedelta

from ...citations import N_, sp
from ...parameters import param
from ..engine import Money, say
from .comum import deadline, payment


def _medida(a: dict, when: date) -> tuple[list, list, date | None]:
    """(what happens, how to get the vehicle back, earliest release) for the measure taken."""
    medida, steps, liberacao, data_minima = a["medida"], [], [], None
    if medida == "remocao":
        steps.append(say(N_("O Regulamento não prevê a remoção como penalidade: as medidas sobre o veículo são a retenção e a apreensão."), sp("art-34"), code="remocao_nao_prevista"))
    if medida in ("retencao", "remocao"):
        steps.append(say(N_("A retenção é aplicada quando a infração ameaça a segurança e nos casos que o Regulamento lista (vistoria, tacógrafo, embriaguez do motorista, características do veículo…)."), sp("art-39"), code="retencao"))
        steps.append(say(N_("A retenção é feita pelos agentes de fiscalização."), sp("art-48"), code="quem_retem"))
        liberacao.append(say(N_("A viagem só continua depois que o infrator sana a irregularidade ou substitui o veículo."), sp("art-48/par-unico"), code="regularizacao"))
    else:
        horas = param("sp.apreensao.minimo.horas", when)
        data_minima = when + timedelta(hours=horas.value)
        steps.append(say(N_("A apreensão é aplicada, além da multa, quando o serviço não é autorizado pelo DER, e dura no mínimo %(horas)d horas."), horas.cite, code="apreensao", horas=horas.value))
        liberacao.append(say(N_("A apreensão dura no mínimo %(horas)d horas."), horas.cite, code="minimo_48h", horas=horas.value))
        liberacao.append(say(N_("Para liberar, o infrator paga ao DER a multa, as despesas da apreensão e as dos veículos usados para repor o transporte."), sp("art-40/par-2"), code="pagamento"))
        liberacao.append(say(N_("A liberação é feita por ato da autoridade regional dos serviços de transporte coletivo."), sp("art-49/par-unico"), code="autoridade_regional"))
    return steps, liberacao, data_minima


def _pagamentos(a: dict, when: date) -> list:
    """The fine in % of the MVR and, for a seizure, its charges."""
    medida, pagamentos = a["medida"], []
    if not a["tinha_autorizacao"]:
        pct = param("sp.multa.grupo5", when)
        pagamentos.append(payment(
            N_("Multa por executar serviço sem autorização: %(pct)d%% do Maior Valor de Referência (MVR), atualizada pela variação do MVR."),
            pct.cite, sp("art-37/inc-5/ali-a"), sp("art-46/par-2"), code="multa", money=Money(pct.value, "MVR_PCT"), pct=pct.value,
        ))
    else:
        menor, maior = param("sp.multa.grupo1", when), param("sp.multa.grupo5", when)
        pagamentos.append(say(N_("Multa entre %(menor)d%% e %(maior)d%% do MVR conforme a infração."), sp("art-37").at(when), menor.cite, maior.cite, code="multa", menor=menor.value, maior=maior.value))
    if medida == "apreensao":
        pagamentos.append(say(N_("Despesas decorrentes da apreensão (valor não fixado no Regulamento)."), sp("art-40/par-2"), code="despesas_apreensao"))
        pagamentos.append(say(N_("Despesas com os veículos empregados na reposição do transporte."), sp("art-40/par-2"), code="veiculo_substituto"))
    return pagamentos


def _prazos(a: dict, when: date) -> list:
    """Defence, appeal and payment, from the notice (the Regulamento does not say how days count)."""
    notified = a.get("data_notificacao")
    defesa, recurso, pagamento = param("sp.defesa.dias", when), param("sp.recurso.dias", when), param("sp.pagamento.dias", when)
    prazos = [
        deadline(
            N_("Defesa: %(dias)d dias do recebimento da intimação, preferencialmente perante o %(orgao)s."), defesa.cite, sp("art-45/par-2"),
            code="defesa", days=defesa.value, body=N_("órgão que expediu a intimação (DER)"), due=notified + timedelta(days=defesa.value) if notified else None, counting="nao_definida",
        ),
        deadline(
            N_("Recurso contra a multa: %(dias)d dias do recebimento da notificação, uma única vez à %(orgao)s."), recurso.cite, sp("art-52"),
            code="recurso", days=recurso.value, body=N_("Comissão de Transporte Coletivo do DER"), due=None, counting="nao_definida",
        ),
        deadline(
            N_("Pagamento: %(dias)d dias da notificação da multa (ou da decisão que rejeitar o recurso)."), pagamento.cite,
            code="pagamento", days=pagamento.value, body=N_("DER"), due=None, counting="nao_definida",
        ),
        say(N_("O Regulamento não define como contar os prazos (corridos ou úteis); a data indicada conta dias corridos a partir do dia seguinte ao recebimento. Confirme com o órgão."), sp("art-45/par-1"), code="contagem"),
    ]
    return prazos


def sao_paulo(a: dict, when: date, options: dict) -> dict:
    when, medida = a["data_medida"], a["medida"]
    steps, liberacao, data_minima = _medida(a, when)
    pagamentos, prazos = _pagamentos(a, when), _prazos(a, when)
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
