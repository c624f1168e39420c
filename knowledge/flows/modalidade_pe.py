"""Pernambuco's modalities of fretamento (Lei 16.205/2017, art. 3º), for the modality wizard.

Each modality is a flat rule whose conditions read against the inciso that defines it, in the
wording in force on the date of the facts: before 13/11/2020 (Lei 17.107/2020) art. 3º had only
incisos I to IV, the definition of fretamento was art. 1º, parágrafo único, and the vehicles'
category was ruled by art. 12 alone.  Where the 2020 wording pulls two ways (art. 1º, § 3º
against art. 12, § 1º on the próprio modality's category) the outcome states the conflict.
"""

from __future__ import annotations

from datetime import date

from ..citations import N_, pe
from ..modalities import ADDED_BY_LEI_17107
from .dated import Dated
from .engine import Statement, say

ORIGINAL, LEI_17107 = "pe-lei-16205-2017", "pe-lei-17107-2020"

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
    N_("Fretamento social: na redação em vigor nesta data, prestado direta e exclusivamente por pessoa jurídica de direito público ou entidade sem fins econômicos, com frota própria, sem pagamento dos passageiros e para usuários com vínculo identificável."),
    pe("art-3/inc-4"),
))
SOCIAL.since(LEI_17107)(lambda when: say(
    N_("Fretamento social: prestado direta e exclusivamente por pessoa jurídica de direito público ou entidade filantrópica, com frota própria, sem pagamento dos passageiros e para usuários com vínculo identificável."),
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
            N_("Fretamento próprio: pessoa jurídica com frota própria, identificada com o nome da empresa, sem contraprestação, restrito a funcionários, colaboradores, alunos e prestadores de serviço."),
            pe("art-3/inc-5"),
        )]
    public_side = prestador == "orgao_publico" or (prestador in LEGAL_ENTITIES and contratante == "orgao_publico")
    if passageiros == "pacientes_tfd" and public_side:
        fits["tfd"] = [say(
            N_("Fretamento de TFD: prestado por pessoa jurídica de direito público ou por empresa contratada por ela, cadastrada na EPTI."),
            pe("art-3/inc-6"),
        )]
    if passageiros == "estudantes" and public_side:
        fits["alunos"] = [say(
            N_("Fretamento de alunos (não escolar): prestado por pessoa jurídica de direito público ou por empresa contratada por ela, cadastrada na EPTI."),
            pe("art-3/inc-7"),
        )]
    if prestador in LEGAL_ENTITIES and remunerado is not False:
        if contratante in ("pessoa_juridica", "orgao_publico") and frequencia == "periodica" and passageiros in ("vinculo_contratante", "estudantes"):
            fits["continuo"] = [say(
                N_("Fretamento contínuo: contratado por pessoa jurídica, por contrato impresso, para viagens periódicas, com usuários de vínculo facilmente identificável."),
                pe("art-3/inc-3"),
            )]
        if contratante in ("pessoa_fisica", "pessoa_juridica", "orgao_publico") and frequencia == "viagem_unica" and passageiros in ("vinculo_contratante", "grupo_definido", "estudantes"):
            fits["eventual"] = [say(
                N_("Fretamento eventual: contratado por pessoa física ou jurídica, por contrato impresso, para uma só viagem, com usuários e destino definidos."),
                pe("art-3/inc-1"),
            )]
            if a.get("cadastur"):
                fits["turistico"] = [say(
                    N_("Fretamento turístico: as mesmas condições do eventual, com o prestador registrado no Cadastur."),
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
        reasons.append(say(N_("Sem pagamento, só cabem os fretamentos social e próprio, que exigem frota própria."), pe("art-3/inc-4"), pe("art-3/inc-5")))
    if a.get("remunerado") is False and a["prestador"] in LEGAL_ENTITIES and a["passageiros"] != "proprios_funcionarios_alunos":
        reasons.append(say(N_("Sem pagamento, uma empresa só pode fazer fretamento próprio, restrito ao seu próprio pessoal."), pe("art-3/inc-5")))
    if a["prestador"] == "entidade_filantropica" and a.get("remunerado") is not False:
        reasons.append(say(N_("Entidade filantrópica presta fretamento social, sem contraprestação financeira dos passageiros."), pe("art-3/inc-4")))
    if a["prestador"] == "orgao_publico" and a["passageiros"] not in ("pacientes_tfd", "estudantes") and a.get("remunerado") is not False:
        reasons.append(say(N_("Órgão público presta diretamente o fretamento social (sem pagamento), de TFD ou de alunos."), pe("art-3/inc-4"), pe("art-3/inc-6"), pe("art-3/inc-7")))
    if a["passageiros"] in ("pacientes_tfd", "estudantes") and a["prestador"] in LEGAL_ENTITIES and a.get("contratante") != "orgao_publico" and a.get("frequencia") != "viagem_unica":
        reasons.append(say(N_("Fretamento de TFD e de alunos é prestado pelo poder público ou por empresa contratada por ele."), pe("art-3/inc-6"), pe("art-3/inc-7")))
    if a.get("contratante") == "pessoa_fisica" and a.get("frequencia") == "periodica":
        reasons.append(say(N_("Fretamento contínuo (viagens periódicas) só pode ser contratado por pessoa jurídica."), pe("art-3/inc-3")))
    if a.get("contratante") == "nenhum" and a.get("remunerado") is not False:
        reasons.append(say(N_("Serviço pago precisa de um contratante identificado e de contrato impresso."), pe("art-3/inc-1"), pe("art-3/inc-3")))
    if not reasons:
        reasons.append(say(N_("As respostas não correspondem a nenhuma das modalidades de fretamento da lei."), pe("art-3")))
    return reasons


@NEAR_MISSES.since(ORIGINAL)
def _near_misses_before_2020(a: dict, when: date) -> list[Statement]:
    """The same, in the original wording: art. 3º had only incisos I to IV (no próprio, TFD or alunos)."""
    reasons = []
    remunerado, prestador, passageiros = a.get("remunerado"), a["prestador"], a["passageiros"]
    if remunerado is False and not a.get("frota_propria"):
        reasons.append(say(N_("Sem pagamento, só cabia o fretamento social, que exige frota própria."), pe("art-3/inc-4")))
    if remunerado is False and prestador in LEGAL_ENTITIES:
        reasons.append(say(N_("Sem pagamento, só cabia o fretamento social, prestado por pessoa jurídica de direito público ou entidade sem fins econômicos."), pe("art-3/inc-4")))
    if prestador == "entidade_filantropica" and remunerado is not False:
        reasons.append(say(N_("Entidade filantrópica presta fretamento social, sem contraprestação financeira dos passageiros."), pe("art-3/inc-4")))
    if prestador == "orgao_publico" and remunerado is not False:
        reasons.append(say(N_("Nesta data, um órgão público só prestava diretamente o fretamento social, sem pagamento dos passageiros."), pe("art-3/inc-4")))
    if a.get("contratante") == "pessoa_fisica" and a.get("frequencia") == "periodica":
        reasons.append(say(N_("Fretamento contínuo (viagens periódicas) só pode ser contratado por pessoa jurídica."), pe("art-3/inc-3")))
    if a.get("contratante") == "nenhum" and remunerado is not False:
        reasons.append(say(N_("Serviço pago precisa de um contratante identificado e de contrato impresso."), pe("art-3/inc-1"), pe("art-3/inc-3")))
    if passageiros in ("pacientes_tfd", "estudantes", "proprios_funcionarios_alunos") or (remunerado is False and prestador in LEGAL_ENTITIES):
        reasons.append(say(
            N_("Nesta data a lei ainda não previa os fretamentos próprio, de TFD e de alunos: só tinha as modalidades eventual, turística, contínua e social (as outras vieram com a Lei 17.107/2020)."),
            pe("art-3"), code="modalidade_inexistente",
        ))
    if not reasons:
        reasons.append(say(N_("As respostas não correspondem a nenhuma das modalidades de fretamento da lei."), pe("art-3")))
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
        return [say(N_("Nesta modalidade os veículos não precisam ser da categoria aluguel."), pe("art-12/par-unico", when, previous=True), code="sem_categoria_aluguel")], []
    return [say(N_("Os veículos devem ser da categoria aluguel."), pe("art-12"), code="categoria_aluguel")], []


@CATEGORIA.since(LEI_17107)
def _categoria_2020(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    if modalidade == "social":
        return [say(N_("Nesta modalidade os veículos não precisam ser da categoria aluguel."), pe("art-1/par-3"), pe("art-12/par-1"), code="sem_categoria_aluguel")], []
    if modalidade == "proprio":
        return [], [say(
            N_("A lei se contradiz sobre a categoria dos veículos no fretamento próprio: um dispositivo dispensa a categoria aluguel nos fretamentos social e próprio, mas outro exige a categoria aluguel em todo o fretamento e só dispensa o social. A lei não diz qual regra prevalece: confirme com a EPTI antes de usar veículos fora da categoria aluguel."),
            pe("art-1/par-3"), pe("art-12"), pe("art-12/par-1"), code="categoria_aluguel_proprio_ambigua",
        )]
    return [say(N_("Os veículos devem ser da categoria aluguel."), pe("art-1/par-2"), pe("art-12"), code="categoria_aluguel")], []


NEXT_STEPS = Dated("próximos passos", "Registration and each trip's documents (arts. 9, 21 and 35 were rewritten by Lei 17.107/2020).")


def pe_next_steps(modalidade: str, when: date) -> tuple[list[Statement], list[Statement], list[Statement]]:
    """(registration steps, what each trip needs, what the law leaves open) in the wording in force on ``when``."""
    registro, viagem = NEXT_STEPS.formula(when)(modalidade, when)
    categoria, ambiguidades = _categoria_aluguel(modalidade, when)
    return registro + categoria, viagem, ambiguidades


def _insurance(modalidade: str, text: str) -> Statement:
    if modalidade == "social":
        return say(N_("No fretamento social o seguro de responsabilidade civil da lei não é exigido."), pe("art-15/par-unico"))
    return say(text, pe("art-15"))


def _trip_common(modalidade: str, documentos: dict, first: Statement) -> list[Statement]:
    viagem = [
        first,
        say(N_("Portar os documentos desta modalidade listados na lei."), pe(documentos[modalidade])),
        say(N_("Não vender passagens individuais, não usar terminais rodoviários e não levar passageiros em pé."), pe("art-34/inc-1"), pe("art-34/inc-2"), pe("art-34/inc-7")),
    ]
    if modalidade == "turistico":
        viagem.append(say(N_("A lista de passageiros pode ser substituída pelo voucher."), pe("art-21/par-1")))
    return viagem


@NEXT_STEPS.since(ORIGINAL)
def _next_steps_original(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    registro = [
        say(N_("Obter o Certificado de Registro Cadastral (CRC) na EPTI antes de começar."), pe("art-4")),
        say(N_("Prestar só a modalidade autorizada: usar a Licença para Realização de Viagem em outra modalidade leva à cassação do CRC."), pe("art-35")),
        say(N_("Submeter cada veículo à vistoria, após pagar a Taxa FUSP-LV, para obter o Cartão de Autorização para Tráfego de Veículo."), pe("art-9")),
    ]
    if modalidade == "turistico":
        registro.append(say(N_("Comprovar o registro no Cadastur em Pernambuco."), pe("art-5/par-2")))
    registro.append(_insurance(modalidade, N_("Contratar o seguro de responsabilidade civil com a cobertura mínima da lei, conforme a capacidade do veículo.")))
    viagem = _trip_common(modalidade, PE_TRIP_DOCUMENTS_BEFORE_2020, say(
        N_("Portar a Licença para Realização de Viagem e o Cartão de Autorização para Tráfego de Veículo."), pe("art-21")))
    if modalidade in ("continuo", "social"):  # old § 2º: "nas hipóteses dos incisos III e IV"
        viagem.append(say(N_("Os passageiros se identificam por crachá, farda, lista de passageiros ou outra prova de vínculo com o contratante."), pe("art-3/par-2")))
    return registro, viagem


@NEXT_STEPS.since(LEI_17107)
def _next_steps_2020(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    registro = [
        say(N_("Obter o Certificado de Registro Cadastral (CRC) na EPTI antes de começar."), pe("art-4")),
        say(N_("Cadastrar-se na modalidade específica; é possível cadastrar-se em mais de uma."), pe("art-35/par-1"), pe("art-35/par-2")),
        say(N_("Submeter cada veículo à vistoria, após pagar a Taxa FUSP-LV, para obter a Autorização para Tráfego."), pe("art-9")),
    ]
    if modalidade == "turistico":
        registro.append(say(N_("Comprovar o registro no Cadastur em Pernambuco e prestar atividade exclusiva de turismo."), pe("art-5/par-2"), pe("art-5/inc-16")))
    registro.append(_insurance(modalidade, N_("Contratar o seguro de responsabilidade civil, invalidez e morte com as coberturas mínimas da lei.")))
    viagem = _trip_common(modalidade, PE_TRIP_DOCUMENTS, say(N_("Portar o CRC e o comprovante de pagamento da Taxa FUSP-F."), pe("art-21")))
    if modalidade in ("continuo", "tfd", "social"):
        viagem.append(say(N_("Os passageiros se identificam por crachá, farda, voucher, lista ou outra prova de vínculo com o contratante."), pe("art-3/par-2")))
    return registro, viagem
