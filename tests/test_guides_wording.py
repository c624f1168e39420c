"""The guides as a reviewer read them (#31): where they are, what they are called, how many
questions are left, what a date in a result is, and a year of manufacture still to come."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from knowledge import clock

DEC_3 = datetime(2026, 12, 3, 15, 0, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def fixed_day():
    with clock.fixed(DEC_3):
        yield


def page(client, url: str) -> str:
    return client.get(url).get_data(as_text=True)


# -- /guias, and the guides' name ------------------------------------------------------------------------------

@pytest.mark.parametrize("path, target", [
    ("/guias", "/assistentes/"),
    ("/guias/", "/assistentes/"),
    ("/guias?lang=en", "/assistentes/?lang=en"),
    ("/guias/carro_turismo", "/assistentes/carro_turismo"),
])
def test_guias_is_a_permanent_redirect_to_the_guides(client, path, target):
    response = client.get(path)
    assert response.status_code == 301
    assert response.headers["Location"].endswith(target)


@pytest.mark.parametrize("lang, name", [("pt_BR", "Guias passo a passo"), ("en", "Step-by-step guides"), ("es", "Guías paso a paso")])
def test_a_guide_page_names_the_guides_as_the_menu_does(client, lang, name):
    html = page(client, f"/assistentes/carro_turismo?lang={lang}")
    breadcrumb = re.search(r'<nav class="breadcrumb".*?</nav>', html, re.S).group(0)
    assert f">{name}</a>" in breadcrumb
    assert name in re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    assert ">Assistentes<" not in html and ">Assistants<" not in html and ">Asistentes<" not in html


# -- the counter -----------------------------------------------------------------------------------------------

def counter(html: str) -> str:
    return " ".join(re.search(r'<p class="step" id="progresso">(.*?)</p>', html, re.S).group(1).split())


@pytest.mark.parametrize("lang, words", [("pt_BR", "Pergunta 2 de até 12"), ("en", "Question 2 of up to 12"), ("es", "Pregunta 2 de hasta 12")])
def test_the_seven_seat_guide_says_the_total_can_still_change(client, lang, words):
    # It said "Pergunta 2 de 12", then "Pergunta 5 de 8" once a date before Lei 17.107/2020 was given:
    # the date decides whether the four questions of that law are asked.
    assert counter(page(client, f"/assistentes/carro_turismo?tipo_veiculo=automovel&lang={lang}")).startswith(words)


def test_the_counter_says_up_to_until_the_date_is_given(client):
    base = "/assistentes/carro_turismo?tipo_veiculo=automovel&lugares=7&ano_fabricacao=2019"
    assert counter(page(client, base)).startswith("Pergunta 4 de até 12")
    before_2020 = counter(page(client, base + "&data_referencia=01/05/2019"))
    assert before_2020 == "Pergunta 5 de 8"  # nothing left to change the total: said plainly
    assert counter(page(client, base + "&data_referencia=")) == "Pergunta 5 de 12"


# -- a deadline in a result ------------------------------------------------------------------------------------

def _dues(html: str) -> list[str]:
    return [" ".join(due.split()) for due, _rest in re.findall(r'<strong class="due">(.*?)</strong>(.*?)</li>', html, re.S)]


def _after_due(html: str) -> list[str]:
    return [" ".join(re.sub(r"<[^>]+>", " ", rest).split()) for _due, rest in re.findall(r'<strong class="due">(.*?)</strong>(.*?)</li>', html, re.S)]


SEIZED_RESULT = "/assistentes/veiculo_apreendido?jurisdicao=pe&medida=apreensao&data_medida={0}&data_notificacao={1}&tinha_autorizacao=nao&ver=resultado"


@pytest.mark.parametrize("lang, label, passed", [
    ("pt_BR", "Prazo final:", "Este prazo já terminou."),
    ("en", "Deadline:", "This deadline has passed."),
    ("es", "Plazo final:", "Este plazo ya venció."),
])
def test_a_defence_deadline_is_labelled_and_said_passed_when_before_today(client, lang, label, passed):
    # PE: the defence counts from the notification (10/11/2026 + the law's days = 25/11/2026, before 03/12/2026).
    old = page(client, SEIZED_RESULT.format("05/11/2026", "10/11/2026") + f"&lang={lang}")
    assert _dues(old) and all(d.startswith(label) for d in _dues(old)), _dues(old)
    assert any(passed in rest for rest in _after_due(old))
    # notified yesterday: the deadline is still to come, nothing said of it having passed
    recent = page(client, SEIZED_RESULT.format("01/12/2026", "02/12/2026") + f"&lang={lang}")
    assert _dues(recent) and all(d.startswith(label) for d in _dues(recent))
    assert passed not in recent


# -- a year of manufacture still to come -----------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [
    ("pt_BR", "O ano de fabricação não pode ser depois de 2026"),
    ("en", "The year of manufacture cannot be after 2026"),
    ("es", "El año de fabricación no puede ser posterior a 2026"),
])
def test_a_year_of_manufacture_after_this_year_is_refused_at_its_question(client, lang, words):
    response = client.get(f"/assistentes/carro_turismo?tipo_veiculo=automovel&lugares=7&ano_fabricacao=2099&_enviado=ano_fabricacao&lang={lang}")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert words in re.search(r'id="ano_fabricacao-erro">(.*?)</p>', html, re.S).group(1)
    assert 'id="ano_fabricacao"' in html and 'id="data_referencia"' not in html  # the same question, asked again


def test_this_year_is_still_a_year_of_manufacture(client):
    response = client.get("/assistentes/carro_turismo?tipo_veiculo=automovel&lugares=7&ano_fabricacao=2026")
    assert response.status_code == 200 and 'id="data_referencia"' in response.get_data(as_text=True)


def test_the_api_refuses_the_year_at_the_question_too(client):
    body = {"answers": {"tipo_veiculo": "automovel", "lugares": 7, "ano_fabricacao": 2099}}
    response = client.post("/api/v1/wizards/carro_turismo", json=body)
    assert response.status_code == 400 and response.get_json()["field"] == "ano_fabricacao"
