"""Issue #31 in a real browser at 360×780, JavaScript on and off: "Ônibus" in the 7-seat-car guide ends
after the date (was "Pergunta 2 de 10"), saying what the law asks of a bus and where to check it.
The Flask-client half is tests/test_wizard_bus_end.py."""

from __future__ import annotations

import re

import pytest

from .conftest import shoot, submit

HEADLINE = {"pt_BR": "Este assistente é sobre o automóvel de 7 lugares", "en": "This guide is about the 7-seat automobile",
            "es": "Este asistente trata del automóvil de 7 plazas"}


def counter(page) -> str:
    return " ".join(page.locator("#progresso").inner_text().split())


@pytest.mark.parametrize("lang", list(HEADLINE))
def test_a_bus_ends_the_seven_seat_guide_after_the_date(page, lang):
    page.goto(f"{page.base}/assistentes/carro_turismo?lang={lang}")
    page.check("#tipo_veiculo-onibus")
    submit(page, ".wizard-form button[type=submit]")
    assert re.fullmatch(r"\D+ 2 \D+ 2", counter(page)), counter(page)  # "Pergunta 2 de 2": only the date is left
    page.fill("#data_referencia", "12/11/2020")  # the day before Lei 17.107/2020, typed DD/MM/AAAA
    submit(page, ".wizard-form button[type=submit]")
    assert page.locator(".review").count() == 1
    link = page.locator(".review a.button")
    submit(page, ".review a.button") if page.js else link.click()
    page.wait_for_selector(".outcome")
    outcome = page.locator(".outcome")
    assert HEADLINE[lang] in page.locator(".headline").inner_text()
    # the original art. 11, opened in the wording of that day, and the guides that fit a bus
    assert outcome.locator("a[href='/leis/pe-lei-16205-2017/art-11?data=2020-11-12']").count() >= 1
    assert outcome.locator("a[href='/frota?lugar=pe&modalidade=turistico&data=2020-11-12']").is_visible()
    assert outcome.locator("a[href='/assistentes/modalidade?jurisdicao=pe']").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shoot(page, f"r3-onibus-fim-{lang}")


def test_the_bus_end_after_lei_17107_cites_art_3_par_3_and_leads_to_the_modality_guide(page):
    page.goto(page.base + "/assistentes/carro_turismo?tipo_veiculo=micro_onibus&data_referencia=2024-05-10&ver=resultado")
    text = page.locator(".outcome").inner_text()
    assert "nas demais modalidades, só ônibus e micro-ônibus" in text
    assert "anual até 15 anos da data de fabricação" in text
    assert "Pendências" not in text
    assert page.locator(".outcome a[href='/leis/pe-lei-16205-2017/art-3/par-3']").count() >= 1
    with page.expect_navigation():
        page.click(".outcome a[href='/assistentes/modalidade?jurisdicao=pe']")
    assert page.locator("#progresso").count() == 1 and "/assistentes/modalidade" in page.url
