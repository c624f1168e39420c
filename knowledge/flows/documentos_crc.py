"""Assistente "Quais documentos preciso para o CRC?" (Pernambuco, Lei 16.205/2017).

Arts. 3º, §§ 4º–5º; 4º; 5º; 6º; 8º; 18; 19.  The checklist is art. 5º tailored to
the applicant's legal nature and modalities; impediments are the conditions that
block the CRC (establishment in Pernambuco, minimum own fleet for buses, leasing
limit …); deadlines are issuance, completing documents, validity and renewal,
each taken from the parameters in force today.
"""

from __future__ import annotations

import math
from datetime import date

from ..citations import N_, pe
from ..parameters import param
from .engine import Flow, Option, Outcome, Question, Statement

NATUREZAS = (
    Option("empresario_individual", N_("Empresário individual")),
    Option("mei", N_("Microempreendedor individual (MEI)")),
    Option("sociedade_empresaria", N_("Sociedade empresária (Ltda. e outras)")),
    Option("sociedade_anonima", N_("Sociedade anônima (S.A.)")),
    Option("sociedade_civil", N_("Sociedade civil ou associação (inclusive entidade filantrópica)")),
    Option("cooperativa", N_("Cooperativa de transporte")),
    Option("orgao_publico", N_("Pessoa jurídica de direito público (órgão público)")),
)
MODALIDADES = (
    Option("eventual", N_("Eventual")),
    Option("turistico", N_("Turístico")),
    Option("continuo", N_("Contínuo")),
    Option("social", N_("Social")),
    Option("proprio", N_("Próprio")),
    Option("tfd", N_("TFD (tratamento fora do domicílio)")),
    Option("alunos", N_("Alunos (exceto escolar)")),
)

QUESTIONS = [
    Question("natureza", "choice", N_("Qual é a natureza jurídica de quem pede o CRC?"), options=NATUREZAS, legal_basis=(pe("art-5/inc-1"),)),
    Question(
        "modalidades", "multiple", N_("Em quais modalidades vai se cadastrar?"), options=MODALIDADES,
        help=N_("É possível cadastrar-se em mais de uma modalidade."), legal_basis=(pe("art-3"), pe("art-35/par-2")),
    ),
    Question("estabelecimento_pe", "bool", N_("Tem estabelecimento (matriz ou filial) em Pernambuco?"), legal_basis=(pe("art-5/par-1"),)),
    Question("usa_onibus", "bool", N_("Vai usar veículos do tipo ônibus?"), legal_basis=(pe("art-3/par-4"),)),
    Question("veiculos_proprios", "number", N_("Quantos veículos próprios vai cadastrar?"), minimum=0, maximum=10000, legal_basis=(pe("art-5/inc-9"), pe("art-3/par-4"))),
    Question(
        "veiculos_locados", "number", N_("Quantos veículos arrendados, em comodato ou alugados?"), minimum=0, maximum=10000,
        legal_basis=(pe("art-18"), pe("art-18/par-1")),
    ),
    Question(
        "mesmo_grupo_economico", "bool", N_("Esses veículos são de empresa do mesmo grupo econômico (com sócio em comum)?"),
        legal_basis=(pe("art-18/par-3"),), ask_if=lambda a: (a.get("veiculos_locados") or 0) > 0,
    ),
]


def _s(text: str, *cites, code: str = "", **params) -> Statement:
    return Statement(N_(text), list(cites), params, code=code)


def _constitutive_document(natureza: str) -> Statement:
    texts = {
        "empresario_individual": "Registro comercial (empresa individual).",
        "mei": "Registro comercial do microempreendedor individual (Certificado da Condição de MEI).",
        "sociedade_empresaria": "Ato constitutivo, estatuto ou contrato social em vigor, registrado no órgão competente.",
        "sociedade_anonima": "Estatuto social em vigor, registrado, acompanhado dos documentos de eleição dos administradores.",
        "sociedade_civil": "Regimento interno ou estatuto, com prova da diretoria em exercício.",
        "cooperativa": "Estatuto da cooperativa, com prova da diretoria em exercício.",
        "orgao_publico": "Ato de constituição da pessoa jurídica de direito público e/ou prova da posse de seu dirigente.",
    }
    return _s(texts[natureza], pe("art-5/inc-1"), code="constitutivo")


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    natureza, modalidades = a["natureza"], a["modalidades"]
    proprios, locados = a["veiculos_proprios"], a["veiculos_locados"]
    documentos = [
        _constitutive_document(natureza),
        _s("Prova de inscrição no CNPJ.", pe("art-5/inc-2"), code="cnpj"),
        _s("Certidão negativa (ou positiva com efeitos de negativa) de débitos federais e da Dívida Ativa da União.", pe("art-5/inc-3"), code="cnd_federal"),
        _s("Certificado de regularidade do FGTS, emitido pela Caixa.", pe("art-5/inc-4"), code="fgts"),
        _s("Certidão Negativa de Débitos Trabalhistas (CNDT).", pe("art-5/inc-5"), code="cndt"),
        _s("Certidão de regularidade fiscal estadual (Secretaria da Fazenda do domicílio ou sede).", pe("art-5/inc-6"), code="fazenda_estadual"),
        _s("Certidão de regularidade fiscal municipal (prefeitura do domicílio ou sede).", pe("art-5/inc-7"), code="fazenda_municipal"),
        _s("Certidões negativas do Tribunal de Justiça de Pernambuco (1ª e 2ª instâncias) de falência e recuperação judicial ou extrajudicial.", pe("art-5/inc-8"), code="falencia"),
        _s("Relação da frota e cópia dos CRLV válidos na data do requerimento.", pe("art-5/inc-9"), pe("art-18"), code="frota"),
        _s("Declaração de que todos os motoristas têm CNH categoria D ou E com o curso especializado para transporte de passageiros.", pe("art-5/inc-10"), code="motoristas"),
        _s("Telefone e e-mail para contato.", pe("art-5/inc-11"), pe("art-5/inc-12"), code="contato"),
        _s("Declaração de que os condutores não têm condenação criminal por homicídio, roubo, estupro ou corrupção de menores (no cadastramento dos veículos).", pe("art-5/inc-13"), code="antecedentes_condutores"),
    ]
    if natureza == "cooperativa":
        documentos += [
            _s("Declaração de que os cooperados não têm condenação criminal, com certidões negativas da Justiça Estadual de Pernambuco e da Justiça Federal.", pe("art-5/inc-14"), pe("art-5/inc-15"), code="antecedentes_cooperados"),
            _s("Comprovação de sede em Pernambuco e de registro na OCB/PE.", pe("art-5/par-3"), code="ocb"),
            _s("CRLV dos veículos cooperados comprovando o vínculo com a cooperativa.", pe("art-18/par-4"), code="crlv_cooperados"),
        ]
    if "turistico" in modalidades:
        documentos += [
            _s("Comprovação do registro no Cadastur em Pernambuco.", pe("art-5/par-2"), pe("art-3/inc-2"), code="cadastur"),
            _s("Comprovação de que a empresa presta atividade exclusiva de turismo.", pe("art-5/inc-16"), code="turismo_exclusivo"),
        ]
    if locados and a.get("mesmo_grupo_economico"):
        documentos.append(_s(
            "Documentos de habilitação da empresa do grupo que não é cadastrada e contrato social que comprove o sócio em comum.",
            pe("art-18/par-3"), code="grupo_economico",
        ))
    elif locados:
        documentos.append(_s("Contratos de arrendamento, comodato ou aluguel dos veículos, conforme a Resolução Contran nº 339.", pe("art-18"), code="contratos_locacao"))
    if any(m in modalidades for m in ("tfd", "alunos")) and natureza != "orgao_publico":
        documentos.append(_s("Contrato com o órgão público que contrata o fretamento de TFD ou de alunos.", pe("art-3/inc-6"), pe("art-3/inc-7"), code="contrato_poder_publico"))

    impedimentos: list[Statement] = []
    if not a["estabelecimento_pe"]:
        impedimentos.append(_s("Sem estabelecimento (matriz ou filial) em Pernambuco não há CRC.", pe("art-5/par-1"), code="sem_estabelecimento_pe"))
    if natureza == "cooperativa" and not a["estabelecimento_pe"]:
        impedimentos.append(_s("A cooperativa precisa ser sediada em Pernambuco.", pe("art-5/par-3"), code="cooperativa_fora_de_pe"))
    minimo = param("pe.frota.onibus.minimo", today)
    if a["usa_onibus"] and modalidades != ["social"] and proprios < minimo.value:
        impedimentos.append(_s(
            "Quem se cadastra com ônibus precisa destinar ao fretamento no mínimo %(minimo)d veículos próprios; foram informados %(proprios)d.",
            minimo.cite, code="frota_minima_onibus", minimo=minimo.value, proprios=proprios,
        ))
    if proprios + locados == 0:
        impedimentos.append(_s("É preciso apresentar a relação da frota: nenhum veículo foi informado.", pe("art-5/inc-9"), code="sem_frota"))
    limite_pct = param("pe.frota.locados.percentual", today)
    limite = math.ceil(proprios * limite_pct.value / 100)
    automovel_turismo = modalidades == ["turistico"] and not a["usa_onibus"]
    if locados > limite and not a.get("mesmo_grupo_economico") and not automovel_turismo:
        impedimentos.append(_s(
            "Veículos arrendados ou alugados podem ser no máximo %(pct)d%% da frota própria, arredondando para cima: com %(proprios)d próprios, até %(limite)d; foram informados %(locados)d.",
            limite_pct.cite, code="limite_locados", pct=limite_pct.value, proprios=proprios, limite=limite, locados=locados,
        ))
    if "social" in modalidades and natureza not in ("orgao_publico", "sociedade_civil"):
        impedimentos.append(_s(
            "O fretamento social só pode ser prestado por pessoa jurídica de direito público ou entidade filantrópica.",
            pe("art-3/inc-4"), code="social_natureza",
        ))
    if "turistico" in modalidades and any(m in modalidades for m in ("continuo", "social", "proprio", "tfd", "alunos")):
        impedimentos.append(_s(
            "Quem se cadastra no fretamento turístico deve prestar atividade exclusiva de turismo, o que não combina com as outras modalidades escolhidas.",
            pe("art-5/inc-16"), code="turismo_exclusivo_conflito",
        ))

    observacoes: list[Statement] = []
    if natureza == "mei":
        observacoes.append(_s("O MEI pode prestar fretamento intermunicipal.", pe("art-3/par-1"), pe("art-4"), code="mei_admitido"))
    if natureza == "cooperativa":
        observacoes.append(_s("A cooperativa só pode cadastrar 1 veículo por cooperado.", pe("art-19"), code="cooperativa_um_por_cooperado"))
    if automovel_turismo and locados:
        observacoes.append(_s("No turístico com automóvel de 7 lugares não se aplica o limite de veículos locados.", pe("art-18/par-2"), code="turismo_automovel_sem_limite"))
    observacoes.append(_s("Depois do CRC, cada veículo passa por vistoria com laudo técnico de engenheiro mecânico, apólice de seguro, certidão negativa do DETRAN/PE e a Taxa FUSP-LV.", pe("art-9"), pe("art-9/par-1"), code="vistoria"))

    emissao = param("pe.crc.emissao.dias", today)
    complemento = param("pe.crc.complementacao.dias", today)
    validade = param("pe.crc.validade.anos", today)
    renovacao = param("pe.crc.renovacao.dias", today)
    prazos = [
        _s("A EPTI fornece o CRC em até %(dias)d dias, contados do primeiro dia útil seguinte ao protocolo do requerimento completo.", emissao.cite, code="emissao", dias=emissao.value),
        _s("Se faltar documento, a EPTI notifica e você tem até %(dias)d dias úteis para completar, sob pena de arquivamento; o prazo de emissão recomeça da entrega.", complemento.cite, pe("art-6/par-2"), code="complementacao", dias=complemento.value),
        _s("O CRC vale %(anos)d ano a partir da emissão, condicionado à validade da apólice de seguro.", validade.cite, code="validade", anos=validade.value),
        _s("Renove com antecedência mínima de %(dias)d dias do vencimento, sob pena de cancelamento.", renovacao.cite, code="renovacao", dias=renovacao.value),
        _s("Mantenha a documentação atualizada e informe à EPTI qualquer alteração dos dados do CRC.", pe("art-8/par-unico"), pe("art-40"), code="atualizacao"),
    ]
    for statement in prazos[:4]:
        statement.data["dias" if "dias" in statement.params else "anos"] = statement.params.get("dias", statement.params.get("anos"))

    headline = (
        Statement(N_("Há impedimentos para obter o CRC: resolva-os antes de protocolar o pedido."), [i.citations[0] for i in impedimentos])
        if impedimentos
        else Statement(N_("Nada nas suas respostas impede o CRC. Reúna os documentos abaixo e protocole o pedido na EPTI."), [pe("art-4"), pe("art-5")])
    )
    return Outcome(
        {"documentos": documentos, "impedimentos": impedimentos, "prazos": prazos, "observacoes": observacoes},
        rules=impedimentos + documentos + prazos + observacoes,
        headline=headline,
    )


FLOW = Flow(
    id="documentos_crc",
    title=N_("Quais documentos preciso para o CRC?"),
    description=N_("A lista de documentos para o Certificado de Registro Cadastral da EPTI (Pernambuco), os impedimentos e os prazos, para o seu caso."),
    questions=QUESTIONS,
    decide=decide,
    legal_basis=(pe("art-4"), pe("art-5")),
)
