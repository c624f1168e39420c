"""JSON API, version 1 (``/api/v1/…``).  Field names are a public contract."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from knowledge.corpus import load_law
from knowledge.laws import LAWS

from . import search_params
from .errors import error_response
from .law_urls import unit_url
from .search import service

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def search_payload(response) -> dict:
    results = []
    for hit in response.hits:
        results.append(
            {
                "law": hit.law,
                "article": hit.article,
                "unit": hit.unit,
                "label": hit.label,
                "heading": hit.heading,
                "snippet": hit.snippet,
                "url": unit_url(hit.law, hit.unit) + ("#historico" if hit.history else ""),
                "urn": hit.urn,
                "historico": hit.history,
            }
        )
    return {
        "query": response.query,
        "total": response.total,
        "results": results,
        "suggestion": response.suggestion,
    }


@bp.get("/search")
def search():
    try:
        params = search_params.parse(request.args, require_query=True)
    except search_params.BadSearch as exc:
        return error_response(400, exc.message, field=exc.field)
    response = service().search(params.q, **params.as_filters())
    return jsonify(search_payload(response))


@bp.get("/leis")
def laws():
    return jsonify(
        {
            "leis": [
                {
                    "id": info.id,
                    "jurisdiction": info.jurisdiction,
                    "nome": info.short_name,
                    "titulo": info.title,
                    "orgao": info.regulator,
                    "urn": info.urn,
                    "artigos": len(load_law(info.id).articles()),
                }
                for info in LAWS.values()
            ]
        }
    )
