"""The phone review of #31 (round 4) in a real browser at 360×780: what a page does (tests/test_review_round_phone.py
has the rest)."""

from __future__ import annotations

import pytest

from .conftest import shoot, submit

LANGS = ("pt_BR", "en", "es")


# -- 8. the home search box's placeholder fits a 360 px phone -------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_search_placeholder_is_not_cut(page, lang):
    if not page.js:
        pytest.skip("measured with the page's own fonts, through a script")
    page.goto(f"{page.base}/?lang={lang}")
    fits = page.evaluate("""() => {
        const box = document.querySelector('#q-inicio');
        const style = getComputedStyle(box);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = style.font;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [ctx.measureText(box.placeholder).width, room, box.placeholder];
    }""")
    width, room, text = fits
    assert text and width <= room, fits
    shoot(page, f"r4-placeholder-{lang}")
