"""The fleet check (issue #30): the CSV list, the rules' arithmetic, the deadlines and their .ics,
the /frota page (pt, en, es; the form works without JavaScript: plain POST and GET), the
shareable link without plates, and /api/v1/frota against its OpenAPI description.

The legal verdicts themselves are the legal cases of tests/legal/frota/.
"""

from __future__ import annotations

from dataclasses import replace

import re
from datetime import date, datetime, timezone
from urllib.parse import parse_qs, urlparse

import jsonschema
import pytest
from icalendar import Calendar

from app import create_app
from knowledge import clock
from knowledge.places import PLACES
from knowledge.fleet import Dates, check, deadlines, modalities, parse
from knowledge.fleet.calendar_file import ics
from knowledge.fleet.deadlines import add_months
from knowledge.fleet.vehicles import TEMPLATE

FLEET = (
    "placa;tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria\n"
    "KGT2E47;onibus;44;2016;2017;proprio;2024-03-10\n"
    "ABC1234;onibus;44;2004;2004;proprio;2024-05-31\n"
    "ABC2E34;automovel;7;2021;2021;locado;2024-08-01\n"
)
NOW = datetime(2025, 1, 15, 15, tzinfo=timezone.utc)


@pytest.fixture()
def fleet_app(tmp_path):
    return create_app({"DATA_DIR": str(tmp_path), "TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})


@pytest.fixture()
def web(fleet_app):
    with clock.fixed(NOW):
        yield fleet_app.test_client()


def text_of(response) -> str:
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# -- the list ---------------------------------------------------------------------------------------


def test_the_template_parses_and_each_bad_line_is_named():
    vehicles, errors = parse(TEMPLATE, date(2025, 1, 1))
    assert [v.tipo for v in vehicles] == ["onibus", "micro_onibus", "automovel"] and not errors
    vehicles, errors = parse(",onibus,44,2016,,proprio\n,trem,4,2016,,proprio\n,micro,20,20x6,,locado\n,van,15,2016,,alugado\n", date(2025, 1, 1))
    assert [(v.linha, v.tipo, v.proprio) for v in vehicles] == [(1, "onibus", True), (4, "utilitario", False)]
    assert [(e.linha, e.coluna) for e in errors] == [(2, "tipo"), (3, "ano_fabricacao")]


def test_header_problems_and_limits():
    _, errors = parse("placa;tipo;cor\n;onibus;azul\n", date(2025, 1, 1))
    assert errors[0].coluna == "cabecalho" and errors[0].params == {"coluna": "cor"}
    _, errors = parse("", date(2025, 1, 1))
    assert errors[0].coluna == "frota"
    _, errors = parse(";onibus;44;2016;2030;proprio;\n", date(2025, 1, 1))
    assert errors[0].coluna == "ano_primeiro_emplacamento"
    _, errors = parse(";onibus;44;2016;;proprio;2026-01-01\n", date(2025, 1, 1))
    assert errors[0].coluna == "ultima_vistoria"
    _, errors = parse("XX;onibus;44;2016;;proprio;\n", date(2025, 1, 1))
    assert errors[0].coluna == "placa"
    assert parse('";onibus\x00;44\n', date(2025, 1, 1))[1]  # a broken quote or a NUL is a line error, not a crash


# -- the rules' arithmetic (rounding as the law says) --------------------------------------------------


@pytest.mark.parametrize("own, leased, when, code", [
    (10, 1, date(2020, 11, 12), "limite_locados"),  # 10 % of 10 = 1
    (11, 2, date(2020, 11, 12), "limite_locados"),  # 10 % of 11 = 1,1 → 2
    (10, 2, date(2020, 11, 12), "limite_locados_excedido"),
    (5, 3, date(2020, 11, 13), "limite_locados"),  # 50 % of 5 = 2,5 → 3; of 8 = 4
    (4, 3, date(2021, 9, 23), "limite_locados_base_ambigua"),  # own: 2; whole fleet (7): 4
    (2, 4, date(2021, 9, 23), "limite_locados_excedido"),  # own: 1; whole fleet (6): 3
])
def test_pernambuco_leasing_limit_rounds_up(own, leased, when, code):
    lines = [";onibus;44;2016;2016;proprio;"] * own + [";onibus;44;2016;2016;locado;"] * leased
    vehicles, _ = parse("\n".join(lines), when)
    report = check("pe", "eventual", when, vehicles)
    assert code in {s.code for s in report.frota}


def test_a_modality_the_law_did_not_have_yet_is_refused():
    from knowledge.fleet import FleetError

    vehicles, _ = parse(";onibus;44;2016;2016;proprio;", date(2020, 1, 1))
    with pytest.raises(FleetError) as exc:
        check("pe", "proprio", date(2020, 1, 1), vehicles)
    assert exc.value.field == "modalidade"
    with pytest.raises(FleetError):
        check("pe", "eventual", date(2017, 1, 1), vehicles)


# -- deadlines and the calendar file ------------------------------------------------------------------


def _pe_deadlines():
    vehicles, _ = parse(FLEET, date(2025, 1, 15))
    report = check("pe", "turistico", date(2025, 1, 15), vehicles)
    dates = Dates(emissao_registro=date(2024, 5, 20), validade_seguro=date(2025, 3, 1), data_notificacao=date(2025, 1, 10), data_decisao=date(2025, 1, 14))
    return report, deadlines(report, dates, date(2025, 1, 15))


def test_pernambuco_deadlines_from_the_law():
    report, items = _pe_deadlines()
    due = {s.code: s.due for s in items if s.due and s.code != "proxima_vistoria"}
    assert due["crc_vencimento"] == date(2025, 5, 20)  # 1 year from issue (art. 8º), same day
    assert due["crc_renovacao"] == date(2025, 4, 20)  # at least 30 days before
    assert due["crc_condicionado_seguro"] == date(2025, 3, 1)  # the CRC follows the policy since 2020
    assert due["defesa"] == date(2025, 1, 25)  # the seized-vehicle wizard: 15 days from receipt
    assert due["recurso"] == date(2025, 1, 29)
    vistorias = {s.params["linha"]: s.due for s in items if s.code == "proxima_vistoria"}
    # numbered as the file's lines: the header is line 1 (review of #31)
    assert vistorias == {2: date(2025, 3, 10), 3: date(2024, 11, 30), 4: date(2025, 8, 1)}  # annual, semestral (21 years), annual
    assert items[0].due <= items[1].due  # dated first, in order
    assert any(s.code == "contagem" for s in items)  # the law does not say how to count: said
    assert any(s.code == "contagem_validade" for s in items)
    assert next(s for s in items if s.code == "proxima_vistoria" and s.params["linha"] == 3).data["passou"]  # 30/11/2024 is past on 15/01/2025


def test_recife_defence_counts_from_the_first_working_day_skipping_holidays():
    vehicles, _ = parse(";micro_onibus;16;2022;2022;proprio;", date(2025, 1, 15))
    report = check("recife", "stcp", date(2025, 1, 15), vehicles)
    items = deadlines(report, Dates(data_notificacao=date(2024, 12, 24)), date(2025, 1, 15))
    defesa = next(s for s in items if s.code == "defesa")
    # 25/12 (Natal) and the weekend are skipped: the first working day is 26/12; 30 days end 24/01.
    assert defesa.due == date(2025, 1, 24)
    assert any(s.code == "dias_pulados" and "Natal" in s.render() for s in items)


def test_sao_paulo_renewal_rules_disagree_and_both_dates_are_shown():
    vehicles, _ = parse(";onibus;44;2020;2020;proprio;\n;onibus;44;2020;2020;proprio;", date(2025, 1, 15))
    report = check("sp", "eventual", date(2025, 1, 15), vehicles)
    items = deadlines(report, Dates(emissao_registro=date(2021, 6, 1)), date(2025, 1, 15))
    renovacao = next(s for s in items if s.code == "registro_renovacao")
    assert renovacao.due == date(2026, 3, 1)  # 3 months before 01/06/2026 (art. 21)
    assert renovacao.data["outra_data"] == "2026-03-03"  # 90 days before (art. 19, parágrafo único)


def test_the_calendar_file_opens_in_a_standard_parser_with_the_right_dates():
    _, items = _pe_deadlines()
    body = ics(items, render=lambda s: s.render(), cite_text=lambda s: "; ".join(c.label for c in s.citations), title="Prazos", now=NOW)
    calendar = Calendar.from_ical(body)
    events = calendar.walk("VEVENT")
    assert len(events) == len([s for s in items if s.due])
    starts = sorted(e.decoded("dtstart") for e in events)
    assert starts == sorted(s.due for s in items if s.due)
    renewal = next(e for e in events if "renovação do CRC" in str(e.get("summary")))
    assert renewal.decoded("dtstart") == date(2025, 4, 20) and renewal.decoded("dtend") == date(2025, 4, 21)
    assert "art. 8º" in str(renewal.get("description"))
    assert len({str(e.get("uid")) for e in events}) == len(events)


def test_add_months_keeps_the_day_or_takes_the_months_last():
    assert add_months(date(2024, 8, 31), 6) == date(2025, 2, 28)
    assert add_months(date(2024, 1, 15), -3) == date(2023, 10, 15)


# -- the page ------------------------------------------------------------------------------------------


def test_form_without_javascript_posts_and_shows_verdicts_with_citations(web):
    page = web.get("/frota")
    assert page.status_code == 200 and 'method="post"' in page.get_data(as_text=True)
    response = web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": FLEET})
    assert response.status_code == 200
    text = text_of(response)
    assert "KGT2E47" in text  # the operator's own page shows the plates
    assert "Fora do fretamento turístico a lei não admite automóvel" in text
    # The reason of "não apto" comes first, under the verdict, before the vehicles it is about.
    assert text.index("Por quê:") < text.index("Cada veículo") and text.index("Por quê:") < text.index("Fora do fretamento turístico a lei não admite automóvel")
    html = response.get_data(as_text=True)
    assert 'href="#veiculo-3"' in html
    assert '/leis/pe-lei-16205-2017/' in html  # reasons link to the law reader
    assert "/assistentes/carro_turismo?" in html  # each vehicle links to the wizard that explains it
    share = re.search(r'id="link-compartilhar"[^>]*value="([^"]+)"', html).group(1)
    assert "KGT2E47" not in share and "ABC1234" not in share
    again = web.get(urlparse(share.replace("&amp;", "&")).path + "?" + urlparse(share.replace("&amp;", "&")).query)
    assert again.status_code == 200 and "KGT2E47" not in again.get_data(as_text=True)
    assert "Fora do fretamento turístico a lei não admite automóvel" in text_of(again)


def test_upload_of_the_csv_file(web):
    import io

    response = web.post("/frota", data={"lugar": "sp", "modalidade": "eventual", "data": "2025-01-10", "arquivo": (io.BytesIO(FLEET.encode("utf-8")), "frota.csv")},
                        content_type="multipart/form-data")
    assert response.status_code == 200
    assert "limite de 20 anos" in text_of(response)


@pytest.mark.parametrize("lang, expected", [
    ("pt-BR", "Linha 2, coluna tipo: Tipo desconhecido: trem."),
    ("en", "Line 2, column tipo: Unknown type: trem."),
    ("es", "Línea 2, columna tipo: Tipo desconocido: trem."),
])
def test_bad_lines_are_a_400_in_the_users_language(web, lang, expected):
    response = web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": ";onibus;44;2016;;proprio;\n;trem;4;2016;;proprio;"},
                        headers={"Accept-Language": lang})
    assert response.status_code == 400
    assert expected in text_of(response)


@pytest.mark.parametrize("lang, title, verdict", [("pt-BR", "Verificar minha frota", "não apto"), ("en", "Check my fleet", "not eligible"), ("es", "Verificar mi flota", "no apto")])
def test_page_in_three_languages(web, lang, title, verdict):
    response = web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": FLEET}, headers={"Accept-Language": lang})
    text = text_of(response)
    assert title in text and verdict in text


def test_template_download_and_calendar_link(web):
    template = web.get("/frota/modelo.csv")
    assert template.status_code == 200 and template.mimetype == "text/csv"
    assert parse(template.get_data(as_text=True), date(2025, 1, 1))[1] == []
    response = web.post("/frota", data={"lugar": "pe", "modalidade": "turistico", "data": "2025-01-10", "frota": FLEET, "emissao_registro": "2024-05-20"})
    link = re.search(r'href="(/frota/prazos\.ics\?[^"]+)"', response.get_data(as_text=True)).group(1).replace("&amp;", "&")
    calendar = web.get(link)
    assert calendar.status_code == 200 and calendar.mimetype == "text/calendar"
    events = Calendar.from_ical(calendar.data).walk("VEVENT")
    assert date(2025, 4, 20) in {e.decoded("dtstart") for e in events}
    assert "KGT2E47" not in calendar.get_data(as_text=True)


def test_wizard_outcome_links_to_the_fleet_check_prefilled(web):
    answers = "tipo_veiculo=automovel&lugares=7&ano_fabricacao=2021&data_referencia=2025-01-10&categoria_aluguel=sim&emplacado_pe=sim&empresa_crc=sim&cadastur_pe=sim&atividade_exclusiva_turismo=sim&reboque=nao&rastreador=sim&envelopado=sim&ver=resultado"
    outcome = web.get("/assistentes/carro_turismo?" + answers)
    link = re.search(r'href="(/frota\?[^"]+)"', outcome.get_data(as_text=True)).group(1).replace("&amp;", "&")
    query = parse_qs(urlparse(link).query)
    assert query["lugar"] == ["pe"] and query["modalidade"] == ["turistico"] and query["frota"][0].startswith(";automovel;7;2021")
    check_page = web.get(link)
    assert check_page.status_code == 200 and "Automóvel (carro)" in text_of(check_page)


# -- the API -------------------------------------------------------------------------------------------


def _schema(name):
    from portal.openapi import spec

    document = spec()
    return {"$ref": f"#/components/schemas/{name}", "components": document["components"]}


def test_api_answers_as_described_and_without_plates(web):
    response = web.get("/api/v1/frota", query_string={"lugar": "pe", "modalidade": "turistico", "data": "2021-01-10", "frota": FLEET.replace("2021;2021", "2020;2020")})
    assert response.status_code == 200
    body = response.get_json()
    jsonschema.validate(body, _schema("FleetCheck"))
    assert "KGT2E47" not in response.get_data(as_text=True)
    assert body["veiculos"][2]["situacao"] == "apto" and body["veiculos"][2]["vistoria_meses"] == 12
    assert all(m["citations"] for v in body["veiculos"] for m in v["motivos"])


def test_api_refuses_with_the_lines_named(web):
    response = web.get("/api/v1/frota", query_string={"lugar": "pe", "modalidade": "eventual", "frota": ";onibus;xx;2016;;proprio;"}, headers={"Accept-Language": "en"})
    assert response.status_code == 400
    body = response.get_json()
    jsonschema.validate(body, _schema("FleetError"))
    assert body["linhas"][0]["linha"] == 1 and body["linhas"][0]["coluna"] == "lugares"
    assert web.get("/api/v1/frota", query_string={"lugar": "rj", "frota": ";onibus;44;2016;;proprio;"}).status_code == 400
    assert web.get("/api/v1/frota", query_string={"lugar": "pe", "data": "2030-01-01", "frota": ";onibus;44;2016;;proprio;"}).status_code == 400


def test_a_date_before_the_law_is_a_400_naming_the_field(web):
    response = web.get("/api/v1/frota", query_string={"lugar": "pe", "modalidade": "eventual", "frota": ";onibus;44;2016;;proprio;", "emissao_registro": "2010-01-01"})
    assert response.status_code == 400 and response.get_json()["field"] == "emissao_registro"
    response = web.get("/api/v1/frota", query_string={"lugar": "recife", "frota": ";micro_onibus;16;2022;;proprio;", "data_notificacao": "2001-01-01"}, headers={"Accept-Language": "en"})
    assert response.status_code == 400 and response.get_json()["field"] == "data_notificacao"


def test_every_statement_of_every_place_is_cited(fleet_app):
    """A legal statement always carries the unit it rests on (the deadlines included), and each
    resolves to a link in the law reader, in the wording of that date."""
    from portal.law_urls import citation_dict

    text = "\n".join([";onibus;44;2000;2000;locado;2024-01-01", ";micro_onibus;16;2019;2019;proprio;2024-06-01", ";automovel;7;2019;2019;proprio;2024-02-01", ";utilitario;12;2018;2018;locado;2024-03-01"])
    vehicles, _ = parse(text, date(2025, 1, 1))
    dates = Dates(emissao_registro=date(2024, 2, 1), validade_seguro=date(2025, 6, 1), data_notificacao=date(2024, 12, 20), data_decisao=date(2024, 12, 30))
    for place, modality in (("pe", "turistico"), ("pe", "social"), ("sp", "continuo"), ("recife", "stcp"), ("ac", "fretamento")):
        for when in (date(2020, 11, 12), date(2020, 11, 13), date(2021, 9, 22), date(2021, 9, 23), date(2025, 1, 1)):
            report = check(place, modality, when, vehicles)
            for statement in list(report.statements()) + deadlines(report, dates, date(2025, 1, 1)):
                assert statement.citations, (place, when, statement.code)
                with fleet_app.test_request_context():
                    for cite in statement.citations:
                        assert citation_dict(cite.law, cite.unit, cite.on)["url"]


# -- the units a reason rests on are its citations, not words of its text (issue #33) ----------------------

ARTICLE_NAMED = re.compile(r"\barts?\.\s*\d|\bartigos?\s+\d|\bincisos?\s+[IVXL]+\b|§\s*\d", re.I)
EVERY_KIND = "\n".join([";onibus;44;2008;2008;locado;2024-01-01", ";micro_onibus;16;2005;2005;proprio;2024-06-01", ";automovel;7;2019;2019;proprio;2024-02-01",
                        ";utilitario;12;2018;2018;locado;2024-03-01", ";micro_onibus;30;2014;2014;proprio;"])


def _every_statement(on: date):
    vehicles, _ = parse(EVERY_KIND, on)
    dates = Dates(emissao_registro=date(2024, 2, 1), validade_seguro=date(2025, 6, 1), data_notificacao=date(2024, 12, 20), data_decisao=date(2024, 12, 30))
    for place, modality in (("pe", "turistico"), ("pe", "eventual"), ("pe", "social"), ("sp", "continuo"), ("recife", "stcp"), ("ac", "fretamento")):
        for when in (date(2015, 1, 10), date(2020, 11, 12), date(2020, 11, 13), date(2025, 1, 1)):
            if when < PLACES[place].in_force or modality not in modalities(place, when):
                continue
            listed = [v for v in vehicles if v.ano_fabricacao <= when.year]
            report = check(place, modality, when, listed, frota_regular=40 if place == "pe" else None)
            yield from report.statements()
            yield from deadlines(report, dates, on)


@pytest.mark.parametrize("lang", ["pt-BR", "en", "es"])
def test_no_reason_names_an_article_in_its_text_in_any_language(fleet_app, lang):
    """Rendered as the reader sees them (parameters filled in, translated): the units are the links."""
    from portal.serialize import say

    with fleet_app.test_request_context(headers={"Accept-Language": lang}):
        seen = 0
        for statement in _every_statement(date(2025, 1, 15)):
            text = say(statement)
            assert not ARTICLE_NAMED.search(text), (statement.code, text)
            seen += 1
    assert seen > 200


def test_every_fleet_text_is_translated():
    import ast
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parent.parent
    calls = [node for path in sorted((root / "knowledge" / "fleet").glob("*.py")) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("N_", "ngettext") and node.args and isinstance(node.args[0], ast.Constant)]
    msgids = [node.args[0].value for node in calls if node.func.id == "N_"]
    plurals = [(node.args[0].value, node.args[1].value) for node in calls if node.func.id == "ngettext"]
    assert len(msgids) > 60 and len(plurals) >= 4
    for lang in ("en", "es"):
        with open(root / "portal" / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
            catalog = read_po(handle)
        missing = [m for m in msgids if not (catalog.get(m) and catalog.get(m).string and not catalog.get(m).fuzzy)]
        assert missing == [], (lang, missing)
        # A reason with a plural form: both Portuguese forms in the catalog, every form of the language filled in.
        for singular, plural in plurals:
            entry = catalog.get(singular)
            assert entry is not None and entry.id == (singular, plural) and all(entry.string) and not entry.fuzzy, (lang, singular)


def _units(statement) -> list[tuple[str, bool]]:
    return [(c.unit, c.previous) for c in statement.citations]


def test_the_reworded_reasons_cite_the_units_they_used_to_name():
    vehicles, _ = parse(";onibus;44;2008;2008;locado;\n;micro_onibus;16;2012;2012;proprio;", date(2025, 1, 1))
    sp_old = check("sp", "eventual", date(2015, 1, 10), vehicles)
    vehicle_doubt = sp_old.veiculos[0].motivos[0]
    assert vehicle_doubt.code == "redacao_desconhecida" and vehicle_doubt.params["desde"] == "04/12/2015"
    assert _units(vehicle_doubt) == [("art-19/inc-6", True), ("art-22/par-1", True), ("art-25", True)]
    assert _units(sp_old.frota[0]) == [("art-19/inc-6", True), ("art-22/par-1", True)]
    sp_now = check("sp", "eventual", date(2025, 1, 1), vehicles)
    between = next(m for m in sp_now.veiculos[0].motivos if m.code == "idade_registro_operacao")
    assert [u for u, _ in _units(between)] == ["art-19/inc-6", "art-22/par-1"]
    assert (between.params["registro"], between.params["pct"], between.params["anos"], between.params["limite"]) == (15, 50, 15, 20)
    leased = next(m for m in sp_now.veiculos[0].motivos if m.code == "locado_sem_regra")
    assert [u for u, _ in _units(leased)] == ["art-19/inc-5", "art-19/inc-6"] and leased.params["minimo"] == 2
    renewal = next(s for s in deadlines(sp_now, Dates(emissao_registro=date(2021, 6, 1)), date(2025, 1, 1)) if s.code == "registro_renovacao")
    assert [u for u, _ in _units(renewal)] == ["art-21", "art-19/par-unico"]
    pe_now = check("pe", "eventual", date(2025, 1, 1), vehicles)
    assert [u for u, _ in _units(next(s for s in pe_now.frota if s.code == "remissao_art18"))] == ["art-3/par-4", "art-18/par-2"]
    assert [u for u, _ in _units(next(s for s in pe_now.frota if s.code == "mesmo_grupo"))] == ["art-18/par-3"]
    pe_old = check("pe", "eventual", date(2019, 6, 1), vehicles, frota_regular=40)
    before = next(s for s in pe_old.frota if s.code == "regular_10_inexistente")
    assert before.params["pct"] == 10 and "10% da frota" in before.render()
    recife_now = check("recife", "stcp", date(2025, 1, 1), parse(";micro_onibus;30;2023;2023;proprio;", date(2025, 1, 1))[0])
    phase = next(s for s in recife_now.frota if s.code == "fase_do_stcp")
    assert [u for u, _ in _units(phase)] == ["art-16", "art-17"] and phase.params["anos"] == 3
    seats = next(m for m in recife_now.veiculos[0].motivos if m.code == "capacidade")
    assert [u for u, _ in _units(seats)] == ["art-16/inc-1", "art-16", "art-17/inc-1"] and (seats.params["anos"], seats.params["min"], seats.params["max"]) == (3, 12, 20)


def test_a_utility_vehicle_outside_turismo_names_the_car_only_once_the_law_admits_it():
    vehicles, _ = parse(";utilitario;12;2018;2018;proprio;", date(2025, 1, 1))
    before = next(m for m in check("pe", "eventual", date(2019, 6, 1), vehicles).veiculos[0].motivos if m.code == "tipo_nao_admitido")
    after = next(m for m in check("pe", "eventual", date(2025, 1, 1), vehicles).veiculos[0].motivos if m.code == "tipo_nao_admitido")
    assert "automóvel" not in before.render() and _units(before) == [("art-11", True)]
    assert "automóvel de 7 lugares" in after.render() and [u for u, _ in _units(after)] == ["art-3/par-3"]


def test_the_page_links_the_reworded_reasons_to_the_law_reader(web):
    response = web.post("/frota", data={"lugar": "sp", "modalidade": "eventual", "data": "2015-01-10", "frota": ";onibus;44;2008;2008;proprio;"})
    assert response.status_code == 200
    html, text = response.get_data(as_text=True), text_of(response)
    assert "Antes de 04/12/2015 as regras do Regulamento sobre o tipo, a idade e a vistoria" in text
    assert not ARTICLE_NAMED.search(text.split("Antes de 04/12/2015", 1)[1].split(".", 1)[0])
    for unit in ("art-19", "art-22", "art-25"):
        assert re.search(rf'href="/leis/sp-decreto-29912-1989/[^"]*{unit}', html), unit


def test_a_vehicle_the_modality_does_not_admit_counts_for_no_minimum():
    """PE art. 3º, § 3º: outside turismo no automobile; an own car made up the own-vehicle minimum."""
    vehicles, _ = parse(";onibus;44;2020;2020;proprio;\n;automovel;7;2021;2021;proprio;\n", date(2025, 1, 1))
    report = check("pe", "eventual", date(2025, 1, 10), vehicles)
    assert report.contagem["proprios"] == 1
    left_out = next(s for s in report.frota if s.code == "fora_das_contas")
    assert left_out.params["linhas"] == "2" and any(c.unit == "art-3/par-3" for c in left_out.citations)


@pytest.mark.parametrize("lang, one, many", [
    ("pt-BR", "1 próprio, 1 locado", "2 linhas lidas; 1 veículo contado nos mínimos e limites: 1 próprio, 0 locados"),
    ("en", "1 own, 1 leased", "2 lines read; 1 vehicle counted in the minimums and limits: 1 own, 0 leased"),
    ("es", "1 propio, 1 arrendado", "2 líneas leídas; 1 vehículo contado en los mínimos y límites: 1 propio, 0 arrendados"),
])
def test_counts_agree_with_their_numbers_and_say_what_was_counted(web, lang, one, many):
    """Phone review: "1 próprios", "3 no total" beside 4 lines, "A frota não apto", "Fora das contas…: 3"."""
    headers = {"Accept-Language": lang}
    text = text_of(web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": ";onibus;44;2020;2020;proprio;\n;onibus;44;2020;2020;locado;\n"}, headers=headers))
    assert ("2 veículos: " + one if lang == "pt-BR" else one) in text
    text = text_of(web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": ";onibus;44;2020;2020;proprio;\n;automovel;7;2021;2021;proprio;\n"}, headers=headers))
    assert many in text
    if lang == "pt-BR":
        assert "A frota não está apta" in text and "Regras da frota (mínimos e limites): não cumpridas" in text
        assert "Fica fora das contas da frota (mínimos e limites) o veículo da linha 2: a lei não o admite nesta modalidade." in text
        assert "no total" not in text and "(s)" not in text


def test_plural_reasons_take_the_form_of_their_number():
    vehicles, _ = parse(";onibus;44;2020;2020;proprio;\n;automovel;7;2021;2021;proprio;\n;automovel;7;2021;2021;locado;\n", date(2025, 1, 1))
    left_out = next(s for s in check("pe", "eventual", date(2025, 1, 10), vehicles).frota if s.code == "fora_das_contas")
    assert left_out.render().startswith("Ficam fora das contas da frota (mínimos e limites) os veículos das linhas 2, 3:")
    one = parse(";micro_onibus;16;2023;2023;proprio;", date(2025, 1, 1))[0]
    permits = next(s for s in check("recife", "stcp", date(2025, 1, 1), one).frota if s.code == "uma_permissao_por_veiculo")
    assert permits.render().endswith("esta lista de 1 veículo corresponde a 1 permissão.")


def test_typed_lists_may_use_commas_or_tabs_when_that_is_the_only_separator():
    """On a phone the ';' is two keyboards away: a list separated only by commas (or tabs, pasted from a
    spreadsheet) reads the same; mixing separators names the line instead of guessing."""
    semicolons, _ = parse("FRT1A11;onibus;44;2014;2014;proprio;10/02/2026\n;micro;20;2019;;locado;\n", date(2026, 12, 2))
    for text in ("FRT1A11,onibus,44,2014,2014,proprio,10/02/2026\n,micro,20,2019,,locado,\n",
                 "FRT1A11\tonibus\t44\t2014\t2014\tproprio\t10/02/2026\n\tmicro\t20\t2019\t\tlocado\t\n",
                 "placa,tipo,lugares,ano_fabricacao,ano_primeiro_emplacamento,propriedade,ultima_vistoria\nFRT1A11,onibus,44,2014,2014,proprio,10/02/2026\n,micro,20,2019,,locado,\n"):
        vehicles, errors = parse(text, date(2026, 12, 2))
        shift = 1 if text.startswith("placa") else 0  # a header is the file's line 1
        assert errors == [] and vehicles == [replace(v, linha=v.linha + shift) for v in semicolons], text
    vehicles, errors = parse(";onibus;44;2014;2014;proprio;\n,onibus,44,2016,,proprio,\n", date(2026, 12, 2))
    assert [v.linha for v in vehicles] == [1] and [(e.linha, e.coluna) for e in errors] == [(2, "linha")]
    assert "mesmo separador" in errors[0].message


def test_the_hint_says_which_separators_are_accepted(web):
    for lang, words in (("pt-BR", "por vírgula ou por tabulação"), ("en", "semicolons, commas or tabs"), ("es", "por coma o por tabulación")):
        assert words in text_of(web.get("/frota", headers={"Accept-Language": lang}))


def test_the_chosen_places_modalities_come_first_without_javascript(web):
    """One <select> for every place mixed the groups; the chosen place's group is now first (a wizard's link,
    a shared link, the form sent again), and a modality of another place is refused naming the field."""
    def groups(response):
        return re.findall(r'<optgroup label="([^"]+)"', response.get_data(as_text=True))

    assert groups(web.get("/frota"))[0] == PLACES["pe"].name
    page = web.get("/frota?lugar=sp")
    assert groups(page)[0] == PLACES["sp"].name and sorted(groups(page)) == sorted(p.name for p in PLACES.values())
    html = web.get("/frota?lugar=sp&modalidade=eventual").get_data(as_text=True)
    first_group = html.split('<optgroup label="', 2)[1]
    assert 'value="eventual" selected' in first_group
    refused = web.post("/frota", data={"lugar": "sp", "modalidade": "turistico", "data": "2025-01-10", "frota": ";onibus;44;2020;2020;proprio;"})
    assert refused.status_code == 400 and groups(refused)[0] == PLACES["sp"].name
    assert 'aria-describedby="modalidade-erro modalidade-ajuda" aria-invalid="true"' in refused.get_data(as_text=True)


# -- every problem of a line (#31) ----------------------------------------------------------------------


def test_a_line_with_several_problems_reports_each_of_them():
    vehicles, errors = parse("XX;trem;mil;20x6;;emprestado;31/02/2024\n;onibus;44;2016;2010;proprio;\n", date(2025, 1, 1))
    assert not vehicles
    assert [(e.linha, e.coluna) for e in errors] == [
        (1, "placa"), (1, "tipo"), (1, "lugares"), (1, "ano_fabricacao"), (1, "propriedade"), (1, "ultima_vistoria"),
        (2, "ano_primeiro_emplacamento"),
    ]
    _, errors = parse(";;;;;;\n", date(2025, 1, 1))  # empty required cells: each one named, no other error
    assert [e.coluna for e in errors] == ["tipo", "lugares", "ano_fabricacao", "propriedade"]


@pytest.mark.parametrize("lang, expected", [
    ("pt-BR", ["Linha 1, coluna placa: Placa inválida", "Linha 1, coluna ano_fabricacao: Informe o ano com quatro algarismos"]),
    ("en", ["Line 1, column placa: Invalid plate", "Line 1, column ano_fabricacao: Enter the year with four digits"]),
    ("es", ["Línea 1, columna placa: Placa inválida", "Línea 1, columna ano_fabricacao: Informe el año con cuatro cifras"]),
])
def test_a_bad_plate_and_a_bad_year_are_both_said_in_the_users_language(web, lang, expected):
    response = web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": "XX;onibus;44;20x6;;proprio;"},
                        headers={"Accept-Language": lang})
    assert response.status_code == 400
    text = text_of(response)
    assert all(e in text for e in expected), text[text.find("1,"):][:400]
    api = web.get("/api/v1/frota", query_string={"lugar": "pe", "modalidade": "eventual", "frota": "XX;onibus;44;20x6;;proprio;"}, headers={"Accept-Language": lang})
    assert [(e["linha"], e["coluna"]) for e in api.get_json()["linhas"]] == [(1, "placa"), (1, "ano_fabricacao")]


def test_the_fleet_dates_are_typed_as_dd_mm_aaaa_and_a_refused_one_is_kept(client):
    """A phone's date picker orders the day by the phone's language (#31): the fleet form's dates are text
    read as DD/MM/AAAA (ISO from an old link too), shown back that way, and a refused one as typed."""
    page = client.get("/frota", query_string={"lugar": "pe", "data": "2020-05-01"}).get_data(as_text=True)
    assert 'id="data" name="data" type="text"' in page and 'value="01/05/2020"' in page and 'type="date"' not in page
    page = client.get("/frota", query_string={"lugar": "pe", "data": "05/11/2020"}).get_data(as_text=True)
    assert 'value="05/11/2020"' in page
    refused = client.get("/frota", query_string={"lugar": "pe", "data": "31/02/2020", "emissao_registro": "xx"})
    html = refused.get_data(as_text=True)
    assert 'value="31/02/2020" aria-describedby="data-formato data-erro" aria-invalid="true"' in html
    assert 'value="xx" aria-describedby="datas-formato emissao_registro-erro" aria-invalid="true"' in html


def test_a_list_without_an_optional_column_is_read_with_one_note():
    """Issue #31: a list lacking an optional column (with a header, or without one) had every line refused;
    now the column is read as empty and one note names it.  A required column missing is one message."""
    on = date(2025, 1, 1)
    for text, absent in [
        ("tipo;lugares;ano_fabricacao;ano_primeiro_emplacamento;propriedade;ultima_vistoria\n" + "onibus;44;2016;2017;proprio;2024-03-10\n" * 5, "placa"),
        ("lugares;tipo;propriedade;ano_fabricacao;placa\n" + "44;onibus;proprio;2016;ABC1D23\n" * 5, "ano_primeiro_emplacamento, ultima_vistoria"),
        ("onibus;44;2016;2017;proprio;2024-03-10\n" * 5, "placa"),
        ("ABC1D23;onibus;44;2016;proprio;2024-03-10\n" * 5, "ano_primeiro_emplacamento"),
    ]:
        notes = []
        vehicles, errors = parse(text, on, notes)
        assert not errors and len(vehicles) == 5, (text, errors)
        assert [(n.coluna, n.params) for n in notes] == [("aviso", {"coluna": absent})]
    vehicles, errors = parse("ABC1D23;onibus;44;2016;proprio;2024-03-10\n", on)
    assert vehicles[0].ano_primeiro_emplacamento is None and vehicles[0].ultima_vistoria == date(2024, 3, 10)
    notes = []
    assert parse(TEMPLATE, on, notes)[1] == [] and notes == []  # every column: no note
    # A required column missing: one message naming it, not one per line.
    _, errors = parse("placa;lugares;ano_fabricacao;propriedade\n" + "ABC1D23;44;2016;proprio\n" * 5, on)
    assert [(e.linha, e.coluna, e.params) for e in errors] == [(0, "cabecalho", {"coluna": "tipo"})]
    _, errors = parse("ABC1D23;44;2016;2017;proprio;\n" * 5, on)  # no header, no kind: which column is absent is unknown
    assert [(e.linha, e.coluna) for e in errors] == [(0, "frota")] and errors[0].params == {"n": 6, "m": 7}


def test_the_page_and_the_api_say_the_absent_column_once(web):
    listing = "tipo;lugares;ano_fabricacao;propriedade\n" + "onibus;44;2016;proprio\n" * 5
    page = web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": listing})
    assert page.status_code == 200
    text = text_of(page)
    assert text.count("Coluna opcional ausente na lista") == 1 and "placa, ano_primeiro_emplacamento, ultima_vistoria" in text
    refused = web.post("/frota", data={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": listing.replace("tipo;", "").replace("onibus;", "")})
    assert refused.status_code == 400 and text_of(refused).count("Falta a coluna tipo no cabeçalho.") == 1 and "Linha 1" not in text_of(refused)
    answer = web.get("/api/v1/frota", query_string={"lugar": "pe", "modalidade": "eventual", "data": "2025-01-10", "frota": listing, "lang": "en"})
    assert answer.status_code == 200 and answer.get_json()["avisos"] == ["Optional column absent from the list, read as empty on every line: placa, ano_primeiro_emplacamento, ultima_vistoria."]
