"""Pages: home, search (with and without htmx), law reader and unit pages."""

from __future__ import annotations

import re

import pytest


def test_home(client):
    html = client.get("/").get_data(as_text=True)
    assert "Sou passageiro" in html and "Quero operar fretamento" in html and "Quero ler a lei" in html
    assert "unpkg" not in html and "cdn" not in html.lower()


# Pages with hx- attributes load htmx (from our static files, deferred); pages without any do not,
# which spares a slow phone the script (issue #31).
HTMX_SCRIPT = re.compile(r'<script src="/static/vendor/htmx\.min\.js\?v=[0-9a-f]{12}" defer></script>')


@pytest.mark.parametrize("url", ["/busca?q=multa", "/consulta", "/denuncia", "/assistente", "/assistentes/carro_turismo"])
def test_pages_with_htmx_attributes_load_htmx_deferred(client, url):
    html = client.get(url).get_data(as_text=True)
    assert "hx-get=" in html or "hx-post=" in html
    assert len(HTMX_SCRIPT.findall(html)) == 1 and "unpkg" not in html


@pytest.mark.parametrize("url", ["/", "/leis", "/leis/pe-lei-16205-2017", "/leis/ac-lei-2731-2013/parte/3",
                                 "/leis/pe-lei-16205-2017/art-3", "/comparar", "/dados-abertos", "/assistentes/", "/leis/pe-lei-16205-2017/art-999"])
def test_pages_without_htmx_attributes_do_not_load_it(client, url):
    html = client.get(url).get_data(as_text=True)
    assert " hx-" not in html and "htmx.min.js" not in html
    assert re.search(r'<script src="/static/portal\.js\?v=[0-9a-f]{12}" defer></script>', html)


def test_search_page_without_javascript(client):
    response = client.get("/busca", query_string={"q": "quanto tempo vale o CRC?"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<form" in html and 'name="q"' in html
    assert "Lei 16.205/2017 (PE), art. 8º" in html
    assert "<mark>" in html


def test_search_page_htmx_partial(client):
    response = client.get("/busca?q=multa", headers={"HX-Request": "true", "HX-Target": "resultados"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and "result-count" in html


def test_search_page_suggestion(client):
    html = client.get("/busca?q=fretameto").get_data(as_text=True)
    assert "Você quis dizer" in html and "fretamento" in html


def test_search_page_rejects_overlong_query(client):
    response = client.get("/busca", query_string={"q": "a" * 600})
    assert response.status_code == 400
    assert "500 caracteres" in response.get_data(as_text=True)


def test_search_page_escapes_query(client):
    html = client.get("/busca", query_string={"q": "<script>alert(1)</script>"}).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html


def test_law_reader(client):
    response = client.get("/leis/pe-lei-16205-2017")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'id="art-3/par-3"' in html and 'id="anexo-i/inc-4/ali-f"' in html
    assert "Sumário" in html and "Capítulo II — Dos conceitos e do cadastramento" in html
    assert "Redação dada pela Lei nº 17.107, de 13/11/2020" in html
    assert "Redação anterior (não está em vigor)" in html
    # The law's URN on the law page; a unit's URN one tap away, on the unit's page (issue #14:
    # no "citar" under every line).
    assert "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205<" in html and "16205!art3_par3" not in html
    assert 'href="/leis/pe-lei-16205-2017/art-3/par-3"' in html
    assert "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205!art3_par3" in client.get("/leis/pe-lei-16205-2017/art-3/par-3").get_data(as_text=True)
    assert "Nota: Redação Anterior" not in html


@pytest.mark.parametrize("law_id", ["sp-decreto-29912-1989", "ac-lei-2731-2013", "recife-lei-16856-2003"])
def test_every_law_renders(client, law_id):
    assert client.get(f"/leis/{law_id}").status_code == 200


def test_unit_page(client):
    html = client.get("/leis/pe-lei-16205-2017/art-28/inc-4").get_data(as_text=True)
    assert "Lei 16.205/2017 (PE), art. 28, inciso IV" in html
    assert "R$ 2.900,00" in html
    assert 'id="historico"' in html and "R$ 3.900,00" in html
    assert "/leis/pe-lei-16205-2017#art-28/inc-4" in html


def test_unknown_law_and_unit(client):
    assert client.get("/leis/nao-existe").status_code == 404
    response = client.get("/leis/pe-lei-16205-2017/art-99")
    assert response.status_code == 404
    assert "Dispositivo não encontrado" in response.get_data(as_text=True)


def test_language_switch_is_remembered(client):
    response = client.get("/?lang=en")
    assert "lang=en" in response.headers.get("Set-Cookie", "")
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in html


def test_long_pages_are_compressed_for_slow_connections(client):
    plain = client.get("/leis/ac-lei-2731-2013")
    gzipped = client.get("/leis/ac-lei-2731-2013", headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["Content-Encoding"] == "gzip"
    assert len(gzipped.data) * 5 < len(plain.data)


def test_unit_page_shows_its_history_once(client):
    html = client.get("/leis/pe-lei-16205-2017/art-28/inc-4").get_data(as_text=True)
    assert html.count("R$ 3.900,00") == 1
