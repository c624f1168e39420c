"""QR stickers for the vehicles, printed by staff (``/admin/adesivos``).

Each sticker is in the name of the regulator of the operator's place
(knowledge/places.py), with the plate, the QR code of the vehicle's public page,
that address typed out (for when the camera fails) and a one-line instruction in
Portuguese, English and Spanish.  Eight stickers fit an A4 sheet (2 × 4, about
95 × 69 mm each, with cut marks); a fleet takes as many sheets as it needs.
Only active vehicles get stickers: a vehicle retired from the fleet has nothing
to show a passenger but "not authorised".

A fleet's sheets come a page at a time (:data:`SHEETS_PER_PAGE` sheets, ``?pagina=N``):
a 20,000-vehicle fleet used to be drawn in one request past the worker timeout (issue
#34, finding 16); now each request draws at most :data:`STICKERS_PER_PAGE` codes, and
the page links to the next ones.  The page's numbers are kept in ``g.sticker_page`` for
the template (the staff view renders whatever list it is given).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import g, request

from knowledge.citations import N_
from knowledge.places import PLACES
from knowledge.plates import InvalidPlate, display, normalize, plate_key

from .qrcodes import short_url, svg, vehicle_url
from .storage.registry import find_operator, find_vehicle, fleet_plates, fleet_size

STICKERS_PER_SHEET = 8
SHEETS_PER_PAGE = 10
STICKERS_PER_PAGE = STICKERS_PER_SHEET * SHEETS_PER_PAGE  # the work of one request: 80 QR codes

# The instruction printed on every sticker, in the three languages of the portal
# (a sticker is read by passengers of any language, whatever the staff's interface).
INSTRUCTIONS = (
    ("pt-BR", "Aponte a câmera: veja se este veículo está autorizado."),
    ("en", "Scan to check that this vehicle is authorised."),
    ("es", "Escanee para ver si este vehículo está autorizado."),
)


class StickerError(Exception):
    def __init__(self, status: int, message: str, **params):
        super().__init__(message % params if params else message)
        self.status, self.message, self.params = status, message, params


@dataclass
class Sticker:
    plate: str  # as printed: ABC-1234 or ABC1D23
    url: str  # what the QR encodes
    short_url: str  # the same address typed out, without the scheme
    svg: str  # the QR code, inline SVG
    agency: str  # the regulator, in whose name the sticker is issued
    operator: str
    operator_status: str = "ativo"  # ativo | suspenso | cancelado: the page warns before printing a non-active one
    place: str = ""  # the operator's place: the warning says it in that law's words (cassação, cancelamento)


def _sticker(plate: str, operator: dict) -> Sticker:
    place = PLACES[operator["jurisdicao"]]
    url = vehicle_url(plate)
    return Sticker(
        plate=display(plate), url=url, short_url=short_url(plate), agency=place.agency,
        svg=svg(url, label=f"QR code: {url}"),
        operator=operator["nome_fantasia"] or operator["razao_social"], operator_status=operator.get("situacao") or "ativo",
        place=operator["jurisdicao"],
    )


def vehicle_sticker(db, raw_plate: str) -> list[Sticker]:
    try:
        key = plate_key(raw_plate)
    except InvalidPlate:
        raise StickerError(400, N_("Placa inválida: %(placa)s."), placa=raw_plate) from None
    found = find_vehicle(db, key)
    if found is None:
        raise StickerError(404, N_("A placa %(placa)s não está no cadastro."), placa=display(normalize(raw_plate)))
    operator, vehicle = found
    if vehicle["situacao"] != "ativo":
        raise StickerError(409, N_("O veículo %(placa)s foi retirado da frota: não recebe adesivo."), placa=display(vehicle["placa"]))
    return [_sticker(vehicle["placa"], operator)]


def requested_page() -> int:
    """``?pagina=N`` of the request (1 when absent); a page that is not a number is refused."""
    raw = (request.args.get("pagina") or "1").strip()
    if not raw.isdigit() or not 1 <= int(raw) <= 1_000_000:
        raise StickerError(400, N_("Página inválida: %(pagina)s."), pagina=raw[:12])
    return int(raw)


def fleet_stickers(db, raw_cnpj: str, page: int | None = None) -> list[Sticker]:
    """One page of an operator's fleet stickers (page 1 unless ``?pagina=`` says otherwise)."""
    digits = re.sub(r"[.\-/\s]", "", raw_cnpj).upper()
    operator = find_operator(db, digits) if digits else None
    if operator is None:
        raise StickerError(404, N_("Nenhuma operadora com o CNPJ %(cnpj)s no cadastro."), cnpj=raw_cnpj)
    page = requested_page() if page is None else page
    total = fleet_size(db, digits)
    if not total:
        raise StickerError(404, N_("A operadora não tem veículo ativo no cadastro."))
    pages = -(-total // STICKERS_PER_PAGE)
    if page > pages:
        raise StickerError(404, N_("A frota tem %(pages)d páginas de adesivos; a página %(pagina)d não existe."), pages=pages, pagina=page)
    plates = fleet_plates(db, digits, offset=(page - 1) * STICKERS_PER_PAGE, limit=STICKERS_PER_PAGE)
    g.sticker_page = {"page": page, "pages": pages, "total": total, "cnpj": raw_cnpj, "first": (page - 1) * STICKERS_PER_PAGE + 1, "last": (page - 1) * STICKERS_PER_PAGE + len(plates)}
    return [_sticker(plate, operator) for plate in plates]
