"""The search parameters of the current request, for the search page and GET /api/v1/search."""

from __future__ import annotations

from flask import abort, request

from . import search_params
from .errors import error_response


def requested_search(*, require_query: bool) -> search_params.SearchParams:
    """``?q=…&law=…`` parsed, or the request ends here with a 400 naming the field.

    The 400 is a page in the reader's language, or JSON under /api (``errors.error_response``).
    """
    try:
        return search_params.parse(request.args, require_query=require_query)
    except search_params.BadSearch as exc:
        abort(error_response(400, exc.message, field=exc.field)[0])
