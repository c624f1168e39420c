"""Whether a message *tells* facts or sets out a situation to ask about — a model fitted on the law's data.

"o motorista fuma dentro do ônibus com todo mundo lá dentro" tells what happened: the complaint form's
reader should read it.  "sou estudante e pego ônibus todo dia, tenho desconto?" sets out the asker's
situation to ask a rule: the law answers it, even though its words are close to a row ("não conceder o
desconto").  Word cues cannot tell these apart; the data can: the passengers' narratives of every row
(``knowledge/statutes/relatos``) are facts told, the questions people wrote for every unit
(``knowledge/statutes/perguntas``) are questions asked.  Both are read the way the chat reads a message
(:func:`reports.told_scene`: the words before the closing question) and a logistic regression over
TF-IDF word unigrams and bigrams is fitted on them, deterministically, at first use (about a second).

The probability threshold is chosen by ``evaluation/fit_telling.py`` on the same data, cross-fitted:
the lowest probability that at most ``QUESTION_RISK`` of the questions reach (a question taken for a
story gets a row of the fine table instead of the law's answer).  It is stored in ``telling.json`` with
the hash of what it was fitted on; ``tests/test_telling.py`` fails when the data changed and the file
was not refitted.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from ..laws import LAWS
from ..relatos import relatos
from ..unit_questions import unit_questions
from .text import normalize

FITTED = Path(__file__).with_name("telling.json")
# At most this share of the unit questions' premises may be read as facts told (evaluation/fit_telling.py).
QUESTION_RISK = 0.10
# The regression's settings (part of the inputs' hash: changing them asks for a refit).
SETTINGS = {"ngram_range": [1, 2], "min_df": 2, "C": 1.0, "class_weight": "balanced", "solver": "liblinear"}


@lru_cache(maxsize=1)
def training_data() -> tuple[tuple[str, ...], tuple[int, ...]]:
    """(texts, labels): 1 for a narrative's told words, 0 for a question's premise (both as the chat reads
    them).  Read once per process: the model, the inputs' hash and the fit script all use it."""
    from .reports import told_scene  # (reports imports this module's reader at call time only)

    texts, labels = [], []
    for law_id in LAWS:
        for narratives in relatos(law_id).values():
            for narrative in narratives:
                told = told_scene(narrative) or (narrative if "?" not in narrative else None)
                if told:
                    texts.append(normalize(told))
                    labels.append(1)
        for _unit, asked in sorted(unit_questions(law_id).items()):
            for question in asked.perguntas:
                told = told_scene(question)
                if told:
                    texts.append(normalize(told))
                    labels.append(0)
    return tuple(texts), tuple(labels)


def inputs_digest() -> str:
    texts, labels = training_data()
    h = hashlib.sha256(json.dumps(SETTINGS, sort_keys=True).encode())
    for text, label in zip(texts, labels):
        h.update(f"{label}|{text}\n".encode())
    return h.hexdigest()


def new_model():
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    return make_pipeline(
        TfidfVectorizer(ngram_range=tuple(SETTINGS["ngram_range"]), min_df=SETTINGS["min_df"], sublinear_tf=True),
        LogisticRegression(C=SETTINGS["C"], class_weight=SETTINGS["class_weight"], solver=SETTINGS["solver"], max_iter=2000),
    )


@lru_cache(maxsize=1)
def _model():
    texts, labels = training_data()
    return new_model().fit(texts, labels)


@lru_cache(maxsize=1)
def threshold() -> float:
    if not FITTED.exists():
        raise RuntimeError(f"{FITTED} is missing: run `make fit` (python -m evaluation.fit_telling)")
    return float(json.loads(FITTED.read_text(encoding="utf-8"))["threshold"])


@lru_cache(maxsize=512)
def telling_probability(told: str) -> float:
    """The fitted probability that these words tell facts (not a situation set out to ask a rule)."""
    return float(_model().predict_proba([normalize(told)])[0, 1])


def tells_facts(told: str) -> bool:
    return telling_probability(told) >= threshold()


def warm() -> None:
    """Fit the model and read the threshold (a worker's warm-up; a no-op once done)."""
    _model()
    threshold()
