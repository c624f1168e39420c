"""Free text typed by the public, made safe to show to staff.

Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text display
in another order than it is stored ("Trojan Source"); zero-width characters (U+200B,
U+200D, U+2060, U+FEFF …) hide inside words and defeat searches.  Both are Unicode
format characters (category Cf).  Control characters other than tab and line feed
have no place in a complaint either.  ``clean`` removes them; complaints are cleaned
when received, and staff pages and the CSV export clean again whatever was stored
before.
"""

from __future__ import annotations

import re
import unicodedata

_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean(text: str | None) -> str | None:
    if not text:
        return text
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROLS.sub("", text)
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def clean_all(value):
    """``clean`` applied to every string inside dicts and lists (for staff views)."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {k: clean_all(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_all(v) for v in value]
    return value
