"""Two nodes, one shared PostgreSQL (and one Redis): what one node writes, the other serves.

Each node is an app with its own data directory (its own SQLite registry and search
index), the same secret key and the same DATABASE_URL — what deploy/ sets up behind
nginx.  The load drill with real gunicorn processes is benchmarks/two_nodes.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.drill  # real processes and servers; `make test-fast` leaves them out

from app import create_app
from portal.database import close_store, open_store
from portal.storage import conversations

ROOT = Path(__file__).resolve().parent.parent
SECRET = "segredo-compartilhado-pelos-nos-de-teste"
BODY = {"data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"], "jurisdicao": "recife"}


@pytest.fixture()
def nodes(tmp_path, index_dir, pg_url):
    def node(name: str):
        return create_app({
            "DATA_DIR": str(tmp_path / name), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": SECRET, "DATABASE_URL": pg_url, "REGISTRY_SYNC_SECONDS": 3600,
        })

    return node("a"), node("b")


def test_complaints_retries_and_staff_sessions_are_shared(nodes):
    node_a, node_b = nodes
    a, b = node_a.test_client(), node_b.test_client()
    first = a.post("/api/v1/denuncias", json=BODY, headers={"Idempotency-Key": "no-a-depois-no-b"})
    retry = b.post("/api/v1/denuncias", json=BODY, headers={"Idempotency-Key": "no-a-depois-no-b"})
    assert (first.status_code, retry.status_code) == (201, 200)
    protocolo = first.get_json()["protocolo"]
    assert retry.get_json()["protocolo"] == protocolo
    assert b.get(f"/api/v1/denuncias/{protocolo}").get_json()["situacao"] == "recebida"

    created = node_a.test_cli_runner().invoke(args=["staff", "create", "fiscal", "--password-stdin"], input="senha-muito-segura-2026\n")
    assert created.exit_code == 0, created.output
    assert b.post("/admin/entrar", data={"usuario": "fiscal", "senha": "senha-muito-segura-2026"}).status_code == 303
    # The balancer sends the next request to the other node: the session still holds.
    a.set_cookie("session", b.get_cookie("session").value, domain="localhost")
    dashboard = a.get("/admin/")
    assert dashboard.status_code == 200 and protocolo in dashboard.get_data(as_text=True)
    audit = a.get("/admin/auditoria").get_data(as_text=True)
    assert "login" in audit and "conta_criada" in audit


def test_a_conversation_continues_on_the_other_node(nodes):
    node_a, node_b = nodes
    reply = node_a.test_client().post("/api/v1/assistente", json={"mensagem": "quanto tempo vale o CRC?", "conversa": None}).get_json()
    store = open_store(node_b)
    try:
        conversation_id, state = conversations.load(store, reply["conversa"])
    finally:
        close_store(store)
    assert conversation_id == reply["conversa"] and state is not None
    follow_up = node_b.test_client().post("/api/v1/assistente", json={"mensagem": "e em São Paulo?", "conversa": reply["conversa"]}).get_json()
    assert follow_up["conversa"] == reply["conversa"]


def test_a_registry_import_on_one_node_is_picked_up_by_the_other(nodes):
    node_a, node_b = nodes
    assert node_b.test_client().get("/api/v1/veiculos/KGT2E47").get_json()["situacao"] == "nao_encontrado"
    imported = node_a.test_cli_runner().invoke(args=["registry", "demo"])
    assert imported.exit_code == 0 and "DEMONSTRAÇÃO" in imported.output
    synced = node_b.test_cli_runner().invoke(args=["registry", "sync"])
    assert synced.exit_code == 0 and "Cadastro publicado copiado" in synced.output
    data = node_b.test_client().get("/api/v1/veiculos/KGT2E47").get_json()
    assert data["situacao"] == "regular" and data["demonstracao"] is True
    assert "Nada novo" in node_b.test_cli_runner().invoke(args=["registry", "sync"]).output


OTHER_NODE = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, {root!r})
    from app import create_app
    app = create_app({{"DATA_DIR": {data_dir!r}, "TESTING": True, "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": {redis!r}, "SECRET_KEY": {secret!r}}})
    client = app.test_client()
    body = {body!r}
    print(json.dumps([client.post("/api/v1/denuncias", json=body).status_code for _ in range(6)]))
""")


def test_rate_limits_hold_across_nodes(tmp_path, index_dir, redis_url):
    """The complaint limit (10 per minute per address) counts requests on every node.  The
    counters are keyed by an HMAC of the address with the secret key, which every node
    shares (deploy/ sets the same PORTAL_SECRET_KEY)."""
    script = OTHER_NODE.format(root=str(ROOT), data_dir=str(tmp_path / "outro"), redis=redis_url, body=BODY, secret=SECRET)
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(other.stdout.strip().splitlines()[-1]) == [201] * 6
    here = create_app({"DATA_DIR": str(tmp_path / "aqui"), "INDEX_DIR": str(index_dir), "TESTING": True,
                       "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": redis_url, "SECRET_KEY": SECRET})
    client = here.test_client()
    statuses = [client.post("/api/v1/denuncias", json=BODY).status_code for _ in range(5)]
    assert statuses == [201, 201, 201, 201, 429]
