"""The cost of one search is bounded, counted in work (words, corrector calls, term
lookups, postings scored) rather than in time (issue #13, "pathological search":
45 × "transporte~" took ~3 s and ten in parallel stalled the server)."""

from __future__ import annotations

import pytest

from search_index import MAX_QUERY_WORDS, QueryTooComplex, check_budget
from search_index.budget import MAX_CORRECTIONS, MAX_TERM_LEAVES
from search_index.highlight import passages

# 40 different words a person could type, none of them a stop word or question noise.
MANY_WORDS = (
    "fretamento turismo veiculo onibus passageiro motorista empresa registro cadastro vistoria seguro multa "
    "infracao penalidade recurso prazo defesa autorizacao licenca linha itinerario tarifa bilhete passagem "
    "terminal rodoviaria viagem contrato lista nota fiscal placa categoria aluguel estepe macaco extintor "
    "cinto tacografo pneu"
)


def test_repeating_a_word_costs_what_the_word_costs(search_index):
    once = search_index.search("transporte")
    repeated = search_index.search("transporte~ " * 41)  # 492 characters, under the 500 limit
    assert repeated.cost.words == once.cost.words == 1
    assert repeated.cost.term_leaves == once.cost.term_leaves
    assert repeated.cost.postings == once.cost.postings
    assert [(h.law, h.unit) for h in repeated.hits] == [(h.law, h.unit) for h in once.hits]


def test_the_issue_query_is_cheap(search_index):
    response = search_index.search("transporte~ " * 45)  # 540 characters: cut at 500 ("transpor" at the end)
    assert response.cost.words == 2
    assert response.cost.corrections == 1  # "transpor"
    assert response.cost.term_leaves <= 2 * search_index.search("transporte").cost.term_leaves + 4


def test_corrector_runs_for_at_most_three_words(search_index):
    typos = " ".join(f"zqx{n}abcde" for n in range(20))
    response = search_index.search(typos)
    assert response.cost.corrections == MAX_CORRECTIONS == 3
    assert response.total == 0


def test_too_many_words_are_cut_by_the_engine_and_refused_by_the_portal(search_index):
    assert len(MANY_WORDS.split()) == 40
    with pytest.raises(QueryTooComplex) as error:
        check_budget(MANY_WORDS)
    assert (error.value.words, error.value.limit) == (40, MAX_QUERY_WORDS)
    response = search_index.search(MANY_WORDS)
    assert response.cost.words == MAX_QUERY_WORDS == 32
    assert response.cost.dropped == 8
    assert 0 < response.cost.term_leaves <= MAX_TERM_LEAVES


def test_stop_words_do_not_count_against_the_budget():
    check_budget("de a o que em para com " * 10 + "multa por falta de vistoria")  # no error


@pytest.mark.parametrize(
    "lang, message",
    [
        ("pt-BR", "A busca tem 40 palavras diferentes; use no máximo 32 palavras."),
        ("en", "The search has 40 different words; use at most 32 words."),
        ("es", "La búsqueda tiene 40 palabras diferentes; use como máximo 32 palabras."),
    ],
)
def test_api_refuses_an_over_budget_query_in_the_users_language(client, lang, message):
    response = client.get("/api/v1/search", query_string={"q": MANY_WORDS}, headers={"Accept-Language": lang})
    assert response.status_code == 400
    assert response.get_json() == {"error": message, "field": "q"}


def test_search_page_refuses_an_over_budget_query(client):
    response = client.get("/busca", query_string={"q": MANY_WORDS})
    assert response.status_code == 400
    assert "use no máximo 32 palavras" in response.get_data(as_text=True)


def test_api_answers_the_repeated_word_query(client):
    response = client.get("/api/v1/search", query_string={"q": "transporte~ " * 41})
    assert response.status_code == 200 and response.get_json()["total"] > 0


def test_snippet_passages_merge_when_they_overlap_and_escape_text():
    text = "A <b> multa e a penalidade: " + "x " * 20 + "infração grave"
    first, second = text.index("multa"), text.index("infração")
    snippet = passages(text, [(first, first + 5), (second, second + 8)])
    assert snippet == "A &lt;b&gt; <mark>multa</mark> e a penalidade: " + "x " * 20 + "<mark>infração</mark> grave"
