"""Telegram Bot API: the webhook, and the assistant's replies as Telegram messages.

- ``flask channels telegram-webhook`` calls ``setWebhook`` with a secret token; Telegram
  then sends it in ``X-Telegram-Bot-Api-Secret-Token`` with every update, and an update
  without it (or with another) is refused before its body is read.
- Each update is recorded once under its ``update_id`` (Telegram re-sends an update until
  the webhook answers 200).
- Only private chats are answered (a group's messages are someone else's conversation).
- Choices are an inline keyboard; pressing a button arrives as a ``callback_query``, whose
  spinner is stopped with ``answerCallbackQuery``.
"""

from __future__ import annotations

import hmac
import json

from flask import Blueprint, abort, current_app, request

from . import config, http
from .render import Message, body_text, shorten

NAME = "telegram"
WINDOW_SECONDS = None  # a bot may answer at any time
TEXT_LIMIT = 4096
BUTTON_TEXT_MAX = 64

bp = Blueprint("telegram", __name__, url_prefix="/canais/telegram")


@bp.post("/webhook")
def receive():
    from . import inbox

    app = current_app
    if not config.enabled(app, NAME):
        abort(404)
    token = (request.headers.get("X-Telegram-Bot-Api-Secret-Token") or "").encode()
    if not hmac.compare_digest(token, app.config["TELEGRAM_WEBHOOK_SECRET"].encode()):
        abort(401)
    try:
        update = json.loads(request.get_data(cache=False))
    except ValueError:
        abort(400)
    parsed = parse_update(update) if isinstance(update, dict) else None
    if parsed is not None:
        inbox.receive(NAME, *parsed)
    return app.response_class("", status=200)


def _language(user: dict | None) -> str | None:
    code = ((user or {}).get("language_code") or "").lower()
    return {"pt": "pt_BR", "en": "en", "es": "es"}.get(code.split("-")[0])


def parse_update(update: dict) -> tuple[str, str, dict] | None:
    if not isinstance(update.get("update_id"), int):
        return None
    key = f"tg:{update['update_id']}"
    callback = update.get("callback_query")
    if isinstance(callback, dict):
        chat = ((callback.get("message") or {}).get("chat") or {})
        if chat.get("type") != "private" or chat.get("id") is None:
            return None
        content = {"opcao": callback.get("data"), "texto": "", "callback": callback.get("id"), "idioma": _language(callback.get("from"))}
        return key, str(chat["id"]), content
    message = update.get("message")
    if not isinstance(message, dict):
        return None  # edited messages, channel posts …: nothing to answer
    chat = message.get("chat") or {}
    if chat.get("type") != "private" or chat.get("id") is None:
        return None
    content = {"idioma": _language(message.get("from"))}
    if isinstance(message.get("text"), str):
        content["texto"] = message["text"]
        if content["texto"].strip() == "/start":
            content["texto"] = "oi"  # the first message of every bot conversation: a greeting
    elif isinstance(message.get("photo"), list) and message["photo"]:
        largest = max(message["photo"], key=lambda p: (p.get("width") or 0) * (p.get("height") or 0))
        content["midia"], content["texto"] = largest.get("file_id"), message.get("caption") or ""
    else:
        content["outro"] = "mensagem"
    return key, str(chat["id"]), content


# -- replies -------------------------------------------------------------------------------


def render(message: Message) -> tuple[list[tuple[str, dict]], dict]:
    pieces = body_text(message, TEXT_LIMIT) or [message.prompt or "…"]
    sends = [("sendMessage", {"text": piece, "disable_web_page_preview": True}) for piece in pieces]
    if message.choices:
        keyboard = [[{"text": shorten(c.label, BUTTON_TEXT_MAX), "callback_data": f"o:{i}"}] for i, c in enumerate(message.choices)]
        sends[-1][1]["reply_markup"] = {"inline_keyboard": keyboard}
    return sends, {"valores": [c.value for c in message.choices], "numeradas": False}


def acknowledge_button(callback_id: str) -> tuple[str, dict]:
    return "answerCallbackQuery", {"callback_query_id": callback_id}


def _api(method: str) -> str:
    cfg = current_app.config
    return f"{cfg['TELEGRAM_API_BASE'].rstrip('/')}/bot{cfg['TELEGRAM_BOT_TOKEN']}/{method}"


def send(method: str, body: dict, address: str | None) -> None:
    payload = dict(body) if method == "answerCallbackQuery" else {"chat_id": address, **body}
    answer = http.post_json(_api(method), payload, timeout=current_app.config["CHANNELS_HTTP_TIMEOUT"])
    if answer.get("ok") is not True:
        raise http.Refused("a plataforma recusou")


def fetch_media(reference: str, limit: int) -> bytes:
    cfg = current_app.config
    answer = http.post_json(_api("getFile"), {"file_id": reference}, timeout=cfg["CHANNELS_HTTP_TIMEOUT"])
    result = answer.get("result") or {}
    if not answer.get("ok") or not result.get("file_path"):
        raise http.Refused("arquivo indisponível")
    if result.get("file_size") and int(result["file_size"]) > limit:
        return b"\0" * (limit + 1)
    url = f"{cfg['TELEGRAM_API_BASE'].rstrip('/')}/file/bot{cfg['TELEGRAM_BOT_TOKEN']}/{result['file_path']}"
    return http.get_bytes(url, limit=limit, timeout=cfg["CHANNELS_HTTP_TIMEOUT"])


def set_webhook(public_url: str) -> dict:
    """Point the bot at this portal (``/canais/telegram/webhook``), with the secret token."""
    body = {
        "url": public_url.rstrip("/") + "/canais/telegram/webhook",
        "secret_token": current_app.config["TELEGRAM_WEBHOOK_SECRET"],
        "allowed_updates": ["message", "callback_query"],
    }
    return http.post_json(_api("setWebhook"), body, timeout=current_app.config["CHANNELS_HTTP_TIMEOUT"])
