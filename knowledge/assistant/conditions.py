"""Does a unit's condition fit the case the question describes?

Sibling units often differ only by a condition: PE art. 11 asks for a yearly
inspection of buses "com até 15 (quinze) anos da data de fabricação" and a
half-yearly one "com mais de 15 (quinze) anos"; Acre art. 78 keeps a vehicle
"de um a dez dias, quando se tratar da primeira apreensão" and "de onze a trinta
dias, quando de reincidência".  Their words are the same but for the condition,
so the search scores them alike.  The question usually says which case it is ("um
micro-ônibus com 12 anos", "é a segunda apreensão"): :func:`fit` compares the
two and tells whether the unit's condition holds (+1), fails (-1) or is not
comparable (0).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..reader.lexicon import vocabulary
from ..clock import this_year, today
from .numbers import WORDS_NUMBER, as_number
from .text import fold

_NUM = rf"(?:\d+|{WORDS_NUMBER})"
_GLOSS = r"(?:\s*\([^)]{1,40}\))?"
# What a condition counts: the same thing in the question and in the law.
_MEASURES = {
    "anos": r"anos?",
    "lugares": r"lugares|pessoas|passageiros|assentos",
    "meses": r"meses",
    "dias": r"dias",
}
_MEASURE_RE = "|".join(f"(?P<{name}>{pattern})" for name, pattern in _MEASURES.items())
# "mais de 5 (cinco) e até 10 (dez) anos", "até 15 (quinze) anos", "mais de 15 anos", "acima de 20 lugares",
# "com menos de 10 (dez) anos do primeiro emplacamento" (PE art. 11 until 2020).
_RANGE_RE = re.compile(
    rf"\b(?:(?P<low_word>mais de|acima de|superior a|superiores a)\s+(?P<low>{_NUM}){_GLOSS}\s+(?:e\s+)?)?"
    rf"(?P<high_word>ate|no maximo|igual ou inferior a|inferior a|menos de|mais de|acima de|superior a|superiores a|a partir de|no minimo|minimo de)\s+"
    rf"(?P<value>{_NUM}){_GLOSS}\s+(?:{_MEASURE_RE})\b",
    re.I,
)
# A number the question gives: "com 12 anos", "de 7 lugares", "62 anos", "mais de 15 anos".
_GIVEN_RE = re.compile(rf"\b(?P<more>mais de |acima de |menos de |abaixo de )?(?P<n>{_NUM})\s+(?:{_MEASURE_RE})\b", re.I)

# A vehicle's year of manufacture states its age against "até 15 (quinze) anos da data de fabricação":
# "ônibus 2008", "meu micro é 2010", "fabricado em 2017", "7 lugares 2023", "ano de fabricação 2011".
_YEAR_RE = re.compile(r"\b(?:onibus|micro\s?onibus|microbus|micro|van|carro|automovel|spin|veiculo|lugares|modelo|fabricad[oa]|"
                      r"fabricacao|ano)\s+(?:(?:de|do|em|ano|e|eh)\s+){0,2}(?P<year>(?:19[5-9]|20\d)\d)\b")


def manufacture_year(text: str) -> int | None:
    """The first year of manufacture a message gives, when it is not in the future (the 7-seat-car
    wizard's question "ano de fabricação" is then already answered)."""
    return next((year for m in _YEAR_RE.finditer(fold(text.lower())) if (year := int(m.group("year"))) <= today().year), None)

# Doing it again, in people's words: what the laws call "reincidência" ("pela 2ª vez", "pelo mesmo motivo").
REPEAT_WORDS = vocabulary("repeat_words")
_REPEAT_RE = re.compile(rf"\b({REPEAT_WORDS}|(?:segunda|2a|2ª) apreensao|ja fui)(?!\w)")
REPEAT_RE = _REPEAT_RE  # "de novo", "segunda vez": a repeat told (reports.py leaves it to the law's repeat rule)
_FIRST_RE = re.compile(r"\b(primeira vez|(?:primeira|1a|1ª) (?:vez|apreensao)|pela primeira|nunca fui)(?!\w)")


def _measure(match: re.Match) -> str:
    return next(name for name in _MEASURES if match.group(name))


def _number(raw: str) -> float | None:
    said = as_number(raw)
    return float(said) if said.isdigit() else None


def given(question: str) -> list[tuple[str, float, str]]:
    """(measure, number, "more"/"less"/"") the question states: "micro-ônibus com 12 anos" → ("anos", 12, "")."""
    return list(_asked(question).stated)


def _stated(folded: str, this_year: int) -> tuple[tuple[str, float, str], ...]:
    found = []
    for match in _GIVEN_RE.finditer(folded):
        number = _number(match.group("n"))
        if number is None:
            continue
        more = (match.group("more") or "").strip()
        found.append((_measure(match), number, "more" if more in ("mais de", "acima de") else "less" if more else ""))
    for match in _YEAR_RE.finditer(folded):
        if int(match.group("year")) <= this_year:
            found.append(("anos", float(this_year - int(match.group("year"))), ""))
    return tuple(found)


@dataclass(frozen=True)
class _Asked:
    """What the question states of its case, read once: the ranking checks it against every unit found."""

    folded: str
    stated: tuple[tuple[str, float, str], ...]
    repeat: bool
    first: bool
    vehicles: frozenset[str]
    roles: frozenset[str]
    groups: frozenset[int]


@lru_cache(maxsize=512)
def _asked_in(question: str, this_year: int) -> _Asked:
    folded = fold(question.lower())
    return _Asked(
        folded=folded,
        stated=_stated(folded, this_year),
        repeat=bool(_REPEAT_RE.search(folded)),
        first=bool(_FIRST_RE.search(folded)),
        vehicles=frozenset(vehicle_types(_NOT_THE_VEHICLE_RE.sub(" ", folded))),
        roles=frozenset(roles(question)),
        groups=frozenset(int(g) for g in _ASKED_GROUP_RE.findall(folded)),
    )


def _asked(question: str) -> _Asked:
    # The year is part of the key: a vehicle "2008" is a year older each January (and tests set the date).
    return _asked_in(question, this_year())


def _ranges(text: str) -> list[tuple[str, float | None, bool, float | None, bool]]:
    """(measure, low, low inclusive, high, high inclusive) of each condition the text sets."""
    found = []
    for match in _RANGE_RE.finditer(fold(text.lower())):
        measure, word = _measure(match), match.group("high_word")
        value = _number(match.group("value"))
        low = _number(match.group("low")) if match.group("low") else None
        if value is None:
            continue
        if word in ("mais de", "acima de", "superior a", "superiores a"):
            found.append((measure, value, False, None, False))
        elif word in ("a partir de", "no minimo", "minimo de"):
            found.append((measure, value, True, None, False))
        elif word in ("inferior a", "menos de"):
            found.append((measure, low, False, value, False))
        else:  # até, no máximo, igual ou inferior a
            found.append((measure, low, False, value, True))
    return found


def _holds(number: float, side: str, low, low_in, high, high_in) -> bool | None:
    """Does the stated number (or "more than number") fall in the range?  None when one cannot tell."""
    if side == "more":  # "mais de 15 anos": any value just above 15
        number += 0.5
    elif side == "less":
        number -= 0.5
    if low is not None and (number < low or (number == low and not low_in)):
        return False
    if high is not None and (number > high or (number == high and not high_in)):
        return False
    return True


# The kind of vehicle, where sibling units differ by it: PE art. 15 insures "I - … para ônibus", "II - … para
# micro-ônibus, microbus e minibus", "III - … para veículo tipo automóvel"; art. 11 sets the inspections of
# "CRLV tipo ônibus, micro-ônibus e microbus" apart from those of the "tipo automóvel".
_VEHICLE_TYPES = {
    "micro": r"\bmicro[ -]?onibus\b|\bmicrobus\b|\bminibus\b|\bmicro\b",
    "onibus": r"(?<!micro )(?<!micro-)(?<!micro)\bonibus\b",
    "automovel": r"\bautomove(?:l|is)\b|\bcarros?\b|\bspin\b|\b(?:7|sete) lugares\b",
}
# In the law, only a list of vehicle kinds after "para" or "tipo" is a condition ("para ônibus"), not a
# vehicle named in passing ("transbordo … para outro ônibus").
_VEHICLE_LIST_RE = re.compile(r"\b(?:para|tipo)\s+(?:veiculos?\s+(?:do\s+)?tipo\s+)?((?:(?:micro[ -]?onibus|microbus|minibus|onibus|automovel)(?:,\s*|\s+e\s+|\s+ou\s+)?)+)")


# A bus named as a place ("parada de ônibus", "linha de ônibus") is not the vehicle of the case.
_NOT_THE_VEHICLE_RE = re.compile(r"\b(?:paradas?|pontos?|linhas?|terminal|terminais|estacao|faixa|corredor) de onibus\b")


def vehicle_types(text: str) -> set[str]:
    """The kinds of vehicle a folded text names: "micro-ônibus com 12 anos" → {"micro"}."""
    return {kind for kind, pattern in _VEHICLE_TYPES.items() if re.search(pattern, text)}


def _vehicle_fit(asked: frozenset[str], listed: frozenset[str]) -> bool | None:
    if len(asked) != 1 or not listed:
        return None
    return bool(asked & listed)


class _Conditions(NamedTuple):
    """What a unit's words set as its case, read once per text (asked for every candidate of every message)."""

    ranges: tuple
    vehicles: frozenset[str]  # the kinds of vehicle it lists after "para" / "tipo"
    repeat: bool  # it speaks of a repeat ("reincidência")
    first: bool  # of the first time
    for_repeat: bool  # it is the repeat's own rule ("na reincidência")


@lru_cache(maxsize=16384)
def _conditions(text: str) -> _Conditions:
    folded_t = fold(text.lower())
    return _Conditions(
        ranges=tuple(_ranges(text)),
        vehicles=frozenset(set().union(*(vehicle_types(m.group(1)) for m in _VEHICLE_LIST_RE.finditer(folded_t)))),
        repeat=bool(re.search(r"\breincid", folded_t)),
        first=bool(re.search(r"\bprimeira\b", folded_t)),
        for_repeat=bool(re.search(r"\b(caso de|na|quando de|a partir da (primeira|segunda)) reincid", folded_t)),
    )


def fit(question: str, text: str) -> int:
    """+1 when the text's condition holds for the case the question gives, -1 when it fails, 0 otherwise."""
    verdicts = []
    asked = _asked(question)
    said = _conditions(text)
    for measure, low, low_in, high, high_in in said.ranges:
        for said_measure, number, side in asked.stated:
            if said_measure == measure:
                verdicts.append(_holds(number, side, low, low_in, high, high_in))
    if (vehicle := _vehicle_fit(asked.vehicles, said.vehicles)) is not None:
        verdicts.append(vehicle)
    repeat_q, first_q = asked.repeat, asked.first
    if repeat_q != first_q:  # the question says which time it is
        if said.repeat:
            verdicts.append(repeat_q)
        elif said.first:
            verdicts.append(first_q)
    elif not repeat_q and said.for_repeat:
        verdicts.append(False)  # nothing said of a repeat: the case asked is the first, not the repeat the unit is for
    if any(v is False for v in verdicts):
        return -1
    return 1 if any(v for v in verdicts) else 0


# Who a rule is for, when sibling articles differ by it: Recife art. 33 punishes "o permissionário",
# art. 34 "o condutor auxiliar, o condutor eventual e/ou cobrador".  Only roles that people name as the
# law does and that tell such articles apart ("motorista" and "empresa" are said of everyone).
_ROLES = {
    "cobrador": r"\bcobrador(es)?\b",
    "auxiliar": r"\b(condutor|motorista)e?s? (auxiliar|eventual|reserva)\w*",
    "permissionario": r"\bpermissionari[oa]s?\b",
}


def roles(text: str) -> set[str]:
    folded = fold(text.lower())
    return {role for role, pattern in _ROLES.items() if re.search(pattern, folded)}


def role_fit(question: str, unit) -> int:
    """-1 when the rule is only for others than the person the question names (its article's caput or
    its own words name them), else 0: naming the person asked is no sign of an answer where most rules
    name them (Recife's "permissionário")."""
    asked = _asked(question).roles
    if not asked:
        return 0
    heads = [unit.text] + [a.text for a in unit.ancestors()]
    named = set().union(*(roles(t.split(":")[0]) for t in heads))
    return -1 if named and not asked & named else 0


_ASKED_GROUP_RE = re.compile(r"\bgrupo\s+(\d)\b")
_NAMED_GROUPS_RE = re.compile(r"\bgrupos?\s+(\d(?:(?:\s*,\s*|\s+e\s+|\s+ou\s+)\d)*)\b")


def asked_groups(question: str) -> frozenset[int]:
    """The Recife fine groups a question names ("uma infração do Grupo 3" → {3})."""
    return _asked(question).groups


def group_fit(question: str, unit) -> int:
    """Recife's fines go by group: +1 when the unit is for the group the question names ("uma infração do
    Grupo 1": art. 33, I), -1 for an Anexo Único row of another group, else 0."""
    asked = _asked(question).groups
    if len(asked) != 1:
        return 0
    row_group = next((a.number for a in unit.ancestors() if a.kind == "grupo"), None)
    if row_group is not None:
        return 1 if row_group.isdigit() and int(row_group) in asked else -1
    text = fold(unit.text.lower())
    if re.match(r"grupo \d\b", text):
        return 0  # art. 32: "Grupo 3 - infração de natureza grave" names the group, it says nothing of it
    named = {int(d) for m in _NAMED_GROUPS_RE.finditer(text) for d in re.findall(r"\d", m.group(1))}
    # A rule for other groups may be the answer too ("a apreensão é cabível nas infrações dos Grupos 3 e 4"
    # answers "o Grupo 2 dá apreensão?" with a no): only naming the group asked counts.
    return 1 if named and asked <= named else 0


def states_a_condition(question: str) -> bool:
    """Does the message state the case itself (a number of years, seats…, a kind of vehicle, a first time or a repeat)?"""
    asked = _asked(question)
    return bool(asked.stated or asked.repeat or asked.first or asked.roles or asked.vehicles)


def repeat_fine_among(question: str, articles) -> bool:
    """The question says it happened again, and one of the articles found sets the fine of a repeat
    (PE art. 23, II "multa em dobro … na reincidência"; Acre art. 76): that rule answers "how much
    now?", not the first-time fine of the infraction's row."""
    asked = _asked(question)
    if not asked.repeat or asked.first:
        return False
    return any(re.search(r"\breincid", folded) and re.search(r"\b(multas?|dobro|duplicad[oa])\b", folded)
               for article in articles for u in article.walk() if (folded := fold(u.text.lower())))


def repeat_elsewhere(question: str, text: str, article) -> bool:
    """The question says it happened again, and the unit's article has a unit for that ("duplicado a
    partir da primeira reincidência") while this unit's words set no such condition: the base case, not
    the one asked.  ``article``: the unit's article (its words are read only when the question says so)."""
    asked = _asked(question)
    if not asked.repeat or asked.first or re.search(r"\breincid", fold(text.lower())):
        return False
    return any(re.search(r"\breincid", fold(" ".join((u.text, u.closing)).lower())) for u in article.walk())
