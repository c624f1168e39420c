"""The guided interviews ("assistentes"): one flow per module, one shared engine.

The wizard pages, the JSON API and the conversational assistant all run flows
through :data:`FLOWS`, so the same answers always give the same outcome.
"""

from . import carro_turismo, documentos_crc, modalidade, veiculo_apreendido
from .engine import Flow, InvalidAnswer, Outcome, Progress, Question, Registry, Statement, UnknownFlow

FLOWS = Registry()
for module in (modalidade, documentos_crc, carro_turismo, veiculo_apreendido):
    FLOWS.add(module.FLOW)

__all__ = ["FLOWS", "Flow", "InvalidAnswer", "Outcome", "Progress", "Question", "Statement", "UnknownFlow"]
