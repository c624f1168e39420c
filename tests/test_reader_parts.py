"""A story that tells several infractions gets every row (issue #27): the reader reads it whole and part by
part (knowledge/reader/stories.py), and the chat, the complaint form, the receipt, the API and the channels
all carry every row found, the same rows for the same story and date."""

from __future__ import annotations

import re
from datetime import date, datetime, timezone
from urllib.parse import parse_qs, urlsplit

import pytest

from app import create_app
from knowledge.clock import fixed
from knowledge.reader.report import classify_report
from knowledge.reader.stories import MAX_ROWS, fitted, parts_of

TODAY = date(2026, 12, 1)
SP = "sp-decreto-29912-1989"
SALE, STANDING = f"{SP} art-37/inc-3/ali-f", f"{SP} art-37/inc-2/ali-c"  # "cobrança indevida"; "superior à lotação autorizada"
# This file's own story: a charter that charges each passenger (art. 4º: "sem cobrança individual de passagem")
# and carries people standing beyond the seats (art. 10: "Não será permitido o transporte de passageiros em pé").
TWO = ("Na excursão de fretamento o motorista cobrou a passagem de cada passageiro na porta do ônibus, "
       "e o fretado levou gente além da lotação, em pé no corredor.")


@pytest.mark.parametrize("story, parts", [
    ("O motorista gritou com os passageiros na rodoviária. Depois o ônibus quebrou na estrada de Caruaru!",
     ["o motorista gritou com os passageiros na rodoviaria", "depois o onibus quebrou na estrada de caruaru"]),
    ("o motorista cobrou de cada passageiro; e levou gente sentada no chão do micro", ["o motorista cobrou de cada passageiro", "e levou gente sentada no chao do micro"]),
    # A bare "e" cuts only between two clauses that each say enough: "bebeu e voltou a dirigir" is one fact.
    ("o motorista do fretado bebeu cerveja na parada e voltou a dirigir", ["o motorista do fretado bebeu cerveja na parada e voltou a dirigir"]),
    ("o motorista vendia passagem na porta e o fretado ia cheio de gente sentada no corredor",
     ["o motorista vendia passagem na porta", "o fretado ia cheio de gente sentada no corredor"]),
    ("ontem", []),  # too little to be read alone
    ("dia 3 de março o motorista, e o cobrador deixou gente sentada no degrau do micro", ["o cobrador deixou gente sentada no degrau do micro"]),
])
def test_a_story_is_cut_into_its_sentences_and_clauses(story, parts):
    assert parts_of(story) == parts


def test_a_story_of_two_infractions_gets_both_rows_each_with_its_confidence():
    report = classify_report(TWO, "sp", TODAY)
    assert sorted(report.all_rows) == sorted([SALE, STANDING])
    found = report.wordings[-1].found
    assert [f.confidence for f in found] == sorted((f.confidence for f in found), reverse=True)
    assert all(f.confidence >= fitted()["part_threshold"] for f in found if f.part)
    assert len(found) <= MAX_ROWS and len({f.row.key for f in found}) == len(found)


def test_a_story_of_one_infraction_reads_as_before():
    report = classify_report("o motorista do fretado bebeu cerveja na parada e voltou a dirigir", "sp", TODAY)
    wording = report.wordings[-1]
    assert report.all_rows == [f"{SP} art-37/inc-5/ali-b"] and wording.row.key == wording.reading.matches[0].row.key


def test_recife_unlicensed_van_charging_fares_is_art_45_read_with_art_44s_words():
    """Art. 45 punishes "o descumprimento do disposto no art. 44" (transport for pay "sem expressa autorização,
    permissão ou concessão"): the row is read with art. 44's words (the structure map's ``punishes``)."""
    from knowledge.infractions import row

    art_45 = row("recife", "art-45", TODAY)
    assert art_45.punished.startswith("É vedado o transporte remunerado de passageiros") and "art. 44" in art_45.text
    report = classify_report("uma van sem licença da prefeitura leva passageiros pelo bairro e cobra a passagem", "recife", TODAY)
    assert report.all_rows[0] == "recife-lei-16856-2003 art-45"


# -- the chat, the form, the receipt, the API ---------------------------------------------------------


@pytest.fixture()
def portal(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    with fixed(datetime(2026, 12, 1, 15, 0, tzinfo=timezone.utc)):
        yield app.test_client()


def _chat(client, message):
    reply = client.post("/api/v1/assistente", json={"mensagem": message, "conversa": None}).get_json()
    reply["resposta"] = reply["resposta"].replace("\xa0", " ")
    return reply


def test_chat_lists_every_row_with_its_unit_and_fine_and_prefills_every_one(portal):
    reply = _chat(portal, TWO + " Foi em São Paulo.")
    action = next(a for a in reply["acoes"] if a["tipo"] == "denuncia")
    assert sorted(action["linhas"]) == sorted([SALE, STANDING])
    assert action["linhas"] == classify_report(TWO + " Foi em São Paulo.", "sp", TODAY).all_rows  # the form's reader, the same rows
    text = reply["resposta"]
    assert "art. 37, inciso III, alínea f" in text and "art. 37, inciso II, alínea c" in text
    assert "200%" in text.replace(" %", "%") and "100%" in text.replace(" %", "%")
    units = {c["unit"] for c in reply["citations"]}
    assert {"art-37/inc-3/ali-f", "art-37/inc-2/ali-c"} <= units
    assert sorted(parse_qs(urlsplit(action["url"]).query)["linha"]) == sorted([SALE, STANDING])


def test_form_checks_every_suggested_row_and_the_receipt_shows_every_chosen_one(portal):
    page = portal.get("/denuncia", query_string=[("jurisdicao", "sp"), ("relato", TWO)]).get_data(as_text=True)
    checked = re.findall(r'type="checkbox" id="linha-\d+" name="linha" value="([^"]+)" checked', page)
    assert sorted(checked) == sorted([SALE, STANDING])
    assert "Seu relato conta mais de uma infração" in page
    sent = portal.post("/denuncia", data={"jurisdicao": "sp", "data_ocorrencia": "2026-11-20", "relato": TWO, "linha": [SALE, STANDING], "chave": "k-duas"})
    assert sent.status_code == 303
    receipt = portal.get(sent.headers["Location"]).get_data(as_text=True)
    assert "Ocorrer cobrança indevida, a qualquer título." in receipt and "Efetivar-se transporte de passageiros em número superior" in receipt
    # The citizen may keep one and drop the other: only the rows ticked are stored.
    one = portal.post("/denuncia", data={"jurisdicao": "sp", "data_ocorrencia": "2026-11-20", "relato": TWO, "linha": [STANDING], "chave": "k-uma"})
    receipt = portal.get(one.headers["Location"]).get_data(as_text=True)
    assert "Efetivar-se transporte de passageiros em número superior" in receipt and "Ocorrer cobrança indevida" not in receipt


def test_api_takes_one_row_or_a_list_of_up_to_five(portal):
    body = {"jurisdicao": "sp", "data_ocorrencia": "2026-11-01", "relato": "duas coisas"}
    both = portal.post("/api/v1/denuncias", json={**body, "linha": [SALE, STANDING]})
    assert both.status_code == 201
    assert [i["citations"][0]["unit"] for i in both.get_json()["enquadramento"]] == ["art-37/inc-3/ali-f", "art-37/inc-2/ali-c"]
    assert portal.post("/api/v1/denuncias", json={**body, "linha": SALE}).status_code == 201
    rows = [f"{SP} art-37/inc-5/ali-{a}" for a in "abcdef"]
    too_many = portal.post("/api/v1/denuncias", json={**body, "linha": rows})
    assert too_many.status_code == 400 and too_many.get_json()["field"] == "linha" and "5" in too_many.get_json()["error"]
    wrong = portal.post("/api/v1/denuncias", json={**body, "linha": [SALE, "pe-lei-16205-2017 anexo-i/inc-3/ali-e"]})
    assert wrong.status_code == 400 and wrong.get_json()["field"] == "linha"
    assert portal.post("/api/v1/denuncias", json={**body, "linha": 7}).status_code == 400


def test_channels_take_every_row_the_reader_is_sure_of(portal):
    from portal import complaints_service

    with portal.application.test_request_context("/"):
        suggestion = complaints_service.suggest(TWO, "sp", "2026-11-20")
    assert sorted(suggestion["suggested"]) == sorted([SALE, STANDING])
    assert [o["linha"] for o in suggestion["options"] if o["suggested"]] == suggestion["suggested"]
