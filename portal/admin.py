"""Staff area (/admin): complaint triage, registry import, CSV export, audit log.

Every page requires a signed-in staff member (anonymous: redirect to the login
for pages, 401 otherwise); every action is written to the audit log, including
each time a complainant's contact is displayed.
"""

from __future__ import annotations

import functools
from urllib.parse import urlsplit

from flask import Blueprint, Response, abort, current_app, g, redirect, render_template, request, session, url_for
from flask_babel import format_decimal
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf

from knowledge import clock
from knowledge.citations import N_
from knowledge.complaints import OCCURRENCES
from knowledge.vehicle_status import PLACE_MESSAGES

from .csv_export import export_csv
from .errors import error_response
from .database import get_db, get_store, publish_registry
from .opendata import publish_after_import
from .security import LOGIN_LIMIT, keyed_digest, limiter
from .complaints_service import occurrence_label
from . import reclassification
from .stickers import INSTRUCTIONS, STICKERS_PER_SHEET, StickerError, fleet_stickers, vehicle_sticker
from .storage import complaints as store
from .storage import sessions, staff
from .storage.registry import registry_info
from .storage.registry_files import upload_size
from .storage.registry_import import MAX_SHRINK, ImportFileError, import_registry
from .text_safety import clean, clean_all

bp = Blueprint("admin", __name__, url_prefix="/admin")

STATE_LABELS = {"recebida": N_("Recebida"), "em_analise": N_("Em análise"), "encaminhada": N_("Encaminhada"), "arquivada": N_("Arquivada")}
# The audit trail's actions as staff read them (the stored codes stay stable for tools that read the table).
# "imprimiu_adesivos" is recorded when the sheet is made: the portal cannot know whether it was printed.
AUDIT_ACTIONS = {
    "login": N_("Entrou"), "login_falhou": N_("Senha errada"), "logout": N_("Saiu"), "sessao_expirou": N_("Sessão expirou"),
    "viu_contato": N_("Viu o contato"), "apagou_contato": N_("Apagou o contato"), "mudou_situacao": N_("Mudou a situação"),
    "importou_registro": N_("Importou o cadastro"), "previa_registro": N_("Prévia do cadastro"), "exportou_denuncias": N_("Exportou as denúncias"),
    "imprimiu_adesivos": N_("Gerou a folha de adesivos"), "conta_criada": N_("Conta criada"),
    "reclassificou": N_("Reclassificou a denúncia"),
}
# What the page says after a save (the redirect's ?salvo=…): a confirmation, not a silent reload.
SAVED = {"situacao": N_("Situação salva."), "contato": N_("Contato apagado; a denúncia segue anônima."),
         "enquadramento": N_("Enquadramento salvo e registrado na auditoria; a página do protocolo mostra a nova classificação.")}


def current_user() -> dict | None:
    """The signed-in staff member: the cookie's session id must name a live server-side
    session (not logged out, used within the idle limit, younger than the absolute one)."""
    if "staff_user" not in g:
        g.staff_user = None
        token = session.get("staff_sid")
        if token:
            db = get_store()
            cfg = current_app.config
            try:
                user_id = sessions.check(db, token, idle=cfg["STAFF_SESSION_IDLE"], absolute=cfg["STAFF_SESSION_ABSOLUTE"])
            except sessions.Expired as expired:
                user_id = None
                staff.audit(db, staff.get_user(db, expired.staff_id), "sessao_expirou", "", expired.reason)
            if user_id is None:
                session.pop("staff_sid", None)
            else:
                g.staff_user = staff.get_user(db, user_id)
    return g.staff_user


def staff_required(view):
    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        if current_user() is None:
            if request.method == "GET":
                return redirect(url_for("admin.login", next=request.path))
            abort(401)
        return view(*args, **kwargs)

    return wrapped


def safe_next(target: str | None) -> str:
    """Where to go after the login: a path inside /admin, or the dashboard.  Anything
    with a scheme, a host, a backslash, a double slash or a control character (CR/LF
    would split the Location header) is refused."""
    fallback = url_for("admin.dashboard")
    if not target or not isinstance(target, str) or len(target) > 200:
        return fallback
    if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in target) or "\\" in target or "//" in target:
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not (parts.path == "/admin" or parts.path.startswith("/admin/")):
        return fallback
    return target


@bp.route("/entrar", methods=["GET", "POST"])
@limiter.limit(LOGIN_LIMIT, methods=["POST"])
def login():
    error = None
    if request.method == "POST":
        username = request.form.get("usuario", "")
        try:
            user = staff.authenticate(get_store(), username, request.form.get("senha", ""), client=keyed_digest("login", request.remote_addr or ""))
        except staff.LockedOut:
            user, error = None, _("Conta bloqueada por 15 minutos após tentativas erradas.")
        if user:
            session.clear()
            session["staff_sid"] = sessions.create(get_store(), user["id"])
            session.permanent = True
            generate_csrf()  # a new CSRF token now, so the next pages do not re-issue the cookie
            staff.audit(get_store(), user, "login")
            return redirect(safe_next(request.args.get("next")), code=303)
        error = error or _("Usuário ou senha incorretos.")
        # What was typed is not written down unless it names an account: a password typed
        # into the name field, or a person's name, would otherwise sit on the audit page.
        typed = username.strip().lower()[:60]
        staff.audit(get_store(), None, "login_falhou", typed if staff.exists(get_store(), typed) else "")
        return render_template("admin/login.html", error=error), 401
    return render_template("admin/login.html", error=error)


@bp.post("/sair")
@staff_required
def logout():
    staff.audit(get_store(), current_user(), "logout")
    sessions.revoke(get_store(), session.get("staff_sid"))
    session.clear()
    return redirect(url_for("pages.home"), code=303)


PAGE_SIZE = 50  # complaints per page of the staff listing


@bp.get("/")
@staff_required
def dashboard():
    """Every complaint, newest first, a page at a time, filtered by status, place and plate
    (the listing showed only the newest 200: a flood of complaints hid the real ones)."""
    from knowledge.places import PLACES
    from knowledge.plates import InvalidPlate, normalize

    situacao = request.args.get("situacao") or None
    jurisdicao = request.args.get("jurisdicao") or None
    raw_plate = (request.args.get("placa") or "").strip()
    if situacao not in (None, *store.STATES) or jurisdicao not in (None, *PLACES):
        return error_response(400, _("Filtro desconhecido."))
    placa = None
    if raw_plate:
        try:
            placa = normalize(raw_plate)
        except InvalidPlate:
            return error_response(400, _("Placa inválida no filtro: use o formato ABC1234 ou ABC1D23."))
    page_text = request.args.get("pagina") or "1"
    if not (page_text.isascii() and page_text.isdigit()) or int(page_text) < 1:
        return error_response(400, _("A página deve ser um número inteiro a partir de 1."))
    db = get_store()
    total = store.count_matching(db, situacao, jurisdicao, placa)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(int(page_text), pages)
    filters = {k: v for k, v in (("situacao", situacao), ("jurisdicao", jurisdicao), ("placa", placa)) if v}
    return render_template(
        "admin/dashboard.html",
        complaints=clean_all(store.listing(db, situacao, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE, jurisdicao=jurisdicao, placa=placa)),
        counts=store.counts(db),
        situacao=situacao, jurisdicao=jurisdicao, placa=placa or raw_plate,
        filters=filters, page=page, pages=pages, total=total,
        states=STATE_LABELS,
        occurrences=OCCURRENCES, occurrence_label=occurrence_label,
        places={place_id: place.name for place_id, place in PLACES.items()},
        registry=registry_info(get_db()),
    )


@bp.get("/denuncias/<int:complaint_id>")
@staff_required
def complaint(complaint_id: int):
    return complaint_page(complaint_id, show_contact=request.args.get("contato") == "1",
                          saved=_(SAVED[request.args["salvo"]]) if request.args.get("salvo") in SAVED else None)


def complaint_page(complaint_id: int, *, status: int = 200, show_contact: bool = False, saved: str | None = None, error: str | None = None,
                   form_error=None, form: dict | None = None):
    """The staff complaint page — on a GET, and again with the message after a refused action (4xx).
    Showing the contact is written to the audit trail."""
    db = get_store()
    data = clean_all(store.staff_view(db, complaint_id, with_contact=show_contact))
    if data is None:
        abort(404)
    if show_contact:
        staff.audit(db, current_user(), "viu_contato", data["protocolo"])
    # The row search comes in the address (GET) or, after a refused save, back in the form (hidden fields).
    classification = reclassification.panel(db, data, busca=request.values.get("busca", ""), todas=request.values.get("todas") == "1",
                                            keep=(form or {}).get("linha"))
    return render_template("admin/complaint.html", c=data, states=STATE_LABELS, next_states=sorted(store.TRANSITIONS[data["situacao"]]), occurrences=OCCURRENCES,
                           show_contact=show_contact, photos=store.photo_list(db, complaint_id),
                           contact_erased=staff.last_action_at(db, "apagou_contato", data["protocolo"]), occurrence_label=occurrence_label,
                           saved=saved, error=error, form_error=form_error, form=form or {}, cl=classification, no_row=reclassification.NO_ROW,
                           max_reason=reclassification.MAX_REASON), status


@bp.post("/denuncias/<int:complaint_id>/apagar-contato")
@staff_required
def erase_contact(complaint_id: int):
    """Erase the complainant's contact details at their request (LGPD); the complaint stays,
    anonymous.  The audit line names the protocol only — never what was erased."""
    db = get_store()
    if store.staff_view(db, complaint_id, with_contact=False) is None:
        abort(404)
    if request.form.get("confirma") != "sim":
        return error_response(400, _("Confirme que o denunciante pediu para apagar o contato."))
    protocolo = store.erase_contact(db, complaint_id)
    if protocolo is None:
        return error_response(409, _("Esta denúncia não tem contato a apagar."))
    staff.audit(db, current_user(), "apagou_contato", protocolo, "a pedido do denunciante (LGPD)")
    return redirect(url_for("admin.complaint", complaint_id=complaint_id, salvo="contato"), code=303)


@bp.get("/denuncias/<int:complaint_id>/fotos/<int:n>")
@staff_required
def complaint_photo(complaint_id: int, n: int):
    """A complaint's photo, for staff only (already re-encoded without metadata on arrival)."""
    photo = store.photo(get_store(), complaint_id, n)
    if photo is None:
        abort(404)
    response = Response(photo.conteudo, mimetype=photo.tipo)
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Disposition"] = f'inline; filename="denuncia-{complaint_id}-foto-{n}.jpg"'
    return response


@bp.post("/denuncias/<int:complaint_id>/situacao")
@staff_required
def complaint_transition(complaint_id: int):
    db = get_store()
    new_state = request.form.get("situacao", "")
    note = (request.form.get("nota") or "").strip()[:2000]
    public = request.form.get("publica") == "sim"
    try:
        store.transition(db, complaint_id, new_state, note=note, public=public, staff_id=current_user()["id"])
    except store.InvalidTransition as exc:
        return complaint_page(complaint_id, status=400, error=str(exc))
    staff.audit(db, current_user(), "mudou_situacao", str(complaint_id), f"{STATE_LABELS[new_state]}; nota {'pública' if public else 'interna'}")
    return redirect(url_for("admin.complaint", complaint_id=complaint_id, salvo="situacao"), code=303)


@bp.post("/denuncias/<int:complaint_id>/enquadramento")
@staff_required
def complaint_reclassify(complaint_id: int):
    """Staff put the complaint under another row of its place's table (or "sem enquadramento"), with a
    reason; audited.  A refusal comes back on the page with what was chosen and typed, and a 4xx."""
    db = get_store()
    if store.staff_view(db, complaint_id, with_contact=False) is None:
        abort(404)
    try:
        reclassification.reclassify(db, complaint_id, request.form, current_user())
    except reclassification.ReclassifyError as exc:
        form = {"linha": (request.form.get("linha") or "")[:200], "motivo": clean((request.form.get("motivo") or "")[:2000])}
        return complaint_page(complaint_id, status=exc.status, error=exc.text(), form_error=exc.field, form=form)
    return redirect(url_for("admin.complaint", complaint_id=complaint_id, salvo="enquadramento"), code=303)


def allow_registry_upload() -> None:
    """Registered before the CSRF check (which reads the form): a signed-in staff member's
    registry upload gets its own size limit (REGISTRY_MAX_UPLOAD, 200 MiB), streamed to a
    temporary file by the form parser; everyone else keeps the global 64 KiB."""
    if request.method == "POST" and request.endpoint == "admin.registry" and current_user() is not None:
        request.max_content_length = current_app.config["REGISTRY_MAX_UPLOAD"]


@bp.route("/registro", methods=["GET", "POST"])
@staff_required
def registry():
    report, error, received = None, None, []
    if request.method == "POST":
        operators, vehicles = request.files.get("operadoras"), request.files.get("veiculos")
        if not operators or not vehicles or not operators.filename or not vehicles.filename:
            error = _("Envie os dois arquivos: operadoras e veículos.")
        else:
            received = [(upload.filename[-80:], upload_size(upload.stream)) for upload in (operators, vehicles)]
            try:
                # The direct path (no preview) never shrinks the registry by more than the preview allows
                # without its confirmation (issue #28): such a file goes through /admin/registro/previa.
                report = import_registry(get_db(), operators.stream, vehicles.stream, strict=request.form.get("estrito") == "sim",
                                         max_shrink=None if request.form.get("confirmo_reducao") == "sim" else MAX_SHRINK)
                if report.replaced:
                    publish_registry(current_app, get_db())  # the other nodes pick it up
            except ImportFileError as exc:
                error = str(exc)
            else:
                if report.replaced:
                    publish_after_import(get_db(), get_store())  # the open-data package follows every import
                staff.audit(get_store(), current_user(), "importou_registro", "", f"{report.operators} operadoras, {report.vehicles} veículos, {report.rejected_count} rejeitadas")
    status = 400 if error or (report and not report.replaced) else 200
    return render_template("admin/registry.html", report=report, error=error, received=received, registry=registry_info(get_db()),
                           number=format_decimal), status


@bp.get("/exportar.csv")
@staff_required
def export():
    db = get_store()
    staff.audit(db, current_user(), "exportou_denuncias")
    columns = ["protocolo", "criada_em", "atualizada_em", "jurisdicao", "placa", "data_ocorrencia", "origem", "destino", "ocorrencias", "relato", "situacao", "tem_contato"]
    body = export_csv(store.export_rows(db), columns)
    return Response(body, mimetype="text/csv", headers={"Content-Disposition": f"attachment; filename=denuncias-{clock.today().isoformat()}.csv"})


@bp.get("/adesivos")
@staff_required
def stickers():
    """QR stickers, print-ready (A4, cut marks): one vehicle (?placa=) or an operator's fleet (?cnpj=)."""
    placa = (request.args.get("placa") or "").strip()[:20]
    cnpj = (request.args.get("cnpj") or "").strip()[:30]
    if not placa and not cnpj:
        return render_template("admin/stickers.html", sheets=[], placa="", cnpj="", error=None, instructions=INSTRUCTIONS)
    db = get_db()
    try:
        items = vehicle_sticker(db, placa) if placa else fleet_stickers(db, cnpj)
    except StickerError as exc:
        return render_template("admin/stickers.html", sheets=[], placa=placa, cnpj=cnpj, error=_(exc.message, **exc.params), instructions=INSTRUCTIONS), exc.status
    staff.audit(get_store(), current_user(), "imprimiu_adesivos", placa or cnpj, f"{len(items)} adesivo{'s' if len(items) != 1 else ''}")  # the shared audit trail (in Portuguese, as every record)
    sheets = [items[i:i + STICKERS_PER_SHEET] for i in range(0, len(items), STICKERS_PER_SHEET)]
    # A sticker of an operator whose registration is cancelled or suspended leads a passenger to "do not
    # board": printed without a word, it would be glued on a vehicle that may not operate (issue #31).
    flagged = next((s for s in items if s.operator_status != "ativo"), None)
    status = flagged.operator_status if flagged else None
    # Said in the place's own law's words: São Paulo, Acre and Recife "cassam" a registration, Pernambuco cancels a CRC.
    status_words = PLACE_MESSAGES[flagged.place].get(f"crc_{status}") if flagged and flagged.place in PLACE_MESSAGES else None
    return render_template("admin/stickers.html", sheets=sheets, count=len(items), placa=placa, cnpj=cnpj, error=None, instructions=INSTRUCTIONS,
                           operator_status=status, status_words=status_words, operator_name=items[0].operator if items else "")


@bp.get("/auditoria")
@staff_required
def audit_log():
    return render_template("admin/audit.html", entries=clean_all(staff.audit_entries(get_store())), actions=AUDIT_ACTIONS)
