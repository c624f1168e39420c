"""A rule that held for a first period only gives way, today, to the rule that replaced it (Recife): art. 16 sets the
fleet's requirements "durante os primeiros 03 (três) anos, contados do início da operação do STCP/Recife"; art. 17
sets them "após decorrido o prazo constante no caput do artigo anterior" — II: "ingressar no serviço com idade
máxima de 03 (três) anos, sendo permitida a sua permanência por até 06 (seis) anos de fabricação"."""

from __future__ import annotations

from knowledge.corpus import resolve
from knowledge.structure import law_map, superseded_by
from knowledge.assistant.text import normalize
from tests.test_assistant import converse

RECIFE = "recife-lei-16856-2003"


def test_the_map_names_each_replaced_unit_and_the_words_that_say_so():
    assert superseded_by("recife", "art-16/inc-2") == "art-17/inc-2" and superseded_by("recife", "art-16/inc-1") == "art-17/inc-1"
    assert superseded_by("recife", "art-16/inc-3") is None  # art. 17, III keeps art. 16's incisos III to X
    assert superseded_by("pe", "art-11") is None
    for ref in law_map("recife").superseded_because:
        _law, unit = resolve(RECIFE, ref.unit)
        assert normalize(ref.words) in normalize(unit.text), (ref.unit, ref.words)
    for old, new in law_map("recife").superseded.items():
        assert resolve(RECIFE, old)[1].number == resolve(RECIFE, new)[1].number  # the same inciso, in art. 17


def test_todays_maximum_age_is_art_17s(chat):
    reply = converse(chat, ["Qual a idade máxima que o veículo pode ter no recife?"])
    assert reply["citations"][0]["unit"] == "art-17/inc-2", reply["resposta"]
    assert "sendo permitida a sua permanência por até 06 (seis) anos de fabricação" in reply["resposta"]
    assert "6 anos" in reply["resposta"].split("“")[0]


def test_todays_capacity_is_left_to_the_municipality_and_the_first_periods_is_said(chat):
    # Art. 17, I: "ter as características relativas à capacidade mínima e máxima de passageiros [...] conforme
    # determinação do Poder Público Municipal"; art. 16, I: "ter capacidade mínima de 12 (doze) e máxima de 20 (vinte)
    # pessoas acomodadas em assento".
    reply = converse(chat, ["A van do transporte complementar do Recife pode ter quantos lugares hoje?"])
    assert [c["unit"] for c in reply["citations"]][:2] == ["art-17/inc-1", "art-16/inc-1"], reply["resposta"]
    assert "conforme determinação do Poder Público Municipal" in reply["resposta"]
    assert "No período inicial que a lei fixa, valia Lei 16.856/2003 (Recife), art. 16, inciso I" in reply["resposta"]


def test_a_question_about_the_beginning_gets_the_first_periods_rule(chat):
    reply = converse(chat, ["No começo do STCP do Recife, qual era a capacidade mínima e máxima do veículo?"])
    assert reply["citations"][0]["unit"] == "art-16/inc-1", reply["resposta"]
    assert reply["resposta"].startswith("No Recife: o dispositivo fixa mais de um limite — 12 pessoas; 20 pessoas —")
