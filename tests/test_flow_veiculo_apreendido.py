"""Seized-vehicle wizard: per-question checks the legal cases (tests/legal/veiculo_apreendido) cannot express."""

from __future__ import annotations

from datetime import date

from knowledge.flows import FLOWS

FLOW = FLOWS.get("veiculo_apreendido")
TODAY = date(2024, 5, 10)


def test_questions_cite_only_the_chosen_places_law():
    # A Pernambuco user was shown an Acre article under the date question (issue 14).
    progress = FLOW.run({"jurisdicao": "pe"}, today=TODAY)
    assert progress.next_question.id == "medida"
    assert {c.law for c in progress.next_question.legal_basis} == {"pe-lei-16205-2017"}
    progress = FLOW.run({"jurisdicao": "pe", "medida": "apreensao"}, today=TODAY)
    assert progress.next_question.id == "data_medida" and progress.next_question.legal_basis == ()
    progress = FLOW.run({"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2024-05-01", "data_notificacao": ""}, today=TODAY)
    assert {c.law for c in progress.next_question.legal_basis} == {"pe-lei-16205-2017"}


def test_pernambuco_result_opens_with_getting_the_vehicle_back():
    answers = {"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2024-05-01", "data_notificacao": "", "tinha_autorizacao": False}
    outcome = FLOW.run(answers, today=TODAY).outcome
    assert list(outcome.fields)[0] == "liberacao"
    assert outcome.headline.code == "pagamento_previo"
    assert [s.code for s in outcome.rules][:2] == ["pagamento_previo", "sem_prazo_custodia"]


def test_previous_wording_citations_are_labelled_and_dated():
    answers = {"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2019-05-10", "data_notificacao": "", "tinha_autorizacao": True}
    outcome = FLOW.run(answers, today=TODAY).outcome
    cites = {(c.unit, c.on, c.previous) for c in outcome.citations()}
    assert ("art-30/par-1", date(2019, 5, 10), True) in cites
    old_par1 = next(c for c in outcome.citations() if c.unit == "art-30/par-1")
    assert old_par1.label == "Lei 16.205/2017 (PE), art. 30, § 1º (redação anterior)"
    assert all(c.on == date(2019, 5, 10) for c in outcome.citations())
