"""The assistant on the web: the chat page (/assistente) and POST /api/v1/assistente.

The page works as a plain form without JavaScript (post, redirect, read the
conversation back); with htmx only the conversation is swapped.  The
conversation id travels in an HttpOnly cookie for the page and in the JSON body
for the API.
"""

from __future__ import annotations

from datetime import date
from urllib.parse import urlencode

from flask import Blueprint, current_app, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext

from knowledge import clock
from knowledge.assistant import Assistant, Hit, Reply, State
from knowledge.assistant.dialogue import SUGGESTIONS
from knowledge.flows import FLOWS, UnknownFlow
from knowledge.flows.engine import Statement

from .database import get_store
from .errors import error_response
from .law_urls import citation_dict, unit_url
from .lookup import lookup
from .search import service as search_service
from .security import ASSISTANT_LIMIT, limiter
from .serialize import say
from .storage import conversations
from .wizards import step_url

bp = Blueprint("assistant", __name__)
MAX_MESSAGE = 2000
COOKIE = "conversa"


class WebPorts:
    """The portal's capabilities, as the assistant sees them, for one conversation.

    It holds the conversation's state so that ``today()`` is the date where the facts
    happen: the place of the wizard under way (its ``jurisdicao`` answer, or the one
    place its law belongs to), else the place the conversation is about, else Brasília
    time (``knowledge/clock.py``).  The state is read at each call: the dialogue
    changes it while it answers.
    """

    def __init__(self, state: State | None = None):
        self.state = state or State()

    def search(self, query: str, jurisdiction: str | None, limit: int) -> list[Hit]:
        response = search_service().search(query, jurisdiction=jurisdiction, limit=limit)
        return [Hit(h.law, h.unit, h.label, h.snippet, h.score, list(h.units)) for h in response.hits]

    def lookup(self, plate: str) -> dict:
        return lookup(plate)

    def wizard_url(self, flow: str, answers: dict, result: bool = False) -> str:
        flow_obj = FLOWS.get(flow)
        try:
            parsed = flow_obj.run(answers, today=clock.flow_today(flow_obj, answers)).answers
        except Exception:  # the page will ask again whatever is not valid
            parsed = {}
        return step_url(flow_obj, parsed, ver="resultado" if result else None)

    def consulta_url(self, plate: str) -> str:
        return url_for("passenger.consulta", placa=plate)

    def denuncia_url(self, **prefill) -> str:
        pairs = [(k, v) for k, v in prefill.items() if v and not isinstance(v, list)]
        pairs += [(k, item) for k, v in prefill.items() if isinstance(v, list) for item in v]
        return url_for("passenger.denuncia_form") + ("?" + urlencode(pairs) if pairs else "")

    def search_url(self, query: str, jurisdiction: str | None) -> str:
        return url_for("pages.search", q=query, jurisdiction=jurisdiction)

    def unit_url(self, law: str, unit: str) -> str:
        return unit_url(law, unit)

    def translate(self, text: str) -> str:
        return gettext(text) if text else text

    def say(self, statement: Statement) -> str:
        return say(statement)

    def today(self) -> date:
        state = self.state
        try:
            place = clock.place_of(state.answers, FLOWS.get(state.wizard).legal_basis) if state.wizard else None
        except UnknownFlow:  # a stored conversation naming a flow that no longer exists
            place = None
        return clock.today(place or state.jurisdiction)


def reply_json(conversation_id: str, reply: Reply) -> dict:
    return {
        "conversa": conversation_id,
        "resposta": reply.texto,
        "citations": [citation_dict(c.law, c.unit, c.on) for c in dict.fromkeys(reply.citations)],
        "acoes": reply.acoes,
        "pergunta": reply.pergunta,
        "fora_do_escopo": reply.fora_do_escopo,
        "intencao": reply.intencao,
        "sugestoes": reply.sugestoes,
    }


def converse(message: str, conversation_id: str | None) -> tuple[str, Reply, State]:
    db = get_store()
    conversation_id, data = conversations.load(db, conversation_id)
    state = State.from_dict(data)
    reply = Assistant(WebPorts(state)).respond(message, state, language=str(get_locale() or "pt_BR"))
    conversation_id = conversations.save(db, conversation_id, state.to_dict(), ttl=current_app.config.get("CONVERSATION_TTL", conversations.TTL))
    return conversation_id, reply, state


def _check(message) -> str | None:
    if not isinstance(message, str) or not message.strip():
        return gettext("Escreva uma mensagem.")
    if len(message) > MAX_MESSAGE:
        return gettext("A mensagem pode ter no máximo %(n)d caracteres.", n=MAX_MESSAGE)
    return None


@bp.post("/api/v1/assistente")
@limiter.limit(ASSISTANT_LIMIT)
def api():
    body = request.get_json(silent=True) if request.is_json else None
    if not isinstance(body, dict):
        return error_response(400, gettext('Envie um objeto JSON: {"mensagem": "...", "conversa": null}.'), field="mensagem")
    problem = _check(body.get("mensagem"))
    if problem:
        return error_response(400, problem, field="mensagem")
    conversa = body.get("conversa")
    if conversa is not None and not isinstance(conversa, str):
        return error_response(400, gettext("O campo conversa deve ser o identificador recebido antes, ou null."), field="conversa")
    conversation_id, reply, _state = converse(body["mensagem"].strip(), conversa or None)
    return jsonify(reply_json(conversation_id, reply))


def _page(state: State, error: str | None = None, status: int = 200):
    template = "_assistente_conversa.html" if request.headers.get("HX-Target") == "conversa" else "assistente.html"
    # The assistant reads Portuguese: a suggestion sends its Portuguese text and shows the translation.
    suggestions = [(s, gettext(s)) for s in SUGGESTIONS]
    return render_template(template, history=state.history, error=error, suggestions=suggestions, max_message=MAX_MESSAGE), status


@bp.get("/assistente")
def page():
    _id, data = conversations.load(get_store(), request.cookies.get(COOKIE))
    return _page(State.from_dict(data))


@bp.post("/assistente")
@limiter.limit(ASSISTANT_LIMIT)
def post():
    message = (request.form.get("mensagem") or "").strip()
    problem = _check(message)
    if problem:
        _id, data = conversations.load(get_store(), request.cookies.get(COOKIE))
        return _page(State.from_dict(data), error=problem, status=400)
    conversation_id, _reply, state = converse(message, request.cookies.get(COOKIE))
    if request.headers.get("HX-Request"):
        response = make_response(_page(state)[0])
    else:
        response = redirect(url_for("assistant.page") + "#ultima", code=303)
    ttl = current_app.config.get("CONVERSATION_TTL", conversations.TTL)
    response.set_cookie(COOKIE, conversation_id, max_age=int(ttl.total_seconds()), httponly=True, samesite="Lax", secure=request.is_secure)
    return response


@bp.post("/assistente/recomecar")
def restart():
    conversation_id = request.cookies.get(COOKIE)
    if conversation_id:
        conversations.delete(get_store(), conversation_id)
    response = redirect(url_for("assistant.page"), code=303)
    response.delete_cookie(COOKIE)
    return response
