"""On the chat page, a danger that may be happening now shows the emergency number before the law's words, not after
them as the last of the actions (phone review, 19th session: a drunk driver told in São Paulo)."""

from __future__ import annotations

import pytest


@pytest.fixture()
def app(demo_app):
    return demo_app


def test_the_emergency_number_comes_before_the_answer(client):
    page = client.post("/assistente", data={"mensagem": "o motorista tava bêbado no ônibus em são paulo"}, follow_redirects=True).get_data(as_text=True)
    reply = page[page.index('id="ultima"'):]
    assert 'href="tel:190"' in reply
    assert reply.index('href="tel:190"') < reply.index('class="text"')
    assert reply.count('href="tel:190"') == 1  # not again among the actions


def test_no_emergency_line_for_a_law_question(client):
    page = client.post("/assistente", data={"mensagem": "quanto tempo vale o CRC em pernambuco?"}, follow_redirects=True).get_data(as_text=True)
    assert 'href="tel:190"' not in page[page.index('id="ultima"'):]
