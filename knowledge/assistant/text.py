"""Reading messages as people write them: no accents, slang, abbreviations, typos."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from ..reader.lexicon import lexicon
from ..text import fold  # noqa: F401  (re-exported: kinds.py, foreign.py and tests/evaluation.py import it from here)

# Abbreviations and slang as people type them (knowledge/lexicon.yaml, section "slang": the reader's too).
SLANG = lexicon()["slang"]


def normalize(text: str) -> str:
    """Lowercase, no accents, slang expanded, punctuation as spaces (digits and / kept)."""
    text = fold((text or "").lower())
    text = re.sub(r"[^\w/]+", " ", text)
    words = [SLANG.get(w, w) for w in text.split()]
    return " ".join(words)


def tokens(text: str) -> list[str]:
    return normalize(text).split()


def similar(a: str, b: str) -> float:
    return SequenceMatcher(None, a, b).ratio()


def has_word(words: list[str], *candidates: str, fuzzy: bool = True) -> bool:
    """Any candidate among the words (prefix match for stems; fuzzy for long words)."""
    for candidate in candidates:
        for word in words:
            if candidate.endswith("*"):
                if word.startswith(candidate[:-1]):
                    return True
                if fuzzy and len(candidate) > 6 and similar(word[: len(candidate) - 1], candidate[:-1]) >= 0.86:
                    return True
            elif word == candidate:
                return True
            elif fuzzy and len(candidate) >= 6 and len(word) >= 5 and similar(word, candidate) >= 0.84:
                return True
    return False


def has_phrase(text: str, *phrases: str) -> bool:
    padded = f" {text} "
    return any(f" {p} " in padded for p in phrases)
