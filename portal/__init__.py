"""The Flask web layer: pages, the JSON API and htmx partials.

Domain rules live in ``knowledge/`` and search in ``search_index/``; this package
only turns HTTP into calls on them and results into pages or JSON.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask
from flask_compress import Compress
from flask_htmx import HTMX

from flask_wtf.csrf import CSRFProtect

from . import fleet  # /frota, the fleet check (issue #30)

from . import admin, api, assistant_web, cli, comparison_web, database, errors, health, i18n, json_safety, law_reader, law_urls, locale_data, openapi, opendata, page_cache, pages, passenger, security, serialize, vehicles, wizards
from . import lookup, registry_admin
from .search import SearchService
from . import channels
from . import settings_cli
import settings


def _secret_key(data_dir: Path) -> str:
    """A per-installation secret kept in the data dir (shared by all workers)."""
    path = data_dir / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        key = secrets.token_hex(32)
        handle.write(key)
    return key


def create_portal(app: Flask) -> None:
    data_dir = Path(app.config["DATA_DIR"]).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    app.config["DATA_DIR"] = str(data_dir)
    app.config.setdefault("INDEX_DIR", str(data_dir / "index"))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(data_dir)

    app.json = json_safety.SafeJSONProvider(app)
    security.init_app(app)
    database.init_app(app)
    app.config.setdefault("REGISTRY_MAX_UPLOAD", settings.value("PORTAL_REGISTRY_MAX_MB") * 1024 * 1024)
    # Before CSRFProtect's own hook, which parses the form under the request's size limit.
    app.before_request(admin.allow_registry_upload)
    app.before_request(registry_admin.allow_upload)  # the import preview (issue #28)
    passenger.init_upload_limit(app)  # before CSRF, which reads the request body
    csrf = CSRFProtect(app)
    # The JSON API takes application/json only, which a cross-site form cannot send.
    csrf.exempt(api.bp)
    HTMX(app)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_MIN_SIZE", 1024)
    Compress(app)
    from . import templating  # a cheaper check on each {% from … import %} (issue #32)

    templating.init_app(app)
    i18n.init_app(app)
    locale_data.slim(i18n.LANGUAGES)  # Babel's data for the three languages, ~2 MB less per worker
    page_cache.init_app(app)
    from . import static_files  # versioned static URLs, kept a year by browsers (issue #31)

    static_files.init_app(app)
    from . import template_urls  # templates' url_for kept for the fixed addresses (issue #32)

    template_urls.init_app(app)
    app.extensions["search"] = SearchService(app.config["INDEX_DIR"])
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(wizards.bp)
    app.register_blueprint(wizards.aliases)  # /guias → /assistentes/
    app.register_blueprint(passenger.bp)
    app.register_blueprint(vehicles.bp)
    app.register_blueprint(opendata.bp)
    app.register_blueprint(comparison_web.bp)
    app.register_blueprint(admin.bp)
    app.register_blueprint(registry_admin.bp)
    app.register_blueprint(assistant_web.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(fleet.bp)  # /frota (issue #30); its JSON is in api
    app.register_blueprint(openapi.bp)
    app.register_blueprint(law_reader.bp)
    channels.init_app(app)  # WhatsApp and Telegram webhooks (off unless PORTAL_CHANNELS names them)
    app.jinja_env.globals.update(say=serialize.say, cites=serialize.cites, error_text=serialize.error_text)
    app.jinja_env.globals["kept_html"] = lookup.kept_html  # parts of plate answers that plates share
    errors.init_app(app)
    cli.init_app(app)
    settings_cli.init_app(app)  # `flask settings`: the table of settings (settings.py)
    opendata.init_app(app)
    law_urls.init_app(app)
    security.streamline_hooks(app)  # last: wraps hooks the extensions above registered
