"""The conversational assistant: deterministic understanding, answers only from the law.

``Assistant(ports).respond(message, state)`` → :class:`Reply`; the web layer keeps
:class:`State` between turns and implements :class:`Ports` (ports.py).
"""

from .dialogue import Assistant
from .ports import Hit, Ports, Reply, State

__all__ = ["Assistant", "Hit", "Ports", "Reply", "State"]
