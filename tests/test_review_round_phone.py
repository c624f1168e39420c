"""The phone review of #31 (round 4): each finding, fixed, with its test (page behaviour in tests/e2e)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from knowledge import clock
from tests.pages import visible_text as _text

STORY = "O motorista vendia passagem individual na rodoviária e viajou com a porta aberta."


@pytest.fixture()
def app(demo_app):
    return demo_app



# -- 1. the complaint suggestion: warm at boot, and never a 500 when slow ------------------------------------


def test_the_warm_up_runs_the_suggestion_so_the_first_one_loads_nothing(app):
    """After warm_up, the first suggestion of the worker (today, and a day the account tells) fits no
    TF-IDF space and builds no block of rows: what the cold path cost (~3 s, past 30 s loaded) is done."""
    from knowledge.reader import stories
    from portal.warmup import warm_up

    warm_up(app)
    client = app.test_client()
    for day in (clock.today("pe"), clock.today("pe") - timedelta(days=1)):
        fitted, blocks = stories._space.cache_info().misses, stories.block.cache_info().misses
        response = client.post("/denuncia/sugestao", data={"jurisdicao": "pe", "relato": STORY, "data_ocorrencia": day.isoformat()},
                               headers={"HX-Request": "true"})
        assert response.status_code == 200 and 'class="suggestion"' in response.get_data(as_text=True)
        assert stories._space.cache_info().misses == fitted
        assert stories.block.cache_info().misses == blocks


def test_the_warm_up_writes_no_complaint(app):
    from portal.warmup import warm_up

    warm_up(app)
    with app.app_context():
        from portal.database import get_store

        assert get_store().execute("SELECT COUNT(*) FROM complaints").fetchone()[0] == 0


def test_a_late_suggestion_answers_the_page_without_it_and_says_so(app, monkeypatch):
    """Past SUGGESTION_SECONDS on the clock, the suggestion is stopped: 200, the form (or the htmx
    partial) says it did not come in time, and the complaint can still be sent."""
    from portal import complaints_service

    def slow(*args, **kwargs):
        time.sleep(3)
        raise AssertionError("not stopped")

    monkeypatch.setattr(complaints_service, "suggest", slow)
    app.config["SUGGESTION_SECONDS"] = 0.2
    client = app.test_client()
    form = {"jurisdicao": "pe", "relato": STORY, "data_ocorrencia": clock.today("pe").isoformat()}
    began = time.perf_counter()
    partial = client.post("/denuncia/sugestao", data=form, headers={"HX-Request": "true"})
    assert time.perf_counter() - began < 2
    assert partial.status_code == 200 and "demorou demais" in _text(partial.get_data(as_text=True))
    page = client.post("/denuncia", data={**form, "acao": "ler"})
    assert page.status_code == 200 and "demorou demais" in _text(page.get_data(as_text=True))
    sent = client.post("/denuncia", data={**form, "ocorrencias": "outro", "consentimento": "sim"})
    assert sent.status_code == 303  # stored without a row: the regulator classifies


def test_the_wall_deadline_stops_a_block_and_leaves_no_timer():
    import signal

    from portal.work_budget import TooCostly, wall_deadline

    with pytest.raises(TooCostly):
        with wall_deadline(0.05):
            time.sleep(1)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with wall_deadline(1):
        pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


# -- 2. an overdue inspection in Pernambuco: the plate check and the fleet check say the same -------------


SILENT = "não diz o que acontece com o veículo de vistoria vencida, nem que a Autorização para Tráfego perde a validade"


def _units(citations) -> set[str]:
    return {c["unit"] for c in citations}


def test_the_plate_check_of_an_overdue_pe_inspection_says_the_law_is_silent(app):
    """KHB7F12 (demo, Pernambuco): the vistorias "deverão observar" a periodicity (art. 11) to obtain the
    Autorização para Tráfego (art. 9º), and nothing says what follows: "a verificar", not "não embarque"."""
    client = app.test_client()
    answer = client.get("/api/v1/veiculos/KHB7F12").get_json()
    assert answer["situacao"] == "irregular"
    assert answer["veredito"]["tipo"] == "a_verificar"
    assert answer["veredito"]["texto"].startswith("A verificar: a vistoria do veículo está vencida")
    [reason] = answer["motivos"]
    assert reason["codigo"] == "vistoria_vencida" and reason["duvida"] is True
    assert SILENT in reason["mensagem"]
    assert {"art-9", "art-11"} <= _units(reason["citations"])
    page = _text(client.get("/consulta?placa=KHB7F12").get_data(as_text=True))
    assert "Não embarque" not in page and "A verificar: a vistoria do veículo está vencida" in page and SILENT in page
    # Elsewhere an overdue inspection still is what the law makes it (São Paulo: art. 37, III, b).
    assert client.get("/api/v1/veiculos/DSP7A31").get_json()["veredito"]["tipo"] == "nao_embarque"


def test_the_fleet_check_of_an_overdue_pe_inspection_says_the_same():
    from datetime import date

    from knowledge.fleet import check, parse

    on = date(2026, 12, 3)
    vehicles, errors = parse("placa;tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria\n"
                             "KHB7F12;onibus;44;2018;2018;proprio;2024-01-10\n", on)
    assert not errors
    report = check("pe", "eventual", on, vehicles)
    [verdict] = report.veiculos
    assert verdict.situacao == "verificar"
    [overdue] = [m for m in verdict.motivos if m.code == "vistoria_vencida"]
    assert overdue.data["efeito"] == "duvida" and SILENT in overdue.render()
    units = {c.unit for c in overdue.citations}
    assert "art-9" in units and any(u == "art-11" or u.startswith("art-11/") for u in units)


# -- 5. a date before 1900 on the law reader: the law was not in force yet, as for any day before it --------


@pytest.mark.parametrize("path", ["/leis/pe-lei-16205-2017/art-11", "/leis/pe-lei-16205-2017"])
def test_a_very_old_date_gets_the_not_yet_in_force_page(app, path):
    client = app.test_client()
    old, before = client.get(path + "?data=0001-01-01"), client.get(path + "?data=2010-01-01")
    assert old.status_code == before.status_code != 400
    assert "ainda não estava em vigor" in _text(old.get_data(as_text=True))
    assert client.get(path + "?data=01/01/0001").headers["Location"].endswith("?data=0001-01-01")
    assert client.get(path + "?data=31/02/2020").status_code == 400  # a day that does not exist is still refused


# -- 7. the QR page of a plate no register holds: no sticker wording -----------------------------------------


def test_the_qr_page_of_an_unregistered_plate_says_it_is_not_registered_without_sticker_words(app):
    client = app.test_client()
    page = _text(client.get("/v/ZZZ9999").get_data(as_text=True))
    assert "Esta placa não está no cadastro" in page and "ZZZ-9999" in page
    assert "este adesivo" not in page and "ZZZ9J99" not in page and "ZZZ-9J99" not in page and "outro modelo" not in page
    english = _text(client.get("/v/ZZZ9999", headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert "This plate is not in the register" in english
    registered = _text(client.get("/v/KGT2E47").get_data(as_text=True))
    assert "este adesivo não é dele" in registered and "Confira se é a placa deste veículo" in registered


# -- 9. the fleet list's errors name the spreadsheet's row ------------------------------------------------------


def test_fleet_errors_use_the_spreadsheets_row_numbers():
    from datetime import date

    from knowledge.fleet import parse

    header = "placa;tipo;lugares;ano_fabricacao;propriedade\n"
    good = "KGT2E47;onibus;44;2016;proprio\n"
    vehicles, errors = parse(header + good * 3 + "KGT2E48;trem;44;2016;proprio\n", date(2026, 12, 3))
    assert [v.linha for v in vehicles] == [2, 3, 4] and [(e.linha, e.coluna) for e in errors] == [(5, "tipo")]
    # a blank line is a row of the sheet too; without a header the first vehicle is row 1
    vehicles, errors = parse(good + "\n" + "KGT2E48;trem;44;2016;proprio\n", date(2026, 12, 3))
    assert [v.linha for v in vehicles] == [1] and [e.linha for e in errors] == [3]


def test_the_fleet_page_says_the_spreadsheets_row(tmp_path):
    from app import create_app

    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    frota = "placa;tipo;lugares;ano_fabricacao;propriedade\n" + "KGT2E47;onibus;44;2016;proprio\n" * 3 + "KGT2E48;trem;44;2016;proprio\n"
    page = _text(app.test_client().post("/frota", data={"lugar": "pe", "modalidade": "eventual", "frota": frota}).get_data(as_text=True))
    assert "Linha 5, coluna tipo" in page and "Linha 4, coluna" not in page


# -- 3. the seized-vehicle guide: a deadline ending on a non-working day; a blank date is today ----------------


def _seized(place, notified, measured="2026-11-10"):
    from datetime import date

    from knowledge.flows.veiculo_apreendido import decide

    return decide({"jurisdicao": place, "medida": "apreensao", "data_medida": date.fromisoformat(measured),
                   "data_notificacao": date.fromisoformat(notified), "tinha_autorizacao": True}, date(2026, 12, 3))


@pytest.mark.parametrize("place", ["pe", "sp"])
def test_a_defence_due_on_a_saturday_says_the_law_is_silent_and_suggests_acting_before(place):
    from datetime import date

    prazos = _seized(place, "2026-11-20").fields["prazos"]
    [defesa] = [s for s in prazos if s.code == "defesa"]
    assert defesa.due == date(2026, 12, 5) and defesa.due.weekday() == 5  # a Saturday
    note = prazos[prazos.index(defesa) + 1]
    assert note.code == "prazo_dia_sem_expediente" and note.citations == defesa.citations  # the deadline's own unit
    text = note.render()
    assert "05/12/2026" in text and "cai num fim de semana" in text and "A lei não diz se um prazo" in text
    assert "até 04/12/2026" in text  # Friday, the last working day before


def test_a_defence_due_on_a_working_day_has_no_such_note():
    prazos = _seized("pe", "2026-11-19").fields["prazos"]  # due Friday 04/12/2026
    assert not [s for s in prazos if s.code == "prazo_dia_sem_expediente"]


def test_a_defence_due_on_a_holiday_names_it():
    prazos = _seized("pe", "2026-12-10", measured="2026-12-01").fields["prazos"]  # 15 days after: 25/12/2026
    [note] = [s for s in prazos if s.code == "prazo_dia_sem_expediente"]
    assert "25/12/2026" in note.render() and "feriado" in note.render() and "até 24/12/2026" in note.render()


def test_a_blank_date_of_the_measure_is_today(app):
    from datetime import datetime, timezone

    with clock.fixed(datetime(2026, 12, 3, 15, tzinfo=timezone.utc)):
        page = _text(app.test_client().get("/assistentes/veiculo_apreendido?jurisdicao=pe&medida=apreensao&data_medida="
                                           "&data_notificacao=&tinha_autorizacao=sim&ver=resultado").get_data(as_text=True))
    assert "Responda esta pergunta" not in page and "Em que data? 3 de dez. de 2026" in page
