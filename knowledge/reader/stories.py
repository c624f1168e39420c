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
4. **Calibration**: the top score, its margin over the second and the top row's own closeness to the
   story (``CALIBRATION``) become a probability that the row is right (Platt scaling fitted on the
   development stories); below the threshold chosen there, the reader says it cannot classify the
   story, and the complaint still goes to the regulator.

5. **Parts**: a story that tells several things ("cobraram de cada um … e foi gente em pé") is also
   read part by part (:func:`parts_of`: its sentences and clauses, cut where knowledge/lexicon.yaml's
   ``partes_do_relato`` says).  Each part is read as a story, with its own calibrated confidence; a
   part's row is kept only at or above ``part_threshold`` (chosen on the development stories for a low
   rate of wrong rows, ``evaluation/fit_reader.py``).  The rows found are deduplicated, at most
   ``MAX_ROWS``: the whole story's first when it clears its threshold, then the parts' by confidence;
   with no part above its threshold the reading is the whole story's, as before.

The fitted numbers live in ``knowledge/reader/fitted.json`` with the hash of what they were fitted
on; ``tests/test_reader.py`` fails when the inputs changed and the file was not refitted.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from ..infractions import Row, catalogue, rows_on
from ..unit_questions import unit_questions
from ..laws import LAWS
from ..text import fold
from .dates import Period
from .words import own_terms, terms

FITTED = Path(__file__).with_name("fitted.json")
FEATURES = ("text", "question_best", "question_top3", "centroid", "told_best", "told_top3", "told_centroid",
            "text_margin", "question_margin", "told_margin", "has_questions")


@dataclass(frozen=True)
class Match:
    row: Row
    score: float  # the ranker's raw score


@dataclass(frozen=True)
class Found:
    """A row the story describes: how sure the reader is of it, and the words it was read from (the
    whole story, or one of its parts)."""

    row: Row
    confidence: float
    part: str  # the words read ("" for the whole story)


# A story names at most this many rows (the form's checkboxes, the chat's list, the API's ``linha`` list).
MAX_ROWS = 5


@dataclass
class Reading:
    """What the reader made of a story in one place, for one wording (one period of the law)."""

    place: str
    on: date  # the day the rows were read for (the period's first day in this wording)
    matches: list[Match]  # best first (the whole story)
    confidence: float  # calibrated probability that matches[0] is the row
    classified: bool  # confidence cleared the threshold
    until: date | None = None  # last day of the period this reading covers
    foreign: bool = False  # not read: the story is not in Portuguese (MIN_PORTUGUESE_SHARE)
    found: tuple[Found, ...] = ()  # every row the story describes: the whole story's, then the parts' by confidence (at most MAX_ROWS)

    @property
    def row(self) -> Row | None:
        """The most confident row found (None: the story is not classified)."""
        return self.found[0].row if self.found else None

    @property
    def rows(self) -> list[Row]:
        return [f.row for f in self.found]


@dataclass
class StoryReading:
    """A story read in one place: one :class:`Reading` per wording the period of the facts covers."""

    place: str
    period: Period | None
    readings: list[Reading] = field(default_factory=list)


def _analyzer(text: str) -> list[str]:
    stems = terms(text)
    return stems + [f"{a}_{b}" for a, b in zip(stems, stems[1:])]


def _vectorizer(told: bool = True) -> TfidfVectorizer:
    """:func:`_space` of ``told``.  Callers write ``_vectorizer()``, ``_vectorizer(False)`` and
    ``_vectorizer(told=False)``: a cache keyed by how it was called holds four entries for two spaces, and with
    room for two the warm-up's last calls pushed out the one the complaint form needs (each rebuilt ~1.3 s)."""
    return _space(bool(told))


@lru_cache(maxsize=2)
def _space(told: bool) -> TfidfVectorizer:
    """The TF-IDF space, fitted on every unit question of the four laws, every row's words and — for the
    reader of stories (``told``) — the passengers' narratives of each row: a word only passengers use must
    have a dimension to match on.  The assistant's confidence model (knowledge/assistant/confidence.py)
    was fitted in the space without the narratives, and reads that one."""
    documents = [q for law_id in LAWS for asked in unit_questions(law_id).values() for q in asked.perguntas]
    # The reader's space reads a row with the words of the article it punishes (Recife art. 45 → art. 44);
    # the confidence model's space stays the one it was fitted in.
    documents += [r.words if told else r.text for place in ("pe", "sp", "ac", "recife") for r in catalogue(place)]
    if told:
        documents += [t for place in ("pe", "sp", "ac", "recife") for r in catalogue(place) for t in r.relatos]
    return TfidfVectorizer(analyzer=_analyzer, sublinear_tf=True).fit(documents)


@dataclass
class Examples:
    """One kind of people's words for the candidates (all their examples, or only the narratives), as a
    matrix: a story is compared with every one at once."""

    vectors: object  # sparse, every example of every candidate, candidate by candidate
    owner: np.ndarray  # candidate index of each example
    texts: list[str]
    sums: object  # sparse, per candidate: the sum of its examples' vectors (centroid before norm)
    counts: np.ndarray  # examples per candidate
    norms: np.ndarray  # per candidate: the length of ``sums`` (the centroid's norm)


@dataclass
class Block:
    """The candidates of one place on one day: their own words, and what people say about them."""

    rows: list[Row]
    texts: object  # sparse, one row per candidate: its words (and heading)
    examples: Examples | None  # questions and narratives
    told: Examples | None  # the narratives alone: told as a story is, they weigh apart
    told_index: np.ndarray  # where each narrative sits among ``examples`` (a story's cosines are computed once)
    has: np.ndarray  # 1.0 for a candidate people say something about


def _examples(vectors, owner: np.ndarray, texts: list[str], n: int) -> Examples | None:
    if not texts:
        return None
    from scipy.sparse import csr_matrix

    membership = csr_matrix((np.ones(len(owner)), (owner, np.arange(len(owner)))), shape=(n, len(owner)))
    sums = membership @ vectors
    norms = np.sqrt(np.asarray(sums.multiply(sums).sum(axis=1)).ravel())
    return Examples(vectors, owner, texts, sums, np.bincount(owner, minlength=n), norms)


@lru_cache(maxsize=64)
def block(place: str, on: date) -> Block:
    rows = rows_on(place, on)
    n = len(rows)
    texts = _vectorizer().transform([r.words + " " + r.heading for r in rows])
    said = [t for r in rows for t in r.examples]
    owner = np.array([i for i, r in enumerate(rows) for _ in r.examples], dtype=int)
    # A row's examples are its questions, then its narratives (Row.examples): the narratives are each run's tail.
    told_index = np.array([start + len(r.questions) + k for start, r in zip(np.cumsum([0] + [len(r.examples) for r in rows]), rows)
                           for k in range(len(r.relatos))], dtype=int)
    vectors = _vectorizer().transform(said) if said else None
    examples = _examples(vectors, owner, said, n)
    told = _examples(vectors[told_index], owner[told_index], [said[j] for j in told_index], n) if len(told_index) else None
    return Block(rows, texts, examples, told, told_index, np.array([1.0 if r.examples else 0.0 for r in rows]))


def _compared(story_vector, sims: np.ndarray, e: Examples | None, n: int, leave_out: str | None) -> np.ndarray:
    """Per candidate: the best, the mean of the three best and the centroid match of its examples
    (zeros for a candidate with none), from the story's cosine with each example (``sims``);
    ``leave_out`` is never compared with."""
    out = np.zeros((n, 3))
    if e is None:
        return out
    sums = (story_vector @ e.sums.T).toarray()[0]
    norms = e.norms.copy()
    if leave_out is not None:
        left = np.array([t == leave_out for t in e.texts])
        for j in np.flatnonzero(left):
            i = e.owner[j]
            rest = e.sums[i] - e.vectors[j]
            sums[i] -= sims[j]
            norms[i] = np.sqrt(rest.multiply(rest).sum())
        sims = np.where(left, -1.0, sims)
    bounds = np.concatenate([[0], np.cumsum(e.counts)])
    for i in range(n):
        own = sims[bounds[i]:bounds[i + 1]]
        own = own[own > -1.0]
        if len(own):
            top = np.sort(own)[::-1]
            out[i] = top[0], top[:3].mean(), sums[i] / norms[i] if norms[i] > 0 else 0.0
    return out


def _margins(values: np.ndarray) -> np.ndarray:
    """Each candidate's value against the best other: the best's lead, or how far behind the best it is."""
    n = len(values)
    if n < 2:
        return np.zeros(n)
    order = np.argsort(values)[::-1]
    best, second = values[order[0]], values[order[1]]
    return np.where(np.arange(n) == order[0], best - second, values - best)


def features(story_vector, place: str, on: date, leave_out: str | None = None) -> np.ndarray:
    """One row of features per candidate of ``block(place, on)`` (FEATURES order).  ``leave_out``: an
    example not to compare with (fitting: an example read as a story is not its own row's evidence)."""
    b = block(place, on)
    n = len(b.rows)
    text = (story_vector @ b.texts.T).toarray()[0]
    sims = (story_vector @ b.examples.vectors.T).toarray()[0] if b.examples is not None else np.zeros(0)
    said = _compared(story_vector, sims, b.examples, n, leave_out)
    told = _compared(story_vector, sims[b.told_index], b.told, n, leave_out)
    return np.column_stack([text, said, told, _margins(text), _margins(said[:, 0]), _margins(told[:, 0]), b.has])


@lru_cache(maxsize=256)
def vector(text: str, told: bool = True):
    """A text in the reader's space (``told``), or in the questions' space the confidence model reads.
    Remembered: one message is weighed against several places' and units' questions (issue #32); the
    matrix is only ever multiplied, never changed."""
    return _vectorizer(told).transform([text])


# -- the fitted numbers ------------------------------------------------------------------------------


def inputs_digest() -> str:
    """What the fit depends on: the features' names, every unit question (the TF-IDF space is fitted on them
    all, not only on the rows'), and every row's words and questions."""
    h = hashlib.sha256(",".join(FEATURES + CALIBRATION).encode())
    for law_id in LAWS:
        for unit_id, asked in sorted(unit_questions(law_id).items()):
            h.update(f"{law_id} {unit_id}|{'|'.join(asked.perguntas)}".encode())
    for place in ("pe", "sp", "ac", "recife"):
        for r in catalogue(place):
            h.update(f"{r.key}|{r.since}|{r.words}|{'|'.join(r.examples)}".encode())
    return h.hexdigest()


@lru_cache(maxsize=1)
def fitted() -> dict:
    if not FITTED.exists():
        raise RuntimeError(f"{FITTED} is missing: run `make fit` (python -m evaluation.fit_reader)")
    return json.loads(FITTED.read_text(encoding="utf-8"))


def _scores(matrix: np.ndarray) -> np.ndarray:
    model = fitted()
    return matrix @ np.array(model["coef"]) + model["intercept"]


# What the calibration reads of the top candidate besides the ranker's score and its lead: how close
# the story is to the row's own words, to the best question and to the best narrative — a story the
# law does not classify is far from all three, whichever row ranks first.
CALIBRATION = ("score", "margin", "text", "question_best", "told_best")


def calibrated(top_features: np.ndarray, top: float, margin: float) -> float:
    """The probability that the top row is right, from its score, its margin over the second and its
    own closeness to the story (``CALIBRATION``)."""
    platt = fitted()["platt"]
    inputs = [top, margin] + [float(top_features[FEATURES.index(name)]) for name in CALIBRATION[2:]]
    z = sum(w * x for w, x in zip(platt["coef"], inputs)) + platt["intercept"]
    return 1.0 / (1.0 + math.exp(-z))


# -- reading -----------------------------------------------------------------------------------------


# The reader was fitted on Portuguese narratives and reads Portuguese stems: a story most of whose words
# it has never seen ("the driver was drunk", "el autobús iba lleno") is not read, rather than matched on
# its one or two Portuguese-looking words ("bus" → a bus-stop row).  Portuguese development stories have
# at least 83 % of their stems in the reader's vocabulary; English and Spanish sentences about 10–25 %.
MIN_PORTUGUESE_SHARE = 0.5


def portuguese_share(story: str) -> float:
    """The share of the story's own stems (not the law's words added for them) the reader's space
    knows; 1.0 for a story with no stem."""
    stems = own_terms(story)
    if not stems:
        return 1.0
    known = _vectorizer(True).vocabulary_
    return sum(1 for stem in stems if stem in known) / len(stems)


def _read_alone(text: str, place: str, on: date) -> tuple[list[Match], float]:
    """A text against the rows of ``place`` in force on ``on``: the candidates best first, and the
    calibrated probability that the first is right."""
    rows = rows_on(place, on)
    matrix = features(vector(text), place, on)
    scores = _scores(matrix)
    order = np.argsort(-scores, kind="stable")
    matches = [Match(rows[i], float(scores[i])) for i in order]
    confidence = calibrated(matrix[order[0]], matches[0].score, matches[0].score - matches[1].score if len(matches) > 1 else 0.0)
    return matches, confidence


def _juncoes() -> tuple[re.Pattern, str, int]:
    from .lexicon import vocabulary

    joiners = re.compile("|".join(f"(?:{j})" for j in vocabulary("juncoes", section="partes_do_relato")))
    return joiners, vocabulary("juncao_simples", section="partes_do_relato"), int(vocabulary("minimo_de_palavras", section="partes_do_relato"))


JOINERS, SIMPLE_JOINER, MIN_PART_STEMS = _juncoes()


def parts_of(story: str) -> list[str]:
    """The story's parts: its sentences, and within each the clauses its joiners start (a bare " e "
    only where both sides keep ``MIN_PART_STEMS`` stems).  Folded and lowercase; parts that say too
    little to be read alone (fewer than ``MIN_PART_STEMS`` stems) are left out.  One part (or none)
    for a story that tells one thing."""
    text = fold((story or "").lower())
    parts: list[str] = []
    for sentence in re.split(r"[.!?;\n]+", text):
        for clause in JOINERS.sub("\x00", sentence).split("\x00"):
            pieces = clause.split(SIMPLE_JOINER)
            current = pieces[0]
            for i, piece in enumerate(pieces[1:], 1):
                rest = SIMPLE_JOINER.join(pieces[i:])
                if len(own_terms(current)) >= MIN_PART_STEMS and len(own_terms(rest)) >= MIN_PART_STEMS and len(own_terms(piece)) >= MIN_PART_STEMS:
                    parts.append(current)
                    current = piece
                else:
                    current = current + SIMPLE_JOINER + piece
            parts.append(current)
    return [p.strip(" ,") for p in parts if len(own_terms(p)) >= MIN_PART_STEMS]


def part_threshold() -> float:
    """The confidence a part's row must reach to be kept (fitted.json; 1.0: parts add nothing)."""
    return float(fitted().get("part_threshold", 1.0))


def read_on(story: str, place: str, on: date, until: date | None = None) -> Reading:
    """The story against the rows of ``place`` in force on ``on``: read whole, then part by part."""
    rows = rows_on(place, on)
    if not rows:
        return Reading(place, on, [], 0.0, False, until)
    if portuguese_share(story) < MIN_PORTUGUESE_SHARE:
        return Reading(place, on, [], 0.0, False, until, foreign=True)
    matches, confidence = _read_alone(story, place, on)
    classified = confidence >= fitted()["threshold"]
    found = [Found(matches[0].row, confidence, "")] if classified else []
    parts = parts_of(story)
    if len(parts) > 1:
        floor = part_threshold()
        for part in parts:
            part_matches, part_confidence = _read_alone(part, place, on)
            if part_confidence >= floor:
                found.append(Found(part_matches[0].row, part_confidence, part))
    best: dict[str, Found] = {}
    for f in found:
        if f.row.key not in best or f.confidence > best[f.row.key].confidence:
            best[f.row.key] = f
    # The whole story's row first when it cleared its threshold (its confidence is calibrated on whole
    # stories; a part's, read alone, runs higher on a short text), then the parts' rows by confidence.
    whole = matches[0].row.key if classified else None
    ordered = sorted(best.values(), key=lambda f: (f.row.key != whole, -f.confidence))[:MAX_ROWS]
    return Reading(place, on, matches, confidence, classified, until, found=tuple(ordered))


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
