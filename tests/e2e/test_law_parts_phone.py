"""The law read by chapter on a phone (360×780), JavaScript on and off: from the whole law's
table of contents to a chapter page, between chapters, back to the whole law, and from a
unit's page into its chapter; tap targets of at least 24×24 px.  The chapter pages' axe audit
in the three languages is in test_accessibility.py's one audit session (PAGES)."""

from __future__ import annotations

from .conftest import PHONE
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
