""""Você quis dizer": which words of a question are typos, and what the statutes spell instead.

Why a module of its own: deciding that a word is a typo is a product rule with
its own failure modes (issue 11: "cinto" must never become "cento"), separate
from ranking.  A word is sent to Whoosh's corrector only when the statutes never
use it, it is not one of the domain's synonyms and it is not Portuguese (the word
list of ``spelling.py``); a real word may still be fixed into one of the domain's
own words when it is one letter away ("aprendido" → "apreendido").

The suggestion itself is the one Whoosh's ``ReaderCorrector`` gives (words of the
``spell`` field within the edit distance, sharing the first letter, the most
frequent first, ties to the alphabetically last), found without building a
Levenshtein automaton per word: the vocabulary is bucketed by first letter and
length, and each candidate is checked by a bounded edit distance.  Building the
automaton in pure Python cost ~10 ms a typo, a quarter of a search with distinct
questions (issue #32); the check costs well under a millisecond.
"""

from __future__ import annotations

from . import analysis, spelling
from .budget import MAX_CORRECTIONS, QueryCost
from .querying import SYNONYM_WORDS

SUGGESTION_MEMO = 4096  # words whose suggestion is remembered per process


def real_word_slip(word: str, suggestion: str) -> bool:
    """A real Portuguese word is corrected only into one of the domain's own words, one letter
    away ("aprendido" → "apreendido"); never into any statute word ("cinto" → "cento")."""
    return suggestion in SYNONYM_WORDS and len(word) >= 6 and abs(len(word) - len(suggestion)) <= 1 and _one_edit(word, suggestion)


def _one_edit(a: str, b: str) -> bool:
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)):] == b[i + 1:]


def within(a: str, b: str, k: int) -> bool:
    """Is the Levenshtein distance (insert, delete, substitute) between ``a`` and ``b`` at most ``k``?

    A common prefix costs nothing (d(xA, xB) = d(A, B)); past it, the first letters differ,
    so one of the three edits is spent there — three branches per unit of ``k``, and ``k`` ≤ 2."""
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    if i:
        a, b = a[i:], b[i:]
    if not a or not b:
        return len(a) + len(b) <= k
    if k == 0 or abs(len(a) - len(b)) > k:
        return False
    k -= 1
    return within(a[1:], b[1:], k) or within(a[1:], b, k) or within(a, b[1:], k)


def _letters(word: str) -> int:
    """The set of a word's letters as bits (letters sharing a bit only weaken the bound, never break it)."""
    bits = 0
    for char in word:
        bits |= 1 << (ord(char) & 63)
    return bits


class Corrector:
    """Suggestions drawn from the statutes' own vocabulary (the index's ``spell`` field).

    ``frequency(word)``: how often the statutes use a word of the vocabulary (the ``spell``
    field's term frequency), the suggestion's rank."""

    def __init__(self, vocabulary: set[str], frequency):
        self._vocabulary = vocabulary
        self._frequency = frequency
        self._frequencies: dict[str, float] = {}
        # (first letter, length) -> [(word, letters of the rest of the word as bits)]
        self._buckets: dict[tuple[str, int], list[tuple[str, int]]] = {}
        for word in sorted(vocabulary):
            if word:
                self._buckets.setdefault((word[0], len(word)), []).append((word, _letters(word[1:])))
        self._memo: dict[tuple[str, int], str | None] = {}

    def correct(self, words: list[str], cost: QueryCost | None = None) -> dict[str, str]:
        """Likely typos (words the statutes never use) and the statute word they are closest to.

        At most MAX_CORRECTIONS words per query go to the corrector (its cost grows with each)."""
        corrections = {}
        for word in words:
            if (
                len(word) >= 4
                and not word.isdigit()
                and word not in analysis.STOP_WORDS
                and word not in analysis.QUERY_NOISE
                and word not in SYNONYM_WORDS
                and word not in self._vocabulary
                and (spelling.may_correct(word) or spelling.available())
            ):
                if cost is not None:
                    if cost.corrections >= MAX_CORRECTIONS:
                        break
                    cost.corrections += 1
                maxdist = 1 if len(word) < 8 else 2
                suggestion = self._suggest(word, maxdist)
                if suggestion and suggestion != word and (spelling.may_correct(word) or real_word_slip(word, suggestion)):
                    corrections[word] = suggestion
        return corrections

    def _suggest(self, word: str, maxdist: int) -> str | None:
        """The best suggestion, remembered per word (the same typos come back)."""
        key = (word, maxdist)
        if key not in self._memo:
            if len(self._memo) >= SUGGESTION_MEMO:
                self._memo.clear()
            self._memo[key] = self._closest(word, maxdist)
        return self._memo[key]

    def suggest(self, word: str, maxdist: int) -> str | None:
        """The vocabulary word Whoosh's ``ReaderCorrector.suggest(word, limit=1, maxdist, prefix=1)``
        returns: within ``maxdist`` edits, same first letter, the highest score
        ``-(maxdist + 0.5 / frequency)`` (Whoosh scores every candidate with ``maxdist``, not its own
        distance), ties to the greater word — the same arithmetic, so the same word."""
        return self._closest(word, maxdist)

    def _closest(self, word: str, maxdist: int) -> str | None:
        if not word:
            return None
        first, rest, length = word[0], word[1:], len(word)
        letters = _letters(rest)
        best = None
        for size in range(max(1, length - maxdist), length + maxdist + 1):
            for candidate, other in self._buckets.get((first, size), ()):
                # Each letter one side has and the other lacks costs an edit: a cheap lower bound first.
                if (letters & ~other).bit_count() > maxdist or (other & ~letters).bit_count() > maxdist:
                    continue
                if within(rest, candidate[1:], maxdist):
                    item = (0 - (maxdist + (1.0 / self._frequency_of(candidate) * 0.5)), candidate)
                    if best is None or item > best:
                        best = item
        return best[1] if best else None

    def _frequency_of(self, word: str) -> float:
        found = self._frequencies.get(word)
        if found is None:
            found = self._frequencies[word] = self._frequency(word) or 1
        return found
