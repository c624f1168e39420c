"""Receiving a complaint: check it, store it once, tell the citizen what happens next.

Used by the HTML form and the JSON API alike.  Anonymous by default; a contact is
kept only with explicit consent (LGPD), in a separate table, and never appears in
a public response or a log line.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from dataclasses import dataclass
from datetime import date

from flask_babel import gettext

from knowledge import clock
from knowledge.citations import N_
from knowledge.complaints import IN_FORCE_CITES, OCCURRENCES, REGULATORS, Enquadramento, classify
from knowledge.parameters import NotInForce
from knowledge.plates import InvalidPlate, normalize, plate_key

from .api_schema import ComplaintIn, RequestError, parse_request
from .contacts import configured_lines
from .database import get_db, get_store
from .security import keyed_digest
from .serialize import cites
from .storage import complaints as store
from .storage.registry import find_vehicle

log = logging.getLogger("portal.complaints")

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]{2,}$")
PHONE_RE = re.compile(r"^[0-9()+\-\s.]{8,20}$")

CONSENT_TEXT = N_(
    "Autorizo o uso do meu nome, e-mail ou telefone apenas para que o órgão fiscalizador entre em contato sobre esta denúncia. "
    "Esses dados não aparecem na consulta pública do protocolo e podem ser apagados a meu pedido (Lei 13.709/2018, LGPD)."
)


class ComplaintError(RequestError):
    """A complaint refused: the field, a msgid and its parameters (400 unless said otherwise)."""

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


def parse(data: dict, *, today: date | None = None, require_place: bool = True) -> Parsed:
    """Validate a complaint (form or JSON); raises ComplaintError naming the field.

    The shape — types, the places and occurrences, lengths, formats — is
    ``api_schema.ComplaintIn`` (the same model describes POST /api/v1/denuncias);
    the rules that need more are checked here.  ``today`` (for "not in the future")
    defaults to the date in the complaint's place, or Brasília time when the place is
    not given (``knowledge/clock.py``).
    """
    try:
        body = parse_request(ComplaintIn, data)
    except RequestError as exc:  # the shape: a 400 like every other ComplaintError
        raise ComplaintError(exc.field, exc.message, **exc.params) from None
    placa = None
    if body.placa is not None:
        try:
            placa = normalize(body.placa)
        except InvalidPlate as exc:
            raise ComplaintError("placa", exc.message) from None
    jurisdicao = body.jurisdicao or None
    when = date.fromisoformat(body.data_ocorrencia)
    if when > (today or clock.today(jurisdicao)):
        raise ComplaintError("data_ocorrencia", N_("A data não pode estar no futuro."))
    if when.year < 2000:
        raise ComplaintError("data_ocorrencia", N_("Data muito antiga."))
    occurrences = [o for o in OCCURRENCES if o in body.ocorrencias]
    if occurrences == ["outro"] and not body.relato:
        raise ComplaintError("relato", N_("Conte o que aconteceu: com “outro problema”, o relato é obrigatório."))
    if jurisdicao is None:
        found = find_vehicle(get_db(), plate_key(placa)) if placa else None
        if not found and require_place:
            # Each place has its own law and regulator: without the place (or a plate
            # registered in one) the complaint cannot be classified nor routed.
            raise PlaceRequired("jurisdicao", N_("Informe onde aconteceu (Pernambuco, São Paulo, Acre ou Recife): cada lugar tem sua lei e seu órgão, e a placa não está no cadastro."))
        jurisdicao = found[0]["jurisdicao"] if found else None  # the HTML form asks the place itself, after the facts
    complaint = {
        "jurisdicao": jurisdicao, "placa": placa, "data_ocorrencia": when.isoformat(), "hora_ocorrencia": body.hora_ocorrencia,
        "origem": body.origem, "destino": body.destino, "ocorrencias": occurrences, "relato": body.relato,
    }
    contact = body.contato.model_dump() if body.contato is not None else {}
    if not any(contact.values()):
        return Parsed(complaint, None)
    if contact["email"] and not EMAIL_RE.match(contact["email"]):
        raise ComplaintError("contato.email", N_("E-mail inválido."))
    if contact["telefone"] and not PHONE_RE.match(contact["telefone"]):
        raise ComplaintError("contato.telefone", N_("Telefone inválido."))
    if body.consentimento is not True:
        raise ComplaintError("consentimento", N_("Para guardar seu contato, marque a autorização de uso dos dados; ou deixe o contato em branco para denunciar anonimamente."))
    return Parsed(complaint, contact)


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


def body_digest(parsed: Parsed, photos=()) -> str:
    """What the complaint says (after validation), contact and photos included: the same
    key resent with a photo returned the first protocol and dropped the photo silently
    (issue #34); now it is another complaint under a used key (422).  Without photos the
    digest is the one stored before, so retries in flight keep matching."""
    body = {"complaint": parsed.complaint, "contact": parsed.contact}
    if photos:
        body["photos"] = [hashlib.sha256(photo.conteudo).hexdigest() for photo in photos]
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=True)
    return keyed_digest("body", canonical)


def submit(parsed: Parsed, *, idempotency_key: str | None = None, client: str = "", photos=()) -> tuple[store.Stored, dict]:
    """Store the complaint.  With a key: the same client sending the same complaint again
    gets the first protocol; a different complaint under that key raises
    IdempotencyConflict and nothing is stored."""
    key = scoped_key(idempotency_key, client) if idempotency_key else None
    stored = store.create(get_store(), parsed.complaint, parsed.contact, idempotency_key=key, body_digest=body_digest(parsed, photos) if key else None, photos=photos)
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
