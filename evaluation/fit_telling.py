"""Fit the threshold of knowledge/assistant/telling.py: ``python -m evaluation.fit_telling`` (``make fit``).

Cross-fitted on the law's own data only (five folds, no shuffling: reproducible): every narrative and
every unit question gets a probability from a model that did not see it; the threshold is the lowest
probability that at most QUESTION_RISK of the questions reach.  Writes knowledge/assistant/telling.json
with the inputs' hash and the share of narratives kept at that threshold.
"""

from __future__ import annotations

import json

import numpy as np
from sklearn.model_selection import StratifiedKFold, cross_val_predict

from knowledge.assistant.telling import FITTED, QUESTION_RISK, inputs_digest, new_model, training_data


def main() -> int:
    texts, labels = training_data()
    y = np.array(labels)
    p = cross_val_predict(new_model(), texts, y, cv=StratifiedKFold(5), method="predict_proba")[:, 1]
    questions = np.sort(p[y == 0])
    threshold = float(questions[int(np.ceil((1 - QUESTION_RISK) * len(questions))) - 1])
    kept = float((p[y == 1] >= threshold).mean())
    taken = float((questions >= threshold).mean())
    result = {"threshold": round(threshold, 4), "question_risk": QUESTION_RISK, "inputs_sha256": inputs_digest(),
              "cross_fitted": {"narratives": int((y == 1).sum()), "questions": int((y == 0).sum()),
                               "narratives_kept": round(kept, 4), "questions_taken_for_facts": round(taken, 4)}}
    FITTED.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"telling: threshold {threshold:.4f}; narratives kept {kept:.1%}, questions taken for facts {taken:.1%} ({FITTED})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
