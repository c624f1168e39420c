"""Brazilian licence plates: the old form (LLLNNNN) and the Mercosul form (LLLNLNN).

A plate moving to the Mercosul standard keeps its letters and digits except the
second digit, which becomes a letter: 0=A, 1=B … 9=J (``QUA1960`` ↔ ``QUA1J60``).
People type plates with hyphens, spaces and any case; the registry may hold either
form.  :func:`plate_key` gives one key for both forms, so a lookup finds the
vehicle whichever form was registered and whichever form was typed.
"""

from __future__ import annotations

import re

from .citations import N_

OLD_RE = re.compile(r"^[A-Z]{3}[0-9]{4}$")
MERCOSUL_RE = re.compile(r"^[A-Z]{3}[0-9][A-J][0-9]{2}$")
# Any Mercosul plate: the fifth character may be any letter for new plates.
MERCOSUL_ANY_RE = re.compile(r"^[A-Z]{3}[0-9][A-Z][0-9]{2}$")
DIGIT_TO_LETTER = {str(d): chr(ord("A") + d) for d in range(10)}
LETTER_TO_DIGIT = {v: k for k, v in DIGIT_TO_LETTER.items()}

PLATE_HELP = N_(
    "Digite a placa com 3 letras e 4 caracteres: no modelo antigo, 3 letras e 4 números (ex.: ABC-1234); "
    "no modelo Mercosul, 3 letras, 1 número, 1 letra e 2 números (ex.: ABC1D23). Hífen, espaço e maiúsculas não importam."
)


class InvalidPlate(ValueError):
    def __init__(self, raw: str):
        super().__init__(PLATE_HELP)
        self.raw = raw
        self.message = PLATE_HELP


def normalize(raw: str) -> str:
    """Upper case, without spaces, hyphens or dots; raises InvalidPlate if not a plate."""
    if not isinstance(raw, str):
        raise InvalidPlate(str(raw))
    cleaned = re.sub(r"[\s\-.·•_]", "", raw)
    # Plates are ASCII.  Checked before upper(), which folds look-alikes into plate
    # letters ("ı" → "I", "ſ" → "S", "ﬀ" → "FF"): those would find another vehicle.
    if not cleaned.isascii():
        raise InvalidPlate(raw)
    cleaned = cleaned.upper()
    if OLD_RE.match(cleaned) or MERCOSUL_ANY_RE.match(cleaned):
        return cleaned
    raise InvalidPlate(raw)


# Look-alikes in positions that admit only one kind of character: the first three are letters in
# both forms, the fourth, sixth and seventh digits.  The fifth is a digit in the old form and a
# letter in the Mercosul one, so it is never changed.
AS_LETTER = str.maketrans("0158", "OISB")
AS_DIGIT = str.maketrans("OQDIL", "00011")


def likely_meant(raw: str) -> str | None:
    """The plate a mistyped one most likely is ("ABC1D2O" → "ABC1D20"): an offer to the person,
    never a lookup made in their place, since another vehicle may have that plate."""
    if not isinstance(raw, str):
        return None
    cleaned = re.sub(r"[\s\-.·•_]", "", raw).upper()
    if len(cleaned) != 7 or not cleaned.isascii():
        return None
    fixed = cleaned[:3].translate(AS_LETTER) + cleaned[3].translate(AS_DIGIT) + cleaned[4] + cleaned[5:].translate(AS_DIGIT)
    if fixed != cleaned and (OLD_RE.match(fixed) or MERCOSUL_ANY_RE.match(fixed)):
        return fixed
    return None


def to_mercosul(plate: str) -> str:
    """The Mercosul form of a normalized plate (identity for Mercosul plates)."""
    if OLD_RE.match(plate):
        return plate[:4] + DIGIT_TO_LETTER[plate[4]] + plate[5:]
    return plate


def to_old(plate: str) -> str | None:
    """The old form, when the plate has one (Mercosul fifth letter A–J)."""
    if OLD_RE.match(plate):
        return plate
    if MERCOSUL_RE.match(plate):
        return plate[:4] + LETTER_TO_DIGIT[plate[4]] + plate[5:]
    return None


def plate_key(raw: str) -> str:
    """One key for both forms of the same plate (its Mercosul form)."""
    return to_mercosul(normalize(raw))


def display(plate: str) -> str:
    """ABC-1234 for old plates, ABC1D23 for Mercosul plates."""
    return f"{plate[:3]}-{plate[3:]}" if OLD_RE.match(plate) else plate


# Not inside a word, accented ones included ("rodoviário 2004" holds no plate "RIO-2004").
PLATE_IN_TEXT_RE = re.compile(r"(?<!\w)([A-Za-z]{3})[\s\-]?([0-9][A-Za-z0-9][0-9]{2})(?!\w)")


# Three-letter words that, before a year, are not a plate: "um carro ano 2024", "van 2019", "lei 1620".
# A plate written in lower case with a space is read only when its letters are not such a word.
NOT_PLATE_WORDS = frozenset("ano van dia mes lei art com sem por das dos nas nos uma ate que ela ele seu sua meu "
                            "era foi tem ter bus fim vez cao via pra pro pras pros pelo pela num uns mas nao sim "
                            "mil boa bom mal sao sob aos ali ida".split())


def find_plates(text: str) -> list[str]:
    """Plates mentioned anywhere in a message ("a van QUA-1960 tá lotada"), normalized."""
    found = []
    for match in PLATE_IN_TEXT_RE.finditer(text or ""):
        letters = match.group(1)
        if letters.islower() and letters in NOT_PLATE_WORDS and not text[match.end(1)] == "-":
            continue
        try:
            plate = normalize(match.group(1) + match.group(2))
        except InvalidPlate:
            continue
        if plate not in found:
            found.append(plate)
    return found
