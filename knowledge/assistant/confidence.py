"""How sure the assistant is that the unit it is about to state answers the question asked.

The ranker (law.py) always has a best unit; it is often a unit *of the right kind* on another
subject — a fine when the question was an insurance amount, a notice period when it was an
inspection cycle.  Stating that number with a citation is the worst answer a legal service can
give, so before stating it the assistant asks this model how likely it is right, and below the
threshold it says the law does not answer rather than guess.

The model is a logistic regression over what the ranker measured of its best candidate (law.py's
features: search match, kind, focus, coverage, conditions, the closest of the unit's questions …),
the lead of that candidate over the next unit of the same law, and the kind asked.  It is fitted on
the development questions only (evaluation/fit_law.py: every answer the assistant gave there, right
or wrong, every silent-law question it answered); its raw score is calibrated by Platt scaling on
cross-fitted scores, and the threshold is the lowest at which at most 2 % of the development answers
kept are wrong.  The numbers live in ``confidence.json`` (no model downloaded, none from elsewhere).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from .kinds import by_unit

FITTED = Path(__file__).with_name("confidence.json")
# What the ranker measures of each candidate (law.py), then what sets it apart from the others.
RANK_FEATURES = ("lexical", "kind", "focus", "coverage", "condition", "condition_fails", "tipo", "asked",
                 "other_value", "other_act", "untelling", "sanction_row")
KINDS = ("valor", "prazo", "limite", "documentos", "permissao", "quem", None)  # kinds.question_kind
# What a wrong answer costs, in abstentions: the threshold is the one that costs least on the development
# answers.  The aim is at most 2 % wrong among the answers kept; on the development questions
# that point keeps only ~60 % of the answers (it abstains on ~300 right answers to avoid ~80 wrong ones;
# confidence.json records the whole risk–coverage curve).  A wrong number with a citation is the worst
# answer, so a wrong answer counts three times an abstention (which still links the nearest passage).
WRONG_COST = 3.0
# Without a place each place's line sits beside the others' and the place is asked: a line is kept when
# it is more likely right than wrong.
LINE_THRESHOLD = 0.5


def features(kind: str | None, best: dict, best_score: float, next_score: float | None, top_hit: float, no_place: bool,
             likeness: tuple[float, float] = (0.0, 0.0), unsaid: tuple[float, float] = (0.0, 0.0)) -> list[float]:
    """The model's inputs for the best candidate (``best``: its law.py features); ``no_place``: the question
    named no place (each place's best unit is then one line beside the others'); ``likeness``: how
    like the question is to one of the unit's own questions, and by how much more than to any other
    unit's of that law (question_likeness); ``unsaid``: how much of what the question names the unit never
    says (unsaid_share)."""
    row = [float(best.get(name, 0.0)) for name in RANK_FEATURES] + [1.0 if no_place else 0.0, *likeness, *unsaid]
    lead = best_score - next_score if next_score is not None else 1.0
    row += [best_score, lead, math.log1p(max(top_hit, 0.0)), 1.0 if kind in ("valor", "prazo", "limite") else 0.0]
    row += [1.0 if kind == k else 0.0 for k in KINDS]
    return row


NAMES = RANK_FEATURES + ("no_place", "likeness", "likeness_lead", "unsaid", "unsaid_rarest", "score", "lead", "search", "value_kind") + tuple(f"kind={k}" for k in KINDS)


@lru_cache(maxsize=8)
def _questions_of(law_id: str):
    """Every unit question of a law in the questions' TF-IDF space (knowledge/reader/stories.py, without
    the narratives: the space this model was fitted in), with the unit each belongs to."""
    import numpy as np

    from ..reader.stories import _vectorizer
    from ..unit_questions import unit_questions

    owners, texts = [], []
    for unit_id, asked in unit_questions(law_id).items():
        owners += [unit_id] * len(asked.perguntas)
        texts += list(asked.perguntas)
    return _vectorizer(told=False).transform(texts), np.array(owners)


def warm() -> None:
    """Load the fitted numbers and every law's questions in the reader's space (at a worker's boot, before
    traffic: the first question of the day waits no longer than the next)."""
    from ..laws import LAWS

    fitted()
    _rarity()
    for law_id in LAWS:
        _questions_of(law_id)
        _background(law_id)


def question_likeness(query: str, law_id: str, unit_id: str) -> tuple[float, float]:
    """(the best cosine of the question with one of the unit's questions, that minus the best with any
    other unit's of the same law) — the question resembles what people ask of this unit, and of no
    other more."""
    from ..reader.stories import vector

    matrix, owners = _questions_of(law_id)
    if not len(owners):
        return 0.0, 0.0
    cosines = (matrix @ vector(query, told=False).T).toarray().ravel()
    mine = owners == unit_id
    own = float(cosines[mine].max()) if mine.any() else 0.0
    other = float(cosines[~mine].max()) if (~mine).any() else 0.0
    return own, own - other


@lru_cache(maxsize=1)
def _rarity() -> tuple[dict[str, float], float]:
    """Each word stem's inverse document frequency among the unit questions (the questions' TF-IDF space),
    and the highest: a stem few questions use names something specific ("despesa médica", "carro")."""
    from ..reader.stories import _vectorizer

    space = _vectorizer(told=False)
    idf = {term: float(space.idf_[i]) for term, i in space.vocabulary_.items() if "_" not in term}
    return idf, max(idf.values())


@lru_cache(maxsize=8)
def _background(law_id: str) -> frozenset[str]:
    """Stems every unit of the law speaks of without saying them: the place, its regulator and the names
    people give them (lexicon), and what the law governs (its first article)."""
    from ..corpus import load_law
    from ..places import PLACES
    from ..reader.lexicon import vocabulary
    from ..reader.words import terms

    words = []
    aliases = vocabulary("place_aliases")
    for place in PLACES.values():
        if place.law_id == law_id:
            words += [place.name, place.agency_acronym, place.agency_name, *aliases.get(place.id, [])]
    first = load_law(law_id).by_id.get("art-1")
    if first is not None:
        words += [u.text for u in first.walk()]
    return frozenset(terms(" ".join(words)))


@by_unit
def _unit_stems(unit) -> frozenset[str]:
    """The stems of what a unit says: its words (acronyms spelled out), its caput's, its items', and what
    people ask that it answers."""
    from ..reader.words import terms
    from .kinds import people_words, spelled, texts

    said = [spelled(unit), people_words(unit)] + [texts(a) for a in unit.ancestors()] + [texts(c) for c in unit.walk()]
    return frozenset(terms(" ".join(said))) | _background(unit.law_id)


def _stems_of(law_id: str, unit_id: str, unit=None) -> frozenset[str] | None:
    """:func:`_unit_stems` of the unit given (a past day's wording among them), or of today's unit of that id."""
    from ..corpus import UnknownUnit, resolve

    if unit is None:
        try:
            unit = resolve(law_id, unit_id)[1]
        except UnknownUnit:  # a recorded candidate of a past day's wording
            return None
    return _unit_stems(unit)


# Stems this long or longer match by prefix: "fretado" → "fret" is said by "fretamento" → "fretament".
PREFIX_STEM = 4


def _said_in(stem: str, have: frozenset[str]) -> bool:
    if stem in have:
        return True
    if len(stem) < PREFIX_STEM:
        return False
    return any(len(h) >= PREFIX_STEM and (h.startswith(stem) or stem.startswith(h)) for h in have)


def unsaid_share(query: str, law_id: str, unit_id: str, unit=None) -> tuple[float, float]:
    """(the share, weighed by rarity, of the question's word stems the unit never says; the rarity of the
    rarest of them, 0–1).  A unit of the right kind on another subject — death insurance when medical
    expenses were asked, the micro-ônibus' fee when a car's was — leaves the question's specific words
    unsaid; a typo or a word no question uses has no rarity and does not count."""
    from ..reader.words import terms

    idf, rarest = _rarity()
    asked = [s for s in dict.fromkeys(terms(query)) if s in idf]
    if not asked:
        return 0.0, 0.0
    have = _stems_of(law_id, unit_id, unit)
    if have is None:
        return 0.0, 0.0
    absent = [s for s in asked if not _said_in(s, have)]
    return sum(idf[s] for s in absent) / sum(idf[s] for s in asked), max((idf[s] for s in absent), default=0.0) / rarest


@lru_cache(maxsize=1)
def fitted() -> dict | None:
    """The fitted numbers, or None before the first fit (then every answer is given, as before)."""
    if not FITTED.exists():
        return None
    return json.loads(FITTED.read_text(encoding="utf-8"))


def probability(row: list[float]) -> float:
    model = fitted()
    if model is None:
        return 1.0
    raw = model["intercept"] + sum(w * (x - m) / s for w, x, m, s in zip(model["weights"], row, model["mean"], model["scale"]))
    a, b = model["platt"]
    return 1.0 / (1.0 + math.exp(-(a * raw + b)))


def threshold(line: bool = False) -> float:
    """Under this, the best unit is not stated: for an answer (a place named, or the only place whose law
    answers), or for one line of a side-by-side answer (``line``)."""
    model = fitted()
    if model is None:
        return 0.0
    return LINE_THRESHOLD if line else model["threshold"]


def confidence_of(kind: str | None, ranked: list, law_id: str, top_hit: float, no_place: bool, query: str = "") -> float:
    """The calibrated probability that the best of ``law_id`` among ``ranked`` (law.Candidate, best
    first) is the unit that answers; ``top_hit``: the search's best score in that law."""
    own = [c for c in ranked if c.law == law_id]
    if not own:
        return 0.0
    best = own[0]
    # A twin (the same measures: Recife's art. 36 formula put just ahead of the group it computes) is the
    # same answer, not a rival.
    following = next((c.score for c in own[1:] if c.unit is not best.unit and c.features != best.features), None)
    if fitted() is None:
        return 1.0
    from .kinds import twin_today

    # A past day's wording is weighed against the questions filed under today's unit that says the same.
    twin = twin_today(best.unit)
    likeness = question_likeness(query, best.law, twin.id) if query and twin is not None else (0.0, 0.0)
    unsaid = unsaid_share(query, best.law, best.unit.id, best.unit) if query else (0.0, 0.0)
    return probability(features(kind, best.features, best.score, following, top_hit, no_place, likeness, unsaid))


# -- fitting (evaluation/fit_law.py calls this; scikit-learn only here) -----------------------------------------


def rescored(candidates: list[dict], weights: dict[str, float] | None) -> list[dict]:
    """A recorded ranking call's candidates scored with ``weights`` (the ranker being fitted), best first."""
    if weights is None:
        return candidates
    from .ranker import score

    return sorted(({**c, "score": score(c["features"], weights)} for c in candidates), key=lambda c: -c["score"])


def training_rows(records, weights: dict[str, float] | None = None) -> tuple[list[list[float]], list[int], list[str], list[bool]]:
    """(inputs, 1 when right, case id) for every answer the ranker gives on the development questions.

    With no place named, each place's best unit is a line of a side-by-side answer: right when it is the
    unit the case expects for that place (a place the case does not list does not answer); the last list
    says which rows these are.  With a
    place, the best unit is the answer: right when its unit, value and silence were not wrong — when
    ``weights`` (a ranker being fitted) put another unit first, right when that unit answers (and never
    for a silent-law question)."""
    from .ranker import answer_sets

    rows, labels, groups, lines = [], [], [], []
    for record in records:
        score, expect = record["score"], record["expect"]
        accepted = answer_sets(record)
        given = record["cited"][0] if record["cited"] else None
        for call in record["calls"]:
            candidates = rescored(call["candidates"], weights)
            if not candidates:
                continue
            best = candidates[0]
            key = f"{best['law']} {best['unit']}"
            if expect.get("per_place"):
                right = key in accepted
            elif score.get("answered") and given is not None and given.split(" ")[0] == best["law"]:
                measured = any(score.get(k) is not None for k in ("unit", "value", "silent"))
                if key == given and measured:
                    right = score.get("unit") is not False and score.get("value") is not False and score.get("silent") is not False
                elif expect.get("silent"):
                    right = False
                elif expect.get("unit"):
                    right = key in accepted
                else:
                    continue  # nothing measured of this answer
            else:
                continue
            following = next((c["score"] for c in candidates[1:] if c["unit"] != best["unit"] and c["features"] != best["features"]), None)
            no_place = bool(expect.get("ask_place"))
            asked = call.get("query") or record.get("query")
            likeness = question_likeness(asked, best["law"], best["unit"]) if asked else (0.0, 0.0)
            unsaid = unsaid_share(asked, best["law"], best["unit"]) if asked else (0.0, 0.0)
            rows.append(features(call["kind"], best["features"], best["score"], following, call["top_hit"], no_place, likeness, unsaid))
            lines.append(no_place)
            labels.append(1 if right else 0)
            groups.append(record["id"])
    return rows, labels, groups, lines


def fit_from_records(path: Path | list[Path]) -> str:
    """Fit the ranker's weights (ranker.py), then this model on the answers that ranker gives."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold

    from .ranker import fit_weights

    records = [json.loads(line) for p in ([path] if isinstance(path, Path) else path)
               for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    weights, said = fit_weights(records)
    rows, labels, groups, lines = training_rows(records, weights)
    X, y = np.array(rows), np.array(labels)
    mean, scale = X.mean(axis=0), X.std(axis=0)
    scale[scale == 0] = 1.0
    Z = (X - mean) / scale

    def model():
        return LogisticRegression(C=0.5, max_iter=2000)

    # Cross-fitted raw scores: each answer scored by a model that did not see its case.
    raw = np.zeros(len(y))
    for train, test in GroupKFold(n_splits=5).split(Z, y, groups):
        raw[test] = model().fit(Z[train], y[train]).decision_function(Z[test])
    platt = LogisticRegression(C=1e6, max_iter=2000).fit(raw.reshape(-1, 1), y)
    a, b = float(platt.coef_[0][0]), float(platt.intercept_[0])
    p = 1.0 / (1.0 + np.exp(-(a * raw + b)))
    # The threshold that costs least on the answers to questions naming a place, a wrong answer costing
    # WRONG_COST abstentions (see WRONG_COST for why not the 2 % point itself).
    named = ~np.array(lines)
    chosen, best_cost = 0.0, float("inf")
    for t in sorted(set(np.round(p[named], 4))):
        kept = named & (p >= t)
        cost = WRONG_COST * float((1 - y[kept]).sum()) + float(y[named & (p < t)].sum())
        if cost < best_cost:
            chosen, best_cost = float(t), cost
    # The risk–coverage curve of the development answers, for the record.
    curve = []
    order = np.argsort(-p[named])
    wrong = np.cumsum(1 - y[named][order])
    for risk in (0.02, 0.03, 0.05, 0.07):
        ok = np.where(wrong / np.arange(1, len(order) + 1) <= risk)[0]
        curve.append({"risk": risk, "coverage": round(float((ok.max() + 1) / len(order)) if len(ok) else 0.0, 3)})
    kept_final = named & (p >= chosen)
    final = model().fit(Z, y)
    FITTED.write_text(json.dumps({
        "inputs": NAMES, "weights": [round(float(w), 6) for w in final.coef_[0]], "intercept": round(float(final.intercept_[0]), 6),
        "mean": [round(float(m), 6) for m in mean], "scale": [round(float(s), 6) for s in scale],
        "platt": [round(a, 6), round(b, 6)], "threshold": round(chosen, 4), "wrong_cost": WRONG_COST,
        "kept": {"answers": int(kept_final.sum()), "of": int(named.sum()), "wrong": int((1 - y[kept_final]).sum())},
        "risk_coverage": curve,
        "fitted_on": {"answers": int(len(y)), "right": int(y.sum()), "cases": len(set(groups))},
    }, indent=1) + "\n", encoding="utf-8")
    fitted.cache_clear()
    kept = named & (p >= chosen)
    line_kept = ~named & (p >= LINE_THRESHOLD)
    return said + "\n" + (f"{len(y)} respostas ({int(y.sum())} certas) de {len(set(groups))} casos. Com lugar: {int(named.sum())}, limiar {chosen:.3f}, "
            f"mantidas {int(kept.sum())} ({kept.sum() / max(named.sum(), 1):.0%}), erradas entre elas {int((1 - y[kept]).sum())}. "
            f"Sem lugar (linhas lado a lado): {int((~named).sum())}, mantidas {int(line_kept.sum())}, erradas entre elas {int((1 - y[line_kept]).sum())}, "
            f"certas descartadas {int((y[~named & (p < LINE_THRESHOLD)]).sum())}")
