"""Vehicle lookup by plate: the registry plus the status rules, for page, API and assistant."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone

from flask import current_app, g, has_request_context, request
from flask_babel import gettext

from knowledge import clock
from knowledge.plates import InvalidPlate, display, normalize, plate_key
from knowledge.places import PLACES
from knowledge.plate_verdict import plate_verdict
from knowledge.registry_places import PROFILES, state_label
from knowledge.vehicle_status import BEFORE_BOARDING, before_boarding_everywhere, evaluate, not_found

from . import i18n
from .contacts import contacts_version
from .database import get_db
from .serialize import cites
from .storage.registry import find_vehicle, registry_info, registry_version

# Answers kept per worker (most recently used); a plate's answer is ~2 KB.
LOOKUP_CACHE_ENTRIES = 512


def today_in(jurisdiction: str | None) -> date:
    """The date where the vehicle operates: validity ends at local midnight, not UTC's."""
    return clock.today(jurisdiction or "pe")


def _iso(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def render_reason(reason, translate=None) -> str:
    translate = translate or gettext
    params = {k: (i18n.day(v) if isinstance(v, date) else translate(v) if isinstance(v, str) else v) for k, v in reason.params.items()}
    return translate(reason.message) % params if params else translate(reason.message)


def _translator():
    """``flask_babel.gettext`` without its per-string search for the request's catalog (the
    request context, the domain, the locale): the catalog is found once per answer (kept per
    language, ``i18n.translations``), and each string translated by it exactly as gettext does
    (``ugettext``).  An answer has ~10 strings."""
    return i18n.translations().ugettext


_CITES: dict[tuple, tuple[dict, ...]] = {}
MAX_CITES = 1024  # distinct citation lists of the status rules: a few dozen in practice


def _cites(items) -> list[dict]:
    """``serialize.cites(items)``, kept per process: a plate answer's citations are those of its
    rules (the same few lists for every plate), and resolving each unit, its label and its link
    was a fifth of a registry plate's first lookup.  A citation depends only on the unit, the
    date it is cited at and where the app is mounted; not kept while the law is read on another
    date.  Each call gets its own dicts (callers may add to them)."""
    if not has_request_context() or g.get("law_date") is not None:
        return cites(items)
    key = (request.script_root, *((c.law, c.unit, c.on) for c in items))
    found = _CITES.get(key)
    if found is None:
        if len(_CITES) >= MAX_CITES:
            _CITES.clear()
        found = _CITES[key] = tuple(cites(items))
    return [dict(c) for c in found]


@dataclass
class _Answer:
    result: dict  # without "consultado_em", which is the moment of each request
    jurisdiction: str | None
    check_date: date  # the day the status was evaluated for
    json_parts: tuple[str, str] | None = None  # the JSON text before and after "consultado_em"
    shared: tuple = ()  # (key of result, _Part): parts of the result shared with other plates' answers


class _Part:
    """A part of plate answers that many plates share (an operator's block, a place's notes, an
    unknown plate's reasons), built once and kept with its JSON text once an API answer needs it."""

    __slots__ = ("value", "json")

    def __init__(self, value):
        self.value = _shared(value)
        self.json: str | None = None


class SharedDict(dict):
    """A dict that many answers share, with what templates made of it (``kept_html``)."""

    __slots__ = ("html",)


class SharedList(list):
    """A list that many answers share, with what templates made of it (``kept_html``)."""

    __slots__ = ("html",)


def _shared(value):
    kept = SharedDict(value) if isinstance(value, dict) else SharedList(value)
    kept.html = {}
    return kept


KEPT_HTML_MAX = 16  # renderings kept per shared part (languages x callers): a bound


def kept_html(name: str, owner, macro, *args):
    """``macro(owner, *args)``, kept with ``owner`` when it is a part that answers share (an
    operator's rows in the details, an unknown plate's reasons, a place's notes are the same for
    every plate that shows them: issue #32), per language; rendered every time otherwise.  The
    macro must depend on nothing but its arguments and the language: the arguments are held
    with what was rendered, so no other object can take their identity."""
    kept = getattr(owner, "html", None)
    if kept is None:
        return macro(owner, *args)
    key = (name, i18n.current_locale(), request.script_root if has_request_context() else None, *map(id, args))
    found = kept.get(key)
    if found is None:
        if len(kept) >= KEPT_HTML_MAX:
            kept.clear()
        found = kept[key] = (macro(owner, *args), args)
    return found[0]


class LookupCache:
    """Plate answers of one registry version, per plate, language, date asked and law date.

    Building an answer is most of a plate request's cost (the status rules, each reason
    translated with its dates, each citation's link); the answer changes only when the
    registry does (``registry_version``: any write to the database, by any worker) or
    the day turns where the vehicle operates (a document expiring at midnight).  Both are
    checked on every request, so an import is visible on the very next lookup."""

    def __init__(self, max_entries: int = LOOKUP_CACHE_ENTRIES):
        self.max_entries = max_entries
        self.version: tuple | None = None
        self.info: dict | None = None
        self._answers: OrderedDict[tuple, _Answer] = OrderedDict()
        self.parts: dict[tuple, _Part] = {}  # what answers share (``shared_part``), of the same version
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def sync(self, version: tuple) -> None:
        """Forget everything built from another version of the registry."""
        with self._lock:
            if version != self.version:
                self._answers.clear()
                self.parts.clear()
                self.info = None
                self.version = version

    def get(self, key: tuple) -> _Answer | None:
        with self._lock:
            answer = self._answers.get(key)
            if answer is not None:
                self._answers.move_to_end(key)
            return answer

    def put(self, key: tuple, answer: _Answer) -> None:
        with self._lock:
            self._answers[key] = answer
            self._answers.move_to_end(key)
            while len(self._answers) > self.max_entries:
                self._answers.popitem(last=False)

    def shared_part(self, key: tuple, build) -> _Part:
        """The part kept under ``key``, made by ``build()`` the first time."""
        part = self.parts.get(key)
        if part is None:
            part = _Part(build())
            with self._lock:
                if len(self.parts) >= PARTS_MAX:
                    self.parts.clear()
                self.parts[key] = part
        return part

    def __len__(self) -> int:
        return len(self._answers)


PARTS_MAX = 4096  # operators' blocks (one per operator, date and language), places' notes: a bound


def lookup_cache(db) -> LookupCache:
    """The cache of a connection (one per worker thread, portal/database.py): threads never
    empty each other's, and a reopened connection — another file, after a fork — starts empty."""
    cache = getattr(db, "lookup_cache", None)
    if cache is None:
        cache = db.lookup_cache = LookupCache()
    return cache


def lookup(raw_plate: str, *, on: date | None = None) -> dict:
    """The public answer for a plate; raises InvalidPlate for anything that is not a plate."""
    result = dict(_cached_answer(raw_plate, on).result)  # the nested parts are shared and only read
    result["consultado_em"] = _consulted()
    return result


def lookup_json(raw_plate: str) -> str:
    """``lookup(raw_plate)`` as the JSON text ``jsonify`` would send (the app's JSON
    provider: sorted keys, its separators, a final newline), from a serialization kept with
    the answer: only the moment of the request is written anew."""
    answer = _cached_answer(raw_plate, None)
    provider = current_app.json
    parts = answer.json_parts
    if parts is None:
        parts = answer.json_parts = _json_parts(provider, answer)
    return parts[0] + provider.dumps(_consulted()) + parts[1]


_TIME_SLOT = "\x00consultado_em\x00"  # no answer holds a NUL: it marks where the time goes


def _json_parts(provider, answer: _Answer) -> tuple[str, str]:
    """The answer's JSON text before and after the moment of the request.  The parts it shares
    with other answers are written once each (their text kept with them) and put in place of a
    stand-in: compact JSON writes a value the same wherever it stands.  Indented (debugging):
    the whole answer every time."""
    args = _dump_args(provider)
    doc = {**answer.result, "consultado_em": _TIME_SLOT}
    shared = answer.shared if "indent" not in args else ()
    for name, _part in shared:
        doc[name] = f"\x00{name}\x00"
    text = provider.dumps(doc, **args)
    for name, part in shared:
        if part.json is None:
            part.json = provider.dumps(part.value, **args)
        pieces = text.split(provider.dumps(f"\x00{name}\x00", **args))
        if len(pieces) != 2:  # never: no answer holds a NUL
            return _json_parts(provider, _Answer(answer.result, answer.jurisdiction, answer.check_date))
        text = pieces[0] + part.json + pieces[1]
    before, after = text.split(provider.dumps(_TIME_SLOT, **args))
    return before, after + "\n"


def _dump_args(provider) -> dict:
    # What DefaultJSONProvider.response passes to dumps (compact unless debugging).
    if (provider.compact is None and current_app.debug) or provider.compact is False:
        return {"indent": 2}
    return {"separators": (",", ":")}


def _consulted() -> str:
    return clock.now().replace(microsecond=0).isoformat()


def _cached_answer(raw_plate: str, on: date | None) -> _Answer:
    plate = normalize(raw_plate)
    db = get_db()
    cache = lookup_cache(db)
    cache.sync(_registry_version(db))
    key = (plate, i18n.current_locale(), on, g.get("law_date"))
    answer = cache.get(key)
    if answer is None or answer.check_date != (on or today_in(answer.jurisdiction)):
        cache.misses += 1
        answer = _answer(db, cache, plate, on)
        cache.put(key, answer)
    else:
        cache.hits += 1
    return answer


def _answer(db, cache: LookupCache, plate: str, on: date | None) -> _Answer:
    found = find_vehicle(db, plate_key(plate))
    info = cache.info
    if info is None:
        info = cache.info = registry_info(db)
    if found is None:
        check_date = on or today_in(None)
        status = not_found(check_date)
        operator = vehicle = None
        jurisdiction = None
    else:
        operator, vehicle = found
        jurisdiction = operator["jurisdicao"]
        check_date = on or today_in(jurisdiction)
        status = evaluate(operator, vehicle, check_date)  # the registry's ISO dates are read by the rules
    translate = _translator()
    shared = []
    language = (i18n.current_locale(), request.script_root if has_request_context() else None, g.get("law_date"))
    if found is None:
        motivos = cache.shared_part(("\x00nao_encontrado", check_date, *language), lambda: [
            {"codigo": r.code, "mensagem": render_reason(r, translate), "citations": cites(r.citations), "duvida": r.doubt} for r in status.motivos
        ])
        shared.append(("motivos", motivos))
    if status.notas:
        notas = cache.shared_part(("\x00notas", jurisdiction, *language), lambda: [
            {"codigo": n.code, "mensagem": translate(n.message), "citations": _cites(n.citations)} for n in status.notas
        ])
        shared.append(("notas", notas))
    if operator is not None:
        registro = status.itens["registro"]
        block = cache.shared_part(
            ("\x00operadora", *((k, tuple(v) if v.__class__ is list else v) for k, v in operator.items()), *registro.items(), *language),
            lambda: _operator_part(operator, registro, translate),
        )
        shared.append(("operadora", block))
    result = {
        "placa": display(plate),
        "consultado_em": None,
        "situacao": status.situacao,
        "data_da_verificacao": check_date.isoformat(),
        "resumo": translate(status.resumo) if status.resumo else None,
        # An unknown plate's reasons are the same for every unknown plate (every place's rule and its
        # ten citations): built once per language, day and law date and shared — a miss costs what a
        # hit does (issue #32), however many different unknown plates are typed.
        "motivos": motivos.value if found is None else [
            {"codigo": r.code, "mensagem": render_reason(r, translate), "citations": _cites(r.citations), "duvida": r.doubt} for r in status.motivos
        ],
        # What the law leaves to regulation (Acre's fretamento, Recife's capacity): said, not guessed.
        # The same for every plate of a place, as an operator's block is for its vehicles on a day.
        "notas": notas.value if status.notas else [],
        "operadora": None if operator is None else block.value,
        "veiculo": None if vehicle is None else {
            "placa_cadastrada": display(vehicle["placa"]), "tipo": vehicle["tipo"], "lugares": vehicle["lugares"],
            "ano_fabricacao": vehicle["ano_fabricacao"], "vistoria_validade": vehicle["vistoria_validade"],
            "seguro_validade": vehicle["seguro_validade"], "situacao": vehicle["situacao"],
            "categoria": vehicle.get("categoria"), "ingresso": vehicle.get("ingresso"),
            # Each row's state on the check date, the same the verdict was drawn from.
            "vistoria_estado": status.itens["vistoria"]["estado"], "seguro_estado": status.itens["seguro"]["estado"],
            "vistoria_vencida": status.itens["vistoria"]["vencido"], "seguro_vencido": status.itens["seguro"]["vencido"],
            "nao_admitido": bool(status.itens["veiculo"].get("nao_admitido")),
        },
        "dados_atualizados_em": info["atualizado_em"],
        "demonstracao": info["demonstracao"],
    }
    verdict = plate_verdict(result)
    result["veredito"] = verdict.render(lambda text, **params: translate(text) % params if params else translate(text))
    return _Answer(result, jurisdiction, check_date, shared=tuple(shared))


def _operator_part(operator: dict, registro: dict, translate=gettext) -> dict:
    """The operator as the public sees it, in its place's words.  A natural person (Recife's
    permissionário, art. 6º; any holder the registry marks ``pessoa=fisica``) is shown by the
    permission alone: neither name nor document reaches a public page (LGPD)."""
    jurisdiction = operator["jurisdicao"]
    profile = PROFILES[jurisdiction]
    person = operator.get("pessoa") == "fisica"
    ate = registro["ate"]
    return {
        "razao_social": None if person else operator["razao_social"], "nome_fantasia": None if person else operator["nome_fantasia"],
        "cnpj": None if person else format_cnpj(operator["cnpj"]),
        "crc_numero": operator["crc_numero"], "crc_validade": operator["crc_validade"], "situacao": operator["situacao"],
        "modalidades": operator["modalidades"], "jurisdicao": jurisdiction, "pessoa": operator.get("pessoa"),
        # The registration in the place's vocabulary, its last valid day by the law, and its state that day.
        "registro": translate(profile.registration), "registro_citations": _cites(profile.registration_cites),
        "titular": translate(profile.holder),
        "situacao_rotulo": translate(state_label(jurisdiction, operator["situacao"])) if operator["situacao"] in profile.states else translate("não ativo"),
        "registro_ate": ate.isoformat() if ate else None, "registro_estado": registro["estado"],
        "registro_limite_da_lei": registro["limite_da_lei"], "registro_vencido": bool(registro.get("vencido")),
    }


def plate_page_inputs() -> tuple:
    """What a plate page (/consulta, /v/<placa>) shows besides its address and language: the
    registry (its version), the regulators' contacts file, and today's date in each time zone
    of the places (validity ends at local midnight).  A page rendered for other values is
    rendered again (``page_cache.cached_render``)."""
    return (_registry_version(get_db()), contacts_version(), _todays())


def _registry_version(db) -> tuple:
    """``registry_version(db)``, asked of SQLite once per request while this connection writes
    nothing (its ``total_changes`` stays the same): a plate page asks it for its kept page and
    again for its answer.  A commit by another connection meanwhile is seen by the next request."""
    if not has_request_context():  # a CLI command's or a worker's long app context: asked every time
        return registry_version(db)
    conn = db.conn
    held = g.get("_registry_version")
    if held is not None and held[0] is conn and held[1] == conn.total_changes:
        return held[2]
    version = registry_version(db)
    g._registry_version = (conn, conn.total_changes, version)
    return version


_TODAYS: list = [None, None, None]  # (from, until, today in each zone) of the last computation


def _todays() -> tuple:
    """Today's date in each time zone of the places, recomputed only when the clock leaves
    the span of instants it was computed for (``[from, until)``, ``until`` being the next
    midnight in any of the zones): a comparison instead of a date per zone per request."""
    now = clock.now()
    start, until, dates = _TODAYS
    if start is not None and start <= now < until:
        return dates
    zones = tuple({str(z): z for z in [clock.DEFAULT_ZONE, *(clock.zone(p) for p in PLACES)]}.values())
    dates = tuple(now.astimezone(zone).date() for zone in zones)
    until = min(
        datetime.combine(day + timedelta(days=1), time.min, zone).astimezone(timezone.utc) for day, zone in zip(dates, zones)
    )
    _TODAYS[:] = [now, until, dates]
    return dates


def before_boarding(jurisdiction: str | None) -> list[dict]:
    """What to check before boarding, in the place's law; with no known place, every place's list, each item named by place.

    The same for every plate of a place: built once per place and language (every
    /consulta and /v/<placa> page shows it, ~10% of the page's cost).  Not kept while
    a request reads the law on another date (its citation links carry that date)."""
    if g.get("law_date") is not None:
        return _before_boarding(jurisdiction)
    cache = current_app.extensions.setdefault("before_boarding", {})
    key = (jurisdiction, i18n.current_locale())
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
