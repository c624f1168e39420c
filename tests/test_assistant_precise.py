"""Precise questions written from the statutes by someone who never saw the assistant's rules.

``assistant_precise_dev.json`` may be read while tuning: its failures are printed.
``assistant_precise_heldout.json`` is never read by a person working on the rules:
this test prints only its aggregate figures (tests/evaluation.py).  Floors sit below
the figures measured when they were set; the issue's targets are 90 % (unit) and
95 % (value).
"""

from __future__ import annotations

import pytest

from app import create_app
from tests.evaluation import aggregate, describe, load_precise, score_precise

# Held-out figures measured on 2026-11-30 (third session, after condition fit and silent-law replies):
# unit 43/66, value 49/66, asked 19/21, none assumed (the targets are 90 %, 95 %, 100 % and none:
# not reached).  Floors below them.
# On 2026-12-01, with the unit questions (knowledge/statutes/perguntas) read by the search and the ranking:
# unit 54/66, value 56/66, asked 19/21, none assumed.  On 2026-12-01 (fifth session), with six writers'
# questions per law, follow-ups and the weights refitted on the development set: unit 58/66, value 62/66, asked 20/21.
HELDOUT_UNIT_FLOOR = 0.84
HELDOUT_VALUE_FLOOR = 0.89
HELDOUT_ASKED_FLOOR = 0.90
HELDOUT_ASSUMED_MAX = 0
# The fresh held-out set (assistant_precise_heldout2.json, written after the rules by someone who never
# saw them), first run on 2026-11-30 at 28f26ff: unit 40/68, value 45/68, asked 24/24, none assumed; after
# this session's ranking work: unit 43/68, value 50/68, asked 24/24, silent 2/5, none assumed. Floors below.
# On 2026-12-01, with the unit questions: unit 55/68, value 59/68, asked 24/24, silent 2/5, none assumed;
# at the end of the fifth session: unit 61/68, value 62/68, asked 24/24, silent 2/5, none assumed.
FRESH_UNIT_FLOOR = 0.85
FRESH_VALUE_FLOOR = 0.87
FRESH_ASKED_FLOOR = 0.95
FRESH_ASSUMED_MAX = 0
# The third held-out set (assistant_precise_heldout3.json, 100 questions written on 2026-12-01 from the
# statutes by someone who saw neither the rules nor the unit questions), first run after the unit questions
# (knowledge/statutes/perguntas) were read by the ranking: unit 50/71, value 49/71, asked 24/24, silent 1/5,
# none assumed; at the end of that day, with the second writers' questions: unit 52/71, value 52/71; at the end of
# the fifth session's first part: unit 58/71, value 57/71, silent 1/5; on its final rules: unit 59/71, value 58/71.  Floors below.
THIRD_UNIT_FLOOR = 0.77
THIRD_VALUE_FLOOR = 0.76
THIRD_ASKED_FLOOR = 0.95
THIRD_ASSUMED_MAX = 0
# The fourth held-out set (assistant_precise_heldout4.json, 100 questions written on 2026-12-01 by someone who saw
# no rule, no unit question and no other set; never opened by the rule writer), run three times: on the main of the
# session's start (3d9112f): unit 59/73, value 81/95, asked 22/22, per place 7/21, silent 2/5, none assumed; in the
# middle of the session (ab883b5) and on its final rules (c7141e3): unit 65/73, value 86/95, asked 22/22, per place
# 6/21, silent 2/5, none assumed.  Floors below.
FOURTH_UNIT_FLOOR = 0.85
FOURTH_VALUE_FLOOR = 0.86
FOURTH_ASKED_FLOOR = 0.95
FOURTH_ASSUMED_MAX = 0
# The fifth held-out set (assistant_precise_heldout5.json, 100 questions with ten follow-up conversations, written
# on 2026-12-01 by someone who saw no rule, no unit question and no other set), run once, on the session's final
# rules (c7141e3): unit 61/70, value 85/95, asked 25/25, per place 11/24, silent 0/5, none assumed.  Floors below.
FIFTH_UNIT_FLOOR = 0.84
FIFTH_VALUE_FLOOR = 0.86
FIFTH_ASKED_FLOOR = 0.95
FIFTH_ASSUMED_MAX = 0
# The sixth held-out set (assistant_precise_heldout6.json, 100 questions with ten follow-up conversations, written
# on 2026-12-01 (sixth session) by someone who saw no rule, no unit question and no other set), run once, on the
# session's final rules (9516613): unit 61/70, value 91/95, asked 25/25, per place 13/25, silent 1/5, none assumed.
SIXTH_UNIT_FLOOR = 0.84
SIXTH_VALUE_FLOOR = 0.93
SIXTH_ASKED_FLOOR = 0.95
SIXTH_ASSUMED_MAX = 0
# The seventh held-out set (assistant_precise_heldout7.json, 100 questions with ten follow-up conversations, written
# on 2026-12-01 (seventh session) by someone who saw no rule, no unit question and no other set), run once, on the
# session's final rules (1c5fc4d): unit 66/72, value 69/72, asked 23/23, per place 7/23, silent 3/5, none assumed.
SEVENTH_UNIT_FLOOR = 0.88
SEVENTH_VALUE_FLOOR = 0.93
SEVENTH_ASKED_FLOOR = 0.95
SEVENTH_ASSUMED_MAX = 0


@pytest.fixture(scope="module")
def precise_app(tmp_path_factory, index_dir):
    app = create_app({"DATA_DIR": str(tmp_path_factory.mktemp("precise")), "INDEX_DIR": str(index_dir), "TESTING": True})
    return app


def ask(client, case: dict) -> dict:
    messages = case["message"] if isinstance(case["message"], list) else [case["message"]]
    conversation, reply = None, None
    for message in messages:
        response = client.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversation})
        assert response.status_code == 200
        reply = response.get_json()
        conversation = reply["conversa"]
    return reply


def run(client, cases: list[dict]) -> tuple[list[dict], list[tuple[dict, dict, dict]]]:
    results, details = [], []
    for case in cases:
        reply = ask(client, case)
        result = score_precise(case, reply)
        results.append(result)
        details.append((case, reply, result))
    return results, details


def test_precise_development_set(precise_app, capsys):
    cases = load_precise("dev")
    if cases is None:
        pytest.skip("tests/data/assistant_precise_dev.json is not there")
    results, details = run(precise_app.test_client(), cases)
    figures = aggregate(results)
    with capsys.disabled():
        print("\n" + describe("precise questions (development set)", figures))
        for case, reply, result in details:
            wrong = [k for k in ("unit", "value", "asked", "per_place", "silent") if result[k] is False] + (["assumed"] if result["assumed"] else [])
            if wrong:
                cited = [f"{c['law'][:6]} {c['unit']}" for c in reply["citations"][:4]]
                print(f"  {case['id']}: {','.join(wrong)}: {case['message']!r} -> {cited} {reply['resposta'][:160]!r}")
    # Development figures when last measured (284 questions, 128 added on 2026-12-01): unit 156/217 and
    # value 166/222 with the unit questions in the index only, 180/217 and 190/222 once the ranking reads
    # them (question_match), 186/217 and 195/222 with the second writers' questions, 205/217 and 210/222 with six
    # writers' questions per law (fifth session); with 100 more questions (d5-, first run 63/74 and 82/95 before
    # any rule was changed against them) 275/291 and 297/317 at the session's end.  Sixth session: 200 more (d6a-,
    # d6b-), first run 104/122 and 166/189, and 200 more after the first changes (d7a-, d7b-), first run 144/157 and
    # 177/190; on the 784 at the end of the day's changes 536/570 (94.0 %) and 659/696 (94.7 %); floors below them.
    assert figures["unit"][0] / figures["unit"][1] >= 0.92
    assert figures["value"][0] / figures["value"][1] >= 0.92
    assert figures["assumed"] == 0


# (file, name printed, unit floor, value floor, asked floor, most places assumed silently)
HELDOUT_SETS = [
    ("heldout", "HELD-OUT set", HELDOUT_UNIT_FLOOR, HELDOUT_VALUE_FLOOR, HELDOUT_ASKED_FLOOR, HELDOUT_ASSUMED_MAX),
    # 97 questions written from the statutes on 30/11/2026, after the rules; nobody working on them has read it.
    ("heldout2", "FRESH HELD-OUT set", FRESH_UNIT_FLOOR, FRESH_VALUE_FLOOR, FRESH_ASKED_FLOOR, FRESH_ASSUMED_MAX),
    # 100 questions written on 2026-12-01 while the unit questions were being written, by someone else.
    ("heldout3", "THIRD HELD-OUT set", THIRD_UNIT_FLOOR, THIRD_VALUE_FLOOR, THIRD_ASKED_FLOOR, THIRD_ASSUMED_MAX),
    # 100 questions written on 2026-12-01 (fifth session) while the last unit questions were being written.
    ("heldout4", "FOURTH HELD-OUT set", FOURTH_UNIT_FLOOR, FOURTH_VALUE_FLOOR, FOURTH_ASKED_FLOOR, FOURTH_ASSUMED_MAX),
    # 100 questions written on 2026-12-01 after the fourth set's second run; run once on the final rules.
    ("heldout5", "FIFTH HELD-OUT set", FIFTH_UNIT_FLOOR, FIFTH_VALUE_FLOOR, FIFTH_ASKED_FLOOR, FIFTH_ASSUMED_MAX),
    # 100 questions written on 2026-12-01 (sixth session) before that session's changes; run once on its final rules.
    ("heldout6", "SIXTH HELD-OUT set", SIXTH_UNIT_FLOOR, SIXTH_VALUE_FLOOR, SIXTH_ASKED_FLOOR, SIXTH_ASSUMED_MAX),
    # 100 questions written on 2026-12-01 (seventh session) before that session's changes; run once on its final rules.
    ("heldout7", "SEVENTH HELD-OUT set", SEVENTH_UNIT_FLOOR, SEVENTH_VALUE_FLOOR, SEVENTH_ASKED_FLOOR, SEVENTH_ASSUMED_MAX),
]


@pytest.mark.parametrize("name, title, unit_floor, value_floor, asked_floor, assumed_max", HELDOUT_SETS, ids=[s[0] for s in HELDOUT_SETS])
def test_precise_heldout_set(precise_app, capsys, name, title, unit_floor, value_floor, asked_floor, assumed_max):
    """Aggregate figures only: no message, case id or reply of these files is ever printed."""
    cases = load_precise(name)
    if cases is None:
        pytest.skip(f"tests/data/assistant_precise_{name}.json is not there")
    results, _details = run(precise_app.test_client(), cases)
    figures = aggregate(results)
    with capsys.disabled():
        print("\n" + describe(f"precise questions ({title})", figures))
    unit_ok, unit_total = figures["unit"]
    value_ok, value_total = figures["value"]
    asked_ok, asked_total = figures["asked"]
    assert unit_ok / unit_total >= unit_floor
    assert value_ok / value_total >= value_floor
    assert asked_ok / asked_total >= asked_floor
    assert figures["assumed"] <= assumed_max
