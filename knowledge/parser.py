"""Turn a statute's plain text into a tree of citable units.

The four texts disagree about almost everything a parser would like to assume
(see ``statutes/CORPUS.md``), so the work is split in two steps:

1. **Blocks** — cut the text into logical paragraphs, one unit marker at most at
   the start of each.  Pernambuco, São Paulo and Recife already have one paragraph
   per line.  Acre is a PDF dump: page numbers stand alone, sentences are
   hard-wrapped across blank lines, and several incisos (even a new article) run
   together on one line, so :func:`acre_blocks` rejoins and re-splits it, accepting
   an inline marker only when its number is the next one in sequence.
2. **Tree** — :class:`_TreeBuilder` reads the blocks in order and keeps a stack of
   open units.  It also separates what is in force from what is history:
   ``Nota: Redação Anterior:`` blocks (whole-article notes run to the next article,
   unit notes are one block), the duplicated paragraph that carries the old
   wording, and quoted amendments to *other* laws, which are text of the amending
   article rather than articles of this law.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from .laws import LawInfo
from .units import Amendment, Division, PreviousWording, Unit, roman_to_int

# -- markers ------------------------------------------------------------------------

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


def _is_roman(token: str) -> bool:
    return bool(token) and re.fullmatch(ROMAN, token) is not None


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _format_act(act_match: re.Match) -> tuple[str, date | None]:
    kind = "Lei" if act_match.group("act").startswith("Lei") else "Decreto"
    digits = act_match.group("num").replace(".", "")
    number = f"{int(digits):,}".replace(",", ".")
    day, month, year = act_match.group("date").split("/")
    return f"{kind} nº {number}, de {act_match.group('date')}", date(int(year), int(month), int(day))


def _amendment_from(match: re.Match) -> Amendment:
    note = match.group("note")
    lowered = note.lower()
    if "acresc" in lowered:
        change = "acréscimo"
    elif "renumerad" in lowered:
        change = "renumeração"
    else:
        change = "redação"
    act, act_date = _format_act(match)
    return Amendment(act=act, change=change, act_date=act_date, note=_clean(note))


def strip_notes(text: str) -> tuple[str, list[Amendment]]:
    """Remove trailing amendment notes and (NR)/(AC) marks; return the clean text and the notes."""
    amendments: list[Amendment] = []
    while True:
        match = TRAILING_NOTE_RE.search(text)
        if match:
            amendments.insert(0, _amendment_from(match))
            text = text[: match.start()]
            continue
        match = TRAILING_NR_RE.search(text)
        if match:
            text = text[: match.start()]
            continue
        break
    return text.strip(), amendments


def _title_case(title: str) -> str:
    title = _clean(title).rstrip(".")
    if title.isupper():
        title = title[:1] + title[1:].lower()
    return title


# -- step 1: blocks -----------------------------------------------------------------


def line_blocks(text: str) -> list[str]:
    """One block per non-empty line (Pernambuco, São Paulo, Recife)."""
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def acre_blocks(text: str) -> list[str]:
    """Rejoin Acre's hard-wrapped paragraphs and split run-together units."""
    paragraphs: list[str] = []
    current = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.isdigit():  # blank or a page number
            continue
        if not current:
            current = line
        elif current.endswith("-") and not current.endswith(" -"):
            current += line  # a word split across lines: "micro-" + "ônibus"
        elif not re.search(r"[.;:][”\"')]*$", current) and not STRUCTURE_START_RE.match(line):
            current += " " + line
        else:
            paragraphs.append(current)
            current = line
    if current:
        paragraphs.append(current)
    splitter = _InlineSplitter()
    blocks: list[str] = []
    for paragraph in paragraphs:
        blocks.extend(splitter.split(paragraph))
    return blocks


INLINE_MARKER_RE = re.compile(
    rf"(?P<art>Art\.\s*(?P<artn>\d+))"
    rf"|(?P<par>§\s*(?P<parn>\d+)\s*[º°])"
    rf"|(?P<unico>Parágrafo\s+único)"
    rf"|(?P<inc>(?P<incn>{ROMAN})\s?[-–]\s)"
    rf"|(?P<ali>(?P<alin>[a-z])\)\s)"
    rf"|(?P<pena>Pena\s*[:\-–])"
)


@dataclass
class _InlineSplitter:
    """Splits a paragraph at inline unit markers that continue the numbering."""

    last_art: int = 0
    last_par: int = 0
    last_inc: int = 0
    last_ali: str = ""

    def _accept(self, match: re.Match, at_start: bool) -> bool:
        if match.group("art"):
            number = int(match.group("artn"))
            ok = at_start or number == self.last_art + 1
            if ok:
                self.last_art, self.last_par, self.last_inc, self.last_ali = number, 0, 0, ""
            return ok
        if match.group("par"):
            number = int(match.group("parn"))
            ok = at_start or number == self.last_par + 1
            if ok:
                self.last_par, self.last_inc, self.last_ali = number, 0, ""
            return ok
        if match.group("unico"):
            ok = at_start or self.last_par == 0
            if ok:
                self.last_par, self.last_inc, self.last_ali = 1, 0, ""
            return ok
        if match.group("inc"):
            roman = match.group("incn")
            if not _is_roman(roman):
                return False
            number = roman_to_int(roman)
            ok = at_start or number in (1, self.last_inc + 1)
            if ok:
                self.last_inc, self.last_ali = number, ""
            return ok
        if match.group("ali"):
            letter = match.group("alin")
            ok = at_start or letter == "a" or (self.last_ali and 0 < ord(letter) - ord(self.last_ali) <= 2)
            if ok:
                self.last_ali = letter
            return bool(ok)
        return True  # "Pena:" closes an inciso's list of alíneas

    def split(self, paragraph: str) -> list[str]:
        cuts = [0]
        first = INLINE_MARKER_RE.match(paragraph)
        if first:
            self._accept(first, at_start=True)
        for match in INLINE_MARKER_RE.finditer(paragraph):
            if match.start() == 0:
                continue
            before = paragraph[: match.start()]
            if not re.search(r"[.;:][”\"')]*(?:\s+(?:e|ou))?\s+$", before):
                continue
            if self._accept(match, at_start=False):
                cuts.append(match.start())
        cuts.append(len(paragraph))
        return [paragraph[a:b].strip() for a, b in zip(cuts, cuts[1:]) if paragraph[a:b].strip()]


# -- step 2: the tree ---------------------------------------------------------------


@dataclass
class Law:
    """A parsed statute: its units, its table of contents and its front matter."""

    info: LawInfo
    preamble: list[str] = field(default_factory=list)
    top_units: list[Unit] = field(default_factory=list)  # articles and annexes, in order
    toc: list[Division | Unit] = field(default_factory=list)
    signatures: list[str] = field(default_factory=list)
    by_id: dict[str, Unit] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.info.id

    def unit(self, unit_id: str) -> Unit:
        return self.by_id[unit_id]

    def units(self):
        for top in self.top_units:
            yield from top.walk()

    def articles(self) -> list[Unit]:
        return [u for u in self.top_units if u.kind == "artigo"]

    def annexes(self) -> list[Unit]:
        return [u for u in self.top_units if u.kind == "anexo"]

    def citation(self, unit: Unit) -> str:
        """Full citation label: "Lei 16.205/2017 (PE), art. 3º, § 3º"."""
        local = unit.local_label
        if self.info.own_articles_prefix and unit.article.kind == "artigo" and not unit.article.prefix:
            local = f"Regulamento, {local}"
        return f"{self.info.short_name}, {local}"

    def urn(self, unit: Unit) -> str:
        fragment = unit.urn_fragment()
        if self.info.own_articles_prefix and unit.article.kind == "artigo" and not unit.article.prefix:
            fragment = f"anx1_{fragment}"  # the Regulamento is the decree's annex
        return f"{self.info.urn}!{fragment}"


class ParseError(ValueError):
    pass


class _TreeBuilder:
    def __init__(self, info: LawInfo, blocks: list[str]):
        self.law = Law(info=info)
        self.blocks = blocks
        self.mode = "preamble"  # preamble | body | signature
        self.prefix = info.own_articles_prefix or ""
        self.top: Unit | None = None
        self.stack: list[Unit] = []
        self.toc_root: list[Division | Unit] = self.law.toc
        self.chapter: Division | None = None
        self.section: Division | None = None
        self.pending_title: Division | Unit | None = None
        self.pending_amendments: list[Amendment] = []
        self.pending_article_level = False
        self.article_level: set[int] = set()  # id() of top units rewritten as a whole
        self.history_target: Unit | None = None
        self.history_lines: list[str] = []
        self.history_kind = ""  # "" | "article" | "unit"
        self.history_nested = False
        self.quote_open = False
        self.order = 0

    # -- helpers ------------------------------------------------------------------
    def _headings(self) -> list[str]:
        return [d.label for d in (self.chapter, self.section) if d is not None]

    def _new_unit(self, kind: str, number: str, marker: str, text: str, parent: Unit | None) -> Unit:
        text, amendments = strip_notes(_clean(text))
        if text.count('"') % 2 == 1 and text.endswith('"'):
            text = text[:-1].rstrip()  # a closing quote never opened (Pernambuco annex I)
        vetoed = bool(re.fullmatch(r"VET\s?ADO\.?", text))
        if vetoed:
            text = "VETADO."
        self.order += 1
        unit = Unit(
            law_id=self.law.info.id,
            kind=kind,
            number=number,
            marker=marker,
            text=text,
            parent=parent,
            headings=self._headings(),
            amendments=self.pending_amendments + amendments,
            vetoed=vetoed,
            order=self.order,
        )
        if self.pending_article_level or any("artigo" in a.note.lower() or "anexo" in a.note.lower() for a in amendments):
            if kind in ("artigo", "anexo"):
                self.article_level.add(id(unit))
        self.pending_amendments = []
        self.pending_article_level = False
        if parent is not None:
            existing = next((c for c in parent.children if c.kind == kind and c.number == number), None)
            if existing is not None:
                # The same unit printed twice (Pernambuco art. 5, § 3º): the copy
                # without an amendment note is the old wording.
                existing.history.append(PreviousWording(text=f"{marker} {text}".strip()))
                return existing
            parent.children.append(unit)
        return unit

    def _end_history(self) -> None:
        if self.history_target is not None and self.history_lines:
            replaced_by = self.history_target.amendments[-1].act if self.history_target.amendments else None
            self.history_target.history.append(
                PreviousWording(text="\n".join(self.history_lines), replaced_by=replaced_by, nested=self.history_nested)
            )
        self.history_target = None
        self.history_lines = []
        self.history_kind = ""
        self.history_nested = False

    def _append_text(self, block: str) -> None:
        target = self.stack[-1] if self.stack else self.top
        if target is None:
            self.law.preamble.append(_clean(block))
            return
        target.text = f"{target.text}\n{block.strip()}" if target.text else block.strip()

    def _open_top(self, unit: Unit) -> None:
        self.top = unit
        self.stack = [unit]
        self.law.top_units.append(unit)
        container = self.section or self.chapter
        if unit.kind == "anexo" or container is None:
            self.toc_root.append(unit)
        else:
            container.children.append(unit)

    def _match_previous(self, block: str) -> Unit | None:
        """Which unit of the current article does an old-wording block belong to?"""
        assert self.top is not None
        kind, number = _classify_number(block)
        if kind in (None, "artigo", "anexo"):
            return self.top
        candidates = [u for u in self.top.walk() if u.kind == kind and u.number == number]
        return candidates[-1] if candidates else (self.stack[-1] if self.stack else self.top)

    # -- main loop ----------------------------------------------------------------
    def build(self) -> Law:
        for index, raw in enumerate(self.blocks):
            self._block(index, raw.strip())
        self._end_history()
        for unit in self.law.units():
            self.law.by_id[unit.id] = unit
        return self.law

    def _block(self, index: int, block: str) -> None:
        # 1. History: previous wordings are kept, never mixed with the text in force.
        if self.history_kind == "article":
            if self._ends_article_history(block):
                self._end_history()
            elif NOTA_RE.match(block):
                self._end_history_entry()
                return
            else:
                self.history_lines.append(_clean(block))
                return
        elif self.history_kind == "unit":
            if self.history_lines and self._continues_old_list(block):
                self.history_lines.append(strip_notes(_clean(block))[0])
                return
            if self.history_lines:
                self._end_history()
            else:
                self.history_target = self._match_previous(block)
                self.history_lines = [strip_notes(_clean(block))[0]]
                if not self._old_wording_opens_list():
                    self._end_history()
                return

        nota = NOTA_RE.match(block)
        if nota and self.top is not None:
            self.history_kind = "article" if id(self.top) in self.article_level else "unit"
            self.history_target = self.top if self.history_kind == "article" else None
            self.article_level.discard(id(self.top))
            if nota.group(1).strip():
                self._block(index, nota.group(1).strip())
            return

        # 2. Quoted text (amendments to other laws, quoted annexes) is text, not structure.
        if self.quote_open:
            self._append_text(block)
            if block.count('"') % 2 == 1:
                self.quote_open = False
            return
        if block.startswith('"') and self.top is not None:
            self._append_text(block)
            self.quote_open = block.count('"') % 2 == 1
            return

        # 3. Announcements of an amended unit.
        preface = PREFACE_RE.match(block)
        if preface:
            amendment = _amendment_from(preface)
            amendment.announced = True
            self.pending_amendments.append(amendment)
            note = amendment.note.lower()
            self.pending_article_level = note.startswith(("redação do artigo", "artigo", "redação do anexo", "anexo"))
            if self.mode == "signature":
                self.mode = "body"
            return

        # 4. Signatures, and São Paulo's switch from the decree to its Regulamento.
        if self.mode == "signature":
            if REGULAMENTO_RE.match(block):
                self._start_regulation(block)
            elif ANEXO_RE.match(block):
                self.mode = "body"
                self._block(index, block)
            else:
                self.law.signatures.append(_clean(block))
            return
        if self.mode == "body" and SIGNATURE_RE.match(block):
            self.mode = "signature"
            self.law.signatures.append(_clean(block))
            self.stack = []
            return

        # 5. Structure.
        if match := HEADING_RE.match(block):
            self._heading(match)
            return
        if match := ANEXO_RE.match(block):
            self.mode = "body"
            number = "unico" if match.group(1) in ("ÚNICO", "UNICO") else match.group(1).lower()
            self.chapter = self.section = None
            title = _title_case(strip_notes(match.group(2))[0]) if match.group(2).strip() else ""
            unit = self._new_unit("anexo", number, f"ANEXO {match.group(1)}", "", None)
            unit.title = title
            unit.headings = []
            self._open_top(unit)
            if not title:
                self.pending_title = unit
            return
        if match := ARTICLE_RE.match(block):
            self.mode = "body"
            number = match.group(1) + (f"-{match.group(2)}" if match.group(2) else "")
            marker = "Art. " + (f"{match.group(1)}º" if int(match.group(1)) < 10 else match.group(1))
            if match.group(2):
                marker += f"-{match.group(2)}"
            unit = self._new_unit("artigo", number, marker, match.group(3), None)
            unit.prefix = self.prefix
            self._open_top(unit)
            self.pending_title = None
            return
        if isinstance(self.pending_title, Division) and not STRUCTURE_START_RE.match(block):
            self.pending_title.title = _title_case(block)
            self.pending_title = None
            return
        if self.top is None:
            if self.mode == "preamble":
                self.law.preamble.append(_clean(block))
                return
            raise ParseError(f"{self.law.info.id}: text outside any article: {block[:80]!r}")
        if self.mode == "preamble":
            self.mode = "body"

        if match := PARAGRAPH_RE.match(block):
            number = match.group(1)
            unit = self._new_unit("paragrafo", number, f"§ {number}º" if int(number) < 10 else f"§ {number}", match.group(2), self.top)
            self.stack = [self.top, unit]
            return
        if match := PAR_UNICO_RE.match(block):
            unit = self._new_unit("paragrafo", "unico", "Parágrafo único.", match.group(1), self.top)
            self.stack = [self.top, unit]
            return
        if match := GRUPO_RE.match(block):
            unit = self._new_unit("grupo", match.group(1), f"Grupo {match.group(1)}:", match.group(2), self.top)
            self.stack = [self.top, unit]
            self.pending_title = None
            return
        match = INCISO_RE.match(block)
        if match and _is_roman(match.group(1)):
            self._inciso(roman_to_int(match.group(1)), f"{match.group(1)} -", match.group(2))
            return
        if match := ALINEA_RE.match(block):
            self._alinea(match.group(1), match.group(2))
            return
        if match := ITEM_RE.match(block):
            self._item(index, match.group(1), match.group(2))
            return

        # 6. Unmarked text.
        if PENA_RE.match(block):
            inciso = next((u for u in reversed(self._open()) if u.kind == "inciso"), self.top)
            inciso.closing = _clean(block).rstrip(":").rstrip() + "."
            return
        if self.pending_title is not None:
            pending = self.pending_title
            if isinstance(pending, Unit) and pending.kind == "anexo" and block.isupper() and len(block) < 90:
                pending.title = _title_case(block)
                self.pending_title = None
                return
            self.pending_title = None
        if (
            UNNUMBERED_HEADING_RE.match(block)
            and len(block) < 90
            and not re.search(r"[.;:,]$", block)
            and self.top.kind == "artigo"
        ):
            self.chapter = Division(kind="capitulo", number=None, title=_title_case(block))
            self.section = None
            self._heading_container().append(self.chapter)
            self.stack = []
            return
        text = _clean(block)
        if self.stack:
            text = strip_notes(text)[0]
        self._append_text(text)

    # -- structure helpers -------------------------------------------------------
    def _heading_container(self) -> list:
        return self.toc_root

    def _start_regulation(self, block: str) -> None:
        self.mode = "body"
        self.prefix = ""
        regulation = Division(kind="regulamento", number=None, title=_clean(block))
        self.law.toc.append(regulation)
        self.toc_root = regulation.children
        self.chapter = self.section = None
        self.top = None
        self.stack = []

    def _heading(self, match: re.Match) -> None:
        word = match.group(1).lower()
        kind = {"capítulo": "capitulo", "seção": "secao", "título": "titulo"}[word]
        number = match.group(2)
        title_text, amendments = strip_notes(match.group(3))
        title = _title_case(title_text) if title_text.strip() else ""
        self.mode = "body"
        self.stack = []
        if kind == "capitulo" and self.chapter is not None and self.chapter.number == number:
            # A chapter heading re-issued with a new wording (Pernambuco ch. III).
            if amendments and title:
                self.chapter.previous_titles.append(self.chapter.title)
                self.chapter.title_amendments.extend(amendments)
                self.chapter.title = title
            return
        division = Division(kind=kind, number=number, title=title)
        if kind == "secao":
            self.section = division
            (self.chapter.children if self.chapter else self.toc_root).append(division)
        else:
            self.chapter = division
            self.section = None
            self.toc_root.append(division)
        self.pending_title = division if not title else None

    def _open(self) -> list[Unit]:
        """The open units; after a heading only the current top unit is open."""
        if not self.stack and self.top is not None:
            self.stack = [self.top]
        return self.stack

    def _inciso(self, number: int, marker: str, text: str) -> None:
        parent = next((u for u in reversed(self._open()) if u.kind in ("paragrafo", "artigo", "anexo", "grupo")), self.top)
        unit = self._new_unit("inciso", str(number), marker, text, parent)
        self.stack = self.stack[: self.stack.index(parent) + 1] + [unit]

    def _alinea(self, letter: str, text: str) -> None:
        deepest = self._open()[-1]
        if deepest.kind == "item" and deepest.parent is not None and deepest.parent.kind == "alinea":
            parent = deepest.parent.parent
        else:
            parent = next((u for u in reversed(self.stack) if u.kind != "alinea"), self.top)
        assert parent is not None
        unit = self._new_unit("alinea", letter, f"{letter})", text, parent)
        self.stack = self.stack[: self.stack.index(parent) + 1] + [unit]

    def _item(self, index: int, number: str, text: str) -> None:
        deepest = self._open()[-1]
        if deepest.kind == "artigo" and number == "1" and self._next_inciso_is_two(index):
            # São Paulo art. 37 prints its first inciso as "1 -" before "II -".
            self._inciso(1, "I -", text)
            return
        if deepest.kind == "item":
            parent = deepest.parent
        elif deepest.kind == "alinea" and deepest.parent is not None and deepest.parent.kind == "item":
            parent = deepest.parent.parent
        else:
            parent = deepest
        assert parent is not None
        unit = self._new_unit("item", number, f"{number} -", text, parent)
        self.stack = self.stack[: self.stack.index(parent) + 1] + [unit]

    def _next_inciso_is_two(self, index: int) -> bool:
        for later in self.blocks[index + 1 :]:
            later = later.strip()
            if ARTICLE_RE.match(later) or PARAGRAPH_RE.match(later) or PAR_UNICO_RE.match(later):
                return False
            match = INCISO_RE.match(later)
            if match and _is_roman(match.group(1)):
                return match.group(1) == "II"
        return False

    def _ends_article_history(self, block: str) -> bool:
        assert self.history_target is not None
        if PREFACE_RE.match(block) or HEADING_RE.match(block) or SIGNATURE_RE.match(block):
            return True
        if self.history_target.kind == "artigo":
            match = ARTICLE_RE.match(block)
            number = match and match.group(1) + (f"-{match.group(2)}" if match.group(2) else "")
            return bool(match) and number != self.history_target.number or bool(ANEXO_RE.match(block))
        match = ANEXO_RE.match(block)
        return bool(match) and match.group(1).lower() != self.history_target.number

    def _end_history_entry(self) -> None:
        """A nested 'Nota: Redação Anterior:' inside a whole-article note: an older wording."""
        target = self.history_target
        self._end_history()
        self.history_target = target
        self.history_kind = "article"
        self.history_nested = True

    def _old_wording_opens_list(self) -> bool:
        """An old wording ending in ':' whose replacement does not ("I - Anual:" replaced by
        "I - veículos … com até 15 anos;", Pernambuco art. 11): the alíneas printed after
        the note are the old list, not children of the new unit."""
        target = self.history_target
        return (
            target is not None
            and self.history_lines[0].rstrip().endswith(":")
            and not target.text.rstrip().endswith(":")
        )

    def _continues_old_list(self, block: str) -> bool:
        kind, _ = _classify_number(block)
        target = self.history_target
        below = {"artigo": ("paragrafo", "inciso", "alinea", "item"), "anexo": ("inciso", "alinea", "item"),
                 "paragrafo": ("inciso", "alinea", "item"), "inciso": ("alinea", "item"), "alinea": ("item",)}
        return target is not None and kind in below.get(target.kind, ())


def _classify_number(block: str) -> tuple[str | None, str | None]:
    if match := PARAGRAPH_RE.match(block):
        return "paragrafo", match.group(1)
    if PAR_UNICO_RE.match(block):
        return "paragrafo", "unico"
    match = INCISO_RE.match(block)
    if match and _is_roman(match.group(1)):
        return "inciso", str(roman_to_int(match.group(1)))
    if match := ALINEA_RE.match(block):
        return "alinea", match.group(1)
    if match := ITEM_RE.match(block):
        return "item", match.group(1)
    if ARTICLE_RE.match(block):
        return "artigo", None
    return None, None


def _annex_tables(law: Law) -> None:
    """Tab-separated rows in an annex (Pernambuco annex III fee table) become a table and incisos."""
    for annex in law.annexes():
        lines = annex.text.split("\n")
        rows = [line.strip('"').split("\t") for line in lines if "\t" in line]
        if not rows:
            continue
        annex.table = [[_clean(cell) for cell in row] for row in rows]
        annex.text = "\n".join(line for line in lines if "\t" not in line and line.strip('" '))
        for row in annex.table[1:]:
            if row and _is_roman(row[0]) and len(row) >= 3:
                inciso = Unit(
                    law_id=law.id,
                    kind="inciso",
                    number=str(roman_to_int(row[0])),
                    marker=f"{row[0]} -",
                    text=f"{row[1]} Valor por evento: R$ {row[2]}.",
                    parent=annex,
                    order=annex.order,
                )
                annex.children.append(inciso)


def parse_law(info: LawInfo, text: str | None = None) -> Law:
    if text is None:
        text = info.path.read_text(encoding="utf-8")
    blocks = acre_blocks(text) if info.jurisdiction == "ac" else line_blocks(text)
    law = _TreeBuilder(info, blocks).build()
    _annex_tables(law)
    law.by_id = {unit.id: unit for unit in law.units()}
    return law
