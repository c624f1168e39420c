"""Reading a chat reply as an answer to a wizard question ("sim", "foi no acre", "10/11/2026")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from ..reader.lexicon import vocabulary
from ..flows.engine import Question
from .text import has_phrase, normalize
from .understanding import JURISDICTION_WORDS

YES = vocabulary("yes")
NO = vocabulary("no")
SKIP = vocabulary("skip")
# Everyday words for option values, beyond the labels themselves.
OPTION_WORDS = vocabulary("option_words")


def _options_for(question: Question) -> list[tuple[str, str]]:
    return [(o.value, normalize(o.label)) for o in question.options]


# Month names as people type them (folded): Portuguese, and English and Spanish for
# messages typed with the interface in those languages.
MONTHS = vocabulary("months")
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
DAY_MONTH_RE = re.compile(rf"\b(\d{{1,2}})(?:o|st|nd|rd|th)?\s+(?:de\s+)?({_MONTH})\b\.?(?:\s+(?:de\s+)?(\d{{4}}))?")
MONTH_DAY_RE = re.compile(rf"\b({_MONTH})\b\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b,?(?:\s+(\d{{4}}))?")


def _named_month(text: str, today: date) -> tuple[int, int, int] | None:
    match = DAY_MONTH_RE.search(text)
    if match:
        return int(match.group(3) or today.year), MONTHS[match.group(2)], int(match.group(1))
    match = MONTH_DAY_RE.search(text)
    if match:
        return int(match.group(3) or today.year), MONTHS[match.group(1)], int(match.group(2))
    return None


def parse_date(text: str, today: date) -> str | None:
    if has_phrase(text, "hoje"):
        return today.isoformat()
    if has_phrase(text, "ontem"):
        return (today - timedelta(days=1)).isoformat()
    if has_phrase(text, "anteontem"):
        return (today - timedelta(days=2)).isoformat()
    # the text is normalised: "2026-11-10" and "10.11.2026" arrive with spaces
    match = re.search(r"\b(\d{4})[\s/-](\d{1,2})[\s/-](\d{1,2})\b", text)
    if match:
        y, m, d = map(int, match.groups())
    elif named := _named_month(text, today):
        y, m, d = named
    else:
        match = re.search(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b", text) or re.search(r"\b(\d{1,2})\s(\d{1,2})\s(\d{4})\b", text)
        if not match:
            return None
        d, m = int(match.group(1)), int(match.group(2))
        y = int(match.group(3)) if match.group(3) else today.year
        if y < 100:
            y += 2000
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


def parse_answer(question: Question, message: str, today: date) -> str | list[str] | None:
    """The raw answer the flow engine will validate, or None when the message is not an answer."""
    text = normalize(message)
    if not text:
        return None
    if not question.required and any(has_phrase(text, s) for s in SKIP):
        return ""
    if question.type == "bool":
        if any(has_phrase(text, n) for n in NO) or text.startswith("nao"):
            return "nao"
        if any(has_phrase(text, y) for y in YES):
            return "sim"
        return None
    if question.type == "number":
        match = re.search(r"\b(\d{1,5})\b", text)
        if match:
            return match.group(1)
        words = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9, "dez": 10, "nenhum": 0, "zero": 0}
        for word, value in words.items():
            if has_phrase(text, word):
                return str(value)
        return None
    if question.type == "date":
        if question.default_today and has_phrase(text, "hoje", "agora", "data de hoje"):
            return ""
        return parse_date(text, today)
    if question.type in ("choice", "multiple"):
        chosen = []
        if question.id == "jurisdicao":
            for value, _label in _options_for(question):
                if any(has_phrase(text, w) for w in JURISDICTION_WORDS.get(value, ())) or text == value:
                    chosen.append(value)
            if "recife" in chosen and "pe" in chosen:
                chosen = ["recife"] if has_phrase(text, "complementar", "stcp") else ["pe"]
            if chosen == ["recife"] and "recife" not in question.option_values():
                chosen = ["pe"]
        else:
            scored = []
            for index, (value, label) in enumerate(_options_for(question), start=1):
                extra = OPTION_WORDS.get(question.id, {}).get(value, ())
                if text in (value, value.replace("_", " "), str(index), label):
                    score = 3
                elif has_phrase(text, value.replace("_", " ")) or any(w in text for w in extra):
                    score = 2
                elif len(text) >= 4 and text in label:
                    score = 1
                else:
                    continue
                scored.append((score, value))
            if not scored:
                # Last resort: the option whose label shares most words with the reply.
                words = {w[:5] for w in text.split() if len(w) >= 4}
                overlaps = [(len(words & {w[:5] for w in label.split() if len(w) >= 4}), value) for value, label in _options_for(question)]
                top = max((n for n, _ in overlaps), default=0)
                if top:
                    scored = [(1, value) for n, value in overlaps if n == top]
            if scored:
                best = max(score for score, _ in scored)
                chosen = [value for score, value in scored if score == best] if question.type == "choice" else [v for _, v in scored]
        if question.type == "multiple":
            return chosen or None
        return chosen[0] if len(chosen) == 1 else None
    return None
