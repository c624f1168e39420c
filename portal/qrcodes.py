"""The public address of each vehicle (``/v/<placa>``) and its QR code.

The QR code encodes that address and nothing else: never the status, which
changes after the sticker is printed.  The address is built from the configured
``PORTAL_BASE_URL`` (the portal's public address), never from the request's Host
header, which a client chooses.  Codes are drawn server-side as SVG with segno;
the tests rasterise the same code to PNG and decode it back.
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit

from flask import current_app

from knowledge.plates import normalize

# Level M (15% recovery) survives a scratched or slightly dirty sticker and keeps
# the code small; "dark" is pure black for cheap laser printers.
ERROR_LEVEL = "m"


def base_url() -> str:
    return current_app.config["PORTAL_BASE_URL"].rstrip("/")


def vehicle_path(plate: str) -> str:
    """``/v/KGT2E47``: the plate as registered, upper case, without hyphen."""
    return f"/v/{normalize(plate)}"


def vehicle_url(plate: str) -> str:
    return base_url() + vehicle_path(plate)


def short_url(plate: str) -> str:
    """The address as a person types it: without the scheme (``portal.example/v/KGT2E47``)."""
    parts = urlsplit(vehicle_url(plate))
    return parts.netloc + parts.path


def make_qr(url: str) -> "segno.QRCode":  # noqa: F821
    # Imported on first use: only the vehicle pages and stickers draw codes (~1 MB per worker, issue #12).
    import segno

    return segno.make_qr(url, error=ERROR_LEVEL, boost_error=False)


def svg(url: str, *, label: str) -> str:
    """An inline SVG (no XML declaration, no fixed size: CSS sizes it), with an accessible name."""
    out = io.BytesIO()
    make_qr(url).save(out, kind="svg", xmldecl=False, svgns=True, omitsize=True, border=4, dark="#000", light="#fff",
                      title=label, svgclass="qr", lineclass=None)
    # role="img" with the <title> as its name: screen readers announce it as one image.
    return out.getvalue().decode("utf-8").replace("<svg ", '<svg role="img" ', 1)


def png(url: str, *, scale: int = 8) -> bytes:
    """The same code as a PNG (what a phone camera sees, for the decoding tests)."""
    out = io.BytesIO()
    make_qr(url).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
