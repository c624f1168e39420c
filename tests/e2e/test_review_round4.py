"""The phone review of #31 (round 4) in a real browser at 360×780: what a page does (tests/test_review_round_phone.py
has the rest)."""

from __future__ import annotations

import pytest

from .conftest import shoot, submit

LANGS = ("pt_BR", "en", "es")


# -- 8. the home search box's placeholder fits a 360 px phone -------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_search_placeholder_is_not_cut(page, lang):
    if not page.js:
        pytest.skip("measured with the page's own fonts, through a script")
    page.goto(f"{page.base}/?lang={lang}")
    fits = page.evaluate("""() => {
        const box = document.querySelector('#q-inicio');
        const style = getComputedStyle(box);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = style.font;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [ctx.measureText(box.placeholder).width, room, box.placeholder];
    }""")
    width, room, text = fits
    assert text and width <= room, fits
    shoot(page, f"r4-placeholder-{lang}")


# -- 4. the complaint form: every error at once, and kept across the language switch ----------------------------


def _send_with_three_errors(page):
    page.goto(page.base + "/denuncia")
    page.check("#oc-outro")
    page.fill("#placa", "AB12")
    page.fill("#data_ocorrencia", "32/13/2026")
    with page.expect_navigation():
        page.click(".actions button[type=submit]:not([name])")


def _error_links(page) -> list[str]:
    return page.locator(".error-summary a").evaluate_all("els => els.map(e => e.getAttribute('href'))")


def test_an_invalid_plate_does_not_hide_the_missing_place(page):
    _send_with_three_errors(page)
    links = _error_links(page)
    assert {"#placa", "#jurisdicao", "#data_ocorrencia"} <= set(links), links
    assert "Diga onde aconteceu" in page.locator(".error-summary").inner_text()
    assert page.get_attribute("#jurisdicao", "aria-invalid") == "true"
    shoot(page, "r4-denuncia-erros")


@pytest.mark.parametrize("lang, summary_word", [("en", "Say where it happened"), ("es", "Diga dónde ocurrió")])
def test_the_language_switch_keeps_the_errors(page, lang, summary_word):
    _send_with_three_errors(page)
    before = _error_links(page)
    with page.expect_navigation():
        page.click(f"#idioma button[lang={lang}]")
    summary = page.locator(".error-summary")
    assert summary.is_visible() and summary_word in summary.inner_text()
    assert _error_links(page) == before
    assert page.input_value("#placa") == "AB12" and page.input_value("#data_ocorrencia") == "32/13/2026" and page.is_checked("#oc-outro")
    assert page.get_attribute("#placa", "aria-invalid") == "true"
    # a form switched before any error shows none
    page.goto(page.base + "/denuncia")
    with page.expect_navigation():
        page.click(f"#idioma button[lang={lang}]")
    assert page.locator(".error-summary").count() == 0
    shoot(page, f"r4-denuncia-erros-{lang}")


# -- 3. the seized-vehicle guide: a blank date is today; a deadline on a Saturday is said ------------------------


def _answer(page, question_id: str, value: str) -> None:
    field = page.locator(f"[name={question_id}]").first
    if field.get_attribute("type") in ("radio", "checkbox"):
        page.check(f"#{question_id}-{value}")
    else:
        page.fill(f"#{question_id}", value)
    submit(page, ".wizard-form button[type=submit]")
    assert page.locator(".error-summary").count() == 0, page.locator(".error-summary").inner_text()


def test_the_seized_vehicle_guide_takes_a_blank_date_as_today_and_flags_a_saturday(page):
    page.goto(page.base + "/assistentes/veiculo_apreendido")
    for qid, value in [("jurisdicao", "pe"), ("medida", "apreensao"), ("data_medida", ""), ("data_notificacao", ""), ("tinha_autorizacao", "sim")]:
        _answer(page, qid, value)  # the blank date is not refused
    submit(page, "a.button >> text=Ver o resultado")
    assert page.locator(".outcome").count() == 1
    page.goto(page.base + "/assistentes/veiculo_apreendido")
    for qid, value in [("jurisdicao", "pe"), ("medida", "apreensao"), ("data_medida", "10/11/2026"), ("data_notificacao", "20/11/2026"),
                       ("tinha_autorizacao", "sim")]:
        _answer(page, qid, value)
    submit(page, "a.button >> text=Ver o resultado")
    text = page.locator(".outcome").inner_text()
    assert "O prazo final, 05/12/2026, cai num fim de semana" in text and "A lei não diz se um prazo" in text and "até 04/12/2026" in text
    shoot(page, "r4-apreendido-sabado")
