""""Verificar minha frota" (/frota) and its calendar file: the pages of knowledge/fleet.

Nothing is stored.  The form is sent by POST (plates stay out of URLs and access logs); the
result carries a shareable GET link with the same question and the list without plates,
which renders the same verdicts; the same parameters serve the .ics calendar and the JSON
API (``portal/api.py``).  Bad input is a 400 with the form again and each refused line
named, in the reader's language.  Works without JavaScript: plain forms and links.  The
work is in ``fleet_service``.
"""

from __future__ import annotations

from datetime import date

from flask import Blueprint, Response, render_template, request, url_for

from knowledge import clock
from knowledge.fleet import TEMPLATE, modalities
from knowledge.fleet.vehicles import KIND_LABELS
from knowledge.places import PLACES

from .fleet_service import DATE_FIELDS, Request, base_url, calendar_body, messages, modality_name, notes, read, related_wizards, run, wizard_url
from .security import LOOKUP_LIMIT, limiter

bp = Blueprint("fleet", __name__)


def _choices(first: str):
    """Each place's modalities, the chosen place's group first.  All groups stay in the one <select>: without
    JavaScript a reader who changes the place can still pick its modality and send the form once (the check
    refuses a modality the place's law does not have, naming the field), instead of a round trip to reload
    the list for the new place."""
    today = clock.today("pe")
    order = sorted(PLACES, key=lambda place: place != first)  # stable: the others keep their order
    return {place: [(m, modality_name(m)) for m in modalities(place, today)] for place in order}


def _page(q: Request, result, status: int = 200):
    report, items, vehicles = result if result else (None, [], [])
    context = dict(
        q=q, report=report, deadlines=items, places=PLACES, choices=_choices(q.lugar), kind_labels=KIND_LABELS,
        modality_name=modality_name, share=(url_for("fleet.page") + "?" + q.share_query(vehicles)) if report else None,
        share_query=q.share_query(vehicles) if report else "", wizard_url=wizard_url, related=related_wizards(q) if report else [],
        date_fields=DATE_FIELDS, has_plates=any(v.placa for v in vehicles), messages=messages(q), notes=notes(q), base_url=base_url(),
    )
    return render_template("frota.html", **context), status


@bp.get("/frota")
def page():
    if "frota" not in request.args and "lugar" not in request.args:
        return _page(Request(errors=[]), None)
    q = read(request.args)
    if "frota" not in request.args:  # a link from a wizard: the form, pre-filled
        return _page(q, None)
    result = run(q, plates=False, partial=True)  # a shared link never shows plates, even if someone typed them in
    return _page(q, result, 200 if result and not q.line_errors else 400)


@bp.post("/frota")
@limiter.limit(LOOKUP_LIMIT)  # up to 500 vehicles a request: generous for people, tight for scripts
def submit():
    q = read(request.form, request.files)
    result = run(q, plates=True, partial=True)
    return _page(q, result, 200 if result and not q.line_errors else 400)


@bp.get("/frota/modelo.csv")
def template_csv():
    return Response(TEMPLATE.encode("utf-8"), mimetype="text/csv", headers={"Content-Disposition": "attachment; filename=frota-modelo.csv"})


@bp.get("/frota/prazos.ics")
@limiter.limit(LOOKUP_LIMIT)
def calendar_file():
    q = read(request.args)
    result = run(q, plates=False)
    if result is None:
        return _page(q, None, 400)
    _, items, _ = result
    return Response(calendar_body(q, items), mimetype="text/calendar", headers={"Content-Disposition": "attachment; filename=prazos-frota.ics"})


@bp.app_template_global()
def fleet_link(flow_id: str, answers: dict) -> str | None:
    """From a wizard's outcome to the fleet check with its answers pre-filled (templates/wizards/_*.html)."""
    if flow_id == "carro_turismo" and answers.get("tipo_veiculo"):
        line = ";".join(["", answers["tipo_veiculo"], str(answers.get("lugares", "")), str(answers.get("ano_fabricacao", "")),
                         str(answers.get("ano_primeiro_emplacamento") or ""), "proprio", ""])
        when = answers.get("data_referencia")
        return url_for("fleet.page", lugar="pe", modalidade="turistico", data=when.isoformat() if isinstance(when, date) else "", frota=line + "\n")
    if flow_id == "modalidade" and answers.get("jurisdicao") in PLACES:
        return url_for("fleet.page", lugar=answers["jurisdicao"], **({"modalidade": answers["modalidade"]} if answers.get("modalidade") else {}))
    if flow_id == "veiculo_apreendido" and answers.get("jurisdicao") in PLACES:
        extra = {"data_notificacao": answers["data_notificacao"].isoformat()} if isinstance(answers.get("data_notificacao"), date) else {}
        return url_for("fleet.page", lugar=answers["jurisdicao"], **extra)
    if flow_id == "documentos_crc":
        return url_for("fleet.page", lugar="pe")
    return None
