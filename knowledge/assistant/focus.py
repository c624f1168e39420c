"""What the question is about ("prazo para RECORRER", "multa por transporte CLANDESTINO").

A unit that carries the kind of value asked may carry it for another act ("30 dias
para pagamento" when the appeal is asked): :func:`focus_bonus` rewards the value that
sits next to the question's focus word (or a word of its family) and penalises one next
to another act.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple
from functools import lru_cache

from ..reader.lexicon import vocabulary
from ..units import Unit
from .kinds import (ALLOWED_RE, BRL_RE, MULTIPLIER_RE, COUNT_RE, DEADLINE_RE, FORBIDDEN_RE, MANDATORY_RE, MVR_RE, PERCENT_RE, SEATS_RE, UFIRAC_RE,
                    VB_RE, WHO_RE, YEARS_RE, fine_elsewhere, gravity_fine, introduces, is_list_item, people_words, references, spelled, texts, SAME_ARTICLE_RE, by_unit)
from .text import fold, normalize

# Words the statutes use for the same act as the question's word (matched by their first letters).
FAMILIES: tuple[tuple[str, ...], ...] = vocabulary("families")
KIND_WORDS = vocabulary("kind_words")


# Short words whose meaning the statutes say otherwise ("em pé": "sentados", "lotação").
STEM = 4
EXACT_FAMILIES = vocabulary("exact_families")


@lru_cache(maxsize=8192)
def _stems_of(word: str) -> tuple[str, ...]:
    """The word's family (FAMILIES), else its first letters.  Asked hundreds of thousands of times a
    message for the same few hundred words, hence the cache (issue #32)."""
    if word in EXACT_FAMILIES:
        return EXACT_FAMILIES[word]
    for family in FAMILIES:
        if any(word.startswith(p) for p in family if not p.startswith("~")):
            return family
    return (word[:STEM] if len(word) > STEM else word,)  # "vende" / "vendas", "regula" / "regulatório"


@lru_cache(maxsize=16384)
def _folded(text: str) -> str:
    """The text lowercased without accents; a unit's words are folded for every candidate of every
    message, so the fold is remembered by content (issue #32)."""
    return fold(text.lower())


def focus_words(text: str, key_words: list[str], kind: str | None, message: str = "") -> list[str]:
    """The question's telling words without the words of its kind, in order (the first is the focus).
    ``message``: the words as typed, whose sentence ending in "?" is the one that asks."""
    all_words = text.split()
    skip = KIND_WORDS.get(kind or "", ())
    words = [w for w in key_words if w not in skip]
    # "quantos cobradores", "quantas pessoas": the thing counted is what the question is about.
    counted = [b for a, b in zip(all_words, all_words[1:]) if a in ("quantos", "quantas") and b in words]
    acts = [w for w in words if w not in counted and any(w.startswith(p) for f in FAMILIES for p in f if " " not in p and not p.startswith("~"))]
    # "A CDTC não aceitou minha defesa. Em quantos dias me comunicam o julgamento?": the act of the
    # sentence that asks comes before the acts the story tells.
    asking = set(normalize(" ".join(QUESTION_SENTENCE_RE.findall(message))).split())
    if asking:
        acts.sort(key=lambda w: w not in asking)
    return counted + acts + [w for w in words if w not in counted and w not in acts]


# The questions of a message, each up to its question mark.
QUESTION_SENTENCE_RE = re.compile(r"[^.!?;\n]*\?")


def says(text_words: list[str] | tuple[str, ...], word: str, weak: bool = True) -> bool:
    """Does the text use the word, or a word of its family (a "~" member only when ``weak``)?"""
    if len(text_words) == 1:
        return _word_says(text_words[0], word, weak)
    joined = " " + " ".join(text_words)
    return any(needle in joined for needle in _needles(word, weak))


@lru_cache(maxsize=16384)
def _needles(word: str, weak: bool) -> tuple[str, ...]:
    """What :func:`says` looks for: " " + each stem of the word's family ("~" members only when weak)."""
    return tuple(f" {s.lstrip('~')}" for s in _stems_of(word) if weak or not s.startswith("~"))


@lru_cache(maxsize=65536)
def _families_of(text_word: str) -> frozenset[int]:
    """The FAMILIES (by index) a word of the law belongs to: one of its strong members said by it."""
    return frozenset(i for i, f in enumerate(FAMILIES) if any(_word_says(text_word, p, True) for p in f if not p.startswith("~")))


@lru_cache(maxsize=65536)
def _word_says(text_word: str, word: str, weak: bool) -> bool:
    """:func:`says` of a one-word text: asked for every word before every value of every candidate."""
    joined = " " + text_word
    return any(needle in joined for needle in _needles(word, weak))


@lru_cache(maxsize=8)
def _value_pattern(kind: str) -> re.Pattern:
    return {
        "prazo": DEADLINE_RE,
        "valor": re.compile(f"{BRL_RE.pattern}|{UFIRAC_RE.pattern}|{MVR_RE.pattern}|{VB_RE.pattern}|{MULTIPLIER_RE.pattern}", re.I),
        "limite": re.compile(f"{YEARS_RE.pattern}|{SEATS_RE.pattern}|{COUNT_RE.pattern}|{PERCENT_RE.pattern}", re.I),
    }[kind]


def _before(text: str, match: re.Match) -> list[str]:
    """The words before a value: the last 14, or its whole clause when longer (up to 24): "cabe recurso ao
    Conselho de Revisão Administrativa - CRA da Secretaria de Assuntos Jurídicos, no prazo de até 15 dias"."""
    words = _folded(text[: match.start()]).split()
    start = max(text.rfind(mark, 0, match.start()) for mark in ".;:")
    clause = _folded(text[start + 1: match.start()]).split()
    return clause[-24:] if len(clause) > 14 else words[-14:]


_BODIES_RE = re.compile(vocabulary("bodies_re"))


def focus_bonus(kind: str | None, unit: Unit, focus: list[str], focus_all: tuple[str, ...] = ()) -> float:
    """The value sits next to what was asked ("o recurso deverá ser interposto no prazo de 15 dias").

    A value next to another act ("30 dias para pagamento", "comunicado do julgamento no
    prazo de 15 dias") answers another question and loses.
    """
    if kind == "permissao" and focus:
        for near in _rule_windows(unit):
            if any(_says_joined(near, w) for w in focus):
                return 0.35  # "não será permitido o transporte de passageiros em pé"
        if _under_prohibition(unit) and any(_says_text(texts(unit), w) for w in focus):
            return 0.35  # "são vedadas as seguintes condutas: … VII - condução de passageiros em pé"
        return 0.0
    if kind == "quem":
        own = fold(texts(unit).lower())
        named = _BODIES_RE.search(own)
        appeal = next((w for w in focus if says(["recurso"], w)), None)
        if appeal and set(_BODIES_RE.findall(own)) & set(focus_all) and not says(own.split(), appeal):
            # "a CDTC negou, recorro pra quem?": a rule on the body whose decision is appealed, that says
            # nothing of the appeal, names another body than the one asked (like a value next to another act).
            return -0.2
        if not WHO_RE.search(texts(unit)):
            return 0.2 if named else 0.0
        # The main act asked ("recorrer" in "se a CDTC negar, recorro pra quem?") tells the body that
        # answers; another word of the question (the CDTC that decided first) tells less.
        words = own.split()
        about = 0.25 if focus and says(words, focus[0]) else 0.1 if any(says(words, w) for w in focus[1:]) else 0.0
        return (0.2 if named else 0.0) + about
    if kind == "limite" and re.search(r"\bidade\b|\banos de (uso|fabricacao)\b|\bvelh|\bantig", " ".join(focus_all)):
        # An age: a number of years next to "idade" / "fabricação" / "uso".
        own = texts(unit)
        match = YEARS_RE.search(own)
        if match and re.search(r"idade|fabrica[çc][ãa]o|de uso|vida [úu]til", own, re.I):
            return 0.35
        return -0.2
    if kind == "prazo" and re.search(r"\bantecedencia\b|\bantes\b", " ".join(focus_all)):
        # "com quanto tempo de antecedência": the deadline counted before an event.
        before = re.search(r"\bantes\b|\banteced[êe]ncia\b|\banteriores\b", texts(unit), re.I)
        if not focus:
            return 0.3 if before else 0.0
        if before:
            return 0.3 + max(0.0, _plain_focus_bonus(kind, unit, focus))
    if kind not in ("prazo", "valor", "limite") or not focus:
        return 0.0
    return _plain_focus_bonus(kind, unit, focus)


def _plain_focus_bonus(kind: str, unit: Unit, focus: list[str]) -> float:
    own = texts(unit)
    holder = _value_holder(kind, unit)
    if holder is None:
        if kind == "valor" and fine_elsewhere(unit) and _says_text(own, focus[0]):
            return 0.35  # an annex names the infraction; another article its fine (PE art. 28, Recife art. 36)
        return 0.0
    # A unit may set several values ("remetida … no prazo de 60 dias, para que apresente defesa no
    # prazo de 15 dias"): the one next to what was asked counts.
    return max(_value_bonus(kind, unit, holder, value, focus) for value in _values_in(kind, texts(holder)))


def _value_holder(kind: str, unit: Unit) -> Unit | None:
    """The unit whose words hold the value of that kind: the unit itself, or the caput it completes
    (or the article whose closing "Pena: multa de …" prices it); None when neither holds one."""
    held = _holders(unit)
    if kind not in held:
        pattern = _value_pattern(kind)
        held[kind] = unit if pattern.search(texts(unit)) else next(
            (a for a in reversed(unit.ancestors()) if (introduces(a) or a.closing) and pattern.search(texts(a))), None)
    return held[kind]


@by_unit
def _holders(unit: Unit) -> dict:
    """Each kind's :func:`_value_holder` of the unit, filled as the kinds are asked."""
    return {}


@by_unit
def _rule_windows(unit: Unit) -> tuple[str, ...]:
    """The words around the unit's first "vedado", "permitido" and "obrigatório" (120 characters each
    side), folded and joined as :func:`says` joins them: a permission asked is answered next to one."""
    own = texts(unit)
    windows = []
    for match in (FORBIDDEN_RE.search(own), ALLOWED_RE.search(own), MANDATORY_RE.search(own)):
        if match:
            windows.append(" " + " ".join(fold(own[max(0, match.start() - 120): match.end() + 120].lower()).split()))
    return tuple(windows)


@by_unit
def _under_prohibition(unit: Unit) -> bool:
    """An item of a list a caput forbids ("são vedadas as seguintes condutas: …")."""
    return is_list_item(unit) and any(FORBIDDEN_RE.search(a.text) for a in unit.ancestors() if introduces(a))


class _Value(NamedTuple):
    """A value a text sets, with the words around it that tell what it is the value of."""

    before: tuple[str, ...]  # the words before it (_before)
    before_families: tuple[frozenset[int], ...]  # the FAMILIES each of those words belongs to
    near: str  # those words and the four after it, joined as says() joins them
    close_families: frozenset[int]  # the FAMILIES one of whose strong members the last eight before and four after say


@lru_cache(maxsize=16384)
def _values_in(kind: str, text: str) -> tuple[_Value, ...]:
    """Every value of that kind the text sets and what surrounds it: the same for every message."""
    found = []
    for match in _value_pattern(kind).finditer(text):
        before = tuple(_before(text, match))
        after = tuple(fold(text[match.end():].lower()).split()[:4])
        close = list(before[-8:] + after)
        found.append(_Value(
            before=before,
            before_families=tuple(_families_of(w) for w in before),
            near=" " + " ".join(before + after),
            close_families=frozenset(i for i, f in enumerate(FAMILIES) if any(says(close, p) for p in f if not p.startswith("~"))),
        ))
    return tuple(found)


@lru_cache(maxsize=4096)
def _other_families(family: tuple[str, ...]) -> frozenset[int]:
    return frozenset(i for i, f in enumerate(FAMILIES) if f != family)


@lru_cache(maxsize=16384)
def _joined_words(text: str) -> str:
    """A text's folded words joined as :func:`says` joins them."""
    return " " + " ".join(_folded(text).split())


def _says_text(text: str, word: str, weak: bool = True) -> bool:
    """:func:`says` of a text's folded words (``says(fold(text.lower()).split(), word)``), the words remembered."""
    joined = _joined_words(text)
    return any(needle in joined for needle in _needles(word, weak))


def _says_joined(joined: str, word: str, weak: bool = True) -> bool:
    return any(needle in joined for needle in _needles(word, weak))


def _value_bonus(kind: str, unit: Unit, holder: Unit, value: _Value, focus: list[str]) -> float:
    focus_family = _stems_of(focus[0])
    own = texts(unit)
    others = _other_families(focus_family)
    closest_other = max((i for i, families in enumerate(value.before_families) if families & others), default=-1)
    last_focus = max((i for i, w in enumerate(value.before) if _word_says(w, focus[0], True)), default=-1)
    if closest_other > last_focus >= 0:
        return -0.3  # "Não acolhida a defesa, o permissionário é comunicado do JULGAMENTO no prazo de 15 dias"
    if _says_joined(value.near, focus[0], weak=False):
        return 0.45 if holder is unit else 0.2
    if _says_joined(value.near, focus[0]):
        return 0.3 if holder is unit else 0.15
    if any(FAMILIES[i] != focus_family for i in value.close_families):
        return -0.3
    if holder is unit:
        for number in references(unit):
            from ..corpus import load_law

            referred = load_law(unit.law_id).by_id.get(f"art-{number}")
            if referred is not None and any(_says_text(u.text, focus[0]) for u in referred.walk()):
                return 0.35  # "O descumprimento do disposto no art. 44 [o transporte remunerado sem autorização] …"
        if is_list_item(unit) and any(_says_text(a.text, focus[0]) for a in unit.ancestors() if introduces(a)):
            return 0.35  # "Serão aplicadas a quem realizar transporte clandestino …: I - multa de …"
        if SAME_ARTICLE_RE.search(own) and _says_text(unit.article.text, focus[0]):
            return 0.35  # "§ 1º O valor da multa prevista no inciso I deste artigo será duplicado …" of that caput's act
        return 0.15 if any(_says_joined(value.near, w) for w in focus[1:]) else 0.0
    # The value is above (a fine group, "Pena: multa de …"): the unit names the infraction asked.
    if kind == "valor" and _says_text(own, focus[0]):
        return 0.35
    return 0.0


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[str, ...]:
    """Every word of the four laws, once per unit it appears in (sorted), for document frequencies."""
    from ..corpus import all_laws

    words = []
    for law in all_laws():
        for unit in law.units():
            words.extend(set(fold(spelled(unit).lower()).replace("-", " ").split()))
    return tuple(sorted(words))


def _units_saying(word: str) -> int:
    vocabulary, prefix = _vocabulary(), word[:6]
    start = bisect.bisect_left(vocabulary, prefix)
    return bisect.bisect_left(vocabulary, prefix + "\uffff", lo=start) - start


_DETERMINERS = frozenset("o a os as um uma uns umas seu sua seus suas meu minha meus minhas nosso nossa nossos nossas teu tua "
                         "este esta estes estas esse essa esses essas aquele aquela algum alguma alguns algumas".split())


@lru_cache(maxsize=1)
def _all_text() -> str:
    """The four laws' words, one space apart (for a phrase: "ar condicionado" is not "condicionada")."""
    from ..corpus import all_laws

    return " " + " ".join(fold(spelled(u).lower()).replace("-", " ") for law in all_laws() for u in law.units()) + " "


# "obrigado a TER banheiro", "tem que OFERECER tomada usb", "tem que FORNECER cobertor", "obrigado a USAR
# máscara": the thing a vehicle or a company must have, or a passenger must use.
_HAS_RE = re.compile(r"\b(?:ter|tenha|possuir|possua|oferecer|ofereca|fornecer|forneca|usar|use|utilizar|instalar|disponibilizar"
                     r"|dispor de|equipad[oa]s? com)\s+((?:\w+\s*){1,4})")


def never_said(text: str, stop: frozenset = frozenset()) -> list[str]:
    """The words naming what the question asks a vehicle or company to have that no unit of the
    four laws uses (by their first six letters): "banheiro", "câmera", "tomada usb".  Empty
    when the question asks no such thing or the laws use every word of it."""
    match = _HAS_RE.search(text)
    if not match:
        return []
    # The thing itself, not what completes it: "propaganda | do lado de fora", "poltrona reclinável | no ônibus".
    thing = re.split(r"\b(?:de|do|da|dos|das|no|na|nos|nas|em|para|pra|pro|com|por|pelo|pela|ao|dentro|fora|que)\b", match.group(1))[0]
    words = thing.split()
    while words and words[0] in _DETERMINERS:
        words = words[1:]
    if len(words) >= 2 and len(words[0]) <= 2 and words[0] not in stop:
        # A name in two words whose first is short ("ar condicionado"): the phrase is the thing.
        phrase = " ".join(words[:2])
        return [phrase] if f" {phrase}" not in _all_text() else []
    named = [w for w in words if len(w) >= 3 and w not in stop][:3]
    return [w for w in named if _units_saying(w) == 0 and not _root_said(w)]


_PARTICIPLE_RE = re.compile(r"^(\w{4,}?)(?:ad|id)[oa]s?$")


def _root_said(word: str) -> bool:
    """A participle whose root the laws use: "alugado" (PE art. 18: "aluguel de veículos")."""
    match = _PARTICIPLE_RE.match(word)
    return bool(match) and _units_saying(match.group(1)[:6]) > 0


def coverage(unit: Unit, focus: list[str]) -> float:
    """How much of what the question is about the unit says, itself or in the caput it completes.

    The share of the focus words (or words of their families) found, the first counting
    double: "leves: R$ 150,00" says nothing of selling tickets, "realizar vendas e emissões
    de passagens individuais" says most of it.
    """
    if not focus:
        return 0.0
    joined = _coverage_words(unit)
    weights = [2.0] + [1.0] * (len(focus) - 1)
    return sum(w for word, w in zip(focus, weights) if any(n in joined for n in _needles(word, False))) / sum(weights)


@by_unit
def _coverage_words(unit: Unit) -> str:
    """The folded words :func:`coverage` looks in, joined as :func:`says` joins them: the unit's
    (acronyms spelled out), what people ask that it answers, the caput a list item completes, and what
    the articles it sanctions say."""
    said = [spelled(unit), people_words(unit)] + ([spelled(a, a.text) for a in unit.ancestors() if introduces(a)] if is_list_item(unit) else [])
    if references(unit):
        # "O descumprimento do disposto no art. 44 …": what art. 44 says is what this unit sanctions.
        from ..corpus import load_law

        law = load_law(unit.law_id)
        said += [u.text for n in references(unit) if (a := law.by_id.get(f"art-{n}")) is not None for u in a.walk()]
    return " " + " ".join(" ".join(_folded(text) for text in said).split())
