"""The complaint form, in a chat: one field at a time, ending with the protocol number.

It is the web form (/denuncia) asked as questions — place, date, what happened, an
optional photo — and it is received by the same service (``complaints_service.parse``
and ``submit``): the same checks, the same classification under the law, the same
protocol, the same anonymity (no name or number is asked or kept with the complaint).
It starts from what the assistant understood (the place, the plate and the occurrences
its complaint link pre-fills).  A photo is fetched from the platform's media API and goes
through the web uploads' checks (``photos.clean``: decoded, size-limited, re-encoded
without metadata).  The update's own key is the submission's idempotency key, so a turn
answered again after a crash returns the first protocol instead of a second complaint.
"""

from __future__ import annotations

import base64
import re
from datetime import date, timedelta

from flask import url_for
from flask_babel import gettext as _

from knowledge import clock
from knowledge.places import PLACES

from .. import complaints_service, photos
from ..api_schema import MAX_RELATO
from ..storage.complaints import Photo
from . import http
from .adapters import ADAPTERS
from .render import Choice, Message, absolute

STEPS = ("lugar", "data", "relato", "foto")
CANCEL = {"cancelar", "cancela", "cancel", "sair", "desistir"}
SKIP, TODAY, YESTERDAY, NO_PHOTO = "pular", "hoje", "ontem", "sem_foto"
# Which question to ask again when the service refuses a field.
FIELD_STEP = {"jurisdicao": "lugar", "data_ocorrencia": "data", "relato": "relato", "ocorrencias": "relato"}
_DATE_RE = re.compile(r"^(\d{1,2})[/.\-](\d{1,2})(?:[/.\-](\d{2,4}))?$")


def start(state: dict, prefill: dict) -> list[Message]:
    draft = {
        "jurisdicao": prefill.get("jurisdicao") if prefill.get("jurisdicao") in PLACES else None,
        "placa": prefill.get("placa") or None,
        "ocorrencias": list(prefill.get("ocorrencias") or []),
        # Every row the chat found (a story may tell several infractions), as the web form checks them.
        "linha": [r for r in prefill.get("linha") if r] if isinstance(prefill.get("linha"), list) else ([prefill["linha"]] if prefill.get("linha") else []),
    }
    state["rascunho"] = draft
    intro = Message(_("Vamos fazer a denúncia por aqui. Ela é anônima: não vou pedir seu nome nem seu telefone. Para desistir, escreva “cancelar”."))
    return [intro, _next(draft)]


def _pending_step(draft: dict) -> str | None:
    if not draft.get("jurisdicao"):
        return "lugar"
    if not draft.get("data_ocorrencia"):
        return "data"
    if "relato" not in draft:
        return "relato"
    if "foto" not in draft:
        return "foto"
    return None


def _needs_story(draft: dict) -> bool:
    return not [o for o in draft.get("ocorrencias") or () if o != "outro"]


def _ask(step: str, draft: dict, error: str | None = None) -> Message:
    prefix = (error + "\n") if error else ""
    if step == "lugar":
        return Message(prefix + _("Onde aconteceu?"), choices=[Choice(p.name, p.id) for p in PLACES.values()])
    if step == "data":
        return Message(prefix + _("Em que dia aconteceu? Responda com a data, por exemplo 10/11/2026."),
                       choices=[Choice(_("Hoje"), TODAY), Choice(_("Ontem"), YESTERDAY)])
    if step == "relato":
        text = _("Conte o que aconteceu: a linha ou o trajeto, a hora, o que você viu. Não escreva nomes nem telefones.")
        choices = [] if _needs_story(draft) else [Choice(_("Pular"), SKIP)]
        return Message(prefix + text, choices=choices)
    return Message(prefix + _("Se tiver uma foto, envie agora (JPEG, PNG ou WebP, até %(mb)d MB). Se não, toque em “Enviar sem foto”.",
                              mb=photos.MAX_BYTES // (1024 * 1024)),
                   choices=[Choice(_("Enviar sem foto"), NO_PHOTO)])


def _next(draft: dict, error: str | None = None) -> Message:
    return _ask(_pending_step(draft) or "foto", draft, error)


def _fold(text: str) -> str:
    from .turn import fold

    return fold(text)


def _place(text: str, chosen: str | None) -> str | None:
    if chosen in PLACES:
        return chosen
    folded = _fold(text)
    for place in PLACES.values():
        if folded in (place.id, _fold(place.name)):
            return place.id
    return None


def _date(text: str, chosen: str | None, place: str | None) -> date | None:
    today = clock.today(place)
    if chosen == TODAY or _fold(text) in ("hoje", "today", "hoy"):
        return today
    if chosen == YESTERDAY or _fold(text) in ("ontem", "yesterday", "ayer"):
        return today - timedelta(days=1)
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        pass
    match = _DATE_RE.match(text.strip())
    if not match:
        return None
    day, month, year = int(match.group(1)), int(match.group(2)), match.group(3)
    year = int(year) if year else today.year
    if year < 100:
        year += 2000
    try:
        return date(year, month, day)
    except ValueError:
        return None


def step(state: dict, item: dict, text: str, chosen: str | None) -> list[Message]:
    draft = state["rascunho"]
    if _fold(text) in CANCEL:
        state["rascunho"] = None
        return [Message(_("Tudo bem, a denúncia não foi enviada."))]
    current = _pending_step(draft)
    content = item["content"]
    if current == "lugar":
        place = _place(text, chosen)
        if place is None:
            return [_ask("lugar", draft, _("Escolha um dos lugares."))]
        draft["jurisdicao"] = place
    elif current == "data":
        when = _date(text, chosen, draft["jurisdicao"])
        if when is None:
            return [_ask("data", draft, _("Não entendi a data."))]
        if when > clock.today(draft["jurisdicao"]):
            return [_ask("data", draft, _("A data não pode estar no futuro."))]
        draft["data_ocorrencia"] = when.isoformat()
    elif current == "relato":
        if chosen == SKIP and not _needs_story(draft):
            draft["relato"] = None
        elif content.get("midia") or not text:
            return [_ask("relato", draft)]
        else:
            draft["relato"] = text[:MAX_RELATO]
    elif current == "foto":
        if content.get("midia"):
            try:
                draft["foto"] = _photo(item["platform"], content["midia"])
            except photos.PhotoError as exc:
                return [_ask("foto", draft, _(exc.message, **exc.params) if exc.params else _(exc.message))]
            except http.PlatformError:
                return [_ask("foto", draft, _("Não consegui baixar a foto. Envie de novo, ou siga sem foto."))]
        elif chosen == NO_PHOTO or _fold(text) in ("pular", "sem foto", "enviar sem foto", "nao", "no"):
            draft["foto"] = None
        else:
            return [_ask("foto", draft)]
    if _pending_step(draft) is not None:
        return [_next(draft)]
    return [_submit(state, item)]


def _photo(platform: str, reference: str) -> dict:
    data = ADAPTERS[platform].fetch_media(str(reference), photos.MAX_BYTES)
    photo = photos.clean(data)
    return {"tipo": photo.tipo, "largura": photo.largura, "altura": photo.altura, "conteudo": base64.b64encode(photo.conteudo).decode()}


def _submit(state: dict, item: dict) -> Message:
    draft = state["rascunho"]
    occurrences = draft.get("ocorrencias") or ["outro"]
    data = {"jurisdicao": draft["jurisdicao"], "placa": draft.get("placa"), "data_ocorrencia": draft["data_ocorrencia"],
            "ocorrencias": occurrences, "relato": draft.get("relato")}
    # The story is read by the same reader as the web form and chat: every row of the law of that date it is sure of.
    linha = draft.get("linha")
    if isinstance(linha, str):  # a draft kept from before the rows were a list
        linha = [linha]
    if not linha and draft.get("relato"):
        suggestion = complaints_service.suggest(draft["relato"], draft["jurisdicao"], draft["data_ocorrencia"])
        if suggestion and suggestion["classified"]:
            linha = suggestion["suggested"]
    if linha:
        data["linha"] = linha
    try:
        parsed = complaints_service.parse(data)
    except complaints_service.ComplaintError as exc:
        step_back = FIELD_STEP.get(exc.field)
        if step_back is None:
            state["rascunho"] = None
            return Message(exc.text())
        for key in {"lugar": ("jurisdicao",), "data": ("data_ocorrencia",), "relato": ("relato",)}[step_back]:
            draft.pop(key, None)
        return _ask(step_back, draft, exc.text())
    saved = draft.get("foto")
    photo = [Photo(saved["tipo"], saved["largura"], saved["altura"], base64.b64decode(saved["conteudo"]))] if saved else []
    stored, receipt = complaints_service.submit(parsed, idempotency_key=item["key"], client="canal:" + item["platform"], photos=photo)
    state["rascunho"] = None
    lines = [_("Denúncia registrada. Seu protocolo é %(protocolo)s: guarde-o para acompanhar (é só me mandar o número).", protocolo=stored.protocolo)]
    orgao = receipt["orgao"]
    lines.append(_("Órgão responsável: %(orgao)s.", orgao=f"{orgao['sigla']} — {orgao['nome']}"))
    links = []
    for entry in receipt["enquadramento"]:
        lines.append(f"• {entry['rotulo']}: {entry['descricao']}")
        links += [(c["label"], absolute(c["url"])) for c in entry["citations"]]
    links.append((_("Acompanhar a denúncia"), absolute(url_for("passenger.denuncia_status", protocolo=stored.protocolo))))
    return Message("\n".join(lines), list(dict.fromkeys(links)))
