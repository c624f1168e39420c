"""The four laws side by side: the /comparar page (its JSON twin, GET /api/v1/comparar, is in ``api``).

The table and its date come from ``comparison_service``.  The date field reads a date as the law
reader's does (DD/MM/AAAA or AAAA-MM-DD), and the page redirects any other spelling of a day to its
ISO address, so each day has one address (and one cached page).  A date that cannot be read keeps
the page, the field and what was typed (400); a date still to come shows today's table and says so.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, redirect, render_template, request

from .comparison_service import BadDate, comparison_json, page_date, table_date, today
from .page_cache import cached_page

bp = Blueprint("comparison", __name__)


@bp.get("/comparar")
@cached_page(daily=True)  # the same for everyone on a day: the table is built from the statutes and the dated values only
def page():
    raw = request.args.get("data", "")
    try:
        asked = page_date(raw)
    except BadDate as exc:
        return render_template("comparar.html", data=None, error=str(exc), raw=raw[:40], today=today()), 400
    if asked is not None and raw != asked.isoformat():
        args = request.args.to_dict()
        args["data"] = asked.isoformat()
        return redirect(request.path + "?" + urlencode(args), code=302)
    when = table_date(asked)
    return render_template(
        "comparar.html", data=comparison_json(when), error=None, raw=asked.strftime("%d/%m/%Y") if asked else "",
        today=today(), is_today=when == today(), not_yet=asked if asked and asked > when else None,
    )
