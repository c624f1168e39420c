"""The fleet check on a 360 px phone, with and without JavaScript: type a fleet, get the
verdicts with their citations, follow a vehicle to its wizard, print without the form.

Screenshots: screenshots/frota-{js,nojs}-{360,1280}.png.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from .conftest import AXE, PHONE, shoot
from .test_accessibility import run_axe

FLEET = (
    "placa;tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria\n"
    "KGT2E47;onibus;44;2016;2017;proprio;2026-03-10\n"
    "ABC1234;onibus;44;2004;2004;proprio;2026-05-31\n"
    "ABC2E34;automovel;7;2021;2021;locado;2026-08-01\n"
    "ABC3F45;micro_onibus;20;2019;2019;locado;\n"
)


def test_fleet_check_on_a_phone(page):
    page.goto(page.base + "/frota")
    page.select_option("#lugar", "pe")
    page.select_option("#modalidade", "turistico")
    page.fill("#frota", FLEET)
    page.fill("#emissao_registro", "20/05/2026")
    with page.expect_navigation():
        page.click(".fleet-form button[type=submit]")
    result = page.locator("#resultado")
    assert result.is_visible()
    assert page.locator(".fleet-vehicle").count() == 4
    # Each vehicle is named by its line in the list, the header being line 1 (as a spreadsheet numbers it).
    assert "semestral" in page.locator("#veiculo-3").inner_text()  # 22 years of manufacture: six-monthly (art. 11, II, a)
    assert page.locator("#veiculo-2 .cite-link").count() >= 1
    # Nothing wider than the phone: no sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The share link carries no plate.
    share = page.input_value("#link-compartilhar")
    assert "KGT2E47" not in share and "lugar=pe" in share
    # Printed: the result without the form and the share box.
    page.emulate_media(media="print")
    assert not page.locator(".fleet-form").is_visible()
    assert page.locator(".fleet-vehicle").first.is_visible()
    page.emulate_media(media="screen")
    shoot(page, "frota")
    # Each vehicle links to the wizard that explains it, pre-filled.
    with page.expect_navigation():
        page.click("#veiculo-4 a[href*='/assistentes/carro_turismo']")
    assert "/assistentes/carro_turismo" in page.url and "tipo_veiculo=automovel" in page.url


@pytest.mark.skipif(not AXE.exists(), reason="axe-core não instalado (scripts/install-test-deps.sh)")
@pytest.mark.parametrize("lang", ["pt_BR", "en", "es"])
def test_fleet_result_has_no_serious_accessibility_violations(browser, live_server, lang):
    """The result page (a shared link: GET, no plates), audited with axe-core in each language."""
    context = browser.new_context(viewport=PHONE, locale="pt-BR", bypass_csp=True)
    context.add_init_script(path=str(AXE))
    pg = context.new_page()
    query = urlencode({"lugar": "pe", "modalidade": "eventual", "data": "2021-09-23", "frota": FLEET.replace("2021;2021", "2020;2020"), "emissao_registro": "2021-01-10", "lang": lang})
    pg.goto(f"{live_server['url']}/frota?{query}")
    assert pg.get_attribute("html", "lang") == lang.replace("_", "-")
    assert pg.locator(".fleet-vehicle").count() == 4
    problems = [(v["id"], v["help"], v["nodes"]) for v in run_axe(pg) if v["impact"] in ("serious", "critical")]
    context.close()
    assert problems == [], "\n".join(map(str, problems))


def test_an_expired_declaracao_de_vistoria_makes_the_vehicle_not_apt_on_a_phone(page, tmp_path):
    """The phone review (SP, CSV upload): FRT1A11's next vistoria had passed and the vehicle read "apto".
    The CSV upload stays as it was; the list typed with commas (a phone keyboard) gives the same result."""
    from datetime import date

    from knowledge.fleet.vistoria import add_months

    last = add_months(date.today(), -10).strftime("%d/%m/%Y")  # a 2014 bus: every 6 months (more than 10 years)
    csv = tmp_path / "frota.csv"
    csv.write_text(f"placa;tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria\nFRT1A11;onibus;44;2014;2014;proprio;{last}\nFRT2B22;onibus;44;2022;2022;proprio;\n", encoding="utf-8")
    for typed in (None, f"FRT1A11,onibus,44,2014,2014,proprio,{last}\nFRT2B22,onibus,44,2022,2022,proprio,\n"):
        page.goto(page.base + "/frota?lugar=sp")
        assert page.locator("#modalidade optgroup").first.get_attribute("label") == "São Paulo"
        page.select_option("#modalidade", "eventual")
        if typed:
            page.fill("#frota", typed)
        else:
            page.set_input_files("#arquivo", str(csv))
        with page.expect_navigation():
            page.click(".fleet-form button[type=submit]")
        first = page.locator("#veiculo-1" if typed else "#veiculo-2")  # the file has a header: its line 1
        assert "não apto" in first.inner_text() and "vencida nesta data" in first.inner_text()
        assert "A frota não está apta" in page.locator("#resultado-titulo").inner_text()
        assert "vencida nesta data" in page.locator(".fleet-why").inner_text()
        assert "já passou" in page.locator("#prazos ~ ul").first.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_an_uploaded_list_without_an_optional_column_is_checked_with_one_note(page, tmp_path):
    """Issue #31: a CSV without the plate and inspection columns had every line refused; it is checked, and one
    note says the columns are absent.  Without the kind column: one message naming it, no line errors."""
    csv = tmp_path / "frota.csv"
    csv.write_text("tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade\n" + "onibus;44;2020;2020;proprio\n" * 5, encoding="utf-8")
    page.goto(page.base + "/frota?lugar=pe")
    page.select_option("#modalidade", "eventual")
    page.set_input_files("#arquivo", str(csv))
    with page.expect_navigation():
        page.click(".fleet-form button[type=submit]")
    assert page.locator(".error-summary").count() == 0
    assert page.locator(".fleet-vehicle").count() == 5
    note = page.locator(".fleet-list-note")
    assert note.count() == 1 and note.inner_text() == "Coluna opcional ausente na lista, lida como vazia em todas as linhas: placa, ultima_vistoria."
    csv.write_text("lugares;ano_fabricacao;propriedade\n" + "44;2020;proprio\n" * 5, encoding="utf-8")
    page.set_input_files("#arquivo", str(csv))
    with page.expect_navigation():
        page.click(".fleet-form button[type=submit]")
    summary = page.locator(".error-summary")
    assert summary.locator("li").count() == 1 and "Falta a coluna tipo no cabeçalho." in summary.inner_text()
    assert page.locator(".fleet-vehicle").count() == 0
