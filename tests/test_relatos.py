"""The passengers' narratives of each fine-table row (knowledge/statutes/relatos): they name rows that
exist in that wording, cover every row, and share no run of words with an evaluation story."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from knowledge.infractions import TABLES, catalogue
from knowledge.relatos import FOLDER, relatos
from knowledge.text import fold

ROOT = Path(__file__).resolve().parent.parent
MINIMUM = 8  # narratives per row: enough for the reader's best-three and centroid features to mean something
RUN = 6  # words in a row shared with an evaluation story make a copy, not a paraphrase


@pytest.mark.parametrize("place", sorted(TABLES))
def test_every_narrative_names_a_row_of_that_wording(place):
    law_id = TABLES[place].law_id
    rows = {(r.unit_id, r.since) for r in catalogue(place)}
    unknown = [k for k in relatos(law_id) if k not in rows]
    assert not unknown, f"{law_id}: no row with that unit and first day: {unknown}"


@pytest.mark.parametrize("place", sorted(TABLES))
def test_every_row_is_told(place):
    assert (FOLDER / f"{TABLES[place].law_id}.yaml").exists()
    thin = [f"{r.unit_id} desde {r.since}" for r in catalogue(place) if len(r.relatos) < MINIMUM]
    assert not thin, f"rows with fewer than {MINIMUM} relatos: {thin}"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(text.lower()))


def _runs(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def _evaluation_texts() -> list[str]:
    """Every message and story of every evaluation file under tests/data."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("story", "mensagem", "message", "question", "pergunta") and isinstance(inner, str):
                    found.append(inner)
                else:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner) if not isinstance(inner, str) else found.append(inner)

    for path in sorted((ROOT / "tests" / "data").rglob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def test_no_narrative_copies_an_evaluation_story():
    evaluation = set().union(*(_runs(t) for t in _evaluation_texts()))
    copied = [(law_id, told) for law_id in (t.law_id for t in TABLES.values())
              for texts in relatos(law_id).values() for told in texts if _runs(told) & evaluation]
    assert not copied, copied[:5]


def test_narratives_tell_facts_not_dates_or_fines():
    for law_id in (t.law_id for t in TABLES.values()):
        for texts in relatos(law_id).values():
            for told in texts:
                assert not re.search(r"\d{1,2}/\d{1,2}", told), told
                assert "multa" not in fold(told.lower()), told
