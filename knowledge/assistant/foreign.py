"""Questions typed in English or Spanish, read as Portuguese.

The assistant's understanding and the statutes are Portuguese, but the portal
speaks three languages and tourists do ask "can the driver sell me a ticket?".
A full translator would be a heavy dependency for a narrow domain; instead the
few hundred words that carry meaning here (charter, seized, fine, plate, how
long…) are mapped onto the Portuguese words the understanding and the search
already know.  Unknown words pass through unchanged, so a Portuguese message
typed with the interface in English is still understood.

Only used when the interface language is English or Spanish: some of these words
are also Portuguese in another sense ("para", "como").
"""

from __future__ import annotations

import re

from ..reader.lexicon import vocabulary
from .text import fold

# Multi-word expressions first (matched on folded, lowercase text).
PHRASES = {lang: [tuple(pair) for pair in pairs] for lang, pairs in vocabulary("phrases").items()}

WORDS = vocabulary("words")

# Whole-message answers only: inside a sentence "no" is also Portuguese ("no fretamento"),
# and the suggestion buttons send their Portuguese text whatever the interface language.
ANSWERS = vocabulary("answers")

_WORD = re.compile(r"[\w/]+")


def to_portuguese(message: str, language: str) -> str:
    """The message with English or Spanish domain words replaced by Portuguese ones.

    Returns the message unchanged for Portuguese (or any other language)."""
    lang = (language or "pt").split("_")[0].split("-")[0].lower()
    if lang not in WORDS:
        return message
    text = fold(message.lower())
    bare = text.strip(" .!?¡¿")
    if bare in ANSWERS[lang]:
        return ANSWERS[lang][bare]
    for pattern, replacement in PHRASES[lang]:
        text = re.sub(pattern, replacement, text)
    words = WORDS[lang]
    return _WORD.sub(lambda m: words.get(m.group(0), m.group(0)), text)
