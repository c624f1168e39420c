"""A passenger's story told to the chat and read by the complaint form, in the shape score_story takes.

The chat: the story is sent as a message; when the reply asks where it happened, the place is given
(as a person would tap it); the rows are those the reply's "Fazer a denúncia" action carries.  The
form: the same reader the complaint form calls (knowledge.reader.report.classify_report), with the
place the person picked and the date read from the story.
"""

from __future__ import annotations

from datetime import date

from knowledge.places import PLACES
from knowledge.reader.report import classify_report


def chat_reply(client, case: dict) -> dict:
    conversation = None
    answer = client.post("/api/v1/assistente", json={"mensagem": case["story"], "conversa": conversation})
    if answer.status_code != 200:  # refused (too long for the chat): nothing classified, no complaint offered
        return {"rows": [], "complaint": False, "text": ""}
    response = answer.get_json()
    if (response.get("pergunta") or {}).get("id") == "jurisdicao":
        response = client.post("/api/v1/assistente", json={"mensagem": PLACES[case["place"]].name, "conversa": response["conversa"]}).get_json()
    complaint = [a for a in response["acoes"] if a["tipo"] == "denuncia"]
    # The action lists every row the story describes, the newest wording's first, most confident first.
    rows = [row for a in complaint for row in a.get("linhas", [])]
    return {"rows": rows, "complaint": bool(complaint), "text": response["resposta"]}


def form_reply(case: dict) -> dict:
    today = date.fromisoformat(case.get("today", "2026-12-01"))
    report = classify_report(case["story"], case["place"], today)
    return {"rows": report.all_rows, "complaint": True, "text": ""}
