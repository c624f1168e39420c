"""The chat's side of a report: when a message tells what happened, the one reader classifies it.

``knowledge/reader`` reads the story (the same call the complaint form makes); this module only decides
that a message is a report and says the answer in the conversation: the row of the law in force on the
date of the facts, its fine, and "Fazer a denúncia" pre-filled with place, date, row and story.
"""

from __future__ import annotations

import re
from datetime import date

from ..citations import N_
from ..places import PLACES
from ..reader.lexicon import lexicon
from ..reader.report import classify_report
from .conditions import REPEAT_RE
from .kinds import question_kind
from .text import normalize
from .law import FUNCTION_WORDS
from .understanding import JURISDICTION_WORDS, QUESTION_WORDS, is_question


# What a law governs (its art. 1º, cited beside), said when a story tells of another service (knowledge/reader/report.outside_the_law).
LAW_GOVERNS = {
    "pe": N_("do fretamento intermunicipal"),
    "recife": N_("do transporte complementar, o STCP/Recife"),
}


def tells_a_report(raw: str) -> bool:
    """A message that tells facts — and, if it asks, asks about the infraction they are."""
    text = normalize(raw)
    cues = lexicon()["relato"]
    if not is_question(raw, text):
        return bool(cues["fatos"].search(text) or cues["acontecendo"].search(text))
    return _asks_about_what_happened(text) and bool(cues["pergunta_da_infracao"].search(text))


def may_tell_a_report(raw: str) -> bool:
    """A story told first, then a question about it — one that asks no value, deadline or permission of
    its own, or points back at the story ("… tinha uns 15 em pé. isso é normal?") —, or a story that asks
    nothing: a report only if the reader classifies it with confidence, otherwise the law answers it.
    The facts must stand in a clause of their own before the question, long enough to be a story:
    "meu carro foi apreendido, qual a diária?" asks the law."""
    text = normalize(raw)
    if REPEAT_RE.search(text):
        return False
    if not is_question(raw, text):
        # Facts told without a cue word of the lexicon (a habit described in the present, a scene in the
        # imperfect): long enough to be a story, and a report only if the reader finds its row.
        return len(text.split()) >= STORY_WORDS and question_kind(text) is None and not _asks_its_own(text)
    # The closing question is the last clause that asks ("…seguiu com a porta aberta, em Pernambuco isso é
    # permitido?"); what follows its "?" ("(acre)") names a place, not a question.
    asking = (raw or "").strip()
    if "?" in asking:
        asking = asking[: asking.rindex("?") + 1]
    sentences = [part for part in re.split(r"[.!?;,]+\s", asking) if part.strip()]
    if len(sentences) < 2:
        return False
    asked = normalize(sentences[-1])
    if _asks_its_own(asked) or (question_kind(text) is not None and not _asks_about_the_story(asked)):
        return False
    told = normalize(" ".join(sentences[:-1]))
    return len(told.split()) >= STORY_WORDS and bool(lexicon()["relato"]["fatos"].search(told))


def told_scene(raw: str) -> str | None:
    """The facts a message tells, in any tense ("o motorista fuma dentro do ônibus", "deixa subir
    vendedor em todo ponto"), without its closing question — or None when it tells too little or its
    question asks the law something of its own ("qual o prazo…", "quem…", "quais documentos…").  The
    reader reads these words alone (_report): a question's words ("tenho desconto?") are no fact, and
    only facts that are themselves a row of the place's table make the message a report."""
    text = normalize(raw)
    if REPEAT_RE.search(text):
        return None
    told = (raw or "").strip()
    asking = is_question(raw, text)
    if asking:
        sentences = [part for part in re.split(r"(?<=[.!?;])\s+|,\s+", told) if part.strip()]
        if len(sentences) < 2 or question_kind(normalize(sentences[-1])) not in (None, "valor", "permissao"):
            return None
        told = " ".join(sentences[:-1])
    folded = normalize(told)
    # Told words that name a kind ("muito acima do limite") ask nothing when nothing is asked.
    if len(folded.split()) < STORY_WORDS or (asking and question_kind(folded) not in (None, "valor", "permissao")) or is_question(told, folded):
        return None
    return told


def _asks_about_the_story(asked: str) -> bool:
    """The closing question asks about the facts just told, not a rule of its own: without the place it
    names and the function words, it is too short to ask anything else ("isso pode?", "é assim?"), and
    it asks no amount or deadline ("qto eles pagam?" asks a value)."""
    words = asked.split()  # (its caller has already refused a clause that asks its own question)
    content = [w for w in words if len(w) > 2 and w not in FUNCTION_WORDS and w not in PLACE_WORDS and w not in PERMISSION_WORDS]
    return len(content) <= SHORT_QUESTION_WORDS and question_kind(asked) in (None, "permissao")


def _asks_its_own(text: str) -> bool:
    """"quanto", "quando", "quem", "qual"…: the words ask a question of their own, not about a story."""
    return any(w in QUESTION_WORDS and w not in PERMISSION_WORDS for w in text.split())


# A closing question with this few words of its own asks about the story before it.
SHORT_QUESTION_WORDS = 0
# What a closing question about the told facts asks: whether they are allowed.
PERMISSION_WORDS = frozenset({"pode", "podem", "permitido", "proibido", "normal", "certo", "correto", "legal"})
PLACE_WORDS = frozenset(w for words in JURISDICTION_WORDS.values() for phrase in words for w in phrase.split())


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
