"""Fit the law answers' confidence on the development questions (``make fit``).

Two steps, so that the slow one runs only when the rules change:

``collect`` runs every precise *development* set of evaluation/sets.yaml through the portal, as
``make eval`` does, and records, for the last message of each case, the candidate units the ranker
scored (their features, knowledge/assistant/law.py) and how the reply was scored.  The records go to
var/law_candidates.jsonl.

``fit`` reads them and fits knowledge/assistant/confidence.py's model: a logistic regression that says,
from the best candidate's features and its lead over the next, how likely the unit stated is the one
that answers; Platt-calibrated on cross-fitted scores; and the threshold under which the assistant
says the law does not answer rather than state the nearest number — the lowest threshold at which at
most 2 % of the development answers kept are wrong.  Held-out sets are never read (status heldout).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "var" / "law_candidates.jsonl"
SETS = ROOT / "evaluation" / "sets.yaml"
# Candidates kept per ranking call: the answer and what stands near it.
KEEP = 12


def development_sets() -> list[dict]:
    return [s for s in yaml.safe_load(SETS.read_text(encoding="utf-8"))["sets"]
            if s["scorer"] == "precise" and s["status"] == "development"]


def collect(out: Path = RECORDS, only: list[str] | None = None) -> int:
    from evaluation.run import make_app
    from evaluation.scoring import score_precise
    from knowledge.assistant import law

    calls: list[dict] = []
    original = law.rank

    def recording(query, kind, hits, top=None, follow_up=None, on=None):
        ranked = original(query, kind, hits, top, follow_up, on)
        calls.append({"kind": kind, "query": query, "top_hit": hits[0].score if hits else 0.0,
                      "candidates": [{"law": c.law, "unit": c.unit.id, "score": c.score, "features": c.features} for c in ranked[:KEEP]]})
        return ranked

    law.rank = recording
    # Every answer the ranker would give is recorded, right or wrong: the confidence being fitted must not
    # decide which answers it is fitted on.
    original_threshold, law.threshold = law.threshold, lambda line=False: 0.0
    out.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with tempfile.TemporaryDirectory() as tmp, out.open("w", encoding="utf-8") as sink:
        client = make_app(Path(tmp)).test_client()
        for spec in development_sets():
            if only and spec["name"] not in only:
                continue
            for case in json.loads((ROOT / spec["file"]).read_text(encoding="utf-8")):
                messages = case["message"] if isinstance(case["message"], list) else [case["message"]]
                conversation, reply = None, None
                for i, message in enumerate(messages):
                    if i == len(messages) - 1:
                        calls.clear()
                    response = client.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversation})
                    if response.status_code != 200:
                        reply = None
                        break
                    reply = response.get_json()
                    conversation = reply["conversa"]
                if reply is None:
                    continue
                # The question the law answers was asked with: a follow-up first, then the question before.
                record = {"set": spec["name"], "id": case["id"], "query": " ".join(reversed(messages)), "place_named": case.get("place_named"), "expect": case["expect"],
                          "cited": [f"{c['law']} {c['unit']}" for c in reply["citations"]], "score": score_precise(case, reply),
                          "calls": list(calls)}
                sink.write(json.dumps(record, ensure_ascii=False) + "\n")
                written += 1
    law.rank, law.threshold = original, original_threshold
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("collect", "fit"))
    parser.add_argument("--set", action="append", help="collect only these development sets (default: all)")
    parser.add_argument("--out", type=Path, default=RECORDS, help="where the records go (collect) or come from (fit)")
    args = parser.parse_args(argv)
    if args.step == "collect":
        print(f"{collect(args.out, args.set)} casos gravados em {args.out}")
        return 0
    from knowledge.assistant.confidence import fit_from_records

    print(fit_from_records(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
