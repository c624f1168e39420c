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


def test_the_quick_path_folds_as_unicode_decomposition_does():
    """fold() replaces accented Latin letters by a table and keeps inert characters ("º", "§", "–");
    anything else takes the unicodedata path.  Both must give the same text: over every statute
    unit and a fixed sample of mixed scripts, marks typed apart and punctuation."""
    import random

    from knowledge.corpus import all_laws
    from knowledge.text import _fold_slowly

    texts = [t for law in all_laws() for u in law.units() for t in (u.text, u.text.upper())]
    pick = random.Random(20261201)
    blocks = [(32, 126), (0x80, 0x24F), (0x300, 0x36F), (0x370, 0x3000), (0x2000, 0x20D0), (0x900, 0xDFF), (0xAC00, 0xAC10), (0x1100, 0x11FF)]
    texts += ["".join(chr(pick.randint(*pick.choice(blocks))) for _ in range(pick.randint(1, 8))) for _ in range(20000)]
    assert [t for t in texts if fold(t) != _fold_slowly(t)] == []
