"""HTML pages: home, search, law reader.  Every page works without JavaScript;
with htmx, search results update as the person types."""

from __future__ import annotations

from flask import Blueprint, abort, g, render_template, request
from flask_babel import get_locale, gettext as _

from knowledge.corpus import UnknownUnit, load_law, resolve
from knowledge.history import LawNotInForce, law_on, versions, wording_at
from knowledge.laws import JURISDICTIONS, LAWS
from search_index.analysis import words
from search_index.spelling import mostly_not_portuguese, reads_as_english

from . import law_dates
from .errors import error_response
from .page_cache import cached_page
from .search import index_watch, service
from .search_request import requested_search
from .security import SEARCH_LIMIT, limiter

bp = Blueprint("pages", __name__)


def _is_htmx() -> bool:
    return bool(request.headers.get("HX-Request"))


@bp.get("/")
@cached_page
def home():
    return render_template("home.html", laws=list(LAWS.values()))


def _not_portuguese(query_words: list[str]) -> bool:
    """Does the page say the search reads Portuguese?  For a query that reads as English, and, with the
    interface in another language than Portuguese, for one most of whose words the statutes never use."""
    if reads_as_english(query_words):
        return True
    return not str(get_locale() or "pt").startswith("pt") and mostly_not_portuguese(query_words)


@bp.get("/busca")
@limiter.limit(SEARCH_LIMIT)
@index_watch  # a question's answer depends only on the URL, the language and the index:
@cached_page  # kept until the index is rebuilt (portal/search.py)
def search():
    params = requested_search(require_query=False)
    response = service().search(params.q, **params.as_filters()) if params.q else None
    context = dict(params=params, response=response, laws=list(LAWS.values()), jurisdictions=JURISDICTIONS,
                   english=bool(params.q) and _not_portuguese(words(params.q)),
                   # a spelling of Portuguese words is no answer to an English question ("how longo is the crc válido")
                   spell=not (params.q and reads_as_english(words(params.q))))
    if _is_htmx() and request.headers.get("HX-Target") == "resultados":
        return render_template("_search_results.html", oob_lang=True, **context)
    return render_template("search.html", **context)


@bp.get("/leis")
@cached_page
def laws():
    return render_template("laws.html", laws=[load_law(law_id) for law_id in LAWS])


@bp.get("/leis/<law_id>")
@cached_page(daily=True)  # the wording in force depends on the date
def law(law_id: str):
    """The law in force today, or with ``?data=`` as it stood that day.

    Before the law took effect the page still answers (200) with a banner saying the law
    was not in force yet and from when it was, and no text: a reader checking a date
    learns the answer ("this law did not apply") instead of meeting an error.
    """
    try:
        when = law_dates.law_page_date(law_id)
    except law_dates.BadDate as refused:  # today's text, the field keeping what was typed
        return render_template("law.html", law=load_law(law_id), on=None, dated=None, refused=refused), 400
    if when is None:
        return render_template("law.html", law=load_law(law_id), on=None, dated=None)
    try:
        dated = law_on(law_id, when)
    except LawNotInForce:
        return render_template("law.html", law=load_law(law_id), on=when, dated=None, first_day=LAWS[law_id].in_force_since)
    g.law_date = when
    return render_template("law.html", law=dated.law, on=when, dated=dated)


@bp.get("/leis/<law_id>/<path:unit_id>")
@cached_page(daily=True)
def unit(law_id: str, unit_id: str):
    """A unit today, or with ``?data=`` in the wording in force that day, with its timeline.

    A unit that did not exist on that day (added later, removed earlier, or the law not
    yet in force) is a 404 whose page says so and lists the days it did exist.  A date that
    cannot be read is a 400 with the unit as it stands today and the field saying why.
    """
    unit_id = unit_id.strip("/")
    refused = None
    try:
        when = law_dates.page_date()
    except law_dates.BadDate as exc:
        when, refused = None, exc
    timeline = versions(law_id, unit_id) if law_id in LAWS else []
    if when is None:
        try:
            law, found = resolve(law_id, unit_id)
        except UnknownUnit:
            if timeline:
                return _unit_missing(law_id, unit_id, None, timeline, refused)
            return error_response(404, _("Dispositivo não encontrado nesta lei: %(unit)s.", unit=unit_id))
        body = render_template("unit.html", law=law, unit=found, on=None, version=timeline[-1] if timeline else None, timeline=timeline, refused=refused)
        return body, 400 if refused else 200
    version = wording_at(law_id, unit_id, when)
    if version is None:
        if not timeline:
            return error_response(404, _("Dispositivo não encontrado nesta lei: %(unit)s.", unit=unit_id))
        return _unit_missing(law_id, unit_id, when, timeline)
    dated = law_on(law_id, when)
    g.law_date = when
    return render_template("unit.html", law=dated.law, unit=dated.law.by_id[unit_id], on=when, version=version, timeline=timeline)


def _unit_missing(law_id: str, unit_id: str, when, timeline, refused=None):
    info = LAWS[law_id]
    body = render_template(
        "unit_missing.html", info=info, unit_id=unit_id, on=when, timeline=timeline,
        label=timeline[-1].citation, law_not_in_force=when is not None and when < info.in_force_since, refused=refused,
    )
    return body, 400 if refused else 404
