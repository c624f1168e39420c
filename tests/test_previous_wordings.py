"""knowledge.previous_wordings: "Nota: Redação Anterior" blocks become history of the right unit.

Small statutes written for the test, shaped like Pernambuco's notes (art. 3, II; art. 11).
"""

from dataclasses import replace

from knowledge.laws import LAWS
from knowledge.markers import classify_number, strip_notes
from knowledge.parser import build_tree

INFO = replace(LAWS["pe-lei-16205-2017"], id="teste")


def test_a_unit_note_goes_to_the_unit_with_the_same_number():
    law = build_tree(INFO, [
        "Art. 3º Para os fins desta Lei, considera-se:",
        "I - fretamento: o serviço contratado;",
        "II - cadastro: o registro na EPTI; (Redação do inciso dada pela Lei Nº 17107 DE 13/11/2020).",
        "Nota: Redação Anterior:",
        "II - cadastro: o registro de pessoas físicas;",
        "III - vistoria: a inspeção do veículo.",
    ])
    article = law.unit("art-3")
    assert [(u.id, u.text) for u in article.children] == [
        ("art-3/inc-1", "fretamento: o serviço contratado;"),
        ("art-3/inc-2", "cadastro: o registro na EPTI;"),
        ("art-3/inc-3", "vistoria: a inspeção do veículo."),
    ]
    old = law.unit("art-3/inc-2").history
    assert [(h.text, h.replaced_by, h.nested) for h in old] == [("II - cadastro: o registro de pessoas físicas;", "Lei nº 17.107, de 13/11/2020", False)]
    assert article.history == []


def test_an_old_wording_ending_in_a_colon_keeps_its_old_list():
    law = build_tree(INFO, [
        "Art. 11. A vistoria será:",
        "I - anual para veículos com até 15 anos; (Redação do inciso dada pela Lei Nº 17107 DE 13/11/2020).",
        "Nota: Redação Anterior:",
        "I - Anual:",
        "a) para ônibus;",
        "b) para micro-ônibus;",
        "II - semestral para os demais.",
    ])
    assert [u.id for u in law.unit("art-11").walk()] == ["art-11", "art-11/inc-1", "art-11/inc-2"]
    assert law.unit("art-11/inc-1").history[0].text == "I - Anual:\na) para ônibus;\nb) para micro-ônibus;"


def test_a_whole_article_note_runs_to_the_next_article_with_nested_older_notes():
    law = build_tree(INFO, [
        "(Redação do artigo dada pela Lei Nº 17406 DE 23/09/2021):",
        "Art. 11. A vistoria é anual.",
        "Nota: Redação Anterior:",
        "Art. 11. A vistoria é semestral.",
        "Parágrafo único. Exceto para veículos novos.",
        "Nota: Redação Anterior:",
        "Art. 11. A vistoria é trimestral.",
        "Art. 12. Esta Lei entra em vigor na data de sua publicação.",
    ])
    article = law.unit("art-11")
    assert [u.id for u in article.walk()] == ["art-11"]
    assert [(h.text, h.replaced_by, h.nested) for h in article.history] == [
        ("Art. 11. A vistoria é semestral.\nParágrafo único. Exceto para veículos novos.", "Lei nº 17.406, de 23/09/2021", False),
        # The act that replaced the older wording is the one the wording after it names; this one names
        # none, so it is not known (Lei 17.406 replaced the semestral wording, not this one).
        ("Art. 11. A vistoria é trimestral.", None, True),
    ]
    assert law.unit("art-12").text == "Esta Lei entra em vigor na data de sua publicação."


def test_a_nested_older_wording_was_replaced_by_the_act_its_successor_names():
    """Pernambuco art. 11: Lei 17.406/2021 rewrote the article; its note prints the 2020 wording ("Redação do
    caput dada pela Lei Nº 17107 DE 13/11/2020"), and under it the original, which Lei 17.107 replaced."""
    from knowledge.corpus import load_law

    history = load_law("pe-lei-16205-2017").by_id["art-11"].history
    assert [(h.nested, h.replaced_by) for h in history] == [
        (False, "Lei nº 17.406, de 23/09/2021"),
        (True, "Lei nº 17.107, de 13/11/2020"),
        (True, "Lei nº 17.107, de 13/11/2020"),
        (True, "Lei nº 17.107, de 13/11/2020"),
    ]
    assert history[2].text.startswith("I - Anual:")


def test_markers_shared_by_the_parser_and_the_note_reader():
    assert classify_number("§ 2º O prazo") == ("paragrafo", "2")
    assert classify_number("Parágrafo único. Fica") == ("paragrafo", "unico")
    assert classify_number("XIV - emitir") == ("inciso", "14")
    assert classify_number("f) vender") == ("alinea", "f")
    assert classify_number("Texto corrido") == (None, None)
    text, notes = strip_notes("cobrar tarifa; (Parágrafo acrescentado pela Lei Nº 17107 DE 13/11/2020) (NR)")
    assert text == "cobrar tarifa;"
    assert [(n.act, n.change, n.act_date.isoformat()) for n in notes] == [("Lei nº 17.107, de 13/11/2020", "acréscimo", "2020-11-13")]
