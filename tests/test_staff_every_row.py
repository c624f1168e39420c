"""Staff see every row the complainant confirmed, and the reader's suggestion as the citizen saw it.

A phone review (round 17): a complaint with two confirmed rows of Pernambuco's Anexo I (IV f "realizar
vendas e emissões de passagens individuais", III e "transportar passageiro em pé ou acima da capacidade
do veículo") showed both on the receipt and the /admin list, but the staff page showed only IV f under
"Classificada hoje como" and said the reader "não sugeriu nenhuma com segurança" (15 %) — while the
citizen's form had pre-ticked IV f as "sugerida".  The staff page read only the whole story; the form
reads its parts too (knowledge.reader: ``Reading.found``).  Both now make the same call.
"""

from __future__ import annotations

import html
import re
from datetime import date

from babel.numbers import format_percent

from knowledge.reader.report import classify_report
from portal.database import close_store, open_store
from portal.storage import staff as staff_store
from tests.test_staff_reclassify import PASSWORD, _section, sqlite_app  # noqa: F401  (the fixture)

PE = "pe-lei-16205-2017"
SALE, STANDING = f"{PE} anexo-i/inc-4/ali-f", f"{PE} anexo-i/inc-3/ali-e"
ON = date(2026, 11, 20)
STORY = "O motorista vendia passagem individual pra cada um no ponto e o ônibus foi lotado com gente em pé o caminho todo."


def _staff(app):
    store = open_store(app)
    staff_store.create_user(store, "equipe", PASSWORD)
    close_store(store)
    client = app.test_client()
    assert client.post("/admin/entrar", data={"usuario": "equipe", "senha": PASSWORD}).status_code == 303
    return client


def _ticked(page: str) -> list[str]:
    return re.findall(r'name="linha" value="([^"]+)" checked', page)


def test_the_staff_page_lists_every_confirmed_row_and_the_suggestion_the_form_showed(sqlite_app):
    client = sqlite_app.test_client()
    form = {"jurisdicao": "pe", "data_ocorrencia": ON.strftime("%d/%m/%Y"), "relato": STORY}
    suggestion = client.post("/denuncia", data={**form, "acao": "ler"}).get_data(as_text=True)
    assert _ticked(suggestion) == [SALE, STANDING]  # the citizen's form pre-ticks both, "sugerida"
    sent = client.post("/denuncia", data={**form, "linha": [SALE, STANDING], "linha_data": ON.isoformat(), "chave": "k"})
    assert sent.status_code == 303
    receipt = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", client.get(sent.headers["Location"]).get_data(as_text=True))))
    # Anexo I (Lei 17.107/2020 wording): IV f and III e, both on the receipt.
    assert "Realizar vendas e emissões de passagens individuais" in receipt and "Transportar passageiro em pé ou acima da capacidade do veículo" in receipt

    staff = _staff(sqlite_app)
    section = _section(staff.get("/admin/denuncias/1"))
    current = section.split("Classificada hoje como")[1].split("O que o leitor de relatos sugere")[0]
    assert "2 linhas da tabela" in current
    assert "Anexo I, inciso IV, alínea f : Realizar vendas e emissões de passagens individuais." in current
    assert "Anexo I, inciso III, alínea e : Transportar passageiro em pé ou acima da capacidade do veículo." in current
    assert current.count("sugerida pelo leitor") == 2
    assert "Escolhida por: o denunciante, confirmando a sugestão do leitor" in current
    assert "não sugeriu nenhuma" not in section and "O leitor não classifica" not in section

    # The reader's reading on the same story, place and date as the form: every row found, each with its confidence.
    wording = classify_report(STORY, "pe", ON, given=ON).wordings[-1]
    assert [r.key for r in wording.rows] == [SALE, STANDING]
    reader = section.split("O que o leitor de relatos sugere")[1].split("Reclassificar")[0]
    for found in wording.found:
        assert f"Confiança do leitor nesta linha: {format_percent(found.confidence, '#,##0.0%', locale='pt_BR')}" in reader
    best = max(f.confidence for f in wording.found)
    assert f"Confiança do leitor: {format_percent(best, '#,##0.0%', locale='pt_BR')}" in reader


def test_staff_replacing_two_rows_by_one_is_audited_with_both(sqlite_app):
    client = sqlite_app.test_client()
    form = {"jurisdicao": "pe", "data_ocorrencia": ON.strftime("%d/%m/%Y"), "relato": STORY, "linha": [SALE, STANDING], "linha_data": ON.isoformat(), "chave": "k2"}
    assert client.post("/denuncia", data=form).status_code == 303
    staff = _staff(sqlite_app)
    # Keeping only one of the two is a change (not "já está nesse enquadramento").
    saved = staff.post("/admin/denuncias/1/enquadramento", data={"linha": SALE, "motivo": "só a venda foi comprovada"})
    assert saved.status_code == 303
    section = _section(staff.get("/admin/denuncias/1"))
    assert "Anexo I, inciso IV, alínea f + Lei 16.205/2017 (PE), Anexo I, inciso III, alínea e → Lei 16.205/2017 (PE), Anexo I, inciso IV, alínea f" in section
