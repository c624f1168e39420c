"""Run the evaluation sets and write dated figures: ``python -m evaluation.run``.

    python -m evaluation.run                      # every development set; floors asserted
    python -m evaluation.run --set precise-dev    # one development set, failures listed
    python -m evaluation.run --heldout NAME       # a held-out set, once: aggregates only, recorded

Figures go to ``evaluation/results/<date>.md`` (one section per run, appended) and
``evaluation/results/<date>.json``.  Floors (``evaluation/floors.yaml``) sit at the figures
measured when they were set: a regression exits 1.  A held-out set is refused when a figure of
it is already recorded (it has been run once: from then on it is development data).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import yaml

from evaluation.scoring import (aggregate, aggregate_intent, aggregate_story, describe, per_place, risk_coverage,
                                score_intent, score_precise, score_story)

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "evaluation" / "sets.yaml"
FLOORS = ROOT / "evaluation" / "floors.yaml"
RESULTS = ROOT / "evaluation" / "results"
WRITTEN_ON = datetime(2026, 12, 1, 15, 0, tzinfo=timezone.utc)


def load_sets() -> list[dict]:
    return yaml.safe_load(SETS.read_text(encoding="utf-8"))["sets"]


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True, timeout=10)
        return out.stdout.strip() + ("+" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def make_app(data_dir: Path):
    from app import create_app
    from knowledge.corpus import all_laws
    from search_index import build_index

    index = data_dir / "index"
    build_index(index, all_laws())
    # The engine is measured, not the per-message CPU deadline of a loaded server (portal/work_budget.py).
    app = create_app({"DATA_DIR": str(data_dir), "INDEX_DIR": str(index), "TESTING": True, "RATELIMIT_ENABLED": False,
                      "ASSISTANT_CPU_SECONDS": 0})
    app.test_cli_runner().invoke(args=["registry", "demo"])
    return app


def converse(client, messages: list[str]) -> dict:
    conversation, reply = None, None
    for message in messages:
        response = client.post("/api/v1/assistente", json={"mensagem": message, "conversa": conversation})
        if response.status_code != 200:
            # A message the portal refuses (too long for the chat's budget): no answer, scored as such.
            return {"conversa": conversation, "resposta": "", "citations": [], "acoes": [], "pergunta": None,
                    "intencao": "recusada", "fora_do_escopo": False}
        reply = response.get_json()
        conversation = reply["conversa"]
    return reply


def run_precise(client, cases: list[dict]) -> tuple[dict, list]:
    results, failures = [], []
    for case in cases:
        messages = case["message"] if isinstance(case["message"], list) else [case["message"]]
        # A follow-up written with the message it follows in "previous" (precise-h11's shape) is asked after it.
        earlier = case.get("previous") or []
        messages = ([earlier] if isinstance(earlier, str) else list(earlier)) + messages
        reply = converse(client, messages)
        result = score_precise(case, reply)
        results.append(result)
        wrong = [k for k in ("unit", "value", "asked", "per_place", "silent") if result[k] is False] + (["assumed"] if result["assumed"] else [])
        if wrong:
            cited = [f"{c['law'][:6]} {c['unit']}" for c in reply["citations"][:4]]
            failures.append(f"{case['id']}: {','.join(wrong)}: {case['message']!r} -> {cited} {reply['resposta'][:160]!r}")
    figures = aggregate(results)
    figures["by_place"] = {place: {k: v for k, v in f.items() if k in ("unit", "value", "silent", "cases")} for place, f in per_place(results).items()}
    figures["risk_coverage"] = risk_coverage(results)
    return figures, failures


def run_intent(client, cases: list[dict]) -> tuple[dict, list]:
    results, failures = [], []
    for case in cases:
        reply = converse(client, case["messages"])
        result = score_intent(case, reply)
        results.append(result)
        if not result["intent"] or result["citation"] is False:
            failures.append(f"{case['id']}: {case['messages'][-1]!r} -> {reply['intencao']} {[c['article'] for c in reply['citations'][:3]]}")
    return aggregate_intent(results), failures


def run_stories(client, cases: list[dict]) -> tuple[dict, list]:
    """Each story told to the chat (the place given when asked) and read by the complaint form's reader:
    the row of the date, the complaint offered, and whether the two readers agree."""
    from evaluation.stories import chat_reply, form_reply

    results, failures, agree = [], [], 0
    for case in cases:
        chat = chat_reply(client, case)
        form = form_reply(case)
        result = score_story(case, chat)
        # Every row, in the same order: a story that tells several infractions gets the same rows from both.
        result["agree"] = (chat.get("rows") or []) == (form.get("rows") or [])
        agree += result["agree"]
        results.append(result)
        if result["row"] is False or result["unclassified_kept"] is False or not result["complaint"] or not result["agree"]:
            failures.append(f"{case['id']}: row={result['row']} kept={result['unclassified_kept']} complaint={result['complaint']} "
                            f"agree={result['agree']}: {case['story']!r} -> chat {chat.get('rows', [])[:2]} form {form.get('rows', [])[:2]}")
    figures = aggregate_story(results)
    figures["chat_form_agree"] = (agree, len(results))
    return figures, failures


RUNNERS = {"precise": run_precise, "intent": run_intent, "stories": run_stories}


def describe_any(name: str, scorer: str, figures: dict) -> str:
    def pct(pair):
        ok, total = pair
        return f"{ok}/{total} = {ok / total:.1%}" if total else "n/a"

    if scorer == "precise":
        line = describe(name, figures)
        line += f"; answered outright {figures['answered']}, of which wrong {figures['wrong_answers']}"
        return line
    if scorer == "intent":
        return f"{name}: intent {pct(figures['intent'])}; citation {pct(figures['citation'])} ({figures['cases']} conversations)"
    return (f"{name}: row of the date {pct(figures['row'])}; row and complaint {pct(figures['row_and_complaint'])}; fine said "
            f"{pct(figures['fine'])}; unclassifiable left without a row {pct(figures['unclassified_kept'])}; complaint offered "
            f"{pct(figures['complaint'])}; chat and form agree {pct(figures['chat_form_agree'])} ({figures['cases']} stories)")


def check_floors(name: str, figures: dict) -> list[str]:
    floors = (yaml.safe_load(FLOORS.read_text(encoding="utf-8")) or {}).get(name, {}) if FLOORS.exists() else {}
    problems = []
    for key, floor in floors.items():
        if key == "assumed_max":
            if figures.get("assumed", 0) > floor:
                problems.append(f"{name}: {figures['assumed']} places assumed silently (at most {floor})")
            continue
        if key == "wrong_answers_max":
            if figures.get("wrong_answers", 0) > floor:
                problems.append(f"{name}: {figures['wrong_answers']} wrong outright answers (at most {floor})")
            continue
        ok, total = figures.get(key, (0, 0))
        if total and ok < floor:
            problems.append(f"{name}: {key} {ok}/{total} below its floor {floor}")
    return problems


def record(entries: list[dict], heldout: bool) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc)
    day = stamp.date().isoformat()
    data_path = RESULTS / f"{day}.json"
    existing = json.loads(data_path.read_text(encoding="utf-8")) if data_path.exists() else []
    existing.extend(entries)
    data_path.write_text(json.dumps(existing, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    text_path = RESULTS / f"{day}.md"
    lines = [f"\n## {stamp:%Y-%m-%d %H:%M} UTC, commit {entries[0]['commit']}{' — HELD-OUT, run once' if heldout else ''}\n"]
    for entry in entries:
        lines.append(f"- {entry['line']}")
        if entry.get("risk_coverage"):
            curve = ", ".join(f"≥{t:.1f}: {c:.0%} answered, {r:.1%} wrong" for t, c, r in entry["risk_coverage"][::2])
            lines.append(f"  - risk–coverage: {curve}")
        if entry.get("by_place"):
            lines.append("  - per place: " + "; ".join(
                f"{p} unit {f['unit'][0]}/{f['unit'][1]} value {f['value'][0]}/{f['value'][1]} silent {f['silent'][0]}/{f['silent'][1]}"
                for p, f in entry["by_place"].items()))
    with text_path.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return text_path


def already_run(name: str) -> bool:
    for path in RESULTS.glob("*.json"):
        if any(e.get("set") == name for e in json.loads(path.read_text(encoding="utf-8"))):
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", help="a development set's name (default: all)")
    parser.add_argument("--heldout", help="run this held-out set once and record its aggregates")
    parser.add_argument("--quiet", action="store_true", help="do not list the failures of development sets")
    parser.add_argument("--no-record", action="store_true", help="print only (development sets)")
    args = parser.parse_args(argv)
    sets = load_sets()
    if args.heldout:
        chosen = [s for s in sets if s["name"] == args.heldout]
        if not chosen or chosen[0]["status"] != "heldout":
            print(f"{args.heldout}: not a held-out set in {SETS.name}", file=sys.stderr)
            return 2
        if already_run(args.heldout):
            print(f"{args.heldout} has been run once already: it is development data now (change its status in {SETS.name})", file=sys.stderr)
            return 2
    else:
        chosen = [s for s in sets if s["status"] == "development" and (not args.set or s["name"] in args.set)]
    entries, problems = [], []
    from knowledge.clock import fixed

    # Relative dates ("ontem", "ano passado") are read against the day the sets were written.
    with tempfile.TemporaryDirectory(prefix="embarque-eval-") as tmp, fixed(WRITTEN_ON):
        app = make_app(Path(tmp))
        client = app.test_client()
        for spec in chosen:
            path = ROOT / spec["file"]
            if not path.exists():
                problems.append(f"{spec['name']}: {spec['file']} is missing")
                continue
            cases = json.loads(path.read_text(encoding="utf-8"))
            started = time.perf_counter()
            figures, failures = RUNNERS[spec["scorer"]](client, cases)
            seconds = time.perf_counter() - started
            line = describe_any(spec["name"], spec["scorer"], figures)
            print(line, f"[{seconds:.0f} s]", flush=True)
            if not args.heldout and not args.quiet:
                for failure in failures:
                    print("  " + failure)
            entry = {"set": spec["name"], "commit": commit(), "scorer": spec["scorer"], "line": line, "seconds": round(seconds, 1),
                     **{k: v for k, v in figures.items()}}
            entries.append(entry)
            if not args.heldout:
                problems.extend(check_floors(spec["name"], figures))
    if entries and not args.no_record:
        print(f"figures written to {record(entries, bool(args.heldout)).relative_to(ROOT)}")
    for problem in problems:
        print("FLOOR: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
