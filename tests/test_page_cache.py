"""Pages that are the same for everyone: rendered once per language (and date, for
pages that show it), served with ETag / Last-Modified / Cache-Control, and a 304
for a conditional request that names the current version (issue #12)."""

from __future__ import annotations

import gzip

import pytest
from werkzeug.http import http_date

LAW = "/leis/ac-lei-2731-2013"


def cache(app):
    return app.extensions["page_cache"]


@pytest.mark.parametrize("path", ["/", "/leis", LAW, "/leis/pe-lei-16205-2017/art-34", "/assistentes/", "/assistentes/carro_turismo"])
def test_static_pages_carry_validators(client, path):
    response = client.get(path)
    assert response.status_code == 200
    etag, weak = response.get_etag()
    assert etag and not weak
    assert response.last_modified is not None
    assert response.headers["Cache-Control"] == "public, max-age=300"
    assert {"Accept-Language", "Cookie", "Accept-Encoding"} <= {v.strip() for v in response.headers["Vary"].split(",")}


def test_page_is_rendered_once_and_answered_from_the_cache(app, client):
    first = client.get(LAW)
    second = client.get(LAW)
    assert (cache(app).misses, cache(app).hits) == (1, 1)
    assert first.get_data() == second.get_data()
    assert first.headers["ETag"] == second.headers["ETag"]


def test_if_none_match_gets_304_without_body(client):
    etag = client.get(LAW).headers["ETag"]
    response = client.get(LAW, headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert response.get_data() == b""
    assert response.headers["ETag"] == etag
    assert response.headers["Cache-Control"] == "public, max-age=300"


def test_if_modified_since_gets_304(client):
    last_modified = client.get("/").headers["Last-Modified"]
    assert client.get("/", headers={"If-Modified-Since": last_modified}).status_code == 304
    assert client.get("/", headers={"If-Modified-Since": http_date(0)}).status_code == 200


def test_an_old_etag_gets_the_page(client):
    response = client.get(LAW, headers={"If-None-Match": '"not-the-current-version"'})
    assert response.status_code == 200 and b"</html>" in response.get_data()


def test_each_language_is_its_own_version(app, client):
    pt = client.get(LAW, headers={"Accept-Language": "pt-BR"})
    en = client.get(LAW, headers={"Accept-Language": "en"})
    assert pt.headers["ETag"] != en.headers["ETag"]
    assert '<html lang="en">' in en.get_data(as_text=True)
    assert client.get(LAW, headers={"Accept-Language": "en", "If-None-Match": pt.headers["ETag"]}).status_code == 200
    assert cache(app).misses == 2


def test_query_string_and_date_parameter_are_part_of_the_key(app, client):
    client.get(LAW)
    client.get(LAW + "?data=2018-01-01")
    client.get(LAW + "?data=2018-01-01")
    assert (cache(app).misses, cache(app).hits, len(cache(app))) == (2, 1, 2)


def test_language_switch_sets_the_cookie_and_is_not_shared(client):
    response = client.get("/?lang=en")
    assert "lang=en" in response.headers["Set-Cookie"]
    assert response.headers["Cache-Control"] == "private, max-age=300"


def test_compressed_copy_has_its_own_etag_and_304(client):
    plain = client.get(LAW)
    response = client.get(LAW, headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.get_data()) == plain.get_data()
    assert response.headers["ETag"] == plain.headers["ETag"][:-1] + ':gzip"'
    again = client.get(LAW, headers={"Accept-Encoding": "gzip", "If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_errors_searches_and_wizard_steps_are_not_cached(app, client):
    assert client.get("/leis/ac-lei-2731-2013/art-999").status_code == 404
    assert client.get("/busca?q=multa").headers.get("ETag") is None
    step = client.get("/assistentes/carro_turismo?lugares=7")
    assert step.headers.get("ETag") is None
    assert len(cache(app)) == 0


def test_cache_is_bounded_in_bytes(app, client):
    cache(app).max_bytes = 60_000
    for unit in ("art-1", "art-2", "art-3", "art-4", "art-5", "art-6", "art-7", "art-8"):
        assert client.get(f"/leis/pe-lei-16205-2017/{unit}").status_code == 200
    assert cache(app)._bytes <= 60_000
    assert 0 < len(cache(app)) < 8


def test_the_boarding_checklist_built_once_is_kept_per_language(client):
    """portal/lookup.before_boarding keeps the list per place and language (issue #12)."""
    sentences = {
        "pt-BR": "No fretamento só se transportam passageiros sentados.",
        "en": "Charter services carry seated passengers only.",
        "es": "En el fletamento solo se transportan pasajeros sentados.",
    }
    for language in ["pt-BR", "en", "es", "pt-BR", "en"]:
        html = client.get("/consulta", headers={"Accept-Language": language}).get_data(as_text=True)
        assert sentences[language] in html, language
        assert all(other not in html for lang, other in sentences.items() if lang != language), language
        assert 'href="/leis/ac-lei-2731-2013/art-62/par-5"' in html
