"""Review round at 360 px (dates and plates): what a person typed wrong stays on the page.

1. The law reader's "Ver em outra data": a date that cannot be read (31/02/2020, 15/13/2020,
   "ontem") is a 400 with the same page (today's text), the field keeping what was typed,
   marked invalid and saying why, in the reader's language.
2. /comparar reads a date typed as in Brazil (DD/MM/AAAA) with the reader's parser; a date
   still to come shows today's table and says so, as the reader does; the "vigora desde"
   date is written per locale.
3. /v/<placa> offers "Você quis dizer …?" as /consulta does; /consulta offers the vehicle's
   page only for a vehicle in the registry.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest

from app import create_app
from knowledge.typed_dates import looks_like_a_date, parse_typed_date

PE = "pe-lei-16205-2017"


def _page(client, url):
    response = client.get(url)
    return response.status_code, response.get_data(as_text=True)


def _field(html: str, field_id: str) -> str:
    match = re.search(rf'<input[^>]* id="{field_id}"[^>]*>', html, re.S)
    assert match, field_id
    return match.group(0)


# -- 1. the law reader ----------------------------------------------------------------------------------


def test_shape_and_existence_of_a_typed_date_are_told_apart():
    assert parse_typed_date("31/02/2020") is None and looks_like_a_date("31/02/2020")
    assert parse_typed_date("15/13/2020") is None and looks_like_a_date("15/13/2020")
    assert looks_like_a_date("2019-13-01") and not looks_like_a_date("ontem") and not looks_like_a_date("2019-5-1")


READER_PAGES = [f"/leis/{PE}/art-8", f"/leis/{PE}", f"/leis/{PE}/parte/2"]


@pytest.mark.parametrize("path", READER_PAGES)
@pytest.mark.parametrize("typed, message", [
    ("31/02/2020", "A data 31/02/2020 não existe no calendário: confira o dia e o mês."),
    ("15/13/2020", "A data 15/13/2020 não existe no calendário: confira o dia e o mês."),
    ("ontem", "Informe a data como DD/MM/AAAA (por exemplo, 01/05/2019)."),
])
def test_a_bad_date_keeps_the_page_the_field_and_the_typed_value(client, path, typed, message):
    status, html = _page(client, f"{path}?data={typed}")
    assert status == 400
    assert "Pedido inválido" not in html
    assert 'id="data-leitura-erro"' in html and message in html_lib.unescape(html)
    field = _field(html, "data-leitura")
    assert f'value="{typed}"' in field and 'aria-invalid="true"' in field
    assert 'aria-describedby="data-leitura-erro data-leitura-dica"' in field
    assert "O texto abaixo é o que está em vigor hoje." in html and 'href="#data-leitura"' in html
    assert 'class="law-text' in html  # today's text is there


def test_the_unit_page_keeps_its_links_with_a_bad_date(client):
    status, html = _page(client, f"/leis/{PE}/art-8?data=31/02/2020")
    assert status == 400
    assert "Lei 16.205/2017 (PE), art. 8º" in html
    assert f'href="/leis/{PE}#art-8"' in html  # "Ver no texto completo da lei"
    assert 'class="timeline' in html


def test_a_bad_date_in_english_and_spanish(client):
    _, english = _page(client, f"/leis/{PE}/art-8?data=31/02/2020&lang=en")
    assert "The date 31/02/2020 does not exist in the calendar" in english and "The text below is the one in force today." in english
    _, spanish = _page(client, f"/leis/{PE}/parte/2?data=ontem&lang=es")
    assert "DD/MM/" in spanish and 'value="ontem"' in spanish
    assert "El texto de abajo es el que está en vigor hoy." in spanish


def test_a_bad_date_on_a_unit_gone_today_keeps_its_timeline(client):
    # art. 1º, parágrafo único of Lei 16.205/2017 is not in today's wording: its page lists when it was.
    assert client.get(f"/leis/{PE}/art-1/par-unico").status_code == 404
    status, html = _page(client, f"/leis/{PE}/art-1/par-unico?data=ontem")
    assert status == 400 and 'value="ontem"' in html and 'aria-invalid="true"' in html
    assert "Este dispositivo não existe na redação em vigor hoje." in html and 'class="timeline' in html


def test_good_dates_are_untouched(client):
    assert client.get(f"/leis/{PE}/art-8?data=01/05/2019").status_code == 302
    status, html = _page(client, f"/leis/{PE}/art-8?data=2019-05-01")
    assert status == 200 and 'aria-invalid' not in _field(html, "data-leitura") and 'value="01/05/2019"' in html
    assert 'id="data-leitura-erro"' not in html


def test_the_api_still_refuses_with_both_shapes_named(client):
    response = client.get(f"/api/v1/leis/{PE}/art-8?data=ontem")
    assert response.status_code == 400 and "AAAA-MM-DD" in response.get_json()["error"]
    response = client.get(f"/api/v1/leis/{PE}/art-8?data=31/02/2020")
    assert response.status_code == 400 and "não existe" in response.get_json()["error"]


# -- 2. /comparar ------------------------------------------------------------------------------------------


def test_comparison_reads_a_date_typed_as_in_brazil(client):
    response = client.get("/comparar?data=01/05/2019&lang=en")
    assert response.status_code == 302 and response.headers["Location"] == "/comparar?data=2019-05-01&lang=en"
    assert client.get("/comparar?data=1.5.2019").headers["Location"] == "/comparar?data=2019-05-01"
    status, html = _page(client, "/comparar?data=2019-05-01&lang=pt_BR")
    assert status == 200 and 'value="01/05/2019"' in _field(html, "data")
    assert "/leis/pe-lei-16205-2017/art-28/inc-4?data=2019-05-01" in html


@pytest.mark.parametrize("typed, message", [
    ("31/02/2019", "A data 31/02/2019 não existe no calendário: confira o dia e o mês."),
    ("15/13/2020", "A data 15/13/2020 não existe no calendário: confira o dia e o mês."),
    ("ontem", "Informe a data como DD/MM/AAAA (por exemplo, 01/05/2019)."),
])
def test_a_bad_comparison_date_keeps_the_page_and_what_was_typed(client, typed, message):
    status, html = _page(client, f"/comparar?data={typed}")
    assert status == 400
    assert "As quatro leis lado a lado" in html and message in html_lib.unescape(html)
    field = _field(html, "data")
    assert f'value="{typed}"' in field and 'aria-invalid="true"' in field and 'aria-describedby="data-erro data-dica"' in field


def test_a_bad_comparison_date_in_english(app):
    status, html = _page(app.test_client(), "/comparar?data=31/02/2019&lang=en")
    assert status == 400 and "The date 31/02/2019 does not exist in the calendar" in html


def test_a_comparison_date_still_to_come_shows_todays_table_as_the_reader_does(client):
    status, html = _page(client, "/comparar?data=2999-01-01")
    assert status == 200
    assert "01/01/2999 ainda não chegou." in html and "A tabela abaixo é a da lei em vigor hoje" in html
    assert 'value="01/01/2999"' in _field(html, "data")
    assert html.count('<tr id="linha-') == 11
    assert not re.search(r'href="/leis/[^"]*\?data=', html)  # today's wording: the citations carry no date
    # the law reader says the same of that day
    assert "01/01/2999 ainda não chegou." in client.get(f"/leis/{PE}/art-8?data=2999-01-01").get_data(as_text=True)
    # the API keeps its documented "AAAA-MM-DD, até hoje"
    assert client.get("/api/v1/comparar?data=2999-01-01").status_code == 400


@pytest.mark.parametrize("lang, expected", [
    ("pt_BR", "(vigora desde 22/02/2018)"), ("en", "(in force since Feb 22, 2018)"), ("es", "(vigente desde 22/02/2018)"),
])
def test_comparison_writes_the_law_s_first_day_per_locale(app, lang, expected):
    html = app.test_client().get(f"/comparar?data=2010-01-01&lang={lang}").get_data(as_text=True)
    assert expected in html and "2018-02-22" not in re.sub(r'(href|data-[a-z]+)="[^"]*"', "", html)
    api = app.test_client().get(f"/api/v1/comparar?data=2010-01-01&lang={lang}").get_json()
    assert any(expected in cell["texto"] for row in api["linhas"] for cell in row["celulas"].values())


# -- 3. plates ---------------------------------------------------------------------------------------------


@pytest.fixture()
def demo_client(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    return app.test_client()


def test_the_vehicle_page_offers_the_plate_meant(demo_client):
    status, html = _page(demo_client, "/v/PEH2A1O")
    assert status == 400
    assert "Confira a placa" in html and "ABC1D23" in html  # what a plate looks like
    assert 'Você quis dizer <a href="/v/PEH2A10">PEH2A10</a>?' in html
    assert 'href="/consulta"' in html
    # the same offer as /consulta's, which leads to /consulta
    assert 'Você quis dizer <a href="/consulta?placa=PEH2A10">PEH2A10</a>?' in demo_client.get("/consulta?placa=PEH2A1O").get_data(as_text=True)


def test_the_vehicle_page_offers_nothing_when_no_plate_is_likely(demo_client):
    status, html = _page(demo_client, "/v/12-ABC")
    assert status == 400 and "Você quis dizer" not in html and "ABC1D23" in html


def test_the_vehicle_page_suggestion_in_english(demo_client):
    status, html = _page(demo_client, "/v/PEH2A1O?lang=en")
    assert status == 400 and 'href="/v/PEH2A10">PEH2A10</a>?' in html and "Você quis dizer" not in html


def test_consulta_offers_the_vehicle_page_only_for_a_registered_vehicle(demo_client):
    registered = demo_client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert 'href="/v/KGT2E47"' in registered and "Página deste veículo, para compartilhar" in registered
    response = demo_client.get("/consulta?placa=ABC1234")
    missing = response.get_data(as_text=True)
    assert response.status_code == 200 and "Não encontramos esta placa" in missing
    assert "Página deste veículo, para compartilhar" not in missing and 'href="/v/ABC' not in missing
    # htmx's partial too
    partial = demo_client.get("/consulta?placa=ABC1234", headers={"HX-Request": "true", "HX-Target": "resultado"}).get_data(as_text=True)
    assert "Não encontramos esta placa" in partial and "Página deste veículo" not in partial
    # and the page itself still answers a QR sticker of a vehicle no longer in the registry: the verdict, with a 404
    assert demo_client.get("/v/ABC1234").status_code == 404
