"""The per-request hooks made cheaper for issue #12 still protect what they protected.

security.streamline_hooks skips Flask-WTF's CSRF hook on safe methods, Flask-Limiter's
header/teardown hooks on views without a limit and all of Flask-Limiter when the app's
limits are off, and Flask-Compress where it would compress nothing; the session is not
parsed or saved when the request has none; psycopg is imported only by portals with
a shared PostgreSQL.  These tests check the protections, not the speed (benchmarks/).
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from app import create_app
from portal.access_log import _escape_each, escape
from portal.security import limiter

ROOT = Path(__file__).resolve().parent.parent


def test_a_limited_view_still_sends_rate_limit_headers_and_an_unlimited_one_none(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "RATELIMIT_ENABLED": True})
    client = app.test_client()
    limited = client.get("/api/v1/veiculos/ABC1234")
    assert limited.status_code == 200
    assert limited.headers["X-RateLimit-Limit"] == "60"  # LOOKUP_LIMIT: 60 per minute
    assert limited.headers["X-RateLimit-Remaining"] == "59"
    second = client.get("/api/v1/veiculos/ABC1234")
    assert second.headers["X-RateLimit-Remaining"] == "58"  # the counter is kept between requests
    ping = client.get("/api/v1/ping")
    assert ping.status_code == 200 and "X-RateLimit-Limit" not in ping.headers


def test_csrf_still_refuses_a_post_without_token_and_lets_get_through(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": True})
    client = app.test_client()
    assert client.get("/denuncia").status_code == 200
    refused = client.post("/denuncia", data={"placa": "ABC1234", "relato": "x" * 30})
    assert refused.status_code == 400
    assert client.post("/admin/entrar", data={"usuario": "x", "senha": "y"}).status_code == 400


def test_security_headers_once_each_on_cached_and_uncached_pages(client):
    for url in ["/", "/", "/api/v1/ping", "/leis/ac-lei-2731-2013/art-5"]:
        response = client.get(url)
        names = [name.lower() for name, _ in response.headers.items()]
        for header in ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"):
            assert names.count(header) == 1, (url, header)


def test_a_sqlite_only_portal_never_imports_psycopg(tmp_path):
    script = (
        "import sys\n"
        "from app import create_app\n"
        f"app = create_app({{'DATA_DIR': {str(tmp_path)!r}, 'TESTING': True}})\n"
        "c = app.test_client()\n"
        "for url in ['/', '/api/v1/ping', '/api/v1/veiculos/ABC1234', '/consulta?placa=ABC1234', '/saude', '/nao-existe']:\n"
        "    c.get(url)\n"
        "print(sorted(m for m in sys.modules if m.startswith('psycopg')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PORTAL_DATA_DIR"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_limits_are_checked_per_request_by_the_apps_own_switch(client, app, monkeypatch):
    checks = []
    original = limiter._check_request_limit
    monkeypatch.setattr(limiter, "_check_request_limit", lambda *a, **k: checks.append(1) or original(*a, **k))
    # Off (tests, PORTAL_RATELIMIT=0): the limited views run without Flask-Limiter at all.
    for url in ("/api/v1/veiculos/ABC1234", "/consulta?placa=ABC1234", "/v/KGT2E47"):
        off = client.get(url)
        assert off.status_code in (200, 404) and "X-RateLimit-Limit" not in off.headers
    assert checks == []
    app.config["PORTAL_RATELIMIT_ON"] = True  # the same app, switched on: limits and headers are back
    on = client.get("/api/v1/veiculos/ABC1234")
    assert on.headers["X-RateLimit-Limit"] == "60" and on.headers["X-RateLimit-Remaining"] == "59"
    # One counter per action (issue #34): the page's lookup counts after the API's.
    assert client.get("/consulta?placa=ABC1234").headers["X-RateLimit-Remaining"] == "58"
    assert len(checks) == 2


def test_no_session_cookie_means_no_session_work_and_none_sent(client):
    for url in ["/api/v1/ping", "/consulta?placa=ABC1234", "/v/ABC1234"]:
        response = client.get(url)
        assert "Set-Cookie" not in response.headers, url
        assert "Cookie" not in {v.strip() for v in response.headers.get("Vary", "").split(",")}, url
    # A cookie that is not the session (the language) leaves the page unchanged too.
    client.set_cookie("lang", "en")
    assert "Set-Cookie" not in client.get("/api/v1/ping").headers


def test_compression_where_it_applies_and_vary_everywhere(client):
    page = client.get("/consulta?placa=ABC1234", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    assert "<html" in gzip.decompress(page.get_data()).decode()
    plain = client.get("/consulta?placa=ABC1234")  # no Accept-Encoding: sent as is
    assert "Content-Encoding" not in plain.headers and "<html" in plain.get_data(as_text=True)
    small = client.get("/api/v1/ping", headers={"Accept-Encoding": "gzip"})  # under COMPRESS_MIN_SIZE
    assert "Content-Encoding" not in small.headers and small.get_json() == {"ok": True}
    for response in (page, plain, small):
        assert "Accept-Encoding" in {v.strip() for v in response.headers["Vary"].split(",")}


def test_the_browsers_language_is_chosen_per_header_also_when_seen_before(client):
    asked = [("en-US,en;q=0.9", "en"), ("es-AR,es;q=0.8", "es"), ("fr-FR", "pt-BR"), ("de, en;q=0.5", "en"), ("", "pt-BR"), ("en-US,en;q=0.9", "en")]
    for header, lang in asked * 2:
        page = client.get("/consulta", headers={"Accept-Language": header} if header else {}).get_data(as_text=True)
        assert f'<html lang="{lang}">' in page, header
    client.set_cookie("lang", "es")  # the remembered choice comes before the header
    assert '<html lang="es">' in client.get("/consulta", headers={"Accept-Language": "en"}).get_data(as_text=True)


@given(st.text(max_size=60) | st.sampled_from(["", "/consulta", "a\\b", "x\u2028y", "\u2029", "GET /a%0d%0a HTTP/1.1", "ção é"]))
def test_the_access_logs_quick_path_escapes_exactly_as_the_character_loop(text):
    # escape() returns printable atoms as they are (almost all of them) without looping over them.
    assert escape(text) == _escape_each(text)
    assert "\n" not in escape(text) and "\r" not in escape(text)
