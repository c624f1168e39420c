"""Legal parameters as data: every value traced to the words of the law, in the wording of its date.

The checks here cannot be satisfied by editing the YAML alone:

- the words of each value must be in the text of its reference unit *in the wording in force
  on every day the value applies* (``knowledge.history``), and the value's number must be in
  those words (as the statute writes it: "3.900,00", "15 (quinze)", "trezentas e trinta");
- every parameter must be read by a rule (a ``param(...)`` call in the domain code);
- no statement a flow prints writes a legal number inline ("90 dias", "50%").
"""

from __future__ import annotations

import ast
import re
import unicodedata
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from knowledge import vigencia
from knowledge.corpus import load_law
from knowledge.history import change_dates, wording_at
from knowledge.laws import LAWS
from knowledge.history import exists_on
from knowledge.parameters import PARAMETERS, NotInForce, Parameter, ParameterError, load_parameters, param
from knowledge.structure import all_maps

ROOT = Path(__file__).resolve().parent.parent
TODAY = date(2026, 11, 29)


# -- the number as the statute writes it -----------------------------------------------

UNITS = ["", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze", "treze",
         "quatorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove"]
TENS = ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"]
HUNDREDS = ["", "cento", "duzentos", "trezentos", "quatrocentos", "quinhentos", "seiscentos", "setecentos", "oitocentos", "novecentos"]


def number_words(n: int) -> set[str]:
    """Portuguese words for 1–999 999, masculine and feminine ("trezentos e trinta", "trezentas e trinta")."""
    if n >= 1000:
        thousands, rest = divmod(n, 1000)
        heads = {"mil"} if thousands == 1 else {f"{w} mil" for w in number_words(thousands)}
        if not rest:
            return heads
        return {f"{h} e {r}" for h in heads for r in number_words(rest)} | {f"{h} {r}" for h in heads for r in number_words(rest)}
    if n == 100:
        return {"cem"}
    hundreds, rest = divmod(n, 100)
    parts = []
    if hundreds:
        parts.append(HUNDREDS[hundreds])
    if rest >= 20:
        tens, units = divmod(rest, 10)
        parts.append(TENS[tens] + (f" e {UNITS[units]}" if units else ""))
    elif rest:
        parts.append(UNITS[rest])
    masculine = " e ".join(parts)
    feminine = masculine.replace("entos", "entas").replace("um", "uma").replace("dois", "duas")
    return {masculine, feminine, masculine.replace("cinquenta", "cinqüenta"), masculine.replace("quatorze", "catorze")}


MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"]


def written_forms(value: Decimal | int | date) -> list[str]:
    """How the statute may write the value: digits in Brazilian format, or in words."""
    if isinstance(value, date):
        return [f"{value.day} de {MONTHS[value.month - 1]} de {value.year}", value.strftime("%d/%m/%Y")]
    if isinstance(value, Decimal) and value != value.to_integral_value():
        return [f"{value:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")]
    n = int(value)
    forms = [f"{n:,}".replace(",", ".") + ",00", f"{n:,}".replace(",", "."), f"{n:02d}", str(n)]
    return forms + sorted(number_words(n), key=len, reverse=True)


def normalize(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def contains_number(words: str, value: Decimal | int) -> bool:
    for form in written_forms(value):
        if re.search(rf"(?<![\d.,]){re.escape(form)}(?![\d]|,\d)", words) if form[0].isdigit() else re.search(rf"\b{re.escape(form)}\b", words, re.I):
            return True
    return False


def test_number_forms_cover_the_statutes_spellings():
    assert contains_number("gravíssimas: R$ 3.900,00 (três mil e novecentos reais)", Decimal("3900.00"))
    assert not contains_number("gravíssimas: R$ 2.900,00 (dois mil e novecentos reais)", Decimal("3900.00"))
    assert contains_number("no mínimo 02 (dois) veículos próprios", 2)
    assert contains_number("multa de trezentas e trinta UFIRACs", 330)
    assert contains_number("de um a dez dias", 10)
    assert not contains_number("no prazo de 15 (quinze) dias", 5)
    assert not contains_number("R$ 150,00", 15)
    assert contains_number("serão aceitas, até 31 de outubro de 2022, solicitações", date(2022, 10, 31))


# -- every value, in the wording of its own dates ------------------------------------------


def _days_of(value) -> list[date]:
    """The first day of the value and every day the cited law changed while the value applied."""
    law = value.cite.law
    end = value.until or TODAY
    return [value.since] + [d for d in change_dates(law) if value.since < d <= end]


VALUES = [(p.id, i, v) for p in PARAMETERS.values() for i, v in enumerate(p.values)]


@pytest.mark.parametrize("pid,index,value", VALUES, ids=[f"{pid}[{i}]" for pid, i, _ in VALUES])
def test_each_value_is_in_the_words_of_its_unit_on_its_dates(pid, index, value):
    assert value.words, f"{pid}: cite the statute's words"
    assert contains_number(value.words, value.value), f"{pid}: the number {value.value} is not in {value.words!r}"
    for day in _days_of(value):
        version = wording_at(value.cite.law, value.cite.unit, day)
        assert version is not None, f"{pid}: {value.cite.law} {value.cite.unit} did not exist on {day}"
        assert version.known, f"{pid}: the wording of {value.cite.unit} on {day} is not in the corpus"
        assert normalize(value.words) in normalize(version.text), (
            f"{pid}: {value.words!r} is not in {value.cite.unit} as in force on {day}: {version.text!r}"
        )


def test_the_words_check_tells_the_old_wording_from_the_new():
    """The check reads the wording of the value's date, not any wording the unit ever had."""
    old = wording_at("pe-lei-16205-2017", "art-28/inc-4", date(2019, 5, 1))
    new = wording_at("pe-lei-16205-2017", "art-28/inc-4", date(2020, 11, 13))
    assert "R$ 3.900,00" in old.text and "R$ 3.900,00" not in new.text
    # art. 25, § 1º: the 30-day deadline is the old wording; today § 1º is about images and GPS.
    assert "30 (trinta) dias" in wording_at("pe-lei-16205-2017", "art-25/par-1", date(2019, 5, 1)).text
    assert "imagem, rastreador, GPS" in wording_at("pe-lei-16205-2017", "art-25/par-1", TODAY).text


def test_values_follow_the_amendments_and_the_dates_of_vigencia():
    gravissima = PARAMETERS["pe.multa.gravissima"]
    assert gravissima.at(date(2020, 11, 12)).value == Decimal("3900.00")
    assert gravissima.at(date(2020, 11, 13)).value == Decimal("2900.00")
    assert gravissima.at(date(2020, 11, 13)).changed_by == "Lei 17.107/2020"
    assert gravissima.at(date(2018, 2, 22)).until == date(2020, 11, 12)
    with pytest.raises(NotInForce):
        gravissima.at(date(2018, 2, 21))  # art. 48 (original): 90 days after 24/11/2017
    complemento = PARAMETERS["pe.crc.complementacao.dias"]
    assert (complemento.at(date(2019, 1, 1)).value, complemento.at(date(2019, 1, 1)).unit) == (5, "DAYS")
    assert (complemento.at(TODAY).value, complemento.at(TODAY).unit) == (30, "BUSINESS_DAYS")
    assert PARAMETERS["pe.crc.suspensao.dias"].at(date(2019, 1, 1)).maximum is True  # "até 90 (noventa) dias"
    assert PARAMETERS["pe.crc.suspensao.dias"].at(TODAY).maximum is False  # "por 90 (noventa) dias"
    with pytest.raises(NotInForce):
        PARAMETERS["ac.multa.clandestino"].at(date(2013, 12, 20))  # art. 100: 120 days


def test_a_rule_removed_by_an_amendment_stops():
    old_age = PARAMETERS["pe.vistoria.onibus.primeiro_emplacamento.anual_menos_de_anos"]
    assert old_age.at(date(2020, 11, 12)).value == 10
    with pytest.raises(NotInForce):
        old_age.at(date(2020, 11, 13))


def test_param_dates_its_citation_to_the_facts():
    value = param("pe.multa.gravissima", date(2019, 5, 1))
    assert value.cite.unit == "art-28/inc-4" and value.cite.on == date(2019, 5, 1)


def test_acre_ufirac_amounts_and_recife_group_multipliers_are_parameters():
    assert [PARAMETERS[f"ac.multa.inc{n}"].latest().value for n in (1, 2, 3, 4)] == [30, 70, 160, 330]
    assert [PARAMETERS[f"recife.multa.grupo{g}.g"].latest().value for g in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert PARAMETERS["recife.multa.clandestino.vb"].latest().value == 40


# -- entry into force, defined once --------------------------------------------------------


def test_laws_take_their_dates_from_vigencia():
    assert LAWS["pe-lei-16205-2017"].in_force_since == date(2018, 2, 22)
    assert LAWS["ac-lei-2731-2013"].in_force_since == date(2013, 12, 21)
    assert LAWS["pe-lei-16205-2017"].amended_by == ("Lei nº 17.107, de 13/11/2020", "Lei nº 17.406, de 23/09/2021")
    for law_id, info in LAWS.items():
        assert info.in_force_since == vigencia.in_force(law_id)
        first_values = [p.values[0].since for p in PARAMETERS.values() if p.values[0].cite.law == law_id]
        assert first_values and min(first_values) >= info.in_force_since, law_id


@pytest.mark.parametrize("act", [a for a in vigencia.acts().values() if a.basis], ids=lambda a: a.id)
def test_each_vigencia_rule_is_in_the_words_of_the_law_on_its_signing_day(act):
    """The unit fixing the vacatio, as worded when the law was signed (art. 48 of PE was rewritten later)."""
    law_id, unit_id = act.basis.split()
    law = load_law(law_id)
    original = wording_at(law_id, unit_id, act.in_force)
    assert original is not None and normalize(act.words) in normalize(original.text), (act.id, original)
    assert law.by_id[unit_id]  # the unit exists today too


def test_amending_acts_are_the_ones_the_statute_notes_name():
    named = {a.act for law_id in LAWS for u in load_law(law_id).units() for a in u.amendments}
    assert named == {a.name for a in vigencia.acts().values() if a.amends}


# -- every parameter is read by a rule -----------------------------------------------------


def _reads() -> tuple[set[str], list[re.Pattern]]:
    """Ids passed to param()/PARAMETERS[...] in the domain code: literals, f-string patterns, and
    the parameter-id constants of modules that pass a variable."""
    literal: set[str] = set()
    patterns: list[re.Pattern] = []
    for path in (ROOT / "knowledge").rglob("*.py"):
        if "parameters" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        passes_variable = False
        for node in ast.walk(tree):
            arg = None
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "param" and node.args:
                arg = node.args[0]
            elif isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "PARAMETERS":
                arg = node.slice
            if arg is None:
                continue
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                literal.add(arg.value)
            elif isinstance(arg, ast.JoinedStr):
                pattern = "".join(re.escape(v.value) if isinstance(v, ast.Constant) else r"[\w.]+" for v in arg.values)
                patterns.append(re.compile(pattern + "$"))
            else:
                passes_variable = True
        if passes_variable:
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in PARAMETERS:
                    literal.add(node.value)
    # The fine tables' parameter templates ("sp.multa.grupo{n}") in the laws' structure maps, which the
    # catalogue (knowledge/infractions.py) and the complaints read, and the parameters complaints cite.
    for law_map in all_maps():
        for table in law_map.tables.values():
            patterns.append(re.compile(r"[\w.]+".join(re.escape(part) for part in re.split(r"\{\w+\}", table.fine_param)) + "$"))
        literal.update(c.param for wordings in law_map.complaints.values() for w in wordings for c in w.cites if c.param)
    return literal, patterns


def test_every_parameter_is_read_by_some_rule():
    literal, patterns = _reads()
    unread = [pid for pid in PARAMETERS if pid not in literal and not any(p.match(pid) for p in patterns)]
    assert unread == []
    assert literal <= set(PARAMETERS), literal - set(PARAMETERS)


# -- no legal number written inline in a flow's statements --------------------------------

NUMBER_WORDS = "|".join(sorted({w for n in range(1, 400) for w in number_words(n)} - {""}, key=len, reverse=True))
INLINE_NUMBER = re.compile(
    rf"(?:\b\d+(?:[.,]\d+)?|\b(?:{NUMBER_WORDS}))\s*(?:(?:primeiros|últimos)\s+)?(?:%|dias?\b|horas?\b|anos?\b|meses\b|mês\b|minutos\b|UFIRACs?\b)"
    r"|R\$\s*\d",
    re.I,
)


# Notes that weigh two readings of the law (complaints.py): they must name the provisions they weigh and
# quote the one whose words diverge ("R$ 900,00 (novecentos mil reais)"), next to the citations.
READING_NOTES = {"PE_GRAVE_WORDS", "SP_READINGS"}


# The domain code whose statements and comparisons the checks read: the flows and the operators' fleet
# check (knowledge/fleet/), which applies the same rules to a whole list.
RULE_DIRS = ("flows", "fleet")


def _rule_files() -> list[Path]:
    return sorted(p for d in RULE_DIRS for p in (ROOT / "knowledge" / d).rglob("*.py"))


def _statement_templates() -> list[tuple[str, int, str]]:
    """String literals of the flows, the fleet check, the vehicle status rules and the working-day
    counts, except question and option labels (what the user is asked), and the texts of the flows'
    data files (``knowledge/flows/*.texts.yaml``)."""
    import yaml

    found = []
    for path in sorted((ROOT / "knowledge" / "flows").rglob("*.texts.yaml")):
        for key, value in yaml.compose(path.read_text(encoding="utf-8")).value:
            found.append((path.name, value.start_mark.line + 1, value.value))
    paths = _rule_files() + [ROOT / "knowledge" / "vehicle_status.py", ROOT / "knowledge" / "working_days.py",
                                                                    ROOT / "knowledge" / "complaint_next_steps.py", ROOT / "knowledge" / "complaints.py"]
    for path in paths:
        found += [(path.name, line, text) for line, text in _text_literals(path)]
    return found


def _text_literals(path: Path, *, format_specs: bool = True) -> list[tuple[int, str]]:
    """(line, text) of the string literals of a module that say something: not docstrings, not the
    statute-reading notes, not what a flow asks (Question, Option) or a dated rule's name (Dated);
    without ``format_specs``, not an f-string's format either (``f"{x:.0%}"``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) in READING_NOTES for t in node.targets):
            skip |= {id(n) for n in ast.walk(node)}
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("Question", "Option", "Dated"):  # asked, or a rule's description
            skip |= {id(n) for n in ast.walk(node)}
        if isinstance(node, ast.Expr) and isinstance(getattr(node, "value", None), ast.Constant):
            skip.add(id(node.value))  # docstrings
        if not format_specs and isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            skip |= {id(n) for n in ast.walk(node.format_spec)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip]


def test_the_inline_number_detector_sees_the_usual_forms():
    for text in ("suspenso (90 dias)", "espera máxima de 2 horas", "limite de 50%% de locados", "R$ 2.900,00", "noventa dias", "os 3 primeiros anos"):
        assert INLINE_NUMBER.search(text), text
    for text in ("%(dias)d dias", "Automóvel de 7 lugares", "%(pct)d%% do MVR"):
        assert not INLINE_NUMBER.search(text), text


def test_no_statement_template_writes_a_legal_number():
    inline = [f"{name}:{line}: {text!r}" for name, line, text in _statement_templates() if INLINE_NUMBER.search(text)]
    assert inline == []


ARTICLE_NAMED = re.compile(r"\barts?\.\s*\d|\bartigos?\s+\d|\bincisos?\s+[IVXL]+\b|§\s*\d", re.I)


def test_the_article_detector_sees_the_usual_forms():
    for text in ("nos casos do art. 39", "arts. 1º e 3º", "o artigo 12 exige", "o seu § 1º", "dos incisos IV e V"):
        assert ARTICLE_NAMED.search(text), text
    for text in ("a Lei 17.107/2020", "o Regulamento lista", "Partida às 7h"):
        assert not ARTICLE_NAMED.search(text), text


def test_no_statement_template_names_an_article():
    """The unit a sentence rests on is its citation (linked to the law reader, dated): a statement text
    that also writes "art. N" repeats it, and goes stale when the law is renumbered (art. 1º,
    parágrafo único became § 1º in 2020)."""
    outside_flows = {"working_days.py"}
    named = [f"{name}:{line}: {text!r}" for name, line, text in _statement_templates() if name not in outside_flows and ARTICLE_NAMED.search(text)]
    assert named == []


# Beyond the flows: every text the domain (knowledge/) and the registry import say.  What they may
# still write: the statute-reading notes above, the parser's placeholder article (rewind.py), and an
# article of a law outside the corpus, named with its law (LGPD), which no unit of ours can cite.
OUTSIDE_CORPUS = re.compile(r"\bLGPD\b")


def _domain_texts() -> list[tuple[str, int, str]]:
    paths = sorted((ROOT / "knowledge").rglob("*.py")) + [ROOT / "portal" / "storage" / "registry_import.py"]
    return [(str(path.relative_to(ROOT)), line, text) for path in paths if path.name != "rewind.py"
            for line, text in _text_literals(path, format_specs=False)]


def test_no_domain_text_names_an_article_or_writes_a_legal_number():
    """The whole domain, not only the flows: the comparison of the four laws, the vehicle status,
    the registry's places, the assistant's texts and the importer's errors say the law through
    structured citations and parameters."""
    texts = _domain_texts()
    assert len(texts) > 3000 and any(name == "knowledge/comparison.py" for name, _, _ in texts)
    found = [f"{name}:{line}: {text!r}" for name, line, text in texts
             if (ARTICLE_NAMED.search(text) or INLINE_NUMBER.search(text)) and not OUTSIDE_CORPUS.search(text)]
    assert found == []


def _numbers_compared() -> list[str]:
    """Comparisons in the flows', the fleet check's and the plate check's code with a number other than 0
    (``a["lugares"] > 20``, ``lugares != 7``); bounds that are not law (input checks) are named constants."""
    found = []
    for path in _rule_files() + [ROOT / "knowledge" / "vehicle_status.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            for operand in [node.left, *node.comparators]:
                if isinstance(operand, ast.Constant) and type(operand.value) in (int, float) and operand.value != 0:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_flow_compares_with_a_legal_number():
    """Seats, ages, capacities a rule compares with are parameters (with their citation), not literals."""
    assert _numbers_compared() == []


def test_no_rule_branches_on_the_date_of_an_act():
    """A rule that changed on a date is dated data (a parameter's ``since``) or a dated formula
    (``Dated.since``), never ``if on < LEI_17107`` nor a comparison with a literal ``date(…)``: the flows,
    the fleet check, the plate check, the complaints and the four laws side by side."""
    found = []
    paths = _rule_files() + [ROOT / "knowledge" / name for name in ("vehicle_status.py", "complaints.py", "comparison.py")]
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for operand in [node.left, *node.comparators]:
                    named = isinstance(operand, ast.Name) and re.fullmatch(r"(LEI_\w+|\w*_IN_FORCE|\w*_DATE)", operand.id)
                    literal = (isinstance(operand, ast.Call) and getattr(operand.func, "id", None) == "date"
                               and all(isinstance(arg, ast.Constant) for arg in operand.args))
                    if named or literal:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


def test_the_checks_read_the_fleet_check():
    """The fleet check words its own reasons and compares ages, seats and shares: both checks read it."""
    fleet = {p.name for p in (ROOT / "knowledge" / "fleet").glob("*.py")}
    assert {"pernambuco.py", "sao_paulo.py", "recife.py", "acre.py", "deadlines.py"} <= fleet
    assert fleet <= {p.name for p in _rule_files()}
    texts = {text for name, _, text in _statement_templates() if name in fleet}
    assert "Veículos próprios: %(proprios)d; a lei exige no mínimo %(minimo)d." in texts
    assert any("a Declaração de Vistoria vale por esse período" in text for text in texts)


def test_the_comparison_detector_sees_an_inline_number():
    source = 'def f(a):\n    return a["lugares"] > 20 or a["n"] == 0\n'
    tree = ast.parse(source)
    compares = [n for n in ast.walk(tree) if isinstance(n, ast.Compare)]
    literal = [n for n in compares for o in [n.left, *n.comparators] if isinstance(o, ast.Constant) and type(o.value) is int and o.value != 0]
    assert [ast.unparse(n) for n in literal] == ["a['lugares'] > 20"]


# -- the loader refuses malformed files ------------------------------------------------------


def test_loader_rejects_unknown_acts_units_and_unordered_dates(tmp_path):
    place = tmp_path / "pe"
    place.mkdir()
    cases = {
        "since: lei-inexistente": "'since' deve ser uma data ou um ato",
        "since: 2020-01-01\n      unit: LEGUAS": "unidade desconhecida",
    }
    for since, message in cases.items():
        (place / "x.yaml").write_text(
            f"pe.x:\n  description: x\n  unit: DAYS\n  values:\n    - {since}\n      value: 1\n      reference: pe-lei-16205-2017 art-1\n",
            encoding="utf-8",
        )
        load_parameters.cache_clear()
        with pytest.raises(ParameterError, match=message):
            load_parameters(tmp_path)
    (place / "x.yaml").write_text(
        "pe.x:\n  description: x\n  unit: DAYS\n  values:\n"
        "    - {since: 2020-01-01, value: 1, reference: pe-lei-16205-2017 art-1}\n"
        "    - {since: 2019-01-01, value: 2, reference: pe-lei-16205-2017 art-1}\n",
        encoding="utf-8",
    )
    with pytest.raises(ParameterError, match="fora de ordem"):
        load_parameters(tmp_path)
    (place / "x.yaml").write_text("sp.x:\n  description: x\n  unit: DAYS\n  values: []\n", encoding="utf-8")
    with pytest.raises(ParameterError, match="deve começar por 'pe.'"):
        load_parameters(tmp_path)
    load_parameters.cache_clear()
    assert isinstance(load_parameters()["pe.multa.leve"], Parameter)


# Moved from the wizard tests: parameters are dated and cited on their own dates.
TODAY_FOR_PARAMETERS = date(2026, 11, 29)


def test_every_parameter_citation_resolves_on_its_dates_and_values_are_dated():
    for parameter in PARAMETERS.values():
        dates = [v.since for v in parameter.values]
        assert dates == sorted(dates), parameter.id
        for value in parameter.values:
            # The unit as worded on the value's first and last day (old units such as the
            # original art. 10, II no longer exist today): tests/test_parameters.py checks the words.
            assert exists_on(value.cite, value.since), (parameter.id, value.cite)
            assert exists_on(value.cite, value.until or TODAY_FOR_PARAMETERS), (parameter.id, value.cite)


def test_parameter_values_follow_the_amendments():
    assert PARAMETERS["pe.multa.gravissima"].at(date(2020, 11, 12)).value == Decimal("3900.00")
    assert PARAMETERS["pe.multa.gravissima"].at(date(2020, 11, 13)).value == Decimal("2900.00")
    # The previous wording's 5 days are calendar days ("no prazo de 5 (cinco) dias"), not working days (finding 19).
    old = PARAMETERS["pe.crc.complementacao.dias"].at(date(2019, 1, 1))
    assert old.value == 5 and old.unit == "DAYS"
    assert PARAMETERS["pe.crc.complementacao.dias"].at(date(2021, 1, 1)).unit == "BUSINESS_DAYS"
