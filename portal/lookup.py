"""Vehicle lookup by plate: the registry plus the status rules, for page, API and assistant."""

from __future__ import annotations

from datetime import date

from flask import current_app, g
from flask_babel import get_locale, gettext

from knowledge import clock
from knowledge.plates import InvalidPlate, display, normalize, plate_key
from knowledge.places import PLACES
from knowledge.vehicle_status import BEFORE_BOARDING, before_boarding_everywhere, evaluate, not_found

from . import i18n
from .database import get_db
from .serialize import cites
from .storage.registry import find_vehicle, registry_info


def today_in(jurisdiction: str | None) -> date:
    """The date where the vehicle operates: validity ends at local midnight, not UTC's."""
    return clock.today(jurisdiction or "pe")


def _iso(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def render_reason(reason) -> str:
    params = {k: (i18n.day(v) if isinstance(v, date) else gettext(v) if isinstance(v, str) else v) for k, v in reason.params.items()}
    return gettext(reason.message) % params if params else gettext(reason.message)


def lookup(raw_plate: str, *, on: date | None = None) -> dict:
    """The public answer for a plate; raises InvalidPlate for anything that is not a plate."""
    plate = normalize(raw_plate)
    db = get_db()
    found = find_vehicle(db, plate_key(plate))
    info = registry_info(db)
    consulted = clock.now().replace(microsecond=0)
    if found is None:
        status = not_found(on or today_in(None))
        operator = vehicle = None
        jurisdiction = None
    else:
        operator, vehicle = found
        jurisdiction = operator["jurisdicao"]
        check_date = on or today_in(jurisdiction)
        status = evaluate(
            {"jurisdicao": jurisdiction, "situacao": operator["situacao"], "crc_validade": _iso(operator["crc_validade"]), "modalidades": operator["modalidades"]},
            {
                "situacao": vehicle["situacao"], "vistoria_validade": _iso(vehicle["vistoria_validade"]), "seguro_validade": _iso(vehicle["seguro_validade"]),
                "tipo": vehicle["tipo"], "lugares": vehicle["lugares"], "ano_fabricacao": vehicle["ano_fabricacao"],
            },
            check_date,
        )
    return {
        "placa": display(plate),
        "consultado_em": consulted.isoformat(),
        "situacao": status.situacao,
        "resumo": gettext(status.resumo) if status.resumo else None,
        "motivos": [{"codigo": r.code, "mensagem": render_reason(r), "citations": cites(r.citations)} for r in status.motivos],
        "operadora": None if operator is None else {
            "razao_social": operator["razao_social"], "nome_fantasia": operator["nome_fantasia"], "cnpj": format_cnpj(operator["cnpj"]),
            "crc_numero": operator["crc_numero"], "crc_validade": operator["crc_validade"], "situacao": operator["situacao"],
            "modalidades": operator["modalidades"], "jurisdicao": jurisdiction,
        },
        "veiculo": None if vehicle is None else {
            "placa_cadastrada": display(vehicle["placa"]), "tipo": vehicle["tipo"], "lugares": vehicle["lugares"],
            "ano_fabricacao": vehicle["ano_fabricacao"], "vistoria_validade": vehicle["vistoria_validade"],
            "seguro_validade": vehicle["seguro_validade"], "situacao": vehicle["situacao"],
        },
        "dados_atualizados_em": info["atualizado_em"],
        "demonstracao": info["demonstracao"],
    }


def before_boarding(jurisdiction: str | None) -> list[dict]:
    """What to check before boarding, in the place's law; with no known place, every place's list, each item named by place.

    The same for every plate of a place: built once per place and language (every
    /consulta and /v/<placa> page shows it, ~10% of the page's cost).  Not kept while
    a request reads the law on another date (its citation links carry that date)."""
    if g.get("law_date") is not None:
        return _before_boarding(jurisdiction)
    cache = current_app.extensions.setdefault("before_boarding", {})
    key = (jurisdiction, str(get_locale()))
    found = cache.get(key)
    if found is None:
        found = cache[key] = _before_boarding(jurisdiction)
    return list(found)  # the items are only read (pages, templates)


def _before_boarding(jurisdiction: str | None) -> list[dict]:
    if jurisdiction in BEFORE_BOARDING:
        return [{"texto": gettext(text), "citations": cites(c)} for text, c in BEFORE_BOARDING[jurisdiction]]
    return [
        {"texto": gettext("%(lugar)s: %(texto)s") % {"lugar": PLACES[place].name, "texto": gettext(text)}, "citations": cites(c), "lugar": place}
        for place, text, c in before_boarding_everywhere()
    ]


def format_cnpj(digits: str) -> str:
    if len(digits) == 14:
        return f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"
    return digits


__all__ = ["InvalidPlate", "before_boarding", "lookup", "today_in"]
