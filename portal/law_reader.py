"""The law read in parts: ``/leis/<lei>/parte/<n>``, one chapter per page (issue #12/#14).

The parts and their URLs come from :mod:`portal.law_urls` (``law_parts``); the whole law
stays at ``/leis/<lei>`` (portal/pages.py) with every anchor.
"""

from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, url_for
from flask_babel import gettext as _

from knowledge.corpus import load_law
from knowledge.history import LawNotInForce, law_on
from knowledge.laws import LAWS

from . import law_dates
from .errors import error_response
from .law_urls import law_parts
from .page_cache import cached_page

bp = Blueprint("law_reader", __name__)


@bp.get("/leis/<law_id>/parte/<int:number>")
@cached_page(daily=True)  # the wording in force depends on the date
def part(law_id: str, number: int):
    """One part of a law (a chapter, or the units outside chapters), today or with ``?data=``.

    The whole law stays at /leis/<lei> with every anchor; this page shows one part with the
    same anchors, the list of parts and links to the previous and next ones."""
    refused = None
    try:
        when = law_dates.law_page_date(law_id)
    except law_dates.BadDate as exc:  # today's text, the field keeping what was typed (400)
        when, refused = None, exc
    dated = None
    if when is None:
        law = load_law(law_id)
    else:
        try:
            dated = law_on(law_id, when)
        except LawNotInForce:
            # The whole-law page says the law was not in force yet, and since when.
            return redirect(url_for("pages.law", law_id=law_id, data=when.isoformat()))
        law = dated.law
        g.law_date = when
    parts = law_parts(law)
    if not 1 <= number <= len(parts):
        return error_response(404, _("Esta lei tem %(total)d partes; não há a parte %(number)d.", total=len(parts), number=number))
    body = render_template("law_part.html", law=law, part=parts[number - 1], parts=parts, on=when, dated=dated, refused=refused)
    return body, 400 if refused else 200
