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


def fold(text: str) -> str:
    """Remove accents (ç → c, ã → a); the rest of the text is unchanged.

    Only combining marks (Unicode category Mn) are dropped; the result is
    recomposed (NFC), so letters of scripts whose syllables decompose into
    letters rather than marks (Hangul, some Indic vowel signs) come back whole.
    """
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn"))


def N_(message: str) -> str:
    """Mark a Portuguese message for translation (extracted by Babel, translated by the portal)."""
    return message
