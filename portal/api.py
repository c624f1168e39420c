"""JSON API, version 1 (``/api/v1/…``).  Field names are a public contract.

Every /api/v1 route is here but two: its description (/api/v1/openapi.json, ``openapi``)
and the bare ping used by the load measurements (``health``).
The work behind each route is in a service module shared with the HTML pages —
``complaints_service``, ``assistant_service``, ``comparison_service``,
``wizard_service``, ``lookup``, ``fleet_service`` — so that no blueprint imports another.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request, url_for
from flask_babel import gettext as _

from knowledge import clock
from knowledge.corpus import load_law
from knowledge.flows import FLOWS, InvalidAnswer, UnknownFlow
from knowledge.history import law_on, versions, wording_at
from knowledge.laws import LAWS
from knowledge.places import PLACES
from knowledge.plates import PLATE_HELP, InvalidPlate

from . import assistant_service, comparison_service, complaints_service, fleet_service, law_dates
from .api_schema import AssistantIn, RequestError, WizardAnswersIn, parse_request
from .errors import error_response
from .law_urls import unit_url
from .lookup import lookup_json
from .page_cache import cached_page
from .search import index_watch, service
from .search_request import requested_search
from .security import ASSISTANT_LIMIT, COMPLAINT_LIMIT, LOOKUP_LIMIT, PROTOCOL_LIMIT, SEARCH_LIMIT, limiter
from .serialize import cites, error_text, outcome_json, question_json, translate
from .wizard_service import flow_options

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def _json_body():
    """The request's JSON, or None (not JSON, unreadable or nested too deep): its model says why."""
    return request.get_json(silent=True) if request.is_json else None


def search_payload(response) -> dict:
    results = []
    for hit in response.hits:
        results.append(
            {
                "law": hit.law,
                "article": hit.article,
                "unit": hit.unit,
                "label": hit.label,
                "heading": hit.heading,
                "snippet": hit.snippet,
                "url": unit_url(hit.law, hit.unit) + ("#historico" if hit.history else ""),
                "urn": hit.urn,
                "historico": hit.history,
            }
        )
    return {
        "query": response.query,
        "total": response.total,
        "results": results,
        "suggestion": response.suggestion,
    }


@bp.get("/search")
@limiter.limit(SEARCH_LIMIT)
@index_watch  # a question's answer depends only on the URL, the language and the index:
@cached_page  # kept until the index is rebuilt (portal/search.py)
def search():
    params = requested_search(require_query=True)
    response = service().search(params.q, **params.as_filters())
    return jsonify(search_payload(response))


@bp.get("/leis")
def laws():
    return jsonify(
        {
            "leis": [
                {
                    "id": info.id,
                    "jurisdiction": info.jurisdiction,
                    "nome": info.short_name,
                    "titulo": info.title,
                    "orgao": info.regulator,
                    "urn": info.urn,
                    "em_vigor_desde": info.in_force_since.isoformat(),
                    "alterada_por": list(info.amended_by),
                    "artigos": len(load_law(info.id).articles()),
                }
                for info in LAWS.values()
            ]
        }
    )


@bp.get("/leis/<law_id>/<path:unit_id>")
def law_unit(law_id: str, unit_id: str):
    """A unit's wording on a date (``?data=AAAA-MM-DD``; default: today in the law's place)."""
    unit_id = unit_id.strip("/")
    if law_id not in LAWS:
        return error_response(404, _("Lei desconhecida: %(id)s.", id=law_id))
    try:
        when = law_dates.requested_date()
    except law_dates.BadDate as exc:
        return error_response(400, exc.message)
    if when is None:
        when = clock.today(next(p.id for p in PLACES.values() if p.law_id == law_id))
    timeline = versions(law_id, unit_id)
    history = [law_dates.version_json(v, unit_url(law_id, unit_id, when=v.since)) for v in timeline]
    version = wording_at(law_id, unit_id, when)
    if version is None:
        if not timeline:
            return error_response(404, _("Dispositivo não encontrado nesta lei: %(unit)s.", unit=unit_id))
        first_day = LAWS[law_id].in_force_since
        message = (
            _("Em %(data)s esta lei ainda não estava em vigor (vigência desde %(inicio)s).", data=when.strftime("%d/%m/%Y"), inicio=first_day.strftime("%d/%m/%Y"))
            if when < first_day
            else _("Este dispositivo não existia em %(data)s.", data=when.strftime("%d/%m/%Y"))
        )
        return error_response(
            404, message,
            lei=law_id, dispositivo=unit_id, data=when.isoformat(), versoes=history,
        )
    dated = law_on(law_id, when).law
    return jsonify(
        {
            "lei": law_id,
            "dispositivo": unit_id,
            "data": when.isoformat(),
            "texto": version.text,
            "texto_disponivel": version.known,
            **law_dates.version_json(version, unit_url(law_id, unit_id, when=when)),
            "citacao": version.citation,
            "urn": dated.urn(dated.by_id[unit_id]),
            "versoes": history,
        }
    )


# -- wizards ------------------------------------------------------------------------------


def _flow_or_404(flow_id: str):
    try:
        return FLOWS.get(flow_id)
    except UnknownFlow:
        return None


@bp.get("/wizards")
def wizards():
    return jsonify(
        {
            "wizards": [
                {
                    "id": flow.id,
                    "titulo": translate(flow.title),
                    "descricao": translate(flow.description),
                    "url": url_for("api.wizard", flow_id=flow.id),
                    "pagina": url_for("wizards.run", flow_id=flow.id),
                    "legal_basis": cites(flow.legal_basis),
                }
                for flow in FLOWS.all()
            ]
        }
    )


@bp.get("/wizards/<flow_id>")
def wizard(flow_id: str):
    flow = _flow_or_404(flow_id)
    if flow is None:
        return error_response(404, _("Assistente desconhecido: %(id)s.", id=flow_id))
    return jsonify(
        {
            "id": flow.id,
            "titulo": translate(flow.title),
            "descricao": translate(flow.description),
            "questions": [question_json(q) for q in flow.questions],
        }
    )


@bp.post("/wizards/<flow_id>")
def wizard_answer(flow_id: str):
    flow = _flow_or_404(flow_id)
    if flow is None:
        return error_response(404, _("Assistente desconhecido: %(id)s.", id=flow_id))
    try:
        answers = parse_request(WizardAnswersIn, _json_body()).answers
    except RequestError as exc:
        return error_response(exc.status, error_text(exc), field=exc.field)
    try:
        progress = flow.run(answers, today=clock.flow_today(flow, answers), options=flow_options())
    except InvalidAnswer as exc:
        return error_response(400, error_text(exc), field=exc.field)
    if not progress.complete:
        return jsonify({"complete": False, "next_question": question_json(progress.next_question)})
    outcome = progress.outcome
    return jsonify({"complete": True, "outcome": outcome_json(outcome), "citations": cites(outcome.citations())})


# -- vehicles and complaints -----------------------------------------------------------------


@bp.get("/veiculos/<path:placa>")
@limiter.limit(LOOKUP_LIMIT)
def vehicle(placa: str):
    try:
        # The same JSON as jsonify(lookup(placa)), from the text kept with the answer.
        return current_app.response_class(lookup_json(placa), mimetype=current_app.json.mimetype)
    except InvalidPlate:
        return error_response(400, translate(PLATE_HELP), field="placa")


@bp.post("/denuncias")
@limiter.limit(COMPLAINT_LIMIT)
def complaint_create():
    if not request.is_json:
        return error_response(415 if request.content_type else 400, _("Envie a denúncia como JSON (Content-Type: application/json)."), field="denuncia")
    data = request.get_json(silent=True)
    try:
        parsed = complaints_service.parse(data)  # today: the place's date (knowledge/clock.py)
    except complaints_service.ComplaintError as exc:
        return error_response(exc.status, exc.text(), field=exc.field)
    key = (request.headers.get("Idempotency-Key") or "").strip() or None
    if key and len(key) > 100:
        return error_response(400, _("Idempotency-Key pode ter no máximo 100 caracteres."), field="Idempotency-Key")
    try:
        stored, receipt = complaints_service.submit(parsed, idempotency_key=key, client=request.remote_addr or "")
    except complaints_service.IdempotencyConflict:
        return error_response(
            422,
            _("Esta Idempotency-Key já foi usada para outra denúncia. Nada foi registrado agora: envie de novo com uma chave nova."),
            field="Idempotency-Key",
        )
    receipt["acompanhar"] = url_for("passenger.denuncia_status", protocolo=stored.protocolo)
    return jsonify(receipt), 201 if stored.created else 200


@bp.get("/denuncias/<protocolo>")
@limiter.limit(PROTOCOL_LIMIT)
def complaint_status(protocolo: str):
    status = complaints_service.public_status(protocolo)
    if status is None:
        return error_response(404, _("Protocolo não encontrado."), field="protocolo")
    return jsonify(status)


# -- the assistant and the comparison table ------------------------------------------------------


@bp.post("/assistente")
@limiter.limit(ASSISTANT_LIMIT)
def assistant():
    try:
        body = parse_request(AssistantIn, _json_body())
    except RequestError as exc:
        return error_response(exc.status, error_text(exc), field=exc.field)
    message = body.mensagem.strip()
    problem = assistant_service.budget_problem(message)
    if problem:
        return error_response(400, problem, field="mensagem")
    try:
        conversation_id, reply, _state = assistant_service.converse(message, body.conversa or None)
    except assistant_service.Refused as refused:
        response, status = error_response(refused.status, refused.text, field="mensagem")
        if refused.retry_after:
            response.headers["Retry-After"] = str(refused.retry_after)
        return response, status
    return jsonify(assistant_service.reply_json(conversation_id, reply))


@bp.get("/comparar")
def comparison():
    try:
        when = comparison_service.parse_date(request.args.get("data"))
    except comparison_service.BadDate as exc:
        return error_response(400, str(exc), field="data")
    return jsonify(comparison_service.comparison_json(when))


@bp.get("/frota")
@limiter.limit(LOOKUP_LIMIT)
def fleet():
    """Verificar uma frota (issue #30): the parameters of /frota's shareable link; nothing stored."""
    return fleet_service.api_answer(request.args)
