"""Seized-vehicle wizard (knowledge/flows/veiculo_apreendido.py): each place and measure, deadlines, which questions are asked."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from knowledge.flows import FLOWS

from .helpers import asked, assert_all_statements_cited, codes, outcome


SEIZED = {"medida": "apreensao", "data_medida": "2026-11-02", "data_notificacao": "2026-11-06", "tinha_autorizacao": False, "reincidente_12m": False, "dias_deposito": 12}


def test_pernambuco_seizure():
    result = outcome("veiculo_apreendido", {**SEIZED, "jurisdicao": "pe"})
    fields = result.fields
    multa = next(p for p in fields["pagamentos"] if p.code == "multa")
    assert multa.money.amount == Decimal("2900.00") and multa.money.unit == "BRL"
    assert {"remocao_estadia", "transbordo", "veiculo_substituto"} <= codes(fields["pagamentos"])
    defesa = next(p for p in fields["prazos"] if p.code == "defesa")
    assert defesa.due == date(2026, 11, 21) and defesa.data["contagem"] == "nao_definida"
    assert "contagem" in codes(fields["prazos"])
    assert fields["data_minima"] is None and "sem_prazo_custodia" in codes(fields["liberacao"])
    assert "art-37/par-4" in {c.unit for s in fields["quem_retira"] for c in s.citations}
    assert {"substituicao", "requisicao"} <= codes(fields["passageiros"])
    assert_all_statements_cited(result)


def test_pernambuco_fine_uses_wording_in_force_on_the_date():
    old = outcome("veiculo_apreendido", {**SEIZED, "jurisdicao": "pe", "data_medida": "2019-05-10", "data_notificacao": ""})
    assert next(p for p in old.fields["pagamentos"] if p.code == "multa").money.amount == Decimal("3900.00")


def test_sao_paulo_seizure_minimum_48_hours():
    result = outcome("veiculo_apreendido", {**SEIZED, "jurisdicao": "sp"})
    assert result.fields["data_minima"] == date(2026, 11, 4)
    multa = next(p for p in result.fields["pagamentos"] if p.code == "multa")
    assert multa.money.unit == "MVR_PCT" and multa.money.amount == 400 and multa.money.brl is None
    assert {"defesa", "recurso", "pagamento"} <= codes(result.fields["prazos"])


@pytest.mark.parametrize("reincidente, first, last", [(False, date(2026, 11, 3), date(2026, 11, 12)), (True, date(2026, 11, 13), date(2026, 12, 2))])
def test_acre_custody_window(reincidente, first, last):
    result = outcome("veiculo_apreendido", {**SEIZED, "jurisdicao": "ac", "reincidente_12m": reincidente})
    assert (result.fields["data_minima"], result.fields["data_maxima"]) == (first, last)
    multa = next(p for p in result.fields["pagamentos"] if p.code == "multa")
    assert multa.money.unit == "UFIRAC" and multa.money.amount == (660 if reincidente else 330) and multa.money.brl is None
    estadia = next(p for p in result.fields["pagamentos"] if p.code == "estadia")
    assert estadia.money.amount == 24
    assert next(p for p in result.fields["prazos"] if p.code == "defesa").data["contagem"] == "regulamento"


def test_acre_stay_is_capped_and_ufirac_converts_when_configured():
    result = outcome("veiculo_apreendido", {**SEIZED, "jurisdicao": "ac", "dias_deposito": 45}, options={"ufirac_brl": Decimal("4.50")})
    estadia = next(p for p in result.fields["pagamentos"] if p.code == "estadia")
    assert estadia.money.amount == 60 and estadia.money.brl == Decimal("270.00")


def test_recife_seizure():
    result = outcome("veiculo_apreendido", {**SEIZED, "jurisdicao": "recife"})
    multa = next(p for p in result.fields["pagamentos"] if p.code == "multa")
    assert multa.money.unit == "VB" and multa.money.amount == 40 and multa.money.brl == Decimal("2000.00")
    defesa = next(p for p in result.fields["prazos"] if p.code == "defesa")
    # Received Friday 06/11/2026: counting starts on Monday 09/11, 30 days → 08/12.
    assert defesa.due == date(2026, 12, 8) and defesa.data["orgao"].startswith("CDTC")


@pytest.mark.parametrize("jurisdicao", ["pe", "sp", "ac", "recife"])
@pytest.mark.parametrize("medida", ["retencao", "remocao", "apreensao"])
@pytest.mark.parametrize("autorizado", [True, False])
def test_every_jurisdiction_and_measure_has_a_cited_answer(jurisdicao, medida, autorizado):
    answers = {**SEIZED, "jurisdicao": jurisdicao, "medida": medida, "tinha_autorizacao": autorizado, "reincidente_12m": True}
    if medida != "apreensao":
        answers.pop("dias_deposito")
    result = outcome("veiculo_apreendido", answers)
    for key in ("o_que_acontece", "liberacao", "pagamentos", "prazos", "quem_retira", "passageiros"):
        assert result.fields[key], key
    assert_all_statements_cited(result)


def test_seizure_paths():
    # Days in the depot change the result only for an Acre seizure (per-day charge, art. 89, § 2º); the repeat
    # offence only in Acre (custody window, doubled clandestine fine).  Elsewhere they are not asked (issue 14).
    assert "dias_deposito" not in asked("veiculo_apreendido", {**SEIZED, "jurisdicao": "pe", "medida": "retencao"})
    assert "dias_deposito" not in asked("veiculo_apreendido", {**SEIZED, "jurisdicao": "pe"})
    assert "reincidente_12m" not in asked("veiculo_apreendido", {**SEIZED, "jurisdicao": "pe"})
    assert asked("veiculo_apreendido", {**SEIZED, "jurisdicao": "ac"})[-2:] == ["reincidente_12m", "dias_deposito"]


# -- per-question checks the legal cases (tests/legal/veiculo_apreendido) cannot express --

FLOW = FLOWS.get("veiculo_apreendido")
TODAY_2024 = date(2024, 5, 10)


def test_questions_cite_only_the_chosen_places_law():
    # A Pernambuco user was shown an Acre article under the date question (issue 14).
    progress = FLOW.run({"jurisdicao": "pe"}, today=TODAY_2024)
    assert progress.next_question.id == "medida"
    assert {c.law for c in progress.next_question.legal_basis} == {"pe-lei-16205-2017"}
    progress = FLOW.run({"jurisdicao": "pe", "medida": "apreensao"}, today=TODAY_2024)
    assert progress.next_question.id == "data_medida" and progress.next_question.legal_basis == ()
    progress = FLOW.run({"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2024-05-01", "data_notificacao": ""}, today=TODAY_2024)
    assert {c.law for c in progress.next_question.legal_basis} == {"pe-lei-16205-2017"}


def test_pernambuco_result_opens_with_getting_the_vehicle_back():
    answers = {"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2024-05-01", "data_notificacao": "", "tinha_autorizacao": False}
    outcome = FLOW.run(answers, today=TODAY_2024).outcome
    assert list(outcome.fields)[0] == "liberacao"
    assert outcome.headline.code == "pagamento_previo"
    assert [s.code for s in outcome.rules][:2] == ["pagamento_previo", "sem_prazo_custodia"]


def test_previous_wording_citations_are_labelled_and_dated():
    answers = {"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2019-05-10", "data_notificacao": "", "tinha_autorizacao": True}
    outcome = FLOW.run(answers, today=TODAY_2024).outcome
    cites = {(c.unit, c.on, c.previous) for c in outcome.citations()}
    assert ("art-30/par-1", date(2019, 5, 10), True) in cites
    old_par1 = next(c for c in outcome.citations() if c.unit == "art-30/par-1")
    assert old_par1.label == "Lei 16.205/2017 (PE), art. 30, § 1º (redação anterior)"
    assert all(c.on == date(2019, 5, 10) for c in outcome.citations())


def test_the_repeat_question_asks_about_the_period_of_the_acre_law():
    """The question's "12 meses" is the period of Lei 2.731/2013, art. 78, parágrafo único (ac.custodia.periodo.meses):
    a question text has no parameters, so this keeps the two from drifting apart."""
    import re

    from knowledge.flows import FLOWS
    from knowledge.parameters import PARAMETERS

    text = FLOWS.get("veiculo_apreendido").question("reincidente_12m").text
    months = {int(n) for n in re.findall(r"(\d+) meses", text)}
    assert months == {v.value for v in PARAMETERS["ac.custodia.periodo.meses"].values}


def test_a_notice_received_in_the_future_is_refused_at_its_own_question():
    """The defence deadlines count from the notice's receipt (the flow's own help text): a receipt
    after today cannot be, and is refused where it is asked, like the measure's own date."""
    from knowledge.flows.engine import InvalidAnswer

    flow = FLOWS.get("veiculo_apreendido")
    today = date(2026, 12, 2)
    with pytest.raises(InvalidAnswer) as refused:
        flow.question("data_notificacao").parse("2027-09-01", today)
    assert "futuro" in str(refused.value) and "02/12/2026" in str(refused.value)
    assert flow.question("data_notificacao").parse("2026-12-02", today) == today
