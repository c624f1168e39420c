"""Answering a question about the law: find the unit that holds the answer, say it, quote it.

Each place's law is searched on its own; the search's units are ranked by the kind of
answer asked (kinds.py); the value is said first in plain words (values.py) and then the
unit is quoted with its citation and link, in the wording in force on the date of the
facts when the message gives one.  Without a place, when more than one law answers,
each answers side by side and the place is asked; a place from earlier in the
conversation is used only saying so.
"""

from __future__ import annotations

import math
import re
from datetime import date, timedelta
from functools import lru_cache
from typing import NamedTuple

from ..reader.lexicon import vocabulary
from ..citations import Cite
from ..reader.dates import facts_period
from ..corpus import UnknownUnit, load_law, resolve
from ..history import change_dates, wording_at
from ..places import PLACES
from ..structure import fine_rule, superseded_by, superseding
from ..units import Unit
from .answers import parse_date
from .confidence import confidence_of, threshold
from .ranker import score
from .conditions import REPEAT_WORDS, asked_groups, fit, group_fit, repeat_elsewhere, repeat_fine_among, role_fit, states_a_condition
from .focus import FAMILIES, QUESTION_SENTENCE_RE, coverage, focus_bonus, focus_words, never_said, says
from .kinds import KINDS, applied_to_charter, by_unit, carries, twin_today, defined_group, group_fine, sanction_row, tipo_share, document_list, introduces, people_words, is_list_item, question_kind, references, referring_units, spelled, texts, unit_bonus
from .ports import Hit, Ports, Reply, State, in_place, place_of_law
from .text import fold, normalize
from .understanding import PLACE_ALIASES
from .values import SAID_ELSEWHERE, day_said, plain_value, says_law_fixes_none

# A follow-up that names another step ("e pra pagar …?", "e para recorrer?") and asks nothing itself.
ANOTHER_STEP_RE = re.compile(vocabulary("another_step_re"))
ASKS_RE = re.compile(vocabulary("asks_re"))
# Words that show a message is about passenger transport at all.
DOMAIN_RE = re.compile(vocabulary("domain_re"))
# Words that carry no subject in a Portuguese question: pronouns, articles, prepositions and
# contractions, the forms of ser/estar/ter/haver/ir/ficar, filler adverbs ("o motorista
# ESTAVA …", "FUI pego", "NUMA viagem", "HOJE") and light verbs ("TIRAR o CRC", "COLOCAR propaganda").  Without them the question's focus is what
# it is about.
FUNCTION_WORDS = frozenset(vocabulary("function_words"))
# Words too common in the statutes to show that a passage answers the question.
GENERIC_WORDS = set(vocabulary("generic_words")) | FUNCTION_WORDS
# The statutes' word for what a question names otherwise ("em pé": the law says "sentados").
# Articles read per place (the answering unit may sit in an article the search ranks low).
SEARCH_LIMIT = 15
VALUE_KINDS = ("valor", "prazo", "limite")
# "no início do transporte complementar": the rule of the first period a law sets, not the one that replaced it.
FIRST_PERIOD_RE = re.compile(vocabulary("first_period_re"))
# A place answers beside the best one when its best unit scores at least this share of the best.
SIDE_BY_SIDE_SHARE = 0.5
# …and when the search matched its law at least this share of the best-matched place's law.
WEAK_PLACE_SHARE = 0.4
# A question answered in other words counts when one of a unit's questions is this close (question_match).
ASKED_ELSEWHERE = 0.4
# The share of its article's search score a unit that sanctions that article ("O descumprimento do
# disposto no art. 44 …") takes.
REFERRER_SHARE = 0.6
# Recife's fine of a group: art. 36, "Os valores das multas são calculados através da fórmula Vm = G x Vb".
GROUP_FORMULA = fine_rule("recife", "anexo-unico")  # the law's structure map (knowledge/statutes/estrutura)
# A unit's score is ranker.score of what rank() measures of it: what the search found in it (and in the
# caput it completes), over the best article's; how its own words carry the kind of answer asked
# (kinds.unit_bonus) and hold the value next to what was asked (focus.focus_bonus); the share of what the
# question is about it says (focus.coverage); whether its condition ("com mais de 15 anos", "quando de
# reincidência") holds for the case asked (conditions.fit); whether its annotation says it gives the kind
# of answer asked, and how close the question is to one it answers (knowledge/statutes/perguntas); a value
# that says nothing of what was asked ("leves: R$ 150,00" for a ticket-selling fine) or sits beside other
# words of the question than its main one, a passage that shares no telling word with the question, and
# the article's place in the search's order.  How much each counts is fitted (ranker.py), not set here.


class Candidate(NamedTuple):
    """A unit that may answer: its score, law, the unit, its citation label and the features scored."""

    score: float
    law: str
    unit: Unit
    label: str
    features: dict


KEY_EQUIVALENTS = vocabulary("key_equivalents")
# What people say otherwise than the statutes: the statute's word is added to the question
# (for the search and for the focus).  Not paying is "gratuito"; transport without any
# authorisation is what the laws call "clandestino"; a pet is one of the "animais".
STATUTE_WORDS: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(pattern), word) for pattern, word in vocabulary("statute_words")) + (
    # Doing it again is what the laws call "reincidência" (the words of conditions.REPEAT_WORDS).
    (re.compile(rf"\b({REPEAT_WORDS})(?!\w)"), "reincidencia"),
)


def with_statute_words(text: str, replace: bool = False) -> str:
    """The normalised question with the statutes' words for what it says otherwise (added, or
    in place of the question's words: "não paga" is about "gratuito", not about paying)."""
    if replace:
        for pattern, word in STATUTE_WORDS:
            text = pattern.sub(word, text)
        return text
    extra = [word for pattern, word in STATUTE_WORDS if pattern.search(text) and word not in text.split()]
    return " ".join([text, *extra])


@lru_cache(maxsize=4096)
def _family_member(word: str) -> bool:
    return any(word.startswith(p) for family in FAMILIES for p in family if " " not in p and not p.startswith("~"))


# The towns and names that tell the place ("Rio Branco", "Caruaru", "paulista"): the place, not the
# subject — "Município de Rio Branco" in Acre's definition of a line does not answer a question asked there.
PLACE_NAME_WORDS = frozenset(w for aliases in PLACE_ALIASES.values() for alias in aliases for w in alias.split()
                              if len(w) >= 3 and w not in ("transporte", "complementar"))


def key_words(query: str) -> list[str]:
    """The question's telling words (not the generic ones, not the place's names), the statutes'
    words in place of slang; asked once per hit and per candidate of a message, hence remembered."""
    return list(_key_words(query))


@lru_cache(maxsize=1024)
def _key_words(query: str) -> tuple[str, ...]:
    text = with_statute_words(normalize(query), replace=True)
    key = [w for w in text.split() if len(w) >= 3 and w not in GENERIC_WORDS and w not in PLACE_NAME_WORDS]
    if re.search(r"\bde novo\b", text):
        key.remove("novo")  # "fui pego de novo": once more (conditions.py reads it), not a new vehicle
    if re.search(r"\b(em|de) pe\b", text) and not re.search(r"\b(em|de|no|na) PE\b", query):
        key.append("pe")  # "em pé" / "em pe": standing passengers; "em PE" is Pernambuco
    return tuple(key)


def _prefixes(words) -> frozenset[str]:
    return frozenset(w[:5] for w in words)


@lru_cache(maxsize=1)
def _asked_index() -> tuple[dict[tuple[str, str], tuple[tuple[frozenset[str], float], ...]], dict[str, float]]:
    """Each annotated unit's questions as sets of telling word prefixes (with each set's norm, see
    _cosine), and each prefix's weight (rarer among all the questions, more telling)."""
    from ..corpus import all_laws

    sets = {(law.id, unit_id): tuple(_prefixes(key_words(p)) for p in entry.perguntas)
            for law in all_laws() for unit_id, entry in law.questions.items()}
    counts: dict[str, int] = {}
    for questions in sets.values():
        for words in questions:
            for w in words:
                counts[w] = counts.get(w, 0) + 1
    total = sum(len(questions) for questions in sets.values()) or 1
    weights = {w: math.log(total / n) for w, n in counts.items()}
    return {unit: tuple((words, _norm(words, weights)) for words in questions) for unit, questions in sets.items()}, weights


UNSEEN_WEIGHT = 8.0  # a word no annotated question uses: rarer than any


def _norm(words, weights: dict[str, float]) -> float:
    return math.sqrt(sum(weights.get(w, UNSEEN_WEIGHT) ** 2 for w in words)) or 1.0


def _cosine(words: frozenset[str], norm: float, other: frozenset[str], other_norm: float) -> float:
    squared = _squared_weights()
    return sum(squared.get(w, UNSEEN_SQUARED) for w in words & other) / (norm * other_norm)


UNSEEN_SQUARED = UNSEEN_WEIGHT ** 2


@lru_cache(maxsize=1)
def _squared_weights() -> dict[str, float]:
    """Each prefix's weight squared, as the cosine sums them: squared once, not for every candidate."""
    return {w: weight ** 2 for w, weight in _asked_index()[1].items()}


class QuestionWords:
    """The question's telling words' first letters and their norm, as :func:`question_match` weighs
    them: the same for every candidate unit of one message, so computed once per ranking (issue #32)."""

    __slots__ = ("words", "norm")

    def __init__(self, key: list[str]):
        _asked, weights = _asked_index()
        self.words = _prefixes(key)
        self.norm = _norm(self.words, weights)


def question_match(unit: Unit, key: "list[str] | QuestionWords") -> float:
    """How close the question is to the closest of the questions the unit answers (0–1): the cosine
    of their telling words' first letters, each weighted by how rare it is among all those questions
    ("estepe" tells more than "multa").  The cosine, not the share of the question's words found, so
    that a long question that happens to hold every word says less than a short one that asks the same."""
    questions = _questions_of(unit)
    question = key if isinstance(key, QuestionWords) else QuestionWords(key)
    if not questions or not question.words:
        return 0.0
    return max(_cosine(question.words, question.norm, s, s_norm) for s, s_norm in questions)


@by_unit
def _questions_of(unit: Unit):
    """The unit's questions in :func:`_asked_index` (None for a unit nobody annotated)."""
    twin = twin_today(unit)
    return _asked_index()[0].get((unit.law_id, twin.id)) if twin is not None else None


def asked_in_other_words(key: list[str], unknown: list[str], law_ids: tuple[str, ...]) -> bool:
    """Does a question some unit answers ask about the thing the statutes never name, as this question
    does ("precisa ter estepe e macaco?": the law says "pneu e aro sobressalentes")?  One of those
    questions, in the laws asked about, shares that word and another with it (the question's only telling
    word, when it has one), and is as close as ASKED_ELSEWHERE (the cosine of
    question_match): "o banheiro da rodoviária pode ser pago?" is no answer to a bathroom on the bus."""
    asked, weights = _asked_index()
    words = _prefixes(key)
    norm = _norm(words, weights)
    wanted = _prefixes(unknown)
    return any(_cosine(words, norm, s, s_norm) >= ASKED_ELSEWHERE
               for (law_id, _unit), questions in asked.items() if law_id in law_ids
               for s, s_norm in questions if wanted & s and len(words & s) >= min(2, len(words)))


def answers(query: str, hit: Hit) -> bool:
    """Does the passage share a telling word of the question?  The passage: the units of the article the
    search matched (the inciso that says "embriaguez", not only the caput that introduces it), with the
    caput each completes."""
    key = key_words(query)
    if not key:
        return True
    unit_ids = tuple(dict.fromkeys([hit.unit] + [u for u, _score in hit.units[:6]]))
    words, prefixes, in_order = _hit_passage(hit.law, unit_ids) or _passage_words(re.sub(r"<[^>]+>", " ", hit.snippet))
    key = key + [e for w in key for e in KEY_EQUIVALENTS.get(w, ())]
    # The word itself, its first letters, or a word of its family ("fiscaliza": "órgão gestor").
    return any((w in words) or (len(w) >= 5 and w[:5] in prefixes) or (_family_member(w) and says(in_order, w, weak=False)) for w in key)


@lru_cache(maxsize=4096)
def _hit_passage(law_id: str, unit_ids: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]] | None:
    """:func:`_passage_words` of the units a hit matched (None when none of them exists): the union of
    each unit's words (:func:`unit_passage_words`), so a hit never seen before costs set unions, not the
    folding of its article again (issue #32: a message's first time was ×30 a naive query, most of it here)."""
    words = [w for unit_id in unit_ids if (w := unit_passage_words(law_id, unit_id)) is not None]
    if not words:
        return None
    union = frozenset().union(*words)
    return union, frozenset(w[:5] for w in union if len(w) >= 5), tuple(sorted(union))


@lru_cache(maxsize=None)  # one entry per unit of the four laws (and their earlier wordings): bounded by the corpus
def unit_passage_words(law_id: str, unit_id: str) -> frozenset[str] | None:
    """The words of one unit as a hit's passage reads it: the unit spelled out, the words people use for
    it, the captions above it and its article's headings, normalised (None when the unit does not exist).
    The warm-up (portal/warmup.py) computes them all before a worker takes traffic."""
    try:
        _law, unit = resolve(law_id, unit_id)
    except UnknownUnit:
        return None
    parts = [spelled(unit), people_words(unit)] + [spelled(a, a.text) for a in unit.ancestors()] + unit.article.headings
    return frozenset(normalize(" ".join(parts)).split())


def warm() -> int:
    """Every unit's passage words of the four laws (:func:`unit_passage_words`) and which kinds of answer its
    words carry (kinds.carries), for the warm-up; returns
    how many units were read."""
    count = 0
    for place in PLACES.values():
        for unit in load_law(place.law_id).units():
            unit_passage_words(place.law_id, unit.id)
            for kind in KINDS:  # whether its words hold each kind of answer: asked of every candidate
                carries(kind, texts(unit))
                carries(kind, unit.text)
            count += 1
    return count


@lru_cache(maxsize=4096)
def _passage_words(passage: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    """A passage's words, their first five letters, and the words sorted: the same articles'
    passages come back for every message (issue #32)."""
    words = set(normalize(passage).split())
    return frozenset(words), frozenset(w[:5] for w in words if len(w) >= 5), tuple(sorted(words))


# A paragraph that completes or excepts its article's caput ("a que se refere o caput", "do caput").
CAPUT_RE = re.compile(r"\bcaput\b", re.IGNORECASE)


def quote_unit(unit: Unit, limit: int = 450) -> str:
    """The words of the law that answer: the unit, introduced by the caput it completes."""
    # The caput a list item completes ("são vedadas as seguintes condutas: … VII - …"); a § stands alone.
    lead = [a for a in unit.ancestors() if a.text.rstrip().endswith(":")] if is_list_item(unit) else []
    if not lead and unit.kind == "paragrafo" and CAPUT_RE.search(unit.text) and unit.article is not unit:
        # "A contratação a que se refere o caput não será exigida …": the rule it excepts comes first, or
        # the exception reads as the whole answer ("o seguro é obrigatório?" — "não será exigida").
        lead = [unit.article]
    own = unit.text.split("\n")[0]
    if unit.closing:
        own = f"{own} {unit.closing}".strip()
    if len(own) > limit:
        own = own[:limit].rsplit(" ", 1)[0] + " …"
    parts = [f"{a.marker} {a.text.split(chr(10))[0]}".strip() for a in lead[-1:]]
    if lead and not is_list_item(unit) and parts[0].endswith(":"):
        parts[0] += " (…)"  # the caput's items are not what the paragraph is about
    parts.append(f"{unit.marker} {own}".strip())
    if introduces(unit):
        # "I - no seu interior:" says nothing until its items are read.
        items = " ".join(f"{c.marker} {c.text}".strip() for c in unit.children if c.text and not c.vetoed)
        room = max(0, limit - len(own))
        parts.append(items if len(items) <= room else items[:room].rsplit(" ", 1)[0] + " …")
    return " ".join(p for p in parts if p)


def _narrowed_kind(message: str) -> str | None:
    """Of two questions in one message, the last narrows the first: "posso alugar ônibus? até quanto da
    frota?" asks a limit; "quais documentos? precisa provar garagem?" one paper.  A yes/no after a precise
    question only checks its answer ("quem pode mandar apreender? qualquer fiscal pode?")."""
    questions = QUESTION_SENTENCE_RE.findall(message)
    if len(questions) < 2:
        return None
    first, last = question_kind(normalize(questions[0])), question_kind(normalize(questions[-1]))
    if last == "permissao" and first not in (None, "permissao", "documentos"):
        return None
    return last


@by_unit
def _unit_id(unit: Unit) -> str:
    """The unit's id ("art-3/par-3"), spelled once: it is built from its ancestors' segments each time."""
    return unit.id


@by_unit
def _lineage(unit: Unit) -> tuple[str, ...]:
    """The ids of the units above it whose search match it inherits (not an annex)."""
    return tuple(a.id for a in unit.ancestors() if a.kind != "anexo")


@by_unit
def _label(unit: Unit) -> str:
    """A candidate's citation label ("Lei 16.205/2017 (PE), art. 3º, § 3º"), made once per unit."""
    return load_law(unit.law_id).citation(unit)


def _articles(hits: list[Hit]):
    """The articles of the hits, resolved only as they are read (most questions never read them)."""
    for hit in hits:
        try:
            yield resolve(hit.law, hit.unit)[1].article
        except UnknownUnit:
            continue


def as_of(article: Unit, on: date | None) -> Unit:
    """The article as it stood on the facts' date (``on``, past), or as it stands today.

    Pernambuco's art. 11 said in 2019 that a bus over 10 years old was inspected every six months; today
    its items speak of 15 years.  The conditions and values of a past question are read in the wording
    of its day, and its items are that day's items, not today's under the same numbers."""
    if on is None:
        return article
    version = wording_at(article.law_id, article.id, on)
    if version is None or not version.known or version.unit is None or version.until is None:
        return article
    return version.unit


def _found_then(own: dict[str, float], then: Unit) -> dict[str, float]:
    """What the search found in each unit of an article as it stood on a past day.  The index holds today's
    wording: an old unit gets the score of today's unit that says what it said (kinds.twin_today)."""
    found = {}
    for unit in then.walk():
        twin = twin_today(unit)
        if twin is not None and own.get(twin.id):
            found[unit.id] = own[twin.id]
    return found


def rank(query: str, kind: str | None, hits: list[Hit], top: float | None = None, follow_up: str | None = None,
         on: date | None = None) -> list[Candidate]:
    """(score, law id, unit, citation label) for the units of the articles found, best first; ``on``: the
    facts' date when it is past (each article is read in the wording of that day, :func:`as_of`).

    The search scores every unit it matched; a unit also counts part of the score of
    the caput it completes, and gains when its own words carry the kind of answer
    asked (a number of days, an amount, "vedado" …) — see kinds.unit_bonus.
    """
    top = top or max(h.score for h in hits)
    text = with_statute_words(normalize(query))
    # The case asked: a follow-up that states one ("e se tiver 12 anos?", "e se reincidir?") replaces the
    # case of the question it completes ("com 4 anos", "na primeira apreensão").
    case = normalize(follow_up) if follow_up and states_a_condition(follow_up) else text
    words = tuple(text.split())
    key = key_words(query)
    question = QuestionWords(key)
    focus = focus_words(text, key, kind, query)
    article_scores = {(h.law, h.unit.split("/")[0]): h.score for h in hits}
    repeat_rule = kind == "valor" and repeat_fine_among(case, _articles(hits))
    ranked = []
    for position, hit in enumerate(hits):
        try:
            law, found = resolve(hit.law, hit.unit)
        except UnknownUnit:
            continue
        own = dict(hit.units) or {hit.unit: hit.score}
        telling = answers(query, hit)
        if kind in ("valor", "prazo"):
            # The fine or deadline of what this article forbids may sit in the article that applies it.
            for referrer in referring_units(hit.law, found.article.id):
                if referrer.article is not found.article and carries(kind, referrer.text):
                    features = {"lexical": REFERRER_SHARE * hit.score / top, "kind": unit_bonus(kind, referrer, text),
                                "focus": focus_bonus(kind, referrer, focus, words), "coverage": coverage(referrer, focus), "position": position}
                    ranked.append(Candidate(score(features), hit.law, referrer, _label(referrer), features))
        then = as_of(found.article, on)
        if then is not found.article:
            own = _found_then(own, then)
        for unit in then.walk():
            if unit.vetoed or not (unit.text or unit.closing):
                continue
            # An inciso completes its caput (and inherits its words); a § only relates to it.  A list
            # of documents is answered by the caput that introduces it, not by one of its items.
            # Nor is "who" answered by one of the powers a body's caput lists.
            share = 0.6 if is_list_item(unit) and kind not in ("documentos", "quem") else 0.15
            inherited = max((own.get(a, 0.0) * share for a in _lineage(unit)), default=0.0)
            lexical = own.get(_unit_id(unit), 0.0) + inherited
            if kind == "documentos" and document_list(unit):
                # The list answers as a whole: the caput gets what the search found in any of its items.
                lexical = max([lexical] + [own.get(item.id, 0.0) for item in unit.walk()])
            elif kind == "documentos" and is_list_item(unit) and any(document_list(a) for a in unit.ancestors()):
                continue  # one paper of the list is not the answer; its caput is
            if kind and carries(kind, unit.text):
                # "O descumprimento do disposto no art. 44 sujeitará … à multa": what art. 44 forbids is asked.
                lexical += max((REFERRER_SHARE * article_scores.get((hit.law, f"art-{n}"), 0.0) for n in references(unit)), default=0.0)
            if lexical <= 0:
                continue
            covered = coverage(unit, focus)
            # A value that says nothing of what was asked ("leves: R$ 150,00" for a ticket-selling fine)
            # answers another question; so does one beside other words of the question than its main one.
            says_value = kind in VALUE_KINDS and bool(focus) and carries(kind, unit.text)
            # The unit's condition ("com mais de 15 anos", "na reincidência"), the person it is for and the
            # fine group it is about (Recife).
            role, group = role_fit(case, unit), group_fit(case, unit)
            holds = -1 if role < 0 or group < 0 else (fit(case, texts(unit)) or role or group)
            # A repeat asked, and the law fines repeats in a rule of their own: this unit's fine is the first time's.
            first_time = holds == 0 and repeat_rule and not re.search(r"\breincid", fold(texts(unit).lower()))
            features = {
                "lexical": lexical / top,
                "kind": unit_bonus(kind, unit, text),
                "focus": focus_bonus(kind, unit, focus, words),
                "coverage": covered,
                "condition": holds or (-1.0 if kind in VALUE_KINDS and (first_time or repeat_elsewhere(case, texts(unit), found.article)) else 0.0),
                "condition_fails": 1.0 if holds < 0 or first_time else 0.0,
                "tipo": tipo_share(unit, kind),
                "asked": question_match(unit, question),
                "other_value": 1.0 if says_value and not covered else 0.0,
                "other_act": 1.0 if says_value and covered and not coverage(unit, focus[:1]) else 0.0,
                "untelling": 0.0 if telling else 1.0,
                # "não pagar ao passageiro alimentação, pousada …" (a row of a fine table) restates the duty
                # (AC art. 32, § 1º) to fine its breach: it answers what the breach costs, not what is due.
                "sanction_row": 1.0 if kind not in ("valor", None) and sanction_row(unit) else 0.0,
                "position": position,
            }
            ranked.append(Candidate(score(features), hit.law, unit, _label(unit), features))
            if kind == "valor" and group_fine(unit) and defined_group(unit) in asked_groups(case) \
                    and (formula := law.by_id.get(GROUP_FORMULA)) is not None:
                # "quanto é a multa do Grupo 3?": Recife art. 32 names the group, art. 36 computes its fine
                # (Vm = G × Vb): the formula is the unit that gives the amount, just ahead of the group.
                ranked.append(Candidate(score(features) + 0.01, hit.law, formula, _label(formula), features))
    ranked.sort(key=lambda r: -r[0])
    return ranked if on is not None or FIRST_PERIOD_RE.search(text) else _after_first_periods(ranked)


def _after_first_periods(ranked: list[Candidate]) -> list[Candidate]:
    """Today's answer from the rule that replaced one which held for a first period only (Recife: art. 16, II, "durante
    os primeiros 03 (três) anos", gives way to art. 17, II): the candidate becomes its successor, at its score."""
    out, seen = [], set()
    for candidate in ranked:
        successor = superseded_by(candidate.law, candidate.unit.id)
        if successor is not None:
            _law, unit = resolve(candidate.law, successor)
            candidate = candidate._replace(unit=unit, label=_label(unit))
        if (candidate.law, candidate.unit.id) not in seen:
            seen.add((candidate.law, candidate.unit.id))
            out.append(candidate)
    return out


def _leaves_it_elsewhere(kind, best: Candidate, on: date, focus, query: str) -> bool:
    """The best unit says the law leaves the value to another act ("prazos … estabelecidos na
    regulamentação"): saying so states no number, so doubt about it is no reason to keep it back."""
    value = plain_value(kind, best.unit, best.law, on, focus, normalize(query)) if kind in SAID_ELSEWHERE else None
    return value is not None and value.text == SAID_ELSEWHERE[kind]


class LawAnswers:
    """Answers one question about the law, with the ports and the translation of the assistant."""

    def __init__(self, ports: Ports, translate):
        self.ports = ports
        self._ = translate  # (text, **params) -> the text in the interface language
        self.locale: str | None = None  # the reply's locale, for amounts and dates (Assistant.respond sets it)

    def _cite(self, law_id: str, unit_id: str, on: date) -> Cite:
        """A citation; to the wording in force on the facts' date when that date is past."""
        return Cite(law_id, unit_id, on=on) if on < self.ports.today() else Cite(law_id, unit_id)

    def _where(self, jurisdiction: str | None) -> str:
        """ "No Acre" for a place asked about, "Nas leis que conheço" without one (starts a sentence)."""
        return in_place(self._, jurisdiction) if jurisdiction else self._("Nas leis que conheço")

    def _link(self, law_id: str, unit_id: str, label: str, on: date) -> dict:
        """A link to the unit, in the wording of the facts' date when that date is past (as the citation)."""
        return {"tipo": "lei", "url": self.ports.unit_url(law_id, unit_id, on if on < self.ports.today() else None), "rotulo": label}

    def place_question(self, text: str) -> dict:
        return {"id": "jurisdicao", "texto": text, "opcoes": [{"valor": j, "rotulo": p.name} for j, p in PLACES.items()]}

    def value_line(self, kind: str | None, law_id: str, unit: Unit, on: date, focus: list[str] = (), asked: str = "") -> str:
        value = plain_value(kind, unit, law_id, on, focus, asked)
        if not value:
            return ""
        line = value.said(self._, self.locale)
        if value.basis:  # computed in reais: how, and what the law leaves out
            line += " (" + "; ".join([value.how(self._, self.locale)] + ([self._(value.missing)] if value.missing else [])) + ")"
        elif value.missing:
            line += " (" + self._("o valor em reais não sai da lei: %(falta)s", falta=self._(value.missing)) + ")"
        return line

    def answer(self, query: str, jurisdiction: str | None, state: State, *, intent: str, asked: bool, carried: bool = False,
               follow_up: str | None = None, facts_day: date | None = None) -> Reply | None:
        """The reply, or None when the message is not about passenger transport at all.  ``follow_up``:
        the message that completes the question before it ("e se foi pra socorrer um ônibus quebrado?"),
        ``query`` being both (the follow-up first); what it asks ("e quem julga?") wins over what the first asked.
        ``facts_day``: the day of the facts, when already known (the second wording of a period, below)."""
        text = normalize(query)
        if not DOMAIN_RE.search(text):
            return None
        # The search link searches what this message asks: a follow-up that asks a question of its own
        # ("e quem fiscaliza?") is searched alone, not glued to the question before it.
        searched = follow_up if follow_up and question_kind(normalize(follow_up)) else query
        busca = {"tipo": "busca", "url": self.ports.search_url(searched, jurisdiction), "rotulo": self._("Ver mais resultados na busca")}
        # What a follow-up asks wins ("e quem julga?"), unless it only names another step of the same
        # thing ("e pra pagar a multa?" after "quanto tempo pra me defender?": still how long).
        another_step = follow_up and ANOTHER_STEP_RE.search(normalize(follow_up)) and not ASKS_RE.search(normalize(follow_up))
        kind = (question_kind(normalize(follow_up)) if follow_up and not another_step else None) or _narrowed_kind(follow_up or query) or question_kind(text)
        focus = focus_words(with_statute_words(text), key_words(query), kind, query)
        today = self.ports.today()
        facts_on = parse_date(text, today) if facts_day is None else facts_day.isoformat()
        on = date.fromisoformat(facts_on) if facts_on and facts_on < today.isoformat() else today
        period = None
        if not facts_on and (period := facts_period(query, today)) is not None and period.end < today:
            # "em 2019", "no carnaval de 2020", "ano passado": the wording of the period's first day — or, when
            # the place's law began inside the period ("em 2018": Pernambuco's law is in force from 22/02/2018),
            # of its first day in force, not a day before the law.
            on = period.start
            if jurisdiction and period.start < PLACES[jurisdiction].in_force <= period.end:
                on = PLACES[jurisdiction].in_force
        if kind in ("permissao", None) and (unknown := never_said(text, GENERIC_WORDS)) and not asked_in_other_words(
                key_words(query), unknown, tuple(PLACES[j].law_id for j in ([jurisdiction] if jurisdiction else PLACES))):
            # "É obrigado a ter banheiro?": the thing asked about is a word the laws never use; they
            # have no rule on it, and quoting the nearest rule would answer another question.
            where = self._where(jurisdiction)
            return Reply(self._("%(onde)s não há regra sobre isso: nenhum dispositivo fala de “%(assunto)s”. A lei não obriga nem proíbe; se algo aconteceu numa viagem, você pode fazer uma denúncia, e a busca mostra o que as leis dizem de perto.",
                                onde=where, assunto=" ".join(unknown)), intent,
                         acoes=[{"tipo": "denuncia", "url": self.ports.denuncia_url(jurisdicao=jurisdiction), "rotulo": self._("Fazer uma denúncia")}, busca])
        # Each place's law is searched on its own, so that every place that answers is seen.
        places = [jurisdiction] if jurisdiction else list(PLACES)
        wanted = with_statute_words(text)  # slang expanded ("qnto" → "quanto"), the statutes' words added
        found = {j: self.ports.search(wanted, j, SEARCH_LIMIT) for j in places}
        found = {j: hits for j, hits in found.items() if hits and hits[0].score >= 2.0 and any(answers(query, h) for h in hits[:5])}
        if not found:
            return Reply(self._("Não encontrei nas leis que conheço um trecho que responda a isso. Tente dizer de outro jeito, ou veja a busca."), intent, acoes=[busca])
        # Each place's units are scored against that place's best article: a law that words the
        # answer in fewer matching words is not pushed out of a side-by-side answer.
        ranked = sorted((entry for hits in found.values() for entry in rank(query, kind, hits, hits[0].score, follow_up,
                                                                                       on if on < today else None)), key=lambda r: -r[0])
        if not ranked or ranked[0][0] < 0.3:
            where = self._where(jurisdiction)
            return Reply(self._("%(onde)s não encontrei um trecho que trate especificamente disso. Veja a busca, ou pergunte de outro jeito.", onde=where), intent, acoes=[busca])
        if not asked and not carried:
            # No place named: when another place's law answers too, answer each side by side and ask.
            per_place: dict[str, tuple] = {}
            strongest = max(hits[0].score for hits in found.values())
            for entry in ranked:
                j = place_of_law(entry[1])
                if j in per_place or entry[0] < ranked[0][0] * SIDE_BY_SIDE_SHARE:
                    continue
                # A place whose law the search barely matched, or whose best unit says nothing of what
                # was asked, has no answer to put beside the others (its best unit only looks good
                # against its own weak matches).
                if found[j][0].score >= strongest * WEAK_PLACE_SHARE and (not focus or coverage(entry[2], focus) > 0):
                    per_place[j] = entry
            if len(per_place) > 1:
                sure = {j: confidence_of(kind, ranked, entry.law, found[j][0].score, no_place=True, query=query) for j, entry in per_place.items()}
                if max(sure.values()) >= threshold(line=True):
                    return self._side_by_side(query, kind, focus, per_place, sure, state, intent, busca, on)
                return self._not_sure(query, None, ranked[0], max(sure.values()), state, intent, busca, on)
        best = ranked[0]
        sure = confidence_of(kind, ranked, best.law, found[place_of_law(best.law)][0].score, no_place=not asked and not carried,
                             query=query)
        if sure < threshold() and not _leaves_it_elsewhere(kind, best, on, focus, query):
            return self._not_sure(query, jurisdiction, best, sure, state, intent, busca, on)
        reply = self._one_place(query, kind, focus, ranked, state, intent, busca, on, asked=asked, carried=carried)
        reply.confianca = round(sure, 3)
        if period is not None and not period.exact and reply.citations:
            # "em novembro de 2020": Pernambuco's law changed on 13/11/2020, inside the period — the answer of
            # the period's first day is not the answer of all of it (#26: give both wordings, or ask).
            changed = [d for d in change_dates(reply.citations[0].law) if on < d <= period.end]
            if changed:
                later = self.answer(query, jurisdiction, state, intent=intent, asked=asked, carried=carried,
                                    follow_up=follow_up, facts_day=changed[0])
                if later is not None and later.citations and _answer_changed(reply, later):
                    return self._both_wordings(reply, later, changed[0], period)
        return reply

    def _first_period(self, law_id: str, unit: Unit, on: date) -> tuple[Unit, Cite, dict] | None:
        """For today's answer from a rule that replaced one of a first period only (Recife, art. 17 after art. 16's
        first three years): that earlier unit, its citation and link; None otherwise."""
        first = superseding(law_id, unit.id) if on >= self.ports.today() else None
        if first is None:
            return None
        _law, before = resolve(law_id, first)
        return before, self._cite(law_id, first, on), self._link(law_id, first, _label(before), on)

    def _applying(self, law_id: str, unit: Unit, on: date) -> list[tuple[Cite, dict]]:
        """The citation and link of each unit that applies ``unit``'s article to charter service (kinds.applied_to_charter),
        when it exists on the facts' day: a rule of Acre's art. 85 (on taxis) is charter law through art. 86."""
        found = []
        for other in applied_to_charter(law_id, unit.article.id) if unit.article is not None else ():
            if on < self.ports.today() and wording_at(law_id, other.id, on) is None:
                continue
            found.append((self._cite(law_id, other.id, on), self._link(law_id, other.id, _label(other), on)))
        return found

    def _both_wordings(self, before: Reply, after: Reply, changed: date, period) -> Reply:
        """The answer of a period the law changed inside: each wording's answer under the days it held."""
        place = place_of_law(before.citations[0].law)
        text = "\n".join([
            self._("%(lugar)s a lei mudou dentro do período dos fatos (%(periodo)s): uma nova redação vale desde %(data)s. A resposta depende do dia:",
                   lugar=in_place(self._, place), periodo=period.words, data=day_said(changed, self.locale)),
            "• " + self._("Até %(data)s:", data=day_said(changed - timedelta(days=1), self.locale)) + " " + before.texto,
            "• " + self._("A partir de %(data)s:", data=day_said(changed, self.locale)) + " " + after.texto,
            self._("Se souber o dia dos fatos, diga-o para ver só a regra daquele dia."),
        ])
        citations = before.citations + [c for c in after.citations if c not in before.citations]
        links = {a.get("url") for a in before.acoes}
        acoes = before.acoes + [a for a in after.acoes if a.get("url") not in links]
        sure = [c for c in (before.confianca, after.confianca) if c is not None]
        return Reply(text, before.intencao, citations=citations, acoes=acoes, pergunta=after.pergunta or before.pergunta,
                     confianca=min(sure) if sure else None, lei_nao_fixa=before.lei_nao_fixa or after.lei_nao_fixa)

    def _not_sure(self, query, jurisdiction, nearest, sure, state, intent, busca, on) -> Reply:
        """The law may not answer this: say so, state no number, and show where to look.

        The nearest unit is offered as a link to read, not as a citation: it is what the ranker found
        closest, and the confidence model (confidence.py) judged it unlikely to be the answer."""
        where = self._where(jurisdiction)
        text = self._("%(onde)s não encontrei um dispositivo que responda a isso com segurança: a lei pode não tratar do assunto, "
                      "ou deixá-lo a um regulamento. Para não arriscar um número ou uma regra errada, não cito um artigo como resposta. "
                      "O trecho mais próximo que achei foi %(trecho)s, que pode tratar de outra coisa: confira lendo-o, veja a busca, "
                      "ou, se algo aconteceu numa viagem, faça uma denúncia.", onde=where, trecho=nearest.label)
        acoes = [self._link(nearest.law, nearest.unit.id, self._("Trecho mais próximo: %(trecho)s", trecho=nearest.label), on),
                 busca, {"tipo": "denuncia", "url": self.ports.denuncia_url(jurisdicao=jurisdiction), "rotulo": self._("Fazer uma denúncia")}]
        pergunta = None
        if jurisdiction is None:
            state.pending_query = query
            pergunta = self.place_question(self._("De onde é a sua dúvida? Escolha o lugar para eu procurar só na lei dele."))
            text += " " + pergunta["texto"]
        return Reply(text, intent, acoes=acoes, pergunta=pergunta, confianca=round(sure, 3))

    def _side_by_side(self, query, kind, focus, per_place, sure, state, intent, busca, on) -> Reply:
        """Each place's answer on a line; a place whose best unit the confidence model doubts says so
        instead of stating it (``sure``: each place's confidence)."""
        state.pending_query = query
        lines = [self._("A resposta muda conforme o lugar:")]
        citations, acoes = [], []
        for j, (_score, law_id, unit, label, _features) in per_place.items():
            if sure[j] < threshold(line=True):
                lines.append(f"• {in_place(self._, j)}: " + self._("não encontrei com segurança um dispositivo que responda a isso."))
                continue
            value = self.value_line(kind, law_id, unit, on, focus, normalize(query)) or quote_unit(unit, limit=160)
            applying = self._applying(law_id, unit, on)
            where = label + "".join("; " + self._("aplicado ao fretamento por %(citacao)s", citacao=a["rotulo"]) for _c, a in applying)
            line = f"• {in_place(self._, j)}: {value} ({where})"
            first = self._first_period(law_id, unit, on)
            if first is not None:  # Recife, art. 17 after art. 16's first three years: what held before, too
                before, _c, link = first
                said = self.value_line(kind, law_id, before, on, focus, normalize(query)) or quote_unit(before, limit=160)
                line += " " + self._("No período inicial que a lei fixa: %(valor)s (%(citacao)s).", valor=said, citacao=link["rotulo"])
            lines.append(line)
            citations.append(self._cite(law_id, unit.id, on))
            acoes.append(self._link(law_id, unit.id, label, on))
            if first is not None:
                citations.append(first[1])
                acoes.append(first[2])
            for cite, link in applying:
                citations.append(cite)
                acoes.append(link)
        pergunta = self.place_question(self._("De onde é a sua dúvida? Escolha o lugar para ver o trecho da lei."))
        lines.append(pergunta["texto"])
        return Reply("\n".join(lines), intent, citations=citations, acoes=acoes + [busca], pergunta=pergunta,
                     confianca=round(min(v for v in sure.values() if v >= threshold(line=True)), 3))

    def _dated(self, kind, law_id: str, unit: Unit, on: date, focus: list[str] = (), asked: str = "") -> tuple[Unit, str, str] | None:
        """(unit in that day's wording, value, what to say) when the facts' date had another wording."""
        when = day_said(on, self.locale)
        version = wording_at(law_id, unit.id, on)
        if version is None:
            return unit, self.value_line(kind, law_id, unit, on, focus, asked), self._("Na data dos fatos (%(data)s) este dispositivo ainda não existia.", data=when)
        if version.known and not version.current and version.unit is not None:
            return version.unit, self.value_line(kind, law_id, version.unit, on, focus, asked), self._(
                "Na data dos fatos (%(data)s) valia a redação anterior, trocada por %(ato)s.", data=when, ato=version.replaced_by or "?")
        source = getattr(plain_value(kind, unit, law_id, on), "source", None)
        fine = wording_at(law_id, source.id, on) if source is not None else None
        if fine is not None and fine.known and not fine.current and fine.unit is not None:
            # Pernambuco's annex names the infraction; the fine of its gravity on that day is in art. 28.
            return unit, self.value_line(kind, law_id, fine.unit, on), self._(
                "Na data dos fatos (%(data)s) valia a redação anterior, trocada por %(ato)s.", data=when, ato=fine.replaced_by or "?")
        return None

    def _one_place(self, query, kind, focus, ranked, state, intent, busca, on, *, asked: bool, carried: bool) -> Reply:
        best_score, law_id, unit, label, _features = ranked[0]
        place = place_of_law(law_id)
        quoted, value, dated = unit, self.value_line(kind, law_id, unit, on, focus, normalize(query)), ""
        if on < self.ports.today() and (then := self._dated(kind, law_id, unit, on, focus, normalize(query))) is not None:
            quoted, value, dated = then
        place_name = in_place(self._, place)
        if carried:
            place_name = self._("%(lugar)s (o lugar da conversa)", lugar=place_name)
        head = f"{place_name}: {value}." if value else ""
        # The place is said once: in the head when there is a value ("Em Pernambuco: R$ 900,00."), else here.
        said = self._("%(citacao)s diz:", citacao=label) if value else self._("%(lugar)s, %(citacao)s diz:", lugar=place_name, citacao=label)
        text_out = " ".join(p for p in (head, dated, said) if p) + f" “{quote_unit(quoted)}”"
        citations = [self._cite(law_id, unit.id, on)]
        acoes = [self._link(law_id, unit.id, label, on)]
        source = getattr(plain_value(kind, unit, law_id, on), "source", None)
        if source is not None:  # the fine of Pernambuco's Anexo I gravity, in art. 28
            citations.append(self._cite(law_id, source.id, on))
            acoes.append(self._link(law_id, source.id, resolve(law_id, source.id)[0].citation(source), on))
        apart = []  # links said in the text already, not again under "Veja também"
        if (first := self._first_period(law_id, unit, on)) is not None:
            # Recife, art. 17, II replaced art. 16, II after the first three years: today's rule, and what held before.
            before, cite, link = first
            text_out += " " + self._("No período inicial que a lei fixa, valia %(citacao)s: “%(texto)s”", citacao=link["rotulo"], texto=quote_unit(before))
            citations.append(cite)
            acoes.append(link)
            apart.append(link)
        applying = self._applying(law_id, unit, on)
        for cite, link in applying:  # Acre, art. 86: the rule quoted, applied to charter service
            citations.append(cite)
            acoes.append(link)
        if applying:
            text_out += " " + self._("A regra vale para o fretamento por força de %(citacao)s.", citacao="; ".join(a["rotulo"] for _c, a in applying))
        for other_score, other_law, other, other_label, _other_features in ranked[1:]:
            if len(citations) >= 3 or other_score < best_score * 0.6:
                break
            if other_law == law_id and other.article is unit.article:
                continue
            if any(c.law == other_law and c.unit.split("/")[0] == other.id.split("/")[0] for c in citations):
                continue
            citations.append(self._cite(other_law, other.id, on))
            acoes.append(self._link(other_law, other.id, other_label, on))
        apart += [link for _c, link in applying]
        others = [a["rotulo"] for a in acoes[1:] if all(a is not link for link in apart)]
        if others:
            text_out += " " + self._("Veja também: %(outros)s.", outros="; ".join(others))
        acoes.append(busca)
        pergunta = None
        if carried:
            state.pending_query = query
            pergunta = self.place_question(self._("Lugar considerado: %(lugar)s, o de que falamos antes. É de outro lugar?", lugar=PLACES[place].name))
            text_out += " " + pergunta["texto"]
        elif not asked:
            state.pending_query = query
            pergunta = self.place_question(self._("Lugar considerado: %(lugar)s, a única lei em que achei a resposta. Se a sua dúvida é de outro lugar, escolha:", lugar=PLACES[place].name))
            text_out += " " + pergunta["texto"]
        fixes_none = bool(value) and says_law_fixes_none(plain_value(kind, quoted, law_id, on, focus, normalize(query)))
        return Reply(text_out, intent, citations=citations, acoes=acoes, pergunta=pergunta, lei_nao_fixa=fixes_none)


def _answer_changed(before: Reply, after: Reply) -> bool:
    """Whether a later day's answer says something else: another unit cited, or another text once the
    dates in it are set aside."""
    def dateless(text: str) -> str:
        return re.sub(r"\d{1,2}/\d{1,2}/\d{4}", "", text)

    return [(c.law, c.unit) for c in before.citations] != [(c.law, c.unit) for c in after.citations] or dateless(before.texto) != dateless(after.texto)

