"""Two nodes, one conversation: its messages answered in order, whichever node got them.

Each node is an app with its own data directory and its own worker process, the same
secret key and the same DATABASE_URL (PostgreSQL); the queue is huey's PostgreSQL storage
in that database, or the shared Redis.  The webhooks are alternated between the nodes, as
a balancer would; both workers take work, and the conversation's lease in the database
keeps one at a time on it.  Needs the services of scripts/ci-services.sh (up in CI).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from app import create_app
from tests import channels_stub as stub_api
from tests.channels_stub import post_whatsapp, wa_body, wa_text
from tests.test_channels_delivery import ROOT, WORKER
from tests.test_channels_whatsapp import text_of

pytestmark = pytest.mark.drill  # real processes and servers

SECRET = "segredo-compartilhado-pelos-nos-de-teste"
PLATES = ["ABC1D11", "ABC1D12", "ABC1D13", "ABC1D14", "ABC1D15", "ABC1D16"]


@pytest.fixture(params=["postgresql", "redis"])
def queue_url(request):
    return "" if request.param == "postgresql" else request.getfixturevalue("redis_url")


def test_two_nodes_answer_one_conversation_in_order(tmp_path, index_dir, pg_url, queue_url, stub):
    configs = [
        {"DATA_DIR": str(tmp_path / name), "INDEX_DIR": str(index_dir), "TESTING": True, "SECRET_KEY": SECRET, "DATABASE_URL": pg_url,
         "REGISTRY_SYNC_SECONDS": 3600, "CHANNELS_QUEUE_URL": queue_url, **stub_api.channel_config(stub)}
        for name in ("a", "b")
    ]
    nodes = [create_app(c) for c in configs]
    workers = [subprocess.Popen([sys.executable, "-c", WORKER.format(root=str(ROOT))], env={**os.environ, "CHANNELS_TEST_CONFIG": json.dumps(c)},
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for c in configs]
    try:
        for n, plate in enumerate(PLATES):  # a person typing fast; the balancer alternates the nodes
            raw = wa_body([wa_text(f"wamid.NODE{n}", plate)], sender="5581988887777")
            assert post_whatsapp(nodes[n % 2].test_client(), raw).status_code == 200
        # and the platform re-sends one of them to the other node: still one reply
        raw = wa_body([wa_text("wamid.NODE2", PLATES[2])], sender="5581988887777")
        assert post_whatsapp(nodes[1].test_client(), raw).status_code == 200
        deadline = time.time() + 120
        while len([p for s in stub.sent() for p in PLATES if p in text_of(s["body"])]) < len(PLATES) and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(2)
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            try:
                worker.wait(15)
            except subprocess.TimeoutExpired:
                worker.kill()
    texts = [text_of(s["body"]) for s in stub.sent("whatsapp")]
    # each reply is its text and then its buttons (a long text goes first, on its own)
    assert [p for t in texts for p in PLATES if p in t] == PLATES
