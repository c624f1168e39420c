"""knowledge.text.fold: the one accent folding shared by the assistant and the search index."""

from knowledge.assistant import text as assistant_text
from knowledge.text import fold
from search_index import analysis


def test_assistant_and_search_use_the_same_fold():
    assert assistant_text.fold is fold
    assert analysis.fold is fold


def test_fold_removes_portuguese_accents_only():
    assert fold("Autorização ÔNIBUS rodoviária pé à vôo") == "Autorizacao ONIBUS rodoviaria pe a voo"
    assert fold("Lei 16.205/2017, art. 3º, § 3º") == "Lei 16.205/2017, art. 3º, § 3º"


def test_fold_strips_a_combining_accent_typed_separately():
    assert fold("autorizac\u0327a\u0303o") == "autorizacao"


def test_fold_keeps_letters_that_decompose_into_letters():
    # The assistant's former copy returned Hangul syllables as loose jamo (NFD without
    # recomposing); the shared fold recomposes, so only accents ever change.
    assert fold("한국 버스") == "한국 버스"
    assert fold("ো") == "ো"  # Bengali vowel sign O: two spacing marks (Mc), not an accent
