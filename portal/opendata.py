"""Open data: the dated package written at each registry import, and the /dados-abertos page.

What is published and how it is minimised is decided in ``knowledge/open_data.py``;
this module writes it to disk and serves it.

- **When.**  Every registry import (``flask registry import``, ``flask registry
  demo`` and the staff upload) writes a new package into
  ``<PORTAL_DATA_DIR>/dados-abertos/<AAAA-MM-DD>/`` (the import's date, UTC; a
  second import on the same day gets its own version, ``<AAAA-MM-DD>.2``, ``.3``…, so a
  package once published is never overwritten by another registry — issue #28; the same
  registry written again, ``flask dados-abertos gerar``, replaces its own folder).  Requests only read
  files: nothing is computed per request except the complaint statistics, below.
  The last :data:`KEEP` packages are kept and listed on the page.
- **Complaint statistics** change with every complaint, not with imports: the
  latest package's statistics files are recomputed when they are older than
  :data:`STATS_MAX_AGE` seconds at the moment someone asks for the page or a file
  (and at each import).  ``flask dados-abertos gerar`` rewrites the package on
  demand (e.g. from cron).
- **Format.**  A Frictionless Data package (``datapackage.json``, Data Package v1
  with Table Schemas): each table as CSV (UTF-8, delimiter ``,``, header row, every
  cell quoted, a text starting like a spreadsheet formula prefixed with ``'``) and
  as JSON (a list of lists, the header first: the CSV's shape with JSON numbers
  and booleans, and valid even for a table with no rows — a list of objects
  cannot say its columns when empty), both described by the same schema, which is the
  data dictionary (also shown on the page).  Licence: ``PORTAL_OPEN_DATA_LICENSE``
  (an SPDX id among :data:`knowledge.open_data.LICENSES`; CC-BY-4.0 by default).
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import click
from flask import Blueprint, Flask, abort, current_app, redirect, render_template, send_from_directory, url_for
from flask.cli import AppGroup

from knowledge.open_data import (
    COMPLAINT_FIELDS, CSV_DELIMITER, DEFAULT_LICENSE, LICENSES, OPERATOR_FIELDS, SPREADSHEET_DELIMITER, SPREADSHEET_SUFFIX, SUPPRESSED, VEHICLE_FIELDS,
    complaint_statistics, operator_row,
)
from knowledge.citations import N_
from knowledge.places import PLACES

from .csv_export import export_csv
from .database import get_store
from .lookup import format_cnpj
from .storage.db import get_meta

log = logging.getLogger("portal.opendata")

bp = Blueprint("opendata", __name__)

FOLDER = "dados-abertos"
KEEP = 24
STATS_MAX_AGE = 3600
STAMP_RE = re.compile(r"^\d{4}-\d{2}-\d{2}(?:\.\d{1,4})?$")  # the day, then the version of a later import that day


def _stamp_order(stamp: str) -> tuple[str, int]:
    day, _, version = stamp.partition(".")
    return day, int(version or 1)
TABLES = {
    # name: (fields, title, description)
    "operadoras": (OPERATOR_FIELDS, N_("Operadoras"), "Operadoras registradas, com o registro (CRC) e as modalidades."),
    "veiculos": (VEHICLE_FIELDS, N_("Veículos"), "Veículos da frota das operadoras, com vistoria e seguro."),
    "denuncias-estatisticas": (COMPLAINT_FIELDS, N_("Estatísticas de denúncias"), "Contagens de denúncias por mês, lugar, ocorrência e situação; contagens de 1 a 4 como \u201c<5\u201d."),
}
FILES = {f"{name}.{ext}" for name in TABLES for ext in ("csv", "json")} | {f"{name}{SPREADSHEET_SUFFIX}.csv" for name in TABLES} | {"datapackage.json"}


def root(data_dir: str | Path) -> Path:
    return Path(data_dir) / FOLDER


def packages(data_dir: str | Path) -> list[str]:
    """The dated packages on disk, newest first."""
    folder = root(data_dir)
    if not folder.is_dir():
        return []
    return sorted((p.name for p in folder.iterdir() if p.is_dir() and STAMP_RE.match(p.name) and (p / "datapackage.json").exists()), key=_stamp_order, reverse=True)


def _version_of(base: Path, day: str, work: Path) -> str:
    """The folder name for the package just written in ``work``: the folder of the day that
    already holds this very registry (the same operators and vehicles: ``flask dados-abertos
    gerar`` writing it again, with fresh statistics), else the day for the first registry of
    the day and ``<day>.N`` for each later one — a published package is never overwritten
    by another registry."""
    version = 1
    while True:
        stamp = day if version == 1 else f"{day}.{version}"
        existing = base / stamp
        if not (existing / "datapackage.json").exists():
            return stamp
        if all(_same_file(existing / name, work / name) for name in ("operadoras.csv", "veiculos.csv")):
            return stamp
        version += 1


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def license_info(license_id: str | None) -> dict:
    license_id = license_id or DEFAULT_LICENSE
    title, path = LICENSES[license_id]
    return {"name": license_id, "title": title, "path": path}


# -- the tables ---------------------------------------------------------------------------------------


def _operators(db) -> list[dict]:
    rows = db.execute(
        "SELECT cnpj, razao_social, nome_fantasia, jurisdicao, crc_numero, crc_validade, situacao, modalidades FROM operators ORDER BY cnpj"
    ).fetchall()
    keys = ("cnpj", "razao_social", "nome_fantasia", "jurisdicao", "crc_numero", "crc_validade", "situacao", "modalidades")
    return [operator_row(dict(zip(keys, row)), PLACES[row[3]].agency, format_cnpj(row[0])) for row in rows]


def _vehicles(db) -> list[dict]:
    rows = db.execute(
        "SELECT placa, cnpj, tipo, lugares, ano_fabricacao, vistoria_validade, seguro_validade, situacao FROM vehicles ORDER BY placa"
    ).fetchall()
    return [
        {"placa": p, "cnpj_operadora": format_cnpj(c), "tipo": t, "lugares": n, "ano_fabricacao": a, "vistoria_validade": v or "", "seguro_validade": s or "", "situacao": st}
        for p, c, t, n, a, v, s, st in rows
    ]


def _complaints(db) -> list[dict]:
    rows = db.execute("SELECT criada_em, jurisdicao, ocorrencias, situacao FROM complaints").fetchall()
    out = []
    for criada_em, jurisdicao, ocorrencias, situacao in rows:
        # SQLite gives text; the PostgreSQL store may give a timestamp and a decoded list
        created = criada_em if isinstance(criada_em, datetime) else datetime.fromisoformat(criada_em)
        local = created.astimezone(PLACES[jurisdicao].zone)  # the month where it was filed
        occurrences = ocorrencias if isinstance(ocorrencias, list) else json.loads(ocorrencias)
        out.append({"criada_em": local.isoformat(), "jurisdicao": jurisdicao, "ocorrencias": occurrences, "situacao": situacao})
    return out


def _csv(rows: list[dict], fields, *, spreadsheet: bool = False) -> str:
    """Through the portal's spreadsheet-safe writer (every cell quoted; a text that a spreadsheet
    would run as a formula gets a leading apostrophe): names come from the registry as typed.
    ``spreadsheet``: the ";"-separated variant with a byte-order mark (knowledge/open_data.py)."""
    names = [f.name for f in fields]
    cells = ({n: "true" if row[n] is True else "false" if row[n] is False else row[n] for n in names} for row in rows)
    if spreadsheet:
        return export_csv(cells, names, delimiter=SPREADSHEET_DELIMITER, bom=True)
    return export_csv(cells, names)


def _json(rows: list[dict], fields) -> str:
    """A list of lists, the header first (the CSV's shape with JSON types): valid even with no rows."""
    names = [f.name for f in fields]
    lines = [json.dumps(names, ensure_ascii=False)] + [json.dumps([row[n] for n in names], ensure_ascii=False) for row in rows]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def _write_table(folder: Path, name: str, rows: list[dict]) -> None:
    fields = TABLES[name][0]
    files = ((f"{name}.csv", _csv(rows, fields)), (f"{name}{SPREADSHEET_SUFFIX}.csv", _csv(rows, fields, spreadsheet=True)), (f"{name}.json", _json(rows, fields)))
    for filename, text in files:
        tmp = folder / f".{filename}.tmp"
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, folder / filename)  # readers see the old file or the new one
        except OSError:
            tmp.unlink(missing_ok=True)  # a full disk leaves no half-written file behind
            raise


def descriptor(stamp: str, *, license_id: str | None, demo: bool, created: str) -> dict:
    resources = []
    for name, (fields, title, description) in TABLES.items():
        schema = {"fields": [f.schema() for f in fields], "missingValues": ["", SUPPRESSED] if name == "denuncias-estatisticas" else [""]}
        for ext in ("csv", "json"):
            resource = {
                "name": f"{name}-{ext}", "path": f"{name}.{ext}", "profile": "tabular-data-resource", "title": f"{title} ({ext.upper()})",
                "description": description, "format": ext, "mediatype": "text/csv" if ext == "csv" else "application/json",
                "encoding": "utf-8", "schema": schema,
            }
            if ext == "csv":
                resource["dialect"] = {"delimiter": CSV_DELIMITER, "header": True}
            resources.append(resource)
            if ext == "csv":
                resources.append({**resource, "name": f"{name}-planilha-csv", "path": f"{name}{SPREADSHEET_SUFFIX}.csv", "title": f"{title} (CSV para planilha)",
                                  "description": description + " Separado por ponto e vírgula, com BOM (abre em colunas numa planilha em português).",
                                  "dialect": {"delimiter": SPREADSHEET_DELIMITER, "header": True}})
    title = "Embarque Legal — cadastro de fretamento e estatísticas de denúncias"
    return {
        "profile": "tabular-data-package",
        "name": "embarque-legal-fretamento",
        "title": title + (" (DADOS DE DEMONSTRAÇÃO, FICTÍCIOS)" if demo else ""),
        "description": (
            "Parte pública do cadastro de operadoras e veículos de fretamento (Pernambuco, São Paulo, Acre e Recife), minimizada "
            "conforme a LGPD (sem telefone nem e-mail; sem o nome de operadora que é pessoa natural), e contagens agregadas de denúncias. "
            "CSV em UTF-8 separado por vírgula (e uma variante separada por ponto e vírgula, com BOM, para planilhas) e JSON (lista de listas, a primeira é o cabeçalho); o esquema de cada tabela é o dicionário de dados."
            + (" Estes dados são de demonstração, gerados para testar o portal." if demo else "")
        ),
        "version": stamp,
        "created": created,
        "licenses": [license_info(license_id)],
        "keywords": ["fretamento", "transporte intermunicipal", "CRC", "denúncias"],
        "resources": resources,
    }


def publish(db, data_dir: str | Path, *, license_id: str | None = None, complaints_db=None) -> Path:
    """Write the package of the registry now in ``db`` (complaints from ``complaints_db``, default ``db``); returns its folder."""
    imported = get_meta(db, "registro_atualizado_em") or datetime.now(timezone.utc).isoformat()
    demo = get_meta(db, "registro_demonstracao", "0") == "1"
    base = root(data_dir)
    base.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".novo-", dir=base))
    _write_table(work, "operadoras", _operators(db))
    _write_table(work, "veiculos", _vehicles(db))
    _write_table(work, "denuncias-estatisticas", complaint_statistics(_complaints(complaints_db if complaints_db is not None else db)))
    stamp = _version_of(base, imported[:10], work)
    meta = descriptor(stamp, license_id=license_id, demo=demo, created=imported)
    (work / "datapackage.json").write_text(json.dumps(meta, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    os.chmod(work, 0o755)
    target = base / stamp
    if target.exists():
        old = base / f".antigo-{stamp}-{os.getpid()}-{time.monotonic_ns()}"
        os.replace(target, old)
        os.replace(work, target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(work, target)
    for stale in packages(data_dir)[KEEP:]:
        shutil.rmtree(base / stale, ignore_errors=True)
    return target


def refresh_statistics(db, folder: Path, *, max_age: float = STATS_MAX_AGE) -> bool:
    """Recompute the complaint statistics of a package if they are older than ``max_age`` seconds."""
    current = folder / "denuncias-estatisticas.csv"
    if current.exists() and time.time() - current.stat().st_mtime < max_age:
        return False
    _write_table(folder, "denuncias-estatisticas", complaint_statistics(_complaints(db)))
    return True


def refresh_statistics_if_possible(folder: Path) -> None:
    """The GET paths' refresh: a page or a download never fails because the statistics could
    not be written (a full or read-only data dir answered 500, issue #34) or the complaints
    could not be read (the shared database down): the files already there are served, and the
    page says when they were computed."""
    try:
        refresh_statistics(get_store(), folder)
    except Exception as exc:  # OSError, sqlite3.Error, psycopg.Error, PoolTimeout: all the same here
        log.warning("open data statistics kept as they are (%s: %s)", exc.__class__.__name__, exc)


def statistics_time(folder: Path) -> str | None:
    """When the statistics being served were computed (their file's time), on Brasília's
    clock (knowledge/clock.py: the portal's time when no place applies), in the page's locale."""
    from babel.dates import format_datetime
    from flask_babel import get_locale

    from knowledge.clock import DEFAULT_ZONE

    try:
        when = datetime.fromtimestamp((folder / "denuncias-estatisticas.csv").stat().st_mtime, timezone.utc)
    except OSError:
        return None
    return format_datetime(when, "medium", tzinfo=DEFAULT_ZONE, locale=get_locale())  # "Dec 2, 2026, 2:08:00 PM": "12/2/26" reads as 12 February in most of the world


def publish_after_import(db, store=None) -> Path:
    """The hook the import paths call once a registry has replaced the old one.

    ``db`` is this node's registry; ``store`` holds the complaints (PostgreSQL with
    ``DATABASE_URL``, else the same SQLite).  Without ``store`` (the CLI), a connection
    of its own is opened and closed here."""
    from .database import close_store, open_store

    own = store is None
    store = open_store(current_app) if own else store
    try:
        return publish(db, current_app.config["DATA_DIR"], license_id=current_app.config.get("OPEN_DATA_LICENSE"), complaints_db=store)
    finally:
        if own:
            close_store(store)


# -- web ----------------------------------------------------------------------------------------------------


def _file_rows(folder: Path, meta: dict) -> list[dict]:
    """One row per file of the package, each CSV with its spreadsheet variant beside it (when the
    package has one: packages written before it existed do not)."""
    rows = []
    for resource in meta["resources"]:
        path = resource["path"]
        if path.endswith(f"{SPREADSHEET_SUFFIX}.csv"):
            continue
        row = {"path": path, "format": resource["format"], "size": _size(folder / path), "variant": None, "variant_size": None}
        variant = f"{Path(path).stem}{SPREADSHEET_SUFFIX}.csv"
        if resource["format"] == "csv" and (folder / variant).exists():
            row.update(variant=variant, variant_size=_size(folder / variant))
        rows.append(row)
    return rows


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


@bp.get("/dados")
def short_address():
    """/dados, the address people guess (a review found it a 404), leads to the page."""
    return redirect(url_for(".page"), 301)


@bp.get("/dados-abertos")
def page():
    data_dir = current_app.config["DATA_DIR"]
    stamps = packages(data_dir)
    meta = None
    files = []
    if stamps:
        folder = root(data_dir) / stamps[0]
        refresh_statistics_if_possible(folder)
        meta = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
        files = _file_rows(folder, meta)
    tables = [(name, title, fields) for name, (fields, title, _d) in TABLES.items()]
    return render_template(
        "dados_abertos.html", stamps=stamps, meta=meta, files=files, tables=tables,
        statistics_at=statistics_time(root(data_dir) / stamps[0]) if stamps else None,
        license=license_info(current_app.config.get("OPEN_DATA_LICENSE")), suppressed=SUPPRESSED, delimiter=CSV_DELIMITER,
    )


@bp.get("/dados-abertos/<stamp>/<filename>")
def download(stamp: str, filename: str):
    if not STAMP_RE.match(stamp) or filename not in FILES:
        abort(404)
    folder = root(current_app.config["DATA_DIR"]) / stamp
    if not (folder / "datapackage.json").exists():
        abort(404)
    stamps = packages(current_app.config["DATA_DIR"])
    if filename.startswith("denuncias-estatisticas") and stamps and stamps[0] == stamp:
        refresh_statistics_if_possible(folder)
    mimetype = "text/csv" if filename.endswith(".csv") else "application/json"
    response = send_from_directory(folder, filename, mimetype=mimetype, max_age=300)
    response.headers["Content-Type"] = f"{mimetype}; charset=utf-8"
    # A CSV is a file to keep (a phone showed it as text, inline: review of #31); the JSON (the package's
    # descriptor, the tables for programs) stays readable in the browser.
    disposition = "attachment" if filename.endswith(".csv") else "inline"
    response.headers["Content-Disposition"] = f'{disposition}; filename="{Path(filename).stem}-{stamp}{Path(filename).suffix}"'
    response.headers["Access-Control-Allow-Origin"] = "*"  # open data: any site may read it
    return response


def init_app(app: Flask) -> None:
    license_id = app.config.setdefault("OPEN_DATA_LICENSE", DEFAULT_LICENSE)
    if license_id not in LICENSES:
        raise RuntimeError(f"PORTAL_OPEN_DATA_LICENSE={license_id!r}: use um de {', '.join(LICENSES)}")
    group = AppGroup("dados-abertos", help="Dados abertos (pacote Frictionless).")

    @group.command("gerar", help="Gera de novo o pacote de dados abertos do cadastro atual.")
    def generate() -> None:
        from .database import db_path
        from .storage.db import connect

        db = connect(db_path())
        try:
            if not get_meta(db, "registro_atualizado_em"):
                click.echo("Nenhum cadastro importado: nada a publicar.", err=True)
                sys.exit(1)
            folder = publish_after_import(db)
        finally:
            db.conn.close()
        click.echo(f"Dados abertos gerados em {folder}.")

    app.cli.add_command(group)
