"""Spelling suggestions only for words that are not Portuguese (issue 11), and fines found by what they punish."""

from __future__ import annotations

import re

import pytest

from search_index import analysis, spelling


@pytest.mark.parametrize("query", ["cinto", "onibus sem cinto", "motorista correndo demais", "o motorista esta bebendo"])
def test_real_words_are_never_corrected(search_index, query):
    assert spelling.available(), "the Brazilian Portuguese word list (Debian wbrazilian) is installed by scripts/install-wordlist.sh"
    response = search_index.search(query)
    assert response.suggestion is None and not response.corrected


@pytest.mark.parametrize("query, suggestion", [("vistora", "vistoria"), ("como liberar onibus aprendido pela epti", "como liberar onibus apreendido pela epti")])
def test_typos_get_a_suggestion(search_index, query, suggestion):
    assert search_index.search(query).suggestion == suggestion


def test_a_suggested_word_the_person_did_not_type_is_not_highlighted(search_index):
    response = search_index.search("onibus aprendido")
    assert response.suggestion == "onibus apreendido" and response.hits
    marked = [m for h in response.hits for m in re.findall(r"<mark>(.*?)</mark>", h.snippet)]
    assert marked and not any(analysis.stem(analysis.words(m)[0]) == analysis.stem("apreendido") for m in marked)


def test_without_the_word_list_no_suggestion_is_made(search_index, monkeypatch, tmp_path):
    monkeypatch.setenv("PORTAL_WORDLIST", str(tmp_path / "absent"))
    assert not spelling.available()
    assert search_index.search("vistora").suggestion is None


def test_a_fine_for_missing_inspection_is_in_the_top_results(search_index):
    # SP Regulamento, art. 37, III, b): "utilizar em serviço veículo sem documento de vistoria válido" (200% do MVR)
    units = [(h.law, h.unit) for h in search_index.search("multa por falta de vistoria", limit=10).hits]
    assert ("sp-decreto-29912-1989", "art-37/inc-3/ali-b") in units[:5]


def test_each_hit_lists_the_matching_units_of_its_article(search_index):
    hit = next(h for h in search_index.search("prazo recurso", jurisdiction="sp", limit=10).hits if h.article == "46")
    assert hit.units[0][0] == hit.unit and all(u.startswith("art-46") for u, _ in hit.units)
    assert [s for _, s in hit.units] == sorted((s for _, s in hit.units), reverse=True)


def test_sorted_word_file_answers_exactly_like_a_set(tmp_path, monkeypatch):
    """The mmap'd sorted copy (no per-word objects in each worker) says yes to every listed word and no to the rest."""
    from search_index import spelling

    words = ["Ação", "cinto", "cento", "zumbido", "a", "fretamento", "ônibus", "passageiro", "passageiros", "b'c"]
    listing = tmp_path / "lista"
    listing.write_text("\n".join(words) + "\n", encoding="utf-8")
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(spelling.tempfile, "tempdir", str(tmp_path))
    spelling._load.cache_clear()
    try:
        found = spelling._load(str(listing))
        assert len(found) == len(words)
        for word in words:
            assert spelling.fold(word.lower()) in found, word
        for absent in ["acao2", "cint", "cintos", "", "zzz", "0", "passageir", "passageirosx", "aa"]:
            assert absent not in found, absent
    finally:
        spelling._load.cache_clear()
