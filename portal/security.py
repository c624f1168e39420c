"""Defences that apply to every response: headers, cookies, rate limits, proxies.

- Content-Security-Policy with no inline script (htmx runs from our own file with
  eval and injected styles turned off), no framing, no plugins.
- Session cookie HttpOnly and SameSite=Lax always; Secure and HSTS when the request
  arrived over TLS (``PORTAL_BEHIND_PROXY=1`` trusts one proxy's X-Forwarded-Proto).
- Rate limits (Flask-Limiter) on what can be abused: plate lookups, complaints,
  the assistant, protocol lookups and staff login, counted per client address and
  shared by every worker: a SQLite file in the data dir by default (one machine),
  ``RATELIMIT_STORAGE_URI=redis://…`` for several machines.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from datetime import timedelta
from functools import partial, wraps
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import settings
from flask import Flask, request
from flask.globals import _cv_request, request_ctx
from flask.sessions import SecureCookieSessionInterface
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

from .storage import ratelimit as _sqlite_ratelimit  # noqa: F401  (registers the sqlite:// scheme)

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

def client_key() -> str:
    """A request's rate-limit key: the client address as a keyed hash (HMAC with the
    secret key), so no counter store — the shared SQLite file, Redis — holds an IP (LGPD)."""
    return keyed_digest("limite", get_remote_address())


limiter = Limiter(key_func=client_key, default_limits=[], headers_enabled=True)


@limiter.request_filter
def _limits_off() -> bool:
    from flask import current_app

    return not current_app.config.get("PORTAL_RATELIMIT_ON", True)

class ActionLimit(str):
    """A documented limit for one action, whatever the route that does it.

    Flask-Limiter counts each view on its own: one address made 20 complaints a minute
    (10 documented) through the API and the form together, 180 plate lookups (60) through
    ``/consulta``, ``/v`` and the API (issue #34).  Every view decorated with the same
    ActionLimit shares one counter per address, named after the action
    (``share_action_limits`` below)."""

    action: str

    def __new__(cls, value: str, action: str):
        limit = super().__new__(cls, value)
        limit.action = action
        return limit


# Limits per client address.  Generous for people, tight for scripts.
LOOKUP_LIMIT = ActionLimit("60 per minute;600 per hour", "consulta")
COMPLAINT_LIMIT = ActionLimit("10 per minute;100 per day", "denuncia")
ASSISTANT_LIMIT = ActionLimit("30 per minute;500 per hour", "assistente")
PROTOCOL_LIMIT = ActionLimit("30 per minute", "protocolo")
LOGIN_LIMIT = ActionLimit("10 per minute;50 per hour", "login")
SEARCH_LIMIT = ActionLimit("120 per minute", "busca")


def share_action_limits() -> None:
    """Make every decorated limit given as an ActionLimit one counter per action (shared
    between its routes).  Idempotent; run once the views are imported."""
    decorated = limiter.limit_manager._decorated_limits
    for route, limits in list(decorated.items()):
        changed = False
        for limit in limits:
            if isinstance(limit.limit_provider, ActionLimit) and not limit.shared:
                limit.shared, limit.scope = True, "acao:" + limit.limit_provider.action
                changed = True
        if changed:  # the set hashes its members: rebuilt after they changed
            decorated[route] = type(limits)(list(limits))


def keyed_digest(*parts: str) -> str:
    """HMAC-SHA256 of the parts with the installation's secret key: a stable pseudonym
    for an address or a request body that the database can compare but not reverse
    (without the key, even an IPv4 address cannot be found by trying them all)."""
    from flask import current_app

    secret = current_app.config["SECRET_KEY"]
    secret = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(secret, "\x00".join(parts).encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


# Hand-written on purpose, not flask-talisman (issue #33 weighed it): the policy is six constant
# headers plus HSTS only over TLS as ProxyFix decided it.  Talisman's defaults redirect HTTP to
# HTTPS and force Secure cookies (both wrong behind this project's proxy setup and in tests), it
# trusts X-Forwarded-Proto itself for HSTS, overwrites headers a view set, and rebuilds its
# headers per response, where this list is appended once (issue #12's measured hot path).
_DEFAULT_HEADERS = tuple(
    (name.lower(), name, value)
    for name, value in (
        ("Content-Security-Policy", CSP),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    )
)
PRIVATE_PREFIXES = ("/admin", "/denuncia/", "/api/v1/denuncias/", "/assistente/")


def _private(path: str) -> bool:
    """Answers no cache may store: staff pages, complaints, the assistant's conversation,
    and a wizard's steps (the person's answers are in the query string; its start page is not private)."""
    if path == "/assistente" or path.startswith(PRIVATE_PREFIXES):
        return True
    return path.startswith("/assistentes/") and bool(set(request.args) - {"lang"})


class _SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, with its signing serializer built once per key
    instead of on every request (Flask builds it even when there is no cookie), and
    nothing parsed or checked on the requests that have no session: no session cookie
    in the request (the name appears nowhere in its Cookie header), and a session the
    request never looked at and need not re-send (issue #12)."""

    _cached: tuple | None = None

    def open_session(self, app, request):
        if self.get_cookie_name(app) not in request.environ.get("HTTP_COOKIE", ""):
            return None if self.get_signing_serializer(app) is None else self.session_class()
        return super().open_session(app, request)

    def save_session(self, app, session, response):
        # Flask's own save_session does nothing else in this case (no Vary, no cookie).
        if not session.accessed and not self.should_set_cookie(app, session):
            return
        super().save_session(app, session, response)

    def get_signing_serializer(self, app):
        key = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        cached = self._cached
        if cached is None or cached[0] != key:
            cached = self._cached = (key, super().get_signing_serializer(app))
        return cached[1]


def safe_location(location: str, base_url: str | None) -> str:
    """A redirect target that never carries a host the client chose.

    Werkzeug builds some redirects (``/admin`` → ``/admin/``) from the Host header, and
    behind a proxy from X-Forwarded-Host: a forged header sent people elsewhere.  An
    absolute URL stays only when it is on PORTAL_BASE_URL; otherwise it becomes a path
    on this site (with a single leading slash, so ``//evil`` cannot come back)."""
    parts = urlsplit(location)
    if not parts.scheme and not parts.netloc and not location.startswith(("//", "/\\", "\\")):
        return location
    base = urlsplit(base_url or "")
    if base.netloc and (parts.scheme, parts.netloc) == (base.scheme, base.netloc):
        return location
    path = "/" + parts.path.lstrip("/\\")
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def init_app(app: Flask) -> None:
    if settings.value("PORTAL_BEHIND_PROXY") or app.config.get("BEHIND_PROXY"):
        # X-Forwarded-Host is not trusted: the host in links and redirects comes from
        # PORTAL_BASE_URL or is left out (relative), never from the request.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=0)
    # Flask ships defaults for these keys, so "unset" means the default value.
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.config["SESSION_COOKIE_SECURE"] = bool(app.config.get("SESSION_COOKIE_SECURE")) or settings.value("PORTAL_SECURE_COOKIES")
    # Staff sessions (portal/storage/sessions.py) end after STAFF_SESSION_IDLE without use
    # and STAFF_SESSION_ABSOLUTE after the login, checked on the server.  The cookie itself
    # lives no longer than the absolute limit (Flask's own default is 31 days, which is
    # why a setdefault here never applied) and is not re-issued on every request.
    app.config.setdefault("STAFF_SESSION_IDLE", timedelta(minutes=settings.value("PORTAL_STAFF_IDLE_MINUTES")))
    app.config.setdefault("STAFF_SESSION_ABSOLUTE", timedelta(hours=settings.value("PORTAL_STAFF_SESSION_HOURS")))
    app.config["PERMANENT_SESSION_LIFETIME"] = app.config["STAFF_SESSION_ABSOLUTE"]
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    # Counters shared by all workers: a SQLite file in the data dir on one machine
    # (portal/storage/ratelimit.py says why), or RATELIMIT_STORAGE_URI (redis://,
    # memcached://, mongodb://) shared by several machines.
    default_storage = "sqlite://" + str(Path(app.config["DATA_DIR"]).resolve() / "ratelimit.db")
    app.config.setdefault("RATELIMIT_STORAGE_URI", settings.value("RATELIMIT_STORAGE_URI") or default_storage)
    app.config.setdefault("RATELIMIT_STRATEGY", "fixed-window")
    # If the store fails (disk full, Redis down), each worker counts on its own for a
    # while instead of answering 500 — limits then hold per worker, not per machine.
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    if app.config["RATELIMIT_STORAGE_URI"].startswith(("redis://", "rediss://")):
        # A stalled Redis held each limited request ~4 s (redis-py waits forever by default).
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_timeout": STORE_TIMEOUT, "socket_connect_timeout": STORE_TIMEOUT})
    # Tests switch limits off unless a test asks for them (RATELIMIT_ENABLED=True).
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing and settings.value("PORTAL_RATELIMIT"))
    enabled = app.config["RATELIMIT_ENABLED"]
    # The limiter object is shared by every app in the process (tests make many), so
    # each app's own setting is read per request instead of the limiter's global switch.
    app.config["RATELIMIT_ENABLED"] = True
    app.config["PORTAL_RATELIMIT_ON"] = enabled
    limiter.init_app(app)
    limiter._storage_dead = False  # (the limiter is shared by every app of the process: a new app starts on its own store)
    # Every limit of the portal is a decorator on its view, checked when the view runs;
    # there are no default, application or blueprint limits.  Flask-Limiter's
    # before_request hook would only evaluate an empty set on every request (about a
    # sixth of the cost of /api/v1/ping), so it is taken out (issue #12).
    hooks = app.before_request_funcs.get(None, [])
    if limiter._check_request_limit in hooks:
        hooks.remove(limiter._check_request_limit)
    app.session_interface = _SessionInterface()

    @app.after_request
    def security_headers(response):
        req = _cv_request.get().request  # the request itself, looked up once (not through the proxy)
        headers = response.headers
        # One pass over the few headers present (Headers.setdefault scans them per call).
        present = {name.lower() for name, _ in headers._list}
        # The constant pairs go straight into the header list: Headers.add would check each
        # constant for newlines again on every response.
        headers._list.extend((name, value) for lower, name, value in _DEFAULT_HEADERS if lower not in present)
        if req.is_secure and "strict-transport-security" not in present:
            headers.add("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        if _private(req.path):
            headers["Cache-Control"] = "no-store"
        if "location" in present:
            headers["Location"] = safe_location(headers["Location"], app.config.get("PORTAL_BASE_URL"))
        return response


def _only_for_unsafe_methods(app: Flask, hook):
    """Flask-WTF's CSRF hook, skipped for GET/HEAD/OPTIONS: it checks a token only for
    the methods in WTF_CSRF_METHODS, but first looks up the view's exemptions on every
    request.  The method test comes first now; nothing else changes (issue #12)."""

    @wraps(hook)
    def csrf_protect():
        if request.method in app.config["WTF_CSRF_METHODS"]:
            return hook()
        return None

    return csrf_protect


def _only_after_a_limit(hook):
    """Flask-Limiter's after-request (rate-limit headers) and teardown hooks, run only on
    requests whose view has a limit: only such a view creates the limiter's request
    context, and without it both hooks have nothing to do (they would create and then
    reset an empty one on every request)."""

    @wraps(hook)
    def when_limited(*args):
        if hasattr(request_ctx._get_current_object(), "_limiter_request_context"):
            return hook(*args)
        return args[0] if args else None

    return when_limited


def streamline_hooks(app: Flask) -> None:
    """Called once every extension is registered (portal/__init__.py): the per-request hooks
    of CSRF and rate limiting skip the requests they cannot act on.  Every protection
    stays where it applies: CSRF on POST/PUT/PATCH/DELETE, limits and their headers on
    the limited views (tests/test_security.py, tests/test_attacks.py)."""
    share_action_limits()
    before = app.before_request_funcs.get(None, [])
    for i, hook in enumerate(before):
        if getattr(hook, "__qualname__", "") == "CSRFProtect.init_app.<locals>.csrf_protect":
            before[i] = _only_for_unsafe_methods(app, hook)
    _group_unsafe_method_hooks(app, before)
    inject = getattr(Limiter, "_Limiter__inject_headers", None)
    after = app.after_request_funcs.get(None, [])
    for i, hook in enumerate(after):
        if isinstance(hook, partial) and hook.func is inject and hook.args == (limiter,):
            after[i] = _only_after_a_limit(hook)
    release = getattr(limiter, "_Limiter__release_context", None)
    teardown = app.teardown_request_funcs.get(None, [])
    for i, hook in enumerate(teardown):
        if release is not None and hook == release:
            teardown[i] = _only_after_a_limit(hook)
    # Flask asks inspect.iscoroutinefunction of every hook and view on every request
    # (ten times per request here); the answer for a given function never changes.
    app.ensure_sync = _memoised_ensure_sync(app.ensure_sync)
    for endpoint, view in list(app.view_functions.items()):
        # Flask-Limiter marks its wrappers with a weak proxy of the limiter: compared with ==, as it does.
        if getattr(view, "__wrapper-limiter-instance", None) == limiter and hasattr(view, "__wrapped__"):
            app.view_functions[endpoint] = _limited_when_on(app, view)
    compress = next((h for h in after if getattr(h, "__func__", None) is Compress.after_request), None)
    if compress is not None:
        after[after.index(compress)] = _compress_when_useful(app, compress)


# Global before-request hooks that do nothing on GET/HEAD/OPTIONS: the two request-size
# limits for uploads (POST only) and the CSRF check (POST/PUT/PATCH/DELETE, wrapped above).
_UNSAFE_METHOD_HOOKS = (
    "portal.admin.allow_registry_upload",
    "portal.passenger.init_upload_limit.<locals>.complaint_upload_limit",
    "CSRFProtect.init_app.<locals>.csrf_protect",
)
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _group_unsafe_method_hooks(app: Flask, before: list) -> None:
    """The hooks named in _UNSAFE_METHOD_HOOKS become one, in their order and at the first
    one's place, which a GET/HEAD/OPTIONS request leaves at once (one method test instead
    of three hook calls, each looking the request up).  Any other method runs each of them
    as before, stopping at the first that answers (Flask's own rule)."""
    def name(hook) -> str:
        qualname = getattr(hook, "__qualname__", "")
        return qualname if qualname.startswith("CSRFProtect.") else f"{getattr(hook, '__module__', '')}.{qualname}"

    grouped = [hook for hook in before if name(hook) in _UNSAFE_METHOD_HOOKS]
    if len(grouped) < 2:
        return
    first = before.index(grouped[0])

    def unsafe_method_hooks():
        method = _cv_request.get().request.method
        if method in _SAFE_METHODS and method not in app.config["WTF_CSRF_METHODS"]:
            return None
        for hook in grouped:
            answer = hook()
            if answer is not None:
                return answer
        return None

    unsafe_method_hooks.grouped = tuple(grouped)
    before[:] = [hook for hook in before if hook not in grouped]
    before.insert(first, unsafe_method_hooks)


# The limit store (Redis, the SQLite file) failing: how long a call to it may take, and how
# often a worker that saw it fail asks again (Flask-Limiter's own back-off doubles up to
# 32 s, so limits lagged long after Redis was back).
STORE_TIMEOUT = 0.3
STORE_PROBE_SECONDS = 2.0
_store_probe = {"next": 0.0}


def _store_recovered() -> bool:
    """Whether a store marked dead answers again (asked at most every STORE_PROBE_SECONDS)."""
    now = time.monotonic()
    if now < _store_probe["next"]:
        return False
    _store_probe["next"] = now + STORE_PROBE_SECONDS
    try:
        alive = bool(limiter.storage.check())
    except Exception:  # the store's own error, whatever its kind: still down
        alive = False
    if alive:
        limiter._storage_dead = False
    return alive


def _limits_unavailable():
    from flask_babel import gettext

    from .errors import error_response

    response, status = error_response(503, gettext(
        "Não conseguimos conferir o limite de envios agora, então nada foi registrado. Tente de novo em alguns segundos."))
    response.headers["Retry-After"] = str(int(STORE_PROBE_SECONDS) + 1)
    return response, status


def _limited_when_on(app: Flask, limited):
    """A view under ``@limiter.limit``, called without Flask-Limiter's machinery when this
    app's limits are off (PORTAL_RATELIMIT=0, tests): it would identify the request, build
    its context and evaluate every limit only for the request filter to exempt them all
    (a fifth of a cached plate page's cost).

    With limits on and the store down (issue #34), limits fail closed for writes: a POST
    gets 503 and Retry-After (nothing is stored without being counted), while reads go on
    counted per worker in memory (Flask-Limiter's fallback); the store is asked again every
    STORE_PROBE_SECONDS, and counting goes back to it as soon as it answers."""
    unlimited = limited.__wrapped__

    @wraps(limited)
    def view(*args, **kwargs):
        if app.config["PORTAL_RATELIMIT_ON"]:
            if limiter._storage_dead and not _store_recovered() and request.method not in _SAFE_METHODS:
                return _limits_unavailable()
            return limited(*args, **kwargs)
        return app.ensure_sync(unlimited)(*args, **kwargs)

    return view


def _compress_when_useful(app: Flask, hook):
    """Flask-Compress's after-request hook, skipped where it would compress nothing: a body
    known to be under COMPRESS_MIN_SIZE, or a client that accepts no encoding (no
    Accept-Encoding header).  Then it would only add ``Vary: Accept-Encoding``, which is
    done here the same way; every other response goes through the hook as before."""
    min_size = app.config["COMPRESS_MIN_SIZE"]

    @wraps(hook)
    def compress(response):
        if response is not None and not response.is_streamed:
            length = response.content_length
            if (length is not None and length < min_size) or "HTTP_ACCEPT_ENCODING" not in request.environ:
                vary = response.headers.get("Vary")
                if not vary:
                    response.headers["Vary"] = "Accept-Encoding"
                elif "accept-encoding" not in vary.lower():
                    response.headers["Vary"] = f"{vary}, Accept-Encoding"
                return response
        return hook(response)

    return compress


def _memoised_ensure_sync(ensure_sync):
    known: dict = {}

    def memoised(func):
        try:
            return known[func]
        except (KeyError, TypeError):  # TypeError: an unhashable callable, asked every time
            pass
        result = ensure_sync(func)
        try:
            known[func] = result
        except TypeError:
            pass
        return result

    return memoised
