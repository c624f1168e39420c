"""QR code per vehicle: the public page /v/<placa>, the QR it is reached by, and staff stickers.

The QR codes are decoded back with ZXing (zxing-cpp) after rasterising them, as a
phone camera would read them; the printed sheet is checked in Chromium in
tests/e2e/test_stickers.py.
"""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from PIL import Image

from app import create_app
from portal import qrcodes
from portal.storage import staff as staff_store
from portal.storage.db import connect
from portal.storage.demo import SHOWCASE, cnpj_with_check_digits, formatted_cnpj

BASE = "https://fretamento.example.gov.br"
# The demo registry's regular Pernambuco operator (n = 1 in portal/storage/demo.py).
PE_OPERATOR = cnpj_with_check_digits(f"{10000000 + 7919:08d}0001")
PE_ACTIVE_FLEET = ["KGT2E47", "KHB7F12", "KHC8G34", "PEJ3B20", "PFX1960"]  # PEG9H90 of the same fleet is retired


@pytest.fixture()
def qr_app(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False, "PORTAL_BASE_URL": BASE + "/"})
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    return app


@pytest.fixture()
def staff_client(qr_app):
    db = connect(qr_app.config["DATA_DIR"] + "/portal.db")
    staff_store.create_user(db, "grafica", "senha-muito-segura-2026")
    db.conn.close()
    client = qr_app.test_client()
    assert client.post("/admin/entrar", data={"usuario": "grafica", "senha": "senha-muito-segura-2026"}).status_code == 303
    return client


def decode(png: bytes) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


# -- the public page -------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["PFX1960", "PFX1J60", "pfx-1960", "pfx1j60"])
def test_both_plate_forms_open_the_same_vehicle(qr_app, typed):
    html = qr_app.test_client().get(f"/v/{typed}").get_data(as_text=True)
    assert "Confira se é a placa deste veículo" in html
    # registered in the old form: both forms in large type, the registered one first
    assert re.findall(r'<span class="plate-form">([^<]+)</span>', html) == ["PFX-1960", "PFX1J60"]
    assert "Pode embarcar" in html


@pytest.mark.parametrize("plate, situacao, codes", [(p, *_) for p, *_ in [
    ("KGT2E47", "regular", []), ("PEA3B21", "irregular", ["crc_vencido"]), ("PED4C55", "irregular", ["crc_suspenso"]),
    ("KHC8G34", "irregular", ["seguro_vencido"]), ("PEG9H90", "irregular", ["veiculo_retirado"]), ("DSP7A31", "irregular", ["vistoria_vencida"]),
]])
def test_status_is_exactly_the_lookups(qr_app, plate, situacao, codes):
    client = qr_app.test_client()
    api = client.get(f"/api/v1/veiculos/{plate}").get_json()
    assert api["situacao"] == situacao and [m["codigo"] for m in api["motivos"]] == codes
    response = client.get(f"/v/{plate}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'class="verdict verdict-{situacao}"' in html
    for reason in api["motivos"]:  # the same sentences, with the same citations
        assert reason["mensagem"] in html
        for cite in reason["citations"]:
            assert cite["url"] in html


def test_operator_modalities_in_words_and_prefilled_complaint(qr_app):
    client = qr_app.test_client()
    html = client.get("/v/KGT2E47").get_data(as_text=True)
    # The demo's first Pernambuco operator is registered for "eventual|turistico".
    assert re.findall(r"<li>(Eventual|Turístico|Contínuo)</li>", html) == ["Eventual", "Turístico"]
    assert "Sertão Transportes" in html and "EPTI — Empresa Pernambucana de Transporte Intermunicipal" in html
    assert 'href="/denuncia?placa=KGT2E47&amp;jurisdicao=pe"' in html
    irregular = client.get("/v/PEA3B21").get_data(as_text=True)
    assert 'href="/denuncia?placa=PEA3B21&amp;jurisdicao=pe&amp;ocorrencias=sem_autorizacao"' in irregular
    english = client.get("/v/KGT2E47?lang=en").get_data(as_text=True)
    assert "<li>Occasional</li>" in english and "<li>Tourist</li>" in english and "Check that this is the plate of this vehicle" in english


def test_unknown_and_invalid_plates(qr_app):
    client = qr_app.test_client()
    missing = client.get("/v/ABC1234")
    assert missing.status_code == 404
    assert "Não encontramos esta placa" in missing.get_data(as_text=True)
    assert 'href="/denuncia?placa=ABC-1234&amp;ocorrencias=sem_autorizacao"' in missing.get_data(as_text=True)
    bad = client.get("/v/12-ABC")
    assert bad.status_code == 400 and "ABC1D23" in bad.get_data(as_text=True)


# -- the QR code ------------------------------------------------------------------------------------


def test_qr_encodes_the_configured_address_only(qr_app):
    with qr_app.test_request_context("/", headers={"Host": "evil.example"}):
        url = qrcodes.vehicle_url("pfx-1j60")
        assert url == BASE + "/v/PFX1J60"
        assert qrcodes.short_url("KGT2E47") == "fretamento.example.gov.br/v/KGT2E47"
        assert decode(qrcodes.png(url)) == [BASE + "/v/PFX1J60"]
        svg = qrcodes.svg(url, label="QR")
        assert svg.startswith("<svg") and 'role="img"' in svg and "<title>QR</title>" in svg


def test_stickers_need_a_staff_session(qr_app):
    response = qr_app.test_client().get("/admin/adesivos?placa=KGT2E47")
    assert response.status_code == 302 and "/admin/entrar" in response.headers["Location"]


def test_sticker_for_one_vehicle_decodes_to_its_page(staff_client, qr_app):
    # a request naming another host (Host header) does not change the printed address
    staff_client.post("/admin/entrar", data={"usuario": "grafica", "senha": "senha-muito-segura-2026"}, base_url="http://evil.example")
    response = staff_client.get("/admin/adesivos?placa=kgt-2e47", base_url="http://evil.example")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    stickers = re.findall(r'<article class="sticker" data-url="([^"]+)">', html)
    assert stickers == [BASE + "/v/KGT2E47"]
    assert "evil.example" not in html
    assert "EPTI — Empresa Pernambucana de Transporte Intermunicipal" in html
    assert '<p class="sticker-plate">KGT2E47</p>' in html and '<p class="sticker-url">fretamento.example.gov.br/<wbr>v/<wbr><span class="sticker-url-plate">KGT2E47</span></p>' in html
    assert '<li lang="pt-BR">Aponte a câmera: veja se este veículo está autorizado.</li>' in html
    assert '<li lang="en">Scan to check that this vehicle is authorised.</li>' in html
    assert '<li lang="es">Escanee para ver si este vehículo está autorizado.</li>' in html
    with qr_app.test_request_context():
        # the printed code is exactly the one generated for that address; rasterised, it decodes to it
        assert qrcodes.svg(stickers[0], label=f"QR code: {stickers[0]}") in html
        scanned = decode(qrcodes.png(stickers[0]))
    assert scanned == [BASE + "/v/KGT2E47"]
    # "opening" the scanned address (on this portal) shows that vehicle
    page = staff_client.get(scanned[0].removeprefix(BASE)).get_data(as_text=True)
    assert '<span class="plate-form">KGT2E47</span>' in page and "Pode embarcar" in page


def test_fleet_stickers_one_per_active_vehicle_eight_per_sheet(staff_client, qr_app):
    html = staff_client.get(f"/admin/adesivos?cnpj={formatted_cnpj(PE_OPERATOR)}").get_data(as_text=True)
    assert re.findall(r'<article class="sticker" data-url="[^"]+/v/([A-Z0-9]+)">', html) == PE_ACTIVE_FLEET
    assert html.count('<section class="sheet"') == 1
    assert "5 adesivos em 1 folha A4." in html
    # the whole demo fleet of an ordinary operator spans several sheets of 8
    db = connect(qr_app.config["DATA_DIR"] + "/portal.db")
    cnpj, active = db.execute(
        "SELECT cnpj, COUNT(*) FROM vehicles WHERE situacao = 'ativo' GROUP BY cnpj ORDER BY COUNT(*) DESC LIMIT 1"
    ).fetchone()
    db.conn.close()
    html = staff_client.get(f"/admin/adesivos?cnpj={cnpj}").get_data(as_text=True)
    assert html.count('<article class="sticker"') == active
    assert html.count('<section class="sheet"') == -(-active // 8)
    audit = staff_client.get("/admin/auditoria").get_data(as_text=True)
    assert "imprimiu_adesivos" in audit


@pytest.mark.parametrize("query, status, message", [
    ("placa=ABC1234", 404, "A placa ABC-1234 não está no cadastro."),
    ("placa=PEG9H90", 409, "O veículo PEG9H90 foi retirado da frota: não recebe adesivo."),
    ("placa=12", 400, "Placa inválida: 12."),
    ("cnpj=11.111.111/0001-11", 404, "Nenhuma operadora com o CNPJ 11.111.111/0001-11 no cadastro."),
])
def test_sticker_errors_are_explained(staff_client, query, status, message):
    response = staff_client.get(f"/admin/adesivos?{query}")
    assert response.status_code == status
    assert message in response.get_data(as_text=True)


def test_every_showcase_plate_has_a_page(qr_app):
    client = qr_app.test_client()
    for plate, *_ in SHOWCASE:
        assert client.get(f"/v/{plate}").status_code == 200


# -- issue #28: the verdict first, the same everywhere; stickers' address; issue #34: sticker pages -------------

from knowledge.plate_verdict import plate_verdict  # noqa: E402
from portal.registry_admin import address_warning  # noqa: E402

VERDICTS = {
    "KGT2E47": "Pode embarcar: este veículo está autorizado hoje, pela lei de Pernambuco.",
    "PEH2A10": "Não embarque: o CRC da empresa está vencido.",
    "KHD1A11": "Não embarque: o CRC da empresa está suspenso (e mais 3 irregularidades, abaixo).",
    "SPG4H56": "Não embarque: o registro da empresa foi cassado.",
    "SPA1B23": "Não embarque: este tipo de veículo não é admitido no fretamento.",
    "RCA1B11": "Não embarque: a permissão admite um único veículo.",
    "RCE3F33": "Não embarque: a permissão foi cassada.",
    "ACB1C22": "Pode embarcar: este veículo está autorizado hoje, pela lei do Acre.",
    "ZZZ9Z99": "Não encontramos esta placa: não embarque e denuncie.",
}


@pytest.mark.parametrize("plate, line", sorted(VERDICTS.items()))
def test_the_same_verdict_line_first_on_every_surface(qr_app, plate, line):
    client = qr_app.test_client()
    api = client.get(f"/api/v1/veiculos/{plate}").get_json()
    assert api["veredito"]["texto"] == line
    assert plate_verdict(api).render(lambda text, **p: text % p if p else text)["texto"] == line  # the chat's function
    for path in (f"/consulta?placa={plate}", f"/v/{plate}"):
        page = client.get(path).get_data(as_text=True)
        heading = re.search(r'<h2 id="veredito" class="verdict-line"[^>]*>(.*?)</h2>', page, re.S).group(1)
        assert html_text(heading).endswith(line), path
        if api["situacao"] != "regular":
            assert 'href="tel:190"' in page and "/denuncia?placa=" in page
            assert page.index("verdict-line") < page.index('class="reasons"')  # the line first, then why


def html_text(fragment: str) -> str:
    import html as html_module
    return re.sub(r"\s+", " ", html_module.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def test_detail_rows_agree_with_the_verdict(qr_app):
    client = qr_app.test_client()
    # a CRC beyond the law's one year: the row says "vencido em", never "válido até"
    crc = html_text(client.get("/consulta?placa=PEH2A10").get_data(as_text=True))
    assert "CRC (Certificado de Registro Cadastral)" in crc and "vencido em" in crc and "Prazo da lei contado da emissão" in crc
    # a cassado SP registry: the law's word, no validity, no modalities
    sp = html_text(client.get("/v/SPG4H56").get_data(as_text=True))
    assert "Certificado de Registro (DER)" in sp and "cassado" in sp and "Nenhuma autorizada hoje" in sp
    assert "Registro (CRC)" not in sp and "suspenso" not in sp
    # expired inspection and insurance are marked in their rows
    many = html_text(client.get("/consulta?placa=KHD1A11").get_data(as_text=True))
    assert "Vistoria vencida em" in many and "Seguro vencido em" in many
    # Acre: the inspection is shown as information only, and the page says what the law leaves to regulation
    acre = html_text(client.get("/consulta?placa=ACB1C22").get_data(as_text=True))
    assert "só informação" in acre and "O que a lei deixa à regulamentação" in acre and "art. 66" in acre and "vencida em" in acre
    # Recife: a permission to a person shows neither name nor document
    recife = client.get("/api/v1/veiculos/PGR6D78").get_json()
    assert recife["operadora"]["registro"] == "Permissão (STCP/Recife)" and recife["operadora"]["titular"] == "Permissionário"
    assert recife["operadora"]["razao_social"] is None and recife["operadora"]["cnpj"] is None
    assert "Permissionário 4" not in client.get("/v/PGR6D78").get_data(as_text=True)


@pytest.mark.parametrize("base, warning", [
    ("http://127.0.0.1:8000", "padrao"), ("http://127.0.0.1:8120", "loopback"), ("http://localhost/", "loopback"),
    ("http://[::1]:8000", "loopback"), ("http://192.168.0.10", "privado"), (BASE, None), ("https://portal.example.org/", None),
])
def test_sticker_address_warning(base, warning):
    assert address_warning(base) == warning


def test_sticker_page_warns_when_the_address_is_loopback(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})  # the default address
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    db = connect(str(tmp_path / "portal.db"))
    staff_store.create_user(db, "grafica", "senha-muito-segura-2026")
    db.conn.close()
    client = app.test_client()
    client.post("/admin/entrar", data={"usuario": "grafica", "senha": "senha-muito-segura-2026"})
    page = client.get("/admin/adesivos?placa=KGT2E47").get_data(as_text=True)
    assert 'data-address-warning="padrao"' in page and "Configure PORTAL_BASE_URL" in page
    assert 'data-url="http://127.0.0.1:8000/v/KGT2E47"' in page


def test_a_public_address_gets_no_warning(staff_client):
    assert "data-address-warning" not in staff_client.get("/admin/adesivos?placa=KGT2E47").get_data(as_text=True)


def test_a_large_fleet_is_printed_a_page_at_a_time(staff_client, qr_app):
    from portal.stickers import STICKERS_PER_PAGE

    db = connect(qr_app.config["DATA_DIR"] + "/portal.db")
    db.execute("UPDATE vehicles SET cnpj = ? WHERE situacao = 'ativo'", [PE_OPERATOR])
    db.conn.commit()
    total = db.execute("SELECT COUNT(*) FROM vehicles WHERE situacao = 'ativo'").fetchone()[0]
    db.conn.close()
    assert total > 2 * STICKERS_PER_PAGE
    first = staff_client.get(f"/admin/adesivos?cnpj={PE_OPERATOR}").get_data(as_text=True)
    assert first.count('<article class="sticker"') == STICKERS_PER_PAGE
    pages = -(-total // STICKERS_PER_PAGE)
    assert f"Adesivos 1 a {STICKERS_PER_PAGE} de {total} da frota (página 1 de {pages})." in first and 'rel="next"' in first
    last = staff_client.get(f"/admin/adesivos?cnpj={PE_OPERATOR}&pagina={pages}").get_data(as_text=True)
    assert last.count('<article class="sticker"') == total - (pages - 1) * STICKERS_PER_PAGE and 'rel="prev"' in last
    beyond = staff_client.get(f"/admin/adesivos?cnpj={PE_OPERATOR}&pagina={pages + 1}")
    assert beyond.status_code == 404 and "não existe" in beyond.get_data(as_text=True)
    assert staff_client.get(f"/admin/adesivos?cnpj={PE_OPERATOR}&pagina=abc").status_code == 400
