"""Runs every legal case of tests/legal/<service>/*.yaml through the real functions.

Complaints go through the classifier, plate checks through the vehicle-status
rules, wizards through the flow engine, fleet lists (tests/legal/frota/casos/*.yaml)
through the fleet check — the same code the portal, the API and the assistant use.
A second test checks that every ``because`` quote is, word for word, in the cited
unit's wording on the date of the facts, so the cases cannot drift from the statute.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from knowledge.complaints import REGULATORS, classify, classify_everywhere
from knowledge.fleet import check, parse
from knowledge.flows import FLOWS, InvalidAnswer
from knowledge.parameters import NotInForce
from knowledge.vehicle_status import evaluate, not_found

from .legal_cases import CiteRef, as_number, load_cases, quote_occurs, wording_on

CASES = load_cases()
# The fleet check's cases: run and quote-checked here too, but not counted by the floors of
# test_enough_cases_on_both_sides_of_each_change (set on the services' own cases).
FROTA = load_cases("frota/casos/*.yaml", service="frota")
EVERY = CASES + FROTA
IDS = [f"{c['_where']} {c['name']}" for c in EVERY]


def _date(value):
    return value if isinstance(value, date) or value is None else date.fromisoformat(str(value))


def _iso_date(value):
    """An answer that is a date (YYYY-MM-DD), or None."""
    try:
        return _date(value) if isinstance(value, (str, date)) else None
    except ValueError:
        return None


def _check_cites(expect: dict, cites: list) -> None:
    for text in expect.get("cites", []):
        ref = CiteRef.parse(text)
        assert any(ref.matches(c) for c in cites), f"{text} not cited; cited: {[(c.law, c.unit, c.on) for c in cites]}"
    for text in expect.get("not_cites", []):
        ref = CiteRef.parse(text)
        assert not any(c.law == ref.law and c.unit == ref.unit for c in cites), f"{text} must not be cited"


def run_denuncia(case, on):
    expect, data = case["expect"], case["input"]
    if expect.get("not_in_force"):
        with pytest.raises(NotInForce):
            classify(data["ocorrencia"], data["jurisdicao"], on)
        return
    e = classify(data["ocorrencia"], data["jurisdicao"], on)
    if "gravidade" in expect:
        gravidade = (e.gravidade % e.params if e.params and e.gravidade and "%(" in e.gravidade else e.gravidade)
        assert gravidade == expect["gravidade"]
    if "penalidade" in expect:
        assert e.penalidade == expect["penalidade"]
    if "multa" in expect:
        if expect["multa"] is None:
            assert e.multa is None
        else:
            assert e.multa is not None, "expected a fine"
            assert Decimal(str(as_number(e.multa["valor"]))) == Decimal(str(expect["multa"]["value"]))
            assert e.multa["unidade"] == expect["multa"]["unit"]
            if "per_passenger" in expect["multa"]:
                assert bool(e.multa.get("por_passageiro")) == expect["multa"]["per_passenger"]
    if "descricao_contains" in expect:
        assert expect["descricao_contains"] in e.descricao
    if case.get("ambiguous"):
        assert e.ressalvas, "the law is ambiguous here: the classification must show it (ressalvas)"
    _check_cites(expect, e.citations)


def run_denuncia_sem_lugar(case, on):
    results = classify_everywhere(case["input"]["ocorrencia"], on)
    assert set(results) == {"pe", "sp", "ac", "recife"}, "each place's answer, never one assumed place"
    for place, gravidade in case["expect"]["places"].items():
        e = results[place]
        if gravidade == "not_in_force":
            assert e is None
        else:
            assert e is not None and (e.gravidade % e.params if e.params and e.gravidade and "%(" in e.gravidade else e.gravidade) == gravidade, place


def run_veiculo(case, on):
    data, expect = case["input"], case["expect"]
    operator = {k: _date(v) if k == "crc_validade" else v for k, v in data["operadora"].items()}
    vehicle = {k: _date(v) if k.endswith("_validade") else v for k, v in data["veiculo"].items()}
    status = evaluate(operator, vehicle, on)
    assert status.situacao == expect["situacao"]
    if "motivos" in expect:
        assert [r.code for r in status.motivos] == expect["motivos"]
    if status.situacao != "regular":
        assert status.resumo == "", "a summary of what is in order must never accompany an irregular verdict"
    for text in expect.get("resumo_contains", []):
        assert text in status.resumo
    for text in expect.get("resumo_not_contains", []):
        assert text not in status.resumo
    _check_cites(expect, [c for r in status.motivos for c in r.citations])


def run_veiculo_nao_encontrado(case, on):
    status = not_found(on)
    assert status.situacao == case["expect"]["situacao"]
    _check_cites(case["expect"], [c for r in status.motivos for c in r.citations])


def _asked(flow, answers, today):
    given, ids = {}, []
    while True:
        progress = flow.run(given, today=today)
        if progress.complete:
            return ids
        qid = progress.next_question.id
        ids.append(qid)
        if qid not in answers:
            raise AssertionError(f"the case does not answer {qid}")
        given[qid] = answers[qid]


def _decided(flow, answers, today):
    """``runs: decide`` — the flow module's ``decide`` on complete answers, as the fleet check runs it per
    vehicle (knowledge/fleet/pernambuco.py): the rules for a kind the interview no longer walks (a bus in
    the 7-seat-car guide ends after the date, issue #31) still decide each vehicle of a fleet list."""
    import importlib

    from knowledge.flows.engine import _date_citations

    module = importlib.import_module(f"knowledge.flows.{flow.id}")
    ids = {q.id for q in flow.questions}
    parsed = {k: flow.question(k).parse(v, today) if k in ids else v for k, v in answers.items()}
    outcome = module.decide(parsed, today)
    _date_citations(outcome, flow.when(parsed, today))
    return outcome


def run_wizard(case, on):
    flow = FLOWS.get(case["service"])
    answers = dict(case["input"])
    date_field = next((q.id for q in flow.questions if q.type == "date" and q.id != "data_notificacao"), None)  # the date of the facts
    if date_field and date_field not in answers:
        answers[date_field] = on.isoformat()
    # The day the person asks: the case's, else the last date it tells (a notice received after the facts
    # was received by then: a date after "today" is refused as the future).
    told = [d for d in (_iso_date(v) for v in answers.values()) if d is not None]
    today = _date(case.get("today")) or max([on, *told])
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(InvalidAnswer) as exc:
            flow.run(answers, today=today)
        assert exc.value.field == expect["error"]
        return
    if "asked" in expect or "not_asked" in expect:
        asked = _asked(flow, answers, today)
        if "asked" in expect:
            assert asked == expect["asked"]
        for qid in expect.get("not_asked", []):
            assert qid not in asked
    if case.get("runs") == "decide":
        outcome = _decided(flow, answers, today)
    else:
        progress = flow.run(answers, today=today)
        assert progress.complete, f"still asking {progress.next_question.id}"
        outcome = progress.outcome
    statements = list(outcome.statements())
    by_code = {}
    for s in statements:
        by_code.setdefault(s.code, s)
    for key, value in expect.get("fields", {}).items():
        actual = outcome.fields[key]
        actual = actual.isoformat() if isinstance(actual, date) else actual
        assert actual == (value.isoformat() if isinstance(value, date) else value), key
    for field, codes in expect.get("codes", {}).items():
        present = {s.code for s in outcome.fields[field]}
        assert set(codes) <= present, f"{field}: {sorted(set(codes) - present)} missing from {sorted(present)}"
    for field, codes in expect.get("no_codes", {}).items():
        present = {s.code for s in outcome.fields[field]}
        assert not set(codes) & present, f"{field}: {sorted(set(codes) & present)} must not appear"
    if "first" in expect:
        for field, code in expect["first"].items():
            assert outcome.fields[field][0].code == code, field
    if "headline_code" in expect:
        assert outcome.headline.code == expect["headline_code"]
    for code, value in expect.get("money", {}).items():
        assert code in by_code and by_code[code].money is not None, f"no amount for {code}"
        assert Decimal(str(as_number(by_code[code].money.amount))) == Decimal(str(value)), code
    for code, params in expect.get("params", {}).items():
        assert code in by_code, f"no statement {code}"
        for key, value in params.items():
            assert as_number(by_code[code].params[key]) == value, f"{code}.{key}"
    for code, value in expect.get("due", {}).items():
        assert code in by_code, f"no statement {code}"
        assert by_code[code].due == _date(value), code
    for code, data in expect.get("data", {}).items():
        assert code in by_code, f"no statement {code}"
        for key, value in data.items():
            assert by_code[code].data.get(key) == value, f"{code}.{key}"
    if case.get("ambiguous"):
        code = expect.get("ambiguity_code")
        assert code and code in by_code, "the law is ambiguous here: the outcome must state it (ambiguity_code)"
    _check_cites(expect, outcome.citations())


def run_orgao(case, on):
    regulator = REGULATORS[case["input"]["jurisdicao"]]
    expect = case["expect"]
    assert regulator.sigla == expect["sigla"]
    for text in expect.get("nome_not_contains", []):
        assert text not in regulator.nome
    for text in expect.get("contatos_contain", []):
        assert any(text in c for c in regulator.contatos), text
    _check_cites(expect, list(regulator.citations))


def run_relato(case, on):
    """A story → the row of the place's table in force that day (knowledge/reader), its gravity and fine."""
    from knowledge.reader.report import classify_report

    from knowledge.complaints import classify_row

    data, expect = case["input"], case["expect"]
    report = classify_report(data["relato"], data["jurisdicao"], on, given=on)
    if "linhas" in expect:
        # A story that tells several infractions: every row, most confident first, none besides (order free).
        assert sorted(report.all_rows) == sorted(expect["linhas"]), report.all_rows
        found = {r.key: r for r in report.wordings[-1].rows}
        for key, fine in zip(expect["linhas"], expect.get("multas", [])):
            e = classify_row(found[key], on)
            if fine is None:
                assert e.multa is None, key
                continue
            assert Decimal(str(as_number(e.multa["valor"]))) == Decimal(str(fine["value"])) and e.multa["unidade"] == fine["unit"], key
            _check_cites({"cites": [key]}, e.citations)
        return
    if expect["linha"] is None:
        assert report.all_rows == [], f"the law lists no such infraction, yet {report.all_rows}"
        assert all(w.enquadramento is None for w in report.wordings), "no fine for a story no row describes"
        return
    assert report.all_rows == [expect["linha"]], report.all_rows
    e = report.wordings[0].enquadramento
    if "gravidade" in expect:
        assert (e.gravidade % e.params if e.params and "%(" in (e.gravidade or "") else e.gravidade) == expect["gravidade"]
    if "multa" in expect:
        assert Decimal(str(as_number(e.multa["valor"]))) == Decimal(str(expect["multa"]["value"]))
        assert e.multa["unidade"] == expect["multa"]["unit"]
    _check_cites({"cites": [expect["linha"]]}, e.citations)


def run_frota(case, on):
    """A fleet list (CSV) → the fleet's and each vehicle's verdict (knowledge.fleet)."""
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


def run_linha(case, on):
    """A row of the place's table on the date of the facts → the measures the law attaches to it and whom it
    holds responsible (knowledge.infractions Row.measures, Row.responsavel), the whole lists in order."""
    from knowledge.infractions import row

    data, expect = case["input"], case["expect"]
    found = row(data["jurisdicao"], data["linha"], on)
    assert found is not None, f"no row {data['linha']} on {on}"
    assert [f"{m.kind} {m.cite.unit}" for m in found.measures] == expect["medidas"]
    assert [r.cite.unit for r in found.responsavel] == expect["responsavel"]
    assert all(r.text in r.words for r in found.responsavel)


RUNNERS = {"frota": run_frota, "linha": run_linha, "relato": run_relato, "orgao": run_orgao, "denuncia": run_denuncia, "denuncia_sem_lugar": run_denuncia_sem_lugar, "veiculo": run_veiculo, "veiculo_nao_encontrado": run_veiculo_nao_encontrado}


@pytest.mark.parametrize("case", EVERY, ids=IDS)
def test_legal_case(case):
    on = _date(case["date_of_facts"])
    RUNNERS.get(case["service"], run_wizard)(case, on)


@pytest.mark.parametrize("case", EVERY, ids=IDS)
def test_because_quotes_the_statute_on_that_date(case):
    assert case.get("because"), "every case quotes the statute words that justify it"
    on = _date(case["date_of_facts"])
    for item in case["because"]:
        ref = CiteRef.parse(item["unit"])
        when = ref.on or on
        assert wording_on(ref.law, ref.unit, when), f"{item['unit']} had no wording on {when}"
        assert quote_occurs(ref.law, ref.unit, when, item["words"]), f"{item['words']!r} is not in {ref.law} {ref.unit} as of {when}"


@pytest.mark.parametrize("case", [c for c in CASES if "cites" in c.get("expect", {})], ids=[f"{c['_where']} {c['name']}" for c in CASES if "cites" in c.get("expect", {})])
def test_cited_units_existed_on_their_date(case):
    on = _date(case["date_of_facts"])
    for text in case["expect"]["cites"]:
        ref = CiteRef.parse(text)
        assert wording_on(ref.law, ref.unit, ref.on or on), f"{text}: no wording of this unit on {ref.on or on}"


def test_enough_cases_on_both_sides_of_each_change():
    dates = [_date(c["date_of_facts"]) for c in CASES]
    assert len(CASES) >= 200
    for change in (date(2020, 11, 13), date(2021, 9, 23), date(2018, 2, 22), date(2013, 12, 21)):
        assert sum(d < change for d in dates) >= 5 and sum(d >= change for d in dates) >= 5, change
    findings = {f for c in CASES for f in ([c["finding"]] if isinstance(c.get("finding"), int) else c.get("finding") or [])}
    assert findings >= set(range(1, 20)), sorted(set(range(1, 20)) - findings)
