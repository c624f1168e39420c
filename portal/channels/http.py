"""Calls to a platform's API (JSON over HTTPS), with the failures sorted for the queue.

The standard library's client is enough for a few JSON POSTs and a media download and
keeps the web workers free of another HTTP stack.  A failure is ``Retry`` (the platform
or the network is down, or asks us to slow down: try again later) or ``Refused`` (the
platform says the request itself is wrong: retrying would fail the same way).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request


class PlatformError(Exception):
    pass


class Retry(PlatformError):
    pass


class Refused(PlatformError):
    pass


def _open(request: urllib.request.Request, timeout: float):
    try:
        return urllib.request.urlopen(request, timeout=timeout)  # noqa: S310 - the configured API base only
    except urllib.error.HTTPError as exc:
        status = exc.code
        exc.close()
        if status == 429 or status >= 500:
            raise Retry(f"HTTP {status}") from None
        raise Refused(f"HTTP {status}") from None
    except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as exc:
        raise Retry(type(exc).__name__) from None


def post_json(url: str, body: dict, *, headers: dict | None = None, timeout: float = 10) -> dict:
    data = json.dumps(body, ensure_ascii=False).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers={"Content-Type": "application/json", **(headers or {})})
    with _open(request, timeout) as response:
        raw = response.read(1024 * 1024)
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        return {}


def get_json(url: str, *, headers: dict | None = None, timeout: float = 10) -> dict:
    with _open(urllib.request.Request(url, headers=headers or {}), timeout) as response:
        raw = response.read(1024 * 1024)
    try:
        return json.loads(raw or b"{}")
    except ValueError as exc:
        raise Refused("resposta não é JSON") from exc


def get_bytes(url: str, *, limit: int, headers: dict | None = None, timeout: float = 10) -> bytes:
    """At most ``limit`` + 1 bytes: the caller's size check sees a file that is too large
    without this process ever holding more of it."""
    with _open(urllib.request.Request(url, headers=headers or {}), timeout) as response:
        return response.read(limit + 1)
