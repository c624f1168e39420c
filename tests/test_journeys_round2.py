"""Issue #14 (journeys, round 2) below the browser: partial errors, places, money, contacts,
protocol lookup, complaint place/time/photos, wizard progress and the law reader."""

from __future__ import annotations

import io
import json
import re
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from PIL import Image

from knowledge.flows import FLOWS
from knowledge.flows.counting import question_count
from knowledge.laws import LAWS
from portal import photos
from portal.storage import complaints as store
from portal.storage import staff as staff_store
from portal.storage.db import connect


HTMX = {"HX-Request": "true", "HX-Target": "resultado"}


# -- plate check --------------------------------------------------------------------------------------


@pytest.mark.parametrize("plate", ["AAA", "1234567"])
def test_mistyped_plate_with_htmx_gets_a_partial_not_a_page(demo_app, plate):
    response = demo_app.test_client().get(f"/consulta?placa={plate}", headers=HTMX)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "<header" not in html and "<html" not in html and 'class="plate-form"' not in html
    assert 'class="error-summary"' in html and "Confira a placa" in html
    # the language links follow the address of the step (out-of-band swap)
    assert 'id="idioma" aria-label="Idioma" hx-swap-oob="true"' in html
    assert f"/consulta?placa={plate}&amp;lang=en" in html


def test_plate_result_names_modalities_in_words_in_each_language(demo_app):
    client = demo_app.test_client()
    pt = client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    operator_modalities = re.search(r"Modalidades</dt>\s*<dd>(.*?)</dd>", pt, re.S).group(1)
    assert "<li>Fretamento eventual</li>" in operator_modalities and "eventual," not in operator_modalities
    en = client.get("/consulta?placa=KGT2E47&lang=en").get_data(as_text=True)
    en_modalities = re.search(r"<dd><ul class=\"plain-list\">(.*?)</ul>", en, re.S).group(1)
    assert "<li>Occasional charter</li>" in en_modalities and "turistico" not in en_modalities and "continuo" not in en_modalities


def test_regulator_for_every_place_and_an_honest_empty_contacts_file(demo_app):
    client = demo_app.test_client()
    found = client.get("/consulta?placa=MZO2C13").get_data(as_text=True)  # an Acre vehicle
    assert "Quem fiscaliza este veículo" in found and "AGEAC — Agência Reguladora dos Serviços Públicos do Estado do Acre" in found
    assert "É o órgão que fiscaliza o transporte no Acre." in found
    assert "Telefone e e-mail deste órgão ainda não foram cadastrados neste portal." in found
    unknown = client.get("/consulta?placa=ABC1234").get_data(as_text=True)
    for agency in ("EPTI — Empresa Pernambucana", "DER — Departamento de Estradas de Rodagem", "AGEAC —", "Prefeitura do Recife — CMTT/Recife"):
        assert agency in unknown
    for sentence in ("em Pernambuco.", "em São Paulo.", "no Acre.", "no Recife."):
        assert "É o órgão que fiscaliza o transporte " + sentence in unknown


def test_the_shipped_contacts_file_is_dated_documented_and_invents_nothing():
    data = json.loads((Path(__file__).resolve().parents[1] / "data" / "orgaos.json").read_text(encoding="utf-8"))
    assert date.fromisoformat(data["atualizado_em"]) <= date.today()
    assert any("nunca inventa" in line for line in data["_leia_me"])
    assert set(data["orgaos"]) == {"pe", "sp", "ac", "recife"}
    for entry in data["orgaos"].values():
        assert entry["telefones"] == [] and entry["emails"] == []


def test_a_filled_contacts_file_in_the_data_dir_is_shown(demo_app):
    path = demo_app.config["DATA_DIR"] + "/orgaos.json"
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"atualizado_em": "2026-11-01", "orgaos": {"pe": {"telefones": ["(81) 0000-0000 (teste)"]}}}, handle)
    html = demo_app.test_client().get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert 'href="tel:(81)0000-0000(teste)"' in html and "Lista de contatos revisada em 1 de nov. de 2026." in html


def test_an_edit_of_the_contacts_file_shows_on_the_next_request(demo_app):
    # The parsed file is kept between requests; an edit (new mtime/size) must still show at once.
    path = demo_app.config["DATA_DIR"] + "/orgaos.json"
    client = demo_app.test_client()
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"atualizado_em": "2026-11-01", "orgaos": {"pe": {"telefones": ["(81) 1111-1111"]}}}, handle)
    assert 'href="tel:(81)1111-1111"' in client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"atualizado_em": "2026-11-02", "orgaos": {"pe": {"telefones": ["(81) 2222-22222"]}}}, handle)
    html = client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert 'href="tel:(81)2222-22222"' in html and "(81) 1111-1111" not in html


# -- money and places ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, expected", [("pt_BR", "R$\xa02.900,00"), ("en", "R$2,900.00"), ("es", "2.900,00\xa0R$")])
def test_reais_have_their_symbol_in_every_language(app, lang, expected):
    from portal.i18n import money

    with app.test_request_context(f"/?lang={lang}"):
        assert money(Decimal("2900")) == expected


def test_recife_fine_in_reais_and_indexes_explained_on_the_receipt(demo_app):
    client = demo_app.test_client()
    # Recife, art. 45: "multa de 40 Vb"; art. 36, III: Vb = R$ 50,00 → R$ 2.000,00.
    recife = client.post("/api/v1/denuncias", json={"jurisdicao": "recife", "data_ocorrencia": "2026-11-20", "ocorrencias": ["sem_autorizacao"]}).get_json()
    page = client.get(f"/denuncia/{recife['protocolo']}").get_data(as_text=True)
    assert "R$\xa02.000,00" in page and "40 vezes o valor base, Vb, que a lei fixa em R$\xa050,00" in page
    assert "× Vb" not in page
    sp = client.post("/api/v1/denuncias", json={"jurisdicao": "sp", "data_ocorrencia": "2026-11-20", "ocorrencias": ["sem_autorizacao"]}).get_json()
    page = client.get(f"/denuncia/{sp['protocolo']}").get_data(as_text=True)
    assert "400% do MVR" in page and "não é possível dizer quanto isso vale em reais" in page  # wording of issue #31
    ac = client.post("/api/v1/denuncias", json={"jurisdicao": "ac", "data_ocorrencia": "2026-11-20", "ocorrencias": ["sem_autorizacao"]}).get_json()
    page = client.get(f"/denuncia/{ac['protocolo']}").get_data(as_text=True)
    assert "330 UFIRACs" in page and "tem o valor em reais fixado a cada ano" in page and "não traz esse valor" in page


@pytest.mark.parametrize("lang, phrase", [("pt", "no Acre isso é infração"), ("en", "in Acre this is an infraction"), ("es", "en Acre esto es una infracción")])
def test_chat_uses_the_place_with_its_preposition(client, lang, phrase):
    response = client.post("/api/v1/assistente", json={"mensagem": "no acre o motorista da van andou com a porta aberta", "conversa": None},
                           headers={"Accept-Language": lang})
    assert phrase in response.get_json()["resposta"]


# -- complaints --------------------------------------------------------------------------------------------


def _complaint(client, **extra):
    data = {"data_ocorrencia": "2026-11-20", "ocorrencias": "porta_aberta", **extra}
    return client.post("/denuncia", data=data, content_type="multipart/form-data")


def test_form_asks_where_when_there_is_no_plate_or_an_unknown_one(demo_app):
    client = demo_app.test_client()
    no_plate = _complaint(client)
    assert no_plate.status_code == 400 and "Diga onde aconteceu: sem a placa" in no_plate.get_data(as_text=True)
    unknown = _complaint(client, placa="ABC1234")
    assert unknown.status_code == 400 and "esta placa não está no cadastro" in unknown.get_data(as_text=True)
    by_plate = _complaint(client, placa="MZO2C13")  # the registry says Acre
    assert by_plate.status_code == 303
    assert "Acre" in client.get(by_plate.headers["Location"]).get_data(as_text=True)
    chosen = _complaint(client, jurisdicao="sp")
    assert chosen.status_code == 303


def test_time_of_day_is_kept_and_checked(demo_app):
    client = demo_app.test_client()
    assert "Informe a hora no formato HH:MM" in _complaint(client, jurisdicao="pe", hora_ocorrencia="25:00").get_data(as_text=True)
    done = _complaint(client, jurisdicao="pe", hora_ocorrencia="07:30")
    assert "por volta das 07:30" in client.get(done.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize("typed", ["{p}", "{lower}", "{nohyphen}", " {spaced} ", "{nohyphen_no_el}"])
def test_protocol_typed_any_way_finds_the_complaint(demo_app, typed):
    client = demo_app.test_client()
    protocolo = client.post("/api/v1/denuncias", json={"jurisdicao": "pe", "data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"]}).get_json()["protocolo"]
    variants = {"p": protocolo, "lower": protocolo.lower(), "nohyphen": protocolo.replace("-", ""),
                "spaced": protocolo.replace("-", " ").lower(), "nohyphen_no_el": protocolo[3:].replace("-", "")}
    response = client.get("/denuncia/acompanhar", query_string={"protocolo": typed.format(**variants)})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/denuncia/{protocolo}")
    # and a protocol typed in the address bar without hyphens redirects to the one address
    direct = client.get(f"/denuncia/{variants['nohyphen'].lower()}")
    assert direct.status_code == 301 and direct.headers["Location"].endswith(f"/denuncia/{protocolo}")


def test_unknown_protocol_gives_the_form_back_with_a_404(demo_app):
    response = demo_app.test_client().get("/denuncia/acompanhar?protocolo=EL-2026-0000-0000-0000")
    assert response.status_code == 404 and "Não encontramos a denúncia EL-2026-0000-0000-0000" in response.get_data(as_text=True)


def test_crockford_letters_read_as_digits():
    assert store.normalize_protocol("el-2026-o1il-0000-0000") == "EL-2026-0111-0000-0000"


def _jpeg_with_gps(size=(1200, 900)) -> bytes:
    image = Image.new("RGB", size, (30, 120, 200))
    exif = Image.Exif()
    exif[0x010F] = "CameraMaker"
    exif[0x8825] = {1: "S", 2: (8.0, 3.0, 1.0), 3: "W", 4: (34.0, 52.0, 1.0)}  # GPS: latitude/longitude
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


def test_photo_is_re_encoded_without_metadata():
    original = _jpeg_with_gps()
    assert Image.open(io.BytesIO(original)).getexif().get_ifd(0x8825)  # the fixture really has GPS
    cleaned = photos.clean(original)
    assert cleaned.tipo == "image/jpeg" and (cleaned.largura, cleaned.altura) == (1200, 900)
    reopened = Image.open(io.BytesIO(cleaned.conteudo))
    assert dict(reopened.getexif()) == {} and b"Exif" not in cleaned.conteudo and "icc_profile" not in reopened.info


def test_photo_type_is_checked_by_content_not_name():
    gif = io.BytesIO()
    Image.new("RGB", (10, 10)).save(gif, "GIF")
    with pytest.raises(photos.PhotoError, match="JPEG, PNG ou WebP"):
        photos.clean(gif.getvalue())
    with pytest.raises(photos.PhotoError, match="JPEG, PNG ou WebP"):
        photos.clean(b"%PDF-1.4 not an image at all")


def test_decompression_bomb_and_oversized_photo_are_refused():
    bomb = io.BytesIO()
    Image.new("1", (12000, 12000)).save(bomb, "PNG")  # 144 megapixels in ~20 KB
    assert len(bomb.getvalue()) < 100_000
    with pytest.raises(photos.PhotoError, match="pixels demais"):
        photos.clean(bomb.getvalue())
    with pytest.raises(photos.PhotoError, match="no máximo 5 MB"):
        photos.clean(b"\xff" * (photos.MAX_BYTES + 1))


def test_photos_are_stored_for_staff_only_and_deleted_with_the_complaint(demo_app):
    client = demo_app.test_client()
    upload = [(io.BytesIO(_jpeg_with_gps()), "foto.jpg"), (io.BytesIO(_jpeg_with_gps((800, 600))), "x.png")]
    response = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "2026-11-20", "ocorrencias": "porta_aberta", "fotos": upload},
                           content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    receipt = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "2 fotos anexadas, visíveis só para a equipe que analisa a denúncia" in receipt and "/fotos/" not in receipt
    protocolo = re.search(r"EL-\d{4}-[0-9A-Z-]{14}", receipt).group(0)
    assert "foto" not in json.dumps(client.get(f"/api/v1/denuncias/{protocolo}").get_json())
    db = connect(demo_app.config["DATA_DIR"] + "/portal.db")
    complaint_id = db.execute("SELECT id FROM complaints WHERE protocolo = ?", [protocolo]).fetchone()[0]
    staff_store.create_user(db, "fiscal", "senha-muito-segura-2026")
    assert client.get(f"/admin/denuncias/{complaint_id}/fotos/1").status_code == 302  # not logged in: to the login page
    client.post("/admin/entrar", data={"usuario": "fiscal", "senha": "senha-muito-segura-2026"})
    photo = client.get(f"/admin/denuncias/{complaint_id}/fotos/1")
    assert photo.status_code == 200 and photo.mimetype == "image/jpeg" and b"Exif" not in photo.data
    assert "no-store" in photo.headers["Cache-Control"].split(", ")
    assert f"/admin/denuncias/{complaint_id}/fotos/2" in client.get(f"/admin/denuncias/{complaint_id}").get_data(as_text=True)
    # Same retention as the complaint: deleting it deletes its photos.
    db.execute("DELETE FROM complaint_events WHERE complaint_id = ?", [complaint_id])
    db.execute("DELETE FROM complaints WHERE id = ?", [complaint_id])
    assert db.execute("SELECT COUNT(*) FROM complaint_photos WHERE complaint_id = ?", [complaint_id]).fetchone()[0] == 0


def test_more_than_three_photos_or_a_non_image_keep_the_complaint_out(demo_app):
    client = demo_app.test_client()
    four = [(io.BytesIO(_jpeg_with_gps((50, 50))), f"{n}.jpg") for n in range(4)]
    response = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "2026-11-20", "ocorrencias": "porta_aberta", "fotos": four},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and "Envie no máximo 3 fotos." in response.get_data(as_text=True)
    fake = [(io.BytesIO(b"GIF89a..."), "foto.jpg")]
    response = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "2026-11-20", "ocorrencias": "porta_aberta", "fotos": fake},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and "Envie fotos em JPEG, PNG ou WebP." in response.get_data(as_text=True)
    db = connect(demo_app.config["DATA_DIR"] + "/portal.db")
    assert db.execute("SELECT COUNT(*) FROM complaints").fetchone()[0] == 0


def test_upload_larger_than_the_form_allows_is_a_413(demo_app):
    big = [(io.BytesIO(b"\xff" * (photos.MAX_REQUEST_BYTES + 1)), "enorme.jpg")]
    response = demo_app.test_client().post("/denuncia", data={"jurisdicao": "pe", "fotos": big}, content_type="multipart/form-data")
    assert response.status_code == 413


# -- wizards ---------------------------------------------------------------------------------------------------


def test_question_count_is_exact_when_nothing_depends_on_answers():
    # veiculo_apreendido asks the repeat offence and the days in the depot only in Acre, where they change the
    # result (the repeat only after a seizure or without authorisation, the days only after a seizure).
    flow = FLOWS.get("veiculo_apreendido")
    total = len(flow.questions)
    assert question_count(flow, {"jurisdicao": "pe", "medida": "apreensao"}) == (total - 2, total - 2)
    assert question_count(flow, {"jurisdicao": "pe", "medida": "retencao"}) == (total - 2, total - 2)
    assert question_count(flow, {"jurisdicao": "ac", "medida": "apreensao"}) == (total, total)
    assert question_count(flow, {"jurisdicao": "ac", "medida": "retencao"}) == (total - 2, total - 1)
    assert question_count(flow, {}) == (total - 2, total)


def test_wizard_step_says_question_n_of_total_or_an_honest_range(client):
    html = client.get("/assistentes/veiculo_apreendido?jurisdicao=ac&medida=apreensao").get_data(as_text=True)
    total = len(FLOWS.get("veiculo_apreendido").questions)
    assert f"Pergunta 3 de {total}" in html
    first = client.get("/assistentes/veiculo_apreendido").get_data(as_text=True)
    assert f"Pergunta 1 de até {total}" in first and "(o número depende das suas respostas)" in first


def test_date_that_defaults_to_today_starts_empty(client):
    html = client.get("/assistentes/carro_turismo?tipo_veiculo=automovel&lugares=7&ano_fabricacao=2020").get_data(as_text=True)
    field = re.search(r'<input class="short" type="text"[^>]*id="data_referencia"[^>]*>', html).group(0)
    assert 'value=""' in field and "Deixe em branco para hoje" in html


# -- law reader -------------------------------------------------------------------------------------------------


def test_law_reader_contents_first_no_cite_link_per_line_source_and_back_to_top(client):
    html = client.get("/leis/pe-lei-16205-2017").get_data(as_text=True)
    assert html.index('id="sumario"') < html.index('class="law-text"') and "<details open>" in html
    assert "details class=\"cite\"" not in html and ">citar<" not in html
    assert html.count('class="back-to-top"') == 1 + len(re.findall(r'<section class="division', html))
    # The law's own page on the Alepe site (knowledge/statutes/fontes.yaml), and what to look for if it does not open.
    assert 'href="https://legis.alepe.pe.gov.br/texto.aspx?tiponorma=1&amp;numero=16205&amp;complemento=0&amp;ano=2017&amp;tipo=&amp;url="' in html
    assert "Lei 16.205, de 24/11/2017" in html
    assert "Identificador permanente desta norma no LexML Brasil" in html
    for info in LAWS.values():
        assert info.source_url.startswith("https://") and info.source_name and info.source_query


def test_home_leads_to_plate_check_complaint_and_wizards(client):
    html = client.get("/").get_data(as_text=True)
    passenger = html[html.index("Sou passageiro"):html.index("Quero operar fretamento")]
    assert 'href="/consulta"' in passenger and 'href="/denuncia"' in passenger and 'href="/denuncia/acompanhar"' in passenger
    operator = html[html.index("Quero operar fretamento"):html.index("Quero ler a lei")]
    for flow_id, title in [("modalidade", "modalidade"), ("documentos_crc", "Documentos para o CRC"), ("carro_turismo", "Carro de 7 lugares"), ("veiculo_apreendido", "Veículo apreendido")]:
        assert re.search(rf'<a href="/assistentes/{flow_id}">[^<]*{title}', operator), flow_id


def test_logo_is_an_svg_not_an_emoji(client):
    html = client.get("/").get_data(as_text=True)
    # Drawn in the page (an <img> of an SVG is a second document for a slow phone to build, #31).
    assert "🚌" not in html and '<svg class="logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"' in html
    assert client.get("/static/logo.svg").mimetype == "image/svg+xml"
    # The tab's icon: a PNG of the same drawing.
    assert re.search(r'<link rel="icon" href="/static/favicon\.png\?v=[0-9a-f]{12}" type="image/png" sizes="32x32">', html)
    icon = client.get("/static/favicon.png")
    assert icon.mimetype == "image/png" and icon.data.startswith(b"\x89PNG")


def test_any_error_answering_an_htmx_part_is_a_partial(client):
    response = client.get("/busca?q=" + "x" * 600, headers={"HX-Request": "true", "HX-Target": "resultados"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "<html" not in html and "<header" not in html
    assert 'class="error-summary" role="alert"' in html
    full = client.get("/busca?q=" + "x" * 600)
    assert "<html" in full.get_data(as_text=True)


def test_wizard_and_search_steps_swap_the_language_links_out_of_band(client):
    step = client.get("/assistentes/veiculo_apreendido?jurisdicao=pe&medida=apreensao", headers={"HX-Request": "true", "HX-Target": "etapa"})
    html = step.get_data(as_text=True)
    assert "<html" not in html and 'id="idioma" aria-label="Idioma" hx-swap-oob="true"' in html
    assert "/assistentes/veiculo_apreendido?jurisdicao=pe&amp;medida=apreensao&amp;lang=es" in html
    search = client.get("/busca?q=vistoria", headers={"HX-Request": "true", "HX-Target": "resultados"}).get_data(as_text=True)
    assert 'hx-swap-oob="true"' in search and "/busca?q=vistoria&amp;lang=en" in search
    # a whole page never carries the out-of-band copy
    assert 'hx-swap-oob' not in client.get("/assistentes/veiculo_apreendido?jurisdicao=pe").get_data(as_text=True)


def test_receipt_names_the_regulator_once(demo_app):
    client = demo_app.test_client()
    protocolo = client.post("/api/v1/denuncias", json={"jurisdicao": "recife", "data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"]}).get_json()["protocolo"]
    html = client.get(f"/denuncia/{protocolo}").get_data(as_text=True)
    assert "<dd>Prefeitura do Recife — CMTT/Recife</dd>" in html and "Prefeitura do Recife — Prefeitura do Recife" not in html
