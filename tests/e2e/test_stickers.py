"""Staff print QR stickers in a real browser; the printed page is scanned back to the vehicle's page.

Print media is emulated (CSS @page A4, no header or navigation), the sheet is
captured as a screenshot and every QR code on it is decoded with ZXing: each
decodes to the address typed under it and that address opens the vehicle's page.
Chromium's own PDF printing gives one A4 page per sheet of eight stickers.
"""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from PIL import Image

from portal.storage import staff as staff_store
from portal.storage.db import connect
from portal.storage.demo import cnpj_with_check_digits

from .conftest import SCREENSHOTS

PE_OPERATOR = cnpj_with_check_digits(f"{10000000 + 7919:08d}0001")  # the demo's regular Pernambuco operator
PE_ACTIVE_FLEET = ["KGT2E47", "KHB7F12", "KHC8G34", "PEJ3B20", "PFX1960"]
A4_WIDTH_PX = 210 / 25.4 * 96  # CSS px at 96 per inch


@pytest.fixture()
def staff_page(browser, live_server):
    app = live_server["app"]
    db = connect(str(live_server["data_dir"]) + "/portal.db")
    if db.execute("SELECT 1 FROM staff_users WHERE username = 'impressao'").fetchone() is None:
        staff_store.create_user(db, "impressao", "senha-muito-segura-2026")
    db.conn.close()
    previous = app.config["PORTAL_BASE_URL"]
    app.config["PORTAL_BASE_URL"] = live_server["url"]  # so that the decoded address can be opened here
    # no JavaScript at all: the staff area and the print page must not need it
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=2, java_script_enabled=False, locale="pt-BR")
    pg = context.new_page()
    pg.goto(live_server["url"] + "/admin/entrar")
    pg.fill("#usuario", "impressao")
    pg.fill("#senha", "senha-muito-segura-2026")
    with pg.expect_navigation():
        pg.click("form.narrow button[type=submit]")
    yield pg
    context.close()
    app.config["PORTAL_BASE_URL"] = previous


def test_fleet_sticker_sheet_prints_and_scans(staff_page, live_server):
    pg = staff_page
    pg.goto(f"{live_server['url']}/admin/adesivos")
    pg.fill("#adesivo-cnpj", PE_OPERATOR)
    with pg.expect_navigation():
        pg.click("text=Gerar adesivos da frota")
    pg.emulate_media(media="print")
    stickers = pg.locator("article.sticker")
    assert stickers.count() == len(PE_ACTIVE_FLEET)
    urls = [stickers.nth(i).get_attribute("data-url") for i in range(stickers.count())]
    assert urls == [f"{live_server['url']}/v/{plate}" for plate in PE_ACTIVE_FLEET]
    # in print, nothing but the sheet: no site header, navigation or form
    for hidden in ("header.site-header", "nav.admin-nav", ".no-print", "footer.site-footer"):
        assert not pg.locator(hidden).is_visible(), hidden
    sheet = pg.locator("section.sheet").bounding_box()
    assert abs(sheet["width"] - A4_WIDTH_PX) < 2 and abs(sheet["height"] - A4_WIDTH_PX * 297 / 210) < 2
    # the printed text: regulator, plate, typed address and the three instructions
    first = stickers.nth(0).inner_text()
    for text in ("EPTI — Empresa Pernambucana de Transporte Intermunicipal", "KGT2E47", live_server["url"].split("://")[1] + "/v/KGT2E47",
                 "Aponte a câmera", "Scan to check", "Escanee para ver"):
        assert text in first, text
    # cut marks at the four corners of every sticker
    assert pg.locator("article.sticker .cut").count() == 4 * len(PE_ACTIVE_FLEET)
    SCREENSHOTS.mkdir(exist_ok=True)
    shot = pg.locator("section.sheet").screenshot(path=str(SCREENSHOTS / "adesivos-folha-a4-print.png"))
    decoded = sorted(result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(shot))))
    assert decoded == sorted(urls)
    # a scanned address opens the vehicle's page, showing the same plate
    pg.emulate_media(media="screen")
    pg.goto(decoded[0])
    assert pg.locator("h1").inner_text() == "Confira se é a placa deste veículo"
    assert decoded[0].rsplit("/", 1)[1] in pg.locator(".plate-big").inner_text().replace("-", "")


def test_printed_pdf_has_one_a4_page_per_sheet(browser, live_server, staff_page):
    db = connect(str(live_server["data_dir"]) + "/portal.db")
    cnpj, active = db.execute(
        "SELECT cnpj, COUNT(*) FROM vehicles WHERE situacao = 'ativo' GROUP BY cnpj ORDER BY COUNT(*) DESC LIMIT 1"
    ).fetchone()
    db.conn.close()
    staff_page.goto(f"{live_server['url']}/admin/adesivos?cnpj={cnpj}")
    assert staff_page.locator("article.sticker").count() == active
    pdf = staff_page.pdf(prefer_css_page_size=True, print_background=True)
    pages = re.findall(rb"/Type\s*/Page[^s]", pdf)
    assert len(pages) == -(-active // 8)
    # every page is A4 (595 × 842 points)
    boxes = set(re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf))
    assert {(round(float(w)), round(float(h))) for w, h in boxes} == {(595, 842)}
