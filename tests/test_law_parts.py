"""The law read in parts (one page per chapter) beside the whole law on one page (issue #12/#14).

The whole law stays at /leis/<lei>, so every existing link /leis/<lei>#<dispositivo> still
lands on its unit; each chapter also has a page of its own (/leis/<lei>/parte/<n>) with
the same anchors, reached from the table of contents and from each unit's page.
"""

from __future__ import annotations

import re

import pytest

from knowledge.corpus import load_law
from knowledge.laws import LAWS
from portal.law_urls import law_parts


def _ids(html: str) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', html))


@pytest.mark.parametrize("law_id", list(LAWS))
def test_every_unit_is_in_exactly_one_part_and_keeps_its_anchor(client, law_id):
    law = load_law(law_id)
    parts = law_parts(law)
    seen: list[str] = []
    whole = _ids(client.get(f"/leis/{law_id}").get_data(as_text=True))
    for part in parts:
        response = client.get(f"/leis/{law_id}/parte/{part.number}")
        assert response.status_code == 200
        ids = _ids(response.get_data(as_text=True))
        units = list(part.unit_ids())
        assert set(units) & whole <= ids, (part.label, set(units) & whole - ids)
        assert part.anchor in ids and part.anchor in whole  # the same element id on both pages
        seen += units
    assert sorted(seen) == sorted(law.by_id)  # every unit once, none twice
    # The whole-law page still has every anchor, but the rows of an annex's table (shown as the table).
    missing = set(law.by_id) - whole
    assert all(law.by_id[m].parent.kind == "anexo" and law.by_id[m].parent.table for m in missing), missing


def test_sao_paulo_chapters_inside_the_regulation_are_parts_with_their_whole_law_ids(client):
    parts = law_parts(load_law("sp-decreto-29912-1989"))
    # The decree's own two articles, then the Regulamento's chapters (its division is parte-3).
    assert [p.anchor for p in parts[:3]] == ["decreto/art-1", "parte-3-1", "parte-3-2"]
    assert parts[2].label.startswith("Capítulo II")
    html = client.get("/leis/sp-decreto-29912-1989/parte/3").get_data(as_text=True)
    assert 'id="parte-3-2"' in html and 'id="parte-3-1"' not in html


def test_the_whole_law_table_of_contents_opens_chapter_pages_and_articles_stay_anchors(client):
    html = client.get("/leis/ac-lei-2731-2013").get_data(as_text=True)
    assert '<a class="toc-division" href="/leis/ac-lei-2731-2013/parte/9">Capítulo IX — Das Infrações e Penalidades</a>' in html
    assert '<li class="toc-article"><a href="#art-5">' in html
    assert 'id="art-5"' in html  # /leis/ac-lei-2731-2013#art-5 from a citation still resolves


def test_a_chapter_page_is_a_small_part_of_the_law_with_neighbours_and_the_way_back(client):
    whole = client.get("/leis/ac-lei-2731-2013").get_data()
    response = client.get("/leis/ac-lei-2731-2013/parte/9")
    html = response.get_data(as_text=True)
    assert len(response.get_data()) * 3 < len(whole)
    assert "Parte 9 de 14" in html
    assert 'href="/leis/ac-lei-2731-2013/parte/8" rel="prev"' in html
    assert 'href="/leis/ac-lei-2731-2013/parte/10" rel="next"' in html
    assert 'href="/leis/ac-lei-2731-2013">A lei inteira numa página</a>' in html
    assert '<summary id="sumario">' in html and 'href="#sumario">Voltar ao sumário' in html
    assert 'aria-current="page">Capítulo IX — Das Infrações e Penalidades</a>' in html
    first = client.get("/leis/ac-lei-2731-2013/parte/1").get_data(as_text=True)
    assert 'rel="prev"' not in first
    last = client.get("/leis/ac-lei-2731-2013/parte/14").get_data(as_text=True)
    assert 'rel="next"' not in last


def test_a_chapter_page_is_cached_with_validators_and_translated(client):
    response = client.get("/leis/ac-lei-2731-2013/parte/2")
    assert response.headers["Cache-Control"] == "public, max-age=300" and response.headers["ETag"]
    again = client.get("/leis/ac-lei-2731-2013/parte/2", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    english = client.get("/leis/ac-lei-2731-2013/parte/2", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Part 2 of 14" in english


def test_out_of_range_part_unknown_law_and_bad_date(client):
    missing = client.get("/leis/ac-lei-2731-2013/parte/15")
    assert missing.status_code == 404
    assert "Esta lei tem 14 partes; não há a parte 15." in missing.get_data(as_text=True)
    assert client.get("/leis/nao-existe/parte/1").status_code == 404
    assert client.get("/leis/ac-lei-2731-2013/parte/1?data=ontem").status_code == 400


def test_a_chapter_on_a_date_keeps_the_date_and_before_the_law_goes_to_the_law_page(client):
    html = client.get("/leis/pe-lei-16205-2017/parte/4?data=2019-01-01").get_data(as_text=True)
    assert 'href="/leis/pe-lei-16205-2017/parte/5?data=2019-01-01" rel="next"' in html
    before = client.get("/leis/pe-lei-16205-2017/parte/4?data=2010-01-01")
    assert before.status_code == 302
    assert before.headers["Location"].endswith("/leis/pe-lei-16205-2017?data=2010-01-01")


def test_the_unit_page_links_to_its_chapter_and_to_the_whole_law(client):
    html = client.get("/leis/pe-lei-16205-2017/art-28/inc-4").get_data(as_text=True)
    assert '<a href="/leis/pe-lei-16205-2017/parte/4#art-28/inc-4">Ler em: Capítulo IV — Das infrações e da defesa</a>' in html
    assert '<a href="/leis/pe-lei-16205-2017#art-28/inc-4">Ver no texto completo da lei</a>' in html
