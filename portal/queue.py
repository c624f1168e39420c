"""The channels' task queue (huey) and its worker.

Where the queue lives follows the installation, with no extra service for one machine:

- nothing configured: a SQLite file in the data directory (``channels-queue.db``);
- ``DATABASE_URL`` (several nodes on PostgreSQL): huey's PostgreSQL storage in the same
  database, so every node's worker takes work from every node's webhooks;
- ``CHANNELS_QUEUE_URL=redis://…`` (or ``postgresql://…``): that server instead.

The queue carries only *which conversation* has work; what the work is (the update, the
reply's parts, whether each was sent) is in the channel tables (channels/store.py), so a
task lost with a killed worker loses nothing: ``sweep`` — at the worker's start and every
minute — queues again every conversation with work left.  One worker at a time answers a
conversation (a lease in the database, channels/store.acquire), so a conversation's
messages are answered, and its replies sent, in order, whichever node received them.

Run it beside the web server: ``flask --app app channels worker`` (``make run`` does).
"""

from __future__ import annotations

import logging
from pathlib import Path

from flask import Flask

log = logging.getLogger("portal.queue")
QUEUE_FILE = "channels-queue.db"


class ChannelQueue:
    """The huey instance of one app and its tasks."""

    def __init__(self, app: Flask):
        from huey import crontab

        from .channels import delivery

        self.huey = make_huey(app)
        huey = self.huey

        @huey.task(name="channels.drain")
        def drain(conversation: str):
            delay = delivery.drain(app, conversation)
            if delay == 0:  # more arrived meanwhile
                drain(conversation)
            elif delay is not None:  # a send to retry later, or held by a worker that may have died
                drain.schedule((conversation,), delay=delay)

        @huey.periodic_task(crontab(minute="*"), name="channels.sweep")
        def sweep_every_minute():
            self.sweep()

        @huey.periodic_task(crontab(minute="17"), name="channels.purge")
        def purge_every_hour():
            counts = delivery.purge(app)
            log.info("channels retention purge: %s", counts)

        self.drain = drain
        self.app = app

    def sweep(self) -> int:
        from .channels import delivery

        pending = delivery.pending(self.app)
        for conversation in pending:
            self.drain(conversation)
        return len(pending)


def make_huey(app: Flask):
    from huey import PostgresHuey, RedisHuey, SqliteHuey

    _SqliteQueue = _sqlite_queue_class()

    url = app.config.get("CHANNELS_QUEUE_URL") or app.config.get("DATABASE_URL") or ""
    # results=False: nobody waits on a task's return value; the outcome is in the channel tables.
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisHuey("embarque-canais", url=url, results=False)
    if url.startswith(("postgresql://", "postgres://")) or (url and "=" in url):  # a URL or a libpq conninfo
        return PostgresHuey("embarque-canais", dsn=url, results=False)
    return SqliteHuey("embarque-canais", filename=str(Path(app.config["DATA_DIR"]) / QUEUE_FILE), results=False, storage_class=_SqliteQueue)


def _sqlite_queue_class():
    from huey.storage import SqliteStorage

    class SqliteQueue(SqliteStorage):
        """huey's SQLite storage with the portal database's durability (WAL, synchronous=NORMAL):
        no disk flush on every enqueue, which was most of a webhook's acknowledgement time.  A
        task lost to a power cut costs nothing: the work it names is in the channel tables and
        the worker's sweep queues it again."""

        def _create_connection(self):
            conn = super()._create_connection()
            conn.execute("PRAGMA synchronous = NORMAL")
            return conn

    return SqliteQueue


def get_queue(app: Flask) -> ChannelQueue:
    queue = app.extensions.get("channels_queue")
    if queue is None:
        queue = app.extensions["channels_queue"] = ChannelQueue(getattr(app, "_get_current_object", lambda: app)())
    return queue


def enqueue_drain(app: Flask, conversation: str) -> None:
    get_queue(app).drain(conversation)


def run_worker(app: Flask, workers: int | None = None) -> None:
    """The consumer in this process (threads: the work is waiting on the platforms' APIs)."""
    from huey.consumer import Consumer

    queue = get_queue(app)
    warm_up(app)
    found = queue.sweep()  # what a killed worker left: queued again before taking new work
    log.info("channels worker: %d conversation(s) with work left", found)
    Consumer(queue.huey, workers=workers or app.config.get("CHANNELS_WORKERS", 2), worker_type="thread", periodic=True,
             initial_delay=0.05, max_delay=1.0, check_worker_health=True).run()


def warm_up(app: Flask) -> None:
    """One throwaway turn of the assistant (a law question and a plate) before taking work: the
    statutes, parameters and index load on first use, and the worker threads would otherwise all
    load them at once on their first message (tens of seconds on a busy machine)."""
    from .assistant_service import converse
    from .database import get_store
    from .storage import conversations

    with app.test_request_context("/"):
        try:
            conversation_id, _reply, _state = converse("quanto tempo vale o CRC em Pernambuco?", None)
            converse("KGT2E47", conversation_id)
            conversations.delete(get_store(), conversation_id)
        except Exception:  # a worker that cannot warm up still serves (and says why on its first message)
            log.warning("channels worker: warm-up failed", exc_info=True)
