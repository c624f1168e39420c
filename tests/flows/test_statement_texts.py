"""Every sentence a wizard can show is found by the standard translation extractor.

``make translations-extract`` runs ``pybabel extract`` with Babel's default keywords only
(``_``, ``gettext``, ``ngettext``, ``N_`` …) — no flow-local helper names.  So a statement text
must be written inside ``N_("…")`` (or another default keyword) where it is made, or in a flow's
``<flow>.texts.yaml``, which babel.cfg extracts with ``knowledge.flows.texts:extract``.  This test
extracts ``knowledge/`` with the default keywords and walks every wizard on both sides of
each amendment: every outcome sentence, headline, question, help text, option label and
translated parameter (a body's name, a modality's name) must be among the extracted messages.
A new helper that takes the sentence as a plain string would escape translation: it fails here.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

from knowledge.flows import FLOWS, InvalidAnswer
from knowledge.history import change_dates
from knowledge.laws import LAWS

ROOT = Path(__file__).resolve().parents[2]
TODAY = date(2026, 11, 29)
# Parameters whose value is itself a sentence part translated at render time (Statement.render).
TRANSLATED_PARAMS = {"nome", "orgao", "caso", "dobro"}


def _extracted() -> set[str]:
    messages = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        ROOT / "knowledge", method_map=[("**.py", "python"), ("**.texts.yaml", "knowledge.flows.texts:extract")], keywords=DEFAULT_KEYWORDS
    ):
        messages.update([message] if isinstance(message, str) else [m for m in message if m])
    return messages


EXTRACTED = _extracted()
DATES = sorted({TODAY} | {d + delta for law in LAWS for d in change_dates(law) for delta in (timedelta(days=-1), timedelta(0))})


def _values(question, when: date) -> list:
    if question.type == "choice":
        return question.option_values()
    if question.type == "multiple":
        return [[v] for v in question.option_values()] + [question.option_values()]
    if question.type == "bool":
        return [True, False]
    if question.type == "date":
        return ["", (when + timedelta(days=2)).isoformat()] if question.id == "data_notificacao" else [when.isoformat()]
    return {
        "ano_fabricacao": [when.year - 1, when.year - 12], "lugares": [7, 30],
        "veiculos_proprios": [0, 3], "veiculos_locados": [0, 2], "dias_deposito": [3],
    }.get(question.id, [question.minimum or 1])


def _shown_texts(flow) -> dict[str, str]:
    """Every text the flow can show, with where it comes from."""
    texts = {flow.title: "title", flow.description: "description"}
    for q in flow.questions:
        texts[q.text] = q.id
        if q.help:
            texts[q.help] = f"{q.id} (help)"
        texts.update({o.label: f"{q.id}={o.value}" for o in q.options})
    for when in DATES:
        stack: list[dict] = [{}]
        while stack:
            answers = stack.pop()
            try:
                progress = flow.run(answers, today=TODAY)
            except InvalidAnswer as exc:
                texts[exc.message] = f"error on {exc.field}"
                continue
            if not progress.complete:
                question = progress.next_question
                stack.extend({**answers, question.id: v} for v in _values(question, when))
                continue
            statements = list(progress.outcome.statements())
            if progress.outcome.headline is not None:
                statements.append(progress.outcome.headline)
            for s in statements:
                texts[s.text] = s.code or "(no code)"
                for key, value in s.params.items():
                    if key in TRANSLATED_PARAMS and isinstance(value, str) and value:
                        texts[value] = f"{s.code}.{key}"
    return texts


@pytest.mark.parametrize("flow_id", [f.id for f in FLOWS.all()])
def test_every_text_of_the_flow_is_extracted_with_the_standard_keywords(flow_id):
    texts = _shown_texts(FLOWS.get(flow_id))
    assert len(texts) >= 40
    missing = {where: text[:80] for text, where in texts.items() if text not in EXTRACTED}
    assert missing == {}


def test_the_makefile_extracts_with_no_flow_local_helper_names():
    line = next(l for l in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines() if "pybabel extract" in l)
    keywords = [part for part in line.split() if part.startswith("-k")] + [
        line.split()[i + 1] for i, part in enumerate(line.split()) if part == "-k"
    ]
    assert [k for k in keywords if k != "-k"] == ["_l"]  # Flask-Babel's lazy_gettext, besides Babel's defaults


def test_babel_cfg_extracts_the_flows_text_files():
    cfg = (ROOT / "babel.cfg").read_text(encoding="utf-8")
    assert "flow_texts = knowledge.flows.texts:extract" in cfg
    assert "[flow_texts: knowledge/flows/**.texts.yaml]" in cfg
