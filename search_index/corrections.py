""""Você quis dizer": which words of a question are typos, and what the statutes spell instead.

Why a module of its own: deciding that a word is a typo is a product rule with
its own failure modes (issue 11: "cinto" must never become "cento"), separate
from ranking.  A word is sent to Whoosh's corrector only when the statutes never
use it, it is not one of the domain's synonyms and it is not Portuguese (the word
list of ``spelling.py``); a real word may still be fixed into one of the domain's
own words when it is one letter away ("aprendido" → "apreendido").
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


class Corrector:
    """Suggestions drawn from the statutes' own vocabulary (the index's ``spell`` field)."""

    def __init__(self, whoosh_corrector, vocabulary: set[str]):
        self._corrector = whoosh_corrector
        self._vocabulary = vocabulary
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
        """The corrector's best suggestion, remembered per word (it is the costliest
        step of a query with a typo, and the same typos come back)."""
        key = (word, maxdist)
        if key not in self._memo:
            if len(self._memo) >= SUGGESTION_MEMO:
                self._memo.clear()
            found = self._corrector.suggest(word, limit=1, maxdist=maxdist, prefix=1)
            self._memo[key] = found[0] if found else None
        return self._memo[key]
