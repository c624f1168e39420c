"""Channel settings, from environment variables (tokens and secrets never live in the repo;
each variable is declared, with its default, in ``settings.py``).

Every channel is OFF unless named in ``PORTAL_CHANNELS`` (``whatsapp``, ``telegram`` or
both, comma-separated).  A channel that is named but lacks a secret stops the start-up
with a message saying which variable is missing: a webhook that cannot check signatures
must never run.  Tests set the same keys through ``create_app(config)``.
"""

from __future__ import annotations

from flask import Flask

import settings

KNOWN = ("whatsapp", "telegram")
# The secrets each channel cannot work without.
REQUIRED = {
    "whatsapp": ("WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN", "WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"),
    "telegram": ("TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"),
}
# Read through settings.py, which declares each one's default, type and purpose.
OPTIONS = (
    "WHATSAPP_API_BASE", "TELEGRAM_API_BASE", "CHANNELS_QUEUE_URL", "CHANNELS_RETENTION_DAYS", "CHANNELS_WORKERS",
    "CHANNELS_LOCK_SECONDS", "CHANNELS_RETRY_SECONDS", "CHANNELS_RETRY_MAX", "CHANNELS_MAX_ATTEMPTS", "CHANNELS_HTTP_TIMEOUT",
)
SECRETS = sorted({key for keys in REQUIRED.values() for key in keys})


class ChannelConfigError(RuntimeError):
    """A channel was switched on without what it needs."""


def load(app: Flask) -> None:
    """Fill app.config from the environment (values already in app.config win)."""
    named = app.config.get("CHANNELS")
    if named is None:
        named = list(settings.value("PORTAL_CHANNELS"))
    unknown = [c for c in named if c not in KNOWN]
    if unknown:
        raise ChannelConfigError(f"PORTAL_CHANNELS: canal desconhecido {unknown[0]!r} (use whatsapp, telegram)")
    app.config["CHANNELS"] = tuple(named)
    for key in SECRETS:
        app.config.setdefault(key, settings.value(key))
    for key in OPTIONS:
        app.config.setdefault(key, settings.value(key))
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
