"""The questions each unit of a statute answers, in the words people use.

The statutes say "transporte remunerado sem autorização" where a passenger types
"ônibus pirata", and "apreensão" where a driver says "guincharam meu ônibus".  For
each unit that answers something, ``knowledge/statutes/perguntas/<law id>*.yaml``
lists a few such questions and the kind of answer the unit gives (a deadline, an
amount, a permission …).  They were written from the statutes alone, unit by unit,
by people who never saw the assistant's evaluation questions; the search indexes
them with their unit (so people's words find the law's) and the assistant reads a
unit's kind of answer from them.  They are data about the law, like the parameters,
and a unit they name must exist in the law in force (``tests/test_unit_questions.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

FOLDER = Path(__file__).parent / "statutes" / "perguntas"
# The kinds of answer a unit gives: the assistant's six kinds of question, and three that
# no question kind asks for (what a thing is, how it is done, anything else).
TIPOS = ("prazo", "valor", "limite", "permissao", "quem", "documentos", "definicao", "procedimento", "outro")


@dataclass(frozen=True)
class UnitQuestions:
    unit_id: str
    tipo: str
    perguntas: tuple[str, ...]
    tipos: tuple[str, ...] = ()  # the kind each writer gave it, in file order (``tipo`` is the first)

    def share(self, tipo: str) -> float:
        """The share of its writers who say the unit gives this kind of answer."""
        return self.tipos.count(tipo) / len(self.tipos) if self.tipos else float(self.tipo == tipo)


class QuestionsError(ValueError):
    """A questions file names an unknown law, repeats a unit or has a malformed entry."""


@lru_cache(maxsize=None)
def _all() -> dict[str, dict[str, UnitQuestions]]:
    found: dict[str, dict[str, UnitQuestions]] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        # libyaml's safe loader when built with it: ~10x faster, and this is every worker's first law load (issue #32, cold start).
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
        law_id = data.get("law")
        if not isinstance(law_id, str) or not path.stem.startswith(law_id):
            raise QuestionsError(f"{path.name}: 'law' must name the law the file is named after")
        units = found.setdefault(law_id, {})
        seen: set[str] = set()
        for unit_id, entry in (data.get("units") or {}).items():
            perguntas = entry.get("perguntas") if isinstance(entry, dict) else None
            if unit_id in seen or entry.get("tipo") not in TIPOS or not perguntas or not all(isinstance(p, str) and p.strip() for p in perguntas):
                raise QuestionsError(f"{path.name}: {unit_id} needs one entry with a tipo of {TIPOS} and a list of perguntas")
            seen.add(unit_id)
            # Several writers may annotate one unit, each in a file of their own: the unit answers all
            # their questions; its kind of answer is the first file's (in name order), and each
            # writer's is kept, for the share who agree.
            earlier = units.get(unit_id)
            asked = tuple(dict.fromkeys((earlier.perguntas if earlier else ()) + tuple(p.strip() for p in perguntas)))
            units[unit_id] = UnitQuestions(unit_id, earlier.tipo if earlier else entry["tipo"], asked,
                                           (earlier.tipos if earlier else ()) + (entry["tipo"],))
    return found


def unit_questions(law_id: str) -> dict[str, UnitQuestions]:
    """unit id → the questions it answers, for one law (empty for a law without a file)."""
    return _all().get(law_id, {})
