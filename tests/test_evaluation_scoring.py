"""The scorer's side-by-side figures (evaluation/scoring.py): per_place needs every place's line right;
place_lines counts line by line, what #26's Done-when measures."""

from __future__ import annotations

from evaluation.scoring import aggregate, score_precise

CASE = {"expect": {"ask_place": True, "per_place": {"pe": "pe-lei-16205-2017 art-34/inc-7", "sp": "sp-decreto-29912-1989 art-10"}}}


def _reply(*cited):
    return {"citations": [{"law": c.split(" ")[0], "unit": c.split(" ")[1]} for c in cited], "resposta": "",
            "pergunta": {"id": "jurisdicao"}}


def test_one_right_line_of_two():
    result = score_precise(CASE, _reply("pe-lei-16205-2017 art-34/inc-7", "sp-decreto-29912-1989 art-37/inc-1"))
    assert result["per_place"] is False and result["place_lines"] == (1, 2)


def test_lines_add_up_and_a_one_place_reply_is_not_measured():
    both = score_precise(CASE, _reply("pe-lei-16205-2017 art-34/inc-7", "sp-decreto-29912-1989 art-10"))
    one_place = score_precise(CASE, _reply("pe-lei-16205-2017 art-34/inc-7"))
    assert one_place["place_lines"] is None and one_place["per_place"] is None
    figures = aggregate([both, one_place, score_precise(CASE, _reply("pe-lei-16205-2017 art-1", "sp-decreto-29912-1989 art-10"))])
    assert figures["place_lines"] == (3, 4) and figures["per_place"] == (1, 2)
