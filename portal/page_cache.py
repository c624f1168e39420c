"""Pages that are the same for everyone, rendered once and served with HTTP validators.

Law texts, unit pages, the home page and the wizards' start pages depend only on
the URL (path and query string, e.g. ``?data=`` for a law on a date), the
language, htmx's headers and — for pages that show "today" — the date.  Under
:func:`cached_page`, each such variant is rendered once per worker and kept
(least recently used out, bounded in bytes), with gzip/brotli copies made on
first demand.  Every answer carries a strong ``ETag`` (a hash of the bytes),
``Last-Modified`` (when the code, templates, catalogs or statutes last changed —
the "corpus version" — or midnight for pages that change by date) and
``Cache-Control``; ``If-None-Match`` / ``If-Modified-Since`` get a 304.

The cache lives on the app (``app.extensions["page_cache"]``): a rebuilt corpus
or a deploy restarts the workers, which starts it empty.  Nothing personal may be
cached: only views whose output does not depend on the session or cookies other
than the language use the decorator.

Pages that can change at any moment — a plate's status changes with a registry
import — use :func:`cached_render` instead: the rendered body is kept per worker
together with the value of the inputs it was made from (``depends()``: the
registry's version, the contacts file, today's date), which is compared on every
request; no validator or public Cache-Control is sent, so browsers and proxies ask
again every time.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, time, timezone
from functools import lru_cache, wraps
from pathlib import Path

import settings
from flask import Flask, current_app, g, make_response, request
from flask.globals import _cv_request, request_ctx
from flask_babel import get_locale
from werkzeug.http import http_date, quote_etag
from werkzeug.wrappers import Response

from knowledge import clock

try:
    import brotli
except ImportError:  # pragma: no cover - flask-compress installs it
    brotli = None

# Hand-written on purpose, not Flask-Caching (issue #33 weighed it): its backends keep a view's return
# value per key with a time to live, but none bounds the cache in bytes (a worker's memory budget,
# benchmarks/memory.py), keeps the gzip and brotli copies of a page beside it (compressed once, not per
# request: flask-compress would recompress a cached body), or gives each variant a strong ETag from its bytes.
# The HTTP parts are Werkzeug's (quote_etag, http_date, the request's parsed If-None-Match and
# If-Modified-Since); what is left here is the LRU-by-bytes store and the choice of key.
ROOT = Path(__file__).resolve().parent.parent
CACHE_CONTROL = "public, max-age=300"
PRIVATE_CACHE_CONTROL = "private, max-age=300"
VARY = "Accept-Language, Cookie, HX-Request, HX-Target, Accept-Encoding"
DEFAULT_MAX_BYTES = settings.setting("PORTAL_PAGE_CACHE_MB").default * 2**20  # PORTAL_PAGE_CACHE_MB
MIN_COMPRESS = 1024


@lru_cache(maxsize=1)
def content_version_time() -> datetime:
    """When what the cached pages are made of last changed: statutes, templates, catalogs, code."""
    newest = 0.0
    for pattern in ("knowledge/**/*.py", "knowledge/statutes/**/*", "portal/**/*.py", "templates/**/*.html", "portal/translations/**/*.mo"):
        for path in ROOT.glob(pattern):
            newest = max(newest, path.stat().st_mtime)
    return datetime.fromtimestamp(int(newest), timezone.utc)


@dataclass
class Entry:
    body: bytes
    mimetype: str
    etag: str
    last_modified: datetime
    encoded: dict[str, bytes] = field(default_factory=dict)
    last_modified_http: str = ""  # the header's text, formatted once

    def __post_init__(self):
        self.last_modified_http = http_date(self.last_modified)

    @property
    def size(self) -> int:
        return len(self.body) + sum(len(v) for v in self.encoded.values())


class PageCache:
    """Least-recently-used pages, at most ``max_bytes`` of bodies (compressed copies included)."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES):
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple, Entry] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: tuple) -> Entry | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return entry

    def put(self, key: tuple, entry: Entry) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= old.size
            if entry.size > self.max_bytes:
                return
            self._entries[key] = entry
            self._bytes += entry.size
            self._evict()

    def grow(self, entry: Entry, encoding: str, data: bytes) -> None:
        with self._lock:
            if encoding not in entry.encoded:
                entry.encoded[encoding] = data
                self._bytes += len(data)
                self._evict()

    def _evict(self) -> None:
        while self._bytes > self.max_bytes and self._entries:
            _, old = self._entries.popitem(last=False)
            self._bytes -= old.size

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._entries)


def _key(daily: bool) -> tuple:
    return (
        request.path,
        tuple(sorted(request.args.items(multi=True))),
        str(get_locale()),
        request.headers.get("HX-Request", ""),
        request.headers.get("HX-Target", ""),
        clock.today().isoformat() if daily else "",
    )


def _encoding() -> str | None:
    if not current_app.config.get("COMPRESS_REGISTER", True):  # compression turned off for the app (flask-compress's switch)
        return None
    accepted = request.accept_encodings
    if brotli is not None and accepted["br"]:
        return "br"
    if accepted["gzip"]:
        return "gzip"
    return None


def _compress(body: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(body, quality=current_app.config.get("COMPRESS_BR_LEVEL", 4))
    return gzip.compress(body, compresslevel=current_app.config.get("COMPRESS_LEVEL", 6), mtime=0)


def _not_modified(entry: Entry, etag: str) -> bool:
    if request.if_none_match:
        return request.if_none_match.contains(etag) or request.if_none_match.contains(entry.etag)
    since = request.if_modified_since
    return since is not None and since >= entry.last_modified


def _answer(cache: PageCache, entry: Entry) -> Response:
    encoding = _encoding() if len(entry.body) >= MIN_COMPRESS else None
    etag = f"{entry.etag}:{encoding}" if encoding else entry.etag  # as flask-compress names its variants
    headers = [
        ("ETag", quote_etag(etag)),
        ("Last-Modified", entry.last_modified_http),
        # A "?lang=" answer also sets the language cookie: no shared cache may keep it.
        ("Cache-Control", CACHE_CONTROL if not g.get("lang_to_remember") else PRIVATE_CACHE_CONTROL),
        ("Vary", VARY),
    ]
    if _not_modified(entry, etag):
        return Response(status=304, headers=headers)
    body = entry.body
    if encoding:
        body = entry.encoded.get(encoding)
        if body is None:
            body = _compress(entry.body, encoding)
            cache.grow(entry, encoding, body)
        headers.append(("Content-Encoding", encoding))
    return Response(body, mimetype=entry.mimetype, headers=headers)


def cached_page(view=None, *, daily: bool = False, only_args: frozenset[str] | None = None):
    """Serve a GET view's 200 answers from the page cache (see the module's docstring).

    ``daily``: the page shows today's date (a form's default), so it is kept per
    day.  ``only_args``: cache only when the query string has no other
    parameters (e.g. a wizard's start page, not the steps with answers).
    """

    def decorate(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            cache: PageCache | None = current_app.extensions.get("page_cache")
            if cache is None or request.method not in ("GET", "HEAD") or (only_args is not None and not set(request.args) <= only_args):
                return view(*args, **kwargs)
            key = _key(daily)
            entry = cache.get(key)
            if entry is None:
                response = make_response(view(*args, **kwargs))
                if response.status_code != 200 or response.is_streamed or "Set-Cookie" in response.headers:
                    return response
                body = response.get_data()
                last_modified = content_version_time()
                if daily:
                    last_modified = max(last_modified, datetime.combine(clock.today(), time.min, clock.DEFAULT_ZONE).astimezone(timezone.utc))
                entry = Entry(body, response.mimetype, hashlib.sha256(body).hexdigest()[:32], last_modified)
                cache.put(key, entry)
            return _answer(cache, entry)

        return wrapper

    return decorate(view) if view is not None else decorate


@dataclass
class Rendered:
    """A view's answer as rendered once, and the inputs (``depends()``) it was made from."""

    body: bytes
    status: int
    mimetype: str
    inputs: tuple

    @property
    def size(self) -> int:
        return len(self.body)


# What a response carries when it is nothing but a rendered template (render_template's
# string, or (string, status)): anything else — a cookie, a redirect — is not kept.
_PLAIN_HEADERS = frozenset({"content-type", "content-length"})


def _session_used() -> bool:
    """Whether the view read the person's session (then its page is theirs, not kept).  Read
    from the request context's own slot: Flask's ``session`` proxy marks the session as
    accessed by being looked at (Flask 3.1).  Unknown (another Flask): counted as used."""
    found = getattr(request_ctx._get_current_object(), "_session", True)
    return found is True or bool(getattr(found, "accessed", True))


def cached_render(depends):
    """Keep a GET view's rendered answer per worker (see the module's docstring).

    The key is the address (path and query string as sent), the language and htmx's
    headers; an entry is used only while ``depends()`` returns the value it had when the
    page was rendered.  The view's own decorators outside this one (rate limits) run on
    every request, and so do the after-request hooks (security headers, the language
    cookie, compression)."""

    def decorate(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            cache: PageCache | None = current_app.extensions.get("render_cache")
            req = _cv_request.get().request
            if cache is None or req.method not in ("GET", "HEAD"):
                return view(*args, **kwargs)
            environ = req.environ  # htmx's headers read straight from the WSGI environ
            key = (req.path, req.query_string, str(get_locale()), environ.get("HTTP_HX_REQUEST", ""), environ.get("HTTP_HX_TARGET", ""),
                   environ.get("HTTP_HX_HISTORY_RESTORE_REQUEST", ""))
            inputs = depends()
            entry = cache.get(key)
            if entry is not None and entry.inputs == inputs:
                return Response(entry.body, status=entry.status, mimetype=entry.mimetype)
            response = make_response(view(*args, **kwargs))
            if (
                not response.is_streamed
                and {name.lower() for name, _ in response.headers.items()} <= _PLAIN_HEADERS
                and not _session_used()
            ):
                cache.put(key, Rendered(response.get_data(), response.status_code, response.mimetype, inputs))
            return response

        return wrapper

    return decorate


def init_app(app: Flask) -> None:
    app.config.setdefault("PAGE_CACHE_MAX_BYTES", settings.value("PORTAL_PAGE_CACHE_MB") * 2**20)
    if app.config["PAGE_CACHE_MAX_BYTES"]:
        app.extensions["page_cache"] = PageCache(app.config["PAGE_CACHE_MAX_BYTES"])
    # Plate pages (/consulta, /v/<placa>): ~10-20 KB each, 2 MB by default.
    app.config.setdefault("RENDER_CACHE_MAX_BYTES", settings.value("PORTAL_RENDER_CACHE_KB") * 1024)
    if app.config["RENDER_CACHE_MAX_BYTES"]:
        app.extensions["render_cache"] = PageCache(app.config["RENDER_CACHE_MAX_BYTES"])
