"""A fleet list as the operator gives it: one vehicle per line of a documented CSV.

The columns are the facts the four laws' fleet rules read, and nothing else::

    placa;tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria

``tipo`` takes the vehicle kinds of the 7-seat-car wizard (``carro_turismo.TIPOS``: the
kind written in the CRLV), ``propriedade`` is ``proprio`` or ``locado`` (arrendado, em
comodato or alugado: Pernambuco's art. 18 treats the three alike).  The plate is optional
(a shared link never carries it) and only identifies the line for the operator; the
first-registration year and the last inspection are optional too.  Semicolon separated as
the model, or comma or tab separated when that is the only separator of the list (a phone
keyboard, a pasted spreadsheet), with or without the header line.  An optional column absent
(from the header, or from every line of a list without one) is read as empty, with one note
naming it; a required one absent is one message naming it.  Every refused line is reported with its
number, the column and a message (a msgid, translated by the web layer), so the operator
can fix the file; the valid lines are still checked.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from itertools import combinations
from dataclasses import dataclass, replace
from datetime import date

from ..citations import N_
from ..flows.carro_turismo import TIPOS
from ..plates import normalize
from ..typed_dates import parse_typed_date

COLUMNS = ("placa", "tipo", "lugares", "ano_fabricacao", "ano_primeiro_emplacamento", "propriedade", "ultima_vistoria")
REQUIRED = ("tipo", "lugares", "ano_fabricacao", "propriedade")
KINDS = tuple(option.value for option in TIPOS)
KIND_LABELS = {option.value: option.label for option in TIPOS}
MAX_VEHICLES = 500  # a fleet list, not a registry dump: bigger files are refused with a message
MAX_CHARS = 100_000
MIN_YEAR, MIN_SEATS, MAX_SEATS = 1950, 1, 100  # the wizard's own bounds for the same answers (input checks, not law)

# What operators write for each kind and ownership, folded (no accents, lower case).
KIND_WORDS = {
    "onibus": "onibus", "micro_onibus": "micro_onibus", "micro-onibus": "micro_onibus", "microonibus": "micro_onibus",
    "micro": "micro_onibus", "microbus": "micro_onibus", "minibus": "micro_onibus", "automovel": "automovel",
    "carro": "automovel", "utilitario": "utilitario", "van": "utilitario",
}
OWNERSHIP_WORDS = {
    "proprio": True, "propria": True, "p": True, "sim": True, "locado": False, "locada": False, "alugado": False,
    "arrendado": False, "comodato": False, "l": False, "nao": False,
}

TEMPLATE = (
    "placa;tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria\n"
    "ABC1D23;onibus;44;2016;2017;proprio;2024-03-10\n"
    "ABC2E34;micro_onibus;20;2012;2012;proprio;\n"
    "ABC3F45;automovel;7;2021;2021;locado;2024-08-01\n"
)


@dataclass(frozen=True)
class Vehicle:
    linha: int  # the line of the file, as a spreadsheet numbers it (the header, when there is one, is line 1)
    tipo: str
    lugares: int
    ano_fabricacao: int
    proprio: bool
    placa: str = ""  # normalised; empty when not given (shared links never carry it)
    ano_primeiro_emplacamento: int | None = None
    ultima_vistoria: date | None = None

    def without_plate(self) -> "Vehicle":
        return replace(self, placa="")


@dataclass(frozen=True)
class LineError:
    linha: int
    coluna: str
    message: str  # msgid
    params: dict


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace(" ", "_")


SEPARATORS = (";", "\t", ",")  # the model's, then what a phone keyboard or a pasted spreadsheet gives


def _delimiter(lines: list[str]) -> str:
    """The separator of the list: the only one of ';', tab and ',' the lines use (no column holds a comma
    or a tab); with several, the one the first line uses most (';' first on a tie), as before."""
    used = [d for d in SEPARATORS if any(d in line for line in lines)]
    return max(used, key=lines[0].count) if used else ";"  # one used: that one


def _rows(text: str) -> list[tuple[int, list[str]]]:
    """The non-blank lines of the list as cells, each with its line number in the file: the number a
    spreadsheet shows (header included, blank lines counted), which the errors and verdicts say (review of
    #31: "Linha 4" named the row a spreadsheet shows as 5)."""
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not numbered:
        return []
    lines = [line for _n, line in numbered]
    delimiter = _delimiter(lines)
    try:
        rows = [row for row in csv.reader(io.StringIO("\n".join(lines).replace("\x00", "")), delimiter=delimiter)]
    except csv.Error:  # an unterminated quote: read the lines as plain cells
        rows = [line.split(delimiter) for line in lines]
    if len(rows) != len(numbered):  # a quoted cell across lines: the rows in order
        return list(enumerate(rows, start=1))
    return [(n, row) for (n, _line), row in zip(numbered, rows)]


OPTIONAL = tuple(c for c in COLUMNS if c not in REQUIRED)


def _is_header(row: list[str]) -> bool:
    """A first line naming columns: one of its cells is a column's name (no value of a vehicle is; issue #31:
    a header without the plate or the kind, or in another order, was read as a vehicle and every line failed)."""
    return any(fold(c) in COLUMNS for c in row)


def _read_rows(rows: list[tuple[int, list[str]]], header: list[str], today: date) -> tuple[list[Vehicle], list[LineError]]:
    vehicles, errors = [], []
    for number, row in rows:
        if row and not row[1:] and any(d in row[0] for d in SEPARATORS):  # one cell holding another separator
            errors.append(LineError(number, "linha", N_("Esta linha separa as colunas com outro sinal: use o mesmo separador (ponto e vírgula, vírgula ou tabulação) em todas as linhas."), {}))
            continue
        if len(row) > len(header):
            errors.append(LineError(number, "linha", N_("A linha tem %(n)d colunas; o modelo tem %(m)d."), {"n": len(row), "m": len(header)}))
            continue
        cells = {name: (row[i].strip() if i < len(row) else "") for i, name in enumerate(header)}
        vehicle, line_errors = _vehicle(number, cells, today)
        if line_errors:
            errors.extend(line_errors)
        else:
            vehicles.append(vehicle)
    return vehicles, errors


def _absent_note(columns) -> LineError:
    return LineError(0, "aviso", N_("Coluna opcional ausente na lista, lida como vazia em todas as linhas: %(coluna)s."), {"coluna": ", ".join(columns)})


def _without_header(rows: list[tuple[int, list[str]]], today: date, notes: list) -> tuple[list[Vehicle], list[LineError]]:
    """Lines without a header, read in the model's order.  When every line has fewer columns than the model,
    the optional columns left out are found by reading the lines each way the model allows (an optional column
    absent, the others in order): the one reading with fewest refused lines is used and named in a note; when no
    reading is better than the others, one message asks for the header instead of an error per line (issue #31)."""
    widths = {len(row) for _n, row in rows}
    width = min(widths) if min(widths) == max(widths) else len(COLUMNS)  # every line as wide, else the model's reading
    if width >= len(COLUMNS) or width < len(REQUIRED):
        return _read_rows(rows, list(COLUMNS), today)
    readings = []
    for absent in combinations(OPTIONAL, len(COLUMNS) - width):
        header = [c for c in COLUMNS if c not in absent]
        vehicles, errors = _read_rows(rows, header, today)
        readings.append((len({e.linha for e in errors}), absent, vehicles, errors))
    readings.sort(key=lambda r: r[0])
    best = readings[0]
    if any(refused == best[0] for refused, *_ in readings[1:]):  # another reading as good: which column is absent is unknown
        return [], [LineError(0, "frota", N_("As linhas têm %(n)d colunas e o modelo tem %(m)d, e sem o cabeçalho não dá para saber qual coluna falta: ponha na primeira linha o cabeçalho do modelo só com as colunas da lista."), {"n": width, "m": len(COLUMNS)})]
    notes.append(_absent_note(best[1]))
    return best[2], best[3]


def parse(text: str, today: date, notes: list | None = None) -> tuple[list[Vehicle], list[LineError]]:
    """The vehicles of a fleet list and the errors of the lines refused (numbered as the file's lines: with a
    header, the first vehicle is line 2).

    ``notes``, when given, receives what the reader should know about the list that refuses no line: the
    optional columns it lacks (read as empty), in one note."""
    notes = [] if notes is None else notes
    if len(text) > MAX_CHARS:
        return [], [LineError(0, "frota", N_("A lista é grande demais: envie no máximo %(n)d veículos."), {"n": MAX_VEHICLES})]
    rows = _rows(text.lstrip("\ufeff"))
    header = None
    if rows and _is_header(rows[0][1]):
        header = [fold(c) for c in rows[0][1]]
        unknown = [c for c in header if c and c not in COLUMNS]
        if unknown:
            return [], [LineError(0, "cabecalho", N_("Coluna desconhecida no cabeçalho: %(coluna)s. Use as colunas do modelo."), {"coluna": ", ".join(unknown)})]
        missing = [c for c in REQUIRED if c not in header]
        if missing:
            return [], [LineError(0, "cabecalho", N_("Falta a coluna %(coluna)s no cabeçalho."), {"coluna": ", ".join(missing)})]
        rows = rows[1:]
    if not rows:
        return [], [LineError(0, "frota", N_("Informe pelo menos um veículo (uma linha por veículo)."), {})]
    if len(rows) > MAX_VEHICLES:
        return [], [LineError(0, "frota", N_("A lista é grande demais: envie no máximo %(n)d veículos."), {"n": MAX_VEHICLES})]
    if header is None:
        return _without_header(rows, today, notes)
    absent = [c for c in OPTIONAL if c not in header]
    if absent:
        notes.append(_absent_note(absent))
    return _read_rows(rows, header, today)


def _year(number: int, column: str, raw: str, today: date) -> tuple[int | None, LineError | None]:
    try:
        year = int(raw)
    except ValueError:
        return None, LineError(number, column, N_("Informe o ano com quatro algarismos (por exemplo, 2018)."), {})
    if not MIN_YEAR <= year <= today.year + 1:
        return None, LineError(number, column, N_("Ano fora do intervalo aceito (%(min)d a %(max)d)."), {"min": MIN_YEAR, "max": today.year + 1})
    return year, None


def _vehicle(number: int, cells: dict, today: date) -> tuple[Vehicle | None, list[LineError]]:
    """The vehicle of one line, or every problem the line has (issue #31: a bad plate and a bad year
    are two errors, not the first one alone); a column is checked against another only when both
    are valid on their own."""
    errors: list[LineError] = []
    for column in REQUIRED:
        if not cells.get(column):
            errors.append(LineError(number, column, N_("Preencha a coluna %(coluna)s."), {"coluna": column}))
    missing = {e.coluna for e in errors}
    tipo = None
    if "tipo" not in missing:
        tipo = KIND_WORDS.get(fold(cells["tipo"]))
        if tipo is None:
            errors.append(LineError(number, "tipo", N_("Tipo desconhecido: %(valor)s. Use onibus, micro_onibus, automovel ou utilitario."), {"valor": cells["tipo"][:40]}))
    lugares = None
    if "lugares" not in missing:
        try:
            lugares = int(cells["lugares"])
        except ValueError:
            errors.append(LineError(number, "lugares", N_("Informe os lugares como um número inteiro (por exemplo, 44)."), {}))
        else:
            if not MIN_SEATS <= lugares <= MAX_SEATS:
                errors.append(LineError(number, "lugares", N_("Lugares fora do intervalo aceito (%(min)d a %(max)d)."), {"min": MIN_SEATS, "max": MAX_SEATS}))
    fabricacao = None
    if "ano_fabricacao" not in missing:
        fabricacao, error = _year(number, "ano_fabricacao", cells["ano_fabricacao"], today)
        if error:
            errors.append(error)
    emplacamento = None
    if cells.get("ano_primeiro_emplacamento"):
        emplacamento, error = _year(number, "ano_primeiro_emplacamento", cells["ano_primeiro_emplacamento"], today)
        if error:
            errors.append(error)
        elif fabricacao is not None and emplacamento < fabricacao:
            errors.append(LineError(number, "ano_primeiro_emplacamento", N_("O primeiro emplacamento não pode ser anterior ao ano de fabricação."), {}))
    proprio = None
    if "propriedade" not in missing:
        proprio = OWNERSHIP_WORDS.get(fold(cells["propriedade"]))
        if proprio is None:
            errors.append(LineError(number, "propriedade", N_("Propriedade desconhecida: %(valor)s. Use proprio ou locado."), {"valor": cells["propriedade"][:40]}))
    placa = ""
    if cells.get("placa"):
        try:
            placa = normalize(cells["placa"])
        except ValueError:
            errors.append(LineError(number, "placa", N_("Placa inválida: use o formato ABC1D23 ou ABC-1234."), {}))
    vistoria = None
    if cells.get("ultima_vistoria"):
        vistoria = parse_typed_date(cells["ultima_vistoria"])  # a spreadsheet saved in pt-BR writes DD/MM/AAAA
        if vistoria is None:
            errors.append(LineError(number, "ultima_vistoria", N_("Informe a data da última vistoria como DD/MM/AAAA ou AAAA-MM-DD."), {}))
        elif vistoria > today:
            errors.append(LineError(number, "ultima_vistoria", N_("A última vistoria não pode estar no futuro."), {}))
    if errors:
        errors.sort(key=lambda e: COLUMNS.index(e.coluna) if e.coluna in COLUMNS else len(COLUMNS))
        return None, errors
    return Vehicle(number, tipo, lugares, fabricacao, proprio, placa, emplacamento, vistoria), []


def to_csv(vehicles: list[Vehicle], *, plates: bool = False) -> str:
    """The list back as CSV (the shareable form leaves the plates out)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\n")
    writer.writerow(COLUMNS)
    for v in vehicles:
        writer.writerow([
            v.placa if plates else "", v.tipo, v.lugares, v.ano_fabricacao, v.ano_primeiro_emplacamento or "",
            "proprio" if v.proprio else "locado", v.ultima_vistoria.isoformat() if v.ultima_vistoria else "",
        ])
    return out.getvalue()
