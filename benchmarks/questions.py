"""Distinct questions for the search benchmarks, made from the statutes' own words.

Why: the portal keeps the answer to a question it has already seen (the engine's
response cache and the page cache), so a benchmark that rotates through a few
dozen questions measures the caches, not the search.  Real traffic is mostly
questions never asked before; these are.  Each question is two to four words of
the statutes (as people type them: sometimes without accents, sometimes with a
typo, sometimes inside a phrase such as "multa por …" or "pode … ?"), drawn with a
fixed seed, so every run — and the "before" and "after" portals of one run — get
the same list.  Nothing here reads ``tests/data``.
"""

from __future__ import annotations

import random
import re
import unicodedata

# How people wrap the words they look for (pt_BR); "{}" is the words.
FRAMES = ["{}", "{}", "{}", "multa por {}", "pode {}?", "qual o prazo de {}", "{} no fretamento",
          "o que diz a lei sobre {}", "{} ônibus", "preciso de {} para viajar", "{} recife", "{} em são paulo"]
_WORD = re.compile(r"[^\W\d_]{4,}")


def _strip_accents(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _typo(word: str, rng: random.Random) -> str:
    """One slip of the finger: a letter dropped, doubled or swapped with the next."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1:]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def statute_words() -> list[str]:
    """The words (4+ letters, lowercase) of the texts in force of the four statutes, most frequent first."""
    from knowledge.corpus import all_laws

    counts: dict[str, int] = {}
    for law in all_laws():
        for unit in law.units():
            for word in _WORD.findall(unit.text.lower()):
                counts[word] = counts.get(word, 0) + 1
    return sorted(counts, key=lambda w: (-counts[w], w))


def distinct_questions(count: int, seed: int = 32) -> list[str]:
    """``count`` different questions (no two equal once accents and case are folded)."""
    rng = random.Random(seed)
    vocabulary = statute_words()
    # Mostly the words the statutes use often (what people ask about), some rare ones.
    common, rare = vocabulary[:1500], vocabulary[1500:] or vocabulary
    seen: set[str] = set()
    questions: list[str] = []
    while len(questions) < count:
        words = [rng.choice(common if rng.random() < 0.8 else rare) for _ in range(rng.choice((2, 2, 3, 3, 4)))]
        if rng.random() < 0.4:
            words = [_strip_accents(w) for w in words]
        if rng.random() < 0.15:
            k = rng.randrange(len(words))
            if len(words[k]) >= 5:
                words[k] = _typo(words[k], rng)
        question = rng.choice(FRAMES).format(" ".join(words))
        key = _strip_accents(question.lower())
        if key not in seen:
            seen.add(key)
            questions.append(question)
    return questions


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    for q in distinct_questions(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
        print(q)
