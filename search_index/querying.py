"""From the words of a question to a Whoosh query tree (not run here: see ``scoring.py``).

Why a module of its own: this is where the product's knowledge of how people ask
lives — synonyms and rewrites (``synonyms.py``), place names that rank rather
than filter, "multa por …" meaning a unit of a fine table — and it is tuned
against relevance, while running the query is tuned for speed.  Everything that
depends only on ``synonyms.py`` (the phrase table, the hint words) is computed
once at import, so a query pays only for its own words.
"""

from __future__ import annotations

from whoosh import query as Q

from . import analysis
from .synonyms import JURISDICTION_HINTS, ONE_WAY, REWRITES, SYNONYM_GROUPS

# "questions": what people ask that a unit answers, in their words (see build.py).
FIELD_WEIGHTS = {"text": 1.0, "context": 0.7, "questions": 0.6}
ALTERNATIVE_WEIGHT = 0.6
FINE_TABLE_WEIGHT = 0.5


def _phrase_table() -> tuple[list[tuple[tuple[str, ...], list[tuple[str, ...]]]], set[tuple[str, ...]]]:
    """(stems of a phrase, stems of its alternatives), longest phrases first; and the rewritten phrases."""
    table: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    rewritten: set[tuple[str, ...]] = set()
    for sources, targets in REWRITES:
        target_stems = [tuple(analysis.analyze(t)) for t in targets]
        for source in sources:
            rewritten.add(tuple(analysis.analyze(source)))
            table.setdefault(tuple(analysis.analyze(source)), set()).update(target_stems)
    for group in SYNONYM_GROUPS:
        stems = [tuple(analysis.analyze(p)) for p in group]
        for s in stems:
            if s:
                table.setdefault(s, set()).update(o for o in stems if o and o != s)
    for sources, targets in ONE_WAY:
        target_stems = [tuple(analysis.analyze(t)) for t in targets]
        for source in sources:
            s = tuple(analysis.analyze(source) or analysis.words(source))
            if s:
                table.setdefault(s, set()).update(t for t in target_stems if t and t != s)
    ordered = sorted(((k, sorted(v)) for k, v in table.items()), key=lambda kv: -len(kv[0]))
    return ordered, rewritten


_PHRASES, _REWRITTEN = _phrase_table()
# The phrases by their first stem, each with its rank in _PHRASES: a query looks
# only at the phrases that can start with one of its words, in the table's order.
_PHRASES_BY_FIRST: dict[str, list[tuple[int, tuple[str, ...], list[tuple[str, ...]]]]] = {}
for _rank, (_phrase, _alternatives) in enumerate(_PHRASES):
    _PHRASES_BY_FIRST.setdefault(_phrase[0], []).append((_rank, _phrase, _alternatives))

# Single words that only name a place or regulator; they rank results (see
# jurisdiction_hints) rather than being searched for, since "STCP/Recife" or
# "EPTI" appear in nearly every unit of their law.
HINT_WORDS = frozenset({"pernambuco", "pernambucano", "epti", "sp", "paulista", "der", "artesp", "acre", "acreano", "ageac", "recife", "stcp"})
_HINT_STEMS = frozenset(analysis.stem(w) for w in HINT_WORDS)
# Every word of the synonym tables: the domain's own words (see corrections.py).
SYNONYM_WORDS = frozenset({w for group in SYNONYM_GROUPS for p in group for w in analysis.words(p)} | {
    w for table in (ONE_WAY, REWRITES) for sources, _ in table for p in sources for w in analysis.words(p)
})
_NOISE_STEMS = frozenset(analysis.stem(w) for w in analysis.QUERY_NOISE)
_FINE_STEMS = frozenset(analysis.stem(w) for w in ("multa", "multas", "penalidade", "infração", "sanção", "pena"))
_HINT_NAMES = [
    (jurisdiction, [f" {' '.join(analysis.words(name))} " for name in names]) for jurisdiction, names in JURISDICTION_HINTS.items()
]


def jurisdiction_hints(text: str) -> set[str]:
    """Jurisdictions a question names ("no Recife", "o DER", "a EPTI")."""
    padded = f" {' '.join(analysis.words(text))} "
    return {jurisdiction for jurisdiction, names in _HINT_NAMES if any(name in padded for name in names)}


def _fine_of(items: list[str], noise: frozenset[str]) -> list[Q.Query]:
    """"Multa por falta de vistoria": a unit of a fine table (a fine in the text above it) that
    names the other words of the question ranks above units that only speak of fines."""
    if not _FINE_STEMS & set(items):
        return []
    others = [s for s in items if s not in _FINE_STEMS and s not in noise and s not in _HINT_STEMS]
    if not others:
        return []
    return [Q.And([Q.Or([Q.Term("text", s) for s in others]), Q.Or([Q.Term("context", f) for f in sorted(_FINE_STEMS)])], boost=FINE_TABLE_WEIGHT)]


def _term_query(stems: tuple[str, ...], weight: float) -> Q.Query:
    """One concept (a word, or a phrase whose words must all appear) in every field.

    A phrase's weight is shared among its words, so that "certificado de registro
    cadastral" counts as much as "CRC", not three times as much.
    """
    per_field = []
    for fieldname, field_weight in FIELD_WEIGHTS.items():
        boost = field_weight * weight / len(stems)
        terms = [Q.Term(fieldname, s, boost=boost) for s in stems]
        per_field.append(terms[0] if len(terms) == 1 else Q.And(terms))
    return Q.Or(per_field)


def build_query(words: list[str], corrections: dict[str, str]) -> tuple[Q.Query | None, list[str]]:
    """The query tree for the question's words (typos replaced by ``corrections``) and the stems it searches."""
    kept = [w for w in words if w not in analysis.STOP_WORDS and w not in HINT_WORDS]
    if not kept:  # "recife" alone: then the place name is the query
        kept = [w for w in words if w not in analysis.STOP_WORDS]
    items = [analysis.stem(corrections.get(w, w)) for w in kept]
    originals = {analysis.stem(corrections[w]): analysis.stem(w) for w in kept if w in corrections}
    noise = _NOISE_STEMS
    clauses: list[Q.Query] = []
    used = [False] * len(items)
    terms: list[str] = []
    candidates = sorted(entry for stem in set(items) for entry in _PHRASES_BY_FIRST.get(stem, ()))
    for _rank, phrase, alternatives in candidates:
        n = len(phrase)
        for i in range(len(items) - n + 1):
            if any(used[i : i + n]) or tuple(items[i : i + n]) != phrase:
                continue
            meaningful = () if phrase in _REWRITTEN else tuple(s for s in phrase if s not in noise)
            options = [_term_query(meaningful, 1.0)] if meaningful else []
            if phrase in _REWRITTEN:
                # The replacement *is* what the person meant: full weight for each word.
                options += [_term_query(alt, float(len(alt))) for alt in alternatives]
            else:
                options += [_term_query(alt, ALTERNATIVE_WEIGHT) for alt in alternatives]
            clauses.append(Q.Or(options))
            terms.extend(meaningful)
            for j in range(i, i + n):
                used[j] = True
    for i, stem in enumerate(items):
        if used[i] or stem in noise:
            continue
        options = [_term_query((stem,), 1.0)]
        if stem in originals:  # keep what the person typed, in case the "typo" was right
            options.append(_term_query((originals[stem],), ALTERNATIVE_WEIGHT))
        clauses.append(Q.Or(options) if len(options) > 1 else options[0])
        terms.append(stem)
    if not clauses:
        return None, []
    clauses += _fine_of(terms, noise)
    return Q.Or(clauses, scale=0.9), terms
