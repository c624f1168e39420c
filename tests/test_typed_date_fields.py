"""Every date the site asks a person to type is a text field read as DD/MM/AAAA (#31).

A phone's ``<input type="date">`` orders its picker by the phone's language: on an English phone
05/11/2026 was 11 May, and the seized-vehicle guide gave a wrong defence deadline.  The guides'
date questions and /denuncia's date are now text fields (as the law reader's), read day first
(DD/MM/AAAA, DD-MM-AAAA, DD.MM.AAAA), with ISO AAAA-MM-DD still read for old links and the API.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timezone

import pytest

from app import create_app
from knowledge import clock
from knowledge.typed_dates import parse_typed_date, typed_form

DEC_3 = datetime(2026, 12, 3, 15, 0, tzinfo=timezone.utc)  # 12:00 in Recife
SEIZED = "/assistentes/veiculo_apreendido?jurisdicao=pe&medida=apreensao"


@pytest.fixture(autouse=True)
def fixed_day():
    with clock.fixed(DEC_3):
        yield


@pytest.fixture()
def form_client(tmp_path, index_dir):
    """A client that posts the complaint form without its CSRF token (tests/test_passenger.py does so too)."""
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False}).test_client()


def _field(html: str, field_id: str) -> str:
    return re.search(rf'<input[^>]*id="{field_id}"[^>]*>', html).group(0)


@pytest.mark.parametrize("typed", ["05/11/2026", "5/11/2026", "05-11-2026", "05.11.2026", "2026-11-05"])
def test_every_accepted_spelling_is_day_first_or_iso(typed):
    assert parse_typed_date(typed, dashes=True) == date(2026, 11, 5)
    assert typed_form(typed) == "05/11/2026"


def test_the_guides_date_question_is_a_text_field_with_its_format_said(client):
    html = client.get(SEIZED).get_data(as_text=True)
    field = _field(html, "data_medida")
    assert 'type="text"' in field and 'inputmode="numeric"' in field and 'autocomplete="off"' in field
    assert 'type="date"' not in html and " max=" not in field
    described = re.search(r'aria-describedby="([^"]*)"', field).group(1).split()
    assert "data_medida-formato" in described
    assert re.search(r'id="data_medida-formato">[^<]*DD/MM/AAAA', html)


@pytest.mark.parametrize("lang, words", [("pt_BR", "5 de nov. de 2026"), ("en", "Nov 5, 2026"), ("es", "5 nov 2026")])
def test_a_guide_answered_05_11_2026_reads_5_november(client, lang, words):
    response = client.get(f"{SEIZED}&data_medida=05/11/2026&_enviado=data_medida&lang={lang}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert words in html  # the answers so far: 5 November, never 11 May
    assert "data_notificacao" in _field(html, "data_notificacao")  # the next question is asked


def test_the_seizure_deadline_counts_from_5_november(client):
    html = client.get(f"{SEIZED}&data_medida=05/11/2026&data_notificacao=10/11/2026&tinha_autorizacao=nao&ver=resultado").get_data(as_text=True)
    iso = client.get(f"{SEIZED}&data_medida=2026-11-05&data_notificacao=2026-11-10&tinha_autorizacao=nao&ver=resultado").get_data(as_text=True)
    due = re.findall(r'class="due">([^<]*)', html)
    assert due and due == re.findall(r'class="due">([^<]*)', iso)  # ISO (old links) reads the same day


def test_an_iso_date_from_an_old_link_is_shown_back_as_dd_mm_aaaa(client):
    html = client.get(f"{SEIZED}&data_medida=2026-11-05&alterar=data_medida").get_data(as_text=True)
    assert 'value="05/11/2026"' in _field(html, "data_medida")


def test_a_refused_date_comes_back_as_typed(client):
    response = client.get(f"{SEIZED}&data_medida=ontem&_enviado=data_medida")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'value="ontem"' in _field(html, "data_medida") and "DD/MM/AAAA" in html


@pytest.mark.parametrize("lang, words", [
    ("pt_BR", "A data 31/02/2020 não existe no calendário"),
    ("en", "The date 31/02/2020 does not exist in the calendar"),
    ("es", "31/02/2020"),
])
def test_a_day_that_does_not_exist_is_said_so(client, lang, words):
    response = client.get(f"{SEIZED}&data_medida=31/02/2020&_enviado=data_medida&lang={lang}")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    error = re.search(r'id="data_medida-erro">(.*?)</p>', html, re.S).group(1)
    assert words in error and "DD/MM" not in error.replace("31/02/2020", "")


def test_the_api_still_reads_iso_dates(client):
    body = {"answers": {"jurisdicao": "pe", "medida": "apreensao", "data_medida": "2026-11-05"}}
    response = client.post("/api/v1/wizards/veiculo_apreendido", json=body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["next_question"]["id"] == "data_notificacao"


# -- the complaint form ----------------------------------------------------------------------------------------

def _complaint(**fields) -> dict:
    form = {"jurisdicao": "pe", "ocorrencias": ["porta_aberta"], "consentimento": "sim"}
    form.update(fields)
    return form


def test_the_complaint_form_asks_the_date_as_text(client):
    html = client.get("/denuncia?jurisdicao=pe").get_data(as_text=True)
    field = _field(html, "data_ocorrencia")
    assert 'type="text"' in field and 'inputmode="numeric"' in field and 'autocomplete="off"' in field
    assert 'value="03/12/2026"' in field and 'aria-describedby="data-dica"' in field
    assert re.search(r'id="data-dica">[^<]*DD/MM/AAAA', html)


@pytest.mark.parametrize("typed", ["05/11/2026", "05-11-2026", "05.11.2026", "2026-11-05"])
def test_the_complaint_form_stores_the_day_typed(form_client, typed):
    client = form_client
    response = client.post("/denuncia", data=_complaint(data_ocorrencia=typed))
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    status = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "5 de nov. de 2026" in status


@pytest.mark.parametrize("typed, words", [
    ("31/02/2020", "A data 31/02/2020 não existe no calendário"),
    ("ontem", "Informe a data como DD/MM/AAAA"),
])
def test_the_complaint_form_refuses_a_date_it_cannot_read_and_keeps_it(form_client, typed, words):
    response = form_client.post("/denuncia", data=_complaint(data_ocorrencia=typed, origem="Boa Viagem"))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert words in html and "AAAA-MM-DD" not in html
    field = _field(html, "data_ocorrencia")
    assert f'value="{typed}"' in field and 'aria-invalid="true"' in field and "data_ocorrencia-erro" in field
    assert 'value="Boa Viagem"' in html


def test_the_complaint_form_s_error_in_english(form_client):
    response = form_client.post("/denuncia?lang=en", data=_complaint(data_ocorrencia="31/02/2020"))
    assert response.status_code == 400
    assert "The date 31/02/2020 does not exist in the calendar" in response.get_data(as_text=True)


def test_the_complaint_api_still_reads_iso(client):
    response = client.post("/api/v1/denuncias", json={"jurisdicao": "pe", "ocorrencias": ["porta_aberta"], "data_ocorrencia": "2026-11-05"})
    assert response.status_code == 201


# -- the hour of the facts, today --------------------------------------------------------------------------------
# DEC_3 is 12:00 in Recife (UTC−3) and 10:00 in Rio Branco (UTC−5).

@pytest.mark.parametrize("place, hour, now", [("pe", "13:00", "12:00"), ("ac", "11:00", "10:00")])
def test_an_hour_still_to_come_today_is_refused_and_the_form_comes_back_filled(form_client, place, hour, now):
    response = form_client.post("/denuncia", data=_complaint(jurisdicao=place, data_ocorrencia="03/12/2026", hora_ocorrencia=hour, origem="Boa Viagem"))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    error = re.search(r'id="hora_ocorrencia-erro">(.*?)</p>', html, re.S).group(1)
    assert f"A hora não pode estar no futuro: hoje, onde aconteceu, ainda são {now}." in error
    assert f'value="{hour}"' in _field(html, "hora_ocorrencia") and 'aria-invalid="true"' in _field(html, "hora_ocorrencia")
    assert 'value="03/12/2026"' in _field(html, "data_ocorrencia") and 'value="Boa Viagem"' in html


def test_an_hour_still_to_come_in_english(form_client):
    response = form_client.post("/denuncia?lang=en", data=_complaint(data_ocorrencia="03/12/2026", hora_ocorrencia="23:59"))
    assert response.status_code == 400
    assert "The time cannot be in the future: today, where it happened, it is only 12:00." in response.get_data(as_text=True)


@pytest.mark.parametrize("day, hour", [("03/12/2026", "11:30"), ("02/12/2026", "23:00")])
def test_an_hour_already_past_is_taken(form_client, day, hour):
    assert form_client.post("/denuncia", data=_complaint(data_ocorrencia=day, hora_ocorrencia=hour)).status_code == 303


def test_the_api_refuses_an_hour_still_to_come_too(client):
    body = {"jurisdicao": "recife", "ocorrencias": ["porta_aberta"], "data_ocorrencia": "2026-12-03", "hora_ocorrencia": "12:01"}
    response = client.post("/api/v1/denuncias", json=body)
    assert response.status_code == 400 and response.get_json()["field"] == "hora_ocorrencia"
