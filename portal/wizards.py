"""Wizard pages (/assistentes): one question at a time, answers in the query string.

Every step is a plain GET URL carrying all answers so far, so Back, reload,
bookmark and share work without JavaScript; with htmx only the step is swapped.
A review screen lists the answers with "alterar" links before the outcome.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for

from knowledge import clock
from knowledge.flows import FLOWS, InvalidAnswer, UnknownFlow
from knowledge.citations import N_
from knowledge.flows.counting import question_count
from knowledge.flows.engine import Flow, Option

from .page_cache import cached_page
from .wizard_service import canonical, flow_options, step_url

bp = Blueprint("wizards", __name__, url_prefix="/assistentes")
# The menu says "Guias passo a passo": /guias is where a person guesses they are (#31: it was a 404).
aliases = Blueprint("wizard_aliases", __name__, url_prefix="/guias")

SUBMITTED = "_enviado"  # which question the form being submitted was asking
BOOL_OPTIONS = (Option("sim", N_("Sim")), Option("nao", N_("Não")))


def raw_answers(flow: Flow, args) -> dict:
    submitted = args.get(SUBMITTED)
    raw = {}
    for question in flow.questions:
        if question.type == "multiple":
            values = [v for v in args.getlist(question.id) if v]
            if values or question.id in args or submitted == question.id:
                raw[question.id] = values
        elif question.id in args:
            raw[question.id] = args.get(question.id)
        elif submitted == question.id:
            raw[question.id] = ""  # the form was sent with nothing chosen
    return raw


@aliases.get("", strict_slashes=False)
@aliases.get("/<flow_id>")
def guias(flow_id: str | None = None):
    """/guias and /guias/<guia>: a permanent redirect to the guides' address (the query string kept)."""
    target = url_for("wizards.run", flow_id=flow_id) if flow_id else url_for("wizards.index")
    query = urlencode(list(request.args.items(multi=True)))
    return redirect(f"{target}?{query}" if query else target, code=301)


@bp.get("/")
@cached_page
def index():
    return render_template("wizards.html", flows=FLOWS.all())


@bp.get("/<flow_id>")
@cached_page(daily=True, only_args=frozenset({"lang"}))  # the start page; a date question defaults to today
def run(flow_id: str):
    try:
        flow = FLOWS.get(flow_id)
    except UnknownFlow:
        abort(404)
    raw = raw_answers(flow, request.args)
    today = clock.flow_today(flow, raw)  # the date where the facts happen (knowledge/clock.py)
    stop_at = request.args.get("alterar") or None
    if stop_at and stop_at not in {q.id for q in flow.questions}:
        stop_at = None
    status, error, progress = 200, None, None
    try:
        progress = flow.run(raw, today=today, stop_at=stop_at, options=flow_options())
    except InvalidAnswer as exc:
        error = exc
        status = 400
        # Ask again the question whose answer was invalid, keeping the others.
        raw_ok = {k: v for k, v in raw.items() if k != exc.field}
        try:
            progress = flow.run(raw_ok, today=today, stop_at=exc.field if exc.field in {q.id for q in flow.questions} else None, options=flow_options())
        except InvalidAnswer:
            progress = flow.run({}, today=today, options=flow_options())
    total_min, total_max = question_count(flow, progress.answers, today=today) if not progress.complete else (len(progress.asked),) * 2
    mode = "question" if not progress.complete else ("outcome" if request.args.get("ver") == "resultado" else "review")
    context = dict(
        flow=flow,
        progress=progress,
        mode=mode,
        error=error,
        raw=raw,
        step_number=len(progress.asked) + 1,
        total_min=total_min,
        total_max=total_max,
        step_url=lambda answers=None, **extra: step_url(flow, progress.answers if answers is None else answers, **extra),
        hidden_fields=[
            (key, value)
            for key, values in raw.items()
            if progress.next_question is None or key != progress.next_question.id
            for value in (values if isinstance(values, list) else [values])
        ],
        canonical=canonical,
        submitted_key=SUBMITTED,
        today_iso=today.isoformat(),
        bool_options=BOOL_OPTIONS,
    )
    partial = bool(request.headers.get("HX-Request")) and request.headers.get("HX-Target") == "etapa"
    template = "_wizard_step.html" if partial else "wizard.html"
    return render_template(template, oob_lang=partial, **context), status
