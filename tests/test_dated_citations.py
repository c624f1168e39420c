"""Every citation a rule emits exists in the wording in force on the date of the facts.

Issue #10, part 1: for every rule (the four wizards, the complaint classifier) and every date
on both sides of each law's entry into force and of each amending act, every cited unit must
exist — with a known wording — in that day's version of its law (``knowledge.history``).
A rule that cites art. 29-A of Pernambuco for 2019 facts (it was added on 13/11/2020), or
today's alínea of Anexo I for an infraction the old Anexo I listed elsewhere, fails here.

The wizards are walked question by question (only the questions they ask), with every option
of each choice and a few values per number chosen around the legal thresholds.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from knowledge.complaints import OCCURRENCES, classify
from knowledge.flows import FLOWS, InvalidAnswer
from knowledge.history import change_dates, exists_on
from knowledge.laws import LAWS

TODAY = date(2026, 11, 29)
PE = "pe-lei-16205-2017"


def _both_sides(law_ids) -> list[date]:
    days = {TODAY}
    for law_id in law_ids:
        for day in change_dates(law_id):
            days |= {day - timedelta(days=1), day}
    return sorted(days)


ALL_DATES = _both_sides(LAWS)
PE_DATES = _both_sides([PE])
SP_DATES = _both_sides(["sp-decreto-29912-1989"])
# Every wizard asks the date of the facts: the seized-vehicle wizard the date of the measure (any
# law), the 7-seat-car and modality wizards a reference date, the CRC wizard the date of the request.
# Dates before a law took effect are refused (InvalidAnswer): nothing of that law is cited.
FLOW_DATES = {
    "carro_turismo": PE_DATES,
    "documentos_crc": PE_DATES,
    "modalidade": sorted(set(PE_DATES) | set(SP_DATES)),
    "veiculo_apreendido": ALL_DATES,
}


def _candidates(question, when: date) -> list:
    if question.type == "choice":
        return question.option_values()
    if question.type == "multiple":
        return [[value] for value in question.option_values()]
    if question.type == "bool":
        return [True, False]
    if question.type == "date":
        return ["", (when + timedelta(days=3)).isoformat()] if not question.default_today and question.id == "data_notificacao" else [when.isoformat()]
    around = {
        "ano_fabricacao": [when.year - k for k in (1, 6, 12, 17)],
        "lugares": [7, 15, 30],
        "veiculos_proprios": [1, 3],
        "veiculos_locados": [0, 2],
        "dias_deposito": [3, 40],
    }
    return around.get(question.id, [question.minimum or 1])


def _outcomes(flow, when: date):
    """Every outcome reachable by answering what the wizard asks, on the date ``when``."""
    today = TODAY
    stack: list[dict] = [{}]
    while stack:
        answers = stack.pop()
        try:
            progress = flow.run(answers, today=today)
        except InvalidAnswer:
            continue  # e.g. a date before the law: the wizard refuses it, nothing is cited
        if progress.complete:
            yield answers, progress.outcome
            continue
        question = progress.next_question
        stack.extend({**answers, question.id: value} for value in _candidates(question, when))


@pytest.mark.parametrize("flow_id", sorted(FLOW_DATES))
def test_every_wizard_citation_exists_on_the_date_of_the_facts(flow_id):
    flow = FLOWS.get(flow_id)
    missing: dict[tuple, list] = {}
    runs = 0
    for when in FLOW_DATES[flow_id]:
        for answers, outcome in _outcomes(flow, when):
            runs += 1
            for cite in outcome.citations():
                if not exists_on(cite, when):
                    missing.setdefault((cite.law, cite.unit), []).append(when.isoformat())
    assert runs >= 10 * len(FLOW_DATES[flow_id])
    assert {unit: sorted(set(days))[:3] for unit, days in missing.items()} == {}


@pytest.mark.parametrize("jurisdiction", ["pe", "sp", "ac", "recife"])
def test_every_complaint_citation_exists_on_the_date_of_the_facts(jurisdiction):
    law_id = next(info.id for info in LAWS.values() if info.jurisdiction == jurisdiction)
    missing: dict[tuple, list] = {}
    for when in ALL_DATES:
        if when < LAWS[law_id].in_force_since:
            continue  # before the law: nothing to cite (tests/legal covers what is said instead)
        for occurrence in OCCURRENCES:
            for cite in classify(occurrence, jurisdiction, when).citations:
                if not exists_on(cite, when):
                    missing.setdefault((occurrence, cite.law, cite.unit), []).append(when.isoformat())
    assert missing == {}
