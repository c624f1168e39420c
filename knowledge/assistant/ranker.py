"""The weights law.py ranks candidate units with, and the fit that may replace them.

law.py measures, for every unit the search found, how it relates to the question (its search match,
the kind of answer its words carry, the focus and coverage of what was asked, whether its condition
holds, how close the question is to one the unit answers …).  How much each measure counts lives in
``ranker.json``, not in code.  ``make fit`` (evaluation/fit_law.py) fits a logistic regression on the
development questions — which candidate was the answering unit — and measures, on the same ranking
calls, how often the first candidate is the answer with the fitted weights (out of fold: each call
ranked by a model that never saw its case) and with the reviewed weights already in the file
(``hand_weights``, set over the earlier rounds on the same questions, so their figure is in-sample and
flattering).  The fitted weights are used only when they rank better even so; the file says which are
in use and both figures.  Weights are divided by the search match's, so a score stays in units of "the
best article's search match" and law.py's shares (a side-by-side place at half the best, a "veja
também" at 0.6) keep their meaning.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

FITTED = Path(__file__).with_name("ranker.json")
# What law.rank measures of each candidate, in this order.
MEASURES = ("lexical", "kind", "focus", "coverage", "condition", "condition_fails", "tipo", "asked", "other_value",
            "other_act", "untelling", "sanction_row", "position")


@lru_cache(maxsize=1)
def weights() -> dict[str, float]:
    data = json.loads(FITTED.read_text(encoding="utf-8"))
    return dict(zip(data["measures"], data["weights"]))


def score(features: dict[str, float], fitted: dict[str, float] | None = None) -> float:
    w = fitted or weights()
    return sum(w[name] * value for name, value in features.items() if name in w)


def answer_sets(record: dict) -> set[str]:
    """The units that answer a recorded development case ("law unit"), for one place or each place."""
    expect = record["expect"]
    if expect.get("unit"):
        return {expect["unit"], *expect.get("also_acceptable", [])}
    return set((expect.get("per_place") or {}).values())


def fit_weights(records: list[dict]) -> tuple[dict[str, float], str]:
    """Fit the weights on the candidates of every ranking call whose answering unit is among them."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold

    X, y, groups, calls = [], [], [], []
    for record in records:
        accepted = answer_sets(record)
        if not accepted:
            continue
        for call in record["calls"]:
            keys = [f"{c['law']} {c['unit']}" for c in call["candidates"]]
            if not any(k in accepted for k in keys):
                continue
            rows = [[c["features"].get(m, 0.0) for m in MEASURES] for c in call["candidates"]]
            labels = [1 if k in accepted else 0 for k in keys]
            calls.append((record["id"], np.array(rows), np.array(labels)))
            X += rows
            y += labels
            groups += [record["id"]] * len(rows)
    X, y = np.array(X), np.array(y)

    def model():
        return LogisticRegression(C=1.0, max_iter=3000)

    # Out-of-fold: the share of calls whose first candidate is the answering unit, each call ranked by a
    # model that never saw its case.
    firsts, splitter = [], GroupKFold(n_splits=5)
    case_ids = np.array([c[0] for c in calls])
    for train_calls, test_calls in splitter.split(case_ids, groups=case_ids):
        train = set(case_ids[train_calls])
        mask = np.array([g in train for g in groups])
        fitted = model().fit(X[mask], y[mask])
        firsts += [calls[i][2][np.argmax(fitted.decision_function(calls[i][1]))] for i in test_calls]
    final = model().fit(X, y)
    coef = final.coef_[0]
    scale = coef[MEASURES.index("lexical")]
    fitted_weights = {m: round(float(w / scale), 4) for m, w in zip(MEASURES, coef)}
    current = json.loads(FITTED.read_text(encoding="utf-8"))
    hand = dict(zip(current["measures"], current["hand_weights"]))
    hand_firsts = [labels[int(np.argmax([score(dict(zip(MEASURES, r)), hand) for r in rows]))] for _, rows, labels in calls]
    fitted_share, hand_share = float(np.mean(firsts)), float(np.mean(hand_firsts))
    chosen = "fitted" if fitted_share > hand_share else "hand"
    in_use = fitted_weights if chosen == "fitted" else hand
    FITTED.write_text(json.dumps({
        "measures": list(MEASURES), "weights": [in_use[m] for m in MEASURES], "chosen": chosen,
        "hand_weights": [hand[m] for m in MEASURES], "fitted_weights": [fitted_weights[m] for m in MEASURES],
        "first_is_answer": {"hand_in_sample": round(hand_share, 4), "fitted_out_of_fold": round(fitted_share, 4)},
        "fitted_on": {"calls": len(calls), "candidates": int(len(y)), "cases": len(set(case_ids))},
    }, indent=1) + "\n", encoding="utf-8")
    weights.cache_clear()
    return in_use, (f"ranker: {len(calls)} buscas; primeiro candidato certo: pesos revisados {hand_share:.1%} (na amostra), "
                    f"ajustados {fitted_share:.1%} (fora da dobra) — em uso: {chosen}")
