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
from knowledge.complaint_next_steps import next_steps
from knowledge.complaints import IN_FORCE_CITES, OCCURRENCES, REGULATORS, Enquadramento, classify, classify_row
from knowledge.infractions import MEASURE_LABELS, measures_by_kind
from knowledge.infractions import catalogue as infraction_catalogue
from knowledge.infractions import row as infraction_row
from knowledge.places import PLACES
from knowledge.reader.report import classify_report, period_of
from knowledge.parameters import NotInForce
from knowledge.plates import InvalidPlate, normalize, plate_key

from .api_schema import ComplaintIn, RequestError, parse_request
from .contacts import configured_lines
from .database import get_db, get_store
from .security import keyed_digest
from .serialize import cites, statement_json
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
    if not occurrences and not body.relato and not body.linha:
        raise ComplaintError("ocorrencias", N_("Marque pelo menos uma ocorrência ou conte o que aconteceu."))
    if jurisdicao is None:
        found = find_vehicle(get_db(), plate_key(placa)) if placa else None
        if not found and require_place:
            # Each place has its own law and regulator: without the place (or a plate
            # registered in one) the complaint cannot be classified nor routed.
            raise PlaceRequired("jurisdicao", N_("Informe onde aconteceu (Pernambuco, São Paulo, Acre ou Recife): cada lugar tem sua lei e seu órgão, e a placa não está no cadastro."))
        jurisdicao = found[0]["jurisdicao"] if found else None  # the HTML form asks the place itself, after the facts
    complaint = {
        "jurisdicao": jurisdicao, "placa": placa, "data_ocorrencia": when.isoformat(), "hora_ocorrencia": body.hora_ocorrencia,
        "origem": body.origem, "destino": body.destino, "ocorrencias": occurrences or ["outro"], "relato": body.relato,
    }
    if today is None:  # a test's fixed day says nothing of the hour
        check_time(complaint)
    if body.linha:
        complaint["ocorrencias"] = [o for o in occurrences if o != "outro"] + [ROW_PREFIX + linha.strip() for linha in body.linha]
        if jurisdicao:
            check_row(complaint)
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


ROW_PREFIX = "linha:"  # an occurrence that is a row of the place's fine table, as the citizen confirmed it


def row_of(complaint: dict):
    """The first catalogue row a complaint names (its first "linha:" occurrence), in the wording of the facts' date; None if none."""
    keys = [o for o in complaint["ocorrencias"] if o.startswith(ROW_PREFIX)]
    return _row_named(complaint, keys[0]) if keys else None


def rows_of(complaint: dict) -> list:
    """Every catalogue row a complaint names, in its order (a row that does not resolve is left out)."""
    found = [_row_named(complaint, o) for o in complaint["ocorrencias"] if o.startswith(ROW_PREFIX)]
    return [r for r in found if r is not None]


def _row_named(complaint: dict, occurrence: str):
    """The catalogue row of one "linha:" occurrence, in the wording of the facts' date; None if it names none there."""
    law_id, _, unit_id = occurrence[len(ROW_PREFIX):].partition(" ")
    place = complaint.get("jurisdicao")
    on = date.fromisoformat(complaint["data_ocorrencia"])
    if not place or PLACES[place].law_id != law_id:
        return None
    return infraction_row(place, unit_id, on)


def occurrence_label(code: str) -> str:
    """What staff read for a stored occurrence code: its name, or for a confirmed row of a fine table
    ("linha:<law> <unit>") the unit's citation — never the raw code (issue #31)."""
    from knowledge.citations import Cite
    from knowledge.corpus import UnknownUnit

    if code in OCCURRENCES:
        return gettext(OCCURRENCES[code])
    if code.startswith(ROW_PREFIX):
        law_id, _, unit_id = code[len(ROW_PREFIX):].partition(" ")
        try:
            where = Cite(law_id, unit_id).label
        except (UnknownUnit, KeyError, ValueError):
            where = f"{law_id} {unit_id}"
        return gettext(N_("Infração da tabela da lei")) + ": " + where
    return code


def row_facts(row, on: date) -> dict:
    """What the law attaches to a catalogue row, as the form and the receipt show it: the measures it
    orders and whom it holds responsible (an empty list: the law does not say), each with the statute's
    words and their citation on the date of the facts."""
    return {
        "medidas": [{"tipo": kind, "rotulo": gettext(MEASURE_LABELS[kind]), "palavras": [m.words for m in group],
                     "citations": cites([m.cite.at(on) for m in group])}
                    for kind, group in measures_by_kind(row.measures)],
        "responsavel": [{"texto": r.text, "palavras": r.words, "citations": cites([r.cite.at(on)])} for r in row.responsavel],
    }


def row_facts_of(complaint: dict) -> dict[str, dict]:
    """:func:`row_facts` of every row a complaint names, on the date of its facts, by its "linha:" occurrence
    (empty when it names none)."""
    on = date.fromisoformat(complaint["data_ocorrencia"])
    return {ROW_PREFIX + found.key: row_facts(found, on) for found in rows_of(complaint)}


def check_row(complaint: dict) -> None:
    """Every confirmed row must be of the place's law and in force on the date of the facts."""
    if any(o.startswith(ROW_PREFIX) and _row_named(complaint, o) is None for o in complaint["ocorrencias"]):
        raise ComplaintError("linha", N_("A infração escolhida não existe na lei deste lugar na data informada: escolha outra, ou deixe o órgão classificar."))


def check_time(complaint: dict) -> None:
    """Refuse an hour of the facts still to come today, on the clock of the complaint's place (Brasília
    time while the place is not known: Acre is never ahead of it, so no hour past there is refused)."""
    hour = complaint.get("hora_ocorrencia")
    if not hour:
        return
    local = clock.now().astimezone(clock.zone(complaint.get("jurisdicao")))
    if complaint["data_ocorrencia"] == local.date().isoformat() and hour > local.strftime("%H:%M"):
        raise ComplaintError("hora_ocorrencia", N_("A hora não pode estar no futuro: hoje, onde aconteceu, ainda são %(agora)s."),
                             agora=local.strftime("%H:%M"))


def story_date(relato: str, jurisdicao: str | None) -> date | None:
    """The first day of the period the account dates its facts to ("ontem", "no carnaval de 2020"), if it says one."""
    period, dated_by = period_of(relato or "", clock.today(jurisdicao))
    return period.start if dated_by == "story" else None


def period_said(period) -> str:
    """A period of the facts as the page says it: one day (01/05/2019), a whole month ("maio de 2019"),
    a whole year ("2019"), or its first and last days — in the page's language, with its accents (the
    reader's own words are folded: "marco de 2020")."""
    from babel.dates import format_skeleton

    from .i18n import current_locale, date_numeric

    start, end = period.start, period.end
    if start == end:
        return date_numeric(start)
    last_of_month = (date(start.year + (start.month == 12), start.month % 12 + 1, 1).toordinal() - 1)
    if start.day == 1 and end.year == start.year and end.month == start.month and end.toordinal() in (last_of_month, clock.today().toordinal()):
        return format_skeleton("yMMMM", start, locale=current_locale())
    if (start.month, start.day) == (1, 1) and end.year == start.year and ((end.month, end.day) == (12, 31) or end == clock.today()):
        return str(start.year)
    return gettext("de %(inicio)s a %(fim)s") % {"inicio": date_numeric(start), "fim": date_numeric(end)}


def wording_changes(place: str | None, period) -> list[date]:
    """The days inside ``period`` on which the place's fine tables took a new wording (Pernambuco's
    Anexo I on 13/11/2020): a date of facts there must be a day, not a month or a year."""
    if place not in PLACES:
        return []
    return sorted({r.since for r in infraction_catalogue(place) if period.start < r.since <= period.end})


def date_of_facts(relato: str, place: str | None, typed: str, confirmed: str = "", default: str | None = None, adopt: bool = True) -> tuple[str, dict | None]:
    """The form's date field reconciled with the date the account tells (the reader's period,
    ``knowledge/reader/dates.py``), and what to say of it: ``(the field's value, note)``.

    - the field empty or left at its default (today) and the account tells one day: that day fills
      the field (``kind="filled"``);
    - … and the account tells a month, a year or a festival: the field is emptied and the person is
      asked the day (``kind="ask_day"``) — never today silently, never a first day passed off as the day;
    - the field holds another day than the account tells: both are said and the person chooses
      (``kind="disagree"``), unless that day was already confirmed (``confirmed``).

    ``typed`` is the field as the service reads it (AAAA-MM-DD, "" or unreadable text, kept as it is);
    ``default`` the value the form put in it (today; "" once the account was read: a day typed after
    that is the person's own).  With ``adopt=False`` (a form sent back with errors) nothing is changed:
    a field at its default that the account contradicts is said as a disagreement."""
    today = clock.today(place if place in PLACES else None)
    period, dated_by = period_of(relato or "", today)
    if dated_by != "story":
        return typed, None
    note = {"said": period_said(period), "start": period.start, "end": period.end, "exact": period.exact,
            "changes": wording_changes(place, period)}
    at_default = typed == "" or typed == (today.isoformat() if default is None else default)
    if at_default and confirmed != typed and adopt:
        if period.exact:
            if period.start == today:
                return typed or today.isoformat(), None
            return period.start.isoformat(), {**note, "kind": "filled"}
        return "", {**note, "kind": "ask_day"}
    if typed == "":
        return typed, {**note, "kind": "ask_day"}
    try:
        given = date.fromisoformat(typed)
    except ValueError:
        return typed, None
    if period.contains(given) or confirmed == typed:
        return typed, None
    return typed, {**note, "kind": "disagree", "given": given}


def suggest(relato: str, jurisdicao: str | None, data_ocorrencia: str | None) -> dict | None:
    """What the reader makes of an account (the same call the chat makes): the suggested rows, how sure,
    and other rows to pick from — for the form's "confira a infração" step.  None without an account;
    ``needs_place`` without a place (each place has its own table: the form says so, never nothing).

    The rows are read for the date given (the date the complaint will be stored with: the receipt
    resolves its rows on it); without one, for the date the account tells (:func:`date_of_facts` has
    emptied the field and asks the day).  ``date`` is the day whose wording the rows are in: the form
    sends it back with the rows, and :func:`check_wording` refuses a row whose words differ on the
    complaint's date."""
    if not relato or not relato.strip():
        return None
    if jurisdicao not in PLACES:
        return {"needs_place": True, "classified": False, "options": [], "confidence": 0.0}
    today = clock.today(jurisdicao)
    try:
        given = date.fromisoformat(data_ocorrencia) if data_ocorrencia else None
    except ValueError:
        given = None
    if given is not None and given > today:
        given = None  # refused on sending ("no futuro"); meanwhile read as the account dates it
    report = classify_report(relato, jurisdicao, today, given=given)
    wording = report.wordings[-1] if report.wordings else None
    if wording is None or not wording.reading.matches:
        return {"classified": False, "options": [], "confidence": 0.0, "foreign": bool(wording and wording.reading.foreign),
                "date": wording.reading.on.isoformat() if wording else None, "day": wording.reading.on if wording else None}
    on = wording.reading.on
    options = []
    # Classified: every row the story describes (suggested, most confident first; the chat lists the same),
    # then the nearest others to switch to, five in all; not classified: the three nearest, only to pick from.
    suggested = wording.rows
    others = [m.row for m in wording.reading.matches if m.row not in suggested]
    for row in (suggested + others)[:max(len(suggested), 5) if suggested else 3]:
        e = classify_row(row, on)
        options.append({"linha": row.key, "texto": e.descricao, "item": _item(e, None), "suggested": row in suggested,
                        "fatos": row_facts(row, on)})
    return {"classified": bool(suggested), "confidence": round(max([f.confidence for f in wording.found], default=wording.confidence), 2),
            "options": options, "suggested": [r.key for r in suggested], "date": on.isoformat(), "day": on}


def rows_still_meant(place: str | None, keys: list[str] | None, shown_on: str | None, on: str | None) -> tuple[list[str], list[str]]:
    """The ticked rows (``keys``, shown in the wording of ``shown_on``) that say the same words in the
    wording of ``on``, and the citations of those that do not: a date changed across 13/11/2020 turns
    Pernambuco's "anexo-i/inc-1/ali-b" from the open door into the missing CRLV, and a box must never stay
    ticked under other words."""
    if not keys or place not in PLACES or not shown_on or not on or shown_on == on:
        return list(keys or []), []
    try:
        before, after = date.fromisoformat(shown_on), date.fromisoformat(on)
    except ValueError:
        return list(keys), []
    kept, dropped = [], []
    for key in keys:
        law_id, _, unit_id = key.partition(" ")
        old = infraction_row(place, unit_id, before) if PLACES[place].law_id == law_id else None
        if old is None or old == infraction_row(place, unit_id, after):
            kept.append(key)
        else:
            dropped.append(old.cite(before).label)
    return kept, dropped


def check_wording(complaint: dict, shown_on: str | None) -> None:
    """The rows the citizen ticked were shown in the wording of ``shown_on`` (the form sends it back):
    on the complaint's date of facts each must be the same words, or the receipt would resolve the key
    to another infraction (Pernambuco's "anexo-i/inc-1/ali-b" is the open door until 12/11/2020 and the
    missing CRLV since 13/11/2020, Lei 17.107/2020).  Refused with both wordings said; the form then
    suggests again in the wording of the date given."""
    place = complaint.get("jurisdicao")
    if place not in PLACES:
        return
    on = date.fromisoformat(complaint["data_ocorrencia"])
    try:
        shown_day = date.fromisoformat(shown_on) if shown_on else None
    except ValueError:
        shown_day = None
    for occurrence in complaint["ocorrencias"]:
        if not occurrence.startswith(ROW_PREFIX):
            continue
        law_id, _, unit_id = occurrence[len(ROW_PREFIX):].partition(" ")
        if PLACES[place].law_id != law_id:
            continue  # check_row says it
        now = infraction_row(place, unit_id, on)
        shown = infraction_row(place, unit_id, shown_day) if shown_day else None
        if shown is None or shown == now:
            continue
        label = shown.cite(shown_day).label
        if now is None:
            raise ComplaintError("linha", N_("A infração %(linha)s que você marcou (“%(antes)s”) não existe na redação da lei em vigor em %(dia)s, a data informada. "
                                             "Confira a data; abaixo estão as infrações da redação em vigor nesse dia."),
                                 linha=label, antes=shown.text.rstrip(";,. "), dia=on.strftime("%d/%m/%Y"))
        raise ComplaintError("linha", N_("Em %(dia)s, a data informada, vale outra redação da lei: a linha %(linha)s, que você marcou como “%(antes)s”, "
                                         "diz nessa data “%(agora)s”. Confira a data; abaixo estão as infrações da redação em vigor nesse dia."),
                             linha=label, antes=shown.text.rstrip(";,. "), agora=now.text.rstrip(";,. "), dia=on.strftime("%d/%m/%Y"))


def enquadramento(complaint: dict) -> list[dict]:
    on = date.fromisoformat(complaint["data_ocorrencia"])
    items = []
    for occurrence in complaint["ocorrencias"]:
        if occurrence.startswith(ROW_PREFIX):
            row = _row_named(complaint, occurrence)
            if row is not None:
                items.append(_item(classify_row(row, on), occurrence))
            continue
        try:
            e = classify(occurrence, complaint["jurisdicao"], on)
        except NotInForce:
            # Facts from before the law applied: say so rather than quote a fine it did not set.
            e = Enquadramento(occurrence, N_("Na data informada esta lei ainda não estava em vigor; o órgão avalia o caso."), None, [IN_FORCE_CITES[complaint["jurisdicao"]]])
        items.append(_item(e, occurrence))
    return items


def _item(e: Enquadramento, occurrence: str | None) -> dict:
    """One classification as the receipt, the status page, the API and the form show it."""
    multa = None
    if e.multa:
        multa = {
            "valor": float(e.multa["valor"]), "unidade": e.multa["unidade"],
            "valor_brl": float(e.multa["valor_brl"]) if e.multa.get("valor_brl") is not None else None,
            "por_passageiro": bool(e.multa.get("por_passageiro")),
        }
    gravidade = (gettext(e.gravidade) % e.params if e.params and "%(" in e.gravidade else gettext(e.gravidade)) if e.gravidade else None
    descricao = gettext(e.descricao)
    return {
        "ocorrencia": occurrence,
        "rotulo": gettext(OCCURRENCES[occurrence]) if occurrence in OCCURRENCES else gettext(N_("Infração da tabela da lei")),
        "descricao": descricao % e.params if e.params and "%(" in e.descricao else descricao,
        "gravidade": gravidade,
        "penalidade": gettext(e.penalidade) if e.penalidade else None,
        "multa": multa,
        "ressalvas": [gettext(r) for r in e.ressalvas],
        "citations": cites(e.citations),
    }


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
    from .reclassification import public_items  # (it imports this module)

    # Staff's classification, once they gave one, replaces the citizen's (issue #27).
    view["enquadramento"] = public_items(protocolo, view, get_store()) or enquadramento(view)
    view["proximos_passos"] = next_steps_of(view["jurisdicao"])
    return view


def next_steps_of(jurisdiction: str) -> list[dict]:
    """"O que acontece agora": the regulator's next steps and the deadlines of the place's law
    in force today there (knowledge/complaint_next_steps.py), each with its citations."""
    return [statement_json(s) for s in next_steps(jurisdiction, clock.today(jurisdiction))]
