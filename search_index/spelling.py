"""Is a word Portuguese?  Only words that are not get a "você quis dizer".

The statutes' own vocabulary is small (a few thousand words), so a real word the
law never uses — "cinto", "correndo", "bebendo" — used to be "corrected" into the
nearest statute word ("cento", "contendo").  A real Brazilian Portuguese word list
decides instead: Debian's ``wbrazilian`` package (/usr/share/dict/brazilian, about
275,000 inflected words), installed by ``scripts/install-wordlist.sh`` (run by
``make install`` and ``make install-test``).  ``PORTAL_WORDLIST`` may point to
another list, one word per line.

Without the list the search makes no spelling suggestion at all — never a
"correction" of a word that may well be right — and logs once why.
"""

from __future__ import annotations

import logging
import os
from functools import lru_cache
from pathlib import Path

from .analysis import fold

DEFAULT_WORDLIST = "/usr/share/dict/brazilian"
log = logging.getLogger(__name__)


def wordlist_path() -> Path:
    return Path(os.environ.get("PORTAL_WORDLIST") or DEFAULT_WORDLIST)


@lru_cache(maxsize=4)
def _load(path: str) -> frozenset[str] | None:
    try:
        with open(path, encoding="utf-8") as handle:
            return frozenset(fold(line.strip().lower()) for line in handle if line.strip())
    except OSError:
        log.warning(
            "Lista de palavras do português não encontrada em %s: a busca não fará sugestões de grafia. "
            "Instale o pacote Debian 'wbrazilian' (scripts/install-wordlist.sh) ou defina PORTAL_WORDLIST.", path)
        return None


def vocabulary() -> frozenset[str] | None:
    """The folded, lowercase words of the list, or None when the list is absent."""
    return _load(str(wordlist_path()))


def available() -> bool:
    return vocabulary() is not None


def is_portuguese(word: str) -> bool:
    """A word of the list (accents and case ignored).  False when the list is absent."""
    words = vocabulary()
    return bool(words) and fold(word.lower()) in words


def may_correct(word: str) -> bool:
    """May the search suggest another spelling for this word?  Only for a word that is not Portuguese,
    and never without the word list (then nothing tells a typo from a word the statutes do not use)."""
    return available() and not is_portuguese(word)
