"""How a reply is scored against an evaluation case (no Flask, no I/O).

``score_precise`` — a precise question: is the first citation the answering unit, is the value
said, was the place asked (or each place answered side by side), is the law's silence said, was a
place assumed silently.  ``score_intent`` — a conversation of the first evaluation set: intent,
action, wizard, cited article.  ``score_story`` — a passenger's story: the infraction row in force on
the date of the facts, its fine, and the complaint offered.  ``aggregate`` sums them per key.
"""

from __future__ import annotations

import re



def _flat(text: str) -> str:
    from knowledge.assistant.text import fold

    return re.sub(r"\s+", " ", fold(text.lower())).strip()


def said(value: str, text: str) -> bool:
    """Whether ``value`` is said in ``text`` (both flattened), as a whole: "30 UFIRAC" is not said by
    "330 UFIRACs", nor "R$ 90" by "R$ 900"."""
    wanted = _flat(value)
    if not wanted:
        return False
    before = r"(?<![\d.,])" if wanted[0].isdigit() else ""
    after = r"(?!\d|\.\d)" if wanted[-1].isdigit() else ""  # "R$ 900" is said by "R$ 900,00"
    return re.search(before + re.escape(wanted) + after, text) is not None


def score_precise(case: dict, reply: dict) -> dict:
    """What one reply got right, as booleans (None where the case does not measure it)."""
    expect = case["expect"]
    cited = [f"{c['law']} {c['unit']}" for c in reply["citations"]]
    asked = (reply.get("pergunta") or {}).get("id") == "jurisdicao"
    laws = {c["law"] for c in reply["citations"]}
    result = {"unit": None, "value": None, "asked": None, "assumed": False, "silent": None, "per_place": None,
              "place_lines": None,
              # One place's law answered outright (not asked, not side by side): what risk–coverage counts.
              "answered": bool(reply["citations"]) and not asked and len(laws) == 1,
              "confidence": reply.get("confianca"), "place": case.get("place_named") or "none"}
    if expect.get("unit"):
        result["unit"] = bool(cited) and (cited[0] == expect["unit"] or cited[0] in expect.get("also_acceptable", []))
    if expect.get("value"):
        text = _flat(reply["resposta"])
        result["value"] = any(said(v, text) for v in expect["value"])
    if expect.get("ask_place"):
        result["asked"] = asked or len(laws) > 1
        per_place = expect.get("per_place") or {}
        if per_place:
            if not asked or len(laws) > 1:
                result["per_place"] = all(unit in cited for unit in per_place.values())
                # What #26's "each place's unit right in side-by-side lines" counts: line by line, not all or none.
                result["place_lines"] = (sum(unit in cited for unit in per_place.values()), len(per_place))
    if expect.get("silent"):
        # Said when nothing is cited, or when the reply says the law fixes no such value, citing the unit that
        # says what it does instead ("A Lei 2.731/2013 não fixa …; deixa isso ao regulamento (art. 66)", #26).
        result["silent"] = not reply["citations"] or bool(reply.get("lei_nao_fixa"))
    if not case.get("place_named") and reply["citations"] and not asked and len(laws) == 1:
        # One place's law, not asked: it must at least say which place it answered for.
        from knowledge.places import PLACES

        law = next(iter(laws))
        place = next((p for p in PLACES.values() if p.law_id == law), None)
        result["assumed"] = place is None or _flat(place.name) not in _flat(reply["resposta"])
    return result


def aggregate(results: list[dict]) -> dict:
    def rate(key):
        measured = [r[key] for r in results if r[key] is not None]
        return (sum(measured), len(measured))

    answered = [r for r in results if r.get("answered")]
    return {
        "answered": len(answered),
        "wrong_answers": sum(1 for r in answered if r.get("unit") is False or r.get("value") is False),
        "unit": rate("unit"),
        "value": rate("value"),
        "asked": rate("asked"),
        "per_place": rate("per_place"),
        "place_lines": tuple(sum(pair[i] for r in results if (pair := r.get("place_lines"))) for i in (0, 1)),
        "silent": rate("silent"),
        "assumed": sum(1 for r in results if r["assumed"]),
        "cases": len(results),
    }


def describe(name: str, figures: dict) -> str:
    def pct(pair):
        ok, total = pair
        return f"{ok}/{total} = {ok / total:.1%}" if total else "n/a"

    return (f"{name}: first citation is the answering unit {pct(figures['unit'])}; value right {pct(figures['value'])}; "
            f"asked or answered per place when ambiguous {pct(figures['asked'])}; every place's unit when answered per place "
            f"{pct(figures['per_place'])}; each place's line right {pct(figures.get('place_lines', (0, 0)))}; silent law said {pct(figures['silent'])}; place assumed silently {figures['assumed']} "
            f"({figures['cases']} questions)")




def risk_coverage(results: list[dict], steps: int = 10) -> list[tuple[float, float, float]]:
    """(threshold, share of questions answered, share of the answers that are wrong) as the confidence
    threshold rises — what abstaining below each threshold would give.  Replies without a confidence
    count as confidence 1 (always answered)."""
    scored = [r for r in results if r.get("unit") is not None or r.get("value") is not None or r.get("silent")]
    points = []
    for i in range(steps + 1):
        threshold = i / steps
        kept = [r for r in scored if r.get("answered") and (r.get("confidence") if r.get("confidence") is not None else 1.0) >= threshold]
        wrong = sum(1 for r in kept if r.get("unit") is False or r.get("value") is False or r.get("silent") is False)
        points.append((threshold, len(kept) / len(scored) if scored else 0.0, wrong / len(kept) if kept else 0.0))
    return points


def per_place(results: list[dict]) -> dict[str, dict]:
    """aggregate() of the results of each place named (\"none\": no place named)."""
    places = sorted({r.get("place", "none") for r in results})
    return {place: aggregate([r for r in results if r.get("place", "none") == place]) for place in places}


# -- the first evaluation set: intent, action, wizard, cited article -----------------------------------


def score_intent(case: dict, reply: dict) -> dict:
    """Whether the conversation's last reply has the intent, action, wizard step and article expected."""
    # A report with no place is asked where it happened (issue #27: each place has its own table), the
    # complaint offered beside the question: that is the report's reply too.
    ok = reply["intencao"] == case["intent"] or (case["intent"] == "denuncia" and reply["intencao"] == "denuncia_lugar")
    kinds = [a["tipo"] for a in reply["acoes"]]
    if case.get("action") and case["action"] not in kinds:
        ok = False
    if case.get("wizard") and not any(f"/assistentes/{case['wizard']}" in a["url"] for a in reply["acoes"]):
        ok = False
    if case.get("next_question") and (reply.get("pergunta") or {}).get("id") != case["next_question"]:
        ok = False
    if case.get("complete") and not any("ver=resultado" in a["url"] for a in reply["acoes"]):
        ok = False
    if case["intent"] == "fora_do_escopo" and not reply["fora_do_escopo"]:
        ok = False
    cited = None
    if case.get("articles"):
        cited = any(c["law"] == case["law"] and c["article"] in case["articles"] for c in reply["citations"])
    return {"intent": ok, "citation": cited}


def aggregate_intent(results: list[dict]) -> dict:
    cited = [r["citation"] for r in results if r["citation"] is not None]
    return {"intent": (sum(r["intent"] for r in results), len(results)), "citation": (sum(cited), len(cited)), "cases": len(results)}


# -- passengers' stories: the infraction row of the date, and the complaint ---------------------------


def score_story(case: dict, reply: dict) -> dict:
    """A story told in the chat (or read by the complaint form): the row of the date and the complaint.

    ``reply`` is the reader's answer in a channel-neutral shape: ``rows`` (the law-and-unit ids it
    classified the story under, best first), ``complaint`` (whether the complaint was offered, pre-filled)
    and ``text`` (what the person reads).
    """
    expect = case["expect"]
    rows = reply.get("rows") or []
    result = {"row": None, "fine": None, "complaint": bool(reply.get("complaint")), "unclassified_kept": None,
              "place": case.get("place") or "none"}
    if expect.get("classifiable"):
        accepted = [expect["row"], *expect.get("also_acceptable", [])]
        result["row"] = bool(rows) and rows[0] in accepted
        if expect.get("fine"):
            text = _flat(reply.get("text", ""))
            result["fine"] = any(said(f, text) for f in expect["fine"])
    else:
        # A story the law does not classify: no row, no fine — and the complaint still offered.
        result["unclassified_kept"] = not rows
    return result


def aggregate_story(results: list[dict]) -> dict:
    def rate(key):
        measured = [r[key] for r in results if r[key] is not None]
        return (sum(measured), len(measured))

    classifiable = [r for r in results if r["row"] is not None]
    both = sum(1 for r in classifiable if r["row"] and r["complaint"])
    return {"row": rate("row"), "fine": rate("fine"), "row_and_complaint": (both, len(classifiable)),
            "unclassified_kept": rate("unclassified_kept"), "complaint": (sum(r["complaint"] for r in results), len(results)),
            "cases": len(results)}
