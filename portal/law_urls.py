"""Links from citations into the law reader, shared by pages, API and wizards.

A citation is data in ``knowledge`` (law id + unit id); only the web layer knows
URLs, so every place that shows a citation goes through :func:`citation_dict`.
"""

from __future__ import annotations

from flask import Flask, url_for

from knowledge.citations import Cite
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


def cite_dict(cite: Cite) -> dict:
    """A citation as JSON; a dated one links to the wording of that date (``?data=``).

    A unit of a previous wording that no longer exists (Pernambuco's old Anexo I,
    III, f) links to its nearest existing unit on that date, labelled as the
    previous wording."""
    if cite.on is None and not cite.previous:
        return citation_dict(cite.law, cite.unit)
    law, unit = cite.resolve()
    data = {
        "law": cite.law,
        "article": unit.article_number,
        "unit": cite.unit,
        "label": cite.label,
        "url": url_for("pages.unit", law_id=cite.law, unit_id=unit.id, data=cite.on.isoformat() if cite.on else None),
    }
    if cite.on is not None:
        data["data"] = cite.on.isoformat()
    if cite.previous:
        data["redacao_anterior"] = True
    return data


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(unit_url=unit_url, anchor_url=anchor_url, citation_dict=citation_dict, cite_dict=cite_dict)


__all__ = ["UnknownUnit", "anchor_url", "cite_dict", "citation_dict", "unit_url"]
