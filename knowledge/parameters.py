"""Legal quantities as data: every value dated and carrying its legal reference.

In the spirit of OpenFisca's parameters: a rule never writes "2.900" or "15 dias"
inline, it asks ``PARAMETERS["pe.multa.gravissima"].at(date_of_facts)`` and gets the
value in force on that date together with the unit of the law it comes from.

Dates: Lei 16.205/2017 (PE) took effect 90 days after its publication of
24/11/2017 (art. 48 in its original wording), i.e. on 22/02/2018.  The amending
acts' own texts are not in the corpus; their values are dated from the act's
date (Lei 17.107 of 13/11/2020, Lei 17.406 of 23/09/2021), the usual "em vigor na
data de sua publicação" — a documented assumption, shown to users as "desde".
Units are the law's: R$ ("BRL"), UFIRAC (Acre, value fixed yearly), % of the MVR
(São Paulo, an extinct index), multiples of Vb (Recife), days, hours, years.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .citations import Cite, ac, pe, recife, sp

PE_IN_FORCE = date(2018, 2, 22)
LEI_17107 = date(2020, 11, 13)
LEI_17406 = date(2021, 9, 23)
SP_IN_FORCE = date(1989, 5, 12)
# Decreto 61.694 of 04/12/2015 rewrote São Paulo's art. 22, § 1º (20-year age limit).
SP_DEC_61694 = date(2015, 12, 4)
# Acre: "entra em vigor no prazo de cento e vinte dias" from publication (art. 100).
AC_IN_FORCE = date(2013, 12, 21)
RECIFE_IN_FORCE = date(2003, 4, 16)


class NotInForce(LookupError):
    """The date is before the first value of a parameter (the law did not apply yet)."""


@dataclass(frozen=True)
class Value:
    since: date
    value: Decimal | int
    cite: Cite


@dataclass(frozen=True)
class Parameter:
    id: str
    description: str
    unit: str  # BRL | UFIRAC | MVR_PCT | VB | DAYS | BUSINESS_DAYS | HOURS | MONTHS | YEARS | PERCENT | COUNT
    values: tuple[Value, ...]

    def at(self, when: date) -> Value:
        current = None
        for value in self.values:
            if value.since <= when:
                current = value
        if current is None:
            raise NotInForce(f"{self.id}: nenhum valor em vigor em {when.isoformat()}")
        return current

    def latest(self) -> Value:
        return self.values[-1]


def _p(pid: str, description: str, unit: str, *values: tuple[date, Decimal | int, Cite]) -> Parameter:
    return Parameter(pid, description, unit, tuple(Value(since, value, cite) for since, value, cite in values))


D = Decimal

PARAMETERS: dict[str, Parameter] = {
    p.id: p
    for p in (
        # -- Pernambuco: fines (art. 28) -------------------------------------------------
        _p("pe.multa.leve", "Multa por infração leve", "BRL", (PE_IN_FORCE, D("150.00"), pe("art-28/inc-1"))),
        _p("pe.multa.moderada", "Multa por infração moderada", "BRL", (PE_IN_FORCE, D("300.00"), pe("art-28/inc-2"))),
        _p("pe.multa.grave", "Multa por infração grave", "BRL", (PE_IN_FORCE, D("900.00"), pe("art-28/inc-3"))),
        _p(
            "pe.multa.gravissima",
            "Multa por infração gravíssima",
            "BRL",
            (PE_IN_FORCE, D("3900.00"), pe("art-28/inc-4")),  # previous wording of the same inciso
            (LEI_17107, D("2900.00"), pe("art-28/inc-4")),
        ),
        _p("pe.reincidencia.dias", "Reincidência (multa em dobro) na mesma infração dentro de", "DAYS", (PE_IN_FORCE, 30, pe("art-23/inc-2"))),
        # Before Lei 17.107/2020 these were maxima ("até 90 … até 180", old art. 30, § 1º); since, fixed periods (art. 23, III and IV).
        _p("pe.crc.suspensao.dias", "Suspensão do CRC (até 12/11/2020: prazo máximo)", "DAYS", (PE_IN_FORCE, 90, pe("art-30/par-1")), (LEI_17107, 90, pe("art-23/inc-3"))),
        _p("pe.crc.cancelamento.dias", "Cancelamento do CRC (até 12/11/2020: prazo máximo)", "DAYS", (PE_IN_FORCE, 180, pe("art-30/par-1")), (LEI_17107, 180, pe("art-23/inc-4"))),
        # -- Pernambuco: defence and appeal -----------------------------------------------
        _p(
            "pe.auto.remessa.dias",
            "Prazo máximo para a EPTI remeter a 2ª via do auto de infração",
            "DAYS",
            (PE_IN_FORCE, 30, pe("art-25/par-1")),  # old § 1º
            (LEI_17107, 60, pe("art-25/par-2")),
        ),
        _p("pe.defesa.dias", "Prazo de defesa, do recebimento do auto", "DAYS", (PE_IN_FORCE, 15, pe("art-25/par-1")), (LEI_17107, 15, pe("art-25/par-2"))),
        _p("pe.decisao.dias", "Prazo para comunicar a decisão da defesa", "DAYS", (LEI_17107, 60, pe("art-25/par-3"))),
        _p("pe.recurso.dias", "Prazo de recurso à JARI, da notificação da decisão", "DAYS", (PE_IN_FORCE, 15, pe("art-26"))),
        _p("pe.pagamento.dias", "Prazo para pagar a multa após o trânsito em julgado", "DAYS", (PE_IN_FORCE, 15, pe("art-25/par-3")), (LEI_17107, 15, pe("art-25/par-4"))),
        # -- Pernambuco: CRC ----------------------------------------------------------------
        _p(
            "pe.crc.emissao.dias",
            "Prazo para a EPTI fornecer o CRC",
            "DAYS",
            (PE_IN_FORCE, 30, pe("art-6")),
        ),
        _p(
            "pe.crc.complementacao.dias",
            "Prazo para complementar documentos",
            "BUSINESS_DAYS",
            (LEI_17107, 30, pe("art-6/par-1")),
        ),
        # Finding 19: the previous wording's 5 days are calendar days ("no prazo de 5 (cinco) dias").
        _p("pe.crc.complementacao.dias_corridos", "Prazo para complementar documentos (redação anterior, dias corridos)", "DAYS", (PE_IN_FORCE, 5, pe("art-6/par-1"))),
        _p("pe.crc.validade.anos", "Validade do CRC", "YEARS", (PE_IN_FORCE, 1, pe("art-8"))),
        _p("pe.crc.renovacao.dias", "Antecedência mínima para renovar o CRC", "DAYS", (PE_IN_FORCE, 30, pe("art-8"))),
        _p("pe.autorizacao_trafego.dias", "Prazo para a EPTI fornecer o Cartão de Autorização de Tráfego após a vistoria", "BUSINESS_DAYS", (LEI_17107, 30, pe("art-10"))),
        # Finding 19: 2 own vehicles were required of every autorizatária since 2018 (old art. 18, § 1º); since 2020, of those with buses (art. 3º, § 4º).
        _p("pe.frota.onibus.minimo", "Veículos próprios mínimos (até 12/11/2020: toda autorizatária; depois: quem se cadastra com ônibus)", "COUNT", (PE_IN_FORCE, 2, pe("art-18/par-1")), (LEI_17107, 2, pe("art-3/par-4"))),
        _p("pe.frota.locados.percentual", "Limite de veículos arrendados/locados sobre a frota própria", "PERCENT", (PE_IN_FORCE, 10, pe("art-18/par-2")), (LEI_17107, 50, pe("art-18/par-1"))),
        _p("pe.emplacamento.zero_km.dias", "Prazo para emplacar em PE veículo zero km", "DAYS", (PE_IN_FORCE, 300, pe("art-16/par-unico")), (LEI_17107, 45, pe("art-16/par-unico"))),
        _p("pe.espera.substituto.horas", "Espera máxima por veículo substituto da mesma empresa", "HOURS", (LEI_17107, 2, pe("art-37/par-1/ali-a"))),
        _p("pe.lista.substituicao.percentual", "Inclusão ou substituição máxima na lista de passageiros", "PERCENT", (PE_IN_FORCE, 20, pe("art-38"))),
        # -- Pernambuco: insurance (art. 15) -------------------------------------------------
        _p("pe.seguro.onibus", "Seguro mínimo — ônibus", "BRL", (PE_IN_FORCE, D("500000.00"), pe("art-15/inc-1"))),
        _p("pe.seguro.micro_onibus", "Seguro mínimo — micro-ônibus, microbus e minibus", "BRL", (PE_IN_FORCE, D("300000.00"), pe("art-15/inc-2"))),
        _p("pe.seguro.automovel", "Seguro mínimo — automóvel de 7 lugares", "BRL", (LEI_17107, D("150000.00"), pe("art-15/inc-3"))),
        _p("pe.seguro.morte", "Cobertura por morte, por passageiro", "BRL", (LEI_17107, D("13000.00"), pe("art-15/inc-4"))),
        _p("pe.seguro.invalidez", "Cobertura por invalidez, por passageiro", "BRL", (LEI_17107, D("5000.00"), pe("art-15/inc-5"))),
        _p("pe.seguro.terceiros", "Cobertura por danos a terceiros", "BRL", (LEI_17107, D("50000.00"), pe("art-15/inc-6"))),
        # -- Pernambuco: vistoria by vehicle age (art. 11) --------------------------------
        _p("pe.vistoria.onibus.anual_ate_anos", "Ônibus e micro-ônibus: vistoria anual até esta idade", "YEARS", (LEI_17107, 15, pe("art-11")), (LEI_17406, 15, pe("art-11/inc-1/ali-a"))),
        _p("pe.vistoria.automovel.anual_ate_anos", "Automóvel de 7 lugares: vistoria anual até esta idade", "YEARS", (LEI_17107, 5, pe("art-11")), (LEI_17406, 5, pe("art-11/inc-1/ali-b"))),
        # -- São Paulo ------------------------------------------------------------------------
        _p("sp.apreensao.minimo.horas", "Duração mínima da apreensão", "HOURS", (SP_IN_FORCE, 48, sp("art-40"))),
        _p("sp.multa.grupo1", "Multa — art. 37, I", "MVR_PCT", (SP_IN_FORCE, 50, sp("art-37/inc-1"))),
        _p("sp.multa.grupo2", "Multa — art. 37, II", "MVR_PCT", (SP_IN_FORCE, 100, sp("art-37/inc-2"))),
        _p("sp.multa.grupo3", "Multa — art. 37, III", "MVR_PCT", (SP_IN_FORCE, 200, sp("art-37/inc-3"))),
        _p("sp.multa.grupo4", "Multa — art. 37, IV", "MVR_PCT", (SP_IN_FORCE, 300, sp("art-37/inc-4"))),
        _p("sp.multa.grupo5", "Multa — art. 37, V (inclui serviço sem autorização)", "MVR_PCT", (SP_IN_FORCE, 400, sp("art-37/inc-5"))),
        _p("sp.idade.maxima.anos", "Idade máxima do veículo no fretamento", "YEARS", (SP_DEC_61694, 20, sp("art-22/par-1"))),
        _p("sp.defesa.dias", "Prazo de defesa, do recebimento da intimação", "DAYS", (SP_IN_FORCE, 15, sp("art-45/par-1"))),
        _p("sp.recurso.dias", "Prazo de recurso, do recebimento da notificação", "DAYS", (SP_IN_FORCE, 15, sp("art-55"))),
        _p("sp.pagamento.dias", "Prazo de pagamento da multa", "DAYS", (SP_IN_FORCE, 30, sp("art-46"))),
        # -- Acre -------------------------------------------------------------------------------
        _p("ac.custodia.primeira.min_dias", "Custódia na primeira apreensão em 12 meses — mínimo", "DAYS", (AC_IN_FORCE, 1, ac("art-78/par-unico/inc-1"))),
        _p("ac.custodia.primeira.max_dias", "Custódia na primeira apreensão em 12 meses — máximo", "DAYS", (AC_IN_FORCE, 10, ac("art-78/par-unico/inc-1"))),
        _p("ac.custodia.reincidencia.min_dias", "Custódia na reincidência em 12 meses — mínimo", "DAYS", (AC_IN_FORCE, 11, ac("art-78/par-unico/inc-2"))),
        _p("ac.custodia.reincidencia.max_dias", "Custódia na reincidência em 12 meses — máximo", "DAYS", (AC_IN_FORCE, 30, ac("art-78/par-unico/inc-2"))),
        _p("ac.multa.clandestino", "Multa por transporte clandestino", "UFIRAC", (AC_IN_FORCE, 330, ac("art-88/inc-1"))),
        _p("ac.multa.sem_autorizacao", "Multa por operar sem concessão, permissão ou autorização", "UFIRAC", (AC_IN_FORCE, 330, ac("art-75/inc-4/ali-x"))),
        _p("ac.multa.inc1", "Multa das infrações do art. 75, I", "UFIRAC", (AC_IN_FORCE, 30, ac("art-75/inc-1"))),
        _p("ac.multa.inc2", "Multa das infrações do art. 75, II", "UFIRAC", (AC_IN_FORCE, 70, ac("art-75/inc-2"))),
        _p("ac.multa.inc3", "Multa das infrações do art. 75, III", "UFIRAC", (AC_IN_FORCE, 160, ac("art-75/inc-3"))),
        _p("ac.multa.inc4", "Multa das infrações do art. 75, IV", "UFIRAC", (AC_IN_FORCE, 330, ac("art-75/inc-4"))),
        _p("ac.estadia.diaria", "Estada no depósito, por dia", "UFIRAC", (AC_IN_FORCE, 2, ac("art-89/par-2"))),
        _p("ac.estadia.max_dias", "Dias de estada que podem ser cobrados", "DAYS", (AC_IN_FORCE, 30, ac("art-89/par-2"))),
        # -- Recife -----------------------------------------------------------------------------
        _p("recife.vb", "Valor base das multas (Vb), corrigido pelo reajuste tarifário", "BRL", (RECIFE_IN_FORCE, D("50.00"), recife("art-36/inc-3"))),
        _p("recife.multa.clandestino.vb", "Multa por transporte remunerado sem autorização (múltiplo de Vb)", "VB", (RECIFE_IN_FORCE, 40, recife("art-45"))),
        _p("recife.reincidencia.meses", "Reincidência que converte a advertência do Grupo 1 em multa e dobra a multa dos Grupos 2 a 4", "MONTHS", (RECIFE_IN_FORCE, 6, recife("art-33/inc-2"))),
        _p("recife.idade.permanencia.anos", "Permanência máxima do veículo no STCP/Recife, em anos de fabricação (após os 3 primeiros anos de operação)", "YEARS", (RECIFE_IN_FORCE, 6, recife("art-17/inc-2"))),
        _p("recife.defesa.dias", "Prazo de defesa", "DAYS", (RECIFE_IN_FORCE, 30, recife("art-41"))),
        _p("recife.julgamento.dias", "Prazo da CDTC para julgar a defesa", "DAYS", (RECIFE_IN_FORCE, 30, recife("art-42"))),
        _p("recife.recurso.dias", "Prazo de recurso ao CRA", "DAYS", (RECIFE_IN_FORCE, 15, recife("art-43"))),
    )
}


def param(pid: str, when: date) -> Value:
    return PARAMETERS[pid].at(when)
