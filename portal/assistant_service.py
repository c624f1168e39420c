"""The assistant behind the chat page and POST /api/v1/assistente: one conversation turn.

``converse`` loads the conversation, lets the assistant (``knowledge/assistant``)
answer through ``WebPorts`` — the portal's search, plate lookup, wizard links and
clock, as the assistant sees them — and stores the conversation again.  The page
(``assistant_web``) and the API (``api``) both call it; neither imports the other.
"""

from __future__ import annotations

import re
from datetime import date
from urllib.parse import urlencode

from flask import current_app, url_for
from flask_babel import get_locale, gettext

from knowledge import clock
from knowledge.assistant import Assistant, Hit, Reply, State
from knowledge.assistant.telling import warm as warm_telling
from knowledge.flows import FLOWS, UnknownFlow
from knowledge.flows.engine import Statement

from .api_schema import AssistantIn, RequestError, parse_request
from .database import get_store
from .law_urls import citation_dict, unit_url
from .lookup import lookup
from .search import service as search_service
from .serialize import error_text, say
from .storage import conversations
from .wizard_service import step_url
from .work_budget import RETRY_AFTER, Busy, TooCostly, cpu_deadline, slot

# The work budget of one message (issue #34): the engine's cost grows with the law words
# it is given, and an honest question is short — the longest of the evaluation sets has
# 45 words in 4 sentences.  Past these the message is refused, saying why.
MAX_WORDS = 80
MAX_SENTENCES = 6
# CPU seconds one turn may use (the slowest honest turn measured: 2.6 s) before it stops.
CPU_SECONDS = 4.0
_SENTENCE_END = re.compile(r"[.!?;…\n]+(?=\s|$)")



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

    def unit_url(self, law: str, unit: str, on: date | None = None) -> str:
        return unit_url(law, unit, when=on)

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
        "confianca": reply.confianca,
        "lei_nao_fixa": reply.lei_nao_fixa,
    }


class Refused(Exception):
    """A turn the portal will not run now: ``status`` and a message in the user's language."""

    def __init__(self, status: int, text: str, retry_after: int | None = None):
        super().__init__(text)
        self.status, self.text, self.retry_after = status, text, retry_after


def converse(message: str, conversation_id: str | None, new_id: str | None = None) -> tuple[str, Reply, State]:
    """One turn; raises ``Refused`` when the machine has no room for it (503) or the
    message used its whole CPU budget (422).  A refused turn changes nothing stored.

    ``new_id`` names the conversation when none is alive (a random id otherwise): the
    channels give each update's turn a name they can find again (``channels/turn.py``)."""
    db = get_store()
    conversation_id, data = conversations.load(db, conversation_id)
    state = State.from_dict(data)
    seconds = float(current_app.config.get("ASSISTANT_CPU_SECONDS", CPU_SECONDS))
    # What a worker fits once (the warm-up does it before traffic; a process without one, here, once)
    # is no cost of this message: outside its CPU budget.
    warm_telling()
    try:
        with slot("assistente"), cpu_deadline(seconds):
            reply = Assistant(WebPorts(state)).respond(message, state, language=str(get_locale() or "pt_BR"))
    except Busy:
        raise Refused(503, gettext("O assistente está respondendo a outras pessoas agora. Tente de novo em alguns segundos."), RETRY_AFTER) from None
    except TooCostly:
        raise Refused(422, gettext("Esta mensagem dá trabalho demais para o assistente. Faça uma pergunta mais curta, sobre um assunto de cada vez.")) from None
    conversation_id = conversations.save(db, conversation_id or new_id, state.to_dict(), ttl=current_app.config.get("CONVERSATION_TTL", conversations.TTL))
    return conversation_id, reply, state


def check_message(message) -> str | None:
    """Why the chat page refuses a message (the rules of ``AssistantIn``, as the API's), or None."""
    try:
        parse_request(AssistantIn, {"mensagem": message})
    except RequestError as exc:
        return error_text(exc)
    return budget_problem(message)


def budget_problem(message: str) -> str | None:
    """Why a message is over the work budget of one turn (words, sentences), or None."""
    if len(message.split()) > MAX_WORDS:
        return gettext("A mensagem pode ter no máximo %(n)d palavras. Faça uma pergunta mais curta.", n=MAX_WORDS)
    if len([part for part in _SENTENCE_END.split(message) if part.strip()]) > MAX_SENTENCES:
        return gettext("A mensagem pode ter no máximo %(n)d frases. Faça uma pergunta de cada vez.", n=MAX_SENTENCES)
    return None
