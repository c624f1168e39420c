"""Security and operations: headers, cookies, limits, error pages, health, backup, faults."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from app import create_app


def test_security_headers(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert "Strict-Transport-Security" not in response.headers  # plain HTTP here
    secure = client.get("/", base_url="https://portal.example")
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")


def test_no_inline_script_in_any_page(client):
    for url in ["/", "/busca?q=multa", "/assistentes/modalidade", "/consulta", "/denuncia", "/assistente", "/admin/entrar", "/leis/recife-lei-16856-2003"]:
        html = client.get(url).get_data(as_text=True)
        for tag in __import__("re").findall(r"<script[^>]*>", html):
            assert "src=" in tag, (url, tag)
        assert " style=" not in html and " onclick=" not in html, url


def test_session_cookie_flags(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": True, "SESSION_COOKIE_SECURE": True})
    response = app.test_client().get("/denuncia")
    cookie = response.headers.get("Set-Cookie", "")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" in cookie


def test_rate_limit_gives_429_page_in_the_users_language(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "RATELIMIT_ENABLED": True})
    client = app.test_client()
    statuses = [client.get("/api/v1/veiculos/ABC1234").status_code for _ in range(65)]
    assert statuses[0] == 200 and statuses[-1] == 429
    limited = client.get("/api/v1/veiculos/ABC1234")
    assert limited.get_json()["error"] and "Retry-After" in limited.headers
    # Another address: the lookup limit is one per action, shared by the API and the pages.
    pages = [client.get("/consulta?placa=ABC1234", headers={"Accept-Language": "en"}, environ_base={"REMOTE_ADDR": "198.51.100.9"}) for _ in range(61)]
    assert pages[0].status_code == 200 and pages[-1].status_code == 429
    assert '<html lang="en">' in pages[-1].get_data(as_text=True)


def test_staff_login_is_rate_limited(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "RATELIMIT_ENABLED": True, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    statuses = [client.post("/admin/entrar", data={"usuario": "x", "senha": "y"}).status_code for _ in range(12)]
    assert statuses[0] == 401 and statuses[-1] == 429


def test_body_size_limit(client):
    response = client.post("/api/v1/assistente", json={"mensagem": "x" * 70_000})
    assert response.status_code == 413
    assert response.get_json()["error"]


def test_json_api_rejects_cross_site_form_posts(client):
    assert client.post("/api/v1/denuncias", data={"ocorrencias": "porta_aberta"}).status_code in (400, 415)
    assert client.post("/api/v1/assistente", data={"mensagem": "oi"}).status_code == 400
    assert client.post("/api/v1/wizards/modalidade", data={"answers": "{}"}).status_code == 400


@pytest.mark.parametrize("status, url, method", [(404, "/nao-existe", "get"), (405, "/consulta", "post"), (400, "/busca?q=" + "x" * 600, "get")])
def test_error_pages_are_localised_and_never_show_a_trace(client, status, url, method):
    response = getattr(client, method)(url, headers={"Accept-Language": "es"})
    html = response.get_data(as_text=True)
    assert response.status_code == status
    assert '<html lang="es">' in html and "Traceback" not in html


def test_unexpected_error_is_a_plain_500(tmp_path, index_dir, monkeypatch):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir)})
    import portal.pages as pages

    def boom():
        raise RuntimeError("segredo interno")

    monkeypatch.setitem(app.view_functions, "pages.laws", boom)
    response = app.test_client().get("/leis")
    assert response.status_code == 500
    assert "segredo interno" not in response.get_data(as_text=True) and "Traceback" not in response.get_data(as_text=True)


# -- health -----------------------------------------------------------------------------------


def test_health_ok(client):
    data = client.get("/saude").get_json()
    assert data["status"] == "ok"
    assert data["checks"]["banco"]["journal_mode"] == "wal"
    assert data["checks"]["indice"]["documentos"] > 1000


def test_health_reports_missing_and_corrupt_index(tmp_path, index_dir):
    copy = tmp_path / "index"
    shutil.copytree(index_dir, copy)
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(copy), "TESTING": True})
    client = app.test_client()
    assert client.get("/saude").status_code == 200
    shutil.rmtree(copy)
    missing = client.get("/saude")
    assert missing.status_code == 503 and missing.get_json()["checks"]["indice"]["ok"] is False
    assert client.get("/api/v1/search?q=multa").status_code == 503
    shutil.copytree(index_dir, copy)
    for segment in copy.glob("*.seg"):
        segment.write_bytes(b"lixo" * 10)
    for toc in copy.glob("*.toc"):
        toc.write_bytes(b"lixo")
    app2 = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(copy), "TESTING": True})
    corrupt = app2.test_client().get("/saude")
    assert corrupt.status_code == 503 and "ilegível" in corrupt.get_json()["checks"]["indice"]["erro"]


# -- database faults ------------------------------------------------------------------------------

COMPLAINT = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe"}


def test_locked_database_gives_503_and_nothing_is_half_written(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    import portal.storage.db as db_module

    client = app.test_client()
    db_file = Path(tmp_path) / "portal.db"
    blocker = sqlite3.connect(db_file, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    original = db_module.BUSY_TIMEOUT_MS
    db_module.BUSY_TIMEOUT_MS = 200
    try:
        response = client.post("/api/v1/denuncias", json=COMPLAINT, headers={"Idempotency-Key": "k-locked"})
        assert response.status_code == 503 and "Nada foi registrado" in response.get_json()["error"]
        assert response.headers["Retry-After"] == "30"
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
        db_module.BUSY_TIMEOUT_MS = original
    retried = client.post("/api/v1/denuncias", json=COMPLAINT, headers={"Idempotency-Key": "k-locked"})
    assert retried.status_code == 201
    check = sqlite3.connect(db_file)
    assert check.execute("SELECT COUNT(*) FROM complaints WHERE chave_idempotencia IS NOT NULL").fetchone()[0] == 1
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_read_only_database_gives_503(tmp_path, index_dir):
    """The file unwritable: a mode without write for an ordinary user; as root (CI), who
    ignores modes, the file made immutable (chattr +i) — never skipped."""
    import subprocess

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    db_file = Path(tmp_path) / "portal.db"
    if os.geteuid() == 0:
        made = subprocess.run(["chattr", "+i", str(db_file)], capture_output=True, text=True)
        assert made.returncode == 0, f"as root the test needs chattr +i: {made.stderr}"
        undo = ["chattr", "-i", str(db_file)]
    else:
        os.chmod(db_file, 0o444)
        undo = None
    try:
        assert app.test_client().post("/api/v1/denuncias", json=COMPLAINT).status_code == 503
    finally:
        if undo:
            subprocess.run(undo, check=True)
        else:
            os.chmod(db_file, 0o600)


def test_read_only_connection_gives_503(tmp_path, index_dir, monkeypatch):
    """A disk that became read-only: SQLite refuses the write, the citizen is told, nothing is stored."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    import portal.database as database
    from portal.storage.db import connect

    monkeypatch.setattr(database, "connect", lambda path, readonly=False: connect(path, readonly=True))
    client = app.test_client()
    assert client.post("/api/v1/denuncias", json=COMPLAINT).status_code == 503
    form = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "2026-11-01", "ocorrencias": "porta_aberta", "relato": "não pode sumir"})
    assert form.status_code == 503 and "não pode sumir" in form.get_data(as_text=True) and "NÃO foi registrada" in form.get_data(as_text=True)


def test_backup_command(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "INDEX_DIR": str(index_dir), "TESTING": True})
    app.test_client().post("/api/v1/denuncias", json=COMPLAINT)
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copia.db")])
    assert result.exit_code == 0 and "integridade ok" in result.output
    copy = sqlite3.connect(tmp_path / "copia.db")
    assert copy.execute("SELECT COUNT(*) FROM complaints").fetchone()[0] == 1
    again = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copia.db")])
    assert again.exit_code == 1
