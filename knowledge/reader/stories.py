"""A passenger's story → the rows of the fine tables it describes, with a calibrated confidence.

The chat, the complaint form and the messaging channels all call :func:`read_story`, so they cannot
disagree.  How it decides:

1. **Candidates** are the rows of the place's fine tables in force on the date of the facts
   (``knowledge/infractions.py``); a period that straddles a change of wording is read against each
   wording and both are said.
2. **Features** of each candidate compare the story with the row's own words and with the questions
   people wrote for that row (``knowledge/statutes/perguntas``): TF-IDF cosines over stems
   (``words.terms``), the best and the mean of the three best question matches, the match with the
   questions' centroid, and each of these against the best other candidate (the margin).
3. **A fitted ranker** (logistic regression, scikit-learn) turns them into a score.  Its weights are
   fitted on the law's own data only — each row question, held out from its row, is a story whose row
   is known — by ``evaluation/fit_reader.py``, reproducibly (no random state).
4. **Calibration**: the top score and its margin over the second become a probability that the row is right (Platt scaling fitted on
   the development stories); below the threshold chosen there, the reader says it cannot classify the
   story, and the complaint still goes to the regulator.

The fitted numbers live in ``knowledge/reader/fitted.json`` with the hash of what they were fitted
on; ``tests/test_reader.py`` fails when the inputs changed and the file was not refitted.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from ..infractions import Row, catalogue, rows_on
from ..unit_questions import unit_questions
from ..laws import LAWS
from .dates import Period
from .words import terms

FITTED = Path(__file__).with_name("fitted.json")
FEATURES = ("text", "question_best", "question_top3", "centroid", "text_margin", "question_margin", "has_questions")


@dataclass(frozen=True)
class Match:
    row: Row
    score: float  # the ranker's raw score


@dataclass
class Reading:
    """What the reader made of a story in one place, for one wording (one period of the law)."""

    place: str
    on: date  # the day the rows were read for (the period's first day in this wording)
    matches: list[Match]  # best first
    confidence: float  # calibrated probability that matches[0] is the row
    classified: bool  # confidence cleared the threshold
    until: date | None = None  # last day of the period this reading covers

    @property
    def row(self) -> Row | None:
        return self.matches[0].row if self.classified and self.matches else None


@dataclass
class StoryReading:
    """A story read in one place: one :class:`Reading` per wording the period of the facts covers."""

    place: str
    period: Period | None
    readings: list[Reading] = field(default_factory=list)


def _analyzer(text: str) -> list[str]:
    stems = terms(text)
    return stems + [f"{a}_{b}" for a, b in zip(stems, stems[1:])]


@lru_cache(maxsize=1)
def _vectorizer() -> TfidfVectorizer:
    """The TF-IDF space, fitted on every unit question of the four laws, every row's words and the
    passengers' narratives of each row (a word only passengers use must have a dimension to match on)."""
    documents = [q for law_id in LAWS for asked in unit_questions(law_id).values() for q in asked.perguntas]
    documents += [r.text for place in ("pe", "sp", "ac", "recife") for r in catalogue(place)]
    documents += [t for place in ("pe", "sp", "ac", "recife") for r in catalogue(place) for t in r.relatos]
    return TfidfVectorizer(analyzer=_analyzer, sublinear_tf=True).fit(documents)


@dataclass
class Block:
    """The candidates of one place on one day, as matrices: a story is compared with all at once."""

    rows: list[Row]
    texts: object  # sparse, one row per candidate: its words (and heading)
    questions: object  # sparse, every question of every candidate
    owner: np.ndarray  # candidate index of each question
    question_texts: list[str]
    sums: object  # sparse, per candidate: the sum of its questions' vectors (centroid before norm)
    counts: np.ndarray  # questions per candidate


@lru_cache(maxsize=64)
def block(place: str, on: date) -> Block:
    vectorizer = _vectorizer()
    rows = rows_on(place, on)
    texts = vectorizer.transform([r.text + " " + r.heading for r in rows])
    question_texts = [q for r in rows for q in r.examples]
    owner = np.array([i for i, r in enumerate(rows) for _ in r.examples], dtype=int)
    questions = vectorizer.transform(question_texts) if question_texts else None
    counts = np.bincount(owner, minlength=len(rows)) if len(owner) else np.zeros(len(rows), dtype=int)
    sums = None
    if questions is not None:
        from scipy.sparse import csr_matrix

        membership = csr_matrix((np.ones(len(owner)), (owner, np.arange(len(owner)))), shape=(len(rows), len(owner)))
        sums = membership @ questions
    return Block(rows, texts, questions, owner, question_texts, sums, counts)


def features(story_vector, place: str, on: date, leave_out: str | None = None) -> np.ndarray:
    """One row of features per candidate of ``block(place, on)`` (FEATURES order).  ``leave_out``: a
    question not to compare with (fitting: a question read as a story is not its own row's evidence)."""
    b = block(place, on)
    n = len(b.rows)
    raw = np.zeros((n, 4))
    has = np.zeros(n)
    raw[:, 0] = (story_vector @ b.texts.T).toarray()[0]
    if b.questions is not None:
        sims = (story_vector @ b.questions.T).toarray()[0]
        sums = (story_vector @ b.sums.T).toarray()[0]
        norms = np.sqrt(np.asarray(b.sums.multiply(b.sums).sum(axis=1)).ravel())
        counts = b.counts.astype(float)
        if leave_out is not None:
            out = np.array([q == leave_out for q in b.question_texts])
            for j in np.flatnonzero(out):
                i = b.owner[j]
                v = b.questions[j]
                rest = b.sums[i] - v
                sums[i] -= sims[j]
                norms[i] = np.sqrt(rest.multiply(rest).sum())
                counts[i] -= 1
            sims = np.where(out, -1.0, sims)
        # A candidate's questions are contiguous in ``b.questions`` (block() stacks them row by row).
        bounds = np.concatenate([[0], np.cumsum(b.counts)])
        for i in range(n):
            own = sims[bounds[i]:bounds[i + 1]]
            own = own[own > -1.0]
            if len(own):
                top = np.sort(own)[::-1]
                raw[i, 1], raw[i, 2], has[i] = top[0], top[:3].mean(), 1.0
                raw[i, 3] = sums[i] / norms[i] if norms[i] > 0 else 0.0
    margins = np.zeros((n, 2))
    for col in (0, 1):
        values = raw[:, col]
        if n > 1:
            order = np.argsort(values)[::-1]
            best, second = values[order[0]], values[order[1]]
            margins[:, col] = np.where(np.arange(n) == order[0], best - second, values - best)
    return np.hstack([raw, margins, has[:, None]])


def vector(text: str):
    return _vectorizer().transform([text])


# -- the fitted numbers ------------------------------------------------------------------------------


def inputs_digest() -> str:
    """What the fit depends on: the features' names, every unit question (the TF-IDF space is fitted on them
    all, not only on the rows'), and every row's words and questions."""
    h = hashlib.sha256(",".join(FEATURES).encode())
    for law_id in LAWS:
        for unit_id, asked in sorted(unit_questions(law_id).items()):
            h.update(f"{law_id} {unit_id}|{'|'.join(asked.perguntas)}".encode())
    for place in ("pe", "sp", "ac", "recife"):
        for r in catalogue(place):
            h.update(f"{r.key}|{r.since}|{r.text}|{'|'.join(r.examples)}".encode())
    return h.hexdigest()


@lru_cache(maxsize=1)
def fitted() -> dict:
    if not FITTED.exists():
        raise RuntimeError(f"{FITTED} is missing: run `make fit` (python -m evaluation.fit_reader)")
    return json.loads(FITTED.read_text(encoding="utf-8"))


def _scores(matrix: np.ndarray) -> np.ndarray:
    model = fitted()
    return matrix @ np.array(model["coef"]) + model["intercept"]


def calibrated(top: float, margin: float) -> float:
    """The probability that the top row is right, from its score and its margin over the second."""
    platt = fitted()["platt"]
    return 1.0 / (1.0 + math.exp(-(platt["top"] * top + platt["margin"] * margin + platt["intercept"])))


# -- reading -----------------------------------------------------------------------------------------


def read_on(story: str, place: str, on: date, until: date | None = None) -> Reading:
    """The story against the rows of ``place`` in force on ``on``."""
    rows = rows_on(place, on)
    if not rows:
        return Reading(place, on, [], 0.0, False, until)
    scores = _scores(features(vector(story), place, on))
    order = np.argsort(-scores, kind="stable")
    matches = [Match(rows[i], float(scores[i])) for i in order]
    confidence = calibrated(matches[0].score, matches[0].score - matches[1].score if len(matches) > 1 else 0.0)
    return Reading(place, on, matches, confidence, confidence >= fitted()["threshold"], until)


def wordings_in(place: str, period: Period) -> list[tuple[date, date]]:
    """The spans of ``period`` on which the place's fine tables had one wording: (first day, last day)."""
    boundaries = sorted({r.since for r in catalogue(place) if period.start < r.since <= period.end})
    spans, day = [], period.start
    for boundary in boundaries:
        spans.append((day, date.fromordinal(boundary.toordinal() - 1)))
        day = boundary
    spans.append((day, period.end))
    return spans


def read_story(story: str, place: str, period: Period) -> StoryReading:
    """The story in ``place`` over the period of the facts: one reading per wording of the tables."""
    result = StoryReading(place, period)
    for first, last in wordings_in(place, period):
        result.readings.append(read_on(story, place, first, last))
    return result


def warm(on: date | None = None) -> None:
    """Build what the first story needs (the TF-IDF space, each place's candidates of the day) before
    any passenger waits for it: gunicorn's workers call this before they take traffic."""
    from ..clock import today

    _vectorizer()
    for place in ("pe", "sp", "ac", "recife"):
        block(place, on or today(place))
    fitted()
