"""Issue #31: "O que acontece agora" on a complaint's receipt and status page, and the protocol
typed with O for 0.

Each step names the unit it rests on; these tests quote the statute's words that justify it
(in the wording in force on the day asked) and check that every number shown is the value of
the parameter, on both sides of Pernambuco's Lei 17.107/2020 (13/11/2020), which moved the
auto's deadlines to § 2º and set the decision's 60 days (§ 3º)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from app import create_app
from knowledge.complaint_next_steps import DEADLINE, DELEGATED, NO_DEADLINE, next_steps
from knowledge.history import wording_at
from knowledge.parameters import param
from portal.storage.complaints import normalize_protocol

TODAY = date(2026, 11, 30)
BEFORE_17107 = date(2019, 5, 1)

# step code → (kind, [(law, unit, words the statute writes there)])
STATUTE = {
    "pe.apuracao": (NO_DEADLINE, [("pe-lei-16205-2017", "art-2", "é o órgão gestor do fretamento intermunicipal"),
                                   ("pe-lei-16205-2017", "art-24", "o órgão gestor lavrará os correspondentes autos de infração")]),
    "pe.defesa": (DEADLINE, [("pe-lei-16205-2017", "art-25/par-2", "a 2ª (segunda) via será remetida à infratora no prazo máximo de 60 (sessenta) dias, para que apresente defesa no prazo de 15 (quinze) dias")]),
    "pe.decisao": (DEADLINE, [("pe-lei-16205-2017", "art-25/par-3", "deverá ser comunicada em até 60 (sessenta) dias")]),
    "pe.recurso": (DEADLINE, [("pe-lei-16205-2017", "art-26", "cabe recurso no prazo de 15 (quinze) dias, a contar da respectiva notificação")]),
    "sp.apuracao": (NO_DEADLINE, [("sp-decreto-29912-1989", "art-3", "Compete ao Departamento de Estradas de Rodagem autorizar, disciplinar e fiscalizar"),
                                   ("sp-decreto-29912-1989", "art-44", "terá início com o auto de infração")]),
    "sp.defesa": (DEADLINE, [("sp-decreto-29912-1989", "art-44/par-1", "intimado através de publicação no Diário Oficial do Estado de São Paulo"),
                             ("sp-decreto-29912-1989", "art-45/par-1", "dentro do prazo de 15 (quinze) dias contado da data do recebimento da correspondente intimação")]),
    "sp.recurso": (DEADLINE, [("sp-decreto-29912-1989", "art-52", "será dirigido uma única vez à Comissão de Transporte Coletivo"),
                              ("sp-decreto-29912-1989", "art-55", "O recurso deverá ser interposto no prazo de 15 (quinze) dias")]),
    "ac.apuracao": (NO_DEADLINE, [("ac-lei-2731-2013", "art-68/par-unico/inc-1", "apreciar as reclamações dos usuários do serviço, decidindo inclusive sobre indenizações ou reparações")]),
    "ac.processo": (NO_DEADLINE, [("ac-lei-2731-2013", "art-79", "mediante a lavratura de Termo de Abertura de processo administrativo ou de Auto de Infração")]),
    "ac.defesa": (DELEGATED, [("ac-lei-2731-2013", "art-79/par-2", "conforme prazos e disposições estabelecidos na regulamentação desta lei e em normas expedidas pela AGEAC")]),
    "recife.apuracao": (NO_DEADLINE, [("recife-lei-16856-2003", "art-27", "a fiscalização do STCP/Recife, bem como a apuração das infrações"),
                                       ("recife-lei-16856-2003", "art-14/inc-4", "tomar conhecimento das providências adotadas pelo Poder Público Municipal a respeito de queixas ou reclamações")]),
    "recife.notificacao": (DEADLINE, [("recife-lei-16856-2003", "art-29", "Constatada a irregularidade é lavrado auto de infração"),
                                      ("recife-lei-16856-2003", "art-29/par-1", "tem o prazo de 30 (trinta) dias, contado da data da infração, para notificar o infrator, sob pena de arquivamento do auto de infração")]),
    "recife.defesa": (DEADLINE, [("recife-lei-16856-2003", "art-41", "devem ser interpostas no prazo de até 30 (trinta) dias"),
                                 ("recife-lei-16856-2003", "art-42", "A CDTC tem o prazo de até 30 (trinta) dias, a partir do recebimento da defesa"),
                                 ("recife-lei-16856-2003", "art-42/par-unico", "é comunicado do julgamento no prazo de até 15 (quinze) dias")]),
    "recife.recurso": (DEADLINE, [("recife-lei-16856-2003", "art-43", "cabe recurso ao Conselho de Revisão Administrativa - CRA da Secretaria de Assuntos Jurídicos, no prazo de até 15 (quinze) dias")]),
}


def _text(law: str, unit: str, when: date) -> str:
    version = wording_at(law, unit, when)
    assert version is not None, (law, unit, when)
    return " ".join(version.text.split())


@pytest.mark.parametrize("place", ["pe", "sp", "ac", "recife"])
def test_each_step_cites_the_units_whose_words_justify_it(place):
    steps = next_steps(place, TODAY)
    assert [s.code for s in steps] == [code for code in STATUTE if code.startswith(place + ".")]
    for step in steps:
        kind, quotes = STATUTE[step.code]
        assert step.data["tipo"] == kind, step.code
        assert [(c.law, c.unit) for c in step.citations] == [(law, unit) for law, unit, _ in quotes], step.code
        for law, unit, words in quotes:
            assert words in _text(law, unit, TODAY), (step.code, unit)


@pytest.mark.parametrize("place", ["pe", "sp", "ac", "recife"])
def test_every_number_shown_is_the_parameter_in_force(place):
    for step in next_steps(place, TODAY):
        text = step.render()
        for name, value in step.params.items():
            pid = {"remessa": "pe.auto.remessa.dias"}.get(name, f"{place}.{name}.dias")
            assert value == param(pid, TODAY).value, (step.code, name)
            assert f"{value} dias" in text
        if step.data["tipo"] != DEADLINE:
            assert not re.search(r"\d", text), text  # no deadline where the law sets none


def test_acre_states_no_deadline_the_law_leaves_to_regulation():
    texts = [s.render() for s in next_steps("ac", TODAY)]
    assert any("ficam para o regulamento" in t for t in texts)
    assert all(not re.search(r"\d+ dias", t) for t in texts)


def test_pernambuco_before_lei_17107_had_other_deadlines_and_none_for_the_decision():
    # Old § 1º: "a 2ª (segunda) via é remetida à infratora no prazo máximo de 30 (trinta) dias";
    # the old § 2º only said how the decision is notified (no deadline).
    before = {s.code: s for s in next_steps("pe", BEFORE_17107)}
    assert before["pe.defesa"].params == {"remessa": 30, "defesa": 15}
    assert "prazo máximo de 30 (trinta) dias" in _text("pe-lei-16205-2017", "art-25/par-1", BEFORE_17107)
    assert before["pe.decisao"].data["tipo"] == NO_DEADLINE and "não fixava prazo" in before["pe.decisao"].render()
    assert "notificada pessoalmente" in _text("pe-lei-16205-2017", "art-25/par-2", BEFORE_17107)
    after = {s.code: s for s in next_steps("pe", TODAY)}
    assert after["pe.defesa"].params == {"remessa": 60, "defesa": 15}
    assert after["pe.decisao"].params == {"decisao": 60}


@pytest.mark.parametrize("typed", ["el 2o26 7kq4 m9xh 2r8c", "EL-2O26-7KQ4-M9XH-2R8C", "2O26 7KQ4M9XH2R8C", "el-2026-7kq4-m9xh-2r8c"])
def test_a_protocol_typed_with_o_for_zero_in_the_year_is_the_same_protocol(typed):
    assert normalize_protocol(typed) == "EL-2026-7KQ4-M9XH-2R8C"


def test_not_every_text_becomes_a_protocol():
    assert normalize_protocol("EL-2O2G-7KQ4") == "EL2O2G7KQ4"


@pytest.fixture()
def client(tmp_path, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True, "WTF_CSRF_ENABLED": False})
    return app.test_client()


def _complaint(client, place: str) -> str:
    response = client.post("/denuncia", data={"jurisdicao": place, "data_ocorrencia": "2026-11-20", "ocorrencias": "passageiros_em_pe",
                                               "relato": "passageiros em pé no corredor"})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"].split("?")[0].rsplit("/", 1)[1]


def test_receipt_and_status_say_what_happens_now_with_linked_citations(client):
    protocolo = _complaint(client, "recife")
    for url in (f"/denuncia/{protocolo}?nova=1", f"/denuncia/{protocolo}"):
        html = client.get(url).get_data(as_text=True)
        block = re.search(r'<section class="next-steps".*?</section>', html, re.S).group(0)
        assert "O que acontece agora" in block
        assert "tem 30 dias, contados da data da infração, para notificar o infrator" in block
        assert 'href="/leis/recife-lei-16856-2003/art-29/par-1"' in block
        assert "sem prazo na lei" in block
    english = client.get(f"/denuncia/{protocolo}?lang=en").get_data(as_text=True)
    assert "What happens now" in english and "contados da data" not in english
    spanish = client.get(f"/denuncia/{protocolo}?lang=es").get_data(as_text=True)
    assert "Qué pasa ahora" in spanish
    api = client.get(f"/api/v1/denuncias/{protocolo}").get_json()
    assert [s["codigo"] for s in api["proximos_passos"]] == ["recife.apuracao", "recife.notificacao", "recife.defesa", "recife.recurso"]


def test_the_lookup_accepts_the_letter_o_in_the_year(client):
    protocolo = _complaint(client, "ac")
    typed = protocolo.replace("2026", "2O26").replace("-", " ").lower()
    response = client.get("/denuncia/acompanhar", query_string={"protocolo": typed})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/denuncia/{protocolo}")
    html = client.get(f"/denuncia/{protocolo}").get_data(as_text=True)
    assert "Os prazos de defesa ficam para o regulamento da lei e as normas da AGEAC." in html
