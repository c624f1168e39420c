""""Verificar minha frota" (/frota), its calendar file and /api/v1/frota: the web layer of knowledge/fleet.

Nothing is stored.  The form is sent by POST (plates stay out of URLs and access logs); the
result carries a shareable GET link with the same question and the list without plates,
which renders the same verdicts, and the same parameters serve the .ics calendar and the
JSON API.  Bad input is a 400 with the form again and each refused line named, in the
reader's language.  Works without JavaScript: plain forms and links.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from urllib.parse import urlencode

from flask import Blueprint, Response, current_app, jsonify, render_template, request, url_for

from knowledge import clock
from knowledge.citations import N_
from knowledge.flows import FLOWS
from knowledge.fleet import OTHER_MODALITIES, TEMPLATE, Dates, FleetError, check, deadlines, modalities, parse, to_csv
from knowledge.fleet.calendar_file import ics
from knowledge.fleet.vehicles import KIND_LABELS, MAX_CHARS
from knowledge.modalities import MODALITY_NAMES
from knowledge.places import PLACES

from . import serialize
from .i18n import day
from .security import LOOKUP_LIMIT, limiter
from .wizard_service import step_url

bp = Blueprint("fleet", __name__)

DATE_FIELDS = ("emissao_registro", "validade_seguro", "data_notificacao", "data_decisao")
MAX_REGULAR = 100_000


def modality_name(modalidade: str) -> str:
    return MODALITY_NAMES.get(modalidade) or OTHER_MODALITIES.get(modalidade, modalidade)


@dataclass
class Request:
    """The question as asked: place, modality, date, the fleet list, the operator's dates."""

    lugar: str = "pe"
    modalidade: str = ""
    data: date | None = None
    frota: str = ""
    frota_regular: int | None = None
    datas: Dates = field(default_factory=Dates)
    errors: list = field(default_factory=list)  # (field, msgid, params)
    line_errors: list = field(default_factory=list)

    def share_query(self, vehicles) -> str:
        pairs = [("lugar", self.lugar), ("modalidade", self.modalidade), ("data", self.data.isoformat() if self.data else ""),
                 ("frota", to_csv(vehicles, plates=False))]
        if self.frota_regular is not None:
            pairs.append(("frota_regular", str(self.frota_regular)))
        pairs += [(name, getattr(self.datas, name).isoformat()) for name in DATE_FIELDS if getattr(self.datas, name)]
        return urlencode(pairs)


def _date(values, name: str, errors: list) -> date | None:
    raw = (values.get(name) or "").strip()
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        errors.append((name, N_("Informe a data no formato AAAA-MM-DD."), {}))
        return None


def read(values, files=None) -> Request:
    """The request's fields, each checked; errors are collected, not raised (the form shows them all)."""
    q = Request(errors=[])
    q.lugar = (values.get("lugar") or "").strip()
    if q.lugar not in PLACES:
        q.errors.append(("lugar", N_("Local desconhecido: use pe, sp, ac ou recife."), {}))
        q.lugar = "pe" if not q.lugar else q.lugar
    q.modalidade = (values.get("modalidade") or "").strip()
    today = clock.today(q.lugar) if q.lugar in PLACES else clock.today("pe")
    q.data = _date(values, "data", q.errors) or today
    if q.data > today:
        q.errors.append(("data", N_("Escolha uma data até hoje: a verificação aplica a lei em vigor nesse dia."), {}))
    text = values.get("frota") or ""
    upload = files.get("arquivo") if files else None
    if upload is not None and upload.filename:
        raw = upload.read(MAX_CHARS * 4 + 1)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            try:
                text = raw.decode("cp1252")
            except UnicodeDecodeError:
                q.errors.append(("arquivo", N_("O arquivo deve ser um CSV em texto (UTF-8)."), {}))
    q.frota = text
    regular = (values.get("frota_regular") or "").strip()
    if regular:
        try:
            q.frota_regular = int(regular)
            if not 0 <= q.frota_regular <= MAX_REGULAR:
                raise ValueError
        except ValueError:
            q.errors.append(("frota_regular", N_("Informe a frota do transporte regular como um número inteiro."), {}))
            q.frota_regular = None
    q.datas = Dates(**{name: _date(values, name, q.errors) for name in DATE_FIELDS})
    for name in DATE_FIELDS:
        given = getattr(q.datas, name)
        if given and name != "validade_seguro" and given > today:
            q.errors.append((name, N_("Esta data não pode estar no futuro."), {}))
    return q


def run(q: Request, *, plates: bool):
    """(report, deadlines, vehicles) or None when the request has errors (then ``q.errors``/``q.line_errors`` say why)."""
    if q.errors:
        return None
    if not q.modalidade and len(modalities(q.lugar, q.data)) == 1:
        q.modalidade = modalities(q.lugar, q.data)[0]
    vehicles, q.line_errors = parse(q.frota, clock.today(q.lugar))
    if not plates:
        vehicles = [v.without_plate() for v in vehicles]
    if q.line_errors:
        return None
    try:
        report = check(q.lugar, q.modalidade, q.data, vehicles, frota_regular=q.frota_regular)
        return report, deadlines(report, q.datas, clock.today(q.lugar)), vehicles
    except FleetError as exc:
        q.errors.append((exc.field, exc.message, exc.params))
        return None


def wizard_url(verdict, report) -> str | None:
    if verdict.assistente is None:
        return None
    flow_id, answers = verdict.assistente
    return step_url(FLOWS.get(flow_id), answers, ver="resultado")


def related_wizards(q: Request) -> list[tuple[str, str]]:
    """(title msgid, url) of the wizards that explain the rest: the modality, the CRC, a notice's deadlines."""
    out = [(FLOWS.get("modalidade").title, step_url(FLOWS.get("modalidade"), {"jurisdicao": q.lugar}) if q.lugar in ("pe", "sp") else url_for("wizards.run", flow_id="modalidade"))]
    if q.lugar == "pe":
        out.append((FLOWS.get("documentos_crc").title, url_for("wizards.run", flow_id="documentos_crc")))
    answers = {"jurisdicao": q.lugar}
    if q.datas.data_notificacao:
        answers |= {"data_medida": q.datas.data_notificacao, "data_notificacao": q.datas.data_notificacao}
    out.append((FLOWS.get("veiculo_apreendido").title, step_url(FLOWS.get("veiculo_apreendido"), answers)))
    return out


def _choices():
    today = clock.today("pe")
    return {place: [(m, modality_name(m)) for m in modalities(place, today)] for place in PLACES}


def _page(q: Request, result, status: int = 200):
    report, items, vehicles = result if result else (None, [], [])
    context = dict(
        q=q, report=report, deadlines=items, places=PLACES, choices=_choices(), kind_labels=KIND_LABELS,
        modality_name=modality_name, share=(url_for("fleet.page") + "?" + q.share_query(vehicles)) if report else None,
        share_query=q.share_query(vehicles) if report else "", wizard_url=wizard_url, related=related_wizards(q) if report else [],
        date_fields=DATE_FIELDS, has_plates=any(v.placa for v in vehicles), messages=messages(q), base_url=base_url(),
    )
    return render_template("frota.html", **context), status


@bp.get("/frota")
def page():
    if "frota" not in request.args and "lugar" not in request.args:
        return _page(Request(errors=[]), None)
    q = read(request.args)
    if "frota" not in request.args:  # a link from a wizard: the form, pre-filled
        return _page(q, None)
    result = run(q, plates=False)  # a shared link never shows plates, even if someone typed them in
    return _page(q, result, 200 if result else 400)


@bp.post("/frota")
@limiter.limit(LOOKUP_LIMIT)  # up to 500 vehicles a request: generous for people, tight for scripts
def submit():
    q = read(request.form, request.files)
    result = run(q, plates=True)
    return _page(q, result, 200 if result else 400)


@bp.get("/frota/modelo.csv")
def template_csv():
    return Response(TEMPLATE.encode("utf-8"), mimetype="text/csv", headers={"Content-Disposition": "attachment; filename=frota-modelo.csv"})


def base_url() -> str:
    """The portal's public address (configured, never the request's Host header)."""
    return current_app.config["PORTAL_BASE_URL"].rstrip("/")


def _cite_text(statement) -> str:
    return "; ".join(c["label"] + " — " + base_url() + c["url"] for c in serialize.cites(statement.citations))


@bp.get("/frota/prazos.ics")
@limiter.limit(LOOKUP_LIMIT)
def calendar_file():
    q = read(request.args)
    result = run(q, plates=False)
    if result is None:
        return _page(q, None, 400)
    report, items, _ = result
    title = f"Embarque Legal — {PLACES[q.lugar].name} — {day(q.data)}"
    body = ics(items, render=serialize.say, cite_text=_cite_text, title=title, now=clock.now())
    return Response(body, mimetype="text/calendar", headers={"Content-Disposition": "attachment; filename=prazos-frota.ics"})


def _text(message: str, params: dict) -> str:
    return serialize.translate(message) % params if params else serialize.translate(message)


def messages(q: Request) -> tuple[list[dict], list[dict]]:
    """The request's errors and refused lines, in the reader's language."""
    errors = [{"field": f, "error": _text(m, p)} for f, m, p in q.errors]
    lines = [{"linha": e.linha, "coluna": e.coluna, "error": _text(e.message, e.params)} for e in q.line_errors]
    return errors, lines


def _error_json(q: Request):
    errors, lines = messages(q)
    first = errors[0] if errors else {"field": "frota", "error": lines[0]["error"]} if lines else {"field": "frota", "error": ""}
    return jsonify({"error": first["error"], "field": first["field"], "linhas": lines}), 400


def report_json(report, items) -> dict:
    to_json = serialize.to_json
    return {
        "lugar": report.lugar, "modalidade": report.modalidade, "data": report.data.isoformat(), "situacao": report.situacao,
        "contagem": report.contagem,
        "veiculos": [
            {"linha": v.vehicle.linha, "tipo": v.vehicle.tipo, "lugares": v.vehicle.lugares, "ano_fabricacao": v.vehicle.ano_fabricacao,
             "proprio": v.vehicle.proprio, "idade": v.idade, "situacao": v.situacao, "vistoria_meses": v.vistoria_meses,
             "motivos": to_json(v.motivos), "assistente": wizard_url(v, report)}
            for v in report.veiculos
        ],
        "frota": {"situacao": report.situacao_frota, "motivos": to_json(report.frota)},
        "observacoes": to_json(report.observacoes),
        "prazos": to_json(items),
    }


@bp.get("/api/v1/frota")
@limiter.limit(LOOKUP_LIMIT)
def api():
    q = read(request.args)
    result = run(q, plates=False)
    if result is None:
        return _error_json(q)
    report, items, _ = result
    return jsonify(report_json(report, items))


@bp.app_template_global()
def fleet_link(flow_id: str, answers: dict) -> str | None:
    """From a wizard's outcome to the fleet check with its answers pre-filled (templates/wizards/_*.html)."""
    if flow_id == "carro_turismo" and answers.get("tipo_veiculo"):
        line = ";".join(["", answers["tipo_veiculo"], str(answers.get("lugares", "")), str(answers.get("ano_fabricacao", "")),
                         str(answers.get("ano_primeiro_emplacamento") or ""), "proprio", ""])
        when = answers.get("data_referencia")
        return url_for("fleet.page", lugar="pe", modalidade="turistico", data=when.isoformat() if isinstance(when, date) else "", frota=line + "\n")
    if flow_id == "modalidade" and answers.get("jurisdicao") in PLACES:
        return url_for("fleet.page", lugar=answers["jurisdicao"], **({"modalidade": answers["modalidade"]} if answers.get("modalidade") else {}))
    if flow_id == "veiculo_apreendido" and answers.get("jurisdicao") in PLACES:
        extra = {"data_notificacao": answers["data_notificacao"].isoformat()} if isinstance(answers.get("data_notificacao"), date) else {}
        return url_for("fleet.page", lugar=answers["jurisdicao"], **extra)
    if flow_id == "documentos_crc":
        return url_for("fleet.page", lugar="pe")
    return None
