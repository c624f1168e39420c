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
    assert 'data-busy hidden>Enviando os arquivos, validando e importando… aguarde nesta página.<' in form
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
