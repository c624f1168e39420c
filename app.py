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

import os
from pathlib import Path

from flask import Flask

from portal import create_portal

PROJECT_ROOT = Path(__file__).resolve().parent


def create_app(config: dict | None = None) -> Flask:
    """Build the portal.

    Configuration comes from the environment (``PORTAL_DATA_DIR``,
    ``PORTAL_SECRET_KEY`` …) and is overridden by ``config`` (tests).
    """
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "portal" / "static"),
    )
    app.config.update(
        DATA_DIR=os.environ.get("PORTAL_DATA_DIR", str(PROJECT_ROOT / "var")),
        SECRET_KEY=os.environ.get("PORTAL_SECRET_KEY"),
        DEMO_MODE=os.environ.get("PORTAL_DEMO", "1") == "1",
        MAX_CONTENT_LENGTH=64 * 1024,
        # The portal's public address: vehicle QR codes and other absolute links are built
        # from it, never from the request's Host header (which the client chooses).
        PORTAL_BASE_URL=os.environ.get("PORTAL_BASE_URL", "http://127.0.0.1:8000"),
        # Licence of the open data (/dados-abertos): an SPDX id listed in knowledge/open_data.py.
        OPEN_DATA_LICENSE=os.environ.get("PORTAL_OPEN_DATA_LICENSE", "CC-BY-4.0"),
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
