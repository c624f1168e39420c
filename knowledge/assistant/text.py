"""Reading messages as people write them: no accents, slang, abbreviations, typos."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from ..text import fold  # noqa: F401  (re-exported: kinds.py, foreign.py and tests/evaluation.py import it from here)

SLANG = {
    "vc": "voce", "vcs": "voces", "pq": "porque", "q": "que", "ta": "esta", "tao": "estao", "to": "estou",
    "tb": "tambem", "tbm": "tambem", "n": "nao", "naum": "nao", "pra": "para", "pro": "para", "pras": "para",
    "busao": "onibus", "buzao": "onibus", "bus": "onibus", "onbus": "onibus", "oibus": "onibus", "onibu": "onibus",
    "d": "de", "eh": "e", "msm": "mesmo", "qnt": "quanto", "qto": "quanto", "qnto": "quanto", "qtos": "quantos", "qtas": "quantas", "qta": "quanta", "qdo": "quando", "hj": "hoje", "td": "tudo",
    "blz": "beleza", "obg": "obrigado", "obgd": "obrigado", "obrigada": "obrigado", "vlw": "valeu", "ngm": "ninguem",
    "cmg": "comigo", "mto": "muito", "mt": "muito", "kombi": "van", "topic": "van", "sprinter": "van",
    "tava": "estava", "tavam": "estavam", "tao": "estao", "brigadao": "obrigado", "obrigadao": "obrigado",
}


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
