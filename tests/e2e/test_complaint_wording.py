"""The phone review of round 17 in a real browser, 360 px, JavaScript on and off: the date a story tells is
said and asked, the receipt shows the wording of the date of the facts, "Ler meu relato" lands on the
suggestion, the plate's place is used, and every error is said at once."""

from __future__ import annotations

import pytest

from knowledge import clock
from knowledge.reader.stories import warm

from .conftest import shoot

STORY = "Em maio de 2019 o motorista deixou a porta aberta com o ônibus andando."
OPEN_DOOR = "Dar partida ao veículo durante a operação de embarque e desembarque dos passageiros ou transitar com a porta aberta"


@pytest.fixture(autouse=True, scope="module")
def warm_reader():
    warm()


def _in_view(page, selector: str) -> bool:
    return page.evaluate(f"""() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
        return r.top < window.innerHeight && r.bottom > 0; }}""")


def test_a_month_in_the_story_is_asked_as_a_day_and_the_receipt_keeps_its_wording(page):
    page.goto(page.base + "/denuncia")
    page.select_option("#jurisdicao", "pe")
    assert page.locator("#data_ocorrencia").input_value() == clock.today("pe").strftime("%d/%m/%Y")  # left at today
    page.fill("#relato", STORY)
    with page.expect_navigation():
        page.click("button[name=acao][value=ler]")
    page.wait_for_timeout(200)
    assert page.evaluate("document.activeElement.id") == "data-relato"  # what was read of the date, at the top of the suggestion
    assert _in_view(page, "#data-relato") and _in_view(page, "#sugestao"), "the suggestion is on screen after reading the story"
    note = page.inner_text("#data-relato")
    assert "Li no seu relato: maio de 2019." in note and "Em que dia foi?" in note
    assert page.locator("#data_ocorrencia").input_value() == ""  # never today silently
    assert page.locator("input[name=linha]:checked").get_attribute("value") == "pe-lei-16205-2017 anexo-i/inc-1/ali-b"
    assert OPEN_DOOR in page.inner_text("#sugestao") and "leve" in page.inner_text("#sugestao")
    shoot(page, "denuncia-data-do-relato")
    page.click("#data-relato a[href='#data_ocorrencia']")
    page.fill("#data_ocorrencia", "15/05/2019")
    if page.js:  # the suggestion follows the date typed (htmx, on change)
        with page.expect_response(lambda r: "/denuncia/sugestao" in r.url):
            page.locator("#data_ocorrencia").blur()
        page.wait_for_timeout(200)
        assert page.locator("input[name=linha_data]").input_value() == "2019-05-15"
    with page.expect_navigation():
        page.click(".actions button[type=submit]:not([name])")
    body = page.inner_text("main")
    assert "EL-" in body and "15 de mai. de 2019" in body and OPEN_DOOR in body and "150,00" in body
    assert "CRLV" not in body
    shoot(page, "denuncia-recibo-2019")


def test_a_row_of_another_wording_is_refused_and_every_error_is_listed(page):
    page.goto(page.base + "/denuncia")
    page.select_option("#jurisdicao", "pe")
    page.fill("#relato", STORY)
    with page.expect_navigation():
        page.click("button[name=acao][value=ler]")
    # The field left empty by the reading: the person types today's date back, a bad plate and a bad e-mail.
    page.fill("#data_ocorrencia", clock.today("pe").strftime("%d/%m/%Y"))
    if page.js:
        with page.expect_response(lambda r: "/denuncia/sugestao" in r.url):
            page.locator("#data_ocorrencia").blur()
        page.wait_for_timeout(200)
        # The suggestion followed the date: I b (the open door in 2019) was unticked, IV c (today's open door) ticked.
        assert page.locator("input[name=linha]:checked").evaluate_all("els => els.map(e => e.value)") == ["pe-lei-16205-2017 anexo-i/inc-4/ali-c"]
        assert "desmarcamos essa linha" in page.inner_text("#sugestao")
        # A form sent from a page still showing the 2019 wording (an old tab, a slow network): the server refuses it.
        page.uncheck("input[name=linha][value='pe-lei-16205-2017 anexo-i/inc-4/ali-c']")
        page.check("input[name=linha][value='pe-lei-16205-2017 anexo-i/inc-1/ali-b']")
        page.evaluate("document.querySelector('input[name=linha_data]').value = '2019-05-01'")
    page.fill("#placa", "XX1")
    page.fill("#contato_email", "sem-arroba")
    with page.expect_navigation():
        page.click(".actions button[type=submit]:not([name])")
    summary = page.locator(".error-summary")
    links = summary.locator("a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert "#placa" in links and "#contato_email" in links and "#linha" in links, links
    assert "Informe a data" not in summary.inner_text()
    assert "vale outra redação da lei" in summary.inner_text() and "CRLV" in summary.inner_text()
    page.wait_for_timeout(200)
    assert page.evaluate("document.activeElement.classList.contains('error-summary')")  # autofocus: with or without JavaScript
    shoot(page, "denuncia-erros-de-uma-vez")


def test_the_plate_gives_the_place_of_the_suggestion(page):
    page.goto(page.base + "/denuncia")
    page.fill("#placa", "KGT2E47")  # a Pernambuco vehicle of the demo registry
    page.fill("#data_ocorrencia", "20/11/2026")
    page.fill("#relato", "o motorista deixou a porta aberta com o ônibus andando")
    with page.expect_navigation():
        page.click("button[name=acao][value=ler]")
    text = page.inner_text("#sugestao")
    assert "escolha onde aconteceu" not in text and "Lugar pela placa, que está no cadastro: Pernambuco." in text
    assert page.locator("input[name=linha]:checked").get_attribute("value") == "pe-lei-16205-2017 anexo-i/inc-4/ali-c"
