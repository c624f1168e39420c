"""Each law links its official publication (issue #14): its own page on the publisher's
official site, documented in knowledge/statutes/fontes.yaml, never a search page."""

from __future__ import annotations

import html
import re
from datetime import date
from urllib.parse import parse_qs, urlsplit

from knowledge.laws import LAWS
from knowledge.statute_sources import official_sources

SEARCH_WORDS = re.compile(r"busca|pesquisa|search|consulta|resultado", re.IGNORECASE)
SEARCH_PARAMS = {"q", "query", "termo", "texto", "busca", "pesquisa", "palavra", "palavras"}


def test_every_law_has_exactly_one_documented_source():
    sources = official_sources()
    assert sorted(sources) == sorted(LAWS)
    for law_id, source in sources.items():
        assert source.what and source.basis, law_id
        assert source.checked_on == date(2026, 11, 30), law_id


def test_every_source_is_on_the_publishers_official_site_and_not_a_search():
    for law_id, source in official_sources().items():
        parts = urlsplit(source.url)
        assert parts.scheme in ("http", "https") and (parts.hostname.endswith(".gov.br") or parts.hostname.endswith(".leg.br")), source.url
        assert not SEARCH_WORDS.search(parts.path), source.url
        assert not SEARCH_PARAMS & set(parse_qs(parts.query, keep_blank_values=True)), source.url


def test_an_address_found_is_the_laws_own_page():
    """Its number is in the address; the laws whose page was found, and how far each was
    checked, are stated exactly (change this when someone confirms an address)."""
    sources = official_sources()
    for law_id, source in sources.items():
        if source.found:
            assert LAWS[law_id].number.replace(".", "") in source.url, source.url
            assert urlsplit(source.url).path not in ("", "/"), source.url
    assert {law_id: source.verification for law_id, source in sources.items()} == {
        "pe-lei-16205-2017": "padrao_do_site",
        "sp-decreto-29912-1989": "padrao_do_site",
        "ac-lei-2731-2013": "nao_encontrada",
        "recife-lei-16856-2003": "padrao_do_site",
    }


def test_the_law_page_links_it_and_says_when_it_is_unconfirmed(client):
    pe = html.unescape(client.get("/leis/pe-lei-16205-2017").get_data(as_text=True))
    assert ('<a href="https://legis.alepe.pe.gov.br/texto.aspx?tiponorma=1&numero=16205&complemento=0&ano=2017&tipo=&url=" rel="noopener">'
            "Lei 16.205/2017 no portal de legislação estadual da Alepe (Assembleia Legislativa de Pernambuco)</a>") in pe
    assert "Endereço ainda não conferido (30/11/2026): se não abrir a lei, procure por “Lei 16.205, de 24/11/2017 (texto atualizado)”" in pe
    ac = html.unescape(client.get("/leis/ac-lei-2731-2013").get_data(as_text=True))
    assert '<a href="https://www.legis.ac.gov.br/" rel="noopener">' in ac
    assert "O endereço da própria lei não foi encontrado (30/11/2026): procure por “Lei 2.731, de 23/08/2013” neste site." in ac
