"""A phone review (#31) of passengers' stories: a story not told in Portuguese is not matched on its one
Portuguese-looking word, and a danger told gets the emergency number, in the chat and on the form."""

from __future__ import annotations

from knowledge.reader.stories import MIN_PORTUGUESE_SHARE, portuguese_share, read_on
from knowledge.clock import today
from app import create_app
from portal import complaints_service


def test_portuguese_stories_are_read_and_english_or_spanish_ones_are_not():
    assert portuguese_share("o motorista do fretamento vendeu passagem pra cada passageiro na porta do ônibus") >= 0.8
    assert portuguese_share("the coach driver sold each of us a single ticket at the door") < MIN_PORTUGUESE_SHARE
    assert portuguese_share("el chofer nos cobró el pasaje a cada uno en la puerta") < MIN_PORTUGUESE_SHARE
    reading = read_on("the coach was packed and many of us stood in the aisle all the way", "pe", today("pe"))
    assert reading.foreign and not reading.classified and reading.matches == []


def test_the_form_says_the_reader_reads_portuguese_for_a_story_in_english(tmp_path, index_dir):
    client = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False}).test_client()
    with client.application.test_request_context("/"):
        suggestion = complaints_service.suggest("the coach was packed and many of us stood in the aisle all the way", "pe", None)
    assert suggestion["foreign"] and not suggestion["classified"] and suggestion["options"] == []
    data = {"relato": "the coach was packed and many of us stood in the aisle all the way", "jurisdicao": "pe", "data_ocorrencia": "2026-11-20"}
    page = client.post("/denuncia/sugestao", data=data, headers={"HX-Request": "true", "Accept-Language": "en"})
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "The story reader reads Portuguese only" in text and "Fine:" not in text


def test_the_complaint_form_gives_the_emergency_number(client):
    page = client.get("/denuncia").get_data(as_text=True)
    assert 'href="tel:190"' in page


def test_a_danger_told_in_the_chat_gets_the_emergency_number_with_the_reply(client):
    for lang, message in (("pt-BR", "socorro, o motorista da van do fretamento está embriagado e correndo muito agora"),
                          ("en", "our coach driver is drunk right now and speeding on the highway")):
        reply = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": message}).get_json()
        assert {"tipo": "emergencia", "url": "tel:190"}.items() <= next(a for a in reply["acoes"] if a["tipo"] == "emergencia").items()


def test_an_english_story_gets_no_passage_quoted_as_if_it_were_read(client):
    reply = client.post("/api/v1/assistente?lang=en", json={"mensagem": "in Pernambuco our coach driver was drunk and drove too fast"}).get_json()
    assert "Anexo I" not in reply["resposta"]
    assert any(a["tipo"] == "denuncia" for a in reply["acoes"])


def test_a_plain_law_question_gets_no_emergency_number(client):
    reply = client.post("/api/v1/assistente", json={"mensagem": "qual o prazo de validade do CRC em pernambuco?"}).get_json()
    assert not any(a["tipo"] == "emergencia" for a in reply["acoes"])


def test_a_question_asked_again_for_another_place_is_searched_without_the_first_place(client):
    first = client.post("/api/v1/assistente", json={"mensagem": "quanto tempo vale o CRC em Pernambuco?"}).get_json()
    again = client.post("/api/v1/assistente", json={"mensagem": "e em São Paulo?", "conversa": first["conversa"]}).get_json()
    link = next(a["url"] for a in again["acoes"] if a["tipo"] == "busca")
    assert "jurisdiction=sp" in link and "pernambuco" not in link.lower()


def test_standing_passengers_stay_when_the_place_changes():
    from knowledge.assistant.understanding import without_other_places

    assert without_other_places("pode levar passageiro em pé em Pernambuco?", "ac") == "pode levar passageiro em pe"
    assert without_other_places("multa do grupo 3 no Recife", "pe") == "multa do grupo 3"


def test_a_report_read_in_the_place_of_before_is_read_again_where_the_person_says_it_was(client):
    cid = None
    for message in ("qual a multa por vender passagem individual em são paulo?", "o fretado ontem ia com umas 10 pessoas em pé no corredor"):
        reply = client.post("/api/v1/assistente", json={"mensagem": message, **({"conversa": cid} if cid else {})}).get_json()
        cid = reply["conversa"]
    assert reply["intencao"] == "denuncia" and "São Paulo" in reply["resposta"]
    corrected = client.post("/api/v1/assistente", json={"mensagem": "foi em pernambuco", "conversa": cid}).get_json()
    assert corrected["intencao"] == "denuncia" and "Pernambuco" in corrected["resposta"]
    assert "anexo-i/inc-3/ali-e" in " ".join(a["url"] for a in corrected["acoes"] if a["tipo"] == "denuncia") or \
        any(c["unit"] == "anexo-i/inc-3/ali-e" for c in corrected["citations"])


def test_a_spanish_report_fills_the_form_with_the_story_as_typed(client):
    reply = client.post("/api/v1/assistente?lang=es", json={"mensagem": "el chofer del autobús de fletamento estaba borracho"}).get_json()
    link = next(a["url"] for a in reply["acoes"] if a["tipo"] == "denuncia")
    assert "relato=el+chofer" in link


def test_staff_see_that_a_story_in_another_language_was_not_read(tmp_path):
    from portal import reclassification

    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    with app.test_request_context("/"):
        view = reclassification.read({"jurisdicao": "sp", "data_ocorrencia": "2026-11-20", "relato": "el chofer estaba borracho y manejaba muy rápido"})
    assert "português" in view.reason and "vigor" not in view.reason
