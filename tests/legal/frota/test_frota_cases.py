"""Runs the fleet check's legal cases (tests/legal/frota/casos/*.yaml) through knowledge.fleet.

The cases sit one folder deeper than the other services' (``casos/``) so that the shared
runner (tests/legal/test_legal_cases.py, which reads ``*/*.yaml``) does not take them for a
wizard.  Same shape as the others: ``date_of_facts``, ``input`` (the place, the modality,
the fleet list as CSV), ``expect`` and ``because`` — the statute's words, checked word for
word against the cited unit's wording on that date, with the shared helpers.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
import yaml

from knowledge.fleet import check, parse

from ..legal_cases import CiteRef, quote_occurs, wording_on

ROOT = Path(__file__).parent / "casos"
CASES = [
    dict(case, _where=f"{path.name}#{i + 1}")
    for path in sorted(ROOT.glob("*.yaml"))
    for i, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")) or [])
]
IDS = [f"{c['_where']} {c['name']}" for c in CASES]


def _date(value) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_fleet_case(case):
    on = _date(case["date_of_facts"])
    data, expect = case["input"], case["expect"]
    vehicles, errors = parse(data["frota"], on)
    assert not errors, errors
    report = check(data["lugar"], data["modalidade"], on, vehicles, frota_regular=data.get("frota_regular"))
    if "situacao" in expect:
        assert report.situacao == expect["situacao"]
    if "situacao_frota" in expect:
        assert report.situacao_frota == expect["situacao_frota"]
    codes = {s.code for s in report.frota}
    assert set(expect.get("frota", [])) <= codes, f"frota: {sorted(set(expect.get('frota', [])) - codes)} missing from {sorted(codes)}"
    assert not set(expect.get("frota_not", [])) & codes, f"frota: {sorted(set(expect.get('frota_not', [])) & codes)} must not appear"
    for code, params in expect.get("params", {}).items():
        statement = next((s for s in report.frota if s.code == code), None)
        assert statement is not None, code
        for key, value in params.items():
            assert statement.params[key] == value, f"{code}.{key}"
    for line, vexpect in (expect.get("veiculos") or {}).items():
        verdict = report.veiculos[int(line) - 1]
        if "situacao" in vexpect:
            assert verdict.situacao == vexpect["situacao"], f"linha {line}"
        present = {m.code for m in verdict.motivos}
        assert set(vexpect.get("codes", [])) <= present, f"linha {line}: {sorted(set(vexpect.get('codes', [])) - present)} missing from {sorted(present)}"
        assert not set(vexpect.get("not_codes", [])) & present, f"linha {line}"
        if "vistoria_meses" in vexpect:
            assert verdict.vistoria_meses == vexpect["vistoria_meses"], f"linha {line}"
    cited = [c for s in report.statements() for c in s.citations]
    for text in expect.get("cites", []):
        ref = CiteRef.parse(text)
        assert any(c.law == ref.law and c.unit == ref.unit for c in cited), f"{text} not cited"
    if case.get("ambiguous"):
        assert any(s.data.get("efeito") == "duvida" for s in report.statements()), "the law is ambiguous here: the result must say so"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_because_quotes_the_statute_on_that_date(case):
    assert case.get("because"), "every case quotes the statute words that justify it"
    on = _date(case["date_of_facts"])
    for item in case["because"]:
        ref = CiteRef.parse(item["unit"])
        when = ref.on or on
        assert wording_on(ref.law, ref.unit, when), f"{item['unit']}: no wording on {when}"
        assert quote_occurs(ref.law, ref.unit, when, item["words"]), f"{item['unit']} on {when} does not say {item['words']!r}"
