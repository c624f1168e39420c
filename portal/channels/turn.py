"""One update of a chat, answered: the channel's own commands first, else the one assistant.

The assistant is ``assistant_service.converse`` — the function behind /assistente and
POST /api/v1/assistente — and its reply is read as the API's JSON (``reply_json``), so
the chat answers exactly what the web answers.  Around it, only what a chat needs and a
web page has as pages of its own:

- "apagar meus dados" (en "delete my data", es "borrar mis datos"): the conversation
  erased (LGPD);
- a protocol number: that complaint's public status (the /denuncia/<protocolo> page);
- the complaint form, asked one field at a time (complaint_chat.py), when the person
  takes the assistant's offer to report;
- a button pressed: the option's value, as the web page's button sends it.

The assistant's conversation is changed on a copy (``_working_copy``): the update is
marked answered, its reply queued and the copy made the conversation in one transaction
(store.finish_inbound), so an update answered again — its worker died in between, or
lost its hold on the chat — starts from the conversation as it was, and gets the reply
it would have had (a wizard's answer is not applied twice, to the next question too).
The copy's id is a keyed hash of the chat and the update (``turn_copy_id``): answering an
update again rewrites the same copy instead of leaving the first one behind, and "apagar
meus dados" finds every copy a died worker left, from the updates still on record.

A turn the assistant refuses for lack of room on the machine (every heavy slot taken,
``work_budget.slot``: the web's 503) is not an answer: it raises ``Deferred``, and the
worker tries the update again later, as a web client retries after ``Retry-After``.
"""

from __future__ import annotations

import re
import unicodedata

from flask import current_app, url_for
from flask_babel import gettext as _

from knowledge.citations import N_

from .. import complaints_service
from ..assistant_service import Refused, check_message, converse, reply_json
from ..database import get_store
from ..security import keyed_digest
from ..storage import conversations
from ..storage.complaints import normalize_protocol
from . import complaint_chat, store
from .adapters import ADAPTERS
from .render import START_COMPLAINT, Message, absolute, complaint_prefill, from_reply

ERASE_COMMANDS = {"apagar meus dados", "apague meus dados", "apagar dados", "delete my data", "borrar mis datos"}
PROTOCOL_RE = re.compile(r"EL-\d{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}")
# The words of the status page (denuncia_status.html).
STATUS_LABELS = {"recebida": N_("Recebida"), "em_analise": N_("Em análise"), "encaminhada": N_("Encaminhada ao órgão"), "arquivada": N_("Arquivada")}


class Deferred(Exception):
    """The turn cannot run now and changed nothing: answer the update later, not with an apology."""

    def __init__(self, retry_after: float | None):
        super().__init__("assistente ocupado")
        self.retry_after = retry_after


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: how a typed command is compared."""
    text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode()
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def answer(item: dict, state: dict, conversation: str) -> list[tuple[str, dict]]:
    """The platform messages that answer ``item`` (state is updated in place)."""
    adapter = ADAPTERS[item["platform"]]
    content = item["content"]
    sends: list[tuple[str, dict]] = []
    if content.get("callback"):
        sends.append(adapter.acknowledge_button(content["callback"]))
    messages = respond(item, state, conversation)
    for message in messages:
        parts, options = adapter.render(message)
        sends += parts
        state["opcoes"] = options
    return sends


def apology(platform: str, state: dict) -> list[tuple[str, dict]]:
    parts, state["opcoes"] = ADAPTERS[platform].render(Message(_("Desculpe, não consegui responder agora. Tente de novo daqui a pouco.")))
    return parts


def _chosen(content: dict, state: dict) -> str | None:
    """The value of the option the person picked (a button, a list row, or its number when the
    options were numbered), or None."""
    options = state.get("opcoes") or {}
    values = options.get("valores") or []
    choice = content.get("opcao") or ""
    if choice.startswith("o:") and choice[2:].isdigit() and int(choice[2:]) < len(values):
        return values[int(choice[2:])]
    text = (content.get("texto") or "").strip()
    if options.get("numeradas") and text.isdigit() and 1 <= int(text) <= len(values):
        return values[int(text) - 1]
    return None


def respond(item: dict, state: dict, conversation: str) -> list[Message]:
    content = item["content"]
    chosen = _chosen(content, state)
    text = chosen if chosen is not None else (content.get("texto") or "").strip()
    if fold(text) in ERASE_COMMANDS:
        return [_erase(state, conversation, item)]
    if chosen == START_COMPLAINT:
        return complaint_chat.start(state, state.get("oferta") or {})
    if state.get("rascunho"):
        return complaint_chat.step(state, item, text, chosen)
    if content.get("midia"):
        return [Message(_("Recebi a foto. Para juntá-la a uma denúncia, conte primeiro o que aconteceu; eu peço a foto no fim."))]
    if content.get("outro") or not text:
        return [Message(_("Por aqui eu leio mensagens de texto, botões e fotos (numa denúncia)."))]
    protocol = normalize_protocol(text) if len(text) <= 40 else ""
    if PROTOCOL_RE.fullmatch(protocol):
        return [status_message(protocol)]
    return [_assistant(text, state, turn_copy_id(conversation, item["seq"]))]


def turn_copy_id(conversation: str, seq: int) -> str:
    """The id of the assistant's conversation as update ``seq`` of the chat leaves it: the
    same on every attempt at that update, unguessable without the installation's key."""
    return keyed_digest("turno", conversation, str(seq))


def _assistant(text: str, state: dict, copy_id: str) -> Message:
    problem = check_message(text)
    if problem:
        return Message(problem)
    working = _working_copy(state.get("conversa"), copy_id)
    try:
        conversation_id, reply, _state = converse(text, working, new_id=copy_id)
    except Exception as exc:
        conversations.delete(get_store(), copy_id)  # the turn changed nothing
        if not isinstance(exc, Refused):
            raise
        if exc.status == 503:  # no room on the machine now: the same message, later
            raise Deferred(exc.retry_after) from None
        return Message(exc.text)  # what the web says to this message (422: too costly to answer)
    state["conversa"] = conversation_id  # the previous one is deleted when this turn is stored
    data = reply_json(conversation_id, reply)
    state["oferta"] = complaint_prefill(data)
    return from_reply(data, complaint_label=_("Denunciar por aqui"))


def _working_copy(conversation_id: str | None, copy_id: str) -> str | None:
    """A copy of the assistant's conversation under ``copy_id``, for this turn to change (None
    when there is none alive: the turn starts a new one, under that id too)."""
    db = get_store()
    found, data = conversations.load(db, conversation_id)
    if found is None:
        conversations.delete(db, copy_id)  # what an earlier attempt at this update left
        return None
    return conversations.save(db, copy_id, data, ttl=current_app.config.get("CONVERSATION_TTL", conversations.TTL))


def status_message(protocol: str) -> Message:
    status = complaints_service.public_status(protocol)
    if status is None:
        return Message(_("Não encontrei a denúncia %(protocolo)s. Confira as letras e os números do protocolo.", protocolo=protocol))
    lines = [_("Denúncia %(protocolo)s: %(situacao)s.", protocolo=status["protocolo"], situacao=_(STATUS_LABELS.get(status["situacao"], status["situacao"])))]
    lines.append(_("Órgão responsável: %(orgao)s.", orgao=f"{status['orgao']['sigla']} — {status['orgao']['nome']}"))
    notes = [h for h in status.get("historico") or () if h.get("nota")]
    if notes:
        lines.append(_("Última nota do órgão: %(nota)s", nota=notes[-1]["nota"]))
    url = absolute(url_for("passenger.denuncia_status", protocolo=status["protocolo"]))
    return Message("\n".join(lines), [(_("Acompanhar a denúncia"), url)])


def _erase(state: dict, conversation: str, item: dict) -> Message:
    db = get_store()
    if state.get("conversa"):
        conversations.delete(db, state["conversa"])
    for seq in store.inbound_seqs(db, conversation):  # copies a worker that died mid-turn left
        conversations.delete(db, turn_copy_id(conversation, seq))
    store.erase(db, conversation, keep_seq=item["seq"])
    for key in ("conversa", "opcoes", "rascunho", "oferta"):
        state[key] = None
    return Message(_("Pronto: apaguei esta conversa e as mensagens dela. Se escrever de novo, começamos do zero."))
