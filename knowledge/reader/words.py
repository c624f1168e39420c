"""People's words as the reader compares them: folded, slang undone, the law's words added, stemmed.

"o motorista tava bebado" and "ingestão, pelo motorista, de bebida alcoólica" share few letters; once
"bebado" brings the statutes' "embriaguez, bebida, alcoolica" (knowledge/lexicon.yaml) and every word is
cut to its Portuguese stem (Snowball, the stemmer the search uses), they share three.  Function words
and the words every question about a fine uses ("multa", "infração", "qual") carry no subject and are
left out, so what remains is what the story is about.
"""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

from ..text import fold
from .lexicon import lexicon

_STEMMER = snowballstemmer.stemmer("portuguese")

STOPWORDS = frozenset("""
a o as os um uma uns umas de do da dos das no na nos nas em ao aos e ou que se com por para pra pro pelo pela pelos pelas
eu tu ele ela nos vos eles elas me te lhe nos meu minha meus minhas seu sua seus suas dele dela deles delas esse essa esses
essas este esta estes estas isso isto aquilo aquele aquela la ali aqui ai entao mas porem tambem ja nao sim so muito muita
mais menos bem mal foi era ser estar esta estava estavam tava tavam tinha tem ter teve ha houve fica ficou vai vou fui
qual quais quanto quanta quantos quantas como quando onde quem porque pq qto qual e eh
multa multas infracao infracoes gravidade penalidade punicao lei pode podem posso deve devem dar da dá caso
""".split())


@lru_cache(maxsize=20000)
def stem(word: str) -> str:
    return _STEMMER.stemWord(word)


def plain(text: str) -> list[str]:
    """Folded words, slang undone (no stemming, no stop words removed)."""
    slang = lexicon()["slang"]
    words = re.findall(r"[a-z0-9]+", fold((text or "").lower()))
    return [slang.get(w, w) for w in words]


def with_law_words(words: list[str]) -> list[str]:
    """The words, and after them the statutes' words for the everyday ones (single words and phrases)."""
    table = lexicon()["law_words"]
    text = " " + " ".join(words) + " "
    added = [w for phrase, law in table.items() if f" {phrase} " in text for w in law]
    return words + added


def own_terms(text: str) -> list[str]:
    """The stems of the text's own words, without the law's words :func:`terms` adds for them."""
    return [stem(w) for w in plain(text) if w not in STOPWORDS and len(w) > 1 and not w.isdigit()]


def terms(text: str) -> list[str]:
    """The stems that say what a text is about, with the law's words for everyday ones."""
    return [stem(w) for w in with_law_words(plain(text)) if w not in STOPWORDS and len(w) > 1 and not w.isdigit()]
