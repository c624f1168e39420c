"""The public page of one vehicle (``/v/<placa>``), the address its QR sticker opens.

The status is the one ``/consulta`` shows, from the same lookup (registry + the
status rules), so the two can never disagree.  Both plate forms reach the page
(``/v/PFX1960`` and ``/v/PFX1J60``); the plate is shown in large type, in both
forms where it has two, so that a passenger can compare it with the plate of the
vehicle in front of them: a photocopied sticker on another vehicle opens the
page of the vehicle it was printed for, not of the one it is stuck on.
"""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_babel import gettext as _

from knowledge.modalities import MODALITY_LABELS
from knowledge.registry_places import SERVICE_NAMES
from knowledge.places import PLACES
from knowledge.plates import PLATE_HELP, InvalidPlate, display, likely_meant, normalize, to_mercosul, to_old

from .lookup import before_boarding, lookup, plate_page_inputs
from .page_cache import cached_render
from .security import LOOKUP_LIMIT, limiter

bp = Blueprint("vehicles", __name__)
# One object, so what is rendered from it can be kept (lookup.kept_html).
_MODALITY_NAMES = {**MODALITY_LABELS, **SERVICE_NAMES}


def plate_forms(plate: str) -> list[str]:
    """The plate as shown to a passenger: its own form first, then the other one if it has it."""
    plate = normalize(plate)
    forms = [plate, to_mercosul(plate), to_old(plate)]
    seen: list[str] = []
    for form in forms:
        if form and display(form) not in seen:
            seen.append(display(form))
    return seen


@bp.get("/v/<path:placa>")
@limiter.limit(LOOKUP_LIMIT)
@cached_render(depends=plate_page_inputs)  # rendered again after a registry import, a contacts edit, at midnight
def page(placa: str):
    try:
        result = lookup(placa)
    except InvalidPlate:
        # As /consulta: what a plate looks like and, for a letter typed for a digit, the plate meant.
        return render_template("vehicle_invalid.html", message=_(PLATE_HELP), meant=likely_meant(placa)), 400
    registered = result["veiculo"]["placa_cadastrada"] if result["veiculo"] else result["placa"]
    operator = result["operadora"]
    jurisdiction = operator["jurisdicao"] if operator else None
    context = dict(
        result=result,
        forms=plate_forms(registered),
        modality_names=_MODALITY_NAMES,
        place=PLACES.get(jurisdiction) if jurisdiction else None,
        checklist=before_boarding(jurisdiction),
    )
    # An unregistered plate is still a page worth showing (don't board, report it), with a 404.
    return render_template("vehicle.html", **context), 200 if operator else 404
