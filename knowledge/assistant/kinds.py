"""What kind of answer a question asks for, which units carry it, and the value in plain words.

A question about the law asks for one of a few kinds of answer:

- ``prazo``: a deadline or a duration ("em quantos dias", "quanto tempo fica");
- ``valor``: an amount (a fine, a fee: R$, UFIRAC, % of the MVR, multiples of Vb);
- ``limite``: an age or a limit (years of manufacture, seats, a percentage of the fleet);
- ``permissao``: yes or no ("pode", "é proibido", "é obrigatório");
- ``quem``: who decides, judges, inspects;
- ``documentos``: which papers.

The statutes put these answers in a unit below the caput (an inciso, a paragraph,
an alínea) as often as in the caput itself; :func:`unit_bonus` tells how well a
unit's own words carry the kind of answer asked, so the assistant can prefer
"I - multa de trezentas e trinta UFIRACs" to the caput that introduces it.
values.plain_value then reads the value out of the unit ("330 UFIRAC",
"15 dias, contado do recebimento da notificação") to say it first, and focus.py
tells whether the value sits next to what was asked.
"""


from __future__ import annotations

import re
from functools import lru_cache

from ..reader.lexicon import vocabulary
from ..units import Unit
from .numbers import WORDS_NUMBER
from .text import fold

KINDS = ("prazo", "valor", "limite", "permissao", "quem", "documentos")

# Units the per-unit caches below hold at most; past it a cache starts over (the corpus has fewer).
UNIT_CACHE_SIZE = 20_000


def by_unit(function):
    """Remember ``function(unit)`` for each unit object.  What the ranking reads of a unit's own
    words (its text with the acronyms spelled out, the words the coverage looks in, its citation) is
    the same for every message, and read for every candidate of every message (issue #32).  Units
    are unhashable dataclasses, so the key is the object's identity, kept with the unit so that a
    reused id is never taken for another unit; the parsed laws keep one object per unit."""
    cache: dict[int, tuple[Unit, object]] = {}

    def remembered(unit: Unit):
        held = cache.get(id(unit))
        if held is not None and held[0] is unit:
            return held[1]
        if len(cache) >= UNIT_CACHE_SIZE:
            cache.clear()
        value = function(unit)
        cache[id(unit)] = (unit, value)
        return value

    remembered.__doc__, remembered.__name__, remembered.cache_clear = function.__doc__, function.__name__, cache.clear
    return remembered

# -- the kind of question -----------------------------------------------------------------------

# The cue words of each kind of question, in the order a question is tried against them ("quem" first:
# "qual o órgão"; "documentos" also reads "o que preciso apresentar", papers asked without naming them).
_KIND_RULES: tuple[tuple[str, re.Pattern], ...] = tuple((kind, re.compile(pattern)) for kind, pattern in vocabulary("kind_rules").items())


# "pra quem eu recorro", "a quem devo pedir": to whom one turns, a body asked (not "a multa para quem faz …").
TO_WHOM_RE = re.compile(vocabulary("to_whom_re"))


# Things measured in money: their minimum or maximum is an amount.
MONEY_SUBJECT_RE = re.compile(vocabulary("money_subject_re"))
# What is done to a fine, asked without asking its amount ("o recurso suspende a multa?", "a multa é cancelada?").
EFFECT_ON_FINE_RE = re.compile(vocabulary("effect_on_fine_re"))
AMOUNT_ASKED_RE = re.compile(vocabulary("amount_asked_re"))

# The papers themselves asked for ("quais documentos", "que papéis", "o que preciso apresentar").
ASKS_PAPERS_RE = re.compile(vocabulary("asks_papers_re"))


def question_kind(text: str) -> str | None:
    """The kind of answer a normalised question asks for, or None (an open question)."""
    text = fold(text.lower())
    if (re.search(r"\b(prazo|prazos|dias?)\b", text) and re.search(r"\b(conta|contam|contado|contar|contagem|comeca|inicia|termina|vence em feriado)\b", text)
            and not re.search(r"\bquantos dias\b|\bquanto tempo\b|\bem quantos\b", text)):
        return None  # how a deadline is counted: a rule to quote, not a number (unless the number is asked too)
    found = [kind for kind, pattern in _KIND_RULES if pattern.search(text)]
    if re.search(r"\bquant[oa]s (multas|infracoes|autuacoes|advertencias|reincidencias|vezes)\b", text):
        return "limite"  # "quantas multas levam à cassação": a count, not an amount
    if "valor" in found and EFFECT_ON_FINE_RE.search(text) and not AMOUNT_ASKED_RE.search(text):
        found.remove("valor")  # "o recurso suspende a multa?": what happens to the fine, not how much it is
    if "limite" in found and MONEY_SUBJECT_RE.search(text) and not re.search(r"\bquant[oa]s\b|\bidade\b|\banos\b", text):
        found[found.index("limite")] = "valor"  # "a cobertura mínima do seguro": a minimum that is an amount
    if not found:
        return None
    if "quem" in found and len(found) > 1 and not re.search(r"^(e )?quem\b|\b(a|de) quem (compete|cabe)\b", text) and not TO_WHOM_RE.search(text) and (
            re.search(r"\b(para|de|por|contra|com|a) quem\b", text) or re.search(r"\bquem (e|for|foi|esta|estiver) (pego|flagrad|autuad|multad)\w*", text)):
        found.remove("quem")  # "a multa para quem faz …", "quem é pego … paga quanto": a relative pronoun, not "who?"
    if "documentos" in found and not re.search(r"\bprazo\b|\bquantos dias\b|\bquanto tempo\b", text) and (len(found) == 1 or ASKS_PAPERS_RE.search(text)):
        return "documentos"  # "quais documentos para recorrer da multa": the papers, not the fine
    if "documentos" in found and len(found) > 1:
        found.remove("documentos")  # "multa por rodar sem documento de vistoria": a document named, the fine asked
    # "quanto tempo vale o CRC" is a deadline; "qual a multa" an amount even with "pode" around.
    if "valor" in found and "prazo" in found:
        asks_when = re.search(r"\bprazo\b|\bquantos dias\b|\bquanto tempo\b|\bdias para\b|\b(que|qual) dia\b|\bvence\w*\b|\bvencimento\b", text)
        return "prazo" if asks_when and not re.search(r"\bqual (e )?a multa\b|\bvalor\b", text) else "valor"
    return found[0]


# -- what a unit carries ----------------------------------------------------------------------

_NUM = rf"(?:\d+(?:[.,]\d+)?|{WORDS_NUMBER})"
_GLOSS = r"(?:\s*\([^)]{1,60}\))?"
_TIME_UNIT = r"(dias?(?:\s+[úu]teis|\s+corridos)?|horas?|minutos?|meses|m[êe]s|anos?)"
# "15 (quinze) anos de fabricação" is a vehicle's age (a limit), not a deadline.
DEADLINE_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+(?:primeiros\s+|[úu]ltimos\s+)?{_TIME_UNIT}\b(?!\s+(?:da\s+data\s+)?de\s+(?:fabrica|uso))", re.I)
DAY_OF_MONTH_RE = re.compile(r"\b(?:para o|at[ée] o|no)\s+dia\s+(\d{1,2})\b", re.I)
# "até o trigésimo dia do mês subsequente", "até o quinto dia útil do mês": a day named by its ordinal.
ORDINAL_DAY_RE = re.compile(r"\b((?:para o|at[ée] o|no)\s+(?:(?:primeiro|segundo|terceiro|quarto|quinto|sexto|s[ée]timo|oitavo|nono|d[ée]cimo|vig[ée]simo|trig[ée]simo)\s+){1,2}"
                            r"dia(?:\s+[úu]til)?(?:\s+(?:do|de cada)\s+m[êe]s(?:\s+(?:subsequente|seguinte|anterior))?)?)", re.I)
AFTER_DEADLINE_RE = re.compile(r"^\s*,?\s*((?:contad[oa]s?|a contar|a partir|ap[óo]s|antes|anteriores|de antecedência|da data|do recebimento|improrrog)[^.;:,]*)", re.I)
BRL_RE = re.compile(r"R\$\s*([\d.]+(?:,\d{2})?)")
UFIRAC_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+UFIRACs?\b", re.I)
MVR_RE = re.compile(r"(\d+(?:,\d+)?)\s*%\s*(?:\([^)]*\)\s*)?(?:do\s+(?:valor\s+do\s+)?(?:Maior Valor de Refer[êe]ncia|MVR))", re.I)
VB_RE = re.compile(r"\bVm\s*=\s*(\d+|G)\s*(?:x|×|\*)?\s*Vb\b", re.I)
# An amount set against another: "o valor da multa prevista no inciso I deste artigo será duplicado".
MULTIPLIER_RE = re.compile(r"\b(duplicad[oa]s?|em dobro|o dobro|triplicad[oa]s?|em triplo|o triplo)\b", re.I)
# "a multa prevista no inciso I deste artigo": a unit that sets its value against a sibling's.
SAME_ARTICLE_RE = re.compile(r"\binciso\s+([IVXL]+)\s+deste\s+artigo\b", re.I)
PERCENT_RE = re.compile(rf"(\d+(?:,\d+)?|{WORDS_NUMBER})\s*(?:%|por\s+cento\b)", re.I)  # "10%", "dez por cento"
# An amount set as a share of something: "correspondente ao valor de 4% (quatro por cento) da demanda transportada".
SHARE_AMOUNT_RE = re.compile(r"\b(?:valor|al[íi]quota|correspondente)\s+(?:a|ao|de)?\s*(?:valor\s+de\s+)?(\d+(?:,\d+)?)\s*%(?:\s*\([^)]{1,40}\))?(\s+d[aoe]s?\s+[^,.;]{3,80})?", re.I)
YEARS_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+anos\b", re.I)
# "aplicação, por 4 (quatro) vezes, de multa": a count of times.
TIMES_RE = re.compile(rf"\bpor\s+({_NUM}){_GLOSS}\s+vezes\b", re.I)
COUNT_RE = re.compile(rf"\b(?:at[ée]|m[áa]xim[oa] de|m[íi]nim[oa] de|no m[áa]ximo|no m[íi]nimo|limite de)\s+({_NUM}){_GLOSS}\s+(?!por\s+cento\b)(\w+)", re.I)
# "pelo menos 2 (dois) desses veículos": a count of the things just named.
SEATS_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+(?:desses\s+|destes\s+)?(lugares|passageiros|pessoas|assentos|ve[íi]culos)\b", re.I)
FORBIDDEN_RE = re.compile(r"\b(vedad[oa]s?|proibid[oa]s?|n[ãa]o (ser[áa]|ser[ãa]o|poder[áa]|poder[ãa]o|[ée]|s[ãa]o) (permitid|admitid|autorizad)\w*|n[ãa]o poder[áa]o?|defeso)\b", re.I)
ALLOWED_RE = re.compile(r"\b([ée]|s[ãa]o|ser[áa]|ser[ãa]o|fica|ficam) (permitid|admitid|facultad|autorizad)\w*|\bpoder[áa]o? ser\b", re.I)
MANDATORY_RE = re.compile(r"\b(dever[áa]o?|obrigat[óo]ri[oa]s?|obrigad[oa]s?|[ée] exigid[oa]|ser[áa] exigid[oa])\b", re.I)
WHO_RE = re.compile(r"\b(regulat[óo]ri\w*|[óo]rg[ãa]o gestor|poder concedente|fiscaliza[çc][ãa]o|fiscalizar|gest[ãa]o|compete|competir[áa]|compet[êe]ncia|caber[áa]|cabe (ao|[àa])|julgad[oa]|julgar|apreciar|aprecia[çc][ãa]o|dirigid[oa]|a cargo d|respons[áa]vel|decidir|proferid[oa])\b", re.I)
DOCUMENT_RE = re.compile(r"\b(documento|documenta[çc][ãa]o|certid[ãa]o|certid[õo]es|c[óo]pia|comprovante|comprova[çc][ãa]o|prova de|apresenta[çc][ãa]o|atestado|contrato social|ap[óo]lice|requerimento|certificado)\w*", re.I)


LIST_KINDS = ("inciso", "alinea", "item")
# A unit that holds no value of the kind asked, nor completes a caput that does, when a value is asked.
NO_VALUE_PENALTY = -0.4
# A unit that leaves the value asked to another act ("conforme prazos … estabelecidos na regulamentação
# desta lei e em normas expedidas pela AGEAC", "com valor determinado no edital"): the law's answer is
# that it does not fix it, and says where it is fixed.
_ELSEWHERE = (r"(?:estabelecid|fixad|definid|determinad|previst|expedid|regulamentad|institu[íi]d)\w*\s+(?:n[ao]s?|em|pel[ao]s?)\s+"
              r"(?:regulamenta|regulamento|normas?|ato|edital|contrato|poder concedente|ageac|epti|der\b|[óo]rg[ãa]o)[^.;]*")
DELEGATED_RE = {
    "prazo": re.compile(rf"\bprazos?\b[^.;:]{{0,120}}?{_ELSEWHERE}", re.I),
    "valor": re.compile(rf"\b(?:valor|valores|montante|import[âa]ncia|taxas?|emolumentos)\b[^.;:]{{0,600}}?{_ELSEWHERE}", re.I),
}
DELEGATED_BONUS = 0.35


def delegates(kind: str | None, text: str) -> re.Match | None:
    """Does the unit leave the value of this kind to another act? (the words that say so)"""
    pattern = DELEGATED_RE.get(kind or "")
    return pattern.search(text) if pattern else None


def is_list_item(unit: Unit) -> bool:
    """An inciso, alínea or item (or a Recife fine group's entry): it completes the unit above it."""
    return unit.kind in LIST_KINDS or (unit.parent is not None and unit.parent.kind == "grupo")


DEFINES_SYMBOL_RE = re.compile(r"\s*(Vm|Vb|G)\s+(corresponde|equivale)", re.I)
REFERENCE_RE = re.compile(r"\b(?:disposto n[oa]|previst[oa]s? n[oa]|n[oa]s?)\s+art(?:igo)?s?\.?\s*(\d+)", re.I)


@lru_cache(maxsize=8)
def _referrers(law_id: str) -> dict[str, list[Unit]]:
    from ..corpus import load_law

    found: dict[str, list[Unit]] = {}
    for unit in load_law(law_id).units():
        for number in references(unit):
            found.setdefault(f"art-{number}", []).append(unit)
    return found


def referring_units(law_id: str, article_id: str) -> list[Unit]:
    """Units that apply an article ("O descumprimento do disposto no art. 44 sujeitará …")."""
    return _referrers(law_id).get(article_id, [])


# "Aplicam-se ao serviço [...] por fretamento [...] as vedações estabelecidas no parágrafo único do art. 85" (Acre, art.
# 86): a unit that extends another article's rule to charter service — the rule a charter question is answered by.
APPLIES_RE = re.compile(r"\baplica(?:m)?-se\b", re.I)
APPLIED_ARTICLES_RE = re.compile(r"\barts?\.\s*(\d+)º?((?:\s*(?:,|e)\s*\d+º?)*)", re.I)
CHARTER_RE = re.compile(r"\bfretamentos?\b", re.I)


@lru_cache(maxsize=8)
def _applied(law_id: str) -> dict[str, tuple[Unit, ...]]:
    from ..corpus import load_law

    found: dict[str, list[Unit]] = {}
    for unit in load_law(law_id).units():
        text = unit.text or ""
        if not (APPLIES_RE.search(text) and CHARTER_RE.search(text)):
            continue
        for first, rest in APPLIED_ARTICLES_RE.findall(text):
            for number in [first, *re.findall(r"\d+", rest)]:
                if unit.article is None or unit.article.number != number:
                    found.setdefault(f"art-{number}", []).append(unit)
    return {article: tuple(units) for article, units in found.items()}


def applied_to_charter(law_id: str, article_id: str) -> tuple[Unit, ...]:
    """Units that apply an article's rule to charter service (Acre, art. 86 → art. 85's vedações; art. 62, § 4º →
    art. 42 on advertising): cited beside a unit of that article, which may speak of another service."""
    return _applied(law_id).get(article_id, ())


SANCTION_RE = re.compile(r"descumpri|infra[çc]|multa|penalidade|san[çc][ãa]o|san[çc][õo]es|sujeit", re.I)


def references(unit: Unit) -> list[str]:
    """Article numbers of the same law the unit sanctions ("O descumprimento do disposto no art. 44
    sujeitará …"); a mere mention ("preenchidos os requisitos exigidos no art. 16") is no sanction."""
    return list(_sanctioned_articles(unit.text))


@lru_cache(maxsize=16384)
def _sanctioned_articles(text: str) -> tuple[str, ...]:
    return tuple(REFERENCE_RE.findall(text)) if SANCTION_RE.search(text) else ()


def texts(unit: Unit) -> str:
    return " ".join(t for t in (unit.text, unit.closing) if t)


def document_list(unit: Unit) -> bool:
    """A caput that introduces at least two papers ("instruído pelos seguintes documentos: I - …")."""
    return (introduces(unit) and bool(DOCUMENT_RE.search(unit.text))
            and sum(1 for c in unit.children if carries("documentos", texts(c))) >= 2)


def introduces(unit: Unit) -> bool:
    """A caput that ends with a colon: its children complete it."""
    return bool(unit.children) and unit.text.rstrip().endswith(":")


@lru_cache(maxsize=32768)
def carries(kind: str | None, text: str) -> bool:
    """Do these words hold an answer of that kind (a number of days, an amount, "vedado" …)?
    Asked of the same units' words for every candidate of every message: remembered by content."""
    if kind == "prazo":
        return bool(DEADLINE_RE.search(text) or DAY_OF_MONTH_RE.search(text) or ORDINAL_DAY_RE.search(text))
    if kind == "valor":
        vb = VB_RE.search(text)
        return bool(BRL_RE.search(text) or UFIRAC_RE.search(text) or MVR_RE.search(text) or (vb and vb.group(1) != "G") or SHARE_AMOUNT_RE.search(text)
                    or MULTIPLIER_RE.search(text))
    if kind == "limite":
        return bool(YEARS_RE.search(text) or SEATS_RE.search(text) or COUNT_RE.search(text) or TIMES_RE.search(text) or PERCENT_RE.search(text) or re.search(r"\b(m[áa]xim|m[íi]nim|limite|superior a|inferior a)", text, re.I))
    if kind == "permissao":
        return bool(FORBIDDEN_RE.search(text) or ALLOWED_RE.search(text) or MANDATORY_RE.search(text))
    if kind == "quem":
        return bool(WHO_RE.search(text))
    if kind == "documentos":
        return bool(DOCUMENT_RE.search(text))
    return False


def unit_bonus(kind: str | None, unit: Unit, question: str = "") -> float:
    """How well a unit's own words carry the kind of answer asked (0 when no kind)."""
    if kind is None:
        return 0.0
    if kind == "valor" and DEFINES_SYMBOL_RE.match(unit.text) and re.search(r"\bvb\b|valor base|formula", question):
        return 0.6  # "quanto vale o Vb": the definition is the answer
    if kind in ("quem", "documentos", "prazo") and unit.id.startswith("anexo"):
        return -0.3  # an annex that lists infractions names no body, papers or deadline
    own = texts(unit)
    if kind == "documentos":
        # A list of documents is answered by the caput that introduces it (the whole list).
        if document_list(unit):
            return 0.6
        return 0.25 if carries(kind, own) else 0.0
    if kind == "valor" and DEFINES_SYMBOL_RE.match(unit.text):
        return -0.3  # "Vb corresponde ao valor base …" defines the formula; it is no fine of its own
    if kind == "quem" and carries(kind, own):
        # "Compete à AGEAC …" answers who; "apreciar as reclamações" (a power listed under it) does not.
        return 0.5 if names_body(unit) else 0.1
    if carries(kind, own):
        if kind in ("prazo", "limite") and sanction_row(unit):
            # "ultrapassar a tolerância máxima de até dez minutos" (a row of a fine table) restates the rule
            # (AC art. 29) to fine its breach: the rule itself answers how long, the row what it costs.
            return SANCTION_ROW_BONUS
        return 0.2 if kind == "permissao" else 0.5
    if delegates(kind, own):
        return DELEGATED_BONUS
    inherited = any(carries(kind, texts(a)) for a in unit.ancestors() if introduces(a) or a.closing)
    if kind == "valor" and (fine_elsewhere(unit) or group_fine(unit)):
        # Its gravity's fine is in PE art. 28 (said with it); its group's in Recife art. 36 (Vm = G × Vb,
        # computed): no penalty for holding no amount itself.
        return 0.25 if unit.law_id.startswith("pe-") or group_fine(unit) else 0.0
    if kind in ("valor", "limite", "prazo") and inherited and is_list_item(unit):
        return 0.1 if kind == "prazo" else 0.25  # an alínea under "Pena: multa de …", an item of a fine group
    if introduces(unit) and kind in ("valor", "prazo", "limite"):
        return -0.15  # "serão aplicadas as seguintes sanções:" — the value is below
    if kind in ("valor", "prazo", "limite") and not inherited:
        return NO_VALUE_PENALTY  # "razão social;" under "o CRC deverá conter … data de validade": no deadline here
    return 0.0




# A name the law spells out before its acronym: "Agência Reguladora … - AGEAC", "Certificado de Registro Cadastral - CRC".
SPELLED_RE = re.compile(r"((?:[A-ZÁÉÍÓÚ][\wÀ-ú]*)(?:\s+(?:[A-ZÁÉÍÓÚ][\wÀ-ú]*|d[aeo]s?))+)\s+[-–]\s+([A-Z]{3,})\b")
BODY_RE = re.compile(r"\b(Departamento de Estradas de Rodagem|Poder P[úu]blico Municipal|poder concedente|[óo]rg[ãa]o gestor"
                     r"|(?:Diretor[- ]Presidente|Superintendente|Secret[áa]rio|Prefeito|Presidente)(?: d[aoe] [A-Z][\wÀ-ú -]{2,60}?(?=[,.;:]| para| no| que))?|[A-Z]{3,})\b")
# What a body's spelled-out name starts with (a certificate or an index is no body).
BODY_WORDS = re.compile(r"^(Ag[êe]ncia|Empresa|Junta|Departamento|Secretaria|Comiss[ãa]o|Conselho)\b")


@lru_cache(maxsize=8)
def spelled_out(law_id: str) -> dict[str, str]:
    """The bodies among the law's acronyms ("AGEAC" → "Agência Reguladora …"; not "CRC")."""
    return {acronym: name for acronym, name in acronyms(law_id).items() if BODY_WORDS.match(name)}


@lru_cache(maxsize=8)
def acronyms(law_id: str) -> dict[str, str]:
    """Every ACRONYM → name the law spells out ("Certificado de Registro Cadastral - CRC")."""
    from ..corpus import load_law

    return {acronym: name for u in load_law(law_id).units() for name, acronym in SPELLED_RE.findall(texts(u))
            if name[0] == acronym[0]}


def spelled(unit: Unit, text: str | None = None) -> str:
    """The unit's words with each acronym it uses followed by its name ("o CRC" also says
    "certificado de registro cadastral"), so a question may name either."""
    if text is None:
        return _spelled_own(unit)
    return _spell(unit.law_id, text)


@by_unit
def _spelled_own(unit: Unit) -> str:
    return _spell(unit.law_id, texts(unit))


@lru_cache(maxsize=16384)
def _spell(law_id: str, text: str) -> str:
    names = acronyms(law_id)
    extra = [names[a] for a in dict.fromkeys(re.findall(r"\b[A-Z]{3,}\b", text)) if a in names]
    return " ".join([text, *extra])


# How alike a unit's words on a past day and a unit's words today must be (share of their words in common) to
# be one rule: "práticas de vendas e emissões de passagens individuais" (PE Anexo I, III, f, until 2020) is
# "realizar vendas e emissões de passagens individuais" (IV, f, today).
SAME_RULE_SHARE = 0.5


def _words_of(text: str) -> frozenset[str]:
    return frozenset(w for w in fold(text.lower()).split() if len(w) > 3)


@by_unit
def twin_today(unit: Unit) -> Unit | None:
    """Today's unit that says what ``unit`` (perhaps a wording of a past day, knowledge/history.py) says:
    itself when it is today's; the unit under its number when the words are the same; else the unit of its
    article today most alike (an amendment renumbered the row); else, the rule reworded in place, the unit
    under its number (None when that number is gone).  What people ask of a rule
    (knowledge/statutes/perguntas) and what the search found are filed under today's numbers."""
    from ..corpus import load_law

    law = load_law(unit.law_id)
    current = law.by_id.get(unit.id)
    if current is unit:
        return unit
    words = _words_of(unit.text)
    if current is not None and words == _words_of(current.text):
        return current
    article = law.by_id.get(unit.id.split("/")[0])
    if article is None or not words:
        return current
    alike = [(len(words & other) / len(words | other), u) for u in article.walk() if (other := _words_of(u.text))]
    share, twin = max(alike, key=lambda pair: pair[0], default=(0.0, None))
    return twin if share >= SAME_RULE_SHARE else current


@by_unit
def _annotation(unit: Unit):
    """The unit's entry in knowledge/statutes/perguntas (questions and kind of answer), or None; for a
    wording of a past day, the entry of the unit that says the same today."""
    from ..corpus import load_law

    twin = twin_today(unit)
    return load_law(unit.law_id).questions.get(twin.id) if twin is not None else None


def people_words(unit: Unit) -> str:
    """What people ask that the unit answers, in their words (knowledge/statutes/perguntas), as one
    text: "" for a unit nobody annotated."""
    asked = _annotation(unit)
    return " ".join(asked.perguntas) if asked else ""


def tipo_share(unit: Unit, kind: str | None) -> float:
    """The share of the unit's annotators who say it gives the kind of answer asked (0 when none)."""
    asked = _annotation(unit) if kind else None
    return asked.share(kind) if asked else 0.0


def names_body(unit: Unit) -> bool:
    """Does the unit's own text name a body (an agency the law spells out, "poder concedente" …)?"""
    names = spelled_out(unit.law_id)
    return any(not m.group(1).isupper() or m.group(1) in names for m in BODY_RE.finditer(texts(unit)))


def fine_elsewhere(unit: Unit) -> bool:
    """An infraction listed by gravity or group whose fine another article sets: Pernambuco's
    Anexo I (art. 28 gives each gravity's fine) and Recife's Anexo Único (art. 36: Vm = G × Vb)."""
    if unit.kind != "alinea":
        return False
    if unit.law_id.startswith("pe-"):
        return unit.article.segment == "anexo-i"
    return unit.law_id.startswith("recife-") and any(a.kind == "grupo" for a in unit.ancestors())


# Recife art. 32: "III - Grupo 3 - infração de natureza grave": a group whose fine art. 36 computes (G × Vb).
GROUP_RE = re.compile(r"^\s*Grupo\s+(\d)\b")


SANCTION_ROW_BONUS = 0.25


def sanction_row(unit: Unit) -> bool:
    """A conduct listed to be fined: a row of a fine table (its fine in the caput or "Pena" it completes,
    or in the article that sets its gravity's or group's fine)."""
    if fine_elsewhere(unit):
        return True
    return is_list_item(unit) and any(carries("valor", texts(a)) for a in unit.ancestors() if introduces(a) or a.closing)


def group_fine(unit: Unit) -> bool:
    """A unit that names one of Recife's fine groups; its fine is art. 36's formula for that group."""
    return unit.law_id.startswith("recife-") and bool(GROUP_RE.match(unit.text))


def defined_group(unit: Unit) -> int | None:
    """The group a Recife art. 32 inciso defines ("III - Grupo 3 - infração de natureza grave")."""
    match = GROUP_RE.match(unit.text) if unit.law_id.startswith("recife-") else None
    return int(match.group(1)) if match else None


def gravity_fine(unit: Unit, law_id: str) -> Unit | None:
    """Pernambuco's Anexo I sorts infractions by gravity ("GRAVÍSSIMAS:"); art. 28 gives each gravity's fine."""
    if not law_id.startswith("pe-") or unit.article.segment != "anexo-i":
        return None
    level = next((a for a in [unit, *unit.ancestors()] if a.kind == "inciso" and a.parent is not None and a.parent.kind == "anexo"), None)
    if level is None:
        return None
    word = fold(level.text.strip().rstrip(":").lower())
    from ..corpus import load_law  # the law of the unit, parsed once per process

    from ..structure import fine_rule  # which article prices the table: the law's structure map

    fines = load_law(law_id).by_id.get(fine_rule(law_id, unit.article.segment))
    for child in fines.children if fines else []:
        if fold(child.text.lower()).startswith(word + ":"):
            return child
    return None

