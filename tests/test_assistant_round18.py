"""The chat, round 18 (issue #26): a question about a past day is ranked in the wording of that day, and a
vehicle's age in a rule's condition is not the period the rule sets.  Each case quotes the statute's words,
on both sides of Pernambuco's two amendments of art. 11 (Lei 17.107/2020, Lei 17.406/2021)."""

from __future__ import annotations

from datetime import date

from knowledge.assistant.conditions import fit
from knowledge.assistant.values import plain_value
from knowledge.corpus import resolve
from knowledge.history import wording_at
from tests.test_assistant import converse

PE = "pe-lei-16205-2017"


def cited(reply: dict) -> list[str]:
    return [f"{c['law']} {c['unit']}" for c in reply["citations"]]


def test_in_2019_an_old_bus_was_inspected_every_six_months(chat):
    # Art. 11 as first enacted (until 12/11/2020): "II - Semestral: a) para ônibus com capacidade para mais de
    # 20 (vinte) passageiros, com mais de 10 (dez) anos do primeiro emplacamento".
    reply = converse(chat, ["em 2019, pra um ônibus de 46 lugares com 12 anos de emplacado, a vistoria na EPTI era de quanto em quanto tempo?"])
    assert cited(reply)[:1] == [f"{PE} art-11/inc-2/ali-a"], reply["resposta"]
    assert reply["resposta"].startswith("Em Pernambuco: Semestral."), reply["resposta"]
    assert "com mais de 10 (dez) anos do primeiro emplacamento" in reply["resposta"]


def test_in_2019_a_newer_bus_was_inspected_once_a_year(chat):
    # Same wording: "I - Anual: a) para os ônibus com capacidade para mais de 20 (vinte) passageiros e com menos
    # de 10 (dez) anos do primeiro emplacamento".
    reply = converse(chat, ["em 2019, pra um ônibus de 46 lugares com 7 anos de emplacado, a vistoria na EPTI era de quanto em quanto tempo?"])
    assert cited(reply)[:1] == [f"{PE} art-11/inc-1/ali-a"], reply["resposta"]
    assert reply["resposta"].startswith("Em Pernambuco: Anual."), reply["resposta"]


def test_in_march_2021_the_period_was_one_year(chat):
    # Art. 11 in the wording of Lei 17.107/2020 (13/11/2020 to 22/09/2021): "deverão observar a periodicidade
    # de 1 (um) ano" — its items had no "Anual"/"Semestral" then; today's items are not read for that day.
    reply = converse(chat, ["em março de 2021, de quanto em quanto tempo tinha que fazer a vistoria do fretamento em pernambuco?"])
    assert cited(reply)[:1] == [f"{PE} art-11"], reply["resposta"]
    assert "1 ano" in reply["resposta"].split("Lei 16.205")[0], reply["resposta"]
    assert "periodicidade de 1 (um) ano" in reply["resposta"]


def test_today_a_twelve_year_old_bus_is_inspected_once_a_year(chat):
    # In force (Lei 17.406/2021): "I - Anual: a) veículos com registro em CRLV tipo ônibus, micro-ônibus e
    # microbus, com até 15 (quinze) anos da data de fabricação".
    reply = converse(chat, ["a vistoria de um ônibus de 12 anos no fretamento em pernambuco é de quanto em quanto tempo?"])
    assert cited(reply)[:1] == [f"{PE} art-11/inc-1/ali-a"], reply["resposta"]
    assert reply["resposta"].startswith("Em Pernambuco: Anual."), reply["resposta"]


def test_the_age_a_rule_is_for_is_not_its_period():
    # "com mais de 15 (quinze) anos da data de fabricação" says which buses; "II - Semestral:" says how often.
    _, unit = resolve(PE, "art-11/inc-2/ali-a")
    assert "com mais de 15 (quinze) anos" in unit.text
    value = plain_value("prazo", unit, PE, date(2026, 12, 1), ["vistoria"], "de quanto em quanto tempo e a vistoria")
    assert value.params["v"] == "Semestral"


def test_less_than_in_a_condition_is_read():
    # "com menos de 10 (dez) anos do primeiro emplacamento" (art. 11, I, a, until 12/11/2020) fails for 12 years.
    old = wording_at(PE, "art-11/inc-1/ali-a", date(2019, 6, 1)).unit
    assert "com menos de 10 (dez) anos" in old.text
    assert fit("ônibus de 46 lugares com 12 anos", old.text) == -1
    assert fit("ônibus de 46 lugares com 7 anos", old.text) == 1


def test_selling_single_tickets_was_a_grave_infraction_before_lei_17107(chat):
    # Anexo I as first enacted (until 12/11/2020): "III - GRAVES: … f) práticas de vendas e emissões de passagens
    # individuais", and art. 28, III: "graves: R$ 900,00".  The index holds today's wording, where the same rule
    # is IV, f ("realizar vendas e emissões de passagens individuais", gravíssima, R$ 2.900,00): the old row is
    # found through the rule that says the same today, not through today's III, f.
    then = converse(chat, ["em maio de 2019 quanto era a multa por venda de passagem individual no fretamento em pernambuco?"])
    assert cited(then)[:1] == [f"{PE} anexo-i/inc-3/ali-f"], then["resposta"]
    assert then["resposta"].startswith("Em Pernambuco: R$ 900,00"), then["resposta"]
    assert "práticas de vendas e emissões de passagens individuais" in then["resposta"]
    now = converse(chat, ["quanto é a multa por venda de passagem individual no fretamento em pernambuco?"])
    assert cited(now)[:1] == [f"{PE} anexo-i/inc-4/ali-f"], now["resposta"]
    assert now["resposta"].startswith("Em Pernambuco: R$ 2.900,00"), now["resposta"]


def test_a_year_before_the_law_began_is_read_from_its_first_day_in_force(chat):
    # Lei 16.205/2017 (PE) is in force from 22/02/2018; "em 2018" is read in the wording of that day: Anexo I as
    # first enacted, "III - GRAVES: … c) utilizar em operação veículos em condições deficientes de ordem mecânica,
    # elétrica ou de carroceria, com risco comprovado de segurança" (today IV, h, gravíssima).
    reply = converse(chat, ["em 2018 a EPTI parou um ônibus de fretamento com o freio ruim, um risco pros passageiros, em pernambuco. como isso era enquadrado?"])
    assert cited(reply)[:1] == [f"{PE} anexo-i/inc-3/ali-c"], reply["resposta"]
    assert "22/02/2018" in reply["resposta"] and "ainda não existia" not in reply["resposta"]


def test_a_number_that_only_divides_cases_is_no_maximum(chat):
    # Art. 11 (in force): "I - Anual: a) veículos … com até 15 (quinze) anos da data de fabricação" and "II -
    # Semestral: a) veículos … com mais de 15 (quinze) anos da data de fabricação": 15 years decides how often a
    # bus is inspected, not how old it may be; the law sets no maximum age.
    # Stated, the answer says so; in doubt, the assistant abstains — either way no number is given as the maximum.
    for message in ("qual a idade máxima que um ônibus pode ter pra fazer fretamento em pernambuco?",
                    "em pernambuco, qual a idade máxima do ônibus de fretamento?"):
        reply = converse(chat, [message])
        head = reply["resposta"].split("diz:")[0]
        assert "15 anos" not in head, reply["resposta"]
        assert reply["lei_nao_fixa"] or not reply["citations"], reply["resposta"]
        if reply["lei_nao_fixa"]:
            assert head.startswith("Em Pernambuco: A lei não fixa esse limite"), reply["resposta"]
            assert cited(reply)[0].startswith(f"{PE} art-11"), reply["resposta"]


def test_the_number_that_divides_the_inspection_cases_is_named():
    # The value itself: art. 11, II, a (in force) says "com mais de 15 (quinze) anos"; I, a says "com até 15 (quinze)".
    _, unit = resolve(PE, "art-11/inc-2/ali-a")
    value = plain_value("limite", unit, PE, date(2026, 12, 1), ["idade"], "qual a idade maxima do onibus")
    assert value.text.startswith("A lei não fixa esse limite") and value.params["v"] == "15 anos"


def test_a_limit_the_law_does_set_is_stated(chat):
    # Lei 16.856/2003 (Recife), art. 17, II: "ingressar no serviço com idade máxima de 03 (três) anos, sendo
    # permitida a sua permanência por até 06 (seis) anos de fabricação" — no sibling says "mais de 6 anos".
    # (art. 16, II, for the service's first three years: "ingressar no serviço com idade máxima de 03 (três) anos").
    reply = converse(chat, ["no complementar do recife o carro pode ter no máximo quantos anos?"])
    assert reply["lei_nao_fixa"] is False
    head = reply["resposta"].split("diz:")[0]
    assert "3 anos" in head or "6 anos" in head, reply["resposta"]
