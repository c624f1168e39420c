"""One test per node of every wizard, generated from the flow's declared graph.

For each node: a path of answers that reaches it is found by walking the graph from its start
(so an unreachable node fails); there the engine must ask exactly that node's question (in the
place's citations), and for each representative answer the engine must go where the node's
``next`` rule says — the next question, or the outcome it names, whose statements all carry a
citation.  Also: every outcome is reachable, and docs/architecture.md shows the current graphs.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from functools import lru_cache

import pytest

from knowledge.flows import FLOWS, InvalidAnswer
from knowledge.flows import diagram
from knowledge.flows.counting import question_count
from knowledge.flows.engine import Flow, Question
from knowledge.history import change_dates
from knowledge.laws import LAWS

TODAY = date(2026, 11, 29)
# the date questions are tried on both sides of every amendment, so dated branches are reached
DATES = sorted({TODAY} | {d + delta for law in LAWS for d in change_dates(law) for delta in (timedelta(days=-1), timedelta(0))})


def representative(question: Question) -> list:
    """Answers worth trying at a node: every option, both booleans, the bounds and a middle number, dates across amendments."""
    if question.type == "choice":
        return question.option_values()
    if question.type == "multiple":
        return [[v] for v in question.option_values()] + [question.option_values()]
    if question.type == "bool":
        return [True, False]
    if question.type == "date":
        return [d for d in DATES if d <= TODAY]
    low = question.minimum if question.minimum is not None else 0
    if question.id.startswith("ano"):
        return [TODAY.year - 3, TODAY.year - 12, 2008, 2016]
    return sorted({low, low + 1, 7, 20, 44} if question.maximum is None or question.maximum >= 44 else {low, low + 1})


def paths(flow: Flow) -> dict[str, list[dict]]:
    return _paths(flow.id)


@lru_cache(maxsize=None)
def _paths(flow_id: str) -> dict[str, list[dict]]:
    """For every node, answer sets (parsed values) whose walk reaches it, a few per node.

    Found by seeded random walks from the start over the representative answers: a branch
    taken by one answer in a hundred is still reached, and the run is the same every time."""
    flow = FLOWS.get(flow_id)
    rng = random.Random(33)
    found: dict[str, list[dict]] = {}
    for _walk in range(3000):
        node, answers = flow.start.id, {}
        while node not in flow.outcomes:
            seen = found.setdefault(node, [])
            if answers not in seen and len(seen) < 12:
                seen.append(answers)
            question = flow.question(node)
            answers = {**answers, node: rng.choice(representative(question))}
            if refused(flow, answers):
                break  # the engine refuses this answer at its own question (a date before the law): no path goes on
            node = flow.after(question, answers)
    return found


def refused(flow: Flow, answers: dict) -> bool:
    """Does the engine refuse these answers as they come (``facts_date``, run from the date of the facts on)?"""
    if flow.facts_field not in answers:
        return False
    try:
        flow.when(answers, TODAY)
    except InvalidAnswer:
        return True
    return False


NODES = [(flow.id, q.id) for flow in FLOWS.all() for q in flow.questions]


@pytest.mark.parametrize("flow_id,node", NODES, ids=[f"{f}:{n}" for f, n in NODES])
def test_node(flow_id, node):
    flow = FLOWS.get(flow_id)
    question = flow.question(node)
    reaching = paths(flow).get(node)
    assert reaching, f"{node} cannot be reached from {flow.start.id}"
    assert question.text and question.next and question.next[-1].when is None
    for answers in reaching[:3]:
        progress = flow.run(answers, today=TODAY)
        assert not progress.complete and progress.next_question.id == node  # the engine asks this node here
        assert progress.next_question.text == question.text
        if question.type in ("choice", "multiple"):
            offered = [o.value for o in progress.next_question.options]
            # all the options, or (a dated rule) those the law had on the date: a subset, in the same order
            expected = question.option_values() if question.offered is None else [o.value for o in question.offered(progress.answers)]
            assert offered == expected and offered == [v for v in question.option_values() if v in offered] and offered
        for value in representative(question):
            chosen = {**answers, node: value}
            target = flow.after(question, chosen)
            try:
                after = flow.run(chosen, today=TODAY)
            except InvalidAnswer:
                continue  # an answer the law refuses (a date before it, a year after the date): said at this question, not routed
            if target in flow.outcomes:
                assert after.complete, f"{node}={value!r} should end in {target}, asks {after.next_question.id}"
                assert after.outcome.headline is None or after.outcome.headline.text
                assert all(s.citations for s in after.outcome.rules), f"{node}={value!r}: a rule without citation"
            else:
                assert not after.complete and after.next_question.id == target, f"{node}={value!r} should ask {target}"


@pytest.mark.parametrize("flow_id", [f.id for f in FLOWS.all()])
def test_every_outcome_is_reachable(flow_id):
    flow = FLOWS.get(flow_id)
    reached = set()
    for node, answer_sets in paths(flow).items():  # every path found, and every answer at its last node
        question = flow.question(node)
        for answers in answer_sets:
            for value in representative(question):
                reached.add(flow.after(question, {**answers, node: value}))
    assert set(flow.outcomes) <= reached


def test_the_architecture_doc_draws_the_current_graphs():
    text = diagram.DOC.read_text(encoding="utf-8")
    assert diagram.section() in text, "run: python -m knowledge.flows.diagram"
    for flow in FLOWS.all():
        assert f"### `{flow.id}`" in text and "```mermaid" in text


@pytest.mark.parametrize("flow_id", [f.id for f in FLOWS.all()])
def test_the_step_counter_never_passes_its_total(flow_id):
    """"Pergunta N de M" (issue #31 found "Pergunta 6 de 3"): at every node reached, N ≤ the fewest total."""
    flow = FLOWS.get(flow_id)
    checked = 0
    for node, answer_sets in paths(flow).items():
        for answers in answer_sets[:4]:
            progress = flow.run(answers, today=TODAY)
            fewest, most = question_count(flow, progress.answers, today=TODAY)
            assert len(progress.asked) + 1 <= fewest <= most, (node, answers, fewest, most)
            checked += 1
    assert checked >= len(flow.questions)
