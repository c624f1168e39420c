"""Real-browser fixtures: a live portal on 127.0.0.1 and Debian's chromium driven by Playwright.

Each test runs with JavaScript on and off (``page`` is parametrized).  Screenshots
go to ``screenshots/`` (git-ignored; the README names it) at phone (360×780) and
desktop (1280×800) sizes — unless ``E2E_SCREENSHOTS=0`` (``make test`` sets it): they
are for people reviewing the pages, not checks, and the full-page captures of the long
law pages took about as long as the axe audits of those pages.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from app import create_app

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "screenshots"
AXE = ROOT / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
SCREENSHOTS_ON = os.environ.get("E2E_SCREENSHOTS", "1") != "0"
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 800}

# Outside CI a missing browser or axe-core skips the browser tests (or their accessibility audit)
# with the command that installs them; in CI (CI=true, as .ci/run sets) it stops the run: an
# install that failed must not turn the browser tests into skips.
if os.environ.get("CI") == "true" and (CHROMIUM is None or not AXE.exists()):
    raise pytest.UsageError(f"CI: {'chromium' if CHROMIUM is None else 'axe-core'} não instalado; scripts/install-test-deps.sh o instala")
if CHROMIUM is None:
    pytest.skip("chromium não instalado (scripts/install-test-deps.sh o instala)", allow_module_level=True)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory, index_dir):
    data_dir = tmp_path_factory.mktemp("e2e")
    app = create_app({"DATA_DIR": str(data_dir), "INDEX_DIR": str(index_dir), "RATELIMIT_ENABLED": False})
    runner = app.test_cli_runner()
    assert runner.invoke(args=["registry", "demo"]).exit_code == 0
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{server.server_port}", "app": app, "data_dir": data_dir}
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield instance
        instance.close()


@pytest.fixture(params=["js", "nojs"])
def page(request, browser, live_server):
    js = request.param == "js"
    context = browser.new_context(viewport=PHONE, java_script_enabled=js, locale="pt-BR", bypass_csp=True)
    context.set_default_timeout(10_000)
    pg = context.new_page()
    pg.base = live_server["url"]
    pg.js = js
    yield pg
    context.close()


def shoot(page, name: str) -> None:
    """Phone and desktop screenshots of the current page (none with E2E_SCREENSHOTS=0)."""
    if not SCREENSHOTS_ON:
        return
    SCREENSHOTS.mkdir(exist_ok=True)
    suffix = "js" if getattr(page, "js", True) else "nojs"
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{suffix}-360.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{suffix}-1280.png"), full_page=True)
    page.set_viewport_size(PHONE)


def submit(page, selector: str) -> None:
    """Click a submit control and wait for the result, with or without htmx."""
    if page.js:
        with page.expect_response(lambda r: r.request.method in ("GET", "POST") and r.url.startswith(page.base) and "/static/" not in r.url):
            page.click(selector)
        page.wait_for_timeout(150)  # let htmx swap and move the focus
    else:
        with page.expect_navigation():
            page.click(selector)
