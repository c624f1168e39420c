"""Templates' kept translations and URLs (portal/i18n.py, portal/template_urls.py, issue #32) say
exactly what Flask-Babel's and Flask's own would, in every language, escaped or not, under a mount
point, and with force_locale."""

from __future__ import annotations

import pytest
from flask import render_template_string, url_for as flask_url_for
from flask_babel import force_locale
from markupsafe import Markup


def _render(app, source, lang="pt_BR", **context):
    with app.test_request_context(f"/?lang={lang}"):
        return render_template_string(source, **context)


@pytest.mark.parametrize("lang, expected", [("pt_BR", "Buscar nas leis"), ("en", "Search the laws"), ("es", "Buscar en las leyes")])
def test_kept_translation_in_each_language(app, lang, expected):
    for _ in range(2):  # the second time from what was kept
        assert _render(app, "{{ _('Buscar nas leis') }}|{{ gettext('Buscar nas leis') }}", lang) == f"{expected}|{expected}"


def test_variables_are_formatted_and_escaped_on_every_call(app):
    source = "{{ _('Busca: %(q)s', q=q) }}"
    assert _render(app, source, "en", q="<b>ônibus</b>") == "Search: &lt;b&gt;ônibus&lt;/b&gt;"
    assert _render(app, source, "en", q="van") == "Search: van"
    assert _render(app, source, "es", q="van") == "Búsqueda: van"


def test_percent_and_missing_placeholders_as_jinja_says_them(app):
    # Jinja's newstyle gettext always formats: "%%" reads "%", an unfilled placeholder is an error.
    assert _render(app, "{{ _('50%% do MVR') }}") == "50% do MVR"
    with pytest.raises(KeyError):
        _render(app, "{{ _('Busca: %(q)s') }}")


def test_force_locale_inside_a_request_is_honoured(app):
    with app.test_request_context("/?lang=pt_BR"):
        assert render_template_string("{{ _('Buscar nas leis') }}") == "Buscar nas leis"
        with force_locale("en"):
            assert render_template_string("{{ _('Buscar nas leis') }}|{{ current_locale() }}") == "Search the laws|en"
        assert render_template_string("{{ _('Buscar nas leis') }}|{{ current_locale() }}") == "Buscar nas leis|pt_BR"


def test_unescaped_text_is_not_markup(app):
    template = app.jinja_env.from_string("{% autoescape false %}{{ _('Busca: %(q)s', q=q) }}{% endautoescape %}")
    with app.test_request_context("/?lang=en"):
        said = template.render(q="<b>")
    assert said == "Search: <b>" and not isinstance(said, Markup)


@pytest.mark.parametrize("script_root", ["", "/portal"])
def test_kept_urls_equal_flasks_for_every_fixed_address(app, script_root):
    with app.test_request_context("/", base_url="http://localhost" + script_root + "/"):
        kept_url_for = app.jinja_env.globals["url_for"]
        endpoints = sorted({rule.endpoint for rule in app.url_map.iter_rules() if not rule.arguments and "GET" in rule.methods})
        assert len(endpoints) > 20
        for _ in range(2):
            for endpoint in endpoints:
                assert kept_url_for(endpoint) == flask_url_for(endpoint)
            for name in ("portal.css", "portal.js", "vendor/htmx.min.js", "favicon.png", "nao-existe.css"):
                assert kept_url_for("static", filename=name) == flask_url_for("static", filename=name)
            # any other argument is built by Flask every time
            assert kept_url_for("pages.search", q="cinto") == flask_url_for("pages.search", q="cinto")
        assert kept_url_for("static", filename="portal.css").startswith(script_root + "/static/portal.css?v=")


def test_kept_urls_outside_a_request_are_flasks(app):
    with app.app_context():  # no request, no SERVER_NAME: Flask's own error, not a kept address
        with pytest.raises(RuntimeError, match="outside an active request"):
            app.jinja_env.globals["url_for"]("pages.home")


def test_imported_macros_are_jinjas_with_and_without_new_globals(app):
    from jinja2 import DictLoader, Environment

    from portal.templating import Template

    sources = {"m.html": "{% macro hi(n) %}oi {{ n }}{{ extra|default('') }}{% endmacro %}",
               "p.html": "{% from 'm.html' import hi %}{{ hi(1) }}|{{ hi(2) }}"}
    ours = Environment(loader=DictLoader(sources))
    ours.template_class = Template
    theirs = Environment(loader=DictLoader(sources))
    for env in (ours, theirs):
        env.globals["common"] = 1
    for _ in range(2):  # the second time from the kept module
        assert ours.get_template("p.html").render() == theirs.get_template("p.html").render() == "oi 1|oi 2"
    # a page with a global the macro file lacks: the import sees it, as in Jinja
    page_globals = {"extra": "!"}
    said = [env.get_template("p.html", globals=page_globals).render() for env in (ours, theirs)]
    assert said[0] == said[1]
    assert isinstance(app.jinja_env.get_template("_cites.html"), Template)


@pytest.mark.parametrize("lang, expected", [("pt_BR", "5 de mar. de 2021"), ("en", "Mar 5, 2021"), ("es", "5 mar 2021")])
def test_days_are_said_in_each_language_also_when_kept(app, lang, expected):
    from datetime import date

    from portal.i18n import day

    for lang_now in (lang, "pt_BR" if lang != "pt_BR" else "en", lang):
        with app.test_request_context(f"/?lang={lang_now}"):
            said = day(date(2021, 3, 5))
        if lang_now == lang:
            assert said == expected
