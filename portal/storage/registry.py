"""The regulator's registry of operators and vehicles: import and lookup.

Import format (UTF-8 CSV with a header row, ``,`` or ``;`` separated; dates ISO
``YYYY-MM-DD`` or ``DD/MM/YYYY``) — documented in the README:

- operators: cnpj, razao_social, nome_fantasia, jurisdicao, crc_numero, crc_emissao,
  crc_validade, situacao (ativo|suspenso|cancelado), modalidades (ids separated by |),
  telefone, email
- vehicles: placa, cnpj, tipo (onibus|micro_onibus|automovel), lugares,
  ano_fabricacao, vistoria_validade, seguro_validade, situacao (ativo|retirado)

Every rejected row is reported with its line number as a spreadsheet shows it
(the header is line 1) and the reason.  A (re-)import replaces the whole registry
in one transaction: new tables are filled, then swapped in, so readers see either
the old registry or the new one, never half of each.
"""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import re
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from typing import IO, Iterable, Iterator

import sqlite_utils
from validate_docbr import CNPJ

from knowledge.modalities import MODALITY_IDS
from knowledge.plates import InvalidPlate, normalize, to_mercosul

from .db import create_registry_indexes, create_registry_tables, set_meta, transaction, utcnow

OPERATOR_COLUMNS = ["cnpj", "razao_social", "nome_fantasia", "jurisdicao", "crc_numero", "crc_emissao", "crc_validade", "situacao", "modalidades", "telefone", "email"]
VEHICLE_COLUMNS = ["placa", "cnpj", "tipo", "lugares", "ano_fabricacao", "vistoria_validade", "seguro_validade", "situacao"]
JURISDICTIONS = {"pe", "sp", "ac", "recife"}
OPERATOR_STATES = {"ativo", "suspenso", "cancelado"}
VEHICLE_STATES = {"ativo", "retirado"}
VEHICLE_TYPES = {"onibus", "micro_onibus", "automovel"}
MODALITIES = set(MODALITY_IDS)  # knowledge/modalities.py
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_cnpj = CNPJ()


@dataclass
class Rejected:
    file: str
    line: int
    reason: str


@dataclass
class ImportReport:
    operators: int = 0
    vehicles: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    imported_at: str | None = None
    replaced: bool = False
    rejected_count: int = 0  # all rejected rows; ``rejected`` lists the first MAX_REPORTED

    def reject(self, item: "Rejected") -> None:
        self.rejected_count += 1
        if len(self.rejected) < MAX_REPORTED:
            self.rejected.append(item)

    @property
    def imported_anything(self) -> bool:
        return self.operators + self.vehicles > 0


class ImportFileError(ValueError):
    """The file as a whole cannot be read (encoding, missing columns)."""


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


# Limits for one uploaded file.  The request as a whole is limited by the web layer
# (REGISTRY_MAX_UPLOAD); these apply after decompression, whatever the container says.
MAX_CSV_BYTES = 512 * 1024 * 1024  # a 1,000,000-vehicle registry is ~80 MB of CSV
MAX_RATIO = 50  # CSV compresses 5-15x; a file that inflates more is refused as a bomb
RATIO_GRACE = 1024 * 1024  # the ratio is judged after this much output
MAX_REPORTED = 1000  # rejected rows listed one by one; the rest are only counted
_CHUNK = 64 * 1024


class _Capped(io.RawIOBase):
    """Reads a (decompressed) stream, refusing more than ``limit`` bytes or, for a
    compressed ``source``, an output more than MAX_RATIO times the input read so far."""

    def __init__(self, inner, name: str, limit: int, source=None):
        self.inner, self.name_, self.limit, self.source, self.start, self.total = inner, name, limit, source, 0, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.inner.read(min(len(buffer), _CHUNK))
        self.total += len(data)
        if self.total > self.limit:
            raise ImportFileError(f"{self.name_}: arquivo grande demais (mais de {self.limit // (1024 * 1024)} MB de CSV)")
        if self.source is not None and self.total > RATIO_GRACE:
            consumed = max(self.source.tell() - self.start, 1)
            if self.total > MAX_RATIO * consumed:
                raise ImportFileError(f"{self.name_}: o arquivo comprimido se expande mais de {MAX_RATIO} vezes; recusado")
        buffer[: len(data)] = data
        return len(data)

    def track(self, source) -> "_Capped":
        self.source, self.start = source, source.tell()
        return self


def open_upload(handle: IO[bytes], name: str, *, limit: int | None = None) -> IO[bytes]:
    """The CSV bytes of an upload, read as a stream: plain CSV, CSV.gz, or a .zip holding
    one CSV.  Size and compression ratio are checked on what is actually read, never on
    what a header claims."""
    limit = limit or MAX_CSV_BYTES
    start = handle.tell() if handle.seekable() else 0
    magic = handle.read(4)
    if handle.seekable():
        handle.seek(start)
    else:
        handle = io.BufferedReader(_Prefixed(magic, handle))
    if magic[:2] == b"\x1f\x8b":
        raw = _Capped(gzip.GzipFile(fileobj=handle, mode="rb"), name, limit).track(handle)
    elif magic == b"PK\x03\x04":
        if not handle.seekable():
            raise ImportFileError(f"{name}: não foi possível ler o .zip")
        try:
            archive = zipfile.ZipFile(handle)
        except zipfile.BadZipFile:
            raise ImportFileError(f"{name}: .zip danificado") from None
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) != 1:
            raise ImportFileError(f"{name}: o .zip deve conter exatamente um arquivo CSV")
        member = members[0]
        if member.flag_bits & 0x1:
            raise ImportFileError(f"{name}: .zip com senha não é aceito")
        if member.file_size > limit or member.file_size > MAX_RATIO * max(member.compress_size, 1) + RATIO_GRACE:
            raise ImportFileError(f"{name}: o arquivo dentro do .zip é grande demais ou comprimido demais; recusado")
        # zipfile stops at the declared size and checks the CRC, so a header that lies
        # about the size ends in an error, never in more output than declared.
        raw = _Capped(archive.open(member), name, limit)
    else:
        raw = _Capped(handle, name, limit)
    return io.BufferedReader(raw, buffer_size=_CHUNK)


class _Prefixed(io.RawIOBase):
    """A non-seekable stream whose first bytes were already read."""

    def __init__(self, prefix: bytes, rest):
        self.prefix, self.rest = prefix, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.prefix:
            data, self.prefix = self.prefix[: len(buffer)], self.prefix[len(buffer):]
        else:
            data = self.rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def read_rows(handle: IO[bytes] | IO[str], expected: list[str], name: str) -> Iterator[tuple[int, dict]]:
    """(line number, row) for each data row; the header is line 1.  The file is read as a
    stream (a large registry is never held in memory as one string)."""
    if isinstance(handle, io.TextIOBase):
        text = handle
    else:
        text = io.TextIOWrapper(open_upload(handle, name), encoding="utf-8-sig", newline="")
    line = 0
    try:
        first_line = text.readline().lstrip("\ufeff")
        delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
        reader = csv.reader(itertools.chain([first_line], text), delimiter=delimiter)
        try:
            header = [h.strip().lower() for h in next(reader)]
        except StopIteration:
            raise ImportFileError(f"{name}: arquivo vazio") from None
        missing = [c for c in expected if c not in header]
        if missing:
            raise ImportFileError(f"{name}: faltam as colunas {', '.join(missing)} no cabeçalho")
        line = reader.line_num
        for values in reader:
            start, line = line + 1, reader.line_num
            if not any(v.strip() for v in values):
                continue
            if len(values) != len(header):
                yield start, {"__error__": f"{len(values)} colunas em vez de {len(header)}"}
                continue
            yield start, {h: (v or "").strip() for h, v in zip(header, values)}
    except UnicodeDecodeError as exc:
        raise ImportFileError(f"{name}: o arquivo não está em UTF-8 ({exc.reason}, perto da linha {line + 1})") from None
    except (csv.Error, EOFError, OSError, zipfile.BadZipFile) as exc:
        raise ImportFileError(f"{name}: arquivo ilegível ({exc})") from None


def validate_operator(row: dict) -> dict:
    cnpj = cnpj_digits(row["cnpj"])
    if not row["razao_social"]:
        raise ValueError("razão social em branco")
    jurisdicao = row["jurisdicao"].lower()
    if jurisdicao not in JURISDICTIONS:
        raise ValueError(f"jurisdição desconhecida: {row['jurisdicao']!r} (use pe, sp, ac ou recife)")
    if not row["crc_numero"]:
        raise ValueError("número do CRC em branco")
    emissao = parse_date(row["crc_emissao"]) if row["crc_emissao"] else None
    validade = parse_date(row["crc_validade"])
    if emissao and validade < emissao:
        raise ValueError("validade do CRC anterior à emissão")
    situacao = row["situacao"].lower()
    if situacao not in OPERATOR_STATES:
        raise ValueError(f"situação desconhecida: {row['situacao']!r} (use ativo, suspenso ou cancelado)")
    modalidades = [m.strip().lower() for m in row["modalidades"].split("|") if m.strip()]
    unknown = [m for m in modalidades if m not in MODALITIES]
    if unknown:
        raise ValueError(f"modalidade desconhecida: {', '.join(unknown)}")
    email = row.get("email", "")
    if email and not EMAIL_RE.match(email):
        raise ValueError(f"e-mail inválido: {email!r}")
    return {
        "cnpj": cnpj, "razao_social": row["razao_social"][:200], "nome_fantasia": row.get("nome_fantasia", "")[:200],
        "jurisdicao": jurisdicao, "crc_numero": row["crc_numero"][:50], "crc_emissao": emissao.isoformat() if emissao else None,
        "crc_validade": validade.isoformat(), "situacao": situacao, "modalidades": "|".join(modalidades),
        "telefone": row.get("telefone", "")[:40], "email": email[:200],
    }


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
    return {
        "placa": placa, "placa_chave": to_mercosul(placa), "cnpj": cnpj, "tipo": tipo, "lugares": lugares, "ano_fabricacao": ano,
        "vistoria_validade": parse_date(row["vistoria_validade"]).isoformat(),
        "seguro_validade": parse_date(row["seguro_validade"]).isoformat(), "situacao": situacao,
    }


def _accepted(report: ImportReport, rows, kind: str, validate, *, key: str, repeated: str) -> list[dict]:
    """The rows of one file that validate and are not repeated; the others go to the report."""
    accepted: list[dict] = []
    seen: set[str] = set()
    for line, row in rows:
        try:
            if "__error__" in row:
                raise ValueError(row["__error__"])
            record = validate(row)
            if record[key] in seen:
                raise ValueError(repeated.format(**row))
        except ValueError as exc:
            report.reject(Rejected(kind, line, str(exc)))
            continue
        seen.add(record[key])
        accepted.append(record)
    return accepted


def import_registry(
    db: sqlite_utils.Database,
    operators_file: IO,
    vehicles_file: IO,
    *,
    demo: bool = False,
    strict: bool = False,
    today: date | None = None,
) -> ImportReport:
    """Validate both files and replace the registry atomically with the accepted rows.

    With ``strict``, any rejected row cancels the whole import.  When no row is
    accepted the current registry is kept.
    """
    today = today or date.today()
    report = ImportReport()
    operators = _accepted(
        report, read_rows(operators_file, OPERATOR_COLUMNS, "operadoras"), "operadoras", validate_operator,
        key="cnpj", repeated="CNPJ repetido no arquivo: {cnpj}",
    )
    seen_cnpj = {record["cnpj"] for record in operators}
    vehicles = _accepted(
        report, read_rows(vehicles_file, VEHICLE_COLUMNS, "veículos"), "veículos",
        lambda row: validate_vehicle(row, seen_cnpj, today.year),
        key="placa_chave", repeated="placa repetida no arquivo (nos modelos antigo ou Mercosul): {placa}",
    )
    report.operators, report.vehicles = len(operators), len(vehicles)
    if (strict and report.rejected) or not report.imported_anything:
        report.operators = report.vehicles = 0
        return report
    report.imported_at = utcnow()
    with transaction(db):
        for name in ("operators_new", "vehicles_new"):
            if name in db.table_names():
                db[name].drop()
        create_registry_tables(db, suffix="_new")
        db["operators_new"].insert_all(operators, batch_size=5000)
        db["vehicles_new"].insert_all(vehicles, batch_size=5000)
        db["vehicles"].drop()
        db["operators"].drop()
        db.execute("ALTER TABLE operators_new RENAME TO operators")
        db.execute("ALTER TABLE vehicles_new RENAME TO vehicles")
        create_registry_indexes(db)
        set_meta(db, "registro_atualizado_em", report.imported_at)
        set_meta(db, "registro_demonstracao", "1" if demo else "0")
        set_meta(db, "registro_operadoras", str(report.operators))
        set_meta(db, "registro_veiculos", str(report.vehicles))
    report.replaced = True
    return report


# -- lookup ----------------------------------------------------------------------------


def find_vehicle(db: sqlite_utils.Database, key: str) -> tuple[dict, dict] | None:
    """(operator, vehicle) for a plate key (Mercosul form), or None."""
    row = db.execute(
        """
        SELECT v.placa, v.tipo, v.lugares, v.ano_fabricacao, v.vistoria_validade, v.seguro_validade, v.situacao AS v_situacao,
               o.cnpj, o.razao_social, o.nome_fantasia, o.jurisdicao, o.crc_numero, o.crc_emissao, o.crc_validade,
               o.situacao AS o_situacao, o.modalidades
        FROM vehicles v JOIN operators o ON o.cnpj = v.cnpj
        WHERE v.placa_chave = ?
        """,
        [key],
    ).fetchone()
    if row is None:
        return None
    (placa, tipo, lugares, ano, vistoria, seguro, v_situacao, cnpj, razao, fantasia, jurisdicao, crc_numero, crc_emissao,
     crc_validade, o_situacao, modalidades) = row
    operator = {
        "cnpj": cnpj, "razao_social": razao, "nome_fantasia": fantasia, "jurisdicao": jurisdicao, "crc_numero": crc_numero,
        "crc_emissao": crc_emissao, "crc_validade": crc_validade, "situacao": o_situacao,
        "modalidades": [m for m in (modalidades or "").split("|") if m],
    }
    vehicle = {
        "placa": placa, "tipo": tipo, "lugares": lugares, "ano_fabricacao": ano,
        "vistoria_validade": vistoria, "seguro_validade": seguro, "situacao": v_situacao,
    }
    return operator, vehicle


def find_operator(db: sqlite_utils.Database, cnpj: str) -> dict | None:
    """One operator by CNPJ (digits), without its contacts."""
    row = db.execute(
        "SELECT cnpj, razao_social, nome_fantasia, jurisdicao, crc_numero, crc_validade, situacao FROM operators WHERE cnpj = ?", [cnpj]
    ).fetchone()
    if row is None:
        return None
    return dict(zip(("cnpj", "razao_social", "nome_fantasia", "jurisdicao", "crc_numero", "crc_validade", "situacao"), row))


def fleet_plates(db: sqlite_utils.Database, cnpj: str) -> list[str]:
    """The plates of an operator's active vehicles (retired ones get no sticker), in plate order."""
    return [row[0] for row in db.execute("SELECT placa FROM vehicles WHERE cnpj = ? AND situacao = 'ativo' ORDER BY placa", [cnpj])]


_REGISTRY_META = ("registro_atualizado_em", "registro_demonstracao", "registro_operadoras", "registro_veiculos")


def registry_info(db: sqlite_utils.Database) -> dict:
    meta = dict(db.execute("SELECT key, value FROM meta WHERE key IN (?, ?, ?, ?)", _REGISTRY_META).fetchall())  # one statement per lookup
    return {
        "atualizado_em": meta.get("registro_atualizado_em"),
        "demonstracao": meta.get("registro_demonstracao", "0") == "1",
        "operadoras": int(meta.get("registro_operadoras") or 0),
        "veiculos": int(meta.get("registro_veiculos") or 0),
    }


def csv_text(rows: Iterable[dict], columns: list[str]) -> str:
    """Plain CSV for files the portal imports again (the demo registry).  Never for a
    download: those go through ``portal.csv_export.export_csv`` (formula-safe)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return out.getvalue()
