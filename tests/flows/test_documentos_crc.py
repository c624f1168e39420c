"""CRC documents wizard (knowledge/flows/documentos_crc.py): documents, impediments, deadlines, which questions are asked."""

from __future__ import annotations

import pytest

from .helpers import asked, assert_all_statements_cited, codes, outcome


CRC_OK = {"natureza": "sociedade_empresaria", "modalidades": ["eventual"], "estabelecimento_pe": True, "usa_onibus": True, "veiculos_proprios": 2, "veiculos_locados": 1, "mesmo_grupo_economico": False}


def test_crc_without_impediments():
    result = outcome("documentos_crc", CRC_OK)
    assert result.fields["impedimentos"] == []
    docs = codes(result.fields["documentos"])
    assert {"constitutivo", "cnpj", "cnd_federal", "fgts", "cndt", "fazenda_estadual", "fazenda_municipal", "falencia", "frota", "motoristas", "contato", "antecedentes_condutores", "contratos_locacao"} <= docs
    assert "cadastur" not in docs and "ocb" not in docs
    assert {"emissao", "complementacao", "validade", "renovacao"} <= codes(result.fields["prazos"])
    prazos = {s.code: s for s in result.fields["prazos"]}
    assert prazos["complementacao"].params["dias"] == 30 and prazos["emissao"].params["dias"] == 30
    assert prazos["renovacao"].params["dias"] == 30 and prazos["validade"].params["anos"] == 1
    assert_all_statements_cited(result)


@pytest.mark.parametrize(
    "changes, impediment",
    [
        ({"estabelecimento_pe": False}, "sem_estabelecimento_pe"),
        ({"natureza": "cooperativa", "estabelecimento_pe": False}, "cooperativa_fora_de_pe"),
        ({"veiculos_proprios": 1, "veiculos_locados": 0}, "frota_minima_onibus"),
        ({"usa_onibus": False, "veiculos_proprios": 0, "veiculos_locados": 0}, "sem_frota"),
        ({"veiculos_proprios": 3, "veiculos_locados": 3}, "limite_locados"),
        ({"modalidades": ["social"]}, "social_natureza"),
    ],
)
def test_crc_impediments(changes, impediment):
    result = outcome("documentos_crc", {**CRC_OK, **changes})
    assert impediment in codes(result.fields["impedimentos"])
    assert_all_statements_cited(result)


def test_turismo_with_another_modality_states_the_tension_instead_of_an_impediment():
    # Finding 14: art. 5º, XVI (exclusive tourism) against art. 35, § 2º (more than one modality) is stated, for
    # eventual as for contínuo — it was a flat impediment for contínuo and nothing for eventual.
    for other in ("continuo", "eventual"):
        result = outcome("documentos_crc", {**CRC_OK, "modalidades": ["turistico", other], "locados_automovel_turismo": 0})
        assert codes(result.fields["ambiguidades"]) == {"turismo_exclusivo_tensao"}
        assert "turismo_exclusivo_conflito" not in codes(result.fields["impedimentos"])


def test_leasing_limit_rounds_up_and_group_companies_are_exempt():
    assert "limite_locados" not in codes(outcome("documentos_crc", {**CRC_OK, "veiculos_proprios": 3, "veiculos_locados": 2}).fields["impedimentos"])
    group = outcome("documentos_crc", {**CRC_OK, "veiculos_proprios": 3, "veiculos_locados": 9, "mesmo_grupo_economico": True})
    assert "limite_locados" not in codes(group.fields["impedimentos"])
    assert "grupo_economico" in codes(group.fields["documentos"])


def test_crc_documents_tailored():
    sa = outcome("documentos_crc", {**CRC_OK, "natureza": "sociedade_anonima"})
    assert "eleição dos administradores" in next(s for s in sa.fields["documentos"] if s.code == "constitutivo").text
    tour = outcome("documentos_crc", {**CRC_OK, "modalidades": ["turistico"], "locados_automovel_turismo": 0})
    assert {"cadastur", "turismo_exclusivo"} <= codes(tour.fields["documentos"])
    coop = outcome("documentos_crc", {**CRC_OK, "natureza": "cooperativa"})
    assert {"antecedentes_cooperados", "ocb", "crlv_cooperados"} <= codes(coop.fields["documentos"])
    assert "cooperativa_um_por_cooperado" in codes(coop.fields["observacoes"])
    tfd = outcome("documentos_crc", {**CRC_OK, "modalidades": ["tfd"]})
    assert "contrato_poder_publico" in codes(tfd.fields["documentos"])
    mei = outcome("documentos_crc", {**CRC_OK, "natureza": "mei"})
    assert "mei_admitido" in codes(mei.fields["observacoes"])


def test_crc_paths():
    assert "mesmo_grupo_economico" not in asked("documentos_crc", {**CRC_OK, "veiculos_locados": "0"})
    assert asked("documentos_crc", {**CRC_OK, "veiculos_locados": "2"})[-1] == "mesmo_grupo_economico"
