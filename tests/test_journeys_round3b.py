"""Issue #31, the remaining points: the complaint form's language switch keeps what was typed,
the open data's spreadsheet variant and sizes, staff pages on the place's clock with labels and
confirmations, and English/Spanish chat replies without untranslated fixed phrases."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from datetime import datetime, timezone

import pytest
from babel.messages.pofile import read_po

from portal.database import close_store, open_store
from portal.opendata import packages, root
from portal.storage import staff as staff_store
from tests.pages import visible_text as _text

CANCELLED_DEMO_OPERATOR = "10.102.947/0001-67"  # "Sertão Viagens (demonstração)": situacao cancelado


@pytest.fixture()
def app(demo_app):
    return demo_app


@pytest.fixture()
def client(app):
    return app.test_client()



def _staff(app):
    store = open_store(app)
    staff_store.create_user(store, "equipe", "senha-muito-segura-2026")
    close_store(store)
    client = app.test_client()
    assert client.post("/admin/entrar", data={"usuario": "equipe", "senha": "senha-muito-segura-2026"}).status_code == 303
    return client


# -- the complaint form's language switch ----------------------------------------------------------------------

TYPED = {"placa": "KGT2E47", "jurisdicao": "recife", "data_ocorrencia": "2026-11-20", "hora_ocorrencia": "07:40", "origem": "Boa Viagem",
         "destino": "Olinda", "ocorrencias": ["porta_aberta"], "relato": "o ônibus andou com a porta aberta", "contato_nome": "Maria",
         "contato_email": "maria@example.org", "chave": "chave-do-formulario"}


def test_the_language_buttons_send_the_form_and_only_lang_is_in_the_address(client):
    page = client.get("/denuncia").get_data(as_text=True)
    nav = re.search(r'<nav class="lang".*?</nav>', page, re.S).group(0)
    buttons = re.findall(r'<button type="submit" form="denuncia-form" formaction="([^"]+)" formmethod="post"', nav)
    assert buttons == ["/denuncia/idioma?lang=pt_BR", "/denuncia/idioma?lang=en", "/denuncia/idioma?lang=es"]
    assert "<a href" not in nav and 'id="denuncia-form"' in page
    # Enter in a field sends the complaint: the first submit button of the form in the page is an unseen "Enviar denúncia"
    first = re.search(r'<button type="submit" form="denuncia-form"[^>]*>([^<]*)</button>', page)
    assert first.group(1) == "Enviar denúncia" and 'tabindex="-1"' in first.group(0) and "formaction" not in first.group(0)
    # other pages keep plain links
    assert '<a href="/consulta?lang=en"' in client.get("/consulta").get_data(as_text=True)


@pytest.mark.parametrize("lang, heading", [("en", "Report irregular transport"), ("es", "Denunciar un transporte irregular")])
def test_switching_language_keeps_every_field_and_stores_nothing(client, app, lang, heading):
    response = client.post(f"/denuncia/idioma?lang={lang}", data=TYPED)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and f"<h1>{heading}</h1>" in page
    for value in ("KGT2E47", "20/11/2026", "07:40", "Boa Viagem", "Olinda", "Maria", "maria@example.org", "chave-do-formulario"):
        assert f'value="{value}"' in page, value
    assert "o ônibus andou com a porta aberta</textarea>" in page
    assert re.search(r'value="porta_aberta" checked', page) and re.search(r'<option value="recife" selected', page)
    assert response.headers["Set-Cookie"].startswith(f"lang={lang}")
    assert {"en": "does not keep them when the language changes", "es": "no las guarda al cambiar el idioma"}[lang] in page
    store = open_store(app)
    try:
        assert store.execute("SELECT COUNT(*) FROM complaints").fetchone()[0] == 0
    finally:
        close_store(store)
    # the switch's address opened again is the empty form in that language
    again = client.get(f"/denuncia/idioma?lang={lang}")
    assert again.status_code == 303 and again.headers["Location"].endswith(f"/denuncia?lang={lang}")


# -- open data ----------------------------------------------------------------------------------------------------


def test_every_csv_has_a_semicolon_bom_variant_with_the_same_rows(client, app):
    client.get("/dados-abertos")
    folder = root(app.config["DATA_DIR"]) / packages(app.config["DATA_DIR"])[0]
    meta = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
    for name in ("operadoras", "veiculos", "denuncias-estatisticas"):
        plain = (folder / f"{name}.csv").read_bytes()
        sheet = (folder / f"{name}-planilha.csv").read_bytes()
        assert sheet.startswith(b"\xef\xbb\xbf") and not plain.startswith(b"\xef\xbb\xbf")
        rows = list(csv.reader(io.StringIO(plain.decode("utf-8"))))
        assert list(csv.reader(io.StringIO(sheet.decode("utf-8-sig")), delimiter=";")) == rows
        assert sheet.decode("utf-8-sig").splitlines()[0].count('";"') == len(rows[0]) - 1
        resource = next(r for r in meta["resources"] if r["path"] == f"{name}-planilha.csv")
        assert resource["dialect"]["delimiter"] == ";"
        response = client.get(f"/dados-abertos/{folder.name}/{name}-planilha.csv")
        assert response.status_code == 200 and response.data == sheet


def test_the_page_links_each_variant_beside_its_csv_with_sizes_per_locale(client, app):
    page = client.get("/dados-abertos").get_data(as_text=True)
    stamp = packages(app.config["DATA_DIR"])[0]
    row = re.search(r"<tr><td><a href=\"/dados-abertos/[^\"]+/veiculos.csv\".*?</tr>", page, re.S).group(0)
    assert f'/dados-abertos/{stamp}/veiculos-planilha.csv' in row
    size = (root(app.config["DATA_DIR"]) / stamp / "veiculos.csv").stat().st_size
    pt = f"{size / 1000:.1f}".replace(".", ",") + "\u00a0KB"
    assert pt in html.unescape(row) and "KiB" not in page
    english = client.get("/dados-abertos?lang=en").get_data(as_text=True)
    assert f"{size / 1000:.1f}\u00a0KB" in html.unescape(english)
    assert "<th scope=\"col\">Formato</th>" not in page  # two columns: the header fits a phone


def test_filesize_reads_as_people_read_it(app):
    from portal.i18n import filesize

    sizes = (512, 1, 3800, 999_949, 2_500_000)
    for lang, expected in (("pt_BR", ["512 bytes", "1 byte", "3,8\u00a0KB", "999,9\u00a0KB", "2,5\u00a0MB"]),
                           ("en", ["512 bytes", "1 byte", "3.8\u00a0KB", "999.9\u00a0KB", "2.5\u00a0MB"]),
                           ("es", ["512 bytes", "1 byte", "3,8\u00a0KB", "999,9\u00a0KB", "2,5\u00a0MB"])):
        with app.test_request_context(f"/?lang={lang}"):
            assert [filesize(n) for n in sizes] == expected


# -- staff pages ----------------------------------------------------------------------------------------------------


def test_moment_is_on_the_places_clock(app):
    from portal.i18n import day, moment

    utc = datetime(2026, 12, 1, 1, 30, tzinfo=timezone.utc)  # 30/11 22:30 in Recife, 20:30 in Rio Branco
    with app.test_request_context("/?lang=pt_BR"):
        assert moment(utc.isoformat(), "ac") == "30 de nov. de 2026 20:30 (UTC−5)"
        assert moment(utc, "pe") == "30 de nov. de 2026 22:30 (UTC−3)"
        assert moment(utc.isoformat()) == "30 de nov. de 2026 22:30 (UTC−3)"  # Brasília time when no place applies
        assert day(utc.isoformat(), "recife") == "30 de nov. de 2026" and day("2026-12-01") == "1 de dez. de 2026"
    with app.test_request_context("/?lang=en"):
        assert moment(utc.isoformat(), "ac") == "Nov 30, 2026 8:30\u202fPM (UTC−5)" or moment(utc.isoformat(), "ac") == "Nov 30, 2026 8:30 PM (UTC−5)"


def test_staff_complaint_page_labels_times_and_confirms_saves(app, client):
    response = client.post("/denuncia", data={"jurisdicao": "ac", "data_ocorrencia": "2026-11-20", "ocorrencias": "passageiros_em_pe",
                                               "relato": "gente em pé", "destino": "Xapuri"})
    assert response.status_code == 303
    staff = _staff(app)
    listing = _text(staff.get("/admin/"))
    assert "(UTC−5)" in listing and "Acre" in listing and "Passageiros viajando em pé" in listing
    complaint_id = re.search(r"/admin/denuncias/(\d+)", staff.get("/admin/").get_data(as_text=True)).group(1)
    page = _text(staff.get(f"/admin/denuncias/{complaint_id}"))
    assert "Local Acre" in page and "Trajeto indo para Xapuri" in page and "?" not in page.split("Trajeto")[1][:30]
    assert re.search(r"Recebida em \d+ de \w+\. de \d{4} \d\d:\d\d \(UTC−5\)", page)
    saved = staff.post(f"/admin/denuncias/{complaint_id}/situacao", data={"situacao": "em_analise", "nota": ""})
    assert saved.status_code == 303 and saved.headers["Location"].endswith("?salvo=situacao")
    after = staff.get(saved.headers["Location"]).get_data(as_text=True)
    assert re.search(r'<div class="success" role="status"[^>]*><p>Situação salva\.</p>', after)
    audit = _text(staff.get("/admin/auditoria"))
    assert "Mudou a situação" in audit and "Entrou" in audit and "mudou_situacao" not in audit and "(UTC−3)" in audit
    assert "em_analise" not in audit
    # the complaint the change was made on is named and linked, not shown as a bare internal number
    audit_html = staff.get("/admin/auditoria").get_data(as_text=True)
    assert f'<a href="/admin/denuncias/{complaint_id}">Denúncia nº {complaint_id}</a>' in audit_html


def test_a_complaint_without_a_trip_shows_no_trip_row(app, client):
    assert client.post("/denuncia", data={"jurisdicao": "sp", "data_ocorrencia": "2026-11-20", "ocorrencias": "porta_aberta"}).status_code == 303
    staff = _staff(app)
    complaint_id = re.search(r"/admin/denuncias/(\d+)", staff.get("/admin/").get_data(as_text=True)).group(1)
    page = _text(staff.get(f"/admin/denuncias/{complaint_id}"))
    assert "Trajeto" not in page and "? → ?" not in page and "Local São Paulo" in page


def test_stickers_of_a_cancelled_operator_carry_a_warning(app):
    staff = _staff(app)
    page = staff.get("/admin/adesivos", query_string={"cnpj": CANCELLED_DEMO_OPERATOR}).get_data(as_text=True)
    assert 'data-operator-status="cancelado"' in page and "Atenção, " in page and "foi cancelado: ela não pode prestar o serviço" in page
    # São Paulo's decree and Recife's law "cassam" (SP Regulamento art. 34, V "cassação de registro"; Lei 16.856/2003 art. 33, IV
    # "cassação da permissão"): the warning says so
    for plate, words in (("SPG4H56", "O registro da empresa foi cassado"), ("RCE3F33", "A permissão do STCP/Recife foi cassada")):
        warned = staff.get("/admin/adesivos", query_string={"placa": plate}).get_data(as_text=True)
        assert 'data-operator-status="cancelado"' in warned and words in warned and "está cancelado" not in warned
    active = staff.get("/admin/adesivos", query_string={"cnpj": "10.007.919/0001-60"})  # an active demo operator
    assert active.status_code == 200 and 'class="sheet"' in active.get_data(as_text=True)
    assert "data-operator-status" not in active.get_data(as_text=True)
    one = staff.get("/admin/adesivos", query_string={"placa": "KGT2E47"}).get_data(as_text=True)
    assert '/<wbr><span class="sticker-url-plate">KGT2E47</span>' in one  # the address never breaks inside the plate


def test_the_import_hint_says_what_the_readme_measures(app):
    page = _text(_staff(app).get("/admin/registro"))
    assert "meio minuto" not in page and "6.000 veículos por segundo" in page and "150.000 veículos" in page
    readme = open("README.md", encoding="utf-8").read()
    assert "6.000 veículos/s" in readme and "~150.000 veículos" in readme and "30 s" in readme


# -- the chat in English and Spanish ---------------------------------------------------------------------------


def _portuguese_messages(lang: str) -> list[str]:
    """The catalog's Portuguese sentences that have a different translation (fixed phrases a reply may use)."""
    with open(f"portal/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
        catalog = read_po(f)
    return [m.id for m in catalog if isinstance(m.id, str) and m.string and m.string != m.id and "%(" not in m.id and len(m.id) >= 25]


@pytest.mark.parametrize("lang, messages", [
    ("en", ["hello", "can passengers travel standing?", "my van was seized in Pernambuco", "10/11/2026", "10/11/2026", "Yes",
            "check plate ABC1234", "I want to report a bus with the door open in Recife", "what is the weather today?", "thanks"]),
    ("es", ["hola", "¿pueden viajar pasajeros de pie?", "incautaron mi van en Pernambuco", "10/11/2026", "10/11/2026", "Sí",
            "consultar placa ABC1234", "quiero denunciar un autobús con la puerta abierta en Recife", "gracias"]),
])
def test_chat_replies_have_no_untranslated_fixed_phrase(client, lang, messages):
    portuguese = _portuguese_messages(lang)
    conversation = None
    for message in messages:
        reply = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": message, "conversa": conversation}).get_json()
        conversation = reply["conversa"]
        said = [reply["resposta"], *(a["rotulo"] for a in reply["acoes"] if a["tipo"] != "lei"), *reply["sugestoes"]]
        if reply["pergunta"]:
            said += [reply["pergunta"]["texto"], *(o["rotulo"] for o in reply["pergunta"]["opcoes"])]
        text = "\n".join(said)
        left = [p for p in portuguese if p in text]
        assert not left, (message, left)


# -- the staff tables on a phone (#31) -------------------------------------------------------------------------


def test_staff_tables_keep_their_table_roles_and_label_each_value(app, client):
    """The complaints and audit tables become cards on a phone (portal.css, .stack-table): every part
    keeps its table role for screen readers, and each value carries its (aria-hidden) label; the
    browser half, widths measured at 360 and 1280 px, is in tests/e2e/test_journeys_round3b.py."""
    client.post("/api/v1/denuncias", json={"jurisdicao": "pe", "placa": "KGT2E47", "data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"]})
    staff = _staff(app)
    for path, columns in (("/admin/", 6), ("/admin/auditoria", 5)):
        page = staff.get(path).get_data(as_text=True)
        table = re.search(r'<table class="data-table stack-table" role="table">.*?</table>', page, re.S).group(0)
        assert table.count('role="columnheader"') == columns
        rows = re.findall(r'<tr role="row">(.*?)</tr>', table, re.S)[1:]
        assert rows
        for row in rows:
            cells = re.findall(r'<td[^>]*role="cell"[^>]*>(.*?)</td>', row, re.S)
            assert len(cells) == columns
            # the complaint's protocol heads its card; every other value has its label
            labelled = cells[1:] if path == "/admin/" else cells
            assert all(c.startswith('<span class="cell-label" aria-hidden="true">') for c in labelled), row
    css = staff.get("/static/portal.css").get_data(as_text=True)
    narrow = css[css.index("@media (max-width: 47.99rem) {\n  .stack-table"):]
    assert ".stack-table thead tr { position: absolute" in narrow and ".stack-table .cell-label { display: block" in narrow


def test_the_registry_status_beside_an_expired_registration_says_whose_it_is(client):
    """'vencido el 29 oct 2026 · activo' read as a contradiction (#31): the status is named as the registry's."""
    for lang, words in (("pt_BR", "· no cadastro: <strong"), ("en", "· in the registry: <strong"), ("es", "· en el registro: <strong")):
        page = client.get(f"/consulta?placa=PEA3B21&lang={lang}").get_data(as_text=True)
        assert words in page, lang
