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
from gettext import NullTranslations
from typing import Callable, NamedTuple

from ..citations import Cite
from ..flows.engine import Statement, say
from .vehicles import Vehicle

# Without a catalog, the Portuguese forms themselves (the singular for one, as gettext's own rule).
PORTUGUESE_FORMS = NullTranslations().ngettext
APTO, VERIFICAR, INAPTO = "apto", "verificar", "inapto"
BLOQUEIA, DUVIDA, INFO = "bloqueia", "duvida", "info"


class Plural(NamedTuple):
    singular: str
    plural: str
    count: str  # the parameter whose number picks the form


def ngettext(singular: str, plural: str, count: str) -> Plural:
    """Marks a reason with a singular and a plural form ("1 veículo", "2 veículos").  Named as Babel's
    default plural keyword so that ``pybabel extract`` finds both msgids; translated when rendered."""
    return Plural(singular, plural, count)


@dataclass
class PluralStatement(Statement):
    """A reason whose wording follows a number: ``render`` picks the form (``ngettext`` from the web
    layer picks it in the reader's language; without it, Portuguese: one is singular)."""

    plural: str = ""
    count: str = ""

    def render(self, translate: Callable[[str], str] | None = None, money: Callable | None = None,
               ngettext: Callable[[str, str, int], str] | None = None) -> str:
        n = self.params[self.count]
        template = (ngettext or PORTUGUESE_FORMS)(self.text, self.plural, n)
        # The form is in the reader's language already; the string parameters are translated as usual.
        translate = translate or (lambda text: text)
        return Statement(template, self.citations, self.params).render(lambda text: text if text is template else translate(text), money)


def _statement(text: str | Plural, cites, code: str, effect: str, params: dict) -> Statement:
    if isinstance(text, Plural):
        return PluralStatement(text.singular, list(cites), params, code=code, data={"efeito": effect}, plural=text.plural, count=text.count)
    return say(text, *cites, code=code, data={"efeito": effect}, **params)


def blocks(text: str | Plural, *cites: Cite, code: str, **params) -> Statement:
    return _statement(text, cites, code, BLOQUEIA, params)


def doubt(text: str | Plural, *cites: Cite, code: str, **params) -> Statement:
    return _statement(text, cites, code, DUVIDA, params)


def info(text: str | Plural, *cites: Cite, code: str, **params) -> Statement:
    return _statement(text, cites, code, INFO, params)


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
