"""Turn a statute's plain text into a tree of citable units.

The four texts disagree about almost everything a parser would like to assume
(see ``statutes/CORPUS.md``), so the work is split in two steps:

1. **Blocks** — cut the text into logical paragraphs, one unit marker at most at
   the start of each.  Pernambuco, São Paulo and Recife already have one paragraph
   per line (:func:`line_blocks`).  Acre is a PDF dump whose paragraphs must be
   rejoined and re-split first: ``acre_layout.py``.
2. **Tree** — :class:`_TreeBuilder` reads the blocks in order and keeps a stack of
   open units.  It also keeps what is in force apart from what is history: every
   block goes first to ``previous_wordings.py``, which takes the ``Nota: Redação
   Anterior:`` blocks; the builder itself recognises the duplicated paragraph that
   carries an old wording, and quoted amendments to *other* laws, which are text of
   the amending article rather than articles of this law.

The markers both steps recognise ("Art. 3º", "§ 2º", "IV -", amendment notes) are in
``markers.py``; the table of contents the headings build, in ``contents.py``; the
:class:`~knowledge.units.Law` the parser returns, in ``units.py``.

Why this module is longer than ~350 lines: :class:`_TreeBuilder` is one state machine
(about 300 lines).  Each kind of block reads and changes the same state — the open
units, a heading waiting for its title, the amendments announced for the next unit,
whether the text is in the preamble, the body or the signatures — so its steps stay
together in one class, each a short method named for the kind of block it handles.
"""

from __future__ import annotations

import re

from .acre_layout import acre_blocks
from .contents import Contents
from .laws import LawInfo
from .markers import (ALINEA_RE, ANEXO_RE, ARTICLE_RE, GRUPO_RE, HEADING_RE, INCISO_RE, ITEM_RE, NOTA_RE, PAR_UNICO_RE,
                      PARAGRAPH_RE, PENA_RE, PREFACE_RE, REGULAMENTO_RE, SIGNATURE_RE, STRUCTURE_START_RE,
                      UNNUMBERED_HEADING_RE, amendment_from, clean, is_roman, strip_notes, title_case)
from .previous_wordings import PreviousWordings
from .units import Amendment, Division, Law, PreviousWording, Unit, roman_to_int


def line_blocks(text: str) -> list[str]:
    """One block per non-empty line (Pernambuco, São Paulo, Recife)."""
    return [line.rstrip() for line in text.splitlines() if line.strip()]


# -- the tree -----------------------------------------------------------------------


class ParseError(ValueError):
    """Text after the preamble that belongs to no article or annex."""


class _TreeBuilder:
    """Reads the blocks in order; ``stack`` holds the open units, deepest last."""

    def __init__(self, info: LawInfo, blocks: list[str]):
        self.law = Law(info=info)
        self.blocks = blocks
        self.mode = "preamble"  # preamble | body | signature
        self.prefix = info.own_articles_prefix or ""
        self.top: Unit | None = None
        self.stack: list[Unit] = []
        self.contents = Contents(self.law.toc)
        self.pending_title: Division | Unit | None = None
        self.pending_amendments: list[Amendment] = []
        self.history = PreviousWordings()
        self.quote_open = False
        self.order = 0

    def build(self) -> Law:
        for index, raw in enumerate(self.blocks):
            self._block(index, raw.strip())
        self.history.close()
        for unit in self.law.units():
            self.law.by_id[unit.id] = unit
        return self.law

    # -- one block ----------------------------------------------------------------
    def _block(self, index: int, block: str) -> None:
        # 1. History: previous wordings are kept, never mixed with the text in force.
        if self.history.take(block, self.top, self.stack):
            return
        nota = NOTA_RE.match(block)
        if nota and self.top is not None:
            self.history.open(self.top)
            if nota.group(1).strip():
                self._block(index, nota.group(1).strip())
            return
        # 2. Quoted text, 3. announcements of an amended unit, 4. signatures;
        # 5. structure: headings and top units, then the units inside them; 6. plain text.
        if self._quoted(block) or self._announcement(block) or self._signature(index, block):
            return
        if self._top_level(block) or self._inner_unit(index, block):
            return
        self._unmarked(block)

    def _quoted(self, block: str) -> bool:
        """Quoted text (amendments to other laws, quoted annexes) is text, not structure."""
        if self.quote_open:
            self._append_text(block)
            if block.count('"') % 2 == 1:
                self.quote_open = False
            return True
        if block.startswith('"') and self.top is not None:
            self._append_text(block)
            self.quote_open = block.count('"') % 2 == 1
            return True
        return False

    def _announcement(self, block: str) -> bool:
        """"(Redação do artigo dada pela Lei Nº … DE …):" on its own line, before the unit it names."""
        preface = PREFACE_RE.match(block)
        if not preface:
            return False
        amendment = amendment_from(preface)
        amendment.announced = True
        self.pending_amendments.append(amendment)
        self.history.announce(amendment)
        if self.mode == "signature":
            self.mode = "body"
        return True

    def _signature(self, index: int, block: str) -> bool:
        """Signatures, and São Paulo's switch from the decree to its Regulamento."""
        if self.mode == "signature":
            if REGULAMENTO_RE.match(block):
                self._start_regulation(block)
            elif ANEXO_RE.match(block):
                self.mode = "body"
                self._block(index, block)
            else:
                self.law.signatures.append(clean(block))
            return True
        if self.mode == "body" and SIGNATURE_RE.match(block):
            self.mode = "signature"
            self.law.signatures.append(clean(block))
            self.stack = []
            return True
        return False

    def _top_level(self, block: str) -> bool:
        """Headings, annexes and articles; a heading's title on the line after it; the preamble."""
        if match := HEADING_RE.match(block):
            self._heading(match)
            return True
        if match := ANEXO_RE.match(block):
            self._annex(match)
            return True
        if match := ARTICLE_RE.match(block):
            self._article(match)
            return True
        if isinstance(self.pending_title, Division) and not STRUCTURE_START_RE.match(block):
            self.pending_title.title = title_case(block)
            self.pending_title = None
            return True
        if self.top is None:
            if self.mode == "preamble":
                self.law.preamble.append(clean(block))
                return True
            raise ParseError(f"{self.law.info.id}: text outside any article: {block[:80]!r}")
        if self.mode == "preamble":
            self.mode = "body"
        return False

    def _inner_unit(self, index: int, block: str) -> bool:
        """Paragraphs, Recife's fine groups, incisos, alíneas and items of the open article or annex."""
        assert self.top is not None
        if match := PARAGRAPH_RE.match(block):
            number = match.group(1)
            unit = self._new_unit("paragrafo", number, f"§ {number}º" if int(number) < 10 else f"§ {number}", match.group(2), self.top)
            self.stack = [self.top, unit]
            return True
        if match := PAR_UNICO_RE.match(block):
            unit = self._new_unit("paragrafo", "unico", "Parágrafo único.", match.group(1), self.top)
            self.stack = [self.top, unit]
            return True
        if match := GRUPO_RE.match(block):
            unit = self._new_unit("grupo", match.group(1), f"Grupo {match.group(1)}:", match.group(2), self.top)
            self.stack = [self.top, unit]
            self.pending_title = None
            return True
        match = INCISO_RE.match(block)
        if match and is_roman(match.group(1)):
            self._inciso(roman_to_int(match.group(1)), f"{match.group(1)} -", match.group(2))
            return True
        if match := ALINEA_RE.match(block):
            self._alinea(match.group(1), match.group(2))
            return True
        if match := ITEM_RE.match(block):
            self._item(index, match.group(1), match.group(2))
            return True
        return False

    def _unmarked(self, block: str) -> None:
        """A block with no marker: a penalty line, an annex title, an unnumbered heading, or more text."""
        assert self.top is not None
        if PENA_RE.match(block):
            inciso = next((u for u in reversed(self._open()) if u.kind == "inciso"), self.top)
            inciso.closing = clean(block).rstrip(":").rstrip() + "."
            return
        if self.pending_title is not None:
            pending = self.pending_title
            if isinstance(pending, Unit) and pending.kind == "anexo" and block.isupper() and len(block) < 90:
                pending.title = title_case(block)
                self.pending_title = None
                return
            self.pending_title = None
        if (
            UNNUMBERED_HEADING_RE.match(block)
            and len(block) < 90
            and not re.search(r"[.;:,]$", block)
            and self.top.kind == "artigo"
        ):
            self.contents.unnumbered_chapter(title_case(block))
            self.stack = []
            return
        text = clean(block)
        if self.stack:
            text = strip_notes(text)[0]
        self._append_text(text)

    # -- units ----------------------------------------------------------------------
    def _new_unit(self, kind: str, number: str, marker: str, text: str, parent: Unit | None) -> Unit:
        text, amendments = strip_notes(clean(text))
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
            headings=self.contents.labels(),
            amendments=self.pending_amendments + amendments,
            vetoed=vetoed,
            order=self.order,
        )
        self.history.unit_opened(unit, amendments)
        self.pending_amendments = []
        if parent is not None:
            existing = next((c for c in parent.children if c.kind == kind and c.number == number), None)
            if existing is not None:
                # The same unit printed twice (Pernambuco art. 5, § 3º): the copy
                # without an amendment note is the old wording.
                existing.history.append(PreviousWording(text=f"{marker} {text}".strip()))
                return existing
            parent.children.append(unit)
        return unit

    def _append_text(self, block: str) -> None:
        target = self.stack[-1] if self.stack else self.top
        if target is None:
            self.law.preamble.append(clean(block))
            return
        target.text = f"{target.text}\n{block.strip()}" if target.text else block.strip()

    def _open_top(self, unit: Unit) -> None:
        self.top = unit
        self.stack = [unit]
        self.law.top_units.append(unit)
        self.contents.place(unit)

    def _annex(self, match: re.Match) -> None:
        self.mode = "body"
        number = "unico" if match.group(1) in ("ÚNICO", "UNICO") else match.group(1).lower()
        self.contents.leave_chapters()
        title = title_case(strip_notes(match.group(2))[0]) if match.group(2).strip() else ""
        unit = self._new_unit("anexo", number, f"ANEXO {match.group(1)}", "", None)
        unit.title = title
        unit.headings = []
        self._open_top(unit)
        if not title:
            self.pending_title = unit

    def _article(self, match: re.Match) -> None:
        self.mode = "body"
        number = match.group(1) + (f"-{match.group(2)}" if match.group(2) else "")
        marker = "Art. " + (f"{match.group(1)}º" if int(match.group(1)) < 10 else match.group(1))
        if match.group(2):
            marker += f"-{match.group(2)}"
        unit = self._new_unit("artigo", number, marker, match.group(3), None)
        unit.prefix = self.prefix
        self._open_top(unit)
        self.pending_title = None

    # -- structure helpers -------------------------------------------------------
    def _start_regulation(self, block: str) -> None:
        self.mode = "body"
        self.prefix = ""
        self.contents.regulation(clean(block))
        self.top = None
        self.stack = []

    def _heading(self, match: re.Match) -> None:
        word = match.group(1).lower()
        kind = {"capítulo": "capitulo", "seção": "secao", "título": "titulo"}[word]
        number = match.group(2)
        title_text, amendments = strip_notes(match.group(3))
        title = title_case(title_text) if title_text.strip() else ""
        self.mode = "body"
        self.stack = []
        division = self.contents.heading(kind, number, title, amendments)
        if division is not None:  # None: a chapter heading re-issued with a new wording
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
            if match and is_roman(match.group(1)):
                return match.group(1) == "II"
        return False


def _annex_tables(law: Law) -> None:
    """Tab-separated rows in an annex (Pernambuco annex III fee table) become a table and incisos."""
    for annex in law.annexes():
        lines = annex.text.split("\n")
        rows = [line.strip('"').split("\t") for line in lines if "\t" in line]
        if not rows:
            continue
        annex.table = [[clean(cell) for cell in row] for row in rows]
        annex.text = "\n".join(line for line in lines if "\t" not in line and line.strip('" '))
        for row in annex.table[1:]:
            if row and is_roman(row[0]) and len(row) >= 3:
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


def build_tree(info: LawInfo, blocks: list[str]) -> Law:
    """The tree of a list of blocks, as they come (``rewind.py`` parses old wordings with it)."""
    return _TreeBuilder(info, blocks).build()


def parse_law(info: LawInfo, text: str | None = None) -> Law:
    if text is None:
        text = info.path.read_text(encoding="utf-8")
    blocks = acre_blocks(text) if info.jurisdiction == "ac" else line_blocks(text)
    law = build_tree(info, blocks)
    _annex_tables(law)
    law.by_id = {unit.id: unit for unit in law.units()}
    return law
