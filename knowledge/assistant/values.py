"""The answer in plain words, read out of the unit that holds it ("330 UFIRAC", "15 dias, contado …").

When the amount is a formula or an index the reply computes what the law allows
(Recife: Vm = G × Vb with the Vb of the dated parameter ``recife.vb``) and names the
value the law does not give (the UFIRAC of the year, the corrected Vb, the extinct MVR).

Amounts, percentages and dates are kept as values (:class:`Amount`, :class:`Share`) and said in
the reply's locale when the reply is written (``Value.said(translate, locale)``): in Portuguese
exactly as before ("R$ 2.900,00", the law's own figures), in English and Spanish by Babel, as the
web layer says them (``portal/i18n.py``: ``money``, ``date_numeric``) — "R$2,900.00", "2.900,00 R$".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation

from babel.dates import format_date
from babel.numbers import format_currency, format_percent, get_currency_symbol

from ..citations import N_
from ..reader.lexicon import vocabulary
from ..parameters import NotInForce, param
from ..units import Unit, roman_to_int
from .kinds import (ALLOWED_RE, BRL_RE, COUNT_RE, DAY_OF_MONTH_RE, DEADLINE_RE, ORDINAL_DAY_RE, AFTER_DEADLINE_RE, FORBIDDEN_RE, GROUP_RE, MULTIPLIER_RE, MVR_RE, PERCENT_RE, SAME_ARTICLE_RE,
                    SEATS_RE, SHARE_AMOUNT_RE, TIMES_RE, UFIRAC_RE, VB_RE, YEARS_RE, BODY_RE, delegates, gravity_fine, introduces, is_list_item, spelled_out, texts)
from .focus import says
from .numbers import WORDS_NUMBER, as_number, brl
from .text import fold


# What the law leaves out when its amount is a formula or an index (said, never guessed).
MISSING_VB = N_("o Vb é corrigido pelo reajuste tarifário do STCP/Recife, e o valor corrigido de hoje não está na lei")
MISSING_UFIRAC = N_("o valor da UFIRAC do ano, fixado pelo Estado do Acre, não está na lei")
MISSING_MVR = N_("o MVR (Maior Valor de Referência) foi extinto em 1991, e o decreto não diz o valor em reais que o substitui")


# The words around a value, said in the interface language (the value itself is the law's).
SAID_NO = N_("Não: a lei diz “%(palavras)s”")
SAID_YES = N_("Sim: a lei diz “%(palavras)s”")
SAID_ONLY = N_("Só nestes termos: a lei diz “%(palavras)s”")
SAID_OPTIONAL = N_("É opcional: a lei diz “%(palavras)s”")
SAID_ELSEWHERE = {"prazo": N_("A lei não fixa o prazo: diz “%(palavras)s”"), "valor": N_("A lei não fixa o valor: diz “%(palavras)s”")}
DAY_OF_MONTH = N_("dia %(dia)d")
# One and many (the assistant's translate() has no plural forms).
VB_TIMES = (N_("%(n)d vez o valor-base (Vb)"), N_("%(n)d vezes o valor-base (Vb)"))
VB_BASIS = (N_("%(n)d vez o valor-base, Vb, de %(vb)s fixado na lei"), N_("%(n)d vezes o valor-base, Vb, de %(vb)s fixado na lei"))
MVR_SHARE = N_("%(pct)s do MVR")  # pct: a Share, "100%" ("100 %" in Spanish)
UFIRAC_COUNT = N_("%(n)s UFIRAC")
# A fine set against another ("será duplicado a partir da primeira reincidência"), with what it comes to.
TIMES_AMOUNT = {2: N_("o dobro: %(v)s"), 3: N_("o triplo: %(v)s")}
# "multa em dobro equivalente à infração", the infraction not named: twice its fine.
TIMES_FINE = {2: N_("o dobro da multa da infração"), 3: N_("o triplo da multa da infração")}
# Recife's "multa em dobro equivalente à infração" when the question names no group: the formula, whole.
TIMES_GROUP = {2: N_("o dobro da multa da infração: Vm = 2 × G × Vb, sendo G o grupo da infração no Anexo Único"),
               3: N_("o triplo da multa da infração: Vm = 3 × G × Vb, sendo G o grupo da infração no Anexo Único")}
# A unit that sets several limits: all of them, each to be read in the quoted words.
SEVERAL_LIMITS = N_("o dispositivo fixa mais de um limite — %(v)s —, cada um explicado no texto abaixo")
# A number that only divides the cases an article rules differently (PE art. 11: vistoria "Anual" for vehicles
# "com até 15 (quinze) anos", "Semestral" for those "com mais de 15 (quinze) anos") is no limit the law sets.
NO_LIMIT = N_("A lei não fixa esse limite: %(v)s só separa casos com regras diferentes, explicados no texto abaixo")
RAW = "%(v)s"  # the law's own words ("15 dias, contados da notificação"): not a message to translate


def _portuguese(locale: str | None) -> bool:
    return not locale or str(locale).lower().startswith("pt")


def _babel(locale: str) -> str:
    return str(locale).replace("-", "_")


@dataclass(frozen=True)
class Amount:
    """An amount in reais, said in the reply's locale: in Portuguese as the law writes it ("R$ 2.900,00",
    its own figures when read from it) or as ``numbers.brl`` computes it; otherwise by Babel with the
    real's own symbol, as ``portal.i18n.money`` ("R$2,900.00" in English, "2.900,00 R$" in Spanish)."""

    value: Decimal
    written: str = ""  # the law's figures ("2.900,00"), kept for Portuguese

    def in_locale(self, locale: str | None = None) -> str:
        if _portuguese(locale):
            return f"R$ {self.written}" if self.written else brl(self.value)
        text = format_currency(self.value, "BRL", locale=_babel(locale))
        symbol = get_currency_symbol("BRL", _babel(locale))
        return text if symbol == "R$" else text.replace(symbol, "R$")

    @classmethod
    def read(cls, written: str) -> "Amount":
        """The law's "2.900,00" (or "50") as an amount."""
        return cls(Decimal(written.replace(".", "").replace(",", ".")), written)


@dataclass(frozen=True)
class Share:
    """A percentage the law gives ("50", "0,11"): "50%" in Portuguese as before, Babel's percent elsewhere."""

    written: str

    def in_locale(self, locale: str | None = None) -> str:
        try:
            share = Decimal(self.written.replace(",", ".")) / 100
        except InvalidOperation:  # a word as_number could not read: as the law writes it
            share = None
        if _portuguese(locale) or share is None:
            return f"{self.written}%"
        return format_percent(share, locale=_babel(locale), decimal_quantization=False)


@dataclass(frozen=True)
class Phrase:
    """Words and values joined as they are ("R$ 2.900,00 (gravíssimas)"), each value in the locale."""

    parts: tuple

    def in_locale(self, locale: str | None = None) -> str:
        return "".join(p if isinstance(p, str) else p.in_locale(locale) for p in self.parts)


GRAVITIES = vocabulary("gravities")


@dataclass(frozen=True)
class Gravity:
    """The gravity a fine table gives a fine ("gravíssimas"): the law's word in Portuguese, its translation in
    English and Spanish (a word not in the table stays the law's)."""

    word: str

    def in_locale(self, locale: str | None = None) -> str:
        if _portuguese(locale):
            return self.word
        return GRAVITIES.get(_language(locale), {}).get(fold(self.word), self.word)


# A deadline's unit of time in the other interface languages ((singular, plural), keyed by the law's word
# folded and singular), how a reply marks the law's words it quotes untranslated, and a range's words.
TIME_UNITS = vocabulary("time_units")
LAWS_WORDS = vocabulary("laws_words")
RANGE = vocabulary("time_range")


@dataclass(frozen=True)
class Duration:
    """A deadline read from the law ("15 dias", "de 11 a 30 dias", "1 ano, a partir da data de sua
    emissão"): in Portuguese as the law says it (as before); in English or Spanish the number and its unit
    of time translated, and the clause that says from when it counts quoted as the law's words, marked
    as Portuguese — an English reply read "1 ano, a partir da data de sua emissão" as if it were English."""

    number: str  # as_number of the law's figure ("15", "1")
    unit: str  # the law's word ("dias", "dias úteis", "ano")
    low: str = ""  # the start of a range ("de 11 a 30 dias")
    clause: str = ""  # "a partir da data de sua emissão", "contados do recebimento da notificação"

    def in_locale(self, locale: str | None = None) -> str:
        if _portuguese(locale) or _language(locale) not in TIME_UNITS:
            said = f"{self.number} {self.unit}"
            if self.low:
                said = f"de {self.low} a {said}"
            return f"{said}, {self.clause}" if self.clause else said
        language = _language(locale)
        words = TIME_UNITS[language].get(_time_unit_key(self.unit))
        if words is None:  # a unit of time not in the table: the law's words, marked as such
            return f"“{self.in_locale()}” ({LAWS_WORDS[language]})"
        said = f"{self.number} {words[0] if self.number == '1' and not self.low else words[1]}"
        if self.low:
            said = RANGE[language] % {"low": self.low, "high": said}
        return f"{said} (“{self.clause}”, {LAWS_WORDS[language]})" if self.clause else said

    def __str__(self) -> str:
        return self.in_locale()


def _language(locale: str | None) -> str:
    return str(locale).lower().replace("-", "_").split("_")[0]


def _time_unit_key(word: str) -> str:
    """The law's unit of time as TIME_UNITS keys it: folded, singular ("meses" → "mes", "dias" → "dia")."""
    folded = " ".join(fold(word.lower()).split())
    if folded.startswith("dia") and " " in folded:
        return "dias " + folded.split()[1]
    return {"dias": "dia", "horas": "hora", "minutos": "minuto", "meses": "mes", "anos": "ano"}.get(folded, folded)


def day_said(day: date, locale: str | None = None) -> str:
    """A date of the facts as a reply says it: DD/MM/AAAA in Portuguese (as before) and Spanish, Babel's
    medium format in English — the rule of ``portal.i18n.date_numeric`` for legal dates."""
    if _portuguese(locale):
        return day.strftime("%d/%m/%Y")
    return format_date(day, "medium" if str(locale).startswith("en") else "dd/MM/yyyy", locale=_babel(locale))


def _in_locale(params: dict, locale: str | None) -> dict:
    return {key: value.in_locale(locale) if hasattr(value, "in_locale") else value for key, value in params.items()}


@dataclass(frozen=True)
class Value:
    """A value to say first.  ``text`` is a message (translated by the caller) and ``params``
    its values, so that "Não: a lei diz …" or "40 vezes o valor-base" reads in the interface
    language while the law's words stay as the law says them."""

    text: str  # "330 UFIRAC", "15 dias, contado do recebimento da notificação" (RAW with params {"v": …})
    missing: str = ""  # what the law does not give (one of the MISSING_* messages), when any
    source: Unit | None = None  # the unit the value was read from, when it is not the unit answered
    basis: str = ""  # how a computed amount was computed (a message: VB_BASIS)
    params: dict = field(default_factory=dict, hash=False, compare=False)
    basis_params: dict = field(default_factory=dict, hash=False, compare=False)

    def said(self, translate=None, locale: str | None = None) -> str:
        """The value in words; ``translate(text, **params)`` gives the interface language and
        ``locale`` the format of its amounts and percentages (Portuguese when not given)."""
        params = _in_locale(self.params, locale)
        return translate(self.text, **params) if translate else self.text % params

    def how(self, translate=None, locale: str | None = None) -> str:
        if not self.basis:
            return ""
        params = _in_locale(self.basis_params, locale)
        return translate(self.basis, **params) if translate else self.basis % params


def raw(words: str, **kwargs) -> Value:
    """A value in the law's own words."""
    return Value(RAW, params={"v": words}, **kwargs)


def _deadline(text: str, focus: list[str]) -> tuple[str, dict] | None:
    """The deadline the unit sets; of several, the one next to what was asked ("renovada com
    antecedência mínima de 30 dias" rather than "validade por 1 ano" when renewing is asked)."""
    # "com mais de 10 (dez) anos do primeiro emplacamento": an age the rule is for, not the period it sets.
    matches = [m for m in DEADLINE_RE.finditer(text) if not BOUND_BEFORE_RE.search(text[max(0, m.start() - 20): m.start()])]
    if not matches:
        day = DAY_OF_MONTH_RE.search(text)
        if day:
            return (DAY_OF_MONTH, {"dia": int(day.group(1))})
        if ordinal := ORDINAL_DAY_RE.search(text):
            return (RAW, {"v": re.sub(r"\s+", " ", ordinal.group(1))})
        period = PERIOD_RE.search(text)  # "II - Semestral:" over the vehicles it applies to
        return (RAW, {"v": period.group(1).capitalize()}) if period else None
    # "de um a dez dias, quando se tratar da primeira apreensão no prazo de doze meses": a period inside
    # the condition ("quando …") says when the rule applies, not what it sets.
    said_outright = [m for m in matches if not CONDITION_BEFORE_RE.search(re.split(r"[;:]", text[: m.start()])[-1])]
    matches = said_outright or matches
    match = matches[0]
    if len(matches) > 1 and focus:
        # The deadline closest to the word asked: "remetida … no prazo de 60 dias, para que apresente defesa
        # no prazo de 15 dias" answers "defesa" with 15, though 60 is near it too.
        folded = fold(text.lower())
        spots = [w.start() for w in re.finditer(r"\w+", folded) if says([w.group()], focus[0], weak=False)]

        def distance(m: re.Match) -> int:
            return min((max(m.start() - (spot + 1), spot - m.end(), 0) for spot in spots
                        if m.start() - 80 <= spot <= m.end() + 30), default=10**6)
        nearest = min(matches, key=distance)
        match = nearest if distance(nearest) < 10**6 else match
    unit_word = re.sub(r"\s+", " ", match.group(2))
    # "de onze a trinta dias": a range, said whole.
    low = re.search(rf"\bde\s+({WORDS_NUMBER}|\d+)(?:\s*\([^)]{{1,30}}\))?\s+a\s+$", text[max(0, match.start() - 40): match.start()], re.I)
    after = AFTER_DEADLINE_RE.match(text[match.end():])
    return (RAW, {"v": Duration(str(as_number(match.group(1))), unit_word, str(as_number(low.group(1))) if low else "",
                                re.sub(r"\s+", " ", after.group(1)).strip().rstrip(",") if after else "")})


CONDITION_BEFORE_RE = re.compile(r"\b(quando|caso)\b", re.I)
# A bound just before a duration makes it the measure of what the rule is for ("com até 15 anos de
# fabricação", "com mais de 10 anos"), not a deadline.
BOUND_BEFORE_RE = re.compile(r"\b(com|de) (mais|menos) de\s*$|\bcom at[ée]\s*$|\b(acima|abaixo) de\s*$", re.I)

# A periodicity the law names in a word (PE art. 11: "I - Anual:", "II - Semestral:").
PERIOD_RE = re.compile(r"\b(anual|semestral|trimestral|bimestral|mensal|bienal|semanal)\b", re.I)


def _recife_group(unit: Unit) -> int | None:
    """The fine group of an Anexo Único entry, or of the unit that defines a group ("III - Grupo 3 - …")."""
    for u in [unit, *reversed(unit.ancestors())]:
        if u.kind == "grupo":
            return int(u.number) if u.number.isdigit() else None
    match = GROUP_RE.match(unit.text)
    return int(match.group(1)) if match else None


def _vb_times(n: int, on: date) -> Value:
    """Recife's Vm = n × Vb, computed with the Vb in force on that date (parameter ``recife.vb``)."""
    try:
        base = param("recife.vb", on).value
    except NotInForce:
        return Value(VB_TIMES[n != 1], MISSING_VB, params={"n": n})
    return raw(Amount(base * n), missing=MISSING_VB, basis=VB_BASIS[n != 1], basis_params={"n": n, "vb": Amount(base)})


# "a multa do grupo 3": the group a question names.
ASKED_GROUP_RE = re.compile(r"\bgrupo\s+(\d)\b")


def _multiplied(unit: Unit, law_id: str, on: date, asked: str = "") -> Value | None:
    """ "O valor da multa prevista no inciso I deste artigo será duplicado": twice what inciso I sets;
    Recife's "multa em dobro equivalente à infração" with the group the question names: 2 × G × Vb."""
    match = MULTIPLIER_RE.search(texts(unit))
    named = SAME_ARTICLE_RE.search(texts(unit))
    if not match:
        return None
    factor = 3 if re.match(r"tripl|em triplo|o triplo", match.group(1), re.I) else 2
    if not named and law_id.startswith("recife") and (group := ASKED_GROUP_RE.search(asked)):
        times = _vb_times(int(group.group(1)) * factor, on)
        said = times.params["v"] if times.text == RAW else times.said()  # an Amount, said in the reply's locale
        return Value(TIMES_AMOUNT[factor], times.missing, basis=times.basis, params={"v": said}, basis_params=times.basis_params)
    if not named and law_id.startswith("recife"):
        return Value(TIMES_GROUP[factor], MISSING_VB)
    if not named:  # PE art. 23, II: "multa em dobro equivalente à infração", whose fine is by its gravity (art. 28)
        return Value(TIMES_FINE[factor])
    if not named:
        return None
    base_unit = next((u for u in unit.article.walk() if u.kind == "inciso" and u.parent is unit.article
                      and u.number == str(roman_to_int(named.group(1).upper()))), None)
    base = _amount(base_unit, law_id, on) if base_unit is not None else None
    if base is None:
        return None
    if base.text == UFIRAC_COUNT and str(base.params.get("n", "")).isdigit():
        said = UFIRAC_COUNT % {"n": int(base.params["n"]) * factor}
    elif base.text == MVR_SHARE:
        said = Phrase((base.params["pct"], MVR_SHARE.replace("%(pct)s", ""), f" × {factor}"))
    else:
        said = Phrase((base.params["v"], f" × {factor}")) if base.text == RAW else f"{base.said()} × {factor}"
    return Value(TIMES_AMOUNT[factor], base.missing, params={"v": said})


def _amount(unit: Unit, law_id: str, on: date, asked: str = "") -> Value | None:
    if multiplied := _multiplied(unit, law_id, on, asked):
        return multiplied
    if (fine := gravity_fine(unit, law_id)) is not None and (amounts := BRL_RE.findall(texts(fine))):
        return raw(Phrase((Amount.read(amounts[0]), " (", Gravity(fine.text.split(":")[0].strip()), ")")), source=fine)
    group = _recife_group(unit) if law_id.startswith("recife") else None
    if group is None and law_id.startswith("recife") and (named := ASKED_GROUP_RE.search(asked)) \
            and any(VB_RE.search(texts(u)) for u in [unit, *unit.ancestors()]):
        group = int(named.group(1))  # the formula Vm = G × Vb, for the group the question names
    if group is not None:
        return _vb_times(group, on)
    for u in [unit, *reversed(unit.ancestors())]:
        text = texts(u)
        if (match := VB_RE.search(text)) and match.group(1) != "G":
            return _vb_times(int(match.group(1)), on)
        if match := UFIRAC_RE.search(text):
            return Value(UFIRAC_COUNT, MISSING_UFIRAC, params={"n": as_number(match.group(1))})
        if match := MVR_RE.search(text):
            return Value(MVR_SHARE, MISSING_MVR, params={"pct": Share(match.group(1))})
        if matches := BRL_RE.findall(text):
            return raw(Phrase(tuple(part for i, m in enumerate(matches[:3]) for part in ((", ",) if i else ()) + (Amount.read(m),))))
        if match := SHARE_AMOUNT_RE.search(text):
            return raw(Phrase((Share(match.group(1)), re.sub(r"\s+", " ", match.group(2)) if match.group(2) else "")))
        if u is not unit and not (introduces(u) or u.closing):
            break
    return None


def split_points(article: Unit) -> frozenset[tuple[str, float]]:
    """(measure, number) said in an article both as an upper bound ("com até 15 anos") and as a lower bound
    ("com mais de 15 anos") of its units' conditions: the point where one rule gives way to another."""
    from .conditions import _ranges

    uppers, lowers = set(), set()
    for u in article.walk():
        for measure, low, _low_in, high, _high_in in _ranges(u.text):
            if high is not None:
                uppers.add((measure, high))
            if low is not None and high is None:
                lowers.add((measure, low))
    return frozenset(uppers & lowers)


LIMIT_MEASURES = {measure: re.compile(cue) for measure, cue in vocabulary("limit_measures").items()}
LIMIT_NOUNS = {fold(noun): measure for measure, nouns in vocabulary("limit_nouns").items() for noun in nouns}


def _measures_asked(asked: str) -> frozenset[str]:
    """The measures a limit question names (lexicon ``limit_measures``): "quantos ônibus próprios no mínimo"
    asks a count of vehicles, "idade máxima" a number of years."""
    return frozenset(measure for measure, cue in LIMIT_MEASURES.items() if cue.search(asked))


def _limit(unit: Unit, asked: str = "") -> Value | None:
    splits = split_points(unit.article) if unit.article is not None else frozenset()
    wanted = _measures_asked(asked)
    divides_only: list[str] = []
    for u in [unit, *reversed(unit.ancestors())][:2]:
        text = texts(u)
        found: list[tuple[int, object, str]] = []  # (where, said, its measure)
        for pattern, suffix in ((YEARS_RE, "anos"), (SEATS_RE, None), (COUNT_RE, None), (TIMES_RE, "vezes")):
            for match in pattern.finditer(text):
                said = f"{as_number(match.group(1))} {suffix or match.group(2)}"
                number = as_number(match.group(1))
                if suffix == "anos" and number.isdigit() and ("anos", float(number)) in splits:
                    divides_only.append(said)
                    continue
                noun = fold(suffix or match.group(2)).lower()
                found.append((match.start(), said, LIMIT_NOUNS.get(noun, noun)))
        found.sort(key=lambda f: f[0])
        for i, (at, said, measure) in enumerate(found):
            # "capacidade mínima de 12 (doze) e máxima de 20 (vinte) pessoas": the first count's thing is the next's.
            if measure in ("e", "ou") and i + 1 < len(found) and found[i + 1][2] not in ("e", "ou"):
                number = said.rsplit(" ", 1)[0]
                found[i] = (at, f"{number} {found[i + 1][1].split(' ', 1)[1]}", found[i + 1][2])
        for match in PERCENT_RE.finditer(text):
            found.append((match.start(), Share(as_number(match.group(1))), "%"))
        if wanted and len({m for _, _, m in found}) > 1 and any(m in wanted for _, _, m in found):
            # Limits of several measures, and the question names which: only that one is the answer.
            found = [f for f in found if f[2] in wanted]
        said = list(dict.fromkeys(v for _, v, _m in sorted(found, key=lambda f: f[0])))
        if said:  # "3 anos; 6 anos": every limit the unit sets, in its order
            listed = Phrase(tuple(part for i, v in enumerate(said[:3]) for part in (("; ",) if i else ()) + (v,)))
            # Several numbers said bare read as one answer ("15 anos; 50%; 20 anos"): they are named as the
            # unit's limits, each read in the quote that follows.
            return Value(SEVERAL_LIMITS, params={"v": listed}) if len(said) > 1 else raw(listed)
        if u is unit and not (unit.parent is not None and introduces(unit.parent)):
            break
    if divides_only:
        return Value(NO_LIMIT, params={"v": ", ".join(dict.fromkeys(divides_only))})
    return None


def _listed(unit: Unit) -> str:
    """An item of a list with the items it introduces ("I - no fretamento eventual …: a) …, b) …")."""
    said = f"{unit.marker} {unit.text.rstrip(';.')}"
    if introduces(unit):
        said += " " + ", ".join(_listed(c) for c in unit.children if c.text and c.kind != "paragrafo")
    return said


def _documents(unit: Unit) -> Value | None:
    # The papers are the list's items; the article's paragraphs (exceptions, a fee's due date) are not.
    items = [c for c in unit.children if c.text and c.kind != "paragrafo"] if introduces(unit) else []
    if not items:
        return None
    listed = "; ".join(_listed(c) for c in items)
    return raw(listed if len(listed) <= 900 else listed[:900].rsplit(" ", 1)[0] + " …")


OPTIONAL_RE = re.compile(r"\b(?:[ée]|ser[áa]|s[ãa]o|ser[ãa]o)\s+facultativ[oa]s?\b", re.I)
# A permission bound to a condition: "somente poderá ser feita na parte interna do veículo" (to the clause's end).
ONLY_RE = re.compile(r"\b(?:somente|s[óo]|apenas|exclusivamente)\s+(?:poder[áa]o?|ser[áa]o?\s+(?:permitid|admitid|autorizad)\w*)[^.;:,]{0,90}", re.I)


def _permission(unit: Unit) -> Value | None:
    text = texts(unit)
    lead = next((a for a in reversed(unit.ancestors()) if introduces(a) and FORBIDDEN_RE.search(a.text)), None)
    if is_list_item(unit) and lead is not None and not ALLOWED_RE.search(text):
        return Value(SAID_NO, params={"palavras": FORBIDDEN_RE.search(lead.text).group(1)})
    if match := FORBIDDEN_RE.search(text):
        return Value(SAID_NO, params={"palavras": match.group(1)})
    if match := OPTIONAL_RE.search(text):
        return Value(SAID_OPTIONAL, params={"palavras": match.group(0)})  # "Será facultativa … a presença de pneu …"
    if match := ONLY_RE.search(text):
        # "Qualquer propaganda somente poderá ser feita na parte interna do veículo": allowed only so.
        return Value(SAID_ONLY, params={"palavras": re.sub(r"\s+", " ", match.group(0)).strip()})
    if match := ALLOWED_RE.search(text):
        return Value(SAID_YES, params={"palavras": match.group(0)})
    return None


def _who(unit: Unit, law_id: str) -> Value | None:
    """The body the unit names ("AGEAC (Agência Reguladora dos Serviços Públicos do Estado do Acre)")."""
    names = spelled_out(law_id)
    for u in [unit, *reversed(unit.ancestors())][:2]:
        bodies = []
        for match in BODY_RE.finditer(texts(u)):
            body = match.group(1)
            if body.isupper() and body not in names:
                continue  # a roman numeral, a certificate (CRC), an index (MVR)
            acronym = body if body.isupper() else next((a for a, n in names.items() if n == body), None)
            bodies.append(f"{acronym} ({names[acronym]})" if acronym else body)
        # "Compete ao Poder Público Municipal …, através da Secretaria de Serviços Públicos - SSP":
        # the body named is the answer; "poder concedente" only when the unit names none.
        named = [b for b in bodies if b[0].isupper() and not b.startswith("Poder")] or bodies
        if named:
            return raw(named[0])
    return None


def _elsewhere(kind: str, unit: Unit) -> Value | None:
    """ "A lei não fixa o prazo: diz 'prazos … estabelecidos na regulamentação'": the law
    leaves the value to another act, and the reply says so rather than any number nearby."""
    found = delegates(kind, unit.text)
    if not found:
        return None
    words = found.group(0)
    if len(words) > 160:  # "Os valores a serem recolhidos … [a long list] … serão instituídos no regulamento"
        words = words[:60].rsplit(" ", 1)[0] + " … " + words[-90:].split(" ", 1)[-1]
    return Value(SAID_ELSEWHERE[kind], params={"palavras": words})


def says_law_fixes_none(value: "Value | None") -> bool:
    """Does this value say the law fixes no such number (leaves it to a regulation, or only divides cases)?"""
    return value is not None and (value.text == NO_LIMIT or value.text in SAID_ELSEWHERE.values())


def plain_value(kind: str | None, unit: Unit, law_id: str, on: date, focus: list[str] = (), asked: str = "") -> Value | None:
    """The answer in plain words, read from the unit (and the caput or fine it completes), on a date;
    ``asked``: the normalised question, for what it names of a formula (Recife's fine group)."""
    if kind == "prazo":
        for u in [unit, *reversed(unit.ancestors())][:2]:
            if said := _deadline(texts(u), list(focus)):
                return Value(said[0], params=said[1])
        return _elsewhere(kind, unit)
    if kind == "valor":
        return _amount(unit, law_id, on, asked) or _elsewhere(kind, unit)
    if kind == "limite":
        # "o seguro mínimo": a minimum that is an amount ("mínima de: II - R$ 300.000,00").
        return _limit(unit, asked) or (_amount(unit, law_id, on, asked) if BRL_RE.search(texts(unit)) else None)
    if kind == "documentos":
        return _documents(unit)
    if kind == "permissao":
        return _permission(unit)
    if kind == "quem":
        return _who(unit, law_id)
    return None
