"""knowledge.history: the one module that answers "unit U of law L on date D" (issue #33).

Its API on Pernambuco art. 28, IV — "IV - gravíssimas: R$ 3.900,00 (três mil e novecentos
reais)." until Lei 17.107/2020 took effect (13/11/2020), "IV - gravíssimas: R$ 2.900,00 (dois
mil e novecentos reais)." since — and art. 29-A, added by that act; and the import graph that
keeps the lower modules (rewind, previous_wordings) behind it.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from knowledge import citations, history
from knowledge.citations import as_of, pe
from knowledge.corpus import load_law
from tests.test_import_cycles import import_graph

ROOT = Path(__file__).resolve().parent.parent
PE = "pe-lei-16205-2017"
EVE, DAY = date(2020, 11, 12), date(2020, 11, 13)  # the day before Lei 17.107/2020, and its first day


def test_wording_on_either_side_of_lei_17107():
    before = history.wording_at(PE, "art-28/inc-4", EVE)
    after = history.wording_at(PE, "art-28/inc-4", DAY)
    assert before.text == "IV - gravíssimas: R$ 3.900,00 (três mil e novecentos reais)."
    assert (before.since, before.until, before.changed_by, before.replaced_by) == (date(2018, 2, 22), EVE, None, "Lei 17.107/2020")
    assert after.text == "IV - gravíssimas: R$ 2.900,00 (dois mil e novecentos reais)."
    assert (after.since, after.until, after.changed_by, after.current) == (DAY, None, "Lei 17.107/2020", True)
    assert history.versions(PE, "art-28/inc-4") == [before, after]


def test_act_of_an_amendment_is_its_entry_into_force():
    (amendment,) = load_law(PE).by_id["art-28/inc-4"].amendments
    effective, act = history.act_of(amendment)
    assert effective == DAY and act.id == "pe-lei-17107-2020" and act.short == "Lei 17.107/2020"
    assert DAY in history.change_dates(PE) and history.in_force(PE) == date(2018, 2, 22)


def test_a_citation_dated_to_the_facts_flags_the_previous_wording():
    assert history.cite_on(pe("art-28/inc-4"), EVE).previous is True
    assert history.cite_on(pe("art-28/inc-4"), DAY).previous is False
    # An enclosing unit rewritten counts too: art. 28's own incisos all were, on the same day.
    law = load_law(PE)
    assert history.rewritten_after(law.by_id["art-28/inc-4"], EVE) and not history.rewritten_after(law.by_id["art-28/inc-4"], DAY)
    # A unit the act added was not "rewritten": before the act it did not exist at all.
    assert [a.change for a in law.by_id["art-29-a"].amendments] == ["acréscimo"]
    assert history.rewritten_after(law.by_id["art-29-a"], EVE) is False
    assert history.exists_on(pe("art-29-a"), EVE) is False and history.exists_on(pe("art-29-a"), DAY) is True
    # A citation built as a previous wording stays one.
    assert history.cite_on(pe("anexo-i/inc-3/ali-f", previous=True), EVE).previous is True


def test_citations_as_of_is_the_same_answer():
    for unit in ("art-28/inc-4", "art-29-a", "art-3"):
        for when in (EVE, DAY, date(2022, 1, 1)):
            assert as_of(pe(unit), when) == history.cite_on(pe(unit), when)
            assert as_of(pe(unit), when).previous == history.cite_on(pe(unit), when).previous
    assert citations.as_of.__doc__ and "history.cite_on" in citations.as_of.__doc__


def test_only_history_reads_the_rewinding_machinery():
    graph = import_graph(ROOT / "knowledge")
    importers = lambda module: sorted(m for m, targets in graph.items() if module in targets)  # noqa: E731
    assert importers("knowledge.rewind") == ["knowledge.history"]
    assert importers("knowledge.previous_wordings") == ["knowledge.parser", "knowledge.rewind"]
    # …and outside knowledge/, the web layer asks history too (never rewind or the notes).
    for path in (ROOT / "portal").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "knowledge.rewind" not in text and "knowledge.previous_wordings" not in text, path
