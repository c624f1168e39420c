"""The four laws side by side: the /comparar page (its JSON twin, GET /api/v1/comparar, is in ``api``).

The table and its date come from ``comparison_service``.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request

from .comparison_service import BadDate, comparison_json, parse_date, today
from .page_cache import cached_page

bp = Blueprint("comparison", __name__)


@bp.get("/comparar")
@cached_page(daily=True)  # the same for everyone on a day: the table is built from the statutes and the dated values only
def page():
    try:
        when = parse_date(request.args.get("data"))
    except BadDate as exc:
        return render_template("comparar.html", data=None, error=str(exc), raw=request.args.get("data", ""), today=today()), 400
    return render_template("comparar.html", data=comparison_json(when), error=None, raw=when.isoformat(), today=today(), is_today=when == today())
