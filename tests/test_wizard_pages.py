"""Wizard pages and API: answers in the query string, review, outcome, errors tied to fields."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from knowledge.flows import FLOWS

TOURISM = [
    ("jurisdicao", "pe"), ("intermunicipal", "sim"), ("prestador", "empresa"), ("passageiros", "grupo_definido"),
    ("cobranca_individual", "nao"), ("contratante", "pessoa_fisica"), ("frequencia", "viagem_unica"), ("cadastur", "sim"),
    ("data_referencia", "2026-11-29"),
]


def page(client, flow, pairs, **headers):
    return client.get(f"/assistentes/{flow}?{urlencode(pairs)}", headers=headers)


def test_wizard_list(client):
    html = client.get("/assistentes/").get_data(as_text=True)
    for flow in FLOWS.all():
        assert f"/assistentes/{flow.id}" in html


def test_walk_through_without_javascript(client):
    pairs = []
    for key, value in TOURISM:
        html = page(client, "modalidade", pairs).get_data(as_text=True)
        assert f'name="{key}"' in html, key
        # the form carries the previous answers as hidden fields
        for done_key, done_value in pairs:
            assert f'<input type="hidden" name="{done_key}" value="{done_value}">' in html
        pairs.append((key, value))
    review = page(client, "modalidade", pairs).get_data(as_text=True)
    assert "Confira suas respostas" in review and "alterar" in review and "ver=resultado" in review
    result = page(client, "modalidade", pairs + [("ver", "resultado")])
    html = result.get_data(as_text=True)
    assert result.status_code == 200
    assert "Fretamento turístico" in html and "Por quê?" in html
    assert 'href="/leis/pe-lei-16205-2017/art-3/inc-2"' in html


def test_change_link_reasks_with_previous_answer_kept(client):
    html = page(client, "modalidade", TOURISM + [("alterar", "passageiros")]).get_data(as_text=True)
    assert 'value="grupo_definido" checked' in html
    assert '<input type="hidden" name="cadastur" value="sim">' in html


def test_validation_error_points_at_the_field(client):
    response = page(client, "modalidade", [("jurisdicao", "pe"), ("_enviado", "intermunicipal")])
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'href="#campo-intermunicipal"' in html and "Responda esta pergunta para continuar." in html
    assert 'aria-describedby="intermunicipal-ajuda intermunicipal-erro"' in html
    bad = page(client, "carro_turismo", [("tipo_veiculo", "automovel"), ("lugares", "muitos")])
    assert bad.status_code == 400 and "Informe um número inteiro." in bad.get_data(as_text=True)


def test_unknown_option_is_a_400_not_a_500(client):
    response = page(client, "modalidade", [("jurisdicao", "rj")])
    assert response.status_code == 400
    assert "Opção desconhecida: rj." in response.get_data(as_text=True)


def test_htmx_swaps_only_the_step(client):
    html = page(client, "modalidade", [("jurisdicao", "pe")], **{"HX-Request": "true", "HX-Target": "etapa"}).get_data(as_text=True)
    assert "<html" not in html and 'name="intermunicipal"' in html


def test_outcome_checklist_can_be_ticked(client):
    pairs = [("data_pedido", ""), ("natureza", "mei"), ("modalidades", "eventual"), ("estabelecimento_pe", "sim"), ("usa_onibus", "nao"),
             ("veiculos_proprios", "1"), ("veiculos_locados", "0"), ("ver", "resultado")]
    html = page(client, "documentos_crc", pairs).get_data(as_text=True)
    assert html.count('type="checkbox"') >= 12
    assert "Imprimir a lista" in html


def test_money_and_dates_follow_the_language(client):
    pairs = [("jurisdicao", "pe"), ("medida", "apreensao"), ("data_medida", "2026-01-10"), ("data_notificacao", "2026-01-12"),
             ("tinha_autorizacao", "nao"), ("reincidente_12m", "nao"), ("dias_deposito", ""), ("ver", "resultado")]
    pt = page(client, "veiculo_apreendido", pairs).get_data(as_text=True)
    assert "R$\xa02.900,00" in pt  # Babel formats BRL for pt_BR with a no-break space
    en = page(client, "veiculo_apreendido", pairs + [("lang", "en")]).get_data(as_text=True)
    assert "R$2,900.00" in en


def test_unknown_wizard(client):
    assert client.get("/assistentes/nao-existe").status_code == 404


# -- API -----------------------------------------------------------------------------------


def test_api_lists_and_describes_flows(client):
    data = client.get("/api/v1/wizards").get_json()
    assert {w["id"] for w in data["wizards"]} == {"modalidade", "documentos_crc", "carro_turismo", "veiculo_apreendido"}
    detail = client.get("/api/v1/wizards/carro_turismo").get_json()
    ids = [q["id"] for q in detail["questions"]]
    assert ids[:3] == ["tipo_veiculo", "lugares", "ano_fabricacao"]
    assert detail["questions"][0]["options"][0] == {"value": "automovel", "label": "Automóvel (carro)"}
    assert client.get("/api/v1/wizards/nada").status_code == 404


def test_api_incomplete_then_complete(client):
    first = client.post("/api/v1/wizards/modalidade", json={"answers": {"jurisdicao": "pe"}}).get_json()
    assert first == {"complete": False, "next_question": first["next_question"]}
    assert first["next_question"]["id"] == "intermunicipal"
    answers = {"jurisdicao": "pe", "intermunicipal": True, "prestador": "empresa", "passageiros": "vinculo_contratante",
               "cobranca_individual": False, "contratante": "pessoa_juridica", "frequencia": "periodica", "cadastur": True,
               "data_referencia": None}
    data = client.post("/api/v1/wizards/modalidade", json={"answers": answers}).get_json()
    assert data["complete"] is True
    assert data["outcome"]["modalidade"] == "continuo"
    assert all(set(c) == {"law", "article", "unit", "label", "url"} for c in data["citations"])
    for key in ("motivos", "registro", "por_viagem"):
        for item in data["outcome"][key]:
            assert item["citations"], item


def test_api_outcome_items_carry_amounts_and_dates(client):
    answers = {"jurisdicao": "ac", "medida": "apreensao", "data_medida": "2026-03-02", "data_notificacao": None,
               "tinha_autorizacao": False, "reincidente_12m": False, "dias_deposito": 5}
    data = client.post("/api/v1/wizards/veiculo_apreendido", json={"answers": answers}).get_json()
    out = data["outcome"]
    assert out["data_minima"] == "2026-03-03" and out["data_maxima"] == "2026-03-12"
    multa = next(p for p in out["pagamentos"] if p["codigo"] == "multa")
    assert multa["valor"] == {"valor": 330, "unidade": "UFIRAC", "valor_brl": None}


@pytest.mark.parametrize(
    "body, field",
    [
        ({"answers": {"jurisdicao": "rj"}}, "jurisdicao"),
        ({"answers": {"jurisdicao": "pe", "intermunicipal": "talvez"}}, "intermunicipal"),
        ({"answers": {"pergunta_inventada": 1}}, "pergunta_inventada"),
        ({"answers": []}, "answers"),
        ([1, 2], "answers"),
    ],
)
def test_api_invalid_answers(client, body, field):
    response = client.post("/api/v1/wizards/modalidade", json=body)
    assert response.status_code == 400
    data = response.get_json()
    assert data["field"] == field and data["error"]


def test_api_rejects_form_posts(client):
    response = client.post("/api/v1/wizards/modalidade", data={"answers": "x"})
    assert response.status_code == 400


def test_api_ignores_answers_the_routing_skips(client):
    data = client.post("/api/v1/wizards/modalidade", json={"answers": {"jurisdicao": "pe", "intermunicipal": False, "cadastur": "isto seria inválido", "data_referencia": ""}}).get_json()
    assert data["complete"] and data["outcome"]["modalidade"] == "nenhuma"


@pytest.mark.parametrize(
    "lang, words",
    [("pt_BR", "Nesta data a lei deste lugar ainda não estava em vigor (desde 22/02/2018)."),
     ("en", "On this date the law of this place was not yet in force"),
     ("es", "En esa fecha la ley de este lugar todavía no estaba vigente")],
)
def test_a_date_before_the_law_is_a_400_at_the_date_question(client, lang, words):
    # The phone review: documentos_crc dated 01/01/2017 went on to 7 questions (with the modalities of 2020)
    # and only then sent the user back to question 1.
    response = page(client, "documentos_crc", [("data_pedido", "01/01/2017"), ("_enviado", "data_pedido"), ("lang", lang)])
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert words in html and 'href="#campo-data_pedido"' in html and 'name="natureza"' not in html
    for flow, pairs, field in [
        ("modalidade", [("jurisdicao", "pe"), ("intermunicipal", "nao"), ("data_referencia", "01/01/2017")], "data_referencia"),
        ("carro_turismo", [("tipo_veiculo", "onibus"), ("data_referencia", "01/01/2017")], "data_referencia"),
        ("veiculo_apreendido", [("jurisdicao", "pe"), ("medida", "apreensao"), ("data_medida", "01/01/2017")], "data_medida"),
    ]:
        response = page(client, flow, pairs + [("_enviado", field), ("lang", lang)])
        html = response.get_data(as_text=True)
        assert response.status_code == 400 and words.split(" (")[0] in html and f'href="#campo-{field}"' in html, flow


def test_documentos_crc_page_offers_only_the_modalities_of_the_date(client):
    old = page(client, "documentos_crc", [("data_pedido", "01/06/2019"), ("natureza", "mei")]).get_data(as_text=True)
    new = page(client, "documentos_crc", [("data_pedido", "01/06/2021"), ("natureza", "mei")]).get_data(as_text=True)
    assert 'value="turistico"' in old and 'value="tfd"' not in old and 'value="proprio"' not in old and 'value="alunos"' not in old
    assert 'value="tfd"' in new and 'value="proprio"' in new and 'value="alunos"' in new
