"""How many questions a flow asks: "Pergunta 3 de 7", or "de 5 a 7" when later questions depend on answers.

Read from the flow's own definition (the questions' order and their ``ask_if`` predicates),
so the count can never disagree with the questions the engine (``engine.py``) asks.
"""

from __future__ import annotations

from datetime import date

from .. import clock
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
        return [today]
    return [None]  # pragma: no cover


def question_count(flow: Flow, answers: dict, *, today: date | None = None) -> tuple[int, int]:
    """The fewest and the most questions this flow can ask in total, given the answers so far.

    Read from the flow's own definition: the questions' order and their ``ask_if``
    predicates.  The walk follows the questions still ahead; it tries every value only
    for questions whose answer some predicate actually reads (a value that switches no
    question on or off cannot change the count), so it stays small.  The web layer
    shows "Pergunta 3 de 7", or "de 5 a 7" when later questions depend on answers.
    """
    today = today or clock.flow_today(flow, answers)
    decisive: set[str] = set()

    def relevant(question: Question, current: dict) -> bool:
        if question.ask_if is None:
            return True
        probe = _Reads(current)
        try:
            result = bool(question.ask_if(probe))
        except (KeyError, TypeError, AttributeError):
            result = False
        decisive.update(probe.read)
        return result

    # Which answers any predicate reads (found by evaluating each predicate once on the
    # answers so far and again on every path explored below).
    for question in flow.questions:
        relevant(question, answers)

    totals: set[int] = set()
    budget = [20000]  # a hard cap on paths: the flows have at most a few hundred

    def walk(index: int, current: dict, count: int, before: dict) -> None:
        # ``before``: the answers to the questions ahead of this one, the only ones the engine
        # (Flow.run) lets a question's relevance see.  Judged on every answer instead, a later
        # answer that ends the interview ("cada passageiro paga": no modality) made the earlier
        # questions look never asked, and the counter read "Pergunta 6 de 3".
        if budget[0] <= 0:
            return
        for position in range(index, len(flow.questions)):
            question = flow.questions[position]
            if not relevant(question, before):
                continue
            if question.id in current:  # already answered: counted, keep going
                count += 1
                before = {**before, question.id: current[question.id]}
                continue
            count += 1
            values = _candidates(question, today) if question.id in decisive else _candidates(question, today)[:1]
            for value in values:
                budget[0] -= 1
                walk(position + 1, {**current, question.id: value}, count, {**before, question.id: value})
            return
        totals.add(count)

    walk(0, dict(answers), 0, {})
    # A second pass: predicates read during the first walk may have revealed decisive
    # answers that the first pass did not vary.
    totals.clear()
    budget[0] = 20000
    walk(0, dict(answers), 0, {})
    return (min(totals), max(totals)) if totals else (0, 0)
