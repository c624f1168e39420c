"""The law answers' confidence model (knowledge/assistant/confidence.py): what it is fitted on, and
that the fitted file is the one the code reads."""

from __future__ import annotations

import json

from knowledge.assistant import confidence
from knowledge.assistant.confidence import NAMES, WRONG_COST, features, fitted, training_rows


def _call(law: str, unit: str, score: float, **named) -> dict:
    return {"law": law, "unit": unit, "score": score, "features": {"lexical": 1.0, "asked": 0.5, **named}}


def _record(cited, score, expect, calls, case_id="c1"):
    return {"id": case_id, "cited": cited, "score": score, "expect": expect, "calls": calls}


def test_a_right_one_place_answer_is_a_positive_row():
    call = {"kind": "valor", "top_hit": 9.0, "candidates": [_call("pe", "art-28", 2.0), _call("pe", "art-27", 1.0)]}
    rows, labels, groups, _ = training_rows([_record(["pe art-28"], {"answered": True, "unit": True, "value": True, "silent": None},
                                                  {"unit": "pe art-28"}, [call])])
    assert labels == [1] and groups == ["c1"]
    assert len(rows[0]) == len(NAMES)
    assert rows[0][NAMES.index("lead")] == 1.0  # 2.0 − 1.0
    assert rows[0][NAMES.index("kind=valor")] == 1.0


def test_an_answer_to_a_silent_question_is_wrong():
    """The law says nothing: any unit stated is the nearest number of the right kind — a negative row."""
    call = {"kind": "limite", "top_hit": 5.0, "candidates": [_call("ac", "art-8/par-2", 1.4)]}
    _, labels, _, _ = training_rows([_record(["ac art-8/par-2"], {"answered": True, "unit": None, "value": None, "silent": False},
                                          {"unit": None, "silent": True}, [call])])
    assert labels == [0]


def test_side_by_side_lines_are_labelled_per_place():
    """Without a place, each place's line is right when it is that place's expected unit; a place the case
    does not list has no answer, so its line is wrong."""
    pe = {"kind": "prazo", "top_hit": 7.0, "candidates": [_call("pe", "art-25/par-3", 1.8)]}
    sp = {"kind": "prazo", "top_hit": 4.0, "candidates": [_call("sp", "art-40", 0.9)]}
    record = _record(["pe art-25/par-3", "sp art-40"], {"answered": False, "asked": True},
                     {"ask_place": True, "per_place": {"pe": "pe art-25/par-3"}}, [pe, sp])
    _, labels, _, lines = training_rows([record])
    assert labels == [1, 0] and lines == [True, True]


def test_an_answer_nothing_measures_is_left_out():
    call = {"kind": None, "top_hit": 3.0, "candidates": [_call("sp", "art-1", 1.0)]}
    rows, _, _, _ = training_rows([_record(["sp art-1"], {"answered": True, "unit": None, "value": None, "silent": None},
                                        {"unit": None}, [call])])
    assert rows == []


def test_the_fitted_file_matches_the_model_inputs():
    model = fitted()
    assert model is not None, "knowledge/assistant/confidence.json is missing: run make fit"
    assert tuple(model["inputs"]) == NAMES
    assert len(model["weights"]) == len(model["mean"]) == len(model["scale"]) == len(NAMES)
    assert 0.0 < model["threshold"] < 1.0 and model["wrong_cost"] == WRONG_COST
    assert model["kept"]["wrong"] <= model["kept"]["answers"] <= model["kept"]["of"]
    assert model["fitted_on"]["answers"] > 1000 and 0 < model["fitted_on"]["right"] < model["fitted_on"]["answers"]


def test_the_probability_is_monotone_in_the_closest_question():
    """The strongest single sign a unit answers is how close the question is to one it answers: the fitted
    model must agree (a sign the fit went wrong otherwise)."""
    low = features("valor", {"lexical": 0.8, "asked": 0.1, "coverage": 0.5}, 1.2, 1.0, 6.0, no_place=False)
    high = features("valor", {"lexical": 0.8, "asked": 0.9, "coverage": 0.5}, 1.2, 1.0, 6.0, no_place=False)
    assert confidence.probability(high) > confidence.probability(low)


def test_the_file_is_plain_json_with_no_model_from_elsewhere():
    data = json.loads(confidence.FITTED.read_text(encoding="utf-8"))
    assert set(data) == {"inputs", "weights", "intercept", "mean", "scale", "platt", "threshold", "wrong_cost", "kept",
                         "risk_coverage", "fitted_on"}
