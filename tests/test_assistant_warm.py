"""A message's first time (issue #32): the words of each unit as a search hit's passage are read once per unit
and computed by the warm-up, so a hit never seen costs set unions — and they are the same words as reading the
hit's units together."""

from __future__ import annotations

from knowledge.assistant import law
from knowledge.assistant.kinds import people_words, spelled
from knowledge.assistant.text import normalize
from knowledge.corpus import load_law, resolve
from knowledge.places import PLACES


def _joined(law_id: str, unit_ids) -> frozenset[str]:
    """What the passage was before: the units' texts joined, then normalised."""
    parts = []
    for unit_id in unit_ids:
        _l, unit = resolve(law_id, unit_id)
        parts += [spelled(unit), people_words(unit)] + [spelled(a, a.text) for a in unit.ancestors()] + unit.article.headings
    return frozenset(normalize(" ".join(parts)).split())


def test_a_hits_passage_is_the_union_of_its_units_words():
    for place in PLACES.values():
        units = list(load_law(place.law_id).units())
        for start in range(0, len(units), 37):
            ids = tuple(u.id for u in units[start:start + 7])
            words, prefixes, in_order = law._hit_passage(place.law_id, ids)
            assert words == _joined(place.law_id, ids)
            assert prefixes == frozenset(w[:5] for w in words if len(w) >= 5) and list(in_order) == sorted(words)


def test_a_unit_that_does_not_exist_is_left_out():
    assert law.unit_passage_words("pe-lei-16205-2017", "art-999") is None
    assert law._hit_passage("pe-lei-16205-2017", ("art-999",)) is None


def test_the_warm_up_reads_every_unit_of_the_four_laws():
    law.unit_passage_words.cache_clear()
    count = law.warm()
    assert count == sum(len(list(load_law(p.law_id).units())) for p in PLACES.values())
    assert law.unit_passage_words.cache_info().currsize == count
    hits_before = law.unit_passage_words.cache_info().hits
    law.unit_passage_words("sp-decreto-29912-1989", "art-10")
    assert law.unit_passage_words.cache_info().hits == hits_before + 1
