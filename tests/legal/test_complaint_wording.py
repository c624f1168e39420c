"""Legal cases: a complaint's row is read, stored and shown in the wording in force on the date of the facts.

Pernambuco's Anexo I was rewritten by Lei 17.107, of 13/11/2020 (knowledge/statutes/pe-lei-16205-2017.txt,
"Redação do anexo dada pela Lei Nº 17107 DE 13/11/2020").  The same key names other facts on each side:

- anexo-i/inc-1/ali-b, until 12/11/2020 (redação anterior, I - LEVES): "b) dar partida ao veículo durante
  a operação de embarque e desembarque dos passageiros ou transitar com a porta aberta";
- anexo-i/inc-1/ali-b, since 13/11/2020 (I - LEVES): "b) deixar de portar o CRLV do veículo";
- anexo-i/inc-4/ali-c, since 13/11/2020 (IV - GRAVÍSSIMAS): "c) dar partida ao veículo durante a operação
  de embarque e desembarque dos passageiros ou transitar com a porta aberta".

A phone review told "Em maio de 2019 o motorista deixou a porta aberta com o ônibus andando." with the
date field left at today: the form suggested I b in the 2019 wording, the complaint was stored with
today's date, and the receipt said "Deixar de portar o CRLV do veículo".  These cases go through the
form (portal/passenger.py), the stored complaint, the receipt and the staff page.
"""

from __future__ import annotations

import html
import re
from datetime import date

import pytest

from knowledge.infractions import row as infraction_row
from portal.database import close_store, open_store
from portal.storage import staff as staff_store

from .legal_cases import quote_occurs

PE = "pe-lei-16205-2017"
DOOR_BEFORE = "anexo-i/inc-1/ali-b"  # I b until 12/11/2020: the open door; since 13/11/2020: the CRLV
DOOR_AFTER = "anexo-i/inc-4/ali-c"  # IV c since 13/11/2020: the open door
BEFORE, AFTER = date(2019, 5, 15), date(2026, 11, 20)
OPEN_DOOR = "dar partida ao veículo durante a operação de embarque e desembarque dos passageiros ou transitar com a porta aberta"
CRLV = "deixar de portar o CRLV do veículo"
STORY = "Em maio de 2019 o motorista deixou a porta aberta com o ônibus andando."
PASSWORD = "senha-muito-segura-2026"


@pytest.fixture()
def app(tmp_path, index_dir):
    from app import create_app

    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def _field(page: str) -> str:
    return re.search(r'id="data_ocorrencia"[^>]*?value="([^"]*)"', page.replace("\n", " ")).group(1)


def test_the_statute_says_both_wordings():
    # I b before Lei 17.107/2020 is the open door; after it, the CRLV; the open door moved to IV c (gravíssima).
    assert quote_occurs(PE, DOOR_BEFORE, BEFORE, "b) " + OPEN_DOOR)
    assert quote_occurs(PE, DOOR_BEFORE, AFTER, "b) " + CRLV)
    assert not quote_occurs(PE, DOOR_BEFORE, AFTER, OPEN_DOOR)
    assert quote_occurs(PE, DOOR_AFTER, AFTER, "c) " + OPEN_DOOR)
    before, after = infraction_row("pe", DOOR_BEFORE, BEFORE), infraction_row("pe", DOOR_BEFORE, AFTER)
    assert before.until == date(2020, 11, 12) and after.since == date(2020, 11, 13)
    assert (before.gravity, before.fine(BEFORE)["valor"]) == ("leve", 150)  # art. 28, I (redação anterior)
    door = infraction_row("pe", DOOR_AFTER, AFTER)
    assert (door.gravity, door.fine(AFTER)["valor"]) == ("gravissima", 2900)  # art. 28, IV: R$ 2.900,00


def test_a_month_told_in_the_story_is_said_and_the_day_is_asked_never_today(app):
    client = app.test_client()
    from knowledge import clock

    today = clock.today("pe").strftime("%d/%m/%Y")
    page = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": today, "relato": STORY, "acao": "ler"}).get_data(as_text=True)
    text = _text(page)
    assert "Li no seu relato: maio de 2019." in text and "Em que dia foi?" in text
    assert _field(page) == ""  # not today, and no first day passed off as the day
    assert f'value="{PE} {DOOR_BEFORE}" checked' in page and 'name="linha_data" value="2019-05-01"' in page
    assert OPEN_DOOR[1:] in text and "Gravidade: leve" in text  # the 2019 wording, leve, R$ 150


def test_the_row_is_refused_when_the_date_sent_is_of_another_wording_and_suggested_again(app):
    """The review's case: row I b ticked in the 2019 wording, date field at today."""
    client = app.test_client()
    sent = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": AFTER.strftime("%d/%m/%Y"), "relato": STORY,
                                          "linha": f"{PE} {DOOR_BEFORE}", "linha_data": "2019-05-01", "chave": "a"})
    assert sent.status_code == 400
    text = _text(sent.get_data(as_text=True))
    assert f"Em {AFTER.strftime('%d/%m/%Y')}, a data informada, vale outra redação da lei" in text
    assert f"que você marcou como “{OPEN_DOOR}”, diz nessa data “{CRLV}”" in text
    # Suggested again in the wording of the date given: the open door is IV c, gravíssima, there.
    assert f'value="{PE} {DOOR_AFTER}" checked' in sent.get_data(as_text=True)
    store = open_store(app)
    assert store.execute("SELECT COUNT(*) FROM complaints").fetchone()[0] == 0  # nothing stored
    close_store(store)


def test_receipt_status_and_staff_say_the_wording_of_the_date_of_the_facts(app):
    client = app.test_client()
    sent = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": BEFORE.strftime("%d/%m/%Y"), "relato": STORY,
                                          "linha": f"{PE} {DOOR_BEFORE}", "linha_data": "2019-05-01", "chave": "b"})
    assert sent.status_code == 303
    receipt = _text(client.get(sent.headers["Location"]).get_data(as_text=True))
    assert "Quando aconteceu 15 de mai. de 2019" in receipt
    assert OPEN_DOOR[1:] in receipt and "Gravidade: leve" in receipt and "R$ 150,00" in receipt
    assert "CRLV" not in receipt
    status = _text(client.get(sent.headers["Location"].split("?")[0]).get_data(as_text=True))
    assert OPEN_DOOR[1:] in status and "CRLV" not in status
    store = open_store(app)
    staff_store.create_user(store, "equipe", PASSWORD)
    stored = store.execute("SELECT data_ocorrencia, ocorrencias FROM complaints").fetchone()
    close_store(store)
    assert stored[0] == BEFORE.isoformat() and f"linha:{PE} {DOOR_BEFORE}" in stored[1]
    staff = app.test_client()
    staff.post("/admin/entrar", data={"usuario": "equipe", "senha": PASSWORD})
    page = _text(staff.get("/admin/denuncias/1").get_data(as_text=True))
    current = page.split("Classificada hoje como")[1].split("O que o leitor de relatos sugere")[0]
    assert "na redação em vigor na data dos fatos (15 de mai. de 2019)" in page
    assert "Anexo I, inciso I, alínea b" in current and OPEN_DOOR[1:] in current and "CRLV" not in current
    assert "Escolhida por: o denunciante, confirmando a sugestão do leitor" in current


def test_after_the_change_the_open_door_is_iv_c_gravissima(app):
    client = app.test_client()
    story = "O motorista saiu com a porta aberta e o ônibus andando."
    page = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": AFTER.strftime("%d/%m/%Y"), "relato": story, "acao": "ler"}).get_data(as_text=True)
    assert f'value="{PE} {DOOR_AFTER}" checked' in page and f'value="{PE} {DOOR_BEFORE}" checked' not in page
    sent = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": AFTER.strftime("%d/%m/%Y"), "relato": story,
                                          "linha": f"{PE} {DOOR_AFTER}", "linha_data": AFTER.isoformat(), "chave": "c"})
    receipt = _text(client.get(sent.headers["Location"]).get_data(as_text=True))
    assert OPEN_DOOR[1:] in receipt and "Gravidade: gravíssima" in receipt and "R$ 2.900,00" in receipt


def test_a_year_across_the_change_says_the_law_changed_on_13_11_2020(app):
    client = app.test_client()
    from knowledge import clock

    page = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": clock.today("pe").strftime("%d/%m/%Y"),
                                          "relato": "Em 2020 o motorista deixou a porta aberta com o ônibus andando.", "acao": "ler"}).get_data(as_text=True)
    text = _text(page)
    assert "Li no seu relato: 2020." in text and "nesse período a lei mudou (em 13/11/2020)" in text and _field(page) == ""
