"""Assistente "Qual é a minha modalidade de fretamento?"

Pernambuco: Lei 16.205/2017, arts. 1, 3, 4 e 34 (modalidades do art. 3º, I a VII).
São Paulo: Regulamento do Decreto 29.912/1989, arts. 2º, 4º a 8º (contínuo e eventual).

Each modality is a flat rule: a list of conditions, each readable against the
article it comes from.  All modalities whose conditions hold are returned; the
most specific one is the answer and the others are ``alternativas``.  When none
holds, the outcome is ``nenhuma`` with every reason that excluded the service.
"""

from __future__ import annotations

from datetime import date

from .. import modalities
from ..citations import N_, Cite, pe, sp
from ..parameters import LEI_17107, param
from .engine import Flow, Option, Outcome, Question, Statement

ADDED_2020 = modalities.ADDED_BY_LEI_17107  # art. 3º, V to VII: they did not exist before 13/11/2020

PRESTADORES = (
    Option("empresa", N_("Empresa (sociedade ou empresário individual)")),
    Option("mei", N_("Microempreendedor individual (MEI)")),
    Option("cooperativa", N_("Cooperativa de transporte")),
    Option("orgao_publico", N_("Órgão ou entidade pública (prefeitura, secretaria…)")),
    Option("entidade_filantropica", N_("Entidade filantrópica")),
    Option("pessoa_fisica", N_("Pessoa física, sem empresa")),
)
CONTRATANTES = (
    Option("pessoa_fisica", N_("Uma pessoa física")),
    Option("pessoa_juridica", N_("Uma empresa, escola, associação ou outra pessoa jurídica")),
    Option("orgao_publico", N_("Um órgão público")),
    Option("nenhum", N_("Ninguém contrata: o transporte é nosso, para o nosso pessoal")),
)
PASSAGEIROS = (
    Option("vinculo_contratante", N_("Pessoas com vínculo com quem contrata (funcionários, associados, alunos de quem contrata)")),
    Option("proprios_funcionarios_alunos", N_("Nossos próprios funcionários, colaboradores, alunos ou prestadores de serviço")),
    Option("grupo_definido", N_("Um grupo definido para uma viagem (excursão, evento, família)")),
    Option("pacientes_tfd", N_("Pacientes em tratamento fora do domicílio (TFD)")),
    Option("estudantes", N_("Estudantes (não é transporte escolar)")),
    Option("publico_em_geral", N_("Qualquer pessoa que queira viajar")),
)

PUBLIC_OR_CHARITY = ("orgao_publico", "entidade_filantropica")
LEGAL_ENTITIES = ("empresa", "mei", "cooperativa")


def _pe(answers: dict) -> bool:
    return answers.get("jurisdicao") == "pe"


def _continues(answers: dict) -> bool:
    """False once an answer already rules out every modality."""
    if answers.get("intermunicipal") is False:
        return False
    if answers.get("prestador") == "pessoa_fisica":
        return False
    if answers.get("passageiros") == "publico_em_geral" or answers.get("cobranca_individual") is True:
        return False
    if answers.get("jurisdicao") == "sp" and answers.get("remunerado") is False:
        return False
    return True


def _needs_remunerado(a: dict) -> bool:
    if a.get("jurisdicao") == "sp":
        return True
    return a.get("prestador") in PUBLIC_OR_CHARITY or a.get("passageiros") == "proprios_funcionarios_alunos"


QUESTIONS = [
    Question(
        "jurisdicao", "choice", N_("Em que estado o serviço é prestado?"),
        options=(Option("pe", N_("Pernambuco")), Option("sp", N_("São Paulo"))),
        help=N_("As regras de modalidade deste assistente cobrem Pernambuco e São Paulo."),
    ),
    Question(
        "intermunicipal", "bool", N_("As viagens ligam municípios diferentes?"),
        help=N_("Fretamento intermunicipal é o que sai de um município e vai a outro."),
        legal_basis=(pe("art-1/par-1"), sp("art-1")),
    ),
    Question(
        "prestador", "choice", N_("Quem presta o serviço?"), options=PRESTADORES,
        legal_basis=(pe("art-3"), pe("art-4")), ask_if=_continues,
    ),
    Question(
        "passageiros", "choice", N_("Quem são os passageiros?"), options=PASSAGEIROS,
        legal_basis=(pe("art-3"),), ask_if=_continues,
    ),
    Question(
        "cobranca_individual", "bool", N_("Cada passageiro paga a sua passagem ou o seu assento?"),
        help=N_("Responda sim se as vagas são vendidas por pessoa, e não contratadas por um grupo ou cliente."),
        legal_basis=(pe("art-34/inc-1"), sp("art-4")), ask_if=_continues,
    ),
    Question(
        "remunerado", "bool", N_("Há algum pagamento pelo transporte?"),
        help=N_("Considere qualquer pagamento: do contratante, dos passageiros ou de terceiros."),
        legal_basis=(pe("art-3/inc-4"), pe("art-3/inc-5"), sp("art-2")),
        ask_if=lambda a: _continues(a) and _needs_remunerado(a),
    ),
    Question(
        "frota_propria", "bool", N_("Os veículos são próprios (não alugados nem emprestados)?"),
        legal_basis=(pe("art-3/inc-4"), pe("art-3/inc-5")),
        ask_if=lambda a: _continues(a) and _pe(a) and a.get("remunerado") is False,
    ),
    Question(
        "contratante", "choice", N_("Quem contrata o serviço?"), options=CONTRATANTES,
        legal_basis=(pe("art-3/inc-1"), pe("art-3/inc-3"), sp("art-7"), sp("art-8")),
        ask_if=lambda a: _continues(a) and a.get("remunerado") is not False,
    ),
    Question(
        "frequencia", "choice", N_("É uma viagem só ou são viagens periódicas?"),
        options=(Option("viagem_unica", N_("Uma viagem (ida e volta)")), Option("periodica", N_("Viagens periódicas (todo dia, toda semana…)"))),
        legal_basis=(pe("art-3/inc-1"), pe("art-3/inc-3"), sp("art-7"), sp("art-8")),
        ask_if=lambda a: _continues(a) and a.get("passageiros") in ("vinculo_contratante", "grupo_definido", "estudantes") and a.get("remunerado") is not False,
    ),
    Question(
        "cadastur", "bool", N_("A empresa está registrada no Cadastur (Ministério do Turismo)?"),
        legal_basis=(pe("art-3/inc-2"), pe("art-5/par-2")),
        ask_if=lambda a: _continues(a) and _pe(a) and a.get("frequencia") == "viagem_unica",
    ),
]


# -- the rules ------------------------------------------------------------------------


def _why(text: str, *cites: Cite, **params) -> Statement:
    return Statement(N_(text), list(cites), params)


def _exclusions(a: dict) -> list[Statement]:
    """Reasons why no modality fits (each cited)."""
    reasons = []
    pe_law = a["jurisdicao"] == "pe"
    if a.get("intermunicipal") is False:
        reasons.append(_why(
            "O fretamento regulado é intermunicipal: o serviço precisa ligar municípios distintos. Transporte dentro de um só município segue as regras da prefeitura.",
            pe("art-1/par-1") if pe_law else sp("art-1"),
        ))
    if a.get("prestador") == "pessoa_fisica":
        reasons.append(_why(
            "O fretamento só pode ser prestado por pessoa jurídica ou microempreendedor individual com CRC; uma pessoa física sem empresa não pode se cadastrar.",
            pe("art-3"), pe("art-4"),
        ) if pe_law else _why(
            "O registro no DER exige o instrumento constitutivo da empresa, com o transporte coletivo de passageiros no objeto social.",
            sp("art-19/inc-1"),
        ))
    if a.get("passageiros") == "publico_em_geral":
        reasons.append(_why(
            "Fretamento transporta usuários identificados, com roteiro e destino definidos; um serviço aberto a qualquer pessoa não é fretamento.",
            pe("art-1/par-1"),
        ) if pe_law else _why(
            "O fretamento não pode assumir caráter de serviço aberto ao público.", sp("art-4"),
        ))
    if a.get("cobranca_individual"):
        reasons.append(_why(
            "No fretamento é proibido vender ou emitir passagens individuais.", pe("art-34/inc-1"),
        ) if pe_law else _why(
            "Fretamento é o transporte sem cobrança individual de passagem.", sp("art-4"),
        ))
    if not pe_law and a.get("remunerado") is False:
        reasons.append(_why(
            "O Regulamento só se aplica aos serviços realizados com objetivo comercial; transporte sem pagamento não é regulado por ele.",
            sp("art-2"),
        ))
    return reasons


def _pe_candidates(a: dict) -> dict[str, list[Statement]]:
    """Every Pernambuco modality whose conditions hold, with the conditions met."""
    fits: dict[str, list[Statement]] = {}
    prestador, passageiros = a["prestador"], a["passageiros"]
    remunerado, frota = a.get("remunerado"), a.get("frota_propria")
    contratante, frequencia = a.get("contratante"), a.get("frequencia")
    if prestador in PUBLIC_OR_CHARITY and remunerado is False and frota and passageiros != "grupo_definido":
        fits["social"] = [_why(
            "Fretamento social: prestado direta e exclusivamente por pessoa jurídica de direito público ou entidade filantrópica, com frota própria, sem pagamento dos passageiros e para usuários com vínculo identificável.",
            pe("art-3/inc-4"),
        )]
    if prestador in LEGAL_ENTITIES + PUBLIC_OR_CHARITY and remunerado is False and frota and passageiros == "proprios_funcionarios_alunos":
        fits["proprio"] = [_why(
            "Fretamento próprio: pessoa jurídica com frota própria, identificada com o nome da empresa, sem contraprestação, restrito a funcionários, colaboradores, alunos e prestadores de serviço.",
            pe("art-3/inc-5"),
        )]
    public_side = prestador == "orgao_publico" or (prestador in LEGAL_ENTITIES and contratante == "orgao_publico")
    if passageiros == "pacientes_tfd" and public_side:
        fits["tfd"] = [_why(
            "Fretamento de TFD: prestado por pessoa jurídica de direito público ou por empresa contratada por ela, cadastrada na EPTI.",
            pe("art-3/inc-6"),
        )]
    if passageiros == "estudantes" and public_side:
        fits["alunos"] = [_why(
            "Fretamento de alunos (não escolar): prestado por pessoa jurídica de direito público ou por empresa contratada por ela, cadastrada na EPTI.",
            pe("art-3/inc-7"),
        )]
    if prestador in LEGAL_ENTITIES and remunerado is not False:
        if contratante in ("pessoa_juridica", "orgao_publico") and frequencia == "periodica" and passageiros in ("vinculo_contratante", "estudantes"):
            fits["continuo"] = [_why(
                "Fretamento contínuo: contratado por pessoa jurídica, por contrato impresso, para viagens periódicas, com usuários de vínculo facilmente identificável.",
                pe("art-3/inc-3"),
            )]
        if contratante in ("pessoa_fisica", "pessoa_juridica", "orgao_publico") and frequencia == "viagem_unica" and passageiros in ("vinculo_contratante", "grupo_definido", "estudantes"):
            fits["eventual"] = [_why(
                "Fretamento eventual: contratado por pessoa física ou jurídica, por contrato impresso, para uma só viagem, com usuários e destino definidos.",
                pe("art-3/inc-1"),
            )]
            if a.get("cadastur"):
                fits["turistico"] = [_why(
                    "Fretamento turístico: as mesmas condições do eventual, com o prestador registrado no Cadastur.",
                    pe("art-3/inc-2"),
                )]
    return fits


PE_SPECIFICITY = ("tfd", "alunos", "social", "proprio", "turistico", "continuo", "eventual")


def _pe_near_misses(a: dict) -> list[Statement]:
    """Why the usual modalities do not fit, when none does."""
    reasons = []
    if a.get("remunerado") is False and not a.get("frota_propria"):
        reasons.append(_why("Sem pagamento, só cabem os fretamentos social e próprio, que exigem frota própria.", pe("art-3/inc-4"), pe("art-3/inc-5")))
    if a.get("remunerado") is False and a["prestador"] in LEGAL_ENTITIES and a["passageiros"] != "proprios_funcionarios_alunos":
        reasons.append(_why("Sem pagamento, uma empresa só pode fazer fretamento próprio, restrito ao seu próprio pessoal.", pe("art-3/inc-5")))
    if a["prestador"] == "entidade_filantropica" and a.get("remunerado") is not False:
        reasons.append(_why("Entidade filantrópica presta fretamento social, sem contraprestação financeira dos passageiros.", pe("art-3/inc-4")))
    if a["prestador"] == "orgao_publico" and a["passageiros"] not in ("pacientes_tfd", "estudantes") and a.get("remunerado") is not False:
        reasons.append(_why("Órgão público presta diretamente o fretamento social (sem pagamento), de TFD ou de alunos.", pe("art-3/inc-4"), pe("art-3/inc-6"), pe("art-3/inc-7")))
    if a["passageiros"] in ("pacientes_tfd", "estudantes") and a["prestador"] in LEGAL_ENTITIES and a.get("contratante") != "orgao_publico" and a.get("frequencia") != "viagem_unica":
        reasons.append(_why("Fretamento de TFD e de alunos é prestado pelo poder público ou por empresa contratada por ele.", pe("art-3/inc-6"), pe("art-3/inc-7")))
    if a.get("contratante") == "pessoa_fisica" and a.get("frequencia") == "periodica":
        reasons.append(_why("Fretamento contínuo (viagens periódicas) só pode ser contratado por pessoa jurídica.", pe("art-3/inc-3")))
    if a.get("contratante") == "nenhum" and a.get("remunerado") is not False:
        reasons.append(_why("Serviço pago precisa de um contratante identificado e de contrato impresso.", pe("art-3/inc-1"), pe("art-3/inc-3")))
    if not reasons:
        reasons.append(_why("As respostas não correspondem a nenhuma das modalidades do art. 3º.", pe("art-3")))
    return reasons


def _sp_candidates(a: dict) -> dict[str, list[Statement]]:
    fits: dict[str, list[Statement]] = {}
    contratante, frequencia, passageiros = a.get("contratante"), a.get("frequencia"), a["passageiros"]
    if frequencia == "periodica" and (
        (contratante in ("pessoa_juridica", "orgao_publico") and passageiros == "vinculo_contratante")
        or (contratante in ("pessoa_juridica", "orgao_publico") and passageiros == "estudantes")
    ):
        cites = [sp("art-7")] + ([sp("art-7/par-1")] if passageiros == "estudantes" else [])
        fits["continuo"] = [Statement(N_("Fretamento contínuo: prestado a pessoa jurídica, por contrato escrito, para um número determinado de viagens, a usuários com vínculo específico com a contratante (ou alunos de instituição de ensino)."), cites)]
    if frequencia == "viagem_unica" and contratante in ("pessoa_fisica", "pessoa_juridica", "orgao_publico"):
        fits["eventual"] = [_why("Fretamento eventual: prestado a um cliente ou grupo de pessoas, por contrato escrito, para uma viagem.", sp("art-8"))]
    return fits


def _sp_near_misses(a: dict) -> list[Statement]:
    reasons = []
    if a.get("frequencia") == "periodica" and a.get("contratante") == "pessoa_fisica":
        reasons.append(_why("O fretamento contínuo é prestado a pessoa jurídica.", sp("art-7")))
    if a.get("frequencia") == "periodica" and a["passageiros"] not in ("vinculo_contratante", "estudantes"):
        reasons.append(_why("No fretamento contínuo os usuários mantêm vínculo específico com a contratante.", sp("art-7")))
    if a.get("contratante") == "nenhum":
        reasons.append(_why("Os dois tipos de fretamento pressupõem um contratante e contrato escrito.", sp("art-7"), sp("art-8")))
    if not reasons:
        reasons.append(_why("As respostas não correspondem ao fretamento contínuo nem ao eventual.", sp("art-6")))
    return reasons


# -- what comes next ---------------------------------------------------------------------------

PE_TRIP_DOCUMENTS = {
    "eventual": pe("art-21/inc-1"),
    "proprio": pe("art-21/inc-1"),
    "alunos": pe("art-21/inc-1"),
    "continuo": pe("art-21/inc-2"),
    "tfd": pe("art-21/inc-2"),
    "social": pe("art-21/inc-3"),
    "turistico": pe("art-21/inc-4"),
}


def _pe_next_steps(modalidade: str) -> tuple[list[Statement], list[Statement]]:
    registro = [
        _why("Obter o Certificado de Registro Cadastral (CRC) na EPTI antes de começar.", pe("art-4")),
        _why("Cadastrar-se na modalidade específica; é possível cadastrar-se em mais de uma.", pe("art-35/par-1"), pe("art-35/par-2")),
        _why("Submeter cada veículo à vistoria, após pagar a Taxa FUSP-LV, para obter a Autorização para Tráfego.", pe("art-9")),
    ]
    if modalidade == "turistico":
        registro.append(_why("Comprovar o registro no Cadastur em Pernambuco e prestar atividade exclusiva de turismo.", pe("art-5/par-2"), pe("art-5/inc-16")))
    if modalidade == "social":
        registro.append(_why("No fretamento social o seguro do art. 15 não é exigido.", pe("art-15/par-unico")))
    else:
        registro.append(_why("Contratar o seguro de responsabilidade civil, invalidez e morte com as coberturas mínimas da lei.", pe("art-15")))
    if modalidade in ("social", "proprio"):
        registro.append(_why("Nesta modalidade os veículos não precisam ser da categoria aluguel.", pe("art-1/par-3")))
    else:
        registro.append(_why("Os veículos devem ser da categoria aluguel.", pe("art-1/par-2")))
    viagem = [
        _why("Portar o CRC e o comprovante de pagamento da Taxa FUSP-F.", pe("art-21")),
        _why("Portar os documentos desta modalidade listados na lei.", PE_TRIP_DOCUMENTS[modalidade]),
        _why("Não vender passagens individuais, não usar terminais rodoviários e não levar passageiros em pé.", pe("art-34/inc-1"), pe("art-34/inc-2"), pe("art-34/inc-7")),
    ]
    if modalidade == "turistico":
        viagem.append(_why("A lista de passageiros pode ser substituída pelo voucher.", pe("art-21/par-1")))
    if modalidade in ("continuo", "tfd", "social"):
        viagem.append(_why("Os passageiros se identificam por crachá, farda, voucher, lista ou outra prova de vínculo com o contratante.", pe("art-3/par-2")))
    return registro, viagem


def _sp_next_steps(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    validade = param("sp.registro.validade.anos", when)
    registro = [
        _why("Registrar a empresa no DER na modalidade fretamento, com os documentos do art. 19 (inclusive registro na EMBRATUR).", sp("art-19"), sp("art-19/inc-4")),
        _why("O Certificado de Registro vale %(anos)d anos e pode ser renovado.", validade.cite, anos=validade.value),
        _why("Submeter os veículos à vistoria ordinária; nenhum veículo circula sem a Declaração de Vistoria.", sp("art-25"), sp("art-27")),
    ]
    viagem = [_why("Levar no veículo o documento de vistoria e o telefone do DER para reclamações.", sp("art-28"))]
    if modalidade == "continuo":
        comunicacao = param("sp.contrato.comunicacao.dias", when)
        viagem.append(_why("Comunicar o contrato ao DER em até %(dias)d dias da contratação.", comunicacao.cite, dias=comunicacao.value))
    else:
        viagem.append(_why("Levar a Nota Fiscal da viagem.", sp("art-8/par-1")))
        viagem.append(_why("Informar mensalmente ao DER as viagens de fretamento eventual realizadas.", sp("art-8/par-2")))
    viagem.append(_why("Não transportar passageiros em pé.", sp("art-10")))
    return registro, viagem


MODALITY_NAMES = {**modalities.MODALITY_NAMES, "nenhuma": N_("Nenhuma modalidade de fretamento")}


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    pe_law = a["jurisdicao"] == "pe"
    exclusions = _exclusions(a)
    if exclusions:
        headline = Statement(N_("Pelas suas respostas, o serviço não se enquadra em nenhuma modalidade de fretamento."), [])
        return Outcome(
            {"modalidade": "nenhuma", "motivos": exclusions, "alternativas": [], "registro": [], "por_viagem": []},
            rules=exclusions,
            headline=headline,
        )
    fits = _pe_candidates(a) if pe_law else _sp_candidates(a)
    if pe_law and today < LEI_17107:
        # The date of the question is the engine's "today": before Lei 17.107/2020 only art. 3º, I–IV existed.
        fits = {m: v for m, v in fits.items() if m not in ADDED_2020}
    if not fits:
        reasons = _pe_near_misses(a) if pe_law else _sp_near_misses(a)
        return Outcome(
            {"modalidade": "nenhuma", "motivos": reasons, "alternativas": [], "registro": [], "por_viagem": []},
            rules=reasons,
            headline=Statement(N_("Pelas suas respostas, o serviço não se enquadra em nenhuma modalidade de fretamento."), []),
        )
    order = PE_SPECIFICITY if pe_law else modalities.SP_MODALITIES
    ranked = [m for m in order if m in fits]
    chosen = ranked[0]
    registro, viagem = _pe_next_steps(chosen) if pe_law else _sp_next_steps(chosen, today)
    rules = [s for m in ranked for s in fits[m]]
    alternativas = [
        Statement(N_("Também se enquadra: %(nome)s."), fits[m][0].citations, {"nome": MODALITY_NAMES[m]}, code=m) for m in ranked[1:]
    ]
    if pe_law and chosen == "eventual" and a.get("cadastur") is False:
        alternativas.append(Statement(
            N_("Com registro no Cadastur, a mesma viagem poderia ser feita como fretamento turístico."), [pe("art-3/inc-2")], code="turistico_se_cadastur"
        ))
    headline = Statement(N_("Sua modalidade: %(nome)s."), fits[chosen][0].citations, {"nome": MODALITY_NAMES[chosen]}, code=chosen)
    return Outcome(
        {"modalidade": chosen, "motivos": fits[chosen], "alternativas": alternativas, "registro": registro, "por_viagem": viagem},
        rules=rules + registro + viagem,
        headline=headline,
    )


FLOW = Flow(
    id="modalidade",
    title=N_("Qual é a minha modalidade de fretamento?"),
    description=N_("Descubra em qual modalidade de fretamento o seu serviço se enquadra em Pernambuco ou em São Paulo, e o que fazer em seguida."),
    questions=QUESTIONS,
    decide=decide,
    legal_basis=(pe("art-3"), sp("art-6")),
)
