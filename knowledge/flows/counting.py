"""How many questions a flow asks: "Pergunta 3 de 7", or "de 5 a 7" when later questions depend on answers.

Read from the flow's own graph (each node's ``next`` rule), so the count can never disagree
with the questions the engine (``engine.py``) asks.
"""

from __future__ import annotations

from datetime import date, timedelta

from .. import clock
from ..vigencia import acts
from .engine import Flow, Question


class _Reads(dict):
    """Answers that remember which keys a relevance predicate looked at."""

    def __init__(self, *args):
        super().__init__(*args)
        self.read: set[str] = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)


def _candidates(question: Question, today: date) -> list:
    """Answers worth trying when exploring which later questions a question can switch on."""
    if question.type == "choice":
        return question.option_values()
    if question.type == "bool":
        return [True, False]
    if question.type == "multiple":
        return [[]] + [[v] for v in question.option_values()] + [question.option_values()]
    if question.type == "number":
        low = question.minimum if question.minimum is not None else 0
        high = question.maximum if question.maximum is not None else low + 1000
        return sorted({low, min(low + 1, high), min(low + 2, high), high})
    if question.type == "date":
        # Today, and the eve of each day a law or amendment came into force: a flow's rules change only on those
        # days, so a path the date switches on is walked (#31: the 7-seat guide said "Pergunta 2 de 12",
        # then "5 de 8" once a date before Lei 17.107/2020 was given).
        # Each wording is tried on its last day (the eve of the next act), the latest an earlier answer
        # allows (a car made in 2020 is judged on 12/11/2020, not on a day of 2017).
        return [today] + sorted({a.in_force - timedelta(days=1) for a in acts().values() if a.in_force <= today}, reverse=True)
    return [None]  # pragma: no cover


def _facts_date_accepts(flow: Flow, answers: dict, today: date) -> bool:
    """Whether the flow would take this date of the facts (not before the place's law, say)."""
    try:
        flow.when(answers, today)
    except Exception:  # InvalidAnswer, or a rule that needs an answer not given yet
        return False
    return True


def question_count(flow: Flow, answers: dict, *, today: date | None = None) -> tuple[int, int]:
    """The fewest and the most questions this flow can ask in total, given the answers so far.

    Walks the flow's own graph (each node's ``next`` rule, as ``Flow.run`` does) from its start:
    answered nodes with their answer, the others with every value worth trying — but only for
    nodes whose answer some ``next`` rule actually reads (a value no rule reads cannot change the
    path), so the walk stays small.  The web layer shows "Pergunta 3 de 7", or "de 5 a 7" when
    later questions depend on answers.  The nodes already answered are on every path counted, so
    the total can never be below the current step (the "Pergunta 6 de 3" of issue #31).
    """
    today = today or clock.flow_today(flow, answers)
    decisive: set[str] = set()
    totals: set[int] = set()
    budget = [20000]  # a hard cap on paths: the flows have at most a few hundred

    def after(question: Question, current: dict) -> str:
        probe = _Reads(current)
        try:
            target = flow.after(question, probe)
        except (KeyError, TypeError, AttributeError):
            target = question.next[-1].to  # the unconditional branch every rule ends with
        decisive.update(probe.read)
        return target

    def walk(node: str, current: dict, count: int) -> None:
        if budget[0] <= 0:
            return
        while node not in flow.outcomes:
            question = flow.question(node)
            count += 1
            if question.id in answers:
                current = {**current, question.id: answers[question.id]}
                node = after(question, current)
                continue
            values = _candidates(question, today)
            if question.type == "date" and question.id in decisive:
                values = values[:1] + [d for d in values[1:] if _facts_date_accepts(flow, {**current, question.id: d}, today)]
            for value in values if question.id in decisive else values[:1]:
                budget[0] -= 1
                chosen = {**current, question.id: value}
                walk(after(question, chosen), chosen, count)
            return
        totals.add(count)

    # Until no new decisive answer shows up: a rule read late in the walk (the Acre questions read the
    # place and the measure) makes an earlier answer decisive, to be varied on the next walk.
    for _ in range(len(flow.questions) + 1):
        known = set(decisive)
        totals.clear()
        budget[0] = 20000
        walk(flow.start.id, {}, 0)
        if decisive == known:
            break
    return (min(totals), max(totals)) if totals else (0, 0)
