"""What the search pages show and link (issue 11): the unit of an article that carries the
answer, never a "correction" of a real word, and the fine for missing inspection near the top."""

from __future__ import annotations

import re

from search_index import analysis

PE = "pe-lei-16205-2017"
SP = "sp-decreto-29912-1989"
TICKETS = "pode vender passagem individual no fretamento?"


def test_the_api_links_the_unit_that_carries_the_answer(client):
    # Lei 16.205/2017 (PE), art. 34: "são vedadas as seguintes condutas: I - venda e a emissão de
    # passagens individuais;" — the inciso answers, not the caput that introduces the list.
    data = client.get("/api/v1/search", query_string={"q": TICKETS, "jurisdiction": "pe"}).get_json()
    first = data["results"][0]
    assert (first["law"], first["article"], first["unit"]) == (PE, "34", "art-34/inc-1")
    assert first["label"] == "Lei 16.205/2017 (PE), art. 34, inciso I"
    assert first["url"] == f"/leis/{PE}/art-34/inc-1"
    assert first["snippet"] == "<mark>venda</mark> e a emissão de <mark>passagens</mark> <mark>individuais</mark>;"


def test_the_search_page_links_the_same_unit_twice(client):
    html = client.get("/busca", query_string={"q": TICKETS, "jurisdiction": "pe"}).get_data(as_text=True)
    titles = re.findall(r'<h2 class="result-title"><a href="([^"]+)">([^<]+)</a>', html)
    full_text = re.findall(r'<p class="result-links"><a href="([^"]+)"', html)
    assert titles[0] == (f"/leis/{PE}/art-34/inc-1", "Lei 16.205/2017 (PE), art. 34, inciso I")
    assert full_text[0] == f"/leis/{PE}#art-34/inc-1"
    assert len(titles) == len(full_text) == 10


def test_api_total_counts_articles_and_results_are_the_first_of_them(client):
    everything = client.get("/api/v1/search", query_string={"q": TICKETS, "jurisdiction": "pe", "limit": 50}).get_json()
    assert len(everything["results"]) == everything["total"] < 50  # every matching article, one result each
    assert len({(r["law"], r["article"]) for r in everything["results"]}) == everything["total"]
    ten = client.get("/api/v1/search", query_string={"q": TICKETS, "jurisdiction": "pe"}).get_json()
    assert ten["total"] == everything["total"] and ten["results"] == everything["results"][:10]


def test_cinto_is_not_cento_and_por_cento_is_not_highlighted(client):
    # "cinto" (seat belt) is Portuguese: no suggestion.  The statutes never use it, so nothing
    # matches it, and "por cento" (in fines such as "50 por cento") is never marked.
    alone = client.get("/api/v1/search", query_string={"q": "cinto"}).get_json()
    assert (alone["total"], alone["results"], alone["suggestion"]) == (0, [], None)
    data = client.get("/api/v1/search", query_string={"q": "onibus sem cinto"}).get_json()
    assert data["suggestion"] is None and data["results"]
    marked = {analysis.stem(analysis.words(m)[0]) for r in data["results"] for m in re.findall(r"<mark>(.*?)</mark>", r["snippet"])}
    assert marked == {analysis.stem("ônibus"), analysis.stem("coletivo")}  # the word typed and its synonym
    html = client.get("/busca", query_string={"q": "cinto"}).get_data(as_text=True)
    assert "Você quis dizer" not in html and not re.search(r"\bcento\b", html) and "<mark>" not in html


def test_a_word_no_law_has_is_said_so_above_the_results_of_the_other_words(client):
    """"cinto de segurança": the four laws never write "cinto", so the results are those of "segurança";
    the page says "cinto" is in no law's text instead of letting the results look like the law's word on it."""
    html = client.get("/busca", query_string={"q": "cinto de segurança"}).get_data(as_text=True)
    assert "A palavra “cinto” não aparece no texto de nenhuma das leis" in html
    html = client.get("/busca", query_string={"q": "passageiro em pé"}).get_data(as_text=True)
    assert "não aparece no texto de nenhuma das leis" not in html
    english = client.get("/busca", query_string={"q": "cinto de segurança", "lang": "en"}).get_data(as_text=True)
    assert "The word “cinto” does not appear in the text of any of the laws" in english


def test_multa_por_falta_de_vistoria_shows_the_fine_for_missing_inspection(client):
    # Decreto 29.912/1989 (SP), art. 37, III, b): "utilizar em serviço veículo sem documento de vistoria válido".
    data = client.get("/api/v1/search", query_string={"q": "multa por falta de vistoria"}).get_json()
    units = [(r["law"], r["unit"]) for r in data["results"]]
    assert (SP, "art-37/inc-3/ali-b") in units[:10]
    fine = data["results"][units.index((SP, "art-37/inc-3/ali-b"))]
    assert fine["snippet"] == "utilizar em serviço veículo sem documento de <mark>vistoria</mark> válido;"


def test_a_question_answered_again_comes_from_the_page_cache_until_the_index_is_rebuilt(tmp_path, index_dir):
    import shutil

    from app import create_app
    from knowledge.corpus import all_laws
    from search_index import build_index

    built, index_dir = index_dir, tmp_path / "index"
    shutil.copytree(built, index_dir)  # the session's index, a copy of this test's own: it is rebuilt below
    app = create_app({"DATA_DIR": str(tmp_path), "INDEX_DIR": str(index_dir), "TESTING": True})
    client, pages = app.test_client(), app.extensions["page_cache"]
    for path in ("/busca?q=multa", "/api/v1/search?q=multa"):
        first = client.get(path)
        assert (first.status_code, pages.misses, pages.hits) == (200, 1, 0)
        again = client.get(path)
        assert (again.status_code, pages.misses, pages.hits) == (200, 1, 1)
        assert again.get_data() == first.get_data()
        build_index(index_dir, all_laws())  # a rebuild while the portal runs
        after = client.get(path)
        assert (after.status_code, pages.misses, pages.hits) == (200, 2, 1)  # rendered again from the new index
        assert after.get_data() == first.get_data()  # same statutes, same answer
        pages.clear()
        pages.hits = pages.misses = 0
    bad = client.get("/api/v1/search?q=multa&limit=0")
    assert bad.status_code == 400 and len(pages) == 0  # only answers are kept, never errors
