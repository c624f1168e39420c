"""The assistant: the API contract and behaviour (the evaluation sets run in `make eval`, evaluation/run.py)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path

import pytest

from app import create_app

from tests.evaluation import leaks, rule_literals



@pytest.fixture(scope="module")
def assistant_app(tmp_path_factory, index_dir):
    data_dir = tmp_path_factory.mktemp("assistant")
    app = create_app({"DATA_DIR": str(data_dir), "INDEX_DIR": str(index_dir), "TESTING": True})
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    return app


def converse(client, messages: list[str]) -> dict:
    conversation = None
    reply = None
    for message in messages:
        response = client.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversation})
        assert response.status_code == 200, response.get_data(as_text=True)
        reply = response.get_json()
        conversation = reply["conversa"]
    return reply


def test_no_rule_copies_an_evaluation_message():
    """A rule phrase or synonym of 4+ words found word for word in an evaluation message measures memory, not understanding."""
    found = leaks()
    # The phrase and the file are printed, never the message (it may be held out).
    assert found == [], [f"{path}: {phrase!r} (in {n} message(s))" for path, phrase, n in found]
    assert len(rule_literals()) > 1000  # the check reads the rule files at all


# -- contract and behaviour ---------------------------------------------------------------------


def test_api_contract(assistant_app):
    reply = assistant_app.test_client().post("/api/v1/assistente", json={"mensagem": "quanto tempo vale o CRC?", "conversa": None}).get_json()
    assert set(reply) >= {"conversa", "resposta", "citations", "acoes", "pergunta", "fora_do_escopo"}
    assert len(reply["conversa"]) >= 24
    assert "art. 8º" in reply["resposta"] and "1 (um) ano" in reply["resposta"]
    assert all(set(c) == {"law", "article", "unit", "label", "url"} for c in reply["citations"])
    assert all(a["tipo"] in {"wizard", "consulta", "denuncia", "lei", "busca"} for a in reply["acoes"])


@pytest.mark.parametrize("body", [{"mensagem": ""}, {"mensagem": "   "}, {"mensagem": "x" * 2001}, {"conversa": None}, {"mensagem": 5}])
def test_bad_messages(assistant_app, body):
    response = assistant_app.test_client().post("/api/v1/assistente", json=body)
    assert response.status_code == 400 and response.get_json()["error"]


def test_unknown_or_expired_conversation_starts_a_new_one(assistant_app):
    client = assistant_app.test_client()
    reply = client.post("/api/v1/assistente", json={"mensagem": "oi", "conversa": "nao-existe"}).get_json()
    assert reply["conversa"] != "nao-existe"
    from portal.storage.conversations import save
    from portal.storage.db import connect

    db = connect(Path(assistant_app.config["DATA_DIR"]) / "portal.db")
    save(db, "velha", {"wizard": "modalidade", "answers": {"jurisdicao": "pe"}}, ttl=timedelta(seconds=-1))
    db.conn.close()
    reply = client.post("/api/v1/assistente", json={"mensagem": "sim", "conversa": "velha"}).get_json()
    assert reply["conversa"] != "velha" and reply["intencao"] != "wizard_resposta"


def test_chat_and_wizard_page_agree(assistant_app):
    """The chat runs the same flow engine: its outcome link is the wizard page's outcome."""
    client = assistant_app.test_client()
    reply = converse(client, ["apreenderam minha van no acre", (date.today() - timedelta(days=3)).strftime("%d/%m/%Y"), "pular", "nao", "nao", "4"])
    link = next(a["url"] for a in reply["acoes"] if "ver=resultado" in a["url"])
    page = client.get(link).get_data(as_text=True)
    # Acre, Lei 2.731/2013, art. 78, parágrafo único, I: "de um a dez dias" (the first seizure in 12 months);
    # art. 88, I: "multa de trezentas e trinta UFIRACs".  The chat says the outcome's headline first.
    assert reply["resposta"].startswith("Custódia de 1 a 10 dias, conforme as circunstâncias (primeira apreensão em 12 meses).")
    assert "\n• Multa por transporte sem concessão, permissão ou autorização: 330 UFIRACs.\n" in reply["resposta"]
    assert "Custódia de 1 a 10 dias" in page


def test_never_invents_out_of_corpus_answers(assistant_app):
    reply = converse(assistant_app.test_client(), ["qual o preço da passagem de avião pra bahia?"])
    assert reply["fora_do_escopo"] is True and reply["citations"] == []


def test_asks_which_place_when_it_matters(assistant_app):
    client = assistant_app.test_client()
    reply = converse(client, ["pode viajar passageiro em pe?"])
    assert reply["pergunta"] and reply["pergunta"]["id"] == "jurisdicao"
    followup = converse(client, ["pode viajar passageiro em pe?", "sao paulo"])
    assert followup["citations"][0]["law"] == "sp-decreto-29912-1989"


def test_page_without_javascript(assistant_app):
    client = assistant_app.test_client()
    client.application.config["WTF_CSRF_ENABLED"] = False
    try:
        response = client.post("/assistente", data={"mensagem": "quanto tempo vale o crc?"})
        assert response.status_code == 303
        html = client.get("/assistente").get_data(as_text=True)
        assert "quanto tempo vale o crc?" in html and "art. 8º" in html
        assert client.post("/assistente", data={"mensagem": ""}).status_code == 400
        client.post("/assistente/recomecar")
        assert "quanto tempo vale o crc?" not in client.get("/assistente").get_data(as_text=True)
    finally:
        client.application.config["WTF_CSRF_ENABLED"] = True


def test_a_quick_answer_shows_its_label_in_the_persons_bubble(tmp_path, index_dir):
    """The place buttons send "pe" (understood in any language) and show "Pernambuco": the
    person's bubble shows what they tapped, not the code."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    html = client.post("/assistente", data={"mensagem": "pode viajar passageiro em pe?"}, follow_redirects=True).get_data(as_text=True)
    assert 'value="pe" class="chip">Pernambuco</button>' in html
    html = client.post("/assistente", data={"mensagem": "pe"}, follow_redirects=True).get_data(as_text=True)
    bubbles = re.findall(r'<li class="msg msg-pessoa".*?<p class="text"[^>]*>(.*?)</p>', html, re.S)
    assert bubbles == ["pode viajar passageiro em pe?", "Pernambuco"]
    assert "art. 34" in html  # the engine read the value: the answer is Pernambuco's


def test_page_links_each_cited_article_once(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    html = client.post("/assistente", data={"mensagem": "pode vender passagem individual no fretamento em pernambuco?"}, follow_redirects=True).get_data(as_text=True)
    link = 'href="/leis/pe-lei-16205-2017/art-34/inc-1"'
    assert html.count(link) == 1, html.count(link)


def test_page_links_open_the_wording_quoted_on_the_facts_date(tmp_path, index_dir):
    # PE art. 28, IV before Lei 17.107/2020: "gravíssimas: R$ 3.900,00"; the chat page's citation
    # link opens that wording (?data=), as the API's does, from the date kept with the citation.
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    html = client.post("/assistente", data={"mensagem": "qual a multa gravissima em pernambuco em 10/05/2019?"}, follow_redirects=True).get_data(as_text=True)
    assert 'href="/leis/pe-lei-16205-2017/art-28/inc-4?data=2019-05-10"' in html
    assert 'href="/leis/pe-lei-16205-2017/art-28/inc-4"' not in html


def test_a_yes_or_no_is_said_in_the_interface_language(tmp_path, index_dir):
    # PE art. 34: "São vedadas às autorizatárias as seguintes condutas: … VII - condução de passageiros em pé":
    # the reply opens with the law's words, introduced in English on the English page.
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    client = app.test_client()
    reply = client.post("/api/v1/assistente?lang=en", json={"mensagem": "can a charter bus carry standing passengers in pernambuco?"}).get_json()
    assert reply["resposta"].startswith("In Pernambuco: No: the law says “vedadas”"), reply["resposta"][:120]
