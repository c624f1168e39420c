"""The assistant with the interface in English or Spanish: questions typed in that
language are understood, answered in it, and cite the same articles as in Portuguese."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.assistant.answers import parse_date
from knowledge.assistant.foreign import to_portuguese
from knowledge.assistant.text import normalize
from tests.test_assistant_units import first as pointed_unit

# (language, message, expected intent, an article that must be among the first three citations or None)
CASES = [
    ("en", "how long is the CRC valid?", "lei", ("pe-lei-16205-2017", "art-8")),
    ("en", "can the driver sell individual tickets on a charter bus?", "lei", ("pe-lei-16205-2017", "art-34/inc-1")),
    # Recife, art. 45: "O descumprimento do disposto no art. 44 [transporte remunerado … sem expressa autorização]
    # sujeitará o infrator … à multa calculada mediante a aplicação da fórmula Vm = 40 Vb".
    ("en", "what is the fine for clandestine transport in recife", "lei", ("recife-lei-16856-2003", "art-45")),
    ("en", "can passengers travel standing?", "lei", ("pe-lei-16205-2017", "art-34/inc-7")),
    ("en", "is insurance mandatory for charter in acre?", "lei", ("ac-lei-2731-2013", "art-12/inc-2")),
    ("en", "they seized my van in Pernambuco, how do I get it back?", "wizard", None),
    ("en", "which documents do I need for the CRC?", "wizard", None),
    ("en", "can a 7 seat car do tourism charter?", "wizard", None),
    ("en", "I want to report a bus selling tickets", "denuncia", ("pe-lei-16205-2017", "art-34/inc-1")),
    ("en", "check plate KGT2E47", "placa", None),
    ("en", "hello", "saudacao", None),
    ("es", "¿cuánto tiempo es válido el CRC?", "lei", ("pe-lei-16205-2017", "art-8")),
    ("es", "¿se pueden vender pasajes individuales en el fletamento?", "lei", ("pe-lei-16205-2017", "art-34/inc-1")),
    # Decreto 29.912/1989 (SP), art. 10: "Não será permitido o transporte de passageiros em pé" (no place named:
    # each place's line; Pernambuco's art. 34, VII is a line the confidence model may doubt).
    ("es", "¿pueden viajar pasajeros de pie?", "lei", ("sp-decreto-29912-1989", "art-10")),
    ("es", "¿el seguro es obligatorio en acre?", "lei", ("ac-lei-2731-2013", "art-12/inc-2")),
    ("es", "incautaron mi van en Pernambuco, ¿cómo la recupero?", "wizard", None),
    ("es", "¿qué documentos necesito para el CRC?", "wizard", None),
    ("es", "¿un coche de 7 plazas puede hacer fletamento turístico?", "wizard", None),
    ("es", "quiero denunciar un autobús que vende pasajes", "denuncia", ("pe-lei-16205-2017", "art-34/inc-1")),
    ("es", "consultar la placa KGT2E47", "placa", None),
    ("es", "gracias", "agradecimento", None),
]


@pytest.mark.parametrize("lang, message, intent, cite", CASES, ids=[c[1][:40] for c in CASES])
def test_questions_in_english_and_spanish(client, lang, message, intent, cite):
    reply = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": message}).get_json()
    assert reply["intencao"] == intent, reply
    if cite:
        # A unit the confidence model doubted is linked as the nearest passage instead of cited.
        cited = [(c["law"], c["unit"]) for c in reply["citations"][:3]] or [pointed_unit(reply)]
        assert cite in cited, cited


def test_answers_come_in_the_interface_language(client):
    en = client.post("/api/v1/assistente?lang=en", json={"mensagem": "how long is the CRC valid?"}).get_json()
    es = client.post("/api/v1/assistente?lang=es", json={"mensagem": "¿cuánto tiempo es válido el CRC?"}).get_json()
    # No place named: the CRC is Pernambuco's, said in the interface language, with a one-tap change of place.
    assert "In Pernambuco" in en["resposta"] and "En Pernambuco" in es["resposta"]
    # the value in the reply's language, the clause from when it counts quoted as the law's words
    assert "1 year (“a partir da data de sua emissão”" in en["resposta"] and "1 año (“a partir da data de sua emissão”" in es["resposta"]
    assert en["pergunta"]["id"] == es["pergunta"]["id"] == "jurisdicao"
    assert en["citations"][0]["unit"] == "art-8" and en["citations"][0]["law"] == "pe-lei-16205-2017"


def test_a_complaint_is_prefilled_with_the_story_as_typed_in_any_interface_language(client):
    """An English or Spanish interface reads a message folded and translated; the complaint form gets the
    words the person typed. AC art. 75, I, e): "fumar dentro do ônibus ou permitir que passageiros fumem"."""
    from urllib.parse import parse_qs, urlsplit

    story = "no sábado passado fui de Rio Branco pra Xapuri e o motorista ficou fumando dentro do ônibus a viagem inteira, no Acre isso pode?"
    reply = client.post("/api/v1/assistente?lang=en", json={"mensagem": story}).get_json()
    [url] = [a["url"] for a in reply["acoes"] if a["tipo"] == "denuncia"]
    query = parse_qs(urlsplit(url).query)
    assert query["relato"] == [story] and query["linha"] == ["ac-lei-2731-2013 art-75/inc-1/ali-e"]


def test_a_wizard_question_cites_only_the_chosen_place(client):
    def say(message, conversation=None):
        return client.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversation}).get_json()

    reply = say("apreenderam minha van em pernambuco")
    assert reply["intencao"] == "wizard" and reply["pergunta"]["id"] == "data_medida"
    assert reply["citations"] == []  # the date rule cited for Acre says nothing about Pernambuco
    reply = say("10/11/2026", reply["conversa"])
    reply = say("pular", reply["conversa"])
    assert reply["pergunta"]["id"] == "tinha_autorizacao"
    assert [(c["law"], c["unit"]) for c in reply["citations"]] == [("pe-lei-16205-2017", "art-4")]


def test_portuguese_is_left_alone():
    message = "Pode vender passagem individual no fretamento?"
    assert to_portuguese(message, "pt_BR") == message
    assert to_portuguese(message, "pt") == message


def test_words_are_mapped_not_substrings():
    assert to_portuguese("the carrier", "en") == "o carrier"  # "car" inside a word is not a car
    assert to_portuguese("my car was seized", "en") == "meu carro era apreenderam"
    # The glue words too (phone review, 19th session): a story told in English reads as one told in Portuguese.
    assert to_portuguese("the driver was drunk on the bus in são paulo", "en") == "o motorista era bebado no onibus em sao paulo"
    assert to_portuguese("el conductor estaba borracho en el autobús", "es") == "o motorista estava bebado no onibus"
    assert to_portuguese("¿Cuánto cuesta la multa?", "es").startswith("¿quanto")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["pt_BR", "en", "es"]), st.text(min_size=1, max_size=300))
def test_any_message_in_any_language_gets_an_answer(client, lang, message):
    response = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": message})
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]
    if response.status_code == 200:
        assert response.get_json()["resposta"]


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("pt", "10 de novembro de 2026", "2026-11-10"),
        ("pt", "foi dia 3 de março", "2026-03-03"),
        ("pt", "2026-11-10", "2026-11-10"),
        ("pt", "10.11.2026", "2026-11-10"),
        ("pt", "31/02/2026", None),
        ("pt", "3 carros", None),
        ("en", "November 10, 2026", "2026-11-10"),
        ("en", "on Nov 3rd", "2026-11-03"),
        ("en", "yesterday", "2026-11-28"),
        ("es", "el 5 de noviembre", "2026-11-05"),
        ("es", "ayer", "2026-11-28"),
    ],
)
def test_dates_typed_in_words(lang, typed, expected):
    assert parse_date(normalize(to_portuguese(typed, lang)), date(2026, 11, 29)) == expected


@pytest.mark.parametrize("lang, first, follow_up", [
    ("en", "what is the deadline to appeal a fine in pernambuco?", "and in São Paulo?"),
    ("es", "¿cuál es el plazo para recurrir una multa en pernambuco?", "¿y en São Paulo?"),
])
def test_a_follow_up_naming_a_place_in_english_or_spanish(client, lang, first, follow_up):
    # SP Regulamento, art. 55: "O recurso deverá ser interposto no prazo de 15 (quinze) dias …"
    conversation = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": first}).get_json()["conversa"]
    reply = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": follow_up, "conversa": conversation}).get_json()
    assert pointed_unit(reply) == ("sp-decreto-29912-1989", "art-55")


@pytest.mark.parametrize("lang, messages", [
    ("en", ["people standing in the aisle of the bus in São Paulo"]),
    ("en", ["passengers travelling standing on a charter bus in São Paulo"]),
    ("en", ["a charter in São Paulo", "and people standing in the aisle?"]),
    ("es", ["personas de pie en el pasillo del autobús en São Paulo"]),
])
def test_standing_in_the_aisle_in_sao_paulo_is_art_10(client, lang, messages):
    # SP Regulamento, art. 10: "Não será permitido o transporte de passageiros em pé, salvo para prestação de socorro
    # em caso de acidente ou avaria." (issue #31: "people" and "aisle" were not read, and the English reply said the
    # law "may not deal with it".)
    conversation = None
    for message in messages:
        reply = client.post(f"/api/v1/assistente?lang={lang}", json={"mensagem": message, "conversa": conversation}).get_json()
        conversation = reply["conversa"]
    assert reply["citations"] and (reply["citations"][0]["law"], reply["citations"][0]["unit"]) == ("sp-decreto-29912-1989", "art-10")
    assert "em pé, salvo para prestação de socorro" in reply["resposta"] and "may not deal with it" not in reply["resposta"]


def test_charging_per_person_in_english_is_sao_paulos_art_4(client):
    # SP Regulamento, art. 4º: fretamento is "a condução de pessoas, sem cobrança individual de passagem".
    reply = client.post("/api/v1/assistente?lang=en", json={"mensagem": "in São Paulo, may a charter bus charge per person?"}).get_json()
    assert pointed_unit(reply) == ("sp-decreto-29912-1989", "art-4")


def test_spanish_si_is_if_inside_a_sentence_and_yes_alone():
    assert to_portuguese("¿y si es la segunda vez?", "es").startswith("e se ")
    assert to_portuguese("sí", "es") == "sim"


def test_a_rows_words_are_quoted_as_the_laws_portuguese_in_english_and_spanish(tmp_path, index_dir):
    """The statute's words of a fine-table row are not translated: the reply says whose words they are."""
    from datetime import datetime, timezone

    from app import create_app
    from knowledge.clock import fixed

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    story = "o motorista estava bêbado na excursão ontem, em São Paulo"
    with fixed(datetime(2026, 12, 1, 15, 0, tzinfo=timezone.utc)):
        client = app.test_client()
        replies = {lang: client.post("/api/v1/assistente", json={"mensagem": story, "conversa": None}, headers={"Accept-Language": lang}).get_json()["resposta"]
                   for lang in ("en", "es", "pt-BR")}
    assert "“For constatada ingestão" in replies["en"] and "(the law's words, in Portuguese)" in replies["en"]
    assert "(palabras de la ley, en portugués)" in replies["es"]
    assert "em português" not in replies["pt-BR"] and "For constatada ingestão" in replies["pt-BR"]


@pytest.mark.parametrize("lang, said, law_word", [("en", "(very serious)", "(gravíssimas)"), ("es", "(gravísimas)", "(gravíssimas)")])
def test_the_gravity_of_a_pernambuco_fine_is_said_in_the_interface_language(client, lang, said, law_word):
    """Lei 16.205/2017 (PE), Anexo I, IV: "GRAVÍSSIMAS: f) realizar vendas e emissões de passagens individuais";
    an English reply read "R$2,900.00 (gravíssimas)" (issue #31).  The quoted law stays in Portuguese."""
    reply = client.post("/api/v1/assistente", json={"mensagem": "multa por vender passagem individual em pernambuco"},
                        headers={"Accept-Language": lang}).get_json()
    head = reply["resposta"].split("“")[0]
    assert said in head and law_word not in head, head
    assert any(c["unit"] == "anexo-i/inc-4/ali-f" for c in reply["citations"])


@pytest.mark.parametrize("lang, message", [("en", "the driver was drunk on the bus in são paulo"),
                                           ("es", "el conductor estaba borracho en el autobús en são paulo")])
def test_a_drunk_driver_told_in_english_or_spanish_gets_sao_paulos_row(client, lang, message):
    """Decreto 29.912/1989 (SP), art. 37, V, b: "For constatada ingestão, pelo motorista, de bebida alcoólica ou
    substância tóxica em serviço" — as the same story told in Portuguese."""
    reply = client.post("/api/v1/assistente", json={"mensagem": message}, headers={"Accept-Language": lang}).get_json()
    assert reply["intencao"] == "denuncia" and reply["citations"][0]["unit"] == "art-37/inc-5/ali-b", reply["resposta"]
