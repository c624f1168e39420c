"""Passenger services: plates, vehicle status, registry import, complaints, staff area, privacy.

One file for the passenger's whole path (plate → status → complaint → staff triage), in
that order, because its tests share the demo registry and the complaint fixtures; the
registry import's own progress and stages are in tests/test_registry_import.py.
"""

from __future__ import annotations

import io
import logging
import re
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import create_app
from knowledge.plates import InvalidPlate, find_plates, normalize, plate_key, to_mercosul, to_old
from knowledge.vehicle_status import CITES, evaluate
from portal.storage import complaints as complaint_store
from portal.storage import staff as staff_store
from portal.database import close_store, open_store
from portal.storage.demo import cnpj_with_check_digits, formatted_cnpj
from portal.storage.registry import find_vehicle
from portal.storage.registry_import import import_registry

TODAY = date(2026, 11, 29)
LETTERS = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3)
DIGITS = st.text(alphabet="0123456789", min_size=4, max_size=4)


# -- plates ---------------------------------------------------------------------------------


@given(LETTERS, DIGITS, st.sampled_from(["{}-{}", "{} {}", "{}{}", " {}  -{} "]), st.booleans())
def test_old_and_mercosul_forms_share_a_key(letters, digits, layout, lower):
    old = letters + digits
    mercosul = to_mercosul(old)
    assert mercosul[4] == "ABCDEFGHIJ"[int(digits[1])]
    typed = layout.format(letters, digits)
    typed = typed.lower() if lower else typed
    assert plate_key(typed) == plate_key(mercosul) == mercosul
    assert to_old(mercosul) == old


@given(st.text(max_size=12))
def test_anything_else_is_rejected_with_an_explanation(text):
    cleaned = re.sub(r"[\s\-.·•_]", "", text).upper()
    is_plate = bool(re.fullmatch(r"[A-Z]{3}[0-9][A-Z0-9][0-9]{2}", cleaned))
    try:
        normalize(text)
        assert is_plate
    except InvalidPlate as exc:
        assert not is_plate
        assert "ABC-1234" in exc.message and "ABC1D23" in exc.message


def test_known_pairs_and_plates_in_text():
    assert plate_key("QUA1960") == plate_key("qua-1j60") == "QUA1J60"
    assert to_old("BRA2E19") == "BRA2419"
    assert find_plates("a van QUA-1960 e o ônibus abc1d23 estão lotados") == ["QUA1960", "ABC1D23"]
    # A word before a year is not a plate, unless written as one.
    assert find_plates("um automóvel ano 2024 e uma van 2019") == []
    assert find_plates("a placa é ano-2024") == ["ANO2024"]
    assert find_plates("um rodoviário 2004 e o horário 1230") == []  # letters inside an accented word
    # "pra"/"pro" before a year is the preposition ("da virada de 2023 pra 2024"), not plate PRA-2024.
    assert find_plates("a festa da virada de 2023 pra 2024 e a volta pro 2025") == []
    assert find_plates("a van PRA-2024 saiu lotada") == ["PRA2024"]


# -- status rules ------------------------------------------------------------------------------


OK_OPERATOR = {"jurisdicao": "pe", "situacao": "ativo", "crc_validade": TODAY + timedelta(days=30)}
OK_VEHICLE = {"situacao": "ativo", "vistoria_validade": TODAY + timedelta(days=30), "seguro_validade": TODAY + timedelta(days=30)}


@pytest.mark.parametrize(
    "operator, vehicle, code",
    [
        ({"crc_validade": TODAY - timedelta(days=1)}, {}, "crc_vencido"),
        ({"situacao": "suspenso"}, {}, "crc_suspenso"),
        ({"situacao": "cancelado"}, {}, "crc_cancelado"),
        ({}, {"vistoria_validade": TODAY - timedelta(days=1)}, "vistoria_vencida"),
        ({}, {"seguro_validade": TODAY - timedelta(days=1)}, "seguro_vencido"),
        ({}, {"situacao": "retirado"}, "veiculo_retirado"),
    ],
)
def test_every_status_reason(operator, vehicle, code):
    status = evaluate({**OK_OPERATOR, **operator}, {**OK_VEHICLE, **vehicle}, TODAY)
    assert status.situacao == "irregular"
    assert [r.code for r in status.motivos] == [code]
    assert status.motivos[0].citations


def test_regular_only_when_everything_is_valid_on_the_day():
    assert evaluate(OK_OPERATOR, OK_VEHICLE, TODAY).situacao == "regular"
    # valid through the last day, expired the day after
    last_day = {**OK_VEHICLE, "vistoria_validade": TODAY}
    assert evaluate(OK_OPERATOR, last_day, TODAY).situacao == "regular"
    assert evaluate(OK_OPERATOR, last_day, TODAY + timedelta(days=1)).situacao == "irregular"


def test_every_reason_is_cited_in_every_jurisdiction():
    for jurisdiction, table in CITES.items():
        for code, cites in table.items():
            for cite in cites or []:
                cite.resolve()
    sp_insurance = evaluate({**OK_OPERATOR, "jurisdicao": "sp"}, {**OK_VEHICLE, "seguro_validade": TODAY - timedelta(days=9)}, TODAY)
    assert sp_insurance.situacao == "regular"  # São Paulo's Regulamento has no insurance rule


# -- registry import ------------------------------------------------------------------------------

CNPJ_A = formatted_cnpj(cnpj_with_check_digits("112223330001"))
CNPJ_B = cnpj_with_check_digits("445556660001")
OPS_HEADER = "cnpj,razao_social,nome_fantasia,jurisdicao,crc_numero,crc_emissao,crc_validade,situacao,modalidades,telefone,email"
VEH_HEADER = "placa,cnpj,tipo,lugares,ano_fabricacao,vistoria_validade,seguro_validade,situacao"


def _files(ops: list[str], vehicles: list[str], sep: str = ",") -> tuple[io.BytesIO, io.BytesIO]:
    o = "\n".join([OPS_HEADER] + ops).replace(",", sep)
    v = "\n".join([VEH_HEADER] + vehicles).replace(",", sep)
    return io.BytesIO(o.encode()), io.BytesIO(v.encode())


def test_import_reports_bad_rows_with_spreadsheet_line_numbers(db):
    ops, vehs = _files(
        [
            f"{CNPJ_A},Rota Turismo Ltda,Rota,pe,CRC-1,2026-01-10,2027-01-10,ativo,eventual|turistico,,",
            "11.111.111/1111-11,Empresa Ruim,,pe,CRC-2,2026-01-10,2027-01-10,ativo,eventual,,",
            f"{CNPJ_B},Sem Data,,pe,CRC-3,,31/13/2026,ativo,,,",
            f"{CNPJ_B},Outra,,rj,CRC-4,,2027-01-01,ativo,,,",
        ],
        [
            f"QUA1960,{CNPJ_A},onibus,44,2019,2027-03-01,10/05/2027,ativo",
            f"QUA-1J60,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo",
            f"ZZ12,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo",
            f"ABC1D23,{CNPJ_B},onibus,44,2019,2027-03-01,2027-05-10,ativo",
            f"ABD1234,{CNPJ_A},aviao,44,2019,2027-03-01,2027-05-10,ativo",
        ],
    )
    report = import_registry(db, ops, vehs, today=TODAY)
    assert (report.operators, report.vehicles) == (1, 1)
    lines = {(r.file, r.line): r.reason for r in report.rejected}
    assert "CNPJ inválido" in lines[("operadoras", 3)]
    assert "data inválida" in lines[("operadoras", 4)]
    assert "jurisdição desconhecida" in lines[("operadoras", 5)]
    assert "placa repetida" in lines[("veículos", 3)]
    assert "placa inválida" in lines[("veículos", 4)]
    assert "não está entre as operadoras" in lines[("veículos", 5)]
    assert "tipo desconhecido" in lines[("veículos", 6)]
    operator, vehicle = find_vehicle(db, "QUA1J60")
    assert vehicle["seguro_validade"] == "2027-05-10" and operator["modalidades"] == ["eventual", "turistico"]


def test_import_accepts_semicolons_and_a_bom(db):
    ops, vehs = _files([f"{CNPJ_A},Rota,Rota,pe,CRC-1,10/01/2026,10/01/2027,ativo,eventual,,"], [f"QUA1960,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo"], sep=";")
    ops = io.BytesIO(b"\xef\xbb\xbf" + ops.read())
    report = import_registry(db, ops, vehs, today=TODAY)
    assert (report.operators, report.vehicles, report.rejected) == (1, 1, [])


def test_reimport_replaces_everything_and_failure_keeps_the_old_registry(db, monkeypatch):
    first = _files([f"{CNPJ_A},Rota,,pe,CRC-1,,2027-01-10,ativo,,,"], [f"QUA1960,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo"])
    import_registry(db, *first, today=TODAY)
    second = _files([f"{CNPJ_A},Rota,,pe,CRC-1,,2027-01-10,ativo,,,"], [f"BRA2E19,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo"])
    import_registry(db, *second, today=TODAY)
    assert find_vehicle(db, "QUA1J60") is None and find_vehicle(db, "BRA2E19") is not None

    import portal.storage.registry_import as registry_module

    def broken_indexes(database):
        raise RuntimeError("disco cheio no meio da importação")

    monkeypatch.setattr(registry_module, "create_registry_indexes", broken_indexes)
    third = _files([f"{CNPJ_A},Rota,,pe,CRC-1,,2027-01-10,ativo,,,"], [f"XYZ9A99,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo"])
    with pytest.raises(RuntimeError):
        import_registry(db, *third, today=TODAY)
    assert find_vehicle(db, "BRA2E19") is not None and find_vehicle(db, "XYZ9A99") is None
    assert "vehicles_new" not in db.table_names()


def test_nothing_accepted_keeps_registry_and_strict_mode(db):
    import_registry(db, *_files([f"{CNPJ_A},Rota,,pe,CRC-1,,2027-01-10,ativo,,,"], [f"QUA1960,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo"]), today=TODAY)
    empty = import_registry(db, *_files(["lixo,,,,,,,,,,"], []), today=TODAY)
    assert not empty.replaced and find_vehicle(db, "QUA1J60") is not None
    strict = import_registry(db, *_files([f"{CNPJ_A},Rota,,pe,CRC-1,,2027-01-10,ativo,,,", "lixo,,,,,,,,,,"], []), strict=True, today=TODAY)
    assert not strict.replaced and strict.operators == 0


def test_cli_import_exit_codes(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    good_o, good_v = tmp_path / "o.csv", tmp_path / "v.csv"
    good_o.write_text(f"{OPS_HEADER}\n{CNPJ_A},Rota,,pe,CRC-1,,2027-01-10,ativo,,,\n", encoding="utf-8")
    good_v.write_text(f"{VEH_HEADER}\nQUA1960,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo\nRUIM,{CNPJ_A},onibus,44,2019,2027-03-01,2027-05-10,ativo\n", encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["registry", "import", "--operators", str(good_o), "--vehicles", str(good_v)])
    assert result.exit_code == 0, result.output
    assert "veículos, linha 3: placa inválida" in result.output
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["registry", "import", "--operators", str(bad), "--vehicles", str(good_v)])
    assert result.exit_code == 1 and "faltam as colunas" in result.output


# -- lookup over HTTP ---------------------------------------------------------------------------------


@pytest.fixture()
def demo_app(tmp_path, index_dir, store_config):
    """The portal with the demo registry; complaints and staff on SQLite, then on PostgreSQL."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False, **store_config})
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    return app


@pytest.mark.parametrize(
    "plate, situacao, codes",
    [
        ("KGT-2E47", "regular", []),
        ("pfx1j60", "regular", []),
        ("PEA3B21", "irregular", ["crc_vencido"]),
        ("PED4C55", "irregular", ["crc_suspenso"]),
        ("PEF5D88", "irregular", ["crc_cancelado"]),
        ("KHB7F12", "irregular", ["vistoria_vencida"]),
        ("KHC8G34", "irregular", ["seguro_vencido"]),
        ("PEG9H90", "irregular", ["veiculo_retirado"]),
        ("ZZZ9999", "nao_encontrado", ["nao_cadastrado"]),
    ],
)
def test_vehicle_api(demo_app, plate, situacao, codes):
    data = demo_app.test_client().get(f"/api/v1/veiculos/{plate}").get_json()
    assert data["situacao"] == situacao
    assert [m["codigo"] for m in data["motivos"]] == codes
    assert all(m["citations"] for m in data["motivos"])
    assert data["demonstracao"] is True and data["dados_atualizados_em"]
    assert set(data) == {"placa", "consultado_em", "situacao", "data_da_verificacao", "resumo", "motivos", "notas", "veredito", "operadora", "veiculo", "dados_atualizados_em", "demonstracao"}
    # "CRC válido e vistoria em dia" beside an expired CRC was a false statement (independent review, E3–E6).
    assert (data["resumo"] is not None) == (situacao == "regular")
    if situacao == "nao_encontrado":
        assert data["operadora"] is None and data["veiculo"] is None
        assert {c["unit"] for c in data["motivos"][0]["citations"]} >= {"art-4", "art-34", "anexo-i/inc-4/ali-b"}


def test_vehicle_api_rejects_non_plates(demo_app):
    response = demo_app.test_client().get("/api/v1/veiculos/12-ABC")
    assert response.status_code == 400
    assert "ABC1D23" in response.get_json()["error"]


def test_lookup_page(demo_app):
    client = demo_app.test_client()
    html = client.get("/consulta?placa=KGT2E47").get_data(as_text=True)
    assert "Pode embarcar" in html and "Dados de demonstração" in html and "Antes de embarcar" in html
    html = client.get("/consulta?placa=KHD1A11").get_data(as_text=True)
    assert "Não embarque:" in html and html.count("<li>") >= 4 and "/denuncia?placa=KHD1A11" in html and "tel:190" in html
    assert client.get("/consulta?placa=nada").status_code == 400


# -- complaints ------------------------------------------------------------------------------------------

CONTACT = {"nome": "Maria Testemunha", "email": "maria.testemunha@example.com", "telefone": "(81) 99999-1234"}


def test_complaint_lifecycle_and_privacy(demo_app, caplog):
    caplog.set_level(logging.DEBUG)
    client = demo_app.test_client()
    body = {"placa": "KGT2E47", "data_ocorrencia": "2026-11-20", "origem": "Recife", "destino": "Caruaru",
            "ocorrencias": ["venda_passagem_individual", "passageiros_em_pe", "terminal_rodoviario"], "relato": "Vendiam passagem na porta.",
            "contato": CONTACT, "consentimento": True}
    created = client.post("/api/v1/denuncias", json=body)
    assert created.status_code == 201
    receipt = created.get_json()
    assert re.fullmatch(r"EL-\d{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", receipt["protocolo"])
    assert receipt["situacao"] == "recebida" and receipt["orgao"]["sigla"] == "EPTI"
    by_code = {e["ocorrencia"]: e for e in receipt["enquadramento"]}
    assert "anexo-i/inc-4/ali-f" in {c["unit"] for c in by_code["venda_passagem_individual"]["citations"]}
    assert by_code["venda_passagem_individual"]["multa"]["valor"] == 2900.0
    assert "anexo-i/inc-3/ali-e" in {c["unit"] for c in by_code["passageiros_em_pe"]["citations"]}
    assert "anexo-i/inc-3/ali-b" in {c["unit"] for c in by_code["terminal_rodoviario"]["citations"]}

    protocolo = receipt["protocolo"]
    db = open_store(demo_app)
    user_id = staff_store.create_user(db, "ana", "senha-bem-comprida-1")
    complaint_id = db.execute("SELECT id FROM complaints WHERE protocolo = ?", [protocolo]).fetchone()[0]
    complaint_store.transition(db, complaint_id, "em_analise", note="Nota interna com nome de fiscal", public=False, staff_id=user_id)
    complaint_store.transition(db, complaint_id, "encaminhada", note="Encaminhada à fiscalização da EPTI.", public=True, staff_id=user_id)
    with pytest.raises(complaint_store.InvalidTransition):
        complaint_store.transition(db, complaint_id, "recebida", note=None, public=False, staff_id=user_id)
    close_store(db)

    status = client.get(f"/api/v1/denuncias/{protocolo}").get_json()
    assert [h["situacao"] for h in status["historico"]] == ["recebida", "em_analise", "encaminhada"]
    assert status["historico"][1]["nota"] is None
    assert status["historico"][2]["nota"] == "Encaminhada à fiscalização da EPTI."
    page = client.get(f"/denuncia/{protocolo}").get_data(as_text=True)
    assert "Encaminhada à fiscalização da EPTI." in page and "Nota interna" not in page

    public_texts = [created.get_data(as_text=True), client.get(f"/api/v1/denuncias/{protocolo}").get_data(as_text=True), page]
    for personal in CONTACT.values():
        for text in public_texts:
            assert personal not in text
        assert personal not in caplog.text
    assert client.get("/api/v1/denuncias/EL-2026-0000-0000-0000").status_code == 404


def test_idempotent_retry_returns_the_same_protocol(demo_app):
    client = demo_app.test_client()
    body = {"data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"], "jurisdicao": "recife"}
    first = client.post("/api/v1/denuncias", json=body, headers={"Idempotency-Key": "abc-123"})
    second = client.post("/api/v1/denuncias", json=body, headers={"Idempotency-Key": "abc-123"})
    assert first.status_code == 201 and second.status_code == 200
    assert first.get_json()["protocolo"] == second.get_json()["protocolo"]
    assert first.get_json()["orgao"]["sigla"] == "Prefeitura do Recife"


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"ocorrencias": []}, "ocorrencias"),
        ({"ocorrencias": ["roubo"]}, "ocorrencias"),
        ({"data_ocorrencia": "2030-01-01"}, "data_ocorrencia"),
        ({"data_ocorrencia": "ontem"}, "data_ocorrencia"),
        ({"placa": "123"}, "placa"),
        ({"jurisdicao": "rj"}, "jurisdicao"),
        ({"relato": "x" * 4001}, "relato"),
        ({"ocorrencias": ["outro"], "relato": ""}, "relato"),
        ({"contato": {"email": "sem-arroba"}, "consentimento": True}, "contato.email"),
        ({"contato": {"nome": "Zé"}}, "consentimento"),
    ],
)
def test_complaint_validation(demo_app, changes, field):
    # The place is given: a complaint without place and without a registered plate is a 422 (below).
    body = {"data_ocorrencia": "2026-11-20", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe", **changes}
    response = demo_app.test_client().post("/api/v1/denuncias", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == field


def test_complaint_form_without_javascript(demo_app):
    client = demo_app.test_client()
    form = client.get("/denuncia?placa=KGT2E47&ocorrencias=venda_passagem_individual").get_data(as_text=True)
    assert 'value="KGT2E47"' in form and 'value="venda_passagem_individual" checked' in form
    bad = client.post("/denuncia", data={"placa": "KGT2E47", "data_ocorrencia": "2999-11-20", "relato": "texto que não pode se perder"})
    assert bad.status_code == 400 and "texto que não pode se perder" in bad.get_data(as_text=True)
    good = client.post("/denuncia", data={"placa": "KGT2E47", "data_ocorrencia": "2026-11-20", "ocorrencias": "passageiros_em_pe", "chave": "k1"})
    assert good.status_code == 303
    page = client.get(good.headers["Location"]).get_data(as_text=True)
    assert "Denúncia recebida" in page and "EL-" in page


def test_csrf_is_required_on_forms(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    response = app.test_client().post("/denuncia", data={"data_ocorrencia": "2026-11-20", "ocorrencias": "porta_aberta"})
    assert response.status_code == 400


# -- staff area -------------------------------------------------------------------------------------------


ADMIN_URLS = [("get", "/admin/"), ("get", "/admin/denuncias/1"), ("post", "/admin/denuncias/1/situacao"), ("get", "/admin/registro"),
              ("post", "/admin/registro"), ("get", "/admin/exportar.csv"), ("get", "/admin/auditoria"), ("post", "/admin/sair")]


@pytest.mark.parametrize("method, url", ADMIN_URLS)
def test_admin_requires_login(demo_app, method, url):
    """A page asked for (GET) sends to the login and back; an action (POST) is refused."""
    response = getattr(demo_app.test_client(), method)(url)
    if method == "get":
        assert response.status_code == 302
        assert response.headers["Location"] == f"/admin/entrar?next={url}"
    else:
        assert response.status_code == 401


def test_admin_login_lockout_triage_export_and_audit(demo_app):
    db = open_store(demo_app)
    staff_store.create_user(db, "fiscal", "senha-muito-segura-2026")
    close_store(db)
    client = demo_app.test_client()
    created = client.post("/api/v1/denuncias", json={"data_ocorrencia": "2026-11-20", "ocorrencias": ["sem_autorizacao"], "jurisdicao": "pe", "contato": CONTACT, "consentimento": True}).get_json()
    assert client.post("/admin/entrar", data={"usuario": "fiscal", "senha": "errada"}).status_code == 401
    assert client.post("/admin/entrar", data={"usuario": "fiscal", "senha": "senha-muito-segura-2026"}).status_code == 303
    dashboard = client.get("/admin/").get_data(as_text=True)
    assert created["protocolo"] in dashboard
    complaint_id = int(re.search(r"/admin/denuncias/(\d+)", dashboard).group(1))
    detail = client.get(f"/admin/denuncias/{complaint_id}").get_data(as_text=True)
    assert CONTACT["email"] not in detail
    assert CONTACT["email"] in client.get(f"/admin/denuncias/{complaint_id}?contato=1").get_data(as_text=True)
    assert client.post(f"/admin/denuncias/{complaint_id}/situacao", data={"situacao": "em_analise", "nota": "ok", "publica": "sim"}).status_code == 303
    assert client.post(f"/admin/denuncias/{complaint_id}/situacao", data={"situacao": "recebida"}).status_code == 400
    export = client.get("/admin/exportar.csv")
    assert export.mimetype == "text/csv" and created["protocolo"] in export.get_data(as_text=True)
    assert CONTACT["email"] not in export.get_data(as_text=True)
    audit = client.get("/admin/auditoria").get_data(as_text=True)
    for action in ("login", "viu_contato", "mudou_situacao", "exportou_denuncias", "login_falhou"):
        assert action in audit


def test_admin_registry_upload(demo_app):
    db = open_store(demo_app)
    staff_store.create_user(db, "cadastro", "senha-muito-segura-2026")
    close_store(db)
    client = demo_app.test_client()
    client.post("/admin/entrar", data={"usuario": "cadastro", "senha": "senha-muito-segura-2026"})
    ops, vehs = _files([f"{CNPJ_A},Rota,,pe,CRC-1,,2030-01-10,ativo,,,"], [f"QUA1960,{CNPJ_A},onibus,44,2019,2030-03-01,2030-05-10,ativo", "RUIM,x,,,,,,"])
    # The demo registry shrinks to one vehicle: the direct path asks the same explicit confirmation as the preview.
    response = client.post("/admin/registro", data={"operadoras": (ops, "o.csv"), "veiculos": (vehs, "v.csv"), "confirmo_reducao": "sim"},
                           content_type="multipart/form-data")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Cadastro substituído" in html and "placa inválida" in html
    data = client.get("/api/v1/veiculos/QUA1J60").get_json()
    assert data["situacao"] == "regular" and data["demonstracao"] is False


def test_lockout_after_repeated_failures(db):
    staff_store.create_user(db, "bia", "senha-muito-segura-2026")
    for _ in range(staff_store.MAX_FAILURES - 1):
        assert staff_store.authenticate(db, "bia", "errada") is None
    with pytest.raises(staff_store.LockedOut):
        staff_store.authenticate(db, "bia", "errada")
    with pytest.raises(staff_store.LockedOut):
        staff_store.authenticate(db, "bia", "senha-muito-segura-2026")
    hashed = db.execute("SELECT password_hash FROM staff_users WHERE username = 'bia'").fetchone()[0]
    assert hashed.startswith("scrypt:")


# -- a catalogue row's measures and who answers for it (issue #27) ------------------------------


def test_suggestion_shows_each_row_measure_and_who_answers_with_its_citation(demo_app):
    """The form's suggested rows carry the measure the law attaches (Recife Grupo 2: art. 38, § 1º "A retenção
    do veículo é cabível nas infrações dos Grupos 1 e 2") and the persons of arts. 33 and 34, linked to the reader."""
    client = demo_app.test_client()
    data = {"jurisdicao": "recife", "data_ocorrencia": "2026-11-20", "relato": "o motorista da kombi foi grosso e gritou com os passageiros"}
    partial = client.post("/denuncia/sugestao", data=data, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "grupo-2/ali-j" in partial
    assert re.search(r"Medida: retenção do veículo <span class=\"cites\"><a href=\"[^\"]*art-38/par-1", partial)
    assert "Quem responde:" in partial and "permissionário do STCP/Recife" in partial and "art-34" in partial
    english = client.post("/denuncia/sugestao", data=data, headers={"HX-Request": "true", "Accept-Language": "en"}).get_data(as_text=True)
    assert "Measure: retention of the vehicle" in english and "Who answers for it:" in english


def test_receipt_shows_the_row_measures_who_answers_and_says_when_the_law_names_nobody(demo_app):
    client = demo_app.test_client()
    # PE Anexo I, II, a (moderada until 12/11/2020): art. 29, § 1º retenção; § 4º recolhimento dos documentos; art. 23.
    sent = client.post("/denuncia", data={"jurisdicao": "pe", "data_ocorrencia": "2019-05-01", "relato": "o fretado levou gente em pé",
                                          "linha": "pe-lei-16205-2017 anexo-i/inc-2/ali-a", "chave": "k-medida"})
    assert sent.status_code == 303
    page = client.get(sent.headers["Location"]).get_data(as_text=True)
    assert "Medida: retenção do veículo — <q>A retenção do veículo é cabível em todas as infrações estabelecidas no Anexo I</q>" in page
    assert "Medida: recolhimento dos documentos obrigatórios" in page and "Medida: remoção" not in page
    assert "art-29/par-1" in page and "art-29/par-4" in page
    assert "Quem responde:" in page and "empresa autorizatária, preposto ou transportador" in page and "art-23" in page
    # Recife art. 45 says only "o infrator": the receipt says the law does not say who.
    sent = client.post("/denuncia", data={"jurisdicao": "recife", "data_ocorrencia": "2025-03-10", "relato": "carro sem permissão levando gente",
                                          "linha": "recife-lei-16856-2003 art-45", "chave": "k-medida-45"})
    page = client.get(sent.headers["Location"]).get_data(as_text=True)
    assert "Medida: apreensão do veículo" in page and "Quem responde: a lei não diz" in " ".join(page.split())


def test_the_api_receipt_is_unchanged_by_the_row_measures(demo_app):
    """The measures are shown on the pages; the JSON receipt keeps its documented fields only."""
    good = demo_app.test_client().post("/api/v1/denuncias", json={"jurisdicao": "sp", "data_ocorrencia": "2026-11-01", "relato": "veículo sem segurança",
                                                                  "linha": "sp-decreto-29912-1989 art-37/inc-5/ali-n"})
    assert good.status_code == 201
    assert set(good.get_json()["enquadramento"][0]) == {"ocorrencia", "rotulo", "descricao", "gravidade", "penalidade", "multa", "ressalvas", "citations"}
