"""What the fleet check's page (/frota), its calendar file and /api/v1/frota share.

The request's parameters (the form, or the shareable link's query string, which the API
takes too), checked field by field with messages in the reader's language; running the
domain (``knowledge/fleet``) on them; the JSON answer; the .ics body.  Nothing is stored.
The blueprints (``portal/fleet.py`` for the pages, ``portal/api.py`` for the API) only call
these, so that no blueprint imports another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from urllib.parse import urlencode

from flask import current_app, jsonify, url_for

from knowledge import clock
from knowledge.citations import N_
from knowledge.flows import FLOWS
from knowledge.fleet import OTHER_MODALITIES, Dates, FleetError, check, deadlines, modalities, parse, question_errors, to_csv
from knowledge.fleet.calendar_file import ics
from knowledge.fleet.vehicles import MAX_CHARS
from knowledge.modalities import MODALITY_NAMES
from knowledge.places import PLACES
from knowledge.typed_dates import parse_typed_date

from . import serialize
from .i18n import day
from .wizard_service import step_url

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
    notes: list = field(default_factory=list)  # LineError notes on a list read whole (an optional column absent)
    # (lines checked, lines sent) when the page checked the lines it could read and refused the others (issue #31: one
    # bad line no longer hides the verdict of the rest); None when every line was read or none was checked.
    partial: tuple[int, int] | None = None

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
    when = parse_typed_date(raw)
    if when is None:
        errors.append((name, N_("Informe a data como DD/MM/AAAA (por exemplo, 05/03/2021)."), {}))
    return when


def read(values, files=None) -> Request:
    """The request's fields, each checked; errors are collected, not raised (the form shows them all)."""
    q = Request(errors=[])
    q.lugar = (values.get("lugar") or "").strip()
    if q.lugar not in PLACES:
        q.errors.append(("lugar", N_("Local desconhecido: use um destes: %(lugares)s."), {"lugares": ", ".join(sorted(PLACES))}))
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


def _refused(q: Request, exc: FleetError) -> None:
    """A FleetError among the form's errors, the modalities it names (``opcoes``) said in the reader's language."""
    params = dict(exc.params)
    if isinstance(params.get("opcoes"), tuple):
        params["opcoes"] = ", ".join(serialize.translate(modality_name(m)) for m in params["opcoes"])
    q.errors.append((exc.field, exc.message, params))


def _check_question(q: Request) -> None:
    """What the check refuses of the place, date and modality (knowledge.fleet.question_errors), found before the
    list is read, so the form names it with the other errors instead of after they are corrected."""
    if q.lugar not in PLACES or any(f == "data" for f, _m, _p in q.errors):
        return
    if not q.modalidade and PLACES[q.lugar].in_force <= q.data and len(offered := modalities(q.lugar, q.data)) == 1:
        q.modalidade = offered[0]  # the empty choice: "the only one of the place"
    for exc in question_errors(q.lugar, q.modalidade, q.data):
        _refused(q, exc)


def run(q: Request, *, plates: bool, partial: bool = False):
    """(report, deadlines, vehicles) or None when the request has errors (then ``q.errors``/``q.line_errors`` say why).

    ``partial`` (the web page): lines refused one by one do not stop the check of the lines read — the page names
    the refused ones above a verdict that says it counts only the others (``q.partial``); a list refused whole (a
    bad header, too many vehicles) still stops it.  The API stays strict: a client learns of a bad line by a 400."""
    _check_question(q)
    q.notes = []
    vehicles, q.line_errors = parse(q.frota, clock.today(q.lugar if q.lugar in PLACES else "pe"), q.notes)
    if q.errors:  # every field's error and every refused line shown at once, the modality's too (issue #31)
        return None
    if not plates:
        vehicles = [v.without_plate() for v in vehicles]
    if q.line_errors:
        refused = {e.linha for e in q.line_errors}
        if not (partial and vehicles and 0 not in refused):
            return None
        q.partial = (len(vehicles), len(vehicles) + len(refused))
    try:
        report = check(q.lugar, q.modalidade, q.data, vehicles, frota_regular=q.frota_regular)
        return report, deadlines(report, q.datas, clock.today(q.lugar)), vehicles
    except FleetError as exc:
        _refused(q, exc)
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


def base_url() -> str:
    """The portal's public address (configured, never the request's Host header)."""
    return current_app.config["PORTAL_BASE_URL"].rstrip("/")


def _cite_text(statement) -> str:
    return "; ".join(c["label"] + " — " + base_url() + c["url"] for c in serialize.cites(statement.citations))


def calendar_body(q: Request, items) -> bytes:
    title = f"Embarque Legal — {PLACES[q.lugar].name} — {day(q.data)}"
    return ics(items, render=serialize.say, cite_text=_cite_text, title=title, now=clock.now())


def _text(message: str, params: dict) -> str:
    return serialize.translate(message) % params if params else serialize.translate(message)


def messages(q: Request) -> tuple[list[dict], list[dict]]:
    """The request's errors and refused lines, in the reader's language."""
    errors = [{"field": f, "error": _text(m, p)} for f, m, p in q.errors]
    lines = [{"linha": e.linha, "coluna": e.coluna, "error": _text(e.message, e.params)} for e in q.line_errors]
    return errors, lines


def notes(q: Request) -> list[str]:
    """What the reader should know about a list read whole (issue #31: an optional column absent), translated."""
    return [_text(n.message, n.params) for n in q.notes]


def error_json(q: Request):
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


def api_answer(args):
    """GET /api/v1/frota: the check as JSON, or a 400 naming the field and the refused lines."""
    q = read(args)
    result = run(q, plates=False)
    if result is None:
        return error_json(q)
    report, items, _ = result
    return jsonify(report_json(report, items) | {"avisos": notes(q)})
