"""Facts told or a situation set out to ask (knowledge/assistant/telling.py): the fitted model behind the
chat's "read it as a report" decision for messages the lexicon's cue words do not mark."""

from knowledge.assistant.reports import told_scene
from knowledge.assistant.telling import FITTED, QUESTION_RISK, inputs_digest, telling_probability, tells_facts, threshold

import json


def test_threshold_is_fitted_on_the_current_data():
    fitted = json.loads(FITTED.read_text(encoding="utf-8"))
    assert fitted["inputs_sha256"] == inputs_digest(), "refit: python -m evaluation.fit_telling (telling.json is stale)"
    assert fitted["question_risk"] == QUESTION_RISK
    # Cross-fitted on the law's data: at most the chosen share of questions taken for facts, most narratives kept.
    assert fitted["cross_fitted"]["questions_taken_for_facts"] <= QUESTION_RISK + 0.005
    assert fitted["cross_fitted"]["narratives_kept"] >= 0.7
    assert 0.0 < threshold() < 1.0


def test_the_words_before_the_closing_question_are_what_is_read():
    assert told_scene("o motorista do ônibus fuma lá dentro com todo mundo junto, isso pode?") == "o motorista do ônibus fuma lá dentro com todo mundo junto"
    # A question of its own (a deadline, who) is the law's, whatever was told before it.
    assert told_scene("o ônibus foi apreendido na estrada ontem à tarde, qual o prazo para recorrer?") is None
    # Too little told to be a scene.
    assert told_scene("fui multado, pode isso?") is None


def test_a_scene_told_and_a_situation_set_out_are_told_apart():
    # A habit of the driver's, told in the present: facts.
    assert tells_facts("o motorista do ônibus intermunicipal fuma dentro do veículo com os passageiros todos lá dentro")
    # The asker's own situation, to ask a right: not facts of an infraction.
    assert not tells_facts("sou estudante e pego ônibus todo dia de uma cidade para outra no interior")
    assert telling_probability("faço fretamento turístico com carro de 7 lugares e quero saber dos documentos") < threshold()
