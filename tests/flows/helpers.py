"""Shared helpers of the wizard tests (one test file per flow in this folder)."""

from __future__ import annotations

from datetime import date

from knowledge.citations import Cite
from knowledge.flows import FLOWS
from knowledge.flows.engine import Statement

TODAY = date(2026, 11, 29)


def _with_date_of_facts(flow_id: str, answers: dict) -> dict:
    """Every wizard asks the date of the facts; unless a test gives it, it is "today" (empty answer)."""
    flow = FLOWS.get(flow_id)
    field = next((q.id for q in flow.questions if q.type == "date" and q.default_today), None)
    return answers if field is None or field in answers else {**answers, field: ""}


def run(flow_id: str, answers: dict, today: date = TODAY, **kwargs):
    return FLOWS.get(flow_id).run(_with_date_of_facts(flow_id, answers), today=today, **kwargs)


def outcome(flow_id: str, answers: dict, **kwargs):
    progress = run(flow_id, answers, **kwargs)
    assert progress.complete, f"still asking {progress.next_question.id}"
    return progress.outcome


def asked(flow_id: str, answers: dict) -> list[str]:
    """The questions asked, in order, when answering from ``answers`` step by step (unanswered: empty)."""
    given_answers, ids = {}, []
    while True:
        progress = FLOWS.get(flow_id).run(given_answers, today=TODAY)
        if progress.complete:
            return ids
        qid = progress.next_question.id
        ids.append(qid)
        given_answers[qid] = answers.get(qid, "")


def codes(statements: list[Statement]) -> set[str]:
    return {s.code for s in statements}


def all_cites(outcome_) -> list[Cite]:
    return outcome_.citations()


def assert_all_statements_cited(outcome_):
    for value in outcome_.fields.values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, Statement):
                    assert item.citations, item.text
    for rule in outcome_.rules:
        assert rule.citations, rule.text
