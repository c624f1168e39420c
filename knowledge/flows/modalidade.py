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
from ..citations import N_, pe, sp
from ..history import exists_on
from ..parameters import param
from ..vigencia import PE_ORIGINAL
from .dated import Dated, NotYetLaw
from .engine import Flow, Go, InvalidAnswer, Option, Outcome, Question, Statement, say
from .modalidade_pe import PE_SPECIFICITY, PUBLIC_OR_CHARITY, art1_definition, pe_candidates, pe_near_misses, pe_next_steps
from .texts import Texts

T = Texts("modalidade")  # the sentences, in modalidade.texts.yaml


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


def _ends(a: dict) -> bool:
    return not _continues(a)


# -- the graph: each node, its question and its next rule ------------------------------------------
# An answer that already rules out every modality goes straight to the date (then the outcome).
QUESTIONS = [
    Question(
        "jurisdicao", "choice", N_("Em que estado o serviço é prestado?"),
        options=(Option("pe", N_("Pernambuco")), Option("sp", N_("São Paulo"))),
        help=N_("As regras de modalidade deste assistente cobrem Pernambuco e São Paulo."),
        next=(Go("intermunicipal"),),
    ),
    Question(
        "intermunicipal", "bool", N_("As viagens ligam municípios diferentes?"),
        help=N_("Fretamento intermunicipal é o que sai de um município e vai a outro."),
        legal_basis=(pe("art-1/par-1"), sp("art-1")),
        next=(Go("data_referencia", _ends, "não"), Go("prestador")),
    ),
    Question(
        "prestador", "choice", N_("Quem presta o serviço?"), options=PRESTADORES,
        legal_basis=(pe("art-3"), pe("art-4")), next=(Go("data_referencia", _ends, "pessoa física"), Go("passageiros")),
    ),
    Question(
        "passageiros", "choice", N_("Quem são os passageiros?"), options=PASSAGEIROS,
        legal_basis=(pe("art-3"),), next=(Go("data_referencia", _ends, "público em geral"), Go("cobranca_individual")),
    ),
    Question(
        "cobranca_individual", "bool", N_("Cada passageiro paga a sua passagem ou o seu assento?"),
        help=N_("Responda sim se as vagas são vendidas por pessoa, e não contratadas por um grupo ou cliente."),
        legal_basis=(pe("art-34/inc-1"), sp("art-4")),
        next=(Go("data_referencia", _ends, "sim"), Go("remunerado", _needs_remunerado, "SP, público/filantrópico ou pessoal próprio"), Go("contratante")),
    ),
    Question(
        "remunerado", "bool", N_("Há algum pagamento pelo transporte?"),
        help=N_("Considere qualquer pagamento: do contratante, dos passageiros ou de terceiros."),
        legal_basis=(pe("art-3/inc-4"), pe("art-3/inc-5"), sp("art-2")),
        next=(
            Go("data_referencia", _ends, "SP, sem pagamento"),
            Go("frota_propria", lambda a: _pe(a) and a.get("remunerado") is False, "PE, sem pagamento"),
            Go("contratante"),
        ),
    ),
    Question(
        "frota_propria", "bool", N_("Os veículos são próprios (não alugados nem emprestados)?"),
        legal_basis=(pe("art-3/inc-4"), pe("art-3/inc-5")), next=(Go("data_referencia"),),
    ),
    Question(
        "contratante", "choice", N_("Quem contrata o serviço?"), options=CONTRATANTES,
        legal_basis=(pe("art-3/inc-1"), pe("art-3/inc-3"), sp("art-7"), sp("art-8")),
        next=(Go("frequencia", lambda a: a.get("passageiros") in ("vinculo_contratante", "grupo_definido", "estudantes"), "grupo, vínculo ou estudantes"),
              Go("data_referencia")),
    ),
    Question(
        "frequencia", "choice", N_("É uma viagem só ou são viagens periódicas?"),
        options=(Option("viagem_unica", N_("Uma viagem (ida e volta)")), Option("periodica", N_("Viagens periódicas (todo dia, toda semana…)"))),
        legal_basis=(pe("art-3/inc-1"), pe("art-3/inc-3"), sp("art-7"), sp("art-8")),
        next=(Go("cadastur", lambda a: _pe(a) and a.get("frequencia") == "viagem_unica", "PE, uma viagem"), Go("data_referencia")),
    ),
    Question(
        "cadastur", "bool", N_("A empresa está registrada no Cadastur (Ministério do Turismo)?"),
        legal_basis=(pe("art-3/inc-2"), pe("art-5/par-2")), next=(Go("data_referencia"),),
    ),
    Question(
        "data_referencia", "date", N_("Para qual data quer a resposta?"), required=False, default_today=True,
        help=N_("Deixe em branco para hoje. A lei de Pernambuco mudou em 13/11/2020 (novas modalidades); a resposta usa a redação em vigor nesta data."),
        next=(Go("resultado"),),
    ),
]


# -- the rules ------------------------------------------------------------------------


def _exclusions(a: dict, when: date) -> list[Statement]:
    """Reasons why no modality fits (each cited)."""
    reasons = []
    pe_law = a["jurisdicao"] == "pe"
    if a.get("intermunicipal") is False:
        reasons.append(say(
            T["o_fretamento_regulado_e"],
            art1_definition(when) if pe_law else sp("art-1"),
        ))
    if a.get("prestador") == "pessoa_fisica":
        reasons.append(say(
            T["o_fretamento_so_pode"],
            pe("art-3"), pe("art-4"),
        ) if pe_law else say(
            T["o_registro_no_der"],
            sp("art-19/inc-1"),
        ))
    if a.get("passageiros") == "publico_em_geral":
        reasons.append(say(
            T["fretamento_transporta_usuarios_identificados"],
            art1_definition(when),
        ) if pe_law else say(
            T["o_fretamento_nao_pode"], sp("art-4"),
        ))
    if a.get("cobranca_individual"):
        reasons.append(say(
            T["no_fretamento_e_proibido"], pe("art-34/inc-1"),
        ) if pe_law else say(
            T["fretamento_e_o_transporte"], sp("art-4"),
        ))
    if not pe_law and a.get("remunerado") is False:
        reasons.append(say(
            T["o_regulamento_so_se"],
            sp("art-2"),
        ))
    return reasons


def _sp_candidates(a: dict) -> dict[str, list[Statement]]:
    fits: dict[str, list[Statement]] = {}
    contratante, frequencia, passageiros = a.get("contratante"), a.get("frequencia"), a["passageiros"]
    if frequencia == "periodica" and (
        (contratante in ("pessoa_juridica", "orgao_publico") and passageiros == "vinculo_contratante")
        or (contratante in ("pessoa_juridica", "orgao_publico") and passageiros == "estudantes")
    ):
        cites = [sp("art-7")] + ([sp("art-7/par-1")] if passageiros == "estudantes" else [])
        fits["continuo"] = [Statement(T["fretamento_continuo_prestado_a"], cites)]
    if frequencia == "viagem_unica" and contratante in ("pessoa_fisica", "pessoa_juridica", "orgao_publico"):
        fits["eventual"] = [say(T["fretamento_eventual_prestado_a"], sp("art-8"))]
    return fits


def _sp_near_misses(a: dict) -> list[Statement]:
    reasons = []
    if a.get("frequencia") == "periodica" and a.get("contratante") == "pessoa_fisica":
        reasons.append(say(T["o_fretamento_continuo_e"], sp("art-7")))
    if a.get("frequencia") == "periodica" and a["passageiros"] not in ("vinculo_contratante", "estudantes"):
        reasons.append(say(T["no_fretamento_continuo_os"], sp("art-7")))
    if a.get("contratante") == "nenhum":
        reasons.append(say(T["os_dois_tipos_de"], sp("art-7"), sp("art-8")))
    if not reasons:
        reasons.append(say(T["as_respostas_nao_correspondem"], sp("art-6")))
    return reasons


# -- what comes next ---------------------------------------------------------------------------

def _sp_next_steps(modalidade: str, when: date) -> tuple[list[Statement], list[Statement]]:
    validade = param("sp.registro.validade.anos", when)
    registro = [
        say(T["registrar_a_empresa_no"], sp("art-19"), sp("art-19/inc-4")),
        say(T["o_certificado_de_registro"], validade.cite, anos=validade.value),
        say(T["submeter_os_veiculos_a"], sp("art-25"), sp("art-27"))
        if exists_on(sp("art-25"), when) else
        # Art. 25 before Decreto 61.694/2015: its wording is not in the corpus, so it is not cited.
        say(T["nenhum_veiculo_circula_sem"], sp("art-27")),
    ]
    viagem = [say(T["levar_no_veiculo_o"], sp("art-28"))]
    if modalidade == "continuo":
        comunicacao = param("sp.contrato.comunicacao.dias", when)
        viagem.append(say(T["comunicar_o_contrato_ao"], comunicacao.cite, dias=comunicacao.value))
    else:
        viagem.append(say(T["levar_a_nota_fiscal"], sp("art-8/par-1")))
        viagem.append(say(T["informar_mensalmente_ao_der"], sp("art-8/par-2")))
    viagem.append(say(T["nao_transportar_passageiros_em"], sp("art-10")))
    return registro, viagem


MODALITY_NAMES = {**modalities.MODALITY_NAMES, "nenhuma": N_("Nenhuma modalidade de fretamento")}


NO_MODALITY = T["pelas_suas_respostas_o"]

# Each place's modality rules, from the day its law took effect (Pernambuco's own dated rules are in
# modalidade_pe: the modalities that existed, the definitions, the next steps).
CANDIDATES = {"pe": Dated("modalidades de PE"), "sp": Dated("modalidades de SP")}
CANDIDATES["pe"].since(PE_ORIGINAL)(pe_candidates)
CANDIDATES["sp"].since("sp-decreto-29912-1989")(lambda a, when: _sp_candidates(a))


def facts_date(a: dict, today: date) -> date:
    """The date of the facts (the answer, or today), refused before the place's law was in force."""
    when = a.get("data_referencia") or today
    rule = CANDIDATES[a["jurisdicao"]]
    try:
        rule.formula(when)
    except NotYetLaw:
        start = rule.periods()[0][0]
        raise InvalidAnswer("data_referencia", N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=start.strftime("%d/%m/%Y")) from None
    return when


def _none(reasons: list[Statement]) -> Outcome:
    return Outcome(
        {"modalidade": "nenhuma", "motivos": reasons, "alternativas": [], "registro": [], "por_viagem": [], "ambiguidades": []},
        rules=reasons,
        headline=Statement(NO_MODALITY, []),
    )


def resultado(a: dict, when: date, options: dict | None = None) -> Outcome:
    """The most specific modality whose conditions hold (the others as alternatives), or none with every reason."""
    pe_law = a["jurisdicao"] == "pe"
    exclusions = _exclusions(a, when)
    if exclusions:
        return _none(exclusions)
    fits = CANDIDATES[a["jurisdicao"]](a, when)
    if not fits:
        return _none(pe_near_misses(a, when) if pe_law else _sp_near_misses(a))
    ranked = [m for m in (PE_SPECIFICITY if pe_law else modalities.SP_MODALITIES) if m in fits]
    chosen = ranked[0]
    registro, viagem, ambiguidades = pe_next_steps(chosen, when) if pe_law else (*_sp_next_steps(chosen, when), [])
    alternativas = [
        Statement(T["tambem_se_enquadra_nome"], fits[m][0].citations, {"nome": MODALITY_NAMES[m]}, code=m) for m in ranked[1:]
    ]
    if pe_law and chosen == "eventual" and a.get("cadastur") is False:
        alternativas.append(Statement(
            T["turistico_se_cadastur"], [pe("art-3/inc-2")], code="turistico_se_cadastur"
        ))
    headline = Statement(T["sua_modalidade_nome_s"], fits[chosen][0].citations, {"nome": MODALITY_NAMES[chosen]}, code=chosen)
    return Outcome(
        {"modalidade": chosen, "motivos": fits[chosen], "alternativas": alternativas, "registro": registro, "por_viagem": viagem, "ambiguidades": ambiguidades},
        rules=[s for m in ranked for s in fits[m]] + ambiguidades + registro + viagem,
        headline=headline,
    )


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    """The outcome for complete answers (kept for callers that run the rules without the walk)."""
    return resultado(a, facts_date(a, today), options)


FLOW = Flow(
    id="modalidade",
    title=N_("Qual é a minha modalidade de fretamento?"),
    description=N_("Descubra em qual modalidade de fretamento o seu serviço se enquadra em Pernambuco ou em São Paulo, e o que fazer em seguida."),
    questions=QUESTIONS,
    outcomes={"resultado": resultado},
    legal_basis=(pe("art-3"), sp("art-6")),
    facts_date=facts_date,
    facts_field="data_referencia",
)
