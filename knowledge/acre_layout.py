"""Acre's statute is a PDF dump: this module puts its paragraphs back together.

Pernambuco, São Paulo and Recife print one paragraph per line, so the parser can
read them line by line.  Acre's Lei 2.731/2013 was extracted from a PDF (see
``statutes/CORPUS.md``): page numbers stand alone on a line, sentences are
hard-wrapped across blank lines, words are split with a hyphen at the end of a line,
and several incisos — even a new article — run together on one line.  Before the
parser can build a tree, :func:`acre_blocks` rejoins the wrapped lines into
paragraphs and cuts each paragraph at the unit markers inside it.

A marker inside a sentence is accepted only when it continues the numbering
(``_InlineSplitter``): "Art. 12" right after art. 11, "III -" after inciso II.
Otherwise "nos termos do art. 5" or "o inciso II - …" quoted in a sentence would
start a unit that is not there.  This repair is specific to one corpus file and
kept apart from the tree builder, which only ever sees clean blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .markers import ROMAN, STRUCTURE_START_RE, is_roman
from .units import roman_to_int


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
            if not is_roman(roman):
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
