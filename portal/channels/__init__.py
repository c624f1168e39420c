"""The assistant where people already talk: WhatsApp and Telegram adapters over the one engine.

A webhook checks the platform's signature, records the update once and queues the work
(``inbox``); the worker (``portal.queue``, ``delivery``) answers it through the same
``assistant_service.converse`` as the web chat (``turn``) and sends the reply, rendered
from the API's reply JSON (``render``) into each platform's messages (``whatsapp``,
``telegram``).  Everything is off unless ``PORTAL_CHANNELS`` names a channel (config.py).
"""

from __future__ import annotations

import sys

import click
from flask import Flask, request

from . import config, store, telegram, whatsapp

WEBHOOK_MAX_BYTES = 4 * 1024 * 1024


def init_app(app: Flask) -> None:
    config.load(app)
    for blueprint in (whatsapp.bp, telegram.bp):
        app.register_blueprint(blueprint)
        csrf = app.extensions.get("csrf")
        if csrf is not None:
            csrf.exempt(blueprint)  # a platform's POST carries its signature, not a form token
    @app.before_request
    def webhook_body_limit():
        # A platform may batch many updates in one POST; the app-wide 64 KiB would refuse the
        # batch, and the platform would re-send it for ever.
        if request.endpoint in ("whatsapp.receive", "telegram.receive"):
            request.max_content_length = WEBHOOK_MAX_BYTES

    if config.enabled(app) and not app.config.get("DATABASE_READONLY"):
        _ensure_schema(app)
    _cli(app)


def _ensure_schema(app: Flask) -> None:
    from ..database import close_store, open_store

    db = open_store(app)
    try:
        store.ensure_schema(db)
    finally:
        close_store(db)


def _cli(app: Flask) -> None:
    group = click.Group("channels", help="Canais de conversa (WhatsApp, Telegram): worker, retenção, webhook do Telegram.")
    app.cli.add_command(group)

    @group.command("worker", help="Processa as mensagens e envia as respostas (rode ao lado do gunicorn).")
    @click.option("--if-enabled", is_flag=True, help="Sai sem fazer nada se nenhum canal estiver ligado (usado por `make run`).")
    @click.option("--workers", type=int, default=None, help="Threads (padrão: CHANNELS_WORKERS, 2).")
    def worker(if_enabled: bool, workers: int | None) -> None:
        if not config.enabled(app):
            if if_enabled:
                return
            click.echo("Nenhum canal ligado (PORTAL_CHANNELS vazio).", err=True)
            sys.exit(1)
        from ..queue import run_worker

        click.echo(f"Canais ligados: {', '.join(app.config['CHANNELS'])}; worker iniciado.")
        run_worker(app, workers)

    @group.command("purge", help="Apaga textos e conversas dos canais mais antigos que a retenção (CHANNELS_RETENTION_DAYS).")
    def purge() -> None:
        from . import delivery

        _ensure_schema(app)
        counts = delivery.purge(app)
        click.echo("Apagados: " + ", ".join(f"{v} {k}" for k, v in counts.items()))

    @group.command("telegram-webhook", help="Registra no Telegram o endereço do webhook (PORTAL_BASE_URL) com o token secreto.")
    def telegram_webhook() -> None:
        if not config.enabled(app, "telegram"):
            click.echo("O canal telegram não está ligado (PORTAL_CHANNELS).", err=True)
            sys.exit(1)
        with app.app_context():
            answer = telegram.set_webhook(app.config["PORTAL_BASE_URL"])
        if answer.get("ok"):
            click.echo(f"Webhook registrado: {app.config['PORTAL_BASE_URL'].rstrip('/')}/canais/telegram/webhook")
        else:
            click.echo(f"O Telegram recusou: {answer.get('description', answer)}", err=True)
            sys.exit(1)
