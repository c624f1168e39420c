"""knowledge.acre_layout: Acre's PDF dump rejoined into one block per unit."""

from knowledge.acre_layout import acre_blocks


def test_hard_wrapped_sentence_and_page_number_are_rejoined():
    text = "Art. 3º O transporte intermunicipal\n\n12\n\nde passageiros é serviço público.\n"
    assert acre_blocks(text) == ["Art. 3º O transporte intermunicipal de passageiros é serviço público."]


def test_word_split_with_a_hyphen_is_rejoined():
    assert acre_blocks("Art. 4º O micro-\nônibus segue as regras.") == ["Art. 4º O micro-ônibus segue as regras."]


def test_run_together_units_are_cut_where_the_numbering_continues():
    text = "Art. 5º São deveres: I - manter a frota; II - cumprir horários; e III - informar tarifas. Art. 6º Fica vedado: a) parar fora; b) lotar."
    assert acre_blocks(text) == [
        "Art. 5º São deveres:",
        "I - manter a frota;",
        "II - cumprir horários; e",
        "III - informar tarifas.",
        "Art. 6º Fica vedado:",
        "a) parar fora;",
        "b) lotar.",
    ]


def test_a_marker_out_of_sequence_is_text_not_a_unit():
    # "Art. 9" after art. 5 and "IV -" after nothing are references inside the sentence.
    text = "Art. 5º Aplica-se o disposto no; Art. 9 desta Lei; IV - conforme o regulamento."
    assert acre_blocks(text) == ["Art. 5º Aplica-se o disposto no; Art. 9 desta Lei; IV - conforme o regulamento."]


def test_penalty_line_starts_a_block_of_its_own():
    assert acre_blocks("I - trafegar sem autorização; Pena: multa de 50 UFIRACs.") == [
        "I - trafegar sem autorização;",
        "Pena: multa de 50 UFIRACs.",
    ]
