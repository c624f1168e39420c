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

The interview is a declared graph (each question's ``next``); each rule Lei 17.107/2020 changed is
a :class:`~knowledge.flows.dated.Dated` rule with one formula per wording; the sentences are in
``documentos_crc.texts.yaml``; the numbers are parameters of ``knowledge/parameters/pe/``.
"""

from __future__ import annotations

import math
from datetime import date

from ..citations import N_, as_of, pe
from ..modalities import ADDED_BY_LEI_17107, MODALITIES, MODALITY_NAMES
from ..parameters import param
from ..vigencia import PE_LEI_17107, PE_ORIGINAL
from .dated import Dated, NotYetLaw, in_force_since
from .engine import Flow, Go, InvalidAnswer, Option, Outcome, Question, Statement
from .texts import Texts

T = Texts("documentos_crc")
ORIGINAL, LEI_17107 = PE_ORIGINAL, PE_LEI_17107

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
    """Is the request dated on or after Lei 17.107/2020?  (A node condition: which questions exist.)"""
    return isinstance(a.get("data_pedido"), date) and a["data_pedido"] >= in_force_since(LEI_17107)


def _leases(a: dict) -> bool:
    return (a.get("veiculos_locados") or 0) > 0


# -- the graph: each node, its question and its next rule ------------------------------------------
QUESTIONS = [
    Question(
        "data_pedido", "date", N_("Em que data o pedido do CRC é (ou foi) feito?"), required=False, default_today=True,
        help=N_("Deixe em branco para hoje. A lei mudou em 13/11/2020; a resposta usa a redação em vigor nesta data."),
        next=(Go("natureza"),),
    ),
    Question("natureza", "choice", N_("Qual é a natureza jurídica de quem pede o CRC?"), options=NATUREZAS, legal_basis=(pe("art-5/inc-1"),),
             next=(Go("modalidades"),)),
    Question(
        "modalidades", "multiple", N_("Em quais modalidades vai se cadastrar?"), options=MODALIDADES,
        help=N_("É possível cadastrar-se em mais de uma modalidade."), legal_basis=(pe("art-3"), pe("art-35/par-2")),
        offered=lambda a: OFERECIDAS(a, a["data_pedido"]),
        next=(Go("estabelecimento_pe"),),
    ),
    Question("estabelecimento_pe", "bool", N_("Tem estabelecimento (matriz ou filial) em Pernambuco?"), legal_basis=(pe("art-5/par-1"),),
             # before 13/11/2020 the minimum fleet applied with or without buses (old art. 18, § 1º)
             next=(Go("usa_onibus", _since_2020, "desde a Lei 17.107/2020"), Go("veiculos_proprios"))),
    Question("usa_onibus", "bool", N_("Vai usar veículos do tipo ônibus?"), legal_basis=(pe("art-3/par-4"),), next=(Go("veiculos_proprios"),)),
    Question("veiculos_proprios", "number", N_("Quantos veículos próprios vai cadastrar?"), minimum=0, maximum=10000,
             legal_basis=(pe("art-5/inc-9"), pe("art-3/par-4")), next=(Go("veiculos_locados"),)),
    Question(
        "veiculos_locados", "number", N_("Quantos veículos arrendados, em comodato ou alugados?"), minimum=0, maximum=10000,
        legal_basis=(pe("art-18"), pe("art-18/par-1")),
        next=(
            Go("locados_automovel_turismo", lambda a: _since_2020(a) and "turistico" in (a.get("modalidades") or []) and _leases(a),
               "desde 2020, turístico, com locados"),
            Go("mesmo_grupo_economico", _leases, "com locados"),
            Go("resultado"),
        ),
    ),
    Question(
        "locados_automovel_turismo", "number", N_("Quantos dos veículos arrendados ou alugados são automóveis de 7 lugares para o fretamento turístico?"),
        minimum=0, maximum=10000, legal_basis=(pe("art-18/par-2"),),
        help=N_("Só esses ficam fora do limite de veículos locados."), next=(Go("mesmo_grupo_economico"),),
    ),
    Question("mesmo_grupo_economico", "bool", N_("Esses veículos são de empresa do mesmo grupo econômico (com sócio em comum)?"),
             legal_basis=(pe("art-18/par-3"),), next=(Go("resultado"),)),
]


def facts_date(a: dict, today: date) -> date:
    """The date of the request (the answer, or today), refused before the law was in force."""
    when = a.get("data_pedido") or today
    try:
        DOCUMENTOS.formula(when)
    except NotYetLaw:
        raise InvalidAnswer("data_pedido", N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=DOCUMENTOS.periods()[0][0].strftime("%d/%m/%Y")) from None
    return when


def _P(when: date):
    return lambda unit: as_of(pe(unit), when)


# -- which modalities existed --------------------------------------------------------------------
INEXISTENTES = Dated("modalidades inexistentes", "The chosen modalities the law did not have yet.")
# Before Lei 17.107/2020, art. 3º had no próprio, TFD or alunos modality: say so, apply nothing from them.
INEXISTENTES.since(ORIGINAL)(lambda a, when: [m for m in a["modalidades"] if m in ADDED_BY_LEI_17107])
INEXISTENTES.since(LEI_17107)(lambda a, when: [])


# The options the modality question offers: only those art. 3º had on the date of the request (a
# modality named anyway, through the API or the assistant, is said not to exist yet: INEXISTENTES).
OFERECIDAS = Dated("modalidades oferecidas", "The modalities art. 3º had on the date of the request.")
OFERECIDAS.since(ORIGINAL)(lambda a, when: tuple(o for o in MODALIDADES if o.value not in ADDED_BY_LEI_17107))
OFERECIDAS.since(LEI_17107)(lambda a, when: MODALIDADES)


# -- the documents (art. 5º) ---------------------------------------------------------------------
_ART5 = (("cnpj", "art-5/inc-2"), ("cnd_federal", "art-5/inc-3"), ("fgts", "art-5/inc-4"), ("cndt", "art-5/inc-5"),
         ("fazenda_estadual", "art-5/inc-6"), ("fazenda_municipal", "art-5/inc-7"))


def _common_documents(a: dict, when: date, falencia: str) -> list[Statement]:
    P = _P(when)
    return [T.say(f"constitutivo.{a['natureza']}", P("art-5/inc-1"))] + [T.say(key, P(unit)) for key, unit in _ART5] + [
        T.say(falencia, P("art-5/inc-8")),
        T.say("frota", P("art-5/inc-9"), P("art-18")),
        T.say("motoristas", P("art-5/inc-10")),
        T.say("contato", P("art-5/inc-11"), P("art-5/inc-12")),
    ]


def _fleet_documents(a: dict, modalidades: list[str], when: date, grupo: Statement) -> list[Statement]:
    P, found = _P(when), []
    if a["veiculos_locados"] and a.get("mesmo_grupo_economico"):
        found.append(grupo)
    elif a["veiculos_locados"]:
        found.append(T.say("contratos_locacao", P("art-18")))
    if any(m in modalidades for m in ("tfd", "alunos")) and a["natureza"] != "orgao_publico":
        found.append(T.say("contrato_poder_publico", P("art-3/inc-6"), P("art-3/inc-7")))
    return found


DOCUMENTOS = Dated("documentos", "The checklist of art. 5º (incisos XIII–XVI were added by Lei 17.107/2020).")


@DOCUMENTOS.since(ORIGINAL)
def _documentos_original(a: dict, when: date, modalidades: list[str]) -> list[Statement]:
    P = _P(when)
    found = _common_documents(a, when, "falencia.original")
    if a["natureza"] == "cooperativa":
        found.append(T.say("ocb", P("art-5/par-3")))
    if "turistico" in modalidades:
        found.append(T.say("cadastur", P("art-5/par-2"), P("art-3/inc-2")))
    return found + _fleet_documents(a, modalidades, when, T.say("grupo_economico.original", pe("art-18/par-3", when, previous=True)))


@DOCUMENTOS.since(LEI_17107)
def _documentos_2020(a: dict, when: date, modalidades: list[str]) -> list[Statement]:
    P = _P(when)
    found = _common_documents(a, when, "falencia.desde_2020") + [T.say("antecedentes_condutores", P("art-5/inc-13"))]
    if a["natureza"] == "cooperativa":
        found += [T.say("antecedentes_cooperados", P("art-5/inc-14"), P("art-5/inc-15")), T.say("ocb", P("art-5/par-3")),
                  T.say("crlv_cooperados", P("art-18/par-4"))]
    if "turistico" in modalidades:
        found += [T.say("cadastur", P("art-5/par-2"), P("art-3/inc-2")), T.say("turismo_exclusivo", P("art-5/inc-16"))]
    return found + _fleet_documents(a, modalidades, when, T.say("grupo_economico.desde_2020", P("art-18/par-3")))


# -- what blocks the CRC ---------------------------------------------------------------------------
FROTA_MINIMA = Dated("frota mínima", "The minimum own fleet (old art. 18, § 1º: everyone; since 2020, art. 3º, § 4º: with buses).")


@FROTA_MINIMA.since(ORIGINAL)
def _frota_minima_original(a: dict, when: date, modalidades: list[str]) -> list[Statement]:
    minimo = param("pe.frota.onibus.minimo", when)
    if modalidades == ["social"] or a["veiculos_proprios"] >= minimo.value:
        return []
    return [T.say("frota_minima", pe("art-18/par-1", when, previous=True), minimo=minimo.value, proprios=a["veiculos_proprios"])]


@FROTA_MINIMA.since(LEI_17107)
def _frota_minima_2020(a: dict, when: date, modalidades: list[str]) -> list[Statement]:
    minimo = param("pe.frota.onibus.minimo", when)
    if not a.get("usa_onibus") or modalidades == ["social"] or a["veiculos_proprios"] >= minimo.value:
        return []
    return [T.say("frota_minima_onibus", minimo.cite.at(when), minimo=minimo.value, proprios=a["veiculos_proprios"])]


ISENTOS = Dated("locados fora do limite", "Leased vehicles outside the limit: 7-seat automobiles in turismo, since 2020 (finding 10).")
ISENTOS.since(ORIGINAL)(lambda a, when: 0)
ISENTOS.since(LEI_17107)(lambda a, when: min(a.get("locados_automovel_turismo") or 0, a["veiculos_locados"]))
LIMITE_CITE = Dated("citação do limite de locados", "The unit of the leasing limit.")
LIMITE_CITE.since(ORIGINAL)(lambda a, when: pe("art-18/par-2", when, previous=True))
LIMITE_CITE.since(LEI_17107)(lambda a, when: param("pe.frota.locados.percentual", when).cite.at(when))
SOCIAL_NATUREZA = Dated("quem presta o social", "Who may provide the social modality.")
SOCIAL_NATUREZA.since(ORIGINAL)(lambda a, when: "social_natureza.original")
SOCIAL_NATUREZA.since(LEI_17107)(lambda a, when: "social_natureza.desde_2020")


def _limite_locados(a: dict, when: date) -> list[Statement]:
    proprios, locados = a["veiculos_proprios"], a["veiculos_locados"]
    pct = param("pe.frota.locados.percentual", when)
    limite = math.ceil(proprios * pct.value / 100)
    sujeitos = locados - ISENTOS(a, when)
    if sujeitos <= limite or a.get("mesmo_grupo_economico"):
        return []
    return [T.say("limite_locados", LIMITE_CITE(a, when), pct=pct.value, proprios=proprios, limite=limite, locados=sujeitos)]


def impedimentos(a: dict, when: date, modalidades: list[str]) -> list[Statement]:
    P, natureza = _P(when), a["natureza"]
    found = [T.say("modalidade_inexistente", P("art-3"), nome=MODALITY_NAMES[m]) for m in INEXISTENTES(a, when)]
    if not a["estabelecimento_pe"]:
        found.append(T.say("sem_estabelecimento_pe", P("art-5/par-1")))
        if natureza == "cooperativa":
            found.append(T.say("cooperativa_fora_de_pe", P("art-5/par-3")))
    found += FROTA_MINIMA(a, when, modalidades)
    if a["veiculos_proprios"] + a["veiculos_locados"] == 0:
        found.append(T.say("sem_frota", P("art-5/inc-9")))
    if "social" in modalidades and a["veiculos_locados"]:
        # Finding 11: the social modality is provided "com frota própria" (art. 3º, IV).
        found.append(T.say("social_frota_propria", P("art-3/inc-4")))
    found += _limite_locados(a, when)
    if "social" in modalidades and natureza not in ("orgao_publico", "sociedade_civil"):
        found.append(T.say(SOCIAL_NATUREZA(a, when), P("art-3/inc-4")))
    return found


# -- what the law leaves open, and the notes --------------------------------------------------------
AMBIGUIDADES = Dated("ambiguidades", "Where the law pulls two ways (art. 5º, XVI against art. 35, § 2º, since 2020: finding 14).")
AMBIGUIDADES.since(ORIGINAL)(lambda a, when, modalidades: [])


@AMBIGUIDADES.since(LEI_17107)
def _ambiguidades_2020(a: dict, when: date, modalidades: list[str]) -> list[Statement]:
    outras = [m for m in modalidades if m != "turistico"]
    if "turistico" not in modalidades or not outras:
        return []
    P = _P(when)
    return [T.say("turismo_exclusivo_tensao", P("art-5/inc-16"), P("art-35/par-2"), outras=", ".join(outras))]


SOCIAL_FILANTROPICA = Dated("entidade do social", "What the social modality asks of a civil society.")
SOCIAL_FILANTROPICA.since(ORIGINAL)(lambda a, when: "social_filantropica.original")
SOCIAL_FILANTROPICA.since(LEI_17107)(lambda a, when: "social_filantropica.desde_2020")


def observacoes(a: dict, when: date, modalidades: list[str]) -> list[Statement]:
    P, natureza, found = _P(when), a["natureza"], []
    if natureza == "mei":
        found.append(T.say("mei_admitido", P("art-3/par-1"), P("art-4")))
    if natureza == "cooperativa":
        found.append(T.say("cooperativa_um_por_cooperado", P("art-19")))
    if "social" in modalidades and natureza == "sociedade_civil":
        found.append(T.say(SOCIAL_FILANTROPICA(a, when), P("art-3/inc-4")))
    if "turistico" in modalidades and ISENTOS(a, when):
        found.append(T.say("turismo_automovel_sem_limite", P("art-18/par-2")))
    if "social" in modalidades:
        # Finding 13: art. 44 rewrote arts. 5 and 10 of Lei 15.177/2013, excluding the social modality.
        found.append(T.say("social_isenta_fusp", P("art-44"), P("art-20/par-unico")))
    found.append(T.say("vistoria.social" if modalidades == ["social"] else "vistoria.demais", P("art-9"), P("art-9/par-1")))
    return found


# -- the deadlines -----------------------------------------------------------------------------------
PRAZOS = Dated("prazos", "Issuance, completing documents and validity (art. 6º was rewritten by Lei 17.107/2020).")


@PRAZOS.since(ORIGINAL)
def _prazos_original(a: dict, when: date) -> list[Statement]:
    emissao, complemento, validade = (param(f"pe.crc.{k}", when) for k in ("emissao.dias", "complementacao.dias", "validade.anos"))
    found = [
        T.say("emissao.original", as_of(emissao.cite, when), dias=emissao.value),
        T.say("complementacao.original", as_of(complemento.cite, when), _P(when)("art-6/par-2"), dias=complemento.value),
        T.say("validade.original", as_of(validade.cite, when), anos=validade.value),
    ]
    found[1].data["contagem"] = "corridos"
    return found


@PRAZOS.since(LEI_17107)
def _prazos_2020(a: dict, when: date) -> list[Statement]:
    emissao, complemento, validade = (param(f"pe.crc.{k}", when) for k in ("emissao.dias", "complementacao.dias", "validade.anos"))
    found = [
        T.say("emissao.desde_2020", emissao.cite.at(when), dias=emissao.value),
        T.say("complementacao.desde_2020", complemento.cite.at(when), _P(when)("art-6/par-2"), dias=complemento.value),
        T.say("validade.desde_2020", validade.cite.at(when), anos=validade.value),
    ]
    found[1].data["contagem"] = "uteis"
    return found


def prazos(a: dict, when: date) -> list[Statement]:
    renovacao = param("pe.crc.renovacao.dias", when)
    found = PRAZOS(a, when) + [
        T.say("renovacao", as_of(renovacao.cite, when), dias=renovacao.value),
        T.say("atualizacao", _P(when)("art-8/par-unico"), _P(when)("art-40")),
    ]
    for statement in found[:4]:
        statement.data["dias" if "dias" in statement.params else "anos"] = statement.params.get("dias", statement.params.get("anos"))
    return found


# -- the outcome -------------------------------------------------------------------------------------
def resultado(a: dict, when: date, options: dict | None = None) -> Outcome:
    """The checklist, the impediments, what the law leaves open, the deadlines and notes, on the date of the request."""
    inexistentes = INEXISTENTES(a, when)
    modalidades = [m for m in a["modalidades"] if m not in inexistentes]
    blocking = impedimentos(a, when, modalidades)
    fields = {
        "documentos": DOCUMENTOS(a, when, modalidades), "impedimentos": blocking, "ambiguidades": AMBIGUIDADES(a, when, modalidades),
        "prazos": prazos(a, when), "observacoes": observacoes(a, when, modalidades),
    }
    P = _P(when)
    headline = (
        T.say("headline.impedimentos", *[i.citations[0] for i in blocking], code="") if blocking
        else T.say("headline.sem_impedimentos", P("art-4"), P("art-5"), code="")
    )
    rules = blocking + fields["ambiguidades"] + fields["documentos"] + fields["prazos"] + fields["observacoes"]
    return Outcome(fields, rules=rules, headline=headline)


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    """The outcome for complete answers (kept for callers that run the rules without the walk)."""
    return resultado(a, facts_date(a, today), options)


FLOW = Flow(
    id="documentos_crc",
    title=N_("Quais documentos preciso para o CRC?"),
    description=N_("A lista de documentos para o Certificado de Registro Cadastral da EPTI (Pernambuco), os impedimentos e os prazos, para o seu caso."),
    questions=QUESTIONS,
    outcomes={"resultado": resultado},
    legal_basis=(pe("art-4"), pe("art-5")),
    facts_date=facts_date,
    facts_field="data_pedido",
)
