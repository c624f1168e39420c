"""Honest measurement of the assistant: which evaluation messages the rules may be tuned on.

``tests/data/assistant_eval.json`` (140 cases) was written together with the rules, so
every case is assigned once and for all to a half by a fixed rule that does not look
at the message: the SHA-256 of ``"embarque-legal-eval:" + case id``; an even first byte
puts the case in the development half, an odd one in the held-out half.  Rules may be
edited while reading failures of the development half only; for the held-out half, and
for ``assistant_precise_heldout.json`` (written from the statutes by someone who never
saw the rules), only aggregate figures are ever printed.

``rule_literals()`` lists the phrases the assistant's rules and the search's synonyms
contain, so a test can check that none of them copies an evaluation message.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from pathlib import Path

import yaml

from knowledge.assistant.text import normalize

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SALT = "embarque-legal-eval:"

# Every file whose string literals are phrases matched against messages.
RULE_FILES = (
    "knowledge/assistant/understanding.py",
    "knowledge/assistant/answers.py",
    "knowledge/assistant/dialogue.py",
    "knowledge/assistant/foreign.py",
    "knowledge/assistant/kinds.py",
    "knowledge/assistant/focus.py",
    "knowledge/assistant/values.py",
    "knowledge/assistant/numbers.py",
    "knowledge/assistant/law.py",
    "search_index/synonyms.py",
    "search_index/spelling.py",
)
MIN_WORDS = 4


def half(case_id: str) -> str:
    """'dev' or 'heldout', from the case id alone."""
    return "dev" if hashlib.sha256((SALT + case_id).encode()).digest()[0] % 2 == 0 else "heldout"


def load_eval() -> list[dict]:
    return json.loads((DATA / "assistant_eval.json").read_text(encoding="utf-8"))


def eval_half(name: str) -> list[dict]:
    return [case for case in load_eval() if half(case["id"]) == name]


def load_precise(name: str) -> list[dict] | None:
    """assistant_precise_dev.json / assistant_precise_heldout.json, or None while absent."""
    path = DATA / f"assistant_precise_{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def evaluation_messages() -> list[str]:
    """Every message of every evaluation file, normalised (held-out ones are never printed)."""
    messages = [m for case in load_eval() for m in case["messages"]]
    paths = sorted(DATA.glob("assistant_precise_*.json")) + sorted(DATA.glob("passenger_stories*.json")) + sorted((DATA / "heldout").glob("*.json"))
    for path in paths:
        for case in json.loads(path.read_text(encoding="utf-8")):
            message = case.get("message")
            messages.extend(message if isinstance(message, list) else [message] if message else [])
            messages.extend(case.get("messages") or [])
            messages.extend([case["story"]] if case.get("story") else [])
    return [normalize(m) for m in messages if isinstance(m, str)]


_REGEX_SYNTAX = re.compile(r"\\[a-zA-Z]\*?|\\.|[()\[\]{}|?*+^$.]|\d+,\d*")


def _phrases_of(literal: str) -> list[str]:
    """The plain word runs of a literal: the whole phrase, or each run of a regular expression."""
    if re.search(r"\\[bwsd]|[()\[\]|]", literal):
        runs = _REGEX_SYNTAX.split(literal)
    else:
        runs = [literal]
    return [normalize(r) for r in runs if normalize(r)]


INTERFACE_CALLS = {"N_", "_", "gettext", "ngettext", "_l"}


def _called_name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def rule_literals() -> list[tuple[str, str]]:
    """(file, normalised phrase) for every string literal in the rule files (docstrings excluded)."""
    found = []
    for relative in RULE_FILES:
        path = ROOT / relative
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
        }
        # Interface text (N_("…"), _("…"), self._("…")) is shown to people, never matched.
        shown = {
            id(arg)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and _called_name(node.func) in INTERFACE_CALLS
            for arg in ast.walk(node)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings | shown:
                for phrase in _phrases_of(node.value):
                    found.append((relative, phrase))
    # The vocabulary moved out of Python (issue #26) is rules all the same: every string of the lexicon.
    found += [(LEXICON_FILE, phrase) for text in _strings(yaml.safe_load((ROOT / LEXICON_FILE).read_text(encoding="utf-8")))
              for phrase in _phrases_of(text)]
    return found


LEXICON_FILE = "knowledge/lexicon.yaml"


def _strings(value):
    """Every string in a YAML document, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(str(key))
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def statute_text() -> str:
    """All four statutes, normalised like messages (a law's own term is never a copied message)."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "knowledge" / "statutes").glob("*.txt"))]
    return " " + " ".join(normalize(t) for t in texts) + " "


def leaks(min_words: int = MIN_WORDS) -> list[tuple[str, str, int]]:
    """(file, phrase, how many messages contain it) for phrases of min_words+ words found in a message.

    A phrase the statutes themselves use ("certificado de registro cadastral") is the law's
    name for a thing, not a message learnt by heart, and is not counted.
    """
    messages = [f" {m} " for m in evaluation_messages()]
    statutes = statute_text()
    result = []
    for relative, phrase in sorted(set(rule_literals())):
        if len(phrase.split()) < min_words or f" {phrase} " in statutes:
            continue
        count = sum(1 for m in messages if f" {phrase} " in m)
        if count:
            result.append((relative, phrase, count))
    return result


from evaluation.scoring import aggregate, describe, score_precise  # noqa: E402,F401  (re-exported for tests)


def question_leaks() -> list[tuple[str, str]]:
    """(law id, unit id) of each question in knowledge/statutes/perguntas that repeats an evaluation
    message: the same words, in any order.  The questions were written from the statutes by people
    who never saw the evaluation sets; this keeps it so (the message itself is never printed)."""
    from knowledge.laws import LAWS
    from knowledge.unit_questions import unit_questions

    messages = {frozenset(m.split()) for m in evaluation_messages() if m}
    return [(law_id, unit_id) for law_id in LAWS for unit_id, asked in unit_questions(law_id).items()
            if any(frozenset(normalize(p).split()) in messages for p in asked.perguntas)]
