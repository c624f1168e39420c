"""What a webhook does after the platform's check: record the update once, queue the work.

Nothing else happens before the platform gets its 200 (the platforms re-send an update
whose webhook is slow): the answer is computed and sent by the worker (delivery.py).
"""

from __future__ import annotations

import logging

from flask import current_app

from ..database import get_store
from ..security import keyed_digest
from . import store

log = logging.getLogger("portal.channels")


def conversation_key(platform: str, address: str) -> str:
    """The conversation's name in the database: a keyed hash of the chat id or phone number."""
    return keyed_digest("canal", platform, address)


def receive(platform: str, message_key: str, address: str, content: dict) -> bool:
    key = conversation_key(platform, address)
    if not store.record_inbound(get_store(), message_key=message_key, conversation=key, platform=platform, address=address, content=content):
        return False  # a repeat: the first copy is already queued
    from ..queue import enqueue_drain

    enqueue_drain(current_app._get_current_object(), key)
    return True
