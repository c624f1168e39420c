"""Seized vehicle in São Paulo: Regulamento do Decreto 29.912/1989, arts. 12, 34, 37, 39–40, 44–49, 52 and 55."""

from __future__ import annotations

from datetime import date, timedelta

from ...citations import sp
from ...parameters import param
from ..engine import Money, say
from .comum import deadline, payment
from ..texts import Texts

T = Texts("veiculo_apreendido")  # the sentences, in veiculo_apreendido.texts.yaml


def _medida(a: dict, when: date) -> tuple[list, list, date | None]:
    """(what happens, how to get the vehicle back, earliest release) for the measure taken.

    Each measure says only what the Regulamento says of it: retenção, arts. 39 and 48; apreensão,
    arts. 40 and 49 — for a service not authorised by the DER, the only case art. 40 names: with the
    authorisation, the outcome opens with that, and says the Regulamento provides no seizure otherwise.  It has no remoção (art. 34 lists the penalties): a removed vehicle gets no
    rule borrowed from the other two, only that the Regulamento is silent.
    """
    medida, steps, liberacao, data_minima = a["medida"], [], [], None
    if medida == "remocao":
        steps.append(say(T["sp.remocao_nao_prevista"], sp("art-34"), code="remocao_nao_prevista"))
        liberacao.append(say(T["sp.remocao.liberacao"], sp("art-34"), code="remocao_sem_liberacao"))
    elif medida == "retencao":
        steps.append(say(T["sp.retencao"], sp("art-39"), code="retencao"))
        steps.append(say(T["sp.retencao.onde"], sp("art-39/par-unico"), code="retencao_onde"))
        steps.append(say(T["sp.quem_retem"], sp("art-48"), code="quem_retem"))
        liberacao.append(say(T["sp.regularizacao"], sp("art-48/par-unico"), code="regularizacao"))
    else:
        horas = param("sp.apreensao.minimo.horas", when)
        data_minima = when + timedelta(hours=horas.value)
        if a["tinha_autorizacao"]:
            # The seizure's article covers "execução de serviço não autorizado pelo DER" and no other case, and the
            # seizure article of the agents refers to it: for an authorised service the Regulamento provides no
            # seizure.  Said first, before its release rules (issue #31: the outcome read as for a clandestine one).
            liberacao.append(say(T["sp.apreensao_so_sem_autorizacao"], sp("art-40"), sp("art-49"), code="apreensao_so_sem_autorizacao"))
            liberacao.append(say(T["sp.conferir_auto"], sp("art-40"), code="conferir_auto"))
        else:
            steps.append(say(T["sp.apreensao"], horas.cite, code="apreensao", horas=horas.value))
        steps.append(say(T["sp.quem_apreende"], sp("art-49"), code="quem_apreende"))
        liberacao.append(say(T["sp.minimo_48h"], horas.cite, code="minimo_48h", horas=horas.value))
        liberacao.append(say(T["sp.pagamento.2"], sp("art-40/par-2"), code="pagamento"))
        liberacao.append(say(T["sp.autoridade_regional"], sp("art-49/par-unico"), code="autoridade_regional"))
    return steps, liberacao, data_minima


def _quem_retira(a: dict) -> list:
    """Who collects the vehicle: the Regulamento names no one for any measure; what it does say differs."""
    medida = a["medida"]
    if medida == "retencao":
        return [say(T["sp.retencao.quem_retira"], sp("art-48"), sp("art-48/par-unico"), code="retencao_quem_retira")]
    if medida == "remocao":
        return [say(T["sp.remocao.quem_retira"], sp("art-34"), code="remocao_quem_retira")]
    return [say(T["sp.nao_especificado"], sp("art-40/par-2"), sp("art-49/par-unico"), code="nao_especificado")]


def _pagamentos(a: dict, when: date) -> list:
    """The fine in % of the MVR and, for a seizure, its charges."""
    medida, pagamentos = a["medida"], []
    if not a["tinha_autorizacao"]:
        pct = param("sp.multa.grupo5", when)
        pagamentos.append(payment(
            T["sp.multa"],
            pct.cite, sp("art-37/inc-5/ali-a"), sp("art-46/par-2"), code="multa", money=Money(pct.value, "MVR_PCT"), pct=pct.value,
        ))
    else:
        menor, maior = param("sp.multa.grupo1", when), param("sp.multa.grupo5", when)
        pagamentos.append(say(T["sp.multa.2"], sp("art-37").at(when), menor.cite, maior.cite, code="multa", menor=menor.value, maior=maior.value))
    if medida == "apreensao":
        pagamentos.append(say(T["sp.despesas_apreensao"], sp("art-40/par-2"), code="despesas_apreensao"))
        pagamentos.append(say(T["sp.veiculo_substituto"], sp("art-40/par-2"), code="veiculo_substituto"))
    elif medida == "retencao":
        pagamentos.append(say(T["sp.retencao.sem_despesas"], sp("art-39"), code="retencao_sem_despesas"))
    else:
        pagamentos.append(say(T["sp.remocao.sem_despesas"], sp("art-34"), code="remocao_sem_despesas"))
    return pagamentos


def _prazos(a: dict, when: date) -> list:
    """Defence, appeal and payment, from the notice (the Regulamento does not say how days count)."""
    notified = a.get("data_notificacao")
    defesa, recurso, pagamento = param("sp.defesa.dias", when), param("sp.recurso.dias", when), param("sp.pagamento.dias", when)
    prazos = [
        deadline(
            T["sp.defesa"], defesa.cite, sp("art-45/par-2"),
            code="defesa", days=defesa.value, body=T["sp.defesa.2"], due=notified + timedelta(days=defesa.value) if notified else None, counting="nao_definida",
        ),
        deadline(
            T["sp.recurso"], recurso.cite, sp("art-52"),
            code="recurso", days=recurso.value, body=T["sp.recurso.2"], due=None, counting="nao_definida",
        ),
        deadline(
            T["sp.pagamento"], pagamento.cite,
            code="pagamento", days=pagamento.value, body=T["sp.pagamento.3"], due=None, counting="nao_definida",
        ),
        say(T["sp.contagem"], sp("art-45/par-1"), code="contagem"),
    ]
    return prazos


def sao_paulo(a: dict, when: date, options: dict) -> dict:
    when, medida = a["data_medida"], a["medida"]
    steps, liberacao, data_minima = _medida(a, when)
    pagamentos, prazos = _pagamentos(a, when), _prazos(a, when)
    return {
        "o_que_acontece": steps + [say(T["sp.auto"], sp("art-44"), sp("art-44/par-1"), sp("art-44/par-2"), code="auto")],
        "liberacao": liberacao,
        "data_minima": data_minima,
        "data_maxima": None,
        "pagamentos": pagamentos,
        "prazos": prazos,
        "quem_retira": _quem_retira(a),
        "passageiros": [say(T["sp.requisicao"], sp("art-40/par-1"), code="requisicao")] if medida == "apreensao" else [
            say(T["sp.continuidade"], sp("art-12"), code="continuidade")
        ],
    }
