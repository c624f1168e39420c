"""The one reader of people's words (knowledge/reader): dates of facts, the lexicon, the fitted model,
and the chat and the complaint form giving the same classification for the same story."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timezone

import pytest

from app import create_app
from knowledge.clock import fixed
from knowledge.reader import lexicon as lexicon_module
from knowledge.reader.dates import facts_period
from knowledge.reader.report import classify_report
from knowledge.reader.stories import FITTED, fitted, inputs_digest

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize("words, start, end", [
    ("dia 3/3/2019 o ônibus", date(2019, 3, 3), date(2019, 3, 3)),
    ("foi em maio de 2019", date(2019, 5, 1), date(2019, 5, 31)),
    ("em 2019 aconteceu", date(2019, 1, 1), date(2019, 12, 31)),
    # Carnaval moves with Easter (12/04/2020): Saturday 22/02 to Ash Wednesday 26/02.
    ("no carnaval de 2020", date(2020, 2, 22), date(2020, 2, 26)),
    ("no natal de 2019", date(2019, 12, 24), date(2019, 12, 25)),
    ("no são joão do ano passado", date(2025, 6, 23), date(2025, 6, 24)),
    ("ontem", date(2026, 11, 30), date(2026, 11, 30)),
    ("anteontem", date(2026, 11, 29), date(2026, 11, 29)),
    ("semana passada", date(2026, 11, 23), date(2026, 11, 29)),
    ("há 3 meses", date(2026, 9, 1), date(2026, 9, 30)),
    ("ano passado", date(2025, 1, 1), date(2025, 12, 31)),
    ("dia 12 de novembro de 2020", date(2020, 11, 12), date(2020, 11, 12)),
    ("no réveillon", date(2025, 12, 31), date(2026, 1, 1)),
])
def test_dates_of_facts_in_everyday_words(words, start, end):
    period = facts_period(words, TODAY)
    assert (period.start, period.end) == (start, end)


@pytest.mark.parametrize("words", ["o ônibus 2008 tava sem freio", "tinha 8 pessoas em pé", "o ônibus é ano 2015 de fabricação", ""])
def test_no_date_is_read_where_none_is_told(words):
    assert facts_period(words, TODAY) is None


def test_lexicon_is_checked_when_loaded(tmp_path, monkeypatch):
    bad = tmp_path / "lexicon.yaml"
    bad.write_text("slang: {}\nlaw_words: {}\nfestas: {natal: 25-12}\ndias_relativos: {}\nrelato: {fatos: x, acontecendo: w, pergunta_da_infracao: y, a_quem_reclamar: z}\n", encoding="utf-8")
    monkeypatch.setattr(lexicon_module, "PATH", bad)
    lexicon_module.lexicon.cache_clear()
    try:
        with pytest.raises(lexicon_module.LexiconError):
            lexicon_module.lexicon()
    finally:
        lexicon_module.lexicon.cache_clear()


def test_fitted_model_matches_its_inputs():
    """Changing a row or its questions without refitting (`make fit`) fails here, not in production."""
    model = fitted()
    assert model["inputs_sha256"] == inputs_digest(), f"refit: python -m evaluation.fit_reader ({FITTED.name} is stale)"
    assert 0.5 <= model["threshold"] <= 1.0 and model["risk_target"] <= 0.05
    assert model["development_cross_fitted"]["classified_wrong"] <= model["risk_target"] * model["development_cross_fitted"]["classified"] + 1e-9
    # A story's parts add a row only above their own threshold, never below the whole story's, chosen so that
    # few development stories get a row their case does not vouch for.
    parts = model["development_parts_cross_fitted"]
    assert model["threshold"] <= model["part_threshold"] <= 1.0 and model["part_risk_target"] <= 0.01
    assert parts["stories_given_a_wrong_row_by_parts"] <= model["part_risk_target"] * model["development_cross_fitted"]["stories"] + 1e-9


def test_a_period_across_a_change_of_wording_is_read_in_both():
    """"em 2020" in Pernambuco spans the Anexo I of before and after 13/11/2020 (Lei 17.107/2020)."""
    report = classify_report("em 2020 o fretado levou gente em pé no corredor", "pe", TODAY)
    assert [w.reading.on for w in report.wordings] == [date(2020, 1, 1), date(2020, 11, 13)]
    assert report.rows == ["pe-lei-16205-2017 anexo-i/inc-2/ali-a", "pe-lei-16205-2017 anexo-i/inc-3/ali-e"]


# -- the chat and the form ----------------------------------------------------------------------


@pytest.fixture()
def portal(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    with fixed(datetime(2026, 12, 1, 15, 0, tzinfo=timezone.utc)):
        yield app.test_client()


def say(client, *messages):
    conversation, reply = None, None
    for message in messages:
        reply = client.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversation}).get_json()
        conversation = reply["conversa"]
    reply["resposta"] = reply["resposta"].replace("\xa0", " ")  # R$ is written with a no-break space
    return reply


def test_chat_gives_the_row_of_the_date_and_the_complaint(portal):
    reply = say(portal, "em 2019 o motorista do fretado em pernambuco levou gente em pé")
    complaint = next(a for a in reply["acoes"] if a["tipo"] == "denuncia")
    assert complaint["linhas"] == ["pe-lei-16205-2017 anexo-i/inc-2/ali-a"]
    assert reply["citations"][0]["unit"] == "anexo-i/inc-2/ali-a" and "R$ 300,00" in reply["resposta"]
    assert "linha=pe-lei-16205-2017" in complaint["url"] and "jurisdicao=pe" in complaint["url"]


def test_chat_asks_the_place_of_a_report_then_classifies_it(portal):
    first = say(portal, "tinha 10 pessoas em pé no fretado ontem")
    assert first["pergunta"]["id"] == "jurisdicao" and not first["citations"]
    conversation = first["conversa"]
    second = portal.post("/api/v1/assistente", json={"mensagem": "Pernambuco", "conversa": conversation}).get_json()
    second["resposta"] = second["resposta"].replace("\xa0", " ")
    assert second["citations"][0]["unit"] == "anexo-i/inc-3/ali-e" and "R$ 900,00" in second["resposta"]
    assert "data_ocorrencia=2026-11-30" in next(a for a in second["acoes"] if a["tipo"] == "denuncia")["url"]


def test_a_report_no_row_describes_gets_no_fine_and_still_the_complaint(portal):
    reply = say(portal, "em pernambuco o wi-fi do ônibus fretado não funcionava na viagem de ontem")
    assert not any(c["unit"].startswith("anexo-i/") for c in reply["citations"])
    assert "R$" not in reply["resposta"]
    assert any(a["tipo"] == "denuncia" for a in reply["acoes"])


def test_the_form_gives_no_fine_for_a_story_it_does_not_classify(portal):
    """Unclassified, the nearest rows are only offered, folded and without a fine (a fine beside a row
    the reader did not choose reads as the answer); the regulator classifies unless one is picked."""
    data = {"jurisdicao": "pe", "data_ocorrencia": "2026-11-20", "relato": "o wi-fi do ônibus fretado não funcionava na viagem"}
    for page in (portal.post("/denuncia", data={**data, "acao": "ler"}).get_data(as_text=True),
                 portal.post("/denuncia/sugestao", data=data, headers={"HX-Request": "true"}).get_data(as_text=True)):
        suggestion = page[page.index('id="sugestao"'):]
        suggestion = suggestion[:suggestion.index("</fieldset>")]
        assert "Não conseguimos classificar" in suggestion
        # Checkboxes, none checked: the regulator classifies unless the citizen marks one.
        assert 'type="checkbox"' in suggestion and "checked" not in suggestion and "Sem nenhuma marcada" in suggestion
        assert "Multa:" not in suggestion and "R$" not in suggestion
        assert '<details class="nearest-rows">' in suggestion and suggestion.count('name="linha"') <= 4


def test_two_units_of_one_measure_are_said_once_with_both_citations(portal):
    """SP art. 41, II, a and b both order the cassação of the registry (4 fines for the same infraction
    of art. 37, V; 8 for any of them): one label, both units."""
    from knowledge.infractions import measures_by_kind, row

    found = row("sp", "art-37/inc-5/ali-b", TODAY)
    grouped = dict(measures_by_kind(found.measures))
    assert [m.cite.unit for m in grouped["cassacao_registro"]] == ["art-41/inc-2/ali-a", "art-41/inc-2/ali-b"]
    from portal.complaints_service import row_facts

    with portal.application.test_request_context("/"):
        facts = row_facts(found, TODAY)
    cassacao = [m for m in facts["medidas"] if m["tipo"] == "cassacao_registro"]
    assert len(cassacao) == 1 and len(cassacao[0]["citations"]) == 2 and "4 (quatro) vezes" in cassacao[0]["palavras"][0]
    reply = say(portal, "o motorista estava bêbado na excursão ontem, em São Paulo")["resposta"]
    assert reply.count("cassação do registro") <= 1


STORIES = [  # this file's own stories (place, story)
    ("sp", "o motorista tava bebado na volta da excursao semana passada"),
    ("ac", "o cobrador foi mal educado e xingou os passageiros ontem"),
    ("recife", "a kombi do complementar andava com a porta aberta"),
    ("pe", "no carnaval de 2020 o fretado levou gente em pé"),
    ("pe", "no carnaval de 2023 o fretado levou gente em pé"),
]


@pytest.mark.parametrize("place, story", STORIES)
def test_chat_and_form_agree(portal, place, story):
    """The same reader behind both: the chat's complaint carries the row the form suggests."""
    from knowledge.places import PLACES

    reply = say(portal, f"{story}, {PLACES[place].in_name.split(' ', 1)[1]}")
    chat_rows = next(a for a in reply["acoes"] if a["tipo"] == "denuncia").get("linhas", [])
    form = classify_report(story, place, TODAY)
    assert chat_rows == form.all_rows
    page = portal.get("/denuncia", query_string={"jurisdicao": place, "relato": story}).get_data(as_text=True)
    for key in [r.key for r in form.wordings[-1].rows]:
        assert re.search(rf'type="checkbox" id="linha-\d+" name="linha" value="{re.escape(key)}" checked', page)


def test_form_reads_the_story_without_javascript_and_with_htmx(portal):
    data = {"jurisdicao": "recife", "data_ocorrencia": "2026-11-20", "relato": "o motorista da kombi foi grosso e gritou com os passageiros"}
    step = portal.post("/denuncia", data={**data, "acao": "ler"})
    assert step.status_code == 200
    assert re.search(r'value="recife-lei-16856-2003 anexo-unico/grupo-2/ali-j" checked', step.get_data(as_text=True))
    partial = portal.post("/denuncia/sugestao", data=data, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert partial.startswith('{#') is False and 'id="sugestao"' in partial and "grupo-2/ali-j" in partial


def test_receipt_shows_the_confirmed_row_and_its_fine_on_that_date(portal):
    sent = portal.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "2019-05-01", "relato": "o fretado levou gente em pé",
                                          "linha": "pe-lei-16205-2017 anexo-i/inc-2/ali-a", "chave": "k-linha"})
    assert sent.status_code == 303
    page = portal.get(sent.headers["Location"]).get_data(as_text=True)
    page = page.replace("\xa0", " ")
    assert "Transportar passageiro em pé." in page and "R$ 300,00" in page and "anexo-i/inc-2/ali-a?data=2019-05-01" in page


def test_a_row_of_another_place_or_date_is_refused(portal):
    wrong_date = portal.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "2019-05-01", "relato": "x",
                                                "linha": "pe-lei-16205-2017 anexo-i/inc-4/ali-i", "chave": "k1"})
    assert wrong_date.status_code in (200, 400)
    api = portal.post("/api/v1/denuncias", json={"jurisdicao": "sp", "data_ocorrencia": "2026-11-01", "relato": "x",
                                                 "linha": "pe-lei-16205-2017 anexo-i/inc-3/ali-e"})
    assert api.status_code == 400 and api.get_json()["field"] == "linha"
    good = portal.post("/api/v1/denuncias", json={"jurisdicao": "sp", "data_ocorrencia": "2026-11-01", "relato": "motorista bebado",
                                                  "linha": "sp-decreto-29912-1989 art-37/inc-5/ali-b"})
    assert good.status_code == 201
    item = good.get_json()["enquadramento"][0]
    assert item["multa"] == {"valor": 400.0, "unidade": "MVR_PCT", "valor_brl": None, "por_passageiro": False}
    assert json.dumps(good.get_json()).count("motorista bebado") == 0  # the account is never echoed publicly


@pytest.mark.parametrize("message, before, after", [
    # PE art. 28, IV: "gravíssimas: R$ 3.900,00 (três mil e novecentos reais)" until Lei 17.107/2020, then "R$ 2.900,00".
    ("em pernambuco qual era a multa gravíssima em 2019?", "R$ 3.900,00", "R$ 2.900,00"),
    # PE art. 6º, § 1º: "no prazo de 5 (cinco) dias" until Lei 17.107/2020, then "até 30 (trinta) dias úteis".
    ("em maio de 2019, em pernambuco, quanto tempo para completar os documentos do crc?", "5 dias", "30"),
])
def test_law_questions_dated_in_everyday_words(portal, message, before, after):
    reply = say(portal, message)
    head = reply["resposta"].split("“")[0]
    if reply["intencao"] == "wizard" and not reply["citations"]:
        # The general answer kept back (the confidence model doubted it): the CRC wizard asks the date of the
        # request, which picks the wording — and no value of either wording is stated.
        assert reply["pergunta"]["id"] == "data_pedido" and before not in head and after not in head
        return
    assert before in head and "redação anterior" in head
    today = say(portal, message.replace("em 2019", "").replace("em maio de 2019, ", ""))
    assert after in today["resposta"].split("“")[0]


def test_who_takes_a_complaint_is_the_regulator_of_the_place(portal):
    # AC art. 68, parágrafo único, I: the AGEAC "apreciar … reclamações" of the users.
    reply = say(portal, "onde eu denuncio um fretado irregular no acre?")
    assert "AGEAC" in reply["resposta"] and reply["citations"][0]["unit"] == "art-68/par-unico/inc-1"
    assert any(a["tipo"] == "denuncia" and "jurisdicao=ac" in a["url"] for a in reply["acoes"])
    everywhere = say(portal, "pra quem eu reclamo?")
    assert all(s in everywhere["resposta"] for s in ("EPTI", "DER", "AGEAC", "Recife"))


def test_the_place_button_answers_with_the_place_not_em_pe(portal):
    """The place buttons send the place's id: "pe" is Pernambuco there, never "em pé"."""
    first = say(portal, "qual o prazo de validade do certificado de registro?")
    assert first["pergunta"]["id"] == "jurisdicao"
    second = portal.post("/api/v1/assistente", json={"mensagem": "pe", "conversa": first["conversa"]}).get_json()
    # Answered in Pernambuco's law — cited, or (the confidence model doubting the unit) linked as the nearest passage.
    from tests.test_assistant_units import first as pointed_unit

    assert pointed_unit(second)[0] == "pe-lei-16205-2017"
    assert {c["law"] for c in second["citations"]} <= {"pe-lei-16205-2017"}
