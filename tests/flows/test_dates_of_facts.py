"""The date of the facts is checked at the question that asks it (issue: a documentos_crc request dated
01/01/2017 was accepted, walked through 7 questions offering modalities of 2020, then sent back to
question 1 with "ainda não estava em vigor").  Each flow refuses a date before its law's start right
there, before any other question; the options offered after it are those the law had on that date."""

from __future__ import annotations

from datetime import date

import pytest

from knowledge.flows import FLOWS, InvalidAnswer
from knowledge.modalities import ADDED_BY_LEI_17107
from knowledge.vigencia import act

TODAY = date(2024, 5, 10)
NOT_YET = "Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."
PE_START = act("pe-lei-16205-2017").in_force.strftime("%d/%m/%Y")
SP_START = act("sp-decreto-29912-1989").in_force.strftime("%d/%m/%Y")
AC_START = act("ac-lei-2731-2013").in_force.strftime("%d/%m/%Y")

# flow, the answers up to and including the date of the facts (a day before the law), the field, the law's start
EARLY = [
    ("documentos_crc", {"data_pedido": "01/01/2017"}, "data_pedido", PE_START),
    ("modalidade", {"jurisdicao": "pe", "intermunicipal": "nao", "data_referencia": "2017-01-01"}, "data_referencia", PE_START),
    ("modalidade", {"jurisdicao": "sp", "intermunicipal": "nao", "data_referencia": "1989-01-01"}, "data_referencia", SP_START),
    ("carro_turismo", {"tipo_veiculo": "automovel", "lugares": "7", "ano_fabricacao": "2015", "data_referencia": "2017-01-01"}, "data_referencia", PE_START),
    ("carro_turismo", {"tipo_veiculo": "onibus", "data_referencia": "2017-01-01"}, "data_referencia", PE_START),
    ("veiculo_apreendido", {"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2017-01-01"}, "data_medida", PE_START),
    ("veiculo_apreendido", {"jurisdicao": "sp", "medida": "retencao", "data_medida": "1989-01-01"}, "data_medida", SP_START),
    ("veiculo_apreendido", {"jurisdicao": "ac", "medida": "apreensao", "data_medida": "2013-10-01"}, "data_medida", AC_START),
]


@pytest.mark.parametrize("flow_id, answers, field, start", EARLY, ids=[f"{e[0]}-{e[2]}-{list(e[1].values())[0]}" for e in EARLY])
def test_a_date_before_the_law_is_refused_at_its_own_question(flow_id, answers, field, start):
    flow = FLOWS.get(flow_id)
    assert flow.facts_field == field
    assert list(answers)[-1] == field
    before = {k: v for k, v in answers.items() if k != field}
    assert flow.run(before, today=TODAY).next_question.id == field  # the question just asked is the date
    with pytest.raises(InvalidAnswer) as exc:
        flow.run(answers, today=TODAY)
    assert exc.value.field == field and exc.value.message == NOT_YET and exc.value.params == {"data": start}


def test_documentos_crc_refuses_the_date_before_asking_anything_else():
    # the bookmark of the phone review: the date of 2017 and every later answer given
    flow = FLOWS.get("documentos_crc")
    answers = {"data_pedido": "01/01/2017", "natureza": "mei", "modalidades": "tfd", "estabelecimento_pe": "sim",
               "usa_onibus": "sim", "veiculos_proprios": "2", "veiculos_locados": "0"}
    with pytest.raises(InvalidAnswer) as exc:
        flow.run(answers, today=TODAY)
    assert exc.value.field == "data_pedido"
    assert flow.run({"data_pedido": "22/02/2018"}, today=TODAY).next_question.id == "natureza"  # the first day of the law


@pytest.mark.parametrize("day, offered_new", [("2018-02-22", False), ("2020-11-12", False), ("2020-11-13", True), ("", True)])
def test_documentos_crc_offers_only_the_modalities_of_the_date(day, offered_new):
    flow = FLOWS.get("documentos_crc")
    question = flow.run({"data_pedido": day, "natureza": "sociedade_empresaria"}, today=TODAY).next_question
    assert question.id == "modalidades"
    values = [o.value for o in question.options]
    assert {"eventual", "turistico", "continuo", "social"} <= set(values)
    assert bool(set(ADDED_BY_LEI_17107) & set(values)) is offered_new
    if offered_new:
        assert set(ADDED_BY_LEI_17107) <= set(values)


def test_a_notice_before_the_measure_is_refused_at_the_notice():
    flow = FLOWS.get("veiculo_apreendido")
    with pytest.raises(InvalidAnswer) as exc:
        flow.run({"jurisdicao": "sp", "medida": "apreensao", "data_medida": "2024-05-01", "data_notificacao": "2024-04-01"}, today=TODAY)
    assert exc.value.field == "data_notificacao"


def test_a_car_made_after_the_date_is_refused_when_the_date_is_given():
    flow = FLOWS.get("carro_turismo")
    with pytest.raises(InvalidAnswer) as exc:
        flow.run({"tipo_veiculo": "automovel", "lugares": "7", "ano_fabricacao": "2021", "data_referencia": "2019-06-01"}, today=TODAY)
    assert exc.value.field == "ano_fabricacao"
