"""A rule written for another service and applied to charter service by another article is cited with the article
that applies it (Acre): art. 86, "Aplicam-se ao serviço de transporte rodoviário intermunicipal remunerado de
passageiros por fretamento [...] as vedações estabelecidas no parágrafo único do art. 85" — whose caput speaks of
taxis ("No caso do transporte previsto no caput deste artigo, é vedado: I - [...] a venda de passagens e a cobrança
de preço por passageiro"); art. 62, § 4º, "Quanto à fixação de publicidade nos veículos utilizados em Serviço de
Transporte Rodoviário Intermunicipal de Passageiros por Fretamento, aplica-se o art. 42"."""

from __future__ import annotations

from knowledge.assistant.kinds import applied_to_charter
from tests.test_assistant import converse

AC = "ac-lei-2731-2013"


def test_the_articles_acre_applies_to_charter_service():
    assert [u.id for u in applied_to_charter(AC, "art-85")] == ["art-86"]
    assert [u.id for u in applied_to_charter(AC, "art-42")] == ["art-62/par-4"]
    assert [u.id for u in applied_to_charter(AC, "art-46")] == ["art-63"] == [u.id for u in applied_to_charter(AC, "art-47")]
    assert applied_to_charter(AC, "art-75") == () and applied_to_charter("pe-lei-16205-2017", "art-34") == ()


def test_a_taxi_rule_is_cited_with_the_article_that_makes_it_charter_law(chat):
    reply = converse(chat, ["Empresa de fretamento no Acre pode vender passagem individual?"])
    units = [c["unit"] for c in reply["citations"]]
    assert units[:2] == ["art-85/par-unico/inc-1", "art-86"], units
    assert "a venda de passagens e a cobrança de preço por passageiro" in reply["resposta"]
    assert "A regra vale para o fretamento por força de Lei 2.731/2013 (AC), art. 86." in reply["resposta"]
