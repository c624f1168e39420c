"""One clock (knowledge/clock.py): "today" is the date where the facts happen.

At 01:30 UTC on 30/11/2026 a server in UTC is already on the 30th, but it is still
the 29th in Rio Branco (UTC−5, 20:30) and in Recife and Brasília (UTC−3, 22:30).
At 04:00 UTC Recife and Brasília are on the 30th and Rio Branco still on the 29th.
"""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from knowledge import clock
from knowledge.flows import FLOWS
from knowledge.places import PLACES

LATE_EVENING = datetime(2026, 11, 30, 1, 30, tzinfo=timezone.utc)  # 29/11 in every place, 30/11 in UTC
ACRE_STILL_YESTERDAY = datetime(2026, 11, 30, 4, 0, tzinfo=timezone.utc)  # 30/11 in Brasília, 29/11 in Acre
NOV_29, NOV_30 = date(2026, 11, 29), date(2026, 11, 30)


@pytest.fixture()
def late_evening():
    with clock.fixed(LATE_EVENING):
        yield


def test_today_is_the_places_date():
    with clock.fixed(LATE_EVENING):
        assert LATE_EVENING.date() == NOV_30
        assert {p: clock.today(p) for p in PLACES} == {"pe": NOV_29, "sp": NOV_29, "ac": NOV_29, "recife": NOV_29}
        assert clock.today() == NOV_29
    with clock.fixed(ACRE_STILL_YESTERDAY):
        assert {p: clock.today(p) for p in PLACES} == {"pe": NOV_30, "sp": NOV_30, "ac": NOV_29, "recife": NOV_30}
        assert clock.today() == NOV_30  # Brasília time when no place is known
        assert clock.today("xx") == NOV_30  # an id that names no place: the same default
        assert ACRE_STILL_YESTERDAY.astimezone(PLACES["ac"].zone).date() == NOV_29  # the place's zone, read by the clock


def test_fixed_needs_an_aware_instant_and_restores_the_clock():
    with pytest.raises(ValueError):
        with clock.fixed(datetime(2026, 11, 30, 1, 30)):
            pass
    with clock.fixed(LATE_EVENING):
        with clock.fixed(ACRE_STILL_YESTERDAY):
            assert clock.today("pe") == NOV_30
        assert clock.today("pe") == NOV_29
    assert clock.now() != LATE_EVENING


def test_a_wizards_place_comes_from_its_answer_or_from_its_only_law():
    assert clock.place_of({"jurisdicao": "ac"}, FLOWS.get("veiculo_apreendido").legal_basis) == "ac"
    assert clock.place_of({}, FLOWS.get("veiculo_apreendido").legal_basis) is None  # four laws: not known yet
    assert clock.place_of({}, FLOWS.get("carro_turismo").legal_basis) == "pe"  # Pernambuco's law only
    assert clock.place_of({"jurisdicao": "zz"}, FLOWS.get("modalidade").legal_basis) is None


SEIZED_IN_ACRE = {"jurisdicao": "ac", "medida": "retencao", "data_notificacao": "", "tinha_autorizacao": True}


def test_wizard_api_uses_the_places_date(client, late_evening):
    on_server_date = client.post("/api/v1/wizards/veiculo_apreendido", json={"answers": {**SEIZED_IN_ACRE, "data_medida": "2026-11-30"}})
    assert on_server_date.status_code == 400
    body = on_server_date.get_json()
    assert body["field"] == "data_medida" and body["error"].startswith("A data da medida não pode estar no futuro")
    on_place_date = client.post("/api/v1/wizards/veiculo_apreendido", json={"answers": {**SEIZED_IN_ACRE, "data_medida": "2026-11-29"}})
    assert on_place_date.status_code == 200
    assert on_place_date.get_json()["complete"] is True


def test_wizard_api_tells_acre_from_brasilia(client):
    answers = {"medida": "retencao", "data_notificacao": "", "tinha_autorizacao": True, "data_medida": "2026-11-30"}
    with clock.fixed(ACRE_STILL_YESTERDAY):
        assert client.post("/api/v1/wizards/veiculo_apreendido", json={"answers": {**answers, "jurisdicao": "pe"}}).status_code == 200
        assert client.post("/api/v1/wizards/veiculo_apreendido", json={"answers": {**answers, "jurisdicao": "ac"}}).status_code == 400


def test_wizard_page_uses_the_places_date(client, late_evening):
    page = client.get("/assistentes/veiculo_apreendido", query_string={**SEIZED_IN_ACRE, "tinha_autorizacao": "sim", "data_medida": "2026-11-30"})
    assert page.status_code == 400
    assert "A data da medida não pode estar no futuro" in page.get_data(as_text=True)


def test_complaint_uses_the_places_date(client, late_evening):
    body = {"ocorrencias": ["porta_aberta"], "jurisdicao": "ac"}
    future = client.post("/api/v1/denuncias", json={**body, "data_ocorrencia": "2026-11-30"})
    assert future.status_code == 400
    assert future.get_json() == {"error": "A data não pode estar no futuro.", "field": "data_ocorrencia"}
    assert client.post("/api/v1/denuncias", json={**body, "data_ocorrencia": "2026-11-29"}).status_code == 201


def test_complaint_form_defaults_to_the_places_date(client, late_evening):
    html = client.get("/denuncia?jurisdicao=ac").get_data(as_text=True)
    assert 'value="29/11/2026"' in html and "30/11/2026" not in html


@pytest.mark.parametrize("instant", [LATE_EVENING, ACRE_STILL_YESTERDAY])
def test_assistant_hoje_is_the_places_date(client, instant):
    with clock.fixed(instant):
        first = client.post("/api/v1/assistente", json={"mensagem": "meu ônibus foi retido no acre", "conversa": None}).get_json()
        assert first["pergunta"]["id"] == "data_medida"
        reply = client.post("/api/v1/assistente", json={"mensagem": "hoje", "conversa": first["conversa"]}).get_json()
    assert reply["pergunta"]["id"] == "data_notificacao"
    assert [a["url"] for a in reply["acoes"] if a["tipo"] == "wizard"] == [
        "/assistentes/veiculo_apreendido?jurisdicao=ac&medida=retencao&data_medida=2026-11-29"
    ]


def test_the_complaint_forms_default_date_is_in_no_places_future(client):
    # At 01:00 in Brasília it is still yesterday in Rio Branco (UTC−5): a form whose place is not chosen yet
    # defaults to the date that has begun everywhere, so choosing Acre never makes it a future date.
    with clock.fixed(ACRE_STILL_YESTERDAY):
        assert clock.today_everywhere() == NOV_29
        page = client.get("/denuncia").get_data(as_text=True)
        assert 'value="29/11/2026"' in page
        assert 'value="30/11/2026"' in client.get("/denuncia?jurisdicao=pe").get_data(as_text=True)


@pytest.mark.parametrize("moment", [
    datetime(2027, 1, 1, 2, 59, 59, tzinfo=timezone.utc),  # 31/12/2026 23:59:59 in Brasília
    datetime(2027, 1, 1, 3, 0, tzinfo=timezone.utc),  # 01/01/2027 00:00 in Brasília
    datetime(2019, 6, 1, tzinfo=timezone.utc),
])
def test_this_year_is_todays_year_in_brasilia_on_both_sides_of_new_year(moment):
    """this_year() keeps the year's span to avoid a time-zone conversion per call: it must still turn
    at midnight in Brasília, and follow a clock a test moves back and forth."""
    with clock.fixed(moment):
        assert clock.this_year() == clock.today().year
    with clock.fixed(datetime(2026, 12, 31, 12, 0, tzinfo=timezone.utc)):
        assert clock.this_year() == 2026
