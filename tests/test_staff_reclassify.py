"""Issue #27, point 3: staff see the reader's suggestion with its confidence and reclassify, audited.

The staff complaint page shows the row the complaint is under and who chose it (the citizen confirming
the reader's suggestion, the citizen picking another row, a quick category, or staff), what the one
reader of facts makes of the stored story on the date of the facts (its confidence in the locale's
format, or why it does not classify), and a form to put the complaint under another row of its place's
table — found by the same reader used as a search — or "sem enquadramento", with a reason.  The
decision is stored (both engines), audited without the complainant's personal data, and the public
status page and the API then show staff's row, its fine on that date and its citations.
"""

from __future__ import annotations

import html
import logging
import re
from datetime import date

import pytest
from babel.numbers import format_percent

from app import create_app
from knowledge.citations import Cite
from knowledge.infractions import catalogue, rows_on
from knowledge.infractions import row as infraction_row
from knowledge.places import PLACES
from knowledge.reader.report import classify_report
from knowledge.reader.stories import fitted
from portal.database import close_store, open_store
from portal.reclassification import OMITTED, without_personal_data
from portal.storage import classifications
from portal.storage import staff as staff_store
from tests.test_openapi import validate as validate_api
from tests.pages import visible_text as _text

PE = PLACES["pe"].law_id
ON = date(2026, 11, 20)  # the date of the facts of every complaint here (after Lei 17.107/2020)
STANDING = f"{PE} anexo-i/inc-3/ali-e"  # "transportar passageiro em pé ou acima da capacidade do veículo"
EQUIPMENT = f"{PE} anexo-i/inc-2/ali-c"  # "… sem os equipamentos obrigatórios exigidos pelo Código de Trânsito Brasileiro …"
STANDING_STORY = "tinha 10 pessoas em pé no fretado"
CONTACT = {"nome": "Josefa Quitéria Bezerra", "email": "josefa.bezerra@example.org", "telefone": "(81) 98765-4321"}
PASSWORD = "senha-muito-segura-2026"


@pytest.fixture()
def app(tmp_path, index_dir, store_config):
    """The portal with the demo registry; complaints and staff on SQLite, then on PostgreSQL."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False, **store_config})
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    return app


@pytest.fixture()
def sqlite_app(tmp_path, index_dir):
    return create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})


def _staff(app, name: str = "equipe"):
    store = open_store(app)
    staff_store.create_user(store, name, PASSWORD)
    close_store(store)
    client = app.test_client()
    assert client.post("/admin/entrar", data={"usuario": name, "senha": PASSWORD}).status_code == 303
    return client


def _complaint(app, **fields) -> tuple[int, str]:
    """A complaint sent through the API; (its internal number, its protocol)."""
    body = {"jurisdicao": "pe", "data_ocorrencia": ON.isoformat(), **fields}
    response = app.test_client().post("/api/v1/denuncias", json=body)
    assert response.status_code == 201, response.get_json()
    protocolo = response.get_json()["protocolo"]
    store = open_store(app)
    complaint_id = store.execute("SELECT id FROM complaints WHERE protocolo = ?", [protocolo]).fetchone()[0]
    close_store(store)
    return complaint_id, protocolo



def _section(response) -> str:
    """The classification section of the staff page, as text."""
    page = response.get_data(as_text=True)
    start = page.index('id="enquadramento"')
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page[start:page.index("</section>", start)])))


def _reader(story: str, place: str = "pe"):
    return classify_report(story, place, ON, given=ON).wordings[-1].reading


def _label(key: str) -> str:
    law, _sep, unit = key.partition(" ")
    return Cite(law, unit, ON).label


def _radios(response) -> list[str]:
    return re.findall(r'<input type="radio" id="linha-[^"]+" name="linha" value="([^"]+)"', response.get_data(as_text=True))


def _money(app, value) -> str:
    with app.test_request_context("/"):
        return re.sub(r"\s+", " ", str(app.jinja_env.filters["money"](value)))  # as _text writes spaces


def _saved(app) -> int:
    store = open_store(app)
    count = store.execute("SELECT COUNT(*) FROM complaint_classifications").fetchone()[0]
    close_store(store)
    return count


def _audit(app) -> list[dict]:
    store = open_store(app)
    entries = staff_store.audit_entries(store)
    close_store(store)
    return entries


# -- what the staff page shows -------------------------------------------------------------------------


def test_the_citizen_confirming_the_suggestion_is_shown_with_the_readers_confidence(sqlite_app):
    complaint_id, _p = _complaint(sqlite_app, relato=STANDING_STORY, linha=STANDING)
    reading = _reader(STANDING_STORY)
    assert reading.classified and reading.row.key == STANDING  # the reader suggests this row for the story
    staff = _staff(sqlite_app)
    page = staff.get(f"/admin/denuncias/{complaint_id}")
    section = _section(page)
    row = infraction_row("pe", "anexo-i/inc-3/ali-e", ON)
    assert f"Classificada hoje como {_label(STANDING)} : Transportar passageiro em pé ou acima da capacidade do veículo." in section
    assert "Escolhida por: o denunciante, confirmando a sugestão do leitor" in section
    # Its fine on the date of the facts (art. 28, III: grave), from the parameters, with the citations linked to the law reader.
    assert f"Multa na data dos fatos: {_money(sqlite_app, row.fine(ON)['valor'])}" in section
    assert 'href="/leis/pe-lei-16205-2017/anexo-i/inc-3/ali-e"' in page.get_data(as_text=True)
    assert 'href="/leis/pe-lei-16205-2017/art-28/inc-3"' in page.get_data(as_text=True)
    # The reader's own confidence, as the locale writes a percentage.
    assert f"Confiança do leitor: {format_percent(reading.confidence, '#,##0.0%', locale='pt_BR')}" in section
    english = _section(staff.get(f"/admin/denuncias/{complaint_id}?lang=en"))
    assert format_percent(reading.confidence, "#,##0.0%", locale="en") in english and "Reader's confidence" in english


def test_the_citizen_picking_another_row_and_a_quick_category_are_told_apart(sqlite_app):
    picked_id, _p = _complaint(sqlite_app, relato=STANDING_STORY, linha=EQUIPMENT)
    quick_id, _p = _complaint(sqlite_app, jurisdicao="recife", ocorrencias=["porta_aberta"])
    staff = _staff(sqlite_app)
    picked = _section(staff.get(f"/admin/denuncias/{picked_id}"))
    assert f"Classificada hoje como {_label(EQUIPMENT)}" in picked
    assert "Escolhida por: o denunciante, escolhendo outra linha que não a sugerida pelo leitor" in picked
    assert f"Sugestão: {_label(STANDING)}" in picked  # the reader's suggestion stays visible beside the citizen's choice
    quick = _section(staff.get(f"/admin/denuncias/{quick_id}"))
    # Recife, Anexo Único, Grupo 2, n: "movimentar o veículo com as portas abertas".
    door = f"{PLACES['recife'].law_id} anexo-unico/grupo-2/ali-n"
    assert f"Classificada hoje como {_label(door)}" in quick
    assert "Escolhida por: a categoria rápida marcada pelo denunciante (Veículo andando com a porta aberta)" in quick
    assert "Sem relato" in quick  # nothing for the reader to read


def test_a_story_below_the_threshold_shows_the_readers_reason(sqlite_app):
    story = "o motorista tava fumando"
    reading = _reader(story)
    assert not reading.classified  # below the threshold the reader does not classify
    complaint_id, _p = _complaint(sqlite_app, relato=story)
    section = _section(_staff(sqlite_app).get(f"/admin/denuncias/{complaint_id}"))
    assert "O leitor não classifica este relato." in section
    confidence = format_percent(reading.confidence, "#,##0.0%", locale="pt_BR")
    threshold = format_percent(fitted()["threshold"], "#,##0.0%", locale="pt_BR")
    assert f"A confiança do leitor na linha mais próxima ({confidence}) ficou abaixo do limiar de {threshold}" in section
    assert "Ainda sem linha da tabela" in section
    assert _label(reading.matches[0].row.key) in section.split("Linhas mais próximas")[1]


def test_facts_before_the_law_applied_have_no_row_and_say_why(sqlite_app):
    # Lei 16.205/2017, art. 48 in its first wording: "Esta Lei entra em vigor no prazo de 90 (noventa) dias de sua publicação"
    # (22/02/2018, knowledge/places.py): a year before, no row of Anexo I applies.
    before = PLACES["pe"].in_force.replace(year=PLACES["pe"].in_force.year - 1)
    complaint_id, protocolo = _complaint(sqlite_app, relato=STANDING_STORY, data_ocorrencia=before.isoformat())
    staff = _staff(sqlite_app)
    page = staff.get(f"/admin/denuncias/{complaint_id}")
    assert "a lei deste lugar ainda não estava em vigor" in _section(page)
    assert 'href="/leis/pe-lei-16205-2017/art-48' in page.get_data(as_text=True)
    assert _radios(staff.get(f"/admin/denuncias/{complaint_id}", query_string={"todas": "1"})) == [classifications.NO_ROW]
    refused = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": STANDING, "motivo": "em pé"})
    assert refused.status_code == 400 and "não estava na tabela na data dos fatos" in _text(refused)
    assert staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": classifications.NO_ROW, "motivo": "antes da lei"}).status_code == 303
    public = sqlite_app.test_client().get(f"/denuncia/{protocolo}").get_data(as_text=True)
    assert "a tabela de infrações da lei não classifica" in public and 'href="/leis/pe-lei-16205-2017/art-48' in public


def test_the_row_search_is_the_readers_and_every_row_of_the_day_can_be_listed(sqlite_app):
    complaint_id, _p = _complaint(sqlite_app, relato="o motorista foi grosso")
    staff = _staff(sqlite_app)
    found = _radios(staff.get(f"/admin/denuncias/{complaint_id}", query_string={"busca": "cinto de segurança quebrado"}))
    assert found[0] == EQUIPMENT and found[-1] == classifications.NO_ROW
    assert all(key.startswith(PE) for key in found[:-1])
    every = _radios(staff.get(f"/admin/denuncias/{complaint_id}", query_string={"todas": "1"}))
    assert every[:-1] == [r.key for r in rows_on("pe", ON)]
    nothing = staff.get(f"/admin/denuncias/{complaint_id}", query_string={"busca": "xyzzy"})
    assert _radios(nothing) == [classifications.NO_ROW] and "0 linhas encontradas" in _text(nothing)


# -- reclassifying ---------------------------------------------------------------------------------------


def test_reclassify_saves_audits_and_the_status_page_shows_staffs_row(app):
    complaint_id, protocolo = _complaint(app, relato=STANDING_STORY, linha=STANDING)
    staff = _staff(app)
    saved = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": EQUIPMENT, "motivo": "Os cintos estavam quebrados, diz a foto."})
    assert saved.status_code == 303 and saved.headers["Location"] == f"/admin/denuncias/{complaint_id}?salvo=enquadramento"
    after = staff.get(saved.headers["Location"])
    assert re.search(r'<div class="success" role="status"[^>]*><p>Enquadramento salvo e registrado na auditoria', after.get_data(as_text=True))
    section = _section(after)
    assert f"Classificada hoje como {_label(EQUIPMENT)}" in section and "Escolhida por: a equipe (equipe," in section
    assert f"{_label(STANDING)} → {_label(EQUIPMENT)}. Motivo: Os cintos estavam quebrados, diz a foto." in section

    entry = next(e for e in _audit(app) if e["acao"] == "reclassificou")
    assert entry["usuario"] == "equipe" and entry["alvo"] == str(complaint_id) and entry["em"]
    assert entry["detalhes"] == f"{_label(STANDING)} → {_label(EQUIPMENT)}; motivo: Os cintos estavam quebrados, diz a foto."
    assert "Reclassificou a denúncia" in _text(staff.get("/admin/auditoria"))

    row = infraction_row("pe", "anexo-i/inc-2/ali-c", ON)
    public = app.test_client().get(f"/denuncia/{protocolo}")
    told = _text(public).split("O que a lei diz sobre o que você relatou")[1]
    assert "Enquadramento dado pela equipe" in told and row.text[1:40] in told
    assert f"Multa: {_money(app, row.fine(ON)['valor'])}" in told
    assert 'href="/leis/pe-lei-16205-2017/anexo-i/inc-2/ali-c"' in public.get_data(as_text=True)
    assert "anexo-i/inc-3/ali-e" not in public.get_data(as_text=True)  # the citizen's row is replaced, not added to
    api = app.test_client().get(f"/api/v1/denuncias/{protocolo}").get_json()
    assert [e["citations"][0]["unit"] for e in api["enquadramento"]] == ["anexo-i/inc-2/ali-c"]
    assert api["enquadramento"][0]["multa"]["valor"] == row.fine(ON)["valor"]
    assert "motivo" not in str(api) and "equipe (" not in str(api)  # who decided and why stay with staff
    validate_api(api, "ComplaintStatus")  # as the OpenAPI description says

    store = open_store(app)
    history = classifications.history(store, complaint_id)
    close_store(store)
    assert [(d.staff, d.de_linha, d.para_linha) for d in history] == [("equipe", STANDING, EQUIPMENT)]


def test_sem_enquadramento_is_said_with_the_table_it_is_said_of(sqlite_app):
    complaint_id, protocolo = _complaint(sqlite_app, relato=STANDING_STORY, linha=STANDING)
    staff = _staff(sqlite_app)
    response = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": classifications.NO_ROW, "motivo": "Eram sentados no chão, não em pé."})
    assert response.status_code == 303
    assert "Classificada hoje como Sem enquadramento" in _section(staff.get(response.headers["Location"]))
    public = sqlite_app.test_client().get(f"/denuncia/{protocolo}")
    told = _text(public).split("O que a lei diz sobre o que você relatou")[1].split("Quem recebe a denúncia")[0]
    assert "a tabela de infrações da lei não classifica o que foi relatado" in told and "Multa:" not in told
    assert 'href="/leis/pe-lei-16205-2017/anexo-i"' in public.get_data(as_text=True)  # Anexo I, the table
    entry = next(e for e in _audit(sqlite_app) if e["acao"] == "reclassificou")
    assert entry["detalhes"].startswith(f"{_label(STANDING)} → sem enquadramento; motivo: ")
    api = sqlite_app.test_client().get(f"/api/v1/denuncias/{protocolo}").get_json()
    assert api["enquadramento"][0]["ocorrencia"] is None and api["enquadramento"][0]["multa"] is None
    validate_api(api, "ComplaintStatus")


def test_no_personal_data_of_the_complainant_in_the_audit_or_the_log(sqlite_app, caplog):
    complaint_id, protocolo = _complaint(sqlite_app, relato=STANDING_STORY, contato=CONTACT, consentimento=True)
    staff = _staff(sqlite_app)
    reason = (f"Liguei para Josefa Bezerra no {CONTACT['telefone']} e escrevi para {CONTACT['email']}; "
              "CPF 123.456.789-09; ela confirma os cintos quebrados em 20/11/2026 no KGT2E47.")
    with caplog.at_level(logging.DEBUG):
        assert staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": EQUIPMENT, "motivo": reason}).status_code == 303
    entry = next(e for e in _audit(sqlite_app) if e["acao"] == "reclassificou")
    store = open_store(sqlite_app)
    stored = classifications.latest(store, complaint_id).motivo
    close_store(store)
    for text in (entry["detalhes"], stored, _text(staff.get("/admin/auditoria"))):
        for personal in ("Josefa", "Bezerra", "98765-4321", CONTACT["email"], "123.456.789-09"):
            assert personal not in text
        assert "cintos quebrados em 20/11/2026 no KGT2E47" in text  # what is not personal stays
    assert stored.count(OMITTED) == 4  # the name (one mark for its two words), the phone, the e-mail, the CPF
    for personal in [*CONTACT.values(), "Josefa", protocolo, "cintos quebrados", STANDING_STORY]:
        assert personal not in caplog.text
    assert f"complaint #{complaint_id} reclassified by staff (pe)" in caplog.text


def test_personal_data_is_taken_out_of_a_reason():
    contact = {"nome": "Ana de Souza", "email": "ana@exemplo.com.br", "telefone": "81 3333-2222"}
    assert without_personal_data("ana disse que a Souza viu; ana@exemplo.com.br; +55 81 3333-2222", contact) == \
        f"{OMITTED} disse que a {OMITTED} viu; {OMITTED}; {OMITTED}"
    assert without_personal_data("outro@mail.com, 11987654321, 123.456.789-09", None) == f"{OMITTED}, {OMITTED}, {OMITTED}"
    kept = "fatos de 2026-11-20 e 20/11/2026, placa KGT2E47, art. 28, 10 passageiros, de manhã"
    assert without_personal_data(kept, contact) == kept  # dates, plates, numbers of the law and "de" stay


def _old_wording_only_unit() -> str:
    """A unit of Pernambuco's previous Anexo I that today's wording no longer has."""
    today = {r.unit_id for r in rows_on("pe", ON)}
    return next(r.unit_id for r in catalogue("pe") if r.until is not None and r.unit_id not in today)


@pytest.mark.parametrize("form, status, message", [
    ({"linha": f"{PE} anexo-i/inc-9/ali-z", "motivo": "x"}, 400, "não existe na tabela de infrações de Pernambuco"),
    ({"linha": "linha inventada", "motivo": "x"}, 400, "não existe na tabela de infrações de nenhuma das quatro leis"),
    ({"linha": f"{PLACES['sp'].law_id} art-37/inc-5/ali-h", "motivo": "x"}, 400, "é da lei de outro lugar (São Paulo)"),
    ({"linha": "OLD", "motivo": "x"}, 400, "não estava na tabela na data dos fatos (20/11/2026)"),
    ({"linha": EQUIPMENT, "motivo": "   "}, 400, "Escreva o motivo da reclassificação"),
    ({"linha": EQUIPMENT, "motivo": "\x00\u200b\u202e"}, 400, "Escreva o motivo da reclassificação"),  # control and invisible characters only
    ({"linha": EQUIPMENT}, 400, "Escreva o motivo da reclassificação"),
    ({"linha": EQUIPMENT, "motivo": "m" * 301}, 400, "no máximo 300 caracteres"),
    ({"motivo": "sem linha"}, 400, "Escolha a linha da tabela"),
    ({"linha": STANDING, "motivo": "a mesma"}, 400, "já está nesse enquadramento"),
    ({"linha": EQUIPMENT, "motivo": "x", "de_equipe": EQUIPMENT}, 409, "mudou o enquadramento enquanto isso"),
])
def test_bad_input_is_refused_with_a_message_and_nothing_is_saved(sqlite_app, form, status, message):
    complaint_id, _p = _complaint(sqlite_app, relato=STANDING_STORY, linha=STANDING)
    staff = _staff(sqlite_app)
    if form.get("linha") == "OLD":
        form = {**form, "linha": f"{PE} {_old_wording_only_unit()}"}
    response = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data=form)
    assert response.status_code == status
    text = _text(response)
    assert message in text and "Classificada hoje como" in text  # the page again, with the message
    if form.get("motivo", "").strip() and form["motivo"].isprintable() and len(form["motivo"]) <= 300:
        assert f">{form['motivo']}</textarea>" in response.get_data(as_text=True)  # what was typed is kept
    assert "\x00" not in response.get_data(as_text=True)  # nor a control character echoed back
    assert _saved(sqlite_app) == 0 and not [e for e in _audit(sqlite_app) if e["acao"] == "reclassificou"]


def test_a_closed_complaint_a_missing_one_and_a_stranger_are_refused(sqlite_app):
    complaint_id, _p = _complaint(sqlite_app, relato=STANDING_STORY, linha=STANDING)
    staff = _staff(sqlite_app)
    assert staff.post(f"/admin/denuncias/{complaint_id}/situacao", data={"situacao": "arquivada"}).status_code == 303
    page = staff.get(f"/admin/denuncias/{complaint_id}")
    assert "o enquadramento não muda mais" in _section(page) and 'name="motivo"' not in page.get_data(as_text=True)
    closed = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": EQUIPMENT, "motivo": "depois de arquivada"})
    assert closed.status_code == 409 and "já foi encaminhada ao órgão ou arquivada" in _text(closed)
    assert staff.post("/admin/denuncias/9999/enquadramento", data={"linha": EQUIPMENT, "motivo": "x"}).status_code == 404
    assert sqlite_app.test_client().post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": EQUIPMENT, "motivo": "x"}).status_code == 401
    assert _saved(sqlite_app) == 0


def test_the_form_needs_its_csrf_token_like_every_staff_form(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    complaint_id, _p = _complaint(app, relato=STANDING_STORY, linha=STANDING)
    store = open_store(app)
    staff_store.create_user(store, "equipe", PASSWORD)
    close_store(store)
    staff = app.test_client()
    login = staff.get("/admin/entrar").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', login).group(1)
    assert staff.post("/admin/entrar", data={"usuario": "equipe", "senha": PASSWORD, "csrf_token": token}).status_code == 303
    assert staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": EQUIPMENT, "motivo": "sem token"}).status_code == 400
    page = staff.get(f"/admin/denuncias/{complaint_id}").get_data(as_text=True)
    form = page[page.index('class="reclassify"'):]
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    saved = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": EQUIPMENT, "motivo": "com token", "csrf_token": token})
    assert saved.status_code == 303 and _saved(app) == 1


def test_a_second_reclassification_starts_from_staffs_row(app):
    complaint_id, protocolo = _complaint(app, relato=STANDING_STORY)  # no row confirmed: the reader's suggestion only
    staff = _staff(app)
    first = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": STANDING, "motivo": "o relato diz em pé"})
    assert first.status_code == 303
    page = staff.get(f"/admin/denuncias/{complaint_id}").get_data(as_text=True)
    expected = re.search(r'name="de_equipe" value="([^"]*)"', page).group(1)
    assert expected == STANDING
    second = staff.post(f"/admin/denuncias/{complaint_id}/enquadramento", data={"linha": classifications.NO_ROW, "motivo": "revisto", "de_equipe": expected})
    assert second.status_code == 303
    details = [e["detalhes"] for e in _audit(app) if e["acao"] == "reclassificou"]
    assert details == [f"{_label(STANDING)} → sem enquadramento; motivo: revisto",  # newest first
                       f"nenhuma → {_label(STANDING)}; motivo: o relato diz em pé"]
    store = open_store(app)
    assert classifications.latest_row_of_protocol(store, protocolo.lower()) == classifications.NO_ROW
    close_store(store)
