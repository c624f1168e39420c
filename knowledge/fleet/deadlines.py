"""Deadlines from the law: the dates it sets from the dates an operator gives.

From the registration's issue date (Pernambuco's CRC, São Paulo's Certificado de Registro,
Recife's permission), the insurance policy's expiry, each vehicle's last inspection and a
notice received, the list of dates the law sets, each a cited statement with ``due``:

- the registration's expiry and the last day to ask for its renewal (PE art. 8º; SP art. 21
  and art. 19, parágrafo único, which disagree: both dates are shown);
- in Pernambuco since 2020, the CRC's validity "condicionada à validade da apólice";
- the next inspection of each vehicle, by the cycle its verdict found (``vistoria_meses``);
- the defence against a notice: the seized-vehicle wizard's own deadlines
  (``veiculo_apreendido``, run with the notice's date), counted the way that wizard counts
  them — working days from the first working day in Recife (art. 41, § 1º, with the
  place's holidays from ``knowledge/working_days.py``), calendar days where the law does not
  say; and the appeal from the decision's notice.

A due date that falls on a weekend or holiday of the place is flagged: no law of the four
says the period moves to the next working day, so the portal does not move it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from .. import clock
from ..citations import N_, ac, as_of, pe, recife, sp
from ..flows import FLOWS
from ..flows.engine import Statement
from ..flows.dated import Dated
from ..parameters import NotInForce, param
from ..places import PLACES
from ..vigencia import PE_LEI_17107, PE_ORIGINAL
from ..working_days import holiday_name
from .check import FleetError
from .verdicts import FleetReport, info
from .vistoria import add_months

WEEKEND = {5, 6}  # date.weekday() of Saturday and Sunday


@dataclass(frozen=True)
class Dates:
    emissao_registro: date | None = None  # CRC (PE), Certificado de Registro (SP), permission (Recife)
    validade_seguro: date | None = None
    data_notificacao: date | None = None  # the notice of an infraction (auto) received
    data_decisao: date | None = None  # the notice of the decision on the defence received

    def any(self) -> bool:
        return any((self.emissao_registro, self.validade_seguro, self.data_notificacao, self.data_decisao))



# Art. 8º since Lei 17.107/2020: the CRC's validity "condicionada à validade da apólice de seguro prevista no
# art. 15"; the original wording did not tie them (a dated formula: knowledge/flows/dated.py).
CRC_TIED_TO_INSURANCE = Dated("validade do CRC condicionada à do seguro")
CRC_TIED_TO_INSURANCE.since(PE_ORIGINAL)(lambda a, when: False)
CRC_TIED_TO_INSURANCE.since(PE_LEI_17107)(lambda a, when: True)


def add_years(day: date, years: int) -> date:
    return add_months(day, 12 * years)


def _due(statement: Statement, due: date, place: str) -> Statement:
    statement.due = due
    if due < clock.today(place):
        statement.data["passou"] = True
    statement.data["efeito"] = "prazo"
    name = holiday_name(due, place)
    if name or due.weekday() in WEEKEND:
        statement.data["dia_nao_util"] = name or N_("fim de semana")
    return statement


def _param(pid: str, when: date):
    value = param(pid, when)
    return value, as_of(value.cite, when)


def registration(place: str, dates: Dates) -> list[Statement]:
    issued = dates.emissao_registro
    out: list[Statement] = []
    if place == "pe" and issued:
        validade, vcite = _param("pe.crc.validade.anos", issued)
        renovacao, rcite = _param("pe.crc.renovacao.dias", issued)
        expiry = add_years(issued, validade.value)
        out.append(_due(say_(N_("O CRC vence (validade de %(anos)d ano a partir da emissão)."), vcite, code="crc_vencimento", anos=validade.value), expiry, place))
        out.append(_due(say_(N_("Último dia para pedir a renovação do CRC (antecedência mínima de %(dias)d dias do vencimento), sob pena de cancelamento."), rcite, code="crc_renovacao", dias=renovacao.value), expiry - timedelta(days=renovacao.value), place))
        if CRC_TIED_TO_INSURANCE({}, issued) and dates.validade_seguro and dates.validade_seguro < expiry:
            out.append(_due(say_(N_("A apólice de seguro vence antes do CRC, e a validade do CRC é condicionada à da apólice: renove o seguro até esta data."), vcite, pe("art-15", issued), code="crc_condicionado_seguro"), dates.validade_seguro, place))
    elif place == "sp" and issued:
        validade, vcite = _param("sp.registro.validade.anos", issued)
        meses, mcite = _param("sp.registro.renovacao.meses", issued)
        dias, dcite = _param("sp.registro.renovacao.dias", issued)
        expiry = add_years(issued, validade.value)
        out.append(_due(say_(N_("O Certificado de Registro vence (validade de %(anos)d anos)."), vcite, code="registro_vencimento", anos=validade.value), expiry, place))
        by_months, by_days = add_months(expiry, -meses.value), expiry - timedelta(days=dias.value)
        out.append(_due(say_(
            N_("Renovação do registro: uma regra do Regulamento pede o requerimento com antecedência mínima de %(meses)d meses do vencimento; outra diz \"até %(dias)d dias antes\". As duas regras não coincidem: esta é a data mais cedo das duas."),
            mcite, dcite, code="registro_renovacao", meses=meses.value, dias=dias.value,
        ), min(by_months, by_days), place))
        out[-1].data["efeito"] = "prazo"
        out[-1].data["outra_data"] = max(by_months, by_days).isoformat()
    elif place == "recife" and issued:
        anos, acite = _param("recife.permissao.anos", issued)
        out.append(_due(say_(N_("Fim do prazo da permissão (%(anos)d anos, prorrogável uma única vez por igual prazo, com aprovação do CMTT/Recife)."), acite, code="permissao_fim", anos=anos.value), add_years(issued, anos.value), place))
    elif place == "ac" and issued:
        out.append(info(N_("A validade do registro e o prazo de renovação são da regulamentação; a Lei 2.731/2013 não os fixa."), ac("art-61", issued), code="registro_regulamento"))
    if issued and out and out[0].due:
        out.append(info(N_("A lei não diz como contar o prazo de validade: as datas acima vencem no mesmo dia do ano da emissão. Confirme com o órgão."), *out[0].citations, code="contagem_validade"))
    if dates.validade_seguro and place == "sp":
        out.append(info(N_("O Regulamento não exige apólice de seguro entre os documentos do registro: o vencimento informado não gera prazo nele."), sp("art-19", dates.validade_seguro), code="seguro_sem_regra"))
    if dates.validade_seguro and place in ("pe", "recife"):
        out.append(_due(say_(N_("A apólice de seguro vence: sem ela o veículo não cumpre a exigência de seguro."), *_insurance_cites(place, dates.validade_seguro), code="seguro_vencimento"), dates.validade_seguro, place))
    return out


def _insurance_cites(place: str, on: date):
    return {"pe": [as_of(pe("art-15"), on)], "recife": [recife("art-16/inc-7", on)]}[place]


def say_(text: str, *cites, code: str, **params) -> Statement:
    return Statement(text, list(cites), params, code=code)


def inspections(report: FleetReport) -> list[Statement]:
    out = []
    for verdict in report.veiculos:
        v = verdict.vehicle
        if v.ultima_vistoria is None:
            continue
        if verdict.vistoria_meses is None:
            if verdict.vistoria_regra is not None:  # a vehicle the law does not admit has no next inspection to date
                out.append(info(N_("Veículo da linha %(linha)d: a lei não fixa, nesta data, o intervalo da próxima vistoria."), *verdict.vistoria_regra.citations, code="vistoria_sem_data", linha=v.linha))
            continue
        due = add_months(v.ultima_vistoria, verdict.vistoria_meses)
        statement = say_(N_("Próxima vistoria do veículo da linha %(linha)d (%(placa)s): a cada %(meses)d meses, contados da última (%(ultima)s)."), *verdict.vistoria_regra.citations,
                         code="proxima_vistoria", linha=v.linha, placa=v.placa or "—", meses=verdict.vistoria_meses, ultima=v.ultima_vistoria.strftime("%d/%m/%Y"))
        statement.data["linha"] = v.linha
        out.append(_due(statement, due, report.lugar))
    return out


def defence(place: str, dates: Dates, today: date) -> list[Statement]:
    """The defence deadlines of the seized-vehicle wizard for this notice, and the appeal from the decision."""
    out: list[Statement] = []
    notified = dates.data_notificacao
    if notified:
        flow = FLOWS.get("veiculo_apreendido")
        answers = {"jurisdicao": place, "medida": "retencao", "data_medida": notified, "data_notificacao": notified, "tinha_autorizacao": True}
        outcome = flow.run(answers, today=max(today, notified)).outcome
        for s in outcome.fields["prazos"]:
            if s.code == "defesa" and s.due:
                out.append(_due(s, s.due, place))
            elif s.code in ("defesa", "contagem", "dias_pulados", "feriados", "feriado_municipal_sem_fonte"):
                out.append(s)
    decided = dates.data_decisao
    if decided:
        pid = {"pe": "pe.recurso.dias", "sp": "sp.recurso.dias", "recife": "recife.recurso.dias"}.get(place)
        if pid is None:
            out.append(info(N_("O prazo de recurso é o da regulamentação; a Lei 2.731/2013 não o fixa."), ac("art-79/par-2", decided), code="recurso_regulamento"))
        else:
            try:
                recurso, rcite = _param(pid, decided)
            except NotInForce:
                return out
            out.append(_due(say_(N_("Recurso: %(dias)d dias da notificação da decisão, contados em dias corridos a partir do dia seguinte (a lei não diz se são úteis)."), rcite, code="recurso", dias=recurso.value), decided + timedelta(days=recurso.value), place))
    return out


def deadlines(report: FleetReport, dates: Dates, today: date) -> list[Statement]:
    """Every deadline, dated ones first in date order; FleetError names a date the law did not cover yet."""
    start = PLACES[report.lugar].in_force
    for name in ("emissao_registro", "data_notificacao", "data_decisao"):
        given = getattr(dates, name)
        if given is not None and given < start:
            raise FleetError(name, N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=start.strftime("%d/%m/%Y"))
    items = registration(report.lugar, dates) + inspections(report) + defence(report.lugar, dates, today)
    dated = sorted((s for s in items if s.due), key=lambda s: s.due)
    return dated + [s for s in items if not s.due]
