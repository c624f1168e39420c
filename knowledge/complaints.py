"""Complaints: what a passenger can report, which infraction it is, and who receives it.

Each occurrence code maps, per jurisdiction, to the infraction the applicable law
describes *on the date of the facts*, its gravity and its fine — in the unit the
law uses — with citations dated that day.  Where a law has no specific infraction
for an occurrence, the entry says so (``gravidade`` None) instead of inventing one.

- Before a law was in force (Pernambuco 22/02/2018, Acre 21/12/2013, …)
  :func:`classify` raises :class:`~knowledge.parameters.NotInForce`: nothing of it applies.
- Pernambuco before 13/11/2020 uses the previous Anexo I (the "Nota: Redação
  Anterior" block): individual tickets were grave (III, f), the open door leve
  (I, b), standing passengers moderada (II, a), an unsafe vehicle grave (III, c).
- A complaint must name its place: :func:`classify` never falls back to one
  place; :func:`classify_everywhere` gives each place's answer when the place is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .citations import N_, Cite, ac, as_of, pe, recife, sp
from .parameters import LEI_17107, NotInForce, param
from .places import PLACE_IDS, PLACES

OCCURRENCES: dict[str, str] = {
    "venda_passagem_individual": N_("Venda de passagem individual"),
    "passageiros_em_pe": N_("Passageiros viajando em pé"),
    "terminal_rodoviario": N_("Embarque ou desembarque em terminal rodoviário"),
    "passageiro_fora_da_lista": N_("Passageiro fora da lista de passageiros"),
    "veiculo_inseguro": N_("Veículo em más condições, com risco à segurança"),
    "porta_aberta": N_("Veículo andando com a porta aberta"),
    "sem_autorizacao": N_("Transporte sem autorização (clandestino)"),
    "equipamento_obrigatorio": N_("Sem cinto de segurança ou outro equipamento obrigatório"),
    "outro": N_("Outro problema"),
}

JURISDICTIONS = PLACE_IDS  # a complaint's place: one of knowledge/places.py


@dataclass(frozen=True)
class Regulator:
    sigla: str
    nome: str
    contatos: tuple[str, ...]
    citations: tuple[Cite, ...] = ()


def _regulator(place_id: str, contatos: tuple[str, ...], citations: tuple[Cite, ...], nome: str = "") -> Regulator:
    """The place's agency (knowledge/places.py), named in full as the statute names it when ``nome`` says more."""
    place = PLACES[place_id]
    return Regulator(place.agency_acronym, nome or place.agency_name, contatos, citations)


# Only facts the statutes give (and the national emergency number): no phone
# number or address is invented.  Deployments add real contacts in
# DATA_DIR/orgaos.json (see portal/complaints_service.py).
REGULATORS: dict[str, Regulator] = {
    "pe": _regulator("pe", (
        N_("As orientações para denúncias ficam afixadas dentro de todo veículo de fretamento."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (pe("art-2"), pe("art-14/inc-2"))),
    # The decree names the DER (art. 3º).  The ARTESP is not in the decree: it was created by
    # Lei Complementar estadual nº 914/2002, which is outside this portal's corpus.
    "sp": _regulator("sp", (
        N_("O Decreto 29.912/1989 atribui a fiscalização ao DER (art. 3º). A ARTESP, criada depois pela Lei Complementar estadual nº 914/2002 (fora do acervo deste portal), exerce hoje atribuições sobre o transporte intermunicipal: confirme o canal de denúncia com ela."),
        N_("O telefone do DER para reclamações fica afixado dentro do veículo."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (sp("art-3"), sp("art-24/par-unico/item-2/ali-a")), nome="Departamento de Estradas de Rodagem — o órgão que o Decreto 29.912/1989 nomeia"),
    "ac": _regulator("ac", (
        N_("A AGEAC aprecia as reclamações dos usuários."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (ac("art-68/par-unico/inc-1"),)),
    "recife": _regulator("recife", (
        N_("Leve ao Poder Público Municipal as irregularidades que presenciar."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (recife("art-27"), recife("art-15/inc-4")), nome="Prefeitura do Recife — fiscalização do STCP/Recife"),
}


@dataclass
class Enquadramento:
    ocorrencia: str
    descricao: str  # Portuguese template
    gravidade: str | None  # as the law names it: "gravíssima", "Grupo 4", "400% do MVR" …
    citations: list[Cite]
    multa: dict | None = None  # {"valor", "unidade", "valor_brl"}
    params: dict = field(default_factory=dict)
    # What the law leaves open or writes two ways: shown, never silently resolved.
    ressalvas: list[str] = field(default_factory=list)
    penalidade: str | None = None  # when it is not a fine: "advertência por escrito"


# Where each law says when it took effect.
IN_FORCE_CITES = {"pe": pe("art-48", previous=True), "sp": sp("decreto/art-2"), "ac": ac("art-100"), "recife": recife("art-50")}


def _pe_fine(level: str, on: date) -> dict:
    value = param(f"pe.multa.{level}", on)
    return {"valor": value.value, "unidade": "BRL", "valor_brl": value.value, "cite": as_of(value.cite, on)}


def _sp_fine(group: int, on: date, per_passenger: bool = False) -> dict:
    value = param(f"sp.multa.grupo{group}", on)
    return {"valor": value.value, "unidade": "MVR_PCT", "valor_brl": None, "cite": value.cite.at(on), "por_passageiro": per_passenger}


def _ac_fine(inciso: int, on: date, per_passenger: bool = False) -> dict:
    value = param(f"ac.multa.inc{inciso}", on)
    return {"valor": value.value, "unidade": "UFIRAC", "valor_brl": None, "cite": value.cite.at(on), "por_passageiro": per_passenger}


def _recife_fine(pid: str, on: date) -> dict:
    """Vm = G × Vb (art. 36): ``pid`` is the group's multiplier G (or art. 45's 40)."""
    vb, multiple = param("recife.vb", on), param(pid, on)
    return {"valor": multiple.value, "unidade": "VB", "valor_brl": vb.value * multiple.value, "cite": vb.cite, "cite_multiplo": multiple.cite}


# Art. 36, § 1º: the Vb of the law's text is corrected by each fare adjustment, and the
# corrected value is set outside the law.  An amount in R$ from the text's Vb is a
# reference, never "the fine" (independent review: a 2010 fine was stated as R$ 2.000,00).
RECIFE_VB_CORRECTED = N_(
    "O valor em reais usa o Vb escrito na lei; a lei manda corrigi-lo pelo percentual de reajuste tarifário do STCP/Recife, "
    "e o valor corrigido na data da infração não está na lei: a multa é o número de Vb indicado, pelo Vb em vigor naquela data."
)

NO_SPECIFIC = N_("A lei deste lugar não descreve uma infração específica para isto; a equipe do órgão avalia o enquadramento.")

# Pernambuco, Anexo I in force from 13/11/2020 (Lei 17.107/2020): occurrence → (gravity, level, units, description).
PE_ANEXO_2020 = {
    "venda_passagem_individual": ("gravíssima", "gravissima", ["anexo-i/inc-4/ali-f", "art-34/inc-1"], N_("Realizar vendas e emissões de passagens individuais.")),
    "passageiros_em_pe": ("grave", "grave", ["anexo-i/inc-3/ali-e", "art-34/inc-7"], N_("Transportar passageiro em pé ou acima da capacidade do veículo.")),
    "terminal_rodoviario": ("grave", "grave", ["anexo-i/inc-3/ali-b", "art-34/inc-2"], N_("Utilização de terminais rodoviários nos pontos extremos e no percurso da viagem.")),
    "passageiro_fora_da_lista": ("moderada", "moderada", ["anexo-i/inc-2/ali-f"], N_("Transportar passageiros que não estejam na lista de identificação.")),
    "veiculo_inseguro": ("gravíssima", "gravissima", ["anexo-i/inc-4/ali-h"], N_("Utilizar veículo em condições deficientes, com risco comprovado de segurança.")),
    "porta_aberta": ("gravíssima", "gravissima", ["anexo-i/inc-4/ali-c"], N_("Dar partida durante o embarque e desembarque ou transitar com a porta aberta.")),
    "sem_autorizacao": ("gravíssima", "gravissima", ["anexo-i/inc-4/ali-b", "art-4"], N_("Realizar o serviço de fretamento sem o CRC ou com ele vencido.")),
    "equipamento_obrigatorio": ("moderada", "moderada", ["anexo-i/inc-2/ali-c"], N_("Utilizar em serviço veículo sem os equipamentos obrigatórios exigidos pelo Código de Trânsito Brasileiro (como o cinto de segurança).")),
}
# The previous Anexo I (22/02/2018 to 12/11/2020), from the statute's "Nota: Redação Anterior".
# Its alíneas are cited as units of the previous wording (several no longer exist).
PE_ANEXO_2018 = {
    "venda_passagem_individual": ("grave", "grave", ["anexo-i/inc-3/ali-f", "art-34/inc-1"], N_("Práticas de vendas e emissões de passagens individuais.")),
    "passageiros_em_pe": ("moderada", "moderada", ["anexo-i/inc-2/ali-a", "art-34/inc-7"], N_("Transportar passageiro em pé.")),
    "terminal_rodoviario": ("grave", "grave", ["anexo-i/inc-3/ali-b", "art-34/inc-2"], N_("Utilização de terminais rodoviários nos pontos extremos e no percurso da viagem.")),
    "passageiro_fora_da_lista": ("moderada", "moderada", ["anexo-i/inc-2/ali-h"], N_("Transportar passageiros que não estejam na lista de identificação.")),
    "veiculo_inseguro": ("grave", "grave", ["anexo-i/inc-3/ali-c"], N_("Utilizar veículo em condições deficientes, com risco comprovado de segurança.")),
    "porta_aberta": ("leve", "leve", ["anexo-i/inc-1/ali-b"], N_("Dar partida durante o embarque e desembarque ou transitar com a porta aberta.")),
    "sem_autorizacao": ("gravíssima", "gravissima", ["anexo-i/inc-4/ali-c", "art-4"], N_("Realizar o serviço de fretamento sem o CRC ou com ele vencido.")),
    "equipamento_obrigatorio": ("moderada", "moderada", ["anexo-i/inc-2/ali-e"], N_("Utilizar em serviço veículo sem os equipamentos obrigatórios exigidos pelo Código de Trânsito Brasileiro (como o cinto de segurança).")),
}
PE_GRAVE_WORDS = N_(
    "A redação anterior do art. 28, III escreve “R$ 900,00 (novecentos mil reais)”: o número e o valor por extenso divergem. "
    "O portal mostra R$ 900,00, o número que a Lei 17.107/2020 manteve ao corrigir o extenso; a divergência pode ser discutida na defesa."
)


def _pe(occurrence: str, on: date) -> Enquadramento:
    old = on < LEI_17107
    gravidade, level, units, text = (PE_ANEXO_2018 if old else PE_ANEXO_2020)[occurrence]
    fine = _pe_fine(level, on)
    cites = [pe(u, on, previous=True) if old and u.startswith("anexo-i") else as_of(pe(u), on) for u in units]
    notes = [PE_GRAVE_WORDS] if old and level == "grave" else []
    return Enquadramento(occurrence, text, gravidade, cites + [fine.pop("cite")], fine, ressalvas=notes)


def _sp(occurrence: str, on: date) -> Enquadramento:
    table = {
        "venda_passagem_individual": (3, ["art-37/inc-3/ali-f", "art-4"], N_("Cobrança indevida, a qualquer título: o fretamento não tem cobrança individual de passagem."), False),
        "passageiros_em_pe": (2, ["art-37/inc-2/ali-c", "art-10"], N_("Transporte acima da lotação autorizada, multa por passageiro em excesso; é proibido viajar em pé."), True),
        "passageiro_fora_da_lista": (4, ["art-37/inc-4/ali-h", "art-7"], N_("Fretamento contínuo em desconformidade com o art. 7º (usuários sem vínculo com a contratante)."), False),
        "veiculo_inseguro": (5, ["art-37/inc-5/ali-n", "art-39"], N_("Veículo em operação sem condições de perfeita segurança (sujeito a retenção)."), False),
        "porta_aberta": (5, ["art-37/inc-5/ali-m"], N_("Motorista dirigindo de modo a pôr em risco a segurança dos passageiros."), False),
        "sem_autorizacao": (5, ["art-37/inc-5/ali-a", "art-40"], N_("Executar serviço de transporte coletivo sem autorização formal (sujeito a apreensão)."), False),
        "equipamento_obrigatorio": (5, ["art-37/inc-5/ali-h"], N_("Falta ou defeito em equipamento obrigatório (como o cinto de segurança)."), False),
    }
    if occurrence not in table:
        return Enquadramento(occurrence, NO_SPECIFIC, None, [sp("art-5", on)])
    group, units, text, per_passenger = table[occurrence]
    fine = _sp_fine(group, on, per_passenger)
    notes = [SP_READINGS[occurrence]] if occurrence in SP_READINGS else []
    extra = [sp("art-37/par-unico", on)] if notes else []
    return Enquadramento(occurrence, text, N_("%(pct)s%% do MVR"), [sp(u, on) for u in units] + [fine.pop("cite")] + extra, fine, {"pct": fine["valor"]}, ressalvas=notes)


# Where the Regulamento has no item of its own for the occurrence, the portal's reading
# is shown together with the other one the text allows (independent review, X2 and X3).
SP_READINGS = {
    "venda_passagem_individual": N_(
        "O Regulamento não tem item próprio para a venda de passagem individual: o portal a lê como cobrança indevida (art. 37, III, f). "
        "Outra leitura possível é a multa geral do art. 37, parágrafo único, para infrações sem penalidade prevista; quem decide é o DER."
    ),
    "passageiros_em_pe": N_(
        "O art. 10 proíbe passageiros em pé, mas não fixa penalidade própria: a multa por passageiro do art. 37, II, c vale quando há passageiros "
        "acima da lotação autorizada. Sem excesso sobre a lotação, a leitura possível é a multa geral do art. 37, parágrafo único; quem decide é o DER."
    ),
}


def _ac(occurrence: str, on: date) -> Enquadramento:
    e = Enquadramento
    if occurrence == "sem_autorizacao":
        value = param("ac.multa.clandestino", on)
        fine = {"valor": value.value, "unidade": "UFIRAC", "valor_brl": None, "por_passageiro": False}
        return e(occurrence, N_("Transporte clandestino: sem concessão, permissão ou autorização (multa dobrada na reincidência; apreensão do veículo)."), N_("multa e apreensão"), [ac("art-84", on), ac("art-88/inc-1", on), ac("art-88/inc-2", on), ac("art-88/par-1", on)], fine)
    if occurrence == "passageiros_em_pe":
        fine = _ac_fine(2, on, per_passenger=True)
        fine.pop("cite")
        return e(occurrence, N_("No fretamento só se transportam passageiros sentados; transportar excedentes é multado por passageiro."), N_("multa (art. 75, II)"), [ac("art-62/par-5", on), ac("art-75/inc-2/ali-e", on), ac("art-75/inc-2", on)], fine)
    if occurrence == "porta_aberta":
        fine = _ac_fine(4, on)
        fine.pop("cite")
        return e(occurrence, N_("Colocar ou manter o veículo em movimento com as portas abertas."), N_("multa (art. 75, IV)"), [ac("art-75/inc-4/ali-r", on), ac("art-75/inc-4", on)], fine)
    if occurrence == "veiculo_inseguro":
        fine = _ac_fine(4, on)
        fine.pop("cite")
        return e(occurrence, N_("Usar o veículo quando há indícios de defeitos mecânicos que possam pôr em risco a segurança dos usuários: multa e retenção imediata do veículo."), N_("multa (art. 75, IV) e retenção"), [ac("art-75/inc-4/ali-h", on), ac("art-75/inc-4", on), ac("art-77/inc-1", on), ac("art-77/par-1", on)], fine)
    if occurrence in ("venda_passagem_individual", "terminal_rodoviario"):
        inciso = "inc-1" if occurrence == "venda_passagem_individual" else "inc-4"
        return e(occurrence, N_("Vedado no fretamento; sem multa específica, cabe advertência por escrito."), N_("advertência"), [ac("art-86", on), ac(f"art-85/par-unico/{inciso}", on), ac("art-73/par-1", on)], penalidade=N_("advertência por escrito"))
    return e(occurrence, NO_SPECIFIC, None, [ac("art-73/par-1", on)])


def _recife(occurrence: str, on: date) -> Enquadramento:
    e = Enquadramento
    if occurrence == "venda_passagem_individual":
        # Finding 4: in the STCP the passenger pays the fare; only unauthorised tickets are an infraction.
        return e(
            occurrence,
            N_("No transporte complementar do Recife o passageiro paga a tarifa do STCP/Recife: cobrar a passagem não é infração. É infração (Grupo 4) comercializar bilhete de passagem não autorizado pelo Poder Público Municipal ou desrespeitar o valor da tarifa em vigor."),
            None,
            [recife("art-15/inc-3", on), recife("art-13/inc-44", on), recife("anexo-unico/grupo-4/ali-m", on), recife("anexo-unico/grupo-4/ali-o", on)],
        )
    if occurrence == "passageiros_em_pe":
        # Finding 12: Grupo 1 is a written warning; the fine comes only on a repeat within 6 months.
        # Finding 17: art. 16, I (12 to 20 seated) governed only the first 3 years of operation; art. 17, I since.
        meses = param("recife.reincidencia.meses", on)
        return e(
            occurrence,
            N_("Permitir transporte que comprometa a segurança ou o conforto dos usuários (Grupo 1): a penalidade é advertência por escrito; só a reincidência em %(meses)d meses leva à multa (1 × Vb). A lotação é a fixada pelo Poder Público Municipal (art. 17, I); a regra de 12 a 20 pessoas acomodadas em assento do art. 16, I valeu nos 3 primeiros anos de operação do STCP/Recife."),
            N_("Grupo 1"),
            [recife("anexo-unico/grupo-1/ali-j", on), recife("art-33/inc-1", on), meses.cite.at(on), recife("art-17/inc-1", on)],
            params={"meses": meses.value},
            penalidade=N_("advertência por escrito"),
        )
    table = {
        "sem_autorizacao": ("recife.multa.clandestino.vb", [recife("art-44", on), recife("art-45", on)], N_("Transporte remunerado sem autorização, permissão ou concessão: apreensão do veículo e multa de %(vezes)d Vb."), N_("apreensão e multa")),
        "porta_aberta": ("recife.multa.grupo2.g", [recife("anexo-unico/grupo-2/ali-n", on)], N_("Movimentar o veículo com as portas abertas."), N_("Grupo 2")),
        "veiculo_inseguro": ("recife.multa.grupo3.g", [recife("anexo-unico/grupo-3/ali-p", on)], N_("Operar com o veículo em más condições de uso, comprometendo a segurança dos usuários."), N_("Grupo 3")),
        "equipamento_obrigatorio": ("recife.multa.grupo3.g", [recife("anexo-unico/grupo-3/ali-l", on)], N_("Ausência de equipamentos obrigatórios no veículo (como o cinto de segurança) ou equipamentos em más condições de uso."), N_("Grupo 3")),
    }
    if occurrence not in table:
        return e(occurrence, NO_SPECIFIC, None, [recife("art-31", on)])
    pid, cites, text, gravidade = table[occurrence]
    fine = _recife_fine(pid, on)
    return e(occurrence, text, gravidade, cites + [fine.pop("cite"), fine.pop("cite_multiplo"), recife("art-36", on), recife("art-36/par-1", on), recife("art-33/inc-2", on)], fine,
             params={"vezes": fine["valor"]}, ressalvas=[RECIFE_VB_CORRECTED])


HANDLERS = {"pe": _pe, "sp": _sp, "ac": _ac, "recife": _recife}


def classify(occurrence: str, jurisdiction: str, on: date) -> Enquadramento:
    """The infraction an occurrence matches in the law of ``jurisdiction``, on the date of the facts.

    Raises NotInForce when the law did not apply yet on that date, ValueError for an
    unknown or missing place (the caller must ask the place, never assume one).
    """
    if jurisdiction not in HANDLERS:
        raise ValueError(f"unknown place: {jurisdiction!r}")
    if on < PLACES[jurisdiction].in_force:
        raise NotInForce(f"{jurisdiction}: lei em vigor desde {PLACES[jurisdiction].in_force.isoformat()}")
    if occurrence == "outro":
        return Enquadramento(occurrence, N_("A equipe do órgão avalia o enquadramento a partir do seu relato."), None, [])
    return HANDLERS[jurisdiction](occurrence, on)


def classify_everywhere(occurrence: str, on: date) -> dict[str, Enquadramento | None]:
    """Each place's answer, for an occurrence whose place is unknown (None: the law was not in force yet)."""
    out: dict[str, Enquadramento | None] = {}
    for place in JURISDICTIONS:
        try:
            out[place] = classify(occurrence, place, on)
        except NotInForce:
            out[place] = None
    return out


# -- a row of the catalogue (knowledge/infractions.py), as the reader of stories classified it --------

PE_GRAVITY_NAMES = {"leve": N_("leve"), "moderada": N_("moderada"), "grave": N_("grave"), "gravissima": N_("gravíssima")}
RECIFE_GROUP = N_("Grupo %(grupo)s")
RECIFE_GROUP_1_WARNING = N_("Grupo 1: a primeira infração leva a advertência por escrito; a multa vem na reincidência.")
MEASURES = {"apreensao": N_("apreensão do veículo")}


def classify_row(row, on: date) -> Enquadramento:
    """The :class:`Enquadramento` of a catalogue row on the date of the facts: the row's own words, its
    gravity or group as its law names it, its fine in the law's unit and the units that fix it."""
    fine = row.fine(on)
    cites = [row.cite(on)] + [c for c in row.fine_cites(on) if c != row.cite(on)]
    notes, gravidade, penalidade, params = [], None, None, {}
    if row.place == "pe" and row.gravity:
        gravidade = PE_GRAVITY_NAMES[row.gravity]
        if row.previous and row.gravity == "grave":
            notes.append(PE_GRAVE_WORDS)
    elif row.place == "recife":
        if row.gravity:
            gravidade, params = RECIFE_GROUP, {"grupo": row.gravity}
        if row.advertencia_first:
            penalidade = N_("advertência por escrito")
            notes.append(RECIFE_GROUP_1_WARNING)
            cites.append(recife("art-33/inc-1", on))
        notes.append(RECIFE_VB_CORRECTED)
    if row.measure:
        penalidade = MEASURES[row.measure]
    multa = {"valor": fine["valor"], "unidade": fine["unidade"], "valor_brl": fine.get("valor_brl"), "por_passageiro": False} if fine else None
    text = row.text[:1].upper() + row.text[1:] + "."
    return Enquadramento(f"linha:{row.key}", text, gravidade, cites, multa, params, ressalvas=notes, penalidade=penalidade)
