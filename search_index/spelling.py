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

import bisect
import logging
import mmap
import os
import re
import tempfile
import unicodedata
from collections import Counter
from functools import lru_cache
from pathlib import Path

import settings

from .analysis import fold

log = logging.getLogger(__name__)


def wordlist_path() -> Path:
    return Path(settings.value("PORTAL_WORDLIST"))


class SortedWords:
    """Membership in a sorted file of folded words, one per line, read through ``mmap``.

    Why not a set: 260,000 Python strings cost ~30 MB in every gunicorn worker and
    ~1.5 s to fold on a worker's first misspelt query.  The sorted file is made once
    per machine (atomically, shared by all workers and kept in the page cache), and a
    lookup is a binary search over byte offsets: no per-word objects, no load time.
    """

    def __init__(self, path: Path):
        with open(path, "rb") as handle:
            self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if os.path.getsize(path) else None
        self._size = len(self._map) if self._map else 0

    def _line_at(self, offset: int) -> tuple[int, bytes]:
        """Start of the line containing ``offset`` and that line's bytes."""
        start = self._map.rfind(b"\n", 0, offset) + 1
        end = self._map.find(b"\n", start)
        return start, self._map[start:end if end >= 0 else self._size]

    def __contains__(self, word: str) -> bool:
        if not self._map:
            return False
        target, low, high = word.encode("utf-8"), 0, self._size
        while low < high:
            middle = (low + high) // 2
            start, line = self._line_at(middle)
            if line == target:
                return True
            if line < target:
                low = start + len(line) + 1
            else:
                high = start
        return False

    def __len__(self) -> int:
        return self._map[:].count(b"\n") if self._map else 0


def _fold_all(text: str) -> str:
    # The word list is Latin script: dropping what NFD leaves outside ASCII is fold() at C speed.
    return unicodedata.normalize("NFD", text).encode("ascii", "ignore").decode("ascii")


def _sorted_copy(path: str) -> Path:
    """The folded, sorted, de-duplicated copy of the list, made once per machine and list version."""
    stat = os.stat(path)
    # A private folder: a word list planted by another local user must never be read.
    folder = Path(tempfile.gettempdir()) / f"embarque-legal-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    owner = folder.lstat()
    if owner.st_uid != os.getuid() or owner.st_mode & 0o077 or folder.is_symlink():
        raise OSError(f"{folder} não é uma pasta privada deste usuário")
    cache = folder / f"palavras-{stat.st_size}-{int(stat.st_mtime)}.txt"
    if not cache.exists():
        with open(path, encoding="utf-8") as handle:
            words = sorted(set(_fold_all(handle.read().lower()).split()), key=lambda w: w.encode("utf-8"))
        partial = cache.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text("\n".join(words) + "\n", encoding="utf-8")
        os.replace(partial, cache)  # several workers may race: each writes the same file
    return cache


@lru_cache(maxsize=4)
def _load(path: str) -> SortedWords | None:
    try:
        return SortedWords(_sorted_copy(path))
    except OSError:
        log.warning(
            "Lista de palavras do português não encontrada em %s: a busca não fará sugestões de grafia. "
            "Instale o pacote Debian 'wbrazilian' (scripts/install-wordlist.sh) ou defina PORTAL_WORDLIST.", path)
        return None


def vocabulary() -> SortedWords | None:
    """The folded, lowercase words of the list, or None when the list is absent."""
    return _load(str(wordlist_path()))


def available() -> bool:
    return vocabulary() is not None


def is_portuguese(word: str) -> bool:
    """A word of the list (accents and case ignored).  False when the list is absent."""
    words = vocabulary()
    return words is not None and fold(word.lower()) in words


def may_correct(word: str) -> bool:
    """May the search suggest another spelling for this word?  Only for a word that is not Portuguese,
    and never without the word list (then nothing tells a typo from a word the statutes do not use)."""
    return available() and not is_portuguese(word)


# Common English words that are not Portuguese words ("for", "van", "are" are, so they are not here):
# two of them, or one in a query whose words are mostly not Portuguese, mark a query as English.
ENGLISH_MARKERS = frozenset(
    "the what how when where who which why can could should must does did is was of with without my your "
    "this that and or it allowed fine fines ticket tickets driver drivers bus buses coach seat seats belt "
    "seatbelt passenger passengers charter license licence vehicle vehicles law laws trip travel standing "
    "company permit seized towed much many need pay sell rule rules".split()
)


def reads_as_english(words: list[str]) -> bool:
    """Does a query (its folded words) read as English?  The search matches Portuguese statute text,
    so an English question finds unrelated articles; the page then says so (issue #31)."""
    markers = [w for w in words if w in ENGLISH_MARKERS]
    if len(markers) >= 2:
        return True
    if not markers or not available():
        return False
    foreign = [w for w in words if not is_portuguese(w)]
    return len(foreign) * 2 > len(words)


def mostly_not_portuguese(words: list[str]) -> bool:
    """Half or more of a query's words of three letters or more are no Portuguese word (a query of two words
    at least): with the interface in
    English or Spanish, a question in that language ("pasajeros de pie"), which the search cannot read."""
    telling = [w for w in words if len(w) > 2]  # "de", "em", "pé": the same in either language
    if len(words) < 2 or not telling or not available():
        return False
    return sum(1 for w in telling if not is_portuguese(w)) * 2 >= len(telling)


def accent_forms(texts) -> dict[str, str]:
    """For each word of the texts written with accents, its folded form → the accented spelling
    the texts use most ("seguranca" → "segurança").  The index keeps folded words only; a
    "você quis dizer" built from them lost the cedilla and accents (issue #31)."""
    counts: dict[str, Counter] = {}
    for text in texts:
        for word in re.findall(r"\w+", text.lower()):
            folded = fold(word)
            counts.setdefault(folded, Counter())[word] += 1
    forms = {}
    for folded, seen in counts.items():
        best = seen.most_common(1)[0][0]
        if best != folded:
            forms[folded] = best
    return forms
