"""Embarque Legal — the application factory.

``gunicorn app:app`` serves the module-level ``app``; tests call
``create_app({"DATA_DIR": tmp_path})`` to get an isolated instance.
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


app = create_app()
