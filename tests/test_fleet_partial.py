"""One bad line of a fleet list no longer hides the verdict of the others (issue #31): the page checks the
lines it could read, names the refused ones above a "Resultado parcial" that says what it counted; the API
stays strict (a client learns of a bad line by a 400); a list refused whole still stops the check."""

from __future__ import annotations

import pytest

from tests.pages import visible_text
from tests.test_fleet import fleet_app, web  # noqa: F401 — the fixtures of the fleet tests

HEADER = "placa;tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria\n"
GOOD = "KGT2E47;onibus;44;2016;2017;proprio;2024-03-10\nABC2E34;automovel;7;2021;2021;locado;2024-08-01\n"
BAD = "ABC1234;trem;44;2004;2004;proprio;2024-05-31\n"


def _send(web, frota: str, **headers):
    return web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": frota}, headers=headers)


def test_the_lines_read_are_checked_and_the_bad_one_named(web):
    response = _send(web, HEADER + GOOD + BAD)
    text = visible_text(response)
    assert response.status_code == 400  # the input had an error: still a 4xx, but nothing is lost
    assert "1 linha não foi verificada: corrija-a e envie de novo" in text
    assert "Linha 4, coluna tipo: Tipo desconhecido: trem." in text
    assert "Resultado parcial:" in text and "Verificadas 2 de 3 linhas." in text
    assert 'id="veiculo-2"' in response.get_data(as_text=True) and 'id="veiculo-3"' in response.get_data(as_text=True)


def test_the_whole_list_read_is_a_plain_result(web):
    response = _send(web, HEADER + GOOD)
    assert response.status_code == 200
    assert "Resultado parcial" not in visible_text(response) and "Resultado:" in visible_text(response)


@pytest.mark.parametrize("lang, heading, counted", [
    ("en", "1 line was not checked: correct it and send again", "2 of 3 lines checked."),
    ("es", "1 línea no fue verificada: corríjala y envíe de nuevo", "Verificadas 2 de 3 líneas."),
])
def test_the_partial_result_in_each_language(web, lang, heading, counted):
    text = visible_text(_send(web, HEADER + GOOD + BAD, **{"Accept-Language": lang}))
    assert heading in text and counted in text


def test_no_line_read_or_a_bad_header_stops_the_check(web):
    only_bad = _send(web, HEADER + BAD)
    assert only_bad.status_code == 400 and "Resultado" not in visible_text(only_bad).replace("Resultados", "")
    bad_header = _send(web, HEADER.replace("tipo", "tipoo") + GOOD)
    assert bad_header.status_code == 400 and "Resultado parcial" not in visible_text(bad_header)


def test_the_api_stays_strict(web):
    response = web.get("/api/v1/frota", query_string={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10",
                                                       "frota": HEADER + GOOD + BAD})
    assert response.status_code == 400 and response.get_json()["linhas"][0]["linha"] == 4


def test_a_modality_the_law_lacks_is_named_with_the_bad_lines_at_once(web):
    """The modality was refused only after the lines were corrected (issue #31): now both at once."""
    response = web.post("/frota", data={"lugar": "sp", "modalidade": "turistico_pe_inexistente", "data": "2025-01-10",
                                        "frota": HEADER + GOOD + BAD})
    text = visible_text(response)
    assert response.status_code == 400
    assert "São Paulo não tem essa modalidade nesta data; a lei de lá tem:" in text
    assert "Linha 4, coluna tipo: Tipo desconhecido: trem." in text
    assert "Resultado" not in text.replace("Resultados", "")


def test_no_modality_chosen_where_the_law_has_several_says_to_choose_one(web):
    response = web.post("/frota", data={"lugar": "pe", "modalidade": "", "data": "2025-01-10", "frota": HEADER + GOOD})
    assert response.status_code == 400
    assert "A lei deste lugar tem mais de uma modalidade nesta data: escolha uma." in visible_text(response)


def test_a_modality_of_another_place_stays_chosen_and_the_places_are_named(web):
    response = web.post("/frota", data={"lugar": "sp", "modalidade": "turistico", "data": "2025-01-10", "frota": HEADER + GOOD})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "São Paulo não tem essa modalidade nesta data; a lei de lá tem:" in visible_text(response)
    assert page.count(" selected>") >= 1 and 'value="turistico" selected' in page

