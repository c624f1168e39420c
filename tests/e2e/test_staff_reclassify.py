"""Issue #27, point 3, in a real browser on a 360 px phone, with JavaScript on and off: a staff member
sees the reader's suggestion with its confidence, searches a row in everyday words, is refused without
a reason, reclassifies with one, and the protocol's public page then shows staff's row with its fine
and its citation linked to the law reader."""

from __future__ import annotations

import re

import pytest

from knowledge.places import PLACES
from portal.storage import staff as staff_store
from portal.storage.db import connect

from .conftest import AXE, PHONE, shoot
from .test_accessibility import BLOCKING, run_axe

PE = PLACES["pe"].law_id
STANDING = f"{PE} anexo-i/inc-3/ali-e"  # "transportar passageiro em pé ou acima da capacidade do veículo"
EQUIPMENT = f"{PE} anexo-i/inc-2/ali-c"  # "… sem os equipamentos obrigatórios exigidos pelo Código de Trânsito Brasileiro …"
USER, PASSWORD = "equipe27", "senha-muito-segura-2026"


@pytest.fixture(params=["js", "nojs"])
def staff_phone(request, browser, live_server):
    db = connect(str(live_server["data_dir"]) + "/portal.db")
    if db.execute("SELECT 1 FROM staff_users WHERE username = ?", [USER]).fetchone() is None:
        staff_store.create_user(db, USER, PASSWORD)
    db.conn.close()
    js = request.param == "js"
    # With JavaScript, axe-core audits the pages too (as tests/e2e/test_accessibility.py does).
    context = browser.new_context(viewport=PHONE, java_script_enabled=js, locale="pt-BR", bypass_csp=js)
    if js and AXE.exists():
        context.add_init_script(path=str(AXE))
    context.set_default_timeout(15_000)
    pg = context.new_page()
    pg.base, pg.js = live_server["url"], request.param == "js"
    pg.goto(pg.base + "/admin/entrar")
    pg.fill("#usuario", USER)
    pg.fill("#senha", PASSWORD)
    with pg.expect_navigation():
        pg.click("form.narrow button[type=submit]")
    yield pg
    context.close()


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _accessible(page) -> list:
    """The serious and critical axe-core violations (none checked without JavaScript, where axe cannot run)."""
    if not page.js or not AXE.exists():
        return []
    return [(v["id"], v["help"], v["nodes"]) for v in run_axe(page) if v["impact"] in BLOCKING]


def test_staff_reclassify_on_a_phone(staff_phone, live_server):
    page = staff_phone
    sent = live_server["app"].test_client().post("/api/v1/denuncias", json={
        "jurisdicao": "pe", "data_ocorrencia": "2026-11-20", "relato": "tinha 10 pessoas em pé no fretado", "linha": STANDING})
    assert sent.status_code == 201
    protocolo = sent.get_json()["protocolo"]
    page.goto(page.base + "/admin/")
    with page.expect_navigation():
        page.locator("tr", has=page.locator(f"a:text-is('{protocolo}')")).locator("a").first.click()
    complaint_url = page.url
    section = page.locator("#enquadramento")
    assert "confirmando a sugestão do leitor" in section.inner_text()
    assert re.search(r"Confiança do leitor: \d{1,3},\d%", section.inner_text())
    assert _fits(page) and _accessible(page) == []

    page.fill("#busca-linha", "cinto de segurança quebrado")
    with page.expect_navigation():
        page.click("form.row-search button[type=submit]")
    choice = page.locator(f"input[name=linha][value='{EQUIPMENT}']")
    assert choice.count() == 1
    page.locator("label", has_text="equipamentos obrigatórios").first.click()
    assert choice.is_checked()

    # No reason: the browser does not stop it (the server says why), and the page keeps the choice.
    with page.expect_navigation():
        page.click("form.reclassify button[type=submit]")
    assert "Escreva o motivo da reclassificação" in page.locator("#motivo-erro").inner_text()
    assert page.locator(f"input[name=linha][value='{EQUIPMENT}']").is_checked()
    assert page.locator("#motivo").get_attribute("aria-invalid") == "true"
    assert _fits(page) and _accessible(page) == []

    page.fill("#motivo", "Os cintos estavam quebrados, como mostra a foto.")
    with page.expect_navigation():
        page.click("form.reclassify button[type=submit]")
    assert page.url.startswith(complaint_url) and "salvo=enquadramento" in page.url
    assert "Enquadramento salvo e registrado na auditoria" in page.locator(".success").inner_text()
    current = page.locator(".classification-current").inner_text()
    assert "Anexo I, inciso II, alínea c" in current and f"a equipe ({USER}," in current
    assert _fits(page) and _accessible(page) == []
    shoot(page, "equipe-reclassificar")
    page.goto(complaint_url + "?lang=en")
    assert "Reader's confidence" in page.locator("#enquadramento").inner_text() and _fits(page) and _accessible(page) == []

    page.goto(page.base + f"/denuncia/{protocolo}?lang=pt_BR")  # the language chosen above sticks
    told = page.locator("ul.statements").inner_text()
    assert "Enquadramento dado pela equipe" in told and "Multa: R$" in told
    link = page.locator("ul.statements a[href='/leis/pe-lei-16205-2017/anexo-i/inc-2/ali-c']")
    assert link.count() == 1 and _fits(page)
    with page.expect_navigation():
        link.click()
    assert "/leis/pe-lei-16205-2017" in page.url
