"""Evaluation of the assistant and the reader of passengers' stories, outside the test suite.

``make eval`` runs every development set and writes dated figures (evaluation/results/);
``make eval-heldout SET=name`` runs a held-out set once and records its figures with the
commit, after which the set is development data (evaluation/sets.yaml says which is which).
The test suite keeps only fast regression tests; it never reads a held-out set.
"""
