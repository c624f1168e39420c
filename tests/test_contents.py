"""knowledge.contents: headings build the table of contents; articles sit under them, annexes at the top."""

from dataclasses import replace

from knowledge.laws import LAWS
from knowledge.parser import build_tree
from knowledge.units import Division

INFO = replace(LAWS["pe-lei-16205-2017"], id="teste")


def _shape(items):
    return [(i.kind, i.number, i.title, _shape(i.children)) if isinstance(i, Division) else i.id for i in items]


def test_chapters_sections_and_an_annex_outside_them():
    law = build_tree(INFO, [
        "CAPÍTULO I",
        "DAS DISPOSIÇÕES GERAIS",
        "Art. 1º Esta Lei regula o fretamento.",
        "Seção I - Do registro",
        "Art. 2º O registro é obrigatório.",
        "Das infrações",
        "Art. 3º Constitui infração operar sem registro.",
        "ANEXO I - INFRAÇÕES",
        "I - leves.",
    ])
    assert _shape(law.toc) == [
        ("capitulo", "I", "Das disposições gerais", ["art-1", ("secao", "I", "Do registro", ["art-2"])]),
        ("capitulo", None, "Das infrações", ["art-3"]),
        "anexo-i",
    ]
    assert law.unit("art-2").headings == ["Capítulo I — Das disposições gerais", "Seção I — Do registro"]
    assert law.unit("anexo-i").headings == []


def test_a_chapter_heading_printed_again_with_a_note_is_its_new_title():
    law = build_tree(INFO, [
        "CAPÍTULO III - DAS LICENÇAS PARA REALIZAÇÃO DE VIAGENS",
        "CAPÍTULO III - DA REALIZAÇÃO DE VIAGENS (Redação dada pela Lei Nº 17107 DE 13/11/2020)",
        "Art. 9º A viagem exige licença.",
    ])
    [chapter] = law.toc
    assert (chapter.title, chapter.previous_titles, [a.act for a in chapter.title_amendments]) == (
        "Da realização de viagens", ["Das licenças para realização de viagens"], ["Lei nº 17.107, de 13/11/2020"],
    )
    assert [u.id for u in chapter.children] == ["art-9"]
