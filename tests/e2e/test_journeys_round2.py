"""Issue #14 (journeys, round 2) in a real browser at 360×780, JavaScript on and off.

Each test is a journey the issue found blocked; it fails on the code before the fix."""

from __future__ import annotations

import io
import re

from PIL import Image

from .conftest import shoot, submit

PRINT_SPY = "window.__printed = 0; window.print = function () { window.__printed += 1; };"


def lang_href(page, code: str) -> str:
    return page.get_attribute(f"#idioma a[hreflang={code}]", "href")


# -- passenger at the bus door -------------------------------------------------------------------------------


def test_mistyped_plate_shows_an_error_not_a_second_page(page):
    page.goto(page.base + "/consulta")
    for typed in ("AAA", "1234567"):
        page.fill("#placa", typed)
        submit(page, ".plate-form button[type=submit]")
        assert page.locator("header.site-header").count() == 1
        assert page.locator("form.plate-form").count() == 1
        assert page.locator("footer.site-footer").count() == 1
        error = page.locator("#resultado .error-summary" if page.js else ".plate-form .error-message")
        assert "ABC1D23" in error.inner_text()
    page.fill("#placa", "KGT2E47")
    submit(page, ".plate-form button[type=submit]")
    assert "Pode embarcar" in page.locator(".verdict h2").inner_text()
    # The language links follow the address, also after an htmx lookup.
    assert "placa=KGT2E47" in lang_href(page, "en")
    with page.expect_navigation():
        page.click("#idioma a[hreflang=en]")
    assert page.locator(".verdict h2").inner_text().startswith("✔ You may board:")


def test_home_cards_lead_to_plate_check_complaint_and_wizards(page):
    page.goto(page.base + "/")
    card = page.locator(".card-passenger")
    with page.expect_navigation():
        card.locator("text=Consultar a placa do veículo").click()
    assert page.url.endswith("/consulta") and page.locator("#placa").is_visible()
    page.go_back()
    with page.expect_navigation():
        page.locator(".card-passenger >> text=Fazer uma denúncia").click()
    assert page.url.endswith("/denuncia") and page.locator(".complaint-form").is_visible()
    page.go_back()
    titles = page.locator(".card-operator ul a").all_inner_texts()
    assert len(titles) == 4
    for title in titles:
        page.goto(page.base + "/")
        with page.expect_navigation():
            page.locator(".card-operator ul a", has_text=title).click()
        # every link titled like a guide opens a guide (a question), not law text
        assert "/assistentes/" in page.url and page.locator(".wizard-form").count() == 1, (title, page.url)


def test_plate_result_in_words_with_its_regulator(page):
    page.goto(page.base + "/consulta?placa=KGT2E47&lang=en")
    details = page.locator(".details").inner_text()
    assert "Occasional charter" in details and "eventual, turistico" not in details and "continuo" not in details
    regulator = page.locator(".regulators").inner_text()
    assert "EPTI — Empresa Pernambucana de Transporte Intermunicipal" in regulator
    assert "have not been registered on this portal yet" in regulator
    page.goto(page.base + "/consulta?placa=ABC1234&lang=pt_BR")
    assert page.locator(".regulators .regulator").count() == 4
    texts = page.locator(".regulators").inner_text()
    for sentence in ("transporte em Pernambuco.", "transporte em São Paulo.", "transporte no Acre.", "transporte no Recife."):
        assert sentence in texts
    shoot(page, "consulta-orgaos")


def test_plate_result_prints_without_javascript(page):
    page.add_init_script(PRINT_SPY)
    page.goto(page.base + "/consulta?placa=KHD1A11")
    link = page.locator("a[data-print]")
    assert "imprimir=1" in link.get_attribute("href")
    if page.js:
        link.click()
        assert page.evaluate("window.__printed") == 1 and "imprimir" not in page.url
    else:
        with page.expect_navigation():
            link.click()
        assert not page.locator("header.site-header").is_visible()
        assert not page.locator("form.plate-form").is_visible()
        assert page.locator(".verdict").is_visible()
        assert "Versão para impressão" in page.locator(".print-banner").inner_text()


# -- complaints ------------------------------------------------------------------------------------------------


def _jpeg_with_gps() -> bytes:
    image = Image.new("RGB", (640, 480), (200, 60, 30))
    exif = Image.Exif()
    exif[0x8825] = {1: "S", 2: (8.0, 3.0, 1.0)}
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


def test_complaint_asks_where_then_tracks_by_protocol_typed_any_way(page):
    page.add_init_script(PRINT_SPY)
    page.goto(page.base + "/denuncia")
    page.check("#oc-porta_aberta")
    with page.expect_navigation():
        page.click(".complaint-form button[type=submit]")
    assert "Diga onde aconteceu" in page.locator(".error-summary").inner_text()
    assert page.get_attribute("#jurisdicao", "aria-invalid") == "true"
    page.select_option("#jurisdicao", "recife")
    page.fill("#hora_ocorrencia", "07:30")
    page.set_input_files("#fotos", [{"name": "porta.jpg", "mimeType": "image/jpeg", "buffer": _jpeg_with_gps()}])
    with page.expect_navigation():
        page.click(".complaint-form button[type=submit]")
    protocol = page.locator(".success .protocol").inner_text().strip()
    assert re.fullmatch(r"EL-\d{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", protocol)
    facts = page.locator("dl.facts").first.inner_text()
    assert "Recife" in facts and "por volta das 07:30" in facts and "1 foto anexada, visível só para a equipe" in facts
    assert page.locator("img[src*='/fotos/']").count() == 0
    # Recife, Anexo Único, Grupo 2: "Vm = G × Vb" with Vb = R$ 50,00 (art. 36) → R$ 100,00, said in reais
    assert "Multa: R$ 100,00 (2 vezes o valor base, Vb" in page.locator(".statements").inner_text().replace("\xa0", " ")
    # copy and share: progressive enhancement, absent without JavaScript
    copy = page.locator("button[data-copy]")
    assert copy.is_visible() == page.js
    shoot(page, "denuncia-recibo")
    printer = page.locator(".receipt-actions a[data-print]")
    if page.js:
        printer.click()
        assert page.evaluate("window.__printed") == 1
    else:
        with page.expect_navigation():
            printer.click()
        assert not page.locator("header.site-header").is_visible() and page.locator(".protocol").is_visible()
    # "Acompanhar denúncia": lower case, spaces instead of hyphens
    page.goto(page.base + "/")
    with page.expect_navigation():
        page.click(".card-passenger >> text=Acompanhar uma denúncia")
    page.fill("#protocolo", " " + protocol.lower().replace("-", " ") + " ")
    with page.expect_navigation():
        page.click(".track-form button[type=submit]")
    assert page.url.endswith("/denuncia/" + protocol)
    assert protocol in page.locator("h1").inner_text()


def test_complaint_receipt_in_spanish_shows_the_real_symbol(page):
    page.goto(page.base + "/denuncia?lang=es")
    page.check("#oc-venda_passagem_individual")
    page.select_option("#jurisdicao", "pe")
    with page.expect_navigation():
        page.click(".complaint-form button[type=submit]")
    text = page.locator(".statements").inner_text()
    assert "R$" in text and "BRL" not in text


# -- operator and wizards -------------------------------------------------------------------------------------


def test_wizard_progress_and_language_links_follow_each_step(page):
    # Repeat offence and days in the depot are asked only in Acre (they change nothing elsewhere): 5 to 7 questions.
    page.goto(page.base + "/assistentes/veiculo_apreendido")
    assert page.locator(".step").inner_text().startswith("Pergunta 1 de até 7")
    page.check("#jurisdicao-ac")
    submit(page, ".wizard-form button[type=submit]")
    assert page.locator(".step").inner_text().startswith("Pergunta 2 de até 7")
    page.check("#medida-apreensao")
    submit(page, ".wizard-form button[type=submit]")
    assert page.locator(".step").inner_text() == "Pergunta 3 de 7"
    assert "medida=apreensao" in lang_href(page, "es")
    with page.expect_navigation():
        page.click("#idioma a[hreflang=es]")
    assert page.locator(".step").inner_text() == "Pregunta 3 de 7"


def test_date_left_blank_for_today_is_not_prefilled(page):
    page.goto(page.base + "/assistentes/carro_turismo?tipo_veiculo=automovel&lugares=7&ano_fabricacao=2020")
    assert page.input_value("#data_referencia") == ""
    assert "Deixe em branco para hoje" in page.locator("#data_referencia-ajuda").inner_text()


def test_wizard_result_prints_without_javascript(page):
    page.add_init_script(PRINT_SPY)
    page.goto(page.base + "/assistentes/documentos_crc?data_pedido=&natureza=cooperativa&modalidades=eventual&estabelecimento_pe=nao&usa_onibus=sim&veiculos_proprios=1&veiculos_locados=0&ver=resultado")
    link = page.locator("text=Imprimir a lista")
    if page.js:
        link.click()
        assert page.evaluate("window.__printed") == 1
    else:
        with page.expect_navigation():
            link.click()
        assert "imprimir=1" in page.url
        assert not page.locator("header.site-header").is_visible()
        assert page.locator("details.why .statements").first.is_visible()  # the reasons are on paper too
        assert page.locator(".outcome .headline").is_visible()


# -- the law on a phone -------------------------------------------------------------------------------------------


TARGETS = "nav a, .marker, .toc a, summary, button, .back-to-top a, .lang a, .answer-row .change a, .actions a, input[type=checkbox], input[type=radio]"


def small_targets(page) -> list:
    return page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
             .filter(el => el.offsetParent !== null && !el.closest('[aria-hidden="true"]'))  // hidden from people: no target
             .map(el => { const r = el.getBoundingClientRect(); return [el.textContent.trim().slice(0, 30), Math.round(r.width), Math.round(r.height)]; })
             .filter(([_, w, h]) => w < 24 || h < 24)""",
        TARGETS,
    )


def test_law_reader_on_a_phone(page):
    page.goto(page.base + "/leis/pe-lei-16205-2017")
    toc = page.locator("nav.toc")
    assert toc.bounding_box()["y"] < 780  # the contents are on the first screen
    assert page.locator("details.cite").count() == 0 and page.locator("summary", has_text=re.compile(r"^citar$")).count() == 0
    assert page.locator(".back-to-top").count() == 1 + page.locator("section.division").count()
    official = page.locator("a", has_text="Lei 16.205/2017 no portal de legislação estadual da Alepe")
    assert official.get_attribute("href") == "https://legis.alepe.pe.gov.br/texto.aspx?tiponorma=1&numero=16205&complemento=0&ano=2017&tipo=&url="
    assert small_targets(page) == []
    page.locator(".toc-article a", has_text="Art. 34").first.click()
    assert page.url.endswith("#art-34")
    assert page.locator("[id='art-34']").is_visible()
    # one tap from a unit to its citation
    with page.expect_navigation():
        page.locator("[id='art-34/inc-1'] .marker").first.click()
    assert "Lei 16.205/2017 (PE), art. 34, inciso I" in page.locator(".citation-box").inner_text()
    page.locator("details.urn summary").click()
    assert "LexML Brasil" in page.locator("details.urn").inner_text()
    shoot(page, "lei-telefone")


def test_tap_targets_are_at_least_24px_on_passenger_pages(page):
    for path in ("/", "/consulta?placa=KHD1A11", "/denuncia", "/assistentes/veiculo_apreendido?jurisdicao=pe&medida=apreensao", "/leis/recife-lei-16856-2003/art-36"):
        page.goto(page.base + path)
        assert small_targets(page) == [], path


# -- language, chat, logo ---------------------------------------------------------------------------------------------


def test_chat_says_no_acre(page):
    page.goto(page.base + "/assistente")
    page.fill("#mensagem", "no acre o motorista andou com a porta aberta")
    submit(page, ".chat-form button[type=submit]")
    text = page.locator("#ultima").inner_text()
    assert "no Acre isso é infração" in text and "em Acre" not in text


def test_logo_is_an_svg_image(page):
    page.goto(page.base + "/")
    logo = page.locator(".brand svg.logo")
    box = logo.bounding_box()
    assert box and round(box["width"]) == 28 and round(box["height"]) == 28
    assert logo.get_attribute("aria-hidden") == "true" and logo.locator("rect").count() == 6
    assert "🚌" not in page.content()
