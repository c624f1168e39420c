"""Warm a worker up before it takes traffic: the first passenger waits no longer than the tenth.

A fresh worker used to spend its first plate lookup loading what every lookup needs —
the four statutes (each citation link resolves its unit, and loading a law reads its
questions files), the page templates compiled, the translation catalogs, the registry
connection — 4 to 12 s on a loaded machine while a passenger looked at a blank page
(issues #28 and #32).  :func:`warm_up` does that work once, at boot: gunicorn calls it
from ``post_worker_init`` (gunicorn.conf.py), after the worker has loaded the app and
before it accepts its first connection, telling the arbiter it is alive between steps
(``notify``) so a slow boot is never mistaken for a hung worker.

It runs the plate views themselves (without their rate limit and page cache wrappers,
in a request context of each language) on a plate that is not registered and on one
registered plate of each place, so the very code paths of a real lookup are warm.
Nothing is written: lookups only read, and the page cache is bypassed.  Last, the complaint
form's infraction suggestion view runs for each place, the same way.
"""

from __future__ import annotations

import inspect
import logging
import time
from datetime import timedelta
from typing import Callable

from flask import Flask

from knowledge.corpus import load_law
from knowledge.laws import LAWS

log = logging.getLogger("portal.warmup")

UNREGISTERED = "ZZZ9Z99"  # a well-formed plate no registry holds (the demo's "não encontrada")
TEMPLATES = ("consulta.html", "_consulta_result.html", "vehicle.html", "_plate_verdict.html", "error.html", "base.html")
VIEWS = ("passenger.consulta", "vehicles.page", "api.vehicle")


def _plates(app: Flask) -> list[str]:
    """One registered plate per place (an active vehicle where there is one), and an unregistered one."""
    from .database import get_db

    with app.app_context():
        try:
            rows = get_db().execute(
                "SELECT o.jurisdicao, MIN(v.placa) FROM vehicles v JOIN operators o ON o.cnpj = v.cnpj GROUP BY o.jurisdicao"
            ).fetchall()
        except Exception:  # no registry yet (a fresh install): the unknown plate alone
            rows = []
    return [UNREGISTERED, *(plate for _place, plate in rows)]


SUGGESTION_STORY = "O motorista vendia passagem individual na rodoviária e viajou com a porta aberta."


def _warm_suggestion(app: Flask) -> None:
    """Run the complaint suggestion view once for each place (its CSRF check and rate limits are the app's
    wrappers and hooks, not the view's; the view writes nothing)."""
    view = app.view_functions.get("passenger.denuncia_sugestao")
    if view is None:
        return
    view = inspect.unwrap(view)
    from knowledge import clock
    from knowledge.complaints import JURISDICTIONS

    # Today (the form's default) and yesterday ("ontem", the commonest date an account tells): a day not
    # read before builds its rows' block in the reader's space, and that space must be the one kept warm.
    for place, day in ((p, d) for p in JURISDICTIONS for d in (clock.today(p), clock.today(p) - timedelta(days=1))):
        form = {"jurisdicao": place, "relato": SUGGESTION_STORY, "data_ocorrencia": day.isoformat()}
        with app.test_request_context("/denuncia/sugestao", method="POST", data=form):
            try:
                view()
            except Exception:
                log.exception("warm-up: the complaint suggestion (%s) failed", place)


def warm_up(app: Flask, notify: Callable[[], None] | None = None) -> float:
    """Load and run what a plate lookup needs; returns the seconds it took."""
    notify = notify or (lambda: None)
    began = time.perf_counter()
    for law_id in LAWS:
        load_law(law_id)
        notify()
    for name in TEMPLATES:
        try:
            app.jinja_env.get_template(name)
        except Exception:  # a template renamed elsewhere must not stop a worker from booting
            log.warning("warm-up: template %s not found", name)
    notify()
    plates = _plates(app)
    views = {endpoint: inspect.unwrap(app.view_functions[endpoint]) for endpoint in VIEWS if endpoint in app.view_functions}
    from .i18n import LANGUAGES

    for language in LANGUAGES:
        for plate in plates:
            for endpoint, view in views.items():
                path = {"passenger.consulta": f"/consulta?placa={plate}", "vehicles.page": f"/v/{plate}", "api.vehicle": f"/api/v1/veiculos/{plate}"}[endpoint]
                with app.test_request_context(path, headers={"Accept-Language": language.replace("_", "-")}):
                    app.preprocess_request()
                    try:
                        view(**({"placa": plate} if endpoint != "passenger.consulta" else {}))
                    except Exception:
                        log.exception("warm-up: %s failed", path)
        notify()
    # The reader of stories (chat, complaint form, channels): its TF-IDF space and the day's candidates.
    from knowledge.reader.stories import warm as warm_reader

    warm_reader()
    notify()
    # The law answers' confidence: every unit question of each law in that space (confidence.py).
    from knowledge.assistant.confidence import warm as warm_confidence

    warm_confidence()
    notify()
    # Whether a message tells facts (knowledge/assistant/telling.py): a model fitted on first use.
    from knowledge.assistant.telling import warm as warm_telling

    warm_telling()
    notify()
    # The words of each unit as a search hit's passage (knowledge/assistant/law.py): a message's first hits
    # then cost set unions, not the folding of their articles.
    from knowledge.assistant.law import warm as warm_passages

    warm_passages()
    notify()
    # The complaint form's infraction suggestion (POST /denuncia/sugestao), last: its own view, unwrapped,
    # for each place, so what that path loads and caches (the reader's spaces it asks for, the day's rows,
    # its template) is there when the first complaint comes — cold, it took ~3 s, and on a loaded machine
    # past gunicorn's timeout (a 500).  Last, because the steps above use other spaces of the reader.
    # Nothing is written: the view only reads the account.
    _warm_suggestion(app)
    notify()
    seconds = time.perf_counter() - began
    log.info("warm-up: %d plates x %d languages, the reader of stories and the complaint suggestion in %.1f s", len(plates), len(LANGUAGES), seconds)
    return seconds
