"""The statutes as structured law: structure, exact texts, history kept apart."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.corpus import load_law, resolve
from knowledge.laws import LAWS
from knowledge.parser import ParseError, parse_law

PE, SP, AC, RECIFE = "pe-lei-16205-2017", "sp-decreto-29912-1989", "ac-lei-2731-2013", "recife-lei-16856-2003"


def text(law_id: str, unit_id: str) -> str:
    return resolve(law_id, unit_id)[1].text


# -- structure -----------------------------------------------------------------------


def test_pernambuco_has_articles_1_to_49_plus_29_a():
    numbers = [a.number for a in load_law(PE).articles()]
    expected = [str(n) for n in range(1, 30)] + ["29-A"] + [str(n) for n in range(30, 50)]
    assert numbers == expected


def test_sao_paulo_has_60_regulation_articles_and_the_decrees_two():
    articles = load_law(SP).articles()
    own = [a.id for a in articles if a.prefix]
    regulation = [a.number for a in articles if not a.prefix]
    assert own == ["decreto/art-1", "decreto/art-2"]
    assert regulation == [str(n) for n in range(1, 61)]


@pytest.mark.parametrize("law_id, count", [(AC, 101), (RECIFE, 50)])
def test_article_count(law_id, count):
    assert [a.number for a in load_law(law_id).articles()] == [str(n) for n in range(1, count + 1)]


def test_annexes():
    assert [a.id for a in load_law(PE).annexes()] == ["anexo-i", "anexo-ii", "anexo-iii"]
    assert [a.id for a in load_law(RECIFE).annexes()] == ["anexo-unico"]
    assert load_law(SP).annexes() == [] and load_law(AC).annexes() == []


def test_every_unit_id_resolves_and_is_unique():
    for law_id in LAWS:
        law = load_law(law_id)
        ids = [u.id for u in law.units()]
        assert len(ids) == len(set(ids)), law_id
        for unit_id in ids:
            assert law.unit(unit_id).id == unit_id


# -- exact texts in force ----------------------------------------------------------------


@pytest.mark.parametrize(
    "law_id, unit_id, expected",
    [
        (PE, "art-3/par-3", "Exclusivamente em relação ao serviço de fretamento turístico previsto no inciso II deste artigo, a prestação poderá ocorrer não apenas através de veículos das modalidades ônibus, micro-ônibus, mas, também, por meio do veículo tipo automóvel com capacidade para 07 (sete) pessoas."),
        (PE, "art-28/inc-4", "gravíssimas: R$ 2.900,00 (dois mil e novecentos reais)."),
        (PE, "art-8", "O CRC terá validade por 1 (um) ano, a partir da data de sua emissão, condicionada à validade da apólice de seguro prevista no art. 15, devendo ser renovada com antecedência mínima de 30 (trinta) dias de seu vencimento, sob pena de cancelamento."),
        (PE, "art-11/inc-2/ali-a", "veículos com registro em CRLV tipo ônibus, micro-ônibus e microbus, com mais de 15 (quinze) anos da data de fabricação; e,"),
        (PE, "art-5/par-3", "As cooperativas de transporte prestadoras de serviço de fretamento intermunicipal de que trata esta Lei devem ser sediadas em Pernambuco e registradas na Organização das Cooperativas Brasileiras no Estado de Pernambuco - OCB/PE."),
        (PE, "art-9/par-1", "A autorizatária deverá apresentar, no momento da solicitação da vistoria, laudo técnico assinado por engenheiro mecânico devidamente habilitado pelo Conselho Regional de Engenharia e Agronomia - CREA, nos termos regulamentados em decreto, apólice de seguro em conformidade com esta Lei, certidão negativa expedida pelo Departamento Estadual de Trânsito de Pernambuco - DETRAN/PE e a Taxa FUSP/LV."),
        (PE, "art-37/par-1/ali-a", "o tempo de espera será de, no máximo, 2 (duas) horas; após esse tempo, os passageiros serão conduzidos por veículo providenciado pela autoridade fiscalizadora."),
        (PE, "anexo-i/inc-4/ali-f", "realizar vendas e emissões de passagens individuais;"),
        (PE, "anexo-i/inc-4/ali-j", "Ausência de envelopamento de veículo, para veículo tipo automóvel, com capacidade para 07 (sete) pessoas;"),
        (PE, "anexo-iii/inc-1", "Ônibus com capacidade para mais de 20 (vinte) passageiros. Valor por evento: R$ 200,00."),
        (SP, "decreto/art-1", "Fica aprovado o anexo regulamento do Serviço Intermunicipal de Transporte Coletivo de Passageiros, sob o regime de fretamento, no Estado de São Paulo, que passa a fazer parte integrante do presente decreto excluídos aqueles sob gestão metropolitana."),
        (SP, "art-40", "A penalidade de apreensão de veículo será aplicada sem prejuízo da multa cabível, nos casos de execução de serviço não autorizado pelo Departamento de Estradas de Rodagem. A apreensão do veículo perdurará, no mínimo, por 48 (quarenta e oito) horas."),
        (SP, "art-37/inc-1", "50% (cinqüenta por cento) do valor do Maior Valor de Referência (MVR), quando:"),
        (SP, "art-24/par-unico/item-2/ali-c", "cartão de identificação da tripulação;"),
        (SP, "art-39/par-unico/item-3", "e, em qualquer ponto do percurso, nos casos previstos neste artigo incisos IV e V."),
        (AC, "art-1", "O Sistema de Transporte Rodoviário Intermunicipal de Passageiros do Estado do Acre e os Terminais Rodoviários de Passageiros reger-se-ão por esta lei, seu regulamento, e demais normas legais, regulamentares e pactuadas pertinentes, em especial pela Lei Federal n. 8.987, de 13 de fevereiro de 1995."),
        (AC, "art-5/par-5/inc-2", "regional: linha que liga localidades do Estado sem passar pelo Município de Rio Branco; e"),
        (AC, "art-86", "Aplicam-se ao serviço de transporte rodoviário intermunicipal remunerado de passageiros por fretamento e ao transporte individual de passageiros por táxi as vedações estabelecidas no parágrafo único do art. 85."),
        (AC, "art-89/par-2", "A despesa com a estada do veículo em depósito será de duas UFIRACs por dia, podendo ser cobrada somente até os trinta primeiros dias."),
        (AC, "art-99", "Na contagem dos prazos aludidos nesta lei excluir-se-á o dia de início e incluir-se-á o dia de vencimento."),
        (AC, "art-75/inc-4/ali-x", "operar o serviço de transporte rodoviário intermunicipal de passageiros sem regular concessão, permissão ou autorização do poder concedente."),
        (RECIFE, "art-36/inc-3", "Vb corresponde ao valor base para cálculo da multa, que equivale a R$ 50,00 (cinqüenta reais)."),
        (RECIFE, "art-44", "É vedado o transporte remunerado de passageiros no âmbito do Município do Recife, sem expressa autorização, permissão ou concessão do Poder Público competente."),
        (RECIFE, "anexo-unico/grupo-2/ali-n", "movimentar o veículo com as portas abertas;"),
    ],
)
def test_text_in_force(law_id, unit_id, expected):
    assert text(law_id, unit_id) == expected


def test_acre_penalty_lines_close_their_inciso():
    _, inciso = resolve(AC, "art-75/inc-4")
    assert inciso.closing == "Pena: Multa correspondente ao valor de trezentos e trinta UFIRACs."
    assert "Pena" not in text(AC, "art-75/inc-4/ali-x")


def test_recife_vetoed_paragraphs():
    for n in (1, 2, 3):
        unit = resolve(RECIFE, f"art-44/par-{n}")[1]
        assert unit.vetoed and unit.text == "VETADO."


def test_quoted_amendments_to_other_laws_are_text_of_the_amending_article():
    art44 = resolve(PE, "art-44")[1]
    assert art44.children == []
    assert "Art. 12. A Taxa FUSP-LV será devida por ocasião da vistoria" in art44.text
    assert text(PE, "art-5").startswith("O requerimento para obtenção do CRC")
    assert text(PE, "art-6").startswith("O CRC será fornecido no prazo de até 30 (trinta) dias")


# -- nothing but the text in force ----------------------------------------------------------

RESIDUE = re.compile(r"Nota:|Redação Anterior|\(Redação d|acrescentad[oa] pel|renumerado pel|\(NR\)|\(AC\)")
QUOTED = {(PE, f"art-{n}") for n in range(42, 47)} | {(PE, "anexo-ii"), (PE, "anexo-iii")}


@pytest.mark.parametrize("law_id", list(LAWS))
def test_no_notes_or_page_numbers_in_text_in_force(law_id):
    for unit in load_law(law_id).units():
        if (law_id, unit.id) not in QUOTED:
            assert not RESIDUE.search(unit.text), (unit.id, unit.text)
        assert not re.search(r"(^|\n)\s*\d{1,3}\s*($|\n)", unit.text), (unit.id, unit.text)


def test_acre_sentences_broken_by_a_page_number_are_rejoined():
    """Each page number stands between two halves of a sentence: they meet again."""
    lines = [line.strip() for line in LAWS[AC].path.read_text(encoding="utf-8").splitlines()]
    corpus = " ".join(u.text.replace("\n", " ") for u in load_law(AC).units())
    checked = 0
    for i, line in enumerate(lines):
        if not line.isdigit():
            continue
        before = next(l for l in reversed(lines[:i]) if l)
        after = next((l for l in lines[i + 1 :] if l), "")
        if not after or re.match(r"(CAPÍTULO|Seção|SEÇÃO|Art\.|§|Parágrafo|[IVX]+ ?[-–]|[a-z]\))", after) or before.endswith((".", ":", ";")):
            continue
        joiner = "" if before.endswith("-") else " "
        assert before[-25:] + joiner + after[:25] in corpus, (line, before[-25:], after[:25])
        assert f" {line} {after[:10]}" not in corpus
        checked += 1
    assert checked == 5  # of the 35 page numbers; the other 30 page breaks fall between units


# -- history --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "unit_id, fragment",
    [
        ("art-3/inc-2", "cadastro de pessoas físicas e jurídicas"),
        ("art-3/inc-4", "entidade sem fins econômicos"),
        ("art-5/par-3", "registradas no Sindicato e Organização"),
        ("art-6", "no prazo de 30 (trinta) dias, contados da data do protocolo"),
        ("art-8", "devendo ser renovado com antecedência"),
        ("art-9", "Cartões de Autorização para Tráfego de Veículo"),
        ("art-10", "em até 15 (quinze) dias, para veículos zero quilômetro"),
        ("art-11", "com menos de 10 (dez) anos do primeiro emplacamento"),
        ("art-21/inc-2/ali-a", "conforme modelo fornecido pela EPTI"),
        ("art-28/inc-4", "R$ 3.900,00"),
        ("art-37/par-1", "ressarcido pelo transportador infrator"),
        ("art-48", "Esta Lei entra em vigor no prazo de 90 (noventa) dias"),
        ("anexo-i", "ANEXO I - INFRAÇÕES"),
    ],
)
def test_previous_wording_attached_to_the_right_unit(unit_id, fragment):
    unit = resolve(PE, unit_id)[1]
    assert any(fragment in old.text for old in unit.history), unit.history
    assert fragment not in unit.text


def test_article_11_keeps_both_levels_of_history():
    unit = resolve(PE, "art-11")[1]
    # The 2020 wording (Lei 17.107/2020) under the article's note, then the original under the
    # nested notes: the original caput, its "I - Anual:" and its "II - Semestral:" lists.
    assert [(h.nested, h.text.split("\n")[0][:24]) for h in unit.history] == [
        (False, "Art. 11. As vistorias em"), (True, "Art. 11. As vistorias em"), (True, "I - Anual:"), (True, "II - Semestral:"),
    ]
    assert unit.amendments[-1].act == "Lei nº 17.406, de 23/09/2021"
    assert "admitindo-se apenas solicitações de vistoria" in unit.history[0].text


def test_every_previous_wording_in_the_source_is_kept():
    source = LAWS[PE].path.read_text(encoding="utf-8")
    notes = source.count("Nota: Redação Anterior")
    kept = sum(len(u.history) for u in load_law(PE).units())
    assert kept == notes + 1  # + the old art. 5, § 3º printed without a note


def test_amending_acts():
    art29a = resolve(PE, "art-29-a")[1]
    assert [(a.act, a.change) for a in art29a.amendments] == [("Lei nº 17.107, de 13/11/2020", "acréscimo")]
    assert resolve(PE, "art-1/par-1")[1].amendments[0].change == "renumeração"
    assert resolve(SP, "art-25")[1].amendments[0].act == "Decreto nº 61.694, de 04/12/2015"
    assert resolve(PE, "art-4")[1].amendments == []


def test_rewritten_chapter_title():
    chapter = next(d for d in load_law(PE).toc if getattr(d, "number", None) == "III")
    assert chapter.title == "Da realização de viagens"
    assert chapter.previous_titles == ["Das licenças para realização de viagens"]


# -- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "law_id, unit_id, label, urn",
    [
        (PE, "art-3/par-3", "Lei 16.205/2017 (PE), art. 3º, § 3º", "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205!art3_par3"),
        (PE, "art-5/inc-14", "Lei 16.205/2017 (PE), art. 5º, inciso XIV", "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205!art5_cpt_inc14"),
        (PE, "art-29-a/par-unico", "Lei 16.205/2017 (PE), art. 29-A, parágrafo único", "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205!art29-1_par1u"),
        (PE, "art-21/inc-4/ali-f", "Lei 16.205/2017 (PE), art. 21, inciso IV, alínea f", "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205!art21_cpt_inc4_ali6"),
        (PE, "anexo-i/inc-4/ali-b", "Lei 16.205/2017 (PE), Anexo I, inciso IV, alínea b", "urn:lex:br;pernambuco:estadual:lei:2017-11-24;16205!anx1_inc4_ali2"),
        (SP, "art-40/par-2", "Decreto 29.912/1989 (SP), Regulamento, art. 40, § 2º", "urn:lex:br;sao.paulo:estadual:decreto:1989-05-12;29912!anx1_art40_par2"),
        (SP, "decreto/art-2", "Decreto 29.912/1989 (SP), art. 2º", "urn:lex:br;sao.paulo:estadual:decreto:1989-05-12;29912!art2"),
        (AC, "art-78/par-unico/inc-2", "Lei 2.731/2013 (AC), art. 78, parágrafo único, inciso II", "urn:lex:br;acre:estadual:lei:2013-08-23;2731!art78_par1u_inc2"),
        (RECIFE, "anexo-unico/grupo-4/ali-a", "Lei 16.856/2003 (Recife), Anexo Único, Grupo 4, alínea a", "urn:lex:br;pernambuco;recife:municipal:lei:2003-04-16;16856!anx1u_grp4_ali1"),
    ],
)
def test_citation_label_and_urn(law_id, unit_id, label, urn):
    law, unit = resolve(law_id, unit_id)
    assert law.citation(unit) == label
    assert law.urn(unit) == urn


def test_article_numbers_for_the_api():
    assert resolve(PE, "art-29-a/par-unico")[1].article_number == "29-A"
    assert resolve(PE, "anexo-i/inc-4/ali-f")[1].article_number == "anexo-i"


# -- robustness ---------------------------------------------------------------------------------

LINES = LAWS[PE].path.read_text(encoding="utf-8").splitlines()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(LINES), max_size=80), st.text(max_size=200))
def test_parser_never_crashes_on_shuffled_or_random_text(lines, noise):
    """Any input gives a tree or a ParseError, never another exception."""
    for info in LAWS.values():
        try:
            parse_law(info, "\n".join(lines) + "\n" + noise)
        except ParseError:
            pass
