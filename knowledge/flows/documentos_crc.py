"""Assistente "Quais documentos preciso para o CRC?" (Pernambuco, Lei 16.205/2017).

Arts. 3º, §§ 4º–5º; 4º; 5º; 6º; 8º; 18; 19; 44.  The checklist is art. 5º tailored to
the applicant's legal nature and modalities; impediments are the conditions that
block the CRC (establishment in Pernambuco, minimum own fleet, leasing limit …);
deadlines are issuance, completing documents, validity and renewal.

The date of the request is the engine's ``today`` (a request is made now; the
legal cases run the flow on past dates).  Before 13/11/2020 the previous wording
applies: 2 own vehicles for every autorizatária (old art. 18, § 1º), leasing up to
10 %% (old art. 18, § 2º) with no turismo exemption, 5 calendar days to complete
documents (old art. 6º, § 1º), no art. 5º, XIII–XVI.  Where the law pulls two ways
(art. 5º, XVI "atividade exclusiva de turismo" against art. 35, § 2º "mais de uma
modalidade"), the outcome states the tension (``ambiguidades``) instead of deciding.
"""

from __future__ import annotations

import math
from datetime import date

from ..citations import N_, as_of, pe
from ..modalities import ADDED_BY_LEI_17107, MODALITIES, MODALITY_NAMES
from ..parameters import LEI_17107, PE_IN_FORCE, param
from .engine import Flow, InvalidAnswer, Option, Outcome, Question, Statement, say

NATUREZAS = (
    Option("empresario_individual", N_("Empresário individual")),
    Option("mei", N_("Microempreendedor individual (MEI)")),
    Option("sociedade_empresaria", N_("Sociedade empresária (Ltda. e outras)")),
    Option("sociedade_anonima", N_("Sociedade anônima (S.A.)")),
    Option("sociedade_civil", N_("Sociedade civil ou associação (inclusive entidade filantrópica)")),
    Option("cooperativa", N_("Cooperativa de transporte")),
    Option("orgao_publico", N_("Pessoa jurídica de direito público (órgão público)")),
)
MODALIDADES = tuple(Option(m.id, m.label) for m in MODALITIES)

def _since_2020(a: dict) -> bool:
    """Is the request dated on or after Lei 17.107/2020 (13/11/2020)?"""
    return isinstance(a.get("data_pedido"), date) and a["data_pedido"] >= LEI_17107


QUESTIONS = [
    Question(
        "data_pedido", "date", N_("Em que data o pedido do CRC é (ou foi) feito?"), required=False, default_today=True,
        help=N_("Deixe em branco para hoje. A lei mudou em 13/11/2020; a resposta usa a redação em vigor nesta data."),
    ),
    Question("natureza", "choice", N_("Qual é a natureza jurídica de quem pede o CRC?"), options=NATUREZAS, legal_basis=(pe("art-5/inc-1"),)),
    Question(
        "modalidades", "multiple", N_("Em quais modalidades vai se cadastrar?"), options=MODALIDADES,
        help=N_("É possível cadastrar-se em mais de uma modalidade."), legal_basis=(pe("art-3"), pe("art-35/par-2")),
    ),
    Question("estabelecimento_pe", "bool", N_("Tem estabelecimento (matriz ou filial) em Pernambuco?"), legal_basis=(pe("art-5/par-1"),)),
    Question(
        "usa_onibus", "bool", N_("Vai usar veículos do tipo ônibus?"), legal_basis=(pe("art-3/par-4"),),
        ask_if=_since_2020,  # before 13/11/2020 the minimum fleet applied with or without buses (old art. 18, § 1º)
    ),
    Question("veiculos_proprios", "number", N_("Quantos veículos próprios vai cadastrar?"), minimum=0, maximum=10000, legal_basis=(pe("art-5/inc-9"), pe("art-3/par-4"))),
    Question(
        "veiculos_locados", "number", N_("Quantos veículos arrendados, em comodato ou alugados?"), minimum=0, maximum=10000,
        legal_basis=(pe("art-18"), pe("art-18/par-1")),
    ),
    Question(
        "locados_automovel_turismo", "number", N_("Quantos dos veículos arrendados ou alugados são automóveis de 7 lugares para o fretamento turístico?"),
        minimum=0, maximum=10000, legal_basis=(pe("art-18/par-2"),),
        help=N_("Só esses ficam fora do limite de veículos locados."),
        ask_if=lambda a: _since_2020(a) and "turistico" in (a.get("modalidades") or []) and (a.get("veiculos_locados") or 0) > 0,
    ),
    Question(
        "mesmo_grupo_economico", "bool", N_("Esses veículos são de empresa do mesmo grupo econômico (com sócio em comum)?"),
        legal_basis=(pe("art-18/par-3"),), ask_if=lambda a: (a.get("veiculos_locados") or 0) > 0,
    ),
]


def _constitutive_document(natureza: str) -> Statement:
    texts = {
        "empresario_individual": N_("Registro comercial (empresa individual)."),
        "mei": N_("Registro comercial do microempreendedor individual (Certificado da Condição de MEI)."),
        "sociedade_empresaria": N_("Ato constitutivo, estatuto ou contrato social em vigor, registrado no órgão competente."),
        "sociedade_anonima": N_("Estatuto social em vigor, registrado, acompanhado dos documentos de eleição dos administradores."),
        "sociedade_civil": N_("Regimento interno ou estatuto, com prova da diretoria em exercício."),
        "cooperativa": N_("Estatuto da cooperativa, com prova da diretoria em exercício."),
        "orgao_publico": N_("Ato de constituição da pessoa jurídica de direito público e/ou prova da posse de seu dirigente."),
    }
    return say(texts[natureza], pe("art-5/inc-1"), code="constitutivo")


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    when = a.get("data_pedido") or today  # the date of the request
    if when < PE_IN_FORCE:
        raise InvalidAnswer("data_pedido", N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=PE_IN_FORCE.strftime("%d/%m/%Y"))
    old = when < LEI_17107
    natureza, modalidades = a["natureza"], a["modalidades"]
    # Before Lei 17.107/2020, art. 3º had no próprio, TFD or alunos modality: say so, apply nothing from them.
    inexistentes = [m for m in modalidades if old and m in ADDED_BY_LEI_17107]
    modalidades = [m for m in modalidades if m not in inexistentes]
    proprios, locados = a["veiculos_proprios"], a["veiculos_locados"]

    def P(unit: str):
        return as_of(pe(unit), when)

    constitutivo = _constitutive_document(natureza)
    constitutivo.citations = [P("art-5/inc-1")]
    documentos = [
        constitutivo,
        say(N_("Prova de inscrição no CNPJ."), P("art-5/inc-2"), code="cnpj"),
        say(N_("Certidão negativa (ou positiva com efeitos de negativa) de débitos federais e da Dívida Ativa da União."), P("art-5/inc-3"), code="cnd_federal"),
        say(N_("Certificado de regularidade do FGTS, emitido pela Caixa."), P("art-5/inc-4"), code="fgts"),
        say(N_("Certidão Negativa de Débitos Trabalhistas (CNDT)."), P("art-5/inc-5"), code="cndt"),
        say(N_("Certidão de regularidade fiscal estadual (Secretaria da Fazenda do domicílio ou sede)."), P("art-5/inc-6"), code="fazenda_estadual"),
        say(N_("Certidão de regularidade fiscal municipal (prefeitura do domicílio ou sede)."), P("art-5/inc-7"), code="fazenda_municipal"),
        say(N_("Certidão Negativa de Falência, Recuperação Judicial ou Extrajudicial do distribuidor da sede."), P("art-5/inc-8"), code="falencia")
        if old else
        say(N_("Certidões negativas do Tribunal de Justiça de Pernambuco (1ª e 2ª instâncias) de falência e recuperação judicial ou extrajudicial."), P("art-5/inc-8"), code="falencia"),
        say(N_("Relação da frota e cópia dos CRLV válidos na data do requerimento."), P("art-5/inc-9"), P("art-18"), code="frota"),
        say(N_("Declaração de que todos os motoristas têm CNH categoria D ou E com o curso especializado para transporte de passageiros."), P("art-5/inc-10"), code="motoristas"),
        say(N_("Telefone e e-mail para contato."), P("art-5/inc-11"), P("art-5/inc-12"), code="contato"),
    ]
    if not old:  # art. 5º, XIII–XVI were added by Lei 17.107/2020
        documentos.append(say(N_("Declaração de que os condutores não têm condenação criminal por homicídio, roubo, estupro ou corrupção de menores (no cadastramento dos veículos)."), P("art-5/inc-13"), code="antecedentes_condutores"))
    if natureza == "cooperativa":
        if not old:
            documentos.append(say(N_("Declaração de que os cooperados não têm condenação criminal, com certidões negativas da Justiça Estadual de Pernambuco e da Justiça Federal."), P("art-5/inc-14"), P("art-5/inc-15"), code="antecedentes_cooperados"))
        documentos.append(say(N_("Comprovação de sede em Pernambuco e de registro na OCB/PE."), P("art-5/par-3"), code="ocb"))
        if not old:
            documentos.append(say(N_("CRLV dos veículos cooperados comprovando o vínculo com a cooperativa."), P("art-18/par-4"), code="crlv_cooperados"))
    if "turistico" in modalidades:
        documentos.append(say(N_("Comprovação do registro no Cadastur em Pernambuco."), P("art-5/par-2"), P("art-3/inc-2"), code="cadastur"))
        if not old:
            documentos.append(say(N_("Comprovação de que a empresa presta atividade exclusiva de turismo."), P("art-5/inc-16"), code="turismo_exclusivo"))
    if locados and a.get("mesmo_grupo_economico"):
        documentos.append(say(
            N_("Documentos de habilitação da empresa do grupo que não é cadastrada e contrato social que comprove o sócio em comum."),
            P("art-18/par-3"), code="grupo_economico",
        ) if not old else say(N_("Documentos de habilitação da empresa do mesmo grupo econômico que não é cadastrada."), pe("art-18/par-3", when, previous=True), code="grupo_economico"))
    elif locados:
        documentos.append(say(N_("Contratos de arrendamento, comodato ou aluguel dos veículos, conforme a Resolução Contran nº 339."), P("art-18"), code="contratos_locacao"))
    if any(m in modalidades for m in ("tfd", "alunos")) and natureza != "orgao_publico":
        documentos.append(say(N_("Contrato com o órgão público que contrata o fretamento de TFD ou de alunos."), P("art-3/inc-6"), P("art-3/inc-7"), code="contrato_poder_publico"))

    impedimentos: list[Statement] = []
    ambiguidades: list[Statement] = []
    for modalidade in inexistentes:
        impedimentos.append(say(
            N_("Nesta data a lei não previa esta modalidade (%(nome)s): os fretamentos próprio, de TFD e de alunos só foram criados pela Lei 17.107/2020; a lei tinha só as modalidades eventual, turística, contínua e social."),
            P("art-3"), code="modalidade_inexistente", nome=MODALITY_NAMES[modalidade],
        ))
    if not a["estabelecimento_pe"]:
        impedimentos.append(say(N_("Sem estabelecimento (matriz ou filial) em Pernambuco não há CRC."), P("art-5/par-1"), code="sem_estabelecimento_pe"))
    if natureza == "cooperativa" and not a["estabelecimento_pe"]:
        impedimentos.append(say(N_("A cooperativa precisa ser sediada em Pernambuco."), P("art-5/par-3"), code="cooperativa_fora_de_pe"))
    minimo = param("pe.frota.onibus.minimo", when)
    if old:
        # Old art. 18, § 1º: every autorizatária (except the social modality), buses or not.
        if modalidades != ["social"] and proprios < minimo.value:
            impedimentos.append(say(
                N_("Nesta data toda autorizatária (salvo a do fretamento social) precisava destinar ao fretamento no mínimo %(minimo)d veículos próprios; foram informados %(proprios)d."),
                pe("art-18/par-1", when, previous=True), code="frota_minima", minimo=minimo.value, proprios=proprios,
            ))
    elif a.get("usa_onibus") and modalidades != ["social"] and proprios < minimo.value:
        impedimentos.append(say(
            N_("Quem se cadastra com ônibus precisa destinar ao fretamento no mínimo %(minimo)d veículos próprios; foram informados %(proprios)d."),
            minimo.cite.at(when), code="frota_minima_onibus", minimo=minimo.value, proprios=proprios,
        ))
    if proprios + locados == 0:
        impedimentos.append(say(N_("É preciso apresentar a relação da frota: nenhum veículo foi informado."), P("art-5/inc-9"), code="sem_frota"))
    if "social" in modalidades and locados:
        # Finding 11: the social modality is provided "com frota própria" (art. 3º, IV).
        impedimentos.append(say(
            N_("O fretamento social é prestado com frota própria: veículos arrendados, em comodato ou alugados não servem a ele."),
            P("art-3/inc-4"), code="social_frota_propria",
        ))
    limite_pct = param("pe.frota.locados.percentual", when)
    limite = math.ceil(proprios * limite_pct.value / 100)
    # Finding 10: only 7-seat automobiles in turismo are outside the limit (art. 18, § 2º, since Lei 17.107/2020).
    isentos = 0 if old else min(a.get("locados_automovel_turismo") or 0, locados)
    sujeitos = locados - isentos
    if sujeitos > limite and not a.get("mesmo_grupo_economico"):
        impedimentos.append(say(
            N_("Veículos arrendados ou alugados podem ser no máximo %(pct)d%% da frota própria, arredondando para cima: com %(proprios)d próprios, até %(limite)d; foram informados %(locados)d sujeitos ao limite."),
            pe("art-18/par-2", when, previous=True) if old else limite_pct.cite.at(when), code="limite_locados",
            pct=limite_pct.value, proprios=proprios, limite=limite, locados=sujeitos,
        ))
    if "social" in modalidades and natureza not in ("orgao_publico", "sociedade_civil"):
        impedimentos.append(say(
            N_("O fretamento social só pode ser prestado por pessoa jurídica de direito público ou entidade filantrópica."),
            P("art-3/inc-4"), code="social_natureza",
        ) if not old else say(
            N_("Nesta data o fretamento social só podia ser prestado por pessoa jurídica de direito público ou entidade sem fins econômicos."),
            P("art-3/inc-4"), code="social_natureza",
        ))
    outras = [m for m in modalidades if m != "turistico"]
    if "turistico" in modalidades and outras and not old:
        # Finding 14: the law pulls two ways; say so for every combination (eventual included).
        ambiguidades.append(say(
            N_("A lei permite cadastrar-se em mais de uma modalidade, observadas as restrições de cada uma, mas exige de quem se cadastra no turístico atividade exclusiva de turismo. Ela não diz se prestar também outra modalidade (%(outras)s) rompe essa exclusividade: a resposta depende da EPTI; confirme antes do pedido."),
            P("art-5/inc-16"), P("art-35/par-2"), code="turismo_exclusivo_tensao", outras=", ".join(outras),
        ))

    observacoes: list[Statement] = []
    if natureza == "mei":
        observacoes.append(say(N_("O MEI pode prestar fretamento intermunicipal."), P("art-3/par-1"), P("art-4"), code="mei_admitido"))
    if natureza == "cooperativa":
        observacoes.append(say(N_("A cooperativa só pode cadastrar 1 veículo por cooperado."), P("art-19"), code="cooperativa_um_por_cooperado"))
    if "social" in modalidades and natureza == "sociedade_civil":
        observacoes.append(say(
            N_("No fretamento social a entidade precisa ser filantrópica, reconhecida por legislação própria, e prestar o serviço direta e exclusivamente."),
            P("art-3/inc-4"), code="social_filantropica",
        ) if not old else say(
            N_("Nesta data o fretamento social admitia entidade sem fins econômicos, prestando o serviço direta e exclusivamente."),
            P("art-3/inc-4"), code="social_filantropica",
        ))
    if "turistico" in modalidades and isentos:
        observacoes.append(say(N_("No turístico com automóvel de 7 lugares não se aplica o limite de veículos locados."), P("art-18/par-2"), code="turismo_automovel_sem_limite"))
    if "social" in modalidades:
        # Finding 13: art. 44 rewrote arts. 5 and 10 of Lei 15.177/2013, excluding the social modality.
        observacoes.append(say(
            N_("A modalidade social não paga a Taxa FUSP-F nem a Taxa FUSP-LV: a Lei 15.177/2013, na redação que esta lei lhe deu, exclui a modalidade social dos contribuintes (a vistoria e a licença de viagem continuam obrigatórias)."),
            P("art-44"), P("art-20/par-unico"), code="social_isenta_fusp",
        ))
    if modalidades == ["social"]:
        observacoes.append(say(N_("Depois do CRC, cada veículo passa por vistoria com laudo técnico de engenheiro mecânico e os demais documentos da lei."), P("art-9"), P("art-9/par-1"), code="vistoria"))
    else:
        observacoes.append(say(N_("Depois do CRC, cada veículo passa por vistoria com laudo técnico de engenheiro mecânico, apólice de seguro, certidão negativa do DETRAN/PE e a Taxa FUSP-LV."), P("art-9"), P("art-9/par-1"), code="vistoria"))

    emissao = param("pe.crc.emissao.dias", when)
    validade = param("pe.crc.validade.anos", when)
    renovacao = param("pe.crc.renovacao.dias", when)
    if old:
        complemento = param("pe.crc.complementacao.dias", when)
        prazos = [
            say(N_("A EPTI fornece o CRC em %(dias)d dias, contados da data do protocolo do requerimento completo."), as_of(emissao.cite, when), code="emissao", dias=emissao.value),
            say(N_("Se faltar documento, a EPTI notifica e você tem %(dias)d dias (corridos: a lei não fala em dias úteis) para completar, sob pena de arquivamento; o prazo de emissão recomeça da entrega."), as_of(complemento.cite, when), P("art-6/par-2"), code="complementacao", dias=complemento.value),
            say(N_("O CRC vale %(anos)d ano a partir da emissão."), as_of(validade.cite, when), code="validade", anos=validade.value),
        ]
    else:
        complemento = param("pe.crc.complementacao.dias", when)
        prazos = [
            say(N_("A EPTI fornece o CRC em até %(dias)d dias, contados do primeiro dia útil seguinte ao protocolo do requerimento completo."), emissao.cite.at(when), code="emissao", dias=emissao.value),
            say(N_("Se faltar documento, a EPTI notifica e você tem até %(dias)d dias úteis para completar, sob pena de arquivamento; o prazo de emissão recomeça da entrega."), complemento.cite.at(when), P("art-6/par-2"), code="complementacao", dias=complemento.value),
            say(N_("O CRC vale %(anos)d ano a partir da emissão, condicionado à validade da apólice de seguro."), validade.cite.at(when), code="validade", anos=validade.value),
        ]
    prazos += [
        say(N_("Renove com antecedência mínima de %(dias)d dias do vencimento, sob pena de cancelamento."), as_of(renovacao.cite, when), code="renovacao", dias=renovacao.value),
        say(N_("Mantenha a documentação atualizada e informe à EPTI qualquer alteração dos dados do CRC."), P("art-8/par-unico"), P("art-40"), code="atualizacao"),
    ]
    for statement in prazos[:4]:
        statement.data["dias" if "dias" in statement.params else "anos"] = statement.params.get("dias", statement.params.get("anos"))
    prazos[1].data["contagem"] = "corridos" if old else "uteis"

    headline = (
        Statement(N_("Há impedimentos para obter o CRC: resolva-os antes de protocolar o pedido."), [i.citations[0] for i in impedimentos])
        if impedimentos
        else Statement(N_("Nada nas suas respostas impede o CRC. Reúna os documentos abaixo e protocole o pedido na EPTI."), [P("art-4"), P("art-5")])
    )
    return Outcome(
        {"documentos": documentos, "impedimentos": impedimentos, "ambiguidades": ambiguidades, "prazos": prazos, "observacoes": observacoes},
        rules=impedimentos + ambiguidades + documentos + prazos + observacoes,
        headline=headline,
    )


FLOW = Flow(
    id="documentos_crc",
    title=N_("Quais documentos preciso para o CRC?"),
    description=N_("A lista de documentos para o Certificado de Registro Cadastral da EPTI (Pernambuco), os impedimentos e os prazos, para o seu caso."),
    questions=QUESTIONS,
    decide=decide,
    legal_basis=(pe("art-4"), pe("art-5")),
    facts_date=lambda a, today: a.get("data_pedido") or today,
)
