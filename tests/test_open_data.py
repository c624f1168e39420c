"""Open data: the dated Frictionless package written at each registry import, minimised per LGPD.

The package is validated with the ``frictionless`` library (schemas, types,
constraints, both the CSV and the JSON of every table).
"""

from __future__ import annotations

import csv
import io
import json
import os
import time
from datetime import datetime
from pathlib import Path

import frictionless
import pytest

from app import create_app
from knowledge.open_data import complaint_statistics, is_natural_person
from knowledge.places import PLACES
from portal import opendata
from portal.storage import staff as staff_store
from portal.storage.db import connect
from portal.storage.demo import cnpj_with_check_digits, formatted_cnpj

COMPANY = cnpj_with_check_digits("112223330001")
MEI = cnpj_with_check_digits("345678910001")
OLD_MEI = cnpj_with_check_digits("556677880001")
FORMULA = cnpj_with_check_digits("667788990001")
OPS = [
    "cnpj,razao_social,nome_fantasia,jurisdicao,crc_numero,crc_emissao,crc_validade,situacao,modalidades,telefone,email",
    f"{formatted_cnpj(COMPANY)},Rota Turismo Ltda,Rota,pe,CRC-1,2026-01-10,2027-01-10,ativo,eventual|turistico,(81) 3333-4444,contato@rota.example",
    # the Receita Federal's MEI name: the CNPJ root, then the holder's civil name
    f"{formatted_cnpj(MEI)},34.567.891 MARIA JOSE DA SILVA,Van da Maria,ac,AC-77,,2027-03-01,ativo,eventual,(68) 99999-0000,maria@example.com",
    # an older MEI: the civil name followed by the holder's CPF
    f"{formatted_cnpj(OLD_MEI)},JOAO PEREIRA 12345678909,,recife,P-9,,2026-12-31,suspenso,,,",
    # a name typed like a spreadsheet formula
    f"{formatted_cnpj(FORMULA)},=HYPERLINK(\"http://x.example\") Turismo,,sp,SP-1,,2027-01-01,ativo,eventual,,",
]
VEHS = [
    "placa,cnpj,tipo,lugares,ano_fabricacao,vistoria_validade,seguro_validade,situacao",
    f"KGT2E47,{COMPANY},onibus,44,2019,2027-03-01,2027-05-10,ativo",
    f"QUA1960,{MEI},automovel,7,2022,2027-02-01,2027-02-01,ativo",
    f"PGR6D78,{OLD_MEI},micro_onibus,16,2018,2026-01-01,2026-01-01,retirado",
]


@pytest.mark.parametrize("name, cnpj, expected", [
    ("34.567.891 MARIA JOSE DA SILVA", MEI, True),
    ("34567891 MARIA JOSE DA SILVA", MEI, True),
    ("JOAO PEREIRA 12345678909", OLD_MEI, True),
    ("JOAO PEREIRA 123.456.789-09", OLD_MEI, True),
    ("Ana Souza MEI", COMPANY, True),
    ("Rota Turismo Ltda", COMPANY, False),
    ("Transportes 2020 Ltda", COMPANY, False),
    ("Meireles Turismo Ltda", COMPANY, False),  # "MEI" inside a word is not the word MEI
    ("99.888.777 Transportes Ltda", COMPANY, False),  # digits first, but not its own CNPJ root
])
def test_the_individual_operator_rule(name, cnpj, expected):
    assert is_natural_person(name, cnpj) is expected


def test_small_counts_are_suppressed_and_nothing_else_is_read():
    complaints = (
        [{"criada_em": "2026-10-03T10:00:00-03:00", "jurisdicao": "pe", "ocorrencias": ["sem_autorizacao"], "situacao": "recebida"}] * 6
        + [{"criada_em": "2026-10-20T10:00:00-03:00", "jurisdicao": "pe", "ocorrencias": ["sem_autorizacao", "porta_aberta"], "situacao": "arquivada"}] * 2
        + [{"criada_em": "2026-11-01T09:00:00-03:00", "jurisdicao": "ac", "ocorrencias": ["porta_aberta"], "situacao": "recebida"}] * 5
    )
    assert complaint_statistics(complaints) == [
        {"mes": "2026-10", "jurisdicao": "pe", "ocorrencia": "porta_aberta", "situacao": "arquivada", "denuncias": "<5"},
        {"mes": "2026-10", "jurisdicao": "pe", "ocorrencia": "sem_autorizacao", "situacao": "arquivada", "denuncias": "<5"},
        {"mes": "2026-10", "jurisdicao": "pe", "ocorrencia": "sem_autorizacao", "situacao": "recebida", "denuncias": 6},
        {"mes": "2026-11", "jurisdicao": "ac", "ocorrencia": "porta_aberta", "situacao": "recebida", "denuncias": 5},
    ]


@pytest.fixture()
def imported(tmp_path, index_dir, store_config):
    """Complaints in the shared store (SQLite, then PostgreSQL): the statistics query runs on both engines."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False, **store_config})
    ops, vehs = tmp_path / "o.csv", tmp_path / "v.csv"
    ops.write_text("\n".join(OPS) + "\n", encoding="utf-8")
    vehs.write_text("\n".join(VEHS) + "\n", encoding="utf-8")
    client = app.test_client()
    # complaints: 5 alike in Pernambuco and one in Acre, with narrative, plate and contact
    for n in range(6):
        body = {"data_ocorrencia": "2026-11-01", "ocorrencias": ["sem_autorizacao"], "jurisdicao": "ac" if n == 5 else "pe", "placa": "KGT2E47",
                "relato": f"Relato secreto número {n}", "contato": {"nome": "Fulana Denunciante", "email": "fulana@example.com"}, "consentimento": True}
        assert client.post("/api/v1/denuncias", json=body).status_code == 201
    result = app.test_cli_runner().invoke(args=["registry", "import", "--operators", str(ops), "--vehicles", str(vehs)])
    assert result.exit_code == 0, result.output
    return app


def rows_of(path: Path) -> list[dict]:
    header, *rows = json.loads(path.read_text(encoding="utf-8"))
    return [dict(zip(header, row)) for row in rows]


def _package(app) -> Path:
    stamps = opendata.packages(app.config["DATA_DIR"])
    assert len(stamps) == 1  # dated by the import (UTC date of registro_atualizado_em)
    return Path(app.config["DATA_DIR"]) / "dados-abertos" / stamps[0]


def test_import_writes_a_valid_frictionless_package(imported):
    folder = _package(imported)
    assert sorted(p.name for p in folder.iterdir()) == sorted(opendata.FILES)
    report = frictionless.validate(str(folder / "datapackage.json"))
    assert report.valid, report.flatten(["rowNumber", "fieldName", "type", "note"])
    # three tables, each as CSV, the spreadsheet CSV (";" and a BOM, issue #31) and JSON: frictionless reads all nine
    assert len(report.tasks) == 9 and all(task.stats["rows"] > 0 for task in report.tasks)
    meta = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
    assert meta["licenses"] == [{"name": "CC-BY-4.0", "title": "Creative Commons Atribuição 4.0 Internacional", "path": "https://creativecommons.org/licenses/by/4.0/"}]
    csv_resource = next(r for r in meta["resources"] if r["name"] == "operadoras-csv")
    assert csv_resource["encoding"] == "utf-8" and csv_resource["dialect"]["delimiter"] == ","
    # every field of every table is described (the data dictionary)
    assert all(f["description"] for r in meta["resources"] for f in r["schema"]["fields"])


def test_individuals_are_minimised_and_contacts_never_published(imported):
    folder = _package(imported)
    operators = {row["cnpj"]: row for row in csv.DictReader(io.StringIO((folder / "operadoras.csv").read_text(encoding="utf-8")))}
    assert operators[formatted_cnpj(COMPANY)]["razao_social"] == "Rota Turismo Ltda"
    assert operators[formatted_cnpj(COMPANY)]["pessoa_natural"] == "false"
    for individual in (MEI, OLD_MEI):
        row = operators[formatted_cnpj(individual)]
        assert (row["pessoa_natural"], row["razao_social"], row["nome_fantasia"]) == ("true", "", "")
    assert operators[formatted_cnpj(MEI)]["crc_numero"] == "AC-77" and operators[formatted_cnpj(MEI)]["orgao_regulador"].startswith("AGEAC")
    json_rows = rows_of(folder / "operadoras.json")
    assert [r["pessoa_natural"] for r in json_rows] == [False, True, True, False]
    assert operators[formatted_cnpj(FORMULA)]["razao_social"] == "'=HYPERLINK(\"http://x.example\") Turismo"  # shown as text by a spreadsheet
    everything = "".join(p.read_text(encoding="utf-8") for p in folder.iterdir())
    for secret in ("MARIA JOSE", "JOAO PEREIRA", "12345678909", "Van da Maria", "3333-4444", "contato@rota.example", "maria@example.com",
                   "Fulana", "fulana@example.com", "Relato secreto", "EL-20"):
        assert secret not in everything, secret
    vehicles = rows_of(folder / "veiculos.json")
    assert vehicles[0] == {"placa": "KGT2E47", "cnpj_operadora": formatted_cnpj(COMPANY), "tipo": "onibus", "lugares": 44, "ano_fabricacao": 2019,
                           "vistoria_validade": "2027-03-01", "seguro_validade": "2027-05-10", "situacao": "ativo"}


def test_complaint_statistics_in_the_package_and_their_refresh(imported):
    folder = _package(imported)
    rows = rows_of(folder / "denuncias-estatisticas.json")
    # Each complaint counts in the month where it was filed, in its place's time: from 03:00 to 05:00 UTC
    # on the 1st, it is already the new month in Pernambuco (UTC-3) and still the last one in Acre (UTC-5).
    month, month_ac = (datetime.now(PLACES[j].zone).strftime("%Y-%m") for j in ("pe", "ac"))
    assert rows == [
        {"mes": month_ac, "jurisdicao": "ac", "ocorrencia": "sem_autorizacao", "situacao": "recebida", "denuncias": "<5"},
        {"mes": month, "jurisdicao": "pe", "ocorrencia": "sem_autorizacao", "situacao": "recebida", "denuncias": 5},
    ]
    assert (folder / "denuncias-estatisticas.csv").read_text(encoding="utf-8").splitlines() == [
        '"mes","jurisdicao","ocorrencia","situacao","denuncias"', f'"{month_ac}","ac","sem_autorizacao","recebida","<5"', f'"{month}","pe","sem_autorizacao","recebida","5"']
    client = imported.test_client()
    assert client.post("/api/v1/denuncias", json={"data_ocorrencia": "2026-11-01", "ocorrencias": ["sem_autorizacao"], "jurisdicao": "pe"}).status_code == 201
    # fresh statistics are served as they are (cached for an hour) …
    assert f'"{month}","pe","sem_autorizacao","recebida","5"\r\n' in client.get(f"/dados-abertos/{folder.name}/denuncias-estatisticas.csv").get_data(as_text=True)
    # … and recomputed once older than that
    old = time.time() - opendata.STATS_MAX_AGE - 1
    os.utime(folder / "denuncias-estatisticas.csv", (old, old))
    assert f'"{month}","pe","sem_autorizacao","recebida","6"\r\n' in client.get(f"/dados-abertos/{folder.name}/denuncias-estatisticas.csv").get_data(as_text=True)
    assert frictionless.validate(str(folder / "datapackage.json")).valid


def test_page_and_downloads(imported):
    client = imported.test_client()
    stamp = _package(imported).name
    html = client.get("/dados-abertos").get_data(as_text=True)
    for text in ("Dados abertos", f"/dados-abertos/{stamp}/datapackage.json", f"/dados-abertos/{stamp}/operadoras.csv", "Creative Commons Atribuição 4.0",
                 "Dicionário de dados", "pessoa_natural", "separado por vírgula", "“&lt;5”"):
        assert text in html, text
    response = client.get(f"/dados-abertos/{stamp}/veiculos.csv")
    assert response.status_code == 200 and response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert f'filename="veiculos-{stamp}.csv"' in response.headers["Content-Disposition"]
    # A CSV downloads (a phone showed it as text, inline: review of #31); the descriptor stays readable.
    for name in ("operadoras.csv", "veiculos.csv", "operadoras-planilha.csv", "denuncias-estatisticas.csv"):
        got = client.get(f"/dados-abertos/{stamp}/{name}")
        if got.status_code == 200:
            assert got.headers["Content-Disposition"] == f'attachment; filename="{name[:-4]}-{stamp}.csv"', name
    assert client.get(f"/dados-abertos/{stamp}/datapackage.json").headers["Content-Disposition"].startswith("inline;")
    for bad in (f"/dados-abertos/{stamp}/portal.db", "/dados-abertos/2020-01-01/veiculos.csv", f"/dados-abertos/{stamp}/..%2Fportal.db", "/dados-abertos/x/veiculos.csv"):
        assert client.get(bad).status_code == 404, bad
    short = client.get("/dados")  # the address people guess
    assert short.status_code == 301 and short.headers["Location"].endswith("/dados-abertos")


def test_no_package_before_the_first_import_and_configurable_licence(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "OPEN_DATA_LICENSE": "CC0-1.0"})
    html = app.test_client().get("/dados-abertos").get_data(as_text=True)
    assert "Ainda não há dados publicados" in html
    assert app.test_cli_runner().invoke(args=["dados-abertos", "gerar"]).exit_code == 1
    assert app.test_cli_runner().invoke(args=["registry", "demo"]).exit_code == 0
    folder = Path(tmp_path) / "dados-abertos" / opendata.packages(tmp_path)[0]
    meta = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
    assert meta["licenses"][0]["name"] == "CC0-1.0" and "DEMONSTRAÇÃO" in meta["title"]
    assert frictionless.validate(str(folder / "datapackage.json")).valid
    with pytest.raises(RuntimeError, match="PORTAL_OPEN_DATA_LICENSE"):
        create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "OPEN_DATA_LICENSE": "proprietaria"})


def test_staff_upload_refreshes_the_package(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    db = connect(tmp_path / "portal.db")
    staff_store.create_user(db, "cadastro", "senha-muito-segura-2026")
    db.conn.close()
    client = app.test_client()
    client.post("/admin/entrar", data={"usuario": "cadastro", "senha": "senha-muito-segura-2026"})
    assert opendata.packages(tmp_path) == []
    response = client.post("/admin/registro", data={"operadoras": (io.BytesIO("\n".join(OPS).encode()), "o.csv"), "veiculos": (io.BytesIO("\n".join(VEHS).encode()), "v.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 200
    folder = Path(tmp_path) / "dados-abertos" / opendata.packages(tmp_path)[0]
    assert [r["placa"] for r in rows_of(folder / "veiculos.json")] == ["KGT2E47", "PGR6D78", "QUA1960"]


def test_a_permit_holder_the_registry_calls_a_person_is_never_published_by_name():
    """Recife's permissão goes to a pessoa física (Lei 16.856/2003, art. 6): the registry's own "pessoa" wins
    over any guess from the name."""
    from knowledge.open_data import operator_row

    row = operator_row({"razao_social": "José da Silva Transportes", "cnpj": "11222333000181", "pessoa": "fisica", "jurisdicao": "recife",
                        "crc_numero": "P-1", "crc_validade": "2027-01-01", "situacao": "ativo"}, "Prefeitura do Recife", "11.222.333/0001-81")
    assert row["pessoa_natural"] is True and row["razao_social"] == "" and row["nome_fantasia"] == ""
