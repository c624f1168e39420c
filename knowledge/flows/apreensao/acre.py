"""Seized vehicle in Acre: Lei 2.731/2013, arts. 73, 75–79, 88–90 and 99 (amounts in UFIRAC, in R$ when configured)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from ...citations import ac
from ...parameters import param
from ..engine import Money, say
from .comum import deadline, payment
from ..texts import Texts

T = Texts("veiculo_apreendido")  # the sentences, in veiculo_apreendido.texts.yaml


def _medida(a: dict, when: date) -> tuple[list, list, date | None, date | None]:
    """(what happens, how to get the vehicle back, earliest and latest release) for the measure taken.

    Each measure says only what the law says of it: retenção, art. 77 (its §§ 1º and 2º say when and
    where, § 3º where the vehicle goes and when it is released); apreensão, arts. 78 and 89.  The law
    has no remoção (art. 73 lists the penalties): a removed vehicle gets no rule borrowed from the
    other two, only that the law is silent.
    """
    medida = a["medida"]
    steps, liberacao = [], []
    data_minima = data_maxima = None
    if medida == "remocao":
        steps.append(say(T["ac.remocao_nao_prevista"], ac("art-73"), code="remocao_nao_prevista"))
        liberacao.append(say(T["ac.remocao.liberacao"], ac("art-73"), code="remocao_sem_liberacao"))
    elif medida == "retencao":
        steps.append(say(T["ac.retencao"], ac("art-77"), code="retencao"))
        steps.append(say(T["ac.retencao.imediata"], ac("art-77/par-1"), code="retencao_imediata"))
        steps.append(say(T["ac.retencao.apos_viagem"], ac("art-77/par-2"), code="retencao_apos_viagem"))
        liberacao.append(say(T["ac.correcao"], ac("art-77/par-3"), code="correcao"))
    else:
        reincidente = a["reincidente_12m"]
        kind = "reincidencia" if reincidente else "primeira"
        low, high = param(f"ac.custodia.{kind}.min_dias", when), param(f"ac.custodia.{kind}.max_dias", when)
        periodo = param("ac.custodia.periodo.meses", when)
        # Art. 99: exclude the first day, include the last.
        data_minima, data_maxima = when + timedelta(days=low.value), when + timedelta(days=high.value)
        steps.append(say(T["ac.apreensao"], ac("art-78"), code="apreensao"))
        steps.append(say(T["ac.deposito"], ac("art-89"), code="deposito"))
        liberacao.append(say(
            T["ac.custodia"],
            low.cite, code="custodia", min=low.value, max=high.value, meses=periodo.value, caso=T["ac.custodia.2"] if reincidente else T["ac.custodia.3"],
        ))
        liberacao.append(say(T["ac.guia"], ac("art-78/par-unico"), code="guia"))
        liberacao.append(say(T["ac.pagamento_previo"], ac("art-89/par-1"), code="pagamento_previo"))
        liberacao.append(say(T["ac.contagem_custodia"], ac("art-99"), code="contagem_custodia"))
    return steps, liberacao, data_minima, data_maxima


def _quem_retira(a: dict) -> list:
    """Who collects the vehicle: the law names no one for any measure; what it does say differs."""
    medida = a["medida"]
    if medida == "retencao":
        return [say(T["ac.retencao.quem_retira"], ac("art-77/par-3"), code="retencao_quem_retira")]
    if medida == "remocao":
        return [say(T["ac.remocao.quem_retira"], ac("art-73"), code="remocao_quem_retira")]
    return [say(T["ac.proprietario"], ac("art-89"), ac("art-78/par-unico"), code="proprietario")]


def _passageiros(a: dict) -> list:
    """The passengers: only the seizure's restitution names their transfer (art. 89, § 1º)."""
    medida = a["medida"]
    if medida == "retencao":
        return [say(T["ac.retencao.passageiros"], ac("art-77"), code="retencao_passageiros")]
    if medida == "remocao":
        return [say(T["ac.remocao.passageiros"], ac("art-73"), code="remocao_passageiros")]
    return [say(T["ac.transbordo"], ac("art-89/par-1"), code="transbordo")]


def _pagamentos(a: dict, when: date, ufirac_brl: Decimal | None) -> list:
    """The fine (doubled for a repeat clandestine offence) and, for a seizure, the depot's daily charge."""
    def ufirac(amount: int) -> Money:
        return Money(amount, "UFIRAC", (ufirac_brl * amount) if ufirac_brl else None)

    pagamentos = []
    if not a["tinha_autorizacao"]:
        fine = param("ac.multa.clandestino", when)
        amount = fine.value * (2 if a["reincidente_12m"] else 1)
        pagamentos.append(payment(
            T["ac.multa"],
            fine.cite, ac("art-75/inc-4/ali-x"), *( [ac("art-88/par-1")] if a["reincidente_12m"] else [] ),
            code="multa", money=ufirac(amount), ufirac=amount, dobro=T["ac.multa.3"] if a["reincidente_12m"] else "",
        ))
    else:
        faixas = [param(f"ac.multa.inc{n}", when) for n in (1, 2, 3, 4)]
        pagamentos.append(say(
            T["ac.multa.2"], *(f.cite for f in faixas),
            code="multa", i=faixas[0].value, ii=faixas[1].value, iii=faixas[2].value, iv=faixas[3].value,
        ))
        dobro = param("ac.reincidencia.dias", when)  # stated as a condition: the answer is not asked on this path
        pagamentos.append(say(T["ac.multa_em_dobro"], dobro.cite, code="multa_em_dobro", dias=dobro.value))
    if a["medida"] == "apreensao":
        pagamentos += _estadia(a, when, ufirac)
    elif a["medida"] == "retencao":
        pagamentos.append(say(T["ac.retencao.sem_despesas"], ac("art-77"), ac("art-77/par-3"), code="retencao_sem_despesas"))
    else:
        pagamentos.append(say(T["ac.remocao.sem_despesas"], ac("art-73"), ac("art-89/par-1"), code="remocao_sem_despesas"))
    return pagamentos


def _estadia(a: dict, when: date, ufirac) -> list:
    """The depot's daily charge (art. 89, § 2º), for the days given if known."""
    pagamentos = []
    diaria, teto = param("ac.estadia.diaria", when), param("ac.estadia.max_dias", when)
    dias = a.get("dias_deposito")
    if dias is not None:
        cobrados = min(dias, teto.value)
        pagamentos.append(payment(
            T["ac.estadia"],
            diaria.cite, code="estadia", money=ufirac(diaria.value * cobrados), diaria=diaria.value, teto=teto.value, dias=dias, total=diaria.value * cobrados,
        ))
    else:
        pagamentos.append(payment(
            T["ac.estadia.2"], diaria.cite, code="estadia",
            money=ufirac(diaria.value), diaria=diaria.value, teto=teto.value,
        ))
    pagamentos.append(say(T["ac.transbordo_remocao"], ac("art-89/par-1"), code="transbordo_remocao"))
    return pagamentos


def acre(a: dict, when: date, options: dict) -> dict:
    when = a["data_medida"]
    steps, liberacao, data_minima, data_maxima = _medida(a, when)
    pagamentos = _pagamentos(a, when, options.get("ufirac_brl"))
    notified = a.get("data_notificacao")
    prazos = [
        deadline(
            T["ac.defesa"],
            ac("art-79/par-2"), code="defesa", days=0, body=T["ac.defesa.2"], due=None, counting="regulamento",
        ),
        say(T["ac.divida_ativa"], ac("art-79/par-3"), code="divida_ativa"),
        say(T["ac.contagem"], ac("art-99"), code="contagem"),
    ]
    if notified:
        prazos[0].data["recebido_em"] = notified
    return {
        "o_que_acontece": steps + [say(T["ac.processo"], ac("art-88/par-2"), ac("art-90"), code="processo")] if not a["tinha_autorizacao"] else steps,
        "liberacao": liberacao,
        "data_minima": data_minima,
        "data_maxima": data_maxima,
        "pagamentos": pagamentos,
        "prazos": prazos,
        "quem_retira": _quem_retira(a),
        "passageiros": _passageiros(a),
    }
