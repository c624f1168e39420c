"""Staff's side of a complaint's classification (issue #27, point 3).

The citizen's form reads the story with the one reader of facts (``knowledge/reader``) and lets the
citizen confirm its suggestion or pick another row.  Staff need to see the same thing and to decide:

- **what the complaint is classified under now**, and who chose it — staff, the citizen confirming
  the reader's suggestion, the citizen picking another row, or a quick category whose classification
  is a row of the table;
- **what the reader makes of the stored story** on the date of the facts: its nearest row, the
  calibrated confidence, and when that is below the threshold, why it does not classify;
- **another row**, found by the same reader used as a search over everyday words (or among every row
  in force on that date), or "sem enquadramento" — saved with a reason, in the audit trail.

Rows, fines and citations come from the catalogue (``knowledge/infractions.py``) through the same
item the receipt shows (``complaints_service._item``): nothing is retyped here.  No personal data of
the complainant goes into the stored reason, the audit text or a log line (:func:`without_personal_data`).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import date

from flask_babel import format_percent
from flask_babel import gettext as _

from knowledge import clock
from knowledge.citations import N_, Cite
from knowledge.complaints import IN_FORCE_CITES, OCCURRENCES, classify, classify_row
from knowledge.infractions import Row, catalogue, rows_on
from knowledge.infractions import row as infraction_row
from knowledge.parameters import NotInForce
from knowledge.places import PLACES
from knowledge.reader.report import classify_report
from knowledge.reader.stories import block, features, fitted, read_on, vector

from .complaints_service import ROW_PREFIX, _item, rows_of
from .i18n import moment
from .serialize import cites
from .storage import classifications as decisions
from .storage import complaints as store
from .storage import staff
from .text_safety import clean

log = logging.getLogger("portal.complaints")

NO_ROW = decisions.NO_ROW
MAX_REASON = 300  # characters of a reclassification's reason (it goes whole into the audit line)
SEARCH_LIMIT = 8  # rows a search shows
NEAREST = 5  # nearest rows of the reader listed (as many as the citizen form offers)

# Who chose the row the complaint is classified under (the staff page says it).
SOURCES = {
    "equipe": N_("a equipe (%(usuario)s, %(em)s)"),
    "confirmou": N_("o denunciante, confirmando a sugestão do leitor"),
    "escolheu": N_("o denunciante, escolhendo outra linha que não a sugerida pelo leitor"),
    "escolheu_sem_sugestao": N_("o denunciante, escolhendo uma linha (o leitor não sugeriu nenhuma com segurança)"),
    "categoria": N_("a categoria rápida marcada pelo denunciante (%(categoria)s)"),
}
NO_ROW_TEXT = N_("Sem enquadramento: a tabela de infrações da lei não classifica o que foi relatado.")


class ReclassifyError(ValueError):
    """A reclassification refused: the form field, a msgid with its parameters, and the HTTP status."""

    def __init__(self, field: str, message: str, status: int = 400, **params):
        super().__init__(message)
        self.field, self.message, self.status, self.params = field, message, status, params

    def text(self) -> str:
        return _(self.message, **self.params)


# -- reading ---------------------------------------------------------------------------------------


def facts_date(complaint: dict) -> date:
    """The date of the facts (the day the rows are read for); the day it was received if none was given."""
    return date.fromisoformat(complaint.get("data_ocorrencia") or complaint["criada_em"][:10])


def resolve(place: str, key: str | None, on: date) -> Row | None:
    """The catalogue row a stored key names, in the wording in force on ``on``; None if it is not one."""
    if not key or key == NO_ROW:
        return None
    law_id, _sep, unit_id = key.partition(" ")
    if PLACES[place].law_id != law_id:
        return None
    return infraction_row(place, unit_id, on)


@dataclass
class ReaderView:
    """What the reader makes of the stored story, as the staff page shows it."""

    story: bool  # there is a story to read
    classified: bool
    confidence: float | None
    nearest: list[Row]  # best first; nearest[0] is the suggestion when classified
    reason: str | None  # why it does not classify (translated), None when it does
    reason_cites: tuple[Cite, ...] = ()  # the units the reason states, when it states the law
    # Every row the reader suggests, as the citizen's form ticked them (knowledge.reader Found: the whole
    # story's row, then its parts' by confidence, each with its own confidence and the words it was read from).
    found: tuple = ()

    @property
    def suggested(self) -> Row | None:
        return self.nearest[0] if self.classified and self.nearest else None

    @property
    def suggested_rows(self) -> list[Row]:
        return [f.row for f in self.found]


def percent(value: float) -> str:
    """A probability as the locale writes a percentage, with one decimal: 0.9265 → "92,6%" in pt_BR
    (a whole number would show a confidence just under the threshold as equal to it)."""
    return format_percent(value, "#,##0.0%")


def read(complaint: dict) -> ReaderView:
    """The reader on the complaint's story, its place and its date of facts — the call the form makes
    (``complaints_service.suggest``: the newest wording of the period, every row found, the whole story's
    and its parts', with the highest of their confidences), so staff see what the citizen saw."""
    place, on = complaint["jurisdicao"], facts_date(complaint)
    story = (complaint.get("relato") or "").strip()
    if not story:
        return ReaderView(False, False, None, [], _("Sem relato: o denunciante só marcou categorias, e o leitor não tem o que ler."))
    report = classify_report(story, place, clock.today(place), given=on)
    reading = report.wordings[-1].reading
    if reading.foreign:
        # Not read, not "no law": a story told in another language than Portuguese (knowledge/reader/stories.py).
        return ReaderView(True, False, None, [], _("O relato não está em português, e o leitor de relatos lê só português: ele não sugere linha, e a equipe classifica pela leitura do relato."))
    if not reading.matches:
        return ReaderView(True, False, None, [], _("Na data dos fatos a lei deste lugar ainda não estava em vigor: nenhuma linha da tabela se aplica."),
                          (IN_FORCE_CITES[place].at(on, previous=IN_FORCE_CITES[place].previous),))
    found = tuple(reading.found)
    suggested = [f.row for f in found]
    nearest = (suggested + [m.row for m in reading.matches if m.row not in suggested])[:max(len(suggested), NEAREST)]
    if found:
        return ReaderView(True, True, max(f.confidence for f in found), nearest, None, found=found)
    model = fitted()
    reason = _("A confiança do leitor na linha mais próxima (%(confianca)s) ficou abaixo do limiar de %(limiar)s, escolhido nos relatos de "
               "desenvolvimento para no máximo %(risco)s de linhas erradas: o leitor não classifica este relato, e a denúncia segue para o órgão.",
               confianca=percent(reading.confidence), limiar=percent(model["threshold"]), risco=format_percent(model["risk_target"]))
    return ReaderView(True, False, reading.confidence, nearest, reason)


@dataclass
class Current:
    """The row the complaint is classified under now (``key``: a row's key, NO_ROW or None) and who chose it."""

    source: str | None  # a key of SOURCES; None: nothing classifies it
    key: str | None
    row: Row | None
    decision: decisions.Decision | None = None
    occurrence: str | None = None  # the quick category that gave the row
    rows: list[Row] = field(default_factory=list)  # every row the citizen confirmed (row is the first)

    @property
    def keys(self) -> list[str]:
        """Every row key the complaint is under now (one, or the citizen's several; none)."""
        return [r.key for r in self.rows] if self.rows else ([self.key] if self.key else [])


def quick_category_row(complaint: dict, on: date) -> tuple[str, Row] | None:
    """The first quick category whose classification on ``on`` is a row of the place's table (the unit it
    cites first that is a row, or whose row contains it: Acre's art. 88, I is in the art. 88 row)."""
    place = complaint["jurisdicao"]
    law_id = PLACES[place].law_id
    for occurrence in OCCURRENCES:
        if occurrence == "outro" or occurrence not in complaint["ocorrencias"]:
            continue
        try:
            e = classify(occurrence, place, on)
        except NotInForce:
            return None
        for cite in e.citations:
            if cite.law != law_id:
                continue
            parts = cite.unit.split("/")
            for n in range(len(parts), 0, -1):
                found = infraction_row(place, "/".join(parts[:n]), on)
                if found is not None:
                    return occurrence, found
    return None


def current(db, complaint: dict, reader: ReaderView) -> Current:
    place, on = complaint["jurisdicao"], facts_date(complaint)
    decision = decisions.latest(db, complaint["id"])
    if decision is not None:
        return Current("equipe", decision.para_linha, resolve(place, decision.para_linha, on), decision)
    chosen = rows_of(complaint)
    if chosen:
        suggested = {r.key for r in reader.suggested_rows}
        if not suggested:
            source = "escolheu_sem_sugestao"
        elif all(r.key in suggested for r in chosen):
            source = "confirmou"
        else:
            source = "escolheu"
        return Current(source, chosen[0].key, chosen[0], rows=chosen)
    by_category = quick_category_row(complaint, on)
    if by_category is not None:
        occurrence, found = by_category
        return Current("categoria", found.key, found, occurrence=occurrence)
    return Current(None, None, None)


def search(place: str, on: date, words: str, limit: int = SEARCH_LIMIT) -> list[Row]:
    """Rows of the table in force on ``on`` for a few everyday words, best first: the reader's own ranking
    of the words read as a story, keeping only rows that share a word with them (the row's words or its
    people's questions) — a search for "cinto" lists no row that never speaks of one."""
    words = words.strip()[:200]
    if not words or not rows_on(place, on):
        return []
    reading = read_on(words, place, on)
    similarity = features(vector(words), place, on)
    rows = block(place, on).rows
    related = {rows[i].key for i in range(len(rows)) if similarity[i, 0] > 0 or similarity[i, 1] > 0}
    return [m.row for m in reading.matches if m.row.key in related][:limit]


# -- showing ---------------------------------------------------------------------------------------


NONE_LABEL, NO_ROW_LABEL = N_("nenhuma"), N_("sem enquadramento")
KEYS_JOIN = "|"  # several rows in one stored "de_linha" (the citizen confirmed more than one)


def label(place: str, key: str | None, on: date, *, translated: bool = False) -> str:
    """A classification as staff and the audit read it: the row's citation, "sem enquadramento", or "nenhuma"
    (the audit trail's text stays in Portuguese, as its other lines; the page translates)."""
    say = _ if translated else str
    if key is None:
        return say(NONE_LABEL)
    if key == NO_ROW:
        return say(NO_ROW_LABEL)
    if KEYS_JOIN in key:  # the citizen's several rows, replaced by staff's one
        return " + ".join(label(place, k, on, translated=translated) for k in key.split(KEYS_JOIN))
    found = resolve(place, key, on)
    return found.cite(on).label if found is not None else key


def option(row: Row, on: date) -> dict:
    """One row as the page lists it: its key (the radio's value), its citation, words, fine and citations."""
    item = _item(classify_row(row, on), ROW_PREFIX + row.key)
    return {"linha": row.key, "rotulo": item["citations"][0]["label"], "texto": item["descricao"], "item": item}


def table_cites(place: str, on: date) -> list[Cite]:
    """The units that hold the place's fine tables on ``on`` (Anexo I; art. 37; art. 75 and art. 88 …):
    what "the table does not classify it" is said of.  Before the law applied, the unit that says when it did."""
    rows = rows_on(place, on)
    if not rows:
        return [IN_FORCE_CITES[place]]
    tops = list(dict.fromkeys(r.unit_id.split("/")[0] for r in rows))
    return [Cite(rows[0].law_id, top, on) for top in tops]


def no_row_item(place: str, on: date) -> dict:
    """Staff's "sem enquadramento", as the status page, the API and the staff page show a classification."""
    return {"ocorrencia": None, "rotulo": _("Enquadramento dado pela equipe"), "descricao": _(NO_ROW_TEXT), "gravidade": None,
            "penalidade": None, "multa": None, "ressalvas": [_("Sem linha da tabela, a denúncia não indica multa; o órgão avalia o caso.")],
            "citations": cites(table_cites(place, on))}


def panel(db, complaint: dict, *, busca: str = "", todas: bool = False, keep: str | None = None) -> dict:
    """Everything the staff complaint page shows about the classification (templates/admin/_classification.html).
    ``keep``: a row chosen in a refused form, listed even if the search would not show it."""
    place, on = complaint["jurisdicao"], facts_date(complaint)
    reader = read(complaint)
    now = current(db, complaint, reader)
    shown, items = None, []
    suggested_keys = {r.key for r in reader.suggested_rows}
    for r in (now.rows or ([now.row] if now.row is not None else [])):
        item = option(r, on)["item"]
        items.append({**item, "sugerida": r.key in suggested_keys})
    if items:
        shown = items[0]
    elif now.key == NO_ROW:
        shown = no_row_item(place, on)
        items = [shown]
    who = None
    if now.source == "equipe":
        who = _(SOURCES["equipe"], usuario=now.decision.staff or "—", em=moment(now.decision.em, place))
    elif now.source == "categoria":
        who = _(SOURCES["categoria"], categoria=_(OCCURRENCES[now.occurrence]))
    elif now.source:
        who = _(SOURCES[now.source])
    busca = (busca or "").strip()[:200]
    if todas:
        choices, mode = rows_on(place, on), "todas"
    elif busca:
        choices, mode = search(place, on, busca), "busca"
    else:
        choices, mode = list(reader.nearest), "leitor"
    kept = resolve(place, keep, on)
    if kept is not None and kept not in choices:
        choices.insert(0, kept)
    return {
        "on": on,
        "current": {"key": now.key, "linhas": now.keys, "item": shown, "rows": items, "who": who, "source": now.source},
        "reader": {
            "story": reader.story, "classified": reader.classified, "reason": reader.reason, "reason_citations": cites(reader.reason_cites),
            "confidence": percent(reader.confidence) if reader.confidence is not None else None,
            "nearest": [option(r, on) for r in reader.nearest],
            # every row suggested, each with its own confidence and, for a part of the story, the words read
            "suggested": [{**option(f.row, on), "confidence": percent(f.confidence), "part": f.part} for f in reader.found],
        },
        "choices": [option(r, on) for r in choices if now.keys != [r.key]], "mode": mode, "busca": busca,
        "expected": now.decision.para_linha if now.decision else "",
        "current_is_no_row": now.key == NO_ROW,
        "closed": not store.TRANSITIONS.get(complaint["situacao"]),
        "history": [{"em": d.em, "staff": d.staff, "de": label(place, d.de_linha, on, translated=True), "para": label(place, d.para_linha, on, translated=True), "motivo": d.motivo}
                    for d in decisions.history(db, complaint["id"])],
    }


# -- deciding --------------------------------------------------------------------------------------


def target(complaint: dict, raw: str | None) -> str:
    """The row key (or NO_ROW) staff chose, checked against the complaint's place and date of facts."""
    place, on = complaint["jurisdicao"], facts_date(complaint)
    raw = (raw or "").strip()[:200]
    if not raw:
        raise ReclassifyError("linha", N_("Escolha a linha da tabela em que a denúncia se enquadra, ou “sem enquadramento”."))
    if raw == NO_ROW:
        return NO_ROW
    law_id, _sep, unit_id = raw.partition(" ")
    other = next((p for p in PLACES.values() if p.law_id == law_id), None)
    if other is None or not unit_id:
        raise ReclassifyError("linha", N_("A linha escolhida não existe na tabela de infrações de nenhuma das quatro leis."))
    if other.id != place:
        raise ReclassifyError("linha", N_("A linha escolhida é da lei de outro lugar (%(outro)s): escolha uma linha da tabela de %(lugar)s, o lugar desta denúncia."),
                              outro=other.name, lugar=PLACES[place].name)
    found = infraction_row(place, unit_id, on)
    if found is None:
        if any(r.unit_id == unit_id for r in catalogue(place)):
            raise ReclassifyError("linha", N_("Essa linha não estava na tabela na data dos fatos (%(dia)s): escolha uma linha da redação em vigor naquele dia."),
                                  dia=on.strftime("%d/%m/%Y"))
        raise ReclassifyError("linha", N_("A linha escolhida não existe na tabela de infrações de %(lugar)s."), lugar=PLACES[place].name)
    return found.key


def reason_of(raw: str | None) -> str:
    """The reason on one line, without control or invisible format characters (``text_safety.clean``)."""
    text = re.sub(r"\s+", " ", clean(raw or "") or "").strip()
    if not text:
        raise ReclassifyError("motivo", N_("Escreva o motivo da reclassificação: ele fica na trilha de auditoria."))
    if len(text) > MAX_REASON:
        raise ReclassifyError("motivo", N_("O motivo pode ter no máximo %(n)d caracteres."), n=MAX_REASON)
    return text


_EMAIL = re.compile(r"[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_DIGITS = re.compile(r"(?<![\w])\+?\(?\d[\d().\s/-]{6,}\d(?![\w])")
_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")
_NAME_SKIP = {"da", "de", "do", "das", "dos", "e"}
OMITTED = "[dado pessoal omitido]"
_REPEATED = re.compile(rf"{re.escape(OMITTED)}(?:\s+{re.escape(OMITTED)})+")


def without_personal_data(text: str, contact: dict | None) -> str:
    """The reason as it may be stored and audited: e-mail addresses, phone or document numbers (8 digits
    or more; a date stays), the complainant's own e-mail and phone as stored and each word of their name
    replaced by a mark.  Staff write the reason, but everyone who opens the audit trail reads it."""

    def digits(match: re.Match) -> str:
        found = match.group(0)
        if sum(ch.isdigit() for ch in found) < 8 or _DATE.fullmatch(found.strip()):
            return found
        return OMITTED

    text = _DIGITS.sub(digits, _EMAIL.sub(OMITTED, text))
    contact = contact or {}
    for value in (contact.get("email"), contact.get("telefone")):
        if value and value.strip():
            text = re.sub(re.escape(value.strip()), OMITTED, text, flags=re.IGNORECASE)
    for word in re.split(r"\s+", contact.get("nome") or ""):
        if len(word) >= 3 and word.lower() not in _NAME_SKIP:
            text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", OMITTED, text, flags=re.IGNORECASE)
    return _REPEATED.sub(OMITTED, text)


def reclassify(db, complaint_id: int, form, user: dict) -> None:
    """Check and save staff's new classification, with its audit line; raises ReclassifyError (nothing saved)."""
    complaint = store.staff_view(db, complaint_id, with_contact=True)
    if complaint is None:
        raise ReclassifyError("", N_("Denúncia não encontrada."), 404)
    if not store.TRANSITIONS.get(complaint["situacao"]):
        raise ReclassifyError("linha", N_("Esta denúncia já foi encaminhada ao órgão ou arquivada: o enquadramento não muda mais."), 409)
    place, on = complaint["jurisdicao"], facts_date(complaint)
    chosen = target(complaint, form.get("linha"))
    reason = without_personal_data(reason_of(form.get("motivo")), complaint.get("contato"))
    before = current(db, complaint, read(complaint))
    if before.keys == [chosen]:
        raise ReclassifyError("linha", N_("A denúncia já está nesse enquadramento: escolha outra linha para mudar."))
    try:
        decisions.record(db, complaint_id, de_linha=KEYS_JOIN.join(before.keys) or None, para_linha=chosen, motivo=reason, staff_id=user["id"],
                         expected=(form.get("de_equipe") or None))
    except decisions.ChangedMeanwhile:
        raise ReclassifyError("linha", N_("Outra pessoa da equipe mudou o enquadramento enquanto isso: recarregue a página e confira."), 409) from None
    staff.audit(db, user, "reclassificou", str(complaint_id), f"{label(place, KEYS_JOIN.join(before.keys) or None, on)} → {label(place, chosen, on)}; motivo: {reason}")
    # The internal number and the place only: neither the protocol nor the reason reach the log.
    log.info("complaint #%d reclassified by staff (%s)", complaint_id, place)


def public_items(protocolo: str, complaint: dict, db) -> list[dict] | None:
    """The status page's classification when staff decided one (it replaces the citizen's): the row with
    its fine on the date of the facts and citations, or "sem enquadramento"; None when staff did not."""
    key = decisions.latest_row_of_protocol(db, protocolo)
    if key is None:
        return None
    place, on = complaint["jurisdicao"], facts_date(complaint)
    if key == NO_ROW:
        return [no_row_item(place, on)]
    found = resolve(place, key, on)
    if found is None:
        return None
    item = option(found, on)["item"]
    item["rotulo"] = _("Enquadramento dado pela equipe")
    return [item]
