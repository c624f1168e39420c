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
    assert '<p class="sticker-plate">KGT2E47</p>' in html and '<p class="sticker-url">fretamento.example.gov.br/v/KGT2E47</p>' in html
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
