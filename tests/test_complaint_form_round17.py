"""The complaint form after a phone review (round 17): the date the story tells, the plate's place,
every error at once, and the way back to the suggestion without JavaScript."""

from __future__ import annotations

import re

import pytest

from knowledge import clock
from tests.pages import visible_text as _text

PE = "pe-lei-16205-2017"
STORY_2019 = "Em maio de 2019 o motorista deixou a porta aberta com o ônibus andando."


@pytest.fixture()
def app(demo_app):
    return demo_app



def _field(page: str) -> str:
    return re.search(r'id="data_ocorrencia"[^>]*?value="([^"]*)"', page.replace("\n", " ")).group(1)


def _read(client, **form):
    return client.post("/denuncia", data={"acao": "ler", **form}).get_data(as_text=True)


def test_an_exact_day_told_fills_the_field_and_says_so(app):
    page = _read(app.test_client(), jurisdicao="pe", data_ocorrencia=clock.today("pe").strftime("%d/%m/%Y"),
                 relato="No dia 3 de maio de 2019 o motorista deixou a porta aberta com o ônibus andando.")
    assert _field(page) == "03/05/2019"
    assert "Li no seu relato: 03/05/2019." in _text(page) and 'name="linha_data" value="2019-05-03"' in page


def test_a_field_and_a_story_that_disagree_are_both_said_and_the_person_chooses(app):
    client = app.test_client()
    form = {"jurisdicao": "pe", "data_ocorrencia": "05/03/2021", "relato": STORY_2019}
    page = _read(client, **form)
    text = _text(page)
    assert "O campo Data diz 05/03/2021, mas li no seu relato: maio de 2019." in text
    assert 'value="usar-relato"' in page and 'value="manter-data"' in page
    assert _field(page) == "05/03/2021" and 'name="linha_data" value="2021-03-05"' in page  # the rows of the date in the field
    used = client.post("/denuncia", data={**form, "acao": "usar-relato"}).get_data(as_text=True)
    assert _field(used) == "" and "Li no seu relato: maio de 2019." in _text(used) and 'name="linha_data" value="2019-05-01"' in used
    kept = client.post("/denuncia", data={**form, "acao": "manter-data"}).get_data(as_text=True)
    assert _field(kept) == "05/03/2021" and "li no seu relato" not in _text(kept).lower()
    assert 'name="data_confirmada" value="2021-03-05"' in kept  # not asked again on the next reading
    again = _read(client, **form, data_confirmada="2021-03-05")
    assert "li no seu relato" not in _text(again).lower()


def test_today_typed_after_the_story_was_read_is_the_persons_own_day(app):
    """The form puts today in the field (data_padrao); once the account was read, today typed again is
    not the default any more: both dates are said, and the person may keep it."""
    client = app.test_client()
    today = clock.today("pe")
    first = client.get("/denuncia?jurisdicao=pe").get_data(as_text=True)
    assert f'name="data_padrao" value="{today.isoformat()}"' in first
    page = _read(client, jurisdicao="pe", data_ocorrencia=today.strftime("%d/%m/%Y"), relato=STORY_2019, data_padrao="")
    assert _field(page) == today.strftime("%d/%m/%Y") and 'value="manter-data"' in page


def test_sending_without_reading_never_keeps_today_silently(app):
    client = app.test_client()
    sent = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": clock.today("pe").strftime("%d/%m/%Y"), "relato": STORY_2019,
                                          "ocorrencias": "porta_aberta", "chave": "x"})
    assert sent.status_code == 400
    text = _text(sent.get_data(as_text=True))
    assert "Seu relato diz quando foi (maio de 2019), e o campo Data diz outra coisa" in text
    assert 'value="manter-data"' in sent.get_data(as_text=True)  # the way to keep the field's day


def test_the_htmx_suggestion_moves_the_date_field_out_of_band(app):
    client = app.test_client()
    response = client.post("/denuncia/sugestao", headers={"HX-Request": "true", "HX-Target": "sugestao"},
                           data={"jurisdicao": "pe", "data_ocorrencia": clock.today("pe").strftime("%d/%m/%Y"), "relato": STORY_2019})
    page = response.get_data(as_text=True)
    oob = page.index('id="data-campo" hx-swap-oob="true"')
    assert oob < page.index('id="sugestao"')  # beside the swapped element, not inside it
    assert _field(page) == "" and 'name="linha_data" value="2019-05-01"' in page
    # A date typed in the field asks the suggestion again (the rows follow the field).
    form = client.get("/denuncia?jurisdicao=pe").get_data(as_text=True)
    assert re.search(r'id="data_ocorrencia"[^>]*hx-post="/denuncia/sugestao"', form.replace("\n", " "))


def test_the_plates_place_is_used_when_the_place_is_left_to_the_plate(app):
    """KGT2E47 is a Pernambuco vehicle of the demo registry."""
    page = _read(app.test_client(), placa="KGT2E47", data_ocorrencia="20/11/2026", relato="o motorista deixou a porta aberta com o ônibus andando")
    text = _text(page)
    assert "escolha onde aconteceu" not in text
    assert "Lugar pela placa, que está no cadastro: Pernambuco." in text
    assert f'value="{PE} anexo-i/inc-4/ali-c" checked' in page


def test_every_error_is_said_at_once_each_linking_to_its_field(app):
    client = app.test_client()
    sent = client.post("/denuncia", data={"jurisdicao": "pe", "placa": "XX1", "data_ocorrencia": "2999-01-01", "ocorrencias": "porta_aberta",
                                          "contato_email": "sem-arroba", "chave": "y"})
    assert sent.status_code == 400
    page = sent.get_data(as_text=True)
    summary = page[page.index('class="error-summary"'):page.index("</div>", page.index('class="error-summary"'))]
    links = re.findall(r'<a href="#([^"]+)">', summary)
    assert links == ["placa", "data_ocorrencia", "contato_email"]
    assert "3 campos precisam de correção" in _text(summary)
    for target in links:  # each link reaches its field, which says its error again
        assert f'id="{target}"' in page and f'id="{target}-erro"' in page
    assert re.search(r'id="placa"[^>]*aria-invalid="true"', page) and re.search(r'id="contato_email"[^>]*aria-invalid="true"', page)


def test_one_date_example_everywhere(app):
    client = app.test_client()
    sent = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "ontem à noite", "ocorrencias": "porta_aberta", "chave": "z"})
    text = _text(sent.get_data(as_text=True))
    assert "Informe a data como DD/MM/AAAA (por exemplo, 01/05/2019)." in text
    assert "Escreva o dia como DD/MM/AAAA (por exemplo, 01/05/2019)." in text and "05/03/2021" not in text


def test_reading_the_story_without_javascript_lands_on_the_suggestion(app):
    """The page after "Ler meu relato" gives the suggestion the focus (autofocus: no script), so the browser
    scrolls to it; the form itself opens at the top."""
    client = app.test_client()
    assert "autofocus" not in client.get("/denuncia").get_data(as_text=True)
    page = _read(client, jurisdicao="pe", data_ocorrencia="20/11/2026", relato="o motorista deixou a porta aberta com o ônibus andando")
    assert re.search(r'<span id="sugestao-titulo" tabindex="-1" autofocus>', page)  # the top of the suggestion
    assert page.count("autofocus") == 1
    told = _read(client, jurisdicao="pe", data_ocorrencia="20/11/2026", relato=STORY_2019)
    assert re.search(r'id="data-relato" tabindex="-1" autofocus>', told) and told.count("autofocus") == 1  # what was read of the date first


def test_a_row_ticked_in_one_wording_is_unticked_when_the_date_moves_to_another(app):
    """I b ticked as the open door (2019 wording); the date typed is of today's wording, where I b is the
    missing CRLV: the box is not kept ticked under other words — htmx and "Ler meu relato" alike."""
    client = app.test_client()
    form = {"jurisdicao": "pe", "data_ocorrencia": "20/11/2026", "relato": STORY_2019, "data_confirmada": "2026-11-20",
            "linha": f"{PE} anexo-i/inc-1/ali-b", "linha_data": "2019-05-01"}
    for page in (client.post("/denuncia/sugestao", data=form, headers={"HX-Request": "true"}).get_data(as_text=True), _read(client, **form)):
        assert f'value="{PE} anexo-i/inc-1/ali-b" checked' not in page
        assert f'value="{PE} anexo-i/inc-4/ali-c" checked' in page  # the open door in today's wording, suggested again
        assert "desmarcamos essa linha" in _text(page) and 'name="linha_data" value="2026-11-20"' in page
    # Back to a day of the 2019 wording: the box ticked there stays ticked.
    same = _read(client, **{**form, "data_ocorrencia": "15/05/2019", "data_confirmada": "2019-05-15"})
    assert f'value="{PE} anexo-i/inc-1/ali-b" checked' in same and "desmarcamos" not in _text(same)
