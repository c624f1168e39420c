"""Links from citations into the law reader, shared by pages, API and wizards.

A citation is data in ``knowledge`` (law id + unit id, and the date of the facts when
a rule gave one); only the web layer knows URLs, so every place that shows a citation
goes through :func:`citation_dict`.  A citation dated to a day when the unit had another
wording links to that wording (``?data=AAAA-MM-DD``); one dated to the current wording
links to the plain page.  While the reader shows a law on a date (``g.law_date``), the
links it prints keep that date.

The reader also shows a law in parts (:func:`law_parts`, ``/leis/<lei>/parte/<n>``): one page
per chapter, small enough for a phone, with the same element ids as the whole-law page,
which stays at ``/leis/<lei>`` so that every ``#dispositivo`` link keeps resolving.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from flask import Flask, g, has_request_context, request, url_for

from knowledge import clock
from knowledge.corpus import UnknownUnit, resolve
from knowledge.history import LawNotInForce, law_on, previous_wordings, wording_at


def _reader_date(when: date | None) -> dict:
    when = when or g.get("law_date")
    return {"data": when.isoformat()} if when else {}


_LINKS: dict[tuple, str] = {}
MAX_LINKS = 8192  # ~1 MB: every unit of the four laws, a few times over (dates, mount points)


def _link(endpoint: str, **values) -> str:
    """``url_for`` of a reader page, made once per process for each mount point and arguments.

    A page of search results has twenty such links and ``url_for`` costs ~0.1 ms each
    (issue #32); the portal has no URL defaults or processors, so a relative link depends
    only on the endpoint, its arguments and where the app is mounted (``script_root``)."""
    if not has_request_context():
        return url_for(endpoint, **values)
    key = (request.script_root, endpoint, *sorted(values.items()))
    found = _LINKS.get(key)
    if found is None:
        if len(_LINKS) >= MAX_LINKS:
            _LINKS.clear()
        found = _LINKS[key] = url_for(endpoint, **values)
    return found


def unit_url(law_id: str, unit_id: str, *, external: bool = False, when: date | None = None) -> str:
    if external:
        return url_for("pages.unit", law_id=law_id, unit_id=unit_id, _external=True, **_reader_date(when))
    return _link("pages.unit", law_id=law_id, unit_id=unit_id, **_reader_date(when))


def anchor_url(law_id: str, unit_id: str, *, when: date | None = None) -> str:
    """The unit inside the full text of its law."""
    return _link("pages.law", law_id=law_id, **_reader_date(when)) + "#" + unit_id


def citation_dict(law_id: str, unit_id: str, when: date | None = None) -> dict:
    """{"law", "article", "unit", "label", "url"[, "data"]} for a unit; raises UnknownUnit.

    With ``when`` (the date of the facts) and a unit whose wording that day is not today's,
    the label and the link are those of that day's wording, and "data" says which day.
    """
    if when is not None:
        version = wording_at(law_id, unit_id, when)
        if version is not None and not version.current:
            try:
                dated = law_on(law_id, when).law.by_id[unit_id]
            except (LawNotInForce, KeyError):  # pragma: no cover - a version implies both
                raise UnknownUnit(f"dispositivo inexistente: {law_id} {unit_id}") from None
            return {
                "law": law_id,
                "article": dated.article_number,
                "unit": unit_id,
                "label": version.citation,
                "url": unit_url(law_id, unit_id, when=when),
                "data": when.isoformat(),
            }
    law, unit = resolve(law_id, unit_id)
    return {
        "law": law_id,
        "article": unit.article_number,
        "unit": unit_id,
        "label": law.citation(unit),
        "url": url_for("pages.unit", law_id=law_id, unit_id=unit_id),
    }


# -- the law split into parts (one page per chapter) -------------------------------------


@dataclass
class Part:
    """One page of a law read in parts: a chapter (título, capítulo, or a division the
    statute has at that level) or a run of loose units outside any chapter (a decree's
    own articles, the annexes).

    ``items`` are rendered with the same element ids as in the whole-law page: a
    division as ``parte-<path>`` (``id_prefix`` and ``start`` give its path: the third
    item at the top is ``parte-3``; the second chapter inside it ``parte-3-2``), a unit
    by its own id (``art-3/par-3``), so an anchor means the same on both pages."""

    number: int
    label: str
    items: list = field(default_factory=list)
    id_prefix: str = "parte"
    start: int = 0  # 0-based index of items[0] among its siblings in the table of contents

    @property
    def anchor(self) -> str:
        """The id of the part's first element in the whole-law page."""
        first = self.items[0]
        return first.id if hasattr(first, "marker") else f"{self.id_prefix}-{self.start + 1}"

    def unit_ids(self):
        for item in self.items:
            yield from _unit_ids(item)


def _unit_ids(item):
    if hasattr(item, "marker"):
        for unit in item.walk():
            yield unit.id
    else:
        for child in item.children:
            yield from _unit_ids(child)


def _is_container(item) -> bool:
    """A division that only wraps chapters (São Paulo's "Regulamento"): its chapters are the parts."""
    return not hasattr(item, "marker") and item.kind in ("regulamento", "decreto") and any(
        not hasattr(child, "marker") for child in item.children
    )


_PARTS = "_portal_reader_parts"  # kept on the (cached, never changed) Law object itself


def law_parts(law) -> list[Part]:
    """The law's parts, in reading order (see :class:`Part`); computed once per Law object
    (a law today, or as it stood on a date: each is its own object)."""
    cached = law.__dict__.get(_PARTS)
    if cached is None:
        cached = law.__dict__[_PARTS] = _split(law)
    return cached[0]


def _split(law) -> tuple[list[Part], dict[str, Part]]:
    parts: list[Part] = []

    def add_level(items, prefix: str) -> None:
        loose: list = []
        loose_start = 0
        for index, item in enumerate(items):
            if hasattr(item, "marker"):
                if not loose:
                    loose_start = index
                loose.append(item)
                continue
            flush(loose, prefix, loose_start)
            loose = []
            if _is_container(item):
                add_level(item.children, f"{prefix}-{index + 1}")
            else:
                parts.append(Part(len(parts) + 1, item.label, [item], prefix, index))
        flush(loose, prefix, loose_start)

    def flush(units, prefix, start) -> None:
        if not units:
            return
        first, last = units[0], units[-1]
        names = [unit.own_label[:1].upper() + unit.own_label[1:] for unit in (first, last)]
        label = names[0] if first is last else f"{names[0]} a {names[1]}"  # "Anexo I a Anexo III", statute words
        if getattr(first, "prefix", None) == "decreto":  # São Paulo: the decree's own articles, before its Regulamento
            label = f"Decreto — {label}"
        parts.append(Part(len(parts) + 1, label, list(units), prefix, start))

    add_level(law.toc, "parte")
    # Each top unit (article, annex) to its part: a unit's part is its top unit's.
    by_top = {}
    for part in parts:
        for item in part.items:
            for top in _top_units(item):
                by_top[top.id] = part
    return parts, by_top


def _top_units(item):
    if hasattr(item, "marker"):
        yield item
    else:
        for child in item.children:
            yield from _top_units(child)


def part_of(law, unit_id: str) -> Part | None:
    """The part holding a unit (an article, or any unit inside one)."""
    unit = law.by_id.get(unit_id)
    if unit is None:
        return None
    law_parts(law)
    return law.__dict__[_PARTS][1].get(unit.article.id)


def part_url(law_id: str, number: int, *, when: date | None = None) -> str:
    return url_for("law_reader.part", law_id=law_id, number=number, **_reader_date(when))


def part_links(law) -> dict[str, str]:
    """{division id in the whole-law page: URL of its own page}, for the table of contents."""
    return {part.anchor: part_url(law.id, part.number) for part in law_parts(law) if not hasattr(part.items[0], "marker")}


def stored_citation(entry) -> dict | None:
    """citation_dict for a citation kept in a conversation ([law, unit, date of the wording quoted]).

    The date makes the link open the wording the assistant quoted that day; an entry kept
    before dates were stored, or naming a unit no longer in the corpus, gives what it can
    (None for a unit that is gone: the chat page leaves it out instead of failing).
    """
    law_id, unit_id, *rest = entry
    try:
        when = date.fromisoformat(rest[0]) if rest and rest[0] else None
    except (TypeError, ValueError):
        when = None
    try:
        return citation_dict(law_id, unit_id, when)
    except UnknownUnit:
        return None


def init_app(app: Flask) -> None:
    # reader_today: the day the reader's banner compares a ?data= with (a future day shows today's text).
    app.jinja_env.globals.update(reader_today=clock.today, unit_url=unit_url, anchor_url=anchor_url, citation_dict=citation_dict, stored_citation=stored_citation,
                                 part_url=part_url, part_links=part_links, part_of=part_of, previous_wordings=previous_wordings)


__all__ = ["Part", "UnknownUnit", "anchor_url", "citation_dict", "law_parts", "part_of", "part_url", "unit_url"]
