"""Templates' ``url_for``, remembered for the addresses that never change between requests.

A page calls ``url_for`` some twenty times for the same addresses: the menu's endpoints, which take
no argument, and the stylesheet, scripts and icon (``static`` with a ``filename``, versioned by
``static_files``).  Each call builds the URL anew through werkzeug's routing map (the adapter, the
rule, the ``url_defaults`` hooks): about a tenth of a search page's rendering (issue #32).  Those
addresses depend only on the endpoint, the file and where the portal is mounted (``SCRIPT_NAME``),
so they are kept per (mount point, endpoint, file); everything else — a relative endpoint
(``.step``), any other argument, ``_external``, a call outside a request — goes to Flask's own
``url_for`` unchanged.  The static files' versions are computed once per worker already (a deploy
restarts the workers), so keeping their URLs is as safe as keeping the versions.
"""

from __future__ import annotations

from flask import Flask
from flask.globals import _cv_request

KEPT_MAX = 4096  # a bound, not a tuning: the portal has a few dozen such addresses per mount point


def init_app(app: Flask) -> None:
    build = app.url_for
    kept: dict[tuple, str] = {}

    def url_for(endpoint: str, **values) -> str:
        ctx = _cv_request.get(None)
        if ctx is None or (values and (endpoint != "static" or len(values) != 1 or "filename" not in values)) \
                or endpoint.startswith("."):
            return build(endpoint, **values)
        key = (ctx.request.script_root, endpoint, values.get("filename"))
        url = kept.get(key)
        if url is None:
            url = build(endpoint, **values)
            if len(kept) >= KEPT_MAX:
                kept.clear()
            kept[key] = url
        return url

    app.jinja_env.globals["url_for"] = url_for
