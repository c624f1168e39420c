"""Safe registry imports on the staff page: preview first, then confirm (issue #28).

"Importar e substituir" used to replace 313 vehicles with 3 without a word.  Now the
staff form posts to ``/admin/registro/previa``: both files are validated and compared
with the registry now — vehicles and operators added, removed and changed, rejected
lines — and nothing is written.  The uploads wait in the data dir (owner-only, for an
hour, under a random token bound to the staff member who sent them) until
``/admin/registro/confirmar`` imports exactly those files.  When the registry would
shrink by more than :data:`MAX_SHRINK` the confirmation needs an explicit tick, and the
import itself refuses the shrink without it (``import_registry(max_shrink=…)``), so a
replayed or forged confirmation cannot skip the question.

Also here, as a context processor for the staff templates: whether the public address
the QR stickers encode (``PORTAL_BASE_URL``) is a loopback or the default one.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import secrets
import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, render_template, request
from flask_babel import format_decimal
from flask_babel import gettext as _

from .admin import current_user, staff_required
from .database import get_db, get_store, publish_registry
from .opendata import publish_after_import
from .storage import staff
from .storage.registry import registry_info
from .storage.registry_files import ImportFileError, upload_size
from .storage.registry_import import MAX_SHRINK, import_registry, preview_registry  # MAX_SHRINK: ask first above 10 % fewer (issue #28)

bp = Blueprint("registry_admin", __name__, url_prefix="/admin/registro")

STAGING = "registro-previa"
STAGING_SECONDS = 3600
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
DEFAULT_BASE_URL = "http://127.0.0.1:8000"  # app.py's default


def allow_upload() -> None:
    """The preview receives the registry files: the same upload limit as the staff import
    (REGISTRY_MAX_UPLOAD), for signed-in staff only.  Registered before the CSRF check."""
    if request.method == "POST" and request.endpoint == "registry_admin.preview" and current_user() is not None:
        request.max_content_length = current_app.config["REGISTRY_MAX_UPLOAD"]


def _staging_root() -> Path:
    return Path(current_app.config["DATA_DIR"]) / STAGING


def _clean_stale(root: Path) -> None:
    if not root.is_dir():
        return
    for folder in root.iterdir():
        try:
            if time.time() - folder.stat().st_mtime > STAGING_SECONDS:
                shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            continue


def _stage(operators, vehicles, meta: dict) -> tuple[str, Path]:
    """Keep both uploads (owner-only) under a new token until the confirmation."""
    root = _staging_root()
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    _clean_stale(root)
    token = secrets.token_urlsafe(24)
    folder = root / token
    folder.mkdir(mode=0o700)
    for name, upload in (("operadoras", operators), ("veiculos", vehicles)):
        fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            shutil.copyfileobj(upload.stream, out, 1024 * 1024)
    (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return token, folder


def _staged(token: str) -> tuple[Path, dict]:
    """The staged uploads of ``token``, only for the staff member who sent them."""
    if not TOKEN_RE.match(token or ""):
        abort(400)
    folder = _staging_root() / token
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        abort(410)  # expired (an hour) or already imported
    user = current_user()
    if meta.get("user") != (user or {}).get("id") or time.time() - meta.get("created", 0) > STAGING_SECONDS:
        abort(410)
    return folder, meta


def _page(status: int = 200, **context):
    context.setdefault("report", None)
    context.setdefault("error", None)
    context.setdefault("received", [])
    return render_template("admin/registry.html", registry=registry_info(get_db()), number=format_decimal, max_shrink=MAX_SHRINK, **context), status


@bp.post("/previa")
@staff_required
def preview():
    operators, vehicles = request.files.get("operadoras"), request.files.get("veiculos")
    if not operators or not vehicles or not operators.filename or not vehicles.filename:
        return _page(400, error=_("Envie os dois arquivos: operadoras e veículos."))
    received = [(upload.filename[-80:], upload_size(upload.stream)) for upload in (operators, vehicles)]
    strict = request.form.get("estrito") == "sim"
    user = current_user()
    token, folder = _stage(operators, vehicles, {"user": user["id"], "created": time.time(), "received": received, "strict": strict})
    try:
        with open(folder / "operadoras", "rb") as ops, open(folder / "veiculos", "rb") as vehs:
            result = preview_registry(get_db(), ops, vehs, strict=strict)
    except ImportFileError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        return _page(400, error=str(exc), received=received)
    if result.kept is not None:
        shutil.rmtree(folder, ignore_errors=True)  # nothing to confirm: the registry would be kept
        token = None
    staff.audit(get_store(), user, "previa_registro", "", f"{result.after} veículos ({result.added} novos, {result.removed} removidos, {result.changed} alterados), {result.report.rejected_count} rejeitadas")
    return _page(200 if result.kept is None else 400, preview=result, token=token, received=received, strict=strict,
                 needs_confirmation=result.needs_confirmation(MAX_SHRINK))


@bp.post("/confirmar")
@staff_required
def confirm():
    folder, meta = _staged(request.form.get("previa", ""))
    confirmed_shrink = request.form.get("confirmo_reducao") == "sim"
    received = [tuple(item) for item in meta.get("received", [])]
    try:
        with open(folder / "operadoras", "rb") as ops, open(folder / "veiculos", "rb") as vehs:
            report = import_registry(get_db(), ops, vehs, strict=bool(meta.get("strict")), max_shrink=None if confirmed_shrink else MAX_SHRINK)
    except ImportFileError as exc:
        return _page(400, error=str(exc), received=received)
    if report.kept == "reducao":
        # The files stay staged: the same preview, now asking for the tick.
        with open(folder / "operadoras", "rb") as ops, open(folder / "veiculos", "rb") as vehs:
            result = preview_registry(get_db(), ops, vehs, strict=bool(meta.get("strict")))
        return _page(400, preview=result, token=request.form.get("previa"), received=received, strict=bool(meta.get("strict")), needs_confirmation=True,
                     error=_("Confirme a redução do cadastro: marque a caixa abaixo para importar mesmo assim."))
    shutil.rmtree(folder, ignore_errors=True)
    if report.replaced:
        publish_registry(current_app, get_db())  # the other nodes pick it up
        publish_after_import(get_db(), get_store())  # the open-data package follows every import
    staff.audit(get_store(), current_user(), "importou_registro", "", f"{report.operators} operadoras, {report.vehicles} veículos, {report.rejected_count} rejeitadas")
    return _page(200 if report.replaced else 400, report=report, received=received, strict=bool(meta.get("strict")))


def address_warning(base_url: str) -> str | None:
    """Why the stickers' address would not reach a passenger's phone: "padrao" (the
    default, never configured), "loopback" (127.0.0.0/8, ::1, localhost) or "privado" (a
    private or link-local address); None for a public address."""
    if (base_url or "").rstrip("/") == DEFAULT_BASE_URL:
        return "padrao"
    host = (urlsplit(base_url or "").hostname or "").lower()
    if not host or host == "localhost" or host.endswith(".localhost"):
        return "loopback"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if address.is_loopback or address.is_unspecified:
        return "loopback"
    if address.is_private or address.is_link_local:
        return "privado"
    return None


@bp.app_context_processor
def sticker_address() -> dict:
    return {"sticker_address_warning": lambda: address_warning(current_app.config.get("PORTAL_BASE_URL", ""))}
