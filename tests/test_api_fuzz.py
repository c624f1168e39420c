"""Schemathesis: the API, fuzzed from its own OpenAPI description, never answers 5xx
and answers as described."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from app import create_app
from knowledge.corpus import all_laws
from search_index import build_index

pytestmark = pytest.mark.fuzz  # `make test-fast` leaves these out (Makefile)

_DATA = Path(tempfile.mkdtemp(prefix="fuzz-"))
build_index(_DATA / "index", all_laws())
# Compression off: the fuzzer reads raw bodies (compression itself is tested elsewhere).
APP = create_app({"DATA_DIR": str(_DATA), "TESTING": True, "COMPRESS_REGISTER": False})
APP.test_cli_runner().invoke(args=["registry", "demo"])

schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)


@schema.parametrize()
# Derandomised so CI is reproducible; explore locally with
#   FUZZ_RANDOM=1 FUZZ_EXAMPLES=500 .venv/bin/python -m pytest tests/test_api_fuzz.py
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "80")),
    derandomize=os.environ.get("FUZZ_RANDOM") != "1",
    deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_api(case):
    # positive_data_acceptance is left out on purpose: answers can be well-formed yet
    # wrong in law (a manufacturing year after the reference date, a seizure dated in
    # the future), and those get a 400 that names the field.
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])


# -- Attack classes of issue #13, fuzzed so they stay covered ------------------------------------------
#
# Each strategy generates one class the security round found: lone surrogates in any text
# field, JSON nested past the parser's recursion, CR/LF/NUL and backslashes in paths,
# redirect targets and Host headers, and letters that look like (or fold into) plate letters.

import csv  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
from urllib.parse import quote  # noqa: E402

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from knowledge.plates import InvalidPlate, normalize  # noqa: E402
from portal.access_log import safe_path  # noqa: E402
from portal.csv_export import export_csv, neutralise_cell  # noqa: E402
from portal.storage import staff as staff_store  # noqa: E402
from portal.storage.db import connect  # noqa: E402

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), derandomize=os.environ.get("FUZZ_RANDOM") != "1",
                deadline=None, suppress_health_check=list(HealthCheck), database=None)
CLIENT = APP.test_client()

# Text with lone surrogates, controls, bidi and zero-width characters mixed in.
NASTY_CHARS = st.one_of(
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
    st.characters(max_codepoint=0x1F),
    st.sampled_from(list("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200c\u200d\u2060\ufeff\u0085\u2028=+-@\\\"'")),
    st.characters(),
)
NASTY_TEXT = st.text(NASTY_CHARS, min_size=1, max_size=60)


def _post_json(url: str, value) -> int:
    # ensure_ascii writes lone surrogates as \udXXX escapes, as an attacker's client would.
    return CLIENT.post(url, data=json.dumps(value, ensure_ascii=True), content_type="application/json").status_code


@FUZZ
@given(NASTY_TEXT, st.sampled_from(["relato", "origem", "destino", "contato.nome", "contato.email", "placa"]))
def test_complaint_text_fields_never_500(text, field):
    body = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["outro"], "jurisdicao": "pe", "relato": "relato", "consentimento": True}
    if field.startswith("contato."):
        body["contato"] = {field.split(".")[1]: text}
    else:
        body[field] = text
    assert _post_json("/api/v1/denuncias", body) in (200, 201, 400)


@FUZZ
@given(NASTY_TEXT)
def test_chat_text_never_500(text):
    assert _post_json("/api/v1/assistente", {"mensagem": text, "conversa": None}) in (200, 400)


def _nested(depth: int, kind: str):
    value = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


@FUZZ
@given(st.integers(min_value=33, max_value=3000), st.sampled_from(["list", "dict"]),
       st.sampled_from([("/api/v1/assistente", "mensagem"), ("/api/v1/wizards/modalidade", "answers"), ("/api/v1/denuncias", "ocorrencias")]))
def test_deep_json_is_always_a_400(depth, kind, target):
    url, field = target
    raw = json.dumps({field: "x"}).replace('"x"', ("[" if kind == "list" else '{"a":') * depth + "1" + ("]" if kind == "list" else "}") * depth)
    assert CLIENT.post(url, data=raw, content_type="application/json").status_code == 400


CONTROL_TEXT = st.text(st.one_of(st.sampled_from(list("\r\n\x00\t\\/%?#@:.")), st.characters()), min_size=1, max_size=40)


@FUZZ
@given(CONTROL_TEXT)
def test_paths_with_control_characters_never_500_and_log_as_one_line(text):
    path = "/" + quote(text, safe="/")
    response = CLIENT.get(path)
    assert response.status_code < 500
    logged = safe_path("/" + text)
    assert "\n" not in logged and "\r" not in logged and "\x00" not in logged and logged.isprintable()


@FUZZ
@given(CONTROL_TEXT)
def test_language_links_never_leave_the_site(text):
    html = CLIENT.get("/" + quote(text, safe="/\\")).get_data(as_text=True)
    for link in re.findall(r'href="([^"]*lang=[^"]*)"', html):
        assert link.startswith("/") and not link.startswith(("//", "/\\")), link


_STAFF_READY = {}


def _staff_client():
    if not _STAFF_READY:
        db = connect(APP.config["DATA_DIR"] + "/portal.db")
        staff_store.create_user(db, "fuzz", "senha-muito-segura-2026")
        db.conn.close()
        _STAFF_READY["ok"] = True
    APP.config["WTF_CSRF_ENABLED"] = False
    return APP.test_client()


@settings(max_examples=25, derandomize=os.environ.get("FUZZ_RANDOM") != "1", deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.one_of(CONTROL_TEXT, CONTROL_TEXT.map(lambda t: "/admin/" + t), CONTROL_TEXT.map(lambda t: "//" + t)))
def test_next_after_login_is_always_a_safe_local_path(target):
    try:
        response = _staff_client().post("/admin/entrar?next=" + quote(target, safe=""), data={"usuario": "fuzz", "senha": "senha-muito-segura-2026"})
    finally:
        APP.config["WTF_CSRF_ENABLED"] = True
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith("/admin") and "//" not in location and "\\" not in location
    assert all(0x20 < ord(ch) < 0x7F for ch in location)


HOSTS = st.from_regex(r"\A[a-z0-9]{1,12}\.(example|test|evil)\Z")


@FUZZ
@given(HOSTS, st.booleans())
def test_redirects_never_carry_a_host_from_the_request(host, forwarded):
    headers = {"X-Forwarded-Host": host} if forwarded else {"Host": host}
    response = CLIENT.get("/admin", headers=headers)
    assert response.status_code == 308
    assert host not in response.headers["Location"] and response.headers["Location"].startswith("/")


# Characters that Unicode case mapping or compatibility folding turns into plate letters or digits.
LOOK_ALIKES = [ch for ch in map(chr, range(0x80, 0x10000))
               if not (0xD800 <= ord(ch) <= 0xDFFF)
               and any(re.fullmatch(r"[A-Z0-9]+", form or "") for form in (ch.upper(), __import__("unicodedata").normalize("NFKC", ch).upper()))]


@FUZZ
@given(st.sampled_from(["KGT2E47", "PFX1960", "ABC1234", "MZO2C13"]), st.integers(min_value=0, max_value=6), st.sampled_from(LOOK_ALIKES))
def test_look_alike_letters_never_fold_into_a_plate(plate, position, look_alike):
    forged = plate[:position] + look_alike + plate[position + 1:]
    try:
        normalize(forged)
    except InvalidPlate:
        pass
    else:
        raise AssertionError(f"{forged!r} was read as a plate")
    assert CLIENT.get("/api/v1/veiculos/" + quote(forged)).status_code == 400


@FUZZ
@given(st.lists(st.text(NASTY_CHARS.filter(lambda c: not 0xD800 <= ord(c) <= 0xDFFF), max_size=30), min_size=1, max_size=5))
def test_csv_cells_never_start_a_formula_and_read_back(cells):
    columns = [f"c{i}" for i in range(len(cells))]
    body = export_csv([dict(zip(columns, cells))], columns)
    rows = list(csv.reader(io.StringIO(body, newline="")))
    assert rows[1] == [neutralise_cell(c) for c in cells]
    for cell in rows[1]:
        assert cell.lstrip(" \u00a0\u3000")[:1] not in set("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")
        assert not any(ch in cell for ch in "\u202e\u202d\u200b\u2066\ufeff")
