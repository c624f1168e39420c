"""Seized vehicle in Acre: Lei 2.731/2013, arts. 76–79, 88–90 and 99 (amounts in UFIRAC, in R$ when configured)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from ...citations import N_, ac
from ...parameters import param
from ..engine import Money, say
from .comum import deadline, payment


def _medida(a: dict, when: date) -> tuple[list, list, date | None, date | None]:
    """(what happens, how to get the vehicle back, earliest and latest release) for the measure taken."""
    medida = a["medida"]
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
    return steps, liberacao, data_minima, data_maxima


def _pagamentos(a: dict, when: date, ufirac_brl: Decimal | None) -> list:
    """The fine (doubled for a repeat clandestine offence) and, for a seizure, the depot's daily charge."""
    def ufirac(amount: int) -> Money:
        return Money(amount, "UFIRAC", (ufirac_brl * amount) if ufirac_brl else None)

    pagamentos = []
    if not a["tinha_autorizacao"]:
        fine = param("ac.multa.clandestino", when)
        amount = fine.value * (2 if a["reincidente_12m"] else 1)
        pagamentos.append(payment(
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
    if a["medida"] == "apreensao":
        pagamentos += _estadia(a, when, ufirac)
    return pagamentos


def _estadia(a: dict, when: date, ufirac) -> list:
    """The depot's daily charge (art. 89, § 2º), for the days given if known."""
    pagamentos = []
    diaria, teto = param("ac.estadia.diaria", when), param("ac.estadia.max_dias", when)
    dias = a.get("dias_deposito")
    if dias is not None:
        cobrados = min(dias, teto.value)
        pagamentos.append(payment(
            N_("Estada no depósito: %(diaria)d UFIRACs por dia, no máximo %(teto)d dias — para %(dias)d dias, %(total)d UFIRACs."),
            diaria.cite, code="estadia", money=ufirac(diaria.value * cobrados), diaria=diaria.value, teto=teto.value, dias=dias, total=diaria.value * cobrados,
        ))
    else:
        pagamentos.append(payment(
            N_("Estada no depósito: %(diaria)d UFIRACs por dia, cobrados no máximo por %(teto)d dias."), diaria.cite, code="estadia",
            money=ufirac(diaria.value), diaria=diaria.value, teto=teto.value,
        ))
    pagamentos.append(say(N_("Taxas e despesas com transbordo e remoção (valores não fixados na lei)."), ac("art-89/par-1"), code="transbordo_remocao"))
    return pagamentos


def acre(a: dict, when: date, options: dict) -> dict:
    when = a["data_medida"]
    steps, liberacao, data_minima, data_maxima = _medida(a, when)
    pagamentos = _pagamentos(a, when, options.get("ufirac_brl"))
    notified = a.get("data_notificacao")
    prazos = [
        deadline(
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
