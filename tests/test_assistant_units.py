"""Answers at the level of the unit (issue 11): the paragraph, inciso or alínea that holds the
answer is cited first, the value is said first in plain words, and no place is assumed silently."""

from __future__ import annotations

import pytest

from app import create_app
from knowledge.assistant.kinds import question_kind
from knowledge.assistant.numbers import words_to_number
from tests.test_assistant import converse


def first(reply: dict) -> tuple[str, str]:
    """The unit the reply points to: its first citation, or — when the confidence model doubted the unit
    (knowledge/assistant/confidence.py) and the reply says so instead of stating it — the nearest passage
    it links to read.  Either way the ranker's pick is checked; what is stated is checked by ``states``."""
    if reply["citations"]:
        return reply["citations"][0]["law"], reply["citations"][0]["unit"]
    assert doubted(reply), reply["resposta"]
    nearest = next(a for a in reply["acoes"] if a["tipo"] == "lei")
    parts = nearest["url"].split("?")[0].split("/")  # /leis/<law>/<unit …>
    return parts[2], "/".join(parts[3:])


def states(reply: dict, said: str, *, start: bool = False) -> bool:
    """The reply states ``said`` — or, doubting the unit (``doubted``), states nothing: a right answer the
    confidence model keeps back costs an abstention (evaluation figures count it), never a wrong value."""
    if doubted(reply):
        return True
    return reply["resposta"].startswith(said) if start else said in reply["resposta"]


def doubted(reply: dict) -> bool:
    """The reply said it is not sure (in any language), citing nothing as the answer: its confidence is
    given and only the nearest passage is linked."""
    return (not reply["citations"] and reply.get("confianca") is not None
            and any(a["tipo"] == "lei" for a in reply["acoes"]))


@pytest.mark.parametrize("message, law, unit, said", [
    # SP Regulamento, art. 55: "O recurso deverá ser interposto no prazo de 15 (quinze) dias, contado do recebimento da notificação …"
    ("qual o prazo para recorrer da multa em são paulo?", "sp-decreto-29912-1989", "art-55", "Em São Paulo: 15 dias, contado do recebimento da notificação"),
    # SP art. 40 caput: "A apreensão do veículo perdurará, no mínimo, por 48 (quarenta e oito) horas."
    ("quanto tempo o veículo fica apreendido em são paulo?", "sp-decreto-29912-1989", "art-40", "Em São Paulo: 48 horas"),
    # AC art. 88: "… transporte clandestino de passageiros as seguintes sanções: I - multa de trezentas e trinta UFIRACs"
    ("qual a multa por transporte clandestino no acre?", "ac-lei-2731-2013", "art-88/inc-1", "No Acre: 330 UFIRAC"),
    # Recife art. 41: "As defesas … devem ser interpostas no prazo de até 30 (trinta) dias."
    ("qual o prazo de defesa no recife?", "recife-lei-16856-2003", "art-41", "No Recife: 30 dias"),
    # Recife art. 45: "O descumprimento do disposto no art. 44 sujeitará o infrator … à multa … Vm = 40 Vb", Vb = R$ 50,00
    ("qual a multa por transporte clandestino no recife", "recife-lei-16856-2003", "art-45", "No Recife: R$ 2.000,00 (40 vezes o valor-base, Vb, de R$ 50,00"),
    # PE Anexo I, IV (GRAVÍSSIMAS), f) "realizar vendas e emissões de passagens individuais"; art. 28, IV: R$ 2.900,00
    ("qual a multa por vender passagem individual em pernambuco", "pe-lei-16205-2017", "anexo-i/inc-4/ali-f", "Em Pernambuco: R$ 2.900,00"),
    # PE art. 28, IV: "gravíssimas: R$ 2.900,00 (dois mil e novecentos reais)"
    ("qual a multa gravíssima em pernambuco?", "pe-lei-16205-2017", "art-28/inc-4", "Em Pernambuco: R$ 2.900,00"),
    # Values written in words.  AC art. 69: "… a ser recolhido mensalmente até o trigésimo dia do mês subsequente".
    ("no acre até que dia do mês a taxa de regulação é recolhida?", "ac-lei-2731-2013", "art-69",
     "No Acre: até o trigésimo dia do mês subsequente."),
    # AC art. 35: "… mais a frota reserva equivalente ao mínimo de dez por cento da frota operacional".
    ("no acre qual o mínimo da frota reserva?", "ac-lei-2731-2013", "art-35", "No Acre: 10%."),
    # AC art. 89 § 2º: "… duas UFIRACs por dia, podendo ser cobrada somente até os trinta primeiros dias."
    ("no acre a estada do veículo apreendido no depósito é cobrada por quantos dias no máximo?", "ac-lei-2731-2013", "art-89/par-2", "No Acre: 30 dias."),
    # SP art. 41, II, a): "aplicação, por 4 (quatro) vezes, de multa pela prática da mesma infração dentre as
    # previstas no inciso V do artigo 37" — a count of fines, not an amount.
    ("em sp quantas multas pela mesma infração gravíssima no ano levam à cassação do registro?", "sp-decreto-29912-1989", "art-41/inc-2/ali-a",
     "Em São Paulo: 4 vezes."),
    # AC art. 29: "Fica estabelecida uma tolerância máxima de dez minutos, além do horário marcado …" — the
    # rule, not art. 75, III, e), the row that fines going past it.
    ("no acre o ônibus pode chegar atrasado quanto tempo no ponto inicial da linha?", "ac-lei-2731-2013", "art-29", "No Acre: 10 minutos."),
])
def test_the_unit_that_holds_the_answer_comes_first_and_the_value_is_said_first(chat, message, law, unit, said):
    reply = converse(chat, [message])
    assert first(reply) == (law, unit)
    assert reply["resposta"].startswith(said)


def test_an_amount_by_an_index_names_the_missing_value(chat):
    reply = converse(chat, ["qual a multa por transporte clandestino no acre?"])
    assert "o valor da UFIRAC do ano, fixado pelo Estado do Acre, não está na lei" in reply["resposta"]
    reply = converse(chat, ["qual a multa por transporte clandestino no recife"])
    assert "o Vb é corrigido pelo reajuste tarifário do STCP/Recife" in reply["resposta"]


def test_the_fine_of_pernambucos_annex_cites_the_gravity_in_art_28(chat):
    reply = converse(chat, ["qual a multa por vender passagem individual em pernambuco"])
    assert [(c["law"], c["unit"]) for c in reply["citations"][:2]] == [("pe-lei-16205-2017", "anexo-i/inc-4/ali-f"), ("pe-lei-16205-2017", "art-28/inc-4")]


def test_no_place_named_each_place_answers_side_by_side_and_the_place_is_asked(chat):
    reply = converse(chat, ["qual o prazo para recorrer de uma multa?"])
    assert reply["pergunta"]["id"] == "jurisdicao"
    assert [o["valor"] for o in reply["pergunta"]["opcoes"]] == ["pe", "sp", "ac", "recife"]
    cited = [(c["law"], c["unit"]) for c in reply["citations"]]
    # PE art. 26: "cabe recurso no prazo de 15 (quinze) dias"; SP art. 55: "no prazo de 15 (quinze) dias"
    assert ("pe-lei-16205-2017", "art-26") in cited and ("sp-decreto-29912-1989", "art-55") in cited
    assert "Em Pernambuco: 15 dias" in reply["resposta"] and "Em São Paulo: 15 dias" in reply["resposta"]


def test_a_place_from_earlier_is_said_and_changed_in_one_tap(chat):
    reply = converse(chat, ["qual a multa por transporte clandestino no acre?", "qual o prazo para recorrer da multa?"])
    assert reply["resposta"].startswith("No Acre (o lugar da conversa)")
    assert reply["pergunta"]["id"] == "jurisdicao"
    assert first(reply)[0] == "ac-lei-2731-2013"
    tapped = converse(chat, ["qual a multa por transporte clandestino no acre?", "qual o prazo para recorrer da multa?", "sp"])
    assert first(tapped) == ("sp-decreto-29912-1989", "art-55")


def test_a_complaint_is_never_prefilled_for_a_place_the_person_did_not_choose(chat):
    reply = converse(chat, ["qual a multa por transporte clandestino no acre?", "o motorista está vendendo passagem"])
    assert reply["intencao"] == "denuncia"
    url = next(a["url"] for a in reply["acoes"] if a["tipo"] == "denuncia")
    assert "jurisdicao" not in url and "ocorrencias=venda_passagem_individual" in url
    assert "Pelo que você contou, no Acre isso é infração:" in reply["resposta"]
    assert "Considerei o lugar de que falamos antes (Acre)" in reply["resposta"]
    named = converse(chat, ["o motorista está vendendo passagem em são paulo"])
    assert "jurisdicao=sp" in next(a["url"] for a in named["acoes"] if a["tipo"] == "denuncia")


def test_a_safety_report_without_its_place_is_asked_where_then_classified(chat):
    # Seat belts are equipment the CTB makes mandatory, and the fine tables fine their absence: PE Anexo I,
    # II, c) "utilizar em serviço veículos sem os equipamentos obrigatórios exigidos pelo Código de Trânsito Brasileiro".
    first = converse(chat, ["o ônibus de excursão não tem cinto"])
    assert first["intencao"] == "denuncia_lugar" and first["pergunta"]["id"] == "jurisdicao"
    # The complaint is offered beside the question (the form asks the place): nothing waits on the answer.
    offered = [a for a in first["acoes"] if a["tipo"] == "denuncia"]
    assert offered and "relato=" in offered[0]["url"] and "jurisdicao=" not in offered[0]["url"]
    reply = converse(chat, ["o ônibus de excursão não tem cinto", "Pernambuco"])
    assert reply["intencao"] == "denuncia"
    assert reply["citations"][0]["unit"] == "anexo-i/inc-2/ali-c"
    assert any(a["tipo"] == "denuncia" and "jurisdicao=pe" in a["url"] for a in reply["acoes"])


def test_a_conduct_report_gets_the_row_of_the_place(chat):
    # SP art. 37, V, b): "for constatada ingestão, pelo motorista, de bebida alcoólica ou substância tóxica em serviço"
    reply = converse(chat, ["o motorista está bebendo", "São Paulo"])
    assert reply["intencao"] == "denuncia"
    assert ("sp-decreto-29912-1989", "art-37/inc-5/ali-b") == (reply["citations"][0]["law"], reply["citations"][0]["unit"])
    assert any(a["tipo"] == "denuncia" for a in reply["acoes"])


@pytest.mark.parametrize("text, kind", [
    ("qual o prazo para recorrer", "prazo"), ("quanto tempo vale o crc", "prazo"), ("qual a multa por transporte clandestino", "valor"),
    ("qual a idade maxima do onibus", "limite"), ("pode contratar quantos cobradores", "limite"), ("quem julga os recursos", "quem"),
    ("quais documentos preciso para o crc", "documentos"), ("pode levar passageiro em pe", "permissao"),
    ("o prazo conta o primeiro dia", None),
    # a body asked for by its kind, not with "quem"; "para quem faz" is a relative pronoun, not "who?"
    ("que agencia cuida das concessoes", "quem"), ("qual a multa para quem faz lotacao", "valor"),
    # explicit papers win over the fine they are for
    ("quais documentos junto ao recurso da multa", "documentos"), ("preciso anexar o que na defesa", "documentos"),
    # the amount asked at the end of the sentence
    ("o motorista auxiliar que repete a falta paga quanto", "valor"),
    # what happens to a fine is no amount; a count of days asked with how it is counted is a deadline
    ("a defesa deixa a multa suspensa", None), ("qual a multa por cancelar a viagem", "valor"),
    ("depois da exigencia cumprida o prazo recomeca a contar? quantos dias", "prazo"),
    ("quantas multas levam a perder a licenca", "limite"),
])
def test_the_kind_of_question(text, kind):
    assert question_kind(text) == kind


@pytest.mark.parametrize("words, number", [("trezentas e trinta", 330), ("dois mil e novecentos", 2900), ("quinze", 15), ("cento e sessenta", 160), ("mesa", None)])
def test_numbers_written_in_words(words, number):
    assert words_to_number(words) == number


def test_a_new_situation_with_a_place_is_not_taken_as_the_answer_to_where(chat):
    reply = converse(chat, ["quanto tempo vale o crc?"])
    assert reply["pergunta"]["id"] == "jurisdicao"
    reply = converse(chat, ["quanto tempo vale o crc?", "apreenderam minha van no acre"])
    assert reply["intencao"] == "wizard"
    reply = converse(chat, ["quanto tempo vale o crc?", "no acre"])
    # The Acre law sets no term for a registration (art. 62 § 2º's "prazo de noventa dias" is how long the
    # tachograph's data is kept): the question is answered for Acre, and no nearby number is stated.
    assert reply["intencao"] == "lei" and (doubted(reply) or reply["citations"][0]["law"] == "ac-lei-2731-2013")
    assert "90 dias" not in reply["resposta"] and "noventa dias" not in reply["resposta"].split("“")[0]


def test_a_date_of_facts_gives_the_wording_in_force_that_day(chat):
    # PE art. 28, IV before Lei 17.107 of 13/11/2020: "gravíssimas: R$ 3.900,00 (três mil e novecentos reais)"
    reply = converse(chat, ["qual era a multa gravíssima em pernambuco em 10/05/2019?"])
    assert reply["resposta"].startswith("Em Pernambuco: R$ 3.900,00.")
    assert "Na data dos fatos (10/05/2019) valia a redação anterior, trocada por Lei 17.107/2020." in reply["resposta"]
    assert reply["resposta"].count("R$ 2.900") == 0


def test_a_recife_fine_in_a_report_is_said_in_reais_never_as_a_formula(chat):
    # Recife, Anexo Único, Grupo 2, n) "Movimentar o veículo com as portas abertas"; art. 36: Vm = G × Vb,
    # G = 2 for Grupo 2 and "Vb … equivale a R$ 50,00 (cinqüenta reais)" → R$ 100,00.
    reply = converse(chat, ["a van estava com a porta aberta no complementar do recife"])
    assert "Gravidade: Grupo 2. Multa: R$ 100,00 (2 vezes o valor base, Vb, que a lei fixa em R$ 50,00; " in reply["resposta"].replace("\xa0", " ")
    assert "× Vb" not in reply["resposta"]



def test_a_recife_group_1_report_says_the_first_infraction_is_a_written_warning(chat):
    # Recife art. 33, I: "advertência por escrito aplicada quando praticar as infrações do Grupo 1"; Grupo 1, f)
    # "permitir o comércio ambulante e a mendicância dentro do veículo". The fine said is the repeat's.
    reply = converse(chat, ["ontem no recife o condutor da van do complementar deixou um vendedor ambulante subir e ficar vendendo bala lá dentro"])
    assert reply["citations"][0]["unit"] == "anexo-unico/grupo-1/ali-f"
    assert "a primeira infração leva a advertência por escrito; a multa vem na reincidência" in reply["resposta"]
    assert ("recife-lei-16856-2003", "art-33/inc-1") in [(c["law"], c["unit"]) for c in reply["citations"]]


def test_christmas_as_the_date_of_the_facts_is_not_the_city_of_natal(chat):
    # "natal" names a festival (knowledge/lexicon.yaml festas) and a city of another state; told as a date it
    # is the date of the facts: Recife, Anexo Único, Grupo 4, i) "conduzir o veículo sob a influência de álcool…".
    reply = converse(chat, ["no natal de 2021 o condutor da kombi do complementar do recife dirigia bêbado"])
    assert not reply["fora_do_escopo"], reply["resposta"]
    assert reply["intencao"] == "denuncia"
    assert "24/12/2021" in reply["resposta"]
    # The city, in a trip that names no place of the four: another state's law.
    assert converse(chat, ["o fretado de natal pra joão pessoa pode levar gente em pé?"])["fora_do_escopo"]


def test_a_question_about_facts_that_happened_is_a_report_when_the_reader_is_sure(chat):
    # A question that does not say it asks about the infraction ("é normal?") but tells what happened: the row
    # of the date, when the reader classifies it with confidence. PE Anexo I, III, e) (since 13/11/2020):
    # "transportar passageiro em pé ou acima da capacidade do veículo".
    reply = converse(chat, ["semana passada em pernambuco o fretado da usina levou uns vinte trabalhadores em pé no corredor. isso é normal?"])
    assert reply["intencao"] == "denuncia", reply["resposta"]
    assert reply["citations"][0]["unit"] == "anexo-i/inc-3/ali-e"
    # Facts in the question's own clause, asking a value: not a report (the law, or the seizure guide, answers).
    assert converse(chat, ["a van do meu primo foi guinchada em rio branco no acre, quanto custa a diária do pátio?"])["intencao"] not in ("denuncia", "denuncia_lugar")


def test_a_story_closed_by_a_question_about_it_or_told_without_a_cue_word_is_a_report(chat):
    """The chat and the complaint form give the story the same row: a closing "isso pode?" in the story's
    last clause asks about the facts just told, and a habit told in the present tense is facts too."""
    # AC art. 75, I, e): "fumar dentro do ônibus ou permitir que passageiros fumem".
    reply = converse(chat, ["no sábado passado fui de Rio Branco pra Xapuri e o motorista ficou fumando dentro do ônibus a viagem inteira, no Acre isso pode?"])
    assert reply["intencao"] == "denuncia", reply["resposta"]
    assert [a["linhas"] for a in reply["acoes"] if a["tipo"] == "denuncia"] == [["ac-lei-2731-2013 art-75/inc-1/ali-e"]]
    # Recife, Anexo Único, Grupo 2, k): "fumar no interior do veículo, quando em operação ou parado no terminal".
    reply = converse(chat, ["o motorista da kombi do complementar no Recife acende um cigarro atrás do outro com a gente lá dentro"])
    assert reply["intencao"] == "denuncia" and reply["citations"][0]["unit"] == "anexo-unico/grupo-2/ali-k"
    # A law question with no story is still the law's (PE art. 34, VII: "condução de passageiros em pé").
    reply = converse(chat, ["pode transportar passageiro em pé no fretamento em Pernambuco"])
    assert reply["intencao"] == "lei" and reply["citations"][0]["unit"] == "art-34/inc-7"


def test_a_report_in_the_chat_says_the_measure_and_who_answers_with_their_units(chat):
    # PE art. 29, § 1º: "A retenção do veículo é cabível em todas as infrações estabelecidas no Anexo I";
    # art. 23: "A infração cometida por empresa autorizatária, preposto ou transportador às disposições desta
    # Lei será sancionada" — the same facts the complaint form and the receipt show (portal row_facts).
    reply = converse(chat, ["em 2019 em Pernambuco o ônibus fretado levou gente em pé no corredor"])
    assert "Medida: retenção do veículo" in reply["resposta"]
    assert "Quem responde: empresa autorizatária, preposto ou transportador." in reply["resposta"]
    cited = [(c["law"], c["unit"]) for c in reply["citations"]]
    assert ("pe-lei-16205-2017", "art-29/par-1") in cited and ("pe-lei-16205-2017", "art-23") in cited
    # Recife art. 38, § 1º: "A retenção do veículo é cabível nas infrações dos Grupos 1 e 2" (Grupo 2, n: portas abertas).
    reply = converse(chat, ["a van estava com a porta aberta no complementar do recife"])
    assert "Medida: retenção do veículo." in reply["resposta"]
    assert reply["citations"][0]["unit"] == "anexo-unico/grupo-2/ali-n"
    assert ("recife-lei-16856-2003", "art-38/par-1") in [(c["law"], c["unit"]) for c in reply["citations"]]


def test_a_question_about_past_facts_cites_that_days_wording_and_keeps_the_date(tmp_path, index_dir):
    # PE art. 28, IV before Lei 17.107/2020: "gravíssimas: R$ 3.900,00 (três mil e novecentos reais)".
    from pathlib import Path

    from portal.storage.conversations import load
    from portal.storage.db import connect

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    reply = converse(app.test_client(), ["qual a multa gravissima em pernambuco em 10/05/2019?"])
    assert reply["resposta"].startswith("Em Pernambuco: R$ 3.900,00. Na data dos fatos (10/05/2019) valia a redação anterior, trocada por Lei 17.107/2020.")
    assert reply["citations"][0]["url"] == "/leis/pe-lei-16205-2017/art-28/inc-4?data=2019-05-10"
    _id, state = load(connect(Path(tmp_path) / "portal.db"), reply["conversa"])
    kept = state["history"][-1]["citations"]
    assert kept[0] == ["pe-lei-16205-2017", "art-28/inc-4", "2019-05-10"] and all(c[2] == "2019-05-10" for c in kept)


@pytest.mark.parametrize("message, law, unit, said", [
    # AC art. 92: "O transporte rodoviário intermunicipal de passageiros é gratuito para: I - as pessoas com idade igual ou
    # superior a sessenta anos …" — not paying is what the law calls "gratuito".
    ("com quantos anos o idoso não paga a passagem intermunicipal no acre?", "ac-lei-2731-2013", "art-92/inc-1", "No Acre: 60 anos."),
    # Recife art. 32, III: "Grupo 3 - infração de natureza grave"; art. 36: Vm = G × Vb, Vb = R$ 50,00 → R$ 150,00
    # (the formula that gives the amount is cited first, the group after it).
    ("qual a multa do grupo 3 no recife?", "recife-lei-16856-2003", "art-36", "No Recife: R$ 150,00 (3 vezes o valor-base, Vb, de R$ 50,00 fixado na lei; "),
    # PE art. 8º: "O CRC terá validade por 1 (um) ano … devendo ser renovada com antecedência mínima de 30 (trinta) dias":
    # renewing is asked, so the 30 days beside "renovada" are said, not the year of validity.
    ("em quantos dias a empresa tem que renovar o CRC em pernambuco?", "pe-lei-16205-2017", "art-8", "Em Pernambuco: 30 dias."),
    # Recife art. 27: "Compete ao Poder Público Municipal exercer … através da Secretaria de Serviços Públicos - SSP …
    # a fiscalização do STCP/Recife" (the Anexo Único lists infractions, it names no body): the body the
    # law names is said first, spelled out as the law spells it.
    ("quem fiscaliza o transporte complementar no recife?", "recife-lei-16856-2003", "art-27", "No Recife: SSP (Secretaria de Serviços Públicos). Lei 16.856/2003 (Recife), art. 27 diz:"),
    # Acre art. 68 § único: "O poder regulatório da AGEAC será exercido nos termos desta lei …" (not its
    # inciso I, "apreciar as reclamações", a power listed under it); art. 5 § 1º spells the body out:
    # "Agência Reguladora dos Serviços Públicos do Estado do Acre - AGEAC".
    ("que agência tem o poder regulatório sobre as transportadoras no acre?", "ac-lei-2731-2013", "art-68/par-unico",
     "No Acre: AGEAC (Agência Reguladora dos Serviços Públicos do Estado do Acre)."),
])
def test_what_is_asked_picks_the_unit_and_the_value(chat, message, law, unit, said):
    reply = converse(chat, [message])
    assert first(reply) == (law, unit)
    assert reply["resposta"].startswith(said)


def test_a_question_on_the_crc_papers_cites_the_list_then_narrows_it_in_the_wizard(chat):
    # PE art. 5º: "O requerimento para obtenção do CRC será dirigido à EPTI, instruído com os seguintes documentos: …
    # II - prova de inscrição no Cadastro Nacional de Pessoa Jurídica do Ministério da Fazenda - CNPJ"
    reply = converse(chat, ["que papeis a EPTI pede para dar o CRC?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-5")
    assert reply["resposta"].startswith("Em Pernambuco: I - registro comercial")
    assert "II - prova de inscrição no Cadastro Nacional de Pessoa Jurídica do Ministério da Fazenda - CNPJ" in reply["resposta"]
    from datetime import date

    from knowledge.flows import FLOWS

    first_question = FLOWS.get("documentos_crc").run({}, today=date.today()).next_question.id
    assert reply["intencao"] == "wizard" and reply["pergunta"]["id"] == first_question


def test_a_reply_citing_one_place_law_names_the_place_whatever_built_it():
    # Whatever path built it (a wizard opened on a question, a report …), a reply that cites one
    # place's law and does not say the place gets a line naming it; one that names it is left alone.
    from knowledge.assistant import Assistant, Reply
    from knowledge.citations import Cite

    class Ports:
        def translate(self, text):
            return text

    assistant = Assistant(Ports())
    unnamed = Reply("Vou fazer algumas perguntas.", "wizard", citations=[Cite("pe-lei-16205-2017", "art-5")])
    assistant._name_the_place(unnamed)
    assert unnamed.texto == "Vou fazer algumas perguntas.\nLei considerada: a de Pernambuco."
    named = Reply("No Acre: 330 UFIRAC.", "lei", citations=[Cite("ac-lei-2731-2013", "art-88/inc-1")])
    assistant._name_the_place(named)
    assert named.texto == "No Acre: 330 UFIRAC."
    both = Reply("A resposta muda conforme o lugar.", "lei", citations=[Cite("ac-lei-2731-2013", "art-88/inc-1"), Cite("recife-lei-16856-2003", "art-45")])
    assistant._name_the_place(both)
    assert both.texto == "A resposta muda conforme o lugar."


@pytest.mark.parametrize("message, thing", [
    # No unit of the four laws uses "banheiro" or "câmera": the reply says the laws are silent,
    # names the thing, and cites nothing (quoting the nearest rule would answer another question).
    ("o onibus de fretamento tem que ter banheiro em pernambuco?", "banheiro"),
    ("a van do complementar do recife precisa ter camera?", "camera"),
])
def test_a_thing_the_laws_never_name_is_said_to_be_outside_them(chat, message, thing):
    reply = converse(chat, [message])
    assert reply["citations"] == []
    assert f"nenhum dispositivo fala de “{thing}”" in reply["resposta"]


@pytest.mark.parametrize("message, law, unit", [
    # PE art. 11: "II - Semestral: a) veículos … tipo ônibus … com mais de 15 (quinze) anos da data de fabricação"
    # (I - Anual: a) the same buses "com até 15 (quinze) anos").
    ("de quanto em quanto tempo um onibus de 18 anos faz vistoria na epti?", "pe-lei-16205-2017", "art-11/inc-2/ali-a"),
    ("de quanto em quanto tempo um onibus de 9 anos faz vistoria na epti?", "pe-lei-16205-2017", "art-11/inc-1/ali-a"),
    # SP art. 25: "III - … a cada 6 (seis) meses, quando os veículos tiverem mais de 10 (dez) anos de fabricação".
    ("vistoria de onibus com 14 anos no fretamento de sao paulo, qual a periodicidade?", "sp-decreto-29912-1989", "art-25/inc-3"),
    # Acre art. 78 § único: "II - de onze a trinta dias, quando de reincidência na infração no prazo de doze meses".
    ("no acre, se o veiculo for apreendido de novo dentro de um ano, fica retido quanto tempo?", "ac-lei-2731-2013", "art-78/par-unico/inc-2"),
])
def test_the_condition_the_question_states_picks_the_sibling(chat, message, law, unit):
    assert first(converse(chat, [message])) == (law, unit)


@pytest.mark.parametrize("message, law, unit, said", [
    # SP art. 19, parágrafo único: "As renovações deverão ser requeridas até 90 (noventa) dias antes de seu
    # termo final" — not art. 19, VI, whose "15 (quinze) anos" is the age of the vehicles listed.
    ("em sao paulo, quantos dias antes do vencimento eu peço a renovação do registro de fretamento?",
     "sp-decreto-29912-1989", "art-19/par-unico", "Em São Paulo: 90 dias, antes de seu termo final."),
])
def test_a_deadline_before_an_event_and_not_an_age(chat, message, law, unit, said):
    reply = converse(chat, [message])
    assert first(reply) == (law, unit)
    assert reply["resposta"].startswith(said)


def test_only_a_sanction_brings_in_the_article_it_names():
    # Recife art. 45: "O descumprimento do disposto no art. 44 sujeitará o infrator …" sanctions art. 44;
    # art. 19, parágrafo único ("preenchidos todos os requisitos exigidos no art. 16 desta Lei") only
    # mentions art. 16, whose words are not what it says.
    from knowledge.assistant.kinds import references
    from knowledge.corpus import load_law

    recife = load_law("recife-lei-16856-2003")
    assert references(recife.by_id["art-45"]) == ["44"]
    assert references(recife.by_id["art-19/par-unico"]) == []


def test_an_amount_set_as_a_share_is_said_as_the_law_sets_it(chat):
    # Recife art. 25 § 1º, I: "gerenciamento da operação, com recolhimento mensal, correspondente ao valor
    # de 4% (quatro por cento) da demanda transportada no mês anterior".
    reply = converse(chat, ["no recife, quanto o permissionário recolhe por mês pelo gerenciamento da operação?"])
    assert first(reply) == ("recife-lei-16856-2003", "art-25/par-1/inc-1")
    assert reply["resposta"].startswith("No Recife: 4% da demanda transportada no mês anterior.")


def test_em_PE_is_pernambuco_and_em_pe_is_standing():
    # "em PE" names the place; "em pé" (or "em pe") is about standing passengers (PE art. 34, VII:
    # "condução de passageiros em pé").
    from knowledge.assistant.law import key_words

    assert "pe" not in key_words("a empresa leva multa de quanto em PE?")
    assert "pe" in key_words("pode levar passageiro em pé?")
    assert "pe" in key_words("pode levar passageiro em pe?")


def test_a_periodicity_named_in_a_word_is_the_deadline_said(chat):
    # PE art. 11: "II - Semestral: a) veículos com registro em CRLV tipo ônibus … com mais de 15 (quinze)
    # anos da data de fabricação" — the answer is the periodicity, not the vehicle's age.
    reply = converse(chat, ["de quanto em quanto tempo um onibus de 18 anos faz vistoria na epti?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-11/inc-2/ali-a")
    assert reply["resposta"].startswith("Em Pernambuco: Semestral.")


def test_a_fine_set_against_another_is_computed(chat):
    # AC art. 88: "I - multa de trezentas e trinta UFIRACs"; § 1º "O valor da multa prevista no inciso I
    # deste artigo será duplicado a partir da primeira reincidência".
    reply = converse(chat, ["no acre quem é pego outra vez fazendo transporte clandestino paga quanto de multa?"])
    assert first(reply) == ("ac-lei-2731-2013", "art-88/par-1")
    assert reply["resposta"].startswith("No Acre: o dobro: 660 UFIRAC")
    # Nothing said of a repeat: the first time's fine, not the doubled one.
    assert first(converse(chat, ["no acre qual a multa por fazer transporte clandestino?"])) == ("ac-lei-2731-2013", "art-88/inc-1")


def test_a_permission_bound_to_a_condition_says_the_condition(chat):
    # SP art. 30: "Qualquer propaganda somente poderá ser feita na parte interna do veículo …" — not a plain yes.
    reply = converse(chat, ["pode ter propaganda na traseira do onibus fretado em sp?"])
    assert first(reply) == ("sp-decreto-29912-1989", "art-30")
    assert states(reply, "Em São Paulo: Só nestes termos: a lei diz “somente poderá ser feita na parte interna do veículo”.", start=True)


def test_a_quoted_unit_that_opens_a_list_quotes_its_items():
    # AC art. 39: "os veículos deverão conduzir: I - no seu interior: a) um indicativo com nome do motorista …"
    from knowledge.assistant.law import quote_unit
    from knowledge.corpus import load_law

    quoted = quote_unit(load_law("ac-lei-2731-2013").unit("art-39/inc-1"))
    assert "I - no seu interior: a) um indicativo com nome do motorista" in quoted


def test_restarting_is_a_short_command_not_a_word_inside_a_question():
    from knowledge.assistant.understanding import understand

    assert understand("recomeçar", in_wizard=False, awaiting_jurisdiction=False, answer_parses=False).intent == "recomecar"
    long = understand("o prazo do pedido volta a contar do zero quando entrego papel que faltava?", in_wizard=False,
                      awaiting_jurisdiction=False, answer_parses=False)
    assert long.intent != "recomecar"


def test_a_thing_a_units_question_names_in_peoples_words_is_answered_not_declared_silent(chat):
    # PE art. 17, parágrafo único: "Será facultativa nos veículos automotores … a presença de pneu e aro
    # sobressalentes, macaco hidráulico e chave de roda" — people say "estepe"; the statute never does.
    reply = converse(chat, ["em pernambuco o ônibus fretado precisa ter estepe?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-17/par-unico")
    assert reply["resposta"].startswith("Em Pernambuco: É opcional: a lei diz “Será facultativa”.")
    # Only the law of the place asked counts: a question on another law's unit ("banheiro da rodoviária",
    # Acre art. 81) does not make Pernambuco's law speak of a bathroom on the bus.
    silent = converse(chat, ["o onibus de fretamento tem que ter banheiro em pernambuco?"])
    assert silent["citations"] == [] and "“banheiro”" in silent["resposta"]


def test_another_state_named_in_a_question_about_a_places_law_is_that_laws_question(chat):
    # PE art. 16, parágrafo único: "As autorizatárias com estabelecimento matriz no Estado de Pernambuco …
    # no prazo de 45 (quarenta e cinco) dias" — a bus plated "em outro estado" is asked of Pernambuco's law.
    reply = converse(chat, ["a matriz da empresa é em pernambuco e o ônibus novo veio com placa de outro estado, tenho quantos dias pra transferir?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-16/par-unico")
    assert reply["resposta"].startswith("Em Pernambuco: 45 dias")
    # With no place named, a trip to another state is outside the four laws.
    assert converse(chat, ["o fretado pode fazer viagem pra outro estado?"])["citations"] == []


def test_what_to_show_asks_for_papers():
    from knowledge.assistant.kinds import question_kind

    assert question_kind("pra receber a indenizacao da bagagem o que eu preciso mostrar") == "documentos"


def test_a_follow_up_naming_only_a_place_asks_the_last_question_there(chat):
    # SP Regulamento, art. 55: "O recurso deverá ser interposto no prazo de 15 (quinze) dias …";
    # Recife art. 41: "As defesas … devem ser interpostas no prazo de até 30 (trinta) dias."
    reply = converse(chat, ["qual o prazo para recorrer da multa em são paulo?", "e no recife, como fica?"])
    assert first(reply) == ("recife-lei-16856-2003", "art-41")
    assert states(reply, "No Recife: 30 dias", start=True)
    # A place alone, with no question before it, is kept for the question that comes (none is guessed).
    alone = converse(chat, ["e no acre?"])
    assert alone["citations"] == [] and "Acre" in alone["resposta"]
    later = converse(chat, ["no acre", "qual a multa por transporte clandestino?"])
    assert first(later) == ("ac-lei-2731-2013", "art-88/inc-1")
    # After something else (a plate), the question before it is not asked again.
    assert converse(chat, ["qual o prazo para recorrer da multa em são paulo?", "KGT2E47", "e em pernambuco?"])["citations"] == []


def test_a_value_the_law_leaves_to_another_act_is_said_so_never_taken_from_a_neighbour(chat):
    # AC art. 79 § 2º: "Será garantido ao indiciado oportunidade de defesa, conforme prazos e disposições
    # estabelecidos na regulamentação desta lei e em normas expedidas pela AGEAC" — no number of days in the
    # law (art. 75, IV, v's "cinco dias úteis" is the time to send a contract, not to defend oneself).
    reply = converse(chat, ["no acre quantos dias eu tenho pra me defender de um auto de infração?"])
    assert first(reply) == ("ac-lei-2731-2013", "art-79/par-2")
    assert reply["resposta"].startswith("No Acre: A lei não fixa o prazo: diz “prazos e disposições estabelecidos na regulamentação desta lei")
    assert "cinco dias" not in reply["resposta"].split("diz:")[0]


def test_the_person_a_penalty_is_for_picks_the_article(chat):
    # Recife art. 34 (o condutor auxiliar, o condutor eventual e/ou cobrador), § 1º: "No caso de reincidência,
    # no período de 06 (seis) meses, das infrações dos Grupos 1 e 2 … aplica-se em dobro a multa equivalente à
    # infração" — not art. 33, which is for "O permissionário"; the group-2 fine doubled is 2 × 2 × Vb (R$ 50,00).
    reply = converse(chat, ["no complementar do recife o cobrador que comete de novo infração do grupo 2 em três meses paga quanto?"])
    assert first(reply) == ("recife-lei-16856-2003", "art-34/par-1")
    assert reply["resposta"].startswith("No Recife: o dobro: R$ 200,00")
    # Art. 33, III: "multa em dobro equivalente à infração aplicada na reincidência no período de 06 (seis) meses"
    own = converse(chat, ["no complementar do recife o permissionário que comete de novo infração do grupo 3 em três meses paga quanto?"])
    assert first(own) == ("recife-lei-16856-2003", "art-33/inc-3")
    assert own["resposta"].startswith("No Recife: o dobro: R$ 300,00")


def test_a_short_follow_up_completes_the_question_before_it(chat):
    # SP Regulamento, art. 37, IV, d): "utilizar veículo de outra empresa … sem prévia autorização do DER,
    # salvo em caso de socorro" — the follow-up names the case, and the question before it the fine.
    reply = converse(chat, ["qual a multa em são paulo para a empresa que roda com ônibus de outra firma sem autorização do DER?",
                            "e se foi para socorrer um ônibus que quebrou?"])
    assert first(reply) == ("sp-decreto-29912-1989", "art-37/inc-4/ali-d")
    assert "salvo em caso de socorro" in reply["resposta"] and "(o lugar da conversa)" in reply["resposta"]
    # What the follow-up asks wins: SP art. 52, "O recurso contra multas aplicadas será dirigido uma única vez
    # à Comissão de Transporte Coletivo, do Departamento de Estradas de Rodagem".
    who = converse(chat, ["qual o prazo para recorrer da multa em são paulo?", "e quem julga?"])
    assert first(who) == ("sp-decreto-29912-1989", "art-52")
    # A long message is a question of its own, not a follow-up.
    from knowledge.assistant.understanding import completes_the_last_question

    assert not completes_the_last_question("e no acre o onibus de fretamento pode levar passageiros em pe no corredor durante a viagem")


def test_the_follow_ups_words_lead_over_the_first_questions(chat):
    # PE art. 23: "III - suspensão do CRC, por 90 (noventa) dias" and "IV - cancelamento do CRC, por 180 (cento e
    # oitenta) dias" — the follow-up names the other case.
    reply = converse(chat, ["em pernambuco a suspensão do CRC da empresa dura no máximo quanto tempo?", "e se for cancelamento, quanto tempo?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-23/inc-4")
    assert "180 dias" in reply["resposta"]


def test_a_town_names_the_place_not_the_subject(chat):
    # AC art. 5º § 5º, III ("diametral: linha que liga localidades do Estado passando pelo Município de Rio Branco")
    # only shares the town's name with a report from a bus leaving Rio Branco; art. 23 is about the driver.
    report = converse(chat, ["o motorista tava bebado no onibus de rio branco pra xapuri"])
    assert report["citations"] and all(c["unit"] != "art-5/par-5/inc-3" for c in report["citations"])
    # A question mark before a last word in brackets is still a question: AC art. 26, "terá recusado o embarque
    # ou determinado o seu desembarque … quando: II - encontrar-se em estado de embriaguez".
    asked = converse(chat, ["um passageiro bêbado entrou no ônibus de Rio Branco, o motorista pode tirar ele? (acre)"])
    assert first(asked) == ("ac-lei-2731-2013", "art-26/inc-2")


def test_a_follow_up_that_states_the_case_replaces_the_case_before(chat):
    # AC art. 78, parágrafo único: "I - de um a dez dias, quando se tratar da primeira apreensão no prazo de doze
    # meses; e II - de onze a trinta dias, quando de reincidência na infração no prazo de doze meses." The period
    # inside "quando …" is the condition, not the custody; a range is said whole.
    first_time = converse(chat, ["no acre, na primeira apreensão, o veículo fica retido quantos dias?"])
    assert first(first_time) == ("ac-lei-2731-2013", "art-78/par-unico/inc-1")
    assert first_time["resposta"].startswith("No Acre: de 1 a 10 dias")
    again = converse(chat, ["no acre, na primeira apreensão, o veículo fica retido quantos dias?", "e se reincidir no mesmo ano?"])
    assert first(again) == ("ac-lei-2731-2013", "art-78/par-unico/inc-2")
    assert "de 11 a 30 dias" in again["resposta"]


def test_der_is_sao_paulos_body_only_as_a_name():
    from knowledge.assistant.understanding import understand

    def place(message):
        return understand(message, in_wizard=False, awaiting_jurisdiction=False, answer_parses=False).jurisdiction

    assert place("e se der número quebrado, tipo 8,4 pessoas?") is None  # the verb "dar"
    assert place("levei multa do der no fretamento") == place("o DER multou meu ônibus") == "sp"


def test_a_question_on_the_recife_commission_is_about_the_law(chat):
    # Recife art. 39 § 3º: "O mandato terá a duração de 01 (um) ano …" — "CDTC" alone says it is about transport.
    reply = converse(chat, ["quanto tempo dura o mandato na CDTC do Recife?"])
    assert first(reply) == ("recife-lei-16856-2003", "art-39/par-3")


def test_a_place_named_after_a_newer_question_is_for_the_newer_question(chat):
    # After an answer in the conversation's place (which waits for a one-tap change of place), a new question
    # replaces it: "e em São Paulo?" then asks that one there (SP Regulamento, art. 55: "15 (quinze) dias").
    reply = converse(chat, ["no acre, na primeira apreensão, o veículo fica retido quantos dias?", "e se reincidir no mesmo ano?",
                            "qual o prazo para recorrer da multa em pernambuco?", "e em São Paulo?"])
    assert first(reply) == ("sp-decreto-29912-1989", "art-55")


def test_a_follow_up_that_names_another_vehicle_drops_the_first_one(chat):
    # PE art. 15: "I - R$ 500.000,00 (quinhentos mil reais) para ônibus" and "II - R$ 300.000,00 (trezentos mil
    # reais) para micro-ônibus, microbus e minibus" — the follow-up names the micro-ônibus instead of the bus.
    reply = converse(chat, ["em pernambuco qual o seguro mínimo do ônibus de fretamento?", "e pra micro-ônibus?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-15/inc-2")
    assert "300.000,00" in reply["resposta"]
    from knowledge.assistant.understanding import carried_over

    assert "onibus" not in carried_over("qual o seguro do ônibus em pernambuco?", "e pra micro-ônibus?").split()
    assert "micro" not in carried_over("qual o seguro do micro-ônibus em pernambuco?", "e pra ônibus?").split()


def test_a_longer_follow_up_that_names_nothing_of_transport_still_completes_the_question(chat):
    # PE art. 25, § 2º: "… a 2ª (segunda) via será remetida à infratora no prazo máximo de 60 (sessenta) dias, para
    # que apresente defesa no prazo de 15 (quinze) dias, a contar do seu recebimento" — of the two deadlines, the
    # one next to "defesa".
    reply = converse(chat, ["a EPTI me autuou, em quanto tempo a segunda via do auto tem que chegar?",
                            "e depois que ela chegar na minha mão, quanto tempo eu tenho pra me defender?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-25/par-2")
    assert "15 dias" in reply["resposta"].split("diz:")[0]
    # "e pra pagar …?" names another step of the same question: still how long (SP art. 46: "A transportadora
    # terá o prazo de 30 (trinta) dias para pagamento da multa").
    pay = converse(chat, ["em são paulo qual o prazo para a defesa do auto de infração?", "e pra pagar a multa se eu não recorrer?"])
    assert first(pay)[1].startswith("art-46") and "30 dias" in pay["resposta"]


def test_a_repeat_in_recife_without_a_group_says_the_formula():
    # Recife art. 33: "III - multa em dobro equivalente à infração aplicada na reincidência no período de 06 (seis)
    # meses, das infrações dos Grupos 2, 3 e 4" — with no group named, the double of the infraction's group.
    from datetime import date

    from knowledge.assistant.values import plain_value
    from knowledge.corpus import resolve

    _, unit = resolve("recife-lei-16856-2003", "art-33/inc-3")
    value = plain_value("valor", unit, "recife-lei-16856-2003", date(2026, 12, 1))
    assert "2 × G × Vb" in value.said()
    named = plain_value("valor", unit, "recife-lei-16856-2003", date(2026, 12, 1), asked="multa do grupo 3 repetida")
    assert "R$ 300,00" in named.said()


def test_a_year_of_manufacture_is_the_vehicles_age(chat):
    # PE art. 11: "I - Anual: a) … ônibus, micro-ônibus e microbus, com até 15 (quinze) anos da data de fabricação"
    # and "II - Semestral: a) … com mais de 15 (quinze) anos da data de fabricação".
    reply = chat.post("/api/v1/assistente", json={"mensagem": "meu ônibus é 2008, de quanto em quanto tempo a EPTI faz a vistoria?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-11/inc-2/ali-a")
    assert "Semestral" in reply["resposta"]
    from knowledge.assistant.conditions import given

    assert ("anos", 0.0, "") not in given("lei de 2017 sobre fretamento")
    assert not given("lei de 2017 sobre fretamento")


def test_a_question_that_a_wizard_also_answers_gets_the_law_first(chat):
    # PE art. 29-A, parágrafo único: "A restituição do veículo apreendido somente ocorrerá mediante o prévio
    # pagamento das multas, taxas, despesas com transbordo de passageiros, remoção e estadia."
    reply = chat.post("/api/v1/assistente", json={"mensagem": "guincharam meu ônibus, o que preciso pagar pra tirar do depósito?"}).get_json()
    assert ("pe-lei-16205-2017", "art-29-a/par-unico") in [(c["law"], c["unit"]) for c in reply["citations"]]
    assert "A resposta muda conforme o lugar" in reply["resposta"] and "wizard" in [a["tipo"] for a in reply["acoes"]]
    # PE art. 11, I, b): "automóvel com capacidade para 07 (sete) pessoas, com até 5 (cinco) anos da data de fabricação".
    car = chat.post("/api/v1/assistente", json={"mensagem": "tenho um carro de 7 lugares ano 2024 no fretamento turístico em pernambuco, a vistoria é anual?"}).get_json()
    assert first(car) == ("pe-lei-16205-2017", "art-11/inc-1/ali-b") and car["intencao"] == "wizard"
    assert "ANO" not in car["resposta"]  # "ano 2024" is not a plate


def test_kinds_read_in_peoples_words():
    from knowledge.assistant.text import normalize

    assert question_kind(normalize("pra quem eu recorro da multa do DER?")) == "quem"
    assert question_kind(normalize("qual a multa para quem faz transporte pirata?")) == "valor"
    assert question_kind(normalize("o que tenho que pagar pra liberar a van?")) == "valor"
    assert question_kind(normalize("a vistoria do micro é anual ou semestral?")) == "prazo"


def test_the_kind_of_vehicle_asked_picks_the_inciso(chat):
    # PE art. 15: "I - R$ 500.000,00 (quinhentos mil reais) para ônibus"; "II - R$ 300.000,00 (trezentos mil reais)
    # para micro-ônibus, microbus e minibus"; "III - R$ 150.000,00 (cento e cinquenta mil reais) para veículo tipo
    # automóvel" — a minimum that is an amount is said as one.
    for message, unit, amount in (("qual a cobertura mínima do seguro do micro-ônibus de fretamento em pernambuco?", "art-15/inc-2", "R$ 300.000,00"),
                                  ("qual a cobertura mínima do seguro do ônibus de fretamento em pernambuco?", "art-15/inc-1", "R$ 500.000,00"),
                                  ("qual a cobertura mínima do seguro do automóvel de fretamento em pernambuco?", "art-15/inc-3", "R$ 150.000,00")):
        reply = chat.post("/api/v1/assistente", json={"mensagem": message}).get_json()
        assert first(reply) == ("pe-lei-16205-2017", unit), message
        assert reply["resposta"].startswith(f"Em Pernambuco: {amount}")
    from knowledge.assistant.conditions import fit

    # A vehicle named in passing is no condition.
    assert fit("micro-ônibus", "o transbordo dos passageiros para outro ônibus") == 0


def test_doing_it_again_is_a_reincidencia(chat):
    # PE art. 23: "II - multa em dobro equivalente à infração aplicada na reincidência da mesma infração, dentro do
    # período de 30 (trinta) dias".
    reply = chat.post("/api/v1/assistente", json={"mensagem": "em pernambuco a EPTI me multou e dias depois me pegou outra vez pela mesma coisa, a multa muda?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-23/inc-2")
    assert reply["resposta"].startswith("Em Pernambuco: o dobro da multa da infração")


def test_the_group_named_picks_recifes_rule(chat):
    # Recife art. 33: "I - advertência por escrito aplicada quando praticar as infrações do Grupo 1"; the Grupo 4
    # rows of the Anexo Único are not an infraction of Grupo 1.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "sou permissionário do complementar do recife e levei uma infração do grupo 1, qual a penalidade?"}).get_json()
    assert first(reply) == ("recife-lei-16856-2003", "art-33/inc-1")
    # Art. 38, § 2º: "A apreensão do veículo é cabível nas infrações dos Grupos 3 e 4" — a rule for other groups
    # still answers "does Grupo 2 lead to seizure?".
    from knowledge.assistant.conditions import group_fit
    from knowledge.corpus import resolve

    _, apreensao = resolve("recife-lei-16856-2003", "art-38/par-2")
    _, row = resolve("recife-lei-16856-2003", "anexo-unico/grupo-4/ali-l")
    assert group_fit("infração do grupo 2 dá apreensão?", apreensao) == 0
    assert group_fit("infração do grupo 2", row) == -1 and group_fit("infração do grupo 4", row) == 1


def test_a_hypothetical_seizure_question_gets_the_law_of_each_place_before_the_wizard(chat):
    # AC art. 88: "… transporte clandestino de passageiros as seguintes sanções: … II - apreensão do veículo."
    # When the confidence model holds each place's line back (refit of the eighteenth session: this question's
    # lines fell under 0.5), the wizard alone answers; when it states them, Acre's is art. 88, II.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "se me pararem levando passageiro sem autorização, podem apreender a van?"}).get_json()
    assert reply["intencao"] == "wizard"
    if reply["citations"]:
        assert ("ac-lei-2731-2013", "art-88/inc-2") in [(c["law"], c["unit"]) for c in reply["citations"]]
        assert reply["resposta"].startswith("A resposta muda conforme o lugar")
    from knowledge.assistant.text import normalize

    assert question_kind(normalize("a defesa eu entrego pra quem no recife?")) == "quem"


def test_a_new_question_in_the_middle_of_a_wizard_is_answered_not_taken_as_an_answer(chat):
    # The wizard asks "Onde aconteceu?"; a whole question naming Pernambuco is a new question (PE art. 23, II:
    # "multa em dobro equivalente à infração aplicada na reincidência da mesma infração").
    reply = converse(chat, ["guincharam meu ônibus, o que preciso pagar pra tirar do depósito?",
                            "em pernambuco a EPTI me multou e dias depois me pegou outra vez pela mesma coisa, a multa muda?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-23/inc-2")
    # A short answer is still the wizard's.
    short = converse(chat, ["guincharam meu ônibus, o que preciso pagar pra tirar do depósito?", "em pernambuco"])
    assert short["intencao"] == "wizard_resposta"


def test_a_pronoun_is_never_the_thing_asked_about(chat):
    # PE art. 21, I, a: the eventual charter carries the "relação de passageiros"; "nela" (in it) names
    # nothing the law could be silent on.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "em PE, no fretamento eventual o motorista leva a relação de passageiros? o que vai escrito nela?"}).get_json()
    assert "nenhum dispositivo fala" not in reply["resposta"]
    assert first(reply)[0] == "pe-lei-16205-2017"


def test_abbreviated_quantos_asks_how_long():
    # AC art. 59: "… no prazo máximo de quinze dias, contados da data da reclamação."
    from knowledge.assistant.text import normalize

    assert question_kind(normalize("em qtos dias a transportadora me paga a bagagem extraviada?")) == "prazo"


def test_follow_ups_that_change_the_vehicle_or_the_gravity(chat):
    # SP art. 25: "I - … a cada 18 (dezoito) meses, quando os veículos tiverem até 5 (cinco) anos de fabricação;".
    reply = converse(chat, ["em são paulo a vistoria de um fretado com 9 anos de uso é a cada quanto tempo?", "e um de 2 anos?"])
    assert first(reply) == ("sp-decreto-29912-1989", "art-25/inc-1")
    # PE art. 28: "III - graves: R$ 900,00 …; IV - gravíssimas: R$ 2.900,00".
    reply = converse(chat, ["pernambuco: quanto é a multa de infração grave do fretamento?", "e se for gravíssima?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-28/inc-4") and "R$ 2.900,00" in reply["resposta"]


def test_a_bare_what_is_the_fine_asks_it_of_what_was_told(chat):
    # Recife Anexo Único, Grupo 2: "j) não tratar com polidez e urbanidade …" — Grupo 2, Vm = 2 × Vb = R$ 100,00.
    reply = converse(chat, ["no recife um permissionário do complementar me tratou sem educação nenhuma, é infração?", "e quanto é a multa?"])
    assert first(reply) == ("recife-lei-16856-2003", "anexo-unico/grupo-2/ali-j") and states(reply, "R$ 100,00")
    from knowledge.assistant.dialogue import _asks_only_a_value

    assert _asks_only_a_value("qual o prazo então?") and not _asks_only_a_value("qual o prazo do recurso?")


def test_the_licence_category_of_charter_drivers_is_the_charter_laws_question(chat):
    # PE art. 5º, X: "declaração de que todos os motoristas … são habilitados na categoria "D" ou "E"".
    reply = chat.post("/api/v1/assistente", json={"mensagem": "qual categoria de CNH o motorista precisa pra empresa tirar o CRC na EPTI?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-5/inc-10")


def test_a_second_time_in_figures_is_a_repeat(chat):
    # AC art. 78, parágrafo único: "II - de onze a trinta dias, quando de reincidência na infração no prazo de doze meses."
    reply = chat.post("/api/v1/assistente", json={"mensagem": "acre: minha van foi apreendida pela 2ª vez esse ano, quantos dias fica recolhida?"}).get_json()
    assert first(reply) == ("ac-lei-2731-2013", "art-78/par-unico/inc-2")
    # PE art. 23: "II - multa em dobro equivalente à infração aplicada na reincidência da mesma infração …": the
    # rule for the repeat answers how much the second fine is, not the row of the infraction (Anexo I).
    reply = chat.post("/api/v1/assistente", json={"mensagem": "em pernambuco fui autuado por usar parada de ônibus de linha e uma semana depois de novo, qual o valor agora?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-23/inc-2")


def test_a_knife_is_an_arma(chat):
    # Recife Anexo Único, Grupo 4: "j) portar arma de qualquer espécie;".
    reply = chat.post("/api/v1/assistente", json={"mensagem": "no recife o motorista do complementar anda com um facão no carro, qual a multa?"}).get_json()
    assert first(reply) == ("recife-lei-16856-2003", "anexo-unico/grupo-4/ali-j")


def test_the_body_whose_decision_is_appealed_is_not_the_appeal_body(chat):
    # Recife art. 43: "Da decisão proferida pela CDCT, cabe recurso ao Conselho de Revisão Administrativa - CRA";
    # art. 39, § 1º creates the CDTC "com a função de julgar as defesas" — the first step, not the appeal.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "recife: perdi a defesa na CDTC, o recurso é julgado por quem?"}).get_json()
    assert first(reply) == ("recife-lei-16856-2003", "art-43") and states(reply, "CRA")
    # PE art. 26: "… cabe recurso … ao Diretor Presidente da EPTI": naming the EPTI does not set its rule aside.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "pernambuco: quem julga o recurso contra multa da EPTI?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-26")


@pytest.mark.parametrize("message, thing", [
    # No unit of the four laws speaks of these: the reply says the laws are silent, never quotes a neighbour.
    ("no fretamento o passageiro tem que usar cinto?", "cinto"),
    ("ônibus intermunicipal precisa ter ar condicionado?", "ar condicionado"),
])
def test_a_thing_to_use_or_have_that_no_law_names(chat, message, thing):
    reply = chat.post("/api/v1/assistente", json={"mensagem": message}).get_json()
    assert reply["citations"] == [] and f"“{thing}”" in reply["resposta"]


def test_a_thing_the_laws_name_with_a_word_they_do_not_use_is_not_silence(chat):
    # PE art. 18: "É admitido o arrendamento, o comodato ou o aluguel de veículos …" — "alugado" is not a
    # word of the law, the vehicle is.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "pernambuco: a autorizatária pode utilizar veículo alugado?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-18")


def test_recifes_complementar_taken_to_another_town(chat):
    # Recife art. 13: "XI - não permitir a saída do veículo do Município, sem prévia autorização do Poder Público
    # Municipal;" — Olinda is a Pernambuco town, but the service asked about is Recife's.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "a kombi do transporte complementar do recife pode levar um grupo até jaboatão?"}).get_json()
    assert first(reply) == ("recife-lei-16856-2003", "art-13/inc-11")
    from knowledge.assistant.understanding import jurisdiction_in
    from knowledge.assistant.text import normalize

    assert jurisdiction_in(normalize("van do complementar do recife até olinda")) == "recife"
    assert jurisdiction_in(normalize("fretamento de recife até olinda")) == "pe"


def test_a_groups_fine_cites_the_formula_that_computes_it(chat):
    # Recife art. 36: "Os valores das multas são calculados através da fórmula Vm = G x Vb"; art. 32, II names
    # "Grupo 2"; 2 × R$ 50,00 = R$ 100,00.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "recife complementar: infração do grupo 2 custa quanto?"}).get_json()
    assert first(reply) == ("recife-lei-16856-2003", "art-36") and states(reply, "R$ 100,00")
    assert doubted(reply) or ("recife-lei-16856-2003", "art-32/inc-2") in [(c["law"], c["unit"]) for c in reply["citations"]]


def test_the_act_of_the_sentence_that_asks_is_the_focus():
    # Recife art. 42, parágrafo único: "Não acolhida a defesa, o permissionário é comunicado do julgamento no prazo
    # de até 15 (quinze) dias": the story tells of the defence, the question asks of the judgement.
    from knowledge.assistant.focus import focus_words
    from knowledge.assistant.law import key_words
    from knowledge.assistant.text import normalize

    message = "Minha defesa foi rejeitada no Recife. Quando recebo o julgamento?"
    assert focus_words(normalize(message), key_words(message), "prazo", message)[0] == "julgamento"
    assert focus_words(normalize(message), key_words(message), "prazo")[0] == "defesa"  # no sentence told apart


def test_a_maximum_in_the_feminine_is_a_limit():
    # AC art. 29: "Fica estabelecida uma tolerância máxima de dez minutos …".
    from knowledge.assistant.kinds import COUNT_RE

    assert COUNT_RE.search("uma tolerância máxima de dez minutos").group(1) == "dez"


def test_crlv_is_the_laws_own_word(chat):
    # PE Anexo I, I (LEVES): "b) deixar de portar o CRLV do veículo;" — R$ 150,00 (art. 28, I).
    reply = chat.post("/api/v1/assistente", json={"mensagem": "pernambuco: motorista de fretamento sem o CRLV no ônibus paga qual multa?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "anexo-i/inc-1/ali-b") and "R$ 150,00" in reply["resposta"]


def test_of_two_questions_in_one_message_the_last_narrows_the_first(chat):
    # PE art. 18, § 1º: "A permissão contida no caput observará o limite de até 50% (cinquenta por cento) …".
    reply = chat.post("/api/v1/assistente", json={"mensagem": "em pernambuco a autorizatária pode usar veículo arrendado? até quanto da frota?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-18/par-1") and "50%" in reply["resposta"]


def test_the_rule_answers_before_the_row_that_fines_its_breach(chat):
    # AC art. 29: "Fica estabelecida uma tolerância máxima de dez minutos, além do horário marcado, para a chegada do
    # veículo no ponto inicial da linha." Art. 75, III, e) fines whoever "ultrapassar a tolerância máxima de até dez
    # minutos": what the breach costs, not how long the tolerance is.
    reply = chat.post("/api/v1/assistente", json={"mensagem": "no acre quantos minutos de atraso o ônibus pode ter pra chegar no ponto inicial?"}).get_json()
    assert first(reply) == ("ac-lei-2731-2013", "art-29") and "10 minutos" in reply["resposta"]
    # A yes/no after a question on who only checks its answer. PE art. 29, § 3º: "A apreensão do veículo ocorrerá
    # por ordem do Diretor Presidente da EPTI, ou por pessoa por ele designada mediante Portaria."
    reply = chat.post("/api/v1/assistente", json={"mensagem": "em pernambuco quem determina a apreensão do ônibus de fretamento? o fiscal sozinho pode?"}).get_json()
    assert first(reply) == ("pe-lei-16205-2017", "art-29/par-3")


def test_a_long_follow_up_that_asks_nothing_of_its_own_completes_the_question(chat):
    # AC art. 75, IV ("Pena: Multa correspondente ao valor de trezentos e trinta UFIRACs."): "n) não portar a devida
    # Autorização, no caso de viagem …". The follow-up names the place and the case; what it asks (how much) is the
    # first question's.
    reply = converse(chat, ["qual a multa em são paulo pro fretado sem nota fiscal?",
                            "e no acre, quando o fretamento está rodando na estrada sem levar a autorização da viagem?"])
    assert first(reply) == ("ac-lei-2731-2013", "art-75/inc-4/ali-n") and "330 UFIRAC" in reply["resposta"]


def test_the_act_may_open_a_long_clause_before_its_deadline(chat):
    # Recife art. 43: "Da decisão proferida pela CDCT, cabe recurso ao Conselho de Revisão Administrativa - CRA da
    # Secretaria de Assuntos Jurídicos, no prazo de até 15 (quinze) dias" — "recurso" is 17 words before the value.
    reply = converse(chat, ["no recife qual o prazo pra me defender de multa do complementar?", "e se a CDTC rejeitar, dá pra recorrer? tenho quantos dias?"])
    assert first(reply) == ("recife-lei-16856-2003", "art-43") and "15 dias" in reply["resposta"]


def test_rudeness_is_failing_polidez_e_urbanidade(chat):
    # Recife Anexo Único, Grupo 2: "j) não tratar com polidez e urbanidade …" (found in the browser check: after
    # "foi grosso, é proibido?", "e quanto é a multa?" quoted art. 13, VIII, the duty, without the fine).
    reply = converse(chat, ["no recife o permissionário da kombi do complementar foi grosso com os passageiros, isso é proibido?", "e quanto é a multa?"])
    assert first(reply) == ("recife-lei-16856-2003", "anexo-unico/grupo-2/ali-j") and states(reply, "R$ 100,00")


@pytest.mark.parametrize("follow_up", ["e cobrar por pessoa, pode?", "e pode vender bilhete avulso?", "e vender passagem individual, pode?"])
def test_a_follow_up_on_selling_seats_one_by_one_in_sao_paulo_is_art_4(chat, follow_up):
    # SP Regulamento, art. 4º: "Entende-se por serviço de transporte intermunicipal coletivo de passageiros sob
    # fretamento aquele que se destine à condução de pessoas, sem cobrança individual de passagem, não podendo
    # assumir caráter de serviço aberto ao público." — the decree's one rule on it (issue #31: "cobrar por pessoa"
    # was read as no question of passenger transport, and a ticket "avulso" named no unit).
    reply = converse(chat, ["o fretamento eventual em são paulo precisa de nota fiscal?", follow_up])
    assert reply["intencao"] == "lei", reply["resposta"]
    assert first(reply) == ("sp-decreto-29912-1989", "art-4")
    assert states(reply, "sem cobrança individual de passagem")


def test_charging_each_passenger_is_the_sale_of_individual_tickets_in_pernambuco(chat):
    # PE art. 34: "Na prestação do serviço de fretamento intermunicipal são vedadas as seguintes condutas:
    # I - venda e a emissão de passagens individuais;"
    reply = converse(chat, ["em pernambuco o fretado pode cobrar por cabeça?"])
    assert first(reply) == ("pe-lei-16205-2017", "art-34/inc-1")
