"""Fit the story reader: ``python -m evaluation.fit_reader`` (``make fit``) → knowledge/reader/fitted.json.

1. The ranker's weights: every question written for a row of a fine table (knowledge/statutes/perguntas)
   is read as a story, held out from its own row, against every row of its place in force on that row's
   first day (the right row, or a row with the same words, is the positive); and every development story
   (every stories set of evaluation/sets.yaml that is development data), weighted STORY_WEIGHT.  Logistic regression, lbfgs, no random
   state: the same inputs give the same numbers.
2. The calibration, on the development stories each scored by a ranker fitted without it (5 folds): Platt scaling
   of the top score, its margin over the second and the top row's closeness (stories.CALIBRATION) into the probability that the top row is right (a story the law does not classify
   counts as wrong whatever row comes first).
3. The threshold: the lowest at which, among the stories it would classify, at most ``RISK`` are wrong
   — so the reader says "cannot classify" rather than give a wrong row.
4. The parts' threshold: every development story that tells more than one part (stories.parts_of) has
   each part read alone by the same cross-fitted ranker and the same calibration.  A part's row is
   wrong when the story's case does not accept it (a row the case does not name counts as wrong, even
   where the story may tell a second infraction: the count is of rows the case vouches for).  The
   threshold is the lowest (never below the whole story's) at which at most ``PART_RISK`` of the
   development stories get from their parts a wrong row the whole story's reading did not already give.
The held-out stories are never read here.
"""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "evaluation" / "sets.yaml"


def development_stories() -> list[dict]:
    """Every story of the stories sets that are development data (evaluation/sets.yaml); a held-out set is
    never read."""
    import yaml

    specs = [s for s in yaml.safe_load(SETS.read_text(encoding="utf-8"))["sets"] if s["scorer"] == "stories" and s["status"] == "development"]
    return [case for spec in specs for case in json.loads((ROOT / spec["file"]).read_text(encoding="utf-8"))]
STORY_WEIGHT = 5.0  # a development story counts as five row questions: it is told as passengers tell, they are asked
RISK = 0.05  # at most 5 % of the stories the reader classifies may get a wrong row
PART_RISK = 0.01  # at most 1 % of the development stories may get from their parts a row their case does not vouch for


def training_pairs():
    from knowledge.infractions import catalogue, rows_on
    from knowledge.reader.stories import features, vector

    X, y = [], []
    for place in ("pe", "sp", "ac", "recife"):
        for row in catalogue(place):
            candidates = rows_on(place, row.since)
            for question in row.examples:
                matrix = features(vector(question), place, row.since, leave_out=question)
                X.append(matrix)
                y.append(np.array([1.0 if (c.unit_id == row.unit_id or c.text == row.text) else 0.0 for c in candidates]))
    return np.vstack(X), np.concatenate(y)


def story_period(case: dict):
    from knowledge.reader.dates import Period, facts_period

    today = date.fromisoformat(case.get("today", "2026-12-01"))
    return facts_period(case["story"], today) or Period(today, today, "")


def story_pairs() -> list[tuple[np.ndarray, np.ndarray, list[str], list[str]]]:
    """For each development story: its candidates' features, labels (a row the case accepts), the
    candidates' keys and the accepted keys — read as the product reads it (the date from the story)."""
    from knowledge.infractions import rows_on
    from knowledge.reader.stories import FEATURES, features, vector

    out = []
    for case in development_stories():
        period = story_period(case)
        rows = rows_on(case["place"], period.start)
        accepted = [case["expect"].get("row"), *case["expect"].get("also_acceptable", [])] if case["expect"]["classifiable"] else []
        if not rows:
            out.append((np.zeros((0, len(FEATURES))), np.zeros(0), [], accepted))
            continue
        keys = [r.key for r in rows]
        out.append((features(vector(case["story"]), case["place"], period.start), np.array([1.0 if k in accepted else 0.0 for k in keys]), keys, accepted))
    return out


def part_pairs() -> list[list[tuple[np.ndarray, np.ndarray, list[str], list[str]]]]:
    """For each development story (story_pairs' order): its parts, each in story_pairs' shape — none
    for a story that tells one part."""
    from knowledge.infractions import rows_on
    from knowledge.reader.stories import features, parts_of, portuguese_share, vector

    out = []
    for case in development_stories():
        period = story_period(case)
        rows = rows_on(case["place"], period.start)
        accepted = [case["expect"].get("row"), *case["expect"].get("also_acceptable", [])] if case["expect"]["classifiable"] else []
        parts = parts_of(case["story"])
        if not rows or len(parts) < 2 or portuguese_share(case["story"]) < 0.5:
            out.append([])
            continue
        keys = [r.key for r in rows]
        labels = np.array([1.0 if k in accepted else 0.0 for k in keys])
        out.append([(features(vector(part), case["place"], period.start), labels, keys, accepted) for part in parts])
    return out


def fit_ranker(X, y, stories, weight: float) -> LogisticRegression:
    """The ranker on the row questions, and on the given development stories weighted ``weight`` each pair."""
    parts = [X] + [m for m, _, _, _ in stories if len(m)]
    labels = [y] + [lab for m, lab, _, _ in stories if len(m)]
    weights = [np.ones(len(y))] + [np.full(len(lab), weight) for m, lab, _, _ in stories if len(m)]
    ranker = LogisticRegression(C=1.0, max_iter=3000, class_weight="balanced")
    ranker.fit(np.vstack(parts), np.concatenate(labels), sample_weight=np.concatenate(weights))
    return ranker


def outcome(ranker, story) -> tuple[list[float], bool]:
    """What the calibration reads of a story (CALIBRATION: the top score, its margin, the top row's own
    closeness features) and whether the top row is one the case accepts."""
    from knowledge.reader.stories import CALIBRATION, FEATURES

    matrix, _, keys, accepted = story
    if not len(matrix):
        return [-10.0, 0.0] + [0.0] * (len(CALIBRATION) - 2), False
    scores = ranker.decision_function(matrix)
    order = np.argsort(-scores, kind="stable")
    top = scores[order[0]]
    margin = top - scores[order[1]] if len(order) > 1 else 0.0
    own = [float(matrix[order[0], FEATURES.index(name)]) for name in CALIBRATION[2:]]
    return [float(top), float(margin)] + own, keys[order[0]] in accepted


def top_key(ranker, story) -> str | None:
    """The key of the row the ranker puts first for a story (None: no candidates)."""
    matrix, _, keys, _ = story
    if not len(matrix):
        return None
    return keys[int(np.argsort(-ranker.decision_function(matrix), kind="stable")[0])]


def cross_fitted_outcomes(X, y, stories, folds: int = 5, parts=None) -> list[tuple[list[float], bool]]:
    """Each development story scored by a ranker fitted without it (its fold): honest input for the
    calibration, so the threshold is not chosen on stories the ranker has seen.  With ``parts``
    (part_pairs), each story's parts are scored by the same ranker: returned second."""
    out: list = [None] * len(stories)
    part_out: list = [[] for _ in stories]
    for k in range(folds):
        train = [s for i, s in enumerate(stories) if i % folds != k]
        ranker = fit_ranker(X, y, train, STORY_WEIGHT)
        for i, story in enumerate(stories):
            if i % folds == k:
                out[i] = outcome(ranker, story)
                if parts is not None:
                    part_out[i] = [(*outcome(ranker, part), top_key(ranker, part)) for part in parts[i]]
                    out[i] = (*out[i], top_key(ranker, story))
    return (out, part_out) if parts is not None else out


def choose_threshold(probabilities: list[float], right: list[bool], risk_target: float = RISK) -> tuple[float, list[tuple[float, float, float]]]:
    """The lowest threshold whose classified stories are at most ``risk_target`` wrong, and the risk–coverage curve."""
    curve, chosen = [], None
    for threshold in sorted(set(round(p, 4) for p in probabilities)):
        kept = [ok for p, ok in zip(probabilities, right) if p >= threshold]
        risk = 1 - sum(kept) / len(kept) if kept else 0.0
        curve.append((threshold, len(kept) / len(right), risk))
        if chosen is None and kept and risk <= risk_target:
            chosen = threshold
    return (chosen if chosen is not None else 1.0), curve


def _added_by_parts(story_outcome, probability: float, threshold: float, parts, part_probabilities, at: float) -> tuple[bool, bool, bool]:
    """For one story at part threshold ``at``: whether its parts add a row the whole reading did not give,
    whether one such row is wrong, and whether the right row came only from them."""
    _, whole_ok, whole_key = story_outcome
    given = {whole_key} if probability >= threshold else set()
    added = [(ok, key) for (_, ok, key), p in zip(parts, part_probabilities) if p >= at and key not in given]
    rescued = any(ok for ok, _ in added) and not (whole_ok and probability >= threshold)
    return bool(added), any(not ok for ok, _ in added), rescued


def choose_part_threshold(outcomes, probabilities, threshold: float, part_outcomes, platt) -> tuple[float, dict]:
    """The lowest part threshold (at least the whole story's) at which at most PART_RISK of the
    development stories get a wrong row from their parts; and what the parts add there."""
    per_story = [[float(p) for p in platt.predict_proba(np.array([o[0] for o in parts]))[:, 1]] if parts else [] for parts in part_outcomes]
    candidates = sorted({round(p, 4) for ps in per_story for p in ps if p >= threshold}) + [1.0001]
    chosen, figures = 1.0001, {}
    for at in candidates:
        counts = [_added_by_parts(o, p, threshold, parts, ps, at) for o, p, parts, ps in zip(outcomes, probabilities, part_outcomes, per_story)]
        wrong = sum(w for _, w, _ in counts)
        if wrong <= PART_RISK * len(outcomes):
            chosen = at
            figures = {"stories_given": sum(g for g, _, _ in counts), "stories_wrong": wrong, "stories_rescued": sum(r for _, _, r in counts)}
            break
    return min(chosen, 1.0), figures or {"stories_given": 0, "stories_wrong": 0, "stories_rescued": 0}


def main() -> int:
    from knowledge.reader.stories import CALIBRATION, FEATURES, FITTED, inputs_digest

    X, y = training_pairs()
    stories = story_pairs()
    parts = part_pairs()
    outcomes, part_outcomes = cross_fitted_outcomes(X, y, stories, parts=parts)
    ranker = fit_ranker(X, y, stories, STORY_WEIGHT)
    coef, intercept = ranker.coef_[0], float(ranker.intercept_[0])
    scores = np.array([o[0] for o in outcomes])
    right = [o[1] for o in outcomes]
    platt = LogisticRegression(C=1e6, max_iter=2000).fit(scores, right)
    weights, b = [float(w) for w in platt.coef_[0]], float(platt.intercept_[0])
    probabilities = [float(p) for p in platt.predict_proba(scores)[:, 1]]
    threshold, curve = choose_threshold(probabilities, right)
    kept = [ok for p, ok in zip(probabilities, right) if p >= threshold]
    part_threshold, added = choose_part_threshold(outcomes, probabilities, threshold, part_outcomes, platt)
    result = {
        "features": list(FEATURES),
        "coef": [round(float(c), 6) for c in coef],
        "intercept": round(intercept, 6),
        "platt": {"inputs": list(CALIBRATION), "coef": [round(w, 6) for w in weights], "intercept": round(b, 6)},
        "threshold": round(threshold, 4),
        "risk_target": RISK,
        "part_threshold": round(part_threshold, 4),
        "part_risk_target": PART_RISK,
        "story_weight": STORY_WEIGHT,
        "inputs_sha256": inputs_digest(),
        "training": {"question_pairs": int(len(y)), "positives": int(y.sum()), "development_stories": len(stories)},
        "development_cross_fitted": {
            "stories": len(right),
            "top_row_right": sum(right),
            "classified": len(kept),
            "classified_wrong": len(kept) - sum(kept),
            "risk_coverage": [[round(t, 4), round(c, 3), round(r, 3)] for t, c, r in curve[:: max(1, len(curve) // 12)]],
        },
        "development_parts_cross_fitted": {
            "stories_with_parts": sum(1 for story in part_outcomes if story),
            "parts": sum(len(story) for story in part_outcomes),
            "stories_given_a_row_by_parts": added["stories_given"],
            "stories_given_a_wrong_row_by_parts": added["stories_wrong"],
            "stories_whose_right_row_only_parts_found": added["stories_rescued"],
        },
    }
    FITTED.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"fitted on {len(y)} question pairs and {len(stories)} stories; development stories (cross-fitted): top row right "
          f"{sum(right)}/{len(right)}, classified {len(kept)} of which wrong {len(kept) - sum(kept)} at threshold {threshold:.3f}; "
          f"parts add a row to {added['stories_given']} stories (a wrong one to {added['stories_wrong']}, the right one only they found to "
          f"{added['stories_rescued']}) at {part_threshold:.3f} "
          f"→ {FITTED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
