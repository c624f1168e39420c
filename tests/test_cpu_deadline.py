"""A turn's CPU deadline (portal/work_budget.py) is not any library's error: struck while the search
index is being opened, it still reaches the assistant's caller as "too costly" (422), not as a
damaged index (503) — a chat user is told the message was too costly, not that search is down."""

from __future__ import annotations

import pytest

from portal.work_budget import TooCostly
from search_index import engine
from search_index import SearchIndex


def test_a_deadline_inside_the_index_opening_is_not_read_as_a_damaged_index(index_dir, monkeypatch):
    def deadline_strikes(self):
        raise TooCostly("cpu budget used up")

    monkeypatch.setattr(engine._Storage, "open_index", deadline_strikes)
    with pytest.raises(TooCostly):
        SearchIndex.open(index_dir)
