"""Each law's structure as data: which unit prices each fine table, who the regulator is, what a complaint is.

Which article sets the fines of which table (Pernambuco's Anexo I → art. 28, Recife's Anexo Único
→ art. 36: Vm = G × Vb), which units name the regulator, and which units each complaint category
(``knowledge.complaints.OCCURRENCES``) is in each dated wording are facts of the statutes, not of
the code: they live in ``knowledge/statutes/estrutura/<law id>.yaml``, one file per law, each entry
with its unit and a quote of the statute's words that justify it (``tests/test_structure_map.py``
checks both against the wording in force on every day the entry applies).

The catalogue of infractions (``knowledge.infractions``) reads the fine tables from here, the
complaint classifier (``knowledge.complaints``) the categories and the regulators, the assistant
the unit that prices a table (:func:`fine_rule`).  A complaint entry that *is* a row of the
catalogue names that row by its unit id (``row``): its gravity or group and its fine come from the
catalogue, never restated.  A table also lists the measures the law attaches to its rows
(retenção, apreensão … by gravity, by group or on the rows an article names) and whom the law holds
responsible (:class:`RowRule`); the catalogue gives each row those that apply to it.  Dates are act ids of ``parameters/vigencia.yaml``; an entry ends the
day before the next entry of the same category starts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path

import yaml

from .places import PLACES
from .vigencia import act

STRUCTURE_DIR = Path(__file__).parent / "statutes" / "estrutura"
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class StructureError(ValueError):
    """A structure file is malformed (checked when it is read, so a typo fails at start)."""


@dataclass(frozen=True)
class Ref:
    """A unit of the law and the statute's words in it that justify the entry."""

    unit: str
    words: str


@dataclass(frozen=True)
class CiteItem:
    """One citation of a complaint category, in the order it is cited: a unit (``row`` when that unit
    is the category's row of the catalogue) or a parameter, cited by the unit its value comes from."""

    unit: str = ""
    words: str = ""
    param: str = ""
    row: bool = False


@dataclass(frozen=True)
class Measure:
    """An administrative measure a whole-article row orders (``apreensao``) and where it says so."""

    name: str
    ref: Ref


# The administrative measures and penalties a row of a table can carry, as the four laws name them
# (the labels are the web layer's; the law's words are each entry's quote).
MEASURE_KINDS = (
    "retencao", "remocao", "apreensao", "recolhimento_documentos", "suspensao_crc", "cancelamento_crc",
    "cassacao_registro", "cassacao_permissao", "suspensao_cadastro", "cassacao_cadastro",
)


@dataclass(frozen=True)
class RowRule:
    """A rule of the law that attaches to some rows of a fine table: a measure it orders (``kind``) or the
    person it holds responsible (``who``, words of the quote).  Which rows: every row of the table, or
    only those of some gravities or groups (``gravities``), listed rows (``rows``), or the rows under a
    unit (``under``: Acre's art. 75, I … IV each name their own)."""

    ref: Ref
    kind: str = ""
    who: str = ""
    gravities: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    under: str = ""

    def applies(self, unit_id: str, gravity: str) -> bool:
        if self.rows and unit_id not in self.rows:
            return False
        if self.under and not unit_id.startswith(self.under + "/"):
            return False
        return not self.gravities or gravity in self.gravities


@dataclass(frozen=True)
class WarningFirst:
    """A group whose first infraction is a written warning, the fine coming only on a repeat."""

    group: str
    ref: Ref


@dataclass(frozen=True)
class FineTable:
    """A fine table: either rows under parents (``rows``: the gravities, incisos or groups whose
    children are rows) or one whole unit that is a row by itself (``unit``)."""

    id: str
    name: str  # as the law names it: "Anexo I", "art. 37"
    fine_param: str  # parameter id, with {n} (the parent's number) or {level} (the gravity)
    priced_by: Ref  # the unit that says how the table's fines are computed
    rows: re.Pattern | None = None
    unit: str = ""
    levels: tuple[tuple[str, str], ...] = ()  # gravity heading (folded) → level, where the table is graded by words
    also: tuple[Ref, ...] = ()  # the fine's other rules, cited beside it
    measure: Measure | None = None
    # A whole-article row that punishes the breach of another article ("O descumprimento do disposto no
    # art. 44", Recife art. 45): the article breached, whose words say what the row punishes, and the
    # words of the row's unit that refer to it.
    punishes: str = ""
    punishes_ref: Ref | None = None
    warning_first: WarningFirst | None = None
    measures: tuple[RowRule, ...] = ()  # the measures the law attaches to the table's rows (with ``measure``'s)
    responsible: tuple[RowRule, ...] = ()  # who the law holds responsible for the table's rows


@dataclass(frozen=True)
class Complaint:
    """The units a complaint category is in one wording of the law, and the days that wording applies."""

    occurrence: str
    since: date
    until: date | None  # last day (None: in force today)
    act: str  # the vigencia.yaml act the wording starts with
    cites: tuple[CiteItem, ...]
    row: str = ""  # unit id of the catalogue row the category is ("" when none)
    no_specific: bool = False  # the law has no infraction of its own for it
    warning: bool = False  # the penalty is a written warning, not (first) a fine
    per_passenger: Ref | None = None  # the fine is counted per passenger
    alternative: Ref | None = None  # another reading the text allows, shown beside it

    @property
    def previous(self) -> bool:
        """This wording was replaced by a later one."""
        return self.until is not None


@dataclass(frozen=True)
class LawMap:
    law_id: str
    place: str
    regulator: tuple[Ref, ...]
    tables: dict[str, FineTable]
    complaints: dict[str, tuple[Complaint, ...]]
    # unit → the unit that replaced it once a first period ended (Recife: art. 16, I and II → art. 17, I and II),
    # and the words of each article that say so.
    superseded: dict[str, str] = field(default_factory=dict)
    superseded_because: tuple[Ref, ...] = ()


def _ref(raw, where: str) -> Ref:
    if not isinstance(raw, dict) or not raw.get("unit") or not raw.get("words"):
        raise StructureError(f"{where}: uma referência precisa de 'unit' e 'words', não {raw!r}")
    return Ref(str(raw["unit"]), " ".join(str(raw["words"]).split()))


def _row_rule(raw, where: str, *, measure: bool) -> RowRule:
    ref = _ref(raw, where)
    kind, who = str(raw.get("kind", "")), " ".join(str(raw.get("who", "")).split())
    if measure and kind not in MEASURE_KINDS:
        raise StructureError(f"{where}: 'kind' deve ser um de {MEASURE_KINDS}, não {kind!r}")
    if who and who not in ref.words:
        raise StructureError(f"{where}: 'who' deve ser parte de 'words' ({who!r})")
    return RowRule(ref, kind=kind, who=who, gravities=tuple(str(g) for g in raw.get("gravities") or ()),
                   rows=tuple(str(r) for r in raw.get("rows") or ()), under=str(raw.get("under", "")))


def _table(table_id: str, raw: dict, where: str) -> FineTable:
    if bool(raw.get("rows")) == bool(raw.get("unit")):
        raise StructureError(f"{where}: uma tabela tem 'rows' (linhas sob dispositivos) ou 'unit' (uma linha só)")
    measure = raw.get("measure")
    first = raw.get("warning_first")
    breached = raw.get("punishes")
    if breached is not None and not (raw.get("unit") and isinstance(breached, dict) and breached.get("article")):
        raise StructureError(f"{where}: 'punishes' é de uma tabela de uma linha só ('unit') e diz o artigo ('article') cujo descumprimento pune")
    measures = tuple(_row_rule(m, f"{where} measures", measure=True) for m in raw.get("measures") or ())
    if measure:  # a whole-article row's own measure is one of its measures
        measures = (_row_rule({"kind": measure["name"], **measure}, f"{where} measure", measure=True),) + measures
    return FineTable(
        id=table_id,
        name=str(raw["name"]),
        fine_param=str(raw["fine_param"]),
        priced_by=_ref(raw.get("priced_by"), f"{where} priced_by"),
        rows=re.compile(raw["rows"]) if raw.get("rows") else None,
        unit=str(raw.get("unit", "")),
        levels=tuple((str(k), str(v)) for k, v in (raw.get("levels") or {}).items()),
        also=tuple(_ref(r, f"{where} also") for r in raw.get("also") or ()),
        measure=Measure(str(measure["name"]), _ref(measure, f"{where} measure")) if measure else None,
        punishes=str(breached["article"]) if breached else "",
        punishes_ref=_ref(breached, f"{where} punishes") if breached else None,
        warning_first=WarningFirst(str(first["group"]), _ref(first, f"{where} warning_first")) if first else None,
        measures=measures,
        responsible=tuple(_row_rule(r, f"{where} responsible", measure=False) for r in raw.get("responsible") or ()),
    )


def _cite_item(raw: dict, where: str) -> CiteItem:
    if raw.get("param"):
        return CiteItem(param=str(raw["param"]))
    unit = raw.get("row") or raw.get("unit")
    ref = _ref({"unit": unit, "words": raw.get("words")}, where)
    return CiteItem(ref.unit, ref.words, row=bool(raw.get("row")))


def _wordings(law_id: str, occurrence: str, raw_list: list, where: str) -> tuple[Complaint, ...]:
    starts = [act(str(raw.get("since", law_id))) for raw in raw_list]
    if [a.in_force for a in starts] != sorted({a.in_force for a in starts}) or any(a.law != law_id for a in starts):
        raise StructureError(f"{where}: as redações devem vir em ordem de data, de atos de {law_id}")
    out = []
    for index, (raw, start) in enumerate(zip(raw_list, starts)):
        cites = tuple(_cite_item(c, f"{where} [{index}]") for c in raw.get("cites") or ())
        rows = [c.unit for c in cites if c.row] + ([str(raw["row"])] if raw.get("row") else [])
        if len(rows) > 1:
            raise StructureError(f"{where} [{index}]: no máximo uma linha do catálogo por redação")
        until = starts[index + 1].in_force - timedelta(days=1) if index + 1 < len(starts) else None
        out.append(Complaint(
            occurrence, start.in_force, until, start.id, cites, rows[0] if rows else "",
            no_specific=bool(raw.get("no_specific")), warning=bool(raw.get("warning")),
            per_passenger=_ref(raw["per_passenger"], f"{where} per_passenger") if raw.get("per_passenger") else None,
            alternative=_ref(raw["alternative"], f"{where} alternative") if raw.get("alternative") else None,
        ))
    return tuple(out)


@lru_cache(maxsize=None)
def _load(law_id: str) -> LawMap:
    path = STRUCTURE_DIR / f"{law_id}.yaml"
    raw = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    where = str(path.relative_to(STRUCTURE_DIR.parent.parent))
    if raw.get("law") != law_id:
        raise StructureError(f"{where}: 'law' deve ser {law_id!r}")
    place = next(p for p, info in PLACES.items() if info.law_id == law_id)
    return LawMap(
        law_id=law_id,
        place=place,
        regulator=tuple(_ref(r, f"{where} regulator") for r in raw.get("regulator") or ()),
        tables={tid: _table(tid, t, f"{where} {tid}") for tid, t in (raw.get("fine_tables") or {}).items()},
        complaints={occ: _wordings(law_id, occ, entries, f"{where} {occ}") for occ, entries in (raw.get("complaints") or {}).items()},
        superseded={entry["unit"]: entry["by"] for entry in raw.get("superseded") or ()},
        superseded_because=tuple(_ref(r, f"{where} superseded_because") for r in (raw.get("superseded_because") or {}).values()),
    )


def law_map(place_or_law: str) -> LawMap:
    """The structure of a place's law ("pe") or of a law by its id ("pe-lei-16205-2017")."""
    law_id = PLACES[place_or_law].law_id if place_or_law in PLACES else place_or_law
    if not (STRUCTURE_DIR / f"{law_id}.yaml").exists():
        raise KeyError(f"sem mapa de estrutura: {place_or_law!r}")
    return _load(law_id)


def all_maps() -> list[LawMap]:
    """Every place's map, in the places' order."""
    return [law_map(place) for place in PLACES]


def fine_rule(place_or_law: str, table_id: str) -> str:
    """The unit that prices a fine table: ``fine_rule("recife", "anexo-unico")`` is ``"art-36"``."""
    return law_map(place_or_law).tables[table_id].priced_by.unit


def fine_rules(place_or_law: str, table_id: str) -> list[str]:
    """The table's pricing unit and its other fine rules, in the order they are cited."""
    table = law_map(place_or_law).tables[table_id]
    return [table.priced_by.unit] + [r.unit for r in table.also]


def complaint(place: str, occurrence: str, on: date) -> Complaint:
    """The wording of a complaint category in force on ``on`` (the first one before any: the caller
    checks the law was in force).  KeyError when the map has no entry for the category."""
    wordings = law_map(place).complaints[occurrence]
    return next((w for w in reversed(wordings) if w.since <= on), wordings[0])


def in_force_cite_unit(place: str) -> tuple[str, str]:
    """(law id, unit id) of the unit that says when the place's law took effect (vigencia.yaml's basis)."""
    basis = act(PLACES[place].law_id).basis
    if not basis:
        raise KeyError(f"vigencia.yaml não diz onde a lei de {place!r} fixa sua vigência")
    law_id, unit_id = basis.split()
    return law_id, unit_id


def warning_first(place_or_law: str) -> WarningFirst | None:
    """The group of the place's fine tables whose first infraction is a written warning (Recife's
    Grupo 1, art. 33, I), None where no table has one."""
    return next((t.warning_first for t in law_map(place_or_law).tables.values() if t.warning_first), None)


@lru_cache(maxsize=None)
def _replacements(place_or_law: str) -> tuple[dict[str, str], dict[str, str]]:
    """(replaced → replacing, replacing → replaced) units of a law's map; asked for every ranked candidate, so
    read once (law_map checks the file on each call)."""
    try:
        superseded = law_map(place_or_law).superseded
    except KeyError:
        return {}, {}
    return superseded, {new: old for old, new in superseded.items()}


def superseded_by(place_or_law: str, unit_id: str) -> str | None:
    """The unit that replaced ``unit_id`` once the first period its article sets ended (None: not replaced)."""
    return _replacements(place_or_law)[0].get(unit_id)


def superseding(place_or_law: str, unit_id: str) -> str | None:
    """The unit ``unit_id`` replaced once its first period ended (None: it replaced none)."""
    return _replacements(place_or_law)[1].get(unit_id)
