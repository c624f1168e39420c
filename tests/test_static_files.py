"""Static files under versioned addresses (portal/static_files.py, issue #31): a page links each CSS,
script and icon with ``?v=`` and the file's hash; that address is kept a year by the browser, and
any other (no ``v``, an old one) is revalidated as before."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "portal" / "static"


def linked(html: str) -> dict[str, str]:
    return dict(re.findall(r'"/static/([^"?]+)\?v=([0-9a-f]+)"', html))


def test_pages_link_static_files_by_their_hash(client):
    files = linked(client.get("/").get_data(as_text=True)) | linked(client.get("/busca?q=multa").get_data(as_text=True))
    assert {"portal.css", "portal.js", "favicon.png", "vendor/htmx.min.js"} <= set(files)
    for name, version in files.items():
        assert version == hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12], name


def test_a_versioned_address_is_kept_a_year_and_still_compressed(client):
    css = linked(client.get("/").get_data(as_text=True))["portal.css"]
    response = client.get(f"/static/portal.css?v={css}", headers={"Accept-Encoding": "br, gzip"})
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["Content-Encoding"] in ("br", "gzip")


def test_other_addresses_are_revalidated(client):
    for url in ("/static/portal.css", "/static/portal.css?v=000000000000"):
        response = client.get(url)
        assert response.status_code == 200 and response.headers["Cache-Control"] == "no-cache", url
        assert response.headers.get("ETag")
    assert client.get("/static/../settings.py").status_code == 404
    assert client.get("/static/nao-existe.css?v=000000000000").status_code == 404
