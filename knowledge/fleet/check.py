"""The fleet check: one place's law on one date, applied to every vehicle of a list and to the list.

``check(place, modalidade, when, vehicles)`` dispatches to the place's rules (one module per
place, each with ``modalities``, ``vehicle``, ``fleet`` and ``observations``) and returns a
:class:`~knowledge.fleet.verdicts.FleetReport`.  Bad requests (unknown place or modality, a
date before the law, a modality the law did not have yet) raise :class:`FleetError` with a
msgid, which the web layer answers as a 400 in the user's language.
"""

from __future__ import annotations

from datetime import date

from ..citations import N_
from ..flows.engine import InvalidAnswer
from ..places import PLACES
from . import acre, pernambuco, recife, sao_paulo
from .verdicts import BLOQUEIA, FleetReport, VehicleVerdict, info, ngettext
from .vehicles import Vehicle

RULES = {"pe": pernambuco, "sp": sao_paulo, "ac": acre, "recife": recife}
# Names of the modalities that are not Pernambuco's art. 3º ones (knowledge/modalities.py has those).
OTHER_MODALITIES = {"stcp": N_("Transporte complementar (STCP/Recife)"), "fretamento": N_("Fretamento")}


class FleetError(ValueError):
    def __init__(self, field: str, message: str, **params):
        super().__init__(message % params if params else message)
        self.field, self.message, self.params = field, message, params


# The reasons that say a vehicle is of a kind the modality does not admit (not a fixable pendência).
NOT_ADMITTED = ("tipo_nao_admitido", "automovel_fora_do_turismo", "capacidade")


def _not_admitted(verdict: VehicleVerdict):
    """The blocking reason that keeps the vehicle out of this modality, or None."""
    return next((m for m in verdict.motivos if m.code in NOT_ADMITTED and m.data.get("efeito") == BLOQUEIA), None)


def modalities(place: str, when: date) -> list[str]:
    return RULES[place].modalities(when)


def question_errors(place: str, modalidade: str, when: date) -> list[FleetError]:
    """What the check refuses of the question itself — the place, the date, the modality — before any vehicle
    is read: the form shows it with the list's errors (issue #31).  A modality refused names the place and
    the ones its law has (``opcoes``: their ids, named by the web layer in the reader's language)."""
    if place not in RULES:
        return [FleetError("lugar", N_("Local desconhecido: use um destes: %(lugares)s."), lugares=", ".join(sorted(PLACES)))]
    start = PLACES[place].in_force
    if when < start:
        return [FleetError("data", N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=start.strftime("%d/%m/%Y"))]
    offered = RULES[place].modalities(when)
    if modalidade in offered:
        return []
    if not modalidade:
        return [FleetError("modalidade", N_("A lei deste lugar tem mais de uma modalidade nesta data: escolha uma."))]
    return [FleetError("modalidade", N_("%(lugar)s não tem essa modalidade nesta data; a lei de lá tem: %(opcoes)s."),
                       lugar=PLACES[place].name, opcoes=tuple(offered))]


def check(place: str, modalidade: str, when: date, vehicles: list[Vehicle], *, frota_regular: int | None = None) -> FleetReport:
    if problems := question_errors(place, modalidade, when):
        raise problems[0]
    rules = RULES[place]
    if not vehicles:
        raise FleetError("frota", N_("Informe pelo menos um veículo (uma linha por veículo)."))
    verdicts = []
    for v in vehicles:
        if v.ano_fabricacao > when.year:
            raise FleetError("frota", N_("Linha %(linha)d: o ano de fabricação não pode ser depois da data escolhida."), linha=v.linha)
        try:
            verdicts.append(rules.vehicle(v, when, modalidade))
        except InvalidAnswer as exc:
            raise FleetError("frota", N_("Linha %(linha)d: o ano do primeiro emplacamento não pode ser depois da data escolhida."), linha=v.linha) from exc
    # A vehicle of a kind the modality does not admit (a car outside PE's turismo, a utilitário) cannot
    # be part of this fleet: it counts for no minimum or limit (issue #31: it made up the own minimum).
    refusals = [(verdict, _not_admitted(verdict)) for verdict in verdicts]
    out = [(verdict, reason) for verdict, reason in refusals if reason is not None]
    admitted = [verdict.vehicle for verdict, reason in refusals if reason is None]
    fleet_rules, counts = rules.fleet(admitted, when, modalidade, frota_regular)
    if out:
        fleet_rules.insert(0, info(
            ngettext("Fica fora das contas da frota (mínimos e limites) o veículo da linha %(linhas)s: a lei não o admite nesta modalidade.",
                     "Ficam fora das contas da frota (mínimos e limites) os veículos das linhas %(linhas)s: a lei não os admite nesta modalidade.", "n"),
            *out[0][1].citations, code="fora_das_contas", linhas=", ".join(str(v.vehicle.linha) for v, _reason in out), n=len(out)))
    return FleetReport(place, modalidade, when, verdicts, fleet_rules, rules.observations(when, modalidade), counts)
