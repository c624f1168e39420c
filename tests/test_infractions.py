"""The catalogue of infractions (knowledge/infractions.py): every row of every fine table, in each wording."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from knowledge.history import law_on
from knowledge.infractions import TABLES, catalogue, row, rows_on
from knowledge.places import PLACES


@pytest.mark.parametrize("place", list(TABLES))
def test_every_row_of_every_wording_is_in_the_catalogue(place):
    """Generated from the parsed law on each date: no row of the table is missing, none is invented."""
    table = TABLES[place]
    keys = {(r.unit_id, r.text) for r in catalogue(place)}
    for since in sorted({r.since for r in catalogue(place)}):
        law = law_on(table.law_id, since).law
        for parent in law.units():
            if table.row_parent.match(parent.id):
                for child in parent.children:
                    if child.text and not child.vetoed:
                        assert any(unit_id == child.id for unit_id, _ in keys), child.id
    assert all(r.law_id == PLACES[place].law_id for r in catalogue(place))


def test_pernambuco_anexo_i_in_both_wordings_with_their_dates():
    # Before Lei 17.107/2020: "II - MODERADAS: a) transportar passageiro em pé" (Redação Anterior).
    old = row("pe", "anexo-i/inc-2/ali-a", date(2019, 5, 1))
    assert old.text == "transportar passageiro em pé" and old.gravity == "moderada" and old.previous
    assert old.until == date(2020, 11, 12)
    assert old.fine(date(2019, 5, 1))["valor"] == Decimal("300.00")
    # Since 13/11/2020: "III - GRAVES: … e) transportar passageiro em pé ou acima da capacidade do veículo".
    new = row("pe", "anexo-i/inc-3/ali-e", date(2020, 11, 13))
    assert new.text == "transportar passageiro em pé ou acima da capacidade do veículo" and new.gravity == "grave"
    assert new.since == date(2020, 11, 13) and new.until is None and not new.previous
    assert new.fine(date(2024, 1, 1))["valor"] == Decimal("900.00")
    # The same unit id held another infraction before: "e) opor-se à fiscalização ou desacatá-la".
    assert row("pe", "anexo-i/inc-3/ali-e", date(2019, 5, 1)).text == "opor-se à fiscalização ou desacatá-la"


def test_no_row_before_the_law_applied():
    assert rows_on("pe", date(2018, 2, 21)) == []
    assert rows_on("ac", date(2013, 12, 20)) == []
    assert rows_on("pe", date(2018, 2, 22))


def test_fines_in_each_law_own_unit():
    on = date(2024, 6, 1)
    # SP art. 37, V: "400% (quatrocentos por cento) do Maior Valor de Referência (MVR), quando: … b) for constatada
    # ingestão, pelo motorista, de bebida alcoólica".
    drunk = row("sp", "art-37/inc-5/ali-b", on)
    assert drunk.fine(on) == {"valor": 400, "unidade": "MVR_PCT", "valor_brl": None}
    # AC art. 75, I: "Multa correspondente ao valor de trinta UFIRACs" — "b) tratar passageiro com falta de urbanidade".
    rude = row("ac", "art-75/inc-1/ali-b", on)
    assert rude.text == "tratar passageiro com falta de urbanidade" and rude.fine(on)["valor"] == 30 and rude.fine(on)["unidade"] == "UFIRAC"
    # Recife art. 36: "Vm = G x Vb" — Grupo 2, j: "não tratar com polidez e urbanidade …": 2 × R$ 50,00.
    polidez = row("recife", "anexo-unico/grupo-2/ali-j", on)
    assert polidez.fine(on)["valor_brl"] == Decimal("100.00") and polidez.fine_unit == "art-36"


def test_whole_article_rows():
    on = date(2024, 6, 1)
    # AC art. 88: "I - multa de trezentas e trinta UFIRACs; e II - apreensão do veículo."
    clandestino = row("ac", "art-88", on)
    assert clandestino.measure == "apreensao" and clandestino.fine(on)["valor"] == 330
    # Recife art. 45: "apreensão do veículo e à multa calculada mediante a aplicação da fórmula Vm = 40 Vb".
    assert row("recife", "art-45", on).fine(on)["valor_brl"] == Decimal("2000.00")
    # SP art. 37, parágrafo único: infractions with no penalty of their own, "50% … do MVR".
    assert row("sp", "art-37/par-unico", on).fine(on)["valor"] == 50


def test_rows_carry_peoples_words():
    with_questions = [r for place in TABLES for r in catalogue(place) if r.questions]
    assert len(with_questions) >= 0.95 * sum(len(catalogue(p)) for p in TABLES)
