"""The laws' structure map (knowledge/statutes/estrutura/*.yaml, knowledge/structure.py), checked against the statutes.

Every unit the map names must exist in the parsed law on every day its entry applies, and every
quote must be word for word (whitespace aside) in that unit's wording in force on those days
(``knowledge.history.wording_at``); a complaint category that names a catalogue row must find that
row in the catalogue on those days.  Editing the YAML alone cannot satisfy these checks.
"""

from __future__ import annotations

import unicodedata
from datetime import date, timedelta

import pytest

from knowledge import structure
from knowledge.complaints import OCCURRENCES, SP_READINGS, classify
from knowledge.history import change_dates, law_on, wording_at
from knowledge.infractions import TABLES, catalogue, row
from knowledge.parameters import PARAMETERS, param
from knowledge.places import PLACES
from knowledge.structure import Ref, StructureError, all_maps, complaint, fine_rule, law_map
from knowledge.vigencia import act

TODAY = date(2026, 11, 29)


def normalize(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def days(law_id: str, since: date, until: date | None) -> list[date]:
    """The first day and every day the law's text changed while the entry applied."""
    end = until or TODAY
    return [since] + [d for d in change_dates(law_id) if since < d <= end]


def law_days(law_id: str) -> list[date]:
    """Every wording of the law: a reference with no dates of its own holds in all of them."""
    return change_dates(law_id)


def _refs_of_tables_and_regulator(law_map_):
    for ref in law_map_.regulator:
        yield "regulator", ref
    for table in law_map_.tables.values():
        yield f"{table.id} priced_by", table.priced_by
        for ref in table.also:
            yield f"{table.id} also", ref
        if table.measure:
            yield f"{table.id} measure", table.measure.ref
        if table.warning_first:
            yield f"{table.id} warning_first", table.warning_first.ref
        if table.punishes_ref:
            yield f"{table.id} punishes", table.punishes_ref


def _refs_of_complaints(law_map_):
    for occurrence, wordings in law_map_.complaints.items():
        for wording in wordings:
            where = f"{occurrence} since {wording.since}"
            for item in wording.cites:
                if item.unit:
                    yield where, wording, Ref(item.unit, item.words)
            for extra in (wording.per_passenger, wording.alternative):
                if extra:
                    yield where, wording, extra


STANDING = [(m.law_id, where, ref) for m in all_maps() for where, ref in _refs_of_tables_and_regulator(m)]
DATED = [(m.law_id, where, w, ref) for m in all_maps() for where, w, ref in _refs_of_complaints(m)]


def _assert_in_wording(law_id: str, ref: Ref, day: date, where: str) -> None:
    version = wording_at(law_id, ref.unit, day)
    assert version is not None, f"{law_id} {where}: {ref.unit} did not exist on {day}"
    assert version.known, f"{law_id} {where}: the wording of {ref.unit} on {day} is not in the corpus"
    assert normalize(ref.words) in normalize(version.text), f"{law_id} {where}: {ref.words!r} is not in {ref.unit} as in force on {day}: {version.text!r}"


@pytest.mark.parametrize("law_id,where,ref", STANDING, ids=[f"{l} {w} {r.unit}" for l, w, r in STANDING])
def test_table_and_regulator_units_say_the_quoted_words_in_every_wording(law_id, where, ref):
    for day in law_days(law_id):
        _assert_in_wording(law_id, ref, day, where)


@pytest.mark.parametrize("law_id,where,wording,ref", DATED, ids=[f"{l} {w} {r.unit}" for l, w, _, r in DATED])
def test_complaint_units_say_the_quoted_words_on_the_days_their_wording_applies(law_id, where, wording, ref):
    for day in days(law_id, wording.since, wording.until):
        _assert_in_wording(law_id, ref, day, where)


ROWS = [(m.place, occ, w) for m in all_maps() for occ, ws in m.complaints.items() for w in ws if w.row]


@pytest.mark.parametrize("place,occurrence,wording", ROWS, ids=[f"{p} {o} {w.since}" for p, o, w in ROWS])
def test_a_complaint_row_is_a_catalogue_row_on_every_day_of_its_wording(place, occurrence, wording):
    for day in days(PLACES[place].law_id, wording.since, wording.until):
        found = row(place, wording.row, day)
        assert found is not None, f"{place} {occurrence}: no catalogue row {wording.row} on {day}"
        # a row that is cited is quoted: the quote is in the row's own words
        quoted = [c for c in wording.cites if c.row]
        assert all(normalize(c.words).rstrip(";.").lower() in normalize(found.text).lower() for c in quoted), (found.text, quoted)


def test_parameters_cited_by_complaints_are_in_force_on_their_days():
    for m in all_maps():
        for occurrence, wordings in m.complaints.items():
            for wording in wordings:
                for item in wording.cites:
                    if item.param:
                        for day in days(m.law_id, wording.since, wording.until):
                            assert param(item.param, day).cite.law == m.law_id, (occurrence, item.param, day)


def test_every_place_says_what_every_occurrence_is():
    """The classifier asks the map for each occurrence: none is left out, none is unknown."""
    for m in all_maps():
        assert set(m.complaints) == set(OCCURRENCES) - {"outro"}, m.law_id
        for occurrence, wordings in m.complaints.items():
            for wording in wordings:
                assert wording.cites, (m.law_id, occurrence)
                assert wording.no_specific or wording.row or wording.warning or not any(c.row for c in wording.cites), (m.law_id, occurrence)
                assert not (wording.no_specific and wording.row), (m.law_id, occurrence)


def test_sao_paulo_alternative_readings_are_the_ones_the_map_marks():
    """The note on another reading (art. 37, parágrafo único) is shown exactly where the map names that reading."""
    marked = {occ for occ, ws in law_map("sp").complaints.items() if any(w.alternative for w in ws)}
    assert marked == set(SP_READINGS)


def test_the_dated_wordings_take_their_days_from_vigencia():
    """Pernambuco's Anexo I changed with Lei 17.107/2020: the categories' wordings switch that day, not on a date of their own."""
    lei_17107 = act("pe-lei-17107-2020").in_force
    for occurrence, wordings in law_map("pe").complaints.items():
        assert [w.since for w in wordings] == [PLACES["pe"].in_force, lei_17107], occurrence
        assert wordings[0].until == lei_17107 - timedelta(days=1) and wordings[0].previous
        assert wordings[1].until is None and not wordings[1].previous
    # II a) "transportar passageiro em pé" (moderada) until 12/11/2020; III e) "… em pé ou acima da capacidade do veículo" (grave) since.
    before, after = complaint("pe", "passageiros_em_pe", lei_17107 - timedelta(days=1)), complaint("pe", "passageiros_em_pe", lei_17107)
    assert (before.row, after.row) == ("anexo-i/inc-2/ali-a", "anexo-i/inc-3/ali-e")
    assert row("pe", before.row, before.since).gravity == "moderada" and row("pe", after.row, after.since).gravity == "grave"
    assert classify("passageiros_em_pe", "pe", lei_17107 - timedelta(days=1)).gravidade == "moderada"
    assert classify("passageiros_em_pe", "pe", lei_17107).gravidade == "grave"


def test_the_article_that_prices_each_table():
    # PE art. 28: "As multas aplicáveis às infrações previstas nesta Lei observarão os seguintes valores e gradação".
    assert fine_rule("pe", "anexo-i") == "art-28"
    # Recife art. 36: "Os valores das multas são calculados através da fórmula Vm = G x Vb".
    assert fine_rule("recife", "anexo-unico") == "art-36"
    assert structure.fine_rules("recife", "anexo-unico") == ["art-36", "art-36/par-1", "art-33/inc-2"]
    # SP art. 37: "As multas terão seus valores fixados em base percentual sobre o Maior Valor de Referência".
    assert fine_rule("sp-decreto-29912-1989", "art-37") == "art-37"
    # AC art. 75: "A pena de multa será aplicada quando do cometimento das seguintes infrações".
    assert fine_rule("ac", "art-75") == "art-75"
    # The catalogue cites the same unit with every row of the table.
    for place, table in TABLES.items():
        main = next(t for t in law_map(place).tables.values() if t.rows is not None)
        assert table.fine_unit == main.priced_by.unit and table.row_parent.pattern == main.rows.pattern


def test_each_table_finds_rows_and_its_fine_parameters_exist():
    """Each table's pattern matches units in every wording, and each row it yields has a fine parameter."""
    for m in all_maps():
        for table in m.tables.values():
            for day in law_days(m.law_id):
                units = law_on(m.law_id, day).law.units()
                assert any(table.rows.match(u.id) if table.rows else u.id == table.unit for u in units), (m.law_id, table.id, day)
        rows = catalogue(m.place)
        assert rows and all(r.fine_param in PARAMETERS for r in rows), m.law_id
        assert {r.unit_id for r in rows if not r.heading} == {t.unit for t in m.tables.values() if t.unit}
        assert all(r.gravity for r in rows if r.heading), m.law_id  # every heading maps to a gravity or a group


def test_the_regulators_are_the_maps():
    from knowledge.complaints import REGULATORS

    for place, regulator in REGULATORS.items():
        assert [c.unit for c in regulator.citations] == [r.unit for r in law_map(place).regulator]


def test_a_malformed_map_fails_when_read():
    priced = {"unit": "art-1", "words": "x"}
    with pytest.raises(StructureError):
        structure._table("t", {"name": "t", "fine_param": "p", "priced_by": priced, "rows": "^a$", "unit": "b"}, "t")
    with pytest.raises(StructureError):
        structure._table("t", {"name": "t", "fine_param": "p", "priced_by": {"unit": "art-1"}, "unit": "b"}, "t")
    with pytest.raises(StructureError):  # wordings out of date order
        structure._wordings("pe-lei-16205-2017", "x", [{"since": "pe-lei-17107-2020", "cites": []}, {"cites": []}], "x")
    with pytest.raises(StructureError):  # two catalogue rows in one wording
        structure._wordings("pe-lei-16205-2017", "x", [{"row": "a", "cites": [{"row": "b", "words": "w"}]}], "x")
    with pytest.raises(KeyError):
        law_map("nowhere")


def test_the_comparison_words_for_gravity_agree_with_the_catalogue_rows():
    """/comparar writes "infração grave" (terminal), "moderada" (list) and "gravíssima" (no CRC) in its sentences:
    the rows the map gives for them keep that gravity in every wording (Lei 17.107/2020 regraded others)."""
    for occurrence, gravity in (("terminal_rodoviario", "grave"), ("passageiro_fora_da_lista", "moderada"), ("sem_autorizacao", "gravissima")):
        for wording in law_map("pe").complaints[occurrence]:
            for day in days("pe-lei-16205-2017", wording.since, wording.until):
                assert row("pe", wording.row, day).gravity == gravity, (occurrence, day)


def test_every_recife_complaint_row_has_its_group_named():
    from knowledge.complaints import RECIFE_GROUPS, RECIFE_MEASURE_AND_FINE

    for occurrence, wordings in law_map("recife").complaints.items():
        for wording in wordings:
            if wording.row:
                found = row("recife", wording.row, wording.since)
                assert found.gravity in RECIFE_GROUPS if found.gravity else found.measure in RECIFE_MEASURE_AND_FINE, occurrence


def _row_rules(law_map_):
    for table in law_map_.tables.values():
        for rule in table.measures:
            yield table, "measure", rule
        for rule in table.responsible:
            yield table, "responsible", rule


ROW_RULES = [(m, t, what, rule) for m in all_maps() for t, what, rule in _row_rules(m)]


@pytest.mark.parametrize("law_map_,table,what,rule", ROW_RULES,
                         ids=[f"{m.law_id} {t.id} {w} {r.kind or r.who[:20]} {r.ref.unit}" for m, t, w, r in ROW_RULES])
def test_measure_and_responsible_units_say_the_quoted_words_on_every_day_of_their_rows(law_map_, table, what, rule):
    """A measure or a responsible person is in the law on every day a row it attaches to is in force,
    word for word in the wording of that day, and attaches to at least one row."""
    rows = [r for r in catalogue(law_map_.place) if rule in (_rules_of(r, what))]
    assert rows, f"{law_map_.law_id} {table.id}: {rule} attaches to no row"
    for found in rows:
        for day in days(law_map_.law_id, found.since, found.until):
            _assert_in_wording(law_map_.law_id, rule.ref, day, f"{table.id} {what} for {found.unit_id}")
    # the rows it names exist: a typo in a unit id would attach the rule to nothing
    assert all(any(r.unit_id == u for r in rows) for u in rule.rows), rule.rows
    if rule.who:
        assert rule.who in rule.ref.words


def _rules_of(catalogue_row, what):
    """The map's rules a catalogue row carries (by unit and quote)."""
    items = catalogue_row.measures if what == "measure" else catalogue_row.responsavel
    return [next(r for t in law_map(catalogue_row.place).tables.values() for r in (t.measures if what == "measure" else t.responsible)
                 if r.ref.unit == i.cite.unit and r.ref.words == i.words and (what != "measure" or r.kind == i.kind)) for i in items]


def test_every_row_says_who_answers_or_that_the_law_does_not():
    """Every row of PE, SP and AC names whom the law holds responsible; Recife's Anexo Único rows name
    the permissionário (art. 33) and the auxiliary driver or conductor (art. 34); Recife's art. 45 names only
    "o infrator" and so nobody (the portal says the law does not say)."""
    for place in ("pe", "sp", "ac"):
        assert all(r.responsavel for r in catalogue(place)), place
    recife = catalogue("recife")
    assert all([p.cite.unit for p in r.responsavel] == ["art-33", "art-34", "art-35"] for r in recife if r.heading)
    assert [r.responsavel for r in recife if r.unit_id == "art-45"] == [()]


def test_measures_follow_the_row_gravity_across_the_pe_change():
    """PE art. 29 and 30 attach measures by gravity: II a) "transportar passageiro em pé" (moderada) until
    12/11/2020 has retenção and recolhimento dos documentos; III e) "… ou acima da capacidade do veículo"
    (grave) since 13/11/2020 also remoção and suspensão do CRC."""
    lei_17107 = act("pe-lei-17107-2020").in_force
    before, after = row("pe", "anexo-i/inc-2/ali-a", lei_17107 - timedelta(days=1)), row("pe", "anexo-i/inc-3/ali-e", lei_17107)
    assert [m.kind for m in before.measures] == ["retencao", "recolhimento_documentos"]
    assert [m.kind for m in after.measures] == ["retencao", "remocao", "recolhimento_documentos", "suspensao_crc"]


def test_a_malformed_measure_fails_when_read():
    priced = {"unit": "art-1", "words": "x"}
    with pytest.raises(StructureError):  # an unknown measure
        structure._table("t", {"name": "t", "fine_param": "p", "priced_by": priced, "unit": "b",
                               "measures": [{"kind": "multa", "unit": "art-1", "words": "x"}]}, "t")
    with pytest.raises(StructureError):  # who must be words of the quote
        structure._table("t", {"name": "t", "fine_param": "p", "priced_by": priced, "unit": "b",
                               "responsible": [{"who": "y", "unit": "art-1", "words": "x"}]}, "t")
