"""The four laws side by side (/comparar): one row per question, one cell per place, on a date.

Every cell is built here from the dated parameters (``knowledge.parameters.param``)
and the rules the wizards and the complaint classifier use (``knowledge.complaints.classify``),
never typed: the sentences carry no legal number, only ``%(name)s`` slots filled
from parameters in force on the chosen date, and every cell that states a rule
cites the unit it comes from.  Three other kinds of cell say what the law does
*not* give:

- ``silent``: the law does not deal with it ("a lei não trata");
- ``delegated``: the law leaves it to a regulation, which is not in the corpus (cited);
- ``not_in_force``: the law was not in force yet on that date;
- ``unavailable``: the law was in force but the corpus lacks the wording of that
  date (São Paulo before the Decreto 61.694/2015 rewrote its vehicle rules).

Recife's law is about the STCP/Recife (complementary public transport run under
permission, with fares), not charter: its cells describe that service, and the
page says so.  Pernambuco's rules change with Lei 17.107/2020 and Lei 17.406/2021;
the cells pick the rule by the date of the amendment that the parameters carry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Callable

from .citations import N_, Cite, ac, pe, recife, sp
from .complaints import PE_GRAVITY_NAMES, classify
from .flows.engine import Statement
from .history import law_on
from .infractions import Row as InfractionRow
from .infractions import row as infraction_row
from .flows.dated import Dated
from .parameters import NotInForce, param
from .places import PLACE_IDS, PLACES
from .structure import complaint
from .vigencia import PE_LEI_17107, PE_LEI_17406, PE_ORIGINAL

SILENT, DELEGATED, VALUE, NOT_IN_FORCE, UNAVAILABLE = "silent", "delegated", "value", "not_in_force", "unavailable"


@dataclass(frozen=True)
class Row:
    id: str
    question: str  # Portuguese, marked for translation


ROWS = (
    Row("orgao", N_("Quem regula e registra")),
    Row("registro", N_("Como se chama o registro e quanto tempo vale")),
    Row("idade_veiculo", N_("Idade máxima do veículo")),
    Row("vistoria", N_("De quanto em quanto tempo é a vistoria")),
    Row("seguro", N_("Seguro obrigatório")),
    Row("passagem_individual", N_("Venda de passagem individual")),
    Row("terminal", N_("Uso de terminal rodoviário")),
    Row("lista_passageiros", N_("Lista de passageiros")),
    Row("multa_sem_autorizacao", N_("Multa por operar sem autorização")),
    Row("apreensao", N_("Apreensão do veículo e quanto tempo dura")),
    Row("prazos", N_("Prazos de defesa e de recurso")),
)


def _cell(kind: str, text: str, *cites: Cite, code: str, **params) -> Statement:
    statement = Statement(text, list(cites), params, code=code)
    statement.data["tipo"] = kind
    return statement


def value(text: str, *cites: Cite, code: str, **params) -> Statement:
    return _cell(VALUE, text, *cites, code=code, **params)


def silent(code: str) -> Statement:
    return _cell(SILENT, N_("A lei não trata."), code=code)


def delegated(text: str, *cites: Cite, code: str) -> Statement:
    return _cell(DELEGATED, text, *cites, code=code)


def _deadlines(place_id: str, text: str, when: date, code: str) -> Statement:
    """The "prazos" row where the law fixes both: ``<place>.defesa.dias`` and ``<place>.recurso.dias``
    fill the place's own sentence (``%(defesa)d``, ``%(recurso)d``)."""
    defence, appeal = param(f"{place_id}.defesa.dias", when), param(f"{place_id}.recurso.dias", when)
    return value(text, defence.cite, appeal.cite, code=code, defesa=defence.value, recurso=appeal.value)


# -- Pernambuco (Lei 16.205/2017) ---------------------------------------------------------------


def _pe_row(occurrence: str, when: date) -> InfractionRow:
    """The Anexo I row a complaint of that kind is on ``when`` (the laws' structure map): its gravity
    and fine parameter follow the wording of that day (Lei 17.107/2020 regraded several)."""
    return infraction_row("pe", complaint("pe", occurrence, when).row, when)


def _gravity_of(found: InfractionRow) -> Cite:
    """The gravity inciso a row is listed under ("III - GRAVES"): it exists in every wording, where a
    replaced row's alínea may not exist today."""
    return pe(law_on(found.law_id, found.since).law.by_id[found.unit_id].parent.id)


# Pernambuco's cells that Lei 17.107/2020 and Lei 17.406/2021 rewrote, as dated formulas
# (knowledge/flows/dated.py): the formula in force on the chosen date answers.
PE_IDADE_VEICULO = Dated("idade máxima do veículo (PE)")
PE_VISTORIA = Dated("periodicidade da vistoria (PE)")
PE_APREENSAO = Dated("apreensão do veículo (PE)")
PE_REGISTRO = Dated("validade do CRC (PE)")


@PE_REGISTRO.since(PE_ORIGINAL)
def _pe_registration_original(a: dict, when: date) -> Statement:
    years, renew = param("pe.crc.validade.anos", when), param("pe.crc.renovacao.dias", when)
    return value(N_("Certificado de Registro Cadastral (CRC), válido por %(anos)d ano a partir da emissão; renove com ao menos %(dias)d dias de antecedência."),
                 years.cite, code=a["code"], anos=years.value, dias=renew.value)


@PE_REGISTRO.since(PE_LEI_17107)
def _pe_registration_2020(a: dict, when: date) -> Statement:
    """Art. 8º since Lei 17.107/2020: the validity "condicionada à validade da apólice de seguro prevista no
    art. 15" (a phone review: the cell left the condition out)."""
    years, renew = param("pe.crc.validade.anos", when), param("pe.crc.renovacao.dias", when)
    return value(N_("Certificado de Registro Cadastral (CRC), válido por %(anos)d ano a partir da emissão, condicionado à validade da apólice de seguro dos veículos; renove com ao menos %(dias)d dias de antecedência."),
                 years.cite, pe("art-15"), code=a["code"], anos=years.value, dias=renew.value)


@PE_IDADE_VEICULO.since(PE_ORIGINAL)
def _pe_age_silent(a: dict, when: date) -> Statement:
    """No maximum age: the original wording had none, and Lei 17.406/2021 took it out again."""
    return silent(a["code"])


@PE_IDADE_VEICULO.since(PE_LEI_17107)
def _pe_age_2020(a: dict, when: date) -> Statement:
    bus, car = param("pe.vistoria.onibus.anual_ate_anos", when), param("pe.vistoria.automovel.anual_ate_anos", when)
    # Art. 11, parágrafo único (Lei 17.107/2020): a transition admitted older automobiles
    # up to a date; leaving it out told 2021 operators their 8-year-old car was barred.
    transition, until = param("pe.vistoria.automovel.transicao.anos", when), param("pe.vistoria.automovel.transicao.ate", when)
    return value(N_("Só se admite vistoria de ônibus e micro-ônibus com até %(onibus)d anos e de automóvel com até %(automovel)d anos de fabricação; "
                    "até %(ate)s, aceitam-se pedidos de vistoria de automóvel com até %(transicao)d anos de fabricação."),
                 bus.cite, car.cite, transition.cite, code=a["code"], onibus=bus.value, automovel=car.value, transicao=transition.value, ate=until.value)


PE_IDADE_VEICULO.since(PE_LEI_17406)(_pe_age_silent)


@PE_VISTORIA.since(PE_ORIGINAL)
def _pe_inspection_original(a: dict, when: date) -> Statement:
    bus, micro = param("pe.vistoria.onibus.primeiro_emplacamento.anual_menos_de_anos", when), param("pe.vistoria.micro_onibus.primeiro_emplacamento.anual_menos_de_anos", when)
    return value(N_("Anual para ônibus com menos de %(onibus)d anos e micro-ônibus com menos de %(micro)d anos do primeiro emplacamento; semestral para os mais velhos."),
                 bus.cite, code=a["code"], onibus=bus.value, micro=micro.value)


@PE_VISTORIA.since(PE_LEI_17107)
def _pe_inspection_2020(a: dict, when: date) -> Statement:
    bus, car = param("pe.vistoria.onibus.anual_ate_anos", when), param("pe.vistoria.automovel.anual_ate_anos", when)
    return value(N_("Anual, só para ônibus e micro-ônibus com até %(onibus)d anos e automóvel com até %(automovel)d anos de fabricação."),
                 bus.cite, code=a["code"], onibus=bus.value, automovel=car.value)


@PE_VISTORIA.since(PE_LEI_17406)
def _pe_inspection_2021(a: dict, when: date) -> Statement:
    bus, car = param("pe.vistoria.onibus.anual_ate_anos", when), param("pe.vistoria.automovel.anual_ate_anos", when)
    return value(N_("Anual para ônibus e micro-ônibus com até %(onibus)d anos e automóvel com até %(automovel)d anos de fabricação; semestral para os mais velhos."),
                 bus.cite, car.cite, pe("art-11/inc-2"), code=a["code"], onibus=bus.value, automovel=car.value)


@PE_APREENSAO.since(PE_ORIGINAL)
def _pe_seizure_original(a: dict, when: date) -> Statement:
    return value(N_("A fiscalização pode apreender o veículo; a lei não fixa por quanto tempo."), pe("art-29/inc-3"), code=a["code"])


@PE_APREENSAO.since(PE_LEI_17107)
def _pe_seizure_2020(a: dict, when: date) -> Statement:
    return value(N_("A fiscalização pode apreender o veículo, que fica no depósito até pagas as multas, taxas e despesas; a lei não fixa por quanto tempo."),
                 pe("art-29/inc-3"), pe("art-29-a"), pe("art-29-a/par-unico"), code=a["code"])


def _pe(row: str, when: date) -> Statement:
    code = f"pe.{row}"
    if row == "orgao":
        return value(N_("%(orgao)s: é o órgão gestor do fretamento e emite o CRC."), pe("art-2"), pe("art-4"), code=code, orgao=PLACES["pe"].agency)
    if row == "registro":
        return PE_REGISTRO({"code": code}, when)
    if row == "idade_veiculo":
        return PE_IDADE_VEICULO({"code": code}, when)
    if row == "vistoria":
        return PE_VISTORIA({"code": code}, when)
    if row == "seguro":
        bus, micro = param("pe.seguro.onibus", when), param("pe.seguro.micro_onibus", when)
        try:
            car = param("pe.seguro.automovel", when)
        except NotInForce:
            # Original art. 15: civil liability only, and the two amounts split by capacity, not by type.
            seats = param("pe.seguro.lotacao_divisoria.passageiros", when)
            return value(N_("Seguro de responsabilidade civil de no mínimo %(onibus)s para veículos com mais de %(lotacao)d passageiros e %(micro)s para os de até %(lotacao)d passageiros."),
                         pe("art-15"), bus.cite, micro.cite, code=code, onibus=bus.value, micro=micro.value, lotacao=seats.value)
        return value(N_("Responsabilidade civil, invalidez e morte, no mínimo %(onibus)s (ônibus), %(micro)s (micro-ônibus) e %(automovel)s (automóvel)."),
                     pe("art-15"), bus.cite, micro.cite, car.cite, code=code, onibus=bus.value, micro=micro.value, automovel=car.value)
    if row == "passagem_individual":
        # Lei 17.107/2020 moved "vendas e emissões de passagens individuais" from the graves to the gravíssimas.
        found = _pe_row("venda_passagem_individual", when)
        fine = param(found.fine_param, when)
        annex = _gravity_of(found) if found.previous else pe(found.unit_id)
        return value(N_("Proibida; é infração %(gravidade)s, multa de %(multa)s."), pe("art-34/inc-1"), annex, fine.cite, code=code,
                     gravidade=PE_GRAVITY_NAMES[found.gravity], multa=fine.value)
    if row == "terminal":
        found = _pe_row("terminal_rodoviario", when)
        fine = param(found.fine_param, when)
        return value(N_("Proibido usar terminal rodoviário nos pontos extremos e no percurso; infração grave, multa de %(multa)s."),
                     pe("art-34/inc-2"), pe(found.unit_id), fine.cite, code=code, multa=fine.value)
    if row == "lista_passageiros":
        found = _pe_row("passageiro_fora_da_lista", when)
        fine = param(found.fine_param, when)
        return value(N_("Obrigatória, com nome e documento de identificação com foto de cada passageiro; levar passageiro fora da lista é infração moderada, multa de %(multa)s."),
                     pe("art-21/inc-1/ali-a"), _gravity_of(found), fine.cite, code=code, multa=fine.value)
    if row == "multa_sem_autorizacao":
        found = _pe_row("sem_autorizacao", when)
        fine = param(found.fine_param, when)
        return value(N_("Fretamento sem CRC (ou com ele vencido) é infração gravíssima: multa de %(multa)s."), pe("art-4"), _gravity_of(found), fine.cite, code=code, multa=fine.value)
    if row == "apreensao":
        return PE_APREENSAO({"code": code}, when)
    if row == "prazos":
        return _deadlines("pe", N_("Defesa: %(defesa)d dias do recebimento do auto de infração. Recurso à JARI: %(recurso)d dias da notificação da decisão."), when, code)
    raise KeyError(row)


# -- São Paulo (Decreto 29.912/1989, Regulamento) ---------------------------------------------------


def _sp(row: str, when: date) -> Statement:
    code = f"sp.{row}"
    if row == "orgao":
        return value(N_("%(orgao)s: recebe os pedidos de registro, expede o certificado e fiscaliza."), sp("art-19"), sp("art-21"), sp("art-33"), code=code, orgao=PLACES["sp"].agency)
    if row == "registro":
        years, renew = param("sp.registro.validade.anos", when), param("sp.registro.renovacao.meses", when)
        return value(N_("Certificado de Registro no DER, válido por %(anos)d anos e renovável; peça a renovação com ao menos %(meses)d meses de antecedência."),
                     years.cite, code=code, anos=years.value, meses=renew.value)
    if row == "idade_veiculo":
        limit, old, share = param("sp.veiculo.idade_maxima.anos", when), param("sp.frota.m3_antigo.anos", when), param("sp.frota.m3_antigo.percentual", when)
        return value(N_("Até %(maximo)d anos de idade; ônibus M3 com mais de %(antigo)d anos podem ser no máximo %(percentual)d%% da frota."),
                     limit.cite, code=code, maximo=limit.value, antigo=old.value, percentual=share.value)
    if row == "vistoria":
        m1, a1, m2, a2, m3 = (param(p, when) for p in ("sp.vistoria.faixa1.meses", "sp.vistoria.faixa1.ate_anos", "sp.vistoria.faixa2.meses", "sp.vistoria.faixa2.ate_anos", "sp.vistoria.faixa3.meses"))
        return value(N_("A cada %(m1)d meses até %(a1)d anos de fabricação; a cada %(m2)d meses de %(a1)d a %(a2)d anos; a cada %(m3)d meses acima de %(a2)d anos."),
                     m1.cite, m2.cite, m3.cite, code=code, m1=m1.value, a1=a1.value, m2=m2.value, a2=a2.value, m3=m3.value)
    if row == "seguro":
        return silent(code)
    if row == "passagem_individual":
        found = classify("venda_passagem_individual", "sp", when)
        return value(N_("Proibida: o fretamento não tem cobrança individual de passagem; multa de %(percentual)s%% do MVR."), *found.citations, code=code, percentual=found.multa["valor"])
    if row in ("terminal", "lista_passageiros"):
        return silent(code)
    if row == "multa_sem_autorizacao":
        found = classify("sem_autorizacao", "sp", when)
        return value(N_("Serviço sem autorização formal: multa de %(percentual)s%% do MVR, além da apreensão do veículo."), *found.citations, code=code, percentual=found.multa["valor"])
    if row == "apreensao":
        hours = param("sp.apreensao.minimo.horas", when)
        return value(N_("Apreensão por no mínimo %(horas)d horas no serviço não autorizado; a liberação exige pagar a multa e as despesas."),
                     hours.cite, sp("art-40/par-2"), code=code, horas=hours.value)
    if row == "prazos":
        return _deadlines("sp", N_("Defesa: %(defesa)d dias do recebimento da intimação. Recurso: %(recurso)d dias do recebimento da notificação da decisão."), when, code)
    raise KeyError(row)


# -- Acre (Lei 2.731/2013) ----------------------------------------------------------------------------------


def _ac(row: str, when: date) -> Statement:
    code = f"ac.{row}"
    if row == "orgao":
        return value(N_("%(orgao)s regula; o poder concedente (o Estado) expede a autorização e registra empresas e veículos."),
                     ac("art-68"), ac("art-60"), ac("art-61"), code=code, orgao=PLACES["ac"].agency)
    if row == "registro":
        return delegated(N_("Autorização do poder concedente e registro da empresa e dos veículos; prazo e requisitos ficam para o regulamento da lei."),
                         ac("art-60"), ac("art-61"), ac("art-62"), code=code)
    if row == "idade_veiculo":
        return delegated(N_("A lei deixa ao regulamento as características dos veículos do fretamento."), ac("art-66"), code=code)
    if row == "vistoria":
        # the law's own word, "vistoria semestral": no number to take from a parameter
        return value(N_("Semestral, nos termos que a AGEAC estabelecer."), ac("art-36"), code=code)
    if row == "seguro":
        return delegated(N_("Seguro de responsabilidade civil obrigatório para passageiros, tripulação e terceiros; os valores mínimos ficam para o regulamento."), ac("art-94"), code=code)
    if row in ("passagem_individual", "terminal"):
        found = classify("venda_passagem_individual" if row == "passagem_individual" else "terminal_rodoviario", "ac", when)
        return value(found.descricao, *found.citations, code=code)
    if row == "lista_passageiros":
        return silent(code)
    if row == "multa_sem_autorizacao":
        fine = param("ac.multa.clandestino", when)
        return value(N_("Transporte sem autorização é clandestino: multa de %(ufirac)d UFIRAC (em dobro na reincidência) e apreensão do veículo."),
                     ac("art-84"), fine.cite, ac("art-88/inc-2"), code=code, ufirac=fine.value)
    if row == "apreensao":
        first_min, first_max, again_min, again_max = (param(p, when) for p in (
            "ac.custodia.primeira.min_dias", "ac.custodia.primeira.max_dias", "ac.custodia.reincidencia.min_dias", "ac.custodia.reincidencia.max_dias"))
        return value(N_("Apreensão de quem opera sem autorização; custódia de %(min1)d a %(max1)d dias na primeira apreensão e de %(min2)d a %(max2)d dias na reincidência."),
                     ac("art-78"), first_min.cite, again_min.cite, code=code,
                     min1=first_min.value, max1=first_max.value, min2=again_min.value, max2=again_max.value)
    if row == "prazos":
        return delegated(N_("Os prazos de defesa ficam para o regulamento da lei e as normas da AGEAC."), ac("art-79/par-2"), code=code)
    raise KeyError(row)


# -- Recife (Lei 16.856/2003, STCP/Recife) ------------------------------------------------------------------


def _recife(row: str, when: date) -> Statement:
    code = f"recife.{row}"
    if row == "orgao":
        return value(N_("%(orgao)s: delega a permissão do transporte complementar (STCP/Recife) e fiscaliza o serviço."),
                     recife("art-2"), recife("art-27"), code=code, orgao=PLACES["recife"].agency)
    if row == "registro":
        years = param("recife.permissao.anos", when)
        return value(N_("Permissão, por contrato de adesão, por %(anos)d anos, prorrogável uma única vez por igual prazo."), years.cite, code=code, anos=years.value)
    if row == "idade_veiculo":
        entry, stay = param("recife.veiculo.ingresso.idade_maxima.anos", when), param("recife.veiculo.permanencia.idade_maxima.anos", when)
        return value(N_("Entra no serviço com até %(ingresso)d anos e pode ficar até %(permanencia)d anos de fabricação."), entry.cite, code=code, ingresso=entry.value, permanencia=stay.value)
    if row == "vistoria":
        return delegated(N_("Nos prazos que o Poder Público Municipal fixar; a lei não fixa a periodicidade."), recife("art-13/inc-19"), recife("art-16/inc-4"), code=code)
    if row == "seguro":
        return value(N_("Seguro de responsabilidade civil com cobertura para passageiros e terceiros; a lei não fixa valor mínimo."), recife("art-16/inc-7"), code=code)
    if row == "passagem_individual":
        return value(N_("O STCP/Recife cobra tarifa de cada passageiro: é transporte público complementar, não fretamento."), recife("art-15/inc-3"), recife("art-3"), code=code)
    if row in ("terminal", "lista_passageiros"):
        return silent(code)
    if row == "multa_sem_autorizacao":
        multiple, base = param("recife.multa.clandestino.vb", when), param("recife.vb", when)
        return value(N_("Transporte remunerado sem permissão: multa de %(vezes)d Vb (%(valor)s) e apreensão do veículo."),
                     multiple.cite, base.cite, code=code, vezes=multiple.value, valor=base.value * multiple.value)
    if row == "apreensao":
        return value(N_("Apreensão nas infrações mais graves do Anexo Único e no transporte sem permissão; liberação após pagar a taxa e as despesas; a lei não fixa por quanto tempo."),
                     recife("art-38/par-2"), recife("art-38/par-4"), recife("art-45"), code=code)
    if row == "prazos":
        return _deadlines("recife", N_("Defesa: até %(defesa)d dias, à CDTC. Recurso ao CRA: até %(recurso)d dias do recebimento da notificação da decisão."), when, code)
    raise KeyError(row)


BUILDERS: dict[str, Callable[[str, date], Statement]] = {"pe": _pe, "sp": _sp, "ac": _ac, "recife": _recife}


def cell(place_id: str, row: str, when: date) -> Statement:
    """One cell: what the law of ``place_id`` says about ``row`` on ``when``."""
    code = f"{place_id}.{row}"
    since = PLACES[place_id].in_force
    if when < since:
        return _cell(NOT_IN_FORCE, N_("A lei ainda não estava em vigor nesta data (vigora desde %(desde)s)."), code=code, desde=since)  # a date: the portal writes it per locale
    try:
        statement = BUILDERS[place_id](row, when)
    except NotInForce:
        return _cell(UNAVAILABLE, N_("O portal não tem a redação da lei em vigor nesta data para esta questão."), code=code)
    # every citation is to the wording in force on that date (the reader opens that version)
    statement.citations = [c if c.on else c.at(when) for c in statement.citations]
    return statement


def table(when: date) -> list[tuple[Row, dict[str, Statement]]]:
    """The whole table on a date: rows in order, a cell per place in PLACE_IDS order."""
    return [(row, {place_id: cell(place_id, row.id, when) for place_id in PLACE_IDS}) for row in ROWS]
