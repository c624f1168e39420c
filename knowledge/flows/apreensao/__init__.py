"""The seized-vehicle wizard's answer for each place, one module per law.

``knowledge/flows/veiculo_apreendido.py`` asks the questions and picks the place; each module
here turns the answers into the fields of the outcome (liberação first, then what happens,
what to pay, the deadlines, who collects the vehicle, the passengers), in the wording in force
on the date of the measure.  ``comum.py`` holds the two statement kinds they share.
"""

from .acre import acre
from .pernambuco import pernambuco
from .recife import recife_stcp
from .sao_paulo import sao_paulo

HANDLERS = {"pe": pernambuco, "sp": sao_paulo, "ac": acre, "recife": recife_stcp}
