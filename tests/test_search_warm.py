"""A worker reads every term's scores at boot (issue #32: distinct questions, a fresh worker),
and the answers stay exactly those of a cold index: the same units, order, scores and snippets."""

from __future__ import annotations

from search_index import SearchIndex
from search_index.querying import FIELD_WEIGHTS

# Questions of every kind the engine handles: plain words, a typo, a synonym phrase, a fine
# table ("multa por …"), a place named, an English-looking one, and one with no known word.
QUESTIONS = [
    "validade do certificado de registro", "fretameto turistico", "inspeção veicular anual", "multa por falta de seguro",
    "passageiros em pé no recife", "onibus com mais de dez anos", "bus charter", "zzqxw", "prazo para recorrer da autuação",
]


def _answer(response) -> tuple:
    return (response.total, response.suggestion, response.corrected, tuple(response.terms),
            tuple((h.law, h.unit, h.score, h.snippet, tuple(h.units)) for h in response.hits))


def test_warm_scores_are_whooshs_own(index_dir):
    """Every term of the searched fields gets, warmed, the BM25F score Whoosh's matcher gives each unit."""
    index = SearchIndex.open(index_dir)
    warmed = index.warm()
    searcher = index._searcher
    reader = searcher.reader()
    checked = 0
    for fieldname in FIELD_WEIGHTS:
        for btext in reader.lexicon(fieldname):
            matcher = searcher.postings(fieldname, btext, weighting=index._scorer._weighting)
            expected = {}
            while matcher.is_active():
                expected[matcher.id()] = matcher.score()
                matcher.next()
            assert index._scorer.term_scores(fieldname, btext.decode()) == expected, (fieldname, btext)
            checked += 1
    assert warmed == checked > 1000


def test_a_warmed_index_answers_as_a_cold_one(index_dir):
    cold = SearchIndex.open(index_dir)
    warm = SearchIndex.open(index_dir)
    warm.warm()
    for question in QUESTIONS:
        for filters in ({}, {"jurisdiction": "pe"}, {"include_history": True, "limit": 20}):
            assert _answer(warm.search(question, **filters)) == _answer(cold.search(question, **filters)), (question, filters)
    assert any(warm.search(q).hits for q in QUESTIONS)


def test_the_portal_warms_its_search_once_per_worker(app, tmp_path):
    """gunicorn.conf.py calls portal.search.warm(app) after the worker's warm-up; an app without
    a search service (the benchmarks' bare Flask floor uses the same gunicorn.conf.py) or without
    an index yet (a fresh install: searches answer 503 until one is built) is left alone."""
    from flask import Flask

    from app import create_app
    from portal.search import warm

    assert warm(app) > 1000
    response = app.test_client().get("/api/v1/search?q=validade+do+certificado+de+registro")
    assert response.status_code == 200 and response.get_json()["results"]
    assert warm(Flask("floor")) == 0
    (tmp_path / "empty").mkdir()
    unbuilt = create_app({"DATA_DIR": str(tmp_path / "data"), "INDEX_DIR": str(tmp_path / "empty"), "TESTING": True})
    assert warm(unbuilt) == 0
    assert unbuilt.test_client().get("/api/v1/search?q=multa").status_code == 503


def test_a_hits_units_are_every_matching_unit_best_first(search_index):
    """``SearchHit.units`` (read by the assistant, made when first read): each hit's own unit
    first, every unit of its article the query matched, scores descending, each read the same twice."""
    response = search_index.search("validade do certificado de registro cadastral")
    assert response.hits
    for hit in response.hits:
        units = hit.units
        assert units[0] == (hit.unit, hit.score)
        assert [score for _unit, score in units] == sorted((score for _unit, score in units), reverse=True)
        assert len({unit for unit, _score in units}) == len(units)
        assert hit.units is units


def test_a_slow_warm_up_keeps_its_worker_alive_and_a_hung_one_does_not(monkeypatch):
    """gunicorn.conf.py: while a worker warms up, a thread tells the arbiter it is alive (a single
    warm-up step can outlast ``timeout`` on a loaded machine), and stops after its limit."""
    import runpy
    import threading
    import time
    from pathlib import Path

    conf = runpy.run_path(str(Path(__file__).resolve().parents[1] / "gunicorn.conf.py"))

    class Worker:
        def __init__(self):
            self.beats = 0

        def notify(self):
            self.beats += 1

    worker = Worker()
    with conf["_heartbeat"](worker, interval=0.05):
        time.sleep(0.5)  # a warm-up step that never calls notify() itself
    after = worker.beats
    assert after >= 5
    time.sleep(0.2)
    assert worker.beats == after  # stopped with the warm-up
    hung = Worker()
    beat = conf["_heartbeat"](hung, interval=0.05, limit=0.2)
    beat.__enter__()
    time.sleep(0.6)
    assert 2 <= hung.beats <= 6 and not beat.thread.is_alive()  # gave up at its limit: the arbiter may kill it
    beat.__exit__(None, None, None)
    assert not any(t.name == "warm-up heartbeat" for t in threading.enumerate())
