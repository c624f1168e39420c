"""Issue #31, the remaining journeys in a real browser at 360×780, JavaScript on and off:
a complaint's receipt says what happens now (with links into the law reader) and keeps its
protocol on one line; the status lookup takes "O" for "0"; the form's language switch keeps what
was typed (and Enter still sends); open data on a phone; the staff pages on the place's clock."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from portal.storage import staff as staff_store
from portal.storage.db import connect

from .conftest import PHONE, shoot


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _fill_complaint(page, place: str = "recife") -> None:
    page.check("#oc-porta_aberta")
    page.select_option("#jurisdicao", place)
    page.fill("#placa", "KGT2E47")
    page.fill("#origem", "Boa Viagem")
    page.fill("#relato", "o ônibus andou com a porta aberta")
    page.fill("#contato_nome", "Maria")
    page.check("#consentimento-sim")  # a contact is kept only with consent


def test_receipt_says_what_happens_now_and_keeps_the_protocol_whole(page):
    page.goto(page.base + "/denuncia")
    _fill_complaint(page)
    with page.expect_navigation():
        page.click(".complaint-form .actions button[type=submit]:not([name])")
    protocol = page.locator(".success .protocol")
    text = protocol.inner_text().strip()
    assert re.fullmatch(r"EL-\d{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", text)
    # one line: as tall as one line of its font, and inside the phone's width
    box = protocol.bounding_box()
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.success .protocol')).lineHeight) || 0")
    assert box["height"] < 2 * max(line, 20), (box, line)
    assert box["x"] + box["width"] <= PHONE["width"] and no_sideways_scroll(page)
    block = page.locator("section.next-steps")
    assert block.locator("h2").inner_text() == "O que acontece agora"
    steps = block.locator("li")
    assert steps.count() == 4
    assert "30 dias, contados da data da infração, para notificar o infrator" in steps.nth(1).inner_text()
    assert "sem prazo na lei" in steps.nth(0).inner_text()
    shoot(page, "r3b-recibo-proximos-passos")
    with page.expect_navigation():
        block.locator("a[href='/leis/recife-lei-16856-2003/art-29/par-1']").click()
    assert "/leis/recife-lei-16856-2003/art-29" in page.url
    assert "30 (trinta) dias, contado da data da infração" in page.locator("main").inner_text()
    # the lookup: lower case, spaces, and the letter O for the digit 0 in the year
    page.goto(page.base + "/denuncia/acompanhar")
    page.fill("#protocolo", text.lower().replace("-", " ").replace("20", "2o", 1))
    with page.expect_navigation():
        page.click(".track-form button[type=submit]")
    assert page.url.endswith("/denuncia/" + text)
    assert page.locator("section.next-steps li").count() == 4


@pytest.mark.parametrize("lang, heading, place_word", [("en", "Report irregular transport", "What happened?"),
                                                       ("es", "Denunciar un transporte irregular", "¿Qué pasó?")])
def test_language_switch_keeps_what_was_typed(page, lang, heading, place_word):
    page.goto(page.base + "/denuncia")
    _fill_complaint(page)
    with page.expect_navigation():
        page.click(f"#idioma button[lang={lang}]")
    assert page.locator("h1").inner_text() == heading
    assert place_word in page.locator("#ocorrencias legend").inner_text()
    assert page.is_checked("#oc-porta_aberta")
    assert page.input_value("#jurisdicao") == "recife" and page.input_value("#placa") == "KGT2E47"
    assert page.input_value("#origem") == "Boa Viagem" and page.input_value("#contato_nome") == "Maria"
    assert page.input_value("#relato") == "o ônibus andou com a porta aberta" and page.is_checked("#consentimento-sim")
    assert "Maria" not in page.url and "KGT2E47" not in page.url and page.url.endswith(f"/denuncia/idioma?lang={lang}")
    assert no_sideways_scroll(page)
    shoot(page, f"r3b-denuncia-idioma-{lang}")
    # and back to Portuguese, still filled in; then Enter in a field sends the complaint (not a language switch)
    with page.expect_navigation():
        page.click("#idioma button[lang=pt-BR]")
    assert page.locator("h1").inner_text() == "Denunciar um transporte irregular" and page.input_value("#placa") == "KGT2E47"
    with page.expect_navigation():
        page.press("#origem", "Enter")
    assert page.locator(".success .protocol").is_visible()


def test_open_data_on_a_phone(page):
    page.goto(page.base + "/dados-abertos")
    table = page.locator("section[aria-labelledby=baixar] table")
    headers = table.locator("thead th")
    assert headers.count() == 2
    for i in range(2):
        box = headers.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box  # not clipped
    assert no_sideways_scroll(page)
    row = table.locator("tr", has=page.locator("a[href$='/veiculos.csv']"))
    variant = row.locator("a[href$='/veiculos-planilha.csv']")
    assert variant.is_visible()
    assert re.search(r"\d+,\d\u00a0KB", row.inner_text())
    response = page.request.get(page.base + variant.get_attribute("href"))
    assert response.body().startswith(b"\xef\xbb\xbf") and b'";"' in response.body().splitlines()[0]
    shoot(page, "r3b-dados-abertos")


@pytest.fixture()
def staff_phone(browser, live_server, request):
    db = connect(str(live_server["data_dir"]) + "/portal.db")
    if db.execute("SELECT 1 FROM staff_users WHERE username = 'equipe31'").fetchone() is None:
        staff_store.create_user(db, "equipe31", "senha-muito-segura-2026")
    db.conn.close()
    context = browser.new_context(viewport=PHONE, java_script_enabled=request.param == "js", locale="pt-BR")
    pg = context.new_page()
    pg.base, pg.js = live_server["url"], request.param == "js"
    pg.goto(pg.base + "/admin/entrar")
    pg.fill("#usuario", "equipe31")
    pg.fill("#senha", "senha-muito-segura-2026")
    with pg.expect_navigation():
        pg.click("form.narrow button[type=submit]")
    yield pg
    context.close()


@pytest.mark.parametrize("staff_phone", ["js", "nojs"], indirect=True)
def test_staff_complaint_on_the_places_clock_with_a_confirmation(staff_phone):
    page = staff_phone
    page.goto(page.base + "/denuncia")
    page.check("#oc-passageiros_em_pe")
    page.select_option("#jurisdicao", "ac")
    with page.expect_navigation():
        page.click(".complaint-form .actions button[type=submit]:not([name])")
    protocol = page.locator(".success .protocol").inner_text().strip()
    page.goto(page.base + "/admin/?jurisdicao=ac")
    row = page.locator("tr", has=page.locator(f"a:text-is('{protocol}')"))
    assert "(UTC−5)" in row.inner_text() and "Acre" in row.inner_text()
    with page.expect_navigation():
        row.locator("a").first.click()
    facts = page.locator("dl.facts").inner_text()
    assert "Acre" in facts and "(UTC−5)" in facts and "?" not in facts and "Trajeto" not in facts
    page.check("#s-em_analise")
    with page.expect_navigation():
        page.click("form[action$='/situacao'] button[type=submit]")
    assert page.locator(".success[role=status]").inner_text().strip() == "Situação salva."
    shoot(page, "r3b-equipe-denuncia")
    page.goto(page.base + "/admin/adesivos?cnpj=10.102.947/0001-67")
    assert "foi cancelado: ela não pode prestar o serviço" in page.locator(".operator-warning").inner_text()  # the law's word (PE: CRC cancelado)


AXE = Path(__file__).resolve().parents[2] / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.skipif(not AXE.exists(), reason="axe-core não instalado (scripts/install-test-deps.sh)")
@pytest.mark.parametrize("lang", ["pt_BR", "en", "es"])
def test_the_pages_of_this_round_have_no_serious_accessibility_violation(browser, live_server, lang):
    """axe-core on the receipt with its next steps, the form with its language buttons (and their unseen
    default button), the open-data page and a status page reached by the lookup."""
    protocolo = live_server["app"].test_client().post(
        "/api/v1/denuncias", json={"jurisdicao": "ac", "data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"]}).get_json()["protocolo"]
    context = browser.new_context(viewport=PHONE, locale="pt-BR", bypass_csp=True)
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    problems = []
    for path in (f"/denuncia/{protocolo}?nova=1&lang={lang}", f"/denuncia?lang={lang}", f"/dados-abertos?lang={lang}", f"/denuncia/{protocolo}?lang={lang}"):
        page.goto(live_server["url"] + path)
        violations = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""")
        problems += [(path, v["id"], v["nodes"]) for v in violations if v["impact"] in ("serious", "critical")]
    context.close()
    assert problems == [], problems


@pytest.mark.parametrize("staff_phone", ["js"], indirect=True)
def test_staff_tables_are_cards_on_a_phone_and_a_table_on_a_wide_screen(staff_phone, live_server):
    """Issue #31: the complaints table scrolled sideways at 360 px (its content was ~700 px wide). On a
    phone each row is now a card with a label over each value; on a wide screen it is the table."""
    page = staff_phone
    live_server["app"].test_client().post("/api/v1/denuncias", json={
        "jurisdicao": "pe", "placa": "KGT2E47", "data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta", "sem_autorizacao"]})
    for path in ("/admin/", "/admin/auditoria"):
        page.set_viewport_size(PHONE)
        page.goto(page.base + path)
        table = page.locator("table.stack-table")
        assert no_sideways_scroll(page), path
        assert table.evaluate("t => t.scrollWidth <= t.clientWidth && t.getBoundingClientRect().right <= innerWidth"), path
        assert not page.locator("table.stack-table thead").is_visible()
        assert page.locator("tbody tr").first.locator(".cell-label").first.is_visible()
        if path == "/admin/":
            card = page.locator("tbody tr").first.inner_text()
            assert "Local\nPernambuco" in card and "Placa\nKGT2E47" in card, card
            shoot(page, "r3b-equipe-lista")
        page.set_viewport_size({"width": 1280, "height": 800})
        assert table.evaluate("t => getComputedStyle(t).display") == "table" and page.locator("table.stack-table thead").is_visible()
        assert not page.locator(".cell-label").first.is_visible()
    if AXE.exists():  # the cards on a phone: no serious or critical axe-core violation
        context = page.context.browser.new_context(viewport=PHONE, locale="pt-BR", bypass_csp=True,
                                                   storage_state=page.context.storage_state())
        context.add_init_script(path=str(AXE))
        audit = context.new_page()
        problems = []
        for path in ("/admin/", "/admin/auditoria"):
            audit.goto(page.base + path)
            violations = audit.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
                .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""")
            problems += [(path, v["id"], v["nodes"]) for v in violations if v["impact"] in ("serious", "critical")]
        context.close()
        assert problems == [], problems
