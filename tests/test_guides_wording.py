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
