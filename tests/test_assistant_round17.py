"""The chat, round 17 (issues #26 and #27): facts told in any tense are read by the one reader; a new
report ends a pending wizard question; "e em São Paulo?" after "pra quem eu reclamo?" names that place's
regulator; a paragraph that excepts its caput is quoted with it.  Each case quotes the statute's words."""

from __future__ import annotations

import pytest

from tests.test_assistant import converse


def rows(reply: dict) -> list[str]:
    return [row for a in reply["acoes"] if a["tipo"] == "denuncia" for row in a.get("linhas") or []]


def test_a_habit_told_in_the_present_is_the_row_of_acre_art_75_i_e(chat):
    # Lei 2.731/2013 (AC), art. 75, I: "e) fumar dentro do ônibus ou permitir que passageiros fumem" (30 UFIRAC).
    # Told in the present, with no past-tense cue word: the reader decides, as on the complaint form.
    reply = converse(chat, ["no acre o motorista da linha de Xapuri acende cigarro dentro do ônibus e os passageiros fumam também, isso pode?"])
    assert rows(reply)[:1] == ["ac-lei-2731-2013 art-75/inc-1/ali-e"], reply["resposta"]
    assert "30 UFIRAC" in reply["resposta"]


def test_a_habit_of_the_recife_van_is_grupo_1_f(chat):
    # Lei 16.856/2003 (Recife), Anexo Único, Grupo 1: "f) permitir o comércio ambulante e a mendicância dentro do veículo".
    reply = converse(chat, ["no complementar do recife o motorista deixa entrar ambulante vendendo pipoca e gente pedindo esmola em toda parada"])
    assert rows(reply)[:1] == ["recife-lei-16856-2003 anexo-unico/grupo-1/ali-f"], reply["resposta"]


def test_the_askers_own_situation_is_a_question_of_law_not_a_report(chat):
    # "sou estudante …, tenho desconto?" sets out a situation to ask a right; Acre's art. 75, I, r ("não conceder
    # o benefício de desconto …") is a fine on the company, not the answer, and nothing was reported.
    reply = converse(chat, ["moro em sena madureira e sou estudante, pego o ônibus intermunicipal toda semana no acre, tenho desconto?"])
    assert not rows(reply), reply["resposta"]
    assert not reply["resposta"].startswith("Pelo que você contou")


def test_a_report_ends_the_pending_wizard_question(chat):
    # The CRC wizard asks for the date of the request; a story told instead is a report of its own, and the
    # next message is not read as the wizard's answer.
    conversa = None
    for message in ["quais documentos preciso pra tirar o crc?"]:
        conversa = chat.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversa}).get_json()["conversa"]
    story = chat.post("/api/v1/assistente", json={"mensagem": "o motorista largou a gente na beira da estrada quando o ônibus quebrou e a empresa não mandou outro", "conversa": conversa}).get_json()
    assert "Não entendi a resposta" not in story["resposta"], story["resposta"]
    assert any(a["tipo"] == "denuncia" for a in story["acoes"])
    after = chat.post("/api/v1/assistente", json={"mensagem": "10/11/2026", "conversa": story["conversa"]}).get_json()
    assert after["intencao"] != "wizard_resposta", after["resposta"]


@pytest.mark.parametrize("place, regulator, unit", [
    # Decreto 29.912/1989 (SP), Regulamento, art. 3º: the DER; Lei 2.731/2013 (AC): the AGEAC.
    ("e em São Paulo?", "DER", ("sp-decreto-29912-1989", None)),
    ("e no acre?", "AGEAC", ("ac-lei-2731-2013", None)),
])
def test_the_place_after_who_takes_complaints_names_that_regulator(chat, place, regulator, unit):
    reply = converse(chat, ["pra quem eu reclamo?", place])
    assert reply["intencao"] == "denuncia", reply["resposta"]
    assert regulator in reply["resposta"]
    assert reply["citations"] and all(c["law"] == unit[0] for c in reply["citations"])


def test_an_exception_is_quoted_with_the_caput_it_excepts(chat):
    # Lei 16.205/2017 (PE), art. 15: "Os veículos utilizados no fretamento intermunicipal devem contratar Seguro
    # com cobertura de Responsabilidade Civil …"; parágrafo único: "A contratação a que se refere o caput não será
    # exigida no serviço de fretamento intermunicipal na modalidade social."  Quoted alone, the exception reads
    # as "no, insurance is not required".
    reply = converse(chat, ["o seguro é obrigatório em pernambuco?"])
    text = reply["resposta"]
    if "não será exigida" in text:
        assert "devem contratar Seguro" in text and text.index("devem contratar Seguro") < text.index("não será exigida"), text


def test_the_regulator_is_named_once(chat):
    reply = converse(chat, ["pra quem eu reclamo do transporte complementar do recife?"])
    assert "Prefeitura do Recife — Prefeitura do Recife" not in reply["resposta"]
    assert "Prefeitura do Recife — fiscalização do STCP/Recife" in reply["resposta"], reply["resposta"]


def test_several_limits_of_one_unit_are_said_as_such(chat):
    # Decreto 29.912/1989 (SP), Regulamento, art. 22, § 1º: "com mais de 15 (quinze) anos de fabricação … não
    # poderá ultrapassar 50% (cinquenta por cento), ficando estabelecido o limite de 20 (vinte) anos de idade do
    # veículo" — three numbers; said bare ("15 anos; 50%; 20 anos") they read as one answer.
    reply = converse(chat, ["qual a idade máxima do ônibus de fretamento em são paulo?"])
    if reply["citations"] and reply["citations"][0]["unit"] == "art-22/par-1":
        assert "mais de um limite" in reply["resposta"] and "20 anos" in reply["resposta"], reply["resposta"]


def test_no_row_keeps_the_lists_joints():
    # Lei 16.205/2017 (PE), Anexo I: "e) transportar encomendas ou mercadorias que caracterizem a atividade
    # comercial ou não faça parte da bagagem dos passageiros; e," — the row's words end at "passageiros".
    from knowledge.infractions import catalogue

    rows = [r for place in ("pe", "sp", "ac", "recife") for r in catalogue(place)]
    assert rows and not [r.key for r in rows if r.text.rstrip().endswith((";", ",", ":"))]
    assert any(r.text.endswith("da bagagem dos passageiros") for r in catalogue("pe"))


@pytest.mark.parametrize("story, place", [
    # Lei 16.205/2017 (PE), art. 1º: "O fretamento intermunicipal … será regido pelo disposto nesta Lei" — a
    # regular line's ticket bought at the station is another service.
    ("na semana passada a passagem do ônibus de linha de Petrolina pra Salgueiro, comprada no guichê, subiu muito", "pe"),
    # Lei 16.856/2003 (Recife), art. 1º: the STCP/Recife is "complementar ao transporte público convencional".
    ("o ônibus convencional do consórcio não parou no ponto da avenida ontem de noite e fiquei esperando", "recife"),
])
def test_a_story_of_a_service_the_law_does_not_govern_gets_no_row(chat, story, place):
    from datetime import date

    from knowledge.reader.report import classify_report

    report = classify_report(story, place, date(2026, 12, 3))
    assert report.outside and not report.all_rows
    reply = converse(chat, [story + (" (pernambuco)" if place == "pe" else " no recife")])
    assert not rows(reply), reply["resposta"]
    assert any(c["unit"] == "art-1" for c in reply["citations"]), reply["resposta"]
    assert any(a["tipo"] == "denuncia" for a in reply["acoes"])  # the complaint is still offered


def test_a_charter_at_a_regular_lines_stop_is_still_a_row():
    # Lei 16.205/2017 (PE): the charter's own words ("fretado") keep the story in the law, whatever other
    # service it names ("o ponto de ônibus de linha").
    from datetime import date

    from knowledge.reader.report import classify_report, outside_the_law

    story = "o fretado da firma parou no ponto de ônibus de linha da avenida pra pegar gente que nem era da lista"
    assert not outside_the_law(story, "pe")
