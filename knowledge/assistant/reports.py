"""The chat's side of a report: when a message tells what happened, the one reader classifies it.

``knowledge/reader`` reads the story (the same call the complaint form makes); this module only decides
that a message is a report and says the answer in the conversation: the row of the law in force on the
date of the facts, its fine, and "Fazer a denúncia" pre-filled with place, date, row and story.
"""

from __future__ import annotations

import re
from datetime import date

from ..places import PLACES
from ..reader.lexicon import lexicon
from ..reader.report import classify_report
from .conditions import REPEAT_RE
from .kinds import question_kind
from .text import normalize
from .understanding import is_question


def tells_a_report(raw: str) -> bool:
    """A message that tells facts — and, if it asks, asks about the infraction they are."""
    text = normalize(raw)
    cues = lexicon()["relato"]
    if not is_question(raw, text):
        return bool(cues["fatos"].search(text) or cues["acontecendo"].search(text))
    return _asks_about_what_happened(text) and bool(cues["pergunta_da_infracao"].search(text))


def may_tell_a_report(raw: str) -> bool:
    """A story told first, then a question that asks no value, deadline or permission ("… tinha uns 15 em
    pé. isso é normal?"): a report only if the reader classifies the story with confidence — otherwise
    the law answers it.  The facts must stand in a sentence of their own before the question: "meu carro
    foi apreendido, qual a diária?" asks the law."""
    text = normalize(raw)
    if not is_question(raw, text) or question_kind(text) is not None or REPEAT_RE.search(text):
        return False
    sentences = [part for part in re.split(r"[.!?;]+\s", (raw or "").strip()) if part.strip()]
    told = normalize(" ".join(sentences[:-1]))
    return len(sentences) > 1 and len(told.split()) >= STORY_WORDS and bool(lexicon()["relato"]["fatos"].search(told))


# A story told before a question: at least this many words (a clause such as "fui multado" is the question's).
STORY_WORDS = 8


def _asks_about_what_happened(text: str) -> bool:
    # A question tells a report only with facts that happened ("o motorista bebeu, dá multa?"), never with a
    # case it imagines ("quem é pego fazendo transporte clandestino paga quanto?"); and only when what it asks
    # is the infraction or its fine — a repeat ("de novo": the law's repeat rule answers), a deadline, a
    # permission or a body asked is the law's question.
    if REPEAT_RE.search(text) or question_kind(text) not in (None, "valor"):
        return False
    return bool(lexicon()["relato"]["fatos"].search(text))


def classified_somewhere(message: str, today: date) -> list[str]:
    """The places whose law classifies the story (the chat then asks where it happened)."""
    return [place for place in PLACES if classify_report(message, place, today).classified]


def asks_who_takes_complaints(raw: str) -> bool:
    """"pra quem eu reclamo?", "onde denuncio?": the regulator of the place, and the complaint form."""
    return bool(lexicon()["relato"]["a_quem_reclamar"].search(normalize(raw)))


def mentions_facts(raw: str) -> bool:
    """Anything told as having happened or happening — enough to offer the complaint beside the law's answer."""
    text = normalize(raw)
    cues = lexicon()["relato"]
    return bool(cues["fatos"].search(text) or cues["acontecendo"].search(text))
