"""When each law and each amending act took effect, read once from ``parameters/vigencia.yaml``.

The dates are legal facts a lawyer should be able to review, so they live in YAML next
to the parameters, with the unit that fixes each date and the assumption made when the
corpus is silent (the amending acts' own texts are not in it).  ``knowledge/laws.py``,
the places and the parameters ask here when a law or an act took effect; the wording of a
unit on a date is ``knowledge/history.py``'s question (it reads these dates too).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

import yaml

# libyaml's safe loader when PyYAML was built with it (10x faster), the pure-Python one otherwise.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

VIGENCIA_FILE = Path(__file__).parent / "parameters" / "vigencia.yaml"


@dataclass(frozen=True)
class Act:
    id: str  # "pe-lei-17107-2020"
    name: str  # "Lei nº 17.107, de 13/11/2020" — as the statute's notes name it
    short: str  # "Lei 17.107/2020"
    law: str  # the law it is (original act) or amends
    signed: date
    in_force: date
    assumption: str
    basis: str | None = None  # "<law-id> <unit-id>" of the unit that fixes the date
    words: str | None = None

    @property
    def amends(self) -> bool:
        return self.id != self.law


@lru_cache(maxsize=1)
def acts() -> dict[str, Act]:
    raw = yaml.load(VIGENCIA_FILE.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    out = {}
    for act_id, entry in raw.items():
        out[act_id] = Act(
            id=act_id,
            name=entry["name"],
            short=entry["short"],
            law=entry["law"],
            signed=entry["signed"],
            in_force=entry["in_force"],
            assumption=" ".join(str(entry["assumption"]).split()),
            basis=entry.get("basis"),
            words=entry.get("words"),
        )
    return out


# The ids (in vigencia.yaml) of Pernambuco's law and the acts that rewrote it, which the dated rules of
# the flows, the fleet check and the side-by-side comparison register their formulas under.
PE_ORIGINAL, PE_LEI_17107, PE_LEI_17406 = "pe-lei-16205-2017", "pe-lei-17107-2020", "pe-lei-17406-2021"


def act(act_id: str) -> Act:
    try:
        return acts()[act_id]
    except KeyError:
        raise KeyError(f"ato desconhecido em vigencia.yaml: {act_id!r}") from None


def in_force(law_id: str) -> date:
    """First day a law applies (its own vacatio counted)."""
    return act(law_id).in_force


def amendments_of(law_id: str) -> list[Act]:
    """The acts that amended a law, oldest first."""
    return sorted((a for a in acts().values() if a.law == law_id and a.amends), key=lambda a: a.in_force)


def act_named(name: str) -> Act | None:
    """The act a statute note names ("Lei nº 17.107, de 13/11/2020"), if it is in vigencia.yaml."""
    return next((a for a in acts().values() if a.name == name), None)
