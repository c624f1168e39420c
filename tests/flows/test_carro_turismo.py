"""7-seat car wizard (knowledge/flows/carro_turismo.py): eligibility, pendências, vistoria by age, which questions are asked."""

from __future__ import annotations

from decimal import Decimal

import pytest

from knowledge.flows import InvalidAnswer, carro_turismo

from .helpers import TODAY, asked, assert_all_statements_cited, codes, outcome, run


CAR_OK = {
    "tipo_veiculo": "automovel", "lugares": 7, "ano_fabricacao": 2023, "data_referencia": "", "categoria_aluguel": True,
    "emplacado_pe": True, "empresa_crc": True, "cadastur_pe": True, "atividade_exclusiva_turismo": True,
    "reboque": False, "rastreador": True, "envelopado": True,
}


def test_eligible_seven_seat_car():
    result = outcome("carro_turismo", CAR_OK)
    assert result.fields["elegivel"] is True and result.fields["pendencias"] == []
    assert result.fields["vistoria"] == "anual"
    seguro = {s.code: s.money.amount for s in result.fields["seguro_minimo"]}
    assert seguro == {"seguro_veiculo": Decimal("150000.00"), "seguro_morte": Decimal("13000.00"), "seguro_invalidez": Decimal("5000.00"), "seguro_terceiros": Decimal("50000.00")}
    assert "autorizacao_viagem" in codes(result.fields["por_viagem"])
    assert_all_statements_cited(result)


def test_vistoria_by_age_under_current_wording():
    older = outcome("carro_turismo", {**CAR_OK, "ano_fabricacao": 2019})
    assert older.fields["vistoria"] == "semestral" and older.fields["elegivel"]
    assert "art-11/inc-2/ali-b" in {c.unit for r in older.rules for c in r.citations}
    # a bus's vistoria by age: the fleet check's per-vehicle decision (the interview ends a bus after the date)
    bus = carro_turismo.decide({**CAR_OK, "tipo_veiculo": "onibus", "lugares": 44, "ano_fabricacao": 2008, "data_referencia": None}, TODAY)
    assert bus.fields["vistoria"] == "semestral"
    micro = carro_turismo.decide({**CAR_OK, "tipo_veiculo": "micro_onibus", "lugares": 20, "ano_fabricacao": 2015, "data_referencia": None}, TODAY)
    assert micro.fields["vistoria"] == "anual"


@pytest.mark.parametrize(
    "changes, code, fixable",
    [
        ({"data_referencia": "2019-06-01", "ano_fabricacao": 2016}, "automovel_antes_da_lei", False),
        ({"tipo_veiculo": "utilitario", "lugares": 12}, "tipo_nao_admitido", False),
        ({"lugares": 5}, "capacidade", False),
        ({"ano_fabricacao": 2009, "data_referencia": "2021-03-01"}, "idade_nao_admitida", False),
        ({"categoria_aluguel": False}, "categoria_aluguel", True),
        ({"emplacado_pe": False}, "emplacamento_pe", True),
        ({"empresa_crc": False}, "crc", True),
        ({"cadastur_pe": False}, "cadastur", True),
        ({"atividade_exclusiva_turismo": False}, "turismo_exclusivo", True),
        ({"reboque": True}, "reboque", True),
        ({"rastreador": False}, "rastreador", True),
        ({"envelopado": False}, "envelopamento", True),
    ],
)
def test_car_pendencies(changes, code, fixable):
    result = outcome("carro_turismo", {**CAR_OK, **changes})
    pendencias = {p.code: p for p in result.fields["pendencias"]}
    assert code in pendencias
    assert pendencias[code].data["corrigivel"] is fixable
    assert result.fields["elegivel"] is False
    assert_all_statements_cited(result)


def test_transition_rule_of_2020_for_older_cars():
    transition = outcome("carro_turismo", {**CAR_OK, "ano_fabricacao": 2012, "data_referencia": "2021-03-01"})
    assert transition.fields["vistoria"] == "anual" and "idade_nao_admitida" not in codes(transition.fields["pendencias"])


def test_car_paths_and_validation():
    bus_path = asked("carro_turismo", {**CAR_OK, "tipo_veiculo": "onibus"})
    assert bus_path == ["tipo_veiculo", "data_referencia"]  # this guide is about the car: a bus ends after the date
    assert asked("carro_turismo", CAR_OK)[-1] == "envelopado"
    with pytest.raises(InvalidAnswer) as exc:
        run("carro_turismo", {**CAR_OK, "ano_fabricacao": 2030, "data_referencia": "2026-01-01"})
    assert exc.value.field == "ano_fabricacao"


@pytest.mark.parametrize("tipo", ["onibus", "micro_onibus"])
@pytest.mark.parametrize("when, vistoria_code", [("2020-11-12", "onibus_vistoria"), ("2020-11-13", "vistoria_onibus_2020"),
                                                 ("2021-09-22", "vistoria_onibus_2020"), ("2021-09-23", "onibus_vistoria")])
def test_a_bus_ends_the_car_guide_after_the_date_with_its_own_rules(tipo, when, vistoria_code):
    """Issue #31: "Ônibus" led on to "Pergunta 2 de 10"; now the type and the date, then what the law asks of a bus."""
    progress = run("carro_turismo", {"tipo_veiculo": tipo, "data_referencia": when})
    assert progress.complete and [q.id for q in progress.asked] == ["tipo_veiculo", "data_referencia"]
    result = progress.outcome
    assert [s.code for s in result.fields["outro_veiculo"]] == ["outro_veiculo", vistoria_code]
    assert result.headline.text.startswith("Este assistente é sobre o automóvel de 7 lugares")
    assert result.fields["pendencias"] == [] and result.fields["seguro_minimo"]
    assert "autorizacao_viagem" not in codes(result.fields["por_viagem"])  # the automobile's own trip rule
    assert_all_statements_cited(result)
    # every citation names the wording of the date of facts
    assert all(c.on is not None for s in result.rules for c in s.citations)
