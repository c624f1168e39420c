"""The official publication of each law: ``knowledge/statutes/fontes.yaml``, read once.

Why a data file: the address of a law's own page on the publisher's site (Alepe,
Alesp, the Acre Legis, the Recife Legiscidade) is a fact someone checks by opening
the site, not code; the file says for each address what it is, when it was checked
and how far (seen, or only following the site's address scheme, or not found), so a
reviewer can confirm or correct it without reading Python.  The law page links it
(``LawInfo.official_source``) and says plainly when the address is unconfirmed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

import yaml

SOURCES_FILE = Path(__file__).parent / "statutes" / "fontes.yaml"
VERIFICATIONS = ("pagina_conferida", "padrao_do_site", "nao_encontrada")


@dataclass(frozen=True)
class OfficialSource:
    law_id: str
    url: str
    what: str  # o_que_e: what the page is, as the link says it
    checked_on: date  # conferido_em
    verification: str  # one of VERIFICATIONS
    basis: str  # base: the evidence for the address

    @property
    def confirmed(self) -> bool:
        """The page itself was seen with this law's text."""
        return self.verification == "pagina_conferida"

    @property
    def found(self) -> bool:
        """The address is the law's own page (seen or following the site's scheme),
        not only the publisher's legislation site."""
        return self.verification != "nao_encontrada"


@lru_cache(maxsize=1)
def official_sources() -> dict[str, OfficialSource]:
    """Every entry of fontes.yaml by law id; a malformed entry fails loudly at start."""
    data = yaml.safe_load(SOURCES_FILE.read_text(encoding="utf-8"))
    sources = {}
    for law_id, entry in data.items():
        if entry["verificacao"] not in VERIFICATIONS:
            raise ValueError(f"{SOURCES_FILE.name}: {law_id}: verificacao {entry['verificacao']!r} is not one of {VERIFICATIONS}")
        checked = entry["conferido_em"]
        sources[law_id] = OfficialSource(
            law_id=law_id, url=entry["url"], what=entry["o_que_e"],
            checked_on=checked if isinstance(checked, date) else date.fromisoformat(checked),
            verification=entry["verificacao"], basis=" ".join(entry["base"].split()),
        )
    return sources


def official_source(law_id: str) -> OfficialSource:
    return official_sources()[law_id]
