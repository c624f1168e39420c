"""What reaches the logs about a request's path: one line, no plate, no protocol.

- The path arrives percent-decoded, so ``/%0d%0aforged`` held a real CR/LF (and
  ``%00`` a NUL) and wrote a second, forged line into the access log.  Control
  characters, and anything not printable, are written as ``\\xNN`` / ``\\uNNNN``.
- A plate identifies a vehicle and, with the time, often a person; a protocol is the
  key to a complaint.  Both are replaced by a placeholder (``<placa>``,
  ``<protocolo>``) wherever they appear in the path: the route's parameter and any
  plate- or protocol-shaped word (a mistyped URL is logged too).

``AccessLogger`` is gunicorn's logger with these rules applied to every request
atom (gunicorn.conf.py uses it); the Flask error logs use ``safe_path``.
"""

from __future__ import annotations

import re

from gunicorn.glogging import Logger

# Routes whose next segment is a plate or a protocol.
_PLATE_ROUTE = re.compile(r"^(/api/v1/veiculos/|/veiculos?/|/consulta/|/v/)[^/]+", re.IGNORECASE)
_PROTOCOL_ROUTE = re.compile(r"^(/denuncia/|/api/v1/denuncias/)[^/]+", re.IGNORECASE)
_PROTOCOL = re.compile(r"EL-?\d{4}-?[0-9A-Z]{4}-?[0-9A-Z]{4}-?[0-9A-Z]{4}", re.IGNORECASE)
_PLATE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{3}[\s\-.]?[0-9][A-Za-z0-9][0-9]{2}(?![A-Za-z0-9])")


def escape(text: str) -> str:
    """Every character a terminal or a log parser could take as structure, escaped: the
    double quote too, which delimits gunicorn's fields (a path with ``"`` forged fields,
    issue #34)."""
    if text.isprintable() and "\\" not in text and '"' not in text and "\u2028" not in text and "\u2029" not in text:
        return text  # nothing to escape (almost every atom): no loop over its characters
    return _escape_each(text)


def _escape_each(text: str) -> str:
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append("\\x22")
        elif ch.isprintable() and ch not in "\u2028\u2029":
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(f"\\u{ord(ch):04x}")
    return "".join(out)


def safe_path(path: str | None) -> str:
    path = path or ""
    if _PROTOCOL_ROUTE.match(path):
        path = _PROTOCOL_ROUTE.sub(r"\1<protocolo>", path, count=1)
    elif _PLATE_ROUTE.match(path):
        path = _PLATE_ROUTE.sub(r"\1<placa>", path, count=1)
    path = _PROTOCOL.sub("<protocolo>", path)
    path = _PLATE.sub("<placa>", path)
    return escape(path)


class AccessLogger(Logger):
    """gunicorn's logger: the path without plates or protocols, every atom on one line."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        # The request line, the query string and the referer carry query strings: left out.
        for key in ("r", "q", "f"):
            atoms[key] = "-"
        for key, value in list(atoms.items()):
            if isinstance(value, str):
                atoms[key] = escape(value)
        atoms["U"] = safe_path(environ.get("PATH_INFO"))
        return atoms
