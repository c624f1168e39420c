"""What the fleet check concludes: a verdict per vehicle and one for the fleet, each reason cited.

Every reason is a wizard :class:`~knowledge.flows.engine.Statement` (a Portuguese template,
its parameters, the units it rests on, dated to the day asked), so the pages, the API and
the calendar render them the same way the wizards' outcomes are rendered.  A reason says
how it weighs (``data["efeito"]``):

- ``bloqueia`` — the law, on that date, does not admit the vehicle (or the fleet) as given;
- ``duvida`` — the law is ambiguous, or leaves the point to a regulation the corpus does not
  have: the portal shows the readings and does not choose one;
- ``info`` — what the law sets for this vehicle (its inspection cycle, its insurance).

A verdict is ``inapto`` with any blocking reason, ``verificar`` with a doubt and no block,
``apto`` otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from ..citations import Cite
from ..flows.engine import Statement, say
from .vehicles import Vehicle

APTO, VERIFICAR, INAPTO = "apto", "verificar", "inapto"
BLOQUEIA, DUVIDA, INFO = "bloqueia", "duvida", "info"


def blocks(text: str, *cites: Cite, code: str, **params) -> Statement:
    return say(text, *cites, code=code, data={"efeito": BLOQUEIA}, **params)


def doubt(text: str, *cites: Cite, code: str, **params) -> Statement:
    return say(text, *cites, code=code, data={"efeito": DUVIDA}, **params)


def info(text: str, *cites: Cite, code: str, **params) -> Statement:
    return say(text, *cites, code=code, data={"efeito": INFO}, **params)


def verdict_of(reasons: list[Statement]) -> str:
    effects = {r.data.get("efeito") for r in reasons}
    return INAPTO if BLOQUEIA in effects else VERIFICAR if DUVIDA in effects else APTO


@dataclass
class VehicleVerdict:
    vehicle: Vehicle
    idade: int  # years of manufacture on the date asked (year of the date minus the year of manufacture)
    motivos: list[Statement] = field(default_factory=list)
    vistoria_meses: int | None = None  # the inspection cycle the law sets, when it sets one
    vistoria_regra: Statement | None = None  # the reason that set it (cited in the deadlines)
    # The wizard that explains this vehicle's verdict, with its answers pre-filled (flow id, answers).
    assistente: tuple[str, dict] | None = None

    @property
    def situacao(self) -> str:
        return verdict_of(self.motivos)


@dataclass
class FleetReport:
    lugar: str
    modalidade: str
    data: date
    veiculos: list[VehicleVerdict]
    frota: list[Statement]  # the fleet-wide rules: own-vehicle minimum, leasing limits, old-vehicle share
    observacoes: list[Statement] = field(default_factory=list)  # what the check cannot see (CRLV category, plates)
    contagem: dict = field(default_factory=dict)  # proprios, locados, total: what the fleet rules counted

    @property
    def situacao_frota(self) -> str:
        return verdict_of(self.frota)

    @property
    def situacao(self) -> str:
        """The fleet as a whole: the worst of the fleet rules and of every vehicle."""
        order = [APTO, VERIFICAR, INAPTO]
        return max([self.situacao_frota] + [v.situacao for v in self.veiculos], key=order.index)

    def statements(self):
        for v in self.veiculos:
            yield from v.motivos
        yield from self.frota
        yield from self.observacoes
