"""Errors people can understand: a page in their language, or JSON for the API.

No stack trace ever reaches a user; unexpected errors are logged (without
request bodies, which may hold personal data) and answered with a plain 500.
"""

from __future__ import annotations

import logging
import sqlite3

from flask import Flask, jsonify, make_response, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from .access_log import safe_path
from .search import SearchUnavailable

log = logging.getLogger("portal")


def wants_json() -> bool:
    return request.path.startswith("/api/")


def _messages() -> dict[int, str]:
    return {
        400: _("O pedido não pôde ser entendido. Confira os dados e tente de novo."),
        404: _("Não encontramos esta página. Ela pode ter mudado de endereço."),
        405: _("Este endereço não aceita este tipo de pedido."),
        413: _("O envio é grande demais."),
        429: _("Muitos pedidos em pouco tempo. Aguarde um instante e tente de novo."),
        500: _("Algo deu errado do nosso lado. Nada do que você enviou foi perdido sem aviso; tente de novo em instantes."),
        503: _("O serviço está temporariamente indisponível."),
    }


def error_response(status: int, message: str | None = None, **extra):
    message = message or _messages().get(status, _messages()[500])
    if wants_json():
        return make_response(jsonify({"error": message, **extra}), status), status
    if request.headers.get("HX-Request") and request.headers.get("HX-Target") and not request.headers.get("HX-History-Restore-Request"):
        # htmx swaps the answer into one part of the page: the error comes back as that part.
        return make_response(render_template("_error_partial.html", status=status, message=message), status), status
    return make_response(render_template("error.html", status=status, message=message), status), status


def http_error(exc: HTTPException):
    """The error page (or JSON) of an HTTP error, in the user's language; also what a blueprint's own
    handler falls back to for the routes it does not treat itself."""
    description = getattr(exc, "user_message", None)
    response, status = error_response(exc.code or 500, description)
    # Keep the headers HTTP requires with these errors (Allow on 405, Retry-After on 429 …).
    for name, value in exc.get_response().headers.items():
        if name.lower() in ("allow", "retry-after", "www-authenticate") or name.lower().startswith("x-ratelimit"):
            response.headers[name] = value
    return response, status


def init_app(app: Flask) -> None:
    app.errorhandler(HTTPException)(http_error)

    @app.errorhandler(SearchUnavailable)
    def search_unavailable(exc: SearchUnavailable):
        log.error("search unavailable: %s", exc)
        return error_response(
            503,
            _("A busca está indisponível: o índice das leis não foi construído ou está danificado. "
              "Quem administra o portal deve executar: flask --app app index build"),
        )

    def database_unavailable(exc: Exception):
        # Locked for longer than the busy timeout, read-only disk, disk full …;
        # or the shared PostgreSQL unreachable (restarting, network) or out of connections.
        log.error("database unavailable on %s %s: %s", request.method, safe_path(request.path), exc)
        response = error_response(
            503,
            _("O banco de dados está temporariamente indisponível. Nada foi registrado: tente de novo em alguns instantes."),
        )
        response[0].headers["Retry-After"] = "30"
        return response

    app.register_error_handler(sqlite3.OperationalError, database_unavailable)
    if app.config.get("DATABASE_URL"):
        # psycopg is imported only by portals with a shared PostgreSQL (~13 MB per worker).
        import psycopg
        import psycopg_pool

        app.register_error_handler(psycopg.OperationalError, database_unavailable)
        app.register_error_handler(psycopg_pool.PoolTimeout, database_unavailable)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("unexpected error on %s %s", request.method, safe_path(request.path))
        return error_response(500)
