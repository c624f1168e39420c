"""Numbers as the statutes write them ("trezentas e trinta", "15 (quinze)") and as a reply says them."""

from __future__ import annotations

import re
from decimal import Decimal

from .text import fold

_UNITS = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9}
_TEENS = {"dez": 10, "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "catorze": 14, "quinze": 15, "dezesseis": 16,
          "dezessete": 17, "dezoito": 18, "dezenove": 19}
_TENS = {"vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50, "cinqueenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90}
_HUNDREDS = {"cem": 100, "cento": 100, "duzentos": 200, "duzentas": 200, "trezentos": 300, "trezentas": 300, "quatrocentos": 400,
             "quatrocentas": 400, "quinhentos": 500, "quinhentas": 500, "seiscentos": 600, "seiscentas": 600, "setecentos": 700,
             "setecentas": 700, "oitocentos": 800, "oitocentas": 800, "novecentos": 900, "novecentas": 900}
_NUMBER_WORDS = {**_UNITS, **_TEENS, **_TENS, **_HUNDREDS}
_NUMBER_WORD_RE = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
WORDS_NUMBER = rf"(?:(?:{_NUMBER_WORD_RE}|mil)(?:\s+e\s+|\s+)?)+"


def words_to_number(words: str) -> int | None:
    """ "trezentas e trinta" → 330, "dois mil e novecentos" → 2900; None when not a number."""
    total, current, seen = 0, 0, False
    for word in fold(words.lower()).replace("-", " ").split():
        if word == "e":
            continue
        if word == "mil":
            total += (current or 1) * 1000
            current, seen = 0, True
        elif word in _NUMBER_WORDS:
            current += _NUMBER_WORDS[word]
            seen = True
        else:
            return None
    return total + current if seen else None



def as_number(raw: str) -> str:
    """ "15" → "15", "trezentas e trinta" → "330" (a word that is no number stays as written)."""
    raw = raw.strip()
    if re.fullmatch(r"\d+(?:[.,]\d+)?", raw):
        return str(int(raw)) if raw.isdigit() else raw
    value = words_to_number(raw)
    return str(value) if value is not None else raw


def brl(amount: Decimal) -> str:
    """Decimal("2900") → "R$ 2.900,00"."""
    whole, cents = f"{amount:.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f"R$ {'.'.join(groups)},{cents}"
