"""The law read by chapter on a phone (360×780), JavaScript on and off: from the whole law's
table of contents to a chapter page, between chapters, back to the whole law, and from a
unit's page into its chapter; tap targets of at least 24×24 px and no serious or critical
axe violation in the three languages."""

from __future__ import annotations

import pytest

from .conftest import AXE, PHONE
from .test_accessibility import BLOCKING, run_axe
from .test_journeys_round2 import small_targets


def test_reading_a_law_by_chapter(page):
    page.goto(page.base + "/leis/ac-lei-2731-2013")
    with page.expect_navigation():
        page.locator(".toc a.toc-division", has_text="Capítulo IX").click()
    assert page.url.endswith("/leis/ac-lei-2731-2013/parte/9")
    assert "Parte 9 de 14" in page.locator(".lede").inner_text()
    assert page.locator("[id='art-72']").is_visible()
    assert small_targets(page) == []
    with page.expect_navigation():
        page.locator(".chapter-nav a[rel=next]").first.click()
    assert page.url.endswith("/parte/10")
    page.locator("nav.toc summary").click()
    with page.expect_navigation():
        page.locator("nav.toc a", has_text="A lei inteira numa página").click()
    assert page.url.endswith("/leis/ac-lei-2731-2013")


def test_from_a_unit_to_its_place_in_the_chapter(page):
    page.goto(page.base + "/leis/pe-lei-16205-2017/art-28/inc-4")
    with page.expect_navigation():
        page.locator(".result-links a", has_text="Ler em: Capítulo IV").click()
    assert page.url.endswith("/leis/pe-lei-16205-2017/parte/4#art-28/inc-4")
    unit = page.locator("[id='art-28/inc-4']")
    assert unit.is_visible()
    box = unit.bounding_box()
    assert -2 <= box["y"] < PHONE["height"]  # the browser scrolled to the unit (its top at the top, to a subpixel)


@pytest.mark.skipif(not AXE.exists(), reason="axe-core não instalado (scripts/install-test-deps.sh)")
@pytest.mark.parametrize("lang", ["pt_BR", "en", "es"])
def test_chapter_pages_pass_the_accessibility_audit(browser, live_server, lang):
    context = browser.new_context(viewport=PHONE, locale="pt-BR", bypass_csp=True)
    pg = context.new_page()
    try:
        problems = []
        for path in ("/leis/sp-decreto-29912-1989/parte/1", "/leis/ac-lei-2731-2013/parte/9", "/leis/pe-lei-16205-2017/parte/6?data=2019-05-01"):
            joiner = "&" if "?" in path else "?"
            pg.goto(f"{live_server['url']}{path}{joiner}lang={lang}")
            assert pg.get_attribute("html", "lang") == lang.replace("_", "-")
            problems += [(path, v["id"], v["help"], v["nodes"]) for v in run_axe(pg) if v["impact"] in BLOCKING]
        assert problems == [], "\n".join(map(str, problems))
    finally:
        context.close()
