"""The catalogue of infractions: every row of the four laws' fine tables, in each wording and its dates.

A passenger tells what happened; the law answers with a row of a table — Pernambuco's Anexo I
(by gravity, fines in art. 28), São Paulo's art. 37 (by inciso, fines in % of the MVR, and the
residual paragraph), Acre's art. 75 (by inciso, fines in UFIRAC) and art. 88 (transporte
clandestino), Recife's Anexo Único (by group, Vm = G × Vb, art. 36) and art. 45 (transport without
permission).  This module generates the rows from the parsed law *as it stood on each date*
(``history.law_on``), so a wording that changed (Pernambuco's Anexo I, rewritten by Lei 17.107/2020)
is two rows with their dates, and a row that did not exist yet is not there.  Nothing is retyped:
the row's words are the unit's words, and the fine comes from the dated parameters
(``knowledge/parameters``) with their citation.

Which table fines what is each law's structure map (``knowledge/statutes/estrutura/<law>.yaml``,
read by :mod:`knowledge.structure`), with the statute's words: ``TABLES`` below is built from it, one
entry per place naming where the rows are and the unit that prices them.  The same map says which
measures the law attaches to each row (``Row.measures``) and whom it holds responsible
(``Row.responsavel``; empty where the law names nobody), with the statute's words and unit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import lru_cache

from .citations import N_, Cite
from .history import change_dates, law_on
from .parameters import NotInForce, param
from .places import PLACES
from .structure import FineTable, RowRule, law_map, warning_first
from .relatos import relatos
from .text import fold
from .unit_questions import unit_questions


@dataclass(frozen=True)
class Table:
    """A fine table of one place's law: where its rows are and which unit fixes each row's fine."""

    place: str
    law_id: str
    name: str  # as the law names it: "Anexo I", "art. 37"
    row_parent: re.Pattern  # the units whose children are rows (a gravity, an inciso, a group)
    fine_param: str  # parameter id with {n} (the parent's number) or {level} (the gravity word)
    fine_unit: str  # the unit that says how the fine is computed ("art-28", "art-36"), cited with the row
    single_rows: tuple[tuple[str, str, str, str], ...] = ()  # (unit, parameter, measure, article it punishes) rows that are a whole article
    # Pernambuco: the gravity is the inciso's heading ("III - GRAVES:"), its fine art. 28's inciso of that level.
    levels: tuple[tuple[str, str], ...] = ()  # folded heading → level


def _table(place: str) -> Table:
    """The place's fine table and its whole-article rows, from its law's structure map."""
    structure = law_map(place)
    (main,) = [t for t in structure.tables.values() if t.rows is not None]
    singles = tuple((t.unit, t.fine_param, t.measure.name if t.measure else "", t.punishes) for t in structure.tables.values() if t.unit)
    return Table(place, structure.law_id, main.name, main.rows, main.fine_param, main.priced_by.unit, singles, main.levels)


TABLES: dict[str, Table] = {place: _table(place) for place in PLACES}


# What the citizen reads for each measure a catalogue row carries (knowledge.structure.MEASURE_KINDS);
# the law's own words and unit come with it.
MEASURE_LABELS = {
    "retencao": N_("retenção do veículo"),
    "remocao": N_("remoção do veículo"),
    "apreensao": N_("apreensão do veículo"),
    "recolhimento_documentos": N_("recolhimento dos documentos obrigatórios"),
    "suspensao_crc": N_("suspensão do CRC"),
    "cancelamento_crc": N_("cancelamento do CRC"),
    "cassacao_registro": N_("cassação do registro, se no mesmo ano civil houver 4 multas pela mesma infração deste grupo (ou 8 por quaisquer infrações dele)"),
    "cassacao_permissao": N_("cassação da permissão, na segunda reincidência"),
    "suspensao_cadastro": N_("suspensão do cadastro do condutor ou cobrador, na reincidência"),
    "cassacao_cadastro": N_("cassação do cadastro do condutor ou cobrador, na segunda reincidência"),
}


@dataclass(frozen=True)
class RowMeasure:
    """An administrative measure or penalty the law attaches to a row ("retencao", "apreensao" …: the
    structure map's ``MEASURE_KINDS``), the statute's words that order it and their unit."""

    kind: str
    words: str
    cite: Cite  # dated the row's first day; ``cite.at(on)`` for the date of the facts


def measures_by_kind(measures) -> list[tuple[str, list[RowMeasure]]]:
    """The row's measures grouped by kind, in their order: São Paulo's cassação has two units (4 fines
    for the same infraction of art. 37, V, or 8 for any of them) that a label says once, with both."""
    groups: dict[str, list[RowMeasure]] = {}
    for m in measures:
        groups.setdefault(m.kind, []).append(m)
    return list(groups.items())


@dataclass(frozen=True)
class Responsible:
    """Whom the law holds responsible for a row: the statute's words naming them, and their unit."""

    text: str
    words: str
    cite: Cite


@dataclass(frozen=True)
class Row:
    """One row of a fine table in one wording: what the law says is an infraction, and its fine."""

    place: str
    law_id: str
    unit_id: str
    text: str  # the row's own words in this wording
    heading: str  # what the row sits under: "GRAVES", "Grupo 2", "V - 400% … quando:"
    gravity: str  # pe: leve … gravissima; sp/ac: the inciso (roman); recife: the group number; "" for a whole-article row
    fine_param: str
    fine_unit: str
    since: date
    until: date | None  # last day of this wording (None: in force today)
    measure: str = ""  # "apreensao" when the row's article orders it
    previous: bool = False  # this wording was replaced since
    # The measures the law attaches to the row, and whom it holds responsible (none: the law does not say).
    measures: tuple[RowMeasure, ...] = field(default=(), compare=False)
    responsavel: tuple[Responsible, ...] = field(default=(), compare=False)
    # The words of the article whose breach the row punishes, in this wording (Recife art. 45 → art. 44):
    # what the row is about, read with its own words.
    punished: str = ""
    questions: tuple[str, ...] = field(default=(), compare=False, repr=False)  # people's words for it (perguntas)
    relatos: tuple[str, ...] = field(default=(), compare=False, repr=False)  # how passengers tell it (relatos)

    @property
    def examples(self) -> tuple[str, ...]:
        """Everything people say about the row: the questions asked about it, then the narratives told."""
        return self.questions + self.relatos

    @property
    def words(self) -> str:
        """What the row says it punishes: its own words, and those of the article it refers to."""
        return f"{self.punished} {self.text}" if self.punished else self.text

    @property
    def key(self) -> str:
        """"<law id> <unit id>": the row as evaluation cases and complaints name it."""
        return f"{self.law_id} {self.unit_id}"

    def in_force(self, on: date) -> bool:
        return self.since <= on and (self.until is None or on <= self.until)

    def cite(self, on: date | None = None) -> Cite:
        return Cite(self.law_id, self.unit_id, on or self.since, previous=self.previous)

    def fine_cites(self, on: date) -> list[Cite]:
        """The units that fix this row's fine on ``on``: the parameter's own reference, then the rule."""
        cites = []
        try:
            cites.append(param(self.fine_param, on).cite.at(on))
        except NotInForce:
            pass
        rule = Cite(self.law_id, self.fine_unit, on)
        if rule not in cites:
            cites.append(rule)
        return cites

    def fine(self, on: date) -> dict | None:
        """The fine on ``on`` in the law's own unit: {"valor", "unidade", "valor_brl"}; None if the law sets none then."""
        try:
            value = param(self.fine_param, on)
        except NotInForce:
            return None
        if self.place == "recife":
            vb = param("recife.vb", on)
            return {"valor": value.value, "unidade": "VB", "valor_brl": vb.value * value.value, "grupo": self.gravity}
        unit = value.unit
        return {"valor": value.value, "unidade": unit, "valor_brl": value.value if unit == "BRL" else None}

    @property
    def advertencia_first(self) -> bool:
        """A group whose first infraction is a written warning, the fine only on a repeat (Recife's
        Grupo 1, art. 33, I: the structure map's ``warning_first``)."""
        first = warning_first(self.place)
        return first is not None and self.gravity == first.group


def _epochs(law_id: str) -> list[tuple[date, date | None]]:
    starts = change_dates(law_id)
    return [(start, None if i + 1 == len(starts) else starts[i + 1] - timedelta(days=1)) for i, start in enumerate(starts)]


def _clean(text: str) -> str:
    """A row's words without the list's joints: "… da bagagem dos passageiros; e," → "… da bagagem dos passageiros"."""
    text = re.sub(r"\s+", " ", text).strip()
    while True:
        cleaned = text.rstrip(";,. ").removesuffix(" e").removesuffix(" ou").strip()
        if cleaned == text:
            return text
        text = cleaned


def _with_rules(row: Row, spec: FineTable) -> Row:
    """The row with the measures and the responsible persons its table's map entry attaches to it."""
    def cite(rule: RowRule) -> Cite:
        return Cite(row.law_id, rule.ref.unit, row.since)

    measures = tuple(RowMeasure(r.kind, r.ref.words, cite(r)) for r in spec.measures if r.applies(row.unit_id, row.gravity))
    responsible = tuple(Responsible(r.who or r.ref.words, r.ref.words, cite(r)) for r in spec.responsible if r.applies(row.unit_id, row.gravity))
    return replace(row, measures=measures, responsavel=responsible)


def _specs(place: str) -> tuple[FineTable, dict[str, FineTable]]:
    """The place's main table and its whole-article tables by unit, as the structure map has them."""
    tables = law_map(place).tables.values()
    return next(t for t in tables if t.rows is not None), {t.unit: t for t in tables if t.unit}


def _rows_of(table: Table, start: date, until: date | None) -> list[Row]:
    main, singles = _specs(table.place)
    return [_with_rules(r, singles.get(r.unit_id, main) if not r.heading else main) for r in _bare_rows_of(table, start, until)]


def _bare_rows_of(table: Table, start: date, until: date | None) -> list[Row]:
    law = law_on(table.law_id, start).law
    questions = unit_questions(table.law_id)
    current_text = {u.id: _clean(u.text) for u in law_on(table.law_id, _epochs(table.law_id)[-1][0]).law.units()}
    rows = []
    for parent in law.units():
        if not table.row_parent.match(parent.id):
            continue
        number = parent.id.rsplit("-", 1)[1]
        heading = _clean(parent.text or parent.marker)
        if table.levels:  # graded by the heading's words (Pernambuco's "III - GRAVES:")
            level = dict(table.levels).get(fold(heading.lower()).rstrip(":").strip(), "")
            gravity, fine_param = level, table.fine_param.format(level=level)
        else:
            gravity, fine_param = number if table.place == "recife" else parent.marker.split()[0], table.fine_param.format(n=number)
        for child in parent.children:
            if child.vetoed or not child.text:
                continue
            text = _clean(child.text)
            rows.append(Row(table.place, table.law_id, child.id, text, heading, gravity, fine_param, table.fine_unit, start, until,
                            previous=until is not None and current_text.get(child.id) != text,
                            questions=_questions_for(questions, child.id, text, current_text)))
    for unit_id, fine_param, measure, punishes in table.single_rows:
        unit = law.by_id.get(unit_id)
        if unit is None:
            continue
        text = _clean(" ".join([unit.text] + [c.text for c in unit.children if c.kind == "inciso" and c.text]))
        breached = law.by_id.get(punishes) if punishes else None
        rows.append(Row(table.place, table.law_id, unit_id, text, "", "", fine_param, unit_id, start, until, measure,
                        punished=_clean(breached.text) if breached is not None and breached.text else "",
                        questions=_questions_for(questions, unit_id, text, current_text)))
    return rows


def _questions_for(questions: dict, unit_id: str, text: str, current_text: dict[str, str]) -> tuple[str, ...]:
    """People's words for a row: its unit's questions while the wording is today's.  An old wording takes
    the questions of today's row that says the same — the same words renumbered ("práticas de vendas … de
    passagens individuais", III f until 2020, IV f since), or most of them ("transportar passageiro em pé",
    II a until 2020, within "… em pé ou acima da capacidade do veículo", III e since) — else none."""
    if current_text.get(unit_id) == text and unit_id in questions:
        return tuple(questions[unit_id].perguntas)
    words = _content_words(text)
    best, best_share = None, 0.0
    for uid, current in current_text.items():
        if uid not in questions or not uid.startswith(unit_id.split("/")[0]):
            continue
        other = _content_words(current)
        # Most of both rows' words shared, or every word of the old row within today's (the row only grew).
        share = len(words & other) / len(words | other) if words | other else 0.0
        if len(words) >= 2 and words <= other:
            share = max(share, SAME_ROW_SHARE)
        if current == text:
            share = 1.0
        if share > best_share:
            best, best_share = uid, share
    return tuple(questions[best].perguntas) if best is not None and best_share >= SAME_ROW_SHARE else ()


# An old row and today's row are the same infraction when they share this share of their telling words.
SAME_ROW_SHARE = 0.5


def _content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z]{4,}", fold(text.lower())))


def _merge(rows: list[Row]) -> list[Row]:
    """One row per unchanged wording: consecutive periods with the same words become one."""
    merged: dict[tuple[str, str], Row] = {}
    out: list[Row] = []
    for row in rows:
        key = (row.unit_id, row.text)
        before = merged.get(key)
        if before is not None and before.until is not None and (row.since - before.until).days == 1:
            joined = replace(before, until=row.until, previous=row.previous)
            out[out.index(before)] = joined
            merged[key] = joined
            continue
        merged[key] = row
        out.append(row)
    return out


@lru_cache(maxsize=None)
def catalogue(place: str) -> tuple[Row, ...]:
    """Every row of ``place``'s fine tables, in every wording, oldest first."""
    table = TABLES[place]
    rows: list[Row] = []
    for start, until in _epochs(table.law_id):
        rows.extend(_rows_of(table, start, until))
    return _with_relatos(_merge(rows))


def _with_relatos(rows: list[Row]) -> tuple[Row, ...]:
    """Each row with the narratives written for it; a row of another wording with the very same words
    takes those of the row that was written for (the writers cover an unchanged text once)."""
    if not rows:
        return ()
    told = relatos(rows[0].law_id)

    def same(text: str) -> str:  # "… do veículo;" (today, before "e") and "… do veículo" (until 2020) say the same
        return text.rstrip(";,. ")

    by_text = {same(r.text): told[(r.unit_id, r.since)] for r in rows if (r.unit_id, r.since) in told}
    return tuple(replace(r, relatos=told.get((r.unit_id, r.since)) or by_text.get(same(r.text), ())) for r in rows)


def rows_on(place: str, on: date) -> list[Row]:
    """The rows in force in ``place`` on ``on`` (none before the law applied)."""
    return [row for row in catalogue(place) if row.in_force(on)]


def row(place: str, unit_id: str, on: date) -> Row | None:
    """The row of that unit in the wording in force on ``on``."""
    return next((r for r in rows_on(place, on) if r.unit_id == unit_id), None)

