"""Receiving a complaint: check it, store it once, tell the citizen what happens next.

Used by the HTML form and the JSON API alike.  Anonymous by default; a contact is
kept only with explicit consent (LGPD), in a separate table, and never appears in
a public response or a log line.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from datetime import date

from flask import current_app
from flask_babel import gettext

from knowledge import clock
from knowledge.citations import N_
from knowledge.complaints import IN_FORCE_CITES, JURISDICTIONS, OCCURRENCES, REGULATORS, Enquadramento, classify
from knowledge.parameters import NotInForce
from knowledge.plates import InvalidPlate, normalize, plate_key

from .contacts import configured_lines
from .database import get_db, get_store
from .security import keyed_digest
from .text_safety import clean
from .serialize import cites
from .storage import complaints as store
from .storage.registry import find_vehicle

log = logging.getLogger("portal.complaints")

MAX_RELATO = 4000
MAX_PLACE = 120
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]{2,}$")
PHONE_RE = re.compile(r"^[0-9()+\-\s.]{8,20}$")
HOUR_RE = re.compile(r"^([01][0-9]|2[0-3]):[0-5][0-9]$")

CONSENT_TEXT = N_(
    "Autorizo o uso do meu nome, e-mail ou telefone apenas para que o órgão fiscalizador entre em contato sobre esta denúncia. "
    "Esses dados não aparecem na consulta pública do protocolo e podem ser apagados a meu pedido (Lei 13.709/2018, LGPD)."
)


class ComplaintError(ValueError):
    status = 400

    def __init__(self, field: str, message: str, **params):
        super().__init__(message)
        self.field = field
        self.message = message
        self.params = params

    def text(self) -> str:
        message = gettext(self.message)
        return message % self.params if self.params else message


class PlaceRequired(ComplaintError):
    """No place and no registered plate: the portal asks, it never assumes Pernambuco (422)."""

    status = 422


@dataclass
class Parsed:
    complaint: dict
    contact: dict | None


def _text(value, field: str, limit: int) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ComplaintError(field, N_("Este campo deve ser um texto."))
    value = clean(value).strip()
    if len(value) > limit:
        raise ComplaintError(field, N_("Use no máximo %(n)d caracteres."), n=limit)
    return value or None


def parse(data: dict, *, today: date | None = None, require_place: bool = True) -> Parsed:
    """Validate a complaint (form or JSON); raises ComplaintError naming the field.

    ``today`` (for "not in the future") defaults to the date in the complaint's place, or
    Brasília time when the place is not given (``knowledge/clock.py``).
    """
    if not isinstance(data, dict):
        raise ComplaintError("denuncia", N_("Envie os dados da denúncia como um objeto JSON."))
    placa = None
    for name in ("placa", "jurisdicao", "data_ocorrencia", "hora_ocorrencia", "origem", "destino", "relato"):
        if data.get(name) is not None and not isinstance(data.get(name), str):
            raise ComplaintError(name, N_("Este campo deve ser um texto."))
    if data.get("consentimento") is not None and not isinstance(data.get("consentimento"), bool):
        raise ComplaintError("consentimento", N_("O consentimento deve ser verdadeiro ou falso."))
    raw_plate = data.get("placa")
    if raw_plate not in (None, ""):
        try:
            placa = normalize(str(raw_plate))
        except InvalidPlate as exc:
            raise ComplaintError("placa", exc.message) from None
    jurisdicao = data.get("jurisdicao") or None
    if jurisdicao is not None and jurisdicao not in JURISDICTIONS:
        raise ComplaintError("jurisdicao", N_("Local desconhecido: use pe, sp, ac ou recife."))
    raw_date = data.get("data_ocorrencia")
    if raw_date in (None, ""):
        raise ComplaintError("data_ocorrencia", N_("Informe a data em que aconteceu."))
    try:
        when = date.fromisoformat(str(raw_date))
    except ValueError:
        raise ComplaintError("data_ocorrencia", N_("Informe a data no formato AAAA-MM-DD.")) from None
    if when > (today or clock.today(jurisdicao)):
        raise ComplaintError("data_ocorrencia", N_("A data não pode estar no futuro."))
    if when.year < 2000:
        raise ComplaintError("data_ocorrencia", N_("Data muito antiga."))
    hora = (data.get("hora_ocorrencia") or "").strip() or None
    if hora is not None and not HOUR_RE.match(hora):
        raise ComplaintError("hora_ocorrencia", N_("Informe a hora no formato HH:MM (por exemplo, 07:30)."))
    occurrences = data.get("ocorrencias")
    if isinstance(occurrences, str):
        occurrences = [occurrences]
    if not isinstance(occurrences, list) or not occurrences:
        raise ComplaintError("ocorrencias", N_("Marque pelo menos uma ocorrência."))
    unknown = [o for o in occurrences if not isinstance(o, str) or o not in OCCURRENCES]
    if unknown:
        raise ComplaintError("ocorrencias", N_("Ocorrência desconhecida: %(o)s."), o=", ".join(map(str, unknown)))
    occurrences = [o for o in OCCURRENCES if o in occurrences]
    relato = _text(data.get("relato"), "relato", MAX_RELATO)
    if occurrences == ["outro"] and not relato:
        raise ComplaintError("relato", N_("Conte o que aconteceu: com “outro problema”, o relato é obrigatório."))
    if jurisdicao is None:
        found = find_vehicle(get_db(), plate_key(placa)) if placa else None
        if not found and require_place:
            # Each place has its own law and regulator: without the place (or a plate
            # registered in one) the complaint cannot be classified nor routed.
            raise PlaceRequired("jurisdicao", N_("Informe onde aconteceu (Pernambuco, São Paulo, Acre ou Recife): cada lugar tem sua lei e seu órgão, e a placa não está no cadastro."))
        jurisdicao = found[0]["jurisdicao"] if found else None  # the HTML form asks the place itself, after the facts
    complaint = {
        "jurisdicao": jurisdicao, "placa": placa, "data_ocorrencia": when.isoformat(), "hora_ocorrencia": hora,
        "origem": _text(data.get("origem"), "origem", MAX_PLACE), "destino": _text(data.get("destino"), "destino", MAX_PLACE),
        "ocorrencias": occurrences, "relato": relato,
    }
    contact = data.get("contato")
    if contact in (None, {}, ""):
        return Parsed(complaint, None)
    if not isinstance(contact, dict):
        raise ComplaintError("contato", N_("O contato deve ter nome, e-mail ou telefone."))
    clean = {
        "nome": _text(contact.get("nome"), "contato.nome", 120),
        "email": _text(contact.get("email"), "contato.email", 200),
        "telefone": _text(contact.get("telefone"), "contato.telefone", 20),
    }
    if not any(clean.values()):
        return Parsed(complaint, None)
    if clean["email"] and not EMAIL_RE.match(clean["email"]):
        raise ComplaintError("contato.email", N_("E-mail inválido."))
    if clean["telefone"] and not PHONE_RE.match(clean["telefone"]):
        raise ComplaintError("contato.telefone", N_("Telefone inválido."))
    if data.get("consentimento") is not True:
        raise ComplaintError("consentimento", N_("Para guardar seu contato, marque a autorização de uso dos dados; ou deixe o contato em branco para denunciar anonimamente."))
    return Parsed(complaint, clean)


def regulator(jurisdiction: str) -> dict:
    base = REGULATORS[jurisdiction]
    extra = configured_lines(jurisdiction)
    return {
        "sigla": base.sigla,
        "nome": base.nome,
        "contatos": [gettext(c) for c in base.contatos] + list(extra),
        "citations": cites(base.citations),
    }


def enquadramento(complaint: dict) -> list[dict]:
    on = date.fromisoformat(complaint["data_ocorrencia"])
    items = []
    for occurrence in complaint["ocorrencias"]:
        try:
            e = classify(occurrence, complaint["jurisdicao"], on)
        except NotInForce:
            # Facts from before the law applied: say so rather than quote a fine it did not set.
            e = Enquadramento(occurrence, N_("Na data informada esta lei ainda não estava em vigor; o órgão avalia o caso."), None, [IN_FORCE_CITES[complaint["jurisdicao"]]])
        multa = None
        if e.multa:
            multa = {
                "valor": float(e.multa["valor"]), "unidade": e.multa["unidade"],
                "valor_brl": float(e.multa["valor_brl"]) if e.multa.get("valor_brl") is not None else None,
                "por_passageiro": bool(e.multa.get("por_passageiro")),
            }
        gravidade = (gettext(e.gravidade) % e.params if e.params and "%(" in e.gravidade else gettext(e.gravidade)) if e.gravidade else None
        descricao = gettext(e.descricao)
        items.append({
            "ocorrencia": occurrence,
            "rotulo": gettext(OCCURRENCES[occurrence]),
            "descricao": descricao % e.params if e.params and "%(" in e.descricao else descricao,
            "gravidade": gravidade,
            "penalidade": gettext(e.penalidade) if e.penalidade else None,
            "multa": multa,
            "ressalvas": [gettext(r) for r in e.ressalvas],
            "citations": cites(e.citations),
        })
    return items


IdempotencyConflict = store.IdempotencyConflict


def scoped_key(key: str, client: str) -> str:
    """The key as stored: an HMAC of (client address, key), so that the same key sent by
    another client is another key (it can neither read nor block this client's complaint)
    and the database holds no address in clear."""
    return keyed_digest("idempotency", client or "", key)


def body_digest(parsed: Parsed) -> str:
    """What the complaint says (after validation), contact included."""
    canonical = json.dumps({"complaint": parsed.complaint, "contact": parsed.contact}, sort_keys=True, ensure_ascii=True)
    return keyed_digest("body", canonical)


def submit(parsed: Parsed, *, idempotency_key: str | None = None, client: str = "", photos=()) -> tuple[store.Stored, dict]:
    """Store the complaint.  With a key: the same client sending the same complaint again
    gets the first protocol; a different complaint under that key raises
    IdempotencyConflict and nothing is stored."""
    key = scoped_key(idempotency_key, client) if idempotency_key else None
    stored = store.create(get_store(), parsed.complaint, parsed.contact, idempotency_key=key, body_digest=body_digest(parsed) if key else None, photos=photos)
    # Only the internal number (staff open /admin/denuncias/<n>) and non-personal facts
    # reach the log; the protocol is the citizen's key to the complaint and stays out.
    log.info("complaint %s #%d (%s)", "received" if stored.created else "repeated", stored.id, parsed.complaint["jurisdicao"])
    return stored, receipt(stored.protocolo, parsed.complaint)


def receipt(protocolo: str, complaint: dict) -> dict:
    return {
        "protocolo": protocolo,
        "situacao": "recebida",
        "orgao": regulator(complaint["jurisdicao"]),
        "enquadramento": enquadramento(complaint),
    }


def public_status(protocolo: str) -> dict | None:
    view = store.public_view(get_store(), protocolo)
    if view is None:
        return None
    view["orgao"] = regulator(view["jurisdicao"])
    view["enquadramento"] = enquadramento(view)
    return view
