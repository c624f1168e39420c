"""The questions each unit answers (knowledge/statutes/perguntas): well formed, about units in
force, independent of the evaluation sets, and found by the search in people's words."""

from __future__ import annotations

import pytest

from knowledge.clock import today
from knowledge.corpus import load_law
from knowledge.history import law_on
from knowledge.laws import LAWS
from knowledge.unit_questions import FOLDER, TIPOS, unit_questions
from search_index import SearchIndex
from tests.evaluation import question_leaks


def test_every_law_has_its_questions():
    assert {law_id: bool(unit_questions(law_id)) for law_id in LAWS} == {law_id: True for law_id in LAWS}
    assert all(any(path.stem.startswith(law_id) for law_id in LAWS) for path in FOLDER.glob("*.yaml"))


@pytest.mark.parametrize("law_id", sorted(LAWS))
def test_questions_name_units_in_force(law_id):
    in_force = {u.id: u for u in law_on(law_id, today()).law.units()}
    writers = len([path for path in FOLDER.glob("*.yaml") if path.stem.startswith(law_id)])
    problems = []
    for unit_id, asked in unit_questions(law_id).items():
        unit = in_force.get(unit_id)
        if unit is None or unit.vetoed:
            problems.append(f"{unit_id}: no such unit in force")
        if asked.tipo not in TIPOS:
            problems.append(f"{unit_id}: tipo {asked.tipo!r}")
        if not 1 <= len(asked.perguntas) <= 6 * writers or len(set(asked.perguntas)) != len(asked.perguntas):
            problems.append(f"{unit_id}: 1 to {6 * writers} different questions (6 at most from each of {writers} writers)")
    assert problems == []


def test_the_laws_of_the_corpus_carry_their_questions():
    law = load_law("pe-lei-16205-2017")
    assert law.questions is unit_questions("pe-lei-16205-2017")


def test_no_question_repeats_an_evaluation_message():
    # Only the unit is named: the message of a held-out set is never printed.
    assert question_leaks() == []


def test_search_finds_a_unit_by_the_words_people_use(search_index, tmp_path):
    # "mala" is no word of the Acre law ("bagagem", "volumes no bagageiro"); the questions the
    # bagagem units answer use it, so the search finds them, and without those questions finds nothing.
    from dataclasses import replace

    from knowledge.corpus import all_laws
    from search_index import build_index

    found = search_index.search("peso da mala no bagageiro", law="ac-lei-2731-2013").hits
    assert found[0].unit == "art-56/par-1/inc-1"  # "I - no bagageiro: até o limite de 30 kg (trinta quilogramas) de peso"
    assert "mala" not in load_law("ac-lei-2731-2013").info.path.read_text(encoding="utf-8").lower()
    build_index(tmp_path / "bare", [replace(law, questions={}) for law in all_laws()])
    bare = SearchIndex.open(tmp_path / "bare")
    try:
        assert bare.search("mala", law="ac-lei-2731-2013").hits == []
        assert search_index.search("mala", law="ac-lei-2731-2013").hits
    finally:
        bare.close()


def test_the_kind_of_answer_is_the_share_of_writers_who_say_it():
    from knowledge.unit_questions import UnitQuestions

    asked = UnitQuestions("art-1", "valor", ("quanto é?",), ("valor", "prazo", "valor", "permissao"))
    assert (asked.share("valor"), asked.share("prazo"), asked.share("quem")) == (0.5, 0.25, 0.0)
    assert UnitQuestions("art-1", "prazo", ("até quando?",)).share("prazo") == 1.0
