"""Security round 3 (issue #34): each attack found on the running portal, replayed.

Beside tests/test_attacks.py (round 2), in the issue's order: every test sends what
the attacker sent and states what the portal must do instead.
"""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest

from app import create_app
from portal import work_budget

LAW_WORDS = ("multa fretamento autorização vistoria veículo passageiros cassação suspensão infração prazo recurso "
             "documento seguro motorista licença tacógrafo itinerário").split()


@pytest.fixture()
def app(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "PORTAL_RUN_DIR": str(tmp_path / "run")})


def _law_words(n: int, every: int = 0) -> str:
    words = [LAW_WORDS[i % len(LAW_WORDS)] + ("." if every and i % every == every - 1 else "") for i in range(n)]
    return " ".join(words)


def _conversations(app) -> int:
    from portal.database import open_store

    db = open_store(app)
    try:
        return db.execute("SELECT COUNT(*) FROM conversations").fetchone()[0]
    finally:
        db.close()


# -- High 1: the chat was a CPU denial of service ------------------------------------------------


@pytest.mark.parametrize("message", [_law_words(200), _law_words(60, every=6)])
def test_a_message_over_the_work_budget_is_refused_before_the_engine_sees_it(app, message, monkeypatch):
    """2,000 characters of law words cost seconds of CPU each; the portal now refuses a
    message of more than 80 words or 6 sentences, in the user's language, with a 400."""
    from knowledge.assistant import Assistant

    def engine_must_not_run(*args, **kwargs):
        raise AssertionError("the engine ran on a message over the budget")

    monkeypatch.setattr(Assistant, "respond", engine_must_not_run)
    client = app.test_client()
    api = client.post("/api/v1/assistente", json={"mensagem": message})
    assert api.status_code == 400 and api.get_json()["field"] == "mensagem"
    assert "no máximo" in api.get_json()["error"]
    english = client.post("/api/v1/assistente", json={"mensagem": message}, headers={"Accept-Language": "en"})
    assert english.status_code == 400 and "at most" in english.get_json()["error"]
    page = client.post("/assistente", data={"mensagem": message})
    assert page.status_code == 400 and "no máximo" in page.get_data(as_text=True)


def test_an_honest_question_still_gets_an_answer(app):
    response = app.test_client().post("/api/v1/assistente", json={"mensagem": "Qual o prazo para recorrer de uma multa no fretamento em Pernambuco?"})
    assert response.status_code == 200 and response.get_json()["resposta"]


def test_when_every_slot_is_taken_the_chat_answers_503_at_once_and_stores_nothing(app):
    """Four costly messages at once took every worker.  At most PORTAL_HEAVY_SLOTS turns
    run at once on the machine (counted with flock across processes); the next one does
    not wait for a slot (waiting holds a worker too): 503 with Retry-After."""
    app.config["PORTAL_HEAVY_SLOTS"] = 1
    client = app.test_client()
    with app.test_request_context(), work_budget.slot("assistente"):
        api = client.post("/api/v1/assistente", json={"mensagem": "multa por passageiro em pé"})
        page = client.post("/assistente", data={"mensagem": "multa por passageiro em pé"})
    assert api.status_code == 503 and api.headers["Retry-After"] == str(work_budget.RETRY_AFTER)
    assert "Tente de novo" in api.get_json()["error"]
    assert page.status_code == 503 and page.headers["Retry-After"] and "Tente de novo" in page.get_data(as_text=True)
    assert _conversations(app) == 0
    # The slot is free again once released: the same message is answered.
    assert client.post("/api/v1/assistente", json={"mensagem": "multa por passageiro em pé"}).status_code == 200


def test_a_turn_that_uses_its_whole_cpu_budget_is_stopped_with_a_clear_422(app):
    app.config["ASSISTANT_CPU_SECONDS"] = 0.001
    response = app.test_client().post("/api/v1/assistente", json={"mensagem": _law_words(40)})
    assert response.status_code == 422 and "pergunta mais curta" in response.get_json()["error"]
    assert _conversations(app) == 0


def test_the_slot_of_a_killed_process_is_free_again(tmp_path, app):
    """flock belongs to the open file: a worker killed with SIGKILL holds no slot."""
    import multiprocessing

    app.config["PORTAL_HEAVY_SLOTS"] = 1
    ctx = multiprocessing.get_context("fork")
    held, stop = ctx.Event(), ctx.Event()

    def hold():
        with app.test_request_context(), work_budget.slot("assistente"):
            held.set()
            stop.wait(30)

    worker = ctx.Process(target=hold)
    worker.start()
    assert held.wait(30)
    with app.test_request_context(), pytest.raises(work_budget.Busy):
        with work_budget.slot("assistente"):
            pass
    worker.kill()
    worker.join(10)
    with app.test_request_context(), work_budget.slot("assistente") as number:
        assert number == 0


# -- Low 8: limits are per action, not per route ----------------------------------------------------


@pytest.fixture()
def limited(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "RATELIMIT_ENABLED": True, "PORTAL_RUN_DIR": str(tmp_path / "run")})


def test_plate_lookups_share_one_limit_across_consulta_v_and_the_api(limited):
    client = limited.test_client()
    routes = ["/consulta?placa=ABC1234", "/v/ABC1234", "/api/v1/veiculos/ABC1234"]
    statuses = [client.get(routes[i % 3]).status_code for i in range(61)]
    assert statuses[:60].count(429) == 0 and statuses[60] == 429


def test_complaints_share_one_limit_across_the_form_and_the_api(limited):
    client = limited.test_client()
    body = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "jurisdicao": "pe", "relato": "relato de teste"}
    statuses = []
    for i in range(11):
        if i % 2:
            statuses.append(client.post("/denuncia", data={**body, "ocorrencias": "outro"}).status_code)
        else:
            statuses.append(client.post("/api/v1/denuncias", json=body).status_code)
    assert 429 not in statuses[:10] and statuses[10] == 429


def test_chat_messages_share_one_limit_across_the_page_and_the_api(limited):
    client = limited.test_client()
    statuses = []
    for i in range(31):
        if i % 2:
            statuses.append(client.post("/assistente", data={"mensagem": "oi"}).status_code)
        else:
            statuses.append(client.post("/api/v1/assistente", json={"mensagem": "oi"}).status_code)
    assert 429 not in statuses[:30] and statuses[30] == 429


# -- Medium 2 and Low 9: photos ----------------------------------------------------------------------


def _jpeg(size, **save) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, (120, 80, 40)).save(out, "JPEG", quality=30, **save)
    return out.getvalue()


def test_a_large_jpeg_is_decoded_already_reduced(monkeypatch):
    """A 40-megapixel JPEG of 628 KB passed both caps and cost a second of CPU to decode
    in full.  It is now decoded by libjpeg at 1/2–1/8 scale: no more pixels than the
    stored photo needs (between MAX_SIDE/2 and MAX_SIDE on the longer side)."""
    from PIL import JpegImagePlugin

    from portal import photos

    decoded = []
    real_load = JpegImagePlugin.JpegImageFile.load

    def load(self):
        decoded.append(self.size)
        return real_load(self)

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "load", load)
    photo = photos.clean(_jpeg((8000, 5000)))
    width, height = decoded[-1]
    assert width * height <= 8000 * 5000 / 16 and width >= photos.MAX_SIDE // 2
    assert (photo.largura, photo.altura) == (width, height) and max(width, height) <= photos.MAX_SIDE


def test_png_and_webp_without_reduced_decoding_have_a_lower_pixel_cap():
    from PIL import Image

    from portal import photos

    out = io.BytesIO()
    Image.new("RGB", (4000, 3500)).save(out, "PNG")  # 14 MP: a bomb for a full decode, tiny on disk
    with pytest.raises(photos.PhotoError, match="pixels demais"):
        photos.clean(out.getvalue())


def test_a_jpeg_comment_does_not_survive_the_re_encoding():
    from portal import photos

    data = _jpeg((640, 480), comment=b"Foto de Maria Aparecida Souza, CPF 123.456.789-09")
    assert b"Maria Aparecida" in data
    cleaned = photos.clean(data).conteudo
    assert b"Maria" not in cleaned and b"CPF" not in cleaned


# -- Medium 3: open data named natural persons --------------------------------------------------------

COMPANY_CNPJ = "11.222.333/0001-81"


@pytest.mark.parametrize("name", [
    "M.E.I. Maria Aparecida Souza",
    "M E I Maria Aparecida Souza",
    "Maria Aparecida Souza - mei",
    "Maria Aparecida Souza 123 456 789 09",
    "Maria Aparecida Souza 123.456.789/09",
    "MARIA APARECIDA SOUZA ME",
    "Maria Aparecida Souza M.E.",
    "MARIA APARECIDA SOUZA EI",
    "Maria Aparecida Souza EIRELI",
    "Maria Aparecida Souza - Empresário Individual",
    "MARIA APARECIDA SOUZA - EMPRESARIA INDIVIDUAL",
])
def test_the_ways_registries_write_an_individual_are_not_published_as_companies(name):
    from knowledge.open_data import is_natural_person

    assert is_natural_person(name, COMPANY_CNPJ) is True


@pytest.mark.parametrize("name", [
    "Rota Turismo Ltda", "Transportes Meireles Ltda ME", "Expresso Recife LTDA - ME",
    "Transportes 2020 Ltda", "Lume Turismo",
])
def test_companies_keep_their_names(name):
    from knowledge.open_data import is_natural_person

    assert is_natural_person(name, COMPANY_CNPJ) is False


# -- Medium 6 and Low 15: the shared services stall; reads go on, writes fail fast ---------------------

import socket
import subprocess
import shutil
import time
from contextlib import contextmanager

from tests.conftest import missing_service

COMPLAINT = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "jurisdicao": "pe", "relato": "relato de teste"}


@contextmanager
def _black_hole(port: int = 0):
    """A server that takes connections and never says a word: a PostgreSQL or Redis
    that hangs (SIGSTOP, a dropped network)."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(64)
    try:
        yield server.getsockname()[1]
    finally:
        server.close()


def _timed(call):
    start = time.monotonic()
    response = call()
    return response, time.monotonic() - start


def test_with_the_shared_database_hung_writes_fail_within_a_second_or_two_and_reads_go_on(tmp_path, index_dir, pg_url):
    from portal.storage import pg

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "DATABASE_URL": pg_url,
                      "PORTAL_RUN_DIR": str(tmp_path / "run")})
    client = app.test_client()
    assert client.post("/api/v1/denuncias", json=COMPLAINT).status_code == 201
    with _black_hole() as port:
        app.config["DATABASE_URL"] = hung = f"postgresql://postgres@127.0.0.1:{port}/embarque"
        first, first_time = _timed(lambda: client.post("/api/v1/denuncias", json=COMPLAINT))
        again, again_time = _timed(lambda: client.post("/api/v1/denuncias", json=COMPLAINT))
        assert (first.status_code, again.status_code) == (503, 503) and first.headers["Retry-After"]
        assert first_time < 2.5 and again_time < 0.5  # was 10 s each: the pool's wait; then at once while known down
        for url in ("/api/v1/ping", "/", "/api/v1/veiculos/ABC1234"):
            response, took = _timed(lambda: client.get(url))
            assert response.status_code == 200 and took < 1.0, url
        health = client.get("/saude")
        assert health.status_code == 503 and health.get_json()["checks"]["banco_compartilhado"]["ok"] is False
        pg.close_pools(hung)
    # The server is back: within RETRY_SECONDS the next write goes through (a fresh pool,
    # not the old one's minute-long reconnection back-off).
    app.config["DATABASE_URL"] = pg_url
    time.sleep(pg.RETRY_SECONDS + 0.1)
    assert client.post("/api/v1/denuncias", json=COMPLAINT).status_code == 201


def test_the_test_postgresql_commits_durably(pg_server):
    """CI's PostgreSQL (scripts/ci-services.sh) ran with synchronous_commit=off: a crash-stop
    lost acknowledged complaints.  The server the tests run against commits as production does."""
    import psycopg

    with psycopg.connect(pg_server) as conn:
        settings = {name: conn.execute(f"SHOW {name}").fetchone()[0] for name in ("fsync", "synchronous_commit", "full_page_writes")}
    assert settings == {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_with_the_limit_store_stalled_writes_fail_closed_reads_go_on_and_it_recovers(tmp_path, index_dir):
    from portal.security import STORE_PROBE_SECONDS, limiter

    if not shutil.which("redis-server"):
        missing_service("redis-server is not installed")
    port = _free_port()
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "RATELIMIT_ENABLED": True,
                      "RATELIMIT_STORAGE_URI": f"redis://127.0.0.1:{port}/0", "PORTAL_RUN_DIR": str(tmp_path / "run")})
    client = app.test_client()
    redis_server = None
    try:
        with _black_hole(port):
            first, took = _timed(lambda: client.post("/api/v1/denuncias", json=COMPLAINT))
            assert took < 1.5  # was ~4 s per limited request
            refused, took = _timed(lambda: client.post("/api/v1/denuncias", json=COMPLAINT))
            assert refused.status_code == 503 and refused.headers["Retry-After"] and took < 0.5
            assert "nada foi registrado" in refused.get_json()["error"]
            lookup, took = _timed(lambda: client.get("/api/v1/veiculos/ABC1234"))
            assert lookup.status_code == 200 and took < 1.0
        redis_server = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            status = client.post("/api/v1/denuncias", json=COMPLAINT).status_code
            if status == 201:
                break
            time.sleep(0.2)
        assert status == 201
        assert time.monotonic() - (deadline - 10) < STORE_PROBE_SECONDS + 3  # counted in Redis again within seconds
        import redis

        assert any(b"acao:denuncia" in key for key in redis.Redis(port=port).keys("*"))
    finally:
        limiter._storage_dead = False
        if redis_server is not None:
            redis_server.kill()
            redis_server.wait(10)


# -- Medium 5 and Info: the deployment examples ---------------------------------------------------------

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def _nginx_locations(text: str) -> dict[str, str]:
    """Each ``location … {`` of an nginx file with its block's text (no nested blocks here)."""
    import re

    return {m.group(1).strip(): m.group(2) for m in re.finditer(r"location\s+([^{]+)\{([^}]*)\}", text)}


def _size(value: str) -> int:
    units = {"k": 1024, "m": 1024 ** 2, "g": 1024 ** 3}
    return int(value[:-1]) * units[value[-1].lower()] if value[-1].isalpha() else int(value)


@pytest.mark.parametrize("conf", ["nginx.conf", "two-nodes/nginx.conf"])
def test_every_nginx_example_takes_a_complaint_with_its_photos(conf):
    """The two-node example kept the server's 64k on /denuncia: a 1.7 MB photo got nginx's
    own 413 and the typed complaint was lost.  Every example's location that serves the
    form allows the whole form (3 photos of 5 MB and the text)."""
    import re

    from portal.photos import MAX_REQUEST_BYTES

    locations = _nginx_locations((DEPLOY / conf).read_text())
    serving = [body for where, body in locations.items()
               if where == "= /denuncia" or (where.startswith("~") and re.search(where.split(None, 1)[1], "/denuncia"))]
    assert serving, f"{conf}: no location for /denuncia"
    for body in serving:
        size = re.search(r"client_max_body_size\s+(\w+);", body)
        assert size and _size(size.group(1)) >= MAX_REQUEST_BYTES


def test_the_example_deployment_requires_tls_to_postgresql():
    import re

    env = (DEPLOY / "two-nodes" / "embarque-legal.env").read_text()
    url = re.search(r"^DATABASE_URL=(\S+)", env, re.MULTILINE).group(1)
    assert re.search(r"[?&]sslmode=(require|verify-ca|verify-full)(&|$)", url)


# -- Medium 7: the staff listing pages through every complaint --------------------------------------


def _signed_in(app):
    from portal.storage import staff as staff_store
    from portal.storage.db import connect

    db = connect(app.config["DATA_DIR"] + "/portal.db")
    staff_store.create_user(db, "fiscal", "senha-muito-segura-2026")
    db.conn.close()
    client = app.test_client()
    assert client.post("/admin/entrar", data={"usuario": "fiscal", "senha": "senha-muito-segura-2026"}).status_code == 303
    return client


def test_a_flood_of_complaints_does_not_hide_the_real_one(app):
    """The dashboard showed the newest 200 only.  A real complaint followed by 230 junk
    ones is on the last page, and found at once by its plate or place."""
    client = app.test_client()
    real = client.post("/api/v1/denuncias", json={**COMPLAINT, "placa": "KGT2E47", "jurisdicao": "sp", "ocorrencias": ["passageiros_em_pe"]}).get_json()
    for _ in range(230):
        assert client.post("/api/v1/denuncias", json=COMPLAINT).status_code == 201
    staff = _signed_in(app)
    first = staff.get("/admin/").get_data(as_text=True)
    assert real["protocolo"] not in first and "231 denúncias" in first and "página 1 de 5" in first
    last = staff.get("/admin/?pagina=5").get_data(as_text=True)
    assert real["protocolo"] in last and 'rel="prev"' in last
    by_plate = staff.get("/admin/?placa=kgt-2e47").get_data(as_text=True)
    assert real["protocolo"] in by_plate and "1 denúncia" in by_plate
    # Labels, not codes: the place's name and the occurrence's wording.
    assert "São Paulo" in by_plate and "Passageiros viajando em pé" in by_plate and "passageiros em pe" not in by_plate
    assert real["protocolo"] in staff.get("/admin/?jurisdicao=sp").get_data(as_text=True)
    assert real["protocolo"] not in staff.get("/admin/?jurisdicao=pe&pagina=1").get_data(as_text=True)
    for bad in ("?pagina=0", "?pagina=x", "?jurisdicao=zz", "?placa=1234567", "?situacao=nada"):
        assert staff.get("/admin/" + bad).status_code == 400, bad


# -- Low 12, 13 and 18: read-only files and volumes, owner-only files -------------------------------


@contextmanager
def _read_only_volume(path: Path):
    """``path`` as a read-only volume: a read-only bind mount as root (root ignores file
    modes), the modes taken away otherwise."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [path, *path.rglob("*")]}
        for p in modes:
            p.chmod(modes[p] & ~0o222)
        try:
            yield path
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    mounted = path.with_name(path.name + "-ro")
    mounted.mkdir()
    result = subprocess.run(["mount", "--bind", "-o", "ro", str(path), str(mounted)], capture_output=True, text=True)
    assert result.returncode == 0, f"a read-only bind mount is needed to test as root: {result.stderr}"
    try:
        yield mounted
    finally:
        subprocess.run(["umount", "--lazy", str(mounted)], check=True)  # (the app may still hold the file open)
        mounted.rmdir()


@contextmanager
def _immutable(path: Path):
    """The file made unwritable for everyone, root included (chattr +i as root)."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & ~0o222)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    result = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, f"chattr +i is needed to test as root: {result.stderr}"
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def _prepared_data_dir(tmp_path, index_dir) -> tuple[Path, str]:
    data = tmp_path / "dados"
    app = create_app({"DATA_DIR": str(data), "INDEX_DIR": str(index_dir), "TESTING": True})
    app.test_cli_runner().invoke(args=["registry", "demo"])
    protocol = app.test_client().post("/api/v1/denuncias", json=COMPLAINT).get_json()["protocolo"]
    db = sqlite3.connect(data / "portal.db")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    for companion in ("portal.db-wal", "portal.db-shm"):  # a copy or a snapshot: the database file alone
        (data / companion).unlink(missing_ok=True)
    return data, protocol


import sqlite3


@pytest.mark.parametrize("readonly_flag", [False, True])
def test_the_portal_starts_and_reads_on_a_read_only_volume(tmp_path, index_dir, readonly_flag):
    """It did not boot on a read-only volume; with PORTAL_READONLY=1 on a mount without -wal
    and -shm, lookups and protocol status answered 503."""
    data, protocol = _prepared_data_dir(tmp_path, index_dir)
    with _read_only_volume(data) as volume:
        app = create_app({"DATA_DIR": str(volume), "INDEX_DIR": str(index_dir), "TESTING": True, "DATABASE_READONLY": readonly_flag,
                          "RATELIMIT_STORAGE_URI": "memory://", "PORTAL_RUN_DIR": str(tmp_path / "run")})
        client = app.test_client()
        assert client.get("/api/v1/veiculos/ABC1234").status_code == 200
        assert client.get(f"/api/v1/denuncias/{protocol}").status_code == 200
        assert client.get("/").status_code == 200
        write = client.post("/api/v1/denuncias", json=COMPLAINT)
        assert write.status_code == 503 and write.headers["Retry-After"]
        health = client.get("/saude").get_json()
        assert health["checks"]["gravacao"]["ok"] is readonly_flag  # intended read-only mode is healthy; a volume that turned read-only is not


def test_a_database_made_immutable_refuses_writes_in_every_worker_alike(tmp_path, index_dir):
    """Workers that had portal.db open kept answering 201 and writing to the WAL when the
    file was made immutable, the others 503.  A connection follows the file's state."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "PORTAL_RUN_DIR": str(tmp_path / "run")})
    client = app.test_client()
    assert client.post("/api/v1/denuncias", json=COMPLAINT).status_code == 201  # this worker has it open now
    db_file = tmp_path / "portal.db"
    with _immutable(db_file):
        refused = client.post("/api/v1/denuncias", json=COMPLAINT)
        assert refused.status_code == 503
        assert client.get("/api/v1/veiculos/ABC1234").status_code == 200
    assert client.post("/api/v1/denuncias", json=COMPLAINT).status_code == 201
    check = sqlite3.connect(db_file)
    assert check.execute("SELECT COUNT(*) FROM complaints").fetchone()[0] == 2


def test_data_files_are_created_owner_only(tmp_path, index_dir):
    """portal.db, its WAL and ratelimit.db were created 0644 (contacts inside)."""
    data = tmp_path / "novo"
    app = create_app({"DATA_DIR": str(data), "INDEX_DIR": str(index_dir), "TESTING": True, "RATELIMIT_ENABLED": True,
                      "PORTAL_RUN_DIR": str(tmp_path / "run")})
    client = app.test_client()
    assert client.post("/api/v1/denuncias", json=COMPLAINT).status_code == 201
    files = [data / "portal.db", data / "portal.db-wal", data / "ratelimit.db"]
    for path in files:
        assert path.exists() and stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path
    # An older installation's world-readable file is tightened when opened.
    (data / "portal.db").chmod(0o644)
    create_app({"DATA_DIR": str(data), "INDEX_DIR": str(index_dir), "TESTING": True})
    assert stat.S_IMODE((data / "portal.db").stat().st_mode) == 0o600


# -- Low 17: a double quote in the path forged access-log fields ----------------------------------------


def test_a_quote_in_the_path_cannot_forge_access_log_fields(tmp_path):
    import logging
    import shlex
    from datetime import timedelta
    from types import SimpleNamespace

    from gunicorn.config import Config

    from portal.access_log import AccessLogger

    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    cfg.set("access_log_format", '%(h)s "%(m)s %(U)s %(H)s" %(s)s "%(a)s"')
    logger = AccessLogger(cfg)
    forged = '/leis" 200 "curl/8" "admin'
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": forged, "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": forged,
               "QUERY_STRING": "", "REMOTE_ADDR": "10.0.0.1", "HTTP_USER_AGENT": 'Mozilla "forged" agent'}
    logger.access(SimpleNamespace(status="404 NOT FOUND", sent=10, headers=[]), SimpleNamespace(headers=[]), environ, timedelta(milliseconds=3))
    for handler in logger.access_log.handlers:
        handler.flush()
    line = (tmp_path / "access.log").read_text().strip()
    fields = shlex.split(line)
    assert fields == ["10.0.0.1", 'GET /leis\\x22 200 \\x22curl/8\\x22 \\x22admin HTTP/1.1', "404", "Mozilla \\x22forged\\x22 agent"]
    logging.shutdown()


# -- Low 10: the receipt's share link took its host from the Host header ---------------------------------


def test_the_receipts_share_link_is_on_the_configured_address(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True,
                      "PORTAL_BASE_URL": "https://embarquelegal.example.gov.br/", "PORTAL_RUN_DIR": str(tmp_path / "run")})
    client = app.test_client()
    protocol = client.post("/api/v1/denuncias", json=COMPLAINT).get_json()["protocolo"]
    page = client.get(f"/denuncia/{protocol}?nova=1", headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in page
    assert f"https://embarquelegal.example.gov.br/denuncia/{protocol}" in page


# -- Low 11: a write inside a GET answered 500 on a full or read-only data dir ------------------------------


def test_open_data_pages_answer_when_the_statistics_cannot_be_written(tmp_path, index_dir, monkeypatch):
    from portal import opendata

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "PORTAL_RUN_DIR": str(tmp_path / "run")})
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    client = app.test_client()
    stamp = opendata.packages(str(tmp_path))[0]
    monkeypatch.setattr(opendata, "STATS_MAX_AGE", -1)  # always stale: every GET tries to recompute

    def disk_full(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", disk_full)
    page = client.get("/dados-abertos")
    assert page.status_code == 200 and "calculadas em" in page.get_data(as_text=True)
    csv = client.get(f"/dados-abertos/{stamp}/denuncias-estatisticas.csv")
    assert csv.status_code == 200 and csv.get_data(as_text=True).startswith('"')
    assert not list((opendata.root(str(tmp_path)) / stamp).glob(".*.tmp"))


# -- Low 14: the idempotency digest left the photos out ------------------------------------------------------


def _photo_count(app) -> int:
    db = sqlite3.connect(Path(app.config["DATA_DIR"]) / "portal.db")
    try:
        return db.execute("SELECT COUNT(*) FROM complaint_photos").fetchone()[0]
    finally:
        db.close()


def test_the_same_key_resent_with_a_photo_is_not_silently_stripped_of_it(app):
    form = {"jurisdicao": "pe", "data_ocorrencia": "2026-11-01", "ocorrencias": "porta_aberta", "relato": "porta aberta na viagem", "chave": "chave-1"}
    client = app.test_client()
    assert client.post("/denuncia", data=dict(form)).status_code == 303
    with_photo = client.post("/denuncia", data={**form, "fotos": (io.BytesIO(_jpeg((640, 480))), "porta.jpg")}, content_type="multipart/form-data")
    assert with_photo.status_code == 422  # another complaint under a used key: said so, the form comes back
    assert _photo_count(app) == 0
    # A real retry (same key, same photo) is still one complaint with its photo.
    again = {**form, "chave": "chave-2"}
    first = client.post("/denuncia", data={**again, "fotos": (io.BytesIO(_jpeg((640, 480))), "porta.jpg")}, content_type="multipart/form-data")
    retry = client.post("/denuncia", data={**again, "fotos": (io.BytesIO(_jpeg((640, 480))), "porta.jpg")}, content_type="multipart/form-data")
    assert first.status_code == retry.status_code == 303 and first.headers["Location"] == retry.headers["Location"]
    assert _photo_count(app) == 1


# -- Info: staff accounts from the command line; what a failed login writes down ----------------------------


def test_flask_staff_disables_an_account_resets_a_password_and_ends_sessions(app):
    staff = _signed_in(app)
    assert staff.get("/admin/").status_code == 200
    runner = app.test_cli_runner()
    revoked = runner.invoke(args=["staff", "revoke-sessions", "fiscal"])
    assert revoked.exit_code == 0 and "1 sessão" in revoked.output
    assert staff.get("/admin/").status_code in (302, 303)  # the open session ended at once
    staff = _signed_in_again(app)
    disabled = runner.invoke(args=["staff", "disable", "fiscal"])
    assert disabled.exit_code == 0 and "desativada" in disabled.output
    assert staff.get("/admin/").status_code in (302, 303)
    assert _login(app, "senha-muito-segura-2026") == 401
    assert runner.invoke(args=["staff", "enable", "fiscal"]).exit_code == 0
    reset = runner.invoke(args=["staff", "reset-password", "fiscal", "--password-stdin"], input="outra-senha-bem-longa\n")
    assert reset.exit_code == 0
    assert _login(app, "senha-muito-segura-2026") == 401 and _login(app, "outra-senha-bem-longa") == 303
    short = runner.invoke(args=["staff", "reset-password", "fiscal", "--password-stdin"], input="curta\n")
    assert short.exit_code == 1 and "12 caracteres" in short.output
    assert runner.invoke(args=["staff", "disable", "ninguem"]).exit_code == 1
    audit = app.test_client()
    audit.post("/admin/entrar", data={"usuario": "fiscal", "senha": "outra-senha-bem-longa"})
    page = audit.get("/admin/auditoria").get_data(as_text=True)
    for action in ("sessoes_encerradas", "conta_desativada", "conta_reativada", "senha_trocada"):
        assert action in page


def _signed_in_again(app):
    client = app.test_client()
    assert client.post("/admin/entrar", data={"usuario": "fiscal", "senha": "senha-muito-segura-2026"}).status_code == 303
    return client


def _login(app, password: str) -> int:
    return app.test_client().post("/admin/entrar", data={"usuario": "fiscal", "senha": password}).status_code


def test_a_failed_login_writes_down_no_typed_text_that_names_no_account(app):
    staff = _signed_in(app)
    other = app.test_client()
    other.post("/admin/entrar", data={"usuario": "Maria Aparecida Souza", "senha": "x"})
    other.post("/admin/entrar", data={"usuario": "minha-senha-secreta-2026", "senha": "x"})
    other.post("/admin/entrar", data={"usuario": "fiscal", "senha": "errada"})
    page = staff.get("/admin/auditoria").get_data(as_text=True)
    assert "login_falhou" in page
    assert "Maria" not in page and "maria" not in page and "minha-senha-secreta" not in page


def test_reading_the_story_and_correcting_the_form_do_not_use_up_the_complaint_limit(limited):
    """A phone review met the 429 after a few "Ler meu relato" and a correction, behind an address many
    phones share: the limit counts complaints stored, and over it the form comes back filled in."""
    client = limited.test_client()
    body = {"data_ocorrencia": "2026-11-01", "jurisdicao": "pe", "relato": "o motorista vendeu passagem para cada um na porta"}
    assert all(client.post("/denuncia", data={**body, "acao": "ler"}).status_code == 200 for _ in range(12))
    assert all(client.post("/denuncia", data={**body, "jurisdicao": ""}).status_code == 400 for _ in range(12))  # no place: corrected next
    stored = [client.post("/denuncia", data={**body, "ocorrencias": "outro"}).status_code for _ in range(10)]
    assert stored == [303] * 10
    over = client.post("/denuncia", data={**body, "ocorrencias": "outro"})
    page = over.get_data(as_text=True)
    assert over.status_code == 429 and "NÃO foi registrada" in page and "vendeu passagem para cada um na porta" in page
