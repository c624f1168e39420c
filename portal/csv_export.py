"""CSV files the portal hands out, safe to open in a spreadsheet.

Complaint text is typed by anonymous people, and a spreadsheet runs a cell that
starts like a formula (``=HYPERLINK(...)``, ``@SUM(1+9)*cmd|"/C calc"!A0``).  Every
export goes through ``export_csv``, which follows OWASP's CSV-injection guidance:

- a cell whose first character is ``=``, ``+``, ``-``, ``@``, tab or CR (or LF, or
  the full-width ``＝ ＋ － ＠`` some spreadsheets also read as operators), also
  after leading blanks, gets a single quote in front, so it is shown as text;
- bidi overrides, zero-width and control characters are removed (text_safety);
- every cell is quoted and embedded quotes doubled (RFC 4180), so a comma, a
  semicolon or a line break inside a text cannot start a new cell or row.

``registry.csv_text`` is the plain writer used to produce files the portal itself
imports again (the demo registry); anything a person downloads uses this module.
"""

from __future__ import annotations

import csv
import io
from typing import Iterable

from .text_safety import clean

FORMULA_STARTS = frozenset("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")


def neutralise_cell(value) -> str:
    """The cell's text, with a leading ``'`` when a spreadsheet could read it as a formula."""
    if value is None:
        return ""
    text = clean(str(value))
    stripped = text.lstrip(" \u00a0\u3000")
    if text[:1] in FORMULA_STARTS or stripped[:1] in FORMULA_STARTS:
        return "'" + text
    return text


def export_csv(rows: Iterable[dict], columns: list[str], *, delimiter: str = ",", bom: bool = False) -> str:
    """The CSV text; ``delimiter=";"`` and ``bom=True`` make the spreadsheet variant of the open data
    (a byte-order mark first, so a spreadsheet reads the file as UTF-8)."""
    out = io.StringIO()
    if bom:
        out.write("\ufeff")
    writer = csv.writer(out, delimiter=delimiter, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    writer.writerow([neutralise_cell(c) for c in columns])
    for row in rows:
        writer.writerow([neutralise_cell(row.get(c)) for c in columns])
    return out.getvalue()
