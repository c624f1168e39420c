"""How passengers tell each infraction: a few short narratives per row of a fine table.

The rows' questions (``knowledge/statutes/perguntas``) are what people *ask* ("qual a multa se o ônibus
anda com a porta aberta?"); a complaint is *told* ("o motorista saiu com a porta aberta e minha mãe quase
caiu").  ``knowledge/statutes/relatos/<law id>.yaml`` holds, for each row (its unit and the first day of
its wording), narratives written from the statute alone by writers who never saw an evaluation story; the
reader of stories (``knowledge/reader/stories.py``) compares a story with them and fits its ranker on
them.  Like the questions, they are data about the law: a row they name must exist in that wording
(``tests/test_relatos.py``).
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from pathlib import Path

import yaml

FOLDER = Path(__file__).parent / "statutes" / "relatos"


class RelatosError(ValueError):
    """A narratives file names another law, repeats a row or has an empty or malformed entry."""


@lru_cache(maxsize=None)
def relatos(law_id: str) -> dict[tuple[str, date], tuple[str, ...]]:
    """(unit id, first day of the row's wording) → the narratives written for that row."""
    path = FOLDER / f"{law_id}.yaml"
    if not path.exists():
        return {}
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    if data.get("law") != law_id:
        raise RelatosError(f"{path.name}: 'law' must be {law_id}")
    found: dict[tuple[str, date], tuple[str, ...]] = {}
    for entry in data.get("rows") or []:
        key, desde, told = entry.get("key"), entry.get("desde"), entry.get("relatos")
        if isinstance(desde, str):
            desde = date.fromisoformat(desde)
        if not isinstance(key, str) or not isinstance(desde, date) or not told or not all(isinstance(t, str) and t.strip() for t in told):
            raise RelatosError(f"{path.name}: each row needs a key, a desde date and a list of relatos ({entry.get('key')})")
        if (key, desde) in found:
            raise RelatosError(f"{path.name}: {key} desde {desde} appears twice")
        found[(key, desde)] = tuple(t.strip() for t in told)
    return found
