"""HTML pages: home, search, law reader.  Every page works without JavaScript;
with htmx, search results update as the person types."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _

from knowledge.corpus import UnknownUnit, load_law, resolve
from knowledge.laws import JURISDICTIONS, LAWS

from . import search_params
from .errors import error_response
from .page_cache import cached_page
from .search import service
from .security import SEARCH_LIMIT, limiter

bp = Blueprint("pages", __name__)


def _is_htmx() -> bool:
    return bool(request.headers.get("HX-Request"))


@bp.get("/")
@cached_page
def home():
    return render_template("home.html", laws=list(LAWS.values()))


@bp.get("/busca")
@limiter.limit(SEARCH_LIMIT)
def search():
    try:
        params = search_params.parse(request.args, require_query=False)
    except search_params.BadSearch as exc:
        return error_response(400, exc.message)
    response = service().search(params.q, **params.as_filters()) if params.q else None
    context = dict(params=params, response=response, laws=list(LAWS.values()), jurisdictions=JURISDICTIONS)
    if _is_htmx() and request.headers.get("HX-Target") == "resultados":
        return render_template("_search_results.html", **context)
    return render_template("search.html", **context)


@bp.get("/leis")
@cached_page
def laws():
    return render_template("laws.html", laws=[load_law(law_id) for law_id in LAWS])


@bp.get("/leis/<law_id>")
@cached_page(daily=True)  # the wording in force depends on the date
def law(law_id: str):
    if law_id not in LAWS:
        abort(404)
    return render_template("law.html", law=load_law(law_id))


@bp.get("/leis/<law_id>/<path:unit_id>")
@cached_page(daily=True)
def unit(law_id: str, unit_id: str):
    try:
        law, found = resolve(law_id, unit_id.strip("/"))
    except UnknownUnit:
        return error_response(404, _("Dispositivo não encontrado nesta lei: %(unit)s.", unit=unit_id))
    return render_template("unit.html", law=law, unit=found)
