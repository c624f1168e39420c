"""What a row's measure tells the citizen matches the rule it cites (phone review, 19th session): São Paulo's
cassação is not for a repeated infraction but, art. 41, II, "quando, no curso do ano civil, de 1º de janeiro a 31
de dezembro, for constatada [...] a) aplicação, por 4 (quatro) vezes, de multa pela prática da mesma infração
dentre as previstas no inciso V do artigo 37 [...] b) aplicação por 8 (oito) vezes, de multa pela prática de
quaisquer das infrações previstas no inciso V do artigo 37"."""

from __future__ import annotations

from knowledge.infractions import MEASURE_LABELS


def test_sao_paulos_cassacao_says_four_fines_in_one_calendar_year():
    label = MEASURE_LABELS["cassacao_registro"]
    assert "no mesmo ano civil" in label and "4 multas pela mesma infração" in label and "8 por quaisquer" in label
    assert "se repetir" not in label
