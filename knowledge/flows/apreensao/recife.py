"""Seized vehicle in Recife (STCP): Lei 16.856/2003, arts. 33, 36, 38 and 41–45; the defence counts from the first working
day (national, state and municipal holidays skipped, each named)."""

from __future__ import annotations

from datetime import date, timedelta

from ...citations import N_, recife
from ...parameters import param
from ...working_days import municipal_calendar, next_working_day
from ..engine import Money, say
from .comum import deadline, payment


def _medida(a: dict) -> tuple[list, list]:
    """(what happens, how to get the vehicle back) for the measure taken."""
    medida = a["medida"]
    steps, liberacao = [], []
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
    return steps, liberacao


def _pagamentos(a: dict, when: date) -> list:
    """The fine (Vm = G × Vb), the repeat rule, the seizure's charges."""
    medida, vb, pagamentos = a["medida"], param("recife.vb", when), []
    if not a["tinha_autorizacao"]:
        fator = param("recife.multa.clandestino.vb", when)
        total = vb.value * fator.value
        pagamentos.append(payment(
            # the amount first, the formula after it (issue #31: a passenger reads the R$ first)
            N_("Multa: %(total)s (Vm = %(fator)d × Vb, com Vb = %(vb)s, valor da lei corrigido pelo reajuste tarifário)."),
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
    return pagamentos


def _prazos(a: dict, when: date) -> list:
    """Defence from the first working day after the notice (holidays skipped and named), judgment, appeal."""
    notified = a.get("data_notificacao")
    defesa, julgamento, recurso = param("recife.defesa.dias", when), param("recife.julgamento.dias", when), param("recife.recurso.dias", when)
    comunicacao, notificacao = param("recife.comunicacao.dias", when), param("recife.notificacao.dias", when)
    counted = next_working_day(notified, "recife") if notified else None
    start = counted.day if counted else None
    prazos = [
        deadline(
            N_("Defesa: até %(dias)d dias, contados a partir do primeiro dia útil após o recebimento da notificação, em petição ao presidente da %(orgao)s."),
            defesa.cite, recife("art-41/par-1"), recife("art-41/par-2"), code="defesa", days=defesa.value,
            body=N_("CDTC (Comissão Disciplinar do Transporte Complementar)"), due=start + timedelta(days=defesa.value - 1) if start else None, counting="lei",
        ),
        *([say(
            N_("Para achar o primeiro dia útil foram pulados: %(dias)s."), recife("art-41/par-1"), code="dias_pulados",
            dias=", ".join([d.strftime("%d/%m/%Y") for d in counted.skipped_weekends] + [f"{d.strftime('%d/%m/%Y')} ({name})" for d, name in counted.skipped_holidays]),
        )] if counted and (counted.skipped_weekends or counted.skipped_holidays) else []),
        say(N_("A CDTC julga em até %(dias)d dias; se a defesa não for acolhida, você é comunicado em até %(comunicacao)d dias."), julgamento.cite, comunicacao.cite, code="julgamento", dias=julgamento.value, comunicacao=comunicacao.value),
        deadline(
            N_("Recurso: %(dias)d dias do recebimento da notificação da decisão, ao %(orgao)s (efeito só devolutivo)."),
            recurso.cite, recife("art-43/par-unico"), code="recurso", days=recurso.value, body=N_("Conselho de Revisão Administrativa (CRA)"), due=None, counting="nao_definida",
        ),
        say(N_("A Prefeitura tem %(dias)d dias da infração para notificar, sob pena de arquivamento do auto."), notificacao.cite, code="notificacao_30_dias", dias=notificacao.value),
        say(
            N_("A contagem pula os feriados nacionais, os estaduais de Pernambuco e os municipais do Recife (%(feriados)s); pontos facultativos não são feriados. Confirme a data com a Prefeitura."),
            recife("art-41/par-1"), code="feriados",
            feriados=", ".join(f"{h.day:02d}/{h.month:02d}, {h.name}" for h in municipal_calendar("recife") if h.on(when.year)),
        ),
        *[say(
            N_("%(dia)s foi pulado como feriado municipal (%(feriado)s), mas não confirmamos a lei municipal que o fixa: confirme o prazo com a Prefeitura."),
            recife("art-41/par-1"), code="feriado_municipal_sem_fonte", dia=day.strftime("%d/%m/%Y"), feriado=holiday.name,
        ) for day, holiday in (counted.unconfirmed if counted else [])],
    ]
    return prazos


def recife_stcp(a: dict, when: date, options: dict) -> dict:
    when = a["data_medida"]
    steps, liberacao = _medida(a)
    pagamentos, prazos = _pagamentos(a, when), _prazos(a, when)
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
