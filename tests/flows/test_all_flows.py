"""All wizards: every outcome citation resolves, random answers never crash."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.citations import Cite
from knowledge.corpus import resolve
from knowledge.flows import FLOWS, InvalidAnswer
from knowledge.history import exists_on

from .helpers import TODAY, assert_all_statements_cited



def _answer_strategy(flow):
    def for_question(q):
        if q.type == "choice":
            return st.sampled_from(q.option_values())
        if q.type == "multiple":
            return st.lists(st.sampled_from(q.option_values()), min_size=1, unique=True)
        if q.type == "bool":
            return st.booleans()
        if q.type == "number":
            low = q.minimum if q.minimum is not None else 0
            if q.id in ("ano_fabricacao", "ano_primeiro_emplacamento"):
                return st.integers(1990, 2026)
            return st.integers(low, min(q.maximum or 60, 60))
        return st.dates(date(2018, 3, 1), date(2026, 11, 29)).map(lambda d: d.isoformat())

    return st.fixed_dictionaries({q.id: for_question(q) for q in flow.questions})


@pytest.mark.parametrize("flow_id", [f.id for f in FLOWS.all()])
def test_every_outcome_citation_resolves(flow_id):
    flow = FLOWS.get(flow_id)
    seen: set[Cite] = set()

    @settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(_answer_strategy(flow))
    def check(answers):
        try:
            progress = flow.run(answers, today=TODAY)
        except InvalidAnswer:
            return
        assert progress.complete
        for cite in progress.outcome.citations():
            if cite.on is not None:
                # A citation dated to the facts: the unit must exist, worded, on that day.
                assert exists_on(cite), (cite, cite.on)
            seen.add(cite)
        assert_all_statements_cited(progress.outcome)

    check()
    for cite in seen | {c for q in flow.questions for c in q.legal_basis} | set(flow.legal_basis):
        if cite.on is not None:
            continue  # checked on its date above (it may be a unit that no longer exists today)
        law, unit = resolve(cite.law, cite.unit)  # raises if the unit does not exist
        assert not unit.vetoed
    assert len(seen) >= 10


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([f.id for f in FLOWS.all()]), st.dictionaries(st.sampled_from(["jurisdicao", "medida", "lugares", "natureza", "modalidades", "data_medida", "intermunicipal", "ano_fabricacao"]), st.one_of(st.text(max_size=12), st.integers(), st.booleans(), st.none(), st.lists(st.text(max_size=5), max_size=3))))
def test_random_answers_never_crash(flow_id, answers):
    flow = FLOWS.get(flow_id)
    answers = {k: v for k, v in answers.items() if k in {q.id for q in flow.questions}}
    try:
        flow.run(answers, today=TODAY)
    except InvalidAnswer as exc:
        assert exc.field in {q.id for q in flow.questions}
