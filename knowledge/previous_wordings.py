"""Reading the "Nota: Redação Anterior" blocks the statutes print after an amended unit.

Pernambuco's text (and, more rarely, the others) prints the wording an amending act
replaced right after the new one, under "Nota: Redação Anterior:".  That old wording
is history: the product must never answer with it as if it were in force, but the
law reader and the dated wording of units (``history.py``, the one module to ask for a
unit's wording on a date) need it.  The tree
builder (``parser.py``) hands every block to :class:`PreviousWordings` first; the
blocks it takes become a :class:`~knowledge.units.PreviousWording` of the right unit
and never reach the tree.

How far a note reaches depends on what the act rewrote:

- **a whole article or annex** ("Redação do artigo dada pela …", announced on its
  own line or written after the article's sentence): the note is the whole old
  article, every block up to the next article, annex, heading, signature or
  announcement.  A "Nota: Redação Anterior:" nested inside it (Pernambuco art. 11)
  is an older wording still, kept as a separate, ``nested`` entry;
- **one unit**: the note is the one block after it, matched to the unit of the
  current article with the same kind and number ("§ 2º …" → the article's § 2º).
  When that old wording ended in ":" and the new one does not ("I - Anual:"
  replaced by "I - veículos … com até 15 anos;"), the alíneas printed after it are
  the old list and belong to the note too.

The other kind of history the statutes print — the same paragraph twice, the old
copy without an amendment note (Pernambuco art. 5, § 3º) — is recognised by the tree
builder when it meets the second copy.
"""

from __future__ import annotations

from .markers import (ANEXO_RE, ARTICLE_RE, HEADING_RE, NOTA_RE, PREFACE_RE, SIGNATURE_RE, TRAILING_NOTE_RE, amendment_from, classify_number, clean,
                      strip_notes)
from .units import Amendment, PreviousWording, Unit

# Which kinds a unit's old list may hold: the blocks that continue a one-unit note.
_BELOW = {
    "artigo": ("paragrafo", "inciso", "alinea", "item"),
    "anexo": ("inciso", "alinea", "item"),
    "paragrafo": ("inciso", "alinea", "item"),
    "inciso": ("alinea", "item"),
    "alinea": ("item",),
}


def names_whole_unit(amendment: Amendment) -> bool:
    """Does the note say the act rewrote an article or annex ("Redação do artigo dada pela …")?"""
    note = amendment.note.lower()
    return "artigo" in note or "anexo" in note


class PreviousWordings:
    """The open "Nota: Redação Anterior" of one statute, fed block by block by the tree builder."""

    def __init__(self) -> None:
        self.whole: set[int] = set()  # id() of top units rewritten as a whole
        self.announced_whole = False  # the last announcement named an article or annex
        self.target: Unit | None = None
        self.lines: list[str] = []
        self.kind = ""  # "" | "article" | "unit": how far the open note reaches
        self.nested = False
        self.nested_replaced_by: str | None = None

    # -- what the tree builder tells us ----------------------------------------------
    def announce(self, amendment: Amendment) -> None:
        """An amendment announced on its own line before the unit it rewrote."""
        self.announced_whole = amendment.note.lower().startswith(("redação do artigo", "artigo", "redação do anexo", "anexo"))

    def unit_opened(self, unit: Unit, own_amendments: list[Amendment]) -> None:
        """A new unit: a note after an article or annex rewritten as a whole covers all of it."""
        if self.announced_whole or any(names_whole_unit(a) for a in own_amendments):
            if unit.kind in ("artigo", "anexo"):
                self.whole.add(id(unit))
        self.announced_whole = False

    def open(self, top: Unit) -> None:
        """A "Nota: Redação Anterior:" block under the top unit ``top``."""
        self.kind = "article" if id(top) in self.whole else "unit"
        self.target = top if self.kind == "article" else None
        self.whole.discard(id(top))

    def take(self, block: str, top: Unit | None, stack: list[Unit]) -> bool:
        """Keep ``block`` as old wording if it belongs to the open note (True), else close the note.

        ``top`` and ``stack`` are the tree builder's current top unit and open units,
        where a one-unit note looks for the unit it belongs to.
        """
        if self.kind == "article":
            if self._ends_article_note(block):
                self.close()
                return False
            if NOTA_RE.match(block):
                self._next_nested_entry()
            else:
                self.lines.append(clean(block))
            return True
        if self.kind == "unit":
            if self.lines and self._continues_old_list(block):
                self.lines.append(strip_notes(clean(block))[0])
                return True
            if self.lines:
                self.close()
                return False
            self.target = _unit_of(block, top, stack)
            self.lines = [strip_notes(clean(block))[0]]
            if not self._old_wording_opens_list():
                self.close()
            return True
        return False

    def close(self) -> None:
        """Store the open note (if any) as a previous wording of its unit."""
        if self.target is not None and self.lines:
            replaced_by = self.target.amendments[-1].act if self.target.amendments else None
            if self.nested:
                replaced_by = self.nested_replaced_by
            self.target.history.append(PreviousWording(text="\n".join(self.lines), replaced_by=replaced_by, nested=self.nested))
        self.target = None
        self.lines = []
        self.kind = ""
        self.nested = False

    # -- how far a note reaches ------------------------------------------------------
    def _ends_article_note(self, block: str) -> bool:
        assert self.target is not None
        if PREFACE_RE.match(block) or HEADING_RE.match(block) or SIGNATURE_RE.match(block):
            return True
        if self.target.kind == "artigo":
            match = ARTICLE_RE.match(block)
            number = match and match.group(1) + (f"-{match.group(2)}" if match.group(2) else "")
            return bool(match) and number != self.target.number or bool(ANEXO_RE.match(block))
        match = ANEXO_RE.match(block)
        return bool(match) and match.group(1).lower() != self.target.number

    def _next_nested_entry(self) -> None:
        """A nested 'Nota: Redação Anterior:' inside a whole-article note: an older wording, replaced
        by the act the wording before it names in its notes (the 2020 wording of Pernambuco's art. 11,
        "Redação do caput dada pela Lei Nº 17107", replaced the original, not the 2021 act)."""
        target = self.target
        named = [amendment_from(m).act for line in self.lines for m in [TRAILING_NOTE_RE.search(line)] if m]
        self.nested_replaced_by = named[-1] if named else None
        self.close()
        self.target = target
        self.kind = "article"
        self.nested = True

    def _old_wording_opens_list(self) -> bool:
        """An old wording ending in ':' whose replacement does not ("I - Anual:" replaced by
        "I - veículos … com até 15 anos;", Pernambuco art. 11): the alíneas printed after
        the note are the old list, not children of the new unit."""
        target = self.target
        return target is not None and self.lines[0].rstrip().endswith(":") and not target.text.rstrip().endswith(":")

    def _continues_old_list(self, block: str) -> bool:
        kind, _ = classify_number(block)
        return self.target is not None and kind in _BELOW.get(self.target.kind, ())


def _unit_of(block: str, top: Unit | None, stack: list[Unit]) -> Unit:
    """Which unit of the current article does an old-wording block belong to?"""
    assert top is not None
    kind, number = classify_number(block)
    if kind in (None, "artigo", "anexo"):
        return top
    candidates = [u for u in top.walk() if u.kind == kind and u.number == number]
    return candidates[-1] if candidates else (stack[-1] if stack else top)
