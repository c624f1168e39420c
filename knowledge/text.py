"""Text helpers with no legal knowledge, shared by the whole domain package.

:func:`N_` marks a Portuguese sentence for translation where it is written (the
statements, the place names with their prepositions); the portal translates it when
it is shown.  It lives here, below every other module of ``knowledge``, so that
``places.py`` and ``citations.py`` can both use it without importing each other.

The assistant (``knowledge.assistant``) and the search index (``search_index``)
both compare what people type with the statutes, and people type without accents.
Both must fold text the same way, or a word the search finds would be one the
assistant misses; so :func:`fold` is defined here, once, in the domain package
that both may import (``search_index`` may import ``knowledge``, never the reverse).
"""

from __future__ import annotations

import unicodedata


def _fold_slowly(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn"))


# Latin letters with accents, each to its ASCII base: a table for str.translate, built from
# _fold_slowly itself so the fast path cannot disagree with it.  The assistant folds each unit's
# words many times a message; character by character through unicodedata that was a quarter of
# its time (issue #32).
_LATIN_TABLE = {code: folded for code in range(0xC0, 0x250)
                if (folded := _fold_slowly(chr(code))) != chr(code) and folded.isascii()}


# Characters that fold to themselves and never combine with a neighbour (no canonical decomposition,
# no combining class): "º", "§", "–", "“".  A text whose only non-ASCII characters, once its accented
# Latin letters are replaced, are of these folds the same by either path.
_INERT = {code: None for block in ((0x80, 0x250), (0x2000, 0x2070), (0x20A0, 0x20D0))
          for code in range(*block)
          if code not in _LATIN_TABLE and not unicodedata.combining(chr(code)) and unicodedata.category(chr(code)) != "Mn"
          and not unicodedata.decomposition(chr(code)).lstrip().startswith(tuple("0123456789ABCDEF"))}


def fold(text: str) -> str:
    """Remove accents (ç → c, ã → a); the rest of the text is unchanged.

    Only combining marks (Unicode category Mn) are dropped; the result is
    recomposed (NFC), so letters of scripts whose syllables decompose into
    letters rather than marks (Hangul, some Indic vowel signs) come back whole.
    A text that is ASCII (or ASCII and inert characters) once its accented Latin letters
    are replaced is the same by either path (decomposition only drops marks there); any
    other goes the slow way.
    """
    if text.isascii():
        return text
    quick = text.translate(_LATIN_TABLE)
    return quick if quick.isascii() or quick.translate(_INERT).isascii() else _fold_slowly(text)


def N_(message: str) -> str:
    """Mark a Portuguese message for translation (extracted by Babel, translated by the portal)."""
    return message
