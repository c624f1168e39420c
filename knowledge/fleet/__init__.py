"""The fleet check ("Verificar minha frota", issue #30): the law of one place on one date applied
to an operator's whole fleet, and the deadlines the law sets from the operator's dates.

- ``vehicles``: the documented CSV fleet list, parsed with per-line errors;
- ``check``: the verdict per vehicle and for the fleet (one module of rules per place:
  ``pernambuco``, ``sao_paulo``, ``recife``, ``acre``), reusing the wizards' legal logic
  and the dated parameters;
- ``deadlines``: CRC/registration renewal, next inspections, defence and appeal;
- ``calendar_file``: the deadlines as an .ics file.

No Flask here: ``portal/fleet.py`` is the web layer.
"""

from .check import FleetError, OTHER_MODALITIES, check, modalities, question_errors
from .deadlines import Dates, deadlines
from .vehicles import TEMPLATE, LineError, Vehicle, parse, to_csv

__all__ = ["Dates", "FleetError", "LineError", "OTHER_MODALITIES", "TEMPLATE", "Vehicle", "check", "deadlines", "modalities", "parse", "question_errors", "to_csv"]
