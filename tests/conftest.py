"""Shared fixtures: one built index per test session, a fresh app per test.

The suite runs on SQLite (no configuration).  Tests that take ``store_config`` run once
on SQLite and once on a real PostgreSQL: .ci/run starts one (scripts/ci-services.sh)
and exports ``DATABASE_URL`` (and ``RATELIMIT_STORAGE_URI`` for a real Redis).  Those
variables are taken out of the environment here, so that only the tests that ask for
them use them; each PostgreSQL test gets a schema of its own, dropped afterwards.
Without a server they are skipped, saying why — except in CI (``CI=true``), where a
missing server fails them.

``make test`` runs the suite on pytest-xdist workers (``-n``).  What the workers share is
kept apart: temporary folders are per worker (pytest's own), each PostgreSQL test has its
schema, each worker its own Redis database (``redis_url`` empties it before every test),
servers bind free ports; the search index is built once per run (``index_dir``).
"""

from __future__ import annotations

import os
import secrets
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from psycopg.conninfo import make_conninfo

PG_URL = os.environ.pop("TEST_DATABASE_URL", None) or os.environ.pop("DATABASE_URL", None)
os.environ.pop("DATABASE_URL", None)
REDIS_URL = os.environ.pop("TEST_REDIS_URL", None) or os.environ.pop("RATELIMIT_STORAGE_URI", None)
os.environ.pop("RATELIMIT_STORAGE_URI", None)
# Kept under the names the portal never reads: pytest-xdist's workers are started by this process
# after it has read this file, and inherit its environment — without these they would find no
# server and every PostgreSQL/Redis test would fail in CI.
for _name, _value in (("TEST_DATABASE_URL", PG_URL), ("TEST_REDIS_URL", REDIS_URL)):
    if _value:
        os.environ[_name] = _value
SERVICES_HINT = 'start them with: eval "$(bash scripts/ci-services.sh start)"'

from app import create_app  # noqa: E402  (after the environment is settled)
from knowledge.corpus import all_laws  # noqa: E402
from portal.storage import pg  # noqa: E402
from portal.storage.db import connect, migrate  # noqa: E402
from search_index import SearchIndex, build_index  # noqa: E402


def missing_service(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}: CI must run these tests against the real server (.ci/run starts it)", pytrace=False)
    pytest.skip(f"{reason}; {SERVICES_HINT}")


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory):
    """The search index, built once per test session.

    Under pytest-xdist (``-n``) every worker is a session of its own: the first worker
    to get here builds the index in the run's shared temporary folder, holding a lock,
    and the others wait and use it (a build costs ~5-15 s of CPU), instead of each
    building its own.  Tests that change an index make a copy first."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        path = tmp_path_factory.mktemp("data") / "index"
        build_index(path, all_laws())
        return path
    import fcntl

    from search_index.stamp import is_current, source_fingerprint

    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every worker of this run
    path, fingerprint = shared / "index", source_fingerprint()
    with open(shared / "index.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not is_current(path, fingerprint):
            build_index(path, all_laws(), source=fingerprint)
    return path


@pytest.fixture(scope="session")
def search_index(index_dir):
    return SearchIndex.open(index_dir)


@pytest.fixture()
def app(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def chat(tmp_path_factory, index_dir):
    """A test client of the portal for one module's chat questions (no registry): the law answers' tests
    send it messages and read the replies (tests/test_assistant.converse)."""
    app = create_app({"DATA_DIR": str(tmp_path_factory.mktemp("chat")), "INDEX_DIR": str(index_dir), "TESTING": True})
    return app.test_client()


@pytest.fixture()
def demo_app(tmp_path, index_dir):
    """The portal with the demonstration registry loaded and CSRF off, for the form and journey tests
    that post as a browser would and look plates up."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    return app


@pytest.fixture()
def db(tmp_path):
    """An empty, migrated SQLite database of this test's own (registry and shared tables)."""
    database = connect(tmp_path / "portal.db")
    migrate(database)
    yield database
    database.conn.close()


@pytest.fixture()
def stub():
    """The local stand-in for the WhatsApp and Telegram APIs (tests/channels_stub.py), for one test."""
    from tests.channels_stub import Stub

    server = Stub()
    yield server
    server.close()


# -- the real services -------------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_server() -> str:
    if not PG_URL:
        missing_service("PostgreSQL not configured (DATABASE_URL is empty)")
    try:
        psycopg.connect(PG_URL, connect_timeout=5).close()
    except psycopg.OperationalError as exc:
        missing_service(f"PostgreSQL unreachable at DATABASE_URL ({str(exc).strip().splitlines()[0]})")
    return PG_URL


@pytest.fixture()
def pg_url(pg_server):
    """A connection string to an empty schema of this test's own."""
    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    url = make_conninfo(pg_server, options=f"-c search_path={schema}")
    yield url
    pg.close_pools(url)
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_config(request) -> dict:
    """App configuration for the shared store: {} (SQLite in DATA_DIR) or a PostgreSQL schema."""
    if request.param == "sqlite":
        return {}
    return {"DATABASE_URL": request.getfixturevalue("pg_url")}


def worker_redis_url(url: str, worker: str | None) -> str:
    """The Redis database of this xdist worker: gw0 → 1, gw1 → 2 … (the server's 16 databases;
    0, the configured one, when not under xdist), so that one worker's FLUSHDB never empties
    the keys of a test running on another."""
    if not worker:
        return url
    number = int(worker.removeprefix("gw")) + 1
    assert number < 16, f"Redis has 16 databases; {worker} has none of its own"
    return urlunsplit(urlsplit(url)._replace(path=f"/{number}"))


@pytest.fixture()
def redis_url() -> str:
    """The test Redis (emptied first), for rate limits shared between nodes."""
    if not REDIS_URL:
        missing_service("Redis not configured (RATELIMIT_STORAGE_URI is empty)")
    import redis

    url = worker_redis_url(REDIS_URL, os.environ.get("PYTEST_XDIST_WORKER"))
    client = redis.Redis.from_url(url, socket_connect_timeout=5)
    try:
        client.flushdb()
    except redis.exceptions.ConnectionError as exc:
        missing_service(f"Redis unreachable at RATELIMIT_STORAGE_URI ({exc})")
    finally:
        client.close()
    return url
