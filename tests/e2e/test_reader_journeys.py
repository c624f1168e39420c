"""A passenger's story in a real browser, JavaScript on and off, at 360 px: the complaint form reads it and
suggests the row of the law of that date; the chat classifies a report, asks the place, and pre-fills the form."""

from __future__ import annotations

import pytest

from knowledge.reader.stories import warm

from .conftest import shoot, submit


@pytest.fixture(autouse=True, scope="module")
def warm_reader():
    warm()  # as gunicorn's workers do before taking traffic


def test_complaint_form_suggests_the_row_and_the_receipt_shows_it(page):
    page.goto(page.base + "/denuncia")
    page.select_option("#jurisdicao", "pe")
    page.fill("#data_ocorrencia", "01/05/2019")  # typed as in Brazil: a text field (#31)
    page.fill("#relato", "o fretado saiu lotado, com gente em pé no corredor a viagem toda")
    with page.expect_navigation():
        page.click("button[name=acao][value=ler]")  # a plain form step, with or without JavaScript
    suggested = page.locator("input[name=linha]:checked")
    # PE Anexo I before Lei 17.107/2020: "II - MODERADAS: a) transportar passageiro em pé".
    assert suggested.get_attribute("value") == "pe-lei-16205-2017 anexo-i/inc-2/ali-a"
    assert "Transportar passageiro em pé" in page.inner_text("#sugestao")
    shoot(page, "denuncia-sugestao")
    with page.expect_navigation():
        page.click(".actions button[type=submit]")
    body = page.inner_text("main")
    assert "EL-" in body and "Transportar passageiro em pé." in body and "R$" in body and "300,00" in body
    shoot(page, "denuncia-recibo-linha")


def test_chat_asks_the_place_of_a_report_and_prefills_the_complaint(page):
    page.goto(page.base + "/assistente")
    page.fill("#mensagem", "tinha 10 pessoas em pé no fretado ontem")
    submit(page, "form.chat-form button[type=submit]")
    assert "preciso saber onde aconteceu" in page.inner_text("main")
    page.fill("#mensagem", "Pernambuco")
    submit(page, "form.chat-form button[type=submit]")
    text = page.inner_text("main")
    # PE Anexo I since 13/11/2020: "III - GRAVES: … e) transportar passageiro em pé ou acima da capacidade do veículo".
    assert "Transportar passageiro em pé ou acima da capacidade do veículo" in text and "900,00" in text
    shoot(page, "assistente-relato")
    href = page.locator("a", has_text="Fazer a denúncia").last.get_attribute("href")
    page.goto(page.base + href if href.startswith("/") else href)
    assert page.locator("#relato").input_value().startswith("tinha 10 pessoas")
    assert page.locator("input[name=linha]:checked").get_attribute("value") == "pe-lei-16205-2017 anexo-i/inc-3/ali-e"


def test_a_story_of_two_infractions_checks_both_rows_and_the_receipt_shows_both(page):
    """São Paulo: charging each passenger (art. 37, III, f) and people standing beyond the seats (II, c), told in
    one story: both checkboxes come checked; the citizen keeps both, and the receipt lists both."""
    page.goto(page.base + "/denuncia")
    page.select_option("#jurisdicao", "sp")
    page.fill("#data_ocorrencia", "2025-03-10")
    page.fill("#relato", "Na excursão de fretamento o motorista cobrou a passagem de cada passageiro na porta do ônibus, "
                         "e o fretado levou gente além da lotação, em pé no corredor.")
    with page.expect_navigation():
        page.click("button[name=acao][value=ler]")
    checked = sorted(page.locator("input[type=checkbox][name=linha]:checked").evaluate_all("els => els.map(e => e.value)"))
    assert checked == ["sp-decreto-29912-1989 art-37/inc-2/ali-c", "sp-decreto-29912-1989 art-37/inc-3/ali-f"]
    shoot(page, "denuncia-sugestao-duas-linhas")
    with page.expect_navigation():
        page.click(".actions button[type=submit]")
    body = page.inner_text("main")
    assert "EL-" in body and "Ocorrer cobrança indevida, a qualquer título." in body and "superior à lotação autorizada" in body
