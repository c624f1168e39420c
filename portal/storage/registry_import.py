"""Importing the regulator's registry of operators and vehicles: validation and the swap.

Kept apart from the lookups (``registry``), which are the hot read path of every
plate check, and from the reading of untrusted upload bytes (``registry_files``).
No Flask here: the CLI, the staff page and the multi-node sync call
:func:`import_registry` with plain handles.

Import format (UTF-8 CSV with a header row, ``,`` or ``;`` separated; dates ISO
``YYYY-MM-DD`` or ``DD/MM/YYYY``) — documented in the README:

- operators: cnpj, razao_social, nome_fantasia, jurisdicao, crc_numero, crc_emissao,
  crc_validade, situacao (ativo|suspenso|cancelado), modalidades (ids separated by |),
  telefone, email; optional: pessoa (fisica|juridica)
- vehicles: placa, cnpj, tipo (onibus|micro_onibus|automovel), lugares,
  ano_fabricacao, vistoria_validade, seguro_validade, situacao (ativo|retirado);
  optional: categoria (M2|M3, CONTRAN), ingresso (the date the vehicle entered the
  registered fleet or the service)

Per place (knowledge/registry_places.py), in the law's own terms: ``crc_*`` is the
registration the place's law gives — Pernambuco's CRC, São Paulo's Certificado de
Registro, Acre's registro/autorização, Recife's permissão (``crc_numero`` is the
permission's number).  São Paulo and Recife have no suspension among their penalties:
a row that says ``suspenso`` there is imported with a warning (it reads as "not
active"), never as a suspension.  São Paulo's modalities are contínuo and eventual
(arts. 7º and 8º); Recife's service is the STCP itself (``stcp`` or blank).  The files
of earlier versions (without the optional columns) import as before.

Every rejected row is reported with its line number as a spreadsheet shows it
(the header is line 1) and the reason.  A (re-)import replaces the whole registry
in one transaction: new tables are filled, then swapped in, so readers see either
the old registry or the new one, never half of each.

Long imports show progress: the import goes through four stages (operators read
and validated, vehicles read and validated, the new tables written, indexed and swapped in);
each is recorded in the report (:class:`Stage`: what was received, read, accepted,
rejected, how long it took) and, while it runs, told to an optional ``progress``
object (:class:`Progress`) — the CLI draws a bar from it, the staff page lists the
recorded stages.
"""

from __future__ import annotations

import csv
import io
import re
import time
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from typing import IO, Iterable, Protocol

import sqlite_utils
from validate_docbr import CNPJ

from knowledge import clock
from knowledge.modalities import MODALITY_IDS
from knowledge.places import PLACES
from knowledge.plates import InvalidPlate, normalize, to_mercosul
from knowledge.registry_places import CATEGORIES, PROFILES, RECIFE_SERVICE, known_modalities_text, refused_state_reason

from .db import create_registry_indexes, create_registry_tables, set_meta, transaction, utcnow
from .registry_files import ImportFileError, bytes_read, read_rows, upload_size

__all__ = ["ImportFileError", "ImportReport", "Preview", "Progress", "Rejected", "Stage", "import_registry", "preview_registry"]

OPERATOR_COLUMNS = ["cnpj", "razao_social", "nome_fantasia", "jurisdicao", "crc_numero", "crc_emissao", "crc_validade", "situacao", "modalidades", "telefone", "email"]
VEHICLE_COLUMNS = ["placa", "cnpj", "tipo", "lugares", "ano_fabricacao", "vistoria_validade", "seguro_validade", "situacao"]
# Columns a file may have (issue #28); files without them import as before.
OPERATOR_OPTIONAL = ["pessoa"]
VEHICLE_OPTIONAL = ["categoria", "ingresso"]
PERSON_KINDS = {"fisica", "juridica"}
JURISDICTIONS = tuple(PLACES)  # knowledge/places.py
OPERATOR_STATES = {"ativo", "suspenso", "cancelado"}
VEHICLE_STATES = {"ativo", "retirado"}
VEHICLE_TYPES = {"onibus", "micro_onibus", "automovel"}
MODALITIES = set(MODALITY_IDS)  # knowledge/modalities.py
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MAX_REPORTED = 1000  # rejected rows listed one by one; the rest are only counted
BATCH = 5000  # rows per INSERT batch, and how often the progress is told
_cnpj = CNPJ()


@dataclass
class Rejected:
    file: str
    line: int
    reason: str


@dataclass
class Stage:
    """One stage of an import, as it went.  ``name`` is "operadoras", "veículos" (a file
    read and validated), "gravação" (the accepted rows written) or "índices" (indexes
    built and the new tables swapped in)."""

    name: str
    received: int | None = None  # bytes of the file as uploaded (compressed if it was); None: unknown
    read: int = 0  # data rows read (for "gravação": rows written)
    accepted: int = 0
    rejected: int = 0
    seconds: float = 0.0


class Progress(Protocol):
    """Told about an import while it runs (the CLI's bar; tests record it)."""

    def start(self, name: str, total: int | None) -> None:
        """A stage begins; ``total`` is its size in the unit of ``advance`` (bytes of a
        file, rows to write), None when unknown."""

    def advance(self, done: int) -> None:
        """How far the current stage is, in the same unit as ``total``."""

    def finish(self, stage: Stage) -> None:
        """The stage ended; what it did."""


class _Silent:
    def start(self, name: str, total: int | None) -> None:
        pass

    def advance(self, done: int) -> None:
        pass

    def finish(self, stage: Stage) -> None:
        pass


@dataclass
class ImportReport:
    operators: int = 0
    vehicles: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    imported_at: str | None = None
    replaced: bool = False
    rejected_count: int = 0  # all rejected rows; ``rejected`` lists the first MAX_REPORTED
    stages: list[Stage] = field(default_factory=list)
    warnings: list[Rejected] = field(default_factory=list)  # accepted rows the law reads otherwise (a "suspenso" in São Paulo)
    kept: str | None = None  # why the current registry was kept ("veiculos_rejeitados", "reducao", "estrito", "vazio")
    current_vehicles: int = 0  # the registry's size before, when the import was refused for shrinking it

    def reject(self, item: "Rejected") -> None:
        self.rejected_count += 1
        if len(self.rejected) < MAX_REPORTED:
            self.rejected.append(item)

    def warn(self, item: "Rejected") -> None:
        if len(self.warnings) < MAX_REPORTED:
            self.warnings.append(item)

    @property
    def imported_anything(self) -> bool:
        return self.operators + self.vehicles > 0

    @property
    def seconds(self) -> float:
        return sum(stage.seconds for stage in self.stages)


def parse_date(value: str) -> date:
    value = (value or "").strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    raise ValueError(f"data inválida: {value!r} (use AAAA-MM-DD ou DD/MM/AAAA)")


@lru_cache(maxsize=100_000)
def cnpj_digits(value: str) -> str:
    """The CNPJ without punctuation, if its check digits are right (cached: a fleet repeats its operator's)."""
    digits = re.sub(r"[.\-/\s]", "", value or "").upper()
    if not digits or not _cnpj.validate(digits):
        raise ValueError(f"CNPJ inválido (dígitos verificadores não conferem): {value!r}")
    return digits


def validate_operator(row: dict) -> dict:
    cnpj = cnpj_digits(row["cnpj"])
    if not row["razao_social"]:
        raise ValueError("razão social em branco")
    jurisdicao = row["jurisdicao"].lower()
    if jurisdicao not in JURISDICTIONS:
        raise ValueError(f"jurisdição desconhecida: {row['jurisdicao']!r} (use {', '.join(JURISDICTIONS[:-1])} ou {JURISDICTIONS[-1]})")
    if not row["crc_numero"]:
        raise ValueError("número do CRC em branco")
    emissao = parse_date(row["crc_emissao"]) if row["crc_emissao"] else None
    validade = parse_date(row["crc_validade"])
    if emissao and validade < emissao:
        raise ValueError("validade do CRC anterior à emissão")
    situacao = row["situacao"].lower()
    if situacao not in OPERATOR_STATES:
        raise ValueError(f"situação desconhecida: {row['situacao']!r} (use ativo, suspenso ou cancelado)")
    profile = PROFILES[jurisdicao]
    modalidades = [m.strip().lower() for m in row["modalidades"].split("|") if m.strip()]
    unknown = [m for m in modalidades if m not in MODALITIES and m not in profile.modalities]
    if unknown:
        raise ValueError(f"modalidade desconhecida: {', '.join(unknown)}")
    foreign = [m for m in modalidades if m not in profile.modalities]
    if foreign:
        raise ValueError(f"modalidade que a lei de {PLACES[jurisdicao].name} não conhece: {', '.join(foreign)} (esta lei só conhece {known_modalities_text(jurisdicao)})")
    pessoa = (row.get("pessoa") or "").strip().lower()
    if pessoa and pessoa not in PERSON_KINDS:
        raise ValueError(f"pessoa desconhecida: {row['pessoa']!r} (use fisica ou juridica)")
    email = row.get("email", "")
    if email and not EMAIL_RE.match(email):
        raise ValueError(f"e-mail inválido: {email!r}")
    return {
        "cnpj": cnpj, "razao_social": row["razao_social"][:200], "nome_fantasia": row.get("nome_fantasia", "")[:200],
        "jurisdicao": jurisdicao, "crc_numero": row["crc_numero"][:50], "crc_emissao": emissao.isoformat() if emissao else None,
        # Recife's "stcp" is the place's service itself, not a modality: not stored (the open data's modalities stay fretamento's).
        "crc_validade": validade.isoformat(), "situacao": situacao, "modalidades": "|".join(m for m in modalidades if m != RECIFE_SERVICE),
        "telefone": row.get("telefone", "")[:40], "email": email[:200], "pessoa": pessoa or None,
    }


def operator_warning(record: dict) -> str | None:
    """Why an accepted operator row reads otherwise under its place's law, if it does."""
    if record["situacao"] not in PROFILES[record["jurisdicao"]].states:
        return f"situação “{record['situacao']}”: {refused_state_reason(record['jurisdicao'])}; importada como registro não ativo"
    return None


def validate_vehicle(row: dict, operators: set[str], this_year: int) -> dict:
    try:
        placa = normalize(row["placa"])
    except InvalidPlate:
        raise ValueError(f"placa inválida: {row['placa']!r}") from None
    cnpj = cnpj_digits(row["cnpj"])
    if cnpj not in operators:
        raise ValueError(f"CNPJ {row['cnpj']} não está entre as operadoras importadas")
    tipo = row["tipo"].lower()
    if tipo not in VEHICLE_TYPES:
        raise ValueError(f"tipo desconhecido: {row['tipo']!r} (use onibus, micro_onibus ou automovel)")
    try:
        lugares = int(row["lugares"])
        ano = int(row["ano_fabricacao"])
    except ValueError:
        raise ValueError("lugares e ano de fabricação devem ser números inteiros") from None
    if not 1 <= lugares <= 100:
        raise ValueError(f"lugares fora do intervalo 1–100: {lugares}")
    if not 1950 <= ano <= this_year + 1:
        raise ValueError(f"ano de fabricação fora do intervalo: {ano}")
    situacao = row["situacao"].lower()
    if situacao not in VEHICLE_STATES:
        raise ValueError(f"situação desconhecida: {row['situacao']!r} (use ativo ou retirado)")
    categoria = (row.get("categoria") or "").strip().upper()
    if categoria and categoria not in CATEGORIES:
        raise ValueError(f"categoria desconhecida: {row['categoria']!r} (use {' ou '.join(CATEGORIES)}, a classificação do CONTRAN, ou deixe em branco)")
    ingresso = parse_date(row["ingresso"]) if (row.get("ingresso") or "").strip() else None
    if ingresso is not None and ingresso.year < ano:
        raise ValueError(f"ingresso ({ingresso.isoformat()}) anterior ao ano de fabricação ({ano})")
    return {
        "placa": placa, "placa_chave": to_mercosul(placa), "cnpj": cnpj, "tipo": tipo, "lugares": lugares, "ano_fabricacao": ano,
        "vistoria_validade": parse_date(row["vistoria_validade"]).isoformat(),
        "seguro_validade": parse_date(row["seguro_validade"]).isoformat(), "situacao": situacao,
        "categoria": categoria or None, "ingresso": ingresso.isoformat() if ingresso else None,
    }


def _accepted(report: ImportReport, handle: IO, columns: list[str], kind: str, validate, progress: Progress, *, key: str, repeated: str) -> list[dict]:
    """The rows of one file that validate and are not repeated; the others go to the
    report.  The stage (received, read, accepted, rejected, time) is recorded."""
    began = time.perf_counter()
    stage = Stage(kind, received=upload_size(handle))
    progress.start(kind, stage.received)
    accepted: list[dict] = []
    seen: set[str] = set()
    for line, row in read_rows(handle, columns, kind):
        stage.read += 1
        if stage.read % BATCH == 0:
            progress.advance(bytes_read(handle) or 0)
        try:
            if "__error__" in row:
                raise ValueError(row["__error__"])
            record = validate(row)
            if record[key] in seen:
                raise ValueError(repeated.format(**row))
        except ValueError as exc:
            stage.rejected += 1
            report.reject(Rejected(kind, line, str(exc)))
            continue
        seen.add(record[key])
        accepted.append(record)
    if stage.received is not None:
        progress.advance(stage.received)
    stage.accepted, stage.seconds = len(accepted), time.perf_counter() - began
    report.stages.append(stage)
    progress.finish(stage)
    return accepted


@dataclass
class _Read:
    report: ImportReport
    operators: list[dict]
    vehicles: list[dict]


def _read(operators_file: IO, vehicles_file: IO, today: date, progress: Progress) -> _Read:
    """Both files read and validated, nothing written: the accepted rows and the report."""
    report = ImportReport()
    operators = _accepted(
        report, operators_file, OPERATOR_COLUMNS, "operadoras", validate_operator, progress,
        key="cnpj", repeated="CNPJ repetido no arquivo: {cnpj}",
    )
    seen_cnpj = {record["cnpj"] for record in operators}
    vehicles = _accepted(
        report, vehicles_file, VEHICLE_COLUMNS, "veículos", lambda row: validate_vehicle(row, seen_cnpj, today.year), progress,
        key="placa_chave", repeated="placa repetida no arquivo (nos modelos antigo ou Mercosul): {placa}",
    )
    for record in operators:
        warning = operator_warning(record)
        if warning:
            report.warn(Rejected("operadoras", 0, f"CNPJ {record['cnpj']}: {warning}"))
    # Recife's one-vehicle rule (art. 3º, § 2º) is judged on each lookup from this count.
    active: dict[str, int] = {}
    for vehicle in vehicles:
        if vehicle["situacao"] == "ativo":
            active[vehicle["cnpj"]] = active.get(vehicle["cnpj"], 0) + 1
    for record in operators:
        record["veiculos_ativos"] = active.get(record["cnpj"], 0)
    report.operators, report.vehicles = len(operators), len(vehicles)
    return _Read(report, operators, vehicles)


def _keep_reason(read: _Read, strict: bool) -> str | None:
    """Why the current registry must be kept, or None.  A file whose every row is rejected
    never replaces anything (issue #34, finding 4: good operators and a vehicles file of
    rejected rows used to leave a registry of 0 vehicles)."""
    report = read.report
    if strict and report.rejected:
        return "estrito"
    if not report.imported_anything:
        return "vazio"
    for stage in report.stages:
        if stage.read and not stage.accepted:
            return "veiculos_rejeitados" if stage.name == "veículos" else "operadoras_rejeitadas"
    return None


def current_size(db: sqlite_utils.Database) -> int:
    """Vehicles in the registry now (0 before the first import)."""
    if "vehicles" not in db.table_names():
        return 0
    return db.execute("SELECT count(*) FROM vehicles").fetchone()[0]


# An import that would leave more than this share fewer vehicles needs staff's explicit confirmation (issue #28).
MAX_SHRINK = 0.10


def import_registry(
    db: sqlite_utils.Database,
    operators_file: IO,
    vehicles_file: IO,
    *,
    demo: bool = False,
    strict: bool = False,
    today: date | None = None,
    progress: Progress | None = None,
    max_shrink: float | None = None,
) -> ImportReport:
    """Validate both files and replace the registry atomically with the accepted rows.

    With ``strict``, any rejected row cancels the whole import.  When no row is
    accepted, or every row of one file is rejected, the current registry is kept.  With
    ``max_shrink`` (a fraction: 0.10), an import that would leave fewer than that share
    of the current vehicles is refused (``report.kept == "reducao"``): the staff page asks
    for a confirmation first and then imports without it.  ``progress`` is told each
    stage as it runs.
    """
    today = today or clock.today()  # Brasília time: one file holds vehicles of every place
    progress = progress or _Silent()
    read = _read(operators_file, vehicles_file, today, progress)
    report = read.report
    report.kept = _keep_reason(read, strict)
    if report.kept is None and max_shrink is not None:
        before = current_size(db)
        if before and report.vehicles < before * (1 - max_shrink):
            report.kept, report.current_vehicles = "reducao", before
    if report.kept is not None:
        report.operators = report.vehicles = 0
        return report
    report.imported_at = utcnow()
    _write(db, read.operators, read.vehicles, report, demo, progress)
    report.replaced = True
    return report


@dataclass
class Preview:
    """What an import would change, nothing written (the staff page shows it before asking)."""

    report: ImportReport
    current: int  # vehicles now
    added: int = 0
    removed: int = 0
    changed: int = 0
    operators_added: int = 0
    operators_removed: int = 0
    operators_changed: int = 0
    samples: dict = field(default_factory=dict)  # "added" | "removed" | "changed" -> first plates
    kept: str | None = None  # why the import would keep the current registry (see import_registry)

    @property
    def after(self) -> int:
        return self.report.vehicles

    @property
    def shrink(self) -> float:
        """The share of the current vehicles the import would remove from the count (0 when it grows)."""
        return max(0.0, (self.current - self.after) / self.current) if self.current else 0.0

    def needs_confirmation(self, max_shrink: float = 0.10) -> bool:
        return self.kept is None and self.shrink > max_shrink


SAMPLES = 20
_VEHICLE_FIELDS = ("cnpj", "tipo", "lugares", "ano_fabricacao", "vistoria_validade", "seguro_validade", "situacao")
_OPERATOR_FIELDS = ("razao_social", "nome_fantasia", "jurisdicao", "crc_numero", "crc_emissao", "crc_validade", "situacao", "modalidades")


def preview_registry(db: sqlite_utils.Database, operators_file: IO, vehicles_file: IO, *, strict: bool = False, today: date | None = None) -> Preview:
    """Validate both files and compare them with the registry now: added, removed, changed."""
    today = today or clock.today()
    read = _read(operators_file, vehicles_file, today, _Silent())
    preview = Preview(read.report, current_size(db), kept=_keep_reason(read, strict))
    if "vehicles" in db.table_names():
        now = {row[0]: row[1:] for row in db.execute(f"SELECT placa_chave, placa, {', '.join(_VEHICLE_FIELDS)} FROM vehicles")}
        new_keys = set()
        samples: dict[str, list[str]] = {"added": [], "removed": [], "changed": []}
        for record in read.vehicles:
            key = record["placa_chave"]
            new_keys.add(key)
            old = now.get(key)
            if old is None:
                preview.added += 1
                kind = "added"
            elif tuple(old[1:]) != tuple(record[f] for f in _VEHICLE_FIELDS):
                preview.changed += 1
                kind = "changed"
            else:
                continue
            if len(samples[kind]) < SAMPLES:
                samples[kind].append(record["placa"])
        for key, old in now.items():
            if key not in new_keys:
                preview.removed += 1
                if len(samples["removed"]) < SAMPLES:
                    samples["removed"].append(old[0])
        preview.samples = samples
        ops_now = {row[0]: row[1:] for row in db.execute(f"SELECT cnpj, {', '.join(_OPERATOR_FIELDS)} FROM operators")}
        new_ops = {r["cnpj"]: r for r in read.operators}
        preview.operators_added = sum(1 for c in new_ops if c not in ops_now)
        preview.operators_removed = sum(1 for c in ops_now if c not in new_ops)
        preview.operators_changed = sum(
            1 for c, r in new_ops.items() if c in ops_now and tuple(ops_now[c]) != tuple(r[f] for f in _OPERATOR_FIELDS)
        )
    else:
        preview.added = len(read.vehicles)
        preview.operators_added = len(read.operators)
    return preview


def _write(db: sqlite_utils.Database, operators: list[dict], vehicles: list[dict], report: ImportReport, demo: bool, progress: Progress) -> None:
    """Fill new tables, then swap them in and index them, in one transaction.  Two stages
    for the eye: "gravação" (rows written, a bar) and "índices" (indexes built and the
    tables swapped: several seconds for a large registry, with no count to show)."""
    began = time.perf_counter()
    stage = Stage("gravação")
    progress.start(stage.name, len(operators) + len(vehicles))
    with transaction(db):
        for name in ("operators_new", "vehicles_new"):
            if name in db.table_names():
                db[name].drop()
        create_registry_tables(db, suffix="_new")
        for table, rows in (("operators_new", operators), ("vehicles_new", vehicles)):
            for start in range(0, len(rows), BATCH):
                db[table].insert_all(rows[start:start + BATCH], batch_size=BATCH)
                stage.read += len(rows[start:start + BATCH])
                progress.advance(stage.read)
        stage.accepted, stage.seconds = stage.read, time.perf_counter() - began
        report.stages.append(stage)
        progress.finish(stage)
        began, swap = time.perf_counter(), Stage("índices")
        progress.start(swap.name, None)
        db["vehicles"].drop()
        db["operators"].drop()
        db.execute("ALTER TABLE operators_new RENAME TO operators")
        db.execute("ALTER TABLE vehicles_new RENAME TO vehicles")
        create_registry_indexes(db)
        set_meta(db, "registro_atualizado_em", report.imported_at)
        set_meta(db, "registro_demonstracao", "1" if demo else "0")
        set_meta(db, "registro_operadoras", str(report.operators))
        set_meta(db, "registro_veiculos", str(report.vehicles))
    swap.seconds = time.perf_counter() - began
    report.stages.append(swap)
    progress.finish(swap)


def csv_text(rows: Iterable[dict], columns: list[str]) -> str:
    """Plain CSV in the import format, for files the portal imports again (the demo
    registry).  Never for a download: those go through ``portal.csv_export.export_csv``
    (formula-safe)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return out.getvalue()
