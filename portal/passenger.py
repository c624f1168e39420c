"""Passenger pages: plate lookup (/consulta) and complaints (/denuncia)."""

from __future__ import annotations

import logging
import re
import secrets
import sqlite3
from urllib.parse import quote_plus

from flask import Blueprint, current_app, g, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from knowledge import clock
from knowledge.complaints import JURISDICTIONS, OCCURRENCES
from knowledge.modalities import MODALITY_NAMES
from knowledge.registry_places import SERVICE_NAMES
from knowledge.citations import N_
from knowledge.places import PLACES
from knowledge.plates import PLATE_HELP, InvalidPlate, likely_meant, normalize, plate_key
from knowledge.typed_dates import looks_like_a_date, parse_typed_date, typed_form as typed_day

from . import complaints_service as service
from . import i18n, photos
from .api_schema import MAX_RELATO, MAX_ROWS
from .database import get_db, get_store
from .storage.complaints import normalize_protocol, photo_count
from .storage.registry import find_vehicle
from .contacts import all_regulator_cards, contacts_version, regulator_card
from .lookup import before_boarding, lookup, plate_page_inputs
from .page_cache import cached_render
from .errors import http_error
from .security import COMPLAINT_LIMIT, LOOKUP_LIMIT, PROTOCOL_LIMIT, limiter
from .work_budget import TooCostly, wall_deadline

bp = Blueprint("passenger", __name__)
log = logging.getLogger("portal.passenger")


def _is_step(target: str) -> bool:
    """An htmx request for one part of the page (answered with a partial, never a whole page)."""
    return bool(request.headers.get("HX-Request")) and request.headers.get("HX-Target") == target


# The modalities' names on a plate page: one object, so what is rendered from it can be kept (lookup.kept_html).
_MODALITY_NAMES = {**MODALITY_NAMES, **SERVICE_NAMES}
# Seconds on the clock the infraction suggestion may take (a warm worker: ~0.01 s; a cold one on an idle
# machine: ~3 s).  Past them the form answers without it and says so: a slow suggestion on a loaded machine
# ran into gunicorn's timeout and the worker was killed mid-request (a 500, the review of #31).
SUGGESTION_SECONDS = 8.0


@bp.get("/consulta")
@limiter.limit(LOOKUP_LIMIT)
@cached_render(depends=plate_page_inputs)  # rendered again after a registry import, a contacts edit, at midnight
def consulta():
    raw = (request.args.get("placa") or "").strip()
    partial = _is_step("resultado")
    template = "_consulta_result.html" if partial else "consulta.html"
    context = dict(result=None, error=None, raw=raw, modality_names=_MODALITY_NAMES, oob_lang=partial)
    if not raw:
        return render_template(template, checklist=before_boarding(None), regulators=all_regulator_cards(), **context)
    try:
        result = lookup(raw)
    except InvalidPlate:
        # With htmx the error comes back as the result area's partial (never a whole page inside it).
        context["error"] = _(PLATE_HELP)
        context["meant"] = likely_meant(raw)
        return render_template(template, checklist=before_boarding(None), regulators=all_regulator_cards(), **context), 400
    jurisdiction = result["operadora"]["jurisdicao"] if result["operadora"] else None
    context["result"] = result
    if partial:
        return render_template(template, tail=_tail(jurisdiction), jurisdiction=jurisdiction, **context)
    return _with_chrome(dict(tail=_tail(jurisdiction), jurisdiction=jurisdiction, **context))


# Stand-ins for what a plate's page has of its own around the result: the plate as typed (the
# field's value), the plate in the language links' addresses, and the result area.  Letters and
# digits only, so that escaping and URL-encoding leave them as they are.
_SLOTS = (("zq7RawSlot0a", "zq7ArgSlot0a", "zq7ResultSlot0a"), ("xk4RawSlot1b", "xk4ArgSlot1b", "xk4ResultSlot1b"))
_CHROME_ARGS = frozenset({"placa", "lang"})
_CHROME_MAX = 64


def _with_chrome(context: dict) -> str:
    """consulta.html around a result: ``render_template("consulta.html", **context)``, byte for byte.

    The page around the result (head, menu, search box, form, footer) is the same for every
    plate but for the plate typed in the field and in the language links; rendering it was
    half of a plate's first lookup (issue #32).  It is rendered once per language, mount point
    and shape of the query string (``?placa=``, ``?placa=&lang=``), with stand-ins where the
    plate goes, and each page is that text with the plate and the result area put in.  Checked
    when made: the same page rendered with other stand-ins must be what putting them in gives,
    or the page is rendered whole every time.  Any other query argument (``imprimir``…), a
    repeated one, a law read on another date, or templates reloaded while developing: rendered whole."""
    args = request.args
    keys = tuple(args.keys())
    if (
        "placa" not in args or not _CHROME_ARGS.issuperset(keys) or len(keys) != len(list(args.items(multi=True)))
        or g.get("law_date") is not None or current_app.jinja_env.auto_reload
    ):
        return render_template("consulta.html", **context)
    cache = current_app.extensions.setdefault("consulta_chrome", {})
    key = (i18n.current_locale(), request.script_root, request.path, keys)
    chrome = cache.get(key)
    if chrome is None:
        if len(cache) >= _CHROME_MAX:
            cache.clear()
        chrome = cache[key] = _chrome(context, keys)
    if not chrome:
        return render_template("consulta.html", **context)
    own = (str(escape(context["raw"])), quote_plus(args["placa"], safe=""), render_template("_consulta_result.html", **context))
    return "".join([own[part] if part.__class__ is int else part for part in chrome])


def _chrome(context: dict, keys: tuple) -> tuple:
    """consulta.html split at the stand-ins: its text, with the slot (0, 1, 2 of ``_SLOTS``) of
    each stand-in in between; () when the page is not that text around them (``_with_chrome``)."""
    def lang_url(plate: str):
        # i18n.lang_url for this address with another plate in it
        args = {key: [plate] if key == "placa" else request.args.getlist(key) for key in keys}
        return lambda code: i18n.lang_url(code, args)

    if any(lang_url(request.args["placa"])(code) != i18n.lang_url(code) for code in i18n.LANGUAGES):
        return ()
    pages = [
        render_template("consulta.html", **{**context, "raw": raw, "lang_url": lang_url(arg), "result_html": Markup(result_html)})
        for raw, arg, result_html in _SLOTS
    ]
    parts = tuple(_SLOTS[0].index(piece) if i % 2 else piece for i, piece in enumerate(_SLOT_PATTERN.split(pages[0])))
    again = "".join([_SLOTS[1][part] if part.__class__ is int else part for part in parts])
    if again != pages[1] or parts.count(2) != 1:
        log.warning("consulta.html is not the same page around every plate: rendered whole each time")
        return ()
    return parts


_SLOT_PATTERN = re.compile("(" + "|".join(_SLOTS[0]) + ")")


def _tail(jurisdiction: str | None) -> Markup:
    """The regulators and the boarding checklist under a result: the same for every plate of a
    place (all four places for an unknown plate), so rendered once per place, language and
    contacts file — a plate never asked before costs little more than one asked again (issue
    #32).  Not kept while the law is read on another date (its links carry that date)."""
    def render() -> Markup:
        regulators = [regulator_card(jurisdiction)] if jurisdiction else all_regulator_cards()
        return Markup(render_template("_consulta_tail.html", result=True, checklist=before_boarding(jurisdiction), regulators=regulators, jurisdiction=jurisdiction))

    if g.get("law_date") is not None:
        return render()
    cache = current_app.extensions.setdefault("consulta_tail", {})
    key = (jurisdiction, i18n.current_locale(), contacts_version())
    found = cache.get(key)
    if found is None:
        if len(cache) > 64:  # contacts files replaced many times: start again
            cache.clear()
        found = cache[key] = render()
    return found


def _form_data(form) -> dict:
    contact = {k: form.get(f"contato_{k}", "") for k in ("nome", "email", "telefone")}
    return {
        "jurisdicao": form.get("jurisdicao") or None,
        "placa": form.get("placa", ""),
        "data_ocorrencia": form.get("data_ocorrencia", ""),
        "hora_ocorrencia": form.get("hora_ocorrencia", ""),
        "origem": form.get("origem", ""),
        "destino": form.get("destino", ""),
        "ocorrencias": form.getlist("ocorrencias"),
        "relato": form.get("relato", ""),
        "linha": [v for v in form.getlist("linha") if v][:MAX_ROWS] or None,  # the rows checked (the form's checkboxes)
        "contato": contact if any(v.strip() for v in contact.values()) else None,
        "consentimento": form.get("consentimento") == "sim",
        "data_confirmada": (form.get("data_confirmada") or "")[:10],  # a day kept though the account tells another
        "linha_data": (form.get("linha_data") or "")[:10],  # the day whose wording the rows were shown in
        # The day the form put in the date field itself (today), until the account was read once; None: not said.
        "data_padrao": (form.get("data_padrao") or "")[:10] if "data_padrao" in form else None,
    }


def _iso_date(typed: str) -> str:
    """The form's date field (typed DD/MM/AAAA, DD-MM-AAAA, DD.MM.AAAA, or AAAA-MM-DD from an old link)
    as the service reads it (AAAA-MM-DD, as the JSON API sends it); "" when empty (the service says
    the date is missing), the typed text when it is no day (for ``_check_typed_date``)."""
    when = parse_typed_date(typed or "", dashes=True)
    return when.isoformat() if when is not None else (typed or "").strip()


def _check_typed_date(typed: str) -> None:
    """Refuse a date the form cannot read, saying why in the field's terms (not "AAAA-MM-DD")."""
    typed = (typed or "").strip()
    if not typed or parse_typed_date(typed, dashes=True) is not None:
        return
    if looks_like_a_date(typed, dashes=True):  # 31/02/2020: written right, but no such day
        raise service.ComplaintError("data_ocorrencia", N_("A data %(data)s não existe no calendário: confira o dia e o mês."), data=typed[:20])
    raise service.ComplaintError("data_ocorrencia", N_("Informe a data como DD/MM/AAAA (por exemplo, 01/05/2019)."))


def _for_service(data: dict) -> dict:
    """The form's fields with the date as the service reads it."""
    return {**data, "data_ocorrencia": _iso_date(data.get("data_ocorrencia", ""))}


def _render_form(data: dict, errors=(), unavailable: bool = False, repeated: bool = False, status: int = 200, suggestion=None, relang: bool = False,
                 limited: bool = False, date_note=None, plate_place=None, focus_suggestion: bool = False):
    return render_template(
        "denuncia.html",
        data=data,
        suggestion=suggestion,
        date_note=date_note,
        plate_place=plate_place,
        focus_suggestion=focus_suggestion and suggestion is not None,  # "Ler meu relato": the page opens on the suggestion
        errors=list(errors),  # every field's error at once, in the form's order (WCAG 3.3.1)
        field_errors={e.field: e for e in errors},
        unavailable=unavailable,
        limited=limited,
        repeated=repeated,
        occurrences=OCCURRENCES,
        jurisdictions={j: PLACES[j].name for j in JURISDICTIONS},
        consent_text=_(service.CONSENT_TEXT),
        today=clock.today(data.get("jurisdicao")).isoformat(),  # the newest date the form accepts
        max_relato=MAX_RELATO,
        max_photos=photos.MAX_PHOTOS,
        max_photo_mb=photos.MAX_BYTES // (1024 * 1024),
        # Same key on every resubmission of this form: a double click or a retry after
        # an error never stores the complaint twice.
        form_key=secrets.token_urlsafe(16) if repeated else (request.form.get("chave") or secrets.token_urlsafe(16))[:64],
        lang_form="denuncia-form",  # the header's language switch sends this form (templates/_lang_nav.html)
        relang=relang,  # back from the language switch: photos must be chosen again
    ), status


def _plate_place(data: dict) -> str | None:
    """The place of a registered plate, when the place was left to "Pela placa" (None otherwise)."""
    if data.get("jurisdicao") or not (data.get("placa") or "").strip():
        return None
    try:
        found = find_vehicle(get_db(), plate_key(normalize(data["placa"])))
    except InvalidPlate:
        return None
    return found[0]["jurisdicao"] if found else None


def _suggestion(relato: str, place: str | None, on: str) -> dict | None:
    """``service.suggest`` within ``SUGGESTION_SECONDS`` on the clock; late, ``{"late": True}``: the form
    says the suggestion did not come in time and the complaint goes without it (the regulator classifies)."""
    seconds = float(current_app.config.get("SUGGESTION_SECONDS", SUGGESTION_SECONDS))
    try:
        with wall_deadline(seconds):
            return service.suggest(relato, place, on)
    except TooCostly:
        log.warning("complaint suggestion stopped after %.1f s", seconds)
        return {"late": True, "classified": False, "options": [], "confidence": 0.0}


def _read_form(data: dict, *, reconcile: bool = True, adopt: bool = True) -> dict:
    """The reader on the form as it stands: the date of the facts reconciled with the account
    (``service.date_of_facts``: the field updated in ``data``), the place (or the plate's), and the
    suggestion read for that date — the date the complaint will be stored with.  Keyword arguments
    for :func:`_render_form` (and the htmx partial)."""
    plate_place = _plate_place(data)
    place = data.get("jurisdicao") or plate_place
    note = None
    if reconcile and data.get("relato"):
        typed = _iso_date(data.get("data_ocorrencia", ""))
        confirmed = _iso_date(data.get("data_confirmada", ""))
        value, note = service.date_of_facts(data["relato"], place, typed, confirmed, default=data.get("data_padrao"), adopt=adopt)
        if value != typed:
            data["data_ocorrencia"] = value
        if note is not None and adopt:
            data["data_padrao"] = ""  # read once: a day typed from now on is the person's own
    suggestion = _suggestion(data.get("relato") or "", place, _iso_date(data.get("data_ocorrencia", ""))) if data.get("relato") else None
    if suggestion and suggestion.get("date"):
        # Rows ticked in another wording stay ticked only if their words are the same in this one.
        kept, dropped = service.rows_still_meant(place, data.get("linha"), data.get("linha_data"), suggestion["date"])
        data["linha"] = kept or None
        suggestion["dropped"] = dropped
    return {"suggestion": suggestion, "date_note": note, "plate_place": plate_place}


@bp.get("/denuncia")
def denuncia_form():
    # Pre-filled from the lookup page or the assistant: ?placa=…&ocorrencias=…&jurisdicao=…
    jurisdicao = request.args.get("jurisdicao") if request.args.get("jurisdicao") in JURISDICTIONS else None
    data = {
        "placa": request.args.get("placa", ""),
        "jurisdicao": jurisdicao,
        "ocorrencias": [o for o in request.args.getlist("ocorrencias") if o in OCCURRENCES],
        "data_ocorrencia": request.args.get("data_ocorrencia", (clock.today(jurisdicao) if jurisdicao else clock.today_everywhere()).isoformat()),
        "hora_ocorrencia": request.args.get("hora_ocorrencia", ""),
        "origem": request.args.get("origem", ""),
        "destino": request.args.get("destino", ""),
        "relato": request.args.get("relato", "")[: MAX_RELATO],
        "linha": [v for v in request.args.getlist("linha") if v][:MAX_ROWS] or None,  # the chat's rows, every one checked
        "contato": None,
        "consentimento": False,
        "data_padrao": None if request.args.get("data_ocorrencia") else (clock.today(jurisdicao) if jurisdicao else clock.today_everywhere()).isoformat(),
    }
    # A story brought from the chat is read at once: the citizen sees the suggested row before sending, and
    # the date it tells ("ontem", "em maio de 2019") is said and used when no date came with it.
    return _render_form(data, **_read_form(data, reconcile=not request.args.get("data_ocorrencia")))


@bp.post("/denuncia/idioma")
def denuncia_idioma():
    """The complaint form again, in the language asked (``?lang=``), with everything typed in it.

    On this page the header's language links are submit buttons of the form (``form=`` and
    ``formaction``, so they work without JavaScript and with it): what was typed travels in the
    POST body and comes back in the fields.  A GET link carrying the fields would put the
    account, the plate and a name, e-mail or phone into the address — which ends up in access
    logs, the browser history and a Referer — so only ``lang`` is in the URL.  Nothing is
    validated or stored here: this is not a submission (no rate limit of complaints spent, the
    idempotency key kept for the real one).  Photos are not sent (the buttons post urlencoded):
    a browser never refills a file field, and the form says to choose them again."""
    data = _form_data(request.form)
    # A form that came back with errors keeps them in the new language (checked again: nothing is stored,
    # and the messages are those of what the fields hold now).
    errors = _validate(data)[2] if request.form.get("com_erros") else ()
    return _render_form(data, errors=errors, **_read_form(data, reconcile=False), relang=True)


@bp.get("/denuncia/idioma")
def denuncia_idioma_get():
    """The switch's address opened again (a bookmark, the history): the empty form in that language."""
    return redirect(url_for("passenger.denuncia_form", lang=request.args.get("lang") or None), code=303)


@bp.post("/denuncia/sugestao")
def denuncia_sugestao():
    """The reader's suggestion for the account typed so far (htmx partial; the no-JS path is "Ler meu relato")."""
    data = _form_data(request.form)
    typed = data["data_ocorrencia"]
    reading = _read_form(data)
    # The date field follows (an out-of-band swap) when the reading changed it: the rows shown are always
    # those of the date the form will send.
    return render_template("_denuncia_sugestao.html", data=data, field_errors={}, oob_date=data["data_ocorrencia"] != typed, **reading)


@bp.errorhandler(429)
def denuncia_limited(error):
    """Over the limit, the form comes back filled in and says nothing was stored, instead of an error
    page without the form: nothing typed is lost."""
    if request.endpoint != "passenger.denuncia_submit":
        return http_error(error)
    response = make_response(_render_form(_form_data(request.form), limited=True, status=429))
    for name, value in error.get_response().headers.items():  # Retry-After, X-RateLimit-*
        if name.lower() == "retry-after" or name.lower().startswith("x-ratelimit"):
            response.headers[name] = value
    return response


def _place_of_form(data: dict) -> None:
    """The form never guesses the place: without a place, the plate must be in the registry."""
    if data["jurisdicao"]:
        return
    raw_plate = (data.get("placa") or "").strip()
    if not raw_plate:
        raise service.ComplaintError("jurisdicao", N_("Diga onde aconteceu: sem a placa, não sabemos qual lei se aplica."))
    try:
        found = find_vehicle(get_db(), plate_key(normalize(raw_plate)))
    except InvalidPlate:
        # The plate's own error is said by the other checks; the place is missing all the same, and is said
        # at once with it (a review met it only on the next round, once the plate was fixed).
        raise service.ComplaintError("jurisdicao", N_("Diga onde aconteceu: a placa não é válida, então não sabemos qual lei se aplica.")) from None
    if found is None:
        raise service.ComplaintError("jurisdicao", N_("Diga onde aconteceu: esta placa não está no cadastro, então não sabemos qual lei se aplica."))
    data["jurisdicao"] = found[0]["jurisdicao"]


def _photos_of_form(files) -> list:
    uploads = [f for f in files.getlist("fotos") if f and f.filename]
    if len(uploads) > photos.MAX_PHOTOS:
        raise service.ComplaintError("fotos", N_("Envie no máximo %(n)d fotos."), n=photos.MAX_PHOTOS)
    cleaned = []
    for upload in uploads:
        data = upload.stream.read(photos.MAX_BYTES + 1)
        try:
            cleaned.append(photos.clean(data))
        except photos.PhotoError as exc:
            raise service.ComplaintError("fotos", exc.message, **exc.params) from None
    return cleaned


READ_ACTIONS = ("ler", "usar-relato", "manter-data")  # the buttons that read the account again (nothing is stored)

# What stands for a field once its error is noted, so that the checks after it run too: every error of
# the form is said at once (a phone review needed three round trips for three errors, #31).
_NEUTRAL = {
    "placa": lambda d: d.update(placa=""),
    "data_ocorrencia": lambda d: d.update(data_ocorrencia=clock.today(d.get("jurisdicao")).isoformat()),
    "hora_ocorrencia": lambda d: d.update(hora_ocorrencia=""),
    "origem": lambda d: d.update(origem=""),
    "destino": lambda d: d.update(destino=""),
    "relato": lambda d: d.update(relato=d.get("relato") or "-"),
    "ocorrencias": lambda d: d.update(ocorrencias=["outro"], relato=d.get("relato") or "-"),
    "linha": lambda d: d.update(linha=None),
    "jurisdicao": lambda d: d.update(jurisdicao=None),
    "contato": lambda d: d.update(contato=None),
    "contato.nome": lambda d: d.update(contato={**(d.get("contato") or {}), "nome": ""}),
    "contato.email": lambda d: d.update(contato={**(d.get("contato") or {}), "email": ""}),
    "contato.telefone": lambda d: d.update(contato={**(d.get("contato") or {}), "telefone": ""}),
    "consentimento": lambda d: d.update(consentimento=True),
}
_FORM_ORDER = ("ocorrencias", "placa", "jurisdicao", "data_ocorrencia", "hora_ocorrencia", "origem", "destino", "relato", "linha", "fotos",
               "contato", "contato.nome", "contato.email", "contato.telefone", "consentimento")


def _validate(data: dict):
    """Every check of the form, each field's error once: ``(parsed, photos, errors)`` (errors in the
    form's order; ``parsed`` is None when there is any)."""
    errors: dict[str, service.ComplaintError] = {}
    work = {**data, "contato": dict(data["contato"]) if data.get("contato") else None}
    try:
        _check_typed_date(work["data_ocorrencia"])
    except service.ComplaintError as error:
        errors[error.field] = error
        _NEUTRAL["data_ocorrencia"](work)
    parsed = None
    for _attempt in range(len(_NEUTRAL) + 1):
        try:
            parsed = service.parse(_for_service(work), require_place=False)
            break
        except service.ComplaintError as error:
            if error.field in errors or error.field not in _NEUTRAL:
                errors.setdefault(error.field, error)
                break
            errors[error.field] = error
            _NEUTRAL[error.field](work)
    try:
        _place_of_form(data)  # after the facts: the place, or the registered plate's
    except service.ComplaintError as error:
        errors[error.field] = error
    if parsed is not None:
        parsed.complaint["jurisdicao"] = data["jurisdicao"]
        if data["jurisdicao"]:
            for check in (service.check_time, service.check_row, lambda c: service.check_wording(c, data.get("linha_data"))):
                try:
                    check(parsed.complaint)  # the hour on the clock of the place, known only now when it came from the plate
                except service.ComplaintError as error:
                    errors.setdefault(error.field, error)
    if "data_ocorrencia" not in errors and data.get("relato"):
        # Sent without reading the account again: a date it tells that the field does not hold is never
        # replaced by the field's default silently — the form comes back saying both.
        typed = _iso_date(data["data_ocorrencia"])
        _value, note = service.date_of_facts(data["relato"], data.get("jurisdicao"), typed, _iso_date(data.get("data_confirmada", "")),
                                             default=data.get("data_padrao"), adopt=False)
        if note is not None:
            errors["data_ocorrencia"] = service.ComplaintError(
                "data_ocorrencia", N_("Seu relato diz quando foi (%(relato)s), e o campo Data diz outra coisa (%(campo)s): confira o dia no campo Data, ou confirme a data do campo, abaixo."),
                relato=note["said"], campo=typed_day(typed) if typed else _("vazio"))
    try:
        evidence = _photos_of_form(request.files)
    except service.ComplaintError as error:
        errors[error.field] = error
        evidence = []
    ordered = sorted(errors.values(), key=lambda e: _FORM_ORDER.index(e.field) if e.field in _FORM_ORDER else len(_FORM_ORDER))
    return (None if ordered else parsed), evidence, ordered


@bp.post("/denuncia")
# The limit counts complaints stored (the redirect to the receipt), not the second step that reads the story
# ("Ler meu relato") nor a form sent back to be corrected: a person fixing the form on a phone, behind an
# address many phones share, does not run out of tries (a phone review met the 429 that way).
@limiter.limit(COMPLAINT_LIMIT, exempt_when=lambda: request.form.get("acao") in READ_ACTIONS, deduct_when=lambda response: response.status_code == 303)
def denuncia_submit():
    data = _form_data(request.form)
    action = request.form.get("acao")
    if action in READ_ACTIONS:
        # Without JavaScript, the second step: the form again, with what the reader made of the account
        # and of the date it tells (the field filled, emptied to ask the day, or both dates said).
        if action == "usar-relato":  # "use the account's date": as if the field had been left at today
            data["data_ocorrencia"], data["data_confirmada"] = "", ""
        elif action == "manter-data":  # "keep the day I typed"
            data["data_confirmada"] = _iso_date(data["data_ocorrencia"])
        return _render_form(data, **_read_form(data), focus_suggestion=True)
    parsed, evidence, errors = _validate(data)
    if errors:
        if any(e.field == "linha" for e in errors):
            data["linha"] = None  # suggested again, in the wording of the date given
        return _render_form(data, errors=errors, status=400, **_read_form(data, adopt=False))
    try:
        stored, _receipt = service.submit(parsed, idempotency_key=request.form.get("chave") or None, client=request.remote_addr or "", photos=evidence)
    except service.IdempotencyConflict:
        # This form was sent before with other data (back button, edited, sent again):
        # nothing is stored now; the form comes back filled in, with a fresh key.
        return _render_form(data, repeated=True, status=422)
    except sqlite3.OperationalError as exc:
        # Nothing is lost: the citizen gets the form back, filled in, with an explanation.
        log.error("complaint not stored: %s", exc)
        return _render_form(data, unavailable=True, status=503)
    return redirect(url_for("passenger.denuncia_status", protocolo=stored.protocolo, nova=1), code=303)


@bp.get("/denuncia/acompanhar")
@limiter.limit(PROTOCOL_LIMIT)
def acompanhar():
    """"Acompanhar denúncia": a protocol typed any way (spaces, case, hyphens) leads to its page."""
    raw = (request.args.get("protocolo") or "").strip()
    if not raw:
        return render_template("denuncia_acompanhar.html", raw="", error=None)
    protocolo = normalize_protocol(raw)
    if service.public_status(protocolo) is None:
        error = _("Não encontramos a denúncia %(p)s. Confira as letras e os números do protocolo.", p=raw[:40])
        return render_template("denuncia_acompanhar.html", raw=raw, error=error), 404
    return redirect(url_for("passenger.denuncia_status", protocolo=protocolo), code=303)


@bp.get("/denuncia/<protocolo>")
@limiter.limit(PROTOCOL_LIMIT)
def denuncia_status(protocolo: str):
    status = service.public_status(protocolo)
    if status is None:
        return render_template("denuncia_acompanhar.html", raw=protocolo[:40], error=_("Protocolo não encontrado. Confira as letras e os números."), not_found=True), 404
    canonical = normalize_protocol(protocolo)
    if canonical != protocolo:
        # One address per complaint: a protocol typed without hyphens or in lower case redirects.
        return redirect(url_for("passenger.denuncia_status", protocolo=canonical, **request.args.to_dict()), code=301)
    return render_template(
        "denuncia_status.html", status=status, nova=request.args.get("nova") == "1", occurrences=OCCURRENCES,
        regulator=regulator_card(status["jurisdicao"]), photo_count=photo_count(get_store(), status["protocolo"]),
        linha_fatos=service.row_facts_of(status),  # each confirmed row's measures and who answers for it
        # The share link on PORTAL_BASE_URL, never on the request's Host header (issue #34).
        status_url=current_app.config["PORTAL_BASE_URL"].rstrip("/") + url_for("passenger.denuncia_status", protocolo=status["protocolo"]),
    )


def init_upload_limit(app) -> None:
    """The complaint form carries photos: its body may be larger than the app-wide limit.

    Registered before CSRF protection, which reads the form (and so the body) first.
    """

    @app.before_request
    def complaint_upload_limit():
        if request.endpoint == "passenger.denuncia_submit" and request.method == "POST":
            request.max_content_length = photos.MAX_REQUEST_BYTES
