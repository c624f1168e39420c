"""Issue #31: the assistant's stated values (knowledge/assistant/values.py) in the reply's language.

English and Spanish replies said "R$ 3.900,00", "50%" and "13/11/2020" inside translated text.  The
amounts, percentages and dates are now said by Babel in the reply's locale, as the web layer says
them (portal/i18n.py ``money`` and ``date_numeric``); Portuguese output is byte-for-byte what it was."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from babel.dates import format_date
from babel.numbers import format_currency, format_percent

from knowledge.assistant.values import Amount, Share, day_said, plain_value
from knowledge.corpus import resolve

ON = date(2026, 12, 1)
RECIFE, PE, SP, AC = "recife-lei-16856-2003", "pe-lei-16205-2017", "sp-decreto-29912-1989", "ac-lei-2731-2013"


def value(law, unit, kind="valor", asked=""):
    _, found = resolve(law, unit)
    return plain_value(kind, found, law, ON, asked=asked)


def en_money(amount: str) -> str:
    return format_currency(Decimal(amount), "BRL", locale="en")  # "R$2,000.00": babel's English for the real


def es_money(amount: str) -> str:
    return format_currency(Decimal(amount), "BRL", locale="es").replace("BRL", "R$")  # es has no symbol of its own


# -- Portuguese: exactly as before ----------------------------------------------------------------------


@pytest.mark.parametrize("law, unit, kind, asked, said", [
    # Recife art. 45: "Vm = 40 Vb ... II - Vb corresponde ao valor básico da multa, que equivale a R$ 50,00"
    (RECIFE, "art-45", "valor", "", "R$ 2.000,00"),
    # Recife art. 33, III with the group asked: twice the group's 3 × Vb
    (RECIFE, "art-33/inc-3", "valor", "multa do grupo 3 repetida", "o dobro: R$ 300,00"),
    # PE art. 15, I: "R$ 500.000,00 (quinhentos mil reais) para ônibus"
    (PE, "art-15/inc-1", "valor", "", "R$ 500.000,00"),
    # SP Regulamento art. 37, II: "100% (cem por cento) do valor do Maior Valor de Referência (MVR)"
    (SP, "art-37/inc-2/ali-c", "valor", "", "100% do MVR"),
    # PE art. 18, § 1º: "observará o limite de até 50% (cinquenta por cento)"
    (PE, "art-18/par-1", "limite", "", "50%"),
])
def test_portuguese_values_are_unchanged(law, unit, kind, asked, said):
    found = value(law, unit, kind, asked)
    assert found.said() == said
    assert found.said(locale="pt_BR") == said and found.said(locale="pt") == said


def test_portuguese_keeps_the_laws_own_figures_and_dates():
    assert Amount.read("2.900,00").in_locale("pt_BR") == "R$ 2.900,00"
    assert Amount.read("50").in_locale(None) == "R$ 50"  # as the law writes it, no cents added
    assert Share("0,11").in_locale("pt_BR") == "0,11%"
    assert day_said(date(2020, 11, 13), "pt_BR") == "13/11/2020"


def test_portuguese_chat_replies_are_unchanged(client):
    def reply(message):
        return client.post("/api/v1/assistente?lang=pt_BR", json={"mensagem": message}).get_json()["resposta"]

    assert reply("qual a multa por transporte clandestino em recife?").startswith(
        "No Recife: R$ 2.000,00 (40 vezes o valor-base, Vb, de R$ 50,00 fixado na lei; o Vb é corrigido pelo reajuste tarifário")
    # Anexo I as first enacted (until 12/11/2020): "III - GRAVES: … f) práticas de vendas e emissões de passagens
    # individuais"; art. 28, III: graves, R$ 900,00 (tests/test_assistant_round18.py has both sides of the change).
    assert reply("qual era a multa por vender passagem individual em pernambuco em 01/06/2019?").startswith(
        "Em Pernambuco: R$ 900,00 (graves). Na data dos fatos (01/06/2019) valia a redação anterior, trocada por Lei 17.107/2020.")
    assert reply("qual a multa por levar passageiro em pé em são paulo?").startswith("Em São Paulo: 100% do MVR (o valor em reais não sai da lei")


# -- English and Spanish: by Babel ------------------------------------------------------------------------


@pytest.mark.parametrize("locale, money", [("en", en_money), ("es", es_money)])
def test_amounts_in_english_and_spanish(locale, money):
    recife = value(RECIFE, "art-45")
    assert recife.said(locale=locale) == money("2000")
    assert money("50") in recife.how(locale=locale)
    assert value(PE, "art-15/inc-1").said(locale=locale) == money("500000")
    assert value(RECIFE, "art-33/inc-3", asked="multa do grupo 3 repetida").said(locale=locale) == "o dobro: " + money("300")
    assert Amount.read("2.900,00").in_locale(locale) == money("2900")


@pytest.mark.parametrize("locale", ["en", "es"])
def test_percentages_in_english_and_spanish(locale):
    assert value(SP, "art-37/inc-2/ali-c").said(locale=locale) == format_percent(1, locale=locale) + " do MVR"
    assert value(PE, "art-18/par-1", kind="limite").said(locale=locale) == format_percent(Decimal("0.5"), locale=locale)
    # Acre art. 97, I: "multa de mora calculada à taxa de 0,11% (onze centésimos por cento)": no decimal comma in English
    assert Share("0,11").in_locale(locale) == format_percent(Decimal("0.0011"), locale=locale, decimal_quantization=False)
    assert Share("0,11").in_locale("en") == "0.11%"


def test_dates_follow_the_web_layers_legal_date(app):
    from portal.i18n import date_numeric, money

    day = date(2020, 11, 13)
    for locale in ("en", "es", "pt_BR"):
        with app.test_request_context(f"/?lang={locale}"):
            assert day_said(day, locale) == date_numeric(day)
            if locale != "pt_BR":  # Portuguese keeps the assistant's "R$ 2.000,00" (the web puts a no-break space)
                assert Amount(Decimal("2000")).in_locale(locale) == money(Decimal("2000"))
    assert day_said(day, "en") == format_date(day, "medium", locale="en")


@pytest.mark.parametrize("lang, message, words, not_words", [
    ("en", "what is the fine for clandestine transport in recife", [en_money("2000"), en_money("50")], ["R$ 2.000,00", "R$ 50,00"]),
    ("es", "¿cuál es la multa por transporte clandestino en recife?", [es_money("2000"), es_money("50")], ["R$ 2.000,00"]),
    ("en", "what was the fine for selling individual tickets in pernambuco on 01/06/2019",
     # the wording of that day: Anexo I, III, f ("práticas de vendas e emissões de passagens individuais"), graves, R$ 900,00
     [en_money("900"), format_date(date(2019, 6, 1), "medium", locale="en")], ["R$ 900,00", "(01/06/2019)"]),
    ("es", "¿cuál es la multa por pasajeros de pie en são paulo?", [format_percent(1, locale="es") + " del MVR"], []),
])
def test_chat_replies_say_values_in_their_language(client, lang, message, words, not_words):
    reply = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": message}).get_json()["resposta"]
    for word in words:
        assert word in reply, (word, reply[:300])
    said = reply.split("“")[0]  # the reply's own words; the quote after them is the law's, in Portuguese
    for word in not_words:
        assert word not in said, (word, said)


# -- deadlines (a phone review: "In Pernambuco: 1 ano, a partir da data de sua emissão.") ----------------

def test_a_deadline_is_said_as_the_law_says_it_in_portuguese():
    # PE art. 8º: "O CRC terá validade por 1 (um) ano, a partir da data de sua emissão, …"
    said = value(PE, "art-8", kind="prazo")
    assert said.said() == "1 ano, a partir da data de sua emissão"
    assert said.said(locale="pt_BR") == "1 ano, a partir da data de sua emissão"


def test_a_deadline_in_english_and_spanish_translates_its_unit_and_quotes_the_clause_as_the_laws_words():
    said = value(PE, "art-8", kind="prazo")
    assert said.said(locale="en") == "1 year (“a partir da data de sua emissão”, the law's words, in Portuguese)"
    assert said.said(locale="es") == "1 año (“a partir da data de sua emissão”, palabras de la ley, en portugués)"
    # PE art. 26: "cabe recurso no prazo de 15 (quinze) dias, a contar da respectiva notificação"
    appeal = value(PE, "art-26", kind="prazo")
    assert appeal.said(locale="en").startswith("15 days (“a contar da respectiva notificação”")
    assert appeal.said(locale="es").startswith("15 días (")


def test_a_unit_of_time_the_table_does_not_know_stays_in_the_laws_words_marked_as_such():
    from knowledge.assistant.values import Duration

    assert Duration("2", "quinzenas").in_locale("en") == "“2 quinzenas” (the law's words, in Portuguese)"
    assert Duration("30", "dias", low="11").in_locale("en") == "from 11 to 30 days"
    assert Duration("30", "dias", low="11").in_locale("pt_BR") == "de 11 a 30 dias"
    assert Duration("5", "dias úteis").in_locale("es") == "5 días hábiles"
