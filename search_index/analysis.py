"""Portuguese text analysis: how words in the statutes and in people's questions meet.

People type without accents, with typos, in the singular where the law uses the
plural and with other verb forms.  The same chain runs over the statutes and over
queries, so both sides end up as the same stems:

    tokens → lowercase → accents folded → stop words out → plural reduced → Snowball stem

Accents are folded *before* stemming: the stemmer then sees "autorizacoes"
whether the user typed "autorizações" or "autorizacoes", which matters more than
the accented suffix rules, which :func:`stem` restores on the folded word.
Snowball's Portuguese algorithm leaves "-ns" and "-ões" plurals alone, so a small
plural reducer runs first ("passagens" → "passagem", "infracoes" → "infracao").
"""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer
from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter

from whoosh.lang import stopwords_for_language

from knowledge.text import fold  # one definition, shared with the assistant (re-exported: spelling.py, tests)


STOP_WORDS = frozenset(fold(word) for word in stopwords_for_language("pt")) | {"art", "artigo", "inciso", "alinea", "paragrafo"}

# Words that shape a question but carry no legal meaning.  Removed from queries
# only: the statutes keep them (they are rare there and harmless).
QUERY_NOISE = frozenset(
    """
    pode podem posso poderia preciso precisa precisam precisamos quero queria gostaria saber
    qual quais quanto quantos quanta quantas como onde porque porque pra pro pras pros pq q vc
    voce voces eh ser ter fazer faz tem tenho existe algum alguma alguem tudo sobre coisa
    isso ai la aqui entao oi ola bom dia tarde noite obrigado obrigada favor ajuda duvida
    lei leis
    """.split()
)

_IRREGULAR_PLURALS = {"leis": "lei", "reis": "rei", "pais": "pais", "mais": "mais", "vez": "vez", "vezes": "vez"}
_PLURAL_RULES = (
    (re.compile(r"(.{2,})coes$"), r"\1cao"),
    (re.compile(r"(.{2,})oes$"), r"\1ao"),
    (re.compile(r"(.{2,})aes$"), r"\1ao"),
    (re.compile(r"(.{2,})ns$"), r"\1m"),
    (re.compile(r"(.{3,})ais$"), r"\1al"),
    (re.compile(r"(.{3,})eis$"), r"\1el"),
)
# Snowball's suffix rules are written for accented text; put the accent back on
# the derivational suffixes it knows, so "autorizacao" stems like "autorização".
_REACCENT = (
    (re.compile(r"(.{2,})cao$"), r"\1ção"),
    (re.compile(r"(.{2,})sao$"), r"\1são"),
    (re.compile(r"(.{2,})encia(s?)$"), r"\1ência\2"),
    (re.compile(r"(.{2,})ancia(s?)$"), r"\1ância\2"),
    (re.compile(r"(.{2,})avel$"), r"\1ável"),
    (re.compile(r"(.{2,})ivel$"), r"\1ível"),
    (re.compile(r"(.{2,})ari([ao]s?)$"), r"\1ári\2"),
)

_stemmer = snowballstemmer.stemmer("portuguese")


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """Stem one folded, lowercased word.

    Plurals the stemmer misses are reduced first, accents are restored on the
    suffixes it needs them for, and the final vowel of the stem is dropped so that
    "obrigatório"/"obrigatória" and "rodoviária"/"rodoviários" meet.
    """
    word = _IRREGULAR_PLURALS.get(word, word)
    for pattern, replacement in _PLURAL_RULES:
        if pattern.match(word):
            word = pattern.sub(replacement, word)
            break
    for pattern, replacement in _REACCENT:
        if pattern.match(word):
            word = pattern.sub(replacement, word)
            break
    result = fold(_stemmer.stemWord(word))
    if len(result) > 4 and result[-1] in "aeio":
        result = result[:-1]
    return result


class FoldFilter(Filter):
    def __call__(self, tokens):
        for token in tokens:
            token.text = fold(token.text)
            yield token


class PortugueseStemFilter(Filter):
    def __call__(self, tokens):
        for token in tokens:
            if not token.stopped:
                token.text = stem(token.text)
            yield token


# Numbers matter in law ("7 lugares", "15 anos"), and "micro-ônibus" should
# match "micro onibus": hyphens split words, digits are tokens of their own.
TOKEN_PATTERN = r"\w+"


def portuguese_analyzer():
    """The analyzer used for statute text and for queries."""
    return (
        RegexTokenizer(TOKEN_PATTERN)
        | LowercaseFilter()
        | FoldFilter()
        | StopFilter(stoplist=STOP_WORDS, minsize=1)
        | PortugueseStemFilter()
    )


def spelling_analyzer():
    """Unstemmed, folded words: the vocabulary that "você quis dizer" draws on."""
    return RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | FoldFilter() | StopFilter(stoplist=STOP_WORDS, minsize=3)


def words(text: str) -> list[str]:
    """Folded, lowercased words of a text, in order (no stemming, nothing removed)."""
    return re.findall(TOKEN_PATTERN, fold(text.lower()))


def analyze(text: str) -> list[str]:
    """Stems of a text as the index sees them (stop words removed)."""
    return [stem(w) for w in words(text) if w not in STOP_WORDS]
