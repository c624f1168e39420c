"""Pernambuco's modalities of fretamento (Lei 16.205/2017, art. 3º), for the modality wizard.

Each modality is a flat rule whose conditions read against the inciso that defines it, in the
wording in force on the date of the facts: before 13/11/2020 (Lei 17.107/2020) art. 3º had only
incisos I to IV, the definition of fretamento was art. 1º, parágrafo único, and the vehicles'
category was ruled by art. 12 alone.  Where the 2020 wording pulls two ways (art. 1º, § 3º
against art. 12, § 1º on the próprio modality's category) the outcome states the conflict.
"""

from __future__ import annotations

from datetime import date

from ..citations import pe
from ..modalities import ADDED_BY_LEI_17107
from ..vigencia import PE_LEI_17107, PE_ORIGINAL
from .dated import Dated
from .engine import Statement, say
from .texts import Texts

T = Texts("modalidade")  # the sentences, in modalidade.texts.yaml

ORIGINAL, LEI_17107 = PE_ORIGINAL, PE_LEI_17107

PUBLIC_OR_CHARITY = ("orgao_publico", "entidade_filantropica")
LEGAL_ENTITIES = ("empresa", "mei", "cooperativa")



ART1_DEFINITION = Dated("definição de fretamento", "Art. 1º, parágrafo único until Lei 17.107/2020 renumbered it § 1º.")
ART1_DEFINITION.since(ORIGINAL)(lambda when: pe("art-1/par-unico", when, previous=True))
ART1_DEFINITION.since(LEI_17107)(lambda when: pe("art-1/par-1"))


def art1_definition(when: date):
    """Pernambuco's definition of fretamento intermunicipal, in the numbering of the date."""
    return ART1_DEFINITION.formula(when)(when)


SOCIAL = Dated("fretamento social", "Who provides the social modality (\"entidade sem fins econômicos\" until 2020, then \"filantrópica\").")
SOCIAL.since(ORIGINAL)(lambda when: say(
    T["pe.fretamento_social_na_redacao"],
    pe("art-3/inc-4"),
))
SOCIAL.since(LEI_17107)(lambda when: say(
    T["pe.fretamento_social_prestado_direta"],
    pe("art-3/inc-4"),
))
# The modalities of art. 3º in force: before Lei 17.107/2020 only incisos I–IV (nothing is concluded from V–VII).
EXISTING = Dated("modalidades existentes", "The modalities art. 3º had on the date.")
EXISTING.since(ORIGINAL)(lambda fits: {m: v for m, v in fits.items() if m not in ADDED_BY_LEI_17107})
EXISTING.since(LEI_17107)(lambda fits: fits)


def pe_candidates(a: dict, when: date) -> dict[str, list[Statement]]:
    """Every Pernambuco modality whose conditions hold, with the conditions met."""
    fits: dict[str, list[Statement]] = {}
    prestador, passageiros, remunerado, frota = a["prestador"], a["passageiros"], a.get("remunerado"), a.get("frota_propria")
    contratante, frequencia = a.get("contratante"), a.get("frequencia")
    if prestador in PUBLIC_OR_CHARITY and remunerado is False and frota and passageiros != "grupo_definido":
        fits["social"] = [SOCIAL.formula(when)(when)]
    if prestador in LEGAL_ENTITIES + PUBLIC_OR_CHARITY and remunerado is False and frota and passageiros == "proprios_funcionarios_alunos":
        fits["proprio"] = [say(
            T["pe.fretamento_proprio_pessoa_juridica"],
            pe("art-3/inc-5"),
        )]
    public_side = prestador == "orgao_publico" or (prestador in LEGAL_ENTITIES and contratante == "orgao_publico")
    if passageiros == "pacientes_tfd" and public_side:
        fits["tfd"] = [say(
            T["pe.fretamento_de_tfd_prestado"],
            pe("art-3/inc-6"),
        )]
    if passageiros == "estudantes" and public_side:
        fits["alunos"] = [say(
            T["pe.fretamento_de_alunos_nao"],
            pe("art-3/inc-7"),
        )]
    if prestador in LEGAL_ENTITIES and remunerado is not False:
        if contratante in ("pessoa_juridica", "orgao_publico") and frequencia == "periodica" and passageiros in ("vinculo_contratante", "estudantes"):
            fits["continuo"] = [say(
                T["pe.fretamento_continuo_contratado_por"],
                pe("art-3/inc-3"),
            )]
        if contratante in ("pessoa_fisica", "pessoa_juridica", "orgao_publico") and frequencia == "viagem_unica" and passageiros in ("vinculo_contratante", "grupo_definido", "estudantes"):
            fits["eventual"] = [say(
                T["pe.fretamento_eventual_contratado_por"],
                pe("art-3/inc-1"),
            )]
            if a.get("cadastur"):
                fits["turistico"] = [say(
                    T["pe.fretamento_turistico_as_mesmas"],
                    pe("art-3/inc-2"),
                )]
    return EXISTING.formula(when)(fits)


PE_SPECIFICITY = ("tfd", "alunos", "social", "proprio", "turistico", "continuo", "eventual")


NEAR_MISSES = Dated("por que nenhuma modalidade", "Why the usual modalities do not fit, in the wording of the date.")


def pe_near_misses(a: dict, when: date) -> list[Statement]:
    """Why the usual modalities do not fit, when none does."""
    return NEAR_MISSES(a, when)


@NEAR_MISSES.since(LEI_17107)
def _near_misses_2020(a: dict, when: date) -> list[Statement]:
    reasons = []
    if a.get("remunerado") is False and not a.get("frota_propria"):
        reasons.append(say(T["pe.sem_pagamento_so_cabem"], pe("art-3/inc-4"), pe("art-3/inc-5")))
    if a.get("remunerado") is False and a["prestador"] in LEGAL_ENTITIES and a["passageiros"] != "proprios_funcionarios_alunos":
        reasons.append(say(T["pe.sem_pagamento_uma_empresa"], pe("art-3/inc-5")))
    if a["prestador"] == "entidade_filantropica" and a.get("remunerado") is not False:
        reasons.append(say(T["pe.entidade_filantropica_presta_fretamento"], pe("art-3/inc-4")))
    if a["prestador"] == "orgao_publico" and a["passageiros"] not in ("pacientes_tfd", "estudantes") and a.get("remunerado") is not False:
        reasons.append(say(T["pe.orgao_publico_presta_diretamente"], pe("art-3/inc-4"), pe("art-3/inc-6"), pe("art-3/inc-7")))
    if a["passageiros"] in ("pacientes_tfd", "estudantes") and a["prestador"] in LEGAL_ENTITIES and a.get("contratante") != "orgao_publico" and a.get("frequencia") != "viagem_unica":
        reasons.append(say(T["pe.fretamento_de_tfd_e"], pe("art-3/inc-6"), pe("art-3/inc-7")))
    if a.get("contratante") == "pessoa_fisica" and a.get("frequencia") == "periodica":
        reasons.append(say(T["pe.fretamento_continuo_viagens_periodicas"], pe("art-3/inc-3")))
    if a.get("contratante") == "nenhum" and a.get("remunerado") is not False:
        reasons.append(say(T["pe.servico_pago_precisa_de"], pe("art-3/inc-1"), pe("art-3/inc-3")))
    if not reasons:
        reasons.append(say(T["pe.as_respostas_nao_correspondem"], pe("art-3")))
    return reasons


@NEAR_MISSES.since(ORIGINAL)
def _near_misses_before_2020(a: dict, when: date) -> list[Statement]:
    """The same, in the original wording: art. 3º had only incisos I to IV (no próprio, TFD or alunos)."""
    reasons = []
    remunerado, prestador, passageiros = a.get("remunerado"), a["prestador"], a["passageiros"]
    if remunerado is False and not a.get("frota_propria"):
        reasons.append(say(T["pe.sem_pagamento_so_cabia"], pe("art-3/inc-4")))
    if remunerado is False and prestador in LEGAL_ENTITIES:
        reasons.append(say(T["pe.sem_pagamento_so_cabia.2"], pe("art-3/inc-4")))
    if prestador == "entidade_filantropica" and remunerado is not False:
        reasons.append(say(T["pe.entidade_filantropica_presta_fretamento"], pe("art-3/inc-4")))
    if prestador == "orgao_publico" and remunerado is not False:
        reasons.append(say(T["pe.nesta_data_um_orgao"], pe("art-3/inc-4")))
    if a.get("contratante") == "pessoa_fisica" and a.get("frequencia") == "periodica":
        reasons.append(say(T["pe.fretamento_continuo_viagens_periodicas"], pe("art-3/inc-3")))
    if a.get("contratante") == "nenhum" and remunerado is not False:
        reasons.append(say(T["pe.servico_pago_precisa_de"], pe("art-3/inc-1"), pe("art-3/inc-3")))
    if passageiros in ("pacientes_tfd", "estudantes", "proprios_funcionarios_alunos") or (remunerado is False and prestador in LEGAL_ENTITIES):
        reasons.append(say(
            T["pe.modalidade_inexistente"],
            pe("art-3"), code="modalidade_inexistente",
        ))
    if not reasons:
        reasons.append(say(T["pe.as_respostas_nao_correspondem"], pe("art-3")))
    return reasons


PE_TRIP_DOCUMENTS = {  # art. 21 as rewritten by Lei 17.107/2020
    "eventual": "art-21/inc-1",
    "proprio": "art-21/inc-1",
    "alunos": "art-21/inc-1",
    "continuo": "art-21/inc-2",
    "tfd": "art-21/inc-2",
    "social": "art-21/inc-3",
    "turistico": "art-21/inc-4",
}
PE_TRIP_DOCUMENTS_BEFORE_2020 = {"eventual": "art-21/inc-1", "turistico": "art-21/inc-1", "continuo": "art-21/inc-2", "social": "art-21/inc-3"}


CATEGORIA = Dated("categoria aluguel", "The vehicles' category (art. 12; since 2020 also art. 1º, §§ 2º–3º).")


def _categoria_aluguel(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    """(registration steps, ambiguities) on the vehicles' category (categoria aluguel).

    Until 13/11/2020 only art. 12 spoke of it: every modality in the aluguel category, except
    the social one (parágrafo único).  Lei 17.107/2020 wrote the same rule into art. 1º, §§ 2º
    and 3º, exempting the modalities of art. 3º, IV AND V (social and próprio), but left art. 12
    (now § 1º) exempting only IV.  For the próprio modality the two provisions conflict: the
    outcome says so and cites both, instead of choosing one."""
    return CATEGORIA.formula(when)(modalidade, when)


@CATEGORIA.since(ORIGINAL)
def _categoria_original(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    if modalidade == "social":
        return [say(T["pe.sem_categoria_aluguel"], pe("art-12/par-unico", when, previous=True), code="sem_categoria_aluguel")], []
    return [say(T["pe.categoria_aluguel"], pe("art-12"), code="categoria_aluguel")], []


@CATEGORIA.since(LEI_17107)
def _categoria_2020(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    if modalidade == "social":
        return [say(T["pe.sem_categoria_aluguel"], pe("art-1/par-3"), pe("art-12/par-1"), code="sem_categoria_aluguel")], []
    if modalidade == "proprio":
        return [], [say(
            T["pe.categoria_aluguel_proprio_ambigua"],
            pe("art-1/par-3"), pe("art-12"), pe("art-12/par-1"), code="categoria_aluguel_proprio_ambigua",
        )]
    return [say(T["pe.categoria_aluguel"], pe("art-1/par-2"), pe("art-12"), code="categoria_aluguel")], []


NEXT_STEPS = Dated("próximos passos", "Registration and each trip's documents (arts. 9, 21 and 35 were rewritten by Lei 17.107/2020).")


def pe_next_steps(modalidade: str, when: date) -> tuple[list[Statement], list[Statement], list[Statement]]:
    """(registration steps, what each trip needs, what the law leaves open) in the wording in force on ``when``."""
    registro, viagem = NEXT_STEPS.formula(when)(modalidade, when)
    categoria, ambiguidades = _categoria_aluguel(modalidade, when)
    return registro + categoria, viagem, ambiguidades


def _insurance(modalidade: str, text: str) -> Statement:
    if modalidade == "social":
        return say(T["pe.no_fretamento_social_o"], pe("art-15/par-unico"))
    return say(text, pe("art-15"))


def _trip_common(modalidade: str, documentos: dict, first: Statement) -> list[Statement]:
    viagem = [
        first,
        say(T["pe.portar_os_documentos_desta"], pe(documentos[modalidade])),
        say(T["pe.nao_vender_passagens_individuais"], pe("art-34/inc-1"), pe("art-34/inc-2"), pe("art-34/inc-7")),
    ]
    if modalidade == "turistico":
        viagem.append(say(T["pe.a_lista_de_passageiros"], pe("art-21/par-1")))
    return viagem


@NEXT_STEPS.since(ORIGINAL)
def _next_steps_original(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    registro = [
        say(T["pe.obter_o_certificado_de"], pe("art-4")),
        say(T["pe.prestar_so_a_modalidade"], pe("art-35")),
        say(T["pe.submeter_cada_veiculo_a"], pe("art-9")),
    ]
    if modalidade == "turistico":
        registro.append(say(T["pe.comprovar_o_registro_no"], pe("art-5/par-2")))
    registro.append(_insurance(modalidade, T["pe.contratar_o_seguro_de"]))
    viagem = _trip_common(modalidade, PE_TRIP_DOCUMENTS_BEFORE_2020, say(
        T["pe.portar_a_licenca_para"], pe("art-21")))
    if modalidade in ("continuo", "social"):  # old § 2º: "nas hipóteses dos incisos III e IV"
        viagem.append(say(T["pe.os_passageiros_se_identificam"], pe("art-3/par-2")))
    return registro, viagem


@NEXT_STEPS.since(LEI_17107)
def _next_steps_2020(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    registro = [
        say(T["pe.obter_o_certificado_de"], pe("art-4")),
        say(T["pe.cadastrar_se_na_modalidade"], pe("art-35/par-1"), pe("art-35/par-2")),
        say(T["pe.submeter_cada_veiculo_a.2"], pe("art-9")),
    ]
    if modalidade == "turistico":
        registro.append(say(T["pe.comprovar_o_registro_no.2"], pe("art-5/par-2"), pe("art-5/inc-16")))
    registro.append(_insurance(modalidade, T["pe.contratar_o_seguro_de.2"]))
    viagem = _trip_common(modalidade, PE_TRIP_DOCUMENTS, say(T["pe.portar_o_crc_e"], pe("art-21")))
    if modalidade in ("continuo", "tfd", "social"):
        viagem.append(say(T["pe.os_passageiros_se_identificam.2"], pe("art-3/par-2")))
    return registro, viagem
