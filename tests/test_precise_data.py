"""The precise-question evaluation files are well formed and quote the statutes in force.

Every ``tests/data/assistant_precise_*.json`` file (development and held-out sets alike,
including files added later) is checked case by case: unique ids, a known kind and place,
units that exist in the parsed corpus, "words" that are really in the expected unit's
wording in force today (the unit with its own incisos and alíneas; whitespace normalised), and a non-empty list of acceptable values wherever a unit is
expected.

A failure names the file, the case's position and the check that failed — never a
message, a case id or the expected answer: the held-out files must stay unseen.
"""

from __future__ import annotations

import json
import re

from knowledge.history import versions
from pathlib import Path

import pytest

from knowledge.clock import today
from knowledge.history import law_on
from knowledge.laws import LAWS
from knowledge.places import PLACES

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("assistant_precise_*.json"))
KINDS = {"deadline", "amount", "limit", "permission", "authority", "documents",
         # the eighth session's writers also asked what a penalty is, what a term means, and other things
         "penalty", "definition", "other"}
CASE_KEYS = {"id", "message", "kind", "place_named", "expect"}


def _space(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _units_in_force() -> dict[str, dict[str, str]]:
    """law id → unit id → its wording in force today, as read: marker ("IV -", "f)"), text, its own incisos
    and alíneas (a list the answer spans), then any closing line (Acre's "Pena")."""
    when = today()
    out: dict[str, dict[str, str]] = {}
    for law_id in LAWS:
        law = law_on(law_id, when).law
        out[law_id] = {unit.id: _space(unit.full_text()) for unit in law.units()}
    return out


UNITS = _units_in_force()


def _unit_text(cite: object) -> str | None:
    """The wording in force of "<law id> <unit id>", or None when there is no such unit."""
    if not isinstance(cite, str) or " " not in cite:
        return None
    law_id, unit_id = cite.split(" ", 1)
    return UNITS.get(law_id, {}).get(unit_id)


def _case_problems(case: object) -> list[str]:
    """What is wrong with one case, in words that reveal nothing of its content."""
    if not isinstance(case, dict):
        return ["is not an object"]
    problems = []
    missing = CASE_KEYS - case.keys()
    if missing:
        problems.append(f"lacks the field(s) {sorted(missing)}")
    message = case.get("message")
    messages = message if isinstance(message, list) else [message]
    if not messages or not all(isinstance(m, str) and m.strip() for m in messages):
        problems.append("message is not a non-empty string or list of non-empty strings")
    if case.get("kind") not in KINDS:
        problems.append(f"kind is not one of {sorted(KINDS)}")
    place = case.get("place_named")
    if place is not None and place not in PLACES:
        problems.append(f"place_named is not null nor one of {sorted(PLACES)}")
    expect = case.get("expect")
    if not isinstance(expect, dict):
        return problems + ["expect is not an object"]
    unit = expect.get("unit")
    also = expect.get("also_acceptable") or []
    per_place = expect.get("per_place") or {}
    silent = bool(expect.get("silent"))
    ask_place = bool(expect.get("ask_place"))
    if unit is not None and _unit_text(unit) is None:
        problems.append("expect.unit does not exist in the parsed corpus")
    if not isinstance(also, list):
        problems.append("expect.also_acceptable is not a list")
        also = []
    for position, other in enumerate(also):
        if _unit_text(other) is None:
            problems.append(f"expect.also_acceptable[{position}] does not exist in the parsed corpus")
    if not isinstance(per_place, dict):
        problems.append("expect.per_place is not an object")
        per_place = {}
    for key, cited in per_place.items():
        if key not in PLACES:
            problems.append(f"expect.per_place has a key that is not a place ({sorted(PLACES)})")
        elif _unit_text(cited) is None:
            problems.append(f"expect.per_place[{key}] does not exist in the parsed corpus")
        elif cited.split(" ", 1)[0] != PLACES[key].law_id:
            problems.append(f"expect.per_place[{key}] is a unit of another place's law")
    words = expect.get("words") or ""
    if words:
        # The expected unit's wording; a case answered per place may quote one of its places' units.
        quoted = [unit] if unit is not None else list(per_place.values())
        texts = [t for t in (_unit_text(c) for c in quoted) if t is not None]
        # A question dated before an amendment quotes the wording of its date (a previous one).
        texts += [_space(v.text) for c in quoted if c for v in versions(*c.split(" ", 1)) if v.text]
        if texts and not any(_space(words) in t for t in texts):
            problems.append("expect.words is in no wording of the expected unit")
    value = expect.get("value")
    if value is not None and not (isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value)):
        problems.append("expect.value is not a list of non-empty strings")
    if unit is not None and not silent and not ask_place and not value:
        problems.append("expect.value is empty although a unit is expected")
    if silent and (unit is not None or per_place):
        problems.append("a silent case expects a unit")
    if unit is None and not silent and not ask_place:
        problems.append("expects neither a unit, a question about the place nor silence")
    return problems


def test_there_are_precise_files():
    assert [f.name for f in FILES if f.name == "assistant_precise_dev.json"] == ["assistant_precise_dev.json"]


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_precise_file_is_well_formed(path: Path):
    cases = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(cases, list) or not cases:
        pytest.fail(f"{path.name}: not a non-empty list of cases", pytrace=False)
    problems = []
    seen: set = set()
    for position, case in enumerate(cases):
        case_id = case.get("id") if isinstance(case, dict) else None
        if not isinstance(case_id, str) or not case_id:
            problems.append(f"{path.name} case #{position}: id is missing")
        elif case_id in seen:
            problems.append(f"{path.name} case #{position}: id repeats an earlier case's id")
        seen.add(case_id)
        problems.extend(f"{path.name} case #{position}: {p}" for p in _case_problems(case))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_ids_are_unique_across_precise_files():
    owner: dict[str, str] = {}
    problems = []
    for path in FILES:
        for position, case in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            case_id = case.get("id") if isinstance(case, dict) else None
            if isinstance(case_id, str) and case_id in owner and owner[case_id] != path.name:
                problems.append(f"{path.name} case #{position}: id also used in {owner[case_id]}")
            elif isinstance(case_id, str):
                owner.setdefault(case_id, path.name)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
