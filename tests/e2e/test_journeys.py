"""What people do on the portal, in a real browser, with JavaScript on and off."""

from __future__ import annotations

import re

from .conftest import shoot, submit


def answer(page, question_id: str, value: str) -> None:
    """Answer the current wizard question and continue."""
    field = page.locator(f"[name={question_id}]").first
    kind = field.get_attribute("type")
    if kind in ("radio", "checkbox"):
        page.check(f"#{question_id}-{value}")
    else:
        page.fill(f"#{question_id}", value)
    submit(page, ".wizard-form button[type=submit]")
    assert page.locator(".error-summary").count() == 0, page.locator(".error-summary").inner_text()


def test_search(page):
    page.goto(page.base + "/busca")
    page.fill("#q", "pode vender passagem individual no fretamento?")
    if page.js:
        # Results come in as you type (htmx), without pressing the button.
        page.wait_for_selector(".result-title", timeout=5000)
        assert "q=" in page.url  # the address follows, so it can be shared
    else:
        submit(page, ".search-form button[type=submit]")
    titles = page.locator(".result-title").all_inner_texts()
    assert any("art. 34, inciso I" in t for t in titles[:3]), titles
    assert page.locator(".snippet mark").count() > 0
    shoot(page, "busca")


def test_law_reader_and_citation(page):
    page.goto(page.base + "/leis/pe-lei-16205-2017#art-3/par-3")
    assert page.locator("[id='art-3/par-3']").is_visible()
    page.locator("[id='art-11'] > details.history > summary").click()
    assert page.locator("[id='art-11'] > details.history .old-wording").first.is_visible()
    page.goto(page.base + "/leis/pe-lei-16205-2017/art-3/par-3")
    assert "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205!art3_par3" in page.content()
    shoot(page, "lei-dispositivo")


def test_law_on_a_date_and_its_timeline(page):
    page.goto(page.base + "/leis/pe-lei-16205-2017/art-28/inc-4?data=2019-05-01")
    assert "Texto em vigor em 01/05/2019." in page.locator(".notice-dated").inner_text()
    assert "R$ 3.900,00" in page.locator(".law-text").inner_text()
    page.click(".timeline a[href$='data=2020-11-13']")
    assert "R$ 2.900,00" in page.locator(".law-text").inner_text()
    assert "Esta redação vale desde 13/11/2020" in page.locator(".notice-dated").inner_text()
    shoot(page, "lei-dispositivo-em-data")


def test_wizard_modalidade(page):
    page.goto(page.base + "/assistentes/modalidade")
    for qid, value in [("jurisdicao", "pe"), ("intermunicipal", "sim"), ("prestador", "empresa"), ("passageiros", "grupo_definido"),
                       ("cobranca_individual", "nao"), ("contratante", "pessoa_fisica"), ("frequencia", "viagem_unica"), ("cadastur", "sim"),
                       ("data_referencia", "")]:
        answer(page, qid, value)
    assert "Confira suas respostas" in page.content()
    shoot(page, "assistente-modalidade-revisao")
    submit(page, "a.button >> text=Ver o resultado")
    assert "Fretamento turístico" in page.locator(".headline").inner_text()
    assert page.locator(".outcome a[href*='/leis/pe-lei-16205-2017/art-3/inc-2']").count() > 0
    shoot(page, "assistente-modalidade-resultado")


def test_wizard_change_answer_with_back_button(page):
    page.goto(page.base + "/assistentes/modalidade")
    answer(page, "jurisdicao", "sp")
    answer(page, "intermunicipal", "nao")
    # A trip inside one municipality ends the interview: only the date of the facts is still asked (the law in force that day).
    assert page.locator("#data_referencia").count() == 1
    page.go_back()
    assert page.locator("#intermunicipal-sim").count() == 1


def test_wizard_documentos_crc(page):
    page.goto(page.base + "/assistentes/documentos_crc")
    answer(page, "data_pedido", "")
    answer(page, "natureza", "cooperativa")
    answer(page, "modalidades", "eventual")
    answer(page, "estabelecimento_pe", "nao")
    answer(page, "usa_onibus", "sim")
    answer(page, "veiculos_proprios", "1")
    answer(page, "veiculos_locados", "0")
    submit(page, "a.button >> text=Ver o resultado")
    text = page.locator(".outcome").inner_text()
    assert "Impedimentos" in text and "matriz ou filial" in text
    page.check("#documento-1")  # the checklist can be ticked
    shoot(page, "assistente-crc-resultado")


def test_wizard_carro_turismo_with_validation_error(page):
    page.goto(page.base + "/assistentes/carro_turismo")
    answer(page, "tipo_veiculo", "automovel")
    page.fill("#lugares", "0")
    submit(page, ".wizard-form button[type=submit]")
    assert "no mínimo 1" in page.locator(".error-summary").inner_text()
    assert page.locator("#lugares").get_attribute("aria-invalid") == "true"
    shoot(page, "assistente-carro-erro")
    for qid, value in [("lugares", "7"), ("ano_fabricacao", "2019"), ("data_referencia", ""), ("categoria_aluguel", "sim"), ("emplacado_pe", "sim"),
                       ("empresa_crc", "sim"), ("cadastur_pe", "sim"), ("atividade_exclusiva_turismo", "sim"), ("reboque", "nao"), ("rastreador", "sim"), ("envelopado", "sim")]:
        answer(page, qid, value)
    submit(page, "a.button >> text=Ver o resultado")
    assert "Sim" in page.locator(".headline").inner_text()
    assert "semestral" in page.locator(".facts").inner_text()
    shoot(page, "assistente-carro-resultado")


def test_wizard_veiculo_apreendido(page):
    page.goto(page.base + "/assistentes/veiculo_apreendido")
    for qid, value in [("jurisdicao", "ac"), ("medida", "apreensao"), ("data_medida", "02/11/2026"), ("data_notificacao", ""),
                       ("tinha_autorizacao", "nao"), ("reincidente_12m", "nao"), ("dias_deposito", "12")]:
        answer(page, qid, value)
    submit(page, "a.button >> text=Ver o resultado")
    text = page.locator(".outcome").inner_text()
    assert "330 UFIRACs" in text and "24 UFIRACs" in text
    shoot(page, "assistente-apreendido-resultado")


def test_plate_lookup(page):
    for plate, expected, name in [("kgt-2e47", "Pode embarcar", "consulta-regular"), ("KHD 1A11", "Não embarque", "consulta-irregular"), ("ZZZ9Z99", "Não encontramos esta placa", "consulta-desconhecida")]:
        page.goto(page.base + "/consulta")
        page.fill("#placa", plate)
        submit(page, ".plate-form button[type=submit]")
        assert expected in page.locator(".verdict h2").inner_text()
        assert "Dados de demonstração" in page.content()
        shoot(page, name)
    page.goto(page.base + "/consulta?placa=12")
    assert "ABC1D23" in page.locator(".error-message").inner_text()


def test_complaint_to_protocol_and_status(page):
    page.goto(page.base + "/consulta?placa=KHD1A11")
    page.click("text=Denunciar este veículo")
    assert page.input_value("#placa") == "KHD1A11"
    page.check("#oc-venda_passagem_individual")
    page.fill("#relato", "Vendiam passagem na porta do ônibus.")
    shoot(page, "denuncia-formulario")
    with page.expect_navigation():
        page.click(".complaint-form button[type=submit]")
    protocol = page.locator(".protocol").inner_text().strip()
    assert re.fullmatch(r"EL-\d{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", protocol)
    assert "gravíssima" in page.content()
    shoot(page, "denuncia-protocolo")
    page.goto(page.base + f"/denuncia/{protocol}")
    assert "Recebida" in page.content() and "Vendiam passagem" not in page.content()


def test_complaint_error_keeps_what_was_typed(page):
    page.goto(page.base + "/denuncia")
    page.fill("#relato", "texto importante")
    with page.expect_navigation():
        page.click(".complaint-form button[type=submit]")
    # An account alone is a complaint now (the reader classifies it); what is missing is the place.
    assert "Diga onde aconteceu" in page.locator(".error-summary").inner_text()
    assert page.input_value("#relato") == "texto importante"


def test_assistant_conversation(page):
    page.goto(page.base + "/assistente")
    page.fill("#mensagem", "quanto tempo vale o crc?")
    submit(page, ".chat-form button[type=submit]")
    assert "art. 8º" in page.locator("#ultima").inner_text()
    page.fill("#mensagem", "apreenderam minha van no acre")
    submit(page, ".chat-form button[type=submit]")
    assert "Em que data?" in page.locator("#ultima").inner_text()
    page.fill("#mensagem", "10/11/2026")
    submit(page, ".chat-form button[type=submit]")
    submit(page, "#ultima button.chip >> text=Pular")
    assert "autorização" in page.locator("#ultima").inner_text()
    shoot(page, "assistente-conversa")
    with page.expect_navigation():
        page.click("text=Recomeçar")
    assert "quanto tempo vale o crc?" not in page.content()


def test_language_switch_is_remembered(page):
    page.goto(page.base + "/")
    with page.expect_navigation():
        page.click("a[hreflang=en]")
    assert page.locator("html").get_attribute("lang") == "en"
    page.goto(page.base + "/consulta?placa=KGT2E47")
    assert page.locator("html").get_attribute("lang") == "en"
    assert "R$" not in page.locator(".verdict").inner_text()
    shoot(page, "idioma-en")
    with page.expect_navigation():
        page.click("a[hreflang=es]")
    assert page.locator("html").get_attribute("lang") == "es"
    with page.expect_navigation():
        page.click("a[hreflang=pt-BR]")
    assert page.locator("html").get_attribute("lang") == "pt-BR"


def test_art_11_history_shows_each_previous_wording_once_in_date_order(page):
    """Issue #31: the unit's history interleaved the 2020 wording of Pernambuco art. 11 with the original nested in it."""
    page.goto(page.base + "/leis/pe-lei-16205-2017/art-11")
    olds = page.locator("#historico .old-wording")
    assert olds.count() == 2
    original, of_2020 = olds.nth(0).inner_text(), olds.nth(1).inner_text()
    assert "de 22/02/2018 a 12/11/2020" in original and "redação original" in original and "I - Anual:" in original
    assert "com menos de 10 (dez) anos do primeiro emplacamento" in original and "quinze" not in original
    assert "de 13/11/2020 a 22/09/2021" in of_2020 and "substituído pela Lei 17.406/2021" in of_2020
    assert "a periodicidade de 1 (um) ano, admitindo-se apenas solicitações de vistoria para:" in of_2020
    assert "até 31 de outubro de 2022" in of_2020 and "Anual" not in of_2020
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_sp_seizure_with_authorisation_opens_with_what_the_regulamento_covers(page):
    """Issue #31: in São Paulo, answering that the vehicle had the authorisation, the outcome read as for a clandestine
    service; it opens with the seizure rule's scope (a service not authorised by the DER) and cites it."""
    page.goto(page.base + "/assistentes/veiculo_apreendido")
    for qid, value in [("jurisdicao", "sp"), ("medida", "apreensao"), ("data_medida", "10/05/2024"), ("data_notificacao", ""), ("tinha_autorizacao", "sim")]:
        answer(page, qid, value)
    submit(page, "a.button >> text=Ver o resultado")
    outcome = page.locator(".outcome")
    text = outcome.inner_text()
    assert page.locator(".outcome .headline").inner_text() == ("O Regulamento prevê a apreensão do veículo só nos casos de execução de serviço não autorizado "
                                                               "pelo DER e não diz que se apreenda o veículo de um serviço autorizado.")
    assert "confira no auto de infração qual serviço foi considerado não autorizado" in text
    assert "não diz que se apreenda o veículo de um serviço autorizado" in text
    assert text.index("só nos casos de execução de serviço não autorizado") < text.index("A apreensão dura no mínimo 48 horas")
    assert outcome.locator("a[href*='/leis/sp-decreto-29912-1989/art-40']").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
