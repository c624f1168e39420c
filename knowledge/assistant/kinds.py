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
:func:`plain_value` then reads the value out of the unit ("330 UFIRAC",
"15 dias, contado do recebimento da notificação") to say it first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from decimal import Decimal

from ..units import Unit
from ..citations import N_
from .text import fold

KINDS = ("prazo", "valor", "limite", "permissao", "quem", "documentos")

# -- the kind of question -----------------------------------------------------------------------

_KIND_RULES: tuple[tuple[str, re.Pattern], ...] = (
    ("quem", re.compile(r"\bquem\b|\bqual (e )?o orgao\b|\bque orgao\b|\bcompetente\b|\bcompete\b|\ba quem\b")),
    ("prazo", re.compile(
        r"\bprazos?\b|\bquantos dias\b|\bquantas horas\b|\bquantos meses\b|\bem quanto tempo\b|\bquanto tempo\b|\bate quando\b"
        r"|\bdias (para|pra|de)\b|\bdemora\w*\b|\bantecedencia\b|\bvalidade\b|\bvale por\b|\bdura\w*\b|\bprorrog\w*\b|\bvenc\w*\b"
    )),
    ("valor", re.compile(
        r"\bmultas?\b|\bvalor(es)?\b|\bquanto (custa|e|pago|paga|sai|fica|cobra\w*)\b|\bpreco\b|\bufirac\w*\b|\bmvr\b|\bvb\b|\btaxas?\b|\breais\b|\bestadas?\b|\bdiarias?\b|\bcusta\b"
    )),
    ("limite", re.compile(
        r"\bidade\b|\bquantos anos\b|\banos de (uso|fabricacao)\b|\bvelh\w*\b|\bantig\w*\b|\bmaxim\w*\b|\bminim\w*\b|\blimite\b"
        r"|\bquant[oa]s (?!dias|horas|meses|anos|vezes)\w+|\bcapacidade\b|\bporcentagem\b|\bpercentual\b|\bno maximo\b"
    )),
    ("documentos", re.compile(r"\bdocument\w*\b|\bpapeis\b|\bpapelada\b|\bcertid\w*\b|\bcomprovante\w*\b|\bo que (eu )?(preciso|tenho que|devo) (apresentar|levar|entregar|juntar)\b")),
    ("permissao", re.compile(
        r"^(e )?(pode|podem|posso|podemos)\b|\b(pode|podem|posso|podemos|poderia)\b|\be (permitido|proibido|obrigatorio|vedado|legal|liberado)\b"
        r"|\b(tem|tenho|temos) que\b|\b(preciso|precisa|precisam)\b|\bobrigatori\w*\b|\bproibid\w*\b|\bpermitid\w*\b|\bvedad\w*\b"
    )),
)


def question_kind(text: str) -> str | None:
    """The kind of answer a normalised question asks for, or None (an open question)."""
    text = fold(text.lower())
    if re.search(r"\b(prazo|prazos|dias?)\b", text) and re.search(r"\b(conta|contam|contado|contar|contagem|comeca|inicia|termina|vence em feriado)\b", text):
        return None  # how a deadline is counted: a rule to quote, not a number
    found = [kind for kind, pattern in _KIND_RULES if pattern.search(text)]
    if not found:
        return None
    # "quanto tempo vale o CRC" is a deadline; "qual a multa" an amount even with "pode" around.
    if "valor" in found and "prazo" in found:
        asks_when = re.search(r"\bprazo\b|\bquantos dias\b|\bquanto tempo\b|\bdias para\b|\b(que|qual) dia\b|\bvence\w*\b|\bvencimento\b", text)
        return "prazo" if asks_when and not re.search(r"\bqual (e )?a multa\b|\bvalor\b", text) else "valor"
    return found[0]


# -- numbers as the statutes write them ("trezentas e trinta", "15 (quinze)") ------------------

_UNITS = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9}
_TEENS = {"dez": 10, "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "catorze": 14, "quinze": 15, "dezesseis": 16,
          "dezessete": 17, "dezoito": 18, "dezenove": 19}
_TENS = {"vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50, "cinqueenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90}
_HUNDREDS = {"cem": 100, "cento": 100, "duzentos": 200, "duzentas": 200, "trezentos": 300, "trezentas": 300, "quatrocentos": 400,
             "quatrocentas": 400, "quinhentos": 500, "quinhentas": 500, "seiscentos": 600, "seiscentas": 600, "setecentos": 700,
             "setecentas": 700, "oitocentos": 800, "oitocentas": 800, "novecentos": 900, "novecentas": 900}
_NUMBER_WORDS = {**_UNITS, **_TEENS, **_TENS, **_HUNDREDS}
_NUMBER_WORD_RE = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
WORDS_NUMBER = rf"(?:(?:{_NUMBER_WORD_RE}|mil)(?:\s+e\s+|\s+)?)+"


def words_to_number(words: str) -> int | None:
    """ "trezentas e trinta" → 330, "dois mil e novecentos" → 2900; None when not a number."""
    total, current, seen = 0, 0, False
    for word in fold(words.lower()).replace("-", " ").split():
        if word == "e":
            continue
        if word == "mil":
            total += (current or 1) * 1000
            current, seen = 0, True
        elif word in _NUMBER_WORDS:
            current += _NUMBER_WORDS[word]
            seen = True
        else:
            return None
    return total + current if seen else None


# -- what a unit carries ----------------------------------------------------------------------

_NUM = rf"(?:\d+(?:[.,]\d+)?|{WORDS_NUMBER})"
_GLOSS = r"(?:\s*\([^)]{1,60}\))?"
_TIME_UNIT = r"(dias?(?:\s+[úu]teis|\s+corridos)?|horas?|meses|m[êe]s|anos?)"
DEADLINE_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+{_TIME_UNIT}\b", re.I)
DAY_OF_MONTH_RE = re.compile(r"\b(?:para o|at[ée] o|no)\s+dia\s+(\d{1,2})\b", re.I)
AFTER_DEADLINE_RE = re.compile(r"^\s*,?\s*((?:contad[oa]s?|a contar|a partir|ap[óo]s|antes|anteriores|de antecedência|da data|do recebimento|improrrog)[^.;:,]*)", re.I)
BRL_RE = re.compile(r"R\$\s*([\d.]+(?:,\d{2})?)")
UFIRAC_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+UFIRACs?\b", re.I)
MVR_RE = re.compile(r"(\d+(?:,\d+)?)\s*%\s*(?:\([^)]*\)\s*)?(?:do\s+(?:valor\s+do\s+)?(?:Maior Valor de Refer[êe]ncia|MVR))", re.I)
VB_RE = re.compile(r"\bVm\s*=\s*(\d+|G)\s*(?:x|×|\*)?\s*Vb\b", re.I)
PERCENT_RE = re.compile(r"(\d+(?:,\d+)?)\s*%")
YEARS_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+anos\b", re.I)
COUNT_RE = re.compile(rf"\b(?:at[ée]|m[áa]ximo de|m[íi]nimo de|no m[áa]ximo|no m[íi]nimo|limite de)\s+({_NUM}){_GLOSS}\s+(\w+)", re.I)
SEATS_RE = re.compile(rf"\b({_NUM}){_GLOSS}\s+(lugares|passageiros|pessoas|assentos|ve[íi]culos)\b", re.I)
FORBIDDEN_RE = re.compile(r"\b(vedad[oa]s?|proibid[oa]s?|n[ãa]o (ser[áa]|ser[ãa]o|poder[áa]|poder[ãa]o|[ée]|s[ãa]o) (permitid|admitid|autorizad)\w*|n[ãa]o poder[áa]o?|defeso)\b", re.I)
ALLOWED_RE = re.compile(r"\b([ée]|s[ãa]o|ser[áa]|ser[ãa]o|fica|ficam) (permitid|admitid|facultad|autorizad)\w*|\bpoder[áa]o? ser\b", re.I)
MANDATORY_RE = re.compile(r"\b(dever[áa]o?|obrigat[óo]ri[oa]s?|obrigad[oa]s?|[ée] exigid[oa]|ser[áa] exigid[oa])\b", re.I)
WHO_RE = re.compile(r"\b(regulat[óo]ri\w*|poder concedente|fiscaliza[çc][ãa]o|fiscalizar|gest[ãa]o|compete|competir[áa]|compet[êe]ncia|caber[áa]|cabe (ao|[àa])|julgad[oa]|julgar|apreciar|aprecia[çc][ãa]o|dirigid[oa]|a cargo d|respons[áa]vel|decidir|proferid[oa])\b", re.I)
DOCUMENT_RE = re.compile(r"\b(documento|documenta[çc][ãa]o|certid[ãa]o|certid[õo]es|c[óo]pia|comprovante|comprova[çc][ãa]o|prova de|apresenta[çc][ãa]o|atestado|contrato social|ap[óo]lice|requerimento|certificado)\w*", re.I)


LIST_KINDS = ("inciso", "alinea", "item")


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


def references(unit: Unit) -> list[str]:
    """Article numbers of the same law the unit applies ("O descumprimento do disposto no art. 44 …")."""
    return REFERENCE_RE.findall(unit.text)


def _texts(unit: Unit) -> str:
    return " ".join(t for t in (unit.text, unit.closing) if t)


def introduces(unit: Unit) -> bool:
    """A caput that ends with a colon: its children complete it."""
    return bool(unit.children) and unit.text.rstrip().endswith(":")


def carries(kind: str | None, text: str) -> bool:
    """Do these words hold an answer of that kind (a number of days, an amount, "vedado" …)?"""
    if kind == "prazo":
        return bool(DEADLINE_RE.search(text) or DAY_OF_MONTH_RE.search(text))
    if kind == "valor":
        vb = VB_RE.search(text)
        return bool(BRL_RE.search(text) or UFIRAC_RE.search(text) or MVR_RE.search(text) or (vb and vb.group(1) != "G"))
    if kind == "limite":
        return bool(YEARS_RE.search(text) or SEATS_RE.search(text) or COUNT_RE.search(text) or PERCENT_RE.search(text) or re.search(r"\b(m[áa]xim|m[íi]nim|limite|superior a|inferior a)", text, re.I))
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
    own = _texts(unit)
    if kind == "documentos":
        # A list of documents is answered by the caput that introduces it (the whole list).
        if introduces(unit) and sum(1 for c in unit.children if carries(kind, _texts(c))) >= 2:
            return 0.6
        return 0.25 if carries(kind, own) else 0.0
    if kind == "valor" and DEFINES_SYMBOL_RE.match(unit.text):
        return -0.3  # "Vb corresponde ao valor base …" defines the formula; it is no fine of its own
    if carries(kind, own):
        return 0.2 if kind == "permissao" else 0.5
    inherited = any(carries(kind, _texts(a)) for a in unit.ancestors() if introduces(a) or a.closing)
    if kind == "valor" and unit.article.segment == "anexo-i" and unit.law_id.startswith("pe-") and unit.kind == "alinea":
        return 0.25  # its gravity's fine is in art. 28
    if kind in ("valor", "limite", "prazo") and inherited and is_list_item(unit):
        return 0.1 if kind == "prazo" else 0.25  # an alínea under "Pena: multa de …", an item of a fine group
    if introduces(unit) and kind in ("valor", "prazo", "limite"):
        return -0.15  # "serão aplicadas as seguintes sanções:" — the value is below
    return 0.0


# -- the value in plain words ---------------------------------------------------------------------


# What the law leaves out when its amount is a formula or an index (said, never guessed).
MISSING_VB = N_("o Vb é corrigido pelo reajuste tarifário do STCP/Recife, e o valor corrigido de hoje não está na lei")
MISSING_UFIRAC = N_("o valor da UFIRAC do ano, fixado pelo Estado do Acre, não está na lei")
MISSING_MVR = N_("o MVR (Maior Valor de Referência) foi extinto em 1991, e o decreto não diz o valor em reais que o substitui")


@dataclass(frozen=True)
class Value:
    text: str  # what to say first: "330 UFIRAC", "15 dias, contado do recebimento da notificação"
    missing: str = ""  # what the law does not give (one of the MISSING_* messages), when any
    source: Unit | None = None  # the unit the value was read from, when it is not the unit answered


def _number(raw: str) -> str:
    raw = raw.strip()
    if re.fullmatch(r"\d+(?:[.,]\d+)?", raw):
        return str(int(raw)) if raw.isdigit() else raw
    value = words_to_number(raw)
    return str(value) if value is not None else raw


def _brl(amount: Decimal) -> str:
    whole, cents = f"{amount:.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f"R$ {'.'.join(groups)},{cents}"


def _deadline(text: str) -> str | None:
    match = DEADLINE_RE.search(text)
    if not match:
        day = DAY_OF_MONTH_RE.search(text)
        return f"dia {int(day.group(1))}" if day else None
    unit_word = re.sub(r"\s+", " ", match.group(2))
    said = f"{_number(match.group(1))} {unit_word}"
    after = AFTER_DEADLINE_RE.match(text[match.end():])
    if after:
        said += ", " + re.sub(r"\s+", " ", after.group(1)).strip().rstrip(",")
    return said


def _recife_group(unit: Unit) -> int | None:
    for u in [unit, *reversed(unit.ancestors())]:
        if u.kind == "grupo":
            return int(u.number) if u.number.isdigit() else None
    return None


GRAVITIES = ("leves", "moderadas", "graves", "gravíssimas")


def gravity_fine(unit: Unit, law_id: str) -> Unit | None:
    """Pernambuco's Anexo I sorts infractions by gravity ("GRAVÍSSIMAS:"); art. 28 gives each gravity's fine."""
    if not law_id.startswith("pe-") or unit.article.segment != "anexo-i":
        return None
    level = next((a for a in [unit, *unit.ancestors()] if a.kind == "inciso" and a.parent is not None and a.parent.kind == "anexo"), None)
    if level is None:
        return None
    word = fold(level.text.strip().rstrip(":").lower())
    from ..corpus import load_law  # the law of the unit, parsed once per process

    fines = load_law(law_id).by_id.get("art-28")
    for child in fines.children if fines else []:
        if fold(child.text.lower()).startswith(word + ":"):
            return child
    return None


def plain_value(kind: str | None, unit: Unit, law_id: str, vb: Decimal | None = None) -> Value | None:
    """The answer in plain words, read from the unit (and the caput or fine it completes)."""
    chain = [unit, *reversed(unit.ancestors())]
    if kind == "valor" and (fine := gravity_fine(unit, law_id)) is not None:
        amounts = BRL_RE.findall(_texts(fine))
        if amounts:
            return Value(f"R$ {amounts[0]} ({fine.text.split(':')[0].strip()})", source=fine)
    if kind == "prazo":
        for u in chain[:2]:
            said = _deadline(_texts(u))
            if said:
                return Value(said)
        return None
    if kind == "valor":
        group = _recife_group(unit) if law_id.startswith("recife") else None
        if group is not None:
            base = vb or Decimal("50.00")
            return Value(f"{group} × Vb = {_brl(base * group)} pelo valor-base da lei (Vb = {_brl(base)})",
                         MISSING_VB)
        for u in chain:
            text = _texts(u)
            match = VB_RE.search(text)
            if match and match.group(1) != "G":
                n = int(match.group(1))
                base = vb or Decimal("50.00")
                return Value(f"{n} × Vb = {_brl(base * n)} pelo valor-base da lei (Vb = {_brl(base)})",
                             MISSING_VB)
            match = UFIRAC_RE.search(text)
            if match:
                return Value(f"{_number(match.group(1))} UFIRAC", MISSING_UFIRAC)
            match = MVR_RE.search(text)
            if match:
                return Value(f"{match.group(1)}% do MVR",
                             MISSING_MVR)
            matches = BRL_RE.findall(text)
            if matches:
                said = ", ".join(f"R$ {m}" for m in matches[:3])
                return Value(said)
            if u is not unit and not (introduces(u) or u.closing):
                break
        return None
    if kind == "limite":
        for u in chain[:2]:
            text = _texts(u)
            found: list[tuple[int, str]] = []
            for pattern, suffix in ((YEARS_RE, "anos"), (SEATS_RE, None), (COUNT_RE, None)):
                for match in pattern.finditer(text):
                    found.append((match.start(), f"{_number(match.group(1))} {suffix or match.group(2)}"))
            for match in PERCENT_RE.finditer(text):
                found.append((match.start(), f"{match.group(1)}%"))
            said = list(dict.fromkeys(v for _, v in sorted(found)))
            if said:
                return Value("; ".join(said[:3]))  # "3 anos; 6 anos": every limit the unit sets, in its order
            if u is unit and not (unit.parent is not None and introduces(unit.parent)):
                break
        return None
    if kind == "documentos":
        items = [c for c in unit.children if c.text] if introduces(unit) else []
        if items:
            listed = "; ".join(f"{c.marker} {c.text.rstrip(';.')}" for c in items)
            return Value(listed if len(listed) <= 600 else listed[:600].rsplit(" ", 1)[0] + " …")
        return None
    if kind == "permissao":
        text = _texts(unit)
        lead = next((a for a in reversed(unit.ancestors()) if introduces(a) and FORBIDDEN_RE.search(a.text)), None)
        if is_list_item(unit) and lead is not None and not ALLOWED_RE.search(text):
            return Value(f"Não: a lei diz “{FORBIDDEN_RE.search(lead.text).group(1)}”")
        if FORBIDDEN_RE.search(text):
            word = FORBIDDEN_RE.search(text).group(1)
            return Value(f"Não: a lei diz “{word}”")
        if ALLOWED_RE.search(text):
            return Value(f"Sim: a lei diz “{ALLOWED_RE.search(text).group(0)}”")
        return None
    return None



# -- what the question is about ("prazo para RECORRER", "multa por transporte CLANDESTINO") ------

# Words the statutes use for the same act as the question's word (matched by their first letters).
FAMILIES: tuple[tuple[str, ...], ...] = (
    ("recorr", "recurs", "~interp"),  # an appeal is "interposto" (a weaker sign: a defence is too)
    ("defes", "defend", "~interp"),
    ("pag", "pagam", "recolh"),
    ("apreen", "apreens"),
    ("reten", "retid", "reter"),
    ("renov",),
    ("liber", "restit"),
    ("vistor", "inspec"),
    ("julg", "aprec"),
    ("clandest", "remunerado sem", "transporte remunerado"),
    ("idos", "sessenta anos"),
)
KIND_WORDS = {
    "prazo": ("prazo", "prazos", "dias", "dia", "horas", "hora", "tempo", "demora", "demorar", "validade", "vale", "meses", "anos", "quantos", "quanto"),
    "valor": ("multa", "multas", "valor", "valores", "custa", "preco", "quanto", "reais", "paga", "pago"),
    "limite": ("idade", "anos", "maximo", "maxima", "minimo", "minima", "limite", "quantos", "quantas", "capacidade"),
    "quem": ("quem", "qual", "orgao", "agencia"),
}


# Short words whose meaning the statutes say otherwise ("em pé": "sentados", "lotação").
EXACT_FAMILIES = {"pe": ("em pe", "sentad", "lotac", "superlot")}


def _stems_of(word: str) -> tuple[str, ...]:
    if word in EXACT_FAMILIES:
        return EXACT_FAMILIES[word]
    for family in FAMILIES:
        if any(word.startswith(p) for p in family if not p.startswith("~")):
            return family
    return (word[:4] if len(word) >= 5 else word,)  # "vende" / "vendas", "regula" / "regulatório"


def focus_words(text: str, key_words: list[str], kind: str | None) -> list[str]:
    """The question's telling words without the words of its kind, in order (the first is the focus)."""
    all_words = text.split()
    skip = KIND_WORDS.get(kind or "", ())
    words = [w for w in key_words if w not in skip]
    # "quantos cobradores", "quantas pessoas": the thing counted is what the question is about.
    counted = [b for a, b in zip(all_words, all_words[1:]) if a in ("quantos", "quantas") and b in words]
    acts = [w for w in words if w not in counted and any(w.startswith(p) for f in FAMILIES for p in f if " " not in p and not p.startswith("~"))]
    return counted + acts + [w for w in words if w not in counted and w not in acts]


def _has(text_words: list[str], word: str, weak: bool = True) -> bool:
    """Does the text use the word, or a word of its family (a "~" member only when ``weak``)?"""
    joined = " " + " ".join(text_words)
    return any(f" {s.lstrip('~')}" in joined for s in _stems_of(word) if weak or not s.startswith("~"))


def _value_pattern(kind: str) -> re.Pattern:
    return {
        "prazo": DEADLINE_RE,
        "valor": re.compile(f"{BRL_RE.pattern}|{UFIRAC_RE.pattern}|{MVR_RE.pattern}|{VB_RE.pattern}", re.I),
        "limite": re.compile(f"{YEARS_RE.pattern}|{SEATS_RE.pattern}|{COUNT_RE.pattern}|{PERCENT_RE.pattern}", re.I),
    }[kind]


def _around(text: str, match: re.Match) -> list[str]:
    return fold(text[: match.start()].lower()).split()[-14:] + fold(text[match.end():].lower()).split()[:4]


def focus_bonus(kind: str | None, unit: Unit, focus: list[str], focus_all: tuple[str, ...] = ()) -> float:
    """The value sits next to what was asked ("o recurso deverá ser interposto no prazo de 15 dias").

    A value next to another act ("30 dias para pagamento", "comunicado do julgamento no
    prazo de 15 dias") answers another question and loses.
    """
    if kind == "permissao" and focus:
        own = _texts(unit)
        for match in (FORBIDDEN_RE.search(own), ALLOWED_RE.search(own), MANDATORY_RE.search(own)):
            if match:
                near = fold(own[max(0, match.start() - 120): match.end() + 120].lower()).split()
                if any(_has(near, w) for w in focus):
                    return 0.35  # "não será permitido o transporte de passageiros em pé"
        if is_list_item(unit) and any(FORBIDDEN_RE.search(a.text) for a in unit.ancestors() if introduces(a)):
            if any(_has(fold(own.lower()).split(), w) for w in focus):
                return 0.35  # "são vedadas as seguintes condutas: … VII - condução de passageiros em pé"
        return 0.0
    if kind == "quem":
        own = fold(_texts(unit).lower())
        named = re.search(r"\b(ageac|epti|der|cdtc|jari|cmtt|cra|poder concedente|poder publico|departamento de estradas)\b", own)
        return (0.2 if named else 0.0) + (0.2 if any(_has(own.split(), w) for w in focus) and WHO_RE.search(_texts(unit)) else 0.0)
    if kind == "limite" and re.search(r"\bidade\b|\banos de (uso|fabricacao)\b|\bvelh|\bantig", " ".join(focus_all)):
        # An age: a number of years next to "idade" / "fabricação" / "uso".
        own = _texts(unit)
        match = YEARS_RE.search(own)
        if match and re.search(r"idade|fabrica[çc][ãa]o|de uso|vida [úu]til", own, re.I):
            return 0.35
        return -0.2
    if kind not in ("prazo", "valor", "limite") or not focus:
        return 0.0
    pattern = _value_pattern(kind)
    own = _texts(unit)
    holder = unit if pattern.search(own) else next(
        (a for a in reversed(unit.ancestors()) if (introduces(a) or a.closing) and pattern.search(_texts(a))), None)
    if holder is None:
        if kind == "valor" and unit.kind == "alinea" and gravity_fine(unit, unit.law_id) is not None and _has(fold(own.lower()).split(), focus[0]):
            return 0.35  # Pernambuco's Anexo I names the infraction; art. 28 its fine
        return 0.0
    text = _texts(holder)
    match = pattern.search(text)
    near = _around(text, match)
    focus_family = _stems_of(focus[0])
    before = fold(text[: match.start()].lower()).split()[-14:]

    def last(test) -> int:
        return max((i for i, w in enumerate(before) if test([w])), default=-1)

    closest_other = max((last(lambda w, f=f: any(_has(w, p) for p in f if not p.startswith("~"))) for f in FAMILIES if f != focus_family), default=-1)
    if closest_other > last(lambda w: _has(w, focus[0])) >= 0:
        return -0.3  # "Não acolhida a defesa, o permissionário é comunicado do JULGAMENTO no prazo de 15 dias"
    if _has(near, focus[0], weak=False):
        return 0.45 if holder is unit else 0.2
    if _has(near, focus[0]):
        return 0.3 if holder is unit else 0.15
    close = before[-8:] + fold(text[match.end():].lower()).split()[:4]
    other_acts = [f for f in FAMILIES if f != focus_family and any(_has(close, p) for p in f if not p.startswith("~"))]
    if other_acts:
        return -0.3
    if holder is unit:
        for number in references(unit):
            from ..corpus import load_law

            referred = load_law(unit.law_id).by_id.get(f"art-{number}")
            if referred is not None and any(_has(fold(u.text.lower()).split(), focus[0]) for u in referred.walk()):
                return 0.35  # "O descumprimento do disposto no art. 44 [o transporte remunerado sem autorização] …"
        if is_list_item(unit) and any(_has(fold(a.text.lower()).split(), focus[0]) for a in unit.ancestors() if introduces(a)):
            return 0.35  # "Serão aplicadas a quem realizar transporte clandestino …: I - multa de …"
        return 0.15 if any(_has(near, w) for w in focus[1:]) else 0.0
    # The value is above (a fine group, "Pena: multa de …"): the unit names the infraction asked.
    if kind == "valor" and _has(fold(own.lower()).split(), focus[0]):
        return 0.35
    return 0.0
