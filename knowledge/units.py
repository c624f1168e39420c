"""Citable units of a statute and how they are named.

A statute is a tree: law → article → paragraph → inciso → alínea → item (annexes
hang from the law too).  Every node is a :class:`Unit` with a stable id made of
path segments (``art-5/inc-14``, ``art-3/par-3``, ``anexo-i/inc-4/ali-b``).  The id
is a public contract (URLs, API), so the rules that make ids, human labels
("art. 3º, § 3º") and LexML URNs live together here, with the :class:`Law` that
holds a parsed statute's units and cites them ("Lei 16.205/2017 (PE), art. 3º").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from .laws import LawInfo

ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def roman_to_int(roman: str) -> int:
    roman = roman.upper()
    total = 0
    for i, ch in enumerate(roman):
        value = ROMAN_VALUES[ch]
        if i + 1 < len(roman) and ROMAN_VALUES[roman[i + 1]] > value:
            total -= value
        else:
            total += value
    return total


def int_to_roman(number: int) -> str:
    parts = []
    for value, letters in ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while number >= value:
            parts.append(letters)
            number -= value
    return "".join(parts)


def ordinal(number: str) -> str:
    """Brazilian legislative numbering: ordinal up to 9 (1º … 9º), cardinal from 10."""
    match = re.fullmatch(r"(\d+)(.*)", number)
    if match and int(match.group(1)) < 10:
        return f"{match.group(1)}º{match.group(2)}"
    return number


@dataclass
class Amendment:
    """A change an amending act made to a unit (taken from the statute's own notes)."""

    act: str  # "Lei nº 17.107, de 13/11/2020"
    change: str  # "redação" | "acréscimo" | "renumeração"
    act_date: date | None = None
    note: str = ""  # the statute's note as written
    # Announced on its own line before the unit ("(Redação do parágrafo dada pela …):"): the
    # act rewrote the unit with everything under it, not just the unit's own sentence.
    announced: bool = False


@dataclass
class PreviousWording:
    """A wording that is no longer in force.  History only: never an answer."""

    text: str
    replaced_by: str | None = None  # the act that replaced it, when known
    # This wording followed a nested "Nota: Redação Anterior:" inside the previous entry's
    # whole-article note (Pernambuco art. 11): the two are one note, older inside newer.
    nested: bool = False


@dataclass
class Division:
    """A grouping heading (título, capítulo, seção): structure, not a citable unit."""

    kind: str  # "titulo" | "capitulo" | "secao" | "regulamento" | "decreto"
    number: str | None
    title: str
    previous_titles: list[str] = field(default_factory=list)
    title_amendments: list[Amendment] = field(default_factory=list)  # the acts that gave the current title
    children: list["Division | Unit"] = field(default_factory=list)

    @property
    def label(self) -> str:
        names = {"titulo": "Título", "capitulo": "Capítulo", "secao": "Seção"}
        head = names.get(self.kind, "") if self.number else ""
        if head:
            head = f"{head} {self.number}"
        if head and self.title:
            return f"{head} — {self.title}"
        return head or self.title


SEGMENT_RE = re.compile(r"^(art|par|inc|ali|item|anexo|grupo|decreto)(?:-(.+))?$")

KIND_OF_SEGMENT = {
    "art": "artigo",
    "par": "paragrafo",
    "inc": "inciso",
    "ali": "alinea",
    "item": "item",
    "anexo": "anexo",
    "grupo": "grupo",
}
SEGMENT_OF_KIND = {kind: segment for segment, kind in KIND_OF_SEGMENT.items()}


@dataclass
class Unit:
    """A citable unit of a statute, with its text in force and its history."""

    law_id: str
    kind: str  # artigo | paragrafo | inciso | alinea | item | anexo | grupo
    number: str  # "3", "29-A", "unico", "14", "f", "i" (anexo), "1" (grupo)
    marker: str  # the marker as printed in the statute: "Art. 3º", "§ 3º", "XIV -", "f)"
    text: str = ""  # text in force, without marker and without amendment notes
    parent: "Unit | None" = field(default=None, repr=False)
    children: list["Unit"] = field(default_factory=list, repr=False)
    headings: list[str] = field(default_factory=list)
    amendments: list[Amendment] = field(default_factory=list)
    history: list[PreviousWording] = field(default_factory=list)
    closing: str = ""  # text printed after the children (Acre: "Pena: Multa …")
    title: str = ""  # annexes: their heading ("INFRAÇÕES")
    table: list[list[str]] = field(default_factory=list)  # annex fee tables
    vetoed: bool = False
    prefix: str = ""  # "decreto" for São Paulo's own decree articles
    order: int = 0  # position in document order

    # -- identity -----------------------------------------------------------------
    @property
    def segment(self) -> str:
        """This unit's part of the id: "art-29-a", "par-unico", "inc-14", "ali-f", "anexo-i"."""
        number = self.number.lower() if self.kind == "artigo" else self.number  # "29-A" → "art-29-a"
        seg = f"{SEGMENT_OF_KIND[self.kind]}-{number}"
        if self.prefix and self.parent is None:
            return f"{self.prefix}/{seg}"
        return seg

    @property
    def id(self) -> str:
        parts = []
        unit: Unit | None = self
        while unit is not None:
            parts.append(unit.segment)
            unit = unit.parent
        return "/".join(reversed(parts))

    @property
    def article(self) -> "Unit":
        """The top unit (article or annex) this unit belongs to."""
        unit = self
        while unit.parent is not None:
            unit = unit.parent
        return unit

    @property
    def article_number(self) -> str:
        """Article number as written, without ordinal sign ("3", "29-A"); annexes: "anexo-i"."""
        top = self.article
        return top.number if top.kind == "artigo" else top.segment

    def walk(self) -> Iterator["Unit"]:
        yield self
        for child in self.children:
            yield from child.walk()

    def ancestors(self) -> list["Unit"]:
        chain = []
        unit = self.parent
        while unit is not None:
            chain.append(unit)
            unit = unit.parent
        return list(reversed(chain))

    # -- naming -------------------------------------------------------------------
    @property
    def own_label(self) -> str:
        if self.kind == "artigo":
            return f"art. {ordinal(self.number)}"
        if self.kind == "paragrafo":
            return "parágrafo único" if self.number == "unico" else f"§ {ordinal(self.number)}"
        if self.kind == "inciso":
            return f"inciso {int_to_roman(int(self.number))}"
        if self.kind == "alinea":
            return f"alínea {self.number}"
        if self.kind == "item":
            return f"item {self.number}"
        if self.kind == "anexo":
            return "Anexo Único" if self.number == "unico" else f"Anexo {self.number.upper()}"
        if self.kind == "grupo":
            return f"Grupo {self.number}"
        raise ValueError(self.kind)  # pragma: no cover

    @property
    def local_label(self) -> str:
        """Label inside the law: "art. 3º, § 3º", "Anexo I, inciso IV, alínea b"."""
        labels = [u.own_label for u in self.ancestors()] + [self.own_label]
        return ", ".join(labels)

    def urn_fragment(self) -> str:
        parts: list[str] = []
        for unit in self.ancestors() + [self]:
            parts.append(unit._urn_segment())
        return "_".join(parts)

    def _urn_segment(self) -> str:
        if self.kind == "artigo":
            match = re.fullmatch(r"(\d+)(?:-([A-Z]))?", self.number)
            assert match, self.number
            seg = f"art{match.group(1)}"
            if match.group(2):
                seg += f"-{ord(match.group(2)) - ord('A') + 1}"
            return seg
        if self.kind == "paragrafo":
            return "par1u" if self.number == "unico" else f"par{self.number}"
        if self.kind == "inciso":
            # LexML: an inciso of the caput hangs from "cpt".
            return f"cpt_inc{self.number}" if self.parent is not None and self.parent.kind == "artigo" else f"inc{self.number}"
        if self.kind == "alinea":
            return f"ali{ord(self.number) - ord('a') + 1}"
        if self.kind == "item":
            return f"ite{self.number}"
        if self.kind == "anexo":
            return "anx1u" if self.number == "unico" else f"anx{roman_to_int(self.number)}"
        if self.kind == "grupo":
            return f"grp{self.number}"
        raise ValueError(self.kind)  # pragma: no cover

    @property
    def in_force_text(self) -> str:
        return self.text

    def full_text(self) -> str:
        """This unit and all its descendants, in force, marker included (for reading)."""
        lines = [f"{self.marker} {self.text}".strip()]
        for child in self.children:
            lines.append(child.full_text())
        if self.closing:
            lines.append(self.closing)
        return "\n".join(lines)


def parse_unit_id(unit_id: str) -> list[tuple[str, str]]:
    """Split a unit id into (segment kind, value) pairs; raises ValueError if malformed."""
    segments = unit_id.strip("/").split("/")
    out = []
    for seg in segments:
        match = SEGMENT_RE.match(seg)
        if not match:
            raise ValueError(f"malformed unit id segment: {seg!r}")
        out.append((match.group(1), match.group(2) or ""))
    return out


@dataclass
class Law:
    """A parsed statute: its units, its table of contents and its front matter."""

    info: LawInfo
    preamble: list[str] = field(default_factory=list)
    top_units: list[Unit] = field(default_factory=list)  # articles and annexes, in order
    toc: list[Division | Unit] = field(default_factory=list)
    signatures: list[str] = field(default_factory=list)
    by_id: dict[str, Unit] = field(default_factory=dict)
    # unit id → what people ask that the unit answers (knowledge/unit_questions.py); the laws
    # of knowledge.corpus carry them, a law parsed on its own or read at a past date has none.
    questions: dict = field(default_factory=dict)

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
