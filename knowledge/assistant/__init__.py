"""The conversational assistant: deterministic understanding, answers only from the law.

``Assistant(ports).respond(message, state)`` → :class:`Reply`; the web layer keeps
:class:`State` between turns and implements :class:`Ports`.
"""

from .dialogue import Assistant, Hit, NoRephrase, Ports, Rephraser, Reply, State

__all__ = ["Assistant", "Hit", "NoRephrase", "Ports", "Rephraser", "Reply", "State"]
