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

The plate pages' links with a plate in them (``FILLED``) change with every plate: for those the URL
is built once per mount point and shape of the arguments with stand-ins, and each call puts its
values — plain letters, digits, ``-`` and ``_``, which no encoding changes — where the stand-ins were
(issue #32: two such links were a twentieth of a first plate lookup's page).
"""

from __future__ import annotations

import re

from flask import Flask
from flask.globals import _cv_request

KEPT_MAX = 4096  # a bound, not a tuning: the portal has a few dozen such addresses per mount point


# The plate pages' own links (a vehicle's page, the complaint form filled in with the plate, a meant
# plate): built once per mount point and shape of their arguments with stand-ins, and each address
# is that text with the values put in (``_filled``).  Only for these endpoints, whose URLs depend on
# nothing but the mount point and the arguments (no ``url_defaults`` hook of theirs reads the request).
FILLED = frozenset({"vehicles.page", "passenger.denuncia_form", "passenger.consulta"})
_PLAIN = re.compile(r"[A-Za-z0-9_-]+\Z")  # characters no URL encoding changes (RFC 3986 unreserved)


def init_app(app: Flask) -> None:
    build = app.url_for
    kept: dict[tuple, str] = {}
    shapes: dict[tuple, tuple] = {}

    def filled(ctx, endpoint: str, values: dict) -> str | None:
        """``build(endpoint, **values)`` from the text kept for this shape of arguments (names in
        order; each None, a plain string or a list of plain strings), or None for anything else."""
        shape, given = [], []
        for name, value in values.items():
            if name[:1] == "_":
                return None
            if value is None:
                shape.append((name, None))
            elif value.__class__ is str:
                if not _PLAIN.match(value):
                    return None
                shape.append((name, -1))
                given.append(value)
            elif value.__class__ in (list, tuple) and all(v.__class__ is str and _PLAIN.match(v) for v in value):
                shape.append((name, len(value), value.__class__))
                given.extend(value)
            else:
                return None
        key = (ctx.request.script_root, endpoint, tuple(shape))
        parts = shapes.get(key)
        if parts is None:
            if len(shapes) >= KEPT_MAX:
                shapes.clear()
            parts = shapes[key] = _stand_in_parts(build, endpoint, tuple(shape))
        if not parts:
            return None
        return "".join([given[part] if part.__class__ is int else part for part in parts])

    def url_for(endpoint: str, **values) -> str:
        ctx = _cv_request.get(None)
        if ctx is not None and values and endpoint in FILLED:
            url = filled(ctx, endpoint, values)
            if url is not None:
                return url
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


def _stand_in_parts(build, endpoint: str, shape: tuple) -> tuple:
    """The URL of ``endpoint`` for arguments of this shape, split at stand-ins of its values: text,
    and each value's index in between; () when the URL is not the same text around them (checked by
    building it again with other stand-ins), or it cannot be built (the real call then says why)."""
    def arguments(mark: str) -> dict:
        n = iter(range(1000))
        out = {}
        for name, kind, *container in shape:
            if kind is None:
                out[name] = None
            elif kind == -1:
                out[name] = f"zq{next(n)}x{mark}slot"
            else:
                out[name] = container[0](f"zq{next(n)}x{mark}slot" for _ in range(kind))
        return out

    try:
        first, second = build(endpoint, **arguments("A")), build(endpoint, **arguments("B"))
    except Exception:
        return ()
    pieces = re.split(r"zq(\d+)xAslot", first)
    parts = tuple(int(piece) if i % 2 else piece for i, piece in enumerate(pieces))
    slots = [part for part in parts if part.__class__ is int]
    again = "".join([f"zq{part}xBslot" if part.__class__ is int else part for part in parts])
    if again != second or sorted(slots) != list(range(len(slots))):
        return ()
    return parts
