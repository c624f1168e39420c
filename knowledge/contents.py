"""A statute's table of contents: its headings, and where each article sits under them.

The law reader opens with this table (each chapter with its articles), and every unit
records the headings it was under (``Unit.headings``).  The tree builder (``parser.py``)
tells :class:`Contents` what it meets — a "CAPÍTULO II" or "Seção I" heading, an
unnumbered heading ("Das infrações"), São Paulo's switch from the decree to its
Regulamento, an article or annex — and :class:`Contents` keeps the current chapter and
section and puts each thing in its place.  Two corpus quirks live here:

- a chapter heading printed again with the same number and an amendment note is a new
  title for the same chapter (Pernambuco ch. III), the old title kept as history;
- annexes hang from the top of the table, never inside the last chapter.
"""

from __future__ import annotations

from .units import Amendment, Division, Unit


class Contents:
    def __init__(self, toc: list[Division | Unit]):
        self.toc = toc  # the law's whole table
        self.root = toc  # where headings go now: the table, or the Regulamento's part of it
        self.chapter: Division | None = None
        self.section: Division | None = None

    def labels(self) -> list[str]:
        """The headings a unit opened now is under ("Capítulo II — Do registro", …)."""
        return [d.label for d in (self.chapter, self.section) if d is not None]

    def heading(self, kind: str, number: str, title: str, amendments: list[Amendment]) -> Division | None:
        """A numbered heading; None when it re-issues the current chapter with a new title."""
        if kind == "capitulo" and self.chapter is not None and self.chapter.number == number:
            if amendments and title:
                self.chapter.previous_titles.append(self.chapter.title)
                self.chapter.title_amendments.extend(amendments)
                self.chapter.title = title
            return None
        division = Division(kind=kind, number=number, title=title)
        if kind == "secao":
            self.section = division
            (self.chapter.children if self.chapter else self.root).append(division)
        else:
            self.chapter = division
            self.section = None
            self.root.append(division)
        return division

    def unnumbered_chapter(self, title: str) -> None:
        """An unnumbered heading between articles ("Das infrações") opens a chapter."""
        self.chapter = Division(kind="capitulo", number=None, title=title)
        self.section = None
        self.root.append(self.chapter)

    def regulation(self, title: str) -> None:
        """São Paulo: after the decree's signatures, its Regulamento's own headings."""
        regulation = Division(kind="regulamento", number=None, title=title)
        self.toc.append(regulation)
        self.root = regulation.children
        self.leave_chapters()

    def leave_chapters(self) -> None:
        self.chapter = self.section = None

    def place(self, unit: Unit) -> None:
        """An article under the current section or chapter; an annex at the top."""
        container = self.section or self.chapter
        if unit.kind == "anexo" or container is None:
            self.root.append(unit)
        else:
            container.children.append(unit)
