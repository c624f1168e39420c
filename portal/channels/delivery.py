"""The worker's side: answer a conversation's updates in order, then send the replies in order.

``drain`` holds the conversation (a lease, store.acquire) while it works, so two workers —
on one node or on several — never answer the same conversation at once.  Each update is
answered in a fresh request context in the person's language, and its reply parts are
queued in the same transaction that marks it answered; the parts are then sent one by one,
each marked sent right after the platform accepted it.  A failed send is retried with
doubling delays (the later parts wait: order is kept); a send the platform refuses is
dropped with a log line that names no one.  A worker killed mid-way leaves the lease to
expire and the unsent parts in the table: the next worker picks them up (queue.sweep).
A worker that finds it lost its hold (its turn or send outlasted the lease, and another
worker took the conversation over) stops; its reply to the update it was answering is
not stored (store.finish_inbound checks the hold in the same transaction), so one
update never gets two replies.

An update whose turn finds the machine's every heavy slot taken (``work_budget.slot``,
shared with the web and with this worker's other threads) stays unanswered, and the
conversation comes back later — with an apology in its place, the person would get a
reply that is not the one their message has (issue #32: one reply in two drills).
"""

from __future__ import annotations

import logging
import threading
import time
import traceback

from flask import Flask

from ..database import get_store
from ..storage import conversations
from ..work_budget import RETRY_AFTER
from . import http, store
from .adapters import ADAPTERS

log = logging.getLogger("portal.channels")
BUSY_RETRY_SECONDS = 0.5
# A turn put off because the machine is busy comes back after 0.5 s, then after twice as
# long each time it is put off again, up to the web's Retry-After: quick while it is a
# moment's contention, less often (and fewer log lines) while the machine stays full.
DEFERRED_RETRY_SECONDS = 0.5
# How many times each update was put off, in this process (for the back-off and the log);
# an entry goes when its update is answered.  Bounded: a worker that forgot a count only
# starts that update's back-off again.
_put_off: dict[int, int] = {}
_PUT_OFF_MAX = 10_000
_put_off_lock = threading.Lock()


def _request_context(app: Flask, language: str):
    base = app.config.get("PORTAL_BASE_URL", "http://127.0.0.1:8000")
    return app.test_request_context("/", base_url=base, headers={"Accept-Language": language.replace("_", "-")})


def drain(app: Flask, conversation: str) -> float | None:
    """Do the conversation's work; the delay after which to come back, or None when done."""
    lease = app.config["CHANNELS_LOCK_SECONDS"]
    with app.app_context():
        db = get_store()
        token = store.acquire(db, conversation, lease)
        if token is None:
            # Another worker has it and will see this update before it lets go (below).  Should
            # that worker have died, the conversation is tried again when its hold lapses.
            until = store.held_until(db, conversation)
            return max((until or 0) - time.time(), 0) + BUSY_RETRY_SECONDS
    deferred = None
    try:
        while True:
            with app.app_context():
                db = get_store()
                if not store.renew(db, conversation, token, lease):
                    _lost_hold()
                    return None  # another worker has the conversation now, and its work
                item = store.next_inbound(db, conversation)
                language = (item or {}).get("content", {}).get("idioma") or store.conversation_state(db, conversation).get("idioma") or "pt_BR"
            if item is None:
                break
            deferred = _answer(app, conversation, item, language, token)
            if deferred is not None:  # the later updates wait behind it: order is kept
                break
        # The replies already queued (to earlier updates) still go now.
        delay = _soonest(_send_all(app, conversation, token), deferred)
    finally:
        with app.app_context():
            store.release(get_store(), conversation, token)
    with app.app_context():
        # An update that arrived while this worker held the conversation: its own task found it
        # held and left it to us.
        if delay is None and store.has_pending_inbound(get_store(), conversation):
            return 0.0
    return delay


def _soonest(*delays: float | None) -> float | None:
    pending = [d for d in delays if d is not None]
    return min(pending) if pending else None


def _lost_hold() -> None:
    log.warning("channels: a worker lost its hold on a conversation (a turn or a send took longer than CHANNELS_LOCK_SECONDS); "
                "it stops, and the worker that took the conversation over goes on")


def _answer(app: Flask, conversation: str, item: dict, language: str, token: str) -> float | None:
    """Answer one update; None when done, or the delay after which to try it again when the
    turn had to be put off (nothing was stored, the update stays unanswered)."""
    from . import turn

    with _request_context(app, language):
        db = get_store()
        state = store.conversation_state(db, conversation)
        state["idioma"] = language
        try:
            sends = turn.answer(item, state, conversation)
        except turn.Deferred as deferred:
            with _put_off_lock:
                if len(_put_off) >= _PUT_OFF_MAX:
                    _put_off.clear()
                times = _put_off[item["seq"]] = _put_off.get(item["seq"], 0) + 1
            delay = min(DEFERRED_RETRY_SECONDS * 2 ** (times - 1), deferred.retry_after or RETRY_AFTER)
            waited = max(time.time() - (item.get("received_at") or time.time()), 0.0)
            # Numbers only: the update's, never its text or sender.
            log.warning("channels: update #%d put off (%d time(s)), the assistant is busy (every heavy slot taken); "
                        "received %.1f s ago, next try in %.1f s", item["seq"], times, waited, delay)
            return delay
        except Exception as exc:  # a bug must not stall the conversation: say sorry, log without content
            # The frames, not the exception's message (which may quote what the person wrote).
            log.error("channels: answering update #%d failed: %s\n%s", item["seq"], type(exc).__name__, "".join(traceback.format_tb(exc.__traceback__)))
            sends = turn.apology(item["platform"], state)
        if not store.finish_inbound(db, item, state, conversation, sends, token):
            # This turn's copy of the assistant's conversation is left as it is: its id is the
            # update's (turn.turn_copy_id), so the worker now holding the chat answers under it.
            log.warning("channels: update #%d: this worker lost its hold on the conversation before storing the reply (a turn longer than "
                        "CHANNELS_LOCK_SECONDS); the reply dropped, the worker holding the conversation answers it", item["seq"])
    with _put_off_lock:
        _put_off.pop(item["seq"], None)
    return None


def _send_all(app: Flask, conversation: str, token: str) -> float | None:
    cfg = app.config
    with app.app_context():
        db = get_store()
        last_inbound = store.conversation_state(db, conversation).get("ultima_entrada") or 0
        for row in store.pending_sends(db, conversation):
            now = time.time()
            if row["next_at"] > now:
                return row["next_at"] - now
            adapter = ADAPTERS[row["platform"]]
            if adapter.WINDOW_SECONDS and now - last_inbound > adapter.WINDOW_SECONDS:
                store.mark_sent(db, row["id"], "fora_da_janela")  # the 24-hour window closed while it waited
                continue
            if not store.renew(db, conversation, token, cfg["CHANNELS_LOCK_SECONDS"]):
                _lost_hold()
                return None
            try:
                adapter.send(row["method"], row["body"], row["address"])
            except http.Retry as exc:
                attempts = row["attempts"] + 1
                if attempts >= cfg["CHANNELS_MAX_ATTEMPTS"]:
                    log.warning("channels: %s reply #%d given up after %d attempts (%s)", row["platform"], row["id"], attempts, exc)
                    store.mark_sent(db, row["id"], "falhou")
                    continue
                delay = min(cfg["CHANNELS_RETRY_SECONDS"] * 2 ** (attempts - 1), cfg["CHANNELS_RETRY_MAX"])
                store.postpone(db, row["id"], attempts, now + delay)
                return delay
            except http.Refused as exc:
                log.warning("channels: %s refused reply #%d (%s)", row["platform"], row["id"], exc)
                store.mark_sent(db, row["id"], "recusada")
                continue
            store.mark_sent(db, row["id"])
    return None


def pending(app: Flask) -> list[str]:
    with app.app_context():
        return store.pending_conversations(get_store())


def purge(app: Flask) -> dict:
    """The retention period's end: texts and conversations older than it, erased."""
    with app.app_context():
        db = get_store()
        counts = store.purge(db, app.config["CHANNELS_RETENTION_DAYS"])
        for conversation_id in counts.pop("assistant_ids"):
            conversations.delete(db, conversation_id)
    return counts
