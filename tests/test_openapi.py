"""The OpenAPI description stays true: every route described, every response valid."""

from __future__ import annotations

import re

import jsonschema
import pytest

from knowledge.complaints import OCCURRENCES
from portal.openapi import spec

SPEC = spec()


def validate(instance, schema_name: str | None = None, schema: dict | None = None) -> None:
    root = {"$ref": f"#/components/schemas/{schema_name}"} if schema_name else dict(schema)
    root["components"] = SPEC["components"]
    jsonschema.Draft202012Validator(root, format_checker=jsonschema.FormatChecker()).validate(instance)


def test_served_and_valid_openapi(client):
    data = client.get("/api/v1/openapi.json").get_json()
    assert data["openapi"].startswith("3.1")
    assert data == SPEC


def test_every_api_route_is_described_and_vice_versa(app):
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1"):
            path = re.sub(r"<(?:[a-z]+:)?(\w+)>", r"{\1}", rule.rule)
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                routes.add((path, method.lower()))
    described = {(path, method) for path, ops in SPEC["paths"].items() for method in ops}
    assert routes == described


def _response_schema(path: str, method: str, status: int) -> dict:
    return SPEC["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]


@pytest.fixture()
def demo_client(tmp_path, index_dir):
    from app import create_app

    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    app.test_cli_runner().invoke(args=["registry", "demo"])
    return app.test_client()


@pytest.mark.parametrize(
    "method, url, body, path, status",
    [
        ("get", "/api/v1/search?q=multa&limit=3", None, "/api/v1/search", 200),
        ("get", "/api/v1/search", None, "/api/v1/search", 400),
        ("get", "/api/v1/leis", None, "/api/v1/leis", 200),
        ("get", "/api/v1/leis/pe-lei-16205-2017/art-28/inc-4?data=2019-05-01", None, "/api/v1/leis/{law_id}/{unit_id}", 200),
        ("get", "/api/v1/leis/sp-decreto-29912-1989/art-25?data=2000-01-01", None, "/api/v1/leis/{law_id}/{unit_id}", 200),
        ("get", "/api/v1/leis/pe-lei-16205-2017/art-29-a?data=2019-05-01", None, "/api/v1/leis/{law_id}/{unit_id}", 404),
        ("get", "/api/v1/leis/pe-lei-16205-2017/art-28/inc-4?data=01-05-2019", None, "/api/v1/leis/{law_id}/{unit_id}", 400),
        ("get", "/api/v1/wizards", None, "/api/v1/wizards", 200),
        ("get", "/api/v1/wizards/modalidade", None, "/api/v1/wizards/{flow_id}", 200),
        ("get", "/api/v1/wizards/nada", None, "/api/v1/wizards/{flow_id}", 404),
        ("post", "/api/v1/wizards/modalidade", {"answers": {"jurisdicao": "pe"}}, "/api/v1/wizards/{flow_id}", 200),
        ("post", "/api/v1/wizards/modalidade", {"answers": {"jurisdicao": "pe", "intermunicipal": False}}, "/api/v1/wizards/{flow_id}", 200),
        ("post", "/api/v1/wizards/modalidade", {"answers": {"jurisdicao": "xx"}}, "/api/v1/wizards/{flow_id}", 400),
        ("get", "/api/v1/veiculos/KHD1A11", None, "/api/v1/veiculos/{placa}", 200),
        ("get", "/api/v1/veiculos/ABC1234", None, "/api/v1/veiculos/{placa}", 200),
        ("get", "/api/v1/veiculos/x", None, "/api/v1/veiculos/{placa}", 400),
        ("post", "/api/v1/denuncias", {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "ac"}, "/api/v1/denuncias", 201),
        ("post", "/api/v1/denuncias", {"ocorrencias": []}, "/api/v1/denuncias", 400),
        ("post", "/api/v1/denuncias", {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"]}, "/api/v1/denuncias", 422),
        ("get", "/api/v1/denuncias/EL-2026-0000-0000-0000", None, "/api/v1/denuncias/{protocolo}", 404),
        ("post", "/api/v1/assistente", {"mensagem": "quanto tempo vale o crc?"}, "/api/v1/assistente", 200),
        ("post", "/api/v1/assistente", {"mensagem": ""}, "/api/v1/assistente", 400),
        ("get", "/api/v1/ping", None, "/api/v1/ping", 200),
        ("get", "/api/v1/comparar", None, "/api/v1/comparar", 200),
        ("get", "/api/v1/comparar?data=2019-05-01", None, "/api/v1/comparar", 200),
        ("get", "/api/v1/comparar?data=1980-01-01", None, "/api/v1/comparar", 200),
        ("get", "/api/v1/comparar?data=ontem", None, "/api/v1/comparar", 400),
    ],
)
def test_responses_match_the_description(demo_client, method, url, body, path, status):
    response = getattr(demo_client, method)(url, json=body) if body is not None else getattr(demo_client, method)(url)
    assert response.status_code == status
    validate(response.get_json(), schema=_response_schema(path, method, status))


def test_complaint_status_matches_and_holds_no_personal_data(demo_client):
    created = demo_client.post("/api/v1/denuncias", json={"data_ocorrencia": "2026-11-01", "ocorrencias": ["sem_autorizacao"], "jurisdicao": "pe", "relato": "Relato com nome de alguém", "contato": {"nome": "Zé"}, "consentimento": True}).get_json()
    status = demo_client.get(f"/api/v1/denuncias/{created['protocolo']}").get_json()
    validate(status, "ComplaintStatus")
    assert "Zé" not in str(status) and "Relato" not in str(status)


# -- one declaration: the request models validate the requests and describe them ----------------------


def test_request_bodies_are_described_by_the_models_that_validate_them():
    from portal.api_schema import AssistantIn, ComplaintIn, WizardAnswersIn

    bodies = {
        (path, method): op["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        for path, ops in SPEC["paths"].items() for method, op in ops.items() if "requestBody" in op
    }
    assert bodies == {
        ("/api/v1/wizards/{flow_id}", "post"): WizardAnswersIn.__name__,
        ("/api/v1/denuncias", "post"): ComplaintIn.__name__,
        ("/api/v1/assistente", "post"): AssistantIn.__name__,
    }
    complaint = SPEC["components"]["schemas"]["ComplaintIn"]
    # The quick categories are optional now: an account (relato) or a confirmed row (linha) says what happened.
    assert complaint["required"] == ["data_ocorrencia"]
    assert complaint["properties"]["relato"]["anyOf"][0] == {"type": "string", "maxLength": 4000}
    assert complaint["properties"]["ocorrencias"]["items"]["enum"] == list(OCCURRENCES)
    assert SPEC["components"]["schemas"]["AssistantIn"]["properties"]["mensagem"] == {"type": "string", "minLength": 1, "maxLength": 2000, "pattern": "\\S"}


@pytest.mark.parametrize(
    "url, body, language, expected",
    [
        ("/api/v1/assistente", {"mensagem": "   "}, "pt-BR", {"error": "Escreva uma mensagem.", "field": "mensagem"}),
        ("/api/v1/assistente", {"mensagem": "   "}, "en", {"error": "Write a message.", "field": "mensagem"}),
        ("/api/v1/assistente", {"mensagem": "x" * 2001}, "pt-BR", {"error": "A mensagem pode ter no máximo 2000 caracteres.", "field": "mensagem"}),
        ("/api/v1/assistente", {"mensagem": "oi", "conversa": 7}, "pt-BR", {"error": "O campo conversa deve ser o identificador recebido antes, ou null.", "field": "conversa"}),
        ("/api/v1/assistente", ["oi"], "pt-BR", {"error": 'Envie um objeto JSON: {"mensagem": "...", "conversa": null}.', "field": "mensagem"}),
        ("/api/v1/wizards/modalidade", {"answers": []}, "pt-BR", {"error": 'Envie um objeto JSON no formato {"answers": {...}}.', "field": "answers"}),
        ("/api/v1/wizards/modalidade", {}, "es", {"error": 'Envíe un objeto JSON con el formato {"answers": {...}}.', "field": "answers"}),
        ("/api/v1/denuncias", {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "rj"}, "es",
         {"error": "Lugar desconocido: use uno de estos: ac, pe, recife, sp.", "field": "jurisdicao"}),
        ("/api/v1/denuncias", {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe", "relato": "x" * 4001}, "pt-BR",
         {"error": "Use no máximo 4000 caracteres.", "field": "relato"}),
        ("/api/v1/denuncias", {"data_ocorrencia": "2026-11-01", "ocorrencias": ["roubo", "furto"], "jurisdicao": "pe"}, "pt-BR",
         {"error": "Ocorrência desconhecida: roubo, furto.", "field": "ocorrencias"}),
        ("/api/v1/denuncias", {"data_ocorrencia": "2026-02-30", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe"}, "pt-BR",
         {"error": "Informe a data no formato AAAA-MM-DD.", "field": "data_ocorrencia"}),
        ("/api/v1/denuncias", {"data_ocorrencia": "", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe"}, "pt-BR",
         {"error": "Informe a data em que aconteceu.", "field": "data_ocorrencia"}),
        ("/api/v1/denuncias", {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe", "contato": {"nome": 5}}, "pt-BR",
         {"error": "Este campo deve ser um texto.", "field": "contato.nome"}),
        ("/api/v1/denuncias", {"data_ocorrencia": "2026-11-01", "ocorrencias": ["porta_aberta"], "jurisdicao": "pe", "consentimento": "sim"}, "pt-BR",
         {"error": "O consentimento deve ser verdadeiro ou falso.", "field": "consentimento"}),
    ],
)
def test_a_request_the_model_refuses_is_a_400_in_the_users_language(client, url, body, language, expected):
    response = client.post(url, json=body, headers={"Accept-Language": language})
    assert response.status_code == 400
    assert response.get_json() == expected


def test_comparison_date_is_described_and_checked_by_one_model(client):
    from portal.api_schema import ComparisonQuery
    from portal.openapi import query_parameters

    assert SPEC["paths"]["/api/v1/comparar"]["get"]["parameters"] == query_parameters(ComparisonQuery) == [
        {"name": "data", "in": "query", "required": False, "description": "AAAA-MM-DD, até hoje; vazio = hoje",
         "schema": {"type": "string", "pattern": "^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "examples": ["2019-05-01"]}},
    ]
    for raw in ("2019-02-30", "01/05/2019"):
        response = client.get(f"/api/v1/comparar?data={raw}")
        assert response.status_code == 400
        assert response.get_json() == {"error": "Data inválida: use o formato AAAA-MM-DD (por exemplo, 2019-05-01).", "field": "data"}
    assert client.get("/api/v1/comparar?data=2019-05-01").get_json()["data"] == "2019-05-01"
