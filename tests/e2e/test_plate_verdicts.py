"""Issue #28 in a real browser: the plate verdict said first at 360 px, the staff import preview
with its shrink confirmation, and the stickers page's warning about a loopback address.

The verdict pages run with JavaScript on and off (``page``); the staff pages without it, as
the staff area must work that way.  Screenshots of each verdict go to ``screenshots/``
(``consulta-veredito-<placa>-…-360.png``) to be checked by eye.
"""

from __future__ import annotations

import pytest

from portal.storage import staff as staff_store
from portal.storage.db import connect
from portal.storage.demo import cnpj_with_check_digits, formatted_cnpj

from .conftest import PHONE, shoot

VERDICTS = [
    ("KGT2E47", "Pode embarcar: este veículo está autorizado hoje, pela lei de Pernambuco."),
    ("PEH2A10", "Não embarque: o CRC da empresa está vencido."),
    ("SPA1B23", "Não embarque: este tipo de veículo não é admitido no fretamento."),
    ("RCA1B11", "Não embarque: a permissão admite um único veículo."),
    ("ACB1C22", "Pode embarcar: este veículo está autorizado hoje, pela lei do Acre."),
    ("ZZZ9Z99", "Não encontramos esta placa: não embarque e denuncie."),
]


def test_consulta_says_the_verdict_first_at_360px(page):
    for plate, line in VERDICTS:
        page.goto(f"{page.base}/consulta?placa={plate}")
        verdict = page.locator("#veredito")
        assert verdict.inner_text().strip().endswith(line)
        # the line is the first thing of the result, above the fold of a phone
        box = verdict.bounding_box()
        assert box is not None and box["y"] + box["height"] < PHONE["height"]
        if not line.startswith("Pode embarcar"):
            report = page.locator(".verdict-actions a.button")
            assert report.inner_text() == "Denunciar este veículo" and f"placa={plate}" in report.get_attribute("href")
            assert page.locator('.verdict-actions a[href="tel:190"]').count() == 1
        if page.js:
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
        shoot(page, f"consulta-veredito-{plate}")


@pytest.fixture()
def staff_page(browser, live_server):
    db = connect(str(live_server["data_dir"]) + "/portal.db")
    if db.execute("SELECT 1 FROM staff_users WHERE username = 'cadastro'").fetchone() is None:
        staff_store.create_user(db, "cadastro", "senha-muito-segura-2026")
    db.conn.close()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=False, locale="pt-BR")
    pg = context.new_page()
    pg.goto(live_server["url"] + "/admin/entrar")
    pg.fill("#usuario", "cadastro")
    pg.fill("#senha", "senha-muito-segura-2026")
    with pg.expect_navigation():
        pg.click("form.narrow button[type=submit]")
    yield pg
    context.close()


def test_import_preview_asks_before_the_registry_shrinks(staff_page, live_server, tmp_path):
    cnpj = formatted_cnpj(cnpj_with_check_digits("112223330001"))
    operators = tmp_path / "operadoras.csv"
    operators.write_text("cnpj,razao_social,nome_fantasia,jurisdicao,crc_numero,crc_emissao,crc_validade,situacao,modalidades,telefone,email\n"
                         f"{cnpj},Rota Turismo Ltda,Rota,pe,CRC-1,,2030-01-10,ativo,eventual,,\n", encoding="utf-8")
    vehicles = tmp_path / "veiculos.csv"
    vehicles.write_text("placa,cnpj,tipo,lugares,ano_fabricacao,vistoria_validade,seguro_validade,situacao\n"
                        f"QUA1960,{cnpj},onibus,44,2022,2030-03-01,2030-05-10,ativo\n"
                        f"QUA1961,{cnpj},onibus,44,2022,2030-03-01,2030-05-10,ativo\n"
                        f"RUIM1,{cnpj},onibus,44,2022,2030-03-01,2030-05-10,ativo\n", encoding="utf-8")
    pg = staff_page
    try:
        pg.goto(live_server["url"] + "/admin/registro")
        before = pg.locator("p.meta").first.inner_text()
        pg.set_input_files("#operadoras", str(operators))
        pg.set_input_files("#veiculos", str(vehicles))
        with pg.expect_navigation():
            pg.click("text=Ver o que muda (prévia)")
        preview = pg.locator("[data-preview]")
        assert "Prévia: o que muda se você confirmar" in preview.inner_text()
        assert pg.locator('tr[data-change="added"] td').first.inner_text() == "2"
        assert pg.locator('tr[data-change="rejected"] td').first.inner_text() == "1"
        removed = int(pg.locator('tr[data-change="removed"] td').first.inner_text().replace(".", ""))
        assert removed > 300
        assert "Atenção: o cadastro encolheria" in pg.locator(".confirm-import .warning").inner_text()
        pg.screenshot(path=str(live_server["data_dir"] / "previa.png"), full_page=True)
        # the tick is required: the browser does not send the form without it
        pg.click("text=Confirmar e substituir o cadastro")
        assert pg.locator("[data-preview]").count() == 1 and pg.locator("#confirmo_reducao").count() == 1
        pg.goto(live_server["url"] + "/admin/registro")
        assert pg.locator("p.meta").first.inner_text() == before  # nothing written by the preview
        # again, now ticking the box
        pg.set_input_files("#operadoras", str(operators))
        pg.set_input_files("#veiculos", str(vehicles))
        with pg.expect_navigation():
            pg.click("text=Ver o que muda (prévia)")
        pg.check("#confirmo_reducao")
        with pg.expect_navigation():
            pg.click("text=Confirmar e substituir o cadastro")
        assert "Cadastro substituído" in pg.locator("#importacao-titulo").inner_text()
        assert "2 veículos" in pg.locator("p.meta").first.inner_text()
    finally:
        # the other browser tests of the session expect the demonstration registry
        assert live_server["app"].test_cli_runner().invoke(args=["registry", "demo", "--force"]).exit_code == 0


@pytest.mark.parametrize("base, warned", [("http://127.0.0.1:8000", "padrao"), ("http://localhost:8123", "loopback"), ("https://fretamento.example.gov.br", None)])
def test_sticker_page_warns_about_a_loopback_address(staff_page, live_server, base, warned):
    app = live_server["app"]
    previous = app.config["PORTAL_BASE_URL"]
    app.config["PORTAL_BASE_URL"] = base
    try:
        staff_page.goto(live_server["url"] + "/admin/adesivos?placa=KGT2E47")
        warning = staff_page.locator("[data-address-warning]")
        if warned:
            assert warning.get_attribute("data-address-warning") == warned and warning.get_attribute("role") == "alert"
            assert f"os QR codes apontariam para {base}" in warning.inner_text() and "PORTAL_BASE_URL" in warning.inner_text()
        else:
            assert warning.count() == 0
        assert staff_page.locator("article.sticker").get_attribute("data-url") == base.rstrip("/") + "/v/KGT2E47"
        staff_page.emulate_media(media="print")
        assert not warning.is_visible() if warned else True  # the warning is for the screen, never printed
    finally:
        app.config["PORTAL_BASE_URL"] = previous
