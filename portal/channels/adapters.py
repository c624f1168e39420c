"""The platform adapters by name (each module: render, send, fetch_media, WINDOW_SECONDS)."""

from __future__ import annotations

from . import telegram, whatsapp

ADAPTERS = {whatsapp.NAME: whatsapp, telegram.NAME: telegram}
