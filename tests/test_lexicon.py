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
