"""A limit question answered with the limit of the measure it asks (issue #26: "quantos ônibus próprios no
mínimo" in São Paulo was answered "15 anos; 2 veículos"), each case quoting the statute's words."""

from __future__ import annotations

from datetime import date

import pytest

from knowledge.assistant.text import normalize
from knowledge.assistant.values import _measures_asked, plain_value
from knowledge.corpus import resolve
from tests.test_assistant import converse

SP = "sp-decreto-29912-1989"


def _said(unit_id: str, question: str) -> str:
    _law, unit = resolve(SP, unit_id)
    return plain_value("limite", unit, SP, date(2026, 12, 1), asked=normalize(question)).said()


def test_the_count_of_own_vehicles_is_the_count_not_the_age():
    # Art. 19, VI (Decreto 61.694/2015): "de fabricação inferior a 15 (quinze) anos [...] comprovando-se a
    # propriedade de pelo menos 2 (dois) desses veículos".
    assert _said("art-19/inc-6", "quantos ônibus próprios no mínimo?") == "2 veículos"
    assert _said("art-19/inc-6", "qual a idade máxima do ônibus?") == "15 anos"


def test_a_question_naming_no_measure_gets_every_limit_named_as_such():
    said = _said("art-19/inc-6", "quais os limites do inciso sobre os veículos?")
    assert "15 anos" in said and "2 veículos" in said and "mais de um limite" in said


@pytest.mark.parametrize("question, measures", [
    ("quantos onibus proprios no minimo", {"veiculos"}),
    ("qual a idade maxima do veiculo", {"anos"}),
    ("numero de lugares minimo", {"lugares"}),
    ("quantas vezes pode reincidir", {"vezes"}),
    ("qual o prazo", set()),
])
def test_the_measure_a_question_names(question, measures):
    assert _measures_asked(question) == measures


def test_in_the_chat(chat):
    reply = converse(chat, ["quantos ônibus próprios no mínimo em SP?"])
    assert reply["resposta"].startswith("Em São Paulo: 2 veículos."), reply["resposta"]
    assert reply["citations"][0]["unit"] == "art-19/inc-6"
    assert "pelo menos 2 (dois) desses veículos" in reply["resposta"]
