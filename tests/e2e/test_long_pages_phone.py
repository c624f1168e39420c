"""The two longest pages on a phone (360×780), JavaScript on and off (issue #31): the whole text of
each law and /comparar are made lighter for a slow phone (no wrapper element around a unit's words,
htmx not loaded, cards and articles laid out only near the screen), and none of that may cost a
reader a unit or a question: every unit keeps its anchor, every contents link lands on its unit,
a deep link scrolls to it, and nothing scrolls sideways."""

from __future__ import annotations

import pytest

from knowledge.corpus import load_law
from knowledge.laws import LAWS

from .conftest import PHONE


def rendered_unit_ids(law) -> set[str]:
    """The units the whole-law page shows with an anchor: all of them, except the rows of an
    annex shown as a table (the table is the annex's text)."""
    found: set[str] = set()

    def walk(items):
        for item in items:
            if getattr(item, "marker", None) is None:  # a division (chapter, section): its units inside
                walk(item.children)
                continue
            found.add(item.id)
            if not (item.kind == "anexo" and item.table):
                walk(item.children)

    walk(law.toc)
    return found


def sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


@pytest.mark.parametrize("law_id", list(LAWS))
def test_every_unit_of_the_whole_law_keeps_its_anchor(page, law_id):
    law = load_law(law_id)
    page.goto(f"{page.base}/leis/{law_id}")
    ids = page.evaluate("Array.from(document.querySelectorAll('.law-text .unit[id]'), el => el.id)")
    assert len(ids) == len(set(ids))
    assert set(ids) == rendered_unit_ids(law)
    # each unit's own words open its page (its marker), right inside the unit
    markers = page.evaluate(
        "Array.from(document.querySelectorAll('.law-text .unit[id]:not(.unit-anexo) > p.unit-text > a.marker'),"
        " a => [a.closest('.unit').id, new URL(a.href).pathname])")
    assert len(markers) == len([i for i in ids if law.by_id[i].kind != "anexo"])
    assert all(path == f"/leis/{law_id}/{unit_id}" for unit_id, path in markers)
    # every link of the contents that points into the page finds its target
    missing = page.evaluate(
        "Array.from(document.querySelectorAll('nav.toc a[href^=\"#\"]'), a => a.getAttribute('href').slice(1))"
        ".filter(id => !document.getElementById(id))")
    assert missing == []
    assert sideways(page) <= 0


@pytest.mark.parametrize("law_id, unit_id", [("ac-lei-2731-2013", "art-39/inc-1"), ("pe-lei-16205-2017", "art-28/inc-4"),
                                             ("sp-decreto-29912-1989", "art-33"), ("recife-lei-16856-2003", "art-27")])
def test_a_deep_link_into_the_whole_law_scrolls_to_its_unit(page, law_id, unit_id):
    page.goto(f"{page.base}/leis/{law_id}#{unit_id}")
    page.wait_for_timeout(300)  # articles far down get their real height as they come near the screen
    unit = page.locator(f"[id='{unit_id}']")
    box = unit.bounding_box()
    assert box and -2 <= box["y"] < PHONE["height"] - 40
    assert unit.locator(":scope > p.unit-text").first.is_visible()
    assert sideways(page) <= 0


def test_every_question_of_the_comparison_is_reachable(page):
    questions = page.request.get(page.base + "/api/v1/comparar").json()["linhas"]
    page.goto(page.base + "/comparar")
    assert sideways(page) <= 0
    ids = page.evaluate("Array.from(document.querySelectorAll('table.comparison tbody tr[id]'), tr => tr.id)")
    assert ids == [f"linha-{q['id']}" for q in questions]
    assert page.locator("table.comparison tbody td").count() == 4 * len(questions)
    # the last card, far down, answers a link to it: in view, its question and its four places shown
    page.goto(f"{page.base}/comparar#linha-{questions[-1]['id']}")
    page.wait_for_timeout(300)
    card = page.locator(f"#linha-{questions[-1]['id']}")
    box = card.bounding_box()
    assert box and -2 <= box["y"] < PHONE["height"] - 40
    assert card.locator("th[scope=row]").is_visible()
    assert card.locator(".cell-place").count() == 4
    assert card.locator(".cell-place").first.is_visible()
    assert sideways(page) <= 0
