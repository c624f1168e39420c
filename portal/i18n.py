"""Languages: Portuguese (Brazil) first, English and Spanish for the interface.

The statutes themselves stay in Portuguese in every language (the pages say so).
The language is chosen by, in order: an explicit ``?lang=`` (remembered in a
cookie), the cookie, the browser's Accept-Language, then pt_BR.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from urllib.parse import quote, urlencode

from babel.numbers import format_currency
from flask import Flask, g, request
from flask_babel import Babel, format_date, get_locale

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


def select_locale() -> str:
    explicit = _normalise(request.args.get("lang"))
    if explicit:
        g.lang_to_remember = explicit
        return explicit
    remembered = _normalise(request.cookies.get(COOKIE))
    if remembered:
        return remembered
    best = request.accept_languages.best_match(["pt-BR", "pt", "en", "es"])
    return _normalise(best) or DEFAULT_LOCALE


def money(value: Decimal | float | int) -> str:
    """R$ in the user's locale: "R$ 2.900,00" (pt_BR), "R$2,900.00" (en)."""
    return format_currency(Decimal(str(value)), "BRL", locale=str(get_locale() or DEFAULT_LOCALE))


def day(value: date | datetime | str | None) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        value = date.fromisoformat(value[:10])
    return format_date(value, "medium")


def date_numeric(value: date | None) -> str:
    """A legal date as lawyers write it: 01/05/2019 (pt_BR, es); the medium format in English."""
    if value is None:
        return ""
    locale = str(get_locale() or DEFAULT_LOCALE)
    return format_date(value, "medium" if locale.startswith("en") else "dd/MM/yyyy")


def lang_url(code: str) -> str:
    """The current page in another language (query string kept).

    The path is the one the client sent (also on a 404), so it is made a plain path of
    this site: one leading slash, and everything a browser might read as a host or a
    separator (``/\\evil.example``, control characters) percent-encoded."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [code]
    path = "/" + quote(request.path.lstrip("/\\"), safe="/-._~!$&'()*+,;=:@")
    return path + "?" + urlencode(args, doseq=True)


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LOCALE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(app.root_path + "/portal/translations"))
    Babel(app, locale_selector=select_locale)

    @app.after_request
    def remember_language(response):
        lang = g.pop("lang_to_remember", None)
        if lang:
            response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True,
                                secure=request.is_secure)
        return response

    app.jinja_env.filters.update(money=money, day=day, date_numeric=date_numeric)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, lang_url=lang_url, current_locale=lambda: str(get_locale() or DEFAULT_LOCALE))
