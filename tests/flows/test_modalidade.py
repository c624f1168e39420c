"""Modality wizard (knowledge/flows/modalidade.py): each modality, the reasons none fits, which questions are asked."""

from __future__ import annotations

import pytest

from .helpers import all_cites, asked, assert_all_statements_cited, codes, outcome


PE_BASE = {"jurisdicao": "pe", "intermunicipal": True, "cobranca_individual": False}


@pytest.mark.parametrize(
    "answers, expected",
    [
        ({"prestador": "empresa", "passageiros": "grupo_definido", "contratante": "pessoa_fisica", "frequencia": "viagem_unica", "cadastur": False}, "eventual"),
        ({"prestador": "empresa", "passageiros": "grupo_definido", "contratante": "pessoa_juridica", "frequencia": "viagem_unica", "cadastur": True}, "turistico"),
        ({"prestador": "empresa", "passageiros": "vinculo_contratante", "contratante": "pessoa_juridica", "frequencia": "periodica"}, "continuo"),
        ({"prestador": "mei", "passageiros": "vinculo_contratante", "contratante": "orgao_publico", "frequencia": "periodica"}, "continuo"),
        ({"prestador": "orgao_publico", "passageiros": "vinculo_contratante", "remunerado": False, "frota_propria": True}, "social"),
        ({"prestador": "entidade_filantropica", "passageiros": "estudantes", "remunerado": False, "frota_propria": True}, "social"),
        ({"prestador": "empresa", "passageiros": "proprios_funcionarios_alunos", "remunerado": False, "frota_propria": True}, "proprio"),
        ({"prestador": "orgao_publico", "passageiros": "pacientes_tfd", "remunerado": True, "contratante": "nenhum"}, "tfd"),
        ({"prestador": "empresa", "passageiros": "pacientes_tfd", "contratante": "orgao_publico"}, "tfd"),
        ({"prestador": "cooperativa", "passageiros": "estudantes", "contratante": "orgao_publico", "frequencia": "periodica"}, "alunos"),
    ],
)
def test_pernambuco_modalities(answers, expected):
    result = outcome("modalidade", {**PE_BASE, **answers})
    assert result.fields["modalidade"] == expected
    assert result.fields["registro"] and result.fields["por_viagem"]
    assert_all_statements_cited(result)


def test_alternatives_listed_when_more_than_one_fits():
    result = outcome("modalidade", {**PE_BASE, "prestador": "empresa", "passageiros": "grupo_definido", "contratante": "pessoa_fisica", "frequencia": "viagem_unica", "cadastur": True})
    assert result.fields["modalidade"] == "turistico"
    assert "eventual" in codes(result.fields["alternativas"])
    result = outcome("modalidade", {**PE_BASE, "prestador": "empresa", "passageiros": "estudantes", "contratante": "orgao_publico", "frequencia": "periodica"})
    assert result.fields["modalidade"] == "alunos" and "continuo" in codes(result.fields["alternativas"])


def test_eventual_without_cadastur_points_to_tourism():
    result = outcome("modalidade", {**PE_BASE, "prestador": "empresa", "passageiros": "grupo_definido", "contratante": "pessoa_fisica", "frequencia": "viagem_unica", "cadastur": False})
    assert "turistico_se_cadastur" in codes(result.fields["alternativas"])


@pytest.mark.parametrize(
    "answers, cited_unit",
    [
        ({"jurisdicao": "pe", "intermunicipal": False}, "art-1/par-1"),
        ({"jurisdicao": "pe", "intermunicipal": True, "prestador": "pessoa_fisica"}, "art-4"),
        ({"jurisdicao": "pe", "intermunicipal": True, "prestador": "empresa", "passageiros": "publico_em_geral"}, "art-1/par-1"),
        ({"jurisdicao": "pe", "intermunicipal": True, "prestador": "empresa", "passageiros": "grupo_definido", "cobranca_individual": True}, "art-34/inc-1"),
        ({**PE_BASE, "prestador": "empresa", "passageiros": "grupo_definido", "contratante": "pessoa_fisica", "frequencia": "periodica"}, "art-3/inc-3"),
        ({**PE_BASE, "prestador": "empresa", "passageiros": "proprios_funcionarios_alunos", "remunerado": False, "frota_propria": False}, "art-3/inc-4"),
        ({**PE_BASE, "prestador": "entidade_filantropica", "passageiros": "grupo_definido", "remunerado": True, "contratante": "pessoa_fisica", "frequencia": "viagem_unica", "cadastur": False}, "art-3/inc-4"),
    ],
)
def test_pernambuco_no_modality_with_cited_reasons(answers, cited_unit):
    result = outcome("modalidade", answers)
    assert result.fields["modalidade"] == "nenhuma"
    assert result.fields["motivos"]
    assert cited_unit in {c.unit for m in result.fields["motivos"] for c in m.citations}
    assert_all_statements_cited(result)


SP_BASE = {"jurisdicao": "sp", "intermunicipal": True, "prestador": "empresa", "cobranca_individual": False, "remunerado": True}


@pytest.mark.parametrize(
    "answers, expected, cited_unit",
    [
        ({"passageiros": "vinculo_contratante", "contratante": "pessoa_juridica", "frequencia": "periodica"}, "continuo", "art-7"),
        ({"passageiros": "estudantes", "contratante": "pessoa_juridica", "frequencia": "periodica"}, "continuo", "art-7/par-1"),
        ({"passageiros": "grupo_definido", "contratante": "pessoa_fisica", "frequencia": "viagem_unica"}, "eventual", "art-8"),
        ({"passageiros": "grupo_definido", "contratante": "pessoa_fisica", "frequencia": "periodica"}, "nenhuma", "art-7"),
        ({"passageiros": "grupo_definido", "remunerado": False}, "nenhuma", "art-2"),
        ({"passageiros": "publico_em_geral"}, "nenhuma", "art-4"),
    ],
)
def test_sao_paulo_modalities(answers, expected, cited_unit):
    result = outcome("modalidade", {**SP_BASE, **answers})
    assert result.fields["modalidade"] == expected
    assert all(c.law == "sp-decreto-29912-1989" for c in all_cites(result))
    assert cited_unit in {c.unit for m in result.fields["motivos"] for c in m.citations}


def test_modalidade_paths():
    assert asked("modalidade", {"jurisdicao": "pe", "intermunicipal": "nao"}) == ["jurisdicao", "intermunicipal", "data_referencia"]
    assert asked("modalidade", {"jurisdicao": "pe", "intermunicipal": "sim", "prestador": "empresa", "passageiros": "grupo_definido", "cobranca_individual": "nao", "contratante": "pessoa_fisica", "frequencia": "viagem_unica", "cadastur": "sim"}) == [
        "jurisdicao", "intermunicipal", "prestador", "passageiros", "cobranca_individual", "contratante", "frequencia", "cadastur", "data_referencia"]
    assert asked("modalidade", {"jurisdicao": "pe", "intermunicipal": "sim", "prestador": "orgao_publico", "passageiros": "vinculo_contratante", "cobranca_individual": "nao", "remunerado": "nao", "frota_propria": "sim"}) == [
        "jurisdicao", "intermunicipal", "prestador", "passageiros", "cobranca_individual", "remunerado", "frota_propria", "data_referencia"]
    sp_path = asked("modalidade", {"jurisdicao": "sp", "intermunicipal": "sim", "prestador": "empresa", "passageiros": "grupo_definido", "cobranca_individual": "nao", "remunerado": "sim", "contratante": "pessoa_fisica", "frequencia": "viagem_unica"})
    assert "cadastur" not in sp_path and "frota_propria" not in sp_path and sp_path[-2:] == ["frequencia", "data_referencia"]


def test_skipped_answers_are_ignored():
    result = outcome("modalidade", {"jurisdicao": "pe", "intermunicipal": False, "prestador": "valor-que-nem-existe", "cadastur": True})
    assert result.fields["modalidade"] == "nenhuma"
