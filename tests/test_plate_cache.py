"""Plate answers and plate pages kept per registry version (issue #12).

A plate's answer (portal/lookup.py ``LookupCache``) and the rendered /consulta and
/v/<placa> pages (portal/page_cache.py ``cached_render``) are built once and reused
while the registry, the contacts file and the date where the vehicle operates stay the
same.  These tests check what the cache must never change: a registry change, made by
this worker or any other connection, is seen on the very next request; a document
expiring at midnight expires on the page; each language, htmx partial and address has
its own copy; the headers, the language cookie and the rate limits are those of a
freshly rendered page.  They count renders and lookups, never time.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime, timezone

from flask import jsonify

from app import create_app
from knowledge import clock
from portal.database import db_path, get_db
from portal.lookup import _todays, lookup

NOON = datetime(2026, 12, 1, 15, 0, tzinfo=timezone.utc)  # 12:00 in Recife


def load_demo(app) -> None:
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0


def lookups(app):
    """This thread's plate-answer cache (one per SQLite connection)."""
    return app.extensions["db_connections"].entry[0].lookup_cache


def pages(app):
    return app.extensions["render_cache"]


def write_elsewhere(app, sql: str, params: list) -> None:
    """A change committed by another connection: another worker, the import command, a sync."""
    conn = sqlite3.connect(db_path(app))
    try:
        conn.execute(sql, params)
        conn.commit()
    finally:
        conn.close()


def without_time(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "consultado_em"}


def test_an_answer_is_built_once_and_each_request_gets_its_own_time(app, client):
    load_demo(app)
    with clock.fixed(NOON):
        first = client.get("/api/v1/veiculos/KHB7F12").get_json()
    with clock.fixed(NOON.replace(second=7)):
        second = client.get("/api/v1/veiculos/KHB-7F12").get_json()  # the same plate typed another way
    cache = lookups(app)
    assert (cache.misses, cache.hits) == (1, 1)
    assert first["consultado_em"] == "2026-12-01T15:00:00+00:00"
    assert second["consultado_em"] == "2026-12-01T15:00:07+00:00"
    assert without_time(second) == without_time(first)
    assert first["situacao"] == "irregular" and [m["codigo"] for m in first["motivos"]] == ["vistoria_vencida"]


def test_a_change_committed_by_another_connection_is_seen_on_the_next_lookup(app, client):
    load_demo(app)
    assert client.get("/api/v1/veiculos/KGT2E47").get_json()["situacao"] == "regular"
    assert "Pode embarcar" in client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    write_elsewhere(app, "UPDATE vehicles SET situacao = 'retirado' WHERE placa_chave = ?", ["KGT2E47"])
    answer = client.get("/api/v1/veiculos/KGT2E47").get_json()
    assert answer["situacao"] == "irregular"
    assert [m["codigo"] for m in answer["motivos"]] == ["veiculo_retirado"]
    page = client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert "Não embarque" in page
    assert "O veículo foi retirado da frota autorizada da empresa." in page
    assert "Pode embarcar" not in page


def test_a_change_made_on_the_workers_own_connection_is_seen_too(app, client):
    load_demo(app)
    assert client.get("/v/KGT2E47").status_code == 200
    assert client.get("/api/v1/veiculos/KGT2E47").get_json()["situacao"] == "regular"
    with app.app_context():  # the same thread, so the same kept connection as the requests
        conn = get_db().conn
        assert conn is app.extensions["db_connections"].entry[0].conn
        conn.execute("UPDATE operators SET situacao = 'suspenso' WHERE cnpj = (SELECT cnpj FROM vehicles WHERE placa_chave = ?)", ["KGT2E47"])
    answer = client.get("/api/v1/veiculos/KGT2E47").get_json()
    assert answer["operadora"]["situacao"] == "suspenso"
    assert [m["codigo"] for m in answer["motivos"]] == ["crc_suspenso"]
    assert "Não embarque" in client.get("/v/KGT2E47").get_data(as_text=True)


def test_a_reimported_registry_replaces_every_kept_answer(app, client):
    load_demo(app)
    client.get("/api/v1/veiculos/KGT2E47")
    write_elsewhere(app, "DELETE FROM vehicles WHERE placa_chave = ?", ["KGT2E47"])
    assert client.get("/api/v1/veiculos/KGT2E47").get_json()["situacao"] == "nao_encontrado"
    load_demo(app)  # the demo import puts it back, on the CLI's own connection
    assert client.get("/api/v1/veiculos/KGT2E47").get_json()["situacao"] == "regular"
    assert client.get("/consulta?placa=KGT2E47").status_code == 200


def test_a_document_expiring_at_midnight_expires_on_the_api_and_the_page(app, client):
    load_demo(app)
    write_elsewhere(app, "UPDATE vehicles SET vistoria_validade = '2026-12-10' WHERE placa_chave = ?", ["KGT2E47"])
    last_evening = datetime(2026, 12, 11, 2, 30, tzinfo=timezone.utc)  # 23:30 on the 10th in Recife
    after_midnight = datetime(2026, 12, 11, 3, 30, tzinfo=timezone.utc)  # 00:30 on the 11th
    with clock.fixed(last_evening):
        assert client.get("/api/v1/veiculos/KGT2E47").get_json()["situacao"] == "regular"
        assert client.get("/api/v1/veiculos/KGT2E47").get_json()["situacao"] == "regular"
        assert "Pode embarcar" in client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
        assert "Pode embarcar" in client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert (lookups(app).misses, lookups(app).hits) == (1, 2)  # the page's first render reused the API's answer
    assert (pages(app).misses, pages(app).hits) == (1, 1)
    with clock.fixed(after_midnight):
        answer = client.get("/api/v1/veiculos/KGT2E47").get_json()
        page = client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert answer["situacao"] == "irregular"
    assert [m["codigo"] for m in answer["motivos"]] == ["vistoria_vencida"]
    assert "A vistoria do veículo venceu em 10 de dez. de 2026." in answer["motivos"][0]["mensagem"]
    assert "A verificar: a vistoria do veículo está vencida" in page and "Pode embarcar" not in page  # Pernambuco: the law is silent on what follows


def test_each_language_and_each_htmx_variant_has_its_own_page(app, client):
    load_demo(app)
    portuguese = client.get("/consulta?placa=KHB7F12").get_data(as_text=True)
    english = client.get("/consulta?placa=KHB7F12", headers={"Accept-Language": "en"}).get_data(as_text=True)
    client.set_cookie("lang", "es")
    spanish = client.get("/consulta?placa=KHB7F12").get_data(as_text=True)
    client.delete_cookie("lang")
    partial = client.get("/consulta?placa=KHB7F12", headers={"HX-Request": "true", "HX-Target": "resultado"}).get_data(as_text=True)
    assert pages(app).misses == 4 and pages(app).hits == 0
    assert '<html lang="pt-BR">' in portuguese and "A vistoria do veículo venceu em" in portuguese
    assert '<html lang="en">' in english and "A vistoria do veículo venceu em" not in english
    assert '<html lang="es">' in spanish
    assert "<html" not in partial and 'hx-swap-oob="true"' in partial
    assert client.get("/consulta?placa=KHB7F12", headers={"Accept-Language": "en"}).get_data(as_text=True) == english
    assert client.get("/consulta?placa=KHB7F12").get_data(as_text=True) == portuguese
    assert pages(app).hits == 2
    # Each address is its own page: the typed plate is echoed in the form and the links.
    typed = client.get("/consulta?placa=khb-7f12").get_data(as_text=True)
    assert 'value="khb-7f12"' in typed and pages(app).misses == 5


def test_a_kept_page_gets_the_same_headers_and_the_language_cookie(app, client):
    load_demo(app)
    first = client.get("/consulta?placa=PEA3B21&lang=en")
    second = client.get("/consulta?placa=PEA3B21&lang=en")
    assert pages(app).hits == 1
    assert second.get_data() == first.get_data()
    assert sorted(second.headers.items()) == sorted(first.headers.items())
    assert second.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert second.headers["X-Frame-Options"] == "DENY"
    assert second.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "lang=en" in second.headers["Set-Cookie"]
    assert "Cache-Control" not in second.headers and "ETag" not in second.headers  # a status can change: never kept by a browser
    refused = client.get("/consulta?placa=XX")
    again = client.get("/consulta?placa=XX")
    assert refused.status_code == again.status_code == 400
    assert again.get_data() == refused.get_data()


def test_an_edited_contacts_file_shows_at_once(app, client, tmp_path):
    load_demo(app)
    before = client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert "(81) 3000-0000" not in before
    contacts = {"atualizado_em": "2026-11-20", "orgaos": {"pe": {"telefones": ["(81) 3000-0000"]}}}
    (tmp_path / "orgaos.json").write_text(json.dumps(contacts), encoding="utf-8")
    assert "(81) 3000-0000" in client.get("/consulta?placa=KGT2E47").get_data(as_text=True)


def test_rate_limits_count_kept_pages_and_answers(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "RATELIMIT_ENABLED": True})
    client = app.test_client()
    remaining = [client.get("/consulta?placa=KGT2E47").headers["X-RateLimit-Remaining"] for _ in range(3)]
    assert remaining == ["59", "58", "57"]
    assert pages(app).hits == 2
    api = [client.get("/api/v1/veiculos/KGT2E47").headers["X-RateLimit-Remaining"] for _ in range(2)]
    assert api == ["56", "55"]  # one action, one counter: a lookup by the API counts against the same budget (#34, finding 8)
    for _ in range(55):
        client.get("/consulta?placa=KGT2E47")
    assert client.get("/consulta?placa=KGT2E47").status_code == 429


def test_the_api_sends_exactly_what_jsonify_would(app, client):
    load_demo(app)
    for plate in ("KHD1A11", "KHD1A11", "PFX1J60", "ZZZ9Z99"):  # a repeat, the other plate form, an unknown plate
        with clock.fixed(NOON):
            response = client.get(f"/api/v1/veiculos/{plate}")
            with app.test_request_context(f"/api/v1/veiculos/{plate}"):
                expected = jsonify(lookup(plate))
        assert response.status_code == 200
        assert response.headers["Content-Type"] == expected.headers["Content-Type"] == "application/json"
        assert response.get_data() == expected.get_data()
        assert response.get_json()["consultado_em"] == "2026-12-01T15:00:00+00:00"


def test_a_plate_page_made_around_its_result_is_the_page_rendered_whole(app, client):
    """/consulta puts each plate's result into a page rendered once per language and query shape
    (portal/passenger.py ``_with_chrome``): byte for byte what rendering consulta.html gives."""
    load_demo(app)
    plates = [row[0] for row in get_db_rows(app, "SELECT placa FROM vehicles ORDER BY placa LIMIT 12")]
    addresses = [f"/consulta?placa={p}" for p in plates] + [
        "/consulta?placa=ZZZ9Z99", "/consulta?placa=khb-7f12", "/consulta?placa=+KHB7F12+", "/consulta?placa=KHB7F12&lang=en",
        "/consulta?lang=es&placa=PFX1J60", "/consulta?placa=KHB%267F12", "/consulta?placa=KHB7F12&imprimir=1",
    ]
    headers = [{}, {"Accept-Language": "en"}, {"Accept-Language": "es"}]

    def everything() -> list:
        pages(app).clear()
        client.delete_cookie("lang")  # set by a ?lang= address
        return [client.get(a, headers=h).get_data(as_text=True) for a in addresses for h in headers]

    with clock.fixed(NOON):
        made = everything()
        assert len(app.extensions["consulta_chrome"]) >= 4 and all(app.extensions["consulta_chrome"].values())
        app.jinja_env.auto_reload = True  # templates that may change: every page rendered whole
        try:
            whole = everything()
        finally:
            app.jinja_env.auto_reload = False
    assert made == whole
    typed = made[3 * addresses.index("/consulta?placa=khb-7f12")]
    assert 'value="khb-7f12"' in typed and "placa=khb-7f12&amp;lang=en" in typed


def test_todays_dates_follow_each_places_midnight_forwards_and_backwards():
    # Recife, São Paulo (UTC-3) and Acre (UTC-5): the set of dates a plate page depends on.
    steps = [
        (datetime(2026, 12, 11, 2, 59, tzinfo=timezone.utc), {date(2026, 12, 10)}),
        (datetime(2026, 12, 11, 3, 0, tzinfo=timezone.utc), {date(2026, 12, 11), date(2026, 12, 10)}),  # Acre still on the 10th
        (datetime(2026, 12, 11, 4, 59, tzinfo=timezone.utc), {date(2026, 12, 11), date(2026, 12, 10)}),
        (datetime(2026, 12, 11, 5, 0, tzinfo=timezone.utc), {date(2026, 12, 11)}),
        (datetime(2026, 12, 11, 2, 0, tzinfo=timezone.utc), {date(2026, 12, 10)}),  # a clock set back
    ]
    for instant, dates in steps:
        with clock.fixed(instant):
            assert set(_todays()) == dates == {clock.today(p) for p in ("pe", "sp", "ac", "recife")} | {clock.today()}, instant


def test_kept_citations_are_those_of_the_rules_in_each_language(app, client):
    """A plate's citations are resolved once per process (portal/lookup.py ``_cites``): every
    answer still carries the rule's own citations, its labels and links, each answer its own copies."""
    from knowledge.vehicle_status import evaluate
    from portal.lookup import _cites
    from portal.serialize import cites
    from portal.storage.registry import find_vehicle

    load_demo(app)
    plates = [row[0] for row in get_db_rows(app, "SELECT placa FROM vehicles ORDER BY placa LIMIT 40")]
    checked = 0
    with app.test_request_context("/api/v1/veiculos/X"):
        for plate in plates:
            operator, vehicle = find_vehicle(get_db(), plate)
            for reason in evaluate(operator, vehicle, date(2026, 12, 1)).motivos:
                assert _cites(reason.citations) == cites(reason.citations)
                checked += 1
                first = _cites(reason.citations)
                if first:
                    first[0]["label"] = "changed"
                    assert _cites(reason.citations)[0]["label"] != "changed"
    assert checked >= 5  # the demo registry has irregular vehicles of every kind
    answers = {lang: client.get(f"/api/v1/veiculos/{plates[0]}", headers={"Accept-Language": lang}).get_json() for lang in ("pt-BR", "en", "es")}
    assert answers["en"]["veredito"]["texto"] != answers["pt-BR"]["veredito"]["texto"] != answers["es"]["veredito"]["texto"]
    assert answers["en"]["operadora"]["registro_citations"] == answers["pt-BR"]["operadora"]["registro_citations"]


def get_db_rows(app, sql: str) -> list:
    with app.app_context():
        return get_db().execute(sql).fetchall()


def test_the_plate_links_filled_in_are_the_links_flask_builds(app):
    """The plate pages' links are built once per argument shape and filled in (portal/template_urls.py,
    ``FILLED``): the same text as Flask's url_for, mounted or not; anything not plain is built as always."""
    from flask import url_for

    calls = [
        ("vehicles.page", {"placa": "ABC1D23"}), ("vehicles.page", {"placa": "ABC-1234"}), ("vehicles.page", {"placa": "a/b c"}),
        ("passenger.denuncia_form", {"placa": "ABC1D23", "jurisdicao": "pe", "ocorrencias": ["sem_autorizacao"]}),
        ("passenger.denuncia_form", {"placa": "ABC1D23", "jurisdicao": None, "ocorrencias": []}),
        ("passenger.denuncia_form", {"jurisdicao": "sp", "placa": "KHB7F12"}), ("passenger.consulta", {"placa": "KHB%7F12"}),
        ("passenger.consulta", {"placa": "PFX1J60", "_anchor": "resultado"}),
    ]
    for mount in ("", "/portal"):
        with app.test_request_context("/consulta", environ_base={"SCRIPT_NAME": mount}):
            templates_url_for = app.jinja_env.globals["url_for"]
            for _ in range(2):  # built, then filled in
                for endpoint, values in calls:
                    assert templates_url_for(endpoint, **values) == url_for(endpoint, **values), (mount, endpoint, values)
