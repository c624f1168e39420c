"""The evaluation sets are what evaluation/sets.yaml says, and a set kept for one run is never edited.

A file the tuner may not read carries its SHA-256 in sets.yaml from the day it was written: an edit
(or a deletion) fails here instead of silently changing what `make eval-heldout` measures.  Only the
hash is read — never a message or an expectation.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SETS = yaml.safe_load((ROOT / "evaluation" / "sets.yaml").read_text(encoding="utf-8"))["sets"]


def test_every_set_file_exists_and_has_a_scorer():
    for spec in SETS:
        assert (ROOT / spec["file"]).is_file(), spec["file"]
        assert spec["scorer"] in ("precise", "intent", "stories")
        assert spec["status"] in ("development", "heldout")


def test_names_are_unique():
    names = [s["name"] for s in SETS]
    assert len(names) == len(set(names))


def test_sets_kept_for_one_run_are_unchanged():
    kept = [s for s in SETS if s["status"] != "development"]
    for spec in kept:
        digest = hashlib.sha256((ROOT / spec["file"]).read_bytes()).hexdigest()
        assert digest == spec["sha256"], f"{spec['file']} was edited after it was written"
