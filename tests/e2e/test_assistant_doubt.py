"""The chat in a real browser (360 px, JavaScript on and off): a question the law does not answer gets no
number and no article as the answer, only the nearest passage to read; a question it answers gets the value
with its citation."""

from __future__ import annotations

import pytest

from knowledge.assistant.confidence import warm

from .conftest import shoot, submit


@pytest.fixture(autouse=True, scope="module")
def warm_confidence():
    warm()  # as gunicorn's workers do before taking traffic (portal/warmup.py)


def ask(page, message: str) -> str:
    page.goto(page.base + "/assistente")
    page.fill("#mensagem", message)
    submit(page, "form.chat-form button[type=submit]")
    return page.inner_text("main")


def test_a_question_the_law_does_not_answer_states_no_number(page):
    # SP Decreto 29.912: no amount of insurance anywhere in it; art. 37, I ("50% … do MVR") is a fine.
    text = ask(page, "qual o valor do seguro obrigatório do fretamento em são paulo?")
    assert "não encontrei um dispositivo que responda a isso com segurança" in text
    assert "50%" not in text
    nearest = page.locator("a", has_text="Trecho mais próximo")
    assert nearest.count() == 1 and nearest.first.get_attribute("href").startswith("/leis/sp-decreto-29912-1989/")
    assert page.locator("a", has_text="Fazer uma denúncia").count() >= 1
    shoot(page, "assistente-sem-certeza")


def test_a_question_the_law_answers_states_the_value_and_its_citation(page):
    # PE Anexo I, IV, f) "realizar vendas e emissões de passagens individuais"; art. 28, IV: R$ 2.900,00.
    text = ask(page, "qual a multa por vender passagem individual em pernambuco")
    assert "R$ 2.900,00" in text and "Anexo I, inciso IV, alínea f" in text
    shoot(page, "assistente-com-certeza")
