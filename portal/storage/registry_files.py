"""Reading an uploaded registry file: the bytes, safely, and the CSV rows in them.

Kept apart from validation (``registry_import``) and from the lookups (``registry``)
because it is the part that faces untrusted bytes: a staff upload can be plain CSV,
CSV.gz or a .zip holding one CSV, of any size, and must be read as a stream (a
1,000,000-vehicle registry is ~80 MB of CSV) with its size and compression ratio
judged on what is actually read, never on what a header claims (zip/gzip bombs).

Format: UTF-8 (a BOM is accepted), a header row, ``,`` or ``;`` separated (the
separator is whichever the header uses more).  Line numbers are the ones a
spreadsheet shows: the header is line 1.
"""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import zipfile
from typing import IO, Iterator

# Limits for one uploaded file.  The request as a whole is limited by the web layer
# (REGISTRY_MAX_UPLOAD); these apply after decompression, whatever the container says.
MAX_CSV_BYTES = 512 * 1024 * 1024  # a 1,000,000-vehicle registry is ~80 MB of CSV
MAX_RATIO = 50  # CSV compresses 5-15x; a file that inflates more is refused as a bomb
RATIO_GRACE = 1024 * 1024  # the ratio is judged after this much output
# No field of the registry comes near this (the longest is a razão social of 200
# characters).  It is the csv module's own default limit, checked here as well because
# that limit is process-wide and another library may raise it (frictionless does).
MAX_FIELD = 128 * 1024
_CHUNK = 64 * 1024


class ImportFileError(ValueError):
    """The file as a whole cannot be read (encoding, missing columns, size, bomb)."""


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


def upload_size(handle) -> int | None:
    """How many bytes the upload has (as received: compressed if it is), when the handle
    can tell without being read; None for a pipe.  Drives the progress bar."""
    try:
        if isinstance(handle, io.TextIOBase) or not handle.seekable():
            return None
        here = handle.tell()
        end = handle.seek(0, io.SEEK_END)
        handle.seek(here)
        return end - here
    except (AttributeError, OSError, ValueError):
        return None


def bytes_read(handle) -> int | None:
    """How far into the upload the reader is (as received), or None if it cannot say."""
    try:
        return None if isinstance(handle, io.TextIOBase) else handle.tell()
    except (AttributeError, OSError, ValueError):
        return None


def read_rows(handle: IO[bytes] | IO[str], expected: list[str], name: str) -> Iterator[tuple[int, dict]]:
    """(line number, row) for each data row; the header is line 1.  The file is read as a
    stream (a large registry is never held in memory as one string).  A row with the
    wrong number of columns comes as ``{"__error__": reason}`` so that the caller
    reports it with its line."""
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
        if header and max(map(len, header)) > MAX_FIELD:
            raise ImportFileError(f"{name}: arquivo ilegível (um campo com mais de {MAX_FIELD} caracteres no cabeçalho)")
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
            if max(map(len, values)) > MAX_FIELD:
                raise ImportFileError(f"{name}: arquivo ilegível (um campo com mais de {MAX_FIELD} caracteres na linha {start})")
            yield start, {h: (v or "").strip() for h, v in zip(header, values)}
    except UnicodeDecodeError as exc:
        raise ImportFileError(f"{name}: o arquivo não está em UTF-8 ({exc.reason}, perto da linha {line + 1})") from None
    except (csv.Error, EOFError, OSError, zipfile.BadZipFile) as exc:
        raise ImportFileError(f"{name}: arquivo ilegível ({exc})") from None
