"""When the law is silent the assistant says so: it never states the nearest number of the right kind
(issue #26's examples, each with the statute's words that show what the law does and does not fix)."""

from __future__ import annotations

import re

import pytest

from tests.test_assistant import converse


def said_as_answer(reply: dict) -> str:
    """What the reply states before quoting anything: the sentence a person takes as the answer."""
    return reply["resposta"].split("“")[0]


@pytest.mark.parametrize("message, wrong_unit, wrong_value", [
    # SP Decreto 29.912, art. 37, I: "multa de 50% (cinquenta por cento) do valor do MVR" is a fine; the
    # decree sets no amount of insurance at all (the word "seguro" is not in it).
    ("qual o valor do seguro obrigatório do fretamento em são paulo?", "art-37/inc-1", r"50\s*%"),
    # SP art. 7º § 2º: the company reports "os dados qualificativos e quantitativos do contrato (exceto
    # preços)" — prices are not regulated; art. 37, III, f ("ocorrer cobrança indevida") is a fine.
    ("qual o preço máximo que pode cobrar num fretamento em sp?", "art-37/inc-3/ali-f", r"\d+\s*%"),
    # Recife Anexo Único, Grupo 3, k): "… com antecedência mínima de 24 (vinte e quatro) horas" is the
    # notice to excuse a missed inspection, not how often the vehicle is inspected.
    ("de quanto em quanto tempo o carro do complementar passa por vistoria no recife?", "anexo-unico/grupo-3/ali-k", r"24 horas"),
    # AC Lei 2.731, art. 8º § 2º: "A permissão poderá ser outorgada por prazo máximo de cinco anos" is the
    # term of a permission, not a vehicle's age.
    ("no acre qual a idade máxima do veículo pra fazer fretamento?", "art-8/par-2", r"\b5 anos"),
    # AC art. 62 § 2º: the tachograph's data "deverá ser preservado pela empresa transportadora pelo prazo
    # de noventa dias" — not how long a registration is valid.
    ("no acre o cadastro da empresa de fretamento vale por quanto tempo?", "art-62/par-2", r"90 dias|noventa dias"),
])
def test_a_silent_law_gets_no_nearest_number(chat, message, wrong_unit, wrong_value):
    reply = converse(chat, [message])
    assert not re.search(wrong_value, said_as_answer(reply)), reply["resposta"]
    assert wrong_unit not in [c["unit"] for c in reply["citations"][:1]], reply["resposta"]


def test_the_own_vehicles_sao_paulo_asks_for_are_a_count_not_an_age(chat):
    # SP art. 19, VI: "relação dos veículos disponíveis … de fabricação inferior a 15 (quinze) anos …,
    # comprovando-se a propriedade de pelo menos 2 (dois) desses veículos" — the law answers: two owned.
    reply = converse(chat, ["quantos ônibus próprios no mínimo a empresa de fretamento precisa ter em sp?"])
    assert reply["citations"][0]["unit"] == "art-19/inc-6"
    assert "2 veículos" in said_as_answer(reply)


def test_pernambucos_inspection_ages_are_not_a_maximum_age(chat):
    # PE art. 11, I, a) and II, a): annual inspection "com até 15 (quinze) anos da data de fabricação", semiannual "com mais
    # de 15 (quinze) anos" — the law separates two inspection cycles; it fixes no maximum age.
    reply = converse(chat, ["qual a idade máxima do ônibus de fretamento em pernambuco?"])
    assert not re.match(r"Em Pernambuco: (até )?15 anos", reply["resposta"]), reply["resposta"]


def test_not_being_sure_is_said_with_the_way_on(chat):
    """An answer the model doubts: no citation given as the answer, the nearest unit only as a link to
    read, the search and the complaint offered, the confidence reported."""
    reply = converse(chat, ["qual o valor do seguro obrigatório do fretamento em são paulo?"])
    if reply["citations"]:
        pytest.fail(f"a doubted answer was stated: {reply['resposta']}")
    kinds = [a["tipo"] for a in reply["acoes"]]
    assert {"lei", "busca", "denuncia"} <= set(kinds)
    assert "não encontrei um dispositivo que responda a isso com segurança" in reply["resposta"]
    assert 0.0 <= reply["confianca"] < 1.0


def test_a_sure_answer_reports_its_confidence(chat):
    # PE Anexo I, IV, f) "realizar vendas e emissões de passagens individuais"; art. 28, IV: R$ 2.900,00.
    reply = converse(chat, ["qual a multa por vender passagem individual em pernambuco"])
    assert reply["citations"][0]["unit"] == "anexo-i/inc-4/ali-f"
    assert reply["confianca"] is not None and reply["confianca"] >= 0.5
