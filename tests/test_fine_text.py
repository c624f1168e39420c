"""The fine of a Recife group as a passenger reads it: the computed amount, and how many times the
base value (Vb) it is — "uma vez" for Grupo 1, never "1 vezes" (art. 36: Vm = G × Vb)."""

from __future__ import annotations

from flask import render_template_string

from app import create_app

MACRO = '{% from "_fine.html" import fine_text %}{{ fine_text(multa) }}'


def _render(app, multa, lang="pt_BR"):
    with app.test_request_context(headers={"Accept-Language": lang}):
        return " ".join(render_template_string(MACRO, multa=multa).replace("\xa0", " ").split())


def test_one_base_value_is_said_in_the_singular(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path), "TESTING": True})
    one = _render(app, {"unidade": "VB", "valor": 1, "valor_brl": 50.0})
    assert "uma vez o valor base, Vb, que a lei fixa em R$ 50,00" in one and "1 vezes" not in one
    four = _render(app, {"unidade": "VB", "valor": 4, "valor_brl": 200.0})
    assert "R$ 200,00" in four and "4 vezes o valor base, Vb, que a lei fixa em R$ 50,00" in four
