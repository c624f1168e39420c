"""Search: Portuguese analysis, relevance on everyday questions, the API contract."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portal.search_params import DEFAULT_LIMIT
from search_index import IndexMissing, SearchIndex
from search_index.analysis import analyze, fold

RELEVANCE = json.loads((Path(__file__).parent / "data" / "search_relevance.json").read_text(encoding="utf-8"))


# -- analysis ---------------------------------------------------------------------------


def test_fold_removes_accents_only():
    assert fold("Autorização ÔNIBUS rodoviária pé") == "Autorizacao ONIBUS rodoviaria pe"


@pytest.mark.parametrize(
    "variants",
    [
        ("passagem", "passagens"),
        ("autorização", "autorizacoes", "autorizações", "autorizacao"),
        ("infração", "infracoes"),
        ("rodoviária", "rodoviarias", "rodoviários"),
        ("individual", "individuais"),
        ("vender", "venda", "vendas", "vendendo"),
        ("veículo", "veiculos"),
        ("apreensão", "apreensoes"),
        ("terminal", "terminais"),
        ("obrigatório", "obrigatoria"),
    ],
)
def test_word_forms_meet(variants):
    stems = {tuple(analyze(v)) for v in variants}
    assert len(stems) == 1, stems


def test_stop_words_are_dropped():
    assert analyze("o de da e que") == []


# -- relevance ----------------------------------------------------------------------------


def test_relevance_set_top5_at_least_90_percent(search_index, capsys):
    assert len(RELEVANCE) >= 25
    laws = {e["law"] for e in RELEVANCE}
    assert len(laws) == 4
    misses = []
    for entry in RELEVANCE:
        response = search_index.search(entry["q"], jurisdiction=entry.get("jurisdiction"), limit=5)
        if not any(h.law == entry["law"] and h.article in entry["articles"] for h in response.hits):
            misses.append((entry["q"], [(h.law, h.article) for h in response.hits]))
    score = 1 - len(misses) / len(RELEVANCE)
    with capsys.disabled():
        print(f"\nsearch relevance: {len(RELEVANCE) - len(misses)}/{len(RELEVANCE)} = {score:.1%} with the expected article in the top 5")
        for q, got in misses:
            print(f"  miss: {q!r} -> {got}")
    assert score >= 0.90


@pytest.mark.parametrize(
    "query, law, article",
    [
        ("quanto tempo vale o CRC?", "pe-lei-16205-2017", "8"),
        ("pode vender passagem individual no fretamento?", "pe-lei-16205-2017", "34"),
        ("onibus de fretamento pode usar rodoviaria", "pe-lei-16205-2017", "34"),
    ],
)
def test_issue_examples_in_top_three(search_index, query, law, article):
    hits = search_index.search(query, limit=3).hits
    assert (law, article) in [(h.law, h.article) for h in hits]


def test_one_result_per_article(search_index):
    hits = search_index.search("fretamento turístico automóvel 7 lugares", limit=50).hits
    # São Paulo's decree has articles of its own beside the Regulamento's: "decreto/art-1" and "art-1"
    # are two articles numbered 1.
    keys = [(h.law, re.match(r"(decreto/)?[^/]+", h.unit).group(0)) for h in hits]
    assert len(keys) == len(set(keys))


def test_typo_suggestion_and_results(search_index):
    response = search_index.search("fretameto turistico")
    assert response.suggestion == "fretamento turistico"
    assert response.hits and response.hits[0].article == "3"


def test_snippet_highlights_and_escapes(search_index):
    hit = search_index.search("passagens individuais", law="pe-lei-16205-2017").hits[0]
    assert "<mark>" in hit.snippet
    text_without_marks = hit.snippet.replace("<mark>", "").replace("</mark>", "")
    assert "<" not in text_without_marks


def test_history_excluded_by_default_and_available_on_request(search_index):
    query = "três mil e novecentos reais"  # only in the previous wording of art. 28, IV
    assert all(not h.history for h in search_index.search(query).hits)
    with_history = search_index.search(query, include_history=True).hits
    assert any(h.history and h.unit == "art-28/inc-4" for h in with_history)


def test_filters(search_index):
    hits = search_index.search("multa", jurisdiction="ac", limit=20).hits
    assert hits and {h.law for h in hits} == {"ac-lei-2731-2013"}
    hits = search_index.search("multa", law="recife-lei-16856-2003", limit=20).hits
    assert hits and {h.law for h in hits} == {"recife-lei-16856-2003"}


def test_missing_index(tmp_path):
    with pytest.raises(IndexMissing):
        SearchIndex.open(tmp_path / "nada")


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=120))
def test_any_query_text_is_answered(search_index, query):
    response = search_index.search(query)
    # One hit per matching article, the best ten (the default limit) when more match.
    assert len(response.hits) == min(response.total, 10)


# -- the HTTP API ------------------------------------------------------------------------------


def test_api_search_contract(client):
    response = client.get("/api/v1/search", query_string={"q": "pode vender passagem individual no fretamento?"})
    assert response.status_code == 200
    data = response.get_json()
    assert data["query"] == "pode vender passagem individual no fretamento?"
    assert len(data["results"]) == DEFAULT_LIMIT < data["total"]  # one result per article, the best DEFAULT_LIMIT of them
    first = data["results"][0]
    assert set(first) >= {"law", "article", "unit", "label", "heading", "snippet", "url", "urn"}
    assert first["url"].startswith("/leis/")
    assert first["urn"].startswith("urn:lex:br;")


def test_api_limit(client):
    data = client.get("/api/v1/search?q=multa&limit=3").get_json()
    assert len(data["results"]) == 3
    assert len(client.get("/api/v1/search?q=multa").get_json()["results"]) == 10


@pytest.mark.parametrize(
    "query_string, field",
    [
        ({}, "q"),
        ({"q": "   "}, "q"),
        ({"q": "x" * 501}, "q"),
        ({"q": "multa", "law": "lei-inexistente"}, "law"),
        ({"q": "multa", "jurisdiction": "rj"}, "jurisdiction"),
        ({"q": "multa", "limit": "51"}, "limit"),
        ({"q": "multa", "limit": "0"}, "limit"),
        ({"q": "multa", "limit": "dez"}, "limit"),
        ({"q": "multa", "limit": ""}, "limit"),  # present but empty is not "the default"
        ({"q": "multa", "limit": "²"}, "limit"),  # a digit to str.isdigit(), not to int()
        ({"q": "multa", "limit": "1e3"}, "limit"),
        ({"q": "multa", "limit": "\u0085"}, "limit"),  # a Unicode blank is not trimmed away
        ({"q": "multa", "jurisdiction": "\u0085"}, "jurisdiction"),
        ({"q": "multa", "historico": "\u0085"}, "historico"),
    ],
)
def test_api_bad_requests(client, query_string, field):
    response = client.get("/api/v1/search", query_string=query_string)
    assert response.status_code == 400
    data = response.get_json()
    assert data["field"] == field and data["error"]


def test_api_when_index_is_missing(tmp_path):
    from app import create_app

    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    response = app.test_client().get("/api/v1/search?q=multa")
    assert response.status_code == 503
    assert "index build" in response.get_json()["error"]
    page = app.test_client().get("/busca?q=multa")
    assert page.status_code == 503 and "índice" in page.get_data(as_text=True)


def test_cli_status_fails_without_index(tmp_path):
    from app import create_app

    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    result = app.test_cli_runner().invoke(args=["index", "status"])
    assert result.exit_code == 1
    result = app.test_cli_runner().invoke(args=["index", "build"])
    assert result.exit_code == 0 and "documentos" in result.output
    assert app.test_cli_runner().invoke(args=["index", "status"]).exit_code == 0

