"""Seized vehicle in Recife (STCP): Lei 16.856/2003, arts. 33, 36, 38 and 41–45 (art. 38: retenção, apreensão, no remoção); the defence counts from the first working
day (national, state and municipal holidays skipped, each named)."""

from __future__ import annotations

from datetime import date, timedelta

from ...citations import recife
from ...parameters import param
from ...working_days import municipal_calendar, next_working_day
from ..engine import Money, say
from .comum import deadline, payment
from ..texts import Texts

T = Texts("veiculo_apreendido")  # the sentences, in veiculo_apreendido.texts.yaml


def _medida(a: dict) -> tuple[list, list]:
    """(what happens, how to get the vehicle back) for the measure taken.

    Each measure says only what the law says of it: retenção, art. 38, I and § 1º (nothing of where
    the vehicle goes or how it is released); apreensão, art. 38, II, §§ 2º and 4º.  The documents'
    release (§ 5º) belongs to the recolhimento (§ 3º, Grupos 3 and 4), not to the retenção.  No
    remoção (art. 38 lists the measures): a removed vehicle gets only that the law is silent.
    """
    medida = a["medida"]
    steps, liberacao = [], []
    if medida == "remocao":
        steps.append(say(T["recife.remocao_nao_prevista"], recife("art-38"), code="remocao_nao_prevista"))
        liberacao.append(say(T["recife.remocao.liberacao"], recife("art-38"), code="remocao_sem_liberacao"))
    elif medida == "retencao":
        steps.append(say(T["recife.retencao"], recife("art-38/par-1"), code="retencao"))
        steps.append(say(T["recife.quem_retem"], recife("art-38"), recife("art-38/inc-1"), code="quem_retem"))
        liberacao.append(say(T["recife.retencao.liberacao"], recife("art-38/par-1"), code="retencao_sem_liberacao"))
    else:
        steps.append(say(T["recife.apreensao"], recife("art-38/par-2"), code="apreensao"))
        steps.append(say(T["recife.quem_apreende"], recife("art-38"), recife("art-38/inc-2"), code="quem_apreende"))
        if a["tinha_autorizacao"]:
            steps.append(say(T["recife.documentos"], recife("art-38/par-3"), recife("art-38/par-5"), code="documentos"))
        liberacao.append(say(T["recife.pagamento"], recife("art-38/par-4"), code="pagamento"))
        liberacao.append(say(T["recife.sem_prazo_custodia"], recife("art-38"), code="sem_prazo_custodia"))
    if not a["tinha_autorizacao"]:
        steps.insert(0, say(T["recife.sem_autorizacao"], recife("art-44"), recife("art-45"), code="sem_autorizacao"))
    return steps, liberacao


def _quem_retira(a: dict) -> list:
    """Who collects the vehicle: the law names no one for any measure; what it does say differs."""
    medida = a["medida"]
    if medida == "retencao":
        return [say(T["recife.retencao.quem_retira"], recife("art-38/par-1"), code="retencao_quem_retira")]
    if medida == "remocao":
        return [say(T["recife.remocao.quem_retira"], recife("art-38"), code="remocao_quem_retira")]
    return [say(T["recife.nao_especificado"], recife("art-38/par-4"), code="nao_especificado")]


def _passageiros(a: dict) -> list:
    """The law says nothing of the passengers for any measure."""
    if a["medida"] == "remocao":
        return [say(T["recife.remocao.passageiros"], recife("art-38"), code="remocao_passageiros")]
    return [say(T["recife.nao_previsto"], recife("art-38"), code="nao_previsto")]


def _pagamentos(a: dict, when: date) -> list:
    """The fine (Vm = G × Vb), the repeat rule, the seizure's charges."""
    medida, vb, pagamentos = a["medida"], param("recife.vb", when), []
    if not a["tinha_autorizacao"]:
        fator = param("recife.multa.clandestino.vb", when)
        total = vb.value * fator.value
        pagamentos.append(payment(
            # the amount first, the formula after it (issue #31: a passenger reads the R$ first)
            T["recife.multa"],
            fator.cite, vb.cite, recife("art-45/par-unico"), code="multa", money=Money(fator.value, "VB", total), fator=fator.value, vb=vb.value, total=total,
        ))
    else:
        dobro, cassacao = param("recife.reincidencia.meses", when), param("recife.cassacao.meses", when)
        g1, g2, g3, g4 = (param(f"recife.multa.grupo{n}.g", when) for n in (1, 2, 3, 4))
        if medida == "retencao":
            # Finding 12: retention is for Grupos 1 and 2; Grupo 1 is a written warning, the fine comes on a repeat.
            pagamentos.append(say(
                T["recife.multa.2"],
                recife("art-33/inc-1"), recife("art-33/inc-2"), recife("art-38/par-1"), g1.cite, g2.cite, vb.cite, code="multa",
                vb=vb.value, g1=g1.value, g2=g2.value, meses=dobro.value,
            ))
        elif medida == "remocao":
            # No remoção in the law, so no group follows from the measure: the formula for any group.
            pagamentos.append(say(
                T["recife.multa.4"], recife("art-33/inc-1"), recife("art-33/inc-2"), recife("art-36"), g1.cite, g4.cite, vb.cite, recife("art-36/par-1"),
                code="multa", vb=vb.value, g1=g1.value, g4=g4.value, meses=dobro.value,
            ))
        else:
            pagamentos.append(say(
                T["recife.multa.3"],
                recife("art-36"), g3.cite, g4.cite, vb.cite, recife("art-36/par-1"), recife("art-38/par-2"), code="multa", vb=vb.value, g3=g3.value, g4=g4.value,
            ))
        pagamentos.append(say(T["recife.reincidencia"], dobro.cite, cassacao.cite, code="reincidencia", meses=dobro.value, cassacao=cassacao.value))
    if medida == "apreensao":
        pagamentos.append(say(T["recife.taxa_apreensao"], recife("art-38/par-4"), code="taxa_apreensao"))
    elif medida == "retencao":
        pagamentos.append(say(T["recife.retencao.sem_despesas"], recife("art-38/par-1"), recife("art-38/par-4"), code="retencao_sem_despesas"))
    else:
        pagamentos.append(say(T["recife.remocao.sem_despesas"], recife("art-38"), recife("art-38/par-4"), code="remocao_sem_despesas"))
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
            T["recife.defesa"],
            defesa.cite, recife("art-41/par-1"), recife("art-41/par-2"), code="defesa", days=defesa.value,
            body=T["recife.defesa.2"], due=start + timedelta(days=defesa.value - 1) if start else None, counting="lei",
        ),
        *([say(
            T["recife.dias_pulados"], recife("art-41/par-1"), code="dias_pulados",
            dias=", ".join([d.strftime("%d/%m/%Y") for d in counted.skipped_weekends] + [f"{d.strftime('%d/%m/%Y')} ({name})" for d, name in counted.skipped_holidays]),
        )] if counted and (counted.skipped_weekends or counted.skipped_holidays) else []),
        say(T["recife.julgamento"], julgamento.cite, comunicacao.cite, code="julgamento", dias=julgamento.value, comunicacao=comunicacao.value),
        deadline(
            T["recife.recurso"],
            recurso.cite, recife("art-43/par-unico"), code="recurso", days=recurso.value, body=T["recife.recurso.2"], due=None, counting="nao_definida",
        ),
        say(T["recife.notificacao_30_dias"], notificacao.cite, code="notificacao_30_dias", dias=notificacao.value),
        say(
            T["recife.feriados"],
            recife("art-41/par-1"), code="feriados",
            feriados=", ".join(f"{h.day:02d}/{h.month:02d}, {h.name}" for h in municipal_calendar("recife") if h.on(when.year)),
        ),
        *[say(
            T["recife.feriado_municipal_sem_fonte"],
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
        "quem_retira": _quem_retira(a),
        "passageiros": _passageiros(a),
    }
