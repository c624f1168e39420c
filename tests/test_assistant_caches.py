"""The assistant remembers what it reads of a unit's own words (issue #32): remembering must never
change an answer, and never give one unit's value for another."""

from __future__ import annotations

from knowledge.assistant import law
from knowledge.assistant.kinds import by_unit
from knowledge.corpus import load_law
from knowledge.units import Unit


def test_by_unit_keeps_one_value_per_unit_object():
    calls = []

    @by_unit
    def length(unit):
        calls.append(unit)
        return len(unit.text)

    a = Unit(law_id="x", kind="artigo", number="1", marker="Art. 1º", text="abc")
    b = Unit(law_id="x", kind="artigo", number="1", marker="Art. 1º", text="abcdef")  # equal id, other object
    assert (length(a), length(b), length(a), length(b)) == (3, 6, 3, 6)
    assert calls == [a, b]
    length.cache_clear()
    assert length(a) == 3 and len(calls) == 3


def test_a_ranking_is_the_same_the_first_time_and_the_next():
    """The first ranking of a message fills the per-unit caches; the second reads them."""
    from knowledge.assistant.ports import Hit

    pe = load_law("pe-lei-16205-2017")
    hits = [Hit(law=pe.id, unit=a.id, label=pe.citation(a), score=10.0 - i, snippet="", units=[(a.id, 10.0 - i)]) for i, a in enumerate(pe.articles()[20:30])]
    for cache in (law._label, law._unit_id, law._lineage, law._questions_of):
        cache.cache_clear()
    first = law.rank("qual a multa por vender passagem individual?", "valor", hits)
    second = law.rank("qual a multa por vender passagem individual?", "valor", hits)
    assert first and [(c.score, c.law, c.unit.id, c.label, c.features) for c in first] == \
        [(c.score, c.law, c.unit.id, c.label, c.features) for c in second]
