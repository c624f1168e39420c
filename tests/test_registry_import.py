"""Registry import shows what it is doing (issue #16): stages recorded in the report, a bar
on a terminal, one plain line per stage elsewhere (CI), and the staff page's account of
what was received, validated and imported."""

from __future__ import annotations

import html
import io
import re

from app import create_app
from portal.cli import describe_import_stage, import_progress
from portal.database import close_store, open_store
from portal.progress import StageProgress, number
from portal.storage import staff as staff_store
from portal.storage.demo import cnpj_with_check_digits, formatted_cnpj
from portal.storage.registry_import import BATCH, Stage, import_registry
from tests.pages import visible_text as _text

CNPJ = formatted_cnpj(cnpj_with_check_digits("112223330001"))
OPS = ("cnpj,razao_social,nome_fantasia,jurisdicao,crc_numero,crc_emissao,crc_validade,situacao,modalidades,telefone,email\n"
       f"{CNPJ},Rota Turismo Ltda,Rota,pe,CRC-1,2026-01-10,2030-01-10,ativo,eventual,,\n").encode()
VEH_HEADER = "placa,cnpj,tipo,lugares,ano_fabricacao,vistoria_validade,seguro_validade,situacao\n"


def _vehicles(count: int, bad: int = 0) -> bytes:
    rows = [f"{'QRS'[n // 10_000]}UA{n % 10_000:04d},{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo\n" for n in range(count)]
    rows += [f"RUIM{n},{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo\n" for n in range(bad)]
    return (VEH_HEADER + "".join(rows)).encode()


class Recorder:
    def __init__(self):
        self.events = []

    def start(self, name, total):
        self.events.append(("start", name, total))

    def advance(self, done):
        self.events.append(("advance", done))

    def finish(self, stage):
        self.events.append(("finish", stage.name))


def test_each_stage_is_recorded_and_told_while_it_runs(db):
    vehicles = _vehicles(12_000, bad=3)
    recorder = Recorder()
    report = import_registry(db, io.BytesIO(OPS), io.BytesIO(vehicles), progress=recorder)
    assert [(s.name, s.received, s.read, s.accepted, s.rejected) for s in report.stages] == [
        ("operadoras", len(OPS), 1, 1, 0),
        ("veículos", len(vehicles), 12_003, 12_000, 3),
        ("gravação", None, 12_001, 12_001, 0),
        ("índices", None, 0, 0, 0),
    ]
    starts = [event for event in recorder.events if event[0] == "start"]
    assert starts == [("start", "operadoras", len(OPS)), ("start", "veículos", len(vehicles)), ("start", "gravação", 12_001), ("start", "índices", None)]
    assert [event[1] for event in recorder.events if event[0] == "finish"] == ["operadoras", "veículos", "gravação", "índices"]
    # While the vehicles are read, the position grows every BATCH rows and ends at the file's size.
    reading = recorder.events[recorder.events.index(starts[1]) + 1:recorder.events.index(("finish", "veículos"))]
    positions = [done for _, done in reading]
    assert len(positions) == 12_003 // BATCH + 1 and positions == sorted(positions) and positions[-1] == len(vehicles)
    # Writing: one step per batch of rows, operators then vehicles.
    writing = recorder.events[recorder.events.index(starts[2]) + 1:recorder.events.index(("finish", "gravação"))]
    assert writing == [("advance", 1), ("advance", 5_001), ("advance", 10_001), ("advance", 12_001)]


def test_outside_a_terminal_each_stage_is_one_plain_line():
    out = io.StringIO()
    progress = StageProgress(lambda stage: f"{stage.name}: pronto", file=out)
    assert progress.tty is False
    for name in ("operadoras", "veículos"):
        progress.start(name, 1000)
        progress.advance(500)
        progress.finish(Stage(name))
    assert out.getvalue() == "operadoras: pronto\nveículos: pronto\n"


def test_on_a_terminal_a_bar_redraws_in_place_then_gives_way_to_the_summary():
    out = io.StringIO()
    progress = StageProgress(describe_import_stage, file=out, tty=True, units={"veículos": "bytes"})
    progress.start("veículos", 80 * 1024 * 1024)
    progress.done = 20 * 1024 * 1024
    assert progress.bar() == "veículos    [######------------------]  25%  20,0 MB de 80,0 MB"
    progress.finish(Stage("veículos", received=80 * 1024 * 1024, read=1_000_000, accepted=999_990, rejected=10, seconds=14.26))
    text = out.getvalue()
    assert text.startswith("\rveículos    [------------------------]   0%  0,0 MB de 80,0 MB")
    assert "\rveículos    [########################] 100%  80,0 MB de 80,0 MB" in text
    assert text.endswith("\r\x1b[Kveículos (80,0 MB): linhas lidas: 1.000.000, aceitas: 999.990, rejeitadas: 10 (14,3 s)\n")


def test_numbers_are_written_the_brazilian_way():
    assert (number(1_000_000), number(3.14159, 1), number(0)) == ("1.000.000", "3,1", "0")


def test_cli_import_prints_a_line_per_stage_when_not_on_a_terminal(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    operators, vehicles = tmp_path / "o.csv", tmp_path / "v.csv"
    operators.write_bytes(OPS)
    vehicles.write_bytes(_vehicles(2, bad=1))
    result = app.test_cli_runner().invoke(args=["registry", "import", "--operators", str(operators), "--vehicles", str(vehicles)])
    assert result.exit_code == 0, result.output
    stages = [line for line in result.output.splitlines() if re.match(r"^(operadoras|veículos|gravação|índices)( \(|:)", line)]
    assert [re.sub(r" \(\d+,\d s\)$", "", line) for line in stages] == [
        "operadoras (0,0 MB): linhas lidas: 1, aceitas: 1, rejeitadas: 0",
        "veículos (0,0 MB): linhas lidas: 3, aceitas: 2, rejeitadas: 1",
        "gravação: linhas gravadas: 3",
        "índices: criados e cadastro trocado de uma vez",
    ]
    assert "veículos, linha 4: placa inválida: 'RUIM0'" in result.output.splitlines()
    assert "\r" not in result.output


def test_import_progress_follows_the_terminal():
    assert import_progress(file=io.StringIO()).tty is False
    assert import_progress(file=io.StringIO(), tty=True).tty is True


def test_staff_page_says_what_was_received_validated_and_imported(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    store = open_store(app)
    staff_store.create_user(store, "cadastro", "senha-muito-segura-2026")
    close_store(store)
    client = app.test_client()
    assert client.post("/admin/entrar", data={"usuario": "cadastro", "senha": "senha-muito-segura-2026"}).status_code == 303
    form = client.get("/admin/registro").get_data(as_text=True)
    assert 'data-busy hidden>Enviando os arquivos e validando… aguarde nesta página.<' in form
    vehicles = _vehicles(2, bad=1)
    response = client.post("/admin/registro", content_type="multipart/form-data",
                           data={"operadoras": (io.BytesIO(OPS), "operadoras-2026.csv"), "veiculos": (io.BytesIO(vehicles), "veiculos-2026.csv")})
    assert response.status_code == 200
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))
    assert "Recebido: operadoras-2026.csv (0,0 MB), veiculos-2026.csv (0,0 MB)." in text
    assert ("Validado: Operadoras: linhas lidas: 1, aceitas: 1, rejeitadas: 0; "
            "Veículos: linhas lidas: 3, aceitas: 2, rejeitadas: 1.") in text
    assert re.search(r"Importado: operadoras: 1, veículos: 2 — gravados e trocados de uma vez, em \d+,\d s\.", text)
    assert "Linhas rejeitadas Arquivo Linha Motivo veículos 4 placa inválida: 'RUIM0'" in text


# -- issue #28 / #34: each place's format, a bad file never empties the registry, preview first ------------

from datetime import date  # noqa: E402

from knowledge.plates import plate_key  # noqa: E402
from portal.storage.registry import find_vehicle  # noqa: E402
from portal.storage.registry_import import current_size, preview_registry  # noqa: E402

TODAY = date(2026, 12, 1)
OPS_HEADER = "cnpj,razao_social,nome_fantasia,jurisdicao,crc_numero,crc_emissao,crc_validade,situacao,modalidades,telefone,email"
SP_CNPJ = formatted_cnpj(cnpj_with_check_digits("998877660001"))
RC_CNPJ = formatted_cnpj(cnpj_with_check_digits("776655440001"))


def _import(db, ops: str, vehicles: str, **kwargs):
    return import_registry(db, io.BytesIO(ops.encode()), io.BytesIO(vehicles.encode()), today=TODAY, **kwargs)


def test_a_vehicles_file_whose_every_row_is_rejected_keeps_the_registry(db):
    """Finding 4 of issue #34: good operators and a vehicles file of rejected rows used to leave 0 vehicles."""
    assert _import(db, OPS.decode(), _vehicles(30).decode()).replaced
    bad = VEH_HEADER + "".join(f"RUIM{n},{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo\n" for n in range(5))
    report = _import(db, OPS.decode(), bad)
    assert not report.replaced and report.kept == "veiculos_rejeitados" and report.rejected_count == 5
    assert current_size(db) == 30 and find_vehicle(db, plate_key("QUA0000")) is not None


def test_each_place_is_imported_in_its_own_law(db):
    ops = "\n".join([
        OPS_HEADER + ",pessoa",
        f"{CNPJ},Rota Turismo Ltda,Rota,pe,CRC-1,2026-01-10,2027-01-10,ativo,eventual|turistico,,,",
        f"{SP_CNPJ},Paulista Fretamento Ltda,,sp,SP-9,2024-01-10,2029-01-10,suspenso,continuo,,,",  # no suspension in SP: a warning
        f"{RC_CNPJ},Permissionário 7,,recife,P-7,2026-01-10,2027-01-10,ativo,stcp,,,fisica",
        f"{formatted_cnpj(cnpj_with_check_digits('665544330001'))},Outra,,sp,SP-10,,2029-01-10,ativo,turistico,,,",  # not an SP modality
        f"{formatted_cnpj(cnpj_with_check_digits('554433220001'))},Outro,,recife,P-8,,2027-01-10,ativo,stcp,,,empresa",  # unknown kind
    ]) + "\n"
    vehicles = "placa,cnpj,tipo,lugares,ano_fabricacao,vistoria_validade,seguro_validade,situacao,categoria,ingresso\n" + "\n".join([
        f"KGT2E47,{CNPJ},onibus,44,2020,2027-03-01,2027-05-10,ativo,,",
        f"FRT4E22,{SP_CNPJ},onibus,46,2018,2027-03-01,2027-05-10,ativo,M3,2019-02-01",
        f"PGR6D78,{RC_CNPJ},micro_onibus,16,2023,2027-03-01,2027-05-10,ativo,,2023-06-01",
        f"PGR6D79,{RC_CNPJ},micro_onibus,16,2023,2027-03-01,2027-05-10,ativo,,",
        f"SPB1C22,{SP_CNPJ},onibus,46,2018,2027-03-01,2027-05-10,ativo,M4,",  # no such category
        f"SPB1C23,{SP_CNPJ},onibus,46,2018,2027-03-01,2027-05-10,ativo,M3,2017-01-01",  # entered before it was made
    ]) + "\n"
    report = _import(db, ops, vehicles)
    assert report.replaced and report.operators == 3 and report.vehicles == 4
    reasons = {(r.file, r.line): r.reason for r in report.rejected}
    assert "modalidade que a lei de São Paulo não conhece: turistico" in reasons[("operadoras", 5)]
    assert "Regulamento, art. 7º" in reasons[("operadoras", 5)] and "Regulamento, art. 8º" in reasons[("operadoras", 5)]
    assert "pessoa desconhecida: 'empresa' (use fisica ou juridica)" == reasons[("operadoras", 6)]
    assert reasons[("veículos", 6)].startswith("categoria desconhecida: 'M4'")
    assert reasons[("veículos", 7)] == "ingresso (2017-01-01) anterior ao ano de fabricação (2018)"
    assert any("não prevê suspensão do registro entre as penalidades (Decreto 29.912/1989 (SP), Regulamento, art. 34)" in w.reason for w in report.warnings)
    operator, vehicle = find_vehicle(db, "PGR6D78")
    assert operator["pessoa"] == "fisica" and operator["veiculos_ativos"] == 2 and vehicle["ingresso"] == "2023-06-01"
    assert find_vehicle(db, "FRT4E22")[1]["categoria"] == "M3"


def test_files_of_the_old_format_still_import(db):
    report = _import(db, OPS.decode(), _vehicles(3).decode())
    assert report.replaced and report.vehicles == 3
    operator, vehicle = find_vehicle(db, plate_key("QUA0001"))
    assert operator["pessoa"] is None and vehicle["categoria"] is None and vehicle["ingresso"] is None


def test_preview_counts_what_changes_and_an_import_that_shrinks_the_registry_needs_a_yes(db):
    assert _import(db, OPS.decode(), _vehicles(40).decode()).replaced
    # 3 of the 40 kept (one changed), 2 new, 2 rejected: 37 removed
    rows = [f"QUA{n:04d},{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo" for n in range(2)]
    rows += [f"QUA0002,{CNPJ},onibus,44,2019,2031-03-01,2030-05-10,ativo", f"ZZZ1A11,{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo",
             f"ZZZ1A12,{CNPJ},micro_onibus,20,2020,2030-03-01,2030-05-10,ativo", f"RUIM1,{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo",
             f"RUIM2,{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo"]
    smaller = VEH_HEADER + "\n".join(rows) + "\n"
    preview = preview_registry(db, io.BytesIO(OPS), io.BytesIO(smaller.encode()), today=TODAY)
    assert (preview.current, preview.after, preview.added, preview.removed, preview.changed) == (40, 5, 2, 37, 1)
    assert preview.report.rejected_count == 2 and preview.samples["added"] == ["ZZZ1A11", "ZZZ1A12"] and preview.samples["changed"] == ["QUA0002"]
    assert preview.needs_confirmation(0.10) and round(preview.shrink, 3) == 0.875
    assert current_size(db) == 40  # a preview writes nothing
    refused = _import(db, OPS.decode(), smaller, max_shrink=0.10)
    assert not refused.replaced and refused.kept == "reducao" and refused.current_vehicles == 40 and current_size(db) == 40
    assert _import(db, OPS.decode(), smaller).replaced and current_size(db) == 5
    # growing or shrinking by less than 10 % asks nothing
    assert not preview_registry(db, io.BytesIO(OPS), io.BytesIO(_vehicles(5).decode().encode()), today=TODAY).needs_confirmation(0.10)


def _staff(app, name="cadastro"):
    store = open_store(app)
    staff_store.create_user(store, name, "senha-muito-segura-2026")
    close_store(store)
    client = app.test_client()
    assert client.post("/admin/entrar", data={"usuario": name, "senha": "senha-muito-segura-2026"}).status_code == 303
    return client



def test_staff_preview_then_confirm_with_the_shrink_ticked(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    client = _staff(app)
    form = client.get("/admin/registro").get_data(as_text=True)
    assert 'action="/admin/registro/previa"' in form and "Ver o que muda (prévia)" in form
    first = client.post("/admin/registro/previa", content_type="multipart/form-data",
                        data={"operadoras": (io.BytesIO(OPS), "o.csv"), "veiculos": (io.BytesIO(_vehicles(20)), "v.csv")})
    assert first.status_code == 200 and "Prévia: o que muda se você confirmar" in _text(first)
    token = re.search(r'name="previa" value="([^"]+)"', first.get_data(as_text=True)).group(1)
    with app.app_context():
        from portal.database import get_db
        assert current_size(get_db()) == 0  # nothing written before the confirmation
    done = client.post("/admin/registro/confirmar", data={"previa": token})
    assert done.status_code == 200 and "Cadastro substituído" in _text(done)
    # now a file with 2 vehicles: the preview warns and the confirmation needs the tick
    small = client.post("/admin/registro/previa", content_type="multipart/form-data",
                        data={"operadoras": (io.BytesIO(OPS), "o.csv"), "veiculos": (io.BytesIO(_vehicles(2)), "v.csv")})
    text = _text(small)
    assert "Atenção: o cadastro encolheria 90 %, de 20 para 2 veículos." in text and "Removidos 18" in text
    token = re.search(r'name="previa" value="([^"]+)"', small.get_data(as_text=True)).group(1)
    unticked = client.post("/admin/registro/confirmar", data={"previa": token})
    assert unticked.status_code == 400 and "Confirme a redução do cadastro" in _text(unticked)
    other = _staff(app, "outra")
    assert other.post("/admin/registro/confirmar", data={"previa": token, "confirmo_reducao": "sim"}).status_code == 410
    ticked = client.post("/admin/registro/confirmar", data={"previa": token, "confirmo_reducao": "sim"})
    assert ticked.status_code == 200 and "Cadastro substituído" in _text(ticked)
    assert client.post("/admin/registro/confirmar", data={"previa": token, "confirmo_reducao": "sim"}).status_code == 410  # used once
    with app.app_context():
        from portal.database import get_db
        assert current_size(get_db()) == 2
    # a vehicles file of rejected rows: the preview says the registry would be kept, and offers no confirmation
    bad = (VEH_HEADER + f"RUIM1,{CNPJ},onibus,44,2019,2030-03-01,2030-05-10,ativo\n").encode()
    kept = client.post("/admin/registro/previa", content_type="multipart/form-data",
                       data={"operadoras": (io.BytesIO(OPS), "o.csv"), "veiculos": (io.BytesIO(bad), "v.csv")})
    assert kept.status_code == 400 and "todas as linhas do arquivo de veículos foram rejeitadas" in _text(kept)
    assert 'name="previa"' not in kept.get_data(as_text=True)


def test_two_imports_on_one_day_publish_two_versions_of_the_open_data(tmp_path, index_dir):
    from portal.opendata import packages

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    operators, vehicles = tmp_path / "o.csv", tmp_path / "v.csv"
    operators.write_bytes(OPS)
    for count in (3, 4):
        vehicles.write_bytes(_vehicles(count))
        assert app.test_cli_runner().invoke(args=["registry", "import", "--operators", str(operators), "--vehicles", str(vehicles)]).exit_code == 0
    stamps = packages(tmp_path)
    assert len(stamps) == 2 and stamps[0] == stamps[1] + ".2"
    rows = [(tmp_path / "dados-abertos" / s / "veiculos.csv").read_text(encoding="utf-8").count("\n") for s in stamps]
    assert rows == [5, 4]  # header + 4, header + 3: the first package was not overwritten
    assert app.test_client().get(f"/dados-abertos/{stamps[0]}/veiculos.csv").status_code == 200


def test_the_direct_import_path_never_shrinks_the_registry_without_the_preview(tmp_path, index_dir):
    """POST /admin/registro (the form without the preview) refuses what the preview would ask to confirm."""
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    client = _staff(app)
    full = client.post("/admin/registro", content_type="multipart/form-data",
                       data={"operadoras": (io.BytesIO(OPS), "o.csv"), "veiculos": (io.BytesIO(_vehicles(20)), "v.csv")})
    assert full.status_code == 200
    small = client.post("/admin/registro", content_type="multipart/form-data",
                        data={"operadoras": (io.BytesIO(OPS), "o.csv"), "veiculos": (io.BytesIO(_vehicles(2)), "v.csv")})
    assert small.status_code == 400
    with app.app_context():
        from portal.database import get_db
        assert current_size(get_db()) == 20
