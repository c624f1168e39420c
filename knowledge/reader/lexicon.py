"""The vocabulary of the reader, as data: one YAML file a reviewer can read (knowledge/lexicon.yaml).

Words people use for what the statutes name otherwise ("bêbado" for "embriaguez", "lotado" for
"acima da capacidade"), slang, the festivals that date a story and the relative days.  One loader,
validated at load time so a malformed entry fails the build rather than a conversation.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from ..text import fold

PATH = Path(__file__).resolve().parent.parent / "lexicon.yaml"


class LexiconError(ValueError):
    """knowledge/lexicon.yaml is malformed."""


@lru_cache(maxsize=2)
def _document(path: Path) -> dict:
    """knowledge/lexicon.yaml, parsed once for the reader's sections and the named entries alike."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def lexicon() -> dict:
    data = _document(PATH)
    for section in ("slang", "law_words", "festas", "dias_relativos"):
        if not isinstance(data.get(section), dict):
            raise LexiconError(f"{PATH.name}: section {section!r} missing")
    festas = {}
    for name, span in data["festas"].items():
        try:
            (sd, sm), (ed, em) = (tuple(int(x) for x in part.split("/")) for part in span.split("-"))
        except ValueError as exc:
            raise LexiconError(f"{PATH.name}: festa {name!r}: {span!r} is not DD/MM-DD/MM") from exc
        festas[fold(name.lower())] = ((sm, sd), (em, ed))
    relative = {}
    for words, offset in data["dias_relativos"].items():
        if isinstance(offset, int):
            relative[fold(words.lower())] = offset
        elif isinstance(offset, str) and offset.split()[0].isdigit() and offset.split()[1] in ("days", "weeks", "months", "years"):
            amount, unit = offset.split()
            relative[fold(words.lower())] = (unit, int(amount))
        else:
            raise LexiconError(f"{PATH.name}: dias_relativos {words!r}: {offset!r}")
    law_words = {}
    for everyday, law in data["law_words"].items():
        words = law if isinstance(law, list) else [law]
        law_words[fold(str(everyday).lower())] = tuple(fold(w.lower()) for w in words)
    slang = {fold(str(k).lower()): fold(str(v).lower()) for k, v in data["slang"].items()}
    try:
        relato = {name: re.compile(pattern) for name, pattern in (data.get("relato") or {}).items()}
    except re.error as exc:
        raise LexiconError(f"{PATH.name}: relato: {exc}") from exc
    if set(relato) != {"fatos", "acontecendo", "pergunta_da_infracao", "a_quem_reclamar"}:
        raise LexiconError(f"{PATH.name}: relato needs 'fatos', 'acontecendo', 'pergunta_da_infracao' and 'a_quem_reclamar'")
    return {"slang": slang, "law_words": law_words, "festas": festas, "dias_relativos": relative, "relato": relato}


def _frozen(value):
    """Lists as tuples, all the way down: an entry read by name is shared by every caller."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


@lru_cache(maxsize=2)
def _section(section: str) -> dict:
    """A section of named entries (``assistente``, ``busca``).  Their patterns are compiled by the
    modules that read them, at import: a malformed one fails the start, not a conversation."""
    data = _document(PATH).get(section)
    if not isinstance(data, dict):
        raise LexiconError(f"{PATH.name}: section {section!r} missing")
    return {name: _frozen(value) for name, value in data.items()}


def vocabulary(name: str, section: str = "assistente"):
    """One entry of the assistant's words (section ``assistente`` of knowledge/lexicon.yaml) or the
    search's (``busca``), lists as tuples; a missing entry fails the import of the module that reads
    it, not a conversation."""
    try:
        return _section(section)[name]
    except KeyError:
        raise LexiconError(f"{PATH.name}: {section}.{name} missing") from None
