"""The assistant's chat page (/assistente); its JSON twin, POST /api/v1/assistente, is in ``api``.

The page works as a plain form without JavaScript (post, redirect, read the
conversation back); with htmx only the conversation is swapped.  The
conversation id travels in an HttpOnly cookie.  A turn of the conversation is
``assistant_service.converse``, shared with the API.
"""

from __future__ import annotations

from flask import Blueprint, current_app, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from knowledge.assistant import State
from knowledge.assistant.dialogue import SUGGESTIONS

from .api_schema import MAX_MESSAGE
from .assistant_service import Refused, check_message, converse
from .database import get_store
from .security import ASSISTANT_LIMIT, limiter
from .storage import conversations

bp = Blueprint("assistant", __name__)
COOKIE = "conversa"


def _page(state: State, error: str | None = None, status: int = 200, draft: str = ""):
    template = "_assistente_conversa.html" if request.headers.get("HX-Target") == "conversa" else "assistente.html"
    # The assistant reads Portuguese: a suggestion sends its Portuguese text and shows the translation.
    suggestions = [(s, gettext(s)) for s in SUGGESTIONS]
    return render_template(template, history=state.history, error=error, suggestions=suggestions, max_message=MAX_MESSAGE, draft=draft), status


@bp.get("/assistente")
def page():
    _id, data = conversations.load(get_store(), request.cookies.get(COOKIE))
    # ?q= (older links) puts the words in the message field for the person to send; this GET sends
    # and stores nothing. The site's box and the search page ask through /assistente/perguntar.
    draft = (request.args.get("q") or "").strip()[:MAX_MESSAGE]
    return _page(State.from_dict(data), draft=draft)


@bp.post("/assistente")
@limiter.limit(ASSISTANT_LIMIT)
def post():
    return _turn((request.form.get("mensagem") or "").strip(), request.cookies.get(COOKIE))


@bp.get("/assistente/perguntar")
@limiter.limit(ASSISTANT_LIMIT)
def ask():
    """The site's one box ("Perguntar ao assistente", on the home page and in the menu) and the search
    page's link: a plain GET form, so it works without JavaScript and in a cached page (no CSRF token
    to carry). The question is answered at once (issue #31: it used to wait, unsent, in the message
    field) and the browser is sent on to the conversation, so reloading does not ask it again.  A link
    from another site starts a conversation of its own: it cannot add a turn to the person's."""
    conversation_id = request.cookies.get(COOKIE)
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        conversation_id = None
    return _turn((request.args.get("q") or "").strip(), conversation_id)


def _turn(message: str, conversation_id: str | None):
    """One turn of the conversation from the page: the answer (htmx) or a redirect to it; a refused
    message comes back in the field, with the reason."""
    problem = check_message(message)
    if problem:
        _id, data = conversations.load(get_store(), conversation_id)
        return _page(State.from_dict(data), error=problem, status=400, draft=message[:MAX_MESSAGE])
    try:
        conversation_id, _reply, state = converse(message, conversation_id)
    except Refused as refused:
        _id, data = conversations.load(get_store(), conversation_id)
        page, status = _page(State.from_dict(data), error=refused.text, status=refused.status, draft=message[:MAX_MESSAGE])
        response = make_response(page, status)
        if refused.retry_after:
            response.headers["Retry-After"] = str(refused.retry_after)
        return response
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
