"""The reader's vocabulary (knowledge/lexicon.yaml) copies no evaluation message.

A phrase of four words or more found word for word in an evaluation message would measure memory, not
understanding (the same rule tests/test_assistant.py applies to the assistant's Python literals).
"""

from __future__ import annotations

from knowledge.reader.lexicon import lexicon

from tests.evaluation import evaluation_messages


def test_no_lexicon_phrase_copies_an_evaluation_message():
    words = lexicon()
    phrases = list(words["law_words"]) + list(words["slang"]) + list(words["festas"]) + list(words["dias_relativos"])
    long_ones = [p for p in phrases if len(p.split()) >= 4]
    messages = [f" {m} " for m in evaluation_messages()]
    assert [p for p in long_ones if any(f" {p} " in m for m in messages)] == []
    assert len(phrases) > 100  # the check reads the lexicon at all


# Lists of strings that stay in Python, each for a reason: the numerals of Portuguese grammar (how the
# statutes and people spell "quinze"), and the names of the ranker's and confidence model's features.
KEPT_IN_PYTHON = {("numbers.py", "_UNITS"), ("numbers.py", "_TEENS"), ("numbers.py", "_TENS"), ("numbers.py", "_HUNDREDS"),
                  ("confidence.py", "RANK_FEATURES"), ("confidence.py", "NAMES"), ("ranker.py", "MEASURES")}


def test_the_assistant_keeps_no_word_list_in_python():
    """Issue #26: people's words (slang, places, greetings, cue words of each kind of question, word
    families, foreign words) live in knowledge/lexicon.yaml; a module-level value of ten strings or more
    in knowledge/assistant/ is a phrase list that escaped it."""
    import ast
    from pathlib import Path

    found = []
    for path in sorted(Path("knowledge/assistant").glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                literals = [c for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)]
                if len(literals) >= 10 and (path.name, getattr(target, "id", "")) not in KEPT_IN_PYTHON:
                    found.append(f"{path.name}:{node.lineno} {getattr(target, 'id', '?')} ({len(literals)} strings)")
    assert found == []
