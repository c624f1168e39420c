"""A local stand-in for the WhatsApp Cloud API and the Telegram Bot API, for the channel tests.

A small HTTP server on loopback (the task's port range) that answers as each platform
documents and records every call it receives, so a test can read exactly what the
portal sent.  ``hang`` makes the next message send hang without being delivered (a
network that drops the request), and the platform stays unreachable from then on —
every later send hangs too, undelivered — until ``recover()``; ``fail`` makes the next
sends fail with a 500.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORTS = range(8140, 8150)
BOT_TOKEN = "123456:TESTE-token-do-bot"
WA_APP_SECRET = "segredo-do-app-whatsapp"
WA_VERIFY = "verifica-isto"
WA_TOKEN = "token-de-acesso-whatsapp"
WA_PNID = "109876543210"
TG_SECRET = "segredo_do_webhook-telegram"


def jpeg_bytes() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 30, 30)).save(out, "JPEG")
    return out.getvalue()


class Stub:
    def __init__(self):
        self.calls: list[dict] = []
        self.lock = threading.Lock()
        self.hang = 0
        self.down = False  # from the first hanging send until recover()
        self.hanging = 0  # sends held so far
        self.fail = 0
        self.photo = jpeg_bytes()
        self.server = self._bind()
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _bind(self) -> ThreadingHTTPServer:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _reply(self, status: int, body, content_type="application/json"):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                stub.handle(self, "GET", None)

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                stub.handle(self, "POST", json.loads(self.rfile.read(length) or b"{}"))

        for port in PORTS:
            try:
                server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
                server.daemon_threads = True
                return server
            except OSError:
                continue
        raise RuntimeError("no free port in 8140-8149")

    def handle(self, h, method: str, body):
        path = h.path
        sending = path.endswith("/sendMessage") or path.endswith("/messages")
        if sending:
            with self.lock:
                hang = self.down or self.hang > 0
                self.hang = max(0, self.hang - 1)
                fail, self.fail = self.fail > 0, max(0, self.fail - 1)
                if hang:
                    self.down = True
                    self.hanging += 1
            if hang:
                time.sleep(30)  # the sender is killed while it waits: the send did not happen
                return
            if fail:
                return h._reply(500, {"error": "temporário"})
        with self.lock:
            self.calls.append({"method": method, "path": path, "body": body, "auth": h.headers.get("Authorization"), "at": time.time()})
        if path.startswith(f"/bot{BOT_TOKEN}/"):
            name = path.rsplit("/", 1)[1]
            if name == "getFile":
                return h._reply(200, {"ok": True, "result": {"file_id": body["file_id"], "file_path": "photos/file_1.jpg", "file_size": len(self.photo)}})
            return h._reply(200, {"ok": True, "result": {"message_id": len(self.calls)} if name == "sendMessage" else True})
        if path.startswith(f"/file/bot{BOT_TOKEN}/"):
            return h._reply(200, self.photo, "image/jpeg")
        if path == f"/v21.0/{WA_PNID}/messages":
            return h._reply(200, {"messaging_product": "whatsapp", "contacts": [{"wa_id": body.get("to")}], "messages": [{"id": f"wamid.out{len(self.calls)}"}]})
        if path.startswith("/v21.0/media-"):
            return h._reply(200, {"url": f"{self.base}/lookaside/{path.rsplit('/', 1)[1]}", "mime_type": "image/jpeg", "file_size": len(self.photo), "id": path.rsplit("/", 1)[1]})
        if path.startswith("/lookaside/"):
            if h.headers.get("Authorization") != f"Bearer {WA_TOKEN}":
                return h._reply(401, {"error": "sem token"})
            return h._reply(200, self.photo, "image/jpeg")
        return h._reply(404, {"error": "desconhecido"})

    def recover(self) -> None:
        """The platform reachable again: sends from now on are delivered."""
        with self.lock:
            self.down, self.hang = False, 0

    def sent(self, platform: str | None = None) -> list[dict]:
        """The messages delivered (not the media look-ups), in the order received."""
        with self.lock:
            calls = list(self.calls)
        out = []
        for c in calls:
            if c["path"].endswith("/sendMessage") and platform in (None, "telegram"):
                out.append(c)
            elif c["path"].endswith("/messages") and platform in (None, "whatsapp"):
                out.append(c)
        return out

    def close(self):
        self.server.shutdown()
        self.server.server_close()


WA_WEBHOOK = "/canais/whatsapp/webhook"
TG_WEBHOOK = "/canais/telegram/webhook"


def channel_config(stub: Stub) -> dict:
    return {
        "CHANNELS": ["whatsapp", "telegram"],
        "WHATSAPP_APP_SECRET": WA_APP_SECRET, "WHATSAPP_VERIFY_TOKEN": WA_VERIFY, "WHATSAPP_ACCESS_TOKEN": WA_TOKEN,
        "WHATSAPP_PHONE_NUMBER_ID": WA_PNID, "WHATSAPP_API_BASE": f"{stub.base}/v21.0",
        "TELEGRAM_BOT_TOKEN": BOT_TOKEN, "TELEGRAM_WEBHOOK_SECRET": TG_SECRET, "TELEGRAM_API_BASE": stub.base,
        "PORTAL_BASE_URL": "https://embarque.example.org", "CHANNELS_RETRY_SECONDS": 0.2, "CHANNELS_HTTP_TIMEOUT": 2,
    }


def channel_app(tmp_path, index_dir, stub: Stub, demo: bool = False, **extra):
    """A portal with both channels on, talking to ``stub``; ``demo`` loads the demonstration registry."""
    from app import create_app

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, **channel_config(stub), **extra})
    if demo:
        assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    return app


# -- updates in each platform's documented format, and their delivery to the webhooks ------


def post_whatsapp(client, raw: bytes, signature: str | None = "auto"):
    """POST a WhatsApp update as Meta does: the raw bytes, signed with the app secret
    (``X-Hub-Signature-256``); ``signature`` None sends none, a string sends that one."""
    headers = {"Content-Type": "application/json"}
    if signature == "auto":
        signature = wa_signature(raw)
    if signature is not None:
        headers["X-Hub-Signature-256"] = signature
    return client.post(WA_WEBHOOK, data=raw, headers=headers)


def post_telegram(client, update: dict, secret: str | None = TG_SECRET):
    """POST a Telegram update as the Bot API does, with the webhook's secret token (None: without it)."""
    headers = {} if secret is None else {"X-Telegram-Bot-Api-Secret-Token": secret}
    return client.post(TG_WEBHOOK, json=update, headers=headers)

# -- updates in each platform's documented format -------------------------------------------


def wa_body(messages: list[dict], sender: str = "5581999990001", statuses: list[dict] | None = None) -> bytes:
    value = {"messaging_product": "whatsapp", "metadata": {"display_phone_number": "558130000000", "phone_number_id": WA_PNID},
             "contacts": [{"profile": {"name": "Passageira"}, "wa_id": sender}]}
    if messages:
        value["messages"] = [{"from": sender, "timestamp": str(int(time.time())), **m} for m in messages]
    if statuses:
        value["statuses"] = statuses
    return json.dumps({"object": "whatsapp_business_account", "entry": [{"id": "102290129340398", "changes": [{"value": value, "field": "messages"}]}]}).encode()


def wa_signature(raw: bytes, secret: str = WA_APP_SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()


def wa_text(wamid: str, text: str) -> dict:
    return {"id": wamid, "type": "text", "text": {"body": text}}


def wa_button(wamid: str, button_id: str, title: str) -> dict:
    return {"id": wamid, "type": "interactive", "interactive": {"type": "button_reply", "button_reply": {"id": button_id, "title": title}}}


def wa_list(wamid: str, row_id: str, title: str) -> dict:
    return {"id": wamid, "type": "interactive", "interactive": {"type": "list_reply", "list_reply": {"id": row_id, "title": title, "description": ""}}}


def wa_image(wamid: str, media_id: str) -> dict:
    return {"id": wamid, "type": "image", "image": {"id": media_id, "mime_type": "image/jpeg", "sha256": "x"}}


def tg_message(update_id: int, text: str, chat_id: int = 777001, language: str = "pt-br") -> dict:
    user = {"id": chat_id, "is_bot": False, "first_name": "Ana", "language_code": language}
    return {"update_id": update_id, "message": {"message_id": update_id, "from": user, "chat": {"id": chat_id, "first_name": "Ana", "type": "private"},
                                                "date": int(time.time()), "text": text}}


def tg_photo(update_id: int, file_id: str, chat_id: int = 777001) -> dict:
    user = {"id": chat_id, "is_bot": False, "first_name": "Ana", "language_code": "pt-br"}
    sizes = [{"file_id": file_id + "-small", "file_unique_id": "s", "width": 90, "height": 67, "file_size": 900},
             {"file_id": file_id, "file_unique_id": "b", "width": 640, "height": 480, "file_size": 40000}]
    return {"update_id": update_id, "message": {"message_id": update_id, "from": user, "chat": {"id": chat_id, "type": "private"}, "date": int(time.time()), "photo": sizes}}


def tg_callback(update_id: int, data: str, chat_id: int = 777001, language: str = "pt-br") -> dict:
    user = {"id": chat_id, "is_bot": False, "first_name": "Ana", "language_code": language}
    return {"update_id": update_id, "callback_query": {"id": f"cb{update_id}", "from": user, "chat_instance": "42", "data": data,
                                                       "message": {"message_id": 1, "chat": {"id": chat_id, "type": "private"}, "date": int(time.time()), "text": "…"}}}


def free_port_ok(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def run_queue(app, timeout: float = 60) -> None:
    """Run the queued tasks in this thread (the worker's own code, without its threads) until
    no conversation has work left."""
    from portal.channels import delivery
    from portal.queue import get_queue

    huey = get_queue(app).huey
    deadline = time.time() + timeout
    while time.time() < deadline:
        for task in huey.read_schedule():
            huey.enqueue(task)
        task = huey.dequeue()
        if task is not None:
            huey.execute(task)
            continue
        if not delivery.pending(app) and huey.scheduled_count() == 0:
            return
        time.sleep(0.05)
    raise AssertionError("the queue did not empty in time")
