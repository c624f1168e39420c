"""Loading and running the legal cases of tests/legal/<service>/*.yaml (OpenFisca-test style).

A case is data a lawyer can read and review::

    - name: venda de passagem individual antes da Lei 17.107/2020 era grave
      service: denuncia                      # denuncia | veiculo | veiculo_nao_encontrado | <wizard id>
      date_of_facts: 2019-08-03
      finding: 1                             # the review finding it covers (optional)
      input: {jurisdicao: pe, ocorrencia: venda_passagem_individual}
      expect:
        gravidade: grave
        multa: {value: 900.00, unit: BRL}
        cites: [pe-lei-16205-2017 anexo-i/inc-3/ali-f@2019-08-03]
      because:
        - unit: pe-lei-16205-2017 anexo-i/inc-3/ali-f@2019-08-03
          words: "práticas de vendas e emissões de passagens individuais"
      ambiguous: "…"                         # the law is ambiguous: the product must show it
      runs: decide                           # a wizard case: the module's decide on complete answers (the
                                             # fleet check's per-vehicle rules) instead of the interview

Every case runs through the real functions: complaints through the classifier,
plate checks through the vehicle-status rules, wizards through the flow engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path

import yaml

from knowledge.citations import Cite
from knowledge.corpus import UnknownUnit, resolve

ROOT = Path(__file__).parent


def load_cases(pattern: str = "*/*.yaml", service: str | None = None) -> list[dict]:
    """The cases of the files matching ``pattern`` under tests/legal, each with ``_where``.

    ``service`` names the service of files whose cases do not name one themselves: the fleet
    check's cases (``frota/casos/*.yaml``, one folder deeper so that the default pattern does
    not take them for a wizard's) hold a fleet list, and their folder says what they are."""
    cases = []
    for path in sorted(ROOT.glob(pattern)):
        for index, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")) or []):
            case["_where"] = f"{path.relative_to(ROOT)}#{index + 1}"
            if service:
                case.setdefault("service", service)
            cases.append(case)
    return cases


@dataclass(frozen=True)
class CiteRef:
    law: str
    unit: str
    on: date | None

    @classmethod
    def parse(cls, text: str) -> "CiteRef":
        match = re.fullmatch(r"\s*(\S+)\s+([^@\s]+)(?:@(\d{4}-\d{2}-\d{2}))?\s*", text)
        if not match:
            raise ValueError(f"malformed citation {text!r}: expected 'law unit[@AAAA-MM-DD]'")
        return cls(match.group(1), match.group(2), date.fromisoformat(match.group(3)) if match.group(3) else None)

    def matches(self, cite: Cite) -> bool:
        return cite.law == self.law and cite.unit == self.unit and (self.on is None or cite.on == self.on)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def wording_on(law_id: str, unit_id: str, on: date) -> list[str]:
    """The texts that can hold the wording of a unit on a date, from the statute itself.

    The wording in force that day (``knowledge.history.wording_at``); none if the unit did
    not exist then (added later, or replaced earlier).  Besides it, the statute tree's texts
    for that date: the unit's current text when no enclosing unit was rewritten after ``on``,
    else the previous wordings ("Nota: Redação Anterior") of the unit and its ancestors —
    which also carry Acre's "Pena:" lines printed after the alíneas.
    """
    from knowledge.history import wording_at

    dated = wording_at(law_id, unit_id, on)
    if dated is None or not dated.known:
        return []
    return [dated.text] + _statute_texts(law_id, unit_id, on)


def _statute_texts(law_id: str, unit_id: str, on: date) -> list[str]:
    """The same, read from the statute tree (also gives Acre's "Pena:" closing lines)."""
    try:
        _, unit = resolve(law_id, unit_id)
    except UnknownUnit:
        parent = unit_id.rsplit("/", 1)[0]
        _, unit = resolve(law_id, parent)
        return [h.text for u in [unit] + unit.ancestors() for h in u.history]
    chain = [unit] + unit.ancestors()
    added_later = [a for u in chain for a in u.amendments if a.act_date and a.act_date > on and a.change == "acréscimo"]
    if added_later:
        return []
    rewritten_later = [a for u in chain for a in u.amendments if a.act_date and a.act_date > on and a.change == "redação"]
    if rewritten_later:
        return [h.text for u in chain for h in u.history]
    texts = [unit.full_text(), unit.closing]
    if unit.parent is not None:
        texts.append(unit.parent.closing)  # Acre: "Pena: Multa …" printed after the alíneas
    return texts


def quote_occurs(law_id: str, unit_id: str, on: date, words: str) -> bool:
    needle = _norm(words)
    return any(needle in _norm(text) for text in wording_on(law_id, unit_id, on) if text)


def as_number(value):
    if isinstance(value, Decimal):
        return float(value)
    return value
