"""Links from citations into the law reader, shared by pages, API and wizards.

A citation is data in ``knowledge`` (law id + unit id); only the web layer knows
URLs, so every place that shows a citation goes through :func:`citation_dict`.
"""

from __future__ import annotations

from flask import Flask, url_for

from knowledge.corpus import UnknownUnit, resolve


def unit_url(law_id: str, unit_id: str, *, external: bool = False) -> str:
    return url_for("pages.unit", law_id=law_id, unit_id=unit_id, _external=external)


def anchor_url(law_id: str, unit_id: str) -> str:
    """The unit inside the full text of its law."""
    return url_for("pages.law", law_id=law_id) + "#" + unit_id


def citation_dict(law_id: str, unit_id: str) -> dict:
    """{"law", "article", "unit", "label", "url"} for a unit; raises UnknownUnit."""
    law, unit = resolve(law_id, unit_id)
    return {
        "law": law_id,
        "article": unit.article_number,
        "unit": unit_id,
        "label": law.citation(unit),
        "url": unit_url(law_id, unit_id),
    }


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(unit_url=unit_url, anchor_url=anchor_url, citation_dict=citation_dict)


__all__ = ["UnknownUnit", "anchor_url", "citation_dict", "unit_url"]
