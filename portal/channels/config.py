"""Channel settings, from environment variables (tokens and secrets never live in the repo).

Every channel is OFF unless named in ``PORTAL_CHANNELS`` (``whatsapp``, ``telegram`` or
both, comma-separated).  A channel that is named but lacks a secret stops the start-up
with a message saying which variable is missing: a webhook that cannot check signatures
must never run.  Tests set the same keys through ``create_app(config)``.
"""

from __future__ import annotations

import os

from flask import Flask

KNOWN = ("whatsapp", "telegram")
# The secrets each channel cannot work without.
REQUIRED = {
    "whatsapp": ("WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN", "WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"),
    "telegram": ("TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"),
}
DEFAULTS = {
    "WHATSAPP_API_BASE": "https://graph.facebook.com/v21.0",
    "TELEGRAM_API_BASE": "https://api.telegram.org",
    # Empty: a SQLite queue file in the data directory (one machine).  redis://… for several nodes.
    "CHANNELS_QUEUE_URL": "",
    "CHANNELS_RETENTION_DAYS": "30",
    "CHANNELS_WORKERS": "2",
    # How long one worker may hold a conversation before another may take it over (a worker
    # that died holding it); longer than one turn plus one platform call.
    "CHANNELS_LOCK_SECONDS": "60",
    # First retry delay of a failed send; it doubles each time, up to CHANNELS_RETRY_MAX.
    "CHANNELS_RETRY_SECONDS": "2",
    "CHANNELS_RETRY_MAX": "300",
    "CHANNELS_MAX_ATTEMPTS": "8",
    "CHANNELS_HTTP_TIMEOUT": "10",
}
SECRETS = sorted({key for keys in REQUIRED.values() for key in keys})


class ChannelConfigError(RuntimeError):
    """A channel was switched on without what it needs."""


def load(app: Flask) -> None:
    """Fill app.config from the environment (values already in app.config win)."""
    named = app.config.get("CHANNELS")
    if named is None:
        named = [c.strip().lower() for c in os.environ.get("PORTAL_CHANNELS", "").split(",") if c.strip()]
    unknown = [c for c in named if c not in KNOWN]
    if unknown:
        raise ChannelConfigError(f"PORTAL_CHANNELS: canal desconhecido {unknown[0]!r} (use whatsapp, telegram)")
    app.config["CHANNELS"] = tuple(named)
    for key in SECRETS:
        app.config.setdefault(key, os.environ.get(key) or None)
    for key, default in DEFAULTS.items():
        app.config.setdefault(key, os.environ.get(key, default))
    for key in ("CHANNELS_RETENTION_DAYS", "CHANNELS_WORKERS", "CHANNELS_MAX_ATTEMPTS"):
        app.config[key] = int(app.config[key])
    for key in ("CHANNELS_LOCK_SECONDS", "CHANNELS_RETRY_SECONDS", "CHANNELS_RETRY_MAX", "CHANNELS_HTTP_TIMEOUT"):
        app.config[key] = float(app.config[key])
    for channel in named:
        missing = [key for key in REQUIRED[channel] if not app.config.get(key)]
        if missing:
            raise ChannelConfigError(f"canal {channel} ligado sem {', '.join(missing)} (variáveis de ambiente)")


def enabled(app: Flask, channel: str | None = None) -> bool:
    on = app.config.get("CHANNELS") or ()
    return bool(on) if channel is None else channel in on
