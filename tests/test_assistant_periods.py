"""A question dated by a month or a year inside which the law changed gets both wordings, each under the
days it held (issue #26, item 3); a period the law did not change in, or a full date, gets one answer.

Lei 16.205/2017 (PE), Anexo I, before Lei 17.107/2020 (in force 13/11/2020): "III - GRAVES: f) práticas de vendas e
emissões de passagens individuais" (graves: R$ 900,00); after it: "IV - GRAVÍSSIMAS: f) realizar vendas e emissões
de passagens individuais" (gravíssimas: R$ 2.900,00)."""

from __future__ import annotations

import pytest

from tests.test_assistant import converse

PE = "pe-lei-16205-2017"
ASKED = "qual era a multa por vender passagem individual em pernambuco?"


def _units(reply):
    return [c["unit"] for c in reply["citations"] if c["law"] == PE]


@pytest.mark.parametrize("when", ["em novembro de 2020", "em 2020"])
def test_a_period_the_law_changed_in_gets_both_wordings(chat, when):
    reply = converse(chat, [f"{when}, {ASKED}"])
    text = reply["resposta"]
    assert "a lei mudou dentro do período dos fatos" in text and "uma nova redação vale desde 13/11/2020" in text
    before, after = text.split("• Até 12/11/2020:")[1].split("• A partir de 13/11/2020:")
    assert "R$ 900,00 (graves)" in before and "práticas de vendas e emissões de passagens individuais" in before
    assert "R$ 2.900,00 (gravíssimas)" in after and "realizar vendas e emissões de passagens individuais" in after
    assert {"anexo-i/inc-3/ali-f", "anexo-i/inc-4/ali-f"} <= set(_units(reply))


def test_a_period_before_the_change_gets_the_old_wording_alone(chat):
    reply = converse(chat, [f"em 2019, {ASKED}"])
    assert "mudou dentro do período" not in reply["resposta"]
    assert reply["resposta"].startswith("Em Pernambuco: R$ 900,00 (graves).") and _units(reply)[0] == "anexo-i/inc-3/ali-f"


def test_a_full_date_inside_the_month_gets_that_days_wording(chat):
    reply = converse(chat, [f"em 20/11/2020, {ASKED}"])
    assert "mudou dentro do período" not in reply["resposta"]
    assert reply["resposta"].startswith("Em Pernambuco: R$ 2.900,00 (gravíssimas).") and _units(reply)[0] == "anexo-i/inc-4/ali-f"


def test_in_english_the_two_wordings_are_dated_in_english(chat):
    reply = chat.post("/api/v1/assistente", json={"mensagem": "in November 2020, what was the fine for selling individual tickets in Pernambuco?"},
                      headers={"Accept-Language": "en"}).get_json()
    assert "the law changed within the period of the facts" in reply["resposta"]
    assert "Up to Nov 12, 2020:" in reply["resposta"] and "From Nov 13, 2020:" in reply["resposta"]
