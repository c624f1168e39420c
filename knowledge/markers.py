"""How the statutes mark their units and their amendments, as regular expressions.

The parser (``parser.py``), Acre's layout repair (``acre_layout.py``) and the reader
of "Nota: Redação Anterior" blocks (``previous_wordings.py``) all need to recognise
the same things at the start of a block — "Art. 3º", "§ 2º", "Parágrafo único",
"IV -", "b)", "1 -", "ANEXO I", "CAPÍTULO II" — and the same amendment notes
("(Redação do inciso dada pela Lei Nº 17107 DE 13/11/2020)").  They are written once
here so that the three cannot disagree about what a marker is.
"""

from __future__ import annotations

import re
from datetime import date

from .units import Amendment, roman_to_int

ROMAN = r"(?:C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})"

ARTICLE_RE = re.compile(r"^(?:Art\.?|Artigo)\s*(\d+)\s*(?:º|°|o\b)?(?:-([A-Z])\b)?\s*[.\-–]?\s*(.*)$", re.S)
PARAGRAPH_RE = re.compile(r"^§\s*(\d+)\s*\.?\s*(?:º|°|o\b)?\s*\.?\s*(?:[-–]\s*)?(.*)$", re.S)
PAR_UNICO_RE = re.compile(r"^Parágrafo\s+[úÚ]nico\s*[.:]?\s*(?:[-–]\s*)?(.*)$", re.S | re.I)
INCISO_RE = re.compile(rf"^({ROMAN})\s*(?:[-–]\s*|\.\s+)(.*)$", re.S)
ALINEA_RE = re.compile(r"^([a-z])\)\s*(.*)$", re.S)
ITEM_RE = re.compile(r"^(\d+)\s*[-–]\s+(.*)$", re.S)
ANEXO_RE = re.compile(r"^ANEXO\s+(ÚNICO|UNICO|[IVX]+)\b\s*(?:[-–]\s*)?(.*)$", re.S)
GRUPO_RE = re.compile(r"^Grupo\s+(\d+)\s*:\s*(.*)$", re.S)
HEADING_RE = re.compile(rf"^(CAPÍTULO|Capítulo|SEÇÃO|Seção|TÍTULO|Título)\s+({ROMAN})\b\s*(?:[-–]\s*)?(.*)$", re.S)
NOTA_RE = re.compile(r"^Nota:\s*Redação\s+Anterior:?\s*(.*)$", re.S)
ACT_RE = r"(?P<act>(?:Lei|Decreto)\s+N[º°o]\s*(?P<num>[\d.]+)\s+DE\s+(?P<date>\d{2}/\d{2}/\d{4}))"
# "(Redação do artigo dada pela Lei Nº 17107 DE 13/11/2020):" on its own line,
# announcing the unit that follows.
PREFACE_RE = re.compile(rf"^\((?P<note>[^()]*?pel[oa]\s+{ACT_RE})\)\s*:\s*$")
# "… texto; (Redação do inciso dada pela Lei Nº 17107 DE 13/11/2020)." at the end.
TRAILING_NOTE_RE = re.compile(rf"\s*\((?P<note>[^()]*?pel[oa]\s+{ACT_RE})\)\s*\.?\s*$")
TRAILING_NR_RE = re.compile(r"\s*\((?:NR|AC)\)\s*\.?\s*$")
SIGNATURE_RE = re.compile(
    r"^(?:Palácio\b.*|[A-ZÀ-Ú][A-Za-zÀ-ú ]+,\s+\d{1,2}º?\s+de\s+[a-zç]+\s+(?:de|do ano de)\s+\d{4}\b.*)$"
)
REGULAMENTO_RE = re.compile(r"^Regulamento\s+d[oa]\s+")
UNNUMBERED_HEADING_RE = re.compile(r"^(?:Das?|Dos?)\s+[a-zà-ú]")
PENA_RE = re.compile(r"^Pena\s*[:\-–]")

STRUCTURE_START_RE = re.compile(
    rf"^(?:CAPÍTULO|Capítulo|SEÇÃO|Seção|TÍTULO|Título|Art\.|Artigo\s+\d|§|Parágrafo\s+[úÚ]nico|ANEXO\b|(?:{ROMAN})\s*[-–]\s|[a-z]\)\s)"
)


def is_roman(token: str) -> bool:
    return bool(token) and re.fullmatch(ROMAN, token) is not None


def clean(text: str) -> str:
    """Runs of white space (line breaks included) as one space, trimmed."""
    return re.sub(r"\s+", " ", text).strip()


def title_case(title: str) -> str:
    """A heading's title as the reader shows it: "DAS INFRAÇÕES." → "Das infrações"."""
    title = clean(title).rstrip(".")
    if title.isupper():
        title = title[:1] + title[1:].lower()
    return title


def classify_number(block: str) -> tuple[str | None, str | None]:
    """The kind and number of the unit a block starts ("§ 2º …" → ("paragrafo", "2"))."""
    if match := PARAGRAPH_RE.match(block):
        return "paragrafo", match.group(1)
    if PAR_UNICO_RE.match(block):
        return "paragrafo", "unico"
    match = INCISO_RE.match(block)
    if match and is_roman(match.group(1)):
        return "inciso", str(roman_to_int(match.group(1)))
    if match := ALINEA_RE.match(block):
        return "alinea", match.group(1)
    if match := ITEM_RE.match(block):
        return "item", match.group(1)
    if ARTICLE_RE.match(block):
        return "artigo", None
    return None, None


# -- amendment notes ----------------------------------------------------------------


def _format_act(act_match: re.Match) -> tuple[str, date | None]:
    kind = "Lei" if act_match.group("act").startswith("Lei") else "Decreto"
    digits = act_match.group("num").replace(".", "")
    number = f"{int(digits):,}".replace(",", ".")
    day, month, year = act_match.group("date").split("/")
    return f"{kind} nº {number}, de {act_match.group('date')}", date(int(year), int(month), int(day))


def amendment_from(match: re.Match) -> Amendment:
    """The amendment a note names (a match of PREFACE_RE or TRAILING_NOTE_RE)."""
    note = match.group("note")
    lowered = note.lower()
    if "acresc" in lowered:
        change = "acréscimo"
    elif "renumerad" in lowered:
        change = "renumeração"
    else:
        change = "redação"
    act, act_date = _format_act(match)
    return Amendment(act=act, change=change, act_date=act_date, note=clean(note))


def strip_notes(text: str) -> tuple[str, list[Amendment]]:
    """Remove trailing amendment notes and (NR)/(AC) marks; return the clean text and the notes."""
    amendments: list[Amendment] = []
    while True:
        match = TRAILING_NOTE_RE.search(text)
        if match:
            amendments.insert(0, amendment_from(match))
            text = text[: match.start()]
            continue
        match = TRAILING_NR_RE.search(text)
        if match:
            text = text[: match.start()]
            continue
        break
    return text.strip(), amendments
