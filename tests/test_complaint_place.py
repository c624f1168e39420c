"""A complaint is classified by the law of its place and date; without a place it is never Pernambuco's (finding 7)."""

from __future__ import annotations


def test_no_place_and_no_registered_plate_is_422_asking_the_place(demo_app):
    client = demo_app.test_client()
    response = client.post("/api/v1/denuncias", json={"data_ocorrencia": "2024-05-10", "ocorrencias": ["porta_aberta"], "placa": "ZZZ9999"})
    assert response.status_code == 422
    body = response.get_json()
    assert body["field"] == "jurisdicao" and "Informe onde aconteceu" in body["error"]


def test_a_registered_plate_gives_the_place(demo_app):
    response = demo_app.test_client().post("/api/v1/denuncias", json={"data_ocorrencia": "2024-05-10", "ocorrencias": ["porta_aberta"], "placa": "FRT4E22"})
    assert response.status_code == 201
    assert response.get_json()["orgao"]["sigla"] == "DER"


def test_pernambuco_complaint_of_2019_uses_the_previous_annex_with_dated_links(demo_app):
    response = demo_app.test_client().post(
        "/api/v1/denuncias", json={"data_ocorrencia": "2019-08-03", "ocorrencias": ["venda_passagem_individual"], "jurisdicao": "pe"}
    )
    assert response.status_code == 201
    item = response.get_json()["enquadramento"][0]
    assert item["gravidade"] == "grave" and item["multa"]["valor"] == 900.0
    anexo = item["citations"][0]
    # The alínea exists only in the previous Anexo I: the link opens the law as it was that day.
    assert anexo["label"] == "Lei 16.205/2017 (PE), Anexo I, inciso III, alínea f"
    assert anexo["url"] == "/leis/pe-lei-16205-2017/anexo-i/inc-3/ali-f?data=2019-08-03" and anexo["data"] == "2019-08-03"
    assert item["ressalvas"] and "novecentos mil reais" in item["ressalvas"][0]


def test_acre_complaint_before_the_law_took_effect_has_no_fine(demo_app):
    response = demo_app.test_client().post(
        "/api/v1/denuncias", json={"data_ocorrencia": "2013-10-01", "ocorrencias": ["sem_autorizacao"], "jurisdicao": "ac"}
    )
    item = response.get_json()["enquadramento"][0]
    assert item["multa"] is None and item["gravidade"] is None
    assert [c["unit"] for c in item["citations"]] == ["art-100"]


def _read(client, **fields):
    form = {"relato": "", "jurisdicao": "", "data_ocorrencia": "", "acao": "ler", **fields}
    response = client.post("/denuncia", data=form)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_reading_the_account_without_a_place_says_the_place_is_needed(demo_app):
    """"Ler meu relato" never does nothing: with the place left to the plate, it says each place has its table."""
    html = _read(demo_app.test_client(), relato="o motorista do fretado estava fumando dentro do ônibus a viagem toda")
    assert "escolha onde aconteceu" in html


def test_an_account_that_tells_its_day_dates_the_facts_when_the_date_was_left_at_today(demo_app):
    """AC art. 75, I, e): "fumar dentro do ônibus ou permitir que passageiros fumem" — "ontem" is the day
    before today, as the chat reads it; a date the person typed is kept."""
    from knowledge import clock

    today = clock.today("ac")
    yesterday = today.fromordinal(today.toordinal() - 1)
    client = demo_app.test_client()
    story = "ontem o motorista do ônibus de Rio Branco pra Xapuri ficou fumando lá dentro a viagem inteira"
    html = _read(client, relato=story, jurisdicao="ac", data_ocorrencia=today.isoformat())
    assert f'value="{yesterday.strftime("%d/%m/%Y")}"' in html and "ac-lei-2731-2013 art-75/inc-1/ali-e" in html
    assert yesterday.strftime("%d/%m/%Y") in html  # "os fatos foram em …: confira o campo Data"
    typed = "2025-03-10"
    html = _read(client, relato=story, jurisdicao="ac", data_ocorrencia=typed)
    assert 'value="10/03/2025"' in html  # the field shows the day typed as DD/MM/AAAA (#31)
