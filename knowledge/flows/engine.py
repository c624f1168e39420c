"""A small engine for guided interviews ("assistentes"), with no web framework in it.

Modelled on GOV.UK smart answers: a flow is a declared graph of named nodes.  Each
node is a question with its ``next`` rule (:class:`Go` items, the first whose
condition holds names the next node or one of the flow's named outcomes).  The
date of the facts is computed once (``Flow.facts_date``) and passed to the outcome.
A flow written the older way (questions with ``ask_if`` predicates and one
``decide``) gets the same graph derived from its questions' order, so the walk,
the step counter (``counting.py``), the per-node tests and the diagrams
(``diagram.py``) read one structure.  The same engine serves the wizard pages, the
JSON API and the conversational assistant, so the three can never disagree.

- Answers come in as strings (query string) or JSON values; :meth:`Flow.run`
  parses them into Python values, ignoring answers to questions the routing skips
  and rejecting unknown keys or invalid values with :class:`InvalidAnswer`.
- Outcomes are built from :class:`Statement` items: a sentence (a Portuguese
  template with ``%(name)s`` parameters, translated by the web layer) plus the
  citations it rests on.  Every statement that states a rule carries its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from typing import Any, Callable

from .. import clock
from ..citations import Cite, N_, distinct
from ..typed_dates import looks_like_a_date, parse_typed_date

EARLIEST_YEAR = 1980  # a date before it is a typo, not a fact of these laws (all from 1989 on)
ANSWERED_TRUE = {"true", "sim", "s", "1", "yes", "on"}
ANSWERED_FALSE = {"false", "nao", "não", "n", "0", "no", "off"}


END = "resultado"  # the outcome of a flow that declares only one


@dataclass(frozen=True)
class Go:
    """One branch of a node's ``next`` rule: go ``to`` (a node or an outcome) when ``when`` holds.

    ``label`` says the condition in words, for the diagrams in docs/architecture.md."""

    to: str
    when: Callable[[dict], bool] | None = None
    label: str = ""

    def holds(self, answers: dict) -> bool:
        return self.when is None or bool(self.when(answers))


class InvalidAnswer(ValueError):
    def __init__(self, field_id: str, message: str, **params):
        super().__init__(message % params if params else message)
        self.field = field_id
        self.message = message
        self.params = params


class UnknownFlow(LookupError):
    pass


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class Question:
    id: str
    type: str  # choice | multiple | bool | number | date
    text: str
    help: str = ""
    options: tuple[Option, ...] = ()
    legal_basis: tuple[Cite, ...] = ()
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    ask_if: Callable[[dict], bool] | None = None
    default_today: bool = False  # dates: an empty answer means "today"
    # dates of something that has already happened (a seizure, a notice): the message refusing a
    # later day, given at this question rather than at the end of the interview
    not_after_today: str = ""
    # numbers that are a year of something already done (a car's manufacture): the message refusing a
    # year after the current one, at this question (#31: 2099 was refused only at the date, later)
    not_after_this_year: str = ""
    # The node's ``next`` rule: the first branch whose condition holds.  Empty on a flow written
    # with ``ask_if`` predicates: the Flow derives it from the questions' order.
    next: tuple[Go, ...] = ()
    # The options offered given the earlier answers (a dated rule: only the modalities the law had on
    # the date asked before).  ``options`` stays the whole list, what an answer may name.
    offered: Callable[[dict], tuple[Option, ...]] | None = None

    def relevant(self, answers: dict) -> bool:
        return self.ask_if is None or bool(self.ask_if(answers))

    def for_place(self, answers: dict) -> "Question":
        """This question citing only the law of the place already chosen (``jurisdicao``), if any.

        Another place's article shown to someone whose facts happened elsewhere
        misleads (a Pernambuco user was shown an Acre article)."""
        from ..places import PLACES

        place = PLACES.get(answers.get("jurisdicao") or "")
        if place is None or not self.legal_basis:
            return self
        return replace(self, legal_basis=tuple(c for c in self.legal_basis if c.law == place.law_id))

    def for_answers(self, answers: dict) -> "Question":
        """This question as asked after ``answers``: the chosen place's law only, the options offered then."""
        question = self.for_place(answers)
        if self.offered is not None:
            question = replace(question, options=tuple(self.offered(answers)))
        return question

    def option_values(self) -> list[str]:
        return [o.value for o in self.options]

    def parse(self, raw: Any, today: date) -> Any:
        """A raw answer (string from a form, or JSON value) → Python value, or InvalidAnswer."""
        if self.type == "multiple":
            values = raw if isinstance(raw, (list, tuple)) else [v for v in str(raw).split(",")] if raw not in (None, "") else []
            values = [str(v).strip() for v in values if str(v).strip()]
            unknown = [v for v in values if v not in self.option_values()]
            if unknown:
                raise InvalidAnswer(self.id, N_("Opção desconhecida: %(value)s."), value=", ".join(unknown))
            if self.required and not values:
                raise InvalidAnswer(self.id, N_("Escolha pelo menos uma opção."))
            return sorted(set(values), key=self.option_values().index)
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.type == "date" and self.default_today:
                return today
            if not self.required:
                return None
            raise InvalidAnswer(self.id, N_("Responda esta pergunta para continuar."))
        if self.type == "choice":
            value = str(raw).strip()
            if value not in self.option_values():
                raise InvalidAnswer(self.id, N_("Opção desconhecida: %(value)s."), value=value)
            return value
        if self.type == "bool":
            if isinstance(raw, bool):
                return raw
            value = str(raw).strip().lower()
            if value in ANSWERED_TRUE:
                return True
            if value in ANSWERED_FALSE:
                return False
            raise InvalidAnswer(self.id, N_("Responda sim ou não."))
        if self.type == "number":
            if isinstance(raw, bool):
                raise InvalidAnswer(self.id, N_("Informe um número inteiro."))
            try:
                number = int(str(raw).strip())
            except ValueError:
                raise InvalidAnswer(self.id, N_("Informe um número inteiro.")) from None
            if self.minimum is not None and number < self.minimum:
                raise InvalidAnswer(self.id, N_("O número deve ser no mínimo %(min)d."), min=self.minimum)
            if self.maximum is not None and number > self.maximum:
                raise InvalidAnswer(self.id, N_("O número deve ser no máximo %(max)d."), max=self.maximum)
            if self.not_after_this_year and number > today.year:
                raise InvalidAnswer(self.id, self.not_after_this_year, ano=today.year)
            return number
        if self.type == "date":
            if isinstance(raw, date):
                return raw
            value = parse_typed_date(str(raw), dashes=True)
            if value is None and looks_like_a_date(str(raw), dashes=True):  # 31/02/2020: written right, no such day
                raise InvalidAnswer(self.id, N_("A data %(data)s não existe no calendário: confira o dia e o mês."), data=str(raw).strip()[:20])
            if value is None:
                raise InvalidAnswer(self.id, N_("Informe a data como DD/MM/AAAA (por exemplo, 05/03/2021).")) from None
            if value.year < EARLIEST_YEAR or value > date(today.year + 1, 12, 31):
                raise InvalidAnswer(self.id, N_("Informe uma data entre %(de)s e %(ate)s."), de=f"01/01/{EARLIEST_YEAR}", ate=f"31/12/{today.year + 1}")
            if self.not_after_today and value > today:
                raise InvalidAnswer(self.id, self.not_after_today, hoje=today.strftime("%d/%m/%Y"))
            return value
        raise ValueError(self.type)  # pragma: no cover


def brl(value: Decimal) -> str:
    """R$ in Brazilian format: R$ 2.900,00."""
    return "R$ " + f"{value:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")


@dataclass
class Money:
    """An amount in the unit the law uses (R$, UFIRAC, % do MVR, múltiplos de Vb)."""

    amount: Decimal | int
    unit: str  # BRL | UFIRAC | MVR_PCT | VB
    brl: Decimal | None = None  # the amount in reais, when the law gives it or it is configured


@dataclass
class Statement:
    """One thing the outcome says, with the law behind it."""

    text: str  # Portuguese template (%(name)s)
    citations: list[Cite] = field(default_factory=list)
    params: dict = field(default_factory=dict)
    code: str = ""  # stable identifier of the rule (for tests and the API)
    money: Money | None = None
    due: date | None = None  # a date the law makes relevant (deadline, earliest release)
    data: dict = field(default_factory=dict)  # extra machine-readable facts (fixable, days …)

    def render(self, translate: Callable[[str], str] | None = None, money: Callable[[Decimal], str] | None = None) -> str:
        """The sentence with its parameters filled in.

        Decimal parameters are amounts in reais; ``money`` formats them for the
        reader's locale (default: Brazilian format).  ``translate`` maps the
        Portuguese template (and string parameters) to the reader's language.
        """
        translate = translate or (lambda text: text)
        money = money or brl
        params = {
            key: money(value) if isinstance(value, Decimal) else translate(value) if isinstance(value, str) else value
            for key, value in self.params.items()
        }
        return translate(self.text) % params  # templates write a literal % as %%


def say(text: str, *cites: Cite, code: str = "", data: dict | None = None, **params) -> Statement:
    """A statement of an outcome: a Portuguese template, the citations it rests on, its parameters.

    The caller writes the template inside ``N_("…")`` at the call site, so that the standard
    extractor (``pybabel extract`` with its default keywords) finds every statement text;
    ``tests/flows/test_statement_texts.py`` checks that none escapes.
    """
    return Statement(text, list(cites), params, code=code, data=dict(data or {}))


@dataclass
class Outcome:
    """What a flow concludes: its fields (lists of statements, values) and the rules applied."""

    fields: dict
    rules: list[Statement]  # the "por quê?" panel: every rule applied, with its citation
    headline: Statement | None = None

    def citations(self) -> list[Cite]:
        """Each unit cited once, in order."""
        return distinct([*_walk_cites(self.fields), *(c for rule in self.rules for c in rule.citations)])

    def statements(self):
        """Every Statement in the outcome's fields and rules (not the headline), in order."""
        yield from _walk_statements(self.fields)
        yield from _walk_statements(self.rules)


def _walk_statements(value):
    if isinstance(value, Statement):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk_statements(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk_statements(item)


def _walk_cites(value):
    if isinstance(value, Cite):
        yield value
    elif isinstance(value, Statement):
        yield from value.citations
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk_cites(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk_cites(item)


@dataclass
class Progress:
    """Where a set of answers stands in a flow."""

    answers: dict  # parsed answers to the relevant questions, in question order
    asked: list[Question]  # relevant questions already answered
    next_question: Question | None
    outcome: Outcome | None

    @property
    def complete(self) -> bool:
        return self.next_question is None


@dataclass
class Flow:
    id: str
    title: str
    description: str
    questions: list[Question]  # the nodes; the first is where the interview starts
    decide: Callable[[dict, date, dict], Outcome] | None = None  # a flow with one outcome written the older way
    legal_basis: tuple[Cite, ...] = ()
    # The date of the facts, from the answers and today (default: today).  Computed once per run:
    # the outcomes receive it, and every citation of the outcome is dated to it, so that it names —
    # and links to — the wording in force that day.  It may refuse a date (InvalidAnswer).
    facts_date: Callable[[dict, date], date] | None = None
    # Named outcomes of a declared graph: name → function(answers, date of facts, options).
    outcomes: dict[str, Callable[[dict, date, dict], Outcome]] = field(default_factory=dict)
    # The node that asks the date of the facts: once it is answered, ``facts_date`` runs on the answers
    # so far after each answer, so that a date the law did not cover is refused at that question,
    # before any other is asked.
    facts_field: str = ""

    def __post_init__(self) -> None:
        if not self.outcomes:
            if self.decide is None:
                raise ValueError(f"{self.id}: a flow needs outcomes or decide")
            # The older form: one ``decide(answers, today, options)`` that reads the date itself.
            decide = self.decide
            self.outcomes = {END: lambda answers, when, options, today: decide(answers, today, options)}
            self._legacy = True
        if not any(q.next for q in self.questions):
            self.questions = _derived_graph(self.questions)
        ids = {q.id for q in self.questions}
        for q in self.questions:
            for go in q.next:
                if go.to not in ids and go.to not in self.outcomes:
                    raise ValueError(f"{self.id}: {q.id} leads to unknown node {go.to!r}")
            if not q.next or q.next[-1].when is not None:
                raise ValueError(f"{self.id}: the next rule of {q.id} must end with an unconditional branch")
        if self.facts_field and (self.facts_field not in ids or self.question(self.facts_field).type != "date"):
            raise ValueError(f"{self.id}: facts_field {self.facts_field!r} is not a date question of the flow")

    _legacy: bool = field(default=False, init=False, repr=False)

    def conclude(self, node: str, answers: dict, today: date, options: dict | None = None) -> tuple[Outcome, date]:
        """The named outcome ``node`` for these answers, and the date of the facts it was computed on."""
        when = self.when(answers, today)
        if self._legacy:
            return self.outcomes[node](answers, when, options or {}, today), when
        return self.outcomes[node](answers, when, options or {}), when

    @property
    def start(self) -> Question:
        return self.questions[0]

    def question(self, question_id: str) -> Question:
        for q in self.questions:
            if q.id == question_id:
                return q
        raise KeyError(question_id)

    def after(self, question: Question, answers: dict) -> str:
        """The node (or outcome) that follows ``question`` given the answers so far."""
        return next(go.to for go in question.next if go.holds(answers))

    def when(self, answers: dict, today: date) -> date:
        """The date of the facts."""
        return (self.facts_date or (lambda a, t: t))(answers, today)

    def run(
        self, raw_answers: dict, *, today: date | None = None, stop_at: str | None = None, options: dict | None = None
    ) -> Progress:
        """Walk the graph from its start: parse each answer, find the next unanswered node or, at the end, the outcome.

        Answers to nodes the walk does not pass are ignored.  ``stop_at`` re-asks that question
        even if answered (the "alterar" link).  ``options`` carries configured values the law
        leaves open (e.g. the UFIRAC in R$).
        """
        today = today or clock.flow_today(self, raw_answers)
        known = {q.id for q in self.questions}
        unknown = sorted(set(raw_answers) - known)
        if unknown:
            raise InvalidAnswer(unknown[0], N_("Pergunta desconhecida neste assistente: %(field)s."), field=unknown[0])
        answers: dict = {}
        asked: list[Question] = []
        node: str = self.start.id
        while node not in self.outcomes:
            question = self.question(node)
            if question.id == stop_at or question.id not in raw_answers:
                return Progress(answers, asked, question.for_answers(answers), None)
            # Present but empty: "today" for dates that default to it, None for
            # optional questions, an error for required ones.
            answers[question.id] = question.parse(raw_answers[question.id], today)
            if self.facts_field in answers:
                # From the date of the facts on, ``facts_date`` checks each answer as it comes: a date before
                # the law fails at its own question, a notice before the measure at the notice's.
                self.when(answers, today)
            asked.append(question)
            node = self.after(question, answers)
        outcome, when = self.conclude(node, answers, today, options)
        _date_citations(outcome, when)
        return Progress(answers, asked, None, outcome)

    def end_of(self, answers: dict) -> str:
        """The outcome the graph reaches with these (parsed, complete) answers."""
        node = self.start.id
        while node not in self.outcomes:
            node = self.after(self.question(node), answers)
        return node

    def outcome_of(self, answers: dict, today: date, options: dict | None = None) -> Outcome:
        """The outcome of complete, already parsed answers (the fleet check runs a flow per vehicle)."""
        return self.conclude(self.end_of(answers), answers, today, options)[0]


def _derived_graph(questions: list[Question]) -> list[Question]:
    """The graph of a flow written with ``ask_if`` predicates: after each question, the first later
    question whose predicate holds (as the older engine asked them), else the outcome."""
    derived = []
    for index, question in enumerate(questions):
        later = questions[index + 1:]
        branches = tuple(Go(q.id, q.ask_if, "se relevante") if q.ask_if else Go(q.id) for q in later)
        cut = next((i for i, go in enumerate(branches) if go.when is None), None)
        branches = branches[: cut + 1] if cut is not None else branches + (Go(END),)
        derived.append(replace(question, next=branches))
    return derived


def _date_citations(outcome: Outcome, when: date) -> None:
    """Date every undated citation of an outcome to the date of the facts (flagging previous wordings)."""
    from ..citations import as_of
    from ..history import exists_on

    seen: set[int] = set()

    def dated(cite: Cite) -> Cite:
        if cite.on is not None:
            return cite
        stamped = as_of(cite, when)
        # A unit added after that date ("the automobile was only admitted by art. 3º, § 3º, in 2020")
        # is cited in its current wording: it had none on the date of the facts.
        return stamped if exists_on(stamped) else cite

    def stamp(statement: Statement) -> None:
        if id(statement) in seen:
            return
        seen.add(id(statement))
        statement.citations = [dated(c) for c in statement.citations]

    for statement in outcome.statements():
        stamp(statement)
    if outcome.headline is not None:
        stamp(outcome.headline)


class Registry:
    def __init__(self) -> None:
        self._flows: dict[str, Flow] = {}

    def add(self, flow: Flow) -> Flow:
        self._flows[flow.id] = flow
        return flow

    def get(self, flow_id: str) -> Flow:
        try:
            return self._flows[flow_id]
        except KeyError:
            raise UnknownFlow(flow_id) from None

    def all(self) -> list[Flow]:
        return list(self._flows.values())
