"""OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json.

The schemas are not written here: every request body is a pydantic model in
``portal/api_schema.py`` and every response one in ``portal/api_responses.py``,
and each model's JSON schema becomes a component of this description.  The request models are also what the API validates requests
with, so a field's type, enum, length or pattern is declared once for both.  This
module adds what only a description has: each operation's summary, its path and
query parameters and which model answers which status.  ``tests/test_openapi.py``
keeps it true (every route described, every response valid against its schema) and
schemathesis fuzzes the API from it (``tests/test_api_fuzz.py``).
"""

from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, jsonify
from pydantic.json_schema import models_json_schema

from .api_responses import RESPONSES
from .api_schema import FLOW_IDS, JURISDICTION_IDS, LAW_IDS, PLATE_PATTERN, REQUESTS, ComparisonQuery, FleetCheck, FleetError, FleetQuery

# The paths are written here, not derived by flask-openapi3 or APIFlask (issue #33 weighed them): both
# describe routes registered through their own app and blueprint classes and decorators, so every view of
# /api/v1 would move to them (and their request parsing would replace parse_request, whose localized error
# messages the API and the pages share).  What could drift is guarded instead: tests/test_openapi.py fails
# on a route of the app that this description lacks, and on a response that does not validate against it.
bp = Blueprint("openapi", __name__)


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict | str, description: str = "OK") -> dict:
    return {"description": description, "content": {"application/json": {"schema": _ref(schema) if isinstance(schema, str) else schema}}}


def _body(model: str) -> dict:
    return {"required": True, "content": {"application/json": {"schema": _ref(model)}}}


ERROR = _json("Error", "Pedido inválido")
RATE = _json("Error", "Muitos pedidos (limite por endereço)")


def _without_titles(schema):
    """pydantic titles every model and field after its Python name; the description needs none of them."""
    if isinstance(schema, dict):
        return {k: _without_titles(v) for k, v in schema.items() if not (k == "title" and isinstance(v, str))}
    if isinstance(schema, list):
        return [_without_titles(v) for v in schema]
    return schema


def components() -> dict:
    """Every model of api_schema as a JSON schema: requests as they are validated, responses as they are sent."""
    _, top = models_json_schema(
        [(model, "validation") for model in REQUESTS] + [(model, "serialization") for model in RESPONSES]
        + [(FleetCheck, "serialization"), (FleetError, "serialization")],
        ref_template="#/components/schemas/{model}",
    )
    return _without_titles(top["$defs"])


def _query(name: str, schema: dict, description: str | None = None, *, required: bool = False) -> dict:
    parameter = {"name": name, "in": "query", "required": required, "schema": schema}
    return parameter | ({"description": description} if description else {})


def query_parameters(model) -> list[dict]:
    """A query-string model (api_schema) as OpenAPI parameters: one per field, its schema as validated."""
    schema = _without_titles(model.model_json_schema())
    parameters = []
    for name, field_schema in schema["properties"].items():
        field_schema = dict(field_schema)
        field_schema.pop("default", None)
        description = field_schema.pop("description", None)
        parameters.append(_query(name, field_schema, description, required=name in schema.get("required", ())))
    return parameters


def _path(name: str, schema: dict) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": schema}


def spec() -> dict:
    date_or_empty = {"anyOf": [{"type": "string", "format": "date"}, {"type": "string", "maxLength": 0}], "examples": ["2019-05-01"]}
    flow_param = _path("flow_id", {"type": "string", "enum": list(FLOW_IDS)})
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Embarque Legal API",
            "version": "1.0.0",
            "description": "Leis de fretamento e transporte intermunicipal (PE, SP, AC, Recife) com citações; assistentes; consulta de placa; denúncias; assistente de conversa; as quatro leis lado a lado numa data. Textos em pt_BR (Accept-Language en ou es traduz a interface).",
        },
        "servers": [{"url": "/"}],
        "paths": {
            "/api/v1/search": {
                "get": {
                    "summary": "Busca nas leis (um resultado por artigo)",
                    # Checked by portal/search_params.py (the search page reads the same parameters).
                    "parameters": [
                        _query("q", {"type": "string", "minLength": 1, "maxLength": 500}, required=True),
                        # An empty value means "any" (what the search form's selects send).
                        _query("law", {"type": "string", "enum": ["", *LAW_IDS]}),
                        _query("jurisdiction", {"type": "string", "enum": ["", *JURISDICTION_IDS]}),
                        _query("limit", {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}),
                        _query("historico", {"type": "string", "enum": ["", "0", "1"]}),
                    ],
                    "responses": {"200": _json("SearchResponse"), "400": ERROR, "429": RATE, "503": _json("Error", "Índice de busca indisponível")},
                }
            },
            "/api/v1/leis": {"get": {"summary": "As leis do portal", "responses": {"200": _json("Laws")}}},
            "/api/v1/leis/{law_id}/{unit_id}": {
                "get": {
                    "summary": "A redação de um dispositivo numa data (multivigência)",
                    "description": (
                        "O texto do dispositivo em vigor na data pedida (padrão: hoje, no fuso do lugar da lei), "
                        "com o período desta redação, o ato que a deu, o que a substituiu e a linha do tempo de "
                        "todas as redações. As redações vêm das notas do próprio texto legal (\"Redação dada "
                        "pela…\", \"Nota: Redação Anterior\"); dispositivos acrescentados não existem antes do ato "
                        "que os acrescentou. Quando o texto de referência não traz a redação daquela data, "
                        "texto é null e texto_disponivel é false. 404 quando o dispositivo não existia na data "
                        "(a resposta lista os períodos em que existiu); 400 para data inválida."
                    ),
                    "parameters": [
                        _path("law_id", {"type": "string", "enum": list(LAW_IDS)}),
                        _path("unit_id", {"type": "string", "examples": ["art-28/inc-4", "art-29-a"]}),
                        # Checked by portal/law_dates.py (the law reader's pages read it too).
                        _query("data", date_or_empty, "AAAA-MM-DD; vazio = hoje, no fuso do lugar da lei"),
                    ],
                    "responses": {
                        "200": _json("UnitWording"),
                        "400": ERROR,
                        "404": _json("UnitMissing", "Lei ou dispositivo inexistente, ou dispositivo que não existia na data"),
                    },
                }
            },
            "/api/v1/wizards": {"get": {"summary": "Assistentes (fluxos)", "responses": {"200": _json("Wizards")}}},
            "/api/v1/wizards/{flow_id}": {
                "get": {"summary": "Perguntas de um assistente", "parameters": [flow_param], "responses": {"200": _json("Wizard"), "404": _json("Error", "Assistente desconhecido")}},
                "post": {
                    "summary": "Responder: próxima pergunta ou resultado",
                    "parameters": [flow_param],
                    "requestBody": _body("WizardAnswersIn"),
                    "responses": {"200": _json({"oneOf": [_ref("WizardIncomplete"), _ref("WizardComplete")]}), "400": ERROR, "404": _json("Error", "Assistente desconhecido")},
                },
            },
            "/api/v1/veiculos/{placa}": {
                "get": {
                    "summary": "Situação de um veículo de fretamento pela placa",
                    "parameters": [_path("placa", {"type": "string", "pattern": PLATE_PATTERN, "examples": ["KGT2E47", "ABC-1234"]})],
                    "responses": {"200": _json("VehicleStatus"), "400": ERROR, "404": _json("Error", "Endereço inválido"), "429": RATE},
                }
            },
            "/api/v1/denuncias": {
                "post": {
                    "summary": "Registrar uma denúncia (anônima por padrão)",
                    "parameters": [{"name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string", "maxLength": 100},
                                    "description": "Reenvio seguro: vale por 24 horas, para o mesmo cliente e o mesmo conteúdo."}],
                    "requestBody": _body("ComplaintIn"),
                    "responses": {
                        "201": _json("ComplaintReceipt", "Registrada"),
                        "200": _json("ComplaintReceipt", "Já registrada antes com a mesma Idempotency-Key"),
                        "400": ERROR, "415": ERROR, "429": RATE,
                        "422": _json("Error", "Falta o lugar (sem jurisdicao e sem placa cadastrada: field=jurisdicao), ou Idempotency-Key já usada para outra denúncia (field=Idempotency-Key): nada foi registrado"),
                        "503": _json("Error", "Banco indisponível: nada foi registrado"),
                    },
                }
            },
            "/api/v1/denuncias/{protocolo}": {
                "get": {
                    "summary": "Situação e andamento de uma denúncia (sem dados pessoais)",
                    "parameters": [_path("protocolo", {"type": "string"})],
                    "responses": {"200": _json("ComplaintStatus"), "404": _json("Error", "Protocolo não encontrado"), "429": RATE},
                }
            },
            "/api/v1/assistente": {
                "post": {
                    "summary": "Conversar com o assistente",
                    "requestBody": _body("AssistantIn"),
                    "responses": {"200": _json("AssistantReply"), "400": ERROR, "429": RATE},
                }
            },
            "/api/v1/comparar": {
                "get": {
                    "summary": "As quatro leis lado a lado numa data (uma linha por pergunta, uma célula por lugar, cada uma com citações)",
                    # Checked by portal/comparison_service.py (the /comparar page reads it too).
                    "parameters": query_parameters(ComparisonQuery),
                    "responses": {"200": _json("Comparison"), "400": ERROR},
                }
            },
            "/api/v1/frota": {
                "get": {
                    "summary": "Verificar uma frota: a lei do lugar na data, por veículo e para a frota, com os prazos (nada é guardado)",
                    # Checked by portal/fleet.py (the /frota page's shareable link reads the same parameters).
                    "parameters": query_parameters(FleetQuery),
                    "responses": {"200": _json("FleetCheck"), "400": _json("FleetError", "Pedido inválido; as linhas recusadas em linhas"), "429": RATE},
                }
            },
            "/api/v1/ping": {"get": {"summary": "Resposta mínima (medições)", "responses": {"200": _json("Ping")}}},
            "/api/v1/openapi.json": {"get": {"summary": "Esta descrição", "responses": {"200": _json({"type": "object"})}}},
        },
        "components": {"schemas": components()},
    }


@lru_cache(maxsize=1)
def _served() -> dict:
    return spec()  # depends on the code only; building it takes ~50 ms, so once per process


@bp.get("/api/v1/openapi.json")
def openapi_json():
    return jsonify(_served())
