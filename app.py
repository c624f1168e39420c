"""Embarque Legal — the application factory.

``gunicorn app:app`` and ``flask --app app …`` use the module attribute ``app``;
tests, benchmarks and tools call ``create_app({"DATA_DIR": tmp_path})`` to get an
isolated instance.

``app`` is built on first use, not at import.  Building the portal writes to its
data directory (creates ./var or PORTAL_DATA_DIR, its secret key and the migrated
database), so an application built at import would make ``from app import
create_app`` — every test, benchmark and tool — write ./var as a side effect.
A lazily built module attribute (PEP 562 ``__getattr__``) keeps importing free of
side effects while the server and the ``flask`` command, which look the attribute
up by name, get the same single application as before.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

import settings
from portal import create_portal

PROJECT_ROOT = Path(__file__).resolve().parent


def create_app(config: dict | None = None) -> Flask:
    """Build the portal.

    Configuration comes from the environment (``PORTAL_DATA_DIR``,
    ``PORTAL_SECRET_KEY`` …, every variable declared in ``settings.py``) and is overridden
    by ``config`` (tests).  A variable or key with a value of the wrong type stops the start
    here with :class:`settings.SettingsError` naming it, not a 500 on a later request.
    """
    settings.validate(scopes=("app",))
    if config:
        settings.check_config(config)
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "portal" / "static"),
    )
    app.config.update(
        DATA_DIR=settings.value("PORTAL_DATA_DIR"),
        SECRET_KEY=settings.value("PORTAL_SECRET_KEY"),
        DEMO_MODE=settings.value("PORTAL_DEMO"),
        MAX_CONTENT_LENGTH=settings.setting("MAX_CONTENT_LENGTH").default,
        # The portal's public address: vehicle QR codes and other absolute links are built
        # from it, never from the request's Host header (which the client chooses).
        PORTAL_BASE_URL=settings.value("PORTAL_BASE_URL"),
        # Licence of the open data (/dados-abertos): an SPDX id listed in knowledge/open_data.py.
        OPEN_DATA_LICENSE=settings.value("PORTAL_OPEN_DATA_LICENSE"),
    )
    if config:
        app.config.update(config)
    create_portal(app)
    return app


def __getattr__(name: str) -> Flask:
    """``app``: the server's application, built from the environment on first access."""
    if name == "app":
        application = create_app()
        globals()["app"] = application  # later look-ups find it without coming back here
        return application
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
