"""Issue #31: "Ônibus" in the 7-seat-car guide ends after the date, through the Flask test client.

The page says the guide is about the automobile, what the law asks of a bus instead (each sentence
with its unit, in the wording of the date of facts) and links the fleet check and the modality and
CRC guides; the counter never shows a false total on the way.  The browser half (360 px, JavaScript on
and off) is in tests/e2e/test_wizard_bus_end.py."""

from __future__ import annotations

import re

import pytest

PE = "pe-lei-16205-2017"
GUIDE = "/assistentes/carro_turismo"


def html(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.get_data(as_text=True)


def counter(page: str) -> str:
    return re.search(r'id="progresso">\s*(.*?)\s*(?:<span|</p>)', page, re.S).group(1)


@pytest.mark.parametrize("tipo", ["onibus", "micro_onibus"])
def test_after_a_bus_only_the_date_is_left_and_the_counter_says_so(client, tipo):
    start = html(client, GUIDE)
    assert re.match(r"Pergunta 1 de até \d+", counter(start))  # the type decides how many follow ("de até", #31)
    step = html(client, f"{GUIDE}?tipo_veiculo={tipo}")
    assert counter(step) == "Pergunta 2 de 2" and 'id="data_referencia"' in step
    assert "(o número depende das suas respostas)" not in step


@pytest.mark.parametrize("when, unit, words", [
    # Lei 16.205/2017, art. 11, redação original, I, a: "para os ônibus com capacidade para mais de 20 (vinte)
    # passageiros e com menos de 10 (dez) anos do primeiro emplacamento"
    ("2020-11-12", "art-11", "menos de 10 anos do primeiro emplacamento"),
    # art. 3º, § 3º (Lei 17.107/2020): "não apenas através de veículos das modalidades ônibus, micro-ônibus, mas, também,
    # por meio do veículo tipo automóvel"; art. 11 (Lei 17.107): "com até 15 (quinze) anos da data de fabricação"
    ("2020-11-13", "art-3/par-3", "só admitida para ônibus e micro-ônibus com até 15 anos de fabricação"),
    ("2021-09-22", "art-3/par-3", "só admitida para ônibus e micro-ônibus com até 15 anos de fabricação"),
    # art. 11, I, a and II, a (Lei 17.406/2021): "com até 15 (quinze) anos" / "com mais de 15 (quinze) anos da data de fabricação"
    ("2021-09-23", "art-11/inc-1/ali-a", "anual até 15 anos da data de fabricação, semestral depois"),
])
def test_the_bus_end_names_its_units_in_the_wording_of_the_date(client, when, unit, words):
    page = html(client, f"{GUIDE}?tipo_veiculo=onibus&data_referencia={when}&ver=resultado")
    assert "Este assistente é sobre o automóvel de 7 lugares" in page
    assert "O que a lei exige deste veículo" in page and words in page
    # the unit's link opens the wording of that date (a unit whose wording is today's links without a date)
    assert re.search(rf'href="/leis/{PE}/{unit}(\?data={when})?"', page), unit
    if when < "2020-11-13":
        assert f'href="/leis/{PE}/art-11?data={when}"' in page  # the original art. 11, marked as a previous wording
    assert "Pendências" not in page and "não admitida" not in page  # no car verdict on a bus
    assert f'href="/frota?lugar=pe&amp;modalidade=turistico&amp;data={when}"' in page
    assert 'href="/assistentes/modalidade?jurisdicao=pe"' in page and 'href="/assistentes/documentos_crc"' in page
    assert "Verificar a frota inteira com estes dados" not in page  # no car line pre-filled for a bus


@pytest.mark.parametrize("lang, headline, heading", [
    ("en", "This guide is about the 7-seat automobile", "What the law requires of this vehicle"),
    ("es", "Este asistente trata del automóvil de 7 plazas", "Lo que la ley exige de este vehículo"),
])
def test_the_bus_end_in_english_and_spanish(client, lang, headline, heading):
    page = html(client, f"{GUIDE}?tipo_veiculo=micro_onibus&data_referencia=2024-05-10&ver=resultado&lang={lang}")
    assert headline in page and heading in page


def test_the_api_ends_a_bus_after_the_date(client):
    response = client.post("/api/v1/wizards/carro_turismo", json={"answers": {"tipo_veiculo": "onibus", "data_referencia": "2024-05-10"}})
    assert response.status_code == 200
    data = response.get_json()
    assert data["complete"] is True
    codes = [s["codigo"] for s in data["outcome"]["outro_veiculo"]]
    assert codes == ["outro_veiculo", "onibus_vistoria"]
    assert all(s["citations"] for s in data["outcome"]["por_que"])
    assert data["outcome"]["resumo"].startswith("Este assistente é sobre o automóvel de 7 lugares")


def test_the_chat_tells_a_bus_the_same_early_end(client):
    def say(message, conversation=None):
        return client.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversation}).get_json()

    reply = say("meu ônibus pode fazer fretamento turístico?")
    assert reply["pergunta"]["id"] == "tipo_veiculo"
    reply = say("ônibus", reply["conversa"])
    assert reply["pergunta"]["id"] == "data_referencia"
    reply = say("01/06/2019", reply["conversa"])
    assert reply["pergunta"] is None
    # the original wording of art. 11 (ônibus "com menos de 10 (dez) anos do primeiro emplacamento"), first
    assert "Este assistente é sobre o automóvel de 7 lugares" in reply["resposta"]
    assert "só tratava de ônibus e micro-ônibus" in reply["resposta"] and "menos de 10 anos do primeiro emplacamento" in reply["resposta"]
    assert ("pe-lei-16205-2017", "art-11") in {(c["law"], c["unit"]) for c in reply["citations"]}
