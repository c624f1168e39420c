"""The assistant's reply (the dict POST /api/v1/assistente returns) as a channel-neutral message.

Read generically: the text, every citation and action as a link, the question's options
(else the suggestions) as choices.  Keys this module does not know are ignored and keys
it knows may be missing, so a richer reply from the engine keeps working here; the
platform adapters (whatsapp.py, telegram.py) turn a :class:`Message` into their own
message types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qs, urljoin, urlsplit

from flask import current_app

# The choice that starts the complaint form in the chat (never text a person types: it
# begins with a character no keyboard sends).
START_COMPLAINT = "\x00denuncia"


@dataclass
class Choice:
    label: str
    value: str


@dataclass
class Message:
    text: str
    links: list[tuple[str, str]] = field(default_factory=list)  # (label, absolute URL)
    choices: list[Choice] = field(default_factory=list)
    prompt: str | None = None  # the question the choices answer, shown with them


def absolute(url: str) -> str:
    """Links in a chat must be absolute: built on PORTAL_BASE_URL, never on a request's Host."""
    base = current_app.config.get("PORTAL_BASE_URL", "http://127.0.0.1:8000").rstrip("/") + "/"
    return urljoin(base, url.lstrip("/")) if url and not urlsplit(url).scheme else url


def _link_of_action(action: dict) -> str:
    url = action.get("url") or ""
    # A plate's full consultation: in a chat, the vehicle's own short page (/v/<placa>, the address
    # its QR sticker opens), which shows the same status from the same lookup.
    if action.get("tipo") == "consulta":
        plate = (parse_qs(urlsplit(url).query).get("placa") or [None])[0]
        if plate:
            url = f"/v/{plate}"
    return absolute(url)


def complaint_prefill(reply: dict) -> dict | None:
    """What the engine's complaint link pre-fills (place, plate, occurrences), or None if it offers none."""
    for action in reply.get("acoes") or ():
        if action.get("tipo") == "denuncia":
            query = parse_qs(urlsplit(action.get("url") or "").query)
            return {
                "jurisdicao": (query.get("jurisdicao") or [None])[0],
                "placa": (query.get("placa") or [None])[0],
                "ocorrencias": query.get("ocorrencias") or [],
            }
    return None


def from_reply(reply: dict, *, complaint_label: str | None = None) -> Message:
    text = reply.get("resposta") or reply.get("texto") or ""
    links: list[tuple[str, str]] = []
    for cite in reply.get("citations") or ():
        if cite.get("url"):
            links.append((cite.get("label") or cite.get("unit") or "", absolute(cite["url"])))
    for action in reply.get("acoes") or ():
        if action.get("url"):
            links.append((action.get("rotulo") or "", _link_of_action(action)))
    links = list(dict.fromkeys(links))
    question = reply.get("pergunta") or {}
    choices = [Choice(o.get("rotulo") or o.get("valor") or "", o.get("valor") or o.get("rotulo") or "") for o in question.get("opcoes") or ()]
    prompt = question.get("texto") if choices else None
    if not choices:
        choices = [Choice(s, s) for s in reply.get("sugestoes") or () if isinstance(s, str)]
    if complaint_label and complaint_prefill(reply) is not None:
        choices.insert(0, Choice(complaint_label, START_COMPLAINT))
    return Message(text, links, choices, prompt)


def body_text(message: Message, limit: int) -> list[str]:
    """The text with its links, in pieces of at most ``limit`` characters (split at line ends)."""
    lines = [message.text] if message.text else []
    if message.links:
        lines.append("")
        lines += [f"• {label}: {url}" if label else f"• {url}" for label, url in message.links]
    pieces, current = [], ""
    for line in "\n".join(lines).split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        pieces.append(current)
    return pieces


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
