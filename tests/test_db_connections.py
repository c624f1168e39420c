"""A worker thread keeps its SQLite connection between requests: a plate lookup runs
the registry-version check and the vehicle query, and a plate asked again only the
version check (issue #12: it used to run ten statements, most of them connection set-up)."""

from __future__ import annotations

import shutil

from portal.database import db_path


def _connection(app):
    return app.extensions["db_connections"].entry[0].conn


def test_plate_lookup_runs_two_statements_on_a_kept_connection(app, client):
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    assert client.get("/api/v1/veiculos/KGT2E47").status_code == 200  # registry metadata read here, once per version
    conn = _connection(app)
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    response = client.get("/api/v1/veiculos/KHD1A11")
    conn.set_trace_callback(None)
    assert response.status_code == 200 and response.get_json()["placa"] == "KHD1A11"
    assert _connection(app) is conn
    assert len(statements) == 2, statements
    assert statements[0] == "PRAGMA data_version"
    assert "FROM vehicles v JOIN operators o" in statements[1]


def test_a_plate_asked_again_runs_only_the_version_check(app, client):
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    first = client.get("/api/v1/veiculos/KHD1A11").get_json()
    conn = _connection(app)
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    again = client.get("/api/v1/veiculos/KHD1A11").get_json()
    conn.set_trace_callback(None)
    assert statements == ["PRAGMA data_version"]
    assert {k: v for k, v in again.items() if k != "consultado_em"} == {k: v for k, v in first.items() if k != "consultado_em"}


def test_a_replaced_database_file_is_reopened(app, client, tmp_path):
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    assert client.get("/api/v1/veiculos/KGT2E47").status_code == 200
    old = _connection(app)
    path = db_path(app)
    copy = tmp_path / "restored.db"
    shutil.copy(path, copy)
    copy.replace(path)  # what restoring a backup does: a new file under the same name
    assert client.get("/api/v1/veiculos/KGT2E47").status_code == 200
    assert _connection(app) is not old
