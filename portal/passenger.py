"""Passenger pages: plate lookup (/consulta) and complaints (/denuncia)."""

from __future__ import annotations

import logging
import secrets
import sqlite3
from datetime import date

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _

from knowledge.complaints import JURISDICTIONS, OCCURRENCES
from knowledge.plates import PLATE_HELP, InvalidPlate

from . import complaints_service as service
from .lookup import before_boarding, lookup
from .security import COMPLAINT_LIMIT, LOOKUP_LIMIT, PROTOCOL_LIMIT, limiter

bp = Blueprint("passenger", __name__)
log = logging.getLogger("portal.passenger")

JURISDICTION_NAMES = {"pe": "Pernambuco", "sp": "São Paulo", "ac": "Acre", "recife": "Recife"}


@bp.get("/consulta")
@limiter.limit(LOOKUP_LIMIT)
def consulta():
    raw = (request.args.get("placa") or "").strip()
    if not raw:
        return render_template("consulta.html", result=None, error=None, raw="", checklist=before_boarding(None))
    try:
        result = lookup(raw)
    except InvalidPlate:
        return render_template("consulta.html", result=None, error=_(PLATE_HELP), raw=raw, checklist=before_boarding(None)), 400
    jurisdiction = result["operadora"]["jurisdicao"] if result["operadora"] else None  # unknown plate: every place
    template = "_consulta_result.html" if request.headers.get("HX-Target") == "resultado" else "consulta.html"
    return render_template(template, result=result, error=None, raw=raw, checklist=before_boarding(jurisdiction))


def _form_data(form) -> dict:
    contact = {k: form.get(f"contato_{k}", "") for k in ("nome", "email", "telefone")}
    return {
        "jurisdicao": form.get("jurisdicao") or None,
        "placa": form.get("placa", ""),
        "data_ocorrencia": form.get("data_ocorrencia", ""),
        "origem": form.get("origem", ""),
        "destino": form.get("destino", ""),
        "ocorrencias": form.getlist("ocorrencias"),
        "relato": form.get("relato", ""),
        "contato": contact if any(v.strip() for v in contact.values()) else None,
        "consentimento": form.get("consentimento") == "sim",
    }


def _render_form(data: dict, error=None, unavailable: bool = False, repeated: bool = False, status: int = 200):
    return render_template(
        "denuncia.html",
        data=data,
        error=error,
        unavailable=unavailable,
        repeated=repeated,
        occurrences=OCCURRENCES,
        jurisdictions={j: JURISDICTION_NAMES[j] for j in JURISDICTIONS},
        consent_text=_(service.CONSENT_TEXT),
        today=date.today().isoformat(),
        max_relato=service.MAX_RELATO,
        # Same key on every resubmission of this form: a double click or a retry after
        # an error never stores the complaint twice.
        form_key=secrets.token_urlsafe(16) if repeated else (request.form.get("chave") or secrets.token_urlsafe(16))[:64],
    ), status


@bp.get("/denuncia")
def denuncia_form():
    # Pre-filled from the lookup page or the assistant: ?placa=…&ocorrencias=…&jurisdicao=…
    data = {
        "placa": request.args.get("placa", ""),
        "jurisdicao": request.args.get("jurisdicao") if request.args.get("jurisdicao") in JURISDICTIONS else None,
        "ocorrencias": [o for o in request.args.getlist("ocorrencias") if o in OCCURRENCES],
        "data_ocorrencia": request.args.get("data_ocorrencia", date.today().isoformat()),
        "origem": request.args.get("origem", ""),
        "destino": request.args.get("destino", ""),
        "relato": request.args.get("relato", "")[: service.MAX_RELATO],
        "contato": None,
        "consentimento": False,
    }
    return _render_form(data)


@bp.post("/denuncia")
@limiter.limit(COMPLAINT_LIMIT)
def denuncia_submit():
    data = _form_data(request.form)
    try:
        parsed = service.parse(data, today=date.today())
    except service.ComplaintError as error:
        return _render_form(data, error=error, status=400)
    try:
        stored, _receipt = service.submit(parsed, idempotency_key=request.form.get("chave") or None, client=request.remote_addr or "")
    except service.IdempotencyConflict:
        # This form was sent before with other data (back button, edited, sent again):
        # nothing is stored now; the form comes back filled in, with a fresh key.
        return _render_form(data, repeated=True, status=422)
    except sqlite3.OperationalError as exc:
        # Nothing is lost: the citizen gets the form back, filled in, with an explanation.
        log.error("complaint not stored: %s", exc)
        return _render_form(data, unavailable=True, status=503)
    return redirect(url_for("passenger.denuncia_status", protocolo=stored.protocolo, nova=1), code=303)


@bp.get("/denuncia/<protocolo>")
@limiter.limit(PROTOCOL_LIMIT)
def denuncia_status(protocolo: str):
    status = service.public_status(protocolo)
    if status is None:
        return render_template("error.html", status=404, message=_("Protocolo não encontrado. Confira as letras e os números.")), 404
    return render_template("denuncia_status.html", status=status, nova=request.args.get("nova") == "1", occurrences=OCCURRENCES)
