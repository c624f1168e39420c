"""The text of every unit on any date: versions from the statute's notes, the reader and the API."""

from __future__ import annotations

from datetime import date

import pytest

from knowledge.citations import Cite, pe, sp
from knowledge.history import LawNotInForce, dated_units_count, exists_on, law_on, versions, wording_at
from knowledge.parameters import param

PE = "pe-lei-16205-2017"
TODAY = date(2026, 11, 29)
BEFORE_2020 = date(2019, 5, 1)


# -- the done-check of issue #10: art. 28, IV on both sides of Lei 17.107/2020 -------------


def test_api_art_28_iv_on_01_05_2019_is_3900(client):
    data = client.get(f"/api/v1/leis/{PE}/art-28/inc-4?data=2019-05-01").get_json()
    assert data["texto"] == "IV - gravíssimas: R$ 3.900,00 (três mil e novecentos reais)."
    assert (data["vigente_desde"], data["vigente_ate"]) == ("2018-02-22", "2020-11-12")
    assert data["alterado_por"] is None and data["substituido_por"] == "Lei 17.107/2020"
    assert data["url"] == f"/leis/{PE}/art-28/inc-4?data=2019-05-01"
    assert data["citacao"] == "Lei 16.205/2017 (PE), art. 28, inciso IV"


def test_api_art_28_iv_today_is_2900(client):
    data = client.get(f"/api/v1/leis/{PE}/art-28/inc-4").get_json()
    assert data["texto"] == "IV - gravíssimas: R$ 2.900,00 (dois mil e novecentos reais)."
    assert (data["vigente_desde"], data["vigente_ate"], data["alterado_por"]) == ("2020-11-13", None, "Lei 17.107/2020")
    assert [v["vigente_desde"] for v in data["versoes"]] == ["2018-02-22", "2020-11-13"]


def test_page_art_28_iv_on_01_05_2019_shows_3900_and_the_banner(client):
    html = client.get(f"/leis/{PE}/art-28/inc-4?data=2019-05-01").get_data(as_text=True)
    assert "R$ 3.900,00" in html and "R$ 2.900,00" not in html
    assert "Texto em vigor em 01/05/2019." in html
    assert "Esta redação valeu de 22/02/2018 a 12/11/2020." in html
    assert f'href="/leis/{PE}/art-28/inc-4?data=2020-11-13"' in html  # the timeline links each version


def test_page_art_28_iv_today_shows_2900_in_force(client):
    html = client.get(f"/leis/{PE}/art-28/inc-4").get_data(as_text=True)
    body = html.split('id="historico"')[0]  # the old wording appears only in the history section
    assert "R$ 2.900,00" in body and "R$ 3.900,00" not in body
    assert "desde 13/11/2020 (em vigor)" in html


def test_whole_law_on_a_date(client):
    html = client.get(f"/leis/{PE}?data=2019-05-01").get_data(as_text=True)
    assert "Texto em vigor em 01/05/2019." in html
    assert "R$ 3.900,00" in html and "Art. 29-A" not in html
    assert f'href="/leis/{PE}/art-28/inc-4?data=2019-05-01"' in html  # links keep the date
    today = client.get(f"/leis/{PE}").get_data(as_text=True)
    assert "Art. 29-A" in today


def test_law_before_it_was_in_force_says_so(client):
    response = client.get(f"/leis/{PE}?data=2018-02-21")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Em 21/02/2018 esta lei ainda não estava em vigor." in html and "Ela passou a valer em 22/02/2018." in html
    assert "R$ 3.900,00" not in html  # no text applied on that day


def test_unit_that_did_not_exist_is_404_with_its_dates(client):
    response = client.get(f"/leis/{PE}/art-29-a?data=2020-11-12")
    assert response.status_code == 404
    assert "Em 12/11/2020 este dispositivo não existia." in response.get_data(as_text=True)
    api = client.get(f"/api/v1/leis/{PE}/art-29-a?data=2020-11-12")
    assert api.status_code == 404 and api.get_json()["versoes"][0]["vigente_desde"] == "2020-11-13"
    assert client.get(f"/api/v1/leis/{PE}/art-29-a?data=2020-11-13").status_code == 200
    before = client.get(f"/api/v1/leis/{PE}/art-28/inc-4?data=2018-02-21")
    assert before.status_code == 404
    assert before.get_json()["error"] == "Em 21/02/2018 esta lei ainda não estava em vigor (vigência desde 22/02/2018)."


@pytest.mark.parametrize("bad", ["2019-13-01", "31/02/2019", "ontem", "2019-5-1", "0999-01-01"])
def test_bad_dates_are_400_with_a_message(client, bad):
    # A real day before 1900 is refused by the API only: the reader's pages say the law was not in force
    # yet, as for any day before it (review of #31; tests/test_review_round_phone.py).
    pages = () if bad == "0999-01-01" else (f"/leis/{PE}/art-28/inc-4?data={bad}", f"/leis/{PE}?data={bad}")
    for url in (*pages, f"/api/v1/leis/{PE}/art-28/inc-4?data={bad}"):
        response = client.get(url)
        assert response.status_code == 400, url
    assert "AAAA-MM-DD" in client.get(f"/api/v1/leis/{PE}/art-28/inc-4?data=ontem").get_json()["error"]


def test_a_date_written_dd_mm_yyyy_opens_that_day(client):
    # Issue #31: the reader's "ver em outra data" field asks for DD/MM/AAAA; each day keeps one (ISO) address.
    for path in (f"/leis/{PE}", f"/leis/{PE}/art-28/inc-4", f"/leis/{PE}/parte/1"):
        response = client.get(f"{path}?data=01/05/2019")
        assert response.status_code == 302 and response.headers["Location"] == f"{path}?data=2019-05-01", path
        assert client.get(f"{path}?data=1.5.2019&lang=en").headers["Location"] == f"{path}?data=2019-05-01&lang=en"
    assert client.get(f"/api/v1/leis/{PE}/art-28/inc-4?data=01/05/2019").get_json()["data"] == "2019-05-01"
    html = client.get(f"/leis/{PE}/art-28/inc-4?data=2019-05-01&lang=pt_BR").get_data(as_text=True)
    assert 'name="data"' in html and 'value="01/05/2019"' in html and "Ver em outra data" in html
    for path in (f"/leis/{PE}", f"/leis/{PE}/parte/1", f"/leis/{PE}/art-29-a?data=2020-11-12"):
        assert 'id="data-leitura"' in client.get(path).get_data(as_text=True), path


def test_banner_is_translated(client):
    html = client.get(f"/leis/{PE}/art-28/inc-4?data=2019-05-01&lang=es").get_data(as_text=True)
    assert "Texto vigente el 01/05/2019." in html
    html = client.get(f"/leis/{PE}/art-28/inc-4?data=2019-05-01&lang=en").get_data(as_text=True)
    assert "Text in force on May 1, 2019." in html


# -- versions from the statute's notes -----------------------------------------------------


def test_added_unit_does_not_exist_before_its_act():
    assert wording_at(PE, "art-29-a", date(2020, 11, 12)) is None
    assert wording_at(PE, "art-29-a", date(2020, 11, 13)).changed_by == "Lei 17.107/2020"
    # An alínea added inside a paragraph rewritten by an announced note (art. 37, § 1º).
    assert wording_at(PE, "art-37/par-1/ali-a", BEFORE_2020) is None
    assert "outro transportador" in wording_at(PE, "art-37/par-1", BEFORE_2020).text


def test_whole_article_rewrite_brings_back_the_old_units():
    """Art. 10 (original) had incisos I and II; Lei 17.107/2020 rewrote it as one sentence."""
    old = wording_at(PE, "art-10/inc-1", BEFORE_2020)
    assert old.text == "I - em até 15 (quinze) dias, para veículos zero quilômetro; e"
    assert old.until == date(2020, 11, 12)
    assert wording_at(PE, "art-10/inc-1", TODAY) is None


def test_nested_notes_of_art_11_give_three_wordings():
    texts = [v.text for v in versions(PE, "art-11")]
    assert [(v.since, v.until) for v in versions(PE, "art-11")] == [
        (date(2018, 2, 22), date(2020, 11, 12)), (date(2020, 11, 13), date(2021, 9, 22)), (date(2021, 9, 23), None),
    ]
    assert "com menos de 10 (dez) anos do primeiro emplacamento" in texts[0]  # original
    assert "periodicidade de 1 (um) ano, admitindo-se apenas solicitações" in texts[1]  # Lei 17.107/2020
    assert "até 31 de outubro de 2022" in texts[1]  # its parágrafo único, added in 2020
    assert "Parágrafo único" not in texts[0] and "Parágrafo único" not in texts[2]
    assert "com mais de 15 (quinze) anos da data de fabricação" in texts[2]  # Lei 17.406/2021


def test_renumbered_paragraph_was_the_paragrafo_unico():
    old = wording_at(PE, "art-1/par-unico", BEFORE_2020)
    assert old.text.startswith("Parágrafo único. O fretamento intermunicipal caracteriza-se")
    assert wording_at(PE, "art-1/par-1", BEFORE_2020) is None
    assert wording_at(PE, "art-1/par-1", TODAY).text.startswith("§ 1º O fretamento intermunicipal caracteriza-se")


def test_sentence_note_keeps_the_units_under_it():
    """Art. 21, I: only the inciso's sentence changed in 2020; its alíneas stayed."""
    old = wording_at(PE, "art-21/inc-1", BEFORE_2020)
    assert old.text.startswith("I - No fretamento eventual e turístico:\na) relação de passageiros")
    assert wording_at(PE, "art-21/inc-1/ali-a", BEFORE_2020).until is None


def test_old_annex_i_classifications():
    assert wording_at(PE, "anexo-i/inc-3/ali-f", BEFORE_2020).text == "f) práticas de vendas e emissões de passagens individuais;"
    assert wording_at(PE, "anexo-i/inc-4/ali-f", TODAY).text == "f) realizar vendas e emissões de passagens individuais;"
    assert wording_at(PE, "anexo-i/inc-4/ali-f", BEFORE_2020) is None  # gravíssimas had a)–c) only


def test_unknown_previous_wording_is_said_not_guessed():
    old = wording_at("sp-decreto-29912-1989", "art-25", date(2000, 1, 1))
    assert old is not None and not old.known and old.text is None
    assert wording_at("sp-decreto-29912-1989", "art-25", date(2016, 1, 1)).known


def test_law_on_a_date_and_before_it():
    dated = law_on(PE, BEFORE_2020)
    assert (dated.since, dated.until) == (date(2018, 2, 22), date(2020, 11, 12))
    assert "art-29-a" not in dated.law.by_id and "art-10/inc-2" in dated.law.by_id
    with pytest.raises(LawNotInForce):
        law_on(PE, date(2018, 2, 21))
    with pytest.raises(LawNotInForce):
        law_on("ac-lei-2731-2013", date(2013, 12, 20))  # art. 100: 120 days after publication


def test_headings_and_amending_acts_as_they_stood():
    old = law_on(PE, BEFORE_2020).law
    chapter = next(d for d in old.toc if getattr(d, "number", None) == "III")
    assert (chapter.title, chapter.previous_titles) == ("Das licenças para realização de viagens", [])
    assert old.info.amended_by == ()
    assert law_on(PE, TODAY).law.info.amended_by == ("Lei nº 17.107, de 13/11/2020", "Lei nº 17.406, de 23/09/2021")


def test_the_history_does_not_change_todays_text():
    from knowledge.corpus import load_law

    current = load_law(PE)
    today = law_on(PE, TODAY).law
    assert [u.id for u in today.units()] == [u.id for u in current.units()]
    assert all(today.by_id[u.id].full_text() == u.full_text() for u in current.units())


def test_count_of_units_with_dated_versions():
    assert dated_units_count() == 149


# -- dated citations ------------------------------------------------------------------------


def test_cite_on_a_date_keeps_equality_and_checks_existence():
    assert pe("art-28/inc-4").at(BEFORE_2020) == pe("art-28/inc-4")
    assert exists_on(pe("art-25/par-1").at(BEFORE_2020))
    assert not exists_on(pe("art-29-a").at(BEFORE_2020))
    assert not exists_on(sp("art-25"), date(2000, 1, 1))  # exists, but its wording that day is unknown
    assert exists_on(Cite(PE, "art-10/inc-2"), BEFORE_2020) and not exists_on(Cite(PE, "art-10/inc-2"))


def test_a_dated_citation_links_to_that_wording(app):
    from portal.law_urls import citation_dict

    with app.test_request_context():
        old = citation_dict(PE, "art-25/par-1", BEFORE_2020)
        assert old["url"] == f"/leis/{PE}/art-25/par-1?data=2019-05-01" and old["data"] == "2019-05-01"
        current = citation_dict(PE, "art-28/inc-1", BEFORE_2020)  # unchanged since 2018: plain link
        assert current["url"] == f"/leis/{PE}/art-28/inc-1" and "data" not in current
        gone = citation_dict(PE, "art-10/inc-2", BEFORE_2020)  # exists only in the old wording
        assert gone["label"] == "Lei 16.205/2017 (PE), art. 10, inciso II"


def test_wizard_citations_on_old_facts_open_the_old_wording(client):
    """The seized-vehicle wizard for 2019 facts cites art. 25, § 1º as worded then."""
    data = client.post("/api/v1/wizards/veiculo_apreendido", json={"answers": {
        "jurisdicao": "pe", "medida": "apreensao", "data_medida": "2019-05-01", "tinha_autorizacao": True, "reincidente_12m": False,
        "data_notificacao": "", "dias_deposito": 3,
    }}).get_json()
    assert data["complete"] is True
    urls = {c["url"] for c in data["citations"]}
    assert f"/leis/{PE}/art-25/par-1?data=2019-05-01" in urls
    value = param("pe.defesa.dias", BEFORE_2020)
    assert value.cite.unit == "art-25/par-1" and value.value == 15


# -- issue #31: the previous wordings of Pernambuco art. 11 in the reader's history -------------

ORIGINAL_11 = "a) para os ônibus com capacidade para mais de 20 (vinte) passageiros e com menos de 10 (dez) anos do primeiro emplacamento; e"
CAPUT_2020 = "As vistorias em veículos utilizados na prestação de serviços de fretamento deverão observar a periodicidade de 1 (um) ano, admitindo-se apenas solicitações de vistoria para:"
INCISO_I_2020 = "I - veículos com registro em CRLV tipo ônibus, micro-ônibus e microbus, com até 15 (quinze) anos da data de fabricação;"
PARAGRAFO_2020 = "Parágrafo único. Em relação aos veículos de que trata o inciso II, serão aceitas, até 31 de outubro de 2022, solicitações de vistoria para veículos com, no máximo, 10 (dez) anos de fabricação."


def test_art_11_previous_wordings_are_each_shown_once_in_date_order():
    """The statute nests the original wording of each unit the 2020 act rewrote inside the note of the 2020 wording;
    read block by block, the history interleaved them (the 2020 caput alone, then the original caput with the 2020
    inciso I …).  Each wording is now one whole article, oldest first, with its days."""
    from knowledge.corpus import load_law
    from knowledge.history import previous_wordings

    olds = previous_wordings(PE, load_law(PE).unit("art-11"))
    assert [(v.since, v.until, v.changed_by, v.replaced_by) for v in olds] == [
        (date(2018, 2, 22), date(2020, 11, 12), None, "Lei 17.107/2020"),
        (date(2020, 11, 13), date(2021, 9, 22), "Lei 17.107/2020", "Lei 17.406/2021"),
    ]
    original, of_2020 = (v.text.split("\n") for v in olds)
    assert original[:2] == ["Art. 11 As vistorias em veículos utilizados na prestação de serviço de fretamento intermunicipal deverão observar a seguinte periodicidade:", "I - Anual:"]
    assert ORIGINAL_11 in original and "II - Semestral:" in original
    assert not any("quinze" in line or "Parágrafo único" in line for line in original)
    assert of_2020 == ["Art. 11 " + CAPUT_2020, INCISO_I_2020,
                       "II - veículos do tipo automóvel com capacidade para 07 (sete) pessoas, com até 5 (cinco) anos da data de fabricação.", PARAGRAFO_2020]


def test_every_other_unit_shows_its_notes_as_before():
    """Elsewhere one note is one wording: its own words, with the days it was in force."""
    from knowledge.corpus import load_law
    from knowledge.history import previous_wordings
    from knowledge.laws import LAWS

    for law_id in LAWS:
        for unit in load_law(law_id).units():
            if unit.history and unit.id != "art-11":
                olds = previous_wordings(law_id, unit)
                assert [v.text for v in olds] == [h.text for h in reversed(unit.history)], (law_id, unit.id)
                assert all(v.until is not None for v in olds)


def test_the_unit_page_shows_art_11_history_once_in_order(client):
    import re

    page = client.get(f"/leis/{PE}/art-11").get_data(as_text=True)
    section = page[page.index('id="historico"'):]
    section = section[:section.index("</section>")]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))
    assert "2 redações anteriores" in text
    for words in (ORIGINAL_11, CAPUT_2020, INCISO_I_2020, PARAGRAFO_2020):
        assert text.count(words) == 1, words
    assert text.index("de 22/02/2018 a 12/11/2020") < text.index(ORIGINAL_11) < text.index("de 13/11/2020 a 22/09/2021") < text.index(CAPUT_2020) < text.index(PARAGRAFO_2020)
