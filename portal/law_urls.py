"""Links from citations into the law reader, shared by pages, API and wizards.

A citation is data in ``knowledge`` (law id + unit id, and the date of the facts when
a rule gave one); only the web layer knows URLs, so every place that shows a citation
goes through :func:`citation_dict`.  A citation dated to a day when the unit had another
wording links to that wording (``?data=AAAA-MM-DD``); one dated to the current wording
links to the plain page.  While the reader shows a law on a date (``g.law_date``), the
links it prints keep that date.
"""

from __future__ import annotations

from datetime import date

from flask import Flask, g, url_for

from knowledge.corpus import UnknownUnit, resolve
from knowledge.history import LawNotInForce, law_on, wording_at


def _reader_date(when: date | None) -> dict:
    when = when or g.get("law_date")
    return {"data": when.isoformat()} if when else {}


def unit_url(law_id: str, unit_id: str, *, external: bool = False, when: date | None = None) -> str:
    return url_for("pages.unit", law_id=law_id, unit_id=unit_id, _external=external, **_reader_date(when))


def anchor_url(law_id: str, unit_id: str, *, when: date | None = None) -> str:
    """The unit inside the full text of its law."""
    return url_for("pages.law", law_id=law_id, **_reader_date(when)) + "#" + unit_id


def citation_dict(law_id: str, unit_id: str, when: date | None = None) -> dict:
    """{"law", "article", "unit", "label", "url"[, "data"]} for a unit; raises UnknownUnit.

    With ``when`` (the date of the facts) and a unit whose wording that day is not today's,
    the label and the link are those of that day's wording, and "data" says which day.
    """
    if when is not None:
        version = wording_at(law_id, unit_id, when)
        if version is not None and not version.current:
            try:
                dated = law_on(law_id, when).law.by_id[unit_id]
            except (LawNotInForce, KeyError):  # pragma: no cover - a version implies both
                raise UnknownUnit(f"dispositivo inexistente: {law_id} {unit_id}") from None
            return {
                "law": law_id,
                "article": dated.article_number,
                "unit": unit_id,
                "label": version.citation,
                "url": unit_url(law_id, unit_id, when=when),
                "data": when.isoformat(),
            }
    law, unit = resolve(law_id, unit_id)
    return {
        "law": law_id,
        "article": unit.article_number,
        "unit": unit_id,
        "label": law.citation(unit),
        "url": url_for("pages.unit", law_id=law_id, unit_id=unit_id),
    }


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(unit_url=unit_url, anchor_url=anchor_url, citation_dict=citation_dict)


__all__ = ["UnknownUnit", "anchor_url", "citation_dict", "unit_url"]
