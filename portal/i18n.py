"""Languages: Portuguese (Brazil) first, English and Spanish for the interface.

The statutes themselves stay in Portuguese in every language (the pages say so).
The language is chosen by, in order: an explicit ``?lang=`` (remembered in a
cookie), the cookie, the browser's Accept-Language, then pt_BR.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from urllib.parse import quote, urlencode

from babel import Locale
from babel.numbers import format_currency, format_decimal, get_currency_symbol
from flask import Flask, g, request
from flask.globals import _cv_app
from jinja2 import pass_context
from markupsafe import Markup
from flask.globals import request_ctx
from flask_babel import Babel, format_date, get_locale, get_translations, gettext
from knowledge.typed_dates import typed_form

LANGUAGES = {"pt_BR": "Português", "en": "English", "es": "Español"}
DEFAULT_LOCALE = "pt_BR"
COOKIE = "lang"


def _normalise(code: str | None) -> str | None:
    if not code:
        return None
    code = code.replace("-", "_")
    for known in LANGUAGES:
        if code.lower() == known.lower() or code.split("_")[0].lower() == known.split("_")[0].lower():
            return known
    return None


# Parsed once: Flask-Babel would parse the selector's answer into a new Locale on every request.
_LOCALE_OBJECTS = {code: Locale.parse(code) for code in LANGUAGES}
# The language each Accept-Language header asks for, kept per header text (browsers send a few
# dozen different ones); parsing and matching it was a tenth of a plate answer's cost.
_ACCEPTED: dict[str, str] = {}
_ACCEPTED_MAX = 512


def select_locale() -> Locale:
    req = request_ctx.request
    explicit = _normalise(req.args.get("lang")) if req.environ.get("QUERY_STRING") else None  # no query, no args to parse
    if explicit:
        g.lang_to_remember = explicit
        return _LOCALE_OBJECTS[explicit]
    if req.environ.get("HTTP_COOKIE"):  # no Cookie header, no cookie to parse
        remembered = _normalise(req.cookies.get(COOKIE))
        if remembered:
            return _LOCALE_OBJECTS[remembered]
    header = req.environ.get("HTTP_ACCEPT_LANGUAGE", "")
    code = _ACCEPTED.get(header)
    if code is None:
        code = _normalise(req.accept_languages.best_match(["pt-BR", "pt", "en", "es"])) or DEFAULT_LOCALE
        if len(_ACCEPTED) >= _ACCEPTED_MAX:
            _ACCEPTED.clear()
        _ACCEPTED[header] = code
    return _LOCALE_OBJECTS[code]


def money(value: Decimal | float | int) -> str:
    """R$ in the user's locale: "R$ 2.900,00" (pt_BR), "R$2,900.00" (en), "2.900,00 R$" (es).

    Some locales (es) have no symbol of their own for the real and print the ISO
    code ("2.900,00 BRL"); the real's own symbol is R$ in every language.
    """
    locale = current_locale()
    text = format_currency(Decimal(str(value)), "BRL", locale=locale)
    symbol = get_currency_symbol("BRL", locale)
    return text if symbol == "R$" else text.replace(symbol, "R$")


def day(value: date | datetime | str | None, place_id: str | None = None) -> str:
    """A date in the page's locale.  An instant (a stored UTC timestamp) is the day it was on the
    place's clock (Brasília time without a place): 23:30 in Rio Branco is not tomorrow."""
    if value is None:
        return ""
    if isinstance(value, str):
        value = _local(datetime.fromisoformat(value), place_id).date() if len(value) > 10 else date.fromisoformat(value)
    elif isinstance(value, datetime):
        value = _local(value, place_id).date()
    key = (current_locale(), value)
    said = _DAYS_SAID.get(key)
    if said is None:
        # Babel parses the locale's "medium" pattern and walks it for every date: a plate page shows
        # five dates, and those calls were a tenth of its rendering (issue #32).  A day said in a
        # language is always said the same way, so it is kept (bounded).
        if len(_DAYS_SAID) >= DAYS_SAID_MAX:
            _DAYS_SAID.clear()
        said = _DAYS_SAID[key] = format_date(value, "medium")
    return said


_DAYS_SAID: dict[tuple[str, date], str] = {}
DAYS_SAID_MAX = 20_000  # a bound: a few years of days in three languages


def _local(when: datetime, place_id: str | None) -> datetime:
    from datetime import timezone

    from knowledge.clock import zone

    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)  # the stores write UTC
    return when.astimezone(zone(place_id))


def filesize(size: int) -> str:
    """A file's size as people read it, in the page's locale: "3,8 KB" (pt_BR, es), "3.8 KB" (en),
    "512 bytes"; decimal multiples (1 KB = 1000 bytes), one decimal."""
    from flask_babel import ngettext

    if size < 1000:
        return ngettext("%(num)d byte", "%(num)d bytes", size)
    locale = current_locale()
    for unit, factor in (("KB", 10**3), ("MB", 10**6), ("GB", 10**9)):
        if size < factor * 1000 or unit == "GB":
            return f"{format_decimal(size / factor, '#,##0.0', locale=locale)}\u00a0{unit}"
    raise AssertionError("unreachable")


def moment(value: datetime | str | None, place_id: str | None = None) -> str:
    """An instant (stored in UTC, ISO text or aware datetime) as staff read it: on the clock of the
    place it concerns (Acre UTC−5; Pernambuco, São Paulo, Recife UTC−3 — knowledge/clock.py),
    Brasília time when no place applies, formatted by babel in the page's locale and followed by
    the offset ("1 de dez. de 2026 14:53 (UTC−5)").  Not an ISO UTC timestamp (issue #31)."""
    from babel.dates import format_time

    if value is None or value == "":
        return ""
    local = _local(datetime.fromisoformat(value) if isinstance(value, str) else value, place_id)
    offset = int(local.utcoffset().total_seconds() // 3600)
    locale = current_locale()
    return f"{format_date(local.date(), 'medium')} {format_time(local, 'short', locale=locale)} (UTC{'−' if offset < 0 else '+'}{abs(offset)})"


def date_numeric(value: date | None) -> str:
    """A legal date as lawyers write it: 01/05/2019 (pt_BR, es); the medium format in English."""
    if value is None:
        return ""
    locale = current_locale()
    return format_date(value, "medium" if locale.startswith("en") else "dd/MM/yyyy")


def lang_url(code: str, args: dict | None = None) -> str:
    """The current page in another language (query string kept).

    After an htmx step the page's address is the step's (hx-push-url), and the
    step's response swaps these links out of band (templates/_lang_nav.html), so
    they always point at the address the person is looking at.

    The path is the one the client sent (also on a 404), so it is made a plain path of
    this site: one leading slash, and everything a browser might read as a host or a
    separator (``/\\evil.example``, control characters) percent-encoded.  ``args``: the query's
    arguments (each a list of values) in place of the request's."""
    args = request.args.to_dict(flat=False) if args is None else dict(args)
    args["lang"] = [code]
    return _own_path() + "?" + urlencode(args, doseq=True)


def _own_path() -> str:
    return "/" + quote(request.path.lstrip("/\\"), safe="/-._~!$&'()*+,;=:@")


def url_with(**changes) -> str:
    """The current address with some query arguments set (a value of None removes one)."""
    args = request.args.to_dict(flat=False)
    for key, value in changes.items():
        if value is None:
            args.pop(key, None)
        else:
            args[key] = [value]
    query = urlencode(args, doseq=True)
    return _own_path() + ("?" + query if query else "")


def place_in(place_id: str) -> str:
    """"no Acre", "em Pernambuco" … in the user's language ("in Acre", "en Acre")."""
    from knowledge.places import PLACES

    return gettext(PLACES[place_id].in_name)


def place_of(place_id: str) -> str:
    """"do Acre", "de Pernambuco" … in the user's language ("of Acre", "de Acre")."""
    from knowledge.places import PLACES

    return gettext(PLACES[place_id].of_name)


def place_name(place_id: str) -> str:
    from knowledge.places import PLACES

    return PLACES[place_id].name


def _request_locale():
    """The request's Locale as Flask-Babel chose it, read without its proxies when already chosen.

    ``get_locale()`` goes through ``g`` (a werkzeug proxy) and Flask-Babel's context lookup on every
    call; a page asks ~40 times (each translated string, ``current_locale()``).  Once chosen, the
    Locale sits on ``g._flask_babel.babel_locale`` (where ``force_locale`` also puts its own), so
    that is read directly; before that, ``get_locale()`` chooses it as always."""
    ctx = _cv_app.get(None)
    if ctx is not None:
        chosen = getattr(getattr(ctx.g, "_flask_babel", None), "babel_locale", None)
        if chosen is not None:
            return chosen
    return get_locale()


def current_locale() -> str:
    """The page's language code ("pt_BR", "en", "es").

    Kept beside the Locale it names on Flask-Babel's own request namespace, checked by identity:
    hashing a Babel Locale is Python code, and a page asks for its language ~60 times (every
    translated string is kept per language)."""
    locale = _request_locale()
    if locale is None:
        return DEFAULT_LOCALE
    ctx = _cv_app.get(None)
    babel_ctx = getattr(ctx.g, "_flask_babel", None) if ctx is not None else None
    named = getattr(babel_ctx, "embarque_locale_name", None)
    if named is not None and named[0] is locale:
        return named[1]
    name = str(locale)
    if babel_ctx is not None:
        babel_ctx.embarque_locale_name = (locale, name)
    return name


def translations():
    """``flask_babel.get_translations()``, kept per Locale on the app (the templates' catalog,
    ``_install_template_gettext``): Flask-Babel finds it anew on every call (the request context,
    the domain, the locale's name rebuilt, a cache lookup), which was a tenth of building a
    plate's answer (issue #32).  Outside a request, or for an app without the templates' gettext,
    Flask-Babel's own."""
    ctx = _cv_app.get(None)
    locale = _request_locale()
    catalogs = ctx.app.extensions.get("i18n_catalogs") if ctx is not None else None
    if locale is None or catalogs is None:
        return get_translations()
    found = catalogs.get(locale)
    if found is None:
        found = catalogs[locale] = get_translations()
    return found


TRANSLATED_MAX = 10_000  # a bound: the catalogs hold ~1,500 strings in 3 languages


def _install_template_gettext(app: Flask) -> None:
    """Templates' _() / ngettext() with the catalog looked up once per language, and ``_()``'s
    result kept per (language, escaping, string).

    Flask-Babel's own template callables find the catalog anew for every string (request
    context, domain, the locale's name rebuilt, a cache lookup): a page such as /consulta
    calls them ~50 times, a fifth of its rendering time (issue #12).  Here the catalog is
    kept per Locale (the request's, so force_locale still works).  ``_()`` itself is Jinja's
    "newstyle" gettext (translate, make it Markup when the template escapes, then ``%`` the
    variables — always, so "%%" reads "%"), with the translated and escaped string remembered:
    a search page said the same thirty strings on every request (issue #32).  With variables,
    only the ``%`` is done per call, exactly as Jinja does it."""
    catalogs = app.extensions.setdefault("i18n_catalogs", {})  # Locale -> its catalog (translations())

    def catalog():
        locale = _request_locale()
        if locale is None:
            return get_translations()
        found = catalogs.get(locale)
        if found is None:
            found = catalogs[locale] = get_translations()
        return found

    app.jinja_env.install_gettext_callables(
        gettext=lambda s: catalog().ugettext(s),
        ngettext=lambda s, p, n: catalog().ungettext(s, p, n),
        pgettext=lambda c, s: catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalog().unpgettext(c, s, p, n),
        newstyle=True,
    )
    translated: dict = {}  # (language code, autoescape, msgid) -> the translation, Markup when escaping
    plain: dict = {}  # the same key -> what it says with no variables ("%%" read as "%")

    @pass_context
    def template_gettext(__context, __string, **variables):
        autoescape = __context.eval_ctx.autoescape
        key = (current_locale(), autoescape, __string)
        text = translated.get(key)
        if text is None:
            text = catalog().ugettext(__string)
            if autoescape:
                text = Markup(text)
            if len(translated) >= TRANSLATED_MAX:
                translated.clear()
                plain.clear()
            translated[key] = text
        if variables:
            return text % variables
        said = plain.get(key)
        if said is None:
            said = plain[key] = text % variables  # raises, as Jinja's does, for a placeholder left unfilled
        return said

    # "_" straight to it: Jinja's own "_" resolves "gettext" by name on every call.
    app.jinja_env.globals.update(gettext=template_gettext, _=template_gettext)


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LOCALE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(app.root_path + "/portal/translations"))
    Babel(app, locale_selector=select_locale)
    _install_template_gettext(app)

    @app.after_request
    def remember_language(response):
        # Only a "lang" argument sets it (select_locale); "%" for a key written percent-encoded.
        query = request_ctx.request.environ.get("QUERY_STRING", "")
        if "lang" not in query and "%" not in query:
            return response
        lang = g.pop("lang_to_remember", None)
        if lang:
            response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True,
                                secure=request.is_secure)
        return response

    app.jinja_env.filters.update(money=money, day=day, date_numeric=date_numeric, filesize=filesize, moment=moment, typed_day=typed_form)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, lang_url=lang_url, url_with=url_with, place_in=place_in, place_of=place_of, place_name=place_name, current_locale=current_locale)
