"""Static files (CSS, scripts, icons) that a phone keeps for a year, without ever showing an old one.

Every ``url_for("static", filename=…)`` gets ``?v=`` and the first hex digits of the file's SHA-256.
A request whose ``v`` is the file's hash now is answered with ``Cache-Control: public,
max-age=31536000, immutable``: on the next page, and on the next visit, the browser asks for none of
them again — on a slow mobile connection each of those revalidations was a round trip before the page
could show (issue #31).  A changed file has another hash, hence another address, so nobody keeps the
old copy; an address with no ``v`` or an old one keeps Flask's ``no-cache`` (revalidated by ETag).

The hashes are computed once per worker: the files change only with a deploy, which restarts the workers.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Flask, request

IMMUTABLE = "public, max-age=31536000, immutable"


def init_app(app: Flask) -> None:
    folder = Path(app.static_folder).resolve()

    @lru_cache(maxsize=256)
    def version(filename: str) -> str | None:
        path = (folder / filename).resolve()
        if folder not in path.parents or not path.is_file():
            return None
        return hashlib.sha256(path.read_bytes()).hexdigest()[:12]

    app.extensions["static_version"] = version

    @app.url_defaults
    def add_version(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "v" not in values:
            found = version(values.get("filename", ""))
            if found:
                values["v"] = found

    @app.after_request
    def cache_versioned(response):
        if request.endpoint == "static" and response.status_code in (200, 304):
            wanted = request.args.get("v")
            if wanted and wanted == version((request.view_args or {}).get("filename", "")):
                response.headers["Cache-Control"] = IMMUTABLE
        return response
