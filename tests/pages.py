"""Helpers the page tests share: what a reader sees of a page, without its markup."""

from __future__ import annotations

import html
import re


def visible_text(page) -> str:
    """The words of a page (a str, or a Flask test response) as a reader sees them: tags dropped,
    entities decoded, runs of white space made one space — so a test can quote a sentence whatever the
    template's line breaks."""
    if not isinstance(page, str):
        page = page.get_data(as_text=True)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))
