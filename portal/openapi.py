"""OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json.

Written by hand next to the code it describes; ``tests/test_openapi.py`` keeps it
true (every route described, every response valid against its schema) and
schemathesis fuzzes the API from it.
"""

from __future__ import annotations

from flask import Blueprint, jsonify

from knowledge.complaints import OCCURRENCES
from knowledge.flows import FLOWS
from knowledge.laws import JURISDICTIONS, LAWS

bp = Blueprint("openapi", __name__)


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str = "OK") -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR = _json(_ref("Error"), "Pedido inválido")
RATE = _json(_ref("Error"), "Muitos pedidos (limite por endereço)")
NULLABLE_STR = {"type": ["string", "null"]}
# What knowledge.plates.normalize accepts: 3 letters, a digit, a letter or digit, 2 digits,
# with spaces, hyphens, dots or underscores anywhere between them.
_SEP = "[\\s\\-._·•]*"
PLATE_PATTERN = f"^{_SEP}[A-Za-z]{_SEP}[A-Za-z]{_SEP}[A-Za-z]{_SEP}[0-9]{_SEP}[A-Za-z0-9]{_SEP}[0-9]{_SEP}[0-9]{_SEP}$"


def spec() -> dict:
    jurisdictions = sorted(JURISDICTIONS)
    citation = {
        "type": "object",
        "required": ["law", "article", "unit", "label", "url"],
        "properties": {
            "law": {"type": "string", "enum": sorted(LAWS)},
            "article": {"type": "string"},
            "unit": {"type": "string"},
            "label": {"type": "string"},
            "url": {"type": "string"},
            # Present when the citation is to a wording that is not today's: the date of the
            # facts, also in the url (?data=).
            "data": {"type": "string", "format": "date"},
        },
        "additionalProperties": False,
    }
    statement = {
        "type": "object",
        "required": ["texto", "citations"],
        "properties": {"texto": {"type": "string"}, "codigo": NULLABLE_STR, "citations": {"type": "array", "items": _ref("Citation")}},
    }
    question = {
        "type": "object",
        "required": ["id", "type", "text", "options", "required"],
        "properties": {
            "id": {"type": "string"},
            "type": {"type": "string", "enum": ["choice", "multiple", "bool", "number", "date"]},
            "text": {"type": "string"},
            "help": NULLABLE_STR,
            "options": {"type": "array", "items": {"type": "object", "required": ["value", "label"], "properties": {"value": {"type": "string"}, "label": {"type": "string"}}}},
            "required": {"type": "boolean"},
            "min": {"type": ["integer", "null"]},
            "max": {"type": ["integer", "null"]},
            "default": NULLABLE_STR,
            "legal_basis": {"type": "array", "items": _ref("Citation")},
        },
    }
    reason = {
        "type": "object",
        "required": ["codigo", "mensagem", "citations"],
        "properties": {"codigo": {"type": "string"}, "mensagem": {"type": "string"}, "citations": {"type": "array", "items": _ref("Citation")}},
    }
    vehicle = {
        "type": "object",
        "required": ["placa", "consultado_em", "situacao", "motivos", "operadora", "veiculo", "dados_atualizados_em", "demonstracao"],
        "properties": {
            "placa": {"type": "string"},
            "consultado_em": {"type": "string", "format": "date-time"},
            "situacao": {"type": "string", "enum": ["regular", "irregular", "nao_encontrado"]},
            "resumo": {**NULLABLE_STR, "description": "O que foi verificado, nos termos da lei do lugar (em São Paulo o seguro não é exigido e não é afirmado)."},
            "motivos": {"type": "array", "items": reason},
            "operadora": {
                "type": ["object", "null"],
                "required": ["razao_social", "nome_fantasia", "cnpj", "crc_numero", "crc_validade", "situacao", "modalidades"],
                "properties": {
                    "razao_social": {"type": "string"}, "nome_fantasia": NULLABLE_STR, "cnpj": {"type": "string"}, "crc_numero": {"type": "string"},
                    "crc_validade": {"type": "string", "format": "date"}, "situacao": {"type": "string", "enum": ["ativo", "suspenso", "cancelado"]},
                    "modalidades": {"type": "array", "items": {"type": "string"}}, "jurisdicao": {"type": "string", "enum": jurisdictions},
                },
            },
            "veiculo": {
                "type": ["object", "null"],
                "required": ["tipo", "lugares", "ano_fabricacao", "vistoria_validade", "seguro_validade"],
                "properties": {
                    "placa_cadastrada": {"type": "string"}, "tipo": {"type": "string", "enum": ["onibus", "micro_onibus", "automovel"]},
                    "lugares": {"type": "integer"}, "ano_fabricacao": {"type": "integer"}, "vistoria_validade": {"type": "string", "format": "date"},
                    "seguro_validade": {"type": "string", "format": "date"}, "situacao": {"type": "string", "enum": ["ativo", "retirado"]},
                },
            },
            "dados_atualizados_em": NULLABLE_STR,
            "demonstracao": {"type": "boolean"},
        },
    }
    regulator = {
        "type": "object",
        "required": ["sigla", "nome", "contatos"],
        "properties": {"sigla": {"type": "string"}, "nome": {"type": "string"}, "contatos": {"type": "array", "items": {"type": "string"}}, "citations": {"type": "array", "items": _ref("Citation")}},
    }
    enquadramento = {
        "type": "object",
        "required": ["ocorrencia", "gravidade", "multa", "citations"],
        "properties": {
            "ocorrencia": {"type": "string", "enum": list(OCCURRENCES)},
            "rotulo": {"type": "string"},
            "descricao": {"type": "string"},
            "gravidade": NULLABLE_STR,
            "penalidade": {**NULLABLE_STR, "description": "Quando a sanção não é multa (ex.: advertência por escrito no Grupo 1 do Recife)."},
            "ressalvas": {"type": "array", "items": {"type": "string"}, "description": "O que a lei deixa em aberto ou escreve de dois modos, mostrado em vez de decidido em silêncio."},
            "multa": {
                "type": ["object", "null"],
                "required": ["valor", "unidade"],
                "properties": {"valor": {"type": "number"}, "unidade": {"type": "string", "enum": ["BRL", "UFIRAC", "MVR_PCT", "VB"]}, "valor_brl": {"type": ["number", "null"]}, "por_passageiro": {"type": "boolean"}},
            },
            "citations": {"type": "array", "items": _ref("Citation")},
        },
    }
    complaint_in = {
        "type": "object",
        "required": ["data_ocorrencia", "ocorrencias"],
        "properties": {
            # empty or null: "não sei" — taken from the registry by plate; with no registered plate, 422
            "jurisdicao": {
                "type": ["string", "null"], "enum": [*jurisdictions, "", None],
                "description": "Onde aconteceu. Vazio ou nulo só quando a placa está no cadastro (o lugar vem dela); sem lugar e sem placa cadastrada a resposta é 422 com field=jurisdicao: cada lugar tem sua lei e seu órgão, e o portal não presume nenhum.",
            },
            "placa": {"type": ["string", "null"], "pattern": f"^$|{PLATE_PATTERN}", "examples": ["KGT2E47"]},
            "data_ocorrencia": {"type": "string", "format": "date"},
            "hora_ocorrencia": {"type": ["string", "null"], "pattern": "^$|^([01][0-9]|2[0-3]):[0-5][0-9]$", "description": "Hora aproximada (HH:MM): qual viagem."},
            "origem": {"type": ["string", "null"], "maxLength": 120},
            "destino": {"type": ["string", "null"], "maxLength": 120},
            "ocorrencias": {"type": "array", "minItems": 1, "items": {"type": "string", "enum": list(OCCURRENCES)}},
            "relato": {"type": ["string", "null"], "maxLength": 4000},
            "contato": {
                "type": ["object", "null"],
                "properties": {"nome": {"type": ["string", "null"], "maxLength": 120}, "email": {"type": ["string", "null"], "maxLength": 200}, "telefone": {"type": ["string", "null"], "maxLength": 20}},
            },
            "consentimento": {"type": ["boolean", "null"], "description": "Obrigatório (true) quando há contato (LGPD)."},
        },
    }
    receipt = {
        "type": "object",
        "required": ["protocolo", "situacao", "orgao", "enquadramento"],
        "properties": {
            "protocolo": {"type": "string", "pattern": "^EL-[0-9]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$"},
            "situacao": {"type": "string", "enum": ["recebida"]},
            "orgao": regulator,
            "enquadramento": {"type": "array", "items": enquadramento},
            "acompanhar": {"type": "string"},
        },
    }
    status = {
        "type": "object",
        "required": ["protocolo", "situacao", "criada_em", "historico", "orgao", "enquadramento"],
        "properties": {
            "protocolo": {"type": "string"},
            "situacao": {"type": "string", "enum": ["recebida", "em_analise", "encaminhada", "arquivada"]},
            "criada_em": {"type": "string"},
            "atualizada_em": {"type": "string"},
            "jurisdicao": {"type": "string", "enum": jurisdictions},
            "placa": NULLABLE_STR,
            "data_ocorrencia": NULLABLE_STR,
            "hora_ocorrencia": NULLABLE_STR,
            "ocorrencias": {"type": "array", "items": {"type": "string"}},
            "historico": {"type": "array", "items": {"type": "object", "required": ["em", "situacao", "nota"], "properties": {"em": {"type": "string"}, "situacao": {"type": "string"}, "nota": NULLABLE_STR}}},
            "orgao": regulator,
            "enquadramento": {"type": "array", "items": enquadramento},
        },
        "not": {"anyOf": [{"required": ["contato"]}, {"required": ["relato"]}]},
    }
    assistant_reply = {
        "type": "object",
        "required": ["conversa", "resposta", "citations", "acoes", "pergunta", "fora_do_escopo"],
        "properties": {
            "conversa": {"type": "string"},
            "resposta": {"type": "string"},
            "citations": {"type": "array", "items": _ref("Citation")},
            "acoes": {"type": "array", "items": {"type": "object", "required": ["tipo", "url", "rotulo"], "properties": {"tipo": {"type": "string", "enum": ["wizard", "consulta", "denuncia", "lei", "busca"]}, "url": {"type": "string"}, "rotulo": {"type": "string"}}}},
            "pergunta": {"type": ["object", "null"], "required": ["id", "texto", "opcoes"], "properties": {"id": {"type": "string"}, "texto": {"type": "string"}, "opcoes": {"type": "array", "items": {"type": "object", "required": ["valor", "rotulo"]}}}},
            "fora_do_escopo": {"type": "boolean"},
            "intencao": {"type": "string"},
            "sugestoes": {"type": "array", "items": {"type": "string"}},
        },
    }
    comparison_cell = {
        "type": "object",
        "required": ["tipo", "texto", "citations"],
        "properties": {
            # value: the law says it (cited); silent: "a lei não trata"; delegated: left to a regulation (cited);
            # not_in_force: the law was not in force yet; unavailable: the wording of that date is not in the corpus
            "tipo": {"type": "string", "enum": ["value", "silent", "delegated", "not_in_force", "unavailable"]},
            "texto": {"type": "string"},
            "citations": {"type": "array", "items": _ref("Citation")},
        },
        "additionalProperties": False,
    }
    comparison = {
        "type": "object",
        "required": ["data", "lugares", "linhas"],
        "properties": {
            "data": {"type": "string", "format": "date"},
            "lugares": {"type": "array", "items": {"type": "object", "required": ["id", "nome", "lei"], "properties": {"id": {"type": "string", "enum": jurisdictions}, "nome": {"type": "string"}, "lei": {"type": "string", "enum": sorted(LAWS)}, "lei_nome": {"type": "string"}}}},
            "linhas": {"type": "array", "items": {
                "type": "object", "required": ["id", "pergunta", "celulas"],
                "properties": {"id": {"type": "string"}, "pergunta": {"type": "string"},
                               "celulas": {"type": "object", "required": jurisdictions, "additionalProperties": comparison_cell}},
            }},
        },
    }
    flow_ids = [f.id for f in FLOWS.all()]
    flow_param = {"name": "flow_id", "in": "path", "required": True, "schema": {"type": "string", "enum": flow_ids}}
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
                    "parameters": [
                        {"name": "q", "in": "query", "required": True, "schema": {"type": "string", "minLength": 1, "maxLength": 500}},
                        # An empty value means "any" (what the search form's selects send).
                        {"name": "law", "in": "query", "schema": {"type": "string", "enum": ["", *sorted(LAWS)]}},
                        {"name": "jurisdiction", "in": "query", "schema": {"type": "string", "enum": ["", *jurisdictions]}},
                        {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}},
                        {"name": "historico", "in": "query", "schema": {"type": "string", "enum": ["", "0", "1"]}},
                    ],
                    "responses": {"200": _json(_ref("SearchResponse")), "400": ERROR, "429": RATE, "503": _json(_ref("Error"), "Índice de busca indisponível")},
                }
            },
            "/api/v1/leis": {"get": {"summary": "As leis do portal", "responses": {"200": _json({"type": "object", "required": ["leis"], "properties": {"leis": {"type": "array", "items": {
                "type": "object", "required": ["id", "jurisdiction", "nome", "em_vigor_desde", "alterada_por"],
                "properties": {
                    "em_vigor_desde": {"type": "string", "format": "date", "description": "Primeiro dia de vigência (knowledge/parameters/vigencia.yaml)."},
                    "alterada_por": {"type": "array", "items": {"type": "string"}, "description": "Atos que alteraram a lei, do mais antigo ao mais recente."},
                },
            }}}})}}},
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
                        {"name": "law_id", "in": "path", "required": True, "schema": {"type": "string", "enum": sorted(LAWS)}},
                        {"name": "unit_id", "in": "path", "required": True, "schema": {"type": "string", "examples": ["art-28/inc-4", "art-29-a"]}},
                        {"name": "data", "in": "query", "required": False, "schema": {"type": "string", "format": "date", "examples": ["2019-05-01"]}},
                    ],
                    "responses": {
                        "200": _json(_ref("UnitWording")),
                        "400": ERROR,
                        "404": _json({
                            "type": "object", "required": ["error"],
                            "properties": {
                                "error": {"type": "string"}, "lei": {"type": "string"}, "dispositivo": {"type": "string"},
                                "data": {"type": "string", "format": "date"}, "versoes": {"type": "array", "items": _ref("UnitVersion")},
                            },
                        }, "Lei ou dispositivo inexistente, ou dispositivo que não existia na data"),
                    },
                }
            },
            "/api/v1/wizards": {"get": {"summary": "Assistentes (fluxos)", "responses": {"200": _json({"type": "object", "required": ["wizards"], "properties": {"wizards": {"type": "array", "items": {"type": "object", "required": ["id", "titulo", "url"]}}}})}}},
            "/api/v1/wizards/{flow_id}": {
                "get": {"summary": "Perguntas de um assistente", "parameters": [flow_param], "responses": {"200": _json({"type": "object", "required": ["id", "questions"], "properties": {"id": {"type": "string"}, "questions": {"type": "array", "items": _ref("Question")}}}), "404": _json(_ref("Error"), "Assistente desconhecido")}},
                "post": {
                    "summary": "Responder: próxima pergunta ou resultado",
                    "parameters": [flow_param],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object", "required": ["answers"], "properties": {"answers": {"type": "object"}}}}}},
                    "responses": {"200": _json({"oneOf": [_ref("WizardIncomplete"), _ref("WizardComplete")]}), "400": ERROR, "404": _json(_ref("Error"), "Assistente desconhecido")},
                },
            },
            "/api/v1/veiculos/{placa}": {
                "get": {
                    "summary": "Situação de um veículo de fretamento pela placa",
                    "parameters": [{"name": "placa", "in": "path", "required": True, "schema": {"type": "string", "pattern": PLATE_PATTERN, "examples": ["KGT2E47", "ABC-1234"]}}],
                    "responses": {"200": _json(_ref("VehicleStatus")), "400": ERROR, "404": _json(_ref("Error"), "Endereço inválido"), "429": RATE},
                }
            },
            "/api/v1/denuncias": {
                "post": {
                    "summary": "Registrar uma denúncia (anônima por padrão)",
                    "parameters": [{"name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string", "maxLength": 100},
                                    "description": "Reenvio seguro: vale por 24 horas, para o mesmo cliente e o mesmo conteúdo."}],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("ComplaintIn")}}},
                    "responses": {
                        "201": _json(_ref("ComplaintReceipt"), "Registrada"),
                        "200": _json(_ref("ComplaintReceipt"), "Já registrada antes com a mesma Idempotency-Key"),
                        "400": ERROR, "415": ERROR, "429": RATE,
                        "422": _json(_ref("Error"), "Falta o lugar (sem jurisdicao e sem placa cadastrada: field=jurisdicao), ou Idempotency-Key já usada para outra denúncia (field=Idempotency-Key): nada foi registrado"),
                        "503": _json(_ref("Error"), "Banco indisponível: nada foi registrado"),
                    },
                }
            },
            "/api/v1/denuncias/{protocolo}": {
                "get": {
                    "summary": "Situação e andamento de uma denúncia (sem dados pessoais)",
                    "parameters": [{"name": "protocolo", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": _json(_ref("ComplaintStatus")), "404": _json(_ref("Error"), "Protocolo não encontrado"), "429": RATE},
                }
            },
            "/api/v1/assistente": {
                "post": {
                    "summary": "Conversar com o assistente",
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object", "required": ["mensagem"], "properties": {"mensagem": {"type": "string", "minLength": 1, "maxLength": 2000}, "conversa": NULLABLE_STR}}}}},
                    "responses": {"200": _json(_ref("AssistantReply")), "400": ERROR, "429": RATE},
                }
            },
            "/api/v1/comparar": {
                "get": {
                    "summary": "As quatro leis lado a lado numa data (uma linha por pergunta, uma célula por lugar, cada uma com citações)",
                    "parameters": [{"name": "data", "in": "query", "required": False, "description": "AAAA-MM-DD, até hoje; vazio = hoje",
                                    "schema": {"anyOf": [{"type": "string", "format": "date"}, {"type": "string", "maxLength": 0}], "examples": ["2019-05-01"]}}],
                    "responses": {"200": _json(_ref("Comparison")), "400": ERROR},
                }
            },
            "/api/v1/ping": {"get": {"summary": "Resposta mínima (medições)", "responses": {"200": _json({"type": "object", "required": ["ok"], "properties": {"ok": {"type": "boolean"}}})}}},
            "/api/v1/openapi.json": {"get": {"summary": "Esta descrição", "responses": {"200": _json({"type": "object"})}}},
        },
        "components": {
            "schemas": {
                "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}, "field": {"type": "string"}}},
                "Citation": citation,
                "UnitVersion": {
                    "type": "object",
                    "required": ["vigente_desde", "vigente_ate", "alterado_por", "substituido_por", "url"],
                    "properties": {
                        "vigente_desde": {"type": "string", "format": "date"},
                        "vigente_ate": {"type": ["string", "null"], "format": "date", "description": "Último dia desta redação; null se ainda em vigor."},
                        "alterado_por": {**NULLABLE_STR, "description": "Ato que deu esta redação (\"Lei 17.107/2020\"); null na redação original."},
                        "substituido_por": {**NULLABLE_STR, "description": "Ato que substituiu esta redação; null se ainda em vigor."},
                        "url": {"type": "string", "description": "Página do dispositivo nesta redação (?data=)."},
                    },
                },
                "UnitWording": {
                    "type": "object",
                    "required": ["lei", "dispositivo", "data", "texto", "texto_disponivel", "vigente_desde", "vigente_ate", "alterado_por", "substituido_por", "url", "citacao", "urn", "versoes"],
                    "properties": {
                        "lei": {"type": "string", "enum": sorted(LAWS)},
                        "dispositivo": {"type": "string"},
                        "data": {"type": "string", "format": "date"},
                        "texto": {**NULLABLE_STR, "description": "O dispositivo com os seus incisos, alíneas e itens, como estava na data."},
                        "texto_disponivel": {"type": "boolean"},
                        "vigente_desde": {"type": "string", "format": "date"},
                        "vigente_ate": {"type": ["string", "null"], "format": "date"},
                        "alterado_por": NULLABLE_STR,
                        "substituido_por": NULLABLE_STR,
                        "url": {"type": "string"},
                        "citacao": {"type": "string"},
                        "urn": {"type": "string"},
                        "versoes": {"type": "array", "items": _ref("UnitVersion")},
                    },
                    "additionalProperties": False,
                },
                "Statement": statement,
                "Question": question,
                "SearchResponse": {
                    "type": "object",
                    "required": ["query", "total", "results"],
                    "properties": {
                        "query": {"type": "string"},
                        "total": {"type": "integer", "minimum": 0},
                        "suggestion": NULLABLE_STR,
                        "results": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["law", "article", "unit", "label", "heading", "snippet", "url", "urn"],
                                "properties": {
                                    "law": {"type": "string", "enum": sorted(LAWS)}, "article": {"type": "string"}, "unit": {"type": "string"},
                                    "label": {"type": "string"}, "heading": {"type": "string"}, "snippet": {"type": "string"},
                                    "url": {"type": "string"}, "urn": {"type": "string", "pattern": "^urn:lex:br;"}, "historico": {"type": "boolean"},
                                },
                            },
                        },
                    },
                },
                "WizardIncomplete": {"type": "object", "required": ["complete", "next_question"], "properties": {"complete": {"const": False}, "next_question": _ref("Question")}},
                "WizardComplete": {"type": "object", "required": ["complete", "outcome", "citations"], "properties": {"complete": {"const": True}, "outcome": {"type": "object"}, "citations": {"type": "array", "items": _ref("Citation")}}},
                "VehicleStatus": vehicle,
                "ComplaintIn": complaint_in,
                "ComplaintReceipt": receipt,
                "ComplaintStatus": status,
                "AssistantReply": assistant_reply,
                "Comparison": comparison,
            }
        },
    }


@bp.get("/api/v1/openapi.json")
def openapi_json():
    return jsonify(spec())
