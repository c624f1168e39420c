"""WhatsApp Business Cloud API: the webhook, and the assistant's replies as WhatsApp messages.

- GET: Meta's verification handshake (``hub.mode=subscribe``, ``hub.verify_token``,
  ``hub.challenge`` echoed back).
- POST: the signature ``X-Hub-Signature-256`` (HMAC-SHA256 of the raw body with the app
  secret) is checked, in constant time, before the body is parsed at all; then each
  message is recorded once (its ``wamid`` is the key) and the work is queued.  Status
  callbacks (sent, delivered, read) are acknowledged and dropped.
- Replies: text (links included), reply buttons (at most 3, titles of at most 20
  characters) for short choices, a list message (at most 10 rows) for longer ones,
  numbered options beyond that.  A reply is sent only inside the 24-hour customer
  service window opened by the person's last message; outside it the platform would
  require a paid template, which this service never sends.
"""

from __future__ import annotations

import hashlib
import hmac
import json

from flask import Blueprint, abort, current_app, request
from flask_babel import gettext as _

from . import config, http
from .render import Message, body_text, shorten

NAME = "whatsapp"
WINDOW_SECONDS = 24 * 3600
TEXT_LIMIT = 4096
BUTTON_BODY_LIMIT = 1024
BUTTONS_MAX, BUTTON_TITLE_MAX = 3, 20
ROWS_MAX, ROW_TITLE_MAX, ROW_DESCRIPTION_MAX = 10, 24, 72

bp = Blueprint("whatsapp", __name__, url_prefix="/canais/whatsapp")

# The calling code says the language best where the platform sends none (WhatsApp does not
# send the person's app language): Portuguese- and Spanish-speaking countries, else English.
_PORTUGUESE = ("55", "351", "244", "258", "238", "245", "239", "670")
_SPANISH = ("34", "52", "53", "54", "56", "57", "58", "51", "591", "593", "595", "598", "502", "503", "504", "505", "506", "507", "240")


def language_of(phone: str) -> str:
    for prefix in sorted(_PORTUGUESE + _SPANISH, key=len, reverse=True):
        if phone.startswith(prefix):
            return "pt_BR" if prefix in _PORTUGUESE else "es"
    return "en"


def signature_ok(raw: bytes, header: str | None, secret: str) -> bool:
    if not header or not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header[len("sha256="):].strip().lower())


@bp.get("/webhook")
def verify():
    app = current_app
    if not config.enabled(app, NAME):
        abort(404)
    token = request.args.get("hub.verify_token") or ""
    if request.args.get("hub.mode") == "subscribe" and hmac.compare_digest(token.encode(), app.config["WHATSAPP_VERIFY_TOKEN"].encode()):
        return app.response_class(request.args.get("hub.challenge", ""), mimetype="text/plain")
    abort(403)


@bp.post("/webhook")
def receive():
    from . import inbox

    app = current_app
    if not config.enabled(app, NAME):
        abort(404)
    raw = request.get_data(cache=False)
    if not signature_ok(raw, request.headers.get("X-Hub-Signature-256"), app.config["WHATSAPP_APP_SECRET"]):
        abort(401)
    try:
        payload = json.loads(raw)
    except ValueError:
        abort(400)
    for value in _values(payload):
        for message in value.get("messages") or ():
            parsed = parse_message(message)
            if parsed is not None:
                inbox.receive(NAME, *parsed)
        # value["statuses"]: delivery receipts; nothing to do with them.
    return app.response_class("EVENT_RECEIVED", mimetype="text/plain")


def _values(payload) -> list[dict]:
    if not isinstance(payload, dict):
        return []
    values = []
    for entry in payload.get("entry") or ():
        for change in (entry or {}).get("changes") or ():
            value = (change or {}).get("value")
            if isinstance(value, dict):
                values.append(value)
    return values


def parse_message(message: dict) -> tuple[str, str, dict] | None:
    """(message key, sender, content) of one webhook message, or None when it cannot be answered."""
    if not isinstance(message, dict) or not message.get("id") or not message.get("from"):
        return None
    sender, kind = str(message["from"]), message.get("type")
    content: dict = {"idioma": language_of(sender)}
    if kind == "text":
        content["texto"] = ((message.get("text") or {}).get("body") or "")
    elif kind == "interactive":
        interactive = message.get("interactive") or {}
        reply = interactive.get("button_reply") or interactive.get("list_reply") or {}
        content["opcao"], content["texto"] = reply.get("id"), reply.get("title") or ""
    elif kind == "button":  # a quick reply of a template message
        button = message.get("button") or {}
        content["texto"] = button.get("text") or button.get("payload") or ""
    elif kind == "image":
        image = message.get("image") or {}
        content["midia"], content["texto"] = image.get("id"), image.get("caption") or ""
    else:
        content["outro"] = str(kind)
    return "wa:" + str(message["id"]), sender, content


# -- replies -------------------------------------------------------------------------------


def render(message: Message) -> tuple[list[tuple[str, dict]], dict]:
    """The platform messages for one reply, and the options they offer (kept to read the answer)."""
    choices = message.choices
    options = {"valores": [c.value for c in choices], "numeradas": False}
    if not choices:
        return [("messages", {"type": "text", "text": {"body": piece, "preview_url": False}}) for piece in body_text(message, TEXT_LIMIT)], options
    if len(choices) > ROWS_MAX:
        numbered = "\n".join(f"{i}. {c.label}" for i, c in enumerate(choices, 1))
        how = _("Responda com o número da opção.")
        extra = Message(f"{message.text}\n\n{numbered}\n{how}".strip(), message.links)
        options["numeradas"] = True
        return [("messages", {"type": "text", "text": {"body": p, "preview_url": False}}) for p in body_text(extra, TEXT_LIMIT)], options
    pieces = body_text(message, TEXT_LIMIT)
    sends = []
    if len(pieces) == 1 and len(pieces[0]) <= BUTTON_BODY_LIMIT:
        body = pieces[0]
    else:
        sends = [("messages", {"type": "text", "text": {"body": p, "preview_url": False}}) for p in pieces]
        body = shorten(message.prompt or _("Escolha uma opção:"), BUTTON_BODY_LIMIT)
    if len(choices) <= BUTTONS_MAX and all(len(c.label) <= BUTTON_TITLE_MAX for c in choices):
        action = {"buttons": [{"type": "reply", "reply": {"id": f"o:{i}", "title": c.label}} for i, c in enumerate(choices)]}
        interactive = {"type": "button", "body": {"text": body}, "action": action}
    else:
        rows = []
        for i, c in enumerate(choices):
            row = {"id": f"o:{i}", "title": shorten(c.label, ROW_TITLE_MAX)}
            if len(c.label) > ROW_TITLE_MAX:
                row["description"] = shorten(c.label, ROW_DESCRIPTION_MAX)
            rows.append(row)
        action = {"button": shorten(_("Ver opções"), BUTTON_TITLE_MAX), "sections": [{"title": shorten(_("Opções"), ROW_TITLE_MAX), "rows": rows}]}
        interactive = {"type": "list", "body": {"text": body}, "action": action}
    sends.append(("messages", {"type": "interactive", "interactive": interactive}))
    return sends, options


def send(method: str, body: dict, address: str | None) -> None:
    cfg = current_app.config
    url = f"{cfg['WHATSAPP_API_BASE'].rstrip('/')}/{cfg['WHATSAPP_PHONE_NUMBER_ID']}/{method}"
    payload = {"messaging_product": "whatsapp", "recipient_type": "individual", "to": address, **body}
    answer = http.post_json(url, payload, headers=_auth(), timeout=cfg["CHANNELS_HTTP_TIMEOUT"])
    if "error" in answer:
        raise http.Refused("erro da plataforma")


def fetch_media(reference: str, limit: int) -> bytes:
    """The Graph API's two steps: the media's (short-lived) URL, then its bytes, both with the token."""
    cfg = current_app.config
    info = http.get_json(f"{cfg['WHATSAPP_API_BASE'].rstrip('/')}/{reference}", headers=_auth(), timeout=cfg["CHANNELS_HTTP_TIMEOUT"])
    if not info.get("url"):
        raise http.Refused("mídia sem endereço")
    if info.get("file_size") and int(info["file_size"]) > limit:
        return b"\0" * (limit + 1)  # too large: refused by the photo check without downloading it
    return http.get_bytes(info["url"], limit=limit, headers=_auth(), timeout=cfg["CHANNELS_HTTP_TIMEOUT"])


def _auth() -> dict:
    return {"Authorization": f"Bearer {current_app.config['WHATSAPP_ACCESS_TOKEN']}"}
